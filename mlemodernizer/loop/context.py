"""What every step of one loop reads and never changes: the job's configuration (options, the
executor, the fixers in order, where events go, the score source, the review gate), assembled
once by the job (``jobs.prepare_job``). A run's changing state is a :class:`.state.LoopState`."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from nbformat import NotebookNode

from ..contracts.events import Emitter
from ..contracts.options import Options
from ..environment.local_modules import ModulePatcher
from ..execution.base import CellError, Executor
from ..fixers.base import Fixer, FixProposal
from ..fixers.budget import Budget
from ..scoring.score import ScoreSource
from .gate import AutoReview, ReviewGate

# the loop's probe: (the run's errors, the notebook that ran, its own modules as the kernel
# imports them: rel path -> source) -> code for the live kernel
LoopProbe = Callable[[list[CellError], NotebookNode, dict[str, str]], str | None]


@dataclass
class LoopContext:
    options: Options
    executor: Executor
    fixers: list[Fixer]
    emitter: Emitter
    score_source: ScoreSource | None = None
    gate: ReviewGate = field(default_factory=AutoReview)
    cancel: threading.Event = field(default_factory=threading.Event)
    probe: LoopProbe | None = None
    versions: dict[str, str] = field(default_factory=dict)
    # static SAFE rules before the first run (--prepass)
    prepass: Callable[[NotebookNode], FixProposal | None] | None = None
    # what the rules would change in a local .py module an error is raised in
    module_patch: ModulePatcher | None = None
    # the job's budget, shared with the LLM fixer; None: one from the options for each run
    budget: Budget | None = None
    # when the job began (``time.monotonic()``, before its checks, the executor's start and
    # the installed versions' probe): the deadline counts that time too; None: at the loop
    started: float | None = None

    @property
    def higher_is_better(self) -> bool:
        return self.score_source.higher_is_better if self.score_source else True
