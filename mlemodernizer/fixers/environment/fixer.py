"""The environment fixer: repairs API drift from what the installed libraries say about
themselves, offline and for any library, a team's own included.

After a run with errors the kernel answers the family's questions (``probe.py``); ``propose``
turns each failing cell's drift and that answer into candidates (``candidates.py``) and offers
the best untried one per cell. The loop runs it (resuming from the cell) and keeps a change only
when its cell's error is gone and nothing got worse; it tells the fixer how each ended
(:meth:`EnvironmentFixer.judged`), and the next proposal tries the next candidate. Every
candidate tried is logged with why it was kept or dropped (:attr:`EnvironmentFixer.trials`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat import NotebookNode

from ...execution.base import CellError
from ..base import CellChange, FixContext, FixProposal, FixType
from .candidates import REVIEW, Candidate, candidates
from .drift import Drift
from .probe import answer_for, answers_of, build_drift_probe, drifts_of

# candidates tried per failing cell and error before the family gives that error up (the
# loop's iteration cap bounds the whole job; this keeps one stubborn error from taking it all)
MAX_TRIES_PER_ERROR = 3
SOURCE = "environment"


@dataclass
class Trial:
    """One candidate offered for one failing cell, and how the loop's run ended it."""

    cell_index: int
    cell_id: str
    error: str
    kind: str
    evidence: str
    safety: str
    key: str
    cells_changed: list[int] = field(default_factory=list)
    outcome: str = "pending"  # kept | dropped | rolled back | rejected
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "cell_index": self.cell_index,
            "error": self.error,
            "kind": self.kind,
            "evidence": self.evidence,
            "safety": self.safety,
            "cells_changed": self.cells_changed,
            "outcome": self.outcome,
            "why": self.why,
        }


class EnvironmentFixer:
    """The third fixer family: the installed environment's own evidence."""

    name = SOURCE

    def __init__(self, cache: Path | None = None) -> None:
        self.cache = cache
        self.trials: list[Trial] = []
        self.single = False  # after a rollback of several cells' changes: one cell at a time
        self._pending: list[Trial] = []
        self.last_failure: str | None = None

    # the loop's probe: (errors, the notebook that ran) -> code for the live kernel
    def probe(self, errors: list[CellError], nb: NotebookNode) -> str | None:
        return build_drift_probe(errors, nb, cache=self.cache)

    def propose(self, ctx: FixContext) -> FixProposal | None:
        if ctx.fix_type != FixType.ERROR_REPAIR:
            return None
        nb = ctx.notebook
        work = _sources_only(nb)
        answers = answers_of(ctx.result.facts)
        chosen: list[tuple[Drift, Candidate, dict[int, str]]] = []
        touched: set[int] = set()
        for drift in drifts_of(ctx.result.errors, nb):
            pick = self._next_candidate(drift, answer_for(drift, answers), work, touched)
            if pick is None:
                continue
            candidate, sources = pick
            for index, source in sources.items():
                work.cells[index].source = source
            touched.update(sources)
            chosen.append((drift, candidate, sources))
            if self.single:
                break
        if not chosen:
            self.last_failure = None
            return None
        changes = [
            CellChange(
                cell_index=i,
                cell_id=nb.cells[i].get("id", str(i)),
                old_source=nb.cells[i].source,
                new_source=work.cells[i].source,
            )
            for i in sorted(touched)
            if work.cells[i].source != nb.cells[i].source
        ]
        self._pending = []
        for drift, candidate, sources in chosen:
            trial = Trial(
                cell_index=drift.cell_index,
                cell_id=drift.cell_id,
                error=drift.error,
                kind=candidate.kind,
                evidence=candidate.evidence,
                safety=candidate.safety,
                key=candidate.key,
                cells_changed=sorted(sources),
            )
            self.trials.append(trial)
            self._pending.append(trial)
        return FixProposal(
            fix_type=FixType.ERROR_REPAIR,
            source=SOURCE,
            plan=_plan(chosen),
            changes=changes,
            targets={d.cell_id: d.error for d, _, _ in chosen},
            groups={
                d.cell_id: [nb.cells[i].get("id", str(i)) for i in sorted(sources)]
                for d, _, sources in chosen
            },
        )

    def judged(self, outcomes: dict[str, tuple[str, str]]) -> None:
        """How the loop's run ended the last proposal, per target cell id: (outcome, why)."""
        rolled_back = False
        for trial in self._pending:
            outcome, why = outcomes.get(trial.cell_id, ("rejected", "not applied"))
            trial.outcome, trial.why = outcome, why
            rolled_back = rolled_back or outcome == "rolled back"
        if rolled_back and len(self._pending) > 1:
            # one of several cells' changes broke something: find which, one cell at a time
            for trial in self._pending:
                if trial.outcome == "rolled back":
                    trial.why += " (tried again alone)"
                    self.trials.remove(trial)
            self.single = True
        elif not rolled_back:
            self.single = False
        self._pending = []

    def evidence(self) -> list[str]:
        """What the family found, for the LLM's prompt when it is asked after the family."""
        return [
            f"cell {t.cell_index + 1}: {t.evidence} ({t.outcome}: {t.why})" for t in self.trials
        ]

    def _next_candidate(
        self, drift: Drift, answer: dict | None, work: NotebookNode, touched: set[int]
    ) -> tuple[Candidate, dict[int, str]] | None:
        tried = [t for t in self.trials if t.cell_id == drift.cell_id and t.error == drift.error]
        if len(tried) >= MAX_TRIES_PER_ERROR:
            return None
        keys = {t.key for t in tried}
        for candidate in candidates(drift, answer, work):
            if candidate.key in keys:
                continue
            sources = candidate.edit.apply(work, drift.cell_index)
            if not sources or touched & set(sources):
                continue  # changes nothing, or a cell another repair of this round changes
            return candidate, sources
        return None


def _sources_only(nb: NotebookNode) -> NotebookNode:
    """A light copy of the notebook: the cells' types, ids and sources, no outputs."""
    copy = nbformat.v4.new_notebook()
    for cell in nb.cells:
        new = (
            nbformat.v4.new_code_cell(cell.source)
            if cell.cell_type == "code"
            else nbformat.v4.new_markdown_cell(cell.source)
        )
        copy.cells.append(new)
    return copy


def _plan(chosen: list[tuple[Drift, Candidate, dict[int, str]]]) -> str:
    lines = []
    for drift, candidate, sources in chosen:
        cells = ", ".join(str(i + 1) for i in sorted(sources))
        review = (
            " REVIEW: it may change what the code computes." if candidate.safety == REVIEW else ""
        )
        lines.append(
            f"Cell {drift.cell_index + 1} ({drift.error}): {candidate.evidence}; "
            f"changing cell{'s' if len(sources) > 1 else ''} {cells}.{review}"
        )
    return "\n".join(lines)
