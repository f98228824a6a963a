"""The fix loop: execute → classify (timeout → error → score deviation) → fix → review → repeat.

The loop knows nothing about faces: it takes a notebook and options, emits events, asks a review
gate for decisions and returns the final notebook and the report.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from nbformat import NotebookNode

from . import __version__
from .budget import Budget
from .errors import LLMError
from .events import (
    CellDecision,
    CellExecuted,
    CellOutput,
    CellStarted,
    Emitter,
    ExecutionFinished,
    ExecutionStarted,
    FixApplied,
    FixProposed,
    FixRolledBack,
    IssueDetected,
    JobStarted,
    LLMStream,
    LoopStopped,
    ReviewRequested,
    RuleNote,
    Verdict,
)
from .execution.base import (
    CellError,
    CellRun,
    ExecutionRequest,
    ExecutionResult,
    Executor,
    ProbeFactory,
)
from .fixers.base import (
    Attempt,
    BudgetExceeded,
    CellChange,
    FixContext,
    Fixer,
    FixProposal,
    FixType,
    TokenUsage,
)
from .fixers.magics import comment_out, missing_extensions
from .install_missing import install, kernel_python
from .local_modules import ModulePatcher, local_module_notices
from .module_overlay import ModuleEdits
from .options import Options
from .progress import Judgement, RunState, cell_outcomes, cell_report, judge
from .report import IterationRecord, Report, RunSummary, edit_similarity
from .resume import ResumeDecision
from .resume import decide as decide_resume
from .scoring import ScoreSource, outcome, ttest_verdict, within_band
from .triage import CellTriage, blocked_notes, fixable_errors, summary_line, triage

ISSUE_TO_FIX = {
    "timeout": FixType.RUNTIME_REDUCTION,
    "error": FixType.ERROR_REPAIR,
    "score_deviation": FixType.SCORE_CALIBRATION,
}


# called with (cell_id, accepted) as each cell's decision arrives, before decide() returns
DecisionCallback = Callable[[str, bool], None]


class ReviewGate(Protocol):
    def decide(
        self, fix_id: str, proposal: FixProposal, on_decision: DecisionCallback | None = None
    ) -> dict[str, bool]:
        """Return {cell_id: accepted} for every changed cell of the proposal."""
        ...


class AutoReview:
    """The CLI's gate: every change is accepted at once."""

    manual = False

    def decide(
        self, fix_id: str, proposal: FixProposal, on_decision: DecisionCallback | None = None
    ) -> dict[str, bool]:
        return {c.cell_id: True for c in proposal.changes}


@dataclass
class JobResult:
    notebook: NotebookNode  # the modernized notebook, with the final run's outputs
    report: Report
    # accepted changes to the notebook's own .py files (written with the result, --modules apply)
    modules: ModuleEdits | None = None


@dataclass
class _Run:
    result: ExecutionResult
    score: float | None
    summary: RunSummary
    state: RunState  # per cell, for judging progress


# the best state seen: its run, its notebook, its module overlay
_Best = tuple[_Run, NotebookNode, dict[str, str]]
# a fix kept for one more iteration although its run was worse: (fix id, changes, its record)
_Probation = tuple[str, list[CellChange], IterationRecord]


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
    module_notices: list[str] = field(default_factory=list)
    install_tried: set[str] = field(default_factory=set)  # --install-missing: each package once
    installed: list[str] = field(default_factory=list)  # --install-missing: what pip installed
    modules_told: set[Path] = field(default_factory=set)
    baseline_state: RunState | None = None
    # (cell id, source) the user rejected or a rollback undid: never proposed again
    refused: set[tuple[str, str]] = field(default_factory=set)
    # per failing cell: how each fix aimed at it ended (triage gives up after a few)
    cell_attempts: dict[str, list[str]] = field(default_factory=dict)
    records: list[IterationRecord] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)  # the earlier fixes, for the prompts
    rejections: list[str] = field(default_factory=list)  # refused changes, in words
    provenance: list[dict] = field(default_factory=list)  # the kept fixes, for the metadata
    index: int = 0  # the last fix's number
    stop_reason: str = "reproducible"
    fresh_kernel_next: bool = False
    probation: _Probation | None = None
    # set by the baseline run
    run: _Run = field(init=False)  # the last run that counts
    baseline: RunSummary = field(init=False)
    best: _Best = field(init=False)


