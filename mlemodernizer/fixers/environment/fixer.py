"""The environment fixer: repairs API drift from what the installed libraries say about
themselves, offline and for any library, a team's own included.

After a run with errors the kernel answers the family's questions (``probe.py``); ``propose``
turns each failing cell's drift and that answer into candidates (its kind's module in
``kinds/``) and offers
the best untried one per cell. The loop runs it (resuming from the cell) and keeps a change only
when its cell's error is gone and nothing got worse; it tells the fixer how each ended
(:meth:`EnvironmentFixer.judged`), and the next proposal tries the next candidate. Every
candidate tried is logged with why it was kept or dropped (:attr:`EnvironmentFixer.trials`)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat import NotebookNode

from ...contracts.shapes import EnvironmentTrial
from ...execution.base import CellError
from ..base import CellChange, FixContext, Fixer, FixerNotes, FixProposal, FixType
from .drift import Drift
from .kinds import REVIEW, Candidate, candidates
from .probe import answer_for, answers_of, build_drift_probe, drifts_of

# candidates tried per failing cell and error before the family gives that error up (the
# loop's iteration cap bounds the whole job; this keeps one stubborn error from taking it all)
MAX_TRIES_PER_ERROR = 3
SOURCE = "environment"


class EnvironmentFixer(Fixer):
    """The third fixer family: the installed environment's own evidence."""

    name = SOURCE

    def __init__(self, cache: Path | None = None) -> None:
        self.cache = cache
        self.trials: list[EnvironmentTrial] = []
        self.single = False  # after a rollback of several cells' changes: one cell at a time
        self._pending: list[EnvironmentTrial] = []
        self._modules: dict[str, str] = {}
        self.last_failure: str | None = None

    # the loop's probe: (errors, the notebook that ran) -> code for the live kernel
    def probe(
        self, errors: list[CellError], nb: NotebookNode, modules: dict[str, str] | None = None
    ) -> str | None:
        return build_drift_probe(errors, nb, cache=self.cache, modules=modules)

    def propose(self, ctx: FixContext) -> FixProposal | None:
        if ctx.fix_type != FixType.ERROR_REPAIR:
            return None
        self._modules = ctx.modules
        nb = ctx.notebook
        work = _sources_only(nb)
        answers = answers_of(ctx.result.facts)
        chosen: list[tuple[Drift, Candidate, dict[int, str]]] = []
        touched: set[int] = set()
        files: dict[str, str] = {}  # the notebook's own modules changed: path -> new source
        for drift in drifts_of(ctx.result.errors, nb, ctx.modules):
            if drift.path is not None and drift.path not in ctx.modules:
                continue  # a module the fixers may not change (--modules report)
            pick = self._next_candidate(drift, answer_for(drift, answers), work, touched, files)
            if pick is None:
                continue
            candidate, sources = pick
            if drift.path is not None:
                files[drift.path] = sources[-1]
            else:
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
        ] + [
            CellChange(
                cell_index=-1,
                cell_id=f"file:{path}",
                old_source=ctx.modules[path],
                new_source=source,
                path=path,
            )
            for path, source in files.items()
        ]
        self._pending = []
        for drift, candidate, sources in chosen:
            trial = EnvironmentTrial(
                cell_index=drift.cell_index,
                cell_id=drift.cell_id,
                error=drift.error,
                kind=candidate.kind,
                evidence=candidate.evidence,
                safety=candidate.safety,
                key=candidate.key,
                cells_changed=[] if drift.path else sorted(sources),
                file=drift.path,
            )
            self.trials.append(trial)
            self._pending.append(trial)
        return FixProposal(
            fix_type=FixType.ERROR_REPAIR,
            source=SOURCE,
            plan=_plan(chosen),
            changes=changes,
            targets={d.cell_id: d.error for d, _, _ in chosen},
            require_clean=[d.cell_id for d, c, _ in chosen if c.strict],
            refused_by={d.cell_id: c.refused_by for d, c, _ in chosen if c.refused_by},
            groups={
                d.cell_id: [f"file:{d.path}"]
                if d.path
                else [nb.cells[i].get("id", str(i)) for i in sorted(sources)]
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

    def notes(self) -> FixerNotes:
        """Every candidate tried, and in words what each found, for the LLM's prompt when it
        is asked after the family."""
        return FixerNotes(
            evidence=[
                f"cell {t.cell_index + 1}: {t.evidence} ({t.outcome}: {t.why})" for t in self.trials
            ],
            items=list(self.trials),
        )

    def _next_candidate(
        self,
        drift: Drift,
        answer: dict | None,
        work: NotebookNode,
        touched: set[int],
        files: dict[str, str],
    ) -> tuple[Candidate, dict[int, str]] | None:
        """The best untried candidate and what it changes: cell index -> source, or for an
        error in the notebook's own module, {-1: the module's new source}."""
        # the same error raised in another of the notebook's modules is another drift to fix
        tried = [
            t
            for t in self.trials
            if t.cell_id == drift.cell_id and t.error == drift.error and t.file == drift.path
        ]
        if len(tried) >= MAX_TRIES_PER_ERROR:
            return None
        keys = {t.key for t in tried}
        module = drift.path
        for candidate in candidates(drift, answer, work):
            if candidate.key in keys:
                continue
            if module is not None:
                if module in files:
                    return None  # one change per module and round
                new = candidate.edit.apply_source(self._modules[module], first=True)
                if new is not None:
                    return candidate, {-1: new}
                continue
            sources = candidate.edit.apply(work, drift.site)
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
        where = (
            f"changing {drift.path}, the notebook's own module the error is raised in"
            if drift.path
            else f"changing cell{'s' if len(sources) > 1 else ''} {cells}"
        )
        lines.append(
            f"Cell {drift.cell_index + 1} ({drift.error}): {candidate.evidence}; {where}.{review}"
        )
    return "\n".join(lines)
