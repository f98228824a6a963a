"""Classifying a run: its issue (timeout → error → score deviation), which of its failing cells a
fixer can work on (the triage), and, when the score deviates, the first cell whose output drifted
from the author's."""

from __future__ import annotations

from ...contracts.shapes import CellTriage
from ...scoring.output_fidelity import CellFidelity, compare
from ...scoring.score import within_band
from ..context import LoopContext
from ..state import LoopState, Run
from ..triage import triage


class Classify:
    def __init__(self, ctx: LoopContext) -> None:
        self.ctx = ctx

    def issue(self, run: Run, target: float | None) -> str | None:
        """What is wrong with the run, first things first; None: nothing (reproducible)."""
        result = run.result
        if result.timed_out:
            return "timeout"
        if result.errors or result.kernel_died:
            return "error"
        scored = self.ctx.score_source is not None and target is not None
        if scored and not within_band(run.score, target, self.ctx.options.tolerance):
            return "score_deviation"
        return None

    def cells(self, st: LoopState, run: Run) -> list[CellTriage]:
        """The run's failing cells, told apart (a code error, a missing package, a knock-on)."""
        return triage(
            run.result.errors,
            run.result.executed,
            folder=run.result.errors_folder or run.result.workdir or st.modules.folder,
            versions=self.ctx.versions,
            modules_mode=self.ctx.options.modules,
            attempts=st.cell_attempts,
            undone=st.undone,
            stored=st.original,
        )

    def drift(self, st: LoopState, run: Run) -> CellFidelity | None:
        """When the score deviates: the first cell, up to the one that prints the score, whose
        output drifted from the author's stored one (where calibration should look)."""
        last = None
        score_cell = getattr(self.ctx.score_source, "score_cell", None)
        if score_cell is not None:
            last = score_cell(run.result.executed)
        found = compare(
            st.original, run.result.executed, tolerance=self.ctx.options.fidelity_tolerance
        )
        return found.first_drift_upto(last)
