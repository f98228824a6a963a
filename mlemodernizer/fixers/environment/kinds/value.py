"""A value a keyword refuses that another keyword of the call takes (``linestyle='steps'`` ->
``drawstyle='steps'``). The kernel gives the callee's signature and docstring (asked as a
``kwarg`` question); the repair moves the value to the one keyword the docstring names it for."""

from __future__ import annotations

import ast
from typing import Any

from nbformat import NotebookNode

from ..docnotes import keyword_for_value
from ..edits import KeywordRewrite
from ..messages import bad_value
from ..source import dotted
from .base import REVIEW, Candidate, Drift, Failure, call_params

KIND = "value"


def read(at: Failure) -> dict[str, Any] | None:
    return _refused_keyword_value(at.evalue, at.stmt)


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    """The callee's signature and docstring, as for a keyword."""
    d = drift.detail
    return {**base, "kind": "kwarg", "callee": d["callee"], "qualname": "", "values": []}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """A value refused for one keyword that the docstring names for exactly one other: the
    value moved when the old keyword stopped taking it (``linestyle='steps'`` ->
    ``drawstyle='steps'``)."""
    if not answer.get("found"):
        return []
    d = drift.detail
    params = call_params(answer)
    forwards = {p["name"] for p in params if p["kind"] in ("VAR_POSITIONAL", "VAR_KEYWORD")}
    new = keyword_for_value(
        answer.get("doc") or "", d["keyword"], d["value"], set(d["given"]), forwards
    )
    takes_any = any(p["kind"] == "VAR_KEYWORD" for p in params)
    if new is None or not (takes_any or new in {p["name"] for p in params}):
        return []
    shown = answer.get("name") or d["callee"]
    return [
        Candidate(
            "moved_value",
            KeywordRewrite(d["callee"], d["keyword"], new),
            f"`{d['keyword']}` refuses '{d['value']}' (the error says so); the docstring of "
            f"`{shown}` names '{d['value']}' as a value of `{new}`, the only keyword the call "
            "does not pass that takes it",
            REVIEW,
            strict=True,
        )
    ]


def _refused_keyword_value(evalue: str, stmt: ast.stmt | None) -> dict[str, Any] | None:
    """A string value the message says is refused ("'steps' is not a valid value for ls",
    "Got 'x' instead") that the statement passes as a call's keyword."""
    value = bad_value(evalue or "")
    if value is None or stmt is None:
        return None
    for n in ast.walk(stmt):
        if not isinstance(n, ast.Call) or not dotted(n.func):
            continue
        for k in n.keywords:
            if k.arg and isinstance(k.value, ast.Constant) and k.value.value == value:
                return {
                    "value": value,
                    "callee": dotted(n.func),
                    "keyword": k.arg,
                    "given": [o.arg for o in n.keywords if o.arg and o.arg != k.arg],
                    "args": sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                }
    return None
