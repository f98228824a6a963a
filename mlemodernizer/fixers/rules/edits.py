"""Small formatting-preserving CST edits the rules' fixes are made of."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import libcst as cst

_EMPTY = cst.Module(body=[])


def code(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def expr(text: str) -> cst.BaseExpression:
    return cst.parse_expression(text)


def dotted(name: str) -> cst.Name | cst.Attribute:
    parts = name.split(".")
    node: cst.Name | cst.Attribute = cst.Name(parts[0])
    for part in parts[1:]:
        node = cst.Attribute(value=node, attr=cst.Name(part))
    return node


def dotted_name(node: cst.CSTNode | None) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def string(value: str) -> cst.SimpleString:
    return cst.SimpleString(repr(value))


def to_node(value: Any) -> cst.BaseExpression:
    """A literal Python value as an expression (``1.0``, ``'sqrt'``, ``None``)."""
    return expr(repr(value))


def same_quotes(old: cst.CSTNode, value: str) -> cst.SimpleString:
    """``value`` as a string literal in the quote style of ``old`` (when ``old`` is a string)."""
    if isinstance(old, cst.SimpleString):
        quote = old.quote
        if quote in ('"', "'") and quote not in value and "\\" not in value:
            return cst.SimpleString(f"{old.prefix.replace('u', '')}{quote}{value}{quote}")
    return string(value)


# --- arguments ------------------------------------------------------------------------------


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def find_kwarg(call: cst.Call, name: str) -> int | None:
    for i, a in enumerate(call.args):
        if a.keyword is not None and a.keyword.value == name:
            return i
    return None


def _with_args(call: cst.Call, args: list[cst.Arg], last_comma: Any) -> cst.Call:
    if args:
        args[-1] = args[-1].with_changes(comma=last_comma)
    return call.with_changes(args=args)


def drop_kwargs(call: cst.Call, *names: str) -> cst.Call:
    args = list(call.args)
    if not args:
        return call
    last_comma = args[-1].comma
    kept = [a for a in args if a.keyword is None or a.keyword.value not in names]
    if len(kept) == len(args):
        return call
    kept = [a if a is not args[-1] else a for a in kept]
    # arguments that lost their successor keep a comma only where one is needed
    fixed = [
        a if a.comma is not cst.MaybeSentinel.DEFAULT else a.with_changes(comma=_comma())
        for a in kept[:-1]
    ]
    return _with_args(call, [*fixed, *kept[-1:]], last_comma)


def drop_arg(call: cst.Call, index: int) -> cst.Call:
    args = list(call.args)
    last_comma = args[-1].comma
    del args[index]
    fixed = [
        a if a.comma is not cst.MaybeSentinel.DEFAULT else a.with_changes(comma=_comma())
        for a in args[:-1]
    ]
    return _with_args(call, [*fixed, *args[-1:]], last_comma)


def rename_kwarg(call: cst.Call, old: str, new: str) -> cst.Call:
    i = find_kwarg(call, old)
    if i is None:
        return call
    args = list(call.args)
    args[i] = args[i].with_changes(keyword=cst.Name(new))
    return call.with_changes(args=args)


def set_kwarg(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    """Replace the value of keyword ``name``, or add ``name=value`` at the end."""
    i = find_kwarg(call, name)
    args = list(call.args)
    if i is not None:
        args[i] = args[i].with_changes(value=value)
        return call.with_changes(args=args)
    return add_args(call, [cst.Arg(value=value, keyword=cst.Name(name), **_kw_eq())])


def _kw_eq() -> dict[str, Any]:
    return {
        "equal": cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        )
    }


def kwarg(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value=value, keyword=cst.Name(name), **_kw_eq())


def add_args(call: cst.Call, new: Iterable[cst.Arg]) -> cst.Call:
    args = list(call.args)
    new = list(new)
    if not new:
        return call
    last_comma = args[-1].comma if args else cst.MaybeSentinel.DEFAULT
    if args:
        args[-1] = args[-1].with_changes(comma=_comma())
    args.extend(new)
    for i in range(len(args) - 1):
        if args[i].comma is cst.MaybeSentinel.DEFAULT:
            args[i] = args[i].with_changes(comma=_comma())
    if isinstance(last_comma, cst.Comma) and not last_comma.whitespace_after.empty:
        # a trailing comma before a newline (multi-line call): keep that layout
        return _with_args(call, args, last_comma)
    return _with_args(call, args, cst.MaybeSentinel.DEFAULT)


def map_kwarg_value(
    call: cst.Call, name: str, fn: Callable[[cst.BaseExpression], cst.BaseExpression]
) -> cst.Call:
    i = find_kwarg(call, name)
    if i is None:
        return call
    args = list(call.args)
    args[i] = args[i].with_changes(value=fn(args[i].value))
    return call.with_changes(args=args)


def positional_to_keywords(call: cst.Call, names: list[str | None], start: int = 0) -> cst.Call:
    """Turn positional arguments from ``start`` on into keywords named by ``names`` (a None name
    keeps that argument positional)."""
    args = list(call.args)
    pos = [i for i, a in enumerate(args) if a.keyword is None and not a.star]
    for k, i in enumerate(pos):
        if k < start or k - start >= len(names):
            continue
        name = names[k - start]
        if name is not None:
            args[i] = args[i].with_changes(keyword=cst.Name(name), **_kw_eq())
    return call.with_changes(args=args)


# --- statements ----------------------------------------------------------------------------

REMOVE_MARKER = "__mlem_remove__"


def remove_statement() -> cst.Name:
    """What a fix of a call returns to delete the expression statement the call is."""
    return cst.Name(REMOVE_MARKER)


# --- names and methods ---------------------------------------------------------------------


def rename_method(call: cst.Call, new: str) -> cst.Call:
    func = call.func
    if isinstance(func, cst.Attribute):
        return call.with_changes(func=func.with_changes(attr=cst.Name(new)))
    return call


def rename_attr(node: cst.Attribute, new: str) -> cst.Attribute:
    return node.with_changes(attr=cst.Name(new))


def method_call(receiver: cst.BaseExpression, name: str, args: Iterable[cst.Arg] = ()) -> cst.Call:
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name(name)), args=list(args))


def paren(node: cst.BaseExpression) -> cst.BaseExpression:
    """``node`` wrapped in parentheses where it would not bind tightly as a receiver."""
    tight = (
        cst.Name,
        cst.Attribute,
        cst.Call,
        cst.Subscript,
        cst.SimpleString,
        cst.List,
        cst.Tuple,
        cst.Dict,
    )
    if isinstance(node, tight) or node.lpar:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def strip_comma(arg: cst.Arg) -> cst.Arg:
    return arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)
