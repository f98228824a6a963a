"""The fixer contract: given what the last run showed, propose a per-cell change set (and what
the loop reads of a family besides: :class:`Fixer`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from nbformat import NotebookNode

from ..contracts.shapes import CellChange as CellChange
from ..contracts.shapes import FixerNotes as FixerNotes
from ..contracts.shapes import TokenUsage as TokenUsage
from ..execution.base import CellError, ExecutionResult


class FixType(StrEnum):
    ERROR_REPAIR = "error_repair"
    RUNTIME_REDUCTION = "runtime_reduction"
    SCORE_CALIBRATION = "score_calibration"


@dataclass
class FixProposal:
    fix_type: FixType
    source: str  # "rule" | "environment" | "llm"
    plan: str
    changes: list[CellChange]
    rule_ids: list[str] = field(default_factory=list)
    # cell id -> the rules that changed that cell (a rules proposal; the triage names them)
    cell_rules: dict[str, list[str]] = field(default_factory=dict)
    model: str | None = None
    usage: TokenUsage = field(default_factory=TokenUsage)
    # cell id -> the error ("ename: message") the change to that cell aims at: the loop keeps
    # such a change only when that error is gone (the environment family's candidates)
    targets: dict[str, str] = field(default_factory=dict)
    # target cell id -> the ids of the cells changed for it (default: that cell alone)
    groups: dict[str, list[str]] = field(default_factory=dict)
    # targets whose change is kept only when the cell then runs clean (a name chosen by
    # spelling alone), not merely when its error moves on
    require_clean: list[str] = field(default_factory=list)
    # target cell id -> (the library function that refused an argument, the method of the form
    # the change gave it): kept only when the cell's error comes neither from that function
    # nor from the argument lacking that method
    refused_by: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass
class Attempt:
    """One earlier iteration, as later prompts are told about it."""

    index: int
    fix_type: str
    source: str
    plan: str
    cells_changed: list[int]
    result_summary: str  # e.g. "2 errors; first: NameError ...", "score 0.81 (target 0.94)"
    files_changed: list[str] = field(default_factory=list)  # the notebook's own modules


@dataclass
class FixContext:
    fix_type: FixType
    notebook: NotebookNode  # current version (what was just executed)
    original: NotebookNode
    result: ExecutionResult  # the last run of `notebook`
    timeout_s: float
    target_score: float | None = None
    current_score: float | None = None
    higher_is_better: bool = True
    tolerance: float = 0.10
    attempts: list[Attempt] = field(default_factory=list)
    rejections: list[str] = field(default_factory=list)  # user's rejected cells, in words
    versions: dict[str, str] = field(default_factory=dict)  # installed package versions
    stream: Callable[[str], None] | None = None  # called with each LLM token chunk
    cancel: threading.Event = field(default_factory=threading.Event)
    # the notebook's own .py modules the errors were raised in (--modules apply): path relative
    # to the notebook's folder -> its current source. A fixer may propose a CellChange with
    # ``path`` set (cell_index -1, cell_id "file:PATH") for these files and no others.
    modules: dict[str, str] = field(default_factory=dict)
    # failing cells a fixer must leave alone, and why (a missing package, a helper file not to
    # be changed, a cell given up on, knock-on errors); in the prompt's cell numbers
    blocked: list[str] = field(default_factory=list)
    # the folder of the notebook's own modules (its folder, or the scratch copy it ran in): a
    # fixer reads the helpers there, never writes
    folder: Path | None = None
    # what the environment family found (names and where they are, docstring notes), with how
    # its tries ended: the LLM's prompt is told, so it starts from the environment's evidence
    evidence: list[str] = field(default_factory=list)
    # score calibration: the first cell up to the score's whose output drifted from the author's
    # (0-based), and what moved there, in words; where to look for the changed behaviour
    drift_cell: int | None = None
    drift: str | None = None
    # (cell id, new source) the user rejected or a rollback undid: never proposed again
    refused: frozenset[tuple[str, str]] = frozenset()
    # the job's deadline (time.monotonic()), None: none; a fixer's requests do not outlast it
    deadline_at: float | None = None


class BudgetExceeded(Exception):
    """The token or cost budget is spent; the loop stops with what it has."""


class Fixer:
    """A fixer family as the loop sees it (issue 41: the contract, read without ``getattr``).

    ``propose`` is what every family writes; the rest has defaults for a family with nothing
    more to say: why its last ``propose`` gave nothing, what it spent, how the loop's run judged
    its changes, and its notes (what it spent in the job, what it found for the families asked
    after it, and what the report lists: ``Report.fixers[name]``).
    """

    name: str = ""
    # asking again after the loop refused a change (it repeated one refused before) may give
    # another answer: a model's does, a rule's would be the same
    reasks: bool = False
    # the job's budget where the family charges it per request itself (the loop does not)
    budget: Any = None
    # why the last propose() gave nothing (written to the model, for the LLM), and in words
    last_failure: str | None = None
    last_summary: str | None = None
    # what the last propose() spent, also when it gave nothing or raised; None: its proposal's
    last_usage: TokenUsage | None = None

    def propose(self, ctx: FixContext) -> FixProposal | None:
        """Return a change set, or None when this fixer has nothing for the context."""
        raise NotImplementedError

    def judged(self, outcomes: dict[str, tuple[str, str]]) -> None:
        """How the loop's run ended this family's last proposal, per target cell id:
        (outcome, why)."""

    def refused_as_repeat(self) -> None:
        """The loop refused the last proposal: it repeated a change refused before."""

    def answers(self, errors: list[CellError]) -> bool:
        """Whether the family has an answer of its own for these errors (a rule they trigger)."""
        return False

    def notes(self) -> FixerNotes:
        """What the family spent, found and tried so far in the job: the report's
        ``fixers[name]``, and its evidence for the prompt of a family asked after it."""
        return FixerNotes()
