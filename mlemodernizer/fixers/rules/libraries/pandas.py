"""pandas: removals of 1.0, 2.0 and 3.0 and the silent changes that matter (catalogue §2)."""

from __future__ import annotations

import keyword
import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    POSITIONAL_ERROR,
    attr_renamed,
    kwarg_drop,
    kwarg_rename,
    no_attribute,
    no_module,
    object_no_attribute,
    qualify,
    unexpected_kwarg,
)
from ..infer import DATETIME_INDEX, FRAME_NON_COLUMNS, PERIOD_INDEX, RESAMPLER
from ..matchers import (
    MISSING,
    NOT_LITERAL,
    Attr,
    Call,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    Target,
    literal,
)
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Proof, Rule
from ..symbols import DATAFRAME, NDARRAY, SERIES
from ._setups import _CASE_DATA, _CASE_FRAME
from .pandas_ix import _is_mask, check_ix

LIB = "pandas"

# setups the rules' proofs share
_CASE_CSV = "import io\nimport pandas as pd\ntext = 'a,b\\n1,2\\n3,4\\n'\n"
_CASE_DATED = (
    "import pandas as pd\nprices = pd.DataFrame({'p': [1.0, 2.0, 3.0]},\n"
    "                      index=pd.to_datetime(['2016-12-31', '2017-01-02', "
    "'2017-02-01']))\n"
)
PANDAS = (DATAFRAME, SERIES)
NOT_PANDAS = (NDARRAY, "builtins.list", "builtins.dict", "builtins.str")
READERS = qualify("pandas", ["read_csv", "read_table"])


def _pure(node: cst.BaseExpression) -> bool:
    """Safe to write twice: a name, a dotted name, or a column of one (``df['a']``)."""
    if isinstance(node, cst.Name):
        return True
    if isinstance(node, cst.Attribute):
        return _pure(node.value)
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        key = node.slice[0].slice
        return (
            isinstance(key, cst.Index)
            and isinstance(key.value, cst.SimpleString | cst.Integer | cst.Name)
            and _pure(node.value)
        )
    return False


def _receiver(node: cst.Call) -> cst.BaseExpression:
    assert isinstance(node.func, cst.Attribute)
    return node.func.value


def _subscript(value: cst.BaseExpression, keys: list[cst.BaseExpression]) -> cst.Subscript:
    elements = [cst.SubscriptElement(slice=cst.Index(value=k)) for k in keys]
    for i in range(len(elements) - 1):
        elements[i] = elements[i].with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
    return cst.Subscript(value=value, slice=elements)


def _proven_pandas(site: Site) -> bool:
    return site.receiver is not None and site.receiver.is_pandas


# --- P2 as_matrix ---------------------------------------------------------------------------------


def _as_matrix(site: Site) -> Outcome | None:
    columns = site.kwarg("columns")
    pos = site.positional()
    if columns is None and pos:
        columns = pos[0]
    if len(site.args) > (1 if columns is not None else 0):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        receiver = _receiver(node)
        if node.args:
            receiver = _subscript(receiver, [node.args[0].value])
        return edits.method_call(receiver, "to_numpy")

    return Outcome(fix=fix)


# --- P3 get_value / set_value -------------------------------------------------------------------


def _get_value(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != len(pos) or len(pos) not in (1, 2):
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: _subscript(
            cst.Attribute(value=_receiver(node), attr=cst.Name("at")),
            [a.value for a in node.args],
        )
    )


def _set_value(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != len(pos) or len(pos) not in (2, 3) or not site.extra.get("statement"):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Assign:
        args = [a.value for a in node.args]
        target = _subscript(cst.Attribute(value=_receiver(node), attr=cst.Name("at")), args[:-1])
        return cst.Assign(targets=[cst.AssignTarget(target=target)], value=args[-1])

    return Outcome(fix=fix)


# --- P4 sort / order ------------------------------------------------------------------------------


def _frame_sort(site: Site) -> Outcome | None:
    """``df.sort(columns=...)``: a keyword or an argument proves it is not ``list.sort``."""
    pandas_args = site.kwarg("columns") is not None or site.positional()
    if not pandas_args and not _proven_pandas(site):
        return None
    if site.receiver is not None and site.receiver.qname == SERIES:
        return Outcome(
            fix=lambda node, refs: (
                edits.set_kwarg(
                    edits.rename_method(node, "sort_values"), "inplace", cst.Name("True")
                )
                if edits.find_kwarg(node, "inplace") is None
                else edits.rename_method(node, "sort_values")
            )
        )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.rename_kwarg(edits.rename_method(node, "sort_values"), "columns", "by")

    return Outcome(fix=fix)


def _series_order(site: Site) -> Outcome | None:
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "sort_values"))


def _sort_index_by(site: Site) -> Outcome | None:
    if site.kwarg("by") is None:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "sort_values"))


# --- P5 rolling_* / expanding_* / ewm* ----------------------------------------------------------

ROLLING_STATS = [
    "mean",
    "sum",
    "std",
    "var",
    "min",
    "max",
    "median",
    "count",
    "skew",
    "kurt",
    "apply",
    "quantile",
    "corr",
    "cov",
]
EWM_STATS = {"ewma": "mean", "ewmstd": "std", "ewmvar": "var", "ewmcorr": "corr", "ewmcov": "cov"}
WINDOW_KWARGS = {
    "min_periods",
    "center",
    "win_type",
    "com",
    "span",
    "halflife",
    "alpha",
    "adjust",
    "ignore_na",
}


def _moving(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    if name in EWM_STATS:
        kind, stat, window_positional = "ewm", EWM_STATS[name], 0
    else:
        kind, _, stat = name.partition("_")
        window_positional = 1 if kind == "rolling" else 0
    pos = site.positional()
    if site.has_star() or not pos:
        return Outcome(fix=None)
    if site.kwarg("freq") is not None or site.kwarg("how") is not None:
        return Outcome(fix=None, message=f"pd.{name}(freq=/how=) has no direct replacement")
    binary = stat in ("corr", "cov")
    stat_positional = {"apply": ["func"], "quantile": ["quantile"]}.get(stat, [])
    order = ["arg", *(["arg2"] if binary else []), *(["window"] * window_positional)]
    order += stat_positional
    if len(pos) > len(order):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        positional = [a for a in node.args if a.keyword is None]
        named = dict(zip(order, positional, strict=False))
        data = named["arg"].value
        window_args: list[cst.Arg] = []
        if "window" in named:
            window_args.append(edits.strip_comma(named["window"]))
        stat_args: list[cst.Arg] = []
        if binary and "arg2" in named:
            stat_args.append(edits.strip_comma(named["arg2"]))
        for p in stat_positional:
            if p in named:
                stat_args.append(edits.strip_comma(named[p]))
        for a in node.args:
            if a.keyword is None:
                continue
            key = a.keyword.value
            if key == "window":
                window_args.insert(0, edits.strip_comma(a))
            elif key in WINDOW_KWARGS:
                window_args.append(edits.strip_comma(a))
            elif key in ("arg", "arg1"):
                data = a.value
            else:
                stat_args.append(edits.strip_comma(a))
        window = edits.add_args(edits.method_call(edits.paren(data), kind), window_args)
        return edits.add_args(edits.method_call(window, stat), stat_args)

    return Outcome(fix=fix)


MOVING_FUNCTIONS = (
    *qualify("pandas", [f"rolling_{s}" for s in ROLLING_STATS]),
    *qualify("pandas", [f"expanding_{s}" for s in ROLLING_STATS]),
    *qualify("pandas", list(EWM_STATS)),
)


# --- P10 append -----------------------------------------------------------------------------------


def _append(site: Site) -> Outcome | None:
    pos = site.positional()
    receiver_known = _proven_pandas(site)
    if not receiver_known and site.kwarg("ignore_index") is None:
        return None  # list.append
    if len(pos) != 1 or site.has_star():
        return Outcome(fix=None)
    other = pos[0].value
    other_type = site.infer(other)
    frame_like = other_type is not None and other_type.is_pandas and not isinstance(other, cst.Call)
    row_like = isinstance(other, cst.Dict) or (
        isinstance(other, cst.Call) and (site.resolve(other.func) or "").endswith("Series")
    )
    proven = receiver_known and (frame_like or isinstance(other, cst.List))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        receiver = _receiver(node)
        first = node.args[0].value
        if row_like:
            frame = cst.Call(
                func=refs["pandas.DataFrame"],
                args=[cst.Arg(cst.List([cst.Element(first)]))],
            )
            if isinstance(first, cst.Call):  # a Series row: one row of its values
                frame = edits.method_call(edits.method_call(first, "to_frame"), "T")
                frame = cst.Attribute(
                    value=edits.method_call(first, "to_frame"), attr=cst.Name("T")
                )
            items: list[cst.BaseExpression] = [receiver, frame]
        elif isinstance(first, cst.List):
            items = [receiver, *[e.value for e in first.elements]]
        else:
            items = [receiver, first]
        elements = [
            cst.Element(v, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for v in items[:-1]
        ] + [cst.Element(items[-1])]
        rest = [edits.strip_comma(a) for a in node.args[1:]]
        if row_like and edits.find_kwarg(node, "ignore_index") is None:
            rest.append(edits.kwarg("ignore_index", cst.Name("True")))
        call = cst.Call(func=refs["pandas.concat"], args=[cst.Arg(cst.List(elements))])
        return edits.add_args(call, rest)

    needs = ("pandas.concat", "pandas.DataFrame") if row_like else ("pandas.concat",)
    if row_like:
        return Outcome(
            fix=fix,
            proven=False,
            needs=needs,
            message="df.append(row) was removed in pandas 2.0; proposed pd.concat with the row "
            "as a one-row frame (check dtypes and the index)",
        )
    return Outcome(fix=fix, proven=proven, needs=needs)


# --- P12-P17 read_csv and fillna keywords ----------------------------------------------------


def _bad_lines(site: Site) -> Outcome | None:
    error = site.value("error_bad_lines")
    warn = site.value("warn_bad_lines")
    if error is MISSING and warn is MISSING:
        return None
    if error is NOT_LITERAL or warn is NOT_LITERAL:
        return Outcome(fix=None)
    if error is False:
        mode: str | None = "skip" if warn is False else "warn"
    else:
        mode = None  # the default: raise

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "error_bad_lines", "warn_bad_lines")
        if mode is not None:
            node = edits.add_args(node, [edits.kwarg("on_bad_lines", edits.string(mode))])
        return node

    return Outcome(fix=fix)


def _squeeze(site: Site) -> Outcome | None:
    value = site.value("squeeze")
    if value is MISSING:
        return None
    if value is False:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "squeeze"))
    if value is not True:
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: edits.method_call(
            edits.drop_kwargs(node, "squeeze"), "squeeze", [cst.Arg(edits.string("columns"))]
        ),
        outer=True,
    )


def _prefix(site: Site) -> Outcome | None:
    if site.kwarg("prefix") is None:
        return None
    if site.value("header") is not None:  # prefix only named the columns of a header-less file
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "prefix"))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "prefix")
        assert i is not None
        value = node.args[i].value
        return edits.method_call(edits.drop_kwargs(node, "prefix"), "add_prefix", [cst.Arg(value)])

    return Outcome(fix=fix, outer=True)


def _delim_whitespace(site: Site) -> Outcome | None:
    value = site.value("delim_whitespace")
    if value is MISSING:
        return None
    if value is False:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "delim_whitespace"))
    if value is not True or site.kwarg("sep") is not None or site.kwarg("delimiter") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "delim_whitespace")
        return edits.add_args(node, [edits.kwarg("sep", cst.SimpleString('r"\\s+"'))])

    return Outcome(fix=fix)


FILL_METHODS = {"ffill": "ffill", "pad": "ffill", "bfill": "bfill", "backfill": "bfill"}


def _date_parser(site: Site) -> Outcome | None:
    """``read_csv(..., parse_dates=['Month'], date_parser=f)`` parsed each named column with f;
    ``converters={'Month': f}`` applies f to those columns' values (the fallback pandas used
    when f did not take arrays)."""
    arg = site.kwarg("date_parser")
    if arg is None:
        return None
    if site.kwarg("converters") is not None:
        return Outcome(fix=None)
    parse_dates = site.value("parse_dates")
    if parse_dates is True:
        index_col = site.value("index_col")
        columns = [index_col] if isinstance(index_col, str | int) else []
    elif isinstance(parse_dates, list) and all(isinstance(c, str | int) for c in parse_dates):
        columns = list(parse_dates)
    else:
        columns = []
    function = arg.value
    if not columns or (len(columns) > 1 and not isinstance(function, cst.Name | cst.Attribute)):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "date_parser")
        assert i is not None
        f = node.args[i].value
        entries = [
            cst.DictElement(
                edits.to_node(c), f, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            for c in columns[:-1]
        ] + [cst.DictElement(edits.to_node(columns[-1]), f)]
        args = list(node.args)
        args[i] = args[i].with_changes(keyword=cst.Name("converters"), value=cst.Dict(entries))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _fillna_method(site: Site) -> Outcome | None:
    method = site.value("method")
    if method is MISSING:
        return None
    if method not in FILL_METHODS or site.kwarg("value") or site.positional():
        return Outcome(fix=None)
    new = FILL_METHODS[method]
    return Outcome(
        fix=lambda node, refs: edits.drop_kwargs(edits.rename_method(node, new), "method")
    )


# --- P18-P25 renamed methods and keywords -------------------------------------------------------


def _swapaxes(site: Site) -> Outcome | None:
    values = [site.value("axis1", 0), site.value("axis2", 1)]
    if sorted(values) != [0, 1] or len(site.args) != 2:
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: cst.Attribute(value=_receiver(node), attr=cst.Name("T")))


def _value_counts(site: Site) -> Outcome | None:
    pos = site.positional()
    if not pos:
        return Outcome(fix=None)
    data_type = site.infer(pos[0].value)
    is_series = data_type is not None and data_type.qname == SERIES

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        data = node.args[0].value
        receiver = (
            edits.paren(data)
            if is_series
            else cst.Call(func=refs["pandas.Series"], args=[cst.Arg(data)])
        )
        return edits.add_args(
            edits.method_call(receiver, "value_counts"),
            [edits.strip_comma(a) for a in node.args[1:]],
        )

    return Outcome(fix=fix, needs=() if is_series else ("pandas.Series",))


def _lookup(site: Site) -> Outcome | None:
    pos = site.positional()
    receiver = site.receiver_node
    if len(pos) != 2 or len(site.args) != 2 or receiver is None or not _pure(receiver):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        frame = _receiver(node)
        rows, cols = node.args[0].value, node.args[1].value

        def indexer(axis: str, keys: cst.BaseExpression) -> cst.Call:
            return edits.method_call(
                cst.Attribute(value=frame, attr=cst.Name(axis)), "get_indexer", [cst.Arg(keys)]
            )

        return _subscript(
            edits.method_call(frame, "to_numpy"), [indexer("index", rows), indexer("columns", cols)]
        )

    return Outcome(fix=fix)


