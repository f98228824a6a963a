"""The environment family: API drift repaired from what the installed libraries say about
themselves (where a name lives now, signatures, docstring notes, the fix an error states),
offline, for any library. See ``fixer.py``; ``kernel/drift_probe.py`` runs in the kernel."""

from .fixer import EnvironmentFixer

__all__ = ["EnvironmentFixer"]