@dataclass
class Modernizer:
    options: Options
    executor: Executor
    fixers: list[Fixer]
    emitter: Emitter
    score_source: ScoreSource | None = None
    review: ReviewGate = field(default_factory=AutoReview)
    cancel: threading.Event = field(default_factory=threading.Event)
    probe: ProbeFactory | None = None
    versions: dict[str, str] = field(default_factory=dict)
    prepass: Callable[[NotebookNode], FixProposal | None] | None = None
    # what the rules would change in a local .py module an error is raised in (reported only)
    module_patch: ModulePatcher | None = None
    # the job's budget, shared with the LLM fixer; None: one from the options for each run
    budget: Budget | None = None

    # --- public ---------------------------------------------------------------------------

    def run(self, nb: NotebookNode, path: Path, notices: list[str] | None = None) -> JobResult:
        st = self._start(nb, path, notices)
        self._prepass(st)
        st.run = self._execute(
            st, st.current, iteration=0, kind="baseline", keep_kernel=self.options.resume
        )
        st.baseline, st.baseline_state = st.run.summary, st.run.state
        # the best state seen: a fix whose run is worse is rolled back to it (progress.judge)
        st.best = (st.run, copy.deepcopy(st.current), dict(st.modules.current))
        self._iterate(st)
        self._settle(st)
        return self._verdict(st)

    # --- the phases -----------------------------------------------------------------------

    def _start(self, nb: NotebookNode, path: Path, notices: list[str] | None) -> LoopState:
        opts = self.options
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
            budget=self.budget if self.budget is not None else Budget.of(opts),
            notices=list(notices or []),
        )
        self.emitter.emit(
            JobStarted(
                notebook=str(path),
                options=opts.to_json(),
                target_score=target,
                score_source=self.score_source.description if self.score_source else None,
                version=__version__,
            )
        )
        return st

    def _prepass(self, st: LoopState) -> None:
        """Static SAFE rules before the first run: one execution saved, but the baseline is
        then the pre-passed notebook's run (the report says so with iteration 0)."""
        if self.prepass is None:
            return
        proposal = self.prepass(st.current)
        if proposal is not None:
            st.current, applied = self._review_and_apply(st, "fix-0", 0, "static", proposal)
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
        opts, run, target, index = self.options, st.run, st.target, st.index
        issue = self._classify(run, target)
        if issue is None:
            st.stop_reason = "reproducible"
            return None
        if self.cancel.is_set():
            st.stop_reason = "cancelled"  # before an issue no one will work on is announced
            return None
        # which failing cells a fixer can work on: past a missing package, a helper file
        # left alone, a cell given up on, and the knock-on errors behind them
        cells = self._triage(st, run) if issue == "error" else []
        fixable = fixable_errors(run.result.errors, cells) if cells else run.result.errors
        self.emitter.emit(
            IssueDetected(
                iteration=index + 1,
                issue=issue,
                **_issue_info(run, fixable[0] if fixable else None),
                cells=[c.to_json() for c in cells],
            )
        )
        # a package the environment lacks, with the user's consent: install it, run again
        wanted = self._packages_to_install(st, cells) if opts.install_missing else []
        if wanted:
            st.installed.extend(wanted)
            reason = f"installed {', '.join(wanted)} into the kernel's environment"
            st.run = self._execute(
                st, st.current, iteration=index + 1, kind="iteration", reason=reason
            )
            # same notebook, a richer environment: this run is the state to beat now
            st.best = (st.run, copy.deepcopy(st.current), dict(st.modules.current))
            # and its issue is looked at afresh (each package is tried once: this ends)
            return self._next_fix(st)
        # a print-only extension that is missing (%load_ext watermark): its lines can go
        magic = self._magic_proposal(st, run) if issue == "error" else None
        if (
            issue == "error"
            and cells
            and not fixable
            and magic is None
            and not run.result.kernel_died
        ):
            st.stop_reason = "blocked"  # nothing left that a fix here can change
            return None
        if index >= opts.max_iterations:
            st.stop_reason = "iteration_limit"
            return None
        focus = fixable[0].cell_id if issue == "error" and fixable else None
        ctx = self._fix_context(st, issue, cells, fixable)
        proposal = self._ask(st, ctx, magic, fixable)
        return None if proposal is None else (issue, proposal, focus)

    def _fix_context(
        self, st: LoopState, issue: str, cells: list[CellTriage], fixable: list[CellError]
    ) -> FixContext:
        """What the fixers are told about the last run and the fixes before."""
        opts, run, target, index = self.options, st.run, st.target, st.index
        fix_type = ISSUE_TO_FIX[issue]
        return FixContext(
            fix_type=fix_type,
            notebook=run.result.executed,
            original=st.original,
            # the fixers see the fixable errors only: the first is the one to repair
            result=dataclasses.replace(run.result, errors=fixable) if cells else run.result,
            timeout_s=opts.timeout,
            target_score=target,
            current_score=run.score,
            higher_is_better=self.score_source.higher_is_better if self.score_source else True,
            tolerance=opts.tolerance,
            attempts=list(st.attempts),
            rejections=list(st.rejections),
            versions=self.versions,
            stream=self._streamer(index + 1, fix_type),
            cancel=self.cancel,
            modules=st.modules.editable(fixable) if opts.modules == "apply" else {},
            blocked=blocked_notes(cells),
            folder=run.result.workdir or st.modules.folder,
        )

    def _ask(
        self,
        st: LoopState,
        ctx: FixContext,
        magic: FixProposal | None,
        fixable: list[CellError],
    ) -> FixProposal | None:
        """A proposal for the context; None (with ``st.stop_reason`` set) when there is none
        or the fixers cannot go on (budget spent, the LLM failing)."""
        index = st.index
        try:
            # an error inside the notebook's own module: the rules' change to that file first
            proposal = magic or self._module_proposal(st, fixable) or self._propose(st, ctx)
        except BudgetExceeded as exc:
            self.emitter.emit(LoopStopped(iteration=index + 1, reason="budget", detail=str(exc)))
            st.stop_reason = "budget"
            return None
        except LLMError as exc:
            self.emitter.emit(LoopStopped(iteration=index + 1, reason="llm_error", detail=str(exc)))
            st.stop_reason = "llm_error"
            return None
        if proposal is None:
            # say why: the last fixer's reason (a rejected reply, an empty one), if it has one
            why = next(
                (f.last_failure for f in reversed(self.fixers) if getattr(f, "last_failure", None)),
                None,
            )
            if why:
                self.emitter.emit(LoopStopped(iteration=index + 1, reason="no_fix", detail=why))
            st.stop_reason = "no_fix"
            return None
        return proposal

    def _try_fix(self, st: LoopState, issue: str, proposal: FixProposal, focus: str | None) -> None:
        """Review and apply one proposal, run the result, keep it or roll it back."""
        st.index += 1
        fix_id = f"fix-{st.index}"
        st.current, accepted = self._review_and_apply(st, fix_id, st.index, issue, proposal)
        decision = ResumeDecision(0, "resume disabled")
        if accepted:
            decision = self._resume_decision(st, proposal, accepted)
            st.run = self._execute(
                st,
                st.current,
                iteration=st.index,
                kind="iteration",
                start_at=decision.start_at,
                keep_kernel=self.options.resume,
                reason=decision.reason,
            )
        record = self._record(st, st.index, issue, proposal, accepted, decision)
        if accepted:
            self._judge(st, fix_id, accepted, record)
        if focus is not None:
            ended = (
                "rejected"
                if not accepted
                else "rolled back"
                if record.rolled_back
                else "still failing"
                if any(e.cell_id == focus for e in st.run.result.errors)
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
            # the kept kernel ran a change that was rolled back: its state is not ours
            st.fresh_kernel_next = False
            return ResumeDecision(0, "after a rollback: fresh kernel")
        if files:
            # the kept kernel imported the old module: only a fresh one sees the change
            return ResumeDecision(0, f"changed {', '.join(files)}: fresh kernel")
        if self.options.resume:
            changed = [c.cell_index for c in accepted]
            return decide_resume(
                st.run.result.executed, st.current, changed, st.run.result, str(proposal.fix_type)
            )
        return ResumeDecision(0, "resume disabled")

    def _judge(
        self, st: LoopState, fix_id: str, accepted: list[CellChange], record: IterationRecord
    ) -> None:
        """Keep the fix's run as the best state, keep it on probation, or roll it back."""
        run, index = st.run, st.index
        judgement = judge(st.best[0].state, run.state, st.target)
        if judgement.worse and st.probation is None and self._a_rule_answers(run, judgement):
            # the fix broke cells with an error a rule answers (an old default pinned back,
            # which today's library refuses until it is wrapped): one more fix may complete
            # it; the pair is judged against the best state then
            st.probation = (fix_id, list(accepted), record)
        elif judgement.worse:
            why = judgement.describe()
            record.rolled_back, record.rollback_reason = True, why
            why_for_model = judgement.describe(base=0)
            on_probation = st.probation[1] if st.probation else []
            if st.probation is not None:
                self._undo_probation(st, st.probation, why)
                st.probation = None
            for change in blamed([*on_probation, *accepted], st.best[0].state):
                st.refused.add((change.cell_id, change.new_source))
                if change.path is not None:
                    st.modules.refuse(change)
                where = change.path or f"cell {change.cell_index}"
                st.rejections.append(
                    f"Your earlier change to {where} was rolled back: {why_for_model}. "
                    f"The change was:\n{change.new_source}\nDo not propose it again."
                )
            st.provenance[:] = [p for p in st.provenance if p["fix_id"] != fix_id]
            self.emitter.emit(
                FixRolledBack(
                    fix_id=fix_id,
                    iteration=index,
                    reason=why,
                    cells=[c.cell_id for c in accepted],
                    broke=[
                        {"cell_index": c.index, "cell_id": c.cell_id, "error": c.error}
                        for c in judgement.broke
                    ],
                )
            )
            st.run, st.current = self._restore(st)
            st.fresh_kernel_next = True
        else:
            st.best = (run, copy.deepcopy(st.current), dict(st.modules.current))
            st.probation = None  # what the tentative fix broke is fixed: it stays

    def _settle(self, st: LoopState) -> None:
        """After the last fix: undo a fix still on probation, then run the final notebook from
        the top in a fresh kernel unless the last run already was exactly that."""
        if st.probation is not None:
            # the error the tentative fix caused was not fixed: back to the best state
            self._undo_probation(st, st.probation, "the error it caused was not fixed")
            for change in blamed(st.probation[1], st.best[0].state):
                st.refused.add((change.cell_id, change.new_source))
            st.run, st.current = self._restore(st)

        # the verdict runs with the module files that end up on disk: a file the user edited
        # meanwhile keeps their edit, and the run before the verdict did not see that
        dropped = st.modules.drop_changed_on_disk()
        st.module_notices.extend(dropped)
        run, current = st.run, st.current
        if (
            dropped
            or run.result.resumed_from is not None
            or _sources(run.result.executed) != _sources(current)
        ):
            # the verdict is always a fresh kernel running every cell of the final notebook
            st.run = self._execute(
                st,
                current,
                iteration=st.index,
                kind="verdict",
                reason="the verdict runs every cell of the final notebook",
            )

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

    def _target(self, original: NotebookNode, workdir: Path) -> float | None:
        if self.options.target_score is not None:
            return float(self.options.target_score)
        if self.score_source is not None and self.options.score_regex:
            # the original's stored outputs say what it once scored
            return self.score_source.score(original, workdir)
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
        python = kernel_python(self.options.kernel) if self.options.executor == "local" else None
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

    def _execute(
        self,
        st: LoopState,
        nb: NotebookNode,
        *,
        iteration: int,
        kind: str,
        start_at: int = 0,
        keep_kernel: bool = False,
        reason: str = "",
    ) -> _Run:
        workdir = st.workdir
        self.emitter.emit(
            ExecutionStarted(iteration=iteration, kind=kind, start_at=start_at, reason=reason)
        )

        total = len(nb.cells)

        def on_cell_start(index: int, cell_id: str) -> None:
            self.emitter.emit(
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
            self.emitter.emit(CellOutput(iteration=iteration, cell_index=index, text=tail))

        def on_cell(cell: CellRun) -> None:
            self.emitter.emit(
                CellExecuted(
                    iteration=iteration,
                    cell_index=cell.cell_index,
                    cell_id=cell.cell_id,
                    seconds=round(cell.seconds, 3),
                    error=cell.error.summary() if cell.error else None,
                )
            )

        result = self.executor.execute(
            ExecutionRequest(
                nb=nb,
                cwd=workdir,
                timeout_s=self.options.timeout,
                cell_timeout_s=self.options.cell_timeout,
                on_cell=on_cell,
                on_cell_start=on_cell_start,
                on_output=on_output,
                probe=self.probe,
                cancel=self.cancel,
                start_at=start_at,
                keep_kernel=keep_kernel,
                setup_code=st.modules.setup_code(),
            )
        )
        st.exec_seconds += result.runtime_s
        completed = not (result.timed_out or result.kernel_died or result.cancelled)
        score = None
        if self.score_source is not None and completed:
            # a sidecar writes into a scratch copy: score the files where the run wrote them
            score = self.score_source.score(result.executed, result.workdir or workdir)
        summary = RunSummary.of(result, score)
        state = RunState(
            cell_outcomes(result.executed),
            timed_out=result.timed_out,
            kernel_died=result.kernel_died,
            score=score,
        )
        cells = cell_report(st.baseline_state or state, state)
        summary.failing_cells, summary.fixed_cells = cells["failing"], cells["fixed"]
        # errors raised in the user's own modules: no cell edit fixes those lines (told once
        # each); with --modules apply, only those no rule fixes (the rest become proposals)
        notices = local_module_notices(
            result.errors,
            workdir,
            self.module_patch,
            st.modules_told,
            sources=st.modules.source,
            apply=self.options.modules == "apply",
        )
        st.module_notices.extend(notices)
        self.emitter.emit(
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
            )
        )
        return _Run(result=result, score=score, summary=summary, state=state)

    def _restore(self, st: LoopState) -> tuple[_Run, NotebookNode]:
        """Back to the best state: its run, a copy of its notebook, its module overlay."""
        run, nb, modules = st.best
        st.modules.current = dict(modules)
        return run, copy.deepcopy(nb)

    def _a_rule_answers(self, run: _Run, judgement: Judgement) -> bool:
        """A rule is triggered by the errors of the cells the fix broke."""
        from .fixers.rules import triggered_rules

        broke = {c.cell_id for c in judgement.broke}
        errors = [e for e in run.result.errors if e.cell_id in broke]
        rules = [r for f in self.fixers for r in getattr(f, "rules", [])]
        return bool(errors and rules and triggered_rules(rules, errors))

    def _undo_probation(self, st: LoopState, probation: _Probation, why: str) -> None:
        fix_id, changes, record = probation
        record.rolled_back, record.rollback_reason = True, why
        st.provenance[:] = [p for p in st.provenance if p["fix_id"] != fix_id]
        self.emitter.emit(
            FixRolledBack(
                fix_id=fix_id,
                iteration=record.index,
                reason=why,
                cells=[c.cell_id for c in changes],
                broke=[],
            )
        )

    def _triage(self, st: LoopState, run: _Run) -> list[CellTriage]:
        return triage(
            run.result.errors,
            run.result.executed,
            folder=run.result.workdir or st.modules.folder,
            versions=self.versions,
            modules_mode=self.options.modules,
            attempts=st.cell_attempts,
        )

    def _classify(self, run: _Run, target: float | None) -> str | None:
        result = run.result
        if result.timed_out:
            return "timeout"
        if result.errors or result.kernel_died:
            return "error"
        scored = self.score_source is not None and target is not None
        if scored and not within_band(run.score, target, self.options.tolerance):
            return "score_deviation"
        return None

    def _magic_proposal(self, st: LoopState, run: _Run) -> FixProposal | None:
        nb = run.result.executed
        proposal = comment_out(nb, missing_extensions(run.result.errors, nb))
        if proposal is None:
            return None
        proposal.changes = [
            c for c in proposal.changes if (c.cell_id, c.new_source) not in st.refused
        ]
        return proposal if proposal.changes else None

    def _module_proposal(self, st: LoopState, errors: list[CellError]) -> FixProposal | None:
        """The rules' changes to the notebook's own modules the errors were raised in."""
        if self.options.modules != "apply" or self.module_patch is None:
            return None
        changes, rule_ids = st.modules.propose(errors, self.module_patch)
        if not changes:
            return None
        names = ", ".join(c.path or "" for c in changes)
        return FixProposal(
            fix_type=FixType.ERROR_REPAIR,
            source="rule",
            plan=f"The error is raised in {names}, beside the notebook: apply the rules there.",
            changes=changes,
            rule_ids=rule_ids,
        )

    def _propose(self, st: LoopState, ctx: FixContext) -> FixProposal | None:
        for fixer in self.fixers:
            # a model that repeats a refused change is asked again (with that said); a rule's
            # answer would be the same, so a rule is asked once
            for _ in range(1 + max(0, self.options.max_reasks)):
                if self.cancel.is_set():
                    return None
                proposal = None
                try:
                    proposal = fixer.propose(ctx)
                finally:
                    # every request counts, also when all replies were rejected or the fixer
                    # raised: a fixer that sends requests says what its last propose() spent
                    spent = getattr(fixer, "last_usage", None)
                    if not isinstance(spent, TokenUsage):
                        spent = proposal.usage if proposal is not None else TokenUsage()
                    st.usage.add(spent)
                    if getattr(fixer, "budget", None) is not st.budget:
                        # a fixer that holds this budget charged it per request already
                        st.budget.charge(spent)
                if proposal is None:
                    break
                changes = [c for c in proposal.changes if self._may_propose(st, c, ctx)]
                if changes:
                    proposal.changes = changes
                    return proposal
                if proposal.source != "llm" or not proposal.changes:
                    break
                replies = getattr(fixer, "replies", None)
                if replies:
                    replies[-1].update(accepted=False, reason="repeats a refused change")
                ctx.rejections = [
                    *ctx.rejections,
                    "Your last reply repeated a change that was already refused or rolled "
                    "back. Propose a different change.",
                ]
        return None

    def _may_propose(self, st: LoopState, change: CellChange, ctx: FixContext) -> bool:
        """A real change, not one refused before (word for word); a file change only for a
        module the errors were raised in, never another file."""
        if change.old_source == change.new_source:
            return False
        if (change.cell_id, change.new_source) in st.refused:
            return False
        if change.path is None:
            return True
        return (
            change.path in ctx.modules
            and (change.path, change.new_source) not in st.modules.refused
        )

    def _review_and_apply(
        self, st: LoopState, fix_id: str, iteration: int, issue: str, proposal: FixProposal
    ) -> tuple[NotebookNode, list[CellChange]]:
        """Ask the review gate; return the notebook with the accepted cell changes, and every
        accepted change (a file's lands in the module overlay, not the notebook)."""
        self.emitter.emit(
            FixProposed(
                iteration=iteration,
                fix_id=fix_id,
                issue=issue,
                fix_type=str(proposal.fix_type),
                source=proposal.source,
                plan=proposal.plan,
                rule_ids=list(proposal.rule_ids),
                # each rule in a sentence, for people (the plan is terse: the model reads it too)
                rules=rule_notes(proposal.rule_ids),
                model=proposal.model,
                tokens=proposal.usage.to_json(),
                changes=[c.to_json() for c in proposal.changes],
            )
        )
        manual = getattr(self.review, "manual", True)
        if manual:
            self.emitter.emit(
                ReviewRequested(fix_id=fix_id, cell_ids=[c.cell_id for c in proposal.changes])
            )
        reported: set[str] = set()

        def report_decision(cell_id: str, accepted: bool) -> None:
            reported.add(cell_id)
            self.emitter.emit(
                CellDecision(
                    fix_id=fix_id,
                    cell_id=cell_id,
                    decision="accepted" if accepted else "rejected",
                )
            )

        # each click is an event as it happens, so every open view (and a reload) sees it
        decisions = self.review.decide(fix_id, proposal, report_decision if manual else None)
        new_nb = copy.deepcopy(st.current)
        applied: list[CellChange] = []
        for change in proposal.changes:
            accepted = decisions.get(change.cell_id, False)
            if manual and change.cell_id not in reported:  # left undecided: cancelled
                report_decision(change.cell_id, accepted)
            if accepted and change.path is not None:
                st.modules.accept(change)
                applied.append(change)
            elif accepted:
                cell = new_nb.cells[change.cell_index]
                cell.source = change.new_source
                applied.append(change)
            elif change.path is not None:
                st.refused.add((change.cell_id, change.new_source))
                st.modules.refuse(change)  # never proposed again, word for word
                st.rejections.append(
                    f"The user rejected this change to their file {change.path} "
                    f"({proposal.fix_type}, {proposal.source}); the file keeps its code."
                )
            else:
                st.refused.add((change.cell_id, change.new_source))
                # the next prompt must know what was refused, not only where
                st.rejections.append(
                    f"The user rejected this change to cell {change.cell_index} "
                    f"({proposal.fix_type}, {proposal.source}):\n{change.new_source}\n"
                    "Do not propose it again; the cell keeps its current code."
                )
        self.emitter.emit(
            FixApplied(
                fix_id=fix_id,
                iteration=iteration,
                cells=[c.cell_id for c in applied],
                cell_indices=[c.cell_index for c in applied],
                files=[c.path for c in applied if c.path is not None],
            )
        )
        if applied:
            st.provenance.append(
                {
                    "fix_id": fix_id,
                    "iteration": iteration,
                    "issue": issue,
                    "fix_type": str(proposal.fix_type),
                    "source": proposal.source,
                    "rule_ids": list(proposal.rule_ids),
                    "model": proposal.model,
                    "tokens": proposal.usage.to_json(),
                    "plan": proposal.plan,
                    "cells": [c.cell_id for c in applied if c.path is None],
                    "files": [c.path for c in applied if c.path is not None],
                    "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                }
            )
        return new_nb, applied

    def _streamer(self, iteration: int, fix_type: FixType) -> Callable[[str], None]:
        def stream(chunk: str) -> None:
            self.emitter.emit(LLMStream(iteration=iteration, fix_type=str(fix_type), text=chunk))

        return stream

    def _verdict(self, st: LoopState) -> JobResult:
        """Reproducible or not (reruns and a t-test when asked), the report and the notebook."""
        opts, run, target, path = self.options, st.run, st.target, st.path
        result = run.result
        completed = not (result.timed_out or result.kernel_died or result.cancelled)
        error_free = completed and result.error_free
        p_value = None
        rerun_scores: list[float] = []
        if self.score_source is not None and target is not None:
            basis = "score"
            reproducible = within_band(run.score, target, opts.tolerance)
            if opts.reruns > 0 and completed and run.score is not None:
                rerun_scores = [run.score]
                for k in range(opts.reruns):
                    if self.cancel.is_set():
                        break
                    again = self._execute(
                        st,
                        st.current,
                        iteration=len(st.records),
                        kind=f"rerun-{k + 1}",
                    )
                    if again.score is not None:
                        rerun_scores.append(again.score)
                verdict = ttest_verdict(rerun_scores, target, opts.tolerance)
                basis = "t-test"
                p_value = verdict.p_value
                reproducible = verdict.reproducible
        else:
            basis = "errors"
            reproducible = error_free
        final = run.summary
        # the final failing cells, told apart: what needs a package, what is blocked, what is
        # a code error ("1 cell needs package watermark; 0 code errors")
        final_cells = self._triage(st, run) if run.result.errors else []
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
        self.emitter.emit(
            Verdict(
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
            score_source=self.score_source.description if self.score_source else None,
            baseline=st.baseline,
            final=final,
            iterations=st.records,
            execution_seconds_total=st.exec_seconds,
            llm=st.usage,
            p_value=p_value,
            rerun_scores=rerun_scores,
            notices=[*st.notices, *st.module_notices],
            modules=st.modules.summary(),
            cells=[c.to_json() for c in final_cells],
            error_summary=error_summary,
            nothing_to_modernize=nothing,
            llm_replies=[r for f in self.fixers for r in getattr(f, "replies", [])],
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
        }
        return JobResult(notebook=modernized, report=report, modules=st.modules)


def rule_notes(rule_ids: list[str]) -> list[RuleNote]:
    """Each rule's id, library and one-line message (ids the catalogue lacks: the id alone)."""
    from .fixers.rules import get_rule

    notes: list[RuleNote] = []
    for rid in rule_ids:
        try:
            rule = get_rule(rid)
        except KeyError:
            notes.append({"id": rid, "library": "", "message": ""})
            continue
        notes.append({"id": rid, "library": rule.library, "message": rule.message})
    return notes


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


def blamed(changes: list[CellChange], before: RunState) -> list[CellChange]:
    """The changes a rollback refuses for good. A change to a cell that ran clean is the
    suspect (the failing cells are what a fix is for); when the fix only touched failing cells
    (or files), all of it. So a rules fix that also broke a working cell gets its good part
    proposed again on its own."""
    touched_clean = [
        c
        for c in changes
        if c.path is None and c.cell_id in before.cells and before.cells[c.cell_id].error is None
    ]
    return touched_clean or changes


def _issue_info(run: _Run, first: CellError | None = None) -> dict:
    first = first or run.result.first_error
    return {
        "first_error": first.summary() if first else None,
        "cell_index": first.cell_index if first else None,
        "score": run.score,
        "runtime_s": run.summary.runtime_s,
    }


def _sources(nb: NotebookNode) -> list[str]:
    return [c.source for c in nb.cells]


def _source_of(nb: NotebookNode, cell_id: str) -> str:
    for cell in nb.cells:
        if cell.get("id") == cell_id:
            return cell.source
    return ""
