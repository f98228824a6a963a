"""``RulesFixer``: the deterministic fixer the loop tries before any LLM.

- ``prepass(nb)``: before the first run, SAFE rules (and SAFE* rules whose condition is proven)
  wherever the executing environment no longer has the old API.
- ``propose(ctx)`` for error repair: the same, plus the rules the run's error signatures point
  at (REVIEW and unproven SAFE* rules too: a patch for review, never a silent change).
- ``propose(ctx)`` for score calibration, when ``pin_old_defaults`` is on: pin the defaults that
  changed (solver, n_init, n_estimators, ...), once.

It never proposes an empty change set, nor the same rewrite twice for the same notebook state
(it returns None, so the loop goes on to the LLM).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import replace

import nbformat
from nbformat import NotebookNode

from ...execution.base import CellError
from ...execution.tracebacks import cells_of_frames
from ..base import CellChange, FixContext, Fixer, FixProposal, FixType
from .catalogue import select_rules
from .engine import PassResult, Policy, run_pass
from .gating import active_index, gates_for, resolve_versions
from .model import Rule
from .versions import normalize_versions

_EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Exit|Warning)\b.*")


def error_texts(errors: Iterable[CellError]) -> list[str]:
    """``ename: evalue`` of each error, plus the exception lines of its traceback (chained
    exceptions), but not its source lines."""
    texts: list[str] = []
    for e in errors:
        texts.append(f"{e.ename}: {e.evalue}")
        texts.extend(
            line.strip() for line in e.traceback.splitlines() if _EXCEPTION_LINE.match(line.strip())
        )
    return texts


def triggered_rules(rules: Iterable[Rule], errors: Iterable[CellError]) -> list[str]:
    """Ids of the rules whose error signatures match any of ``errors``."""
    texts = error_texts(errors)
    return sorted({r.id for r in rules for t in texts if r.matches_error(t)})


def confined_cells(
    rules: Iterable[Rule], errors: list[CellError], executed: NotebookNode | None = None
) -> dict[str, frozenset[int]]:
    """For each confined rule (``Rule.confined``), the cells whose error its signatures match,
    and the earlier cells the traceback ran through (a function defined there failed)."""
    out: dict[str, frozenset[int]] = {}
    for rule in rules:
        if not rule.confined:
            continue
        cells: set[int] = set()
        for e in errors:
            if any(rule.matches_error(t) for t in error_texts([e])):
                cells.add(e.cell_index)
                if executed is not None:
                    cells.update(cells_of_frames(e.traceback, executed.cells))
        out[rule.id] = frozenset(cells)
    return out


def _fingerprint(nb: NotebookNode, changes: list[CellChange]) -> str:
    state = [c.source for c in nb.cells]
    diff = [(c.cell_index, c.new_source) for c in changes]
    return hashlib.sha256(json.dumps([state, diff]).encode()).hexdigest()


class RulesFixer(Fixer):
    name = "rules"

    def __init__(
        self,
        versions: dict[str, str] | None = None,
        *,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        pin_old_defaults: bool = False,
    ) -> None:
        self.rules = select_rules(select, ignore)
        self.versions = normalize_versions(versions) if versions is not None else None
        self.pin_old_defaults = pin_old_defaults
        self._seen: set[str] = set()
        self.last: PassResult | None = None  # the last pass (for reports and tests)
        # patch_module's answers: the same module is asked about for each error raised in it
        # (the loop's proposal, then the verdict's notices), and a long one takes seconds
        self._patched: dict[tuple, tuple[str, list[str]] | None] = {}

    # --- the loop's two entry points ---------------------------------------------------------

    def answers(self, errors: list[CellError]) -> bool:
        return bool(errors and triggered_rules(self.rules, errors))

    def prepass(self, nb: NotebookNode) -> FixProposal | None:
        return self._propose(nb, Policy(safe=True), FixType.ERROR_REPAIR, "before the first run")

    def propose(self, ctx: FixContext) -> FixProposal | None:
        versions = self._versions(ctx.versions)
        if ctx.fix_type == FixType.ERROR_REPAIR:
            triggered = frozenset(triggered_rules(self.rules, ctx.result.errors))
            confined = confined_cells(self.rules, list(ctx.result.errors), ctx.result.executed)
            policy = Policy(safe=True, triggered=triggered, confined=confined)
            return self._propose(
                ctx.notebook,
                policy,
                ctx.fix_type,
                "after the run's errors",
                versions,
                ctx.original,
                refused=ctx.refused,
            )
        if ctx.fix_type == FixType.SCORE_CALIBRATION and self.pin_old_defaults:
            policy = Policy(pins=True)
            if ctx.drift_cell is not None:
                # the outputs first drift at this cell: the changed default is there or
                # before it; those pins go first, the rest only if none is there
                upstream = self._propose(
                    ctx.notebook,
                    policy,
                    ctx.fix_type,
                    "to reproduce old defaults up to the first cell whose output drifts from "
                    "the author's",
                    versions,
                    ctx.original,
                    upto=ctx.drift_cell,
                    refused=ctx.refused,
                )
                if upstream is not None:
                    return upstream
            return self._propose(
                ctx.notebook,
                policy,
                ctx.fix_type,
                "to reproduce old defaults",
                versions,
                ctx.original,
                refused=ctx.refused,
            )
        return None

    def patch_module(
        self, source: str, errors: list[CellError], versions: dict[str, str] | None = None
    ) -> tuple[str, list[str]] | None:
        """What error repair would rewrite in a local .py module the errors were raised in
        (the loop reports it; the user's module is never written)."""
        triggered = frozenset(triggered_rules(self.rules, errors))
        key = (source, triggered, tuple(sorted((versions or {}).items())))
        if key not in self._patched:
            module = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
            result = self.run(module, Policy(safe=True, triggered=triggered), versions)
            self._patched[key] = (
                (result.changed[0].new_source, result.applied_rule_ids) if result.changed else None
            )
        answer = self._patched[key]
        return None if answer is None else (answer[0], list(answer[1]))

    # --- internals ----------------------------------------------------------------------------

    def _versions(self, executing: dict[str, str] | None = None) -> dict[str, str]:
        if self.versions is not None:
            return self.versions
        if executing:
            return normalize_versions(executing)
        return resolve_versions(None, self.rules)

    def run(
        self,
        nb: NotebookNode,
        policy: Policy,
        versions: dict[str, str] | None = None,
        stored: NotebookNode | None = None,
    ) -> PassResult:
        """One pass with ``policy`` (the gates come from the versions); ``stored``: the notebook
        with the author's outputs (rules that restore the author's display read them)."""
        known = versions if versions is not None else self._versions()
        gates = gates_for(self.rules, known)
        policy = replace(policy, gates=gates)
        result = run_pass(nb, active_index(self.rules, gates), policy, stored=stored)
        self.last = result
        return result

    def _propose(
        self,
        nb: NotebookNode,
        policy: Policy,
        fix_type: FixType,
        when: str,
        versions: dict[str, str] | None = None,
        stored: NotebookNode | None = None,
        upto: int | None = None,
        refused: frozenset[tuple[str, str]] = frozenset(),
    ) -> FixProposal | None:
        """``upto``: only the changes to cells up to that index (0-based). ``refused``: changes
        the user rejected or a rollback undid, left out before the proposal is told apart from
        earlier ones: a pass that also changed a working cell, rolled back, comes again with its
        good part alone."""
        result = self.run(nb, policy, versions, stored)
        changed = [
            c
            for c in result.changed
            if (upto is None or c.index <= upto) and (c.cell_id, c.new_source) not in refused
        ]
        changes = [CellChange(c.index, c.cell_id, c.old_source, c.new_source) for c in changed]
        if not changes:
            return None
        key = _fingerprint(nb, changes)
        if key in self._seen:
            return None
        self._seen.add(key)
        rule_ids = sorted({h.rule.id for c in changed for h in c.hits if h.applied})
        return FixProposal(
            fix_type=fix_type,
            source="rule",
            plan=_plan(rule_ids, [c.cell_index for c in changes], when),
            changes=changes,
            rule_ids=rule_ids,
            cell_rules={
                c.cell_id: sorted({h.rule.id for h in c.hits if h.applied}) for c in changed
            },
        )


def _plan(rule_ids: list[str], cells: list[int], when: str) -> str:
    from .catalogue import get_rule

    parts = [f"{rid} ({get_rule(rid).replacement})" for rid in rule_ids]
    # a count, not numbers: the plan reaches the CLI, the panel and the model's prompt, and each
    # lists the changed cells beside it (numbered from 1, as JupyterLab counts)
    count = f"{len(cells)} cell{'s' if len(cells) > 1 else ''}"
    return f"Rules rewrote {count} {when}: {'; '.join(parts)}."
