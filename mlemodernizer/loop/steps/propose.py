"""Asking for a fix: a missing magic extension's lines, the rules' change to the notebook's
own module an error was raised in, then each fixer in turn (rules, then the LLM), never a change
refused before."""

from __future__ import annotations

from collections.abc import Callable

from ...contracts.errors import LLMError
from ...contracts.events import LLMStream, LoopStopped
from ...execution.base import CellError
from ...fixers.base import (
    BudgetExceeded,
    CellChange,
    FixContext,
    FixProposal,
    FixType,
    TokenUsage,
)
from ...fixers.magics import comment_out, missing_extensions
from ...fixers.offline_data import local_copies, use_local_copies
from ..context import LoopContext
from ..state import LoopState, Run


class Propose:
    """Asks for a fix: the loop-level unblocking fixes, then each fixer in turn."""

    def __init__(self, ctx: LoopContext) -> None:
        self.ctx = ctx

    def ask(
        self,
        st: LoopState,
        fix_context: FixContext,
        magic: FixProposal | None,
        fixable: list[CellError],
    ) -> FixProposal | None:
        """A proposal for the context; None (with ``st.stop_reason`` set) when there is none
        or the fixers cannot go on (budget spent, the LLM failing)."""
        index = st.index
        try:
            # an error inside the notebook's own module: the rules' change to that file first
            # and when no fixer has one, a failing import there moved into the functions
            proposal = (
                magic
                or self._module_proposal(st, fixable)
                or self._propose(st, fix_context)
                or self.deferred_import_proposal(st, fixable)
            )
        except BudgetExceeded as exc:
            self.ctx.emitter.emit(
                LoopStopped(iteration=index + 1, reason="budget", detail=str(exc))
            )
            st.stop_reason = "budget"
            return None
        except LLMError as exc:
            self.ctx.emitter.emit(
                LoopStopped(iteration=index + 1, reason="llm_error", detail=str(exc))
            )
            st.stop_reason = "llm_error"
            return None
        if proposal is None and st.deadline.passed():
            return None  # the loop says the deadline stopped it (Modernizer._next_fix)
        if proposal is None:
            # say why: the last fixer's reason (a rejected reply, an empty one), if it has one,
            # and in plain words when its reason was written to the model (the LLM's)
            said = next((f for f in reversed(self.ctx.fixers) if f.last_failure), None)
            if said is not None:
                self.ctx.emitter.emit(
                    LoopStopped(
                        iteration=index + 1,
                        reason="no_fix",
                        detail=said.last_failure,
                        summary=said.last_summary,
                    )
                )
            st.stop_reason = "no_fix"
            return None
        return proposal

    def _propose(self, st: LoopState, fix_context: FixContext) -> FixProposal | None:
        for fixer in self.ctx.fixers:
            # a model that repeats a refused change is asked again (with that said); a rule's
            # answer would be the same, so a rule is asked once
            for _ in range(1 + max(0, self.ctx.options.max_reasks)):
                if self.ctx.cancel.is_set():
                    return None
                proposal = None
                try:
                    proposal = fixer.propose(fix_context)
                finally:
                    # every request counts, also when all replies were rejected or the fixer
                    # raised: a fixer that sends requests says what its last propose() spent
                    spent = fixer.last_usage
                    if spent is None:
                        spent = proposal.usage if proposal is not None else TokenUsage()
                    st.usage.add(spent)
                    if fixer.budget is not st.budget:
                        # a fixer that holds this budget charged it per request already
                        st.budget.charge(spent)
                if proposal is None:
                    break
                changes = [c for c in proposal.changes if self._may_propose(st, c, fix_context)]
                if changes:
                    proposal.changes = changes
                    return proposal
                if not fixer.reasks or not proposal.changes:
                    break
                fixer.refused_as_repeat()
                fix_context.rejections = [
                    *fix_context.rejections,
                    "Your last reply repeated a change that was already refused or rolled "
                    "back. Propose a different change.",
                ]
        return None

    def _may_propose(self, st: LoopState, change: CellChange, fix_context: FixContext) -> bool:
        """A real change, not one refused before (word for word); a file change only for a
        module the errors were raised in, never another file."""
        if change.old_source == change.new_source:
            return False
        if (change.cell_id, change.new_source) in st.refused:
            return False
        if change.path is None:
            return True
        return (
            change.path in fix_context.modules
            and (change.path, change.new_source) not in st.modules.refused
        )

    def magic_proposal(self, st: LoopState, run: Run) -> FixProposal | None:
        """What unblocks a cell the environment blocks: a missing print-only extension's lines
        left out, a URL this machine cannot reach read from the file of its name beside the
        notebook."""
        nb = run.result.executed
        proposal = comment_out(nb, missing_extensions(run.result.errors, nb)) or (
            use_local_copies(nb, local_copies(run.result.errors, nb, st.workdir))
        )
        if proposal is None:
            return None
        proposal.changes = [
            c for c in proposal.changes if (c.cell_id, c.new_source) not in st.refused
        ]
        return proposal if proposal.changes else None

    def deferred_import_proposal(
        self, st: LoopState, blocked: list[CellError]
    ) -> FixProposal | None:
        """An import at the top of the notebook's own module that fails (a package missing
        from the kernel's environment, a name removed that no fixer brought back) of names used
        only inside its functions: the import moves into them, so the cells that never call
        those functions run."""
        if self.ctx.options.modules != "apply" or not blocked:
            return None
        return _files_proposal(
            *st.modules.defer_missing(blocked),
            "An import at the top of {names} fails today (a package the kernel's environment "
            "lacks, or a name no longer there) and is used only inside some of its functions: "
            "import it in those functions, so the module loads and only a call that needs it "
            "fails.",
        )

    def _module_proposal(self, st: LoopState, errors: list[CellError]) -> FixProposal | None:
        """The rules' changes to the notebook's own modules the errors were raised in."""
        if self.ctx.options.modules != "apply" or self.ctx.module_patch is None:
            return None
        return _files_proposal(
            *st.modules.propose(errors, self.ctx.module_patch),
            "The error is raised in {names}, beside the notebook: apply the rules there.",
        )

    def streamer(self, iteration: int, fix_type: FixType) -> Callable[[str], None]:
        def stream(chunk: str) -> None:
            self.ctx.emitter.emit(
                LLMStream(iteration=iteration, fix_type=str(fix_type), text=chunk)
            )

        return stream


def _files_proposal(
    changes: list[CellChange], rule_ids: list[str], plan: str
) -> FixProposal | None:
    """The rules' changes to the notebook's own files as one proposal (``plan`` names them
    through ``{names}``); None when there are none."""
    if not changes:
        return None
    return FixProposal(
        fix_type=FixType.ERROR_REPAIR,
        source="rule",
        plan=plan.format(names=", ".join(c.path or "" for c in changes)),
        changes=changes,
        rule_ids=rule_ids,
    )
