"""Is a run better than the best one so far? Judged cell by cell, so a fix is never kept when it
breaks what worked (and the result the user gets is never worse than what they gave).

The rule, in order:
1. a cell that ran clean in the best run and fails now: worse (the fix broke it);
2. the run timed out or the kernel died, and the best run did not: worse;
3. more cells fail than in the best run: worse (counts cells that did not run before, too);
4. with a score and a target, the same or more failing cells and a score further from the
   target: worse;
otherwise the fix is kept. A fix that trades errors (fixes one cell, the error moves to a later
cell that failed before anyway) is progress: only a cell that was clean counts as broken.

One exception, for two-step repairs: when the cells a fix broke fail with an error a rule answers
(a pinned old default that today's library refuses until the next rule wraps it), the fix is kept
on probation for one more fix; the pair is then judged against the best state, and both are rolled
back if it is still worse (or if the loop ends first).

When a fix is rolled back, the changes it made to cells that ran clean are refused for good (the
loop's ``blamed``): those are the suspects, the failing cells are what a fix is for; a fix that
touched only failing cells is refused whole. Refused changes are never proposed again.

Cells are read from the executed notebook (error outputs), not from the run's own error list,
so a run that resumed in a kept kernel is judged with the outputs its earlier cells kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nbformat import NotebookNode

from ..contracts.notebook import shown_cell_number


@dataclass
class CellOutcome:
    index: int
    cell_id: str
    error: str | None  # "NameError: name 'np' is not defined"; None: ran clean


def cell_outcomes(nb: NotebookNode) -> dict[str, CellOutcome]:
    """Every code cell that ran (has an execution count or an error), by cell id."""
    found: dict[str, CellOutcome] = {}
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        error = next((o for o in cell.get("outputs", []) if o.get("output_type") == "error"), None)
        if error is None and cell.get("execution_count") is None:
            continue  # never ran (after a timeout, a dead kernel)
        text = None
        if error is not None:
            text = f"{error.get('ename', 'Error')}: {error.get('evalue', '')}".strip()
            text = (text.splitlines() or [text])[0][:200]
        found[cell.get("id", str(index))] = CellOutcome(index, cell.get("id", ""), text)
    return found


@dataclass
class Judgement:
    worse: bool
    reason: str = ""
    broke: list[CellOutcome] = field(default_factory=list)  # clean before, failing now
    # worse only because the score moved away from the target (nothing broke, no more fail)
    score_only: bool = False

    def describe(self) -> str:
        """What the change broke, cells numbered as JupyterLab and the model's prompt number
        them (from 1)."""
        if not self.broke:
            return self.reason
        cells = " and ".join(str(shown_cell_number(c.index)) for c in self.broke[:4])
        first = self.broke[0].error
        return f"this change broke cell{'s' if len(self.broke) > 1 else ''} {cells} with {first}"


@dataclass
class RunState:
    """What the judgement needs of a run."""

    cells: dict[str, CellOutcome]
    timed_out: bool = False
    kernel_died: bool = False
    score: float | None = None

    @property
    def failing(self) -> int:
        return sum(1 for c in self.cells.values() if c.error is not None)


def judge(best: RunState, new: RunState, target: float | None) -> Judgement:
    broke = [
        c
        for cid, c in new.cells.items()
        if c.error is not None and cid in best.cells and best.cells[cid].error is None
    ]
    if broke:
        return Judgement(True, "it broke cells that ran clean", sorted(broke, key=_index))
    if (new.timed_out and not best.timed_out) or (new.kernel_died and not best.kernel_died):
        return Judgement(True, "the run timed out" if new.timed_out else "the kernel died")
    if new.failing > best.failing:
        return Judgement(True, f"{new.failing} cells fail where {best.failing} did")
    if (
        target is not None
        and new.score is not None
        and best.score is not None
        and new.failing >= best.failing
        and abs(new.score - target) > abs(best.score - target) + 1e-12
    ):
        return Judgement(
            True,
            f"the score moved away from the target ({best.score:g} → {new.score:g})",
            score_only=True,
        )
    return Judgement(False)


def cell_report(baseline: RunState, now: RunState) -> dict[str, Any]:
    """The failing cells of a run with their first error line, marked new (not failing in the
    baseline) or not, and the baseline's failing cells that now run clean (fixed). Numbers are
    0-based indices; shown to people as index + 1, as JupyterLab counts."""
    failing = [
        {
            "cell_index": c.index,
            "cell_id": c.cell_id,
            "error": c.error,
            "new": baseline.cells.get(cid) is None or baseline.cells[cid].error is None,
        }
        for cid, c in sorted(now.cells.items(), key=lambda kv: kv[1].index)
        if c.error is not None
    ]
    fixed = sorted(
        c.index
        for cid, c in baseline.cells.items()
        if c.error is not None and cid in now.cells and now.cells[cid].error is None
    )
    return {"failing": failing, "fixed": fixed}


def _index(cell: CellOutcome) -> int:
    return cell.index
