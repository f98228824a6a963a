"""Per-cell review: the loop's worker thread waits here until the user decided every cell.

The gate learns about a fix from its ``fix_proposed`` event (it is also an event sink), so a
decision that arrives right after ``review_requested`` always finds its fix registered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..contracts.events import Event, FixProposed
from ..fixers.base import FixProposal
from ..loop import DecisionCallback

DECISIONS = ("accept", "reject", "accept_all", "reject_all")


class ReviewError(ValueError):
    """A decision that does not fit the job's pending review (unknown fix or cell, bad value)."""


class ManualReview:
    manual = True

    def __init__(
        self, cancel: threading.Event, on_wait: Callable[[bool], None] | None = None
    ) -> None:
        self._cancel = cancel
        # told True before the job waits for a person and False when it goes on: a waiting job
        # gives its worker slot back (the manager's JobSlots)
        self._on_wait = on_wait
        self._cond = threading.Condition()
        self._pending: dict[str, dict[str, bool | None]] = {}

    # event sink: register a fix as soon as it is proposed
    def __call__(self, event: Event) -> None:
        proposed = event.payload
        if isinstance(proposed, FixProposed):
            with self._cond:
                cells = {c["cell_id"]: None for c in proposed.changes}
                self._pending[proposed.fix_id] = cells

    def decide(
        self, fix_id: str, proposal: FixProposal, on_decision: DecisionCallback | None = None
    ) -> dict[str, bool]:
        reported: set[str] = set()
        waiting = False
        try:
            while True:
                with self._cond:
                    cells = self._pending.setdefault(
                        fix_id, {c.cell_id: None for c in proposal.changes}
                    )
                    done = all(v is not None for v in cells.values()) or self._cancel.is_set()
                    fresh = [
                        (c, bool(v))
                        for c, v in cells.items()
                        if v is not None and c not in reported
                    ]
                    if done:
                        self._pending.pop(fix_id, None)
                if not fresh and not done:
                    if not waiting and self._on_wait is not None:
                        waiting = True
                        self._on_wait(True)  # outside the lock: it may block on nothing
                    with self._cond:
                        if not self._undecided_changed(fix_id, reported):
                            self._cond.wait(timeout=0.5)
                    continue
                # reported outside the lock: emitting takes the emitter's lock, whose sinks
                # take ours
                for cell_id, accepted in fresh:
                    reported.add(cell_id)
                    if on_decision is not None:
                        on_decision(cell_id, accepted)
                if done:
                    # undecided cells (the job was cancelled) count as rejected
                    return {cid: bool(v) for cid, v in cells.items()}
        finally:
            if waiting and self._on_wait is not None:
                self._on_wait(False)  # may wait for a free worker slot before going on

    def _undecided_changed(self, fix_id: str, reported: set[str]) -> bool:
        """A decision arrived (or the job was cancelled) since the last look; holds the lock."""
        cells = self._pending.get(fix_id, {})
        decided = any(v is not None and c not in reported for c, v in cells.items())
        return decided or self._cancel.is_set()

    def submit(self, fix_id: str, decision: str, cell_id: str | None = None) -> None:
        if decision not in DECISIONS:
            raise ReviewError(f"decision must be one of {', '.join(DECISIONS)}")
        with self._cond:
            cells = self._pending.get(fix_id)
            if cells is None:
                raise ReviewError(f"no pending review for fix {fix_id!r}")
            if decision in ("accept_all", "reject_all"):
                for cid, value in cells.items():
                    if value is None:
                        cells[cid] = decision == "accept_all"
            else:
                if cell_id not in cells:
                    raise ReviewError(f"cell {cell_id!r} is not part of fix {fix_id!r}")
                cells[cell_id] = decision == "accept"
            self._cond.notify_all()

    def pending(self) -> dict[str, list[str]]:
        with self._cond:
            return {
                f: [c for c, v in cells.items() if v is None] for f, cells in self._pending.items()
            }

    def wake(self) -> None:
        with self._cond:
            self._cond.notify_all()
