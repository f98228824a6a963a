"""The judge: after a fix's run, keep it as the best state, keep it on probation (it broke
cells with an error a rule answers), or roll it back; and, after the last fix, settle: undo a
fix still on probation and run the final notebook from the top."""

from __future__ import annotations

import copy

from nbformat import NotebookNode

from ...contracts.events import FixRolledBack
from ...contracts.notebook import shown_cell_number
from ...contracts.shapes import IterationRecord
from ...environment.local_modules import failing_local_frame
from ...execution.seeding import OTHER_SEED
from ...fixers.base import CellChange, FixProposal
from ...fixers.environment.forms import raised_through
from ...scoring.randomness import callables_to_ask, differing_cells, read_randomness
from ...scoring.stored_numbers import cell_numbers, faithful_cells, faithful_cells_lost, found_again
from ..context import LoopContext
from ..judgement import Judgement, RunState, judge
from ..module_overlay import FILE_ID_PREFIX
from ..state import LoopState, Probation, Run
from .execute import Execute

_BEST_RUN_OUTPUTS = (
    "the result's outputs are its best run's, not a fresh run's from the top: the deadline "
    "left no time for one"
)


class Judge:
    """Judges a fix's run against the best state (keep, probation, roll back), measures what is
    random, and settles the loop's end. Runs the notebook again through ``execute`` where a
    second look or the verdict's run from the top is needed."""

    def __init__(self, ctx: LoopContext, execute: Execute) -> None:
        self.ctx = ctx
        self.execute = execute

    def __call__(
        self,
        st: LoopState,
        fix_id: str,
        accepted: list[CellChange],
        record: IterationRecord,
        proposal: FixProposal | None = None,
    ) -> None:
        """Keep the fix's run as the best state, keep it on probation, or roll it back."""
        if proposal is not None and proposal.targets:
            self._judge_targets(st, fix_id, accepted, record, proposal)
            return
        run = st.run
        judgement = judge(st.best[0].state, run.state, st.target)
        if judgement.score_only and (why := self._score_is_random(st, run)):
            # the score moved away, and nothing else got worse, but the score's cell is random:
            # its movement is no evidence of what the fix changed
            record.lost_in_random_cells.append({"cell_index": why[0], "why": why[1]})
            judgement = Judgement(False)
        # judged by fidelity too: a working cell that showed its author's numbers and, after
        # the fix, shows fewer of them, was changed by it as surely as a cell it broke
        drifted = [] if judgement.worse else self._numbers_lost(st, run, accepted, record)
        if judgement.worse and st.probation is None and self._a_rule_answers(run, judgement):
            # the fix broke cells with an error a rule answers (an old default pinned back,
            # which today's library refuses until it is wrapped): one more fix may complete
            # it; the pair is judged against the best state then
            st.probation = (fix_id, list(accepted), record)
        elif judgement.worse or drifted:
            # people and the model count cells alike (from 1): one reason for both
            why = judgement.describe() if judgement.worse else _drift_reason(drifted)
            record.rolled_back, record.rollback_reason = True, why
            on_probation = st.probation[1] if st.probation else []
            if st.probation is not None:
                self._undo_probation(st, st.probation, why)
                st.probation = None
            for change in blamed([*on_probation, *accepted], st.best[0].state):
                st.refused.add((change.cell_id, change.new_source))
                if change.path is not None:
                    st.modules.refuse(change)
                where = change.path or f"cell {shown_cell_number(change.cell_index)}"
                st.rejections.append(
                    f"Your earlier change to {where} was rolled back: {why}. "
                    f"The change was:\n{change.new_source}\nDo not propose it again."
                )
            self.roll_back(st, fix_id, accepted, why, judgement)
        else:
            st.best = (run, copy.deepcopy(st.current), dict(st.modules.current))
            st.probation = None  # what the tentative fix broke is fixed: it stays

    def _numbers_lost(
        self, st: LoopState, run: Run, accepted: list[CellChange], record: IterationRecord
    ) -> list[tuple[int, int, int]]:
        """The working cells whose loss of their author's numbers is the fix's doing: not a
        random cell (read or measured), and the loss holds on a second look, a run of the same
        code with another seed (a cell whose numbers move between the two is random: measured,
        and no evidence). Cells excused as random are kept on the record, with why."""
        lost = self._faithful_lost(st, run, accepted)
        if not lost:
            return []
        self.read_randomness(st)
        excused = [(cell, st.randomness.why(cell[0])) for cell in lost]
        lost = [cell for cell, why in excused if why is None]
        if lost:
            again = self._second_look(st, run)
            if again is not None:
                moved = differing_cells(run.result.executed, again.result.executed)
                st.randomness.measured.update(moved)
                still = [cell for cell in lost if cell[0] not in moved]
                record.second_look = _second_look_words(lost, still)
                excused += [(cell, moved[cell[0]]) for cell in lost if cell[0] in moved]
                lost = still
        record.lost_in_random_cells = [
            {"cell_index": i, "found": found, "total": total, "why": why}
            for (i, found, total), why in excused
            if why is not None
        ]
        return lost

    def _score_is_random(self, st: LoopState, run: Run) -> tuple[int, str] | None:
        """The score's cell and why it is random, when it is (None: not, or no score cell)."""
        score_cell = getattr(self.ctx.score_source, "score_cell", None)
        index = score_cell(run.result.executed) if score_cell is not None else None
        if index is None:
            return None
        self.read_randomness(st)
        why = st.randomness.why(index)
        return (index, f"the score's cell: {why}") if why else None

    def _second_look(self, st: LoopState, run: Run) -> Run | None:
        """The fix's notebook once more with another seed, from the top in a fresh kernel (so
        the notebook's own ``np.random.seed(0)`` runs again: a seeded cell draws as before);
        None when there is no time for it or noise runs are off. Asked only for a loss in a
        cell the reading and the runs so far do not know to be random: rarely."""
        if not self.ctx.options.noise_run or st.deadline.too_late_for("a second look"):
            return None
        again = self.execute(
            st,
            st.current,
            iteration=st.index,
            kind="second-look",
            seed=OTHER_SEED,
            reason="the same code with another seed: did the cells that lost their author's "
            "numbers lose them to the fix, or to chance?",
        )
        # its kernel drew from another seed: the next run must not resume in it
        st.fresh_kernel_next = "after a second look with another seed: fresh kernel"
        if again.result.timed_out or again.result.kernel_died or again.result.cancelled:
            return None
        return again

    def noise_baseline(self, st: LoopState) -> None:
        """The unchanged notebook once more with another seed, where that can tell something
        (a working cell that shows all its author's numbers and that the reading does not call
        random, the only kind a fix is judged by) and only as far as the last such cell (the
        cells after it are not run: cheaper, and the same every time): the cells the two runs
        disagree on are random before any fix is judged. Off with noise runs."""
        run = st.run
        if not self.ctx.options.noise_run or self.ctx.cancel.is_set() or run.result.timed_out:
            return
        executed = run.result.executed
        judged = [i for i in faithful_cells(st.original, executed) if st.randomness.why(i) is None]
        if not judged or st.deadline.too_late_for("the randomness check"):
            return
        upto = copy.deepcopy(st.current)
        for cell in upto.cells[max(judged) + 1 :]:
            if cell.cell_type == "code":
                cell.source = ""  # not run: no cell after it is judged by this check
        noise = self.execute(
            st,
            upto,
            iteration=0,
            kind="noise-baseline",
            seed=OTHER_SEED,
            reason=f"the unchanged notebook with another seed, up to cell "
            f"{shown_cell_number(max(judged))}: cells whose numbers move between two runs are "
            "random, and no fix is judged by them",
        )
        st.randomness.measured.update(differing_cells(executed, noise.result.executed))
        # the baseline's kernel is gone (a fresh one ran the check): the first fix starts anew
        st.fresh_kernel_next = "the randomness check ran in a kernel of its own: fresh kernel"

    def read_randomness(self, st: LoopState) -> None:
        """The reading of the current code (a fix may have made a cell parse at last)."""
        names = callables_to_ask(st.current)
        known = st.signatures.lookup(names) if st.signatures is not None else {}
        st.randomness.reading = read_randomness(st.current, known).cells

    def _faithful_lost(
        self, st: LoopState, run: Run, accepted: list[CellChange]
    ) -> list[tuple[int, int, int]]:
        """The working cells, from the first the fix changed on, that showed all their stored
        numbers in the best run and show fewer after it (stored_numbers.faithful_cells_lost)."""
        cells = [c.cell_index for c in accepted if c.path is None]
        start = min(cells) if cells and len(cells) == len(accepted) else 0  # a module: all
        return faithful_cells_lost(
            st.original, st.best[0].result.executed, run.result.executed, start
        )

    def roll_back(
        self,
        st: LoopState,
        fix_id: str,
        accepted: list[CellChange],
        why: str,
        judgement: Judgement | None = None,
    ) -> None:
        """Back to the best state; the fix leaves the provenance and a fresh kernel runs next."""
        st.provenance[:] = [p for p in st.provenance if p["fix_id"] != fix_id]
        self.ctx.emitter.emit(
            FixRolledBack(
                fix_id=fix_id,
                iteration=st.index,
                reason=why,
                cells=[c.cell_id for c in accepted],
                broke=[
                    {"cell_index": c.index, "cell_id": c.cell_id, "error": c.error}
                    for c in (judgement.broke if judgement else [])
                ],
            )
        )
        st.run, st.current = self._restore(st)
        st.fresh_kernel_next = "after a rollback: fresh kernel"

    def _judge_targets(
        self,
        st: LoopState,
        fix_id: str,
        accepted: list[CellChange],
        record: IterationRecord,
        proposal: FixProposal,
    ) -> None:
        """A proposal whose changes each aim at one cell's error (the environment family's):
        a change is kept only when that error is gone and nothing got worse: no cell broke, no
        more failing cells, and no working cell that showed all its stored numbers shows fewer
        (from the first changed cell on). The fixer is told how each ended."""
        run, best = st.run, st.best[0]
        judgement = judge(best.state, run.state, st.target)
        why = judgement.describe() if judgement.worse else ""
        if not why:
            # judged cell by cell, as every fix is: a count over all later cells would blame
            # the fix for what unseeded randomness moves there
            drifted = self._numbers_lost(st, run, accepted, record)
            if drifted:
                why = _drift_reason(drifted)
        groups = proposal.groups or {cid: [cid] for cid in proposal.targets}
        outcomes: dict[str, tuple[str, str]] = {}
        if why:
            record.rolled_back, record.rollback_reason = True, why
            if len(proposal.targets) == 1:  # a lone change that made things worse: never again
                for change in accepted:
                    st.refused.add((change.cell_id, change.new_source))
            outcomes = {cid: ("rolled back", why) for cid in proposal.targets}
            self.roll_back(st, fix_id, accepted, why, judgement)
            self.tell(proposal, outcomes)
            return
        remained = {
            cid
            for cid, error in proposal.targets.items()
            if (now := run.state.cells.get(cid)) is not None
            and now.error is not None
            and (
                now.error[:200] == error[:200]
                or cid in proposal.require_clean
                or _still_refused(run, cid, proposal.refused_by.get(cid))
            )
            and not _raised_elsewhere(st, run, cid, groups.get(cid, []))
        }
        # a name chosen by spelling alone must also show what the author's cell showed
        unconfirmed = {
            cid
            for cid in proposal.require_clean
            if cid not in remained and not _shows_its_stored_numbers(st, run, cid)
        }
        remained |= unconfirmed
        for cid in proposal.targets:
            outcomes[cid] = (
                (
                    "dropped",
                    "its cell runs, but does not show the numbers its stored output shows (a "
                    "name chosen by spelling alone must)"
                    if cid in unconfirmed
                    else "its cell still fails (a name chosen by spelling alone is kept only "
                    "when its cell runs clean)"
                    if cid in proposal.require_clean
                    else "the error it aimed at remained",
                )
                if cid in remained
                else ("kept", "its cell's error is gone and nothing got worse")
            )
        dropped_cells = {c for cid in remained for c in groups.get(cid, [cid])}
        dropped = [c for c in accepted if c.cell_id in dropped_cells]
        for change in dropped:
            st.refused.add((change.cell_id, change.new_source))
        if dropped and len(dropped) == len(accepted):
            why = _none_kept_why(run, proposal, remained, unconfirmed)
            record.rolled_back, record.rollback_reason = True, why
            self.roll_back(st, fix_id, accepted, why)
        else:
            for change in dropped:  # the kept run, with those cells (and files) as they were
                if change.path is not None:
                    st.modules.current[change.path] = change.old_source
                    st.modules.refuse(change)
                    continue
                st.current.cells[change.cell_index].source = change.old_source
                run.result.executed.cells[change.cell_index].source = change.old_source
            if dropped:
                record.rollback_reason = (
                    "dropped the changes to cells "
                    + ", ".join(str(c.cell_index + 1) for c in dropped)
                    + ": the error they aimed at remained"
                )
            st.best = (run, copy.deepcopy(st.current), dict(st.modules.current))
            st.probation = None
        self.tell(proposal, outcomes)

    def tell(self, proposal: FixProposal, outcomes: dict[str, tuple[str, str]]) -> None:
        """The fixer that made the proposal learns how each of its changes ended."""
        for fixer in self.ctx.fixers:
            if fixer.name == proposal.source:
                fixer.judged(outcomes)

    def settle(self, st: LoopState) -> None:
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
        if not (
            dropped
            or run.result.resumed_from is not None
            or _sources(run.result.executed) != _sources(current)
        ):
            return
        if st.deadline.too_late_for("the verdict's run from the top"):
            # the best run so far is the verdict: its outputs, said so
            st.module_notices.append(_BEST_RUN_OUTPUTS)
            return
        # the verdict is always a fresh kernel running every cell of the final notebook
        st.run = self.execute(
            st,
            current,
            iteration=st.index,
            kind="verdict",
            reason="the verdict runs every cell of the final notebook",
        )
        if st.deadline.hit:  # cut short: never a result worse than the best run
            st.run = run
            st.module_notices.append(_BEST_RUN_OUTPUTS)

    def _restore(self, st: LoopState) -> tuple[Run, NotebookNode]:
        """Back to the best state: its run, a copy of its notebook, its module overlay."""
        run, nb, modules = st.best
        st.modules.current = dict(modules)
        return run, copy.deepcopy(nb)

    def _a_rule_answers(self, run: Run, judgement: Judgement) -> bool:
        """A rule is triggered by the errors of the cells the fix broke."""
        broke = {c.cell_id for c in judgement.broke}
        errors = [e for e in run.result.errors if e.cell_id in broke]
        return any(f.answers(errors) for f in self.ctx.fixers)

    def _undo_probation(self, st: LoopState, probation: Probation, why: str) -> None:
        fix_id, changes, record = probation
        record.rolled_back, record.rollback_reason = True, why
        st.provenance[:] = [p for p in st.provenance if p["fix_id"] != fix_id]
        self.ctx.emitter.emit(
            FixRolledBack(
                fix_id=fix_id,
                iteration=record.index,
                reason=why,
                cells=[c.cell_id for c in changes],
                broke=[],
            )
        )


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


