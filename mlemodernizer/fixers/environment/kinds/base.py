"""What every drift kind shares: the :class:`Drift` an error is read as, the
:class:`Candidate` repairs a kind offers, and the readings of a call several kinds use."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from nbformat import NotebookNode

from ..edits import Edit
from ..source import dotted

SAFE, REVIEW = "safe", "review"


POSITIONAL_KINDS = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")


# a reader's answer that ends the reading: the error is this kind's, but not one it can read
# (an import it cannot follow, a keyword no call of the statement passes)
STOP: dict[str, Any] = {"stop": True}


@dataclass(frozen=True)
class Failure:
    """What a kind's reader reads: the error's name, the first line of its message and the
    whole message, the failing statement and the code it is in (a cell, or the notebook's own
    module), and the notebook (or that module as one)."""

    ename: str
    head: str
    evalue: str
    stmt: ast.stmt | None
    tree: ast.Module | None
    nb: NotebookNode


@dataclass
class Drift:
    """One failing cell's error, understood: ``kind`` says which family of drift, ``detail``
    holds what the code and the error say (names, the receiver, the call)."""

    # relocate | object_attr | kwarg | positional | invalid_param | message | setting | value
    # | option_pattern | encoding | argument_form
    kind: str
    cell_index: int
    cell_id: str
    error: str  # "ename: first line of evalue"
    evalue: str  # the whole message (a message may state its fix on a later line)
    detail: dict[str, Any] = field(default_factory=dict)
    # the notebook's own module the error was raised in (relative to its folder), or None: the
    # cell itself; a repair then changes that file, as the rules do
    path: str | None = None
    # the cell whose code made the failing call: the failing cell, or an earlier cell defining
    # the function it calls (a repair changes that cell; the failing cell's error judges it)
    site: int = -1

    def __post_init__(self) -> None:
        if self.site < 0:
            self.site = self.cell_index


@dataclass(frozen=True)
class Candidate:
    """One repair to try: the edit, what it is (``kind``), why (``evidence``, for people and
    the report), and its safety (``review``: it may change what the code computes)."""

    kind: str
    edit: Edit
    evidence: str
    safety: str = SAFE
    # chosen by spelling alone (no note, no message naming it): kept only when its cell then
    # runs clean, not merely when the error moves on
    strict: bool = False
    # a form stated for an argument a library function refused: (that function, the form's
    # method); kept only when the error comes neither from that function nor from the
    # argument lacking the method (the other form may be the one it takes)
    refused_by: tuple[str, str] | None = None

    @property
    def key(self) -> str:
        return repr(self.edit)


def fits(hit: dict[str, Any], use: dict[str, Any]) -> bool | None:
    """Whether the signature takes the call as the notebook writes it (None: unknown)."""
    params = hit.get("params")
    if not use.get("call") or params is None:
        return None
    names = {p["name"] for p in params}
    var_kw = any(p["kind"] == "VAR_KEYWORD" for p in params)
    var_pos = any(p["kind"] == "VAR_POSITIONAL" for p in params)
    positional = sum(1 for p in params if p["kind"] in POSITIONAL_KINDS)
    if not var_pos and use.get("args", 0) > positional:
        return False
    return var_kw or all(k in names for k in use.get("keywords", []))


def call_params(answer: dict[str, Any]) -> list[dict]:
    params = answer.get("params") or []
    if params and params[0]["name"] in ("self", "cls"):
        params = params[1:]
    return params


def receiver_of(stmt: ast.stmt | None, attr: str) -> str | None:
    """The dotted text before ``.attr`` in the statement (``df`` in ``df.ix[0]``)."""
    if stmt is None:
        return None
    for n in ast.walk(stmt):
        if isinstance(n, ast.Attribute) and n.attr == attr:
            text = dotted(n.value)
            if text:
                return text
    return None


def attr_use(stmt: ast.stmt | None, attr: str) -> dict[str, Any]:
    if stmt is None:
        return {}
    for n in ast.walk(stmt):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == attr:
            return {
                "call": True,
                "args": sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                "keywords": [k.arg for k in n.keywords if k.arg],
            }
    return {"call": False}
