"""Errors that state their fix. Libraries word the same advice in the same few shapes, in many
places; these read the shapes, never one API:

- *use instead*: "`np.infty` was removed ... Use `np.inf` instead.", "use `float` by itself",
  "'M' is no longer supported for offsets. Please use 'ME' instead.", "... in favor of X";
- *did you mean*: "Invalid frequency: H ... Did you mean h?", Python's own "Did you mean
  print(...)?" for a Python 2 print statement;
- *valid choices*: "must be one of ['gini', 'entropy']; got 'gini_index'", "must be a str among
  {...}. Got '...' instead.", "'steps' is not a valid value for ls; supported values are ...",
  and a list the message points at ("library styles are listed in `style.available`"), which
  the kernel reads;
- *an int is required*: "The 'max_depth' parameter of RandomForestClassifier must be an int in
  the range [1, inf) or None. Got 5.0 instead." for a keyword written ``max_depth=5.0``.

:func:`stated_fix` returns the hint as a drift's detail: ``how`` (``replace``, ``choose`` or
``print_call``), ``old`` and ``new`` (or ``valid`` / ``listed`` for a choice) and ``where`` the old
token sits in the failing statement (an attribute, a string literal)."""

from __future__ import annotations

import ast
import difflib
import re
from typing import Any

from .names import keeps_words, words
from .source import dotted

_TOKEN = (
    r"(?:`([^`\n]{1,80})`|'([^'\n]{1,80})'|\"([^\"\n]{1,80})\"|([A-Za-z_][\w.]*(?:\(\.\.\.\))?))"
)
_USE = re.compile(
    rf"(?:\b[Uu]se|\bin favou?r of|\breplaced by|\brenamed to)\s+(?:the\s+)?{_TOKEN}"
    r"(?:\s+(?:instead|by itself)\b)?"
)
_DID_YOU_MEAN = re.compile(rf"[Dd]id you mean:?\s+{_TOKEN}\s*\??")
_INVALID = re.compile(r"\b[Ii]nvalid [\w ]{1,30}?:\s*'?([^\s.'\"]{1,40})'?[.\s]")
_GOT = re.compile(r"\b[Gg]ot:?\s+'([^'\n]{1,80})'")
_NOT_VALID = re.compile(r"^'([^'\n]{1,80})' is not a valid")
_LIST = re.compile(r"(?:one of|among|are|values are|keywords are)\s*[:]?\s*([\[{(][^\]})]*[\]})])")
_QUOTED_RUN = re.compile(r"(?:supported|valid|possible) values are:?\s+((?:'[^']*'(?:,\s*)?)+)")
_LISTED_IN = re.compile(r"listed in `([A-Za-z_][\w.]*)`")
# "The 'n' parameter of X must be an int ... Got 5.0 instead": a whole number written as a float
_WANTS_INT = re.compile(
    r"['`\"]([A-Za-z_]\w*)['`\"] (?:parameter|argument)\b[^.]*? must be an? (?:int|integer)\b"
    r".*?\b[Gg]ot:? (-?\d+)\.0*\b",
    re.DOTALL,
)


def _token(m: re.Match[str]) -> str:
    return next(g for g in m.groups() if g is not None)


def _code_like(m: re.Match[str]) -> bool:
    """A token quoted as code, or a bare one that is plainly code: dotted (``pkg.mod.Name``),
    or followed by "instead" ("use frombuffer instead"); not a word of the sentence ("Use an
    IDE variable explorer")."""
    quoted = any(m.group(i) for i in (1, 2, 3))
    bare = m.group(4) or ""
    return quoted or "." in bare.strip(".") or m.group(0).rstrip().endswith("instead")


