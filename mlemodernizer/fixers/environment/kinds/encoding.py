"""Text that is not UTF-8 (``'utf-8' codec can't decode byte 0xe9``): Python 3 decodes what
Python 2 handed over as bytes. The kernel says which callees take ``encoding``
(``signatures``); the repair reads the text as Latin-1."""

from __future__ import annotations

import ast
import re
from typing import Any

from nbformat import NotebookNode

from ..edits import KeywordAdd
from ..source import calls_in
from .base import REVIEW, STOP, Candidate, Drift, Failure

KIND = "encoding"


# Python 3 decodes text as UTF-8 where Python 2 handed the reader bytes
_UNDECODABLE = re.compile(r"^'([\w-]+)' codec can't decode byte (0x[0-9a-f]{2})")


def read(at: Failure) -> dict[str, Any] | None:
    if at.ename != "UnicodeDecodeError" or not (m := _UNDECODABLE.match(at.head)):
        return None
    callees = _readers_first(at.stmt, at.tree)
    if not callees:
        return STOP
    return {"codec": m.group(1), "byte": m.group(2), "callees": callees}


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    """Which of the statement's callees take ``encoding``."""
    callees = drift.detail["callees"]
    return {**base, "kind": "signatures", "calls": [{"callee": c} for c in callees]}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """The text is not UTF-8: a callee of the statement that takes ``encoding`` reads it as
    Latin-1, which decodes every byte as the one character Python 2's bytes showed."""
    out = []
    for call in answer.get("calls") or []:
        params = call.get("params") or []
        if not any(p["name"] == "encoding" for p in params):
            continue
        callee = call["callee"]
        out.append(
            Candidate(
                "encoding",
                KeywordAdd(callee, "encoding", "'latin-1'"),
                f"`{callee}` takes `encoding`; the text is not "
                f"{drift.detail['codec'].upper()} (the error says byte {drift.detail['byte']} "
                "cannot be decoded); Latin-1 reads each byte as one character, as Python 2 did",
                REVIEW,
            )
        )
    return out[:2]


def _readers_first(stmt: ast.stmt | None, tree: ast.Module | None) -> list[str]:
    """The callees that may have read the undecodable text: the failing statement's, then the
    cell's earlier ones (``f = open(p)`` before ``f.read()``), each once."""
    out: list[str] = []
    nodes = [stmt] if stmt is not None else []
    if tree is not None:
        nodes.append(tree)
    for node in nodes:
        for call in calls_in(node):
            fresh = call.callee and call.callee not in out
            if fresh and not call.star and "encoding" not in call.keywords:
                out.append(call.callee)
    return out[:8]
