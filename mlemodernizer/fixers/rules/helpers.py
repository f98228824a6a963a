"""Shorthands that turn catalogue rows into matchers (the rule modules are mostly these)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import libcst as cst

from . import edits
from .matchers import MISSING, NOT_LITERAL, Call, Outcome, Site, Symbol

# --- error signatures -------------------------------------------------------------------------


def no_attribute(module: str, names: Iterable[str]) -> str:
    """``module 'numpy' has no attribute 'float'`` for any of ``names``."""
    alt = "|".join(re.escape(n) for n in names)
    return rf"module '{re.escape(module)}' has no attribute '({alt})'"


def object_no_attribute(names: Iterable[str], types: str = r"\w+") -> str:
    alt = "|".join(re.escape(n) for n in names)
    # types may be alternatives ("DataFrame|Series"): grouped, so they stay inside the quotes
    return rf"'(?:{types})' object has no attribute '({alt})'"


def no_module(module: str) -> str:
    return rf"No module named '{re.escape(module)}(\.\w+)*'"


def cannot_import(names: Iterable[str], module: str = r"[\w.]+") -> str:
    alt = "|".join(re.escape(n) for n in names)
    return rf"cannot import name '({alt})' from '{module}'"


def unexpected_kwarg(names: Iterable[str]) -> str:
    alt = "|".join(re.escape(n) for n in names)
    return rf"(unexpected keyword argument|Argument\(s\) not recognized).*'({alt})'"


# "f() takes 2 positional arguments but 3 were given" (and "from 1 to 2")
POSITIONAL_ERROR = r"takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given"


def invalid_param(param: str, values: Iterable[str] = ()) -> str:
    if not values:
        return rf"The '{re.escape(param)}' parameter of \w+ must be"
    alt = "|".join(re.escape(v) for v in values)
    return rf"The '{re.escape(param)}' parameter of \w+ must be .* Got '({alt})' instead"


# --- symbols ------------------------------------------------------------------------------------


def renames(module: str, pairs: Mapping[str, str]) -> tuple[Symbol, ...]:
    """``module.old`` → ``module.new`` (or a builtin when ``new`` starts with ``builtins.``)."""
    out = []
    for old, new in pairs.items():
        target = new if "." in new else f"{module}.{new}"
        out.append(Symbol(old=f"{module}.{old}", new=target))
    return tuple(out)


# --- keyword arguments -------------------------------------------------------------------------


def _call(
    check: Callable[[Site], Outcome | None],
    functions: Iterable[str] = (),
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    exclude: Iterable[str] = (),
) -> Call:
    return Call(
        check=check,
        functions=tuple(functions),
        methods=tuple(methods),
        receivers=tuple(receivers),
        exclude=tuple(exclude),
    )


def kwarg_rename(
    old: str,
    new: str,
    *,
    functions: Iterable[str] = (),
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    exclude: Iterable[str] = (),
    values: Mapping[Any, Any] | None = None,
) -> Call:
    """``f(old=v)`` → ``f(new=v)`` (``values`` maps literal values when the meaning's spelling
    changed too)."""

    def check(site: Site) -> Outcome | None:
        arg = site.kwarg(old)
        if arg is None or site.kwarg(new) is not None:
            return None

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            node = edits.rename_kwarg(node, old, new)
            key = same_literal(values or {}, site.value(old))
            if key is not MISSING:
                node = edits.set_kwarg(node, new, edits.to_node((values or {})[key]))
            return node

        return Outcome(fix=fix, proven=site.proven)

    return _call(check, functions, methods, receivers, exclude)


def attr_renamed(new: str) -> Callable[[Site], Outcome]:
    """The check of an attribute renamed (``.is_monotonic`` → ``.is_monotonic_increasing``):
    proven where the matcher proved the receiver."""

    def check(site: Site) -> Outcome:
        return Outcome(fix=lambda node, refs: edits.rename_attr(node, new), proven=site.proven)

    return check


def kwarg_drop(
    *names: str,
    functions: Iterable[str] = (),
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    exclude: Iterable[str] = (),
    when: Callable[[Any], bool] | None = None,
) -> Call:
    """Drop ``names=...`` (only where ``when(literal value)`` holds, if given)."""

    def check(site: Site) -> Outcome | None:
        present = [n for n in names if site.kwarg(n) is not None]
        if not present:
            return None
        if when is not None:
            bad = [n for n in present if not when(site.value(n))]
            if bad:
                return Outcome(fix=None, proven=False)
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, *present), proven=site.proven)

    return _call(check, functions, methods, receivers, exclude)


def same_literal(mapping: Mapping[Any, Any], value: Any) -> Any:
    """The key of ``mapping`` that is ``value``, type included (``0 == False`` and ``1 == True``,
    but a row for ``average=0`` is not one for ``average=False``), else MISSING."""
    for key in mapping:
        if type(key) is type(value) and key == value:
            return key
    return MISSING


def kwarg_value(
    name: str,
    mapping: Mapping[Any, Any],
    *,
    functions: Iterable[str] = (),
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    position: int | None = None,
) -> Call:
    """``f(name='old')`` → ``f(name='new')`` for literal values in ``mapping`` (``None`` and
    numbers too, matched by type: :func:`same_literal`); ``position``: the 0-based place among
    the positional arguments where the value may be passed instead (``set_aspect('normal')``)."""

    def check(site: Site) -> Outcome | None:
        value = site.value(name, position)
        if value is MISSING or value is NOT_LITERAL:
            return None
        key = same_literal(mapping, value)
        if key is MISSING:
            return None
        new = mapping[key]
        arg = site.kwarg(name)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            if arg is not None:
                old_node = edits.find_kwarg(node, name)
                current = node.args[old_node].value if old_node is not None else None
                return edits.set_kwarg(node, name, _literal_like(current, new))
            assert position is not None
            pos = [i for i, a in enumerate(node.args) if a.keyword is None and not a.star]
            args = list(node.args)
            i = pos[position]
            args[i] = args[i].with_changes(value=_literal_like(args[i].value, new))
            return node.with_changes(args=args)

        return Outcome(fix=fix, proven=site.proven)

    return _call(check, functions, methods, receivers)


def _literal_like(old: Any, new: Any) -> cst.BaseExpression:
    if isinstance(new, str):
        return edits.same_quotes(old, new)
    return edits.to_node(new)


def pin_default(
    name: str,
    value: Any,
    *,
    functions: Iterable[str] = (),
    position: int | None = None,
    unless: Callable[[Site], bool] | None = None,
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    exclude: Iterable[str] = (),
    min_positional: int = 0,
) -> Call:
    """Add ``name=value`` to calls that rely on a default that changed (reproduce mode).

    ``methods``: a method's default, pinned only where the receiver's type is proven to be one
    of ``receivers`` (nothing raises, so no error ever says whose method it was; a pin on an
    unproven receiver would change another library's call). ``min_positional``: only calls
    passing at least that many positional arguments (the 3D ``quiver(X, Y, Z, U, V, W)``, where
    a 2D ``quiver`` takes at most five)."""
    methods = tuple(methods)
    if methods and not tuple(receivers):
        raise ValueError("a default pinned on methods needs receivers whose types prove them")

    def check(site: Site) -> Outcome | None:
        if site.kwarg(name) is not None or site.has_star():
            return None
        if position is not None and len(site.positional()) > position:
            return None
        if len(site.positional()) < min_positional:
            return None
        if methods and (not site.proven or site.receiver is None):
            return None
        if unless is not None and unless(site):
            return None
        return Outcome(
            fix=lambda node, refs: edits.add_args(node, [edits.kwarg(name, edits.to_node(value))])
        )

    return _call(check, functions, methods, receivers, exclude)


def report(
    *,
    functions: Iterable[str] = (),
    methods: Iterable[str] = (),
    receivers: Iterable[str] = (),
    exclude: Iterable[str] = (),
    when: Callable[[Site], bool] | None = None,
    message: str | None = None,
) -> Call:
    """A call that is reported (no rewrite)."""

    def check(site: Site) -> Outcome | None:
        if when is not None and not when(site):
            return None
        return Outcome(fix=None, proven=site.proven, message=message)

    return _call(check, functions, methods, receivers, exclude)


def qualify(module: str, names: Iterable[str]) -> tuple[str, ...]:
    return tuple(f"{module}.{n}" for n in names)
