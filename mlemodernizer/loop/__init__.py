"""The modernization loop and what it alone uses: the loop (``modernizer``) composed of its
steps (``steps/``) over the job's configuration (``context``) and a run's state (``state``), the
review gate (``gate``), the cell-by-cell judgement (``judgement``), the triage of failing cells
(``triage``), where a run may resume (``resume``), the deadline (``deadline``) and the report
(``report``). The job that assembles a loop is above it, in ``mlemodernizer.jobs``.

The names below are the loop's public face, for code that embeds the engine."""

from .context import LoopContext
from .gate import AutoReview, DecisionCallback, ReviewGate
from .modernizer import Modernizer
from .state import JobResult
from .steps.apply import rule_notes
from .steps.verdict import nothing_to_modernize

__all__ = [
    "AutoReview",
    "DecisionCallback",
    "JobResult",
    "LoopContext",
    "Modernizer",
    "ReviewGate",
    "nothing_to_modernize",
    "rule_notes",
]
