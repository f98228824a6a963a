"""The verdict: reproducible or not (by score, with optional reruns and a one-sample t-test,
or by errors alone), the report, and the modernized notebook with its provenance."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from nbformat import NotebookNode

from ... import __version__
from ...contracts.events import Verdict as VerdictEvent
from ...contracts.shapes import FixerNotes, IterationRecord, Report
from ...environment.local_modules import local_module_notices
from ...execution.seeding import OTHER_SEED
from ...fixers.base import Fixer
from ...scoring.basis import reproduction_basis, score_words
from ...scoring.output_fidelity import NotebookFidelity, compare
from ...scoring.score import outcome, ttest_verdict, within_band
from ..context import LoopContext
from ..state import JobResult, LoopState
from ..triage import summary_line
from .classify import Classify
from .execute import Execute


class Verdict:
    """Says whether the final state reproduces the notebook, and builds the result."""

    def __init__(self, ctx: LoopContext, execute: Execute, classify: Classify) -> None:
        self.ctx = ctx
        self.execute = execute
        self.classify = classify

    def __call__(self, st: LoopState) -> JobResult:
        """Reproducible or not (reruns and a t-test when asked), the report and the notebook."""
        opts, run, target, path = self.ctx.options, st.run, st.target, st.path
        result = run.result
        completed = not (result.timed_out or result.kernel_died or result.cancelled)
        error_free = completed and result.error_free
        p_value = None
        rerun_scores: list[float] = []
        rerun: NotebookNode | None = None  # a fresh rerun also tells random cells apart
        if self.ctx.score_source is not None and target is not None:
            basis = "score"
            reproducible = within_band(run.score, target, opts.tolerance)
            if (
                opts.reruns > 0
                and completed
                and run.score is not None
                and not st.deadline.too_late_for("the t-test's reruns")
            ):
                rerun_scores = [run.score]
                for k in range(opts.reruns):
                    if self.ctx.cancel.is_set():
                        break
                    # each rerun with a seed of its own: a t-test of one seed's runs has no
                    # variance to test
                    again = self.execute(
                        st,
                        st.current,
                        iteration=len(st.records),
                        kind=f"rerun-{k + 1}",
                        seed=OTHER_SEED + k,
                    )
                    if again.score is not None:
                        rerun_scores.append(again.score)
                    if rerun is None and not again.result.timed_out:
                        rerun = again.result.executed
                verdict = ttest_verdict(rerun_scores, target, opts.tolerance)
                basis = "t-test"
                p_value = verdict.p_value
                reproducible = verdict.reproducible
        else:
            basis = "errors"
            reproducible = error_free
        final = run.summary
        if opts.modules == "apply" and result.errors:
            # the notebook's own modules the final run still fails in, which no fix changed
            st.module_notices.extend(
                local_module_notices(
                    result.errors, st.workdir, self.ctx.module_patch, st.modules_told,
                    sources=st.modules.source, apply=True,
                )
            )  # fmt: skip
        # the final failing cells, told apart: what needs a package, what is blocked, what is
        # a code error ("1 cell needs package watermark; 0 code errors")
        final_cells = self.classify.cells(st, run) if run.result.errors else []
        error_summary = summary_line(final_cells) if final_cells else None
        result_outcome = outcome(
            completed=completed, error_free=error_free, reproducible=reproducible
        )
        nothing = nothing_to_modernize(
            st.original,
            st.records,
            st.stop_reason,
            error_free and reproducible,
            run.score,
            target,
            installed=st.installed,
        )
        fidelity = self._fidelity(st, completed, rerun)
        fidelity_json = fidelity.to_json() if fidelity else None
        scored = self.ctx.score_source is not None and target is not None
        said = (
            score_words(
                sum(rerun_scores) / len(rerun_scores) if p_value is not None else run.score,
                target,
                opts.tolerance,
                reproducible,
                p_value,
                len(rerun_scores),
            )
            if scored and target is not None
            else ""
        )
        basis_of = reproduction_basis(
            error_free=error_free,
            scored=scored,
            score_reproduced=scored and reproducible,
            score_words=said,
            fidelity=fidelity,
            threshold=opts.fidelity_threshold,
            failing_as_stored=bool(final_cells)
            and all(c.kind == "as_stored" for c in final_cells if c.state != "knock_on"),
        )
        self.ctx.emitter.emit(
            VerdictEvent(
                outcome=result_outcome,
                error_free=error_free,
                reproducible=reproducible,
                basis=basis,
                score=run.score,
                target_score=target,
                tolerance=opts.tolerance,
                p_value=p_value,
                rerun_scores=rerun_scores,
                cells=[c.to_json() for c in final_cells],
                error_summary=error_summary,
                nothing_to_modernize=nothing,
                fidelity=fidelity.line() if fidelity else None,
                reproduced_by=basis_of.by,
                reproduced_words=basis_of.words,
            )
        )
        report = Report(
            notebook=str(path),
            output=None,
            outcome=result_outcome,
            error_free=error_free,
            reproducible=reproducible,
            reproducibility_basis=basis,
            stop_reason=st.stop_reason,
            target_score=target,
            tolerance=opts.tolerance,
            score_source=self.ctx.score_source.description if self.ctx.score_source else None,
            baseline=st.baseline,
            final=final,
            iterations=st.records,
            execution_seconds_total=st.exec_seconds,
            llm=st.usage,
            p_value=p_value,
            rerun_scores=rerun_scores,
            notices=[*st.notices, *st.module_notices, *deadline_notice(st)],
            modules=st.modules.summary(),
            cells=[c.to_json() for c in final_cells],
            error_summary=error_summary,
            nothing_to_modernize=nothing,
            fixers=notes_of(self.ctx.fixers),
            fidelity=fidelity_json,
            reproduced_by=basis_of.by,
            reproduced_words=basis_of.words,
            random_cells=st.randomness.to_json(),
            run_seconds=dict(st.run_seconds),
        )
        modernized = copy.deepcopy(result.executed)
        # the executed copy carries the final sources; keep the user's notebook metadata
        modernized.metadata = copy.deepcopy(st.original.metadata)
        modernized.metadata["mlemodernizer"] = {
            "version": __version__,
            "source_notebook": path.name,
            "outcome": result_outcome,
            "stop_reason": st.stop_reason,
            "fixes": st.provenance,
            "reproduced_by": basis_of.by,
        }
        if fidelity_json is not None:
            modernized.metadata["mlemodernizer"]["fidelity"] = {
                k: v for k, v in fidelity_json.items() if k != "cells"
            }
        return JobResult(
            notebook=modernized, report=report, modules=st.modules, workdir=result.workdir
        )

    def _fidelity(
        self, st: LoopState, completed: bool, rerun: NotebookNode | None
    ) -> NotebookFidelity | None:
        """The author's stored outputs against the final run's; when some drifted, a second
        fresh run of the same code (the t-test's first rerun, else one more run; none with
        ``--no-noise-run``) tells random cells apart."""
        if not completed:
            return None
        tolerance = self.ctx.options.fidelity_tolerance
        executed = st.run.result.executed
        found = compare(st.original, executed, tolerance=tolerance)
        if rerun is not None:  # the t-test's first rerun measures them at no extra cost
            return compare(st.original, executed, again=rerun, tolerance=tolerance)
        if not any(c.status == "drifted" for c in found.cells):
            return found
        # what drifted is measured by a second run with another seed where one can run (a
        # cell the same in both is not random, whatever its code says); else the code says
        read = compare(st.original, executed, tolerance=tolerance, random=st.randomness.said())
        if not self.ctx.options.noise_run or self.ctx.cancel.is_set():
            return read
        if st.deadline.too_late_for("the noise run"):
            return read
        again = self.execute(
            st, st.current, iteration=len(st.records), kind="noise-run", seed=OTHER_SEED
        )
        if again.result.timed_out or again.result.kernel_died or again.result.cancelled:
            return read
        return compare(st.original, executed, again=again.result.executed, tolerance=tolerance)


def deadline_notice(st: LoopState) -> list[str]:
    """What the deadline ended, how far the job got and what was left (empty without one)."""
    if not st.deadline.note:
        return []
    kept = sum(1 for r in st.records if not r.rolled_back and r.cells_changed + r.files_changed)
    final = st.run.summary
    left = [f"{final.error_cells} cell(s) still failing"] if final.error_cells else []
    if final.timed_out:
        left.append("the best run did not finish")
    tail = f"; left: {', '.join(left)}" if left and st.stop_reason == "deadline" else ""
    return [f"{st.deadline.note}; the job ran {len(st.records)} fix(es), {kept} kept{tail}"]


def nothing_to_modernize(
    original: NotebookNode,
    records: list[IterationRecord],
    stop_reason: str,
    clean: bool,
    score: float | None,
    target: float | None,
    *,
    installed: Sequence[str] = (),
) -> str | None:
    """Why the notebook needs no change, or None. Nothing was proposed (no fix, no pre-pass),
    and the first run was the verdict: it ran without errors (and scored within the band); or
    the run after installing the packages it lacked (``installed``: its code needed nothing,
    but "it runs today" would not be true)."""
    if records or stop_reason != "reproducible" or not clean:
        return None
    if not any(c.cell_type == "code" and c.source.strip() for c in original.cells):
        return "the notebook has no code to run"
    why = (
        f"it runs without errors now that {', '.join(installed)} "
        f"{'is' if len(installed) == 1 else 'are'} installed in the kernel's environment"
        if installed
        else "it runs without errors today"
    )
    if score is not None and target is not None:
        return f"{why} and scores {score:.4g} (target {target:.4g})"
    return why


def notes_of(fixers: Sequence[Fixer]) -> dict[str, FixerNotes]:
    """Each family's notes by its name, in the order the families are asked."""
    return {f.name: f.notes() for f in fixers}
