"""pandas 0.x APIs that 2015-2019 notebooks still use: cosmetic options, renamed keywords and
constructors, level= reductions, concat(join_axes=), Categorical property setters."""

from __future__ import annotations

import keyword
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    no_attribute,
    object_no_attribute,
    qualify,
    unexpected_kwarg,
)
from ..infer import DATETIME_INDEX, PERIOD_INDEX
from ..matchers import MISSING, NOT_LITERAL, Attr, Call, Node, Outcome, Site, Symbol, literal
from ..model import REVIEW, SAFE, SAFE_IF, Rule
from ..symbols import DATAFRAME, NDARRAY, SERIES
from ._setups import _CASE_DATA, _CASE_FRAME, _CASE_MPL
from .pandas import OPTION_FUNCTIONS, OPTION_PAIRS, _option_keys

LIB = "pandas"

# setups the rules' proofs share
_CASE_HOURS = (
    "import pandas as pd\n"
    "s = pd.Series([1.0, 2.0], index=pd.to_datetime(['2020-01-01 00:00', "
    "'2020-01-01 03:00']))\n"
)
SOURCE = "real-notebooks"
NOT_PANDAS = (NDARRAY, "builtins.list", "builtins.dict", "builtins.str")
PANDAS = (DATAFRAME, SERIES)

# --- Categorical.categories = [...] (a setter until pandas 2.0) ------------------------------


def _categories_setter(site: Site) -> Outcome | None:
    node: cst.Assign = site.node
    if len(node.targets) != 1:
        return None
    target = node.targets[0].target
    if not (isinstance(target, cst.Attribute) and target.attr.value == "categories"):
        return None
    accessor = target.value
    if not (isinstance(accessor, cst.Attribute) and accessor.attr.value == "cat"):
        return None

    def fix(assign: cst.Assign, refs: Any) -> cst.Assign:
        old = assign.targets[0].target
        assert isinstance(old, cst.Attribute) and isinstance(old.value, cst.Attribute)
        column = old.value.value
        renamed = edits.method_call(
            cst.Attribute(value=column, attr=cst.Name("cat")),
            "rename_categories",
            [cst.Arg(assign.value)],
        )
        return assign.with_changes(
            targets=[assign.targets[0].with_changes(target=column)], value=renamed
        )

    return Outcome(fix=fix)


# --- set_option('display.mpl_style', ...) -----------------------------------------------------

MPL_STYLE_KEYS = ("display.mpl_style", "mpl_style")


def _mpl_style(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != 2 or len(pos) != 2 or literal(pos[0].value) not in MPL_STYLE_KEYS:
        return None
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    value = literal(pos[1].value)
    if value in (None, False):
        return Outcome(fix=lambda node, refs: edits.remove_statement())
    if value != "default":
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        style = cst.Attribute(value=refs["matplotlib.pyplot"], attr=cst.Name("style"))
        return edits.method_call(style, "use", [cst.Arg(cst.SimpleString("'ggplot'"))])

    return Outcome(fix=fix, needs=("matplotlib.pyplot",))


# --- reductions with level= -------------------------------------------------------------------

LEVEL_REDUCTIONS = (
    "sum",
    "mean",
    "median",
    "min",
    "max",
    "std",
    "var",
    "sem",
    "prod",
    "product",
    "count",
    "any",
    "all",
    "skew",
    "kurt",
)
ROWS = (MISSING, 0, "index", "rows")
COLUMNS = (1, "columns")


def _level_reduction(site: Site) -> Outcome | None:
    if site.kwarg("level") is None or site.has_star():
        return None
    if site.positional():
        return Outcome(fix=None)  # df.sum(1, level=...) is rare: say so, do not guess
    axis = site.value("axis")
    if axis not in ROWS and axis not in COLUMNS:
        return Outcome(fix=None)
    transpose = axis in COLUMNS

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        func = node.func
        assert isinstance(func, cst.Attribute)
        level = node.args[edits.find_kwarg(node, "level") or 0].value
        receiver = edits.paren(func.value)
        if transpose:
            receiver = cst.Attribute(value=receiver, attr=cst.Name("T"))
        grouped = edits.method_call(receiver, "groupby", [edits.kwarg("level", level)])
        rest = [edits.strip_comma(a) for a in edits.drop_kwargs(node, "level", "axis").args]
        reduced = edits.add_args(edits.method_call(grouped, func.attr.value), rest)
        if transpose:
            return cst.Attribute(value=reduced, attr=cst.Name("T"))
        return reduced

    return Outcome(fix=fix)


# --- concat(join_axes=[...]) ------------------------------------------------------------------


def _join_axes(site: Site) -> Outcome | None:
    arg = site.kwarg("join_axes")
    if arg is None:
        return None
    axes = arg.value
    if not isinstance(axes, cst.List | cst.Tuple) or len(axes.elements) != 1:
        return Outcome(fix=None)
    axis = site.value("axis", 1)
    if axis not in ROWS and axis not in COLUMNS:
        return Outcome(fix=None)
    # join_axes gave the other axis: the columns when stacking rows, the index when side by side
    keyword = "columns" if axis in ROWS else "index"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "join_axes")
        assert i is not None
        value = node.args[i].value
        assert isinstance(value, cst.List | cst.Tuple)
        labels = value.elements[0].value
        concat = edits.drop_kwargs(node, "join_axes")
        return edits.method_call(concat, "reindex", [edits.kwarg(keyword, labels)])

    return Outcome(fix=fix, outer=True)


def _concat_axis_alias(site: Site) -> Outcome | None:
    if site.value("axis") not in ("col", "cols", "column"):
        return None
    return Outcome(
        fix=lambda node, refs: edits.set_kwarg(
            node,
            "axis",
            edits.same_quotes(node.args[edits.find_kwarg(node, "axis")].value, "columns"),
        )
    )


# --- .loc[int slice] where .ix meant positions (the index is not integer) -----------------------


def _name_like(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) or (
        isinstance(node, cst.Attribute) and _name_like(node.value)
    )


def _positional_row_slice(site: Site) -> Outcome | None:
    """``data.loc[:3, :'pop']`` (from ``.ix``) on a string index: ``.ix`` read integer slices
    as positions there, so the rows are ``data.index[:3]``."""
    node: cst.Subscript = site.node
    if len(node.slice) not in (1, 2) or not isinstance(node.value, cst.Attribute):
        return None
    rows = node.slice[0].slice
    if not isinstance(rows, cst.Slice) or (rows.lower is None and rows.upper is None):
        return None
    bounds = [b for b in (rows.lower, rows.upper) if b is not None]
    if not all(isinstance(literal(b), int) for b in bounds):
        return None
    frame = node.value.value
    if not _name_like(frame):
        return Outcome(fix=None)

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        attr = n.value
        assert isinstance(attr, cst.Attribute)
        index = cst.Attribute(value=attr.value, attr=cst.Name("index"))
        first = n.slice[0]
        positions = cst.Subscript(value=index, slice=[cst.SubscriptElement(slice=first.slice)])
        return n.with_changes(slice=[first.with_changes(slice=cst.Index(positions)), *n.slice[1:]])

    # an integer slice is a label slice on an integer index: only once the error says it is not
    return Outcome(fix=fix, proven=False)


# --- pandas 3's str dtype: strings as objects again ----------------------------------------------


INFER_STRING_QUIET = (
    "warnings:filterwarnings('ignore', \"The 'future.infer_string' option is deprecated\")"
)


def _pandas_import(site: Site) -> Outcome | None:
    node: cst.Import = site.node
    if not any(edits.dotted_name(a.name) == "pandas" for a in node.names):
        return None
    return Outcome(
        fix=lambda n, refs: n,
        # the option warns that pandas 4 removes it: filtered first, so that the fix adds no
        # warning the author's run did not show (issue 40)
        prelude=(INFER_STRING_QUIET, "pandas.set_option('future.infer_string', False)"),
        proven=False,  # only once an error shows the str dtype refused what object took
    )


def _long_frame_rows(site: Site) -> Outcome | None:
    """The stored outputs show a long frame with more rows than pandas 1.0's min_rows (10):
    the author's pandas showed max_rows rows; min_rows=None restores that (display only)."""
    node: cst.Import = site.node
    if not any(edits.dotted_name(a.name) == "pandas" for a in node.names):
        return None
    shown = site.facts.get("pandas_rows_shown", 0)
    return Outcome(
        fix=lambda n, refs: n,
        prelude="pandas.set_option('display.min_rows', None)",
        proven=shown > 10,
        message=None
        if shown > 10
        else "a long frame shows 10 rows since pandas 1.0 (no stored output shows more here)",
    )


