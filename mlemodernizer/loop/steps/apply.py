"""The review step: the gate that accepts or rejects each proposed change (every change at
once for the CLI, a person's clicks in JupyterLab), and applying what was accepted to the
notebook and the module overlay, with the events and the provenance that say so."""

from __future__ import annotations

import copy
import time

from nbformat import NotebookNode

from ...contracts.events import (
    CellDecision,
    FixApplied,
    FixProposed,
    ReviewRequested,
    RuleNote,
)
from ...contracts.notebook import shown_cell_number
from ...fixers.base import CellChange, FixProposal
from ..context import LoopContext
from ..state import LoopState


class ApplyReviewed:
    """Asks the review gate about a proposal and applies what it accepted."""

    def __init__(self, ctx: LoopContext) -> None:
        self.ctx = ctx

    def __call__(
        self, st: LoopState, fix_id: str, iteration: int, issue: str, proposal: FixProposal
    ) -> tuple[NotebookNode, list[CellChange]]:
        """Ask the review gate; return the notebook with the accepted cell changes, and every
        accepted change (a file's lands in the module overlay, not the notebook)."""
        self.ctx.emitter.emit(
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
        manual = getattr(self.ctx.gate, "manual", True)
        if manual:
            self.ctx.emitter.emit(
                ReviewRequested(fix_id=fix_id, cell_ids=[c.cell_id for c in proposal.changes])
            )
        reported: set[str] = set()

        def report_decision(cell_id: str, accepted: bool) -> None:
            reported.add(cell_id)
            self.ctx.emitter.emit(
                CellDecision(
                    fix_id=fix_id,
                    cell_id=cell_id,
                    decision="accepted" if accepted else "rejected",
                )
            )

        # each click is an event as it happens, so every open view (and a reload) sees it
        asked = time.monotonic()
        decisions = self.ctx.gate.decide(fix_id, proposal, report_decision if manual else None)
        # the deadline bounds the tool's work, not the user's reading: a review's wait is not
        # counted (the panel's time left leaves it out too)
        st.deadline.pause(time.monotonic() - asked)
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
                    f"The user rejected this change to cell {shown_cell_number(change.cell_index)} "
                    f"({proposal.fix_type}, {proposal.source}):\n{change.new_source}\n"
                    "Do not propose it again; the cell keeps its current code."
                )
        self.ctx.emitter.emit(
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


def rule_notes(rule_ids: list[str]) -> list[RuleNote]:
    """Each rule's id, library and one-line message (ids the catalogue lacks: the id alone)."""
    from ...fixers.rules import get_rule

    notes: list[RuleNote] = []
    for rid in rule_ids:
        try:
            rule = get_rule(rid)
        except KeyError:
            notes.append({"id": rid, "library": "", "message": ""})
            continue
        notes.append({"id": rid, "library": rule.library, "message": rule.message})
    return notes
