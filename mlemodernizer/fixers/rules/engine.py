"""One engine for every rule: walk the cells in order, find rule sites, rewrite what the policy
allows, and report the rest.

Per cell: magics and ``!`` lines are masked, the cell is parsed once with LibCST (cached by
text), a read-only visitor updates the cross-cell symbol table and records hits; only cells with
something to rewrite go through a transformer, which applies the recorded fixes to the very
nodes the visitor saw (formatting preserved), then the magics are restored.
"""

from __future__ import annotations

import ast
import dataclasses
import re

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider
from nbformat import NotebookNode

from ...contracts.notebook import code_cells, mask_magics, unmask_magics
from .analyzer import CellAnalyzer
from .cells import mask_assigned_magics, parse_cached, text_fix
from .index import Policy, RuleIndex, canonical
from .results import CellOutcome, Hit, PassResult
from .rewrite import Applier
from .stored_outputs import stored_facts, stored_results
from .symbols import SymbolTable


def run_pass(
    nb: NotebookNode,
    index: RuleIndex,
    policy: Policy,
    *,
    positions: bool = False,
    stored: NotebookNode | None = None,
) -> PassResult:
    """One walk over the notebook's code cells in order. ``stored``: the notebook as the user
    gave it, whose outputs say how the author's libraries showed things (default ``nb``; the
    loop passes the original, as ``nb`` then holds today's outputs)."""
    table = SymbolTable()
    stored = stored if stored is not None else nb
    table.facts = stored_facts(stored)
    results = stored_results(stored)
    stored_ids = {c.get("id") for c in stored.cells if c.get("id")}
    outcomes: list[CellOutcome] = []
    unparsed: list[int] = []
    whole = policy
    for cell_index, cell in code_cells(nb):
        policy = whole.for_cell(cell_index)
        source = cell.source
        key = cell.get("id") if cell.get("id") in stored_ids else cell_index
        table.facts["cell_result"] = results.get(key, "")
        masked, mapping = mask_magics(source)
        masked, assigned = mask_assigned_magics(masked)
        mapping = {**assigned, **mapping}  # assigned first: restored before the rest
        module = parse_cached(masked)
        text_hits: list[Hit] = []
        if module is None:
            if not index.texts:
                unparsed.append(cell_index)
                continue
            fixed, text_hits = text_fix(masked, index, policy)
            module = parse_cached(fixed) if fixed is not None else None
            if module is None:
                unparsed.append(cell_index)
                if text_hits:
                    for h in text_hits:
                        h.applied = False
                    outcomes.append(
                        CellOutcome(cell_index, cell.get("id", ""), source, source, text_hits)
                    )
                continue
        analyzer = CellAnalyzer(table, index, policy)
        new_source = source
        try:
            analyzer.run(module)
            if analyzer.fixes or analyzer.imports:
                applier = Applier(
                    analyzer.fixes, analyzer.imports, analyzer.top_level, analyzer.dirty
                )
                new_module = module.visit(applier)
                new_source = unmask_magics(new_module.code, mapping)
            elif text_hits:
                new_source = unmask_magics(module.code, mapping)
            if new_source != source:
                ast.parse(mask_assigned_magics(mask_magics(new_source)[0])[0])
        except Exception:  # noqa: BLE001 - leave a cell the engine cannot handle as it is
            new_source = source
            for h in analyzer.hits:
                h.applied = False
            text_hits = [dataclasses.replace(h, applied=False) for h in text_hits]
        hits = text_hits + analyzer.hits
        if positions and analyzer.hits:
            _locate(module, analyzer.hits)
        if hits or new_source != source:
            outcomes.append(CellOutcome(cell_index, cell.get("id", ""), source, new_source, hits))
    _hoist(nb, outcomes, table.hoisted)
    return PassResult(outcomes, unparsed)


def _import_line(source: str, module: str) -> int | None:
    """The index of the first top-level line of ``source`` importing ``module``."""
    pattern = re.compile(rf"^(import|from)\s+{re.escape(module)}\b")
    return next((i for i, line in enumerate(source.split("\n")) if pattern.match(line)), None)


def _hoist(
    nb: NotebookNode, outcomes: list[CellOutcome], hoisted: dict[str, tuple[str, list[str], str]]
) -> None:
    """Move each once-per-notebook call placed by a module's import (``Outcome.prelude_at``)
    from the cell it was added to, to right after (or before) the notebook's first import of
    that module in an earlier cell, with the imports the call needs."""
    by_index = {o.index: o for o in outcomes}
    for call, (place, needs, rule_id) in hoisted.items():
        where, _, module = place.partition(":")
        added = next(
            (
                o
                for o in outcomes
                if call in o.new_source.split("\n") and call not in o.old_source.split("\n")
            ),
            None,
        )
        if added is None:
            continue
        for cell_index, cell in code_cells(nb):
            if cell_index > added.index or (cell_index == added.index and where == "after"):
                break
            current = by_index[cell_index].new_source if cell_index in by_index else cell.source
            if cell_index == added.index:  # before an import in its own cell: move it up
                own = set(added.old_source.split("\n"))
                moving = {call, *(n for n in needs if n not in own)}
                current = "\n".join(line for line in current.split("\n") if line not in moving)
            line = _import_line(current, module)
            if line is None:
                continue
            if cell_index != added.index:
                lines = added.new_source.split("\n")
                lines.remove(call)
                added.new_source = "\n".join(_unused_added(lines, needs, added.old_source))
            target = current.split("\n")
            if call not in target:  # an earlier pass put it there already
                missing = [n for n in needs if n not in target[:line]]
                block = [*missing, call] if where == "before" else [call]
                at = line if where == "before" else line + 1
                target[at:at] = block
            new_source = "\n".join(target)
            if cell_index not in by_index:
                moved = CellOutcome(cell_index, cell.get("id", ""), cell.source, new_source, [])
                outcomes.append(moved)
                by_index[cell_index] = moved
            by_index[cell_index].new_source = new_source
            if cell_index != added.index:
                # the rule's change is where the call went (the plan names it there); the
                # cell it was found in keeps its hits only if something else changed it
                ours = [h for h in added.hits if h.rule.id == rule_id and h.applied]
                by_index[cell_index].hits.extend(ours)
                if not added.changed:
                    added.hits = [h for h in added.hits if h not in ours]
            break
    outcomes.sort(key=lambda o: o.index)


def _unused_added(lines: list[str], needs: list[str], old_source: str) -> list[str]:
    """``lines`` without the imports added for a moved call that nothing left there uses."""
    own = set(old_source.split("\n"))
    for statement in needs:
        if statement in own or statement not in lines:
            continue
        bound = statement.split()[-1]  # import os / import x as y / from m import n
        rest = "\n".join(line for line in lines if line != statement)
        if not re.search(rf"\b{re.escape(bound)}\b", rest):
            lines = [line for line in lines if line != statement]
    return lines


def _locate(module: cst.Module, hits: list[Hit]) -> None:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    ranges = wrapper.resolve(PositionProvider)
    for h in hits:
        r = ranges.get(h.node)
        if r is not None:
            h.line, h.col = r.start.line, r.start.column + 1


__all__ = [
    "CellAnalyzer",
    "CellOutcome",
    "Hit",
    "PassResult",
    "Policy",
    "RuleIndex",
    "canonical",
    "parse_cached",
    "run_pass",
]