def _mad(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if site.args or receiver is None:
        return Outcome(fix=None, proven=False)
    pure = _pure(receiver)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        r = _receiver(node)
        d = r if pure else cst.Name("d")
        centered = cst.BinaryOperation(
            left=d, operator=cst.Subtract(), right=edits.method_call(d, "mean")
        )
        mad = edits.method_call(edits.method_call(edits.paren(centered), "abs"), "mean")
        if pure:
            return mad
        # written once: r.pipe(lambda d: (d - d.mean()).abs().mean())
        lam = cst.Lambda(params=cst.Parameters([cst.Param(cst.Name("d"))]), body=mad)
        return edits.method_call(r, "pipe", [cst.Arg(lam)])

    return Outcome(fix=fix, proven=_proven_pandas(site), outer=True)


def _tshift(site: Site) -> Outcome | None:
    if site.kwarg("freq") is not None or len(site.positional()) > 1:
        return Outcome(
            fix=lambda node, refs: edits.rename_method(node, "shift"), proven=_proven_pandas(site)
        )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_method(node, "shift")
        return edits.add_args(node, [edits.kwarg("freq", edits.string("infer"))])

    return Outcome(fix=fix, proven=_proven_pandas(site))


INDEX_DTYPES = {"Int64Index": "int64", "UInt64Index": "uint64", "Float64Index": "float64"}


def _index_class(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    if site.kwarg("dtype") is not None:
        return Outcome(
            fix=lambda node, refs: node.with_changes(func=refs["pandas.Index"]),
            needs=("pandas.Index",),
        )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = node.with_changes(func=refs["pandas.Index"])
        return edits.add_args(node, [edits.kwarg("dtype", edits.string(INDEX_DTYPES[name]))])

    return Outcome(fix=fix, needs=("pandas.Index",))


INPLACE_REASSIGN = {
    "set_axis",
    "rename_categories",
    "reorder_categories",
    "add_categories",
    "remove_categories",
    "remove_unused_categories",
    "set_categories",
    "as_ordered",
    "as_unordered",
}


def _inplace_removed(site: Site) -> Outcome | None:
    if site.value("inplace") is not True:
        return None
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    func = site.node.func
    receiver = func.value
    target = receiver
    if isinstance(receiver, cst.Attribute) and receiver.attr.value == "cat":
        target = receiver.value  # s.cat.set_categories(..., inplace=True) → s = s.cat...
    if not _pure(target):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Assign:
        r = _receiver(node)
        t = r.value if isinstance(r, cst.Attribute) and r.attr.value == "cat" else r
        return cst.Assign(
            targets=[cst.AssignTarget(target=t)], value=edits.drop_kwargs(node, "inplace")
        )

    return Outcome(fix=fix)


# --- P26 positional optionals -------------------------------------------------------------------

OLD_SIGNATURES: dict[str, list[str]] = {
    # method or function: the old signature's parameter names after the first
    "drop": ["axis", "index", "columns", "level", "inplace", "errors"],
    "sort_values": ["axis", "ascending", "inplace", "kind", "na_position"],
    "dropna": ["how", "thresh", "subset", "inplace"],  # after axis
    "set_index": ["drop", "append", "inplace", "verify_integrity"],
    "reset_index": ["drop", "inplace", "col_level", "col_fill"],
    "fillna": ["method", "axis", "inplace", "limit", "downcast"],
    "astype": ["copy", "errors"],
    "concat": ["axis", "join", "join_axes", "ignore_index"],
    # pandas 3.0: IO writers take only the path positionally
    "to_csv": ["sep", "na_rep", "float_format", "columns", "header", "index", "index_label"],
    "to_excel": ["sheet_name", "na_rep", "float_format", "columns", "header", "index"],
    "read_csv": ["sep", "delimiter", "header", "names", "index_col", "usecols"],
}
FIRST_POSITIONAL = {"dropna": 1}  # how many positional arguments the new signature keeps


def _positional_optionals(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2] if site.qname else site.node.func.attr.value
    if site.qname and site.qname.startswith("pandas.") and name not in ("concat", "read_csv"):
        return None
    if not site.qname and name in ("concat", "read_csv"):
        return None
    names = OLD_SIGNATURES[name]
    keep = FIRST_POSITIONAL.get(name, 1)
    if name == "dropna":
        names = ["axis", *names]
        keep = 0
    pos = site.positional()
    if len(pos) <= keep or site.has_star():
        return None
    if name == "drop" and not _proven_pandas(site) and site.receiver is not None:
        return None
    if name == "to_csv" and site.receiver is not None and site.receiver.qname == SERIES:
        return Outcome(fix=None)  # Series.to_csv(path, index, sep, ...) before pandas 0.24
    if len(pos) - keep > len(names):
        return Outcome(fix=None)
    pandas_receiver = site.qname is not None or _proven_pandas(site)
    return Outcome(
        fix=lambda node, refs: edits.positional_to_keywords(node, names, start=keep),
        proven=pandas_receiver,
    )


# --- P27 numeric_only -------------------------------------------------------------------------


def _groupby_receiver(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Subscript):
        node = node.value
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "groupby"
    )


def _numeric_only(site: Site) -> Outcome | None:
    if site.kwarg("numeric_only") is not None or site.has_star():
        return None
    receiver = site.receiver_node
    frame = site.receiver is not None and site.receiver.qname == DATAFRAME
    if not frame and not (receiver is not None and _groupby_receiver(receiver)):
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("numeric_only", cst.Name("True"))]
        ),
        proven=False,  # applied once an error shows non-numeric columns
    )


# --- P28-P35 silent changes --------------------------------------------------------------------

REGEX_CHARS = set(".+*|^$?[](){}\\")


def _str_replace(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if not (isinstance(receiver, cst.Attribute) and receiver.attr.value == "str"):
        return None
    if site.kwarg("regex") is not None or len(site.positional()) > 2:
        return None
    pat = site.value("pat", 0)
    if not isinstance(pat, str) or len(pat) < 2 or not REGEX_CHARS & set(pat):
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("regex", cst.Name("True"))])
    )


def _value_counts_reset(site: Site) -> Outcome | None:
    receiver = site.receiver_node
    if site.args or not (
        isinstance(receiver, cst.Call)
        and isinstance(receiver.func, cst.Attribute)
        and receiver.func.attr.value == "value_counts"
        and not receiver.args
    ):
        return None
    data = receiver.func.value
    if not _pure(data):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        counts = _receiver(node)
        source = counts.func.value  # type: ignore[attr-defined]
        renamed = edits.method_call(counts, "rename_axis", [cst.Arg(edits.string("index"))])
        name = cst.Attribute(value=source, attr=cst.Name("name"))
        return edits.method_call(renamed, "reset_index", [edits.kwarg("name", name)])

    return Outcome(fix=fix)


def _get_dummies(site: Site) -> Outcome | None:
    if site.kwarg("dtype") is not None or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("dtype", refs["numpy.uint8"])]),
        needs=("numpy.uint8",),
    )


def _concat_dummies(site: Site) -> Outcome | None:
    pos = site.positional()
    objs = pos[0].value if pos else None
    if not isinstance(objs, cst.List | cst.Tuple):
        return None
    for element in objs.elements:
        v = element.value
        if isinstance(v, cst.Call) and (site.resolve(v.func) or "").endswith("get_dummies"):
            return Outcome(fix=None)
    return None


def _column_of(node: cst.BaseExpression, site: Site) -> tuple[cst.BaseExpression, str] | None:
    """``df['a']`` or ``df.a`` of a proven DataFrame: (the frame, the column name)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        key = node.slice[0].slice
        if not (isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)):
            return None
        name = literal(key.value)
    elif isinstance(node, cst.Attribute) and node.attr.value not in FRAME_NON_COLUMNS:
        name = node.attr.value
    else:
        return None
    frame = node.value
    typed = site.infer(frame) if _pure(frame) else None
    if typed is None or typed.qname != DATAFRAME or not isinstance(name, str):
        return None
    return frame, name


def _column_chain(site: Site) -> Outcome | None:
    """The other spellings of one chained assignment: ``df.a[mask] = v`` (a column as an
    attribute) and ``df['a'].loc[k] = v`` / ``df['a'].iloc[i] = v``, on a proven DataFrame."""
    target: cst.Subscript = site.node
    inner = target.value
    indexer = None
    if isinstance(inner, cst.Attribute) and inner.attr.value in ("loc", "iloc"):
        indexer, inner = inner.attr.value, inner.value
    elif not isinstance(inner, cst.Attribute):
        return None
    found = _column_of(inner, site)
    if found is None or not isinstance(target.slice[0].slice, cst.Index):
        return None
    name = found[1]

    def fix(node: cst.Subscript, refs: Any) -> cst.Subscript:
        key = node.slice[0].slice.value  # type: ignore[attr-defined]
        column = node.value.value if indexer else node.value  # type: ignore[attr-defined]
        frame = column.value
        col = edits.string(name)
        if indexer == "iloc":
            position = edits.method_call(
                cst.Attribute(value=frame, attr=cst.Name("columns")), "get_loc", [cst.Arg(col)]
            )
            return _subscript(cst.Attribute(value=frame, attr=cst.Name("iloc")), [key, position])
        return _subscript(cst.Attribute(value=frame, attr=cst.Name("loc")), [key, col])

    return Outcome(fix=fix)


def _chained_assignment(site: Site) -> Outcome | None:
    target = site.node
    if not isinstance(target, cst.Subscript) or len(target.slice) != 1:
        return None
    inner = target.value
    if isinstance(inner, cst.Attribute):
        return _column_chain(site)
    if not isinstance(inner, cst.Subscript) or len(inner.slice) != 1:
        return None
    column = inner.slice[0].slice
    frame = inner.value
    if not isinstance(column, cst.Index) or not _pure(frame):
        return None
    frame_type = site.infer(frame)
    if frame_type is not None and frame_type.qname != DATAFRAME:
        return None
    if not isinstance(column.value, cst.SimpleString):
        return Outcome(fix=None, proven=False)
    proven = frame_type is not None

    def fix(node: cst.Subscript, refs: Any) -> cst.Subscript:
        inner_ = node.value
        assert isinstance(inner_, cst.Subscript)
        col = inner_.slice[0].slice.value  # type: ignore[attr-defined]
        mask = node.slice[0].slice.value  # type: ignore[attr-defined]
        loc = cst.Attribute(value=inner_.value, attr=cst.Name("loc"))
        return _subscript(loc, [mask, col])

    if not isinstance(target.slice[0].slice, cst.Index):
        return Outcome(fix=None)
    return Outcome(fix=fix, proven=proven)


INPLACE_COLUMN_METHODS = {
    "fillna",
    "replace",
    "clip",
    "interpolate",
    "ffill",
    "bfill",
    "where",
    "mask",
    "drop_duplicates",
    "dropna",
    "sort_values",
}


def _column_inplace(site: Site) -> Outcome | None:
    if site.value("inplace") is not True or not site.extra.get("statement"):
        return None
    receiver = site.receiver_node
    if not isinstance(receiver, cst.Subscript | cst.Attribute) or not _pure(receiver):
        return None
    if site.node.func.attr.value in ("dropna", "drop_duplicates", "sort_values"):
        return Outcome(fix=None)  # the column would no longer align: rewrite by hand

    def fix(node: cst.Call, refs: Any) -> cst.Assign:
        return cst.Assign(
            targets=[cst.AssignTarget(target=_receiver(node))],
            value=edits.drop_kwargs(node, "inplace"),
        )

    return Outcome(fix=fix)


def _object_dtype_compare(site: Site) -> Outcome | None:
    node: cst.Comparison = site.node
    if len(node.comparisons) != 1:
        return None
    op = node.comparisons[0].operator
    right = node.comparisons[0].comparator
    left = node.left
    if not isinstance(op, cst.Equal | cst.NotEqual):
        return None
    if not (isinstance(left, cst.Attribute) and left.attr.value == "dtype"):
        return None
    if literal(right) not in ("object", "O") and not (
        isinstance(right, cst.Name) and right.value == "object"
    ):
        return None
    negate = isinstance(op, cst.NotEqual)

    def fix(n: cst.Comparison, refs: Any) -> cst.BaseExpression:
        # is_string_dtype is True for object and for the new str dtype alike
        check = cst.Call(func=refs["pandas.api.types.is_string_dtype"], args=[cst.Arg(n.left)])
        if negate:
            return cst.UnaryOperation(operator=cst.Not(), expression=check)
        return check

    return Outcome(fix=fix, needs=("pandas.api.types.is_string_dtype",))


def _number(node: cst.BaseExpression) -> float | None:
    """A numeric literal, including powers like ``10**9``."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Power):
        base, exp = _number(node.left), _number(node.right)
        return base**exp if base is not None and exp is not None else None
    value = literal(node)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def _epoch_seconds(site: Site) -> Outcome | None:
    node: cst.BinaryOperation = site.node
    if not isinstance(node.operator, cst.FloorDivide):
        return None
    left = node.left
    if _number(node.right) != 10**9 or not (
        isinstance(left, cst.Call)
        and isinstance(left.func, cst.Attribute)
        and left.func.attr.value in ("astype", "view")
        and len(left.args) == 1
    ):
        return None
    dtype = left.args[0].value
    if literal(dtype) not in ("int64", "i8") and not (
        isinstance(dtype, cst.Attribute | cst.Name) and edits.code(dtype).endswith("int64")
    ):
        return None
    data = left.func.value

    def fix(n: cst.BinaryOperation, refs: Any) -> cst.BaseExpression:
        zero = cst.Call(func=refs["pandas.Timestamp"], args=[cst.Arg(cst.Integer("0"))])
        second = cst.Call(func=refs["pandas.Timedelta"], args=[cst.Arg(edits.string("1s"))])
        delta = cst.BinaryOperation(left=data, operator=cst.Subtract(), right=zero)
        return cst.BinaryOperation(
            left=edits.paren(delta), operator=cst.FloorDivide(), right=second
        )

    return Outcome(fix=fix, needs=("pandas.Timestamp", "pandas.Timedelta"))


# --- P36 frequency aliases ------------------------------------------------------------------------

FREQ_ALIASES = {
    "M": "ME",
    "BM": "BME",
    "CBM": "CBME",
    "SM": "SME",
    "Q": "QE",
    "BQ": "BQE",
    "A": "YE",
    "Y": "YE",
    "BA": "BYE",
    "BY": "BYE",
    "AS": "YS",
    "BAS": "BYS",
    "H": "h",
    "BH": "bh",
    "CBH": "cbh",
    "T": "min",
    "S": "s",
    "L": "ms",
    "U": "us",
    "N": "ns",
}
_FREQ = re.compile(r"^(\d*)([A-Za-z]+)(-[A-Za-z]+)?$")


def new_freq(freq: str, aliases: dict[str, str] = FREQ_ALIASES) -> str | None:
    m = _FREQ.match(freq)
    if not m or m.group(2) not in aliases:
        return None
    return f"{m.group(1)}{aliases[m.group(2)]}{m.group(3) or ''}"


# Aliases that mean the same for timestamps and periods. M/Q/Y/A... stay valid *period*
# frequencies ('ME' is an error there), so on asfreq, whose receiver may be a PeriodIndex, only
# these are rewritten (seen in a real 2018 notebook: PeriodIndex.asfreq('M') must stay 'M').
PERIOD_SAFE_ALIASES = frozenset({"H", "BH", "CBH", "T", "S", "L", "U", "N"})
# Where the argument can only be a period frequency (to_period, to_timestamp, period_range,
# Period, PeriodIndex): those, and annual 'A' is 'Y' there ('YE' is an offset, an error here).
PERIOD_ALIASES = {
    **{k: v for k, v in FREQ_ALIASES.items() if k in PERIOD_SAFE_ALIASES},
    "A": "Y",
}


