"""Receiver types from assignments: ``df = pd.read_csv(...)``, ``model = Sequential()``.

Only what is proven is recorded; anything else is None ("unknown"), and rules whose safety
depends on the receiver then report instead of rewriting. For pandas the index kind matters
(``.ix`` is exactly ``.loc`` on an integer index), so frames carry it along index-preserving
operations.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from .matchers import NOT_LITERAL, literal
from .symbols import DATAFRAME, FUNCTION, NDARRAY, SERIES, SymbolTable, TypeInfo

FIGURE = "matplotlib.figure.Figure"
DATETIME_INDEX = "pandas.DatetimeIndex"
PERIOD_INDEX = "pandas.PeriodIndex"
RESAMPLER = "pandas.Resampler"
RESAMPLER_OUTPUT = {
    "mean",
    "sum",
    "max",
    "min",
    "median",
    "std",
    "var",
    "ohlc",
    "first",
    "last",
    "count",
    "agg",
    "aggregate",
    "interpolate",
    "ffill",
    "bfill",
    "asfreq",
    "nunique",
    "size",
    "prod",
    "sem",
}
FRAME_REDUCTIONS = {
    "mean",
    "median",
    "sum",
    "std",
    "var",
    "min",
    "max",
    "count",
    "nunique",
    "sem",
    "skew",
    "kurt",
    "prod",
}
ELEMENTWISE = {
    f"numpy.{f}"
    for f in ("log", "log10", "log2", "log1p", "exp", "sqrt", "abs", "square", "floor", "ceil")
}
STRING_METHODS = "pandas.StringMethods"  # s.str
# methods that give a bool Series (elem "bool")
STRING_PREDICATES = {
    "contains",
    "startswith",
    "endswith",
    "match",
    "fullmatch",
    "isalpha",
    "isdigit",
    "isnumeric",
    "isalnum",
    "isspace",
    "islower",
    "isupper",
}
SERIES_PREDICATES = {"isnull", "notnull", "isna", "notna", "isin", "duplicated", "between"}
AXES = "matplotlib.axes.Axes"
LEGEND = "matplotlib.legend.Legend"
COLORBAR = "matplotlib.colorbar.Colorbar"
LR_SCHEDULER = "torch.optim.lr_scheduler.LRScheduler"
OPTIMIZER = "torch.optim.Optimizer"
KERAS_MODEL = "keras.Model"
KERAS_LAYER = "keras.layers.Layer"
KERAS_TENSOR = "keras.KerasTensor"
HISTORY = "keras.callbacks.History"
IPYTHON_SHELL = "IPython.core.interactiveshell.InteractiveShell"
GET_IPYTHON = (
    "builtins.get_ipython",  # bare in a notebook: IPython puts it in builtins
    "IPython.get_ipython",
    "IPython.core.getipython.get_ipython",
)

PANDAS_READERS = {
    "read_csv",
    "read_table",
    "read_excel",
    "read_fwf",
    "read_sql",
    "read_sql_query",
    "read_sql_table",
    "read_clipboard",
}
PANDAS_OTHER_READERS = {"read_json", "read_parquet", "read_pickle", "read_hdf", "read_feather"}

# methods that keep the row index (and the receiver's kind)
ROW_PRESERVING = {
    "copy",
    "dropna",
    "fillna",
    "drop",
    "drop_duplicates",
    "sort_values",
    "sort_index",
    "sample",
    "head",
    "tail",
    "astype",
    "replace",
    "rename",
    "assign",
    "query",
    "select_dtypes",
    "where",
    "mask",
    "clip",
    "round",
    "abs",
    "interpolate",
    "ffill",
    "bfill",
    "shift",
    "diff",
    "pct_change",
    "infer_objects",
    "convert_dtypes",
    "filter",
    "isnull",
    "notnull",
    "isna",
    "notna",
    "map",
    "applymap",
    "add_prefix",
    "add_suffix",
    "reindex_like",
    "between",
    "cumsum",
    "cumprod",
    "rank",
    "apply",
}
# methods whose result reorders or drops rows: the labels stay integers but stop equalling positions
ROW_SUBSET = {
    "dropna",
    "drop",
    "drop_duplicates",
    "sort_values",
    "sort_index",
    "sample",
    "tail",
    "query",
    "filter",
}
FRAME_NON_COLUMNS = {
    "values",
    "T",
    "index",
    "columns",
    "shape",
    "dtypes",
    "dtype",
    "size",
    "ndim",
    "empty",
    "loc",
    "iloc",
    "at",
    "iat",
    "ix",
    "str",
    "dt",
    "cat",
    "plot",
    "name",
    "array",
    "axes",
    "style",
    "attrs",
    "flags",
    "sparse",
}
NUMPY_ARRAY_FUNCS = {
    "array",
    "asarray",
    "zeros",
    "ones",
    "empty",
    "full",
    "arange",
    "linspace",
    "zeros_like",
    "ones_like",
    "concatenate",
    "vstack",
    "hstack",
    "stack",
    "column_stack",
    "where",
    "reshape",
    "eye",
    "identity",
    "loadtxt",
    "genfromtxt",
    "load",
}
ESTIMATOR_OUTPUT = {
    "fit_transform",
    "transform",
    "predict",
    "predict_proba",
    "predict_log_proba",
    "decision_function",
    "inverse_transform",
}
SPARSE = "scipy.sparse.spmatrix"
SPARSE_OUTPUT = ("CountVectorizer", "TfidfVectorizer", "HashingVectorizer", "TfidfTransformer")
KERAS_PREFIXES = ("keras.", "tensorflow.keras.", "tensorflow.python.keras.")


def _kind_of_labels(node: cst.BaseExpression) -> str | None:
    value = literal(node)
    if isinstance(value, list | tuple) and value:
        if all(isinstance(v, str) for v in value):
            return "str"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return "int"
    return None


def _is_none_or_false(value: object) -> bool:
    return value is None or value is False


def _join_index(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return None
    return "int"


class Inference:
    """Infer the type of an expression from the symbol table's current state."""

    def __init__(
        self, table: SymbolTable, resolve: Callable[[cst.BaseExpression], str | None]
    ) -> None:
        self.table = table
        self.resolve = resolve

    def __call__(self, node: cst.BaseExpression) -> TypeInfo | None:
        try:
            return self._infer(node)
        except RecursionError:  # pragma: no cover - absurdly deep expressions
            return None

    def _infer(self, node: cst.BaseExpression) -> TypeInfo | None:
        if isinstance(node, cst.Name):
            return self.table.type_of(node.value)
        if isinstance(node, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString):
            return TypeInfo("builtins.str")
        if isinstance(node, cst.Integer):
            return TypeInfo("builtins.int")
        if isinstance(node, cst.List | cst.Tuple):
            return TypeInfo("builtins.list", elem=_kind_of_labels(node))
        if isinstance(node, cst.Dict):
            return TypeInfo("builtins.dict")
        if isinstance(node, cst.Call):
            return self._call(node)
        if isinstance(node, cst.Attribute):
            return self._attribute(node)
        if isinstance(node, cst.Subscript):
            return self._subscript(node)
        if isinstance(node, cst.BinaryOperation):
            left = self._infer(node.left)
            if left is not None and (left.is_pandas or left.qname == NDARRAY):
                return left
            right = self._infer(node.right)
            if right is not None and (right.is_pandas or right.qname == NDARRAY):
                return right
        return None

    # --- calls -------------------------------------------------------------------------------

    def _call(self, node: cst.Call) -> TypeInfo | None:
        callee = self._infer(node.func) if isinstance(node.func, cst.Call | cst.Name) else None
        if callee is not None and callee.qname == KERAS_LAYER:
            return TypeInfo(KERAS_TENSOR)  # Dense(10)(x) / layer(x)
        if callee is not None and callee.qname == FUNCTION and callee.get("returns"):
            return TypeInfo(callee.get("returns") or "")
        q = self.resolve(node.func)
        if q is not None:
            found = self._function(q, node)
            if found is not None:
                return found
        if isinstance(node.func, cst.Attribute):
            receiver = self._infer(node.func.value)
            if receiver is not None:
                return self._method(receiver, node.func.attr.value, node)
        return None

    def _column_wise(self, node: cst.Call) -> bool:
        """A reduction over the rows (the default axis), without level= or positional axis."""
        if self._pos(node) or self._kw(node, "level") is not None:
            return False
        axis = self._kw(node, "axis")
        return axis is None or literal(axis.value) in (0, "index", "rows")

    def _kw(self, node: cst.Call, name: str) -> cst.Arg | None:
        for a in node.args:
            if a.keyword is not None and a.keyword.value == name:
                return a
        return None

    def _pos(self, node: cst.Call) -> list[cst.Arg]:
        return [a for a in node.args if a.keyword is None and not a.star]

    def _function(self, q: str, node: cst.Call) -> TypeInfo | None:
        module, _, name = q.rpartition(".")
        if module == "pandas":
            return self._pandas_function(name, node)
        if module == "numpy" and name in NUMPY_ARRAY_FUNCS or module == "numpy.random":
            return TypeInfo(NDARRAY)
        if module == "scipy.sparse" and name not in ("issparse", "save_npz"):
            return TypeInfo(SPARSE)
        if q.startswith(KERAS_PREFIXES):
            if name in ("Sequential", "Model", "load_model"):
                return self._keras_model(node) if name == "Sequential" else TypeInfo(KERAS_MODEL)
            if name == "Input":
                return TypeInfo(KERAS_TENSOR)
            if ".layers." in q and name[:1].isupper():
                return TypeInfo(KERAS_LAYER)
            return None
        if q in ("matplotlib.colorbar.Colorbar", "matplotlib.colorbar.ColorbarBase"):
            return TypeInfo(COLORBAR)
        if q.startswith("matplotlib.pyplot."):
            return {
                "figure": TypeInfo(FIGURE),
                "gcf": TypeInfo(FIGURE),
                "gca": TypeInfo(AXES),
                "subplot": TypeInfo(AXES),
                "axes": TypeInfo(AXES),
                "legend": TypeInfo(LEGEND),
                "colorbar": TypeInfo(COLORBAR),
            }.get(name)
        if q.startswith("torch.optim.lr_scheduler."):
            return TypeInfo(LR_SCHEDULER)
        if q.startswith("torch.optim.") and name[:1].isupper():
            return TypeInfo(OPTIMIZER)
        if q in GET_IPYTHON:
            return TypeInfo(IPYTHON_SHELL)
        if q == "xgboost.train":
            return TypeInfo("xgboost.Booster")
        if q.startswith(("sklearn.", "xgboost.", "lightgbm.", "catboost.", "imblearn.")):
            if name in ("make_pipeline",):
                return TypeInfo("sklearn.pipeline.Pipeline")
            if name[:1].isupper():
                return TypeInfo(q)
        return None

    def _pandas_function(self, name: str, node: cst.Call) -> TypeInfo | None:
        if name in PANDAS_READERS:
            if self._kw(node, "chunksize") or self._kw(node, "iterator"):
                return None
            index_col = self._kw(node, "index_col")
            index: str | None = "range"
            if index_col is not None and not _is_none_or_false(literal(index_col.value)):
                index = self._parsed_index(node, literal(index_col.value))
            columns: str | None = "str"
            header = self._kw(node, "header")
            names = self._kw(node, "names")
            if names is not None:
                columns = _kind_of_labels(names.value)
            elif header is not None and literal(header.value) is None:
                columns = "range"
            return TypeInfo(DATAFRAME, index=index, columns=columns)
        if name in PANDAS_OTHER_READERS:
            return TypeInfo(DATAFRAME)
        if name in ("date_range", "bdate_range", "DatetimeIndex"):
            return TypeInfo(DATETIME_INDEX)
        if name in ("period_range", "PeriodIndex"):
            return TypeInfo(PERIOD_INDEX)
        if name in ("DataFrame", "Series"):
            return self._constructor(DATAFRAME if name == "DataFrame" else SERIES, node)
        if name == "concat":
            return self._concat(node)
        if name == "merge":
            if any(self._kw(node, k) for k in ("left_index", "right_index")):
                return TypeInfo(DATAFRAME)
            return TypeInfo(DATAFRAME, index="range")
        if name == "get_dummies":
            pos = self._pos(node)
            data = self._kw(node, "data") or (pos[0] if pos else None)
            base = self._infer(data.value) if data is not None else None
            index = base.index if base is not None and base.is_pandas else None
            return TypeInfo(DATAFRAME, index=index, columns="str")
        return None

    def _parsed_index(self, node: cst.Call, index_col: object) -> str | None:
        """``read_csv(..., index_col='date', parse_dates=['date'])``: a DatetimeIndex."""
        parse = self._kw(node, "parse_dates")
        value = literal(parse.value) if parse is not None else None
        if value is True or (isinstance(value, list) and index_col in value):
            return "datetime"
        return None

    def _constructor(self, kind: str, node: cst.Call) -> TypeInfo:
        pos = self._pos(node)
        index_arg = self._kw(node, "index")
        if index_arg is not None or len(pos) > 1:
            given = self._infer(index_arg.value if index_arg is not None else pos[1].value)
            index = "datetime" if given is not None and given.qname == DATETIME_INDEX else None
            columns_arg = self._kw(node, "columns")
            columns = _kind_of_labels(columns_arg.value) if columns_arg is not None else None
            return TypeInfo(kind, index=index, columns=columns if kind == DATAFRAME else None)
        data_arg = self._kw(node, "data") or (pos[0] if pos else None)
        columns_arg = self._kw(node, "columns")
        index: str | None = None
        columns: str | None = None
        if data_arg is None:
            index, columns = "range", None
        else:
            data = data_arg.value
            if isinstance(data, cst.List | cst.Tuple | cst.ListComp):
                index, columns = "range", "range"
            elif isinstance(data, cst.Dict):
                index = self._dict_index(data)
                keys = [e.key for e in data.elements if isinstance(e, cst.DictElement)]
                if keys and all(isinstance(k, cst.SimpleString) for k in keys):
                    columns = "str"
                if kind == SERIES:
                    index = None  # a Series from a dict is indexed by its keys
            else:
                base = self._infer(data)
                if base is not None and base.qname == NDARRAY:
                    index, columns = "range", "range"
                elif base is not None and base.is_pandas:
                    index, columns = base.index, base.columns
        if columns_arg is not None:
            columns = _kind_of_labels(columns_arg.value)
        return TypeInfo(kind, index=index, columns=columns if kind == DATAFRAME else None)

    def _dict_index(self, data: cst.Dict) -> str | None:
        index: str | None = "range"
        for element in data.elements:
            if not isinstance(element, cst.DictElement):
                return None
            value = element.value
            if isinstance(value, cst.List | cst.Tuple | cst.ListComp):
                continue
            t = self._infer(value)
            if t is None:
                return None
            if t.qname == NDARRAY:
                continue
            if t.is_pandas:
                if t.index is None:
                    return None
                index = "int" if t.index != index else index
                continue
            if t.qname in ("builtins.int", "builtins.str"):
                continue  # a scalar broadcasts
            return None
        return index

    def _concat(self, node: cst.Call) -> TypeInfo | None:
        pos = self._pos(node)
        objs = self._kw(node, "objs") or (pos[0] if pos else None)
        if objs is None or not isinstance(objs.value, cst.List | cst.Tuple):
            return TypeInfo(DATAFRAME)
        ignore = self._kw(node, "ignore_index")
        axis = self._kw(node, "axis") or (pos[1] if len(pos) > 1 else None)
        axis_value = literal(axis.value) if axis is not None else 0
        types = [self._infer(e.value) for e in objs.value.elements]
        frames = [t for t in types if t is not None and t.is_pandas]
        if len(frames) != len(types) or not frames:
            return TypeInfo(DATAFRAME)
        columns = frames[0].columns if all(f.columns == frames[0].columns for f in frames) else None
        if axis_value in (1, "columns"):
            kinds = {f.index for f in frames}
            index = kinds.pop() if len(kinds) == 1 else None
            return TypeInfo(DATAFRAME, index=index, columns=None)
        if ignore is not None and literal(ignore.value) is True:
            return TypeInfo(DATAFRAME, index="range", columns=columns)
        index: str | None = frames[0].index
        for f in frames[1:]:
            index = _join_index(index, f.index)
        kind = SERIES if all(f.qname == SERIES for f in frames) else DATAFRAME
        return TypeInfo(kind, index=index, columns=columns if kind == DATAFRAME else None)

    def _keras_model(self, node: cst.Call) -> TypeInfo:
        info = TypeInfo(KERAS_MODEL)
        pos = self._pos(node)
        layers = self._kw(node, "layers") or (pos[0] if pos else None)
        if layers is not None and isinstance(layers.value, cst.List | cst.Tuple):
            for element in layers.value.elements:
                info = self.keras_add(info, element.value)
        return info

    def keras_add(self, info: TypeInfo, layer: cst.BaseExpression) -> TypeInfo:
        """A model's last activation after adding ``layer`` (kept for predict_classes)."""
        if not isinstance(layer, cst.Call):
            return info.with_extra("activation", "?")
        q = self.resolve(layer.func) or ""
        name = q.rpartition(".")[2]
        act = self._kw(layer, "activation")
        if name == "Activation":
            pos = self._pos(layer)
            arg = act or (pos[0] if pos else None)
            value = literal(arg.value) if arg is not None else NOT_LITERAL
            return info.with_extra("activation", value if isinstance(value, str) else "?")
        if act is not None:
            value = literal(act.value)
            return info.with_extra("activation", value if isinstance(value, str) else "?")
        if name in ("Dropout", "Flatten", "Reshape", "GaussianNoise", "ActivityRegularization"):
            return info
        if name == "Dense":
            return info.with_extra("activation", "linear")
        return info.with_extra("activation", "?")

    def _method(self, receiver: TypeInfo, name: str, node: cst.Call) -> TypeInfo | None:
        q = receiver.qname
        if q == STRING_METHODS:
            if name in STRING_PREDICATES:
                return TypeInfo(SERIES, index=receiver.index, elem="bool")
            return None
        if q == SERIES and name in SERIES_PREDICATES:
            return TypeInfo(SERIES, index=receiver.index, elem="bool")
        if q == RESAMPLER:
            if name in RESAMPLER_OUTPUT:
                return TypeInfo(
                    receiver.get("of") or DATAFRAME, index="datetime", columns=receiver.columns
                )
            return None
        if receiver.is_pandas:
            if name in ("to_numpy", "as_matrix"):
                return TypeInfo(NDARRAY)
            if name == "resample":
                return TypeInfo(RESAMPLER, columns=receiver.columns).with_extra("of", q)
            if name == "reset_index":
                drop = self._kw(node, "drop")
                keep_cols = drop is not None and literal(drop.value) is True
                if q == SERIES and not keep_cols:
                    return TypeInfo(DATAFRAME, index="range")
                return TypeInfo(q, index="range", columns=receiver.columns if keep_cols else None)
            if name == "to_frame":
                columns = (
                    "str"
                    if node.args and isinstance(node.args[0].value, cst.SimpleString)
                    else None
                )
                return TypeInfo(DATAFRAME, index=receiver.index, columns=columns)
            if q == DATAFRAME and name in FRAME_REDUCTIONS and self._column_wise(node):
                # one value per column: a Series indexed by the column labels
                return TypeInfo(SERIES, index="range" if receiver.columns == "range" else None)
            if name in ROW_PRESERVING:
                if name == "apply" and q == DATAFRAME:
                    pos = self._pos(node)
                    func = self.resolve(pos[0].value) if len(node.args) == 1 and pos else None
                    if func in ELEMENTWISE:  # df.apply(np.log): same frame, new values
                        return TypeInfo(DATAFRAME, index=receiver.index, columns=receiver.columns)
                    return None
                index = receiver.index
                if name in ROW_SUBSET and index == "range":
                    index = "int"
                if name == "drop" and (self._kw(node, "index") or self._kw(node, "labels")):
                    index = "int" if index == "range" else index
                return TypeInfo(q, index=index, columns=receiver.columns)
            if name == "reindex":  # the same kind; its rows (and columns) are those asked for
                return TypeInfo(q)
            if name in ("merge",):
                if any(self._kw(node, k) for k in ("left_index", "right_index")):
                    return TypeInfo(DATAFRAME)
                return TypeInfo(DATAFRAME, index="range")
            if name == "join":
                return TypeInfo(DATAFRAME, index=receiver.index)
            if name == "append":
                ignore = self._kw(node, "ignore_index")
                if ignore is not None and literal(ignore.value) is True:
                    return TypeInfo(q, index="range", columns=receiver.columns)
                return TypeInfo(q, index=_join_index(receiver.index, "int"))
            return None
        if q == NDARRAY:
            if name in (
                "reshape",
                "astype",
                "ravel",
                "flatten",
                "copy",
                "transpose",
                "squeeze",
                "clip",
                "round",
            ):
                return TypeInfo(NDARRAY)
            return None
        if q.startswith(("sklearn.", "xgboost.", "lightgbm.", "catboost.", "imblearn.")):
            if name == "fit":
                return receiver
            if name in ("fit_transform", "transform") and q.endswith(SPARSE_OUTPUT):
                return TypeInfo(SPARSE)
            if name in ESTIMATOR_OUTPUT:
                return TypeInfo(NDARRAY)
            return None
        if q == KERAS_MODEL:
            if name in ("fit", "fit_generator"):
                return TypeInfo(HISTORY)
            if name.startswith("predict"):
                return TypeInfo(NDARRAY)
            return None
        if q == FIGURE and name in ("add_subplot", "gca", "add_axes"):
            return TypeInfo(AXES)
        if q == FIGURE and name == "colorbar":
            return TypeInfo(COLORBAR)
        if q == AXES:
            if name == "legend":
                return TypeInfo(LEGEND)
            if name in ("twinx", "twiny"):
                return TypeInfo(AXES)
        return None

    # --- attributes and subscripts -----------------------------------------------------------

    def _attribute(self, node: cst.Attribute) -> TypeInfo | None:
        receiver = self._infer(node.value)
        if receiver is None:
            return None
        name = node.attr.value
        if receiver.is_pandas:
            if name == "values":
                return TypeInfo(NDARRAY)
            if name == "T":
                return TypeInfo(DATAFRAME)
            if name == "str" and receiver.qname == SERIES:
                return TypeInfo(STRING_METHODS, index=receiver.index)
            if receiver.qname == DATAFRAME and name not in FRAME_NON_COLUMNS:
                return TypeInfo(SERIES, index=receiver.index)
            return None
        if receiver.qname == NDARRAY and name == "T":
            return receiver
        return None

    def _subscript(self, node: cst.Subscript) -> TypeInfo | None:
        value = node.value
        if isinstance(value, cst.Attribute) and value.attr.value in ("loc", "iloc"):
            base = self._infer(value.value)
            if base is None or not base.is_pandas:
                return None
            first = node.slice[0].slice
            if not isinstance(first, cst.Slice):
                return None
            index = base.index
            if index == "range" and (first.lower or first.upper or first.step):
                index = "int"
            if len(node.slice) > 1:
                col = node.slice[1].slice
                if isinstance(col, cst.Index) and isinstance(col.value, cst.SimpleString):
                    return TypeInfo(SERIES, index=index)
            if base.qname == SERIES:
                return TypeInfo(SERIES, index=index)
            return TypeInfo(DATAFRAME, index=index, columns=base.columns)
        base = self._infer(value)
        if base is None:
            return None
        if base.qname == NDARRAY:
            return base
        if base.qname == DATAFRAME and len(node.slice) == 1:
            key = node.slice[0].slice
            index = base.index
            if isinstance(key, cst.Slice):
                if index == "range" and (key.lower or key.step):
                    index = "int"
                return TypeInfo(DATAFRAME, index=index, columns=base.columns)
            if not isinstance(key, cst.Index):
                return None
            key_type = self._infer(key.value)
            if isinstance(key.value, cst.SimpleString) or (
                key_type is not None and key_type.qname == "builtins.str"
            ):
                return TypeInfo(SERIES, index=index)
            if key_type is not None and key_type.qname == "builtins.list":
                return TypeInfo(DATAFRAME, index=index, columns=base.columns)
            # a boolean mask (or something unproven) keeps integer labels but not positions
            return TypeInfo(DATAFRAME, index="int" if index else None, columns=base.columns)
        return None

    # --- several targets ---------------------------------------------------------------------

    def unpack(self, node: cst.BaseExpression, count: int) -> list[TypeInfo | None]:
        """Types of ``a, b, ... = node`` for calls that return a known tuple."""
        unknown: list[TypeInfo | None] = [None] * count
        if not isinstance(node, cst.Call):
            return unknown
        q = self.resolve(node.func) or ""
        name = q.rpartition(".")[2]
        if name == "train_test_split" and q.startswith("sklearn."):
            inputs = [self._infer(a.value) for a in self._pos(node)]
            if len(inputs) * 2 != count:
                return unknown
            out: list[TypeInfo | None] = []
            for t in inputs:
                if t is not None and t.is_pandas:
                    t = TypeInfo(t.qname, index="int" if t.index else None, columns=t.columns)
                out.extend([t, t])
            return out
        if q == "matplotlib.pyplot.subplots" and count == 2:
            grid = self._pos(node)[:2] + [
                a for a in node.args if a.keyword and a.keyword.value in ("nrows", "ncols")
            ]
            single = all(literal(a.value) == 1 for a in grid)
            return [TypeInfo(FIGURE), TypeInfo(AXES) if single else None]
        return unknown
