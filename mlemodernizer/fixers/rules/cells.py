"""Cell text before the tree: magics masked, parsed once (cached), Python 2 lines rewritten when
the cell does not parse."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import lru_cache

import libcst as cst

from .index import Policy, RuleIndex
from .matchers import Outcome
from .results import Hit

MAGIC_PREFIX = "__mlem_magic__"


@lru_cache(maxsize=4096)
def parse_cached(masked: str) -> cst.Module | None:
    """The cell's tree, or None when it is not valid Python 3 (LibCST alone accepts some Python 2
    forms, such as ``except E, e:``, so CPython's parser has the last word)."""
    try:
        ast.parse(masked)
        return cst.parse_module(masked)
    except (SyntaxError, ValueError, RecursionError, MemoryError, cst.ParserSyntaxError):
        return None


def text_fix(masked: str, index: RuleIndex, policy: Policy) -> tuple[str | None, list[Hit]]:
    """Line rewrites for code that does not parse (Python 2). A statement continued over
    several lines (open brackets, backslashes) is rewritten as one unit. Returns the new text if
    every fix was allowed and the result parses."""
    hits: list[Hit] = []
    lines = masked.split("\n")
    spans = logical_spans(masked)
    out: list[str] = []
    allowed = True
    n = 0
    while n < len(lines):
        end = spans.get(n, n)
        line = "\n".join(lines[n : end + 1])
        for rule, m in index.texts:
            new = m.fix(line)
            if new is None or new == line:
                continue
            applied = policy.decide(rule, Outcome(fix=lambda node, refs: node))
            allowed = allowed and applied
            col = len(line) - len(line.lstrip()) + 1
            hits.append(Hit(rule, None, rule.message, True, True, applied, n + 1, col))
            line = new
        out.append(line)
        n = end + 1
    if not hits or not allowed:
        return None, hits
    text = "\n".join(out)
    return (text if parse_cached(text) is not None else None), hits


def logical_spans(text: str) -> dict[int, int]:
    """First line → last line (0-based) of each statement that spans several physical lines.
    Python 2 code still tokenizes; where it does not, every line stands alone."""
    spans: dict[int, int] = {}
    start: int | None = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
                continue
            if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                if start is not None and tok.start[0] - 1 > start:
                    spans[start] = tok.start[0] - 1
                start = None
            elif start is None:
                start = tok.start[0] - 1
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return spans
    return spans


_ASSIGNED_MAGIC = re.compile(r"^(\s*)[\w.]+(\s*,\s*[\w.]+)*\s*=\s*[!%]")
_LONE_SEMICOLON = re.compile(r"^(\s*);\s*$")


def mask_assigned_magics(text: str) -> tuple[str, dict[str, str]]:
    """``files = !ls`` and ``t = %timeit -o f()`` lines (mask_magics leaves them), masked the same
    way so the cell parses; so is a line holding only ``;`` (IPython runs it: authors end a
    plotting cell with one to hide the last value)."""
    if "=" not in text and ";" not in text:
        return text, {}
    mapping: dict[str, str] = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _ASSIGNED_MAGIC.match(line) or _LONE_SEMICOLON.match(line)
        if m:
            key = f"{MAGIC_PREFIX}a{len(mapping)}"
            mapping[key] = line
            lines[i] = f"{m.group(1)}{key}()"
    return "\n".join(lines), mapping