def _freq(
    name: str, position: int | None, *, period_safe: bool = False, period: bool = False
) -> Any:
    """``period_safe``: the receiver may hold periods (asfreq); ``period``: the frequency is a
    period frequency."""

    def check(site: Site) -> Outcome | None:
        value = site.value(name, position)
        if not isinstance(value, str):
            return None
        # a receiver known to hold periods takes period aliases ('A' -> 'Y', not 'YE')
        periods = period or (
            period_safe and site.receiver is not None and site.receiver.qname == PERIOD_INDEX
        )
        new = new_freq(value, PERIOD_ALIASES if periods else FREQ_ALIASES)
        if new is None:
            return None
        if (
            period_safe and not periods and _FREQ.match(value).group(2) not in PERIOD_SAFE_ALIASES  # type: ignore[union-attr]
        ):
            return None
        arg = site.kwarg(name)

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            i = edits.find_kwarg(node, name) if arg is not None else None
            if i is None:
                i = [k for k, a in enumerate(node.args) if a.keyword is None][position or 0]
            args = list(node.args)
            args[i] = args[i].with_changes(value=edits.same_quotes(args[i].value, new))
            return node.with_changes(args=args)

        return Outcome(fix=fix)

    return check


# --- P37-P45 -------------------------------------------------------------------------------------


def _by_position(n: cst.Subscript, refs: Any) -> cst.Subscript:
    """``s[0]`` -> ``s.iloc[0]``."""
    return n.with_changes(value=cst.Attribute(value=n.value, attr=cst.Name("iloc")))


def _int_key_on_series(site: Site) -> Outcome | None:
    node: cst.Subscript = site.node
    t = site.infer(node.value)
    if t is None or t.qname != SERIES or t.index in ("range", "int") or len(node.slice) != 1:
        return None
    key = node.slice[0].slice
    if not isinstance(key, cst.Index) or not isinstance(literal(key.value), int):
        return None
    return Outcome(fix=_by_position)


INDEXERS = ("iloc", "loc", "iat", "at", "ix")


def _int_key_on_untyped(site: Site) -> Outcome | None:
    """``coeff[0]`` on a name inference cannot type (a function's parameter, another library's
    result): after a ``KeyError: 0`` in its cell, the Series with labels it was (PD040's case,
    unproven)."""
    node: cst.Subscript = site.node
    if len(node.slice) != 1 or not isinstance(node.value, cst.Name | cst.Attribute):
        return None
    if isinstance(node.value, cst.Attribute) and node.value.attr.value in INDEXERS:
        return None  # already an indexer: s.iloc[0]
    if site.infer(node.value) is not None:
        return None  # typed: PD040 decides for a Series, and nothing else is ours
    key = node.slice[0].slice
    if not isinstance(key, cst.Index) or not isinstance(literal(key.value), int):
        return None
    return Outcome(fix=_by_position, proven=False)


def _label_list(node: cst.BaseExpression) -> bool:
    """A key that selects several labels: a list literal or range(...)/list(range(...))."""
    if isinstance(node, cst.List):
        return True
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
        if node.func.value == "range":
            return True
        if node.func.value == "list" and len(node.args) == 1:
            return _label_list(node.args[0].value)
    return False


def _full_slice(node: cst.BaseSlice) -> bool:
    return isinstance(node, cst.Slice) and node.lower is None and node.upper is None


def _loc_missing_labels(site: Site) -> Outcome | None:
    """``.loc[labels]``, ``.loc[rows, cols]``, ``.loc[:, cols]`` with label lists: pandas < 1.0
    gave NaN rows/columns for missing labels, as reindex does."""
    node: cst.Subscript = site.node
    if len(node.slice) not in (1, 2) or any(e.star for e in node.slice if hasattr(e, "star")):
        return None
    keys = [e.slice for e in node.slice]
    axes: list[str | None] = []
    for key, axis in zip(keys, ("index", "columns"), strict=False):
        if isinstance(key, cst.Index) and _label_list(key.value):
            axes.append(axis)
        elif len(keys) == 2 and _full_slice(key):
            axes.append(None)
        else:
            return None
    if not any(axes):
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Call:
        frame = n.value
        assert isinstance(frame, cst.Attribute)
        values = [e.slice.value for e in n.slice if isinstance(e.slice, cst.Index)]
        if len(n.slice) == 1:
            return edits.method_call(frame.value, "reindex", [cst.Arg(values[0])])
        args = [edits.kwarg(a, v) for a, v in zip([a for a in axes if a], values, strict=True)]
        return edits.add_args(edits.method_call(frame.value, "reindex"), args)

    return Outcome(fix=fix, proven=False)  # only once a KeyError shows labels are missing


def _errors_ignore(site: Site) -> Outcome | None:
    if site.value("errors") != "ignore":
        return None
    return Outcome(fix=None)


def _convert_objects(site: Site) -> Outcome | None:
    if site.value("convert_numeric") is not True:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.method_call(
            _receiver(node),
            "apply",
            [
                cst.Arg(
                    refs["pandas.to_numeric"],
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                ),
                edits.kwarg("errors", edits.string("coerce")),
            ],
        )

    return Outcome(fix=fix, needs=("pandas.to_numeric",))


def _removed_series_method(site: Site) -> Outcome | None:
    name = site.node.func.attr.value
    if name == "ravel":
        return Outcome(
            fix=lambda node, refs: edits.method_call(
                edits.method_call(_receiver(node), "to_numpy"), "ravel", node.args
            ),
            proven=_proven_pandas(site),
        )
    if name == "bool" and not site.args:
        return Outcome(
            fix=lambda node, refs: cst.Call(
                func=cst.Name("bool"), args=[cst.Arg(edits.method_call(_receiver(node), "item"))]
            ),
            proven=_proven_pandas(site),
        )
    return Outcome(fix=None, proven=_proven_pandas(site))


def _axis_kwarg(site: Site) -> Outcome | None:
    value = site.value("axis")
    if value is MISSING:
        return None
    if value in (0, "index", "rows"):
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "axis"))
    return Outcome(fix=None)


def _groupby_apply(site: Site) -> Outcome | None:
    """``df.groupby('k').apply(f)`` passed f each group with its ``k`` column until pandas 3.0;
    selecting every column, ``df.groupby('k')[df.columns].apply(f)``, still does."""
    receiver = site.receiver_node
    if receiver is None or not _groupby_receiver(receiver) or site.kwarg("include_groups"):
        return None
    assert isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute)
    frame = receiver.func.value
    if _one_column(frame):
        return None  # a Series' groups (SeriesGroupBy.apply) never held the grouping columns
    if isinstance(receiver, cst.Subscript) or not _pure(frame):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        grouped = _receiver(node)
        assert isinstance(grouped, cst.Call) and isinstance(grouped.func, cst.Attribute)
        columns = cst.Attribute(value=grouped.func.value, attr=cst.Name("columns"))
        selected = _subscript(grouped, [columns])
        return node.with_changes(func=node.func.with_changes(value=selected))

    return Outcome(fix=fix)


def _one_column(node: cst.BaseExpression) -> bool:
    """``df['col']``: one column selected by a string key, a Series."""
    return (
        isinstance(node, cst.Subscript)
        and len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and isinstance(node.slice[0].slice.value, cst.SimpleString)
    )


def _loc_string_into_column(site: Site) -> Outcome | None:
    """``df.loc[mask, 'age'] = 'unknown'`` upcast an int column to object before pandas 3.0;
    ``df['age'] = df['age'].mask(mask, 'unknown')`` still does (a boolean mask only)."""
    node: cst.Assign = site.node
    if len(node.targets) != 1:
        return None
    target = node.targets[0].target
    if not isinstance(target, cst.Subscript) or len(target.slice) != 2:
        return None
    if not (isinstance(target.value, cst.Attribute) and target.value.attr.value == "loc"):
        return None
    if not isinstance(node.value, cst.SimpleString | cst.ConcatenatedString):
        return None
    rows, column = (e.slice for e in target.slice)
    frame = target.value.value
    if not (
        isinstance(rows, cst.Index)
        and _is_mask(rows.value)
        and isinstance(column, cst.Index)
        and isinstance(column.value, cst.SimpleString)
        and _pure(frame)
    ):
        return Outcome(fix=None)

    def fix(n: cst.Assign, refs: Any) -> cst.Assign:
        t = n.targets[0].target
        assert isinstance(t, cst.Subscript) and isinstance(t.value, cst.Attribute)
        mask = t.slice[0].slice.value  # type: ignore[attr-defined]
        col = _subscript(t.value.value, [t.slice[1].slice.value])  # type: ignore[attr-defined]
        value = edits.add_args(edits.method_call(col, "mask"), [cst.Arg(mask), cst.Arg(n.value)])
        return n.with_changes(targets=[n.targets[0].with_changes(target=col)], value=value)

    return Outcome(fix=fix)


def _groupby_observed(site: Site) -> Outcome | None:
    if site.kwarg("observed") is not None or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("observed", cst.Name("False"))])
    )


# --- seen in real notebooks: short option names, resample(how=) ---------------------------------

SOURCE = "real-notebooks"

# Short option names that pandas 1.4's styler.* options made ambiguous: the lookup is a regex
# search over every key, so pd.set_option('precision', 3) now raises "Pattern matched multiple
# keys". Each meant its one display.* match then. ('width' is left out: it matched display.width,
# display.max_colwidth and display.unicode.east_asian_width in every pandas of the time.)
AMBIGUOUS_OPTIONS = {
    "precision": "display.precision",
    "max_columns": "display.max_columns",
    "max_rows": "display.max_rows",
    "encoding": "display.encoding",
}
OPTION_PAIRS = qualify("pandas", ["set_option", "option_context"])
OPTION_FUNCTIONS = (
    *OPTION_PAIRS,
    *qualify("pandas", ["get_option", "reset_option", "describe_option"]),
)


def _option_keys(call: cst.Call, pairs: bool) -> list[int]:
    """Where the option names are in ``call.args``: every even positional of set_option /
    option_context (they take name, value pairs), else the first positional or ``pat=``."""
    pos = [i for i, a in enumerate(call.args) if a.keyword is None and not a.star]
    if pairs:
        return pos[::2]
    named = [
        i for i, a in enumerate(call.args) if a.keyword is not None and a.keyword.value == "pat"
    ]
    return named or pos[:1]


def _ambiguous_keys(call: cst.Call, pairs: bool) -> list[int]:
    return [
        i
        for i in _option_keys(call, pairs)
        if isinstance(name := literal(call.args[i].value), str) and name in AMBIGUOUS_OPTIONS
    ]


def _full_option_names(site: Site) -> Outcome | None:
    pairs = site.qname in OPTION_PAIRS
    if site.has_star() or not _ambiguous_keys(site.node, pairs):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for i in _ambiguous_keys(node, pairs):
            old = args[i].value
            new = AMBIGUOUS_OPTIONS[literal(old)]
            args[i] = args[i].with_changes(value=edits.same_quotes(old, new))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _resample_how(site: Site) -> Outcome | None:
    """``resample(rule, how=f)`` was ``resample(rule).aggregate(f)`` (what pandas 0.18-0.25 did
    with the deprecated keyword); a method name is written as the method call."""
    how = site.kwarg("how")
    if how is None:
        return None
    if site.has_star() or any(site.kwarg(k) is not None for k in ("fill_method", "limit")):
        return Outcome(fix=None)  # upsampling and aggregating in one call: split it by hand
    value = literal(how.value)
    method = (
        value
        if isinstance(value, str) and value.isidentifier() and not keyword.iskeyword(value)
        else None
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "how")
        assert i is not None
        func = node.args[i].value
        resampler = edits.drop_kwargs(node, "how")
        if method is not None:
            return edits.method_call(resampler, method)
        return edits.method_call(resampler, "agg", [cst.Arg(func)])

    return Outcome(fix=fix, outer=True)


# DataFrame/Series API a Resampler lacks: from 0.18 to 0.25, reaching it on a bare
# s.resample(rule) ran the old default aggregation (mean) first, with a FutureWarning
DEFERRED_MEAN_ATTRS = (
    "plot",
    "head",
    "tail",
    "values",
    "index",
    "columns",
    "iloc",
    "loc",
    "to_frame",
    "round",
    "describe",
    "shape",
    "dropna",
    "rolling",
    "diff",
    "pct_change",
    "cumsum",
    "reset_index",
    "to_csv",
    "hist",
    "unstack",
    "rename",
    "sort_values",
    "corr",
    "idxmax",
    "idxmin",
    "to_numpy",
)


def _deferred_mean(site: Site) -> Outcome | None:
    value = site.node.value
    direct = (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "resample"
    )
    if direct and any(a.keyword is not None and a.keyword.value == "how" for a in value.args):
        return None  # PD050 writes the aggregation it named
    typed = site.infer(value)
    if not direct and (typed is None or typed.qname != RESAMPLER):
        return None
    return Outcome(
        fix=lambda node, refs: node.with_changes(value=edits.method_call(node.value, "mean"))
    )


# --- from the release notes: 2.0 and 3.0 changes old notebooks hit -------------------------------

NOTES = "release-notes"
NOTES_WHY = "Announced in the pandas release notes (https://pandas.pydata.org/docs/whatsnew/{})."


def _groupby_tuple(site: Site) -> Outcome | None:
    """``df.groupby('k')['a', 'b']``: a tuple of columns (a list since pandas 2.0)."""
    node: cst.Subscript = site.node
    if len(node.slice) < 2 or not _groupby_receiver(node.value):
        return None
    if not all(isinstance(e.slice, cst.Index) and not e.slice.star for e in node.slice):
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        values = [e.slice.value for e in n.slice if isinstance(e.slice, cst.Index)]
        elements = [
            cst.Element(v, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for v in values[:-1]
        ] + [cst.Element(values[-1])]
        return n.with_changes(slice=[cst.SubscriptElement(slice=cst.Index(cst.List(elements)))])

    return Outcome(fix=fix)


def _iso_week(site: Site) -> Outcome | None:
    """``s.dt.week`` / ``s.dt.weekofyear`` (ISO week numbers) → ``s.dt.isocalendar().week``;
    on a DatetimeIndex (``df.index.week``) only once the error shows it is one."""
    node: cst.Attribute = site.node
    value = node.value
    accessor = isinstance(value, cst.Attribute) and value.attr.value == "dt"
    typed = site.infer(value)
    index = typed is not None and typed.qname == DATETIME_INDEX
    if not (
        accessor or index or (isinstance(value, cst.Attribute) and value.attr.value == "index")
    ):
        return None
    return Outcome(
        fix=lambda n, refs: cst.Attribute(
            value=edits.method_call(n.value, "isocalendar"), attr=cst.Name("week")
        ),
        proven=accessor or index,
    )


def _writer_save(site: Site) -> Outcome | None:
    """``writer.save()`` (no arguments, a statement, on a plain name): ExcelWriter's; proposed
    once the error shows an ExcelWriter has no save (model.save(path) takes a path)."""
    receiver = site.receiver_node
    if site.args or not isinstance(receiver, cst.Name) or not site.extra.get("statement"):
        return None
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "close"), proven=False)


DATE_KEY = re.compile(r"\d{4}(-\d{1,2}){0,2}$")


