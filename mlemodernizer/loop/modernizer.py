"""The fix loop: execute → classify (timeout → error → score deviation) → fix → review → repeat.

The loop knows nothing about faces: it takes a notebook and options, emits events, asks a review
gate for decisions and returns the final notebook and the report. Its steps are classes in
``steps/``, each over the job's :class:`.context.LoopContext`; this module composes them and holds
the loop itself: start, baseline, iterate (classify, triage, ask, try a fix), settle, verdict.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from nbformat import NotebookNode

from .. import __version__
from ..contracts.events import IssueDetected, JobStarted
from ..contracts.shapes import CellTriage, IterationRecord
from ..environment.install_missing import install, kernel_python
from ..environment.signatures import SignatureBook
from ..execution.base import CellError
from ..fixers.base import Attempt, CellChange, FixContext, FixProposal
from ..fixers.budget import Budget
from ..scoring.output_fidelity import CellFidelity
from .context import LoopContext
from .deadline import Deadline
from .module_overlay import ModuleEdits
from .report import edit_similarity
from .resume import ResumeDecision
from .resume import decide as decide_resume
from .state import ISSUE_TO_FIX, JobResult, LoopState, Run
from .steps import ApplyReviewed, Classify, Execute, Judge, Propose, Verdict
from .triage import FixEnd, blocked_notes, fixable_errors


class Modernizer:
    """One notebook's loop, composed of its steps over the job's context."""

    def __init__(self, ctx: LoopContext) -> None:
        self.ctx = ctx
        self.execute = Execute(ctx)
        self.classify = Classify(ctx)
        self.propose = Propose(ctx)
        self.apply = ApplyReviewed(ctx)
        self.judge = Judge(ctx, self.execute)
        self.verdict = Verdict(ctx, self.execute, self.classify)

    # --- public ---------------------------------------------------------------------------

    def run(self, nb: NotebookNode, path: Path, notices: list[str] | None = None) -> JobResult:
        st = self._start(nb, path, notices)
        self._prepass(st)
        st.run = self.execute(
            st, st.current, iteration=0, kind="baseline", keep_kernel=self.ctx.options.resume
        )
        st.baseline, st.baseline_state = st.run.summary, st.run.state
        # what is random is known before any fix is judged: read from the code, and measured
        # where a second run of the unchanged notebook is cheap and could tell something
        self.judge.read_randomness(st)
        if self.classify.issue(st.run, st.target) is not None:
            self.judge.noise_baseline(st)
        # the best state seen: a fix whose run is worse is rolled back to it (judgement.judge)
        st.best = (st.run, copy.deepcopy(st.current), dict(st.modules.current))
        self._iterate(st)
        self.judge.settle(st)
        return self.verdict(st)

    # --- the phases -----------------------------------------------------------------------

    def _start(self, nb: NotebookNode, path: Path, notices: list[str] | None) -> LoopState:
        opts = self.ctx.options
        workdir = path.parent.resolve()
        # the notebook's own modules: under its folder, or the project root the user gave
        limit = Path(opts.root).resolve() if opts.root else None
        original = copy.deepcopy(nb)
        target = self._target(original, workdir)
        st = LoopState(
            path=path,
            workdir=workdir,
            original=original,
            current=copy.deepcopy(nb),
            target=target,
            modules=ModuleEdits(workdir, limit=limit),
            budget=self.ctx.budget if self.ctx.budget is not None else Budget.of(opts),
            notices=list(notices or []),
            deadline=Deadline.of(opts.deadline, started=self.ctx.started),
            signatures=self._signature_book(workdir),
        )
        self.ctx.emitter.emit(
            JobStarted(
                notebook=str(path),
                options=opts.to_json(),
                target_score=target,
                score_source=self.ctx.score_source.description if self.ctx.score_source else None,
                version=__version__,
            )
        )
        return st

    def _prepass(self, st: LoopState) -> None:
        """Static SAFE rules before the first run: one execution saved, but the baseline is
        then the pre-passed notebook's run (the report says so with iteration 0)."""
        if self.ctx.prepass is None:
            return
        proposal = self.ctx.prepass(st.current)
        if proposal is not None:
            st.current, applied = self.apply(st, "fix-0", 0, "static", proposal)
            st.records.append(self._record(st, 0, "static", proposal, applied))

    def _iterate(self, st: LoopState) -> None:
        """Fix, run, judge, until the notebook is reproducible or a stop reason comes."""
        while True:
            step = self._next_fix(st)
            if step is None:
                return
            self._try_fix(st, *step)
            if st.budget.exhausted() is not None:
                st.stop_reason = "budget"
                return

    def _next_fix(self, st: LoopState) -> tuple[str, FixProposal, str | None] | None:
        """The issue of the last run, a proposal for it and the cell it aims at; None (with
        ``st.stop_reason`` set) when the loop stops here."""
        opts, run, target, index = self.ctx.options, st.run, st.target, st.index
        issue = self.classify.issue(run, target)
        if issue is None:
            st.stop_reason = "reproducible"
            return None
        if self.ctx.cancel.is_set():
            st.stop_reason = "cancelled"  # before an issue no one will work on is announced
            return None
        if st.deadline.too_late_for(f"fix {index + 1}"):
            st.stop_reason = "deadline"  # the best state so far is the result
            return None
        # which failing cells a fixer can work on: past a missing package, a helper file
        # left alone, a cell given up on, and the knock-on errors behind them
        cells = self.classify.cells(st, run) if issue == "error" else []
        fixable = fixable_errors(run.result.errors, cells) if cells else run.result.errors
        drift = self.classify.drift(st, run) if issue == "score_deviation" else None
        info = _issue_info(run, fixable[0] if fixable else None)
        if drift is not None:
            info["cell_index"] = drift.cell_index
        self.ctx.emitter.emit(
            IssueDetected(
                iteration=index + 1,
                issue=issue,
                **info,
                cells=[c.to_json() for c in cells],
                drift=drift_words(drift) if drift is not None else None,
            )
        )
        # a package the environment lacks, with the user's consent: install it, run again
        wanted = self._packages_to_install(st, cells) if opts.install_missing else []
        if wanted:
            st.installed.extend(wanted)
            reason = f"installed {', '.join(wanted)} into the kernel's environment"
            st.run = self.execute(
                st, st.current, iteration=index + 1, kind="iteration", reason=reason
            )
            # same notebook, a richer environment: this run is the state to beat now
            st.best = (st.run, copy.deepcopy(st.current), dict(st.modules.current))
            # and its issue is looked at afresh (each package is tried once: this ends)
            return self._next_fix(st)
        # what unblocks a cell behind a missing package: a print-only extension's lines go
        # (%load_ext watermark), a helper module's failing import moves into its functions
        unblock = self.propose.magic_proposal(st, run) if issue == "error" else None
        if issue == "error" and unblock is None:
            # behind a missing package, or an import no fixer could repair
            missing = {c.cell_index for c in cells if c.kind in ("environment", "given_up")}
            unblock = self.propose.deferred_import_proposal(
                st, [e for e in run.result.errors if e.cell_index in missing]
            )
        if (
            issue == "error"
            and cells
            and not fixable
            and unblock is None
            and not run.result.kernel_died
        ):
            st.stop_reason = "blocked"  # nothing left that a fix here can change
            return None
        if index >= opts.max_iterations:
            st.stop_reason = "iteration_limit"
            return None
        focus = fixable[0].cell_id if issue == "error" and fixable else None
        asked = self._fix_context(st, issue, cells, fixable)
        if drift is not None:
            asked.drift_cell, asked.drift = drift.cell_index, drift.moved()
        proposal = self.propose.ask(st, asked, unblock, fixable)
        if proposal is None and st.deadline.passed():
            st.stop_reason = "deadline"  # it passed while the fixers worked
            st.deadline.note = st.deadline.note or (
                f"the deadline ({st.deadline.seconds:.0f} s) passed while fix {index + 1} was "
                f"being asked for"
            )
        return None if proposal is None else (issue, proposal, focus)

    def _fix_context(
        self, st: LoopState, issue: str, cells: list[CellTriage], fixable: list[CellError]
    ) -> FixContext:
        """What the fixers are told about the last run and the fixes before."""
        opts, run, target, index = self.ctx.options, st.run, st.target, st.index
        fix_type = ISSUE_TO_FIX[issue]
        return FixContext(
            fix_type=fix_type,
            notebook=run.result.executed,
            original=st.original,
            # the fixers see the fixable errors only: the first is the one to repair
            result=dataclasses.replace(run.result, errors=fixable) if cells else run.result,
            timeout_s=opts.run_limit_s,
            target_score=target,
            current_score=run.score,
            higher_is_better=self.ctx.higher_is_better,
            tolerance=opts.tolerance,
            attempts=list(st.attempts),
            rejections=list(st.rejections),
            versions=self.ctx.versions,
            stream=self.propose.streamer(index + 1, fix_type),
            cancel=self.ctx.cancel,
            modules=st.modules.editable(fixable) if opts.modules == "apply" else {},
            blocked=blocked_notes(cells),
            folder=run.result.errors_folder or run.result.workdir or st.modules.folder,
            evidence=[e for f in self.ctx.fixers for e in f.notes().evidence],
            refused=frozenset(st.refused),
            deadline_at=st.deadline.at,
        )

    def _try_fix(self, st: LoopState, issue: str, proposal: FixProposal, focus: str | None) -> None:
        """Review and apply one proposal, run the result, keep it or roll it back."""
        st.index += 1
        fix_id = f"fix-{st.index}"
        before = _error_of(st.run, focus)
        failing = {cid: c.error for cid, c in st.run.state.cells.items() if c.error}
        st.current, accepted = self.apply(st, fix_id, st.index, issue, proposal)
        decision = ResumeDecision(0, "resume disabled")
        if accepted:
            decision = self._resume_decision(st, proposal, accepted)
            st.run = self.execute(
                st,
                st.current,
                iteration=st.index,
                kind="iteration",
                start_at=decision.start_at,
                keep_kernel=self.ctx.options.resume,
                reason=decision.reason,
            )
        record = self._record(st, st.index, issue, proposal, accepted, decision)
        if accepted and st.deadline.hit:
            # its run was cut: the fix is unjudged and never half-applied
            why = "the deadline stopped its run before it finished"
            record.rolled_back, record.rollback_reason = True, why
            self.judge.roll_back(st, fix_id, accepted, why)
        elif accepted:
            self.judge(st, fix_id, accepted, record, proposal)
        elif proposal.targets:
            self.judge.tell(
                proposal, {cid: ("rejected", "the user rejected it") for cid in proposal.targets}
            )
        _note_undone(st, proposal, accepted, record, failing)
        if focus is not None:
            ended = (
                "rejected"
                if not accepted
                else "rolled back"
                if record.rolled_back
                else "still failing"
                # a kept fix after which the cell fails otherwise made progress (a helper
                # package's imports repaired one by one): not an attempt that failed
                if (now := _error_of(st.run, focus)) is not None and now == before
                else None
            )
            if ended:
                st.cell_attempts.setdefault(focus, []).append(ended)
        st.records.append(record)
        st.attempts.append(
            Attempt(
                index=st.index,
                fix_type=str(proposal.fix_type),
                source=proposal.source,
                plan=proposal.plan,
                cells_changed=record.cells_changed,
                files_changed=record.files_changed,
                result_summary=(
                    f"rolled back: {record.rollback_reason}"
                    if record.rolled_back
                    else st.run.summary.describe(st.target)
                    if accepted
                    else "all changes rejected"
                ),
            )
        )

    def _resume_decision(
        self, st: LoopState, proposal: FixProposal, accepted: list[CellChange]
    ) -> ResumeDecision:
        """Where the run after a fix starts: from the first changed cell in the kept kernel
        when that is sound, else from the top in a fresh one."""
        files = [c.path for c in accepted if c.path is not None]
        if st.fresh_kernel_next:
            # the kept kernel ran a change that was rolled back, or drew from another seed:
            # its state is not ours
            why, st.fresh_kernel_next = st.fresh_kernel_next, ""
            return ResumeDecision(0, why)
        if files:
            # the kept kernel imported the old module: only a fresh one sees the change
            return ResumeDecision(0, f"changed {', '.join(files)}: fresh kernel")
        if self.ctx.options.resume:
            changed = [c.cell_index for c in accepted]
            return decide_resume(
                st.run.result.executed, st.current, changed, st.run.result, str(proposal.fix_type)
            )
        return ResumeDecision(0, "resume disabled")

    # --- steps ----------------------------------------------------------------------------

    def _record(
        self,
        st: LoopState,
        index: int,
        issue: str,
        proposal: FixProposal,
        accepted: list[CellChange],
        decision: ResumeDecision | None = None,
    ) -> IterationRecord:
        """What one fix did, for the report. The prepass (no decision) has no run of its own:
        the baseline that follows is its run."""
        run = st.run if accepted and decision is not None else None
        return IterationRecord(
            index=index,
            issue=issue,
            fix_type=str(proposal.fix_type),
            source=proposal.source,
            rule_ids=list(proposal.rule_ids),
            cells_changed=[c.cell_index for c in accepted if c.path is None],
            files_changed=[c.path for c in accepted if c.path is not None],
            files_rejected=[
                c.path for c in proposal.changes if c.path is not None and c not in accepted
            ],
            cells_rejected=[
                c.cell_index for c in proposal.changes if c not in accepted and not c.path
            ],
            runtime_s=run.summary.runtime_s if run else None,
            error_cells=run.summary.error_cells if run else None,
            score=run.score if run else None,
            tokens=proposal.usage.total_tokens,
            resumed=run is not None and run.result.resumed_from is not None,
            resume_reason=decision.reason if run and decision else "",
            cells_run=[c.cell_index for c in run.result.cells] if run else [],
            plan=proposal.plan,
            model=proposal.model,
            similarity={
                (c.path or str(c.cell_index)): {
                    "previous": edit_similarity(c.old_source, c.new_source),
                    "original": edit_similarity(_source_of(st.original, c.cell_id), c.new_source),
                }
                for c in accepted
            },
        )

    def _signature_book(self, workdir: Path) -> SignatureBook:
        """Where the reading of randomness asks which callables take a seed: the kernel's own
        interpreter in the notebook's folder; for a sidecar, this machine's, libraries only."""
        python = (
            kernel_python(self.ctx.options.kernel) if self.ctx.options.executor == "local" else None
        )
        return SignatureBook(python, workdir if python is not None else None)

    def _target(self, original: NotebookNode, workdir: Path) -> float | None:
        if self.ctx.options.target_score is not None:
            return float(self.ctx.options.target_score)
        if self.ctx.score_source is not None and self.ctx.options.score_regex:
            # the original's stored outputs say what it once scored
            return self.ctx.score_source.score(original, workdir)
        return None

    def _packages_to_install(self, st: LoopState, cells: list[CellTriage]) -> list[str]:
        """pip-installs the packages the blocked cells need, each tried once per run; the names
        installed (an empty list when nothing new was tried or nothing installed)."""
        wanted = sorted(
            {c.package for c in cells if c.kind == "environment" and c.package} - st.install_tried
        )
        if not wanted:
            return []
        st.install_tried.update(wanted)
        python = (
            kernel_python(self.ctx.options.kernel) if self.ctx.options.executor == "local" else None
        )
        if python is None:
            st.module_notices.append(
                f"--install-missing: the kernel is not a Python on this machine (or runs in "
                f"the sidecar image); install {', '.join(wanted)} there yourself"
            )
            return []
        done = install(wanted, python)
        for item in done:
            verb = "installed" if item.ok else "could not install"
            st.module_notices.append(f"--install-missing: {verb} {item.package}: {item.detail}")
        return [item.package for item in done if item.ok]


