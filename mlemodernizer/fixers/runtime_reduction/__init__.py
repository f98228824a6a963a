"""Runtime reduction from the run itself (``--runtime-budget``): shorter training for a notebook
that ran out of time, proposed for review."""

from .reducer import RuntimeReducer

__all__ = ["RuntimeReducer"]