# the DatetimeIndex fields that returned an ndarray before pandas 0.20 (an Index since)
DATETIME_FIELDS = frozenset(
    [
        "year",
        "month",
        "day",
        "hour",
        "minute",
        "second",
        "microsecond",
        "nanosecond",
        "dayofweek",
        "weekday",
        "dayofyear",
        "quarter",
        "week",
        "weekofyear",
        "days_in_month",
        "daysinmonth",
        "is_month_start",
        "is_month_end",
        "is_quarter_start",
        "is_quarter_end",
        "is_year_start",
        "is_year_end",
        "is_leap_year",
    ]
)


def _shown_field(site: Site) -> Outcome | None:
    """A cell that ends by showing ``df.index.day`` and whose stored result was ``array([...])``:
    today's Index shows 20 of the values, the array showed them all (display only: the value
    is not used further)."""
    module: cst.Module = site.node
    if not module.body or not str(site.facts.get("cell_result", "")).startswith("array("):
        return None
    last = module.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1):
        return None
    expr = last.body[0]
    if not isinstance(expr, cst.Expr) or not isinstance(expr.value, cst.Attribute):
        return None
    attr = expr.value
    receiver = site.infer(attr.value)
    on_index = isinstance(attr.value, cst.Attribute) and attr.value.attr.value == "index"
    datetime_index = receiver is not None and receiver.qname.endswith("DatetimeIndex")
    if attr.attr.value not in DATETIME_FIELDS or not (on_index or datetime_index):
        return None

    def fix(node: cst.Module, refs: Any) -> cst.Module:
        line = node.body[-1]
        shown = line.body[0]
        shown = shown.with_changes(value=edits.method_call(shown.value, "to_numpy"))
        return node.with_changes(body=[*node.body[:-1], line.with_changes(body=[shown])])

    return Outcome(fix=fix, outer=True)


# --- a bool Series plotted ---------------------------------------------------------------------


def _bool_plot(site: Site) -> Outcome | None:
    """``s.str.contains('Snow').plot()``: pandas plotted True/False as 1/0; today a bool Series
    has "no numeric data to plot"."""
    if site.receiver is None or site.receiver.elem != "bool":
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        numbers = edits.method_call(edits.paren(func.value), "astype", [cst.Arg(cst.Name("int"))])
        return node.with_changes(func=func.with_changes(value=numbers))

    return Outcome(fix=fix)


# --- pivot_table without values= over non-numeric columns ---------------------------------------

NUMERIC_AGGS = ("mean", "median", "std", "var", "sum", "prod", "sem")


def _pivot_nuisance(site: Site) -> Outcome | None:
    """``pd.pivot_table(df, index='name')`` aggregated every other column and silently dropped
    the ones the mean could not take (before pandas 2.0); name the numeric ones."""
    if site.kwarg("values") is not None or site.has_star():
        return None
    pos = site.positional()
    method = site.qname != "pandas.pivot_table"
    if method:
        func = site.node.func
        data = func.value if isinstance(func, cst.Attribute) else None
        if pos:
            return None
    else:
        data = pos[0].value if pos else None
        if len(pos) > 1:
            return None
    if data is None or not _name_like(data):
        return None
    agg = site.value("aggfunc")
    if agg is not MISSING and agg not in NUMERIC_AGGS:
        return None
    keys: list[str] = []
    for name in ("index", "columns"):
        value = site.value(name)
        if value is MISSING:
            continue
        items = value if isinstance(value, list) else [value]
        if not items or not all(isinstance(k, str) for k in items):
            return None
        keys.extend(items)
    if not keys:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        drop = edits.method_call(data, "drop", [edits.kwarg("columns", edits.to_node(keys))])
        numeric = edits.method_call(drop, "select_dtypes", [cst.Arg(edits.string("number"))])
        columns = cst.Attribute(value=numeric, attr=cst.Name("columns"))
        return edits.add_args(node, [edits.kwarg("values", columns)])

    return Outcome(fix=fix, proven=False)  # only once the mean refused a non-numeric column


# --- from the release notes: removals of pandas 0.20-1.0 that old notebooks still call ----------

NOTES = "release-notes"
NOTES_WHY = "Announced in the pandas release notes (https://pandas.pydata.org/docs/whatsnew/{})."


def _method_receiver(node: cst.Call) -> cst.BaseExpression:
    assert isinstance(node.func, cst.Attribute)
    return node.func.value


def _sortlevel(site: Site) -> Outcome | None:
    """``df.sortlevel(level=0, axis=0, ascending=True, inplace=False, sort_remaining=True)``:
    ``sort_index`` has the same keywords, but its first positional is ``axis``."""
    pos = site.positional()
    if len(pos) > 1 or site.has_star():
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(edits.rename_method(node, "sort_index"), ["level"])
        if edits.find_kwarg(node, "level") is None:
            node = edits.add_args(node, [edits.kwarg("level", cst.Integer("0"))])
        return node

    return Outcome(fix=fix)


def _take_last(site: Site) -> Outcome | None:
    value = site.value("take_last")
    if value is MISSING:
        return None
    if value not in (True, False) or site.kwarg("keep") is not None:
        return Outcome(fix=None)
    keep = "last" if value else "first"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "take_last", "keep")
        return edits.set_kwarg(node, "keep", edits.string(keep))

    return Outcome(fix=fix)


def _coerce(site: Site) -> Outcome | None:
    value = site.value("coerce")
    if value is MISSING:
        return None
    if value not in (True, False) or site.kwarg("errors") is not None:
        return Outcome(fix=None)
    errors = "coerce" if value else "raise"

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "coerce", "errors")
        return edits.set_kwarg(node, "errors", edits.string(errors))

    return Outcome(fix=fix)


def _groupby_receiver(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "groupby"
    )


