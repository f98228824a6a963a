"""What the tool runs inside the user's kernel (or a fresh interpreter of its environment): the
probes that read what the installed libraries say about themselves after a run (grounding facts
for the model, the environment family's answers), the prelude they share, and the packages
check. Kernel-side files are sent as source, never imported to run; ``code.py`` builds what is
sent."""
