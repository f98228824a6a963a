"""What the tool learns about, and may do to, the kernel's environment: the installed
distributions, what a module offers (the grounding probe, run in the kernel), the notebook's own
local modules and the overlay that serves their changed versions, the kernel's language, and a
missing package installed with the user's consent. Facts, never code rewrites."""