def _groupby_column(node: cst.BaseExpression) -> bool:
    """``df.groupby(k)['c']`` or ``df.groupby(k).c``: one column of a groupby (SeriesGroupBy)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        key = node.slice[0].slice
        if not (isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)):
            return False
        node = node.value
    elif isinstance(node, cst.Attribute):
        node = node.value
    else:
        return False
    return _groupby_receiver(node)


def _agg_renamer(site: Site) -> Outcome | None:
    """``g['c'].agg({'total': 'sum'})``: a dict on one grouped column named the outputs (pandas
    0.20 deprecated it, 1.0 removed it); named aggregation ``agg(total='sum')`` gives the same
    columns."""
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1 or not isinstance(pos[0].value, cst.Dict):
        return None
    entries = pos[0].value.elements
    if not entries or any(not isinstance(e, cst.DictElement) for e in entries):
        return None
    keys = [literal(e.key) for e in entries]  # type: ignore[union-attr]
    if any(isinstance(e.value, cst.Dict) for e in entries):  # type: ignore[union-attr]
        # a frame's dict of dicts: named aggregation gives flat columns, not (column, name)
        receiver = site.receiver_node
        return Outcome(fix=None) if receiver is not None and _groupby_receiver(receiver) else None
    receiver = site.receiver_node
    if receiver is None or not _groupby_column(receiver):
        return None  # a frame's groupby takes {column: func}; an unknown receiver may be one
    if not all(isinstance(k, str) and k.isidentifier() and not keyword.iskeyword(k) for k in keys):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        d = node.args[0].value
        assert isinstance(d, cst.Dict)
        args = [
            edits.kwarg(str(literal(e.key)), e.value)  # type: ignore[union-attr]
            for e in d.elements
        ]
        return edits.add_args(node.with_changes(args=[]), args)

    return Outcome(fix=fix)


def _series_reshape(site: Site) -> Outcome | None:
    if not site.proven:
        return None  # arrays (np.load, ...) keep their reshape: only a proven Series
    return Outcome(
        fix=lambda node, refs: edits.method_call(
            edits.method_call(_method_receiver(node), "to_numpy"), "reshape", node.args
        ),
        proven=site.proven,
    )


def _weekday_name(site: Site) -> Outcome | None:
    return Outcome(
        fix=lambda node, refs: edits.method_call(node.value, "day_name"),
    )


def _dtype_counts(site: Site) -> Outcome | None:
    if site.args:
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: edits.method_call(
            cst.Attribute(value=_method_receiver(node), attr=cst.Name("dtypes")), "value_counts"
        )
    )


def _clip_side(site: Site) -> Outcome | None:
    """``s.clip_upper(threshold, axis=None, inplace=False)`` → ``s.clip(upper=threshold, ...)``."""
    side = "upper" if site.node.func.attr.value == "clip_upper" else "lower"
    pos = site.positional()
    if not pos and site.kwarg("threshold") is None or len(pos) > 3 or site.has_star():
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, ["threshold", "axis", "inplace"])
        node = edits.rename_kwarg(node, "threshold", side)
        return edits.rename_method(node, "clip")

    return Outcome(fix=fix)


def _series_valid(site: Site) -> Outcome | None:
    if not site.proven:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "dropna"))


FROM_CSV = ["path", "header", "sep", "index_col", "parse_dates", "encoding", "tupleize_cols"]


def _from_csv(site: Site) -> Outcome | None:
    """``pd.DataFrame.from_csv(path)`` read the first column as the index and parsed dates:
    ``read_csv`` with those two defaults spelled out."""
    if (site.qname or "").endswith("Series.from_csv"):
        return Outcome(fix=None)
    pos = site.positional()
    if not pos or len(pos) > len(FROM_CSV) or site.has_star():
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, FROM_CSV[1:], start=1)
        node = edits.drop_kwargs(node, "tupleize_cols")
        node = node.with_changes(func=refs["pandas.read_csv"])
        extra = []
        if edits.find_kwarg(node, "index_col") is None:
            extra.append(edits.kwarg("index_col", cst.Integer("0")))
        if edits.find_kwarg(node, "parse_dates") is None:
            extra.append(edits.kwarg("parse_dates", cst.Name("True")))
        return edits.add_args(node, extra)

    return Outcome(fix=fix, needs=("pandas.read_csv",))


def _arg_label(site: Site) -> Outcome | None:
    """``s.argmax()`` was ``s.idxmax()`` (a label) until pandas 1.0 made it a position."""
    if not site.proven:
        return None
    new = "idxmax" if site.node.func.attr.value == "argmax" else "idxmin"
    # notebooks of pandas >= 1.0 mean the position: only once a KeyError shows a position was
    # used as a label (df.loc[s.argmax()])
    return Outcome(fix=lambda node, refs: edits.rename_method(node, new), proven=False)


RANGE_CONSTRUCTORS = {
    "pandas.DatetimeIndex": "date_range",
    "pandas.TimedeltaIndex": "timedelta_range",
    "pandas.PeriodIndex": "period_range",
}


def _index_range(site: Site) -> Outcome | None:
    """``pd.DatetimeIndex(start=..., periods=..., freq=...)`` built a range until pandas 1.0;
    ``pd.date_range`` takes the same keywords."""
    if not any(site.kwarg(k) is not None for k in ("start", "end", "periods")):
        return None
    if site.positional() or site.kwarg("data") is not None or site.has_star():
        return Outcome(fix=None)
    new = f"pandas.{RANGE_CONSTRUCTORS[site.qname or '']}"
    return Outcome(fix=lambda node, refs: node.with_changes(func=refs[new]), needs=(new,))


# --- from the release notes: 0.x removals (TimeGrouper, get_values, from_items, options, ...) --

# TimeGrouper(freq='Min', closed=None, label=None, how='mean', axis=0, fill_method=None,
# limit=None, loffset=None, kind=None, convention=None, base=0, **kwargs) of pandas 0.21-0.24:
# the keywords Grouper(freq=...) still takes (it builds the same TimeGrouper); the others either
# did nothing in a groupby (how, fill_method, limit) or are gone (loffset, base, kind, axis)
TIME_GROUPER_KEEPS = ("freq", "closed", "label", "key", "level", "convention", "sort")


def _time_grouper(site: Site) -> Outcome | None:
    """``pd.TimeGrouper('M')`` was ``pd.Grouper(freq='M')`` (pandas 0.21 deprecated the name,
    0.25 removed it)."""
    pos = site.positional()
    keywords = [a.keyword.value for a in site.args if a.keyword is not None]
    if site.has_star() or len(pos) > 1 or any(k not in TIME_GROUPER_KEEPS for k in keywords):
        return Outcome(fix=None)
    if not pos and "freq" not in keywords:
        return Outcome(fix=None)  # the old default 'Min': rare, say so

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, ["freq"])
        return node.with_changes(func=refs["pandas.Grouper"])

    return Outcome(fix=fix, needs=("pandas.Grouper",))


def _time_grouper_import(site: Site) -> Outcome | None:
    """``from pandas import TimeGrouper`` fails today: the name leaves the import (its calls
    become pd.Grouper(freq=...), which imports what it needs)."""
    if not isinstance(site.node, cst.ImportAlias):
        return None  # a use: the call matcher rewrites it
    return Outcome(fix=lambda node, refs: node)


PANDAS_VALUES = (DATAFRAME, SERIES, DATETIME_INDEX, PERIOD_INDEX, "pandas.Index")


def _get_values(site: Site) -> Outcome | None:
    """``s.get_values()``: the values as an ndarray (dense for sparse data, the categories'
    values for a categorical), which is what ``to_numpy()`` gives."""
    if site.args:
        return Outcome(fix=None)
    proven = site.receiver is not None and site.receiver.qname in PANDAS_VALUES
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "to_numpy"), proven=proven)


def _from_items(site: Site) -> Outcome | None:
    """``pd.DataFrame.from_items(items, columns=None, orient='columns')``: the (key, value)
    pairs in their order, which a dict keeps (Python 3.7+); ``from_dict`` takes the same
    orient/columns."""
    pos = site.positional()
    if site.has_star() or len(pos) > 3 or (not pos and site.kwarg("items") is None):
        return Outcome(fix=None)
    orient = site.value("orient", 2)
    columns = site.kwarg("columns") or (pos[1] if len(pos) > 1 else None)
    if orient in (MISSING, "columns"):
        if columns is not None:
            return Outcome(fix=None)  # from_items kept the named columns only: do it by hand
    elif orient != "index" or columns is None:
        return Outcome(fix=None)
    items = site.kwarg("items") or pos[0]
    # duplicate keys: from_items kept every column, a dict keeps the last one
    keys = _literal_keys(items.value)
    proven = keys is not None and len(set(keys)) == len(keys)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, ["items", "columns", "orient"])
        i = edits.find_kwarg(node, "items")
        assert i is not None
        pairs = node.args[i].value
        as_dict = cst.Call(func=cst.Name("dict"), args=[cst.Arg(pairs)])
        args = list(node.args)
        args[i] = cst.Arg(as_dict, comma=args[i].comma)
        node = node.with_changes(args=args)
        func = node.func
        assert isinstance(func, cst.Attribute)
        return node.with_changes(func=func.with_changes(attr=cst.Name("from_dict")))

    return Outcome(fix=fix, proven=proven)


def _literal_keys(node: cst.BaseExpression) -> list[Any] | None:
    """The keys of a literal list/tuple of (key, value) pairs with literal keys, else None."""
    if not isinstance(node, cst.List | cst.Tuple):
        return None
    keys = []
    for e in node.elements:
        pair = e.value
        if not isinstance(pair, cst.Tuple) or len(pair.elements) != 2:
            return None
        key = literal(pair.elements[0].value)
        if key is NOT_LITERAL:
            return None
        keys.append(key)
    return keys


# display.height and display.line_width were rerouted to these (deprecate_option(rkey=)) until
# pandas 0.21 dropped them
RENAMED_OPTIONS = {
    "display.height": "display.max_rows",
    "height": "display.max_rows",
    "display.line_width": "display.width",
    "line_width": "display.width",
}
RENAMED_OPTION_ATTRS = {"height": "max_rows", "line_width": "width"}


def _renamed_keys(call: cst.Call, pairs: bool) -> list[int]:
    return [
        i
        for i in _option_keys(call, pairs)
        if isinstance(name := literal(call.args[i].value), str) and name in RENAMED_OPTIONS
    ]


def _renamed_option(site: Site) -> Outcome | None:
    pairs = site.qname in OPTION_PAIRS
    if site.has_star() or not _renamed_keys(site.node, pairs):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for i in _renamed_keys(node, pairs):
            old = args[i].value
            args[i] = args[i].with_changes(
                value=edits.same_quotes(old, RENAMED_OPTIONS[literal(old)])
            )
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _renamed_option_attr(site: Site) -> Outcome | None:
    """``pd.options.display.height`` (read or assigned) → ``pd.options.display.max_rows``."""
    node: cst.Attribute = site.node
    if site.resolve(node.value) != "pandas.options.display":
        return None
    new = RENAMED_OPTION_ATTRS[node.attr.value]
    return Outcome(fix=lambda n, refs: edits.rename_attr(n, new))


def _astype_categories(site: Site) -> Outcome | None:
    """``s.astype('category', categories=[...], ordered=True)`` →
    ``s.astype(CategoricalDtype(categories=[...], ordered=True))`` (what pandas 0.21 built)."""
    extra = [k for k in ("categories", "ordered") if site.kwarg(k) is not None]
    if not extra:
        return None
    pos = site.positional()
    dtype = site.kwarg("dtype") or (pos[0] if pos else None)
    if site.has_star() or dtype is None or literal(dtype.value) != "category" or len(pos) > 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        kept = {k: node.args[edits.find_kwarg(node, k)].value for k in extra}  # type: ignore[index]
        made = cst.Call(
            func=refs["pandas.api.types.CategoricalDtype"],
            args=[edits.kwarg(k, v) for k, v in kept.items()],
        )
        made = edits.add_args(made.with_changes(args=[]), list(made.args))
        node = edits.drop_kwargs(node, *extra)
        args = list(node.args)
        for i, a in enumerate(args):
            if (a.keyword is None and not a.star) or (a.keyword and a.keyword.value == "dtype"):
                args[i] = a.with_changes(value=made)
                break
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("pandas.api.types.CategoricalDtype",))


# resample(fill_method=) of pandas 0.18-0.25 ran r.aggregate(fill_method, limit=limit) on the
# resampler, or, after how=, the fill method on the aggregated result
RESAMPLE_FILLS = {"ffill": "ffill", "pad": "ffill", "bfill": "bfill", "backfill": "bfill"}


def _resample_fill(site: Site) -> Outcome | None:
    """``s.resample('D', fill_method='ffill', limit=2)`` → ``s.resample('D').ffill(limit=2)``;
    with ``how=``, the aggregation first: ``s.resample('D').mean().ffill()``."""
    if site.kwarg("fill_method") is None:
        return None
    fill = RESAMPLE_FILLS.get(site.value("fill_method"))
    if fill is None or site.has_star():
        return Outcome(fix=None)
    how = site.value("how")
    how_method = (
        how if isinstance(how, str) and how.isidentifier() and not keyword.iskeyword(how) else None
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        limit = edits.find_kwarg(node, "limit")
        limit_args = [edits.kwarg("limit", node.args[limit].value)] if limit is not None else []
        h = edits.find_kwarg(node, "how")
        how_value = node.args[h].value if h is not None else None
        out: cst.BaseExpression = edits.drop_kwargs(node, "fill_method", "limit", "how")
        if how_value is not None:
            if how_method is not None:
                out = edits.method_call(out, how_method)
            else:
                out = edits.method_call(out, "agg", [cst.Arg(how_value)])
        return edits.method_call(out, fill, limit_args)

    return Outcome(fix=fix, outer=True)


BOOL_HEADER_READERS = qualify("pandas", ["read_csv", "read_table", "read_excel", "read_html"])


def _bool_header(site: Site) -> Outcome | None:
    """``header=False`` was read as ``header=0`` (and True as 1) until pandas 0.17."""
    value = site.value("header")
    if value is not True and value is not False:
        return None
    new = cst.Integer("1" if value else "0")
    return Outcome(fix=lambda node, refs: edits.set_kwarg(node, "header", new))


WINDOWS = ("rolling", "expanding")


def _window_apply(site: Site) -> Outcome | None:
    """``s.rolling(3).apply(f)`` handed ``f`` an ndarray until pandas 1.0 (raw=None meant
    True, with a warning from 0.23); today a Series, whose ``x[-1]`` is a label lookup."""
    receiver = site.receiver_node
    if not (
        isinstance(receiver, cst.Call)
        and isinstance(receiver.func, cst.Attribute)
        and receiver.func.attr.value in WINDOWS
    ):
        return None
    if site.kwarg("raw") is not None or site.has_star():
        return None
    pos = site.positional()
    func = site.kwarg("func") or (pos[0] if pos else None)
    if func is None or len(pos) > 1:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("raw", cst.Name("True"))]),
        proven=_indexes_by_position(func.value),
    )


def _indexes_by_position(node: cst.BaseExpression) -> bool:
    """``lambda x: x[-1] - x[0]``: the parameter subscripted with an integer (a position in the
    ndarray of old pandas, a label in today's Series)."""
    if not isinstance(node, cst.Lambda) or len(node.params.params) != 1:
        return False
    name = node.params.params[0].name.value
    found = False

    class Finder(cst.CSTVisitor):
        def visit_Subscript(self, sub: cst.Subscript) -> None:
            nonlocal found
            if (
                isinstance(sub.value, cst.Name)
                and sub.value.value == name
                and len(sub.slice) == 1
                and isinstance(sub.slice[0].slice, cst.Index)
                and isinstance(literal(sub.slice[0].slice.value), int)
            ):
                found = True

    node.body.visit(Finder())
    return found


# the error and warning classes pandas 0.23 removed from pandas.core.common (pandas.errors has had
# them since 0.19, and still has)
CORE_COMMON_ERRORS = (
    "PerformanceWarning",
    "UnsupportedFunctionCall",
    "UnsortedIndexError",
    "AbstractMethodError",
)


RULES = [
    Rule(
        id="PD052",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="Categorical categories can no longer be set (pandas 2.0); use "
        "rename_categories and assign the result",
        replacement="df['c'] = df['c'].cat.rename_categories(['x', 'y'])",
        signatures=(
            r"property 'categories' of '\w+' object has no setter",
            r"can't set attribute 'categories'",
        ),
        matchers=(Node(types=("Assign",), check=_categories_setter),),
        examples=(
            (
                "df['eco'].cat.categories = ['Finance', 'Energy']\ns.cat.categories = names",
                "df['eco'] = df['eco'].cat.rename_categories(['Finance', 'Energy'])\n"
                "s = s.cat.rename_categories(names)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "df = pd.DataFrame({'c': pd.Series(['a', 'b']).astype('category')})\n"
                "df['c'].cat.categories = ['x', 'y']"
            ),
        ),
    ),
    Rule(
        id="PD053",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue=SOURCE,
        message="the display.mpl_style option was removed in pandas 0.20; use a matplotlib style "
        "(its look was close to 'ggplot')",
        replacement="plt.style.use('ggplot')",
        signatures=(r"No such keys?\(s\): '(display\.)?mpl_style'",),
        matchers=(Call(functions=("pandas.set_option",), check=_mpl_style),),
        examples=(
            (
                "import pandas as pd\nimport matplotlib.pyplot as plt\n"
                "pd.set_option('display.mpl_style', 'default')  # prettier graphs",
                "import pandas as pd\nimport matplotlib.pyplot as plt\n"
                "plt.style.use('ggplot')  # prettier graphs",
            ),
            (
                "import pandas as pd\npd.set_option('display.mpl_style', 'default')",
                "import pandas as pd\nimport matplotlib.pyplot as plt\nplt.style.use('ggplot')",
            ),
        ),
        proofs=(_CASE_MPL + "import pandas as pd\npd.set_option('display.mpl_style', 'default')",),
    ),
    Rule(
        id="PD054",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue=SOURCE,
        message="pd.TimeSeries was removed in pandas 0.20; it was a Series all along",
        replacement="pd.Series(values, index=dates)",
        signatures=(no_attribute("pandas", ["TimeSeries"]),),
        matchers=(Symbol(old="pandas.TimeSeries", new="pandas.Series"),),
        examples=(
            (
                "import pandas as pd\ny = pd.TimeSeries(y, index=dates)",
                "import pandas as pd\ny = pd.Series(y, index=dates)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "s = pd.TimeSeries([1.0], index=pd.date_range('2020', periods=1))"
            ),
        ),
    ),
    Rule(
        id="PD055",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="MultiIndex(labels=) was renamed codes= (labels removed in pandas 1.0)",
        replacement="pd.MultiIndex(levels=..., codes=...)",
        signatures=(unexpected_kwarg(["labels"]),),
        matchers=(
            kwarg_rename("labels", "codes", functions=("pandas.MultiIndex",)),
            kwarg_rename("labels", "codes", methods=("set_labels",)),
        ),
        examples=(
            (
                "import pandas as pd\n"
                "i = pd.MultiIndex(levels=[['a', 'b'], [1, 2]], labels=[[0, 0, 1], [0, 1, 0]])",
                "import pandas as pd\n"
                "i = pd.MultiIndex(levels=[['a', 'b'], [1, 2]], codes=[[0, 0, 1], [0, 1, 0]])",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "i = pd.MultiIndex(levels=[['a', 'b'], [1, 2]], labels=[[0, 0, 1, 1], "
                "[0, 1, 0, 1]])"
            ),
        ),
    ),
    Rule(
        id="PD056",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="reductions lost level= in pandas 2.0; group by the level (transpose for axis=1)",
        replacement="df.groupby(level='year').mean(); df.T.groupby(level='type').mean().T",
        signatures=(unexpected_kwarg(["level"]),),
        matchers=(Call(methods=LEVEL_REDUCTIONS, exclude=NOT_PANDAS, check=_level_reduction),),
        examples=(
            (
                "m = health.mean(level='year')\nt = m.mean(axis=1, level='type')\n"
                "s = (a + b).sum(level=0, skipna=False)",
                "m = health.groupby(level='year').mean()\n"
                "t = m.T.groupby(level='type').mean().T\n"
                "s = (a + b).groupby(level=0).sum(skipna=False)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "s = pd.Series(X[:, 0], index=pd.Index(y, name='k'))\nv = s.sum(level='k')",
        ),
    ),
    Rule(
        id="PD057",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="concat(join_axes=) was removed in pandas 1.0; reindex the result",
        replacement="pd.concat([a, b]).reindex(columns=a.columns)",
        signatures=(unexpected_kwarg(["join_axes"]),),
        matchers=(Call(functions=("pandas.concat",), check=_join_axes),),
        examples=(
            (
                "import pandas as pd\nc = pd.concat([df5, df6], join_axes=[df5.columns])\n"
                "d = pd.concat([a, b], axis=1, join_axes=[a.index])",
                "import pandas as pd\nc = pd.concat([df5, df6]).reindex(columns=df5.columns)\n"
                "d = pd.concat([a, b], axis=1).reindex(index=a.index)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "df = pd.DataFrame(X, columns=list('abcd'))\n"
                "v = pd.concat([df, df[['a']]], join_axes=[df.columns])"
            ),
        ),
    ),
    Rule(
        id="PD058",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue=SOURCE,
        message="concat no longer reads axis='col' as the columns; spell it axis='columns'",
        replacement="pd.concat([a, b], axis='columns')",
        signatures=(r"No axis named (col|cols|column) for object type",),
        matchers=(Call(functions=("pandas.concat",), check=_concat_axis_alias),),
        examples=(
            (
                "import pandas as pd\nc = pd.concat([df3, df4], axis='col')",
                "import pandas as pd\nc = pd.concat([df3, df4], axis='columns')",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = pd.concat([df, df], axis='col')",
        ),
    ),
    Rule(
        id="PD059",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the error shows the index is not integer, where .ix read integer slices as "
        "positions",
        message=".ix read an integer slice on a non-integer index as positions; .loc needs "
        "df.index[a:b] for those rows",
        replacement="data.loc[data.index[:3], :'pop']",
        signatures=(r"cannot do slice indexing on \w+ with these indexers \[-?\d+\] of type int",),
        matchers=(Attr(names=("loc",), subscripted=True, check=_positional_row_slice),),
        examples=(
            (
                "data.loc[:3, :'pop']\nhead = s.loc[1:4]",
                "data.loc[data.index[:3], :'pop']\nhead = s.loc[s.index[1:4]]",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]}, index=['x', 'y', 'z'])\n"
                "v = df.loc[:2, 'a']"
            ),
        ),
    ),
    Rule(
        id="PD060",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="an error shows the str dtype refused a value or an operation object "
        "columns took",
        message="pandas 3 stores strings in the str dtype, which refuses numbers and numeric "
        "operations object columns took; future.infer_string=False keeps them objects "
        "(until pandas 4; the option's own deprecation warning is filtered on the line "
        "before, so the fix prints nothing the author's run did not)",
        replacement="pd.set_option('future.infer_string', False) after import pandas",
        signatures=(
            r"Invalid value '.*' for dtype '?str'?",
            r"Cannot set non-string value '.*' into a Str",
            r"dtype '?str'? does not support (operation|reduction)",
            r"Cannot perform reduction '\w+' with string dtype",
        ),
        matchers=(Node(types=("Import",), check=_pandas_import),),
        examples=(
            (
                "import numpy as np\nimport pandas as pd\ndf = pd.read_csv('t.csv')",
                "import numpy as np\nimport pandas as pd\nimport warnings\n"
                "warnings.filterwarnings('ignore', \"The 'future.infer_string' option is "
                "deprecated\")\npd.set_option('future.infer_string', False)\n"
                "df = pd.read_csv('t.csv')",
            ),
            (  # what the str dtype changes: None kept, astype(str) of NaN, .values, prod
                "import pandas as pd\ns = pd.Series(['a', None])\nt = s.astype(str)\n"
                "v = s.values\np = s.prod()",
                "import pandas as pd\nimport warnings\n"
                "warnings.filterwarnings('ignore', \"The 'future.infer_string' option is "
                "deprecated\")\npd.set_option('future.infer_string', False)\n"
                "s = pd.Series(['a', None])\nt = s.astype(str)\nv = s.values\np = s.prod()",
            ),
        ),
    ),
    Rule(
        id="PD061",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="a bool Series no longer plots (no numeric data); plot it as 0/1 as pandas did",
        replacement="is_snowing.astype(int).plot()",
        signatures=(r"no numeric data to plot",),
        matchers=(Call(methods=("plot",), receivers=(SERIES,), check=_bool_plot),),
        examples=(
            (
                "import pandas as pd\nw = pd.read_csv('w.csv')\n"
                "is_snowing = w['Weather'].str.contains('Snow')\nis_snowing.plot()\n"
                "w['Temp'].plot()",
                "import pandas as pd\nw = pd.read_csv('w.csv')\n"
                "is_snowing = w['Weather'].str.contains('Snow')\nis_snowing.astype(int).plot()\n"
                "w['Temp'].plot()",
            ),
        ),
        proofs=(
            _CASE_MPL
            + (
                "import pandas as pd\ns = pd.Series(['Snow', 'Rain', 'Snow Fog'])\n"
                "is_snowing = s.str.contains('Snow')\n"
                "is_snowing.plot()"
            ),
        ),
    ),
    Rule(
        id="PD062",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the aggregation refused a non-numeric column (pandas < 2.0 dropped it)",
        message="pivot_table no longer drops the columns its aggregation cannot take (2.0); "
        "name the numeric values",
        replacement="pd.pivot_table(df, index='name', values=df.drop(columns=['name'])"
        ".select_dtypes('number').columns)",
        signatures=(
            r"agg function failed \[how->(mean|median|std|var|sum|prod|sem)",
            r"does not support (operation|reduction) '(mean|median|std|var|sum|prod|sem)'",
        ),
        matchers=(
            Call(functions=("pandas.pivot_table",), check=_pivot_nuisance),
            Call(methods=("pivot_table",), exclude=NOT_PANDAS, check=_pivot_nuisance),
        ),
        examples=(
            (
                "import pandas as pd\np = pd.pivot_table(grades, index='name')",
                "import pandas as pd\np = pd.pivot_table(grades, index='name', "
                "values=grades.drop(columns=['name']).select_dtypes('number').columns)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "g = pd.DataFrame({'name': ['a', 'a', 'b'], 'month': ['x', 'y', 'x'], "
                "'grade': [1.0, 2.0, 3.0]})\np = pd.pivot_table(g, index='name')"
            ),
        ),
    ),
    Rule(
        id="PD063",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        silent=True,
        catalogue=SOURCE,
        condition="the notebook's stored outputs show a truncated frame or Series with more "
        "than 10 rows (the display the author saw)",
        message="pandas 1.0 shows display.min_rows (10) rows of a long frame where older "
        "pandas showed display.max_rows (60); min_rows=None shows what the author saw",
        replacement="pd.set_option('display.min_rows', None) after import pandas",
        matchers=(Node(types=("Import",), check=_long_frame_rows),),
        stored_result="      a\n0     0\n1     1\n2     2\n3     3\n4     4\n5     5\n"
        "..  ..\n94   94\n95   95\n96   96\n97   97\n98   98\n99   99\n\n[100 rows x 1 columns]",
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n# %%\ndf",
                "import pandas as pd\npd.set_option('display.min_rows', None)\n"
                "df = pd.read_csv('t.csv')\n# %%\ndf",
            ),
            (  # the author's own max_rows: min_rows (10) still cut the long frame short
                "import pandas as pd\npd.options.display.max_rows = 60\n"
                "df = pd.read_csv('t.csv')\n# %%\ndf",
                "import pandas as pd\npd.set_option('display.min_rows', None)\n"
                "pd.options.display.max_rows = 60\ndf = pd.read_csv('t.csv')\n# %%\ndf",
            ),
        ),
    ),
    Rule(
        id="PD064",
        library=LIB,
        changed_in="0.20",
        safety=SAFE_IF,
        silent=True,
        catalogue=SOURCE,
        condition="the cell's stored result was an array: the field is shown, not used",
        message="DatetimeIndex fields (.day, .weekday, ...) are an Index since pandas 0.20, "
        "which shows 20 values where the array showed all; .to_numpy() shows what the author saw",
        replacement="df.index.day.to_numpy() as a cell's shown result",
        matchers=(Node(types=("Module",), check=_shown_field),),
        stored_result="array([ 1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15])",
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv', index_col=0)\n# %%\ndf.index.day",
                "import pandas as pd\ndf = pd.read_csv('t.csv', index_col=0)\n# %%\n"
                "df.index.day.to_numpy()",
            ),
        ),
    ),
    Rule(
        id="PD065",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="sortlevel was removed (deprecated in pandas 0.20); use sort_index(level=...)",
        replacement="df.sort_index(level=0)",
        why=NOTES_WHY.format("v0.20.0.html"),
        signatures=(object_no_attribute(["sortlevel"], "(DataFrame|Series)"),),
        matchers=(Call(methods=("sortlevel",), exclude=NOT_PANDAS, check=_sortlevel),),
        examples=(
            (
                "a = df.sortlevel()\nb = s.sortlevel(1, ascending=False)",
                "a = df.sort_index(level=0)\nb = s.sort_index(level=1, ascending=False)",
            ),
        ),
        proofs=(
            _CASE_FRAME + "v = df.set_index('k').sortlevel()",
            _CASE_FRAME + "v = df.set_index(['k', 'b']).sortlevel(1, ascending=False)",
        ),
    ),
    Rule(
        id="PD066",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue=NOTES,
        message="take_last= was removed in pandas 0.20; use keep='last' (take_last=False: "
        "keep='first')",
        replacement="df.drop_duplicates(keep='last')",
        why=NOTES_WHY.format("v0.20.0.html"),
        signatures=(unexpected_kwarg(["take_last"]),),
        matchers=(
            Call(
                methods=("duplicated", "drop_duplicates", "nlargest", "nsmallest"),
                exclude=NOT_PANDAS,
                check=_take_last,
            ),
        ),
        examples=(
            (
                "d = df.drop_duplicates('id', take_last=True)\nm = s.duplicated(take_last=False)",
                "d = df.drop_duplicates('id', keep='last')\nm = s.duplicated(keep='first')",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.drop_duplicates('k', take_last=True)",),
    ),
    Rule(
        id="PD067",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue=NOTES,
        message="to_datetime/to_timedelta(coerce=) was removed in pandas 0.20; use errors='coerce'",
        replacement="pd.to_datetime(s, errors='coerce')",
        why=NOTES_WHY.format("v0.20.0.html"),
        signatures=(unexpected_kwarg(["coerce"]),),
        matchers=(
            Call(functions=qualify("pandas", ["to_datetime", "to_timedelta"]), check=_coerce),
        ),
        examples=(
            (
                "import pandas as pd\nd = pd.to_datetime(df.day, coerce=True)",
                "import pandas as pd\nd = pd.to_datetime(df.day, errors='coerce')",
            ),
        ),
        proofs=(_CASE_FRAME + "v = pd.to_datetime(pd.Series(['2020-01-01', 'x']), coerce=True)",),
    ),
    Rule(
        id="PD068",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="a dict of output names on one grouped column (g['c'].agg({...}))",
        message="a dict that names the outputs of one grouped column was removed in pandas 1.0 "
        "('nested renamer'); use named aggregation agg(name=func)",
        replacement="df.groupby('k')['v'].agg(total='sum', mean='mean')",
        why=NOTES_WHY.format("v0.20.0.html#deprecate-groupby-agg-with-a-dictionary-when-renaming"),
        signatures=(r"nested renamer is not supported",),
        matchers=(Call(methods=("agg", "aggregate"), exclude=NOT_PANDAS, check=_agg_renamer),),
        examples=(
            (
                "t = df.groupby('k')['v'].agg({'total': 'sum', 'avg': np.mean})",
                "t = df.groupby('k')['v'].agg(total='sum', avg=np.mean)",
            ),
            ("t = df.groupby('k').agg({'v': {'total': 'sum'}})", None),
        ),
        proofs=(_CASE_FRAME + "v = df.groupby('k')['a'].agg({'total': 'sum', 'avg': np.mean})",),
    ),
    Rule(
        id="PD069",
        library=LIB,
        changed_in="0.23",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a proven Series (arrays keep their reshape)",
        message="Series.reshape was removed in pandas 0.23; reshape the array: "
        "s.to_numpy().reshape(...)",
        replacement="s.to_numpy().reshape(-1, 1)",
        why=NOTES_WHY.format("v0.23.0.html"),
        signatures=(object_no_attribute(["reshape"], "Series"),),
        matchers=(Call(methods=("reshape",), receivers=(SERIES,), check=_series_reshape),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nX = df['area'].reshape(-1, 1)\n"
                "Y = X.reshape(1, -1)",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "X = df['area'].to_numpy().reshape(-1, 1)\nY = X.reshape(1, -1)",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df['a'].reshape(-1, 1)",),
    ),
    Rule(
        id="PD070",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue=NOTES,
        message="to_sql(flavor=) was removed in pandas 0.23; SQLite connections need no flavor",
        replacement="df.to_sql('t', con)",
        why=NOTES_WHY.format("v0.23.0.html"),
        signatures=(unexpected_kwarg(["flavor"]),),
        matchers=(
            kwarg_drop(
                "flavor",
                methods=("to_sql",),
                exclude=NOT_PANDAS,
                when=lambda v: v in ("sqlite", None),
            ),
        ),
        examples=(
            (
                "df.to_sql('scores', con, flavor='sqlite', if_exists='replace')",
                "df.to_sql('scores', con, if_exists='replace')",
            ),
        ),
        proofs=(
            _CASE_FRAME
            + (
                "import sqlite3\ncon = sqlite3.connect(':memory:')\n"
                "df[['k', 'a']].to_sql('t', con, flavor='sqlite')"
            ),
        ),
    ),
    Rule(
        id="PD071",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="weekday_name was removed in pandas 1.0; use day_name()",
        replacement="df.date.dt.day_name()",
        why=NOTES_WHY.format("v0.23.0.html"),
        signatures=(object_no_attribute(["weekday_name"]),),
        matchers=(Attr(names=("weekday_name",), exclude=NOT_PANDAS, check=_weekday_name),),
        examples=(
            (
                "df['day'] = df.date.dt.weekday_name\nd = df.index.weekday_name",
                "df['day'] = df.date.dt.day_name()\nd = df.index.day_name()",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.t.dt.weekday_name",),
    ),
    Rule(
        id="PD072",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="get_dtype_counts() was removed in pandas 1.0; use dtypes.value_counts()",
        replacement="df.dtypes.value_counts()",
        why=NOTES_WHY.format("v0.25.0.html"),
        signatures=(object_no_attribute(["get_dtype_counts"], "(DataFrame|Series)"),),
        matchers=(Call(methods=("get_dtype_counts",), exclude=NOT_PANDAS, check=_dtype_counts),),
        examples=(("c = train.get_dtype_counts()", "c = train.dtypes.value_counts()"),),
        proofs=(_CASE_FRAME + "v = df.get_dtype_counts()",),
    ),
    Rule(
        id="PD073",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="clip_upper/clip_lower were removed in pandas 1.0; use clip(upper=)/clip(lower=)",
        replacement="s.clip(upper=100)",
        why=NOTES_WHY.format("v1.0.0.html"),
        signatures=(object_no_attribute(["clip_upper", "clip_lower"], "(DataFrame|Series)"),),
        matchers=(
            Call(methods=("clip_upper", "clip_lower"), exclude=NOT_PANDAS, check=_clip_side),
        ),
        examples=(
            (
                "a = s.clip_upper(100)\nb = df.fare.clip_lower(0, inplace=False)",
                "a = s.clip(upper=100)\nb = df.fare.clip(lower=0, inplace=False)",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.a.clip_upper(2)",),
    ),
    Rule(
        id="PD074",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a proven Series/DataFrame (valid() is a common method name)",
        message="Series.valid() was removed in pandas 1.0; use dropna()",
        replacement="s.dropna()",
        why=NOTES_WHY.format("v1.0.0.html"),
        signatures=(object_no_attribute(["valid"], "Series"),),
        matchers=(Call(methods=("valid",), receivers=PANDAS, check=_series_valid),),
        examples=(
            (
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nok = s.valid()",
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nok = s.dropna()",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df['a'].valid()",),
    ),
    Rule(
        id="PD075",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="DataFrame.from_csv was removed in pandas 1.0; use read_csv(index_col=0, "
        "parse_dates=True), its defaults",
        replacement="pd.read_csv(path, index_col=0, parse_dates=True)",
        why=NOTES_WHY.format("v0.21.0.html"),
        signatures=(r"type object '(DataFrame|Series)' has no attribute 'from_csv'",),
        matchers=(
            Call(
                functions=("pandas.DataFrame.from_csv", "pandas.Series.from_csv"), check=_from_csv
            ),
        ),
        examples=(
            (
                "import pandas as pd\nd = pd.DataFrame.from_csv('prices.csv')\n"
                "e = pd.DataFrame.from_csv('t.tsv', sep='\\t', index_col=None)",
                "import pandas as pd\n"
                "d = pd.read_csv('prices.csv', index_col=0, parse_dates=True)\n"
                "e = pd.read_csv('t.tsv', sep='\\t', index_col=None, parse_dates=True)",
            ),
        ),
    ),
    Rule(
        id="PD076",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        silent=True,
        catalogue=NOTES,
        condition="the receiver is a proven Series and a KeyError showed the position was used "
        "as a label (notebooks of pandas >= 1.0 mean the position)",
        message="Series.argmax/argmin give a position since pandas 1.0 (they were idxmax/idxmin, "
        "a label); idxmax()/idxmin() keep the label",
        replacement="s.idxmax()",
        why=NOTES_WHY.format("v1.0.0.html"),
        signatures=(r"^KeyError: -?\d+$",),
        matchers=(Call(methods=("argmax", "argmin"), receivers=(SERIES,), check=_arg_label),),
        examples=(
            (
                "import pandas as pd\ns = pd.read_csv('t.csv', index_col='day')['sales']\n"
                "best = s.argmax()\ni = s.to_numpy().argmax()",
                "import pandas as pd\ns = pd.read_csv('t.csv', index_col='day')['sales']\n"
                "best = s.idxmax()\ni = s.to_numpy().argmax()",
            ),
        ),
    ),
    Rule(
        id="PD092",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="DatetimeIndex/TimedeltaIndex/PeriodIndex(start=, end=, periods=) were removed "
        "in pandas 1.0; use date_range/timedelta_range/period_range",
        replacement="pd.date_range(start='2016-01-01', periods=10, freq='D')",
        why=NOTES_WHY.format("v1.0.0.html"),
        signatures=(unexpected_kwarg(["start", "end", "periods"]),),
        matchers=(Call(functions=tuple(RANGE_CONSTRUCTORS), check=_index_range),),
        examples=(
            (
                "import pandas as pd\nidx = pd.DatetimeIndex(start='2016-01-01', periods=10, "
                "freq='D')\nd = pd.DatetimeIndex(['2016-01-01'])",
                "import pandas as pd\nidx = pd.date_range(start='2016-01-01', periods=10, "
                "freq='D')\nd = pd.DatetimeIndex(['2016-01-01'])",
            ),
        ),
        proofs=(
            "import pandas as pd\nv = pd.DatetimeIndex(start='2016-01-01', periods=3, freq='D')",
        ),
    ),
    Rule(
        id="PD093",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="read_excel(sheetname=) was removed (deprecated in pandas 0.21); use sheet_name=",
        replacement="pd.read_excel(path, sheet_name='Data')",
        why=NOTES_WHY.format("v0.21.0.html"),
        signatures=(unexpected_kwarg(["sheetname"]),),
        matchers=(
            kwarg_rename("sheetname", "sheet_name", functions=("pandas.read_excel",)),
            kwarg_rename("sheetname", "sheet_name", methods=("parse",), exclude=NOT_PANDAS),
        ),
        examples=(
            (
                "import pandas as pd\nd = pd.read_excel('book.xlsx', sheetname='Data')",
                "import pandas as pd\nd = pd.read_excel('book.xlsx', sheet_name='Data')",
            ),
        ),
    ),
    Rule(
        id="PD095",
        library=LIB,
        changed_in="0.25",
        safety=SAFE,
        catalogue=NOTES,
        message="pd.TimeGrouper was removed in pandas 0.25 (deprecated in 0.21); use "
        "pd.Grouper(freq=...), which builds the same time grouper",
        replacement="df.groupby(pd.Grouper(freq='ME')).sum()",
        why=NOTES_WHY.format("v0.21.0.html#deprecations") + " Removed in 0.25 "
        "(https://pandas.pydata.org/docs/whatsnew/v0.25.0.html).",
        signatures=(no_attribute("pandas", ["TimeGrouper"]),),
        matchers=(
            Call(functions=("pandas.TimeGrouper",), check=_time_grouper),
            Symbol(old="pandas.TimeGrouper", check=_time_grouper_import),
        ),
        examples=(
            (
                "import pandas as pd\nm = df.groupby(pd.TimeGrouper('M')).sum()\n"
                "w = df.groupby(['k', pd.TimeGrouper(freq='W', key='t', closed='left')]).size()",
                "import pandas as pd\nm = df.groupby(pd.Grouper(freq='M')).sum()\n"
                "w = df.groupby(['k', pd.Grouper(freq='W', key='t', closed='left')]).size()",
            ),
            (
                "from pandas import DataFrame, TimeGrouper\n"
                "g = df.groupby(TimeGrouper('D')).mean()",
                "from pandas import DataFrame\nimport pandas as pd\n"
                "g = df.groupby(pd.Grouper(freq='D')).mean()",
            ),
            ("import pandas as pd\ng = pd.TimeGrouper('D', loffset='1h')", None),
        ),
        proofs=(_CASE_FRAME + "v = df.set_index('t').groupby(pd.TimeGrouper('2D'))['a'].sum()",),
    ),
    Rule(
        id="PD096",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a proven Series/DataFrame/Index (get_values is a common "
        "method name elsewhere); timezone-aware datetimes aside, where get_values gave their "
        "datetime64 values and to_numpy gives Timestamps",
        message="get_values() was removed in pandas 1.0 (deprecated in 0.25); use to_numpy(), "
        "the same ndarray (dense for sparse data)",
        replacement="X = df.to_numpy(); v = s.to_numpy()",
        why=NOTES_WHY.format("v0.25.0.html#other-deprecations"),
        signatures=(object_no_attribute(["get_values"]),),
        matchers=(Call(methods=("get_values",), exclude=NOT_PANDAS, check=_get_values),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nX = df.get_values()\n"
                "y = df['label'].get_values()\nnames = df.columns.get_values()",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nX = df.to_numpy()\n"
                "y = df['label'].to_numpy()\nnames = df.columns.to_numpy()",
            ),
        ),
        proofs=(
            _CASE_FRAME + "v = df[['a', 'b']].get_values()",
            _CASE_FRAME + "v = df['k'].astype('category').get_values()",
        ),
    ),
    Rule(
        id="PD097",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the item names are unique (a literal list of pairs with literal keys): "
        "from_items kept duplicate names, a dict keeps the last",
        message="DataFrame.from_items was removed in pandas 1.0 (deprecated in 0.23); use "
        "DataFrame.from_dict(dict(items)), whose dict keeps the items' order",
        replacement="pd.DataFrame.from_dict(dict(items))",
        why=NOTES_WHY.format("v0.23.0.html#deprecations") + " Removed in 1.0 "
        "(https://pandas.pydata.org/docs/whatsnew/v1.0.0.html).",
        signatures=(r"type object 'DataFrame' has no attribute 'from_items'",),
        matchers=(Call(functions=("pandas.DataFrame.from_items",), check=_from_items),),
        examples=(
            (
                "import pandas as pd\nd = pd.DataFrame.from_items([('b', [1, 2]), ('a', [3, 4])])\n"
                "e = pd.DataFrame.from_items(rows, orient='index', columns=['x', 'y'])",
                "import pandas as pd\n"
                "d = pd.DataFrame.from_dict(dict([('b', [1, 2]), ('a', [3, 4])]))\n"
                "e = pd.DataFrame.from_dict(dict(rows), orient='index', columns=['x', 'y'])",
            ),
            ("import pandas as pd\nd = pd.DataFrame.from_items(pairs, columns=['a'])", None),
        ),
        proofs=(
            "import pandas as pd\nv = pd.DataFrame.from_items([('b', [1, 2]), ('a', [3, 4])])",
        ),
    ),
    Rule(
        id="PD098",
        library=LIB,
        changed_in="0.21",
        safety=SAFE,
        catalogue=NOTES,
        message="the display.height and display.line_width options were removed in pandas 0.21; "
        "they had been rerouted to display.max_rows and display.width, so use those",
        replacement="pd.set_option('display.max_rows', 100); pd.set_option('display.width', 120)",
        why=NOTES_WHY.format("v0.21.0.html#removal-of-prior-version-deprecations-changes")
        + " The 0.23 notes repeat it (display.line_width and display.height removed in favor of "
        "display.width and display.max_rows).",
        signatures=(
            r"No such keys?\(s\): '(display\.)?(height|line_width)'",
            r"You can only set the value of existing options",
        ),
        matchers=(
            Call(functions=OPTION_FUNCTIONS, check=_renamed_option),
            Attr(names=tuple(RENAMED_OPTION_ATTRS), check=_renamed_option_attr),
        ),
        examples=(
            (
                "import pandas as pd\npd.set_option('display.height', 1000)\n"
                "pd.set_option('display.max_columns', 50, 'display.line_width', 200)\n"
                "pd.options.display.line_width = 120\nh = pd.get_option('height')\n"
                "fig.height = 3",
                "import pandas as pd\npd.set_option('display.max_rows', 1000)\n"
                "pd.set_option('display.max_columns', 50, 'display.width', 200)\n"
                "pd.options.display.width = 120\nh = pd.get_option('display.max_rows')\n"
                "fig.height = 3",
            ),
        ),
        proofs=(
            "import pandas as pd\npd.set_option('display.height', 7)",
            "import pandas as pd\npd.options.display.line_width = 99",
        ),
    ),
    Rule(
        id="PD099",
        library=LIB,
        changed_in="0.25",
        safety=SAFE,
        catalogue=NOTES,
        message="astype('category', categories=, ordered=) was removed in pandas 0.25 "
        "(deprecated in 0.21); pass a CategoricalDtype(categories=, ordered=)",
        replacement="s.astype(pd.api.types.CategoricalDtype(categories=['lo', 'hi'], "
        "ordered=True))",
        why=NOTES_WHY.format("v0.21.0.html#deprecations") + " Removed in 0.25 "
        "(https://pandas.pydata.org/docs/whatsnew/v0.25.0.html).",
        signatures=(unexpected_kwarg(["categories", "ordered"]),),
        matchers=(Call(methods=("astype",), exclude=NOT_PANDAS, check=_astype_categories),),
        examples=(
            (
                "import pandas as pd\n"
                "df['size'] = df['size'].astype('category', categories=['S', 'M', 'L'], "
                "ordered=True)\nc = s.astype(dtype='category', ordered=True)",
                "import pandas as pd\n"
                "df['size'] = df['size'].astype(pd.api.types.CategoricalDtype(categories=['S', "
                "'M', 'L'], ordered=True))\n"
                "c = s.astype(dtype=pd.api.types.CategoricalDtype(ordered=True))",
            ),
        ),
        proofs=(
            _CASE_FRAME + "v = df['k'].astype('category', categories=['y', 'x'], ordered=True)",
        ),
    ),
    Rule(
        id="PD100",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=NOTES,
        message="resample(fill_method=, limit=) was removed in pandas 1.0 (deprecated in 0.18); "
        "call the fill on the resampler: resample(rule).ffill(limit=)",
        replacement="s.resample('h').ffill(); s.resample('D').mean().bfill(limit=2)",
        why=NOTES_WHY.format("v0.18.0.html#resample-api") + " The keywords were removed in 1.0 "
        "(https://pandas.pydata.org/docs/whatsnew/v1.0.0.html); 0.18-0.25 ran "
        "r.ffill(limit=) for them, after the how= aggregation when there was one.",
        # how= comes first when both are given (PD050 leaves those calls to this rule)
        signatures=(unexpected_kwarg(["fill_method", "how", "limit"]),),
        matchers=(Call(methods=("resample",), exclude=NOT_PANDAS, check=_resample_fill),),
        examples=(
            (
                "u = s.resample('h', fill_method='ffill')\n"
                "v = df.resample('15min', fill_method='bfill', limit=2, closed='left')\n"
                "w = s.resample('D', how='last', fill_method='pad')",
                "u = s.resample('h').ffill()\n"
                "v = df.resample('15min', closed='left').bfill(limit=2)\n"
                "w = s.resample('D').last().ffill()",
            ),
        ),
        proofs=(
            _CASE_HOURS + "u = s.resample('h', fill_method='ffill')",
            _CASE_HOURS + "w = s.resample('2h', how='mean', fill_method='pad')",
        ),
    ),
    Rule(
        id="PD101",
        library=LIB,
        changed_in="0.17",
        safety=SAFE,
        catalogue=NOTES,
        message="a bool header= raises since pandas 0.17; older pandas read header=False as "
        "header=0 (the first row names the columns) and True as 1: write that number "
        "(header=None is 'no header row', which the old call did not do)",
        replacement="pd.read_csv(path, header=0)",
        why=NOTES_WHY.format("v0.17.0.html#changes-to-bool-passed-as-header-in-parsers"),
        signatures=(r"Passing a bool to header is invalid",),
        matchers=(Call(functions=BOOL_HEADER_READERS, check=_bool_header),),
        examples=(
            (
                "import pandas as pd\nd = pd.read_csv('t.csv', header=False)\n"
                "e = pd.read_excel('t.xlsx', header=True)\nf = pd.read_csv('u.csv', header=None)",
                "import pandas as pd\nd = pd.read_csv('t.csv', header=0)\n"
                "e = pd.read_excel('t.xlsx', header=1)\nf = pd.read_csv('u.csv', header=None)",
            ),
        ),
        proofs=(
            (
                "import io\nimport pandas as pd\n"
                "v = pd.read_csv(io.StringIO('a,b\\n1,2'), header=False)"
            ),
        ),
    ),
    Rule(
        id="PD102",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        silent=True,
        catalogue=NOTES,
        condition="the function indexes its window by position (lambda x: x[-1]), or an error "
        "(KeyError on an integer) shows it did; raw=True is what pandas < 1.0 passed whatever "
        "the function, but a notebook of pandas >= 1.0 may want the Series",
        message="rolling/expanding .apply(f) hands f a Series since pandas 1.0 (raw=False); "
        "older pandas passed an ndarray, so x[-1] was a position: pass raw=True",
        replacement="s.rolling(3).apply(lambda x: x[-1] - x[0], raw=True)",
        why=NOTES_WHY.format("v0.23.0.html#deprecations") + " The default became raw=False "
        "in 1.0 (https://pandas.pydata.org/docs/whatsnew/v1.0.0.html).",
        signatures=(r"^KeyError: -?\d+$",),
        matchers=(Call(methods=("apply",), exclude=NOT_PANDAS, check=_window_apply),),
        examples=(
            (
                "m = s.rolling(5).apply(lambda x: x[-1] / x[0] - 1)\n"
                "e = df['p'].expanding(2).apply(np.median)\ng = df.groupby('k').apply(f)",
                "m = s.rolling(5).apply(lambda x: x[-1] / x[0] - 1, raw=True)\n"
                "e = df['p'].expanding(2).apply(np.median, raw=True)\ng = df.groupby('k').apply(f)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ns = pd.Series([1.0, 2.0, 4.0, 8.0])\n"
                "v = s.rolling(3).apply(lambda x: x[-1] / x[0])"
            ),
        ),
    ),
    Rule(
        id="PD103",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue=NOTES,
        message="pandas 0.23 removed PerformanceWarning, UnsupportedFunctionCall, "
        "UnsortedIndexError and AbstractMethodError from pandas.core.common; import them from "
        "pandas.errors (there since 0.19)",
        replacement="from pandas.errors import PerformanceWarning",
        why=NOTES_WHY.format("v0.23.0.html#pandas-core-common-removals"),
        signatures=(
            cannot_import(CORE_COMMON_ERRORS, r"pandas\.core\.common"),
            no_attribute("pandas.core.common", CORE_COMMON_ERRORS),
        ),
        matchers=tuple(
            Symbol(old=f"pandas.core.common.{name}", new=f"pandas.errors.{name}")
            for name in CORE_COMMON_ERRORS
        ),
        examples=(
            (
                "import warnings\nimport pandas as pd\n"
                "from pandas.core.common import PerformanceWarning\n"
                "warnings.simplefilter('ignore', PerformanceWarning)\n"
                "warnings.simplefilter('ignore', pd.core.common.UnsortedIndexError)",
                "import warnings\nimport pandas as pd\n"
                "from pandas.errors import PerformanceWarning\n"
                "warnings.simplefilter('ignore', PerformanceWarning)\n"
                "warnings.simplefilter('ignore', pd.errors.UnsortedIndexError)",
            ),
            (  # the other two classes of the same removal
                "from pandas.core.common import AbstractMethodError, UnsupportedFunctionCall\n"
                "errors = (AbstractMethodError, UnsupportedFunctionCall)",
                "from pandas.errors import AbstractMethodError, UnsupportedFunctionCall\n"
                "errors = (AbstractMethodError, UnsupportedFunctionCall)",
            ),
        ),
        proofs=(
            "import pandas as pd\nfrom pandas.core.common import PerformanceWarning",
            "import pandas as pd\nerr = pd.core.common.UnsortedIndexError",
        ),
    ),
]
