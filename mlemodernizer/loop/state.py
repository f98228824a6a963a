"""What one run of the loop keeps between its steps (``LoopState``), the runs it compares
(``Run``) and what it hands back (``JobResult``). Data only: the steps are in the modules beside."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nbformat import NotebookNode

from ..contracts.shapes import IterationRecord, Report, RunSummary
from ..environment.signatures import SignatureBook
from ..execution.base import ExecutionResult
from ..fixers.base import Attempt, CellChange, FixType, TokenUsage
from ..fixers.budget import Budget
from ..scoring.randomness import Randomness
from .deadline import Deadline
from .judgement import RunState
from .module_overlay import ModuleEdits
from .triage import FixEnd

ISSUE_TO_FIX = {
    "timeout": FixType.RUNTIME_REDUCTION,
    "error": FixType.ERROR_REPAIR,
    "score_deviation": FixType.SCORE_CALIBRATION,
}


@dataclass
class JobResult:
    notebook: NotebookNode  # the modernized notebook, with the final run's outputs
    report: Report
    # accepted changes to the notebook's own .py files (written with the result, --modules apply)
    modules: ModuleEdits | None = None
    # the folder the final run executed in (a scratch copy of the notebook's folder): what the
    # runs wrote is taken from there before the executor removes it
    workdir: Path | None = None


@dataclass
class Run:
    result: ExecutionResult
    score: float | None
    summary: RunSummary
    state: RunState  # per cell, for judging progress


# the best state seen: its run, its notebook, its module overlay
Best = tuple[Run, NotebookNode, dict[str, str]]
# a fix kept for one more iteration although its run was worse: (fix id, changes, its record)
Probation = tuple[str, list[CellChange], IterationRecord]


@dataclass
class LoopState:
    """What one :meth:`Modernizer.run` keeps between its steps. The Modernizer holds only its
    configuration, so nothing of one run leaks into the next."""

    path: Path
    workdir: Path
    original: NotebookNode
    current: NotebookNode  # the notebook with every change kept so far
    target: float | None
    modules: ModuleEdits  # the notebook's own modules, with the changes kept so far
    budget: Budget
    notices: list[str]  # the caller's, before the module notices
    usage: TokenUsage = field(default_factory=TokenUsage)  # what this run's fixers spent
    exec_seconds: float = 0.0
    # where the runs' time went, by kind of run (baseline, iteration, second-look, ...)
    run_seconds: dict[str, float] = field(default_factory=dict)
    module_notices: list[str] = field(default_factory=list)
    install_tried: set[str] = field(default_factory=set)  # --install-missing: each package once
    installed: list[str] = field(default_factory=list)  # --install-missing: what pip installed
    modules_told: set[Path] = field(default_factory=set)
    baseline_state: RunState | None = None
    # (cell id, source) the user rejected or a rollback undid: never proposed again
    refused: set[tuple[str, str]] = field(default_factory=set)
    # per failing cell: how each fix aimed at it ended (triage gives up after a few)
    cell_attempts: dict[str, list[str]] = field(default_factory=dict)
    # per failing cell: the last rule or environment fix for its error that was not kept
    undone: dict[str, FixEnd] = field(default_factory=dict)
    records: list[IterationRecord] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)  # the earlier fixes, for the prompts
    rejections: list[str] = field(default_factory=list)  # refused changes, in words
    provenance: list[dict] = field(default_factory=list)  # the kept fixes, for the metadata
    index: int = 0  # the last fix's number
    stop_reason: str = "reproducible"
    deadline: Deadline = field(default_factory=lambda: Deadline(None))
    # why the next run must start in a fresh kernel ("": it may resume in the kept one)
    fresh_kernel_next: str = ""
    # which cells are random (read from the code, measured by runs): their numbers are no
    # evidence of what a fix changed; the signatures the reading asks the environment for
    randomness: Randomness = field(default_factory=Randomness)
    signatures: SignatureBook | None = None
    probation: Probation | None = None
    # set by the baseline run
    run: Run = field(init=False)  # the last run that counts
    baseline: RunSummary = field(init=False)
    best: Best = field(init=False)
