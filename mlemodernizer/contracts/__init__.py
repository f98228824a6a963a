"""What every face shares: the typed events and their schema, the options (declared once),
the errors, path confinement under a root, and notebook I/O (loading, atomic writes, cell
text). Nothing here imports the loop, the fixers or an executor."""