def _drift_reason(lost: list[tuple[int, int, int]]) -> str:
    """ "cell 7 showed 4 of 4 numbers of its author's output; after this fix, 2" (cells counted
    from 1, for people and the model's prompt alike)."""
    parts = [
        f"cell {shown_cell_number(i)} showed {total} of {total} numbers of its author's output; "
        f"after this fix, {found}"
        for i, found, total in lost[:3]
    ]
    more = f" (and {len(lost) - 3} more cells)" if len(lost) > 3 else ""
    return "; ".join(parts) + more


def _second_look_words(lost: list[tuple[int, int, int]], still: list[tuple[int, int, int]]) -> str:
    """What the second look found, cells counted from 1."""
    cells = ", ".join(str(shown_cell_number(i)) for i, _, _ in lost)
    if not still:
        return f"a run with another seed moved cell {cells}'s numbers too: random, not the fix"
    kept = ", ".join(str(shown_cell_number(i)) for i, _, _ in still)
    return f"a run with another seed showed cell {kept} as the fix's run did: the loss is the fix's"


def _none_kept_why(
    run: Run, proposal: FixProposal, remained: set[str], unconfirmed: set[str]
) -> str:
    """Why no change of a proposal was kept, as it was: the error each aimed at remained, or
    it went but the cell still fails (where the change had to leave it clean), or the cell
    runs without the numbers it stored."""
    if unconfirmed == remained:
        return "its cell runs, but does not show the numbers its stored output shows"
    moved_on = [
        (cid, now.error)
        for cid in remained - unconfirmed
        if cid in proposal.require_clean
        and (now := run.state.cells.get(cid)) is not None
        and now.error is not None
        and now.error[:200] != proposal.targets[cid][:200]
    ]
    if moved_on and len(moved_on) == len(remained - unconfirmed):
        first = moved_on[0][1].splitlines()[0]
        if len(first) > 80:  # the error's name and its start are enough here
            first = first[:80].rsplit(" ", 1)[0] + "…"
        return (
            f"its cell still fails ({first}); a name found by its spelling or in another "
            "library is kept only where its cell then runs clean"
        )
    return "no change removed the error it aimed at"


