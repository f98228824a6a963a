"""The loop's steps, one class each over the job's :class:`..context.LoopContext` and a run's
:class:`..state.LoopState`: run the notebook (``execute``), classify the run (``classify``), ask
for a fix (``propose``), the review gate and applying what it accepted (``apply``), judge the
fix's run and settle the end (``judge``), and the verdict (``verdict``). The ``Modernizer``
composes them; each can be driven alone with a fake executor."""

from .apply import ApplyReviewed
from .classify import Classify
from .execute import Execute
from .judge import Judge
from .propose import Propose
from .verdict import Verdict

__all__ = ["ApplyReviewed", "Classify", "Execute", "Judge", "Propose", "Verdict"]
