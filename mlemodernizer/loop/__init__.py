"""The modernization loop and what it alone uses: the job that assembles it (``jobs``), the
loop and its steps (``modernizer``, ``execute``, ``proposing``, ``review``, ``judging``,
``verdict``, ``state``), the cell-by-cell judgement (``progress``), the triage of failing cells
(``triage``), where a run may resume (``resume``), the job's budget (``budget``) and its report
(``report``).

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
