"""The fix loop: execute → classify (timeout → error → score deviation) → fix → review → repeat.

The loop knows nothing about faces: it takes a notebook and options, emits events, asks a review
gate for decisions and returns the final notebook and the report.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from nbformat import NotebookNode

from . import __version__
from .errors import LLMError
from .events import (
    CellDecision,
    CellExecuted,
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

    # --- public ---------------------------------------------------------------------------

    def run(self, nb: NotebookNode, path: Path, notices: list[str] | None = None) -> JobResult:
        opts = self.options
        self._exec_seconds = 0.0
        self._module_notices: list[str] = []
        self._install_tried: set[str] = set()  # --install-missing: each package once
        self._modules_told: set[Path] = set()
        self._usage = TokenUsage()
        workdir = path.parent.resolve()
        # the notebook's own modules: under its folder, or the project root the user gave
        limit = Path(opts.root).resolve() if opts.root else None
        self._modules = ModuleEdits(workdir, limit=limit)
        self._baseline_state: RunState | None = None
        # (cell id, source) the user rejected or a rollback undid: never proposed again
        self._refused: set[tuple[str, str]] = set()
        # per failing cell: how each fix aimed at it ended (triage gives up after a few)
        self._attempts: dict[str, list[str]] = {}
        original = copy.deepcopy(nb)
        current = copy.deepcopy(nb)
        target = self._target(original, workdir)
        self.emitter.emit(
            JobStarted(
                notebook=str(path),
                options=opts.to_json(),
                target_score=target,
                score_source=self.score_source.description if self.score_source else None,
                version=__version__,
            )
        )
        records: list[IterationRecord] = []
        attempts: list[Attempt] = []
        rejections: list[str] = []
        provenance: list[dict] = []

        if self.prepass is not None:
            # static SAFE rules before the first run: one execution saved, but the baseline is
            # then the pre-passed notebook's run (the report says so with iteration 0)
            proposal = self.prepass(current)
            if proposal is not None:
                current, applied = self._review_and_apply(
                    "fix-0", 0, "static", proposal, current, rejections, provenance
                )
                changed = [c.cell_index for c in applied]
                records.append(
                    IterationRecord(
                        index=0,
                        issue="static",
                        fix_type=str(proposal.fix_type),
                        source=proposal.source,
                        rule_ids=list(proposal.rule_ids),
                        cells_changed=changed,
                        runtime_s=None,
                        error_cells=None,
                        score=None,
                        tokens=0,
                        plan=proposal.plan,
                    )
                )

        run = self._execute(current, workdir, iteration=0, kind="baseline", keep_kernel=opts.resume)
        baseline = run.summary
        self._baseline_state = run.state
        # the best state seen: a fix whose run is worse is rolled back to it (progress.judge)
        best = (run, copy.deepcopy(current), dict(self._modules.current))
        fresh_kernel_next = False
        # a fix kept for one more iteration although its run was worse (see _a_rule_answers)
        probation: tuple[str, list[CellChange], IterationRecord] | None = None
        stop_reason = "reproducible"
        index = 0
        while True:
            issue = self._classify(run, target)
            if issue is None:
                stop_reason = "reproducible"
                break
            # which failing cells a fixer can work on: past a missing package, a helper file
            # left alone, a cell given up on, and the knock-on errors behind them
            cells = self._triage(run) if issue == "error" else []
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
            wanted = self._packages_to_install(cells) if opts.install_missing else []
            if wanted:
                reason = f"installed {', '.join(wanted)} into the kernel's environment"
                run = self._execute(
                    current, workdir, iteration=index + 1, kind="iteration", reason=reason
                )
                # same notebook, a richer environment: this run is the state to beat now
                best = (run, copy.deepcopy(current), dict(self._modules.current))
                continue
            # a print-only extension that is missing (%load_ext watermark): its lines can go
            magic = self._magic_proposal(run) if issue == "error" else None
            if (
                issue == "error"
                and cells
                and not fixable
                and magic is None
                and not run.result.kernel_died
            ):
                stop_reason = "blocked"  # nothing left that a fix here can change
                break
            if self.cancel.is_set():
                stop_reason = "cancelled"
                break
            if index >= opts.max_iterations:
                stop_reason = "iteration_limit"
                break
            fix_type = ISSUE_TO_FIX[issue]
            focus = fixable[0].cell_id if issue == "error" and fixable else None
            ctx = FixContext(
                fix_type=fix_type,
                notebook=run.result.executed,
                original=original,
                # the fixers see the fixable errors only: the first is the one to repair
                result=dataclasses.replace(run.result, errors=fixable) if cells else run.result,
                timeout_s=opts.timeout,
                target_score=target,
                current_score=run.score,
                higher_is_better=self.score_source.higher_is_better if self.score_source else True,
                tolerance=opts.tolerance,
                attempts=list(attempts),
                rejections=list(rejections),
                versions=self.versions,
                stream=self._streamer(index + 1, fix_type),
                cancel=self.cancel,
                modules=self._modules.editable(fixable) if opts.modules == "apply" else {},
                blocked=blocked_notes(cells),
            )
            try:
                # an error inside the notebook's own module: the rules' change to that file first
                proposal = magic or self._module_proposal(fixable) or self._propose(ctx)
            except BudgetExceeded as exc:
                self.emitter.emit(
                    LoopStopped(iteration=index + 1, reason="budget", detail=str(exc))
                )
                stop_reason = "budget"
                break
            except LLMError as exc:
                self.emitter.emit(
                    LoopStopped(iteration=index + 1, reason="llm_error", detail=str(exc))
                )
                stop_reason = "llm_error"
                break
            if proposal is None:
                # say why: the last fixer's reason (a rejected reply, an empty one), if it has one
                why = next(
                    (
                        f.last_failure
                        for f in reversed(self.fixers)
                        if getattr(f, "last_failure", None)
                    ),
                    None,
                )
                if why:
                    self.emitter.emit(LoopStopped(iteration=index + 1, reason="no_fix", detail=why))
                stop_reason = "no_fix"
                break
            index += 1
            fix_id = f"fix-{index}"
            current, accepted = self._review_and_apply(
                fix_id, index, issue, proposal, current, rejections, provenance
            )
            rejected = [c.cell_index for c in proposal.changes if c not in accepted and not c.path]
            files = [c.path for c in accepted if c.path is not None]
            decision = ResumeDecision(0, "resume disabled")
            if accepted:
                if fresh_kernel_next:
                    # the kept kernel ran a change that was rolled back: its state is not ours
                    decision = ResumeDecision(0, "after a rollback: fresh kernel")
                    fresh_kernel_next = False
                elif files:
                    # the kept kernel imported the old module: only a fresh one sees the change
                    decision = ResumeDecision(0, f"changed {', '.join(files)}: fresh kernel")
                elif opts.resume:
                    changed = [c.cell_index for c in accepted]
                    decision = decide_resume(
                        run.result.executed, current, changed, run.result, str(proposal.fix_type)
                    )
                run = self._execute(
                    current,
                    workdir,
                    iteration=index,
                    kind="iteration",
                    start_at=decision.start_at,
                    keep_kernel=opts.resume,
                    reason=decision.reason,
                )
            judgement = judge(best[0].state, run.state, target) if accepted else None
            record = IterationRecord(
                index=index,
                issue=issue,
                fix_type=str(proposal.fix_type),
                source=proposal.source,
                rule_ids=list(proposal.rule_ids),
                cells_changed=[c.cell_index for c in accepted if c.path is None],
                files_changed=files,
                files_rejected=[
                    c.path for c in proposal.changes if c.path is not None and c not in accepted
                ],
                cells_rejected=rejected,
                runtime_s=run.summary.runtime_s if accepted else None,
                error_cells=run.summary.error_cells if accepted else None,
                score=run.score if accepted else None,
                tokens=proposal.usage.total_tokens,
                resumed=bool(accepted) and run.result.resumed_from is not None,
                resume_reason=decision.reason if accepted else "",
                cells_run=[c.cell_index for c in run.result.cells] if accepted else [],
                plan=proposal.plan,
                model=proposal.model,
                similarity={
                    (c.path or str(c.cell_index)): {
                        "previous": edit_similarity(c.old_source, c.new_source),
                        "original": edit_similarity(_source_of(original, c.cell_id), c.new_source),
                    }
                    for c in accepted
                },
            )
            if (
                judgement is not None
                and judgement.worse
                and probation is None
                and self._a_rule_answers(run, judgement)
            ):
                # the fix broke cells with an error a rule answers (an old default pinned back,
                # which today's library refuses until it is wrapped): one more fix may complete
                # it; the pair is judged against the best state then
                probation = (fix_id, list(accepted), record)
            elif judgement is not None and judgement.worse:
                why = judgement.describe()
                record.rolled_back, record.rollback_reason = True, why
                why_for_model = judgement.describe(base=0)
                on_probation = probation[1] if probation else []
                if probation is not None:
                    self._undo_probation(probation, why, provenance)
                    probation = None
                for change in blamed([*on_probation, *accepted], best[0].state):
                    self._refused.add((change.cell_id, change.new_source))
                    if change.path is not None:
                        self._modules.refuse(change)
                    where = change.path or f"cell {change.cell_index}"
                    rejections.append(
                        f"Your earlier change to {where} was rolled back: {why_for_model}. "
                        f"The change was:\n{change.new_source}\nDo not propose it again."
                    )
                provenance[:] = [p for p in provenance if p["fix_id"] != fix_id]
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
                run, current = self._restore(best)
                fresh_kernel_next = True
            elif accepted:
                best = (run, copy.deepcopy(current), dict(self._modules.current))
                probation = None  # what the tentative fix broke is fixed: it stays
            if focus is not None:
                ended = (
                    "rejected"
                    if not accepted
                    else "rolled back"
                    if record.rolled_back
                    else "still failing"
                    if any(e.cell_id == focus for e in run.result.errors)
                    else None
                )
                if ended:
                    self._attempts.setdefault(focus, []).append(ended)
            records.append(record)
            attempts.append(
                Attempt(
                    index=index,
                    fix_type=str(proposal.fix_type),
                    source=proposal.source,
                    plan=proposal.plan,
                    cells_changed=record.cells_changed,
                    files_changed=record.files_changed,
                    result_summary=(
                        f"rolled back: {record.rollback_reason}"
                        if record.rolled_back
                        else run.summary.describe(target)
                        if accepted
                        else "all changes rejected"
                    ),
                )
            )
            if self._budget_spent():
                stop_reason = "budget"
                break

        if probation is not None:
            # the error the tentative fix caused was not fixed: back to the best state
            self._undo_probation(probation, "the error it caused was not fixed", provenance)
            for change in blamed(probation[1], best[0].state):
                self._refused.add((change.cell_id, change.new_source))
            run, current = self._restore(best)

        # the verdict runs with the module files that end up on disk: a file the user edited
        # meanwhile keeps their edit, and the run before the verdict did not see that
        dropped = self._modules.drop_changed_on_disk()
        self._module_notices.extend(dropped)
        if (
            dropped
            or run.result.resumed_from is not None
            or _sources(run.result.executed) != _sources(current)
        ):
            # the verdict is always a fresh kernel running every cell of the final notebook
            run = self._execute(current, workdir, iteration=index, kind="verdict")
        return self._finish(
            path,
            original,
            current,
            run,
            baseline,
            target,
            records,
            stop_reason,
            provenance,
            notices,
        )

    # --- steps ----------------------------------------------------------------------------

    def _target(self, original: NotebookNode, workdir: Path) -> float | None:
        if self.options.target_score is not None:
            return float(self.options.target_score)
        if self.score_source is not None and self.options.score_regex:
            # the original's stored outputs say what it once scored
            return self.score_source.score(original, workdir)
        return None

    def _packages_to_install(self, cells: list[CellTriage]) -> list[str]:
        """pip-installs the packages the blocked cells need, each tried once per run; the names
        installed (an empty list when nothing new was tried or nothing installed)."""
        wanted = sorted(
            {c.package for c in cells if c.kind == "environment" and c.package}
            - self._install_tried
        )
        if not wanted:
            return []
        self._install_tried.update(wanted)
        python = kernel_python(self.options.kernel) if self.options.executor == "local" else None
        if python is None:
            self._module_notices.append(
                f"--install-missing: the kernel is not a Python on this machine (or runs in "
                f"the sidecar image); install {', '.join(wanted)} there yourself"
            )
            return []
        done = install(wanted, python)
        for item in done:
            verb = "installed" if item.ok else "could not install"
            self._module_notices.append(f"--install-missing: {verb} {item.package}: {item.detail}")
        return [item.package for item in done if item.ok]

    def _execute(
        self,
        nb: NotebookNode,
        workdir: Path,
        *,
        iteration: int,
        kind: str,
        start_at: int = 0,
        keep_kernel: bool = False,
        reason: str = "",
    ) -> _Run:
        self.emitter.emit(
            ExecutionStarted(iteration=iteration, kind=kind, start_at=start_at, reason=reason)
        )

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
                probe=self.probe,
                cancel=self.cancel,
                start_at=start_at,
                keep_kernel=keep_kernel,
                setup_code=self._modules.setup_code(),
            )
        )
        self._exec_seconds += result.runtime_s
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
        cells = cell_report(self._baseline_state or state, state)
        summary.failing_cells, summary.fixed_cells = cells["failing"], cells["fixed"]
        # errors raised in the user's own modules: no cell edit fixes those lines (told once
        # each); with --modules apply, only those no rule fixes (the rest become proposals)
        notices = local_module_notices(
            result.errors,
            workdir,
            self.module_patch,
            self._modules_told,
            sources=self._modules.source,
            apply=self.options.modules == "apply",
        )
        self._module_notices.extend(notices)
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

    def _restore(
        self, best: tuple[_Run, NotebookNode, dict[str, str]]
    ) -> tuple[_Run, NotebookNode]:
        """Back to the best state: its run, a copy of its notebook, its module overlay."""
        run, nb, modules = best
        self._modules.current = dict(modules)
        return run, copy.deepcopy(nb)

    def _a_rule_answers(self, run: _Run, judgement: Judgement) -> bool:
        """A rule is triggered by the errors of the cells the fix broke."""
        from .fixers.rules import triggered_rules

        broke = {c.cell_id for c in judgement.broke}
        errors = [e for e in run.result.errors if e.cell_id in broke]
        rules = [r for f in self.fixers for r in getattr(f, "rules", [])]
        return bool(errors and rules and triggered_rules(rules, errors))

    def _undo_probation(
        self,
        probation: tuple[str, list[CellChange], IterationRecord],
        why: str,
        provenance: list[dict],
    ) -> None:
        fix_id, changes, record = probation
        record.rolled_back, record.rollback_reason = True, why
        provenance[:] = [p for p in provenance if p["fix_id"] != fix_id]
        self.emitter.emit(
            FixRolledBack(
                fix_id=fix_id,
                iteration=record.index,
                reason=why,
                cells=[c.cell_id for c in changes],
                broke=[],
            )
        )

    def _triage(self, run: _Run) -> list[CellTriage]:
        return triage(
            run.result.errors,
            run.result.executed,
            folder=run.result.workdir or self._modules.folder,
            versions=self.versions,
            modules_mode=self.options.modules,
            attempts=self._attempts,
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

    def _magic_proposal(self, run: _Run) -> FixProposal | None:
        nb = run.result.executed
        proposal = comment_out(nb, missing_extensions(run.result.errors, nb))
        if proposal is None:
            return None
        proposal.changes = [
            c for c in proposal.changes if (c.cell_id, c.new_source) not in self._refused
        ]
        return proposal if proposal.changes else None

    def _module_proposal(self, errors: list[CellError]) -> FixProposal | None:
        """The rules' changes to the notebook's own modules the errors were raised in."""
        if self.options.modules != "apply" or self.module_patch is None:
            return None
        changes, rule_ids = self._modules.propose(errors, self.module_patch)
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

    def _propose(self, ctx: FixContext) -> FixProposal | None:
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
                    self._usage.add(spent)
                if proposal is None:
                    break
                changes = [c for c in proposal.changes if self._may_propose(c, ctx)]
                if changes:
                    proposal.changes = changes
                    return proposal
                if proposal.source != "llm" or not proposal.changes:
                    break
                ctx.rejections = [
                    *ctx.rejections,
                    "Your last reply repeated a change that was already refused or rolled "
                    "back. Propose a different change.",
                ]
        return None

    def _may_propose(self, change: CellChange, ctx: FixContext) -> bool:
        """A real change, not one refused before (word for word); a file change only for a
        module the errors were raised in, never another file."""
        if change.old_source == change.new_source:
            return False
        if (change.cell_id, change.new_source) in self._refused:
            return False
        if change.path is None:
            return True
        return (
            change.path in ctx.modules
            and (change.path, change.new_source) not in self._modules.refused
        )

    def _review_and_apply(
        self,
        fix_id: str,
        iteration: int,
        issue: str,
        proposal: FixProposal,
        nb: NotebookNode,
        rejections: list[str],
        provenance: list[dict],
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
        new_nb = copy.deepcopy(nb)
        applied: list[CellChange] = []
        for change in proposal.changes:
            accepted = decisions.get(change.cell_id, False)
            if manual and change.cell_id not in reported:  # left undecided: cancelled
                report_decision(change.cell_id, accepted)
            if accepted and change.path is not None:
                self._modules.accept(change)
                applied.append(change)
            elif accepted:
                cell = new_nb.cells[change.cell_index]
                cell.source = change.new_source
                applied.append(change)
            elif change.path is not None:
                self._refused.add((change.cell_id, change.new_source))
                self._modules.refuse(change)  # never proposed again, word for word
                rejections.append(
                    f"The user rejected this change to their file {change.path} "
                    f"({proposal.fix_type}, {proposal.source}); the file keeps its code."
                )
            else:
                self._refused.add((change.cell_id, change.new_source))
                # the next prompt must know what was refused, not only where
                rejections.append(
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
            provenance.append(
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

    def _budget_spent(self) -> bool:
        opts = self.options
        if opts.budget_usd is not None and self._usage.cost_usd >= opts.budget_usd:
            return True
        return opts.budget_tokens is not None and self._usage.total_tokens >= opts.budget_tokens

    def _finish(
        self,
        path: Path,
        original: NotebookNode,
        current: NotebookNode,
        run: _Run,
        baseline: RunSummary,
        target: float | None,
        records: list[IterationRecord],
        stop_reason: str,
        provenance: list[dict],
        notices: list[str] | None,
    ) -> JobResult:
        opts = self.options
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
                        current,
                        path.parent.resolve(),
                        iteration=len(records),
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
        final_cells = self._triage(run) if run.result.errors else []
        error_summary = summary_line(final_cells) if final_cells else None
        result_outcome = outcome(
            completed=completed, error_free=error_free, reproducible=reproducible
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
            )
        )
        report = Report(
            notebook=str(path),
            output=None,
            outcome=result_outcome,
            error_free=error_free,
            reproducible=reproducible,
            reproducibility_basis=basis,
            stop_reason=stop_reason,
            target_score=target,
            tolerance=opts.tolerance,
            score_source=self.score_source.description if self.score_source else None,
            baseline=baseline,
            final=final,
            iterations=records,
            execution_seconds_total=self._exec_seconds,
            llm=self._usage,
            p_value=p_value,
            rerun_scores=rerun_scores,
            notices=[*(notices or []), *self._module_notices],
            modules=self._modules.summary(),
            cells=[c.to_json() for c in final_cells],
            error_summary=error_summary,
        )
        modernized = copy.deepcopy(result.executed)
        # the executed copy carries the final sources; keep the user's notebook metadata
        modernized.metadata = copy.deepcopy(original.metadata)
        modernized.metadata["mlemodernizer"] = {
            "version": __version__,
            "source_notebook": path.name,
            "outcome": result_outcome,
            "stop_reason": stop_reason,
            "fixes": provenance,
        }
        return JobResult(notebook=modernized, report=report, modules=self._modules)


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