def _note_undone(
    st: LoopState,
    proposal: FixProposal,
    accepted: list[CellChange],
    record: IterationRecord,
    failing: dict[str, str | None],
) -> None:
    """For each failing cell a rule or environment fix answered and that fix was not kept
    (rejected, rolled back, or dropped when its error remained): how it ended, for the
    triage's truth ("the catalogue's fix for this (PD002) was rolled back: ...")."""
    if proposal.source not in ("rule", "environment"):
        return
    for change in proposal.changes:
        error = failing.get(change.cell_id)
        if change.path is not None or not error:
            continue
        if change not in accepted:
            ended, why = "rejected", "you rejected it"
        elif record.rolled_back:
            ended, why = "rolled back", record.rollback_reason
        elif st.current.cells[change.cell_index].source == change.old_source:
            ended, why = "dropped", "the error it aimed at remained"
        else:
            st.undone.pop(change.cell_id, None)  # kept: whatever fails now is another story
            continue
        rules = tuple(proposal.cell_rules.get(change.cell_id, proposal.rule_ids))
        st.undone[change.cell_id] = FixEnd(proposal.source, rules, error, ended, why)


def _issue_info(run: Run, first: CellError | None = None) -> dict:
    first = first or run.result.first_error
    return {
        "first_error": first.summary() if first else None,
        "cell_index": first.cell_index if first else None,
        "score": run.score,
        "runtime_s": run.summary.runtime_s,
    }


def drift_words(cell: CellFidelity) -> str:
    """ "the first cell upstream of the score whose output drifted: cell 7 (0.95 -> 0.91)"."""
    return f"the first cell upstream of the score whose output drifted: {cell.describe()}"


def _source_of(nb: NotebookNode, cell_id: str) -> str:
    for cell in nb.cells:
        if cell.get("id") == cell_id:
            return cell.source
    return ""


def _error_of(run: Run | None, cell_id: str | None) -> tuple[str, str] | None:
    """The cell's first error in a run, as (name, first line), or None."""
    if run is None or cell_id is None:
        return None
    for e in run.result.errors:
        if e.cell_id == cell_id:
            return e.ename, (e.evalue or "").strip().split("\n")[0]
    return None