def _sources(nb: NotebookNode) -> list[str]:
    return [c.source for c in nb.cells]


def _still_refused(run: Run, cell_id: str, refused: tuple[str, str] | None) -> bool:
    """The argument given a stated form is still refused: the cell's error comes from the same
    library function, or the argument has no such method (a list where the form wants an
    array)."""
    if refused is None:
        return False
    function, method = refused
    error = next((e for e in run.result.errors if e.cell_id == cell_id), None)
    if error is None:
        return False
    if error.ename == "AttributeError" and f"has no attribute '{method}'" in (error.evalue or ""):
        return True
    return raised_through(error.traceback, function)


def _raised_elsewhere(st: LoopState, run: Run, cell_id: str, group: list[str]) -> bool:
    """The change was to the notebook's own modules, and the cell's error is now raised in
    another of them: the same drift one file on (two helpers each calling ``Memory(cachedir=)``)
    is progress, not the error remaining."""
    files = [g.removeprefix(FILE_ID_PREFIX) for g in group if g.startswith(FILE_ID_PREFIX)]
    if not files or len(files) != len(group):
        return False
    error = next((e for e in run.result.errors if e.cell_id == cell_id), None)
    folder = st.modules.folder
    frame = failing_local_frame(error.traceback, folder) if error is not None else None
    if frame is None:
        return False
    return all(frame.path != (folder / f).resolve() for f in files)


def _shows_its_stored_numbers(st: LoopState, run: Run, cell_id: str) -> bool:
    """Every number the author's stored output of the cell shows is found again in its output
    now (true when the stored output shows none: nothing to confirm or refute)."""
    original = next((c for c in st.original.cells if c.get("id") == cell_id), None)
    now = next((c for c in run.result.executed.cells if c.get("id") == cell_id), None)
    if original is None or now is None:
        return True
    stored = cell_numbers(original)
    return found_again(stored, cell_numbers(now)) == len(stored)
