"""A keyword a call no longer takes (``unexpected keyword argument 'n_folds'``, Keras' "Argument(s)
not recognized"). The kernel gives the callee's signature, docstring and sibling methods
(``kwarg``); the repair renames the keyword as the docstring says, or by its spelling, its
initials or its value, drops one the docstring says has no effect, or calls the method the
keyword's value names."""

from __future__ import annotations

import ast
import difflib
import re
from typing import Any

from nbformat import NotebookNode

from ....execution.errors import IDENT, UNEXPECTED_KWARG
from ..docnotes import (
    counting_parameter,
    removed_without_effect,
    renamed_parameter,
    takers_of_value,
)
from ..edits import KeywordRewrite, MethodForKeyword
from ..source import calls_in, dotted
from .base import REVIEW, STOP, Candidate, Drift, Failure, call_params

KIND = "kwarg"


# the same said as a dict of what was refused (Keras: "Argument(s) not recognized: {'lr': 0.01}",
# "Unrecognized keyword arguments passed to Dense: {'init': 'uniform'}")
_KWARG_DICT = re.compile(
    rf"^(?:Argument\(s\) not recognized|Unrecognized keyword arguments?(?: passed to ([\w.]+))?)"
    rf":\s*\{{'({IDENT})'"
)


def read(at: Failure) -> dict[str, Any] | None:
    m = UNEXPECTED_KWARG.match(at.head) if at.ename == "TypeError" else None
    if not (m or (m := _KWARG_DICT.match(at.head))):
        return None
    qualname, keyword = m.group(1) or "", m.group(2)
    call = _call_with_keyword(at.stmt, keyword)
    if call is None:
        return STOP if at.ename == "TypeError" else None
    return {
        "qualname": qualname,
        "keyword": keyword,
        "callee": call.callee,
        "given": [k for k in call.keywords if k != keyword],
        "args": call.args,
        "values": _keyword_strings(at.stmt, call.callee, keyword),
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return {**base, "kind": "kwarg", **drift.detail}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    old, callee = d["keyword"], d["callee"]
    out: list[Candidate] = []
    if answer.get("found"):
        params = call_params(answer)
        names = [p["name"] for p in params if p["kind"] not in ("VAR_POSITIONAL", "VAR_KEYWORD")]
        doc = answer.get("doc") or ""
        shown = answer.get("name") or callee
        said = renamed_parameter(doc, names, old)
        if said and said[0] not in d.get("given", []):
            new, sentence = said
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, new),
                    f"the docstring of `{shown}` says: {sentence}",
                )
            )
        gone = removed_without_effect(doc, old)
        if gone:
            out.append(
                Candidate(
                    "removed_keyword",
                    KeywordRewrite(callee, old, None),
                    f"the docstring of `{shown}` says: {gone} (so the keyword is dropped)",
                    REVIEW,
                )
            )
        # a keyword whose string value names a method of the same object
        for value in d.get("values") or []:
            sibling = (answer.get("siblings") or {}).get(value)
            if sibling is None:
                continue
            rest = [k for k in d.get("given", [])]
            accepts = {p["name"] for p in sibling} | (
                {"*"} if any(p["kind"] == "VAR_KEYWORD" for p in sibling) else set()
            )
            if "*" in accepts or all(k in accepts for k in rest):
                out.append(
                    Candidate(
                        "method_for_keyword",
                        MethodForKeyword(callee, old, value),
                        f"`{shown}` takes no `{old}` today; `{value}`, the value passed, is a "
                        f"method of the same object that takes the call's other keywords",
                        REVIEW,
                    )
                )
        free = [n for n in names[d.get("args", 0) :] if n not in d.get("given", []) and n != old]
        # a count renamed (n_folds= -> n_splits=): the one parameter the call leaves unset
        # whose description opens by counting what the old keyword named
        counted = counting_parameter(doc, free, old)
        known = {c.edit for c in out}
        if counted and KeywordRewrite(callee, old, counted[0]) not in known:
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, counted[0]),
                    f"`{shown}` takes no `{old}`; its docstring describes `{counted[0]}` as "
                    f'"{counted[1]}", the only parameter the call leaves unset that counts '
                    "what the old keyword named",
                    REVIEW,
                    strict=True,
                )
            )
        # the one parameter spelled like it that the call does not pass yet
        scored = sorted(
            ((difflib.SequenceMatcher(None, old, n).ratio(), n) for n in free), reverse=True
        )
        if (
            scored
            and scored[0][0] >= 0.5
            and (len(scored) == 1 or scored[0][0] - scored[1][0] >= 0.1)
        ):
            new = scored[0][1]
            if not any(
                c.kind == "renamed_keyword" and c.edit == KeywordRewrite(callee, old, new)
                for c in out
            ):
                out.append(
                    Candidate(
                        "renamed_keyword",
                        KeywordRewrite(callee, old, new),
                        f"`{shown}` takes no `{old}`; `{new}` is its only parameter spelled like "
                        "it that the call does not pass",
                        REVIEW,
                        strict=True,
                    )
                )
        # an abbreviation spelled out: the old keyword is the initials of the words of exactly
        # one parameter the call leaves unset (lr= -> learning_rate=)
        short = [n for n in free if _initials(n) == old.lower()] if len(old) >= 2 else []
        known = {c.edit for c in out}
        if len(short) == 1 and KeywordRewrite(callee, old, short[0]) not in known:
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, short[0]),
                    f"`{shown}` takes no `{old}`; `{old}` is the initials of `{short[0]}`, the "
                    "only parameter the call leaves unset that they spell",
                    REVIEW,
                    strict=True,
                )
            )
        # a keyword renamed with no note and no likeness (affinity= -> metric=): its string
        # value is one the docstring names for exactly one parameter the call leaves unset
        if not out:
            for value in d.get("values") or []:
                takers = takers_of_value(doc, free, value)
                if len(takers) != 1:
                    continue
                out.append(
                    Candidate(
                        "renamed_keyword",
                        KeywordRewrite(callee, old, takers[0]),
                        f"`{shown}` takes no `{old}`; '{value}', the value passed, is one its "
                        f"docstring names for `{takers[0]}`, the only parameter the call leaves "
                        "unset that takes it",
                        REVIEW,
                        strict=True,
                    )
                )
                break
    return out


def _initials(name: str) -> str:
    """``learning_rate`` -> ``lr``; a one-word name has none."""
    parts = [p for p in name.lower().split("_") if p]
    return "".join(p[0] for p in parts) if len(parts) > 1 else ""


def _call_with_keyword(stmt: ast.stmt | None, keyword: str):
    """The innermost call in the statement that passes ``keyword``."""
    found = None
    for c in calls_in(stmt) if stmt is not None else []:
        if keyword in c.keywords and c.callee:
            found = c
    return found


def _keyword_strings(stmt: ast.stmt | None, callee: str, keyword: str) -> list[str]:
    """The string values the statement passes as ``keyword`` to ``callee``."""
    out: list[str] = []
    for n in ast.walk(stmt) if stmt is not None else []:
        if isinstance(n, ast.Call) and dotted(n.func) == callee:
            for k in n.keywords:
                if (
                    k.arg == keyword
                    and isinstance(k.value, ast.Constant)
                    and isinstance(k.value.value, str)
                ):
                    out.append(k.value.value)
    return out