def _date_key(site: Site) -> Outcome | None:
    """``df['2017']`` sliced the rows of a DatetimeIndex frame before pandas 2.0; now it is a
    column key: ``df.loc['2017']``, once the KeyError shows no such column."""
    node: cst.Subscript = site.node
    if len(node.slice) != 1 or not _pure(node.value):
        return None
    if isinstance(node.value, cst.Attribute) and node.value.attr.value in ("loc", "iloc", "at"):
        return None
    key = node.slice[0].slice
    if not isinstance(key, cst.Index) or not isinstance(key.value, cst.SimpleString):
        return None
    text = literal(key.value)
    if not isinstance(text, str) or not DATE_KEY.match(text):
        return None
    typed = site.infer(node.value)
    if typed is not None and (typed.qname != DATAFRAME or typed.index in ("range", "int")):
        return None  # a Series still slices; a frame without dates: a column (say of years)
    return Outcome(
        fix=lambda n, refs: n.with_changes(
            value=cst.Attribute(value=n.value, attr=cst.Name("loc"))
        ),
        proven=False,
    )


UNITLESS = {"datetime64": "datetime64[ns]", "timedelta64": "timedelta64[ns]"}


def _unitless_dtype(site: Site) -> Outcome | None:
    pos = site.positional()
    arg = site.kwarg("dtype") or (pos[0] if pos else None)
    if arg is None:
        return None
    value = literal(arg.value)
    qname = site.resolve(arg.value) if value is NOT_LITERAL else None
    name = value if isinstance(value, str) else (qname or "").removeprefix("numpy.")
    if name not in UNITLESS:
        return None
    new = UNITLESS[name]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        i = edits.find_kwarg(node, "dtype")
        if i is None:
            i = next(k for k, a in enumerate(args) if a.keyword is None)
        args[i] = args[i].with_changes(value=edits.same_quotes(args[i].value, new))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _mixed_format(site: Site) -> Outcome | None:
    if site.kwarg("format") is not None or not site.positional() or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("format", edits.string("mixed"))]),
        proven=False,  # once the error shows the strings do not share one format
    )


def _mixed_timezones(site: Site) -> Outcome | None:
    if site.kwarg("utc") is not None or not site.positional() or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("utc", cst.Name("True"))])
    )


def _innermost(node: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(node, cst.Subscript) or (
        isinstance(node, cst.Attribute) and node.attr.value in ("loc", "iloc", "at", "iat")
    ):
        node = node.value
    return node


def _scalar_of_series(site: Site) -> Outcome | None:
    """``float(s)`` of a one-element Series: ``float(s.item())`` (exact: item() raises unless
    there is one element, as float(s) did)."""
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return None
    value = pos[0].value
    typed = site.infer(value)
    if typed is not None and typed.qname == SERIES:
        proven = True
    elif typed is None and isinstance(value, cst.Subscript):
        base = site.infer(_innermost(value))
        if base is None or base.qname not in PANDAS:
            return None
        proven = False  # a row selection: a Series when it picks one column, once the error says
    else:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        inner = edits.method_call(edits.paren(node.args[0].value), "item")
        return node.with_changes(args=[node.args[0].with_changes(value=inner)])

    return Outcome(fix=fix, proven=proven)


def _text_source(node: cst.BaseExpression, resolve: Any) -> bool:
    """Content, not a path: a literal that starts like JSON/HTML/XML, ``json.dumps(...)``,
    ``x.to_json(...)``, a response's ``.text``."""
    value = literal(node)
    if isinstance(value, str):
        return value.lstrip()[:1] in ("[", "{", "<")
    if isinstance(node, cst.Call):
        q = resolve(node.func) or ""
        if q == "json.dumps":
            return True
        return isinstance(node.func, cst.Attribute) and node.func.attr.value in (
            "to_json",
            "to_html",
            "to_xml",
        )
    return isinstance(node, cst.Attribute) and node.attr.value == "text"


def _literal_text(site: Site) -> Outcome | None:
    pos = site.positional()
    if not pos or not _text_source(pos[0].value, site.resolve):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        args[0] = args[0].with_changes(
            value=cst.Call(func=refs["io.StringIO"], args=[cst.Arg(args[0].value)])
        )
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("io.StringIO",))


# what apply/agg/transform read numpy and builtin functions as before pandas 3.0 (its cython table)
NUMPY_AGGS = {
    "builtins.sum": "sum",
    "builtins.max": "max",
    "builtins.min": "min",
    "numpy.all": "all",
    "numpy.any": "any",
    "numpy.sum": "sum",
    "numpy.nansum": "sum",
    "numpy.mean": "mean",
    "numpy.nanmean": "mean",
    "numpy.prod": "prod",
    "numpy.nanprod": "prod",
    "numpy.std": "std",
    "numpy.nanstd": "std",
    "numpy.var": "var",
    "numpy.nanvar": "var",
    "numpy.median": "median",
    "numpy.nanmedian": "median",
    "numpy.max": "max",
    "numpy.nanmax": "max",
    "numpy.amax": "max",
    "numpy.min": "min",
    "numpy.nanmin": "min",
    "numpy.amin": "min",
    "numpy.cumprod": "cumprod",
    "numpy.nancumprod": "cumprod",
    "numpy.cumsum": "cumsum",
    "numpy.nancumsum": "cumsum",
}


def _numpy_funcs(node: cst.BaseExpression, resolve: Any) -> list[cst.BaseExpression]:
    """The numpy/builtin reductions in an aggregation spec: the function, list items, dict
    values (one level)."""
    if isinstance(node, cst.List | cst.Tuple):
        return [e.value for e in node.elements if _numpy_agg(e.value, resolve)]
    if isinstance(node, cst.Dict):
        out: list[cst.BaseExpression] = []
        for e in node.elements:
            if isinstance(e, cst.DictElement):
                out += _numpy_funcs(e.value, resolve) if not isinstance(e.value, cst.Dict) else []
        return out
    return [node] if _numpy_agg(node, resolve) else []


def _numpy_agg(node: cst.BaseExpression, resolve: Any) -> str | None:
    if not isinstance(node, cst.Name | cst.Attribute):
        return None
    return NUMPY_AGGS.get(resolve(node) or "")


def _agg_names(site: Site) -> Outcome | None:
    """``g.agg(np.std)`` ran pandas' own std (ddof=1, NaN skipped) before pandas 3.0; now numpy's
    (ddof=0; np.median of a NaN is NaN). The string names keep what the author computed."""
    if site.qname == "pandas.pivot_table" or (
        site.qname is None and site.node.func.attr.value == "pivot_table"
    ):
        spec = site.kwarg("aggfunc")
    else:
        pos = site.positional()
        spec = site.kwarg("func") or (pos[0] if pos else None)
    if spec is None or not _numpy_funcs(spec.value, site.resolve):
        return None
    keyword_name = spec.keyword.value if spec.keyword is not None else None
    resolve = site.resolve

    def swap(node: cst.BaseExpression) -> cst.BaseExpression:
        name = _numpy_agg(node, resolve)
        if name is not None:
            return edits.string(name)
        if isinstance(node, cst.List | cst.Tuple):
            return node.with_changes(
                elements=[e.with_changes(value=swap(e.value)) for e in node.elements]
            )
        if isinstance(node, cst.Dict):
            return node.with_changes(
                elements=[
                    e.with_changes(value=swap(e.value))
                    if isinstance(e, cst.DictElement) and not isinstance(e.value, cst.Dict)
                    else e
                    for e in node.elements
                ]
            )
        return node

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if keyword_name is not None:
            return edits.map_kwarg_value(node, keyword_name, swap)
        args = list(node.args)
        i = next(k for k, a in enumerate(args) if a.keyword is None)
        args[i] = args[i].with_changes(value=swap(args[i].value))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


FILLS = {MISSING: "ffill", "pad": "ffill", "ffill": "ffill", "backfill": "bfill", "bfill": "bfill"}


def _pct_change_fill(site: Site) -> Outcome | None:
    """``s.pct_change()`` filled gaps forward first until pandas 3.0 (fill_method='pad')."""
    if not site.proven or site.has_star():
        return None
    receiver = site.receiver_node
    if (
        isinstance(receiver, cst.Call)
        and isinstance(receiver.func, cst.Attribute)
        and receiver.func.attr.value in ("ffill", "bfill", "fillna", "interpolate", "dropna")
    ):
        return None  # filled (or gap-free) already
    method = site.value("fill_method")
    if method is None:
        return None  # fill_method=None: no filling then either
    if method not in FILLS or len(site.positional()) > 1:
        return Outcome(fix=None)
    fill = FILLS[method]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        limit = edits.find_kwarg(node, "limit")
        fill_args = [edits.strip_comma(node.args[limit])] if limit is not None else []
        filled = edits.method_call(_receiver(node), fill, fill_args)
        rest = edits.drop_kwargs(node, "fill_method", "limit")
        return rest.with_changes(func=cst.Attribute(value=filled, attr=cst.Name("pct_change")))

    return Outcome(fix=fix)


def _stack_dropna(site: Site) -> Outcome | None:
    """``df.stack()`` dropped the all-NaN rows it made until pandas 3.0 (dropna=True); the
    rewrite names the new implementation (future_stack=True) so that it is done once."""
    if site.has_star() or site.kwarg("future_stack") is not None:
        return None
    if len(site.positional()) > 1:
        return Outcome(fix=None)  # stack(level, dropna) positionally
    dropna = site.value("dropna")
    if dropna is MISSING and not site.proven:
        return None
    if dropna not in (True, False, MISSING):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        stacked = edits.drop_kwargs(node, "dropna")
        stacked = edits.add_args(stacked, [edits.kwarg("future_stack", cst.Name("True"))])
        if dropna is False:
            return stacked
        return edits.method_call(stacked, "dropna", [edits.kwarg("how", edits.string("all"))])

    return Outcome(fix=fix, outer=True)


def _copy_warning_filter(site: Site) -> Outcome | None:
    """``warnings.filterwarnings('ignore', category=pd.errors.SettingWithCopyWarning)``: pandas 3
    never warns (copy-on-write) and has no such class; the statement goes."""
    category = site.kwarg("category")
    if category is None:
        pos = site.positional()
        index = 2 if site.qname == "warnings.filterwarnings" else 1
        category = pos[index] if len(pos) > index else None
    if category is None:
        return None
    name = edits.dotted_name(category.value) or ""
    if not name.endswith("SettingWithCopyWarning"):
        return None
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


INF_AS_NA = ("mode.use_inf_as_na", "use_inf_as_na", "mode.use_inf_as_null", "use_inf_as_null")


def _inf_as_na_option(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 2 or literal(pos[0].value) not in INF_AS_NA:
        return None
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.remove_statement())


def _inf_as_na_assign(site: Site) -> Outcome | None:
    node: cst.Assign = site.node
    if len(node.targets) != 1:
        return None
    name = edits.dotted_name(node.targets[0].target) or ""
    if not name.endswith(("options.mode.use_inf_as_na", "options.mode.use_inf_as_null")):
        return None
    return Outcome(fix=lambda n, refs: cst.RemovalSentinel.REMOVE)


# display.max_colwidth took -1 for "no limit" until 1.0 deprecated every negative value (None is
# no limit); 2.0 refuses them
COLWIDTH_KEYS = ("display.max_colwidth", "max_colwidth")


def _colwidth_values(call: cst.Call, pairs: bool) -> list[int]:
    """Where a set_option / option_context call gives max_colwidth a negative number."""
    pos = [i for i, a in enumerate(call.args) if a.keyword is None and not a.star]
    found = []
    for k in _option_keys(call, pairs):
        if literal(call.args[k].value) not in COLWIDTH_KEYS or pos.index(k) + 1 >= len(pos):
            continue
        value = pos[pos.index(k) + 1]
        number = literal(call.args[value].value)
        if isinstance(number, int) and not isinstance(number, bool) and number < 0:
            found.append(value)
    return found


def _colwidth_option(site: Site) -> Outcome | None:
    if site.has_star() or not _colwidth_values(site.node, True):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for i in _colwidth_values(node, True):
            args[i] = args[i].with_changes(value=cst.Name("None"))
        return node.with_changes(args=args)

    return Outcome(fix=fix)


def _colwidth_assign(site: Site) -> Outcome | None:
    node: cst.Assign = site.node
    if len(node.targets) != 1:
        return None
    number = literal(node.value)
    if site.resolve(node.targets[0].target) != "pandas.options.display.max_colwidth":
        return None
    if not isinstance(number, int) or isinstance(number, bool) or number >= 0:
        return None
    return Outcome(fix=lambda n, refs: n.with_changes(value=cst.Name("None")))