def stated_fix(
    ename: str,
    evalue: str,
    stmt: ast.stmt | None,
    written: set[str] | None = None,
    cell: ast.Module | None = None,
) -> dict[str, Any] | None:
    """The fix the message states for the failing statement, or None. ``written``: the string
    values the notebook writes up to the failing cell (a value may be set before it is used);
    ``cell``: the failing cell's code (a keyword may be given a line before the call that
    validates it, as an estimator is built before ``fit``)."""
    text = evalue or ""
    if ename == "SyntaxError" and "Did you mean print(" in text:
        return {"how": "print_call"}
    literals = _string_literals(stmt) | (written or set())
    attributes = _attribute_texts(stmt)
    # valid choices first: "got 'x'" names the value to replace
    bad = bad_value(text)
    if bad is not None and bad in literals:
        listed = _LISTED_IN.search(text)
        valid = _valid_values(text)
        if valid:
            return {"how": "choose", "old": bad, "valid": valid, "where": "string"}
        if listed:
            return {
                "how": "choose",
                "old": bad,
                "listed": _anchor(listed.group(1), stmt),
                "where": "string",
            }
    if (m := _WANTS_INT.search(text)) and any(
        _float_keyword(node, m.group(1), float(m.group(2))) for node in (stmt, cell)
    ):
        return {"how": "whole_number", "keyword": m.group(1), "value": int(m.group(2))}
    m = _DID_YOU_MEAN.search(text)
    if m:
        new = _token(m)
        invalid = _INVALID.search(text)
        old = invalid.group(1) if invalid else bad_value(text)
        if old and old in literals and new != old:
            return {"how": "replace", "old": old, "new": new, "where": "string"}
    m = next((u for u in _USE.finditer(text) if _code_like(u)), None)
    if m:
        new = _token(m)
        before = text[: m.start()]
        # the old name: quoted as code, or an attribute the statement reads that the sentence
        # names as a word ("The binary mode of fromstring is removed, use frombuffer instead")
        named = [a for a in attributes if re.search(rf"(?<![\w.]){re.escape(a)}(?![\w])", before)]
        for cand in _code_tokens(before) + _code_tokens(text) + named:
            if cand == new:
                continue
            if cand in literals:
                return {"how": "replace", "old": cand, "new": new, "where": "string"}
            attr = cand.split(".")[-1]
            if attr in attributes and re.fullmatch(r"[A-Za-z_][\w.]*", new):
                return {
                    "how": "replace",
                    "old": cand,
                    "attr": attr,
                    "new": new,
                    "where": "attribute",
                    "receivers": attributes[attr],
                }
    return None


def _float_keyword(stmt: ast.AST | None, keyword: str, value: float) -> bool:
    """The code passes ``keyword=<value as a float literal>``."""
    for node in ast.walk(stmt) if stmt is not None else ():
        if isinstance(node, ast.keyword) and node.arg == keyword:
            v, sign = node.value, 1.0
            if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub):
                v, sign = v.operand, -1.0
            if (
                isinstance(v, ast.Constant)
                and isinstance(v.value, float)
                and sign * v.value == value
            ):
                return True
    return False


def choose(old: str, valid: list[str]) -> tuple[str, str] | None:
    """The one valid value meant by ``old``, and why: one contains the other (``gini`` in
    ``gini_index``), or it is the clear closest spelling (``seaborn-v0_8-white`` for
    ``seaborn-white``). None when it is not clear."""
    low = old.lower()
    inside = [v for v in valid if v and v != old and keeps_words(old, v)]
    if len(inside) == 1:
        return inside[0], "contains" if len(words(inside[0])) < len(words(old)) else "contained"
    pool = inside or valid
    scored = sorted(
        ((difflib.SequenceMatcher(None, low, v.lower()).ratio(), v) for v in pool if v != old),
        reverse=True,
    )
    if not scored or scored[0][0] < 0.6:
        return None
    if len(scored) > 1 and scored[0][0] - scored[1][0] < 0.05:
        return None  # two about as close: not clear
    return scored[0][1], "closest"


def bad_value(text: str) -> str | None:
    for pattern in (_GOT, _NOT_VALID):
        m = pattern.search(text)
        if m:
            return m.group(1)
    return None


def _valid_values(text: str) -> list[str]:
    m = _LIST.search(text)
    if m:
        values = re.findall(r"'([^']*)'|\"([^\"]*)\"", m.group(1))
        out = [a or b for a, b in values]
        if out:
            return out
    m = _QUOTED_RUN.search(text)
    if m:
        return re.findall(r"'([^']*)'", m.group(1))
    return []


def _code_tokens(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in re.finditer(r"`([^`\n]+)`|'([^'\n]+)'", text)]


def _string_literals(stmt: ast.stmt | None) -> set[str]:
    if stmt is None:
        return set()
    return {
        n.value for n in ast.walk(stmt) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _attribute_texts(stmt: ast.stmt | None) -> dict[str, list[str]]:
    """attribute name -> the dotted receivers it is read from in the statement."""
    out: dict[str, list[str]] = {}
    if stmt is None:
        return out
    for n in ast.walk(stmt):
        if isinstance(n, ast.Attribute):
            receiver = dotted(n.value)
            if receiver:
                out.setdefault(n.attr, []).append(receiver)
    return out


def _anchor(listed: str, stmt: ast.stmt | None) -> str:
    """``style.available`` said by ``plt.style.use(...)``'s message: read as ``plt.style.available``
    (the message names it relative to the module whose function raised)."""
    head = listed.split(".")[0]
    if stmt is not None:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Call):
                callee = dotted(n.func)
                if not callee:
                    continue
                parts = callee.split(".")
                if head in parts[:-1]:
                    return ".".join(parts[: parts.index(head)] + listed.split("."))
    return listed
