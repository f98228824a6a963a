"""A read-only walk over a LibCST tree that calls a visitor's ``visit_X``/``leave_X`` methods.

LibCST's own ``node.visit(visitor)`` rebuilds every node even when nothing changes, which makes
a read-only pass cost as much as a rewrite. This walk reads the dataclass fields instead (skipping
pure whitespace and punctuation), in source order, with the same method names and the same
"``visit_X`` returns False: skip the children" convention.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import libcst as cst

_SKIP_PREFIXES = (
    "whitespace",
    "lpar",
    "rpar",
    "lbrace",
    "rbrace",
    "lbracket",
    "rbracket",
    "comma",
    "semicolon",
    "leading_lines",
    "trailing_whitespace",
    "lines_after_decorators",
    "header",
    "footer",
    "equal",
    "dot",
    "colon",
    "newline",
    "relative",
    "first_line",
)
_FIELDS: dict[type, tuple[str, ...]] = {}
_METHODS: dict[tuple[type, type], tuple[Callable[..., Any] | None, Callable[..., Any] | None]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(
            f.name for f in dataclasses.fields(cls) if not f.name.startswith(_SKIP_PREFIXES)
        )
        _FIELDS[cls] = names
    return names


def _methods(visitor_cls: type, cls: type) -> tuple[Any, Any]:
    key = (visitor_cls, cls)
    found = _METHODS.get(key)
    if found is None:
        name = cls.__name__
        found = (
            getattr(visitor_cls, f"visit_{name}", None),
            getattr(visitor_cls, f"leave_{name}", None),
        )
        _METHODS[key] = found
    return found


def walk(visitor: Any, node: cst.CSTNode) -> None:
    visit, leave = _methods(type(visitor), type(node))
    if visit is None or visit(visitor, node) is not False:
        for name in _fields(type(node)):
            child = getattr(node, name)
            if isinstance(child, cst.CSTNode):
                walk(visitor, child)
            elif isinstance(child, list | tuple):
                for item in child:
                    if isinstance(item, cst.CSTNode):
                        walk(visitor, item)
    if leave is not None:
        leave(visitor, node)