RULES = [
    Rule(
        id="PD001",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue="P1",
        condition="row labels proven integer (read_csv without index_col, DataFrame without "
        "index=) or label/mask keys; integer column keys on known string columns",
        message=".ix was removed in pandas 1.0; use .loc (labels) or .iloc (positions)",
        replacement=".loc[rows, cols] (integer column keys → df.columns[key])",
        signatures=(object_no_attribute(["ix"]),),
        matchers=(Attr(names=("ix",), receivers=PANDAS, check=check_ix, subscripted=True),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('train.csv')\n"
                "X = df.ix[:, 1:]\ny = df.ix[0:99, 'label']",
                "import pandas as pd\ndf = pd.read_csv('train.csv')\n"
                "X = df.loc[:, df.columns[1:]]\ny = df.loc[0:99, 'label']",
            ),
            ("rows = frame.ix[3:5]", "rows = frame.loc[3:5]"),
        ),
        proofs=(_CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.ix[0:9, 1:3]",),
    ),
    Rule(
        id="PD002",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="P2",
        message=".as_matrix() was removed in pandas 1.0; use .to_numpy()",
        replacement="df.to_numpy() / df[columns].to_numpy()",
        signatures=(object_no_attribute(["as_matrix"]),),
        matchers=(Call(methods=("as_matrix",), exclude=(NDARRAY,), check=_as_matrix),),
        examples=(
            (
                "X = df.as_matrix()\nY = df.as_matrix(columns=['a', 'b'])",
                "X = df.to_numpy()\nY = df[['a', 'b']].to_numpy()",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.as_matrix(columns=['a'])",
        ),
    ),
    Rule(
        id="PD003",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="P3",
        message="get_value/set_value were removed in pandas 1.0; use .at[row, col]",
        replacement="df.at[r, c] / df.at[r, c] = v",
        signatures=(object_no_attribute(["get_value", "set_value"]),),
        matchers=(
            Call(methods=("get_value",), exclude=NOT_PANDAS, check=_get_value),
            Call(methods=("set_value",), exclude=NOT_PANDAS, check=_set_value),
        ),
        examples=(
            (
                "v = df.get_value(3, 'age')\ndf.set_value(3, 'age', 40)",
                "v = df.at[3, 'age']\ndf.at[3, 'age'] = 40",
            ),
        ),
        proofs=(
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.get_value(0, 'a')",
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\ndf.set_value(0, 'a', 1.0)",
        ),
    ),
    Rule(
        id="PD004",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue="P4",
        message="df.sort(), s.order() and sort_index(by=) were removed; use sort_values",
        replacement="df.sort_values(by=...); s.sort_values(inplace=True)",
        signatures=(object_no_attribute(["sort", "order"], "(DataFrame|Series)"),),
        matchers=(
            Call(methods=("sort",), exclude=NOT_PANDAS, check=_frame_sort),
            Call(methods=("order",), exclude=NOT_PANDAS, check=_series_order),
            Call(methods=("sort_index",), exclude=NOT_PANDAS, check=_sort_index_by),
        ),
        examples=(
            (
                "a = df.sort(columns='fare', ascending=False)\nb = s.order()\n"
                "c = df.sort_index(by='age')\nxs.sort()",
                "a = df.sort_values(by='fare', ascending=False)\nb = s.sort_values()\n"
                "c = df.sort_values(by='age')\nxs.sort()",
            ),
        ),
        proofs=(
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.sort(columns='a')",
        ),
    ),
    Rule(
        id="PD005",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue="P5",
        message="pd.rolling_*/expanding_*/ewm* functions were removed in 0.23; use the methods",
        replacement="s.rolling(w).mean(), s.expanding().sum(), s.ewm(span=n).mean()",
        signatures=(no_attribute("pandas", [m.rpartition(".")[2] for m in MOVING_FUNCTIONS]),),
        matchers=(Call(functions=MOVING_FUNCTIONS, check=_moving),),
        examples=(
            (
                "import pandas as pd\nm = pd.rolling_mean(s, 7, min_periods=1)\n"
                "e = pd.ewma(s, span=10)\nq = pd.rolling_quantile(df.a, 5, 0.9)",
                "import pandas as pd\nm = s.rolling(7, min_periods=1).mean()\n"
                "e = s.ewm(span=10).mean()\nq = df.a.rolling(5).quantile(0.9)",
            ),
        ),
        proofs=(_CASE_DATA + "s = pd.Series(X[:, 0])\nv = pd.rolling_mean(s, 3, min_periods=1)",),
    ),
    Rule(
        id="PD006",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue="P6",
        message="pd.datetools was removed; use pd.offsets",
        replacement="pd.offsets",
        signatures=(no_attribute("pandas", ["datetools"]), no_module("pandas.datetools")),
        matchers=(Module("pandas.datetools", "pandas.offsets"),),
        examples=(
            (
                "import pandas as pd\nd = pd.datetools.BDay(2)",
                "import pandas as pd\nd = pd.offsets.BDay(2)",
            ),
        ),
        proofs=("import pandas as pd\nd = pd.datetools.BDay(2)",),
    ),
    Rule(
        id="PD007",
        library=LIB,
        changed_in="0.25",
        safety=MANUAL,
        catalogue="P7",
        message="pd.Panel was removed in 0.25; use a MultiIndex DataFrame or xarray",
        replacement="MultiIndex DataFrame / xarray.DataArray",
        signatures=(no_attribute("pandas", ["Panel"]), r"cannot import name 'Panel'"),
        matchers=(Symbol(old="pandas.Panel", fixable=False),),
        examples=(("import pandas as pd\np = pd.Panel(data)", None),),
    ),
    Rule(
        id="PD008",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P8",
        message="pd.np and pd.datetime were removed in pandas 2.0; import numpy / datetime",
        replacement="import numpy as np; from datetime import datetime",
        signatures=(no_attribute("pandas", ["np", "datetime"]),),
        matchers=(
            Symbol(old="pandas.np", new="numpy"),
            Symbol(old="pandas.datetime", new="datetime.datetime"),
        ),
        examples=(
            (
                "import pandas as pd\nx = pd.np.zeros(3)\nt = pd.datetime(2020, 1, 1)",
                "import pandas as pd\nimport numpy as np\nfrom datetime import datetime\n"
                "x = np.zeros(3)\nt = datetime(2020, 1, 1)",
            ),
        ),
        proofs=("import pandas as pd\nv = pd.np.zeros(3)\nt = pd.datetime(2020, 1, 2)",),
    ),
    Rule(
        id="PD009",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P9",
        message="pandas.util.testing was removed in 2.0; use pandas.testing (assert_* helpers)",
        replacement="pandas.testing",
        signatures=(no_module("pandas.util.testing"),),
        matchers=(Module("pandas.util.testing", "pandas.testing"),),
        examples=(
            (
                "import pandas.util.testing as tm\n"
                "from pandas.util.testing import assert_frame_equal",
                "import pandas.testing as tm\nfrom pandas.testing import assert_frame_equal",
            ),
        ),
        proofs=("import pandas.util.testing as tm",),
    ),
    Rule(
        id="PD010",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="P10",
        condition="receiver and argument proven DataFrame/Series (a dict or row is REVIEW)",
        message="DataFrame/Series.append was removed in pandas 2.0; use pd.concat",
        replacement="pd.concat([df, other], ignore_index=...)",
        signatures=(object_no_attribute(["append"], "(DataFrame|Series)"),),
        matchers=(Call(methods=("append",), exclude=NOT_PANDAS, check=_append),),
        examples=(
            (
                "import pandas as pd\na = pd.read_csv('a.csv')\nb = pd.read_csv('b.csv')\n"
                "both = a.append(b, ignore_index=True)\n"
                "row = a.append({'x': 1}, ignore_index=True)",
                "import pandas as pd\na = pd.read_csv('a.csv')\nb = pd.read_csv('b.csv')\n"
                "both = pd.concat([a, b], ignore_index=True)\n"
                "row = pd.concat([a, pd.DataFrame([{'x': 1}])], ignore_index=True)",
            ),
        ),
        proofs=(
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.append(df)",
            _CASE_DATA
            + (
                "df = pd.DataFrame(X, columns=list('abcd'))\n"
                "v = df.append({'a': 1.0}, ignore_index=True)"
            ),
        ),
    ),
    Rule(
        id="PD011",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P11",
        message="DataFrame/Series.iteritems was removed in pandas 2.0; use .items()",
        replacement=".items()",
        signatures=(object_no_attribute(["iteritems"], "(DataFrame|Series)"),),
        matchers=(
            Call(
                methods=("iteritems",),
                receivers=PANDAS,
                check=lambda site: (
                    Outcome(fix=lambda node, refs: edits.rename_method(node, "items"))
                    if site.proven
                    else None
                ),
            ),
        ),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "for c, col in df.iteritems():\n    pass",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "for c, col in df.items():\n    pass",
            ),
        ),
        proofs=(
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = list(df.iteritems())",
        ),
    ),
    Rule(
        id="PD012",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P12",
        message="read_csv(error_bad_lines=, warn_bad_lines=) were removed in 2.0; use "
        "on_bad_lines=",
        replacement="on_bad_lines='skip' / 'warn'",
        signatures=(unexpected_kwarg(["error_bad_lines", "warn_bad_lines"]),),
        matchers=(Call(functions=READERS, check=_bad_lines),),
        examples=(
            (
                "import pandas as pd\na = pd.read_csv(f, error_bad_lines=False)\n"
                "b = pd.read_csv(f, error_bad_lines=False, warn_bad_lines=False)",
                "import pandas as pd\na = pd.read_csv(f, on_bad_lines='warn')\n"
                "b = pd.read_csv(f, on_bad_lines='skip')",
            ),
        ),
        proofs=(_CASE_CSV + "v = pd.read_csv(io.StringIO(text), error_bad_lines=False)",),
    ),
    Rule(
        id="PD013",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P13",
        message="read_csv(squeeze=) and groupby(squeeze=) were removed in 2.0; use "
        ".squeeze('columns')",
        replacement="pd.read_csv(...).squeeze('columns')",
        signatures=(unexpected_kwarg(["squeeze"]),),
        matchers=(
            Call(functions=READERS, check=_squeeze),
            kwarg_drop("squeeze", methods=("groupby",), exclude=NOT_PANDAS),
        ),
        examples=(
            (
                "import pandas as pd\ns = pd.read_csv(f, usecols=['a'], squeeze=True)\n"
                "g = df.groupby('k', squeeze=False)",
                "import pandas as pd\ns = pd.read_csv(f, usecols=['a']).squeeze('columns')\n"
                "g = df.groupby('k')",
            ),
        ),
        proofs=(_CASE_CSV + "v = pd.read_csv(io.StringIO(text), usecols=['a'], squeeze=True)",),
    ),
    Rule(
        id="PD014",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P14",
        message="read_csv(prefix=, mangle_dupe_cols=) were removed in 2.0; use .add_prefix()",
        replacement="pd.read_csv(f, header=None).add_prefix('X')",
        signatures=(unexpected_kwarg(["prefix", "mangle_dupe_cols"]),),
        matchers=(
            Call(functions=READERS, check=_prefix),
            kwarg_drop("mangle_dupe_cols", functions=READERS, when=lambda v: v is True),
        ),
        examples=(
            (
                "import pandas as pd\nd = pd.read_csv(f, header=None, prefix='X', "
                "mangle_dupe_cols=True)",
                "import pandas as pd\nd = pd.read_csv(f, header=None).add_prefix('X')",
            ),
        ),
        proofs=(_CASE_CSV + "v = pd.read_csv(io.StringIO(text), header=None, prefix='X')",),
    ),
    Rule(
        id="PD015",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P15",
        message="read_csv(delim_whitespace=True) was removed in 3.0; use sep=r'\\s+'",
        replacement='sep=r"\\s+"',
        signatures=(unexpected_kwarg(["delim_whitespace"]),),
        matchers=(Call(functions=READERS, check=_delim_whitespace),),
        examples=(
            (
                "import pandas as pd\nd = pd.read_csv(f, delim_whitespace=True)",
                'import pandas as pd\nd = pd.read_csv(f, sep=r"\\s+")',
            ),
        ),
        proofs=(_CASE_CSV + "v = pd.read_csv(io.StringIO('a b\\n1 2\\n'), delim_whitespace=True)",),
    ),
    Rule(
        id="PD016",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P16",
        message="read_csv/to_datetime(infer_datetime_format=) was removed in 3.0 (always on now)",
        replacement="drop infer_datetime_format",
        signatures=(unexpected_kwarg(["infer_datetime_format"]),),
        matchers=(kwarg_drop("infer_datetime_format", functions=(*READERS, "pandas.to_datetime")),),
        examples=(
            (
                "import pandas as pd\nd = pd.read_csv(f, parse_dates=['t'], "
                "infer_datetime_format=True)",
                "import pandas as pd\nd = pd.read_csv(f, parse_dates=['t'])",
            ),
        ),
        proofs=(_CASE_CSV + "v = pd.read_csv(io.StringIO(text), infer_datetime_format=True)",),
    ),
    Rule(
        id="PD017",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P16",
        message="read_csv(date_parser=) was removed in 3.0; converters= applies the same function "
        "to each named date column (or date_format= / pd.to_datetime after loading)",
        replacement="converters={'Month': dateparse} (date_format='%Y-%m' / pd.to_datetime)",
        signatures=(unexpected_kwarg(["date_parser"]),),
        matchers=(Call(functions=READERS, check=_date_parser),),
        examples=(
            (
                "import pandas as pd\ndateparse = lambda d: pd.datetime.strptime(d, '%Y-%m')\n"
                "data = pd.read_csv('AirPassengers.csv', parse_dates=['Month'], "
                "index_col='Month', date_parser=dateparse)",
                "import pandas as pd\ndateparse = lambda d: pd.datetime.strptime(d, '%Y-%m')\n"
                "data = pd.read_csv('AirPassengers.csv', parse_dates=['Month'], "
                "index_col='Month', converters={'Month': dateparse})",
            ),
            ("import pandas as pd\nd = pd.read_csv(f, date_parser=parse)", None),
        ),
        proofs=(
            (
                "import io\nimport pandas as pd\n"
                "from datetime import datetime\n"
                "dateparse = lambda d: datetime.strptime(d, '%Y-%m')\n"
                "v = pd.read_csv(io.StringIO('Month,n\\n1949-01,112\\n1949-02,118\\n'), "
                "parse_dates=['Month'], index_col='Month', date_parser=dateparse)"
            ),
        ),
    ),
    Rule(
        id="PD018",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P17",
        message="fillna(method=) was removed in 3.0; use .ffill() / .bfill()",
        replacement=".ffill() / .bfill()",
        signatures=(r"fillna\(\) got an unexpected keyword argument 'method'",),
        matchers=(Call(methods=("fillna",), exclude=NOT_PANDAS, check=_fillna_method),),
        examples=(
            (
                "a = df.fillna(method='ffill')\nb = s.fillna(method='bfill', limit=2)",
                "a = df.ffill()\nb = s.bfill(limit=2)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.fillna(method='ffill')",
        ),
    ),
    Rule(
        id="PD019",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P17",
        message="replace(..., method=) was removed in 3.0; replace the values, then ffill/bfill",
        replacement="df.replace(v, np.nan).ffill()",
        signatures=(r"replace\(\) got an unexpected keyword argument 'method'",),
        matchers=(
            Call(
                methods=("replace",),
                exclude=NOT_PANDAS,
                check=lambda site: Outcome(fix=None) if site.kwarg("method") else None,
            ),
        ),
        examples=(("d = df.replace(0, method='pad')", None),),
    ),
    Rule(
        id="PD020",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P18",
        message="swapaxes was removed in pandas 3.0; use .T",
        replacement="df.T",
        signatures=(object_no_attribute(["swapaxes"], "(DataFrame|Series)"),),
        matchers=(Call(methods=("swapaxes",), exclude=(NDARRAY,), check=_swapaxes),),
        examples=(("t = df.swapaxes(0, 1)", "t = df.T"),),
        proofs=(_CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.swapaxes(0, 1)",),
    ),
    Rule(
        id="PD021",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P19",
        message="DataFrame.applymap was removed in pandas 3.0; use DataFrame.map",
        replacement="df.map(f)",
        signatures=(object_no_attribute(["applymap"]),),
        matchers=(
            Call(
                methods=("applymap",),
                exclude=NOT_PANDAS,
                check=lambda site: Outcome(fix=lambda n, refs: edits.rename_method(n, "map")),
            ),
        ),
        examples=(("s = df.applymap(len)", "s = df.map(len)"),),
        proofs=(_CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.applymap(abs)",),
    ),
    Rule(
        id="PD022",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue="P20",
        message="pd.value_counts was removed in pandas 3.0; use pd.Series(x).value_counts()",
        replacement="pd.Series(x).value_counts()",
        signatures=(no_attribute("pandas", ["value_counts"]),),
        matchers=(Call(functions=("pandas.value_counts",), check=_value_counts),),
        examples=(
            (
                "import pandas as pd\nc = pd.value_counts(labels, normalize=True)",
                "import pandas as pd\nc = pd.Series(labels).value_counts(normalize=True)",
            ),
        ),
        proofs=("import pandas as pd\nv = pd.value_counts(['a', 'b', 'a'])",),
    ),
    Rule(
        id="PD023",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="P21",
        message="DataFrame.lookup was removed in pandas 2.0; index the array with get_indexer",
        replacement="df.to_numpy()[df.index.get_indexer(r), df.columns.get_indexer(c)]",
        signatures=(object_no_attribute(["lookup"]),),
        matchers=(Call(methods=("lookup",), exclude=NOT_PANDAS, check=_lookup),),
        examples=(
            (
                "v = df.lookup(rows, cols)",
                "v = df.to_numpy()[df.index.get_indexer(rows), df.columns.get_indexer(cols)]",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.lookup([0, 1], ['a', 'b'])",
        ),
    ),
    Rule(
        id="PD024",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="P22",
        condition="the receiver is a proven DataFrame/Series",
        message="mad() and tshift() were removed in pandas 2.0",
        replacement="(df - df.mean()).abs().mean(); df.shift(n, freq='infer')",
        signatures=(object_no_attribute(["mad", "tshift"], "(DataFrame|Series)"),),
        matchers=(
            Call(methods=("mad",), exclude=NOT_PANDAS, check=_mad),
            Call(methods=("tshift",), exclude=NOT_PANDAS, check=_tshift),
        ),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nm = df.mad()\nt = df.tshift(1)",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\n"
                "m = (df - df.mean()).abs().mean()\n"
                "t = df.shift(1, freq='infer')",
            ),
        ),
        proofs=(_CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.mad()",),
    ),
    Rule(
        id="PD025",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P23",
        message="pd.Int64Index/UInt64Index/Float64Index were removed in 2.0; use pd.Index(dtype=)",
        replacement='pd.Index(x, dtype="int64")',
        signatures=(no_attribute("pandas", INDEX_DTYPES), r"cannot import name '\w+64Index'"),
        matchers=(Call(functions=qualify("pandas", INDEX_DTYPES), check=_index_class),),
        examples=(
            (
                "import pandas as pd\ni = pd.Int64Index([1, 2])",
                "import pandas as pd\ni = pd.Index([1, 2], dtype='int64')",
            ),
        ),
        proofs=("import pandas as pd\nv = pd.Int64Index([1, 2])",),
    ),
    Rule(
        id="PD026",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P24",
        message="set_axis and Categorical methods lost inplace= in pandas 2.0; reassign",
        replacement="df = df.set_axis(...); s = s.cat.set_categories(...)",
        signatures=(unexpected_kwarg(["inplace"]),),
        matchers=(
            Call(methods=tuple(INPLACE_REASSIGN), exclude=NOT_PANDAS, check=_inplace_removed),
        ),
        examples=(
            (
                "df.set_axis(['a', 'b'], axis=1, inplace=True)\n"
                "df['c'].cat.set_categories(['x', 'y'], inplace=True)",
                "df = df.set_axis(['a', 'b'], axis=1)\n"
                "df['c'] = df['c'].cat.set_categories(['x', 'y'])",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "df = pd.DataFrame(X, columns=list('abcd'))\n"
                "df.set_axis(list('wxyz'), axis=1, inplace=True)"
            ),
        ),
    ),
    Rule(
        id="PD027",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P25",
        message="to_csv(line_terminator=), describe(datetime_is_numeric=), info(null_counts=) and "
        ".is_monotonic were removed in 2.0",
        replacement="lineterminator=; drop; show_counts=; .is_monotonic_increasing",
        signatures=(
            unexpected_kwarg(["line_terminator", "datetime_is_numeric", "null_counts"]),
            object_no_attribute(["is_monotonic"]),
        ),
        matchers=(
            kwarg_rename(
                "line_terminator", "lineterminator", methods=("to_csv",), exclude=NOT_PANDAS
            ),
            kwarg_drop("datetime_is_numeric", methods=("describe",), exclude=NOT_PANDAS),
            kwarg_rename("null_counts", "show_counts", methods=("info",), exclude=NOT_PANDAS),
            Attr(
                names=("is_monotonic",),
                exclude=NOT_PANDAS,
                check=attr_renamed("is_monotonic_increasing"),
            ),
        ),
        examples=(
            (
                "df.to_csv(f, line_terminator='\\n')\nd = df.describe(datetime_is_numeric=True)\n"
                "df.info(null_counts=True)\nok = df.index.is_monotonic",
                "df.to_csv(f, lineterminator='\\n')\nd = df.describe()\n"
                "df.info(show_counts=True)\nok = df.index.is_monotonic_increasing",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.to_csv(line_terminator='\\n')",
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.a.is_monotonic",
        ),
    ),
    Rule(
        id="PD028",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="P26",
        message="optional arguments became keyword-only in pandas 2.0 (df.drop('c', 1) raises), "
        "and the IO writers' after the path in 3.0 (df.to_excel(w, 'Sheet1'))",
        replacement="keywords from the old signature: df.drop('c', axis=1)",
        signatures=(POSITIONAL_ERROR,),
        matchers=(
            Call(
                methods=(
                    "drop",
                    "sort_values",
                    "dropna",
                    "set_index",
                    "reset_index",
                    "fillna",
                    "astype",
                    "to_csv",
                    "to_excel",
                ),
                exclude=NOT_PANDAS,
                check=_positional_optionals,
            ),
            Call(functions=("pandas.concat", *READERS), check=_positional_optionals),
        ),
        examples=(
            (
                "import pandas as pd\na = df.drop('c', 1)\nb = pd.concat([x, y], 1)\n"
                "c = pd.read_csv('f.csv', ';')\nd = df.dropna(0, 'all')",
                "import pandas as pd\na = df.drop('c', axis=1)\nb = pd.concat([x, y], axis=1)\n"
                "c = pd.read_csv('f.csv', sep=';')\nd = df.dropna(axis=0, how='all')",
            ),
            (
                "df.to_excel(writer, 'Sheet1')\ndf.to_csv('out.csv', ';', index=False)",
                "df.to_excel(writer, sheet_name='Sheet1')\n"
                "df.to_csv('out.csv', sep=';', index=False)",
            ),
            (  # sort_values, set_index, reset_index: positional arguments after the first
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "a = df.sort_values('x', 0, False)\n"
                "b = df.set_index('x', False)\n"
                "c = df.reset_index(0, True)",
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "a = df.sort_values('x', axis=0, ascending=False)\n"
                "b = df.set_index('x', drop=False)\n"
                "c = df.reset_index(0, drop=True)",
            ),
        ),
        proofs=(
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.drop('a', 1)",
            _CASE_DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = pd.concat([df, df], 1)",
            _CASE_FRAME
            + (
                "import tempfile, os\nout = os.path.join(tempfile.mkdtemp(), 'x.csv')\n"
                "df.to_csv(out, ';')"
            ),
        ),
    ),
    Rule(
        id="PD029",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue="P27",
        condition="an error showed non-numeric columns (then numeric_only=True is what 1.x did)",
        message="reductions no longer drop non-numeric columns since pandas 2.0; pass "
        "numeric_only=True",
        replacement="df.mean(numeric_only=True)",
        signatures=(
            r"could not convert string to float",
            r"does not support (operation|reduction) '(mean|median|std|var|quantile)'",
            r"Cannot perform reduction '(mean|median|std|var|quantile)' with string dtype",
            r"agg function failed \[how->(mean|median|std|var)",
            r"unsupported operand type\(s\) for /: 'str' and 'int'",
        ),
        matchers=(
            Call(
                methods=("mean", "median", "std", "var", "corr", "cov", "quantile", "sem"),
                exclude=NOT_PANDAS,
                check=_numeric_only,
            ),
        ),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nm = df.mean()\n"
                "g = df.groupby('k').median()",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\nm = df.mean(numeric_only=True)\n"
                "g = df.groupby('k').median(numeric_only=True)",
            ),
            (  # corr, cov, std, quantile: numeric_only defaults to False (pandas 2.0)
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "c = df.corr()\n"
                "v = df.cov()\n"
                "s = df.std()\n"
                "q = df.quantile(0.9)",
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "c = df.corr(numeric_only=True)\n"
                "v = df.cov(numeric_only=True)\n"
                "s = df.std(numeric_only=True)\n"
                "q = df.quantile(0.9, numeric_only=True)",
            ),
            (  # grouped var, sem, std, quantile (pandas 2.0)
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "a = df.groupby('k').var()\n"
                "b = df.groupby('k').sem()\n"
                "c = df.groupby('k').std()\n"
                "d = df.groupby('k').quantile(0.5)",
                "import pandas as pd\n"
                "df = pd.read_csv('t.csv')\n"
                "a = df.groupby('k').var(numeric_only=True)\n"
                "b = df.groupby('k').sem(numeric_only=True)\n"
                "c = df.groupby('k').std(numeric_only=True)\n"
                "d = df.groupby('k').quantile(0.5, numeric_only=True)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ndf = pd.DataFrame({'s': ['x', 'y'], 'v': [1, 2]})\n"
                "m = df.mean()"
            ),
        ),
    ),
    Rule(
        id="PD030",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="P27",
        message="sum/min/max no longer drop non-numeric columns since pandas 2.0 (strings "
        "concatenate or raise); numeric_only=True restores 1.x",
        replacement="df.sum(numeric_only=True)",
        signatures=(
            r"does not support (operation|reduction) '(sum|min|max|prod)'",
            r"Cannot perform reduction '(sum|min|max|prod)'",
            r"agg function failed \[how->(sum|min|max)",
            r"'<=?' not supported between instances of 'str' and '(int|float)'",
            r'can only concatenate str \(not "(int|float)"\) to str',
        ),
        matchers=(
            Call(methods=("sum", "min", "max", "prod"), exclude=NOT_PANDAS, check=_numeric_only),
        ),
        examples=(
            (
                "t = df.groupby('k').sum()",
                "t = df.groupby('k').sum(numeric_only=True)",
            ),
        ),
    ),
    Rule(
        id="PD031",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        silent=True,
        catalogue="P28",
        message="str.replace treats the pattern literally since pandas 2.0 (was a regex); pass "
        "regex=True",
        replacement="s.str.replace(pat, repl, regex=True)",
        matchers=(Call(methods=("replace",), check=_str_replace),),
        examples=(
            (
                "s = df.name.str.replace(r'\\(.*\\)', '')\nt = df.name.str.replace('.', '')",
                "s = df.name.str.replace(r'\\(.*\\)', '', regex=True)\n"
                "t = df.name.str.replace('.', '')",
            ),
        ),
    ),
    Rule(
        id="PD032",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        catalogue="P29",
        message="value_counts().reset_index() columns are [name, 'count'] since pandas 2.0 "
        "(were ['index', name])",
        replacement="s.value_counts().rename_axis('index').reset_index(name=s.name)",
        signatures=(r"^KeyError: 'index'$",),
        matchers=(Call(methods=("reset_index",), check=_value_counts_reset),),
        examples=(
            (
                "vc = df.city.value_counts().reset_index()",
                "vc = df.city.value_counts().rename_axis('index').reset_index(name=df.city.name)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ns = pd.Series(['a', 'b', 'a'], name='c')\n"
                "v = s.value_counts().reset_index()['index']"
            ),
        ),
    ),
    Rule(
        id="PD033",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        silent=True,
        catalogue="P30",
        message="pd.get_dummies returns bool columns since pandas 2.0 (was uint8); pass "
        "dtype=np.uint8",
        replacement="pd.get_dummies(df, dtype=np.uint8)",
        matchers=(Call(functions=("pandas.get_dummies",), check=_get_dummies),),
        examples=(
            (
                "import numpy as np\nimport pandas as pd\nd = pd.get_dummies(df['c'])",
                "import numpy as np\nimport pandas as pd\n"
                "d = pd.get_dummies(df['c'], dtype=np.uint8)",
            ),
        ),
    ),
    Rule(
        id="PD034",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        catalogue="P31",
        message="pd.concat of bool and int columns gives object dtype since pandas 2.0; cast first",
        replacement="cast the dummies/bool columns (e.g. .astype(int)) before concat",
        matchers=(Call(functions=("pandas.concat",), check=_concat_dummies),),
        examples=(
            ("import pandas as pd\nX = pd.concat([num, pd.get_dummies(cat)], axis=1)", None),
        ),
    ),
    Rule(
        id="PD035",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        silent=True,
        catalogue="P32",
        condition="the frame is proven a DataFrame and the column a literal",
        message="chained assignment df['a'][mask] = v (or df.a[mask], df['a'].iloc[i]) has no "
        "effect under copy-on-write (pandas 3.0); use df.loc[mask, 'a'] = v",
        replacement="df.loc[mask, 'a'] = v",
        signatures=(r"ChainedAssignmentError",),
        matchers=(Target(check=_chained_assignment),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\ndf['age'][df.age < 0] = 0",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\ndf.loc[df.age < 0, 'age'] = 0",
            ),
            (
                "import pandas as pd\ntrain = pd.read_csv('t.csv')\n"
                "train.Age[train.Age.isnull()] = 28\ntrain['Fare'].iloc[0] = 7.25\n"
                "train['Sex'].loc[3] = 'male'\ntrain.T[0] = 1",
                "import pandas as pd\ntrain = pd.read_csv('t.csv')\n"
                "train.loc[train.Age.isnull(), 'Age'] = 28\n"
                "train.iloc[0, train.columns.get_loc('Fare')] = 7.25\n"
                "train.loc[3, 'Sex'] = 'male'\ntrain.T[0] = 1",
            ),
        ),
    ),
    Rule(
        id="PD036",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        silent=True,
        catalogue="P33",
        message="column.fillna(..., inplace=True) has no effect under copy-on-write (pandas 3.0); "
        "assign the result",
        replacement="df['a'] = df['a'].fillna(0)",
        matchers=(
            Call(methods=tuple(INPLACE_COLUMN_METHODS), exclude=NOT_PANDAS, check=_column_inplace),
        ),
        examples=(
            (
                "df['age'].fillna(df['age'].median(), inplace=True)\n"
                "df.fare.fillna(0, inplace=True)",
                "df['age'] = df['age'].fillna(df['age'].median())\ndf.fare = df.fare.fillna(0)",
            ),
        ),
    ),
    Rule(
        id="PD037",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        silent=True,
        catalogue="P34",
        message="strings have the str dtype in pandas 3.0, so dtype == 'object' is False for them",
        replacement="pd.api.types.is_string_dtype(s.dtype) (object or str)",
        matchers=(Node(types=("Comparison",), check=_object_dtype_compare),),
        examples=(
            (
                "import pandas as pd\ncats = [c for c in df if df[c].dtype == 'object']",
                "import pandas as pd\n"
                "cats = [c for c in df if pd.api.types.is_string_dtype(df[c].dtype)]",
            ),
        ),
    ),
    Rule(
        id="PD038",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        silent=True,
        catalogue="P35",
        message="datetimes default to microseconds in pandas 3.0, so astype('int64') // 10**9 is "
        "no longer seconds",
        replacement="(ts - pd.Timestamp(0)) // pd.Timedelta('1s')",
        matchers=(Node(types=("BinaryOperation",), check=_epoch_seconds),),
        examples=(
            (
                "import pandas as pd\nsecs = df.t.astype('int64') // 10**9",
                "import pandas as pd\nsecs = (df.t - pd.Timestamp(0)) // pd.Timedelta('1s')",
            ),
        ),
    ),
    Rule(
        id="PD039",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue="P36",
        condition="a literal frequency in an offset context (resample, date_range, Grouper), or "
        "in a period context (to_period, to_timestamp, period_range, Period(freq=), asfreq) "
        "one of the aliases periods renamed too (H/T/S/L/U/N; A to Y where only periods go)",
        message="frequency aliases M/H/T/S/L/A/Q... were removed in pandas 3.0; use ME/h/min/s/"
        "ms/YE/QE...",
        replacement="'ME', 'h', 'min', 's', 'ms', 'YE', 'QE', 'BME', 'YS'",
        signatures=(r"Invalid frequency: \w+", r"is no longer supported for offsets"),
        matchers=(
            Call(methods=("resample",), exclude=NOT_PANDAS, check=_freq("rule", 0)),
            Call(methods=("asfreq",), exclude=NOT_PANDAS, check=_freq("freq", 0, period_safe=True)),
            Call(
                functions=qualify(
                    "pandas", ["date_range", "bdate_range", "Grouper", "timedelta_range"]
                ),
                check=_freq("freq", None),
            ),
            Call(
                methods=("to_period", "to_timestamp"),
                exclude=NOT_PANDAS,
                check=_freq("freq", 0, period=True),
            ),
            Call(
                functions=qualify("pandas", ["period_range", "PeriodIndex", "Period"]),
                check=_freq("freq", None, period=True),
            ),
        ),
        examples=(
            (
                "import pandas as pd\nm = s.resample('M').sum()\n"
                "idx = pd.date_range('2020', periods=5, freq='15T')",
                "import pandas as pd\nm = s.resample('ME').sum()\n"
                "idx = pd.date_range('2020', periods=5, freq='15min')",
            ),
            (
                "import pandas as pd\nt = s.to_period('M').to_timestamp(freq='H')\n"
                "p = pd.period_range('2015', periods=4, freq='A-DEC')\nq = df.to_period('15T')\n"
                "y = p.asfreq('A')\nd = df.asfreq('A')",
                "import pandas as pd\nt = s.to_period('M').to_timestamp(freq='h')\n"
                "p = pd.period_range('2015', periods=4, freq='Y-DEC')\nq = df.to_period('15min')\n"
                "y = p.asfreq('Y')\nd = df.asfreq('A')",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "s = pd.Series(range(40), index=pd.date_range('2020', periods=40))\n"
                "v = s.resample('M').sum()\nw = pd.date_range('2020', periods=3, freq='H')"
            ),
            (
                "import pandas as pd\n"
                "s = pd.Series(range(40), index=pd.date_range('2020', periods=40))\n"
                "v = s.to_period('M').to_timestamp(freq='H')\n"
                "w = pd.period_range('2015', periods=3, freq='A')\n"
                "x = s.to_period('15T')"
            ),
        ),
    ),
    Rule(
        id="PD040",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P37",
        message="s[0] is a label lookup in pandas 3.0 (no positional fallback); use s.iloc[0]",
        replacement="s.iloc[0]",
        signatures=(r"^KeyError: -?\d+$",),
        matchers=(Node(types=("Subscript",), check=_int_key_on_series),),
        examples=(
            (
                "import pandas as pd\ns = pd.read_csv('t.csv', index_col='id')['v']\nfirst = s[0]\n"
                "last = s.iloc[-1]",
                "import pandas as pd\ns = pd.read_csv('t.csv', index_col='id')['v']\n"
                "first = s.iloc[0]\nlast = s.iloc[-1]",
            ),
        ),
        proofs=("import pandas as pd\ns = pd.Series([1, 2], index=['a', 'b'])\nv = s[0]",),
    ),
    Rule(
        id="PD041",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue="P38",
        condition="a KeyError showed labels missing from the index",
        message=".loc with missing labels raises since pandas 1.0; use .reindex(labels)",
        replacement="df.reindex([...])",
        signatures=(r"not in index",),
        matchers=(
            Attr(names=("loc",), exclude=NOT_PANDAS, subscripted=True, check=_loc_missing_labels),
        ),
        examples=(
            ("sub = df.loc[['a', 'zz']]", "sub = df.reindex(['a', 'zz'])"),
            (
                "a = df.loc[range(0, 7), ['pop', 'year']]\nb = df.loc[:, ['pop', 'zz']]",
                "a = df.reindex(index=range(0, 7), columns=['pop', 'year'])\n"
                "b = df.reindex(columns=['pop', 'zz'])",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ndf = pd.DataFrame({'v': [1, 2]}, index=['a', 'b'])\n"
                "v = df.loc[['a', 'z']]"
            ),
        ),
    ),
    Rule(
        id="PD042",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P39",
        message="errors='ignore' was removed in pandas 3.0; catch the exception (try/except) or "
        "use errors='coerce'",
        replacement="try: x = pd.to_numeric(x) except (ValueError, TypeError): pass",
        signatures=(r"errors must be one of 'raise', or 'coerce'", r"invalid error value"),
        matchers=(
            Call(
                functions=qualify("pandas", ["to_datetime", "to_numeric", "to_timedelta"]),
                check=_errors_ignore,
            ),
        ),
        examples=(("import pandas as pd\nd = pd.to_numeric(df.a, errors='ignore')", None),),
    ),
    Rule(
        id="PD043",
        library=LIB,
        changed_in="1.0",
        safety=REVIEW,
        catalogue="P40",
        message="convert_objects was removed; use df.apply(pd.to_numeric, errors='coerce')",
        replacement="df.apply(pd.to_numeric, errors='coerce')",
        signatures=(object_no_attribute(["convert_objects"]),),
        matchers=(Call(methods=("convert_objects",), exclude=NOT_PANDAS, check=_convert_objects),),
        examples=(
            (
                "import pandas as pd\nd = df.convert_objects(convert_numeric=True)",
                "import pandas as pd\nd = df.apply(pd.to_numeric, errors='coerce')",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "df = pd.DataFrame(X, columns=list('abcd'))\n"
                "v = df.convert_objects(convert_numeric=True)"
            ),
        ),
    ),
    Rule(
        id="PD044",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P41",
        message="Series.view/ravel, DataFrame.bool and first/last(offset) were removed in pandas "
        "3.0",
        replacement="s.to_numpy().ravel(); bool(s.item()); df.loc[:start + offset]",
        signatures=(
            object_no_attribute(["view", "ravel", "bool", "first", "last"], "(DataFrame|Series)"),
        ),
        matchers=(
            Call(methods=("view", "ravel", "bool"), receivers=PANDAS, check=_removed_series_method),
            Call(
                methods=("first", "last"),
                receivers=PANDAS,
                check=lambda site: (
                    Outcome(fix=None)
                    if isinstance(site.value("offset", 0), str) and site.proven
                    else None
                ),
            ),
        ),
        examples=(
            (
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nflat = s.ravel()",
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nflat = s.to_numpy().ravel()",
            ),
            (
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nok = s[:1].bool()",
                "import pandas as pd\ns = pd.read_csv('t.csv')['v']\nok = bool(s[:1].item())",
            ),
        ),
        proofs=(_CASE_DATA + "s = pd.Series(X[:, 0])\nv = s.ravel()",),
    ),
    Rule(
        id="PD045",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P42",
        message="groupby(axis=1) and rolling(axis=) were removed in pandas 3.0; transpose first",
        replacement="df.T.groupby(...); drop axis=0",
        signatures=(unexpected_kwarg(["axis"]),),
        matchers=(
            Call(
                methods=("groupby", "rolling", "expanding", "ewm"),
                exclude=NOT_PANDAS,
                check=_axis_kwarg,
            ),
        ),
        examples=(
            ("r = df.rolling(3, axis=0).mean()", "r = df.rolling(3).mean()"),
            ("g = df.groupby(keys, axis=1)", None),
        ),
        proofs=(
            _CASE_DATA
            + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.rolling(3, axis=0).mean()",
        ),
    ),
    Rule(
        id="PD046",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="P43",
        message="groupby on a categorical key defaults to observed=True in pandas 3.0; "
        "observed=False keeps empty categories as before",
        replacement="groupby(..., observed=False)",
        matchers=(Call(methods=("groupby",), exclude=NOT_PANDAS, check=_groupby_observed),),
        examples=(
            ("g = df.groupby('grade').size()", "g = df.groupby('grade', observed=False).size()"),
        ),
    ),
    Rule(
        id="PD047",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        silent=True,
        catalogue="P44",
        message="groupby().apply no longer passes the grouping columns in pandas 3.0; select them "
        "(g[df.columns].apply) or use the group's .name instead of g[key]",
        replacement="df.groupby('k')[df.columns].apply(f)",
        signatures=(r"^KeyError: '\w+'$",),
        matchers=(Call(methods=("apply",), check=_groupby_apply),),
        examples=(
            (
                "r = df.groupby('k').apply(lambda g: g['k'].iloc[0])",
                "r = df.groupby('k')[df.columns].apply(lambda g: g['k'].iloc[0])",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.groupby('k').apply(lambda g: g['k'].iloc[0] + str(len(g)))",),
    ),
    Rule(
        id="PD048",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P45",
        message="setting a string into a numeric column raises in pandas 3.0 (PDEP-6); cast the "
        "column first",
        replacement="df['age'] = df['age'].mask(df.age < 0, 'unknown') (or astype(object) first)",
        signatures=(r"Invalid value '.*' for dtype '(int|float)", r"PDEP-6"),
        matchers=(Node(types=("Assign",), check=_loc_string_into_column),),
        examples=(
            (
                "df.loc[df.age < 0, 'age'] = 'unknown'",
                "df['age'] = df['age'].mask(df.age < 0, 'unknown')",
            ),
            ("df.loc[3, 'age'] = 'unknown'", None),
        ),
        proofs=(_CASE_FRAME + "df.loc[df.b > 3, 'b'] = 'many'",),
    ),
    Rule(
        id="PD049",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="short option names 'precision', 'max_rows', 'max_columns', 'encoding' match "
        "the styler.* options too since pandas 1.4; spell out display.*",
        replacement="pd.set_option('display.precision', 3)",
        signatures=(r"Pattern matched multiple keys",),
        matchers=(Call(functions=OPTION_FUNCTIONS, check=_full_option_names),),
        examples=(
            (
                "import pandas as pd\npd.set_option('precision', 3)\n"
                "pd.set_option('display.width', 120, \"max_rows\", 10)\n"
                "with pd.option_context('max_columns', None, 'max_colwidth', 80):\n"
                "    print(df)\nn = pd.get_option('max_rows')",
                "import pandas as pd\npd.set_option('display.precision', 3)\n"
                "pd.set_option('display.width', 120, \"display.max_rows\", 10)\n"
                "with pd.option_context('display.max_columns', None, 'max_colwidth', 80):\n"
                "    print(df)\nn = pd.get_option('display.max_rows')",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\nwith pd.option_context('precision', 2, 'max_rows', 5):\n"
                "    v = repr(pd.Series([1.23456]))\n"
                "w = pd.get_option('max_columns')"
            ),
        ),
    ),
    Rule(
        id="PD050",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="resample(how=) was removed in pandas 1.0; call the aggregation on the resampler",
        replacement="s.resample('ME').mean(); df.resample('W').agg(f)",
        signatures=(unexpected_kwarg(["how"]),),
        matchers=(Call(methods=("resample",), exclude=NOT_PANDAS, check=_resample_how),),
        examples=(
            (
                "m = s.resample('D', how='mean')\n"
                "w = df.resample('W', how=np.max, closed='left').plot()",
                "m = s.resample('D').mean()\n"
                "w = df.resample('W', closed='left').agg(np.max).plot()",
            ),
            ("u = s.resample('h', how='last', fill_method='ffill')", None),
        ),
        proofs=(
            _CASE_DATA
            + (
                "s = pd.Series(X[:, 0], index=pd.date_range('2020', periods=60))\n"
                "v = s.resample('7D', how='mean')\n"
                "w = s.resample('W', how=np.max, closed='left')"
            ),
        ),
    ),
    Rule(
        id="PD051",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="a bare s.resample(rule) used as a Series/DataFrame meant its mean (pandas "
        "0.18-0.25 ran .mean() for you); write the aggregation",
        replacement="s.resample('ME').mean().plot()",
        signatures=(object_no_attribute(DEFERRED_MEAN_ATTRS, types=r"\w*Resampler"),),
        matchers=(Attr(names=DEFERRED_MEAN_ATTRS, exclude=NOT_PANDAS, check=_deferred_mean),),
        examples=(
            (
                "s.resample('2h').plot()\nfirst = df.resample('W').head(3)",
                "s.resample('2h').mean().plot()\nfirst = df.resample('W').mean().head(3)",
            ),
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv', index_col=0, parse_dates=True)\n"
                "r = df.resample('D')\nr.plot()",
                "import pandas as pd\ndf = pd.read_csv('t.csv', index_col=0, parse_dates=True)\n"
                "r = df.resample('D')\nr.mean().plot()",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "s = pd.Series(range(6), index=pd.date_range('2020', periods=6, freq='h'))\n"
                "top = s.resample('2h').head(2)"
            ),
        ),
    ),
    Rule(
        id="PD077",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="a tuple of columns after groupby (g['a', 'b']) raises since pandas 2.0; select "
        "a list: g[['a', 'b']]",
        replacement="df.groupby('k')[['a', 'b']].sum()",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"Cannot subset columns with a tuple with more than one element",),
        matchers=(Node(types=("Subscript",), check=_groupby_tuple),),
        examples=(
            (
                "t = df.groupby('k')['a', 'b'].sum()\nu = df.groupby(['k', 'j'])['a', 'b'].mean()",
                "t = df.groupby('k')[['a', 'b']].sum()\n"
                "u = df.groupby(['k', 'j'])[['a', 'b']].mean()",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.groupby('k')['a', 'b'].sum()",),
    ),
    Rule(
        id="PD078",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the receiver is a .dt accessor or a proven DatetimeIndex (df.index once the "
        "error shows it is one)",
        message=".week and .weekofyear were removed in pandas 2.0; use .isocalendar().week (the "
        "same ISO week numbers, as UInt32)",
        replacement="df.date.dt.isocalendar().week",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(
            object_no_attribute(["week", "weekofyear"], r"(DatetimeProperties|DatetimeIndex)"),
        ),
        matchers=(Attr(names=("week", "weekofyear"), exclude=NOT_PANDAS, check=_iso_week),),
        examples=(
            (
                "df['week'] = df.date.dt.week\nw = df['date'].dt.weekofyear\n"
                "by_week = df.groupby(df.index.week).sum()",
                "df['week'] = df.date.dt.isocalendar().week\nw = df['date'].dt.isocalendar().week\n"
                "by_week = df.groupby(df.index.isocalendar().week).sum()",
            ),
        ),
        proofs=(
            _CASE_FRAME + "v = df.t.dt.week",
            _CASE_FRAME + "v = df['t'].dt.weekofyear",
        ),
    ),
    Rule(
        id="PD079",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the error showed an ExcelWriter has no save (a bare writer.save() statement)",
        message="ExcelWriter.save() was removed in pandas 2.0; use close() (or a with block)",
        replacement="writer.close()",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(object_no_attribute(["save"], r"\w*(Writer|Excel)\w*"),),
        matchers=(Call(methods=("save",), exclude=NOT_PANDAS, check=_writer_save),),
        examples=(
            (
                "import pandas as pd\nwriter = pd.ExcelWriter('out.xlsx')\n"
                "df.to_excel(writer, 'Sheet1')\nwriter.save()\nmodel.save('m.h5')",
                "import pandas as pd\nwriter = pd.ExcelWriter('out.xlsx')\n"
                "df.to_excel(writer, 'Sheet1')\nwriter.close()\nmodel.save('m.h5')",
            ),
        ),
    ),
    Rule(
        id="PD080",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="to_excel(encoding=, verbose=) were removed in pandas 2.0 (xlsx files are "
        "always UTF-8); drop them",
        replacement="df.to_excel('out.xlsx')",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(unexpected_kwarg(["encoding", "verbose"]),),
        matchers=(kwarg_drop("encoding", "verbose", methods=("to_excel",), exclude=NOT_PANDAS),),
        examples=(
            (
                "df.to_excel('out.xlsx', index=False, encoding='utf-8')",
                "df.to_excel('out.xlsx', index=False)",
            ),
        ),
        proofs=(
            Proof(
                _CASE_FRAME
                + (
                    "import tempfile, os\nout = os.path.join(tempfile.mkdtemp(), 'x.xlsx')\n"
                    "df.to_excel(out, encoding='utf-8')"
                ),
                needs=("openpyxl",),
            ),
        ),
    ),
    Rule(
        id="PD081",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="a KeyError showed the date string is no column (df['2017'] sliced the rows "
        "of a DatetimeIndex frame); never on a frame known to have a range or integer index",
        message="df['2017'] is a column key since pandas 2.0 (it sliced the rows of a "
        "DatetimeIndex); use df.loc['2017']",
        replacement="df.loc['2017']",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"^KeyError: '\d{4}(-\d{1,2}){0,2}'$",),
        matchers=(Node(types=("Subscript",), check=_date_key),),
        examples=(
            (
                "y2017 = prices['2017']\njan = prices['2017-01'].mean()\n"
                "day = prices.loc['2017-01-03']",
                "y2017 = prices.loc['2017']\njan = prices.loc['2017-01'].mean()\n"
                "day = prices.loc['2017-01-03']",
            ),
        ),
        proofs=(_CASE_DATED + "v = prices['2017']",),
    ),
    Rule(
        id="PD082",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="astype('datetime64') without a unit raises since pandas 2.0; it meant "
        "'datetime64[ns]'",
        replacement="s.astype('datetime64[ns]')",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(
            r"Passing in '(datetime|timedelta)64' dtype with no precision is not allowed",
            r"Casting to unit-less dtype '(datetime|timedelta)64' is not supported",
        ),
        matchers=(Call(methods=("astype",), exclude=NOT_PANDAS, check=_unitless_dtype),),
        examples=(
            (
                "import numpy as np\nd = df.day.astype('datetime64')\n"
                "t = df.gap.astype(np.timedelta64)",
                "import numpy as np\nd = df.day.astype('datetime64[ns]')\n"
                "t = df.gap.astype('timedelta64[ns]')",
            ),
        ),
        proofs=(
            _CASE_FRAME
            + "v = df.k.map({'x': '2020-01-01', 'y': '2021-01-01'}).astype('datetime64')",
        ),
    ),
    Rule(
        id="PD083",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the error showed the strings do not share the format of the first one",
        message="to_datetime infers one format from the first value since pandas 2.0; "
        "format='mixed' parses each value on its own, as before",
        replacement="pd.to_datetime(s, format='mixed')",
        why=NOTES_WHY.format("v2.0.0.html#datetimes-are-now-parsed-with-a-consistent-format"),
        signatures=(r"time data .* doesn't match format",),
        matchers=(Call(functions=("pandas.to_datetime",), check=_mixed_format),),
        examples=(
            (
                "import pandas as pd\ndf['date'] = pd.to_datetime(df['date'], dayfirst=True)",
                "import pandas as pd\n"
                "df['date'] = pd.to_datetime(df['date'], dayfirst=True, format='mixed')",
            ),
        ),
        proofs=(
            "import pandas as pd\nv = pd.to_datetime(pd.Series(['2020-01-13', '14/01/2020']))",
        ),
    ),
    Rule(
        id="PD084",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the argument is a proven Series (a row selection once the error says so)",
        message="float()/int() of a Series was removed in pandas 3.0; take its one element: "
        "float(s.item())",
        replacement="float(s.item())",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"(float|int)\(\) argument must be a .* not 'Series'",),
        matchers=(Call(functions=("builtins.float", "builtins.int"), check=_scalar_of_series),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('t.csv')\ns = df[df.id == 3]['score']\n"
                "v = float(s)\nn = int(df.loc[df.id == 3, 'count'])",
                "import pandas as pd\ndf = pd.read_csv('t.csv')\ns = df[df.id == 3]['score']\n"
                "v = float(s.item())\nn = int(df.loc[df.id == 3, 'count'].item())",
            ),
        ),
        proofs=(
            _CASE_FRAME + "s = df[df.b == 4]['a']\nv = float(s)",
            _CASE_FRAME + "v = int(df.loc[df.b == 4, 'b'])",
        ),
    ),
    Rule(
        id="PD085",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=NOTES,
        message="read_json/read_html/read_xml take a path or a buffer since pandas 3.0, not the "
        "text itself; wrap the text in io.StringIO",
        replacement="pd.read_json(StringIO(text)) (from io import StringIO)",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"No such file or directory: '\s*[\[{<]",),
        matchers=(
            Call(
                functions=qualify("pandas", ["read_json", "read_html", "read_xml"]),
                check=_literal_text,
            ),
        ),
        examples=(
            (
                "import pandas as pd\nimport requests\nr = requests.get(url)\n"
                "a = pd.read_json(r.text)\nb = pd.read_json(df.to_json())\nc = pd.read_json(path)",
                "import pandas as pd\nimport requests\nfrom io import StringIO\n"
                "r = requests.get(url)\na = pd.read_json(StringIO(r.text))\n"
                "b = pd.read_json(StringIO(df.to_json()))\n"
                "c = pd.read_json(path)",
            ),
            (  # read_html of a literal string (pandas 2.1 deprecation, removed in 3.0)
                "import pandas as pd\ntables = pd.read_html('<table><tr><td>1</td></tr></table>')",
                "import pandas as pd\n"
                "from io import StringIO\n"
                "tables = pd.read_html(StringIO('<table><tr><td>1</td></tr></table>'))",
            ),
            (  # read_xml of a literal string (pandas 2.1 deprecation, removed in 3.0)
                "import pandas as pd\nx = pd.read_xml('<a><b>1</b></a>')",
                "import pandas as pd\n"
                "from io import StringIO\n"
                "x = pd.read_xml(StringIO('<a><b>1</b></a>'))",
            ),
        ),
        proofs=(
            _CASE_FRAME + "v = pd.read_json(df[['a', 'b']].to_json())",
            'import pandas as pd\nv = pd.read_json(\'[{"a": 1}, {"a": 2}]\')',
        ),
    ),
    Rule(
        id="PD086",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        silent=True,
        catalogue=NOTES,
        message="agg/transform read np.std, np.mean, sum... as pandas' own methods until pandas "
        "3.0; numpy's now (np.std: ddof=0, was 1); the names 'std', 'mean' keep the old numbers",
        replacement="df.groupby('k').agg('std')",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        matchers=(
            Call(
                methods=("agg", "aggregate", "transform", "pivot_table"),
                exclude=NOT_PANDAS,
                check=_agg_names,
            ),
            Call(functions=("pandas.pivot_table",), check=_agg_names),
        ),
        examples=(
            (
                "import numpy as np\nimport pandas as pd\ns = df.groupby('k')['v'].agg(np.std)\n"
                "t = df.groupby('k').agg([np.mean, np.std, 'count'])\n"
                "u = df.groupby('k').agg({'a': np.sum, 'b': [min, max]})\n"
                "p = pd.pivot_table(df, index='k', values='v', aggfunc=np.median)",
                "import numpy as np\nimport pandas as pd\ns = df.groupby('k')['v'].agg('std')\n"
                "t = df.groupby('k').agg(['mean', 'std', 'count'])\n"
                "u = df.groupby('k').agg({'a': 'sum', 'b': ['min', 'max']})\n"
                "p = pd.pivot_table(df, index='k', values='v', aggfunc='median')",
            ),
        ),
    ),
    Rule(
        id="PD087",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        silent=True,
        catalogue=NOTES,
        condition="the receiver is a proven Series/DataFrame (a groupby fills per group)",
        message="pct_change no longer fills gaps forward first (pandas 3.0: fill_method=None); "
        "s.ffill().pct_change() computes what the author's pandas did",
        replacement="s.ffill().pct_change()",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"fill_method must be None",),
        matchers=(Call(methods=("pct_change",), receivers=PANDAS, check=_pct_change_fill),),
        examples=(
            (
                "import pandas as pd\nprices = pd.read_csv('p.csv', index_col=0)\n"
                "r = prices.pct_change()\n"
                "w = prices['a'].pct_change(5, fill_method='bfill', limit=2)",
                "import pandas as pd\nprices = pd.read_csv('p.csv', index_col=0)\n"
                "r = prices.ffill().pct_change()\nw = prices['a'].bfill(limit=2).pct_change(5)",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df.a.pct_change(fill_method='ffill')",),
    ),
    Rule(
        id="PD088",
        library=LIB,
        changed_in="3.0",
        safety=SAFE_IF,
        silent=True,
        catalogue=NOTES,
        condition="the receiver is a proven DataFrame (or stack(dropna=...) raised)",
        message="stack keeps the all-NaN rows it makes since pandas 3.0 and refuses dropna=; "
        ".dropna(how='all') after it drops them as before",
        replacement="df.stack(future_stack=True).dropna(how='all')",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"dropna must be unspecified as the new implementation",),
        matchers=(Call(methods=("stack",), receivers=(DATAFRAME,), check=_stack_dropna),),
        examples=(
            (
                "import pandas as pd\ntable = pd.read_csv('t.csv', index_col=0)\n"
                "long = table.stack()\nfull = table.stack(dropna=False)",
                "import pandas as pd\ntable = pd.read_csv('t.csv', index_col=0)\n"
                "long = table.stack(future_stack=True).dropna(how='all')\n"
                "full = table.stack(future_stack=True)",
            ),
        ),
        proofs=(_CASE_FRAME + "v = df[['a', 'b']].stack(dropna=False)",),
    ),
    Rule(
        id="PD089",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue=NOTES,
        message="to_datetime of strings with mixed UTC offsets raises since pandas 3.0 (it gave "
        "objects); utc=True converts them to one UTC column",
        replacement="pd.to_datetime(s, utc=True)",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"Mixed timezones detected\. Pass utc=True",),
        matchers=(Call(functions=("pandas.to_datetime",), check=_mixed_timezones),),
        examples=(
            (
                "import pandas as pd\nt = pd.to_datetime(df['created_at'])",
                "import pandas as pd\nt = pd.to_datetime(df['created_at'], utc=True)",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\n"
                "v = pd.to_datetime(['2020-01-01 00:00+01:00', '2020-01-01 00:00+02:00'])"
            ),
        ),
    ),
    Rule(
        id="PD090",
        library=LIB,
        changed_in="3.0",
        safety=SAFE,
        catalogue=NOTES,
        message="SettingWithCopyWarning is gone in pandas 3.0 (copy-on-write never warns); the "
        "filter that silenced it goes",
        replacement="(the warnings filter is removed)",
        why=NOTES_WHY.format("v3.0.0.html#consistent-copy-view-behaviour-with-copy-on-write"),
        signatures=(no_attribute("pandas.errors", ["SettingWithCopyWarning"]),),
        matchers=(
            Call(
                functions=("warnings.filterwarnings", "warnings.simplefilter"),
                check=_copy_warning_filter,
            ),
        ),
        examples=(
            (
                "import warnings\nimport pandas as pd\n"
                "warnings.simplefilter(action='ignore', "
                "category=pd.errors.SettingWithCopyWarning)\n"
                "warnings.filterwarnings('ignore', category=FutureWarning)",
                "import warnings\nimport pandas as pd\n"
                "warnings.filterwarnings('ignore', category=FutureWarning)",
            ),
        ),
        proofs=(
            (
                "import warnings\nimport pandas as pd\n"
                "warnings.simplefilter('ignore', category=pd.errors.SettingWithCopyWarning)"
            ),
        ),
    ),
    Rule(
        id="PD091",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue=NOTES,
        message="the mode.use_inf_as_na option was removed in pandas 3.0; replace inf with NaN "
        "in the data instead (df.replace([np.inf, -np.inf], np.nan))",
        replacement="(the option line is removed; infinities stay numbers)",
        why=NOTES_WHY.format("v3.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(
            r"No such keys?\(s\): '(mode\.)?use_inf_as_(na|null)'",
            r"You can only set the value of existing options",
        ),
        matchers=(
            Call(functions=("pandas.set_option",), check=_inf_as_na_option),
            Node(types=("Assign",), check=_inf_as_na_assign),
        ),
        examples=(
            (
                "import pandas as pd\npd.set_option('mode.use_inf_as_na', True)\n"
                "pd.options.mode.use_inf_as_na = True\nn = df.isna().sum()",
                "import pandas as pd\nn = df.isna().sum()",
            ),
            (  # the older name of use_inf_as_na
                "import pandas as pd\npd.set_option('use_inf_as_null', True)",
                "import pandas as pd",
            ),
        ),
        proofs=(
            "import pandas as pd\npd.set_option('mode.use_inf_as_na', True)",
            "import pandas as pd\npd.options.mode.use_inf_as_na = True",
        ),
    ),
    Rule(
        id="PD094",
        library=LIB,
        changed_in="3.0",
        safety=REVIEW,
        catalogue="P37",
        confined=True,
        message="x[0] on a value of unknown type failed with KeyError: 0: a Series with labels "
        "is looked up by label in pandas 3.0; use x.iloc[0]",
        replacement="x.iloc[0]",
        why="PD040 for what inference cannot type: a function's parameter, or a Series another "
        "library returned (a statsmodels fit's params). pandas 2.1 deprecated the positional "
        "fallback of Series[int] on a non-integer index and 3.0 removed it, so the lookup "
        "raises KeyError with the integer. Only the cells the error ran through are rewritten.",
        signatures=(r"^KeyError: -?\d+$",),
        matchers=(Node(types=("Subscript",), check=_int_key_on_untyped),),
        examples=(
            (
                "def pz(fico, amt, coeff):\n    z = coeff[0] * fico + coeff[1] * amt + coeff[2]\n"
                "    return z",
                "def pz(fico, amt, coeff):\n"
                "    z = coeff.iloc[0] * fico + coeff.iloc[1] * amt + coeff.iloc[2]\n    return z",
            ),
        ),
        proofs=(
            (
                "import pandas as pd\ndef first(s):\n"
                "    return s[0]\nv = first(pd.Series([1, 2], index=['a', 'b']))\n"
                "assert v == 1"
            ),
        ),
    ),
    Rule(
        id="PD605",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=NOTES,
        message="display.max_colwidth no longer takes a negative number for no limit "
        "(deprecated in 1.0, refused in 2.0); None is no limit",
        replacement="pd.set_option('display.max_colwidth', None)",
        why=NOTES_WHY.format("v2.0.0.html#removal-of-prior-version-deprecations-changes"),
        signatures=(r"Value must be a nonnegative integer or None",),
        matchers=(
            Call(functions=OPTION_PAIRS, check=_colwidth_option),
            Node(types=("Assign",), check=_colwidth_assign),
        ),
        examples=(
            (
                "import pandas as pd\npd.set_option('display.max_colwidth', -1)\n"
                "pd.options.display.max_colwidth = -1",
                "import pandas as pd\npd.set_option('display.max_colwidth', None)\n"
                "pd.options.display.max_colwidth = None",
            ),
            (
                "import pandas as pd\n"
                "with pd.option_context('display.max_rows', 5, 'max_colwidth', -1):\n"
                "    print(df)",
                "import pandas as pd\n"
                "with pd.option_context('display.max_rows', 5, 'max_colwidth', None):\n"
                "    print(df)",
            ),
        ),
        proofs=(
            Proof(
                "import pandas as pd\npd.set_option('display.max_colwidth', -1)\n"
                "width = pd.get_option('display.max_colwidth')",
                name="width",
                expected=None,
            ),
            "import pandas as pd\npd.options.display.max_colwidth = -1",
        ),
    ),
]
