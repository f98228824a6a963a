"""An error that states its own fix (``messages.py``: "use X instead", "did you mean", a list of
valid values, Python 2's ``print`` statement, a whole number written as a float). The library's
words are read first, before any other kind; the kernel is asked only for a list the message
points to (``listed``)."""

from __future__ import annotations

import ast
from typing import Any

from nbformat import NotebookNode

from ..edits import AttributeRewrite, PrintStatements, StringRewrite, WholeNumberKeyword
from ..messages import choose, stated_fix
from ..source import module_alias, parse_cell, string_values
from .base import REVIEW, Candidate, Drift, Failure

KIND = "message"


def read(at: Failure) -> dict[str, Any] | None:
    literals = {s for c in _cells_up_to(at.nb, at.tree) for s in string_values(c)}
    hint = stated_fix(at.ename, at.evalue, at.stmt, literals, at.tree)
    unclear = hint is not None and hint["how"] == "choose" and hint.get("valid")
    if unclear and choose(hint["old"], hint["valid"]) is None:
        # no valid value is like the one refused: it may belong to another keyword (read on)
        return None
    return hint


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    """The values of the list the message points to (``listed in `style.available```)."""
    listed = drift.detail.get("listed")
    return {**base, "kind": "listed", "expr": listed} if listed else None


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    quote = drift.evalue.strip().splitlines()
    said = " ".join(quote)[:240]
    if d["how"] == "print_call":
        return [
            Candidate("stated_fix", PrintStatements(), f"Python says: {quote[0] if quote else ''}")
        ]
    if d["how"] == "whole_number":
        return [
            Candidate(
                "whole_number",
                WholeNumberKeyword(d["keyword"], d["value"]),
                f"the error says `{d['keyword']}` must be an int and got {d['value']}.0: the "
                f"same whole number, written {d['value']}",
            )
        ]
    if d["how"] == "choose":
        valid = d.get("valid") or (answer.get("values") if answer.get("found") else None) or []
        picked = choose(d["old"], valid)
        if not picked:
            return []
        source = f"`{d['listed']}`" if d.get("listed") else "the message"
        return [
            Candidate(
                "valid_choice",
                StringRewrite(d["old"], picked[0]),
                f"'{d['old']}' is not a valid value; of those {source} lists, '{picked[0]}' is "
                f"the one like it",
                REVIEW,
                strict=True,
            )
        ]
    if d.get("where") == "string":
        return [
            Candidate("stated_fix", StringRewrite(d["old"], d["new"]), f"the error says: {said}")
        ]
    out = []
    new = d["new"].removesuffix("(...)")
    for receiver in dict.fromkeys(d.get("receivers") or []):
        old_head = d["old"].split(".")[0]
        if "." in new and new.split(".")[0] == old_head:
            replacement, add = f"{receiver}.{new.split('.', 1)[1]}", None
        elif "." not in new:
            replacement, add = new, None
        else:
            module = new.rpartition(".")[0]
            alias = module_alias(nb, module)
            replacement = f"{alias}.{new.rpartition('.')[2]}" if alias else new
            add = None if alias else module
        out.append(
            Candidate(
                "stated_fix",
                AttributeRewrite(receiver, d["attr"], replacement, add),
                f"the error says: {said}",
            )
        )
    return out


def _cells_up_to(nb: NotebookNode, tree: ast.Module | None) -> list[ast.Module | None]:
    """The parsed code cells up to the failing one (``tree``), the failing one last."""
    out: list[ast.Module | None] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parsed = parse_cell(cell.source)
        if tree is not None and parsed is not None and ast.dump(parsed) == ast.dump(tree):
            out.append(tree)
            break
        out.append(parsed)
    return out
