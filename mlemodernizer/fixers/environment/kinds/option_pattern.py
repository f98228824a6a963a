"""A short option name that now matches several keys (``Pattern matched multiple keys``: a newer
namespace took the same name). The kernel lists the keys it matches (``option_keys``); each
full key is a candidate, the shallowest first."""

from __future__ import annotations

import ast
import re
from typing import Any

from nbformat import NotebookNode

from ..edits import StringRewrite
from ..source import dotted
from .base import REVIEW, STOP, Candidate, Drift, Failure

KIND = "option_pattern"


# a short option pattern that today matches several keys (a newer namespace took the same name)
_AMBIGUOUS_OPTION = re.compile(r"^Pattern matched multiple keys")


_OPTION_CALLS = ("set_option", "get_option", "reset_option", "option_context", "describe_option")


def read(at: Failure) -> dict[str, Any] | None:
    if at.ename != "OptionError" or not _AMBIGUOUS_OPTION.match(at.head):
        return None
    found = _pattern_in(at.stmt)
    return STOP if found is None else found


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return {**base, "kind": "option_keys", **drift.detail}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """A short option name now matches several keys: each full key, the shallowest first (a
    namespace added later nests deeper, as ``styler.format.precision`` beside
    ``display.precision``); the run, and the author's outputs, judge which was meant."""
    pattern = drift.detail["pattern"]
    keys = sorted(answer.get("keys") or [], key=lambda k: (k.count("."), len(k), k))
    if len(keys) < 2:
        return []
    listed = ", ".join(f"`{k}`" for k in keys[:4])
    return [
        Candidate(
            "ambiguous_option",
            StringRewrite(pattern, key),
            f"`'{pattern}'` matches {len(keys)} options today ({listed}); it named one when "
            f"the notebook was written: `{key}`"
            + (", the shallowest, first" if n == 0 else ", the next one"),
            REVIEW,
        )
        for n, key in enumerate(keys[:3])
    ]


def _pattern_in(stmt: ast.stmt | None) -> dict[str, Any] | None:
    """``pd.set_option('precision', 2)`` -> the pattern 'precision' and the options' owner."""
    for node in ast.walk(stmt) if stmt is not None else ():
        if not isinstance(node, ast.Call) or not node.args:
            continue
        callee = dotted(node.func) or ""
        owner, _, name = callee.rpartition(".")
        first = node.args[0]
        if (
            name in _OPTION_CALLS
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
        ):
            return {"pattern": first.value, "owner": owner}
    return None
