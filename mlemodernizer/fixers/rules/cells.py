"""Cell text before the tree: magics masked, parsed once (cached), Python 2 lines rewritten when
the cell does not parse."""

from __future__ import annotations

import ast
import re
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
    """Line rewrites for code that does not parse (Python 2). Returns the new text if every
    fix was allowed and the result parses."""
    hits: list[Hit] = []
    lines = masked.split("\n")
    allowed = True
    for n, line in enumerate(lines):
        for rule, m in index.texts:
            new = m.fix(line)
            if new is None or new == line:
                continue
            applied = policy.decide(rule, Outcome(fix=lambda node, refs: node))
            allowed = allowed and applied
            col = len(line) - len(line.lstrip()) + 1
            hits.append(Hit(rule, None, rule.message, True, True, applied, n + 1, col))
            line = new
        lines[n] = line
    if not hits or not allowed:
        return None, hits
    text = "\n".join(lines)
    return (text if parse_cached(text) is not None else None), hits


_ASSIGNED_MAGIC = re.compile(r"^(\s*)[\w.]+(\s*,\s*[\w.]+)*\s*=\s*[!%]")


def mask_assigned_magics(text: str) -> tuple[str, dict[str, str]]:
    """``files = !ls`` and ``t = %timeit -o f()`` lines (mask_magics leaves them), masked the same
    way so the cell parses."""
    if "=" not in text:
        return text, {}
    mapping: dict[str, str] = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _ASSIGNED_MAGIC.match(line)
        if m:
            key = f"{MAGIC_PREFIX}a{len(mapping)}"
            mapping[key] = line
            lines[i] = f"{m.group(1)}{key}()"
    return "\n".join(lines), mapping
