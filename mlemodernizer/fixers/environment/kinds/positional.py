"""Positional arguments that became keyword-only (``takes 2 positional arguments but 3 were
given``). The kernel gives each call's signature and docstring (``positional``); the repair
binds the extra arguments to the keyword-only parameters in the signature's order, unless the
evidence says the library reordered them."""

from __future__ import annotations

import ast
from typing import Any

from nbformat import NotebookNode

from ....execution.errors import POSITIONAL
from ..docnotes import admits, documented_kinds, parameter_types
from ..edits import PositionalRewrite
from ..source import calls_in, dotted
from .base import POSITIONAL_KINDS, STOP, Candidate, Drift, Failure, call_params

KIND = "positional"


def read(at: Failure) -> dict[str, Any] | None:
    if at.ename != "TypeError" or not (m := POSITIONAL.match(at.head)):
        return None
    qualname = m.group(1) or ""
    called = _called_name(qualname)
    calls = [c for c in calls_in(at.stmt) if c.callee and c.args and not c.star] if at.stmt else []
    if called:
        named = [c for c in calls if c.callee.split(".")[-1] == called]
        calls = named or calls
    if not calls:
        return STOP
    return {
        "qualname": qualname,
        "positional": _positional_arguments(at.stmt, [c.callee for c in calls]),
        "calls": [{"callee": c.callee, "args": c.args, "keywords": c.keywords} for c in calls][:4],
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return {**base, "kind": "positional", **drift.detail}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    out: list[Candidate] = []
    for call in answer.get("calls") or []:
        if not call.get("found"):
            continue
        params = call_params(call)
        if any(p["kind"] == "VAR_POSITIONAL" for p in params):
            continue
        capacity = sum(1 for p in params if p["kind"] in POSITIONAL_KINDS)
        extra = call["args"] - capacity
        keyword_only = [
            p["name"]
            for p in params
            if p["kind"] == "KEYWORD_ONLY" and p["name"] not in call.get("keywords", [])
        ]
        if extra <= 0 or extra > len(keyword_only):
            continue
        given = (drift.detail.get("positional") or {}).get(call["callee"]) or []
        names = _bind_extra(given, capacity, extra, keyword_only, params, call.get("doc") or "")
        if names is None:
            continue
        bound = ", ".join(f"`{n}`" for n in names)
        out.append(
            Candidate(
                "keyword_only",
                PositionalRewrite(call["callee"], capacity, tuple(names)),
                f"`{call.get('name') or call['callee']}` takes "
                + (
                    f"{capacity} positional argument{'s' if capacity != 1 else ''}"
                    if capacity
                    else "no positional argument"
                )
                + f" today, the rest are keyword-only: the {extra} extra "
                f"argument{'s' if extra != 1 else ''} bind to {bound}, in the signature's order "
                "where nothing says the library reordered them",
            )
        )
    return out


def _bind_extra(
    given: list[list],
    capacity: int,
    extra: int,
    keyword_only: list[str],
    params: list[dict],
    doc: str,
) -> list[str] | None:
    """The keyword-only parameters the positionals past ``capacity`` bind to: in today's order,
    unless the evidence says the library reordered or dropped parameters when it made them
    keyword-only (pandas' ``pivot(index, columns, values)`` is ``pivot(*, columns, index,
    values)`` today, ``fillna`` lost ``method``), where an order guessed wrongly is silent (a
    transposed table). None then. The evidence: a parameter made required (it moved), a name
    passed in another parameter's place (``ColorbarBase(ax, cmap, norm)`` where ``mappable`` is
    second today), a literal the next parameter cannot take (by its default's kind, or its
    docstring's type line: ``'ffill'`` is none of ``{0 or 'index', 1 or 'columns'}``). A value
    the next cannot take goes to the one other whose default or docstring says it takes it
    (a dict is no flag: ``fontdict``), and a plain name to the parameter it spells."""
    by_name = {p["name"]: p for p in params}
    types = parameter_types(doc)
    positional = [p["name"] for p in params if p["kind"] in POSITIONAL_KINDS]
    for i, (_, _, name) in enumerate(given[:capacity]):
        if name and name in by_name and name != positional[i]:
            return None  # `cmap` where `mappable` stands today: the order changed
    required = {n for n in keyword_only if not by_name[n].get("default", True)}

    def takes(row: list, name: str) -> bool | None:
        """Whether parameter ``name`` takes the value (None: nothing says)."""
        kind, value, _ = row
        if kind is None:
            return None
        default = by_name[name].get("default_type")
        said = documented_kinds(types[name]) if name in types else None
        if (default is not None and not _may_be(kind, default)) or (
            said is not None and not admits(said, kind, value)
        ):
            return False
        return True if default is not None or said is not None else None

    left, bound = list(keyword_only), []
    for i in range(extra):
        row = given[capacity + i] if capacity + i < len(given) else [None, None, None]
        sure = [n for n in left if takes(row, n)]
        if row[2] in left:
            choice = row[2]  # `norm` passed where `norm` is a keyword-only parameter
        elif required and left and left[0] not in required:
            # required and optional parameters both take positionals: one made required moved
            # to the front (pivot's `columns`); where only required ones do, they were required
            # before too (fbeta_score's `beta`, compute_class_weight's `classes, y`)
            return None
        elif left and takes(row, left[0]) is not False:
            choice = left[0]
        elif len(sure) == 1:
            choice = sure[0]  # the next refuses it; one other says it takes it
        else:
            return None
        bound.append(choice)
        left.remove(choice)
    return bound


def _may_be(literal: str | None, default: str | None) -> bool:
    """Whether a literal of kind ``literal`` may be given to a parameter whose default is of
    kind ``default`` (unknown either way: yes; numbers stand in for each other)."""
    if literal is None or default is None:
        return True
    numbers = {"int", "float", "bool"}
    if default == "bool":
        return literal == "bool"
    if default in numbers:
        return literal in numbers
    return literal == default


def _called_name(qualname: str) -> str:
    """The name a call of ``qualname`` is written with: the class for its ``__init__``
    (``Scaler.__init__`` is called as ``Scaler(...)``), else the function or method itself
    (``Model.fit`` as ``model.fit(...)``)."""
    parts = [p for p in qualname.split(".") if p and p != "<locals>"]
    if len(parts) > 1 and parts[-1] in ("__init__", "__new__"):
        return parts[-2]
    return parts[-1] if parts else ""


def _positional_arguments(stmt: ast.stmt | None, callees: list[str]) -> dict[str, list]:
    """callee -> what the statement passes it positionally, each ``[kind, value, name]``: a
    literal's kind (``bool``, ``int``, ``float``, ``str``, ``dict``, ``list``, ``tuple``) and,
    for a constant, its value; a plain name's spelling (``norm``); None where unknown."""
    rows: dict[str, list] = {}
    for n in ast.walk(stmt) if stmt is not None else []:
        if isinstance(n, ast.Call) and dotted(n.func) in callees and dotted(n.func) not in rows:
            row: list = []
            for a in n.args:
                if isinstance(a, ast.Constant) and a.value is not None:
                    scalar = isinstance(a.value, bool | int | float | str)
                    row.append([type(a.value).__name__, a.value if scalar else None, None])
                elif isinstance(a, ast.Dict):
                    row.append(["dict", None, None])
                elif isinstance(a, ast.List | ast.Tuple):
                    row.append([type(a).__name__.lower(), None, None])
                elif isinstance(a, ast.Name):
                    row.append([None, None, a.id])
                else:
                    row.append([None, None, None])
            rows[dotted(n.func)] = row
    return rows
