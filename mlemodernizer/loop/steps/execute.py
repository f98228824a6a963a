"""The execute step: one run of the notebook through the executor, with the events each cell
gives, the score, the per-cell state the judge compares, and the notices about errors raised in
the notebook's own modules."""

from __future__ import annotations

from nbformat import NotebookNode

from ...contracts.events import (
    CellExecuted,
    CellOutput,
    CellStarted,
    ExecutionFinished,
    ExecutionStarted,
)
from ...environment.local_modules import local_module_notices
from ...execution.base import CellRun, ExecutionRequest, ProbeFactory
from ...execution.seeding import RUN_SEED
from ..context import LoopContext
from ..judgement import RunState, cell_outcomes, cell_report
from ..report import summarize_run
from ..state import LoopState, Run


class Execute:
    """Runs a notebook for the loop: ``execute(st, nb, iteration=..., kind=...)`` -> a Run."""

    def __init__(self, ctx: LoopContext) -> None:
        self.ctx = ctx

    def _probe_for(self, st: LoopState, nb: NotebookNode) -> ProbeFactory | None:
        """The executor's probe for a run of ``nb`` (it hands the probe the errors only); an
        error in the notebook's own module is read in the source the kernel ran, which may be
        a change the loop is trying, not the file on disk."""
        probe = self.ctx.probe
        if probe is None:
            return None
        return lambda errors: probe(errors, nb, st.modules.editable(errors))

    def __call__(
        self,
        st: LoopState,
        nb: NotebookNode,
        *,
        iteration: int,
        kind: str,
        start_at: int = 0,
        keep_kernel: bool = False,
        reason: str = "",
        seed: int = RUN_SEED,
    ) -> Run:
        """One run. Every judged run draws from ``RUN_SEED``; a run meant to reveal randomness
        passes another ``seed``."""
        workdir = st.workdir
        self.ctx.emitter.emit(
            ExecutionStarted(iteration=iteration, kind=kind, start_at=start_at, reason=reason)
        )

        total = len(nb.cells)

        def on_cell_start(index: int, cell_id: str) -> None:
            self.ctx.emitter.emit(
                CellStarted(
                    iteration=iteration,
                    kind=kind,
                    cell_index=index,
                    cell_id=cell_id,
                    cells=total,
                )
            )

        def on_output(index: int, tail: str) -> None:
            # the running cell's last lines (a snapshot, not a delta: a reload shows the newest)
            self.ctx.emitter.emit(CellOutput(iteration=iteration, cell_index=index, text=tail))

        def on_cell(cell: CellRun) -> None:
            self.ctx.emitter.emit(
                CellExecuted(
                    iteration=iteration,
                    cell_index=cell.cell_index,
                    cell_id=cell.cell_id,
                    seconds=round(cell.seconds, 3),
                    error=cell.error.summary() if cell.error else None,
                )
            )

        own_limit = self.ctx.options.run_limit_s
        limit = st.deadline.run_limit(own_limit)  # never past the job's deadline
        result = self.ctx.executor.execute(
            ExecutionRequest(
                nb=nb,
                cwd=workdir,
                timeout_s=limit,
                cell_timeout_s=self.ctx.options.cell_timeout,
                on_cell=on_cell,
                on_cell_start=on_cell_start,
                on_output=on_output,
                probe=self._probe_for(st, nb),
                cancel=self.ctx.cancel,
                start_at=start_at,
                keep_kernel=keep_kernel,
                setup_code=st.modules.setup_code(),
                seed=seed,
            )
        )
        st.exec_seconds += result.runtime_s
        what = kind.split("-")[0] if kind.startswith("rerun-") else kind
        st.run_seconds[what] = round(st.run_seconds.get(what, 0.0) + result.runtime_s, 3)
        st.deadline.ran(result.runtime_s, limit, own_limit, result.timed_out)
        if kind == "baseline":
            st.deadline.after_baseline(result.runtime_s)
        completed = not (result.timed_out or result.kernel_died or result.cancelled)
        score = None
        if self.ctx.score_source is not None and completed:
            # a sidecar writes into a scratch copy: score the files where the run wrote them
            score = self.ctx.score_source.score(result.executed, result.workdir or workdir)
        summary = summarize_run(result, score)
        state = RunState(
            cell_outcomes(result.executed),
            timed_out=result.timed_out,
            kernel_died=result.kernel_died,
            score=score,
        )
        cells = cell_report(st.baseline_state or state, state)
        summary.failing_cells, summary.fixed_cells = cells["failing"], cells["fixed"]
        # errors raised in the user's own modules, which no cell edit fixes (told once each,
        # with the rules' diff): with --modules report, as they are found; with --modules apply
        # the fixers may change the file, so only those the final run still has (the verdict)
        notices = (
            local_module_notices(
                result.errors, workdir, self.ctx.module_patch, st.modules_told,
                sources=st.modules.source,
            )
            if self.ctx.options.modules == "report"
            else []
        )  # fmt: skip
        st.module_notices.extend(notices)
        self.ctx.emitter.emit(
            ExecutionFinished(
                iteration=iteration,
                kind=kind,
                error_free=result.error_free,
                errors=[e.to_json() for e in result.errors],
                error_cells=summary.error_cells,
                runtime_s=summary.runtime_s,
                score=score,
                timed_out=result.timed_out,
                kernel_died=result.kernel_died,
                cancelled=result.cancelled,
                setup_s=round(result.setup_s, 3),
                environment=result.environment,
                resumed_from=result.resumed_from,
                cells_run=[c.cell_index for c in result.cells],
                notices=notices,
                failing_cells=summary.failing_cells,
                fixed_cells=summary.fixed_cells,
                deadline_s=st.deadline.seconds,
                deadline_left_s=_rounded(st.deadline.left()),
            )
        )
        return Run(result=result, score=score, summary=summary, state=state)


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(max(seconds, 0.0), 1)
