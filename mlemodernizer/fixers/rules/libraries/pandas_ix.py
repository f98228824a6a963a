"""``.ix[...]`` → ``.loc[...]``, and when that is exact.

``.ix`` decided per axis whether a key was a label or a position:

- on an integer index (``Int64Index``, ``RangeIndex``: a frame from ``read_csv`` without
  ``index_col``, ``pd.DataFrame(...)`` without ``index=``, and whatever keeps those labels:
  filtering, sorting, ``train_test_split``) it was purely label-based, slices included
  (end inclusive), i.e. exactly ``.loc``;
- on any other index a string, a boolean mask or ``:`` meant labels (``.loc`` again), while an
  integer meant a position: on a proven DatetimeIndex (``read_csv(index_col=..., parse_dates=...)``,
  ``date_range``, resampled data) integer rows become ``.iloc`` (or ``df.index[rows]`` next to a
  label column);
- the columns of a ``read_csv`` frame are strings, so an integer column key was a position:
  ``df.ix[:, 1:]`` is ``df.loc[:, df.columns[1:]]``.

So the rewrite is ``.loc`` with integer column keys turned into ``df.columns[key]``. It is
proven (applied before the first run) when the row key is label-safe for the receiver's index
and every integer column key meets known string (or default range) columns; otherwise it is
proposed for review after ``'DataFrame' object has no attribute 'ix'``, assuming integer row
labels and string column labels (the common case), with ``.iloc`` named in the message.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ..matchers import NOT_LITERAL, Outcome, Site, literal
from ..symbols import SERIES, TypeInfo

BOOL_METHODS = {
    "isnull",
    "notnull",
    "isna",
    "notna",
    "isin",
    "contains",
    "startswith",
    "endswith",
    "duplicated",
    "between",
    "any",
    "all",
}


def key_kind(node: cst.BaseSlice | None, site: Site) -> str:
    """``all`` | ``int`` | ``str`` | ``bool`` | ``other`` for one axis of an ``.ix`` key."""
    if node is None:
        return "all"
    if isinstance(node, cst.Slice):
        bounds = [node.lower, node.upper]
        if node.lower is None and node.upper is None and node.step is None:
            return "all"
        values = [literal(b) for b in bounds if b is not None]
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        if ints and (node.step is None or isinstance(literal(node.step), int)):
            return "int"
        if all(isinstance(v, str) for v in values) and node.step is None:
            return "str"
        types = [site.infer(b) for b in bounds if b is not None]
        if all(t is not None and t.qname == "builtins.int" for t in types):
            return "int"
        return "other"
    assert isinstance(node, cst.Index)
    value = node.value
    lit = literal(value)
    if lit is not NOT_LITERAL:
        items = lit if isinstance(lit, list | tuple) else [lit]
        if items and all(isinstance(v, bool) for v in items):
            return "bool"
        if items and all(isinstance(v, int) and not isinstance(v, bool) for v in items):
            return "int"
        if items and all(isinstance(v, str) for v in items):
            return "str"
        return "other"
    if _is_mask(value):
        return "bool"
    t = site.infer(value)
    if t is not None:
        if t.qname == "builtins.str" or t.elem == "str":
            return "str"
        if t.qname == "builtins.int" or t.elem == "int":
            return "int"
    return "other"


def _is_mask(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Comparison):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.BitInvert):
        return _is_mask(node.expression)
    if isinstance(node, cst.BinaryOperation) and isinstance(
        node.operator, cst.BitAnd | cst.BitOr | cst.BitXor
    ):
        return _is_mask(node.left) and _is_mask(node.right)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return node.func.attr.value in BOOL_METHODS
    return False


def _pure(node: cst.BaseExpression) -> bool:
    """An expression that can be written twice (a name or a dotted name)."""
    if isinstance(node, cst.Name):
        return True
    return isinstance(node, cst.Attribute) and _pure(node.value)


def check_ix(site: Site) -> Outcome | None:
    sub: cst.Subscript = site.node
    t: TypeInfo | None = site.receiver
    elements = list(sub.slice)
    if len(elements) > 2:
        return Outcome(fix=None)
    row = elements[0].slice
    col = elements[1].slice if len(elements) == 2 else None
    receiver = sub.value.value  # type: ignore[attr-defined]
    row_kind = key_kind(row, site)
    col_kind = key_kind(col, site)
    index = t.index if t is not None else None
    columns = t.columns if t is not None else None
    if t is not None and t.qname == SERIES and col is not None:
        return Outcome(fix=None)

    if index == "datetime" and row_kind == "int":
        # integer rows on a non-integer index were positions
        if col is None or col_kind in ("all", "int"):
            return Outcome(fix=_positional_fix("iloc"), proven=site.proven)
        if col_kind in ("str", "bool") and _pure(receiver):
            return Outcome(fix=_positional_fix("rows_by_index"), proven=site.proven)
        return Outcome(fix=None, proven=False)
    row_ok = index in ("range", "int", "datetime") and (index != "datetime" or row_kind != "other")
    row_ok = row_ok or row_kind in ("all", "str", "bool")
    wrap_col = False
    if col_kind == "int":
        if columns == "range":
            col_ok = True
        else:
            col_ok = columns == "str"
            wrap_col = True
    else:
        col_ok = col_kind in ("all", "str", "bool")
    if wrap_col and not _pure(receiver):
        return Outcome(fix=None, proven=False)
    proven = site.proven and row_ok and col_ok
    if col_kind == "other" and col is not None and columns is None:
        # a variable column key could be a position: assume labels only for review
        proven = False
    fix = _make_fix(wrap_col)
    if proven:
        return Outcome(fix=fix)
    return Outcome(
        fix=fix,
        proven=False,
        message=".ix was removed in pandas 1.0; proposed .loc assuming integer row labels and "
        "string column labels (use .iloc where rows are positions)",
    )


def _positional_fix(mode: str) -> Any:
    """``df.ix[-30:]`` on a DatetimeIndex: ``df.iloc[-30:]``; with a label column:
    ``df.loc[df.index[-30:], 'sales']``."""

    def fix(node: cst.Subscript, refs: Any) -> cst.Subscript:
        attr = node.value
        assert isinstance(attr, cst.Attribute)
        if mode == "iloc":
            return node.with_changes(value=attr.with_changes(attr=cst.Name("iloc")))
        node = node.with_changes(value=attr.with_changes(attr=cst.Name("loc")))
        elements = list(node.slice)
        index = cst.Attribute(value=attr.value, attr=cst.Name("index"))
        rows = cst.Subscript(value=index, slice=[cst.SubscriptElement(slice=elements[0].slice)])
        elements[0] = elements[0].with_changes(slice=cst.Index(value=rows))
        return node.with_changes(slice=elements)

    return fix


def _make_fix(wrap_col: bool) -> Any:
    def fix(node: cst.Subscript, refs: Any) -> cst.Subscript:
        attr = node.value
        assert isinstance(attr, cst.Attribute)
        node = node.with_changes(value=attr.with_changes(attr=cst.Name("loc")))
        if not wrap_col:
            return node
        elements = list(node.slice)
        key = elements[1].slice
        columns = cst.Attribute(value=attr.value, attr=cst.Name("columns"))
        inner = cst.Subscript(value=columns, slice=[cst.SubscriptElement(slice=key)])
        elements[1] = elements[1].with_changes(slice=cst.Index(value=inner))
        return node.with_changes(slice=elements)

    return fix
