"""The review gate: who accepts or rejects each proposed change: every change at once for the
CLI (:class:`AutoReview`), a person's clicks in JupyterLab (``server.review.ManualReview``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..fixers.base import FixProposal

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
