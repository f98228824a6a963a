"""NumPy: removed aliases and functions (1.12 → 2.5), changed keywords, NEP 50 (catalogue §1);
the announced changes they answer are listed beside this module (numpy.coverage.toml)."""

from __future__ import annotations

import math
import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    no_attribute,
    object_no_attribute,
    pin_default,
    qualify,
    renames,
    report,
    unexpected_kwarg,
)
from ..matchers import (
    DEFAULT_FIX,
    MISSING,
    NOT_LITERAL,
    Call,
    Node,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import REVIEW, SAFE, SAFE_IF, Proof, Rule
from ..symbols import DATAFRAME, NDARRAY, SERIES

LIB = "numpy"

# setups the rules' proofs share
_CASE_CSV = (
    "import io\nimport numpy as np\ntext = 'Sepal,Name\\n5.1,Iris-setosa\\n4.9,Iris-virginica\\n'\n"
)
SOURCE = "release-notes"  # the rules read off the release notes and migration guide


def gone(names: Any) -> tuple[str, ...]:
    """The ways a removed numpy name fails: plain AttributeError, NumPy 2's "`np.x` was removed"
    message, and ``from numpy import x``."""
    names = list(names)
    alt = "|".join(re.escape(n) for n in names)
    return (
        no_attribute("numpy", names),
        rf"`np\.({alt})` was removed",
        cannot_import(names, "numpy"),
    )


BUILTIN_ALIASES = {
    "float": "builtins.float",
    "int": "builtins.int",
    "complex": "builtins.complex",
    "object": "builtins.object",
    "str": "builtins.str",
    "unicode": "builtins.str",
    "long": "builtins.int",
}
ZERO_ALIASES = {
    "int0": "intp",
    "uint0": "uintp",
    "bool8": "bool_",
    "object0": "object_",
    "str0": "str_",
    "bytes0": "bytes_",
    "void0": "void",
}
TYPE_ALIASES = {
    "float_": "float64",
    "complex_": "complex128",
    "cfloat": "complex128",
    "longfloat": "longdouble",
    "singlecomplex": "complex64",
    "longcomplex": "clongdouble",
    "clongfloat": "clongdouble",
}
FUNC_ALIASES = {
    "product": "prod",
    "cumproduct": "cumprod",
    "sometrue": "any",
    "alltrue": "all",
    "round_": "round",
}


def _np_bool(site: Site) -> Outcome | None:
    """``np.bool`` is exactly ``bool`` where it names a dtype; ``isinstance`` wants np.bool_."""
    call, arg = site.context if site.context else (None, None)
    as_dtype = False
    if call is not None and arg is not None:
        func = call.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        callee = site.resolve(func) or ""
        if arg.keyword is not None:
            as_dtype = arg.keyword.value == "dtype"
        elif (
            method in ("astype", "view") or callee.startswith("numpy.") and arg is not call.args[0]
        ):
            as_dtype = True
    if as_dtype:
        return Outcome(fix=lambda node, refs: cst.Name("bool"))
    return Outcome(
        fix=lambda node, refs: (
            edits.rename_attr(node, "bool_") if isinstance(node, cst.Attribute) else node
        ),
        proven=False,
        message="np.bool was removed in 1.24 (back in 2.0 as the numpy bool); outside a dtype "
        "argument use np.bool_",
    )


def _asscalar(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return Outcome(fix=None)
    return Outcome(
        fix=lambda node, refs: edits.method_call(edits.paren(node.args[0].value), "item")
    )


def _alen(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return Outcome(fix=None)
    t = site.infer(pos[0].value)
    proven = t is not None and t.qname in (NDARRAY, DATAFRAME, SERIES, "builtins.list")
    return Outcome(
        fix=lambda node, refs: cst.Call(
            func=cst.Name("len"), args=[edits.strip_comma(node.args[0])]
        ),
        proven=proven,
    )


def _keep_callee(new: str) -> Any:
    """Rename the called function, keeping how the module is spelled (``np.x`` → ``np.y``)."""

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        if isinstance(func, cst.Attribute):
            return node.with_changes(func=edits.rename_attr(func, new))
        return node.with_changes(func=refs[f"numpy.{new}"])

    return fix


def _in1d(site: Site) -> Outcome | None:
    callee = _keep_callee("isin")
    return Outcome(
        fix=lambda node, refs: edits.method_call(callee(node, refs), "ravel"),
        needs=() if isinstance(site.node.func, cst.Attribute) else ("numpy.isin",),
    )


def _array_copy_false(site: Site) -> Outcome | None:
    if site.value("copy") is not False:
        return None
    callee = _keep_callee("asarray")

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.drop_kwargs(callee(node, refs), "copy")

    return Outcome(
        fix=fix, needs=() if isinstance(site.node.func, cst.Attribute) else ("numpy.asarray",)
    )


def _ragged(site: Site) -> Outcome | None:
    pos = site.positional()
    if site.kwarg("dtype") is not None or len(pos) != 1:
        return None
    value = pos[0].value
    if not isinstance(value, cst.List | cst.Tuple):
        return None
    lengths = set()
    for e in value.elements:
        if not isinstance(e.value, cst.List | cst.Tuple):
            return None
        lengths.add(len(e.value.elements))
    if len(lengths) < 2:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("dtype", cst.Name("object"))])
    )


def _float_of_array(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return None
    value = pos[0].value
    t = site.infer(value)
    if t is not None and t.qname == NDARRAY:

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            inner = edits.method_call(edits.paren(node.args[0].value), "item")
            return node.with_changes(args=[node.args[0].with_changes(value=inner)])

        return Outcome(fix=fix)
    # an element of something inference does not follow (np.matrix arithmetic, loadmat):
    # np.asarray(v).item() is v itself for numbers and strings, and the scalar of a size-1
    # array, so it is proposed once the error shows a size-1 array reached float()/int()
    if t is not None or not isinstance(value, cst.Subscript) or literal(value) is not NOT_LITERAL:
        return None
    base = site.infer(value.value)
    if base is not None and base.qname != NDARRAY:
        return None
    if any(isinstance(getattr(e.slice, "value", None), cst.SimpleString) for e in value.slice):
        return None

    def fix_unproven(node: cst.Call, refs: Any) -> cst.Call:
        array = cst.Call(func=refs["numpy.asarray"], args=[cst.Arg(node.args[0].value)])
        inner = edits.method_call(array, "item")
        return node.with_changes(args=[node.args[0].with_changes(value=inner)])

    return Outcome(fix=fix_unproven, proven=False, needs=("numpy.asarray",))


# a printf conversion: "%(key)s", "%-8.3f", "%d", "%%"; the type letter last
_CONVERSION = re.compile(r"%(\([^)]*\))?[#0 +-]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([a-zA-Z%])")
_NUMERIC = set("diouxXeEfFgG")


def _format_of_array(site: Site) -> Outcome | None:
    """``"%.3f" % arr``: a numeric conversion takes ``float(arr)``, which raises for a size-1
    array of ndim > 0 since 2.4 as ``float(arr)`` does; ``arr.item()`` is what it took. Only
    operands proven to be arrays (a number has no ``.item()``); ``%s`` takes ``str(arr)``."""
    node = site.node
    if not isinstance(node.operator, cst.Modulo):
        return None
    fmt = literal(node.left)
    if not isinstance(fmt, str):
        return None
    conversions = []
    for m in _CONVERSION.finditer(fmt):
        if m.group(4) == "%":
            continue
        if m.group(1) or "*" in (m.group(2) or "") + (m.group(3) or ""):
            return None  # a mapping, or a width taken from the operands
        conversions.append(m.group(4))
    right = node.right
    items = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
    if len(items) != len(conversions):
        return None
    arrays = [
        i
        for i, (item, kind) in enumerate(zip(items, conversions, strict=True))
        if kind in _NUMERIC and (t := site.infer(item)) is not None and t.qname == NDARRAY
    ]
    if not arrays:
        return None

    def fix(node: cst.BinaryOperation, refs: Any) -> cst.BinaryOperation:
        def scalar(value: cst.BaseExpression) -> cst.BaseExpression:
            return edits.method_call(edits.paren(value), "item")

        right = node.right
        if not isinstance(right, cst.Tuple):
            return node.with_changes(right=scalar(right))
        elements = [
            e.with_changes(value=scalar(e.value)) if i in arrays else e
            for i, e in enumerate(right.elements)
        ]
        return node.with_changes(right=right.with_changes(elements=elements))

    return Outcome(fix=fix)


def _sum_generator(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(site.args) != 1 or len(pos) != 1 or not isinstance(pos[0].value, cst.GeneratorExp):
        return None
    return Outcome(fix=lambda node, refs: node.with_changes(func=cst.Name("sum")))


def _find_common_type(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 2 or len(site.args) != 2:
        return Outcome(fix=None)
    if not all(isinstance(a.value, cst.List | cst.Tuple) for a in pos):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        items = [e.value for a in node.args for e in a.value.elements]  # type: ignore[attr-defined]
        args = [cst.Arg(value=v) for v in items]
        args = [
            a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]
        ] + args[-1:]
        return _keep_callee("result_type")(node, refs).with_changes(args=args)

    return Outcome(fix=fix, needs=("numpy.result_type",))


def _cast(site: Site) -> Outcome | None:
    func = site.node.func
    if not isinstance(func, cst.Subscript) or len(site.args) != 1 or len(func.slice) != 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        sub = node.func
        dtype = sub.slice[0].slice.value  # type: ignore[attr-defined]
        return cst.Call(
            func=refs["numpy.asarray"],
            args=[
                node.args[0].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                ),
                edits.kwarg("dtype", dtype),
            ],
        )

    return Outcome(fix=fix, needs=("numpy.asarray",))


def _asfarray(site: Site) -> Outcome | None:
    if len(site.positional()) != 1 or site.kwarg("dtype") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = _keep_callee("asarray")(node, refs)
        return edits.add_args(node, [edits.kwarg("dtype", cst.Name("float"))])

    return Outcome(fix=fix, needs=("numpy.asarray",))


def _histogram_normed(site: Site) -> Outcome | None:
    if site.kwarg("normed") is None or site.kwarg("density") is not None:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "normed", "density"))


def _overflow(site: Site) -> Outcome | None:
    value = site.value("x", 0)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    name = (site.qname or "").rpartition(".")[2]
    bits = int(name.lstrip("uint")) if name.lstrip("uint").isdigit() else 0
    unsigned = name.startswith("u")
    low, high = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    if low <= value <= high:
        return None
    return Outcome(fix=None)


SMALL_FLOATS = qualify("numpy", ["float32", "float16"])


def _float32_scalar(site: Site) -> Outcome | None:
    return None if site.value("x", 0) is MISSING else Outcome(fix=None)


# --- float indices (numpy < 1.12 truncated them; Python 2's / on ints gave ints) ----------------


def _divides(node: cst.BaseExpression) -> bool:
    """An index computed with true division (a float in Python 3)."""
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Divide):
            return True
        return _divides(node.left) or _divides(node.right)
    return False


def _float_index(site: Site) -> Outcome | None:
    node: cst.Subscript = site.node
    t = site.infer(node.value)
    if t is not None and t.qname != NDARRAY:
        return None
    keys = [e.slice for e in node.slice]
    items: list[cst.BaseExpression] = []
    for key in keys:
        if not isinstance(key, cst.Index):
            return None
        value = key.value
        if isinstance(value, cst.List | cst.Tuple):
            items.extend(e.value for e in value.elements)
        else:
            items.append(value)
    if not any(_divides(v) for v in items):
        return None

    def to_int(value: cst.BaseExpression) -> cst.BaseExpression:
        if not _divides(value):
            return value
        return cst.Call(func=cst.Name("int"), args=[cst.Arg(value)])

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        elements = []
        for e in n.slice:
            v = e.slice.value
            if isinstance(v, cst.List | cst.Tuple):
                v = v.with_changes(
                    elements=[x.with_changes(value=to_int(x.value)) for x in v.elements]
                )
            else:
                v = to_int(v)
            elements.append(e.with_changes(slice=e.slice.with_changes(value=v)))
        return n.with_changes(slice=elements)

    return Outcome(fix=fix, proven=False)  # only once numpy refused the float index


# --- removed in 1.x and 2.x, with a one-line replacement ----------------------------------------


def _msort(site: Site) -> Outcome | None:
    if len(site.positional()) != 1 or len(site.args) != 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = _keep_callee("sort")(node, refs)
        return edits.add_args(node, [edits.kwarg("axis", cst.Integer("0"))])

    return Outcome(
        fix=fix, needs=() if isinstance(site.node.func, cst.Attribute) else ("numpy.sort",)
    )


def _fromstring(site: Site) -> Outcome | None:
    """``np.fromstring(data, dtype)`` without ``sep`` read bytes (binary mode); frombuffer does,
    and ``.copy()`` gives the writable array fromstring made."""
    pos = site.positional()
    if site.has_star() or len(pos) > 3:
        return None
    sep = site.value("sep")
    if sep is not MISSING and sep != "":
        return None  # text mode: still there
    if not pos or any(a.keyword is not None and a.keyword.value == "string" for a in site.args):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(_keep_callee("frombuffer")(node, refs), "sep")
        return edits.method_call(node, "copy")

    return Outcome(
        fix=fix,
        outer=True,
        needs=() if isinstance(site.node.func, cst.Attribute) else ("numpy.frombuffer",),
    )


def _module_function(site: Site) -> bool:
    """``etree.tostring(x)``, ``np.ptp(a)``: a function of some module, not an array method."""
    func = site.node.func
    return isinstance(func, cst.Attribute) and site.resolve(func) is not None


def _tostring(site: Site) -> Outcome | None:
    if _module_function(site):
        return None
    return Outcome(fix=lambda node, refs: edits.rename_method(node, "tobytes"), proven=site.proven)


def _itemset(site: Site) -> Outcome | None:
    """``a.itemset((i, j), v)`` / ``a.itemset(i, j, v)`` as a statement → ``a[i, j] = v``; one
    integer is a flat index (``a.flat[i] = v``)."""
    if _module_function(site):
        return None
    pos = site.positional()
    if len(pos) != len(site.args) or len(pos) < 2 or not site.extra.get("statement"):
        return Outcome(fix=None, proven=site.proven)
    index = [a.value for a in pos[:-1]]
    flat = False
    if len(index) == 1:
        key = index[0]
        if isinstance(key, cst.Tuple) and key.elements:
            index = [e.value for e in key.elements]
        elif isinstance(literal(key), int) and not isinstance(literal(key), bool):
            flat = True
        else:
            return Outcome(fix=None, proven=site.proven)  # an int or a tuple? not known here

    def fix(node: cst.Call, refs: Any) -> cst.Assign:
        func = node.func
        assert isinstance(func, cst.Attribute)
        args = [a.value for a in node.args]
        keys = args[:-1]
        if len(keys) == 1 and isinstance(keys[0], cst.Tuple):
            keys = [e.value for e in keys[0].elements]
        base = cst.Attribute(value=func.value, attr=cst.Name("flat")) if flat else func.value
        elements = [
            cst.SubscriptElement(
                slice=cst.Index(k),
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                if i < len(keys) - 1
                else cst.MaybeSentinel.DEFAULT,
            )
            for i, k in enumerate(keys)
        ]
        target = cst.Subscript(value=base, slice=elements)
        return cst.Assign(targets=[cst.AssignTarget(target=target)], value=args[-1])

    return Outcome(fix=fix, proven=site.proven)


def _ptp(site: Site) -> Outcome | None:
    if _module_function(site):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        first = cst.Arg(
            value=func.value,
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            if node.args
            else cst.MaybeSentinel.DEFAULT,
        )
        return cst.Call(func=refs["numpy.ptp"], args=[first, *node.args])

    return Outcome(fix=fix, proven=site.proven, needs=("numpy.ptp",))


def _pure(node: cst.BaseExpression) -> bool:
    """An expression that reads the same thing when evaluated twice (names, attributes, literal
    subscripts)."""
    if isinstance(node, cst.Name):
        return True
    if isinstance(node, cst.Attribute):
        return _pure(node.value)
    if isinstance(node, cst.Subscript):
        return _pure(node.value) and all(
            isinstance(e.slice, cst.Index)
            and (literal(e.slice.value) is not NOT_LITERAL or isinstance(e.slice.value, cst.Name))
            for e in node.slice
        )
    return False


def _byteswapped(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``d`` of ``d.byteswap()`` (byteswap keeps the dtype)."""
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "byteswap"
        and not node.args
    ):
        return node.func.value
    return None


def _newbyteorder(site: Site) -> Outcome | None:
    """``a.newbyteorder(order)`` → ``a.view(a.dtype.newbyteorder(order))``; the FITS idiom
    ``d.byteswap().newbyteorder()`` takes its dtype from ``d``."""
    if _module_function(site):
        return None
    receiver = site.node.func.value
    if isinstance(receiver, cst.Attribute) and receiver.attr.value == "dtype":
        return None  # dtype.newbyteorder is still there
    source = _byteswapped(receiver) or receiver
    if not _pure(source) or site.has_star():
        return Outcome(fix=None, proven=site.proven)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        func = node.func
        assert isinstance(func, cst.Attribute)
        recv = func.value
        dtype = cst.Attribute(value=_byteswapped(recv) or recv, attr=cst.Name("dtype"))
        order = edits.method_call(dtype, "newbyteorder", [edits.strip_comma(a) for a in node.args])
        return edits.method_call(recv, "view", [cst.Arg(order)])

    return Outcome(fix=fix, proven=site.proven)


STACKING = qualify("numpy", ["stack", "vstack", "hstack", "dstack", "column_stack", "row_stack"])
VIEWS = ("values", "keys", "items")


def _stack_sequence(site: Site) -> Outcome | None:
    """``np.vstack(f(x) for x in xs)``, ``np.hstack(map(f, xs))``, ``np.vstack(d.values())``:
    an iterator, no longer a sequence (1.25): a list of the same items."""
    pos = site.positional()
    if not pos or site.kwarg("tup") is not None or site.kwarg("arrays") is not None:
        return None
    value = pos[0].value
    if isinstance(value, cst.GeneratorExp):

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            gen = node.args[0].value
            comp = cst.ListComp(elt=gen.elt, for_in=gen.for_in)
            return node.with_changes(args=[node.args[0].with_changes(value=comp), *node.args[1:]])

        return Outcome(fix=fix)
    if not isinstance(value, cst.Call):
        return None
    callee = site.resolve(value.func)
    view = (
        isinstance(value.func, cst.Attribute)
        and value.func.attr.value in VIEWS
        and not value.args
        and callee is None
    )
    iterators = ("builtins.map", "builtins.filter", "builtins.zip", "builtins.reversed")
    if callee not in iterators and not view:
        return None

    def wrap(node: cst.Call, refs: Any) -> cst.Call:
        first = node.args[0]
        listed = cst.Call(func=cst.Name("list"), args=[cst.Arg(first.value)])
        return node.with_changes(args=[first.with_changes(value=listed), *node.args[1:]])

    return Outcome(fix=wrap)


def _recfrom(csv: bool) -> Any:
    """``np.recfromcsv(f, **kw)`` was ``np.genfromtxt(f, **defaults, **kw).view(np.recarray)``."""
    defaults = (
        [("delimiter", "','"), ("names", "True"), ("dtype", "None"), ("case_sensitive", "'lower'")]
        if csv
        else [("dtype", "None")]
    )

    def check(site: Site) -> Outcome | None:
        if site.has_star() or len(site.positional()) != 1 or site.kwarg("usemask") is not None:
            return Outcome(fix=None)
        missing = [(k, v) for k, v in defaults if site.kwarg(k) is None]

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            node = _keep_callee("genfromtxt")(node, refs)
            node = edits.add_args(node, [edits.kwarg(k, edits.expr(v)) for k, v in missing])
            return edits.method_call(node, "view", [cst.Arg(refs["numpy.recarray"])])

        needs = ("numpy.recarray",)
        if not isinstance(site.node.func, cst.Attribute):
            needs += ("numpy.genfromtxt",)
        return Outcome(fix=fix, needs=needs, outer=True)

    return check


def _mafromtxt(site: Site) -> Outcome | None:
    if site.kwarg("usemask") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = _keep_callee("genfromtxt")(node, refs)
        return edits.add_args(node, [edits.kwarg("usemask", cst.Name("True"))])

    return Outcome(
        fix=fix, needs=() if isinstance(site.node.func, cst.Attribute) else ("numpy.genfromtxt",)
    )


FINANCIAL = ["fv", "ipmt", "irr", "mirr", "nper", "npv", "pmt", "ppmt", "pv", "rate"]
MOVED_2_0 = {
    "DataSource": "numpy.lib.npyio.DataSource",
    "byte_bounds": "numpy.lib.array_utils.byte_bounds",
    "compare_chararrays": "numpy.char.compare_chararrays",
    "format_parser": "numpy.rec.format_parser",
}


def _one_arg(build: Any, needs: tuple[str, ...] = (), proven: bool = True) -> Any:
    """A call of one positional argument rewritten by ``build(arg, refs)``."""

    def check(site: Site) -> Outcome | None:
        if len(site.positional()) != 1 or len(site.args) != 1:
            return Outcome(fix=None)
        return Outcome(
            fix=lambda node, refs: build(node.args[0].value, refs), needs=needs, proven=proven
        )

    return check


def _dtype_of(attr: str) -> Any:
    return lambda value, refs: cst.Attribute(
        value=cst.Call(func=refs["numpy.dtype"], args=[cst.Arg(value)]), attr=cst.Name(attr)
    )


def _nbytes(site: Site) -> Outcome | None:
    node: cst.Subscript = site.node
    if site.resolve(node.value) != "numpy.nbytes" or len(node.slice) != 1:
        return None
    if not isinstance(node.slice[0].slice, cst.Index):
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Attribute:
        key = n.slice[0].slice.value  # type: ignore[attr-defined]
        return _dtype_of("itemsize")(key, refs)

    return Outcome(fix=fix, needs=("numpy.dtype",))


# --- printing: what the author's numpy showed ------------------------------------------------

_NUMBER = r"-?(?:\d+\.?\d*(?:e[-+]?\d+)?|nan|inf)"
_SCALARS = re.compile(rf"^(?:{_NUMBER}|[(\[]{_NUMBER}(?:, {_NUMBER})*,?[)\]])$")
_ELEMENT = re.compile(r"(\[|, )( *)(-?(?:\d+\.\d*|\d*\.\d+)(?:e[-+]?\d+)?|nan|inf)(?=[,\]])")
REDUCTIONS = frozenset(
    ["mean", "sum", "std", "var", "max", "min", "prod", "dot", "trace", "argmax", "argmin"]
)


def _printed_113(text: str) -> bool:
    """A float array as numpy < 1.14 printed it: every positive float padded for a sign
    (``array([ 0.1,  0.2])``); numpy 1.14 pads only to align the columns, so its widest element
    has no pad (``array([0.1, 0.2])``)."""
    text = text.strip()
    if not text.startswith("array([") or re.search(r"[\[,]\s*-", text):
        return False
    elements = _ELEMENT.findall(text)
    return bool(elements) and all(len(pad) >= 1 for _, pad, _ in elements)


def _legacy_113(site: Site) -> Outcome | None:
    if not _printed_113(str(site.facts.get("cell_result", ""))):
        return None
    return Outcome(fix=lambda n, refs: n, prelude="numpy.set_printoptions(legacy='1.13')")


def _numpy_scalar(node: cst.BaseExpression, site: Site) -> bool:
    """An expression whose value is a numpy scalar: a numpy function's result, a reduction
    method's (``x.mean()``), or arithmetic on one."""
    if isinstance(node, cst.BinaryOperation):
        return _numpy_scalar(node.left, site) or _numpy_scalar(node.right, site)
    if isinstance(node, cst.UnaryOperation):
        return _numpy_scalar(node.expression, site)
    if not isinstance(node, cst.Call):
        return False
    callee = site.resolve(node.func) or ""
    if callee.startswith("numpy."):
        return True
    func = node.func
    return isinstance(func, cst.Attribute) and not callee and func.attr.value in REDUCTIONS


def _legacy_125(site: Site) -> Outcome | None:
    module: cst.Module = site.node
    if not _SCALARS.match(str(site.facts.get("cell_result", "")).strip()) or not module.body:
        return None
    last = module.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1):
        return None
    shown = last.body[0]
    if not isinstance(shown, cst.Expr) or not _numpy_scalar(shown.value, site):
        return None
    return Outcome(fix=lambda n, refs: n, prelude="numpy.set_printoptions(legacy='1.25')")


# --- reading text files ------------------------------------------------------------------------


def _converters_bytes(site: Site) -> Outcome | None:
    """Converters got bytes before numpy 2.0 (encoding='bytes' was the default for them)."""
    if site.kwarg("converters") is None or site.kwarg("encoding") is not None:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("encoding", cst.SimpleString("'bytes'"))]
        )
    )


INT_DTYPES = frozenset(
    ["builtins.int", "numpy.int_", "numpy.int64", "numpy.int32", "numpy.intp", "numpy.int"]
)


def _loadtxt_int(site: Site) -> Outcome | None:
    """``np.loadtxt(f, dtype=int)`` of ``1.0``: numpy < 2.3 parsed the float and truncated it."""
    arg = site.kwarg("dtype")
    pos = site.positional()
    if arg is None and len(pos) == 2:
        arg = pos[1]  # the last positional argument: dropping it moves no other
    if arg is None or site.kwarg("converters") is not None or site.has_star():
        return None
    value = literal(arg.value)
    if value is NOT_LITERAL:
        if site.resolve(arg.value) not in INT_DTYPES:
            return None
    elif value not in ("int", "int64", "int32", "i4", "i8"):
        return None
    keyword = site.kwarg("dtype") is not None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if keyword:
            i = edits.find_kwarg(node, "dtype")
        else:
            i = [k for k, a in enumerate(node.args) if a.keyword is None][1]
        assert i is not None
        dtype = node.args[i].value
        call = edits.drop_arg(node, i)
        return edits.method_call(call, "astype", [cst.Arg(dtype)])

    return Outcome(fix=fix, outer=True)


# --- loading pickles (allow_pickle defaults to False since 1.16.3) ------------------------------


def _load_pickle(site: Site) -> Outcome | None:
    """``np.load(f)`` of an object array or a pickle: allow_pickle=True was the default before
    1.16.3 (CVE-2019-6446); only once numpy refused the notebook's own file."""
    if site.kwarg("allow_pickle") is not None or len(site.positional()) > 2 or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("allow_pickle", cst.Name("True"))]
        ),
        proven=False,
    )


# --- counts and sizes that are floats (numpy < 1.12 / 1.18 truncated them with int()) -----------


def _int_valued(node: cst.BaseExpression, site: Site) -> bool:
    """An expression proven to be a Python int: an integer literal, ``len(...)``, an element of
    ``.shape``, a name bound to an int, or +, -, *, //, % of those."""
    if isinstance(node, cst.Integer):
        return True
    if isinstance(node, cst.BinaryOperation):
        ops = cst.Add | cst.Subtract | cst.Multiply | cst.FloorDivide | cst.Modulo
        return (
            isinstance(node.operator, ops)
            and _int_valued(node.left, site)
            and _int_valued(node.right, site)
        )
    if isinstance(node, cst.Call):
        return site.resolve(node.func) == "builtins.len"
    if isinstance(node, cst.Subscript):
        value = node.value
        return isinstance(value, cst.Attribute) and value.attr.value == "shape"
    if isinstance(node, cst.Name):
        t = site.infer(node)
        return t is not None and t.qname == "builtins.int"
    return False


def _true_division(node: cst.BaseExpression, site: Site) -> bool:
    """``a / b`` of two ints: a float in Python 3 (an int in Python 2)."""
    return (
        isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, cst.Divide)
        and _int_valued(node.left, site)
        and _int_valued(node.right, site)
    )


def _int_of(value: cst.BaseExpression) -> cst.BaseExpression:
    """``int(value)``; a float literal becomes the integer int() gave."""
    number = literal(value)
    if isinstance(number, float) and math.isfinite(number):
        return edits.to_node(int(number))
    return cst.Call(func=cst.Name("int"), args=[cst.Arg(value)])


FLOAT_RESULTS = frozenset(
    [
        "builtins.float",
        *qualify("numpy", ["ceil", "floor", "rint", "trunc", "round", "around", "sqrt", "log"]),
        *qualify("numpy", ["log2", "log10", "exp", "float64", "float32"]),
    ]
)


def _float_count(node: cst.BaseExpression, site: Site) -> bool | None:
    """True: ``node`` is a float (a float literal, a division of ints, np.ceil(...)); None: a
    division of what inference does not type (a float for numbers); False: anything else,
    left as it is."""
    if isinstance(literal(node), float):
        return True
    if isinstance(node, cst.Call) and site.resolve(node.func) in FLOAT_RESULTS:
        return True
    if _true_division(node, site):
        return True
    return None if _divides(node) else False


def _linspace_num(site: Site) -> Outcome | None:
    """``np.linspace(a, b, n / 2)``: numpy < 1.18 took int(num) (deprecated since 1.12)."""
    if site.has_star():
        return None
    keyword = site.kwarg("num") is not None
    pos = site.positional()
    arg = site.kwarg("num") or (pos[2] if len(pos) > 2 else None)
    if arg is None:
        return None
    kind = _float_count(arg.value, site)
    if kind is False:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if keyword:
            return edits.map_kwarg_value(node, "num", _int_of)
        i = [k for k, a in enumerate(node.args) if a.keyword is None][2]
        args = list(node.args)
        args[i] = args[i].with_changes(value=_int_of(args[i].value))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=kind is True)


# where a numpy function takes a shape or a size: (position, keyword)
SIZE_ARGS = {
    **{f"numpy.{f}": (0, "shape") for f in ("zeros", "ones", "empty", "full")},
    "numpy.reshape": (1, "shape"),
    "numpy.eye": (0, "N"),
    "numpy.identity": (0, "n"),
}
RANDOM_DIMS = qualify("numpy.random", ["rand", "randn"])


def _float_sizes(site: Site) -> Outcome | None:
    """``np.zeros(n / 2)``, ``a.reshape(-1, w / 2)``, ``np.random.rand(n / 2)``: numpy < 1.12
    truncated a float size with int() (deprecated since 1.11); an int size is what it used."""
    if site.has_star():
        return None
    pos = site.positional()
    if site.qname in SIZE_ARGS:
        position, keyword = SIZE_ARGS[site.qname]
        arg = site.kwarg(keyword) or (pos[position] if len(pos) > position else None)
        targets = [arg] if arg is not None else []
    elif site.qname in RANDOM_DIMS or site.qname is None:  # a.reshape(...) method
        targets = [*pos, *([site.kwarg("shape")] if site.kwarg("shape") else [])]
    else:
        return None
    kinds: list[bool | None] = []
    for arg in targets:
        value = arg.value
        items = (
            [e.value for e in value.elements]
            if isinstance(value, cst.Tuple | cst.List)
            else [value]
        )
        kinds.extend(_float_count(v, site) for v in items)
    if not any(k is not False for k in kinds):
        return None
    proven = site.proven and all(k is not None for k in kinds)
    wanted = {id(arg) for arg in targets}

    def to_int(value: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(value, cst.Tuple | cst.List):
            return value.with_changes(
                elements=[e.with_changes(value=to_int(e.value)) for e in value.elements]
            )
        return _int_of(value) if _float_count(value, site) is not False else value

    # the original args, to find the same positions in the node other fixes updated
    indices = [i for i, a in enumerate(site.args) if id(a) in wanted]

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        for i in indices:
            args[i] = args[i].with_changes(value=to_int(args[i].value))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=proven)


# --- booleans: negative and subtract raise since 1.13 (they were logical not and xor) ----------

BOOL_FUNCS = frozenset(
    qualify(
        "numpy",
        [
            "isnan",
            "isinf",
            "isfinite",
            "isneginf",
            "isposinf",
            "isnat",
            "isin",
            "in1d",
            "isclose",
            "signbit",
            "logical_and",
            "logical_or",
            "logical_not",
            "logical_xor",
            "greater",
            "greater_equal",
            "less",
            "less_equal",
            "equal",
            "not_equal",
        ],
    )
)
ORDERING = cst.LessThan | cst.GreaterThan | cst.LessThanEqual | cst.GreaterThanEqual
EQUALITY = cst.Equal | cst.NotEqual


def _bool_array(node: cst.BaseExpression, site: Site) -> bool:
    """An expression proven to be a numpy bool array or scalar: a comparison of an ndarray, a
    numpy predicate (np.isnan, np.isin, np.logical_and...), and ~, &, |, ^ of those."""
    if isinstance(node, cst.Comparison):
        if len(node.comparisons) != 1 or not isinstance(
            node.comparisons[0].operator, ORDERING | EQUALITY
        ):
            return False
        sides = (node.left, node.comparisons[0].comparator)
        return any((t := site.infer(s)) is not None and t.qname == NDARRAY for s in sides)
    if isinstance(node, cst.Call):
        return site.resolve(node.func) in BOOL_FUNCS
    if isinstance(node, cst.UnaryOperation):
        return isinstance(node.operator, cst.BitInvert) and _bool_array(node.expression, site)
    if isinstance(node, cst.BinaryOperation):
        return (
            isinstance(node.operator, cst.BitAnd | cst.BitOr | cst.BitXor)
            and _bool_array(node.left, site)
            and _bool_array(node.right, site)
        )
    return False


def _bool_negative(site: Site) -> Outcome | None:
    node: cst.UnaryOperation = site.node
    if not isinstance(node.operator, cst.Minus) or not _bool_array(node.expression, site):
        return None
    return Outcome(
        fix=lambda n, refs: n.with_changes(
            operator=cst.BitInvert(whitespace_after=n.operator.whitespace_after)
        )
    )


def _bool_subtract(site: Site) -> Outcome | None:
    """``m1 - m2`` of bool arrays was their xor; np.logical_xor binds as tightly as the
    subtraction did (``^`` would not: ``a - b + c``)."""
    node: cst.BinaryOperation = site.node
    if not isinstance(node.operator, cst.Subtract):
        return None
    if not (_bool_array(node.left, site) and _bool_array(node.right, site)):
        return None

    def fix(n: cst.BinaryOperation, refs: Any) -> cst.Call:
        call = cst.Call(
            func=refs["numpy.logical_xor"],
            args=[
                cst.Arg(
                    n.left.with_changes(lpar=[], rpar=[]) if n.left.lpar else n.left,
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                ),
                cst.Arg(n.right.with_changes(lpar=[], rpar=[]) if n.right.lpar else n.right),
            ],
        )
        return call.with_changes(lpar=n.lpar, rpar=n.rpar)

    return Outcome(fix=fix, needs=("numpy.logical_xor",))


def _bool_ufunc(new: str, arity: int) -> Any:
    """``np.negative(mask)`` / ``np.subtract(m1, m2)`` of numpy bools: np.logical_not /
    np.logical_xor, what those loops computed before 1.13."""

    def check(site: Site) -> Outcome | None:
        pos = site.positional()
        if len(pos) != arity or len(site.args) != arity:
            return None
        if not all(_bool_array(a.value, site) for a in pos):
            return None
        return Outcome(
            fix=_keep_callee(new),
            needs=() if isinstance(site.node.func, cst.Attribute) else (f"numpy.{new}",),
        )

    return check


# --- abstract scalar types: what numpy < 1.19 (issubdtype) and < 2.3 (dtype=) made of them ------

_SIGNED = ["int", "int8", "int16", "int32", "int64", "intp", "i1", "i2", "i4", "i8"]
_UNSIGNED = ["uint", "uint8", "uint16", "uint32", "uint64", "uintp", "u1", "u2", "u4", "u8"]
_FLOATS = ["float", "float16", "float32", "float64", "double", "single", "half"]
_FLOATS += ["f", "d", "f2", "f4", "f8", "longdouble", "float128"]
_COMPLEX = ["complex", "complex64", "complex128", "c8", "c16", "cdouble", "csingle"]
# issubdtype(x, arg2) with arg2 no numpy type read arg2 as the parent of np.dtype(arg2).type
ISSUBDTYPE_OLD = {
    **dict.fromkeys(["builtins.int", "numpy.int"], "numpy.signedinteger"),
    **dict.fromkeys(["builtins.float", "numpy.float"], "numpy.floating"),
    **dict.fromkeys(["builtins.complex", "numpy.complex"], "numpy.complexfloating"),
    **dict.fromkeys(_SIGNED, "numpy.signedinteger"),
    **dict.fromkeys(_UNSIGNED, "numpy.unsignedinteger"),
    **dict.fromkeys(_FLOATS, "numpy.floating"),
    **dict.fromkeys(_COMPLEX, "numpy.complexfloating"),
}


def _issubdtype(site: Site) -> Outcome | None:
    """``np.issubdtype(x, float)`` meant np.floating before 1.19 (a FutureWarning from 1.14);
    it now means float64 (``np.issubdtype(np.float32, float)`` is False)."""
    pos = site.positional()
    arg = site.kwarg("arg2") or (pos[1] if len(pos) > 1 else None)
    if arg is None or site.has_star():
        return None
    value = literal(arg.value)
    key = value if isinstance(value, str) else site.resolve(arg.value)
    new = ISSUBDTYPE_OLD.get(key or "")
    if new is None:
        return None
    index = site.args.index(arg)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        args[index] = args[index].with_changes(value=refs[new])
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=(new,))


# dtype=np.floating gave float64, np.integer the C long (np.int_), ... (deprecated in 1.19)
ABSTRACT_DTYPES = {
    "floating": "float64",
    "inexact": "float64",
    "number": "float64",
    "complexfloating": "complex128",
    "integer": "int_",
    "signedinteger": "int_",
    "unsignedinteger": "uint",
}
# numpy functions whose positional argument at this index is the dtype
DTYPE_POSITION = {
    **{f"numpy.{f}": 1 for f in ("zeros", "ones", "empty", "array", "asarray", "identity")},
    "numpy.full": 2,
    "numpy.dtype": 0,
}


def _abstract_dtype(site: Site) -> Outcome | None:
    """``np.zeros(3, dtype=np.floating)``, ``a.astype(np.integer)``: only where the abstract
    type is given as a dtype (``isinstance(v, np.integer)`` and issubdtype are left alone)."""
    call, arg = site.context if site.context else (None, None)
    if call is None or arg is None:
        return None
    if arg.keyword is not None:
        as_dtype = arg.keyword.value == "dtype"
    else:
        func = call.func
        pos = [a for a in call.args if a.keyword is None and not a.star]
        where = pos.index(arg) if arg in pos else -1
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        callee = site.resolve(func)
        if callee is None and method in ("astype", "view"):
            as_dtype = where == 0
        else:
            as_dtype = callee in DTYPE_POSITION and where == DTYPE_POSITION[callee]
    if not as_dtype or arg.value is not site.node:
        return None
    return Outcome(fix=DEFAULT_FIX)


# --- array == None (elementwise since 1.13; it was the scalar False) -------------------------


def _none_comparison(site: Site) -> Outcome | None:
    """``x == None`` / ``x != None``: numpy < 1.13 answered False / True for an array (a
    FutureWarning from 1.9); ``x is None`` answers so for an array and for None alike. A pandas
    object (elementwise then too) is left alone; an operand inference does not type is rewritten
    once numpy refused the elementwise result as a condition."""
    node: cst.Comparison = site.node
    if len(node.comparisons) != 1:
        return None
    op = node.comparisons[0].operator
    if not isinstance(op, EQUALITY):
        return None
    left, right = node.left, node.comparisons[0].comparator
    if literal(right) is None and literal(left) is not None:
        other = left
    elif literal(left) is None and literal(right) is not None:
        other = right
    else:
        return None
    if literal(other) is not NOT_LITERAL:
        return None
    t = site.infer(other)
    if t is not None and t.qname != NDARRAY:
        return None  # pandas compares elementwise (as it did); a str or a list is never None
    proven = t is not None

    def fix(n: cst.Comparison, refs: Any) -> cst.Comparison:
        target = n.comparisons[0]
        value = n.left if literal(n.left) is not None else target.comparator
        new_op = (
            cst.Is(
                whitespace_before=target.operator.whitespace_before,
                whitespace_after=target.operator.whitespace_after,
            )
            if isinstance(target.operator, cst.Equal)
            else cst.IsNot(
                whitespace_before=target.operator.whitespace_before,
                whitespace_after=target.operator.whitespace_after,
            )
        )
        return n.with_changes(
            left=value,
            comparisons=[target.with_changes(operator=new_op, comparator=cst.Name("None"))],
        )

    return Outcome(fix=fix, proven=proven)


# --- integers to negative integer powers (ValueError since 1.12) ------------------------------


def _negative_power(site: Site) -> Outcome | None:
    """``x ** -1``: an integer array to a negative integer power raises since 1.12 (numpy gave an
    integer array: 2 ** -1 was 0); a float exponent gives the float powers (the same values for
    float arrays and Python numbers, whose results were floats already)."""
    node: cst.BinaryOperation = site.node
    if not isinstance(node.operator, cst.Power):
        return None
    exponent = literal(node.right)
    if not isinstance(exponent, int) or isinstance(exponent, bool) or exponent >= 0:
        return None
    if literal(node.left) is not NOT_LITERAL:
        return None  # 2 ** -1 is Python's float already
    t = site.infer(node.left)
    if t is not None and t.qname not in (NDARRAY, SERIES, DATAFRAME):
        return None

    def fix(n: cst.BinaryOperation, refs: Any) -> cst.BinaryOperation:
        return n.with_changes(right=_float_exponent(n.right))

    return Outcome(fix=fix, proven=False)


def _float_exponent(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.expression, cst.Integer):
        return node.with_changes(expression=cst.Float(f"{node.expression.value}.0"))
    return node


def _negative_power_call(site: Site) -> Outcome | None:
    """``np.power(k, -1)``: the same refusal and the same float exponent as ``k ** -1``."""
    pos = site.positional()
    if len(pos) != 2 or len(site.args) != 2:
        return None
    exponent = literal(pos[1].value)
    if not isinstance(exponent, int) or isinstance(exponent, bool) or exponent >= 0:
        return None
    if literal(pos[0].value) is not NOT_LITERAL:
        return None
    t = site.infer(pos[0].value)
    if t is not None and t.qname not in (NDARRAY, SERIES, DATAFRAME):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        args = list(node.args)
        last = [k for k, a in enumerate(args) if a.keyword is None][1]
        args[last] = args[last].with_changes(value=_float_exponent(args[last].value))
        return node.with_changes(args=args)

    return Outcome(fix=fix, proven=False)


RULES = [
    Rule(
        id="NPY001",
        library=LIB,
        changed_in="1.24",
        safety=SAFE,
        catalogue="N1",
        message="np.float/int/complex/object/str/unicode/long were removed in 1.24; use builtins",
        replacement="float, int, complex, object, str",
        signatures=gone(BUILTIN_ALIASES),
        matchers=renames("numpy", BUILTIN_ALIASES),
        examples=(
            (
                "import numpy as np\nx = np.zeros(3, dtype=np.float)\ny = np.int(2.5)",
                "import numpy as np\nx = np.zeros(3, dtype=float)\ny = int(2.5)",
            ),
            (
                "from numpy import float, nan\nx = float(nan)",
                "from numpy import nan\nx = float(nan)",
            ),
            (
                "import numpy as np\nm = np.zeros(2, dtype=np.object)\ns = a.astype(np.str)\n"
                "c = np.complex(1, 2)\nu = np.unicode(b, 'utf-8')",
                "import numpy as np\nm = np.zeros(2, dtype=object)\ns = a.astype(str)\n"
                "c = complex(1, 2)\nu = str(b, 'utf-8')",
            ),
        ),
        proofs=("import numpy as np\nv = np.zeros(2, dtype=np.float)\nw = np.int(2.5)",),
    ),
    Rule(
        id="NPY002",
        library=LIB,
        changed_in="1.24",
        restored_in="2.0",
        safety=SAFE_IF,
        catalogue="N2",
        condition="np.bool names a dtype (dtype=..., astype(...))",
        message="np.bool was removed in 1.24 (re-added in 2.0 as the numpy bool); use bool",
        replacement="bool as a dtype; np.bool_ elsewhere",
        signatures=gone(["bool"]),
        matchers=(Symbol(old="numpy.bool", new="builtins.bool", check=_np_bool),),
        examples=(
            (
                "import numpy as np\nm = x.astype(np.bool)\nok = isinstance(v, np.bool)",
                "import numpy as np\nm = x.astype(bool)\nok = isinstance(v, np.bool_)",
            ),
        ),
    ),
    Rule(
        id="NPY003",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N3",
        message="np.int0/uint0/bool8/object0/str0/bytes0/void0 were removed in 2.0",
        replacement="np.intp, uintp, bool_, object_, str_, bytes_, void",
        signatures=gone(ZERO_ALIASES),
        matchers=renames("numpy", ZERO_ALIASES),
        examples=(
            (
                "import numpy as np\nx = a.astype(np.bool8)",
                "import numpy as np\nx = a.astype(np.bool_)",
            ),
        ),
        proofs=("import numpy as np\nv = np.zeros(2).astype(np.int0)",),
    ),
    Rule(
        id="NPY004",
        library=LIB,
        changed_in="1.23",
        safety=SAFE,
        catalogue="N4",
        message="np.asscalar(a) was removed in 1.23; use a.item()",
        replacement="a.item()",
        signatures=gone(["asscalar"]),
        matchers=(Call(functions=("numpy.asscalar",), check=_asscalar),),
        examples=(
            (
                "import numpy as np\nv = np.asscalar(a + 1)",
                "import numpy as np\nv = (a + 1).item()",
            ),
        ),
        proofs=("import numpy as np\nv = np.asscalar(np.array([2.0]))",),
    ),
    Rule(
        id="NPY005",
        library=LIB,
        changed_in="1.23",
        safety=SAFE_IF,
        catalogue="N5",
        condition="the argument is an array, list or frame (ndim >= 1)",
        message="np.alen(a) was removed in 1.23; use len(a)",
        replacement="len(a)",
        signatures=gone(["alen"]),
        matchers=(Call(functions=("numpy.alen",), check=_alen),),
        examples=(
            (
                "import numpy as np\na = np.zeros(3)\nn = np.alen(a)",
                "import numpy as np\na = np.zeros(3)\nn = len(a)",
            ),
        ),
        proofs=("import numpy as np\na = np.zeros(3)\nv = np.alen(a)",),
    ),
    Rule(
        id="NPY006",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N6",
        message="np.NaN and np.NAN were removed in 2.0; use np.nan",
        replacement="np.nan",
        signatures=gone(["NaN", "NAN"]),
        matchers=renames("numpy", {"NaN": "nan", "NAN": "nan"}),
        examples=(
            ("import numpy as np\nx = np.NaN", "import numpy as np\nx = np.nan"),
            ("from numpy import NaN\nx = [NaN]", "from numpy import nan\nx = [nan]"),
        ),
        proofs=(
            "import numpy as np\nv = np.NaN",
            "from numpy import NaN\nv = [NaN]",
        ),
    ),
    Rule(
        id="NPY007",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N7",
        message="np.Inf/Infinity/infty/PINF/NINF/PZERO/NZERO were removed in 2.0; use np.inf etc.",
        replacement="np.inf, -np.inf, 0.0, -0.0",
        signatures=gone(["Inf", "Infinity", "infty", "PINF", "NINF", "PZERO", "NZERO"]),
        matchers=(
            *renames("numpy", {"Inf": "inf", "Infinity": "inf", "infty": "inf", "PINF": "inf"}),
            Symbol(old="numpy.NINF", new="numpy.inf", template="-{}"),
            Symbol(old="numpy.PZERO", template="0.0"),
            Symbol(old="numpy.NZERO", template="-0.0"),
        ),
        examples=(
            (
                "import numpy as np\nlo, hi = np.NINF, np.Inf\nz = np.PZERO",
                "import numpy as np\nlo, hi = -np.inf, np.inf\nz = 0.0",
            ),
        ),
        proofs=("import numpy as np\nv = (np.Inf, np.NINF, np.PZERO, np.infty)",),
    ),
    Rule(
        id="NPY008",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N8",
        message="np.float_/complex_/cfloat/longfloat/singlecomplex/longcomplex/clongfloat were "
        "removed in 2.0",
        replacement="np.float64, complex128, longdouble, complex64, clongdouble",
        signatures=gone(TYPE_ALIASES),
        matchers=renames("numpy", TYPE_ALIASES),
        examples=(
            (
                "import numpy as np\nx = a.astype(np.float_)",
                "import numpy as np\nx = a.astype(np.float64)",
            ),
            (
                "import numpy as np\nz = np.zeros(2, dtype=np.complex_)\nl = np.longfloat",
                "import numpy as np\nz = np.zeros(2, dtype=np.complex128)\nl = np.longdouble",
            ),
        ),
        proofs=("import numpy as np\nv = np.zeros(2, dtype=np.float_)",),
    ),
    Rule(
        id="NPY009",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N9",
        message="np.string_ and np.unicode_ were removed in 2.0; use np.bytes_ and np.str_",
        replacement="np.bytes_, np.str_",
        signatures=gone(["string_", "unicode_"]),
        matchers=renames("numpy", {"string_": "bytes_", "unicode_": "str_"}),
        examples=(("import numpy as np\nt = np.unicode_", "import numpy as np\nt = np.str_"),),
        proofs=("import numpy as np\nv = np.array(['a']).astype(np.unicode_)",),
    ),
    Rule(
        id="NPY010",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N10",
        message="np.product/cumproduct/sometrue/alltrue/round_ were removed in 2.0",
        replacement="np.prod, cumprod, any, all, round",
        signatures=gone(FUNC_ALIASES),
        matchers=renames("numpy", FUNC_ALIASES),
        examples=(
            ("import numpy as np\np = np.product(s)", "import numpy as np\np = np.prod(s)"),
            (
                "import numpy as np\nc = np.cumproduct(s)\nok = np.alltrue(m) or np.sometrue(m)\n"
                "r = np.round_(x, 2)",
                "import numpy as np\nc = np.cumprod(s)\nok = np.all(m) or np.any(m)\n"
                "r = np.round(x, 2)",
            ),
        ),
        proofs=("import numpy as np\nv = np.product([1, 2, 3])",),
    ),
    Rule(
        id="NPY011",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N11",
        message="np.mat was removed in 2.0; use np.asmatrix",
        replacement="np.asmatrix(x)",
        signatures=gone(["mat"]),
        matchers=renames("numpy", {"mat": "asmatrix"}),
        examples=(("import numpy as np\nm = np.mat(a)", "import numpy as np\nm = np.asmatrix(a)"),),
        proofs=("import numpy as np\nv = np.mat([[1, 2], [3, 4]])",),
    ),
    Rule(
        id="NPY012",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="N12",
        message="np.find_common_type and np.cast were removed in 2.0; use np.result_type / "
        "np.asarray(x, dtype=...)",
        replacement="np.result_type(*types); np.asarray(x, dtype=t)",
        signatures=gone(["find_common_type", "cast"]),
        matchers=(
            Call(functions=("numpy.find_common_type",), check=_find_common_type),
            Call(functions=("numpy.cast[]",), check=_cast),
        ),
        examples=(
            (
                "import numpy as np\nt = np.find_common_type([a.dtype, b.dtype], [])\n"
                "y = np.cast['f'](x)",
                "import numpy as np\nt = np.result_type(a.dtype, b.dtype)\n"
                "y = np.asarray(x, dtype='f')",
            ),
        ),
        proofs=("import numpy as np\nv = np.find_common_type([np.float32, np.int64], [])",),
    ),
    Rule(
        id="NPY013",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="N13",
        message="np.asfarray was removed in 2.0; np.asarray(x, dtype=float) (float32 input is "
        "no longer kept float32)",
        replacement="np.asarray(x, dtype=float)",
        signatures=gone(["asfarray"]),
        matchers=(Call(functions=("numpy.asfarray",), check=_asfarray),),
        examples=(
            (
                "import numpy as np\nx = np.asfarray(v)",
                "import numpy as np\nx = np.asarray(v, dtype=float)",
            ),
        ),
        proofs=("import numpy as np\nv = np.asfarray([1, 2])",),
    ),
    Rule(
        id="NPY014",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="N14",
        message="np.in1d was removed in 2.4; use np.isin(a, b).ravel()",
        replacement="np.isin(a, b).ravel()",
        signatures=gone(["in1d"]),
        matchers=(Call(functions=("numpy.in1d",), check=_in1d),),
        examples=(
            (
                "import numpy as np\nm = np.in1d(a, b)",
                "import numpy as np\nm = np.isin(a, b).ravel()",
            ),
        ),
        proofs=("import numpy as np\nv = np.in1d([1, 2, 3], [2])",),
    ),
    Rule(
        id="NPY015",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="N15",
        message="np.trapz was removed in 2.4; use np.trapezoid",
        replacement="np.trapezoid",
        signatures=gone(["trapz"]),
        matchers=renames("numpy", {"trapz": "trapezoid"}),
        examples=(
            (
                "import numpy as np\narea = np.trapz(y, x)",
                "import numpy as np\narea = np.trapezoid(y, x)",
            ),
        ),
        proofs=("import numpy as np\nv = np.trapz([1.0, 2.0, 3.0])",),
    ),
    Rule(
        id="NPY016",
        library=LIB,
        changed_in="2.5",
        safety=SAFE,
        catalogue="N16",
        message="np.row_stack is deprecated in 2.4 and removed in 2.5; use np.vstack",
        replacement="np.vstack",
        signatures=gone(["row_stack"]),
        matchers=renames("numpy", {"row_stack": "vstack"}),
        examples=(
            (
                "import numpy as np\nm = np.row_stack([a, b])",
                "import numpy as np\nm = np.vstack([a, b])",
            ),
        ),
    ),
    Rule(
        id="NPY017",
        library=LIB,
        changed_in="1.24",
        safety=REVIEW,
        catalogue="N17",
        message="np.histogram/histogram2d/histogramdd(normed=) was removed in 1.24; density= "
        "differs for unequal bins",
        replacement="density=True",
        signatures=(unexpected_kwarg(["normed"]),),
        matchers=(
            Call(
                functions=qualify("numpy", ["histogram", "histogram2d", "histogramdd"]),
                check=_histogram_normed,
            ),
        ),
        examples=(
            (
                "import numpy as np\nh, e = np.histogram(x, bins=10, normed=True)",
                "import numpy as np\nh, e = np.histogram(x, bins=10, density=True)",
            ),
            (
                "import numpy as np\nH, xe, ye = np.histogram2d(x, y, bins=8, normed=True)",
                "import numpy as np\nH, xe, ye = np.histogram2d(x, y, bins=8, density=True)",
            ),
        ),
        proofs=("import numpy as np\nh, e = np.histogram([1, 2, 2, 3], bins=3, normed=True)",),
    ),
    Rule(
        id="NPY018",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="N18",
        message="percentile/quantile(interpolation=) was removed in 2.4; use method=",
        replacement="method=",
        signatures=(unexpected_kwarg(["interpolation"]),),
        matchers=(
            kwarg_rename(
                "interpolation",
                "method",
                functions=qualify(
                    "numpy", ["percentile", "quantile", "nanpercentile", "nanquantile"]
                ),
            ),
        ),
        examples=(
            (
                "import numpy as np\nq = np.percentile(a, 90, interpolation='nearest')",
                "import numpy as np\nq = np.percentile(a, 90, method='nearest')",
            ),
        ),
        proofs=("import numpy as np\nv = np.percentile([1, 2, 3], 50, interpolation='lower')",),
    ),
    Rule(
        id="NPY019",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="N19",
        message="np.reshape(newshape=) was removed in 2.4; use shape=",
        replacement="shape=",
        signatures=(unexpected_kwarg(["newshape"]),),
        matchers=(kwarg_rename("newshape", "shape", functions=("numpy.reshape",)),),
        examples=(
            (
                "import numpy as np\nb = np.reshape(a, newshape=(2, 3))",
                "import numpy as np\nb = np.reshape(a, shape=(2, 3))",
            ),
        ),
        proofs=("import numpy as np\nv = np.reshape(np.arange(6), newshape=(2, 3))",),
    ),
    Rule(
        id="NPY020",
        library=LIB,
        changed_in="1.24",
        safety=SAFE,
        catalogue="N20",
        message="a ragged np.array needs dtype=object since 1.24",
        replacement="np.array(seq, dtype=object)",
        signatures=(
            r"setting an array element with a sequence\. The requested array has an "
            r"inhomogeneous shape",
        ),
        matchers=(Call(functions=("numpy.array",), check=_ragged),),
        examples=(
            (
                "import numpy as np\nr = np.array([[1, 2], [1]])",
                "import numpy as np\nr = np.array([[1, 2], [1]], dtype=object)",
            ),
        ),
        proofs=("import numpy as np\nv = np.array([[1, 2], [1]])",),
    ),
    Rule(
        id="NPY021",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue="N21",
        message="np.array(x, copy=False) raises when a copy is needed since 2.0; use np.asarray(x)",
        replacement="np.asarray(x)",
        signatures=(r"Unable to avoid copy while creating an array as requested",),
        matchers=(Call(functions=("numpy.array",), check=_array_copy_false),),
        examples=(
            (
                "import numpy as np\nb = np.array(a, copy=False)",
                "import numpy as np\nb = np.asarray(a)",
            ),
        ),
        proofs=("import numpy as np\nv = np.array([1, 2], copy=False)",),
    ),
    Rule(
        id="NPY022",
        library=LIB,
        changed_in="2.4",
        safety=SAFE_IF,
        catalogue="N22",
        condition="the argument is an ndarray (exact whenever the old call worked: size 1)",
        message="float()/int() of an array with ndim > 0 raises since 2.4, and so does a numeric "
        "%-conversion of one ('%.3f' % arr); use arr.item()",
        replacement="float(arr.item())",
        signatures=(
            r"only 0-dimensional arrays can be converted to Python scalars",
            r"only length-1 arrays",
        ),
        matchers=(
            Call(functions=("builtins.float", "builtins.int"), check=_float_of_array),
            Node(types=("BinaryOperation",), check=_format_of_array),
        ),
        examples=(
            (
                "import numpy as np\np = np.array([0.5])\nv = float(p)",
                "import numpy as np\np = np.array([0.5])\nv = float(p.item())",
            ),
            (  # a numeric conversion of %-formatting converts the same way; %s does not
                "import numpy as np\np = np.array([[0.5]])\n"
                "print('%.3f' % p)\nprint('%s, %d of %d' % (p, p, n))",
                "import numpy as np\np = np.array([[0.5]])\n"
                "print('%.3f' % p.item())\nprint('%s, %d of %d' % (p, p.item(), n))",
            ),
            (  # an element inference cannot type: only after the error, through np.asarray
                "import numpy as np\nj = int(idx[i])\nk = int(row['n'])\nn = int(tokens)",
                "import numpy as np\nj = int(np.asarray(idx[i]).item())\nk = int(row['n'])\n"
                "n = int(tokens)",
            ),
        ),
        proofs=(
            "import numpy as np\np = np.array([0.5])\nv = float(p)",
            "import numpy as np\np = np.array([[0.5]])\nv = 'x = %.3f (%s)' % (p, 'a')",
            (
                "import numpy as np\nload = lambda: np.asmatrix([[3.0], [1.0], [2.0]])\n"
                "p = load()\ntop = float(p[0])\nassert top == 3.0"
            ),
        ),
    ),
    Rule(
        id="NPY023",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue="N23",
        message="np.sum(generator) raises since 2.4; use the builtin sum",
        replacement="sum(...)",
        signatures=(r"Calling np\.sum\(generator\)",),
        matchers=(Call(functions=("numpy.sum",), check=_sum_generator),),
        examples=(
            (
                "import numpy as np\nt = np.sum(x * 2 for x in xs)",
                "import numpy as np\nt = sum(x * 2 for x in xs)",
            ),
        ),
        proofs=("import numpy as np\nv = np.sum(x for x in range(4))",),
    ),
    Rule(
        id="NPY024",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue="N24",
        message="out-of-range Python ints no longer wrap into small integer dtypes (NEP 50); "
        "cast explicitly with .astype",
        replacement="explicit .astype / np.array(v).astype(dtype)",
        signatures=(r"Python integer -?\d+ out of bounds for u?int\d+",),
        matchers=(
            Call(
                functions=qualify("numpy", ["uint8", "uint16", "uint32", "int8", "int16", "int32"]),
                check=_overflow,
            ),
        ),
        examples=(("import numpy as np\nv = np.uint8(-1)", None),),
    ),
    Rule(
        id="NPY025",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        catalogue="N25",
        message="NEP 50: float32/uint8 scalars now keep their dtype in mixed arithmetic "
        "(np.float32(3) + 3.0 stays float32); cast explicitly if precision matters",
        replacement="explicit .astype",
        matchers=(Call(functions=SMALL_FLOATS, check=_float32_scalar),),
        examples=(("import numpy as np\nv = np.float32(3) + 3.0", None),),
    ),
    Rule(
        id="NPY026",
        library=LIB,
        changed_in="2.5",
        safety=REVIEW,
        silent=True,
        catalogue="N26",
        message="np.linalg.eig always returns complex results since 2.5; use eigh/eigvalsh for "
        "symmetric matrices",
        replacement="np.linalg.eigh / eigvalsh",
        matchers=(report(functions=("numpy.linalg.eig",)),),
        examples=(("import numpy as np\nw, v = np.linalg.eig(cov)", None),),
    ),
    Rule(
        id="NPY027",
        library=LIB,
        changed_in="1.12",
        safety=SAFE_IF,
        catalogue="real-notebooks",
        condition="numpy refused a float index (it truncated them before 1.12)",
        message="float array indices raise since numpy 1.12 (they were truncated); an index "
        "computed with / needs int()",
        replacement="s_sorted[[int((R + 1) * alpha / 2)]]",
        signatures=(
            r"only integers, slices \(`:`\), ellipsis \(`\.\.\.`\), numpy\.newaxis \(`None`\) "
            r"and integer or boolean arrays are valid indices",
            r"arrays used as indices must be of integer \(or boolean\) type",
        ),
        matchers=(Node(types=("Subscript",), check=_float_index),),
        examples=(
            (
                "q = s_sorted[[(R + 1) * alpha / 2, (R + 1) * (1 - alpha / 2)]]\nm = x[n / 2]",
                "q = s_sorted[[int((R + 1) * alpha / 2), int((R + 1) * (1 - alpha / 2))]]\n"
                "m = x[int(n / 2)]",
            ),
        ),
        proofs=(
            (
                "import numpy as np\ns_sorted = np.sort(np.arange(100.0))\n"
                "R, alpha = 99, 0.05\n"
                "v = s_sorted[[(R + 1) * alpha / 2, (R + 1) * (1 - alpha / 2)]]\n"
                "assert list(v) == [2, 97]"
            ),
        ),
    ),
    Rule(
        id="NPY028",
        library=LIB,
        changed_in="1.18",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.rank (the number of dimensions, not the matrix rank) was removed in 1.18; "
        "use np.ndim",
        replacement="np.ndim(a)",
        signatures=gone(["rank"]),
        matchers=renames("numpy", {"rank": "ndim"}),
        examples=(("import numpy as np\nd = np.rank(a)", "import numpy as np\nd = np.ndim(a)"),),
        proofs=(Proof("import numpy as np\nv = np.rank(np.zeros((2, 3)))", name="v", expected=2),),
    ),
    Rule(
        id="NPY029",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.msort was removed in 2.0; use np.sort(a, axis=0)",
        replacement="np.sort(a, axis=0)",
        signatures=gone(["msort"]),
        matchers=(Call(functions=("numpy.msort",), check=_msort),),
        examples=(
            ("import numpy as np\ns = np.msort(a)", "import numpy as np\ns = np.sort(a, axis=0)"),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.msort(np.array([[3, 1], [1, 2]]))",
                name="v",
                expected=[[1, 1], [3, 2]],
            ),
        ),
    ),
    Rule(
        id="NPY030",
        library=LIB,
        changed_in="2.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.fromstring's binary mode (no sep) raises since 2.3; use np.frombuffer (and "
        ".copy() for the writable array fromstring made)",
        replacement="np.frombuffer(data, dtype=np.uint8).copy()",
        signatures=(r"The binary mode of fromstring is removed, use frombuffer instead",),
        matchers=(Call(functions=("numpy.fromstring",), check=_fromstring),),
        examples=(
            (
                "import numpy as np\nimg = np.fromstring(buf, dtype=np.uint8)\n"
                "rgb = np.fromstring(canvas.tostring_rgb(), dtype='uint8', sep='')\n"
                "v = np.fromstring('1 2 3', sep=' ')",
                "import numpy as np\nimg = np.frombuffer(buf, dtype=np.uint8).copy()\n"
                "rgb = np.frombuffer(canvas.tostring_rgb(), dtype='uint8').copy()\n"
                "v = np.fromstring('1 2 3', sep=' ')",
            ),
        ),
        proofs=(
            Proof(
                (
                    "import numpy as np\nv = np.fromstring(bytes([1, 2, 3]), dtype=np.uint8)\n"
                    "v[0] = 9"
                ),
                name="v",
                expected=[9, 2, 3],
            ),
        ),
    ),
    Rule(
        id="NPY031",
        library=LIB,
        changed_in="2.3",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the receiver is a numpy array or scalar (tostring was tobytes' alias)",
        message="ndarray.tostring() was removed in 2.3; use tobytes()",
        replacement="a.tobytes()",
        signatures=(object_no_attribute(["tostring"], r"numpy\.\w+"),),
        matchers=(Call(methods=("tostring",), receivers=(NDARRAY,), check=_tostring),),
        examples=(
            (
                "import numpy as np\na = np.zeros(3)\nb = a.tostring()\n"
                "from lxml import etree\nx = etree.tostring(root)",
                "import numpy as np\na = np.zeros(3)\nb = a.tobytes()\n"
                "from lxml import etree\nx = etree.tostring(root)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.arange(3, dtype=np.uint8).tostring()",
                name="v",
                expected=b"\0\1\2",
            ),
        ),
    ),
    Rule(
        id="NPY032",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the receiver is a numpy array",
        message="ndarray.itemset was removed in 2.0; assign with a[index] = value",
        replacement="img[10, 10, 2] = 100",
        signatures=(object_no_attribute(["itemset"], r"numpy\.\w+"),),
        matchers=(Call(methods=("itemset",), receivers=(NDARRAY,), check=_itemset),),
        examples=(
            (
                "import numpy as np\nimg = np.zeros((20, 20, 3))\nimg.itemset((10, 10, 2), 100)\n"
                "img.itemset(1, 2, 0, 5)\nimg.itemset(7, 1.5)",
                "import numpy as np\nimg = np.zeros((20, 20, 3))\nimg[10, 10, 2] = 100\n"
                "img[1, 2, 0] = 5\nimg.flat[7] = 1.5",
            ),
        ),
        proofs=(
            Proof(
                (
                    "import numpy as np\nv = np.zeros((2, 3))\n"
                    "v.itemset((1, 2), 5)\nv.itemset(0, 1, 4)\n"
                    "v.itemset(4, 7)"
                ),
                name="v",
                expected=[[0, 4, 0], [0, 7, 5]],
            ),
        ),
    ),
    Rule(
        id="NPY033",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the receiver is a numpy array",
        message="ndarray.ptp() was removed in 2.0; use np.ptp(a, ...)",
        replacement="np.ptp(a, axis=0)",
        signatures=(object_no_attribute(["ptp"], r"numpy\.\w+"),),
        matchers=(Call(methods=("ptp",), receivers=(NDARRAY,), check=_ptp),),
        examples=(
            (
                "import numpy as np\nX = np.random.rand(5, 2)\nr = X.ptp(axis=0)\nw = X.ptp()",
                "import numpy as np\nX = np.random.rand(5, 2)\nr = np.ptp(X, axis=0)\n"
                "w = np.ptp(X)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.array([[1, 5], [4, 2]]).ptp(axis=0)",
                name="v",
                expected=[3, 3],
            ),
        ),
    ),
    Rule(
        id="NPY034",
        library=LIB,
        changed_in="2.0",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the receiver is a numpy array",
        message="ndarray.newbyteorder() was removed in 2.0; use a.view(a.dtype.newbyteorder())",
        replacement="data.byteswap().view(data.dtype.newbyteorder())",
        signatures=(object_no_attribute(["newbyteorder"], r"numpy\.\w+"),),
        matchers=(Call(methods=("newbyteorder",), receivers=(NDARRAY,), check=_newbyteorder),),
        examples=(
            (
                "import numpy as np\ndata = np.zeros(3, dtype='>f8')\n"
                "df = pd.DataFrame(data.byteswap().newbyteorder())\nb = data.newbyteorder('<')\n"
                "t = data.dtype.newbyteorder('=')",
                "import numpy as np\ndata = np.zeros(3, dtype='>f8')\n"
                "df = pd.DataFrame(data.byteswap().view(data.dtype.newbyteorder()))\n"
                "b = data.view(data.dtype.newbyteorder('<'))\nt = data.dtype.newbyteorder('=')",
            ),
        ),
        proofs=(
            Proof(
                (
                    "import numpy as np\nd = np.array([1.5, 2.5], dtype='>f8')\n"
                    "v = d.byteswap().newbyteorder()"
                ),
                name="v",
                expected=[1.5, 2.5],
            ),
        ),
    ),
    Rule(
        id="NPY035",
        library=LIB,
        changed_in="1.25",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.stack/vstack/hstack/... need a sequence since 1.25 (a generator or map "
        "raises); pass a list",
        replacement="np.vstack([f(x) for x in xs])",
        signatures=(r"arrays to stack must be passed as a \"sequence\" type",),
        matchers=(Call(functions=STACKING, check=_stack_sequence),),
        examples=(
            (
                "import numpy as np\nm = np.vstack(row(x) for x in xs)\nh = np.hstack(map(f, xs))\n"
                "d = np.dstack(parts.values())",
                "import numpy as np\nm = np.vstack([row(x) for x in xs])\n"
                "h = np.hstack(list(map(f, xs)))\nd = np.dstack(list(parts.values()))",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.vstack(np.full(2, i) for i in range(2))",
                name="v",
                expected=[[0, 0], [1, 1]],
            ),
            Proof(
                "import numpy as np\nv = np.hstack(map(np.ones, [1, 2]))",
                name="v",
                expected=[1, 1, 1],
            ),
        ),
    ),
    Rule(
        id="NPY036",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue=SOURCE,
        message="np.recfromcsv/recfromtxt were removed in 2.0; np.genfromtxt with their defaults, "
        "as a record array (strings are str, not bytes)",
        replacement="np.genfromtxt(f, delimiter=',', names=True, dtype=None, "
        "case_sensitive='lower').view(np.recarray)",
        signatures=gone(["recfromcsv", "recfromtxt"]),
        matchers=(
            Call(functions=("numpy.recfromcsv",), check=_recfrom(csv=True)),
            Call(functions=("numpy.recfromtxt",), check=_recfrom(csv=False)),
        ),
        examples=(
            (
                "import numpy as np\nd = np.recfromcsv('iris.csv')\n"
                "t = np.recfromtxt('t.txt', names=True)",
                "import numpy as np\nd = np.genfromtxt('iris.csv', delimiter=',', names=True, "
                "dtype=None, case_sensitive='lower').view(np.recarray)\n"
                "t = np.genfromtxt('t.txt', names=True, dtype=None).view(np.recarray)",
            ),
        ),
        proofs=(
            Proof(
                _CASE_CSV + "d = np.recfromcsv(io.StringIO(text))\nv = d.sepal",
                name="v",
                expected=[5.1, 4.9],
            ),
        ),
    ),
    Rule(
        id="NPY037",
        library=LIB,
        changed_in="1.22",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.loads, np.ndfromtxt and np.mafromtxt were removed in 1.22; use pickle.loads "
        "and np.genfromtxt",
        replacement="pickle.loads(s); np.genfromtxt(f); np.genfromtxt(f, usemask=True)",
        signatures=gone(["loads", "ndfromtxt", "mafromtxt"]),
        matchers=(
            Symbol(old="numpy.loads", new="pickle.loads"),
            Symbol(old="numpy.ndfromtxt", new="numpy.genfromtxt"),
            Call(functions=("numpy.mafromtxt",), check=_mafromtxt),
        ),
        examples=(
            (
                "import numpy as np\no = np.loads(blob)\nd = np.ndfromtxt('d.txt')\n"
                "m = np.mafromtxt('d.txt', missing_values='?')",
                "import numpy as np\nfrom pickle import loads\no = loads(blob)\n"
                "d = np.genfromtxt('d.txt')\n"
                "m = np.genfromtxt('d.txt', missing_values='?', usemask=True)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np, pickle\nv = np.loads(pickle.dumps([1, 2]))",
                name="v",
                expected=[1, 2],
            ),
        ),
    ),
    Rule(
        id="NPY038",
        library=LIB,
        changed_in="1.20",
        safety=REVIEW,
        catalogue=SOURCE,
        message="the financial functions (np.pmt, npv, irr, fv, ...) were removed in 1.20; they "
        "live in numpy_financial (pip install numpy-financial)",
        replacement="from numpy_financial import pmt",
        signatures=gone(FINANCIAL),
        matchers=tuple(Symbol(old=f"numpy.{f}", new=f"numpy_financial.{f}") for f in FINANCIAL),
        examples=(
            (
                "import numpy as np\nm = np.pmt(0.05 / 12, 60, 10000)",
                "import numpy as np\nfrom numpy_financial import pmt\n"
                "m = pmt(0.05 / 12, 60, 10000)",
            ),
        ),
    ),
    Rule(
        id="NPY039",
        library=LIB,
        changed_in="1.21",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.unravel_index(dims=) was removed in 1.21; use shape=",
        replacement="shape=",
        signatures=(unexpected_kwarg(["dims"]),),
        matchers=(kwarg_rename("dims", "shape", functions=("numpy.unravel_index",)),),
        examples=(
            (
                "import numpy as np\nr, c = np.unravel_index(k, dims=(3, 4))",
                "import numpy as np\nr, c = np.unravel_index(k, shape=(3, 4))",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.unravel_index(5, dims=(2, 3))",
                name="v",
                expected=(1, 2),
            ),
        ),
    ),
    Rule(
        id="NPY040",
        library=LIB,
        changed_in="2.4",
        safety=SAFE,
        catalogue=SOURCE,
        message="keywords that had no effect were removed in 2.4: corrcoef(bias=, ddof=), "
        "save(fix_imports=), array2string(style=); drop them",
        replacement="np.corrcoef(x, y)",
        signatures=(unexpected_kwarg(["bias", "ddof", "fix_imports", "style"]),),
        matchers=(
            kwarg_drop("bias", "ddof", functions=("numpy.corrcoef",)),
            kwarg_drop("fix_imports", functions=("numpy.save",)),
            kwarg_drop("style", functions=("numpy.array2string",)),
        ),
        examples=(
            (
                "import numpy as np\nr = np.corrcoef(x, y, bias=True)\n"
                "np.save('a.npy', a, fix_imports=True)\ns = np.array2string(a, style=repr)",
                "import numpy as np\nr = np.corrcoef(x, y)\nnp.save('a.npy', a)\n"
                "s = np.array2string(a)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.corrcoef([1, 2, 3], [1, 2, 4], bias=True)[0, 0]",
                name="v",
                expected=1.0,
            ),
        ),
    ),
    Rule(
        id="NPY041",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.DataSource, byte_bounds, compare_chararrays and format_parser left the main "
        "namespace in 2.0; use np.lib.npyio / np.lib.array_utils / np.char / np.rec",
        replacement="np.lib.npyio.DataSource, np.char.compare_chararrays, ...",
        signatures=gone(MOVED_2_0),
        matchers=tuple(Symbol(old=f"numpy.{k}", new=v) for k, v in MOVED_2_0.items()),
        examples=(
            (
                "import numpy as np\nds = np.DataSource('/tmp')\nlo, hi = np.byte_bounds(a)\n"
                "eq = np.compare_chararrays(a, b, '==', True)\n"
                "p = np.format_parser(['f8'], ['x'], None)",
                "import numpy as np\nds = np.lib.npyio.DataSource('/tmp')\n"
                "lo, hi = np.lib.array_utils.byte_bounds(a)\n"
                "eq = np.char.compare_chararrays(a, b, '==', True)\n"
                "p = np.rec.format_parser(['f8'], ['x'], None)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.format_parser(['f8'], ['x'], None).dtype.names",
                name="v",
                expected=("x",),
            ),
        ),
    ),
    Rule(
        id="NPY042",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.fastCopyAndTranspose, disp, nbytes, sctype2char and obj2sctype were removed "
        "(2.0, disp 2.4); use a.T.copy(), print, np.dtype(t).itemsize/.char/.type",
        replacement="a.T.copy(); print(x); np.dtype(t).itemsize",
        signatures=gone(["fastCopyAndTranspose", "disp", "nbytes", "sctype2char", "obj2sctype"]),
        matchers=(
            Call(
                functions=("numpy.fastCopyAndTranspose",),
                check=_one_arg(
                    lambda a, refs: edits.method_call(
                        cst.Attribute(value=edits.paren(a), attr=cst.Name("T")), "copy"
                    )
                ),
            ),
            Call(
                functions=("numpy.disp",),
                check=_one_arg(lambda a, refs: cst.Call(func=cst.Name("print"), args=[cst.Arg(a)])),
            ),
            Call(
                functions=("numpy.sctype2char",),
                check=_one_arg(_dtype_of("char"), needs=("numpy.dtype",)),
            ),
            # obj2sctype also took arrays and gave None for what is no type: only on its error
            Call(
                functions=("numpy.obj2sctype",),
                check=_one_arg(_dtype_of("type"), needs=("numpy.dtype",), proven=False),
            ),
            Node(types=("Subscript",), check=_nbytes),
        ),
        examples=(
            (
                "import numpy as np\nb = np.fastCopyAndTranspose(m)\nnp.disp('done')\n"
                "n = np.nbytes[np.float32]\nc = np.sctype2char(np.float64)\n"
                "t = np.obj2sctype('f8')",
                "import numpy as np\nb = m.T.copy()\nprint('done')\n"
                "n = np.dtype(np.float32).itemsize\nc = np.dtype(np.float64).char\n"
                "t = np.dtype('f8').type",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.fastCopyAndTranspose(np.ones((2, 3))).shape",
                name="v",
                expected=(3, 2),
            ),
            Proof("import numpy as np\nv = np.nbytes[np.float32]", name="v", expected=4),
        ),
    ),
    Rule(
        id="NPY043",
        library=LIB,
        changed_in="1.14",
        safety=SAFE,
        silent=True,
        catalogue=SOURCE,
        message="numpy 1.14 prints float arrays without a sign space (array([0.1, 0.2])); the "
        "stored outputs show the old style: set_printoptions(legacy='1.13') shows it again",
        replacement="np.set_printoptions(legacy='1.13')",
        matchers=(Node(types=("Module",), check=_legacy_113),),
        stored_result="array([ 0.1,  0.2,  0.3])",
        examples=(
            (
                "import numpy as np\n# %%\nnp.array([0.1, 0.2, 0.3])",
                "import numpy as np\n# %%\nnp.set_printoptions(legacy='1.13')\n"
                "np.array([0.1, 0.2, 0.3])",
            ),
        ),
    ),
    Rule(
        id="NPY044",
        library=LIB,
        changed_in="2.0",
        safety=SAFE,
        silent=True,
        catalogue=SOURCE,
        message="numpy 2.0 shows scalars with their type (np.float64(0.5), NEP 51); the stored "
        "output shows a bare number: set_printoptions(legacy='1.25') shows it so again",
        replacement="np.set_printoptions(legacy='1.25')",
        matchers=(Node(types=("Module",), check=_legacy_125),),
        stored_result="0.5",
        examples=(
            (
                "import numpy as np\nx = np.array([0.25, 0.75])\n# %%\nnp.float64(x.mean())",
                "import numpy as np\nx = np.array([0.25, 0.75])\n# %%\n"
                "np.set_printoptions(legacy='1.25')\nnp.float64(x.mean())",
            ),
        ),
    ),
    Rule(
        id="NPY045",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        catalogue=SOURCE,
        message="loadtxt/genfromtxt pass converters str since 2.0 (encoding=None); "
        "encoding='bytes' gives them the bytes they were written for",
        replacement="np.loadtxt(f, converters={4: f}, encoding='bytes')",
        signatures=(
            r"could not convert string '[^']*' to \w+ at row \d+, column \d+",
            r"'str' object has no attribute 'decode'",
            r"a bytes-like object is required, not 'str'",
            r"^KeyError: '[^']*'$",
        ),
        matchers=(Call(functions=("numpy.loadtxt", "numpy.genfromtxt"), check=_converters_bytes),),
        examples=(
            (
                "import numpy as np\nlabel = {b'Iris-setosa': 0, b'Iris-versicolor': 1}\n"
                "d = np.loadtxt('iris.data', delimiter=',', converters={4: lambda s: label[s]})",
                "import numpy as np\nlabel = {b'Iris-setosa': 0, b'Iris-versicolor': 1}\n"
                "d = np.loadtxt('iris.data', delimiter=',', converters={4: lambda s: label[s]}, "
                "encoding='bytes')",
            ),
        ),
        proofs=(
            Proof(
                _CASE_CSV
                + (
                    "label = {b'Iris-setosa': 0, b'Iris-virginica': 1}\n"
                    "v = np.loadtxt(io.StringIO(text), delimiter=',', skiprows=1, "
                    "converters={1: lambda s: label[s]})"
                ),
                name="v",
                expected=[[5.1, 0], [4.9, 1]],
            ),
        ),
    ),
    Rule(
        id="NPY046",
        library=LIB,
        changed_in="2.0",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue=SOURCE,
        message="np.linalg.lstsq's default rcond became eps * max(M, N) in 2.0; rcond=-1 keeps "
        "the old cut-off (machine precision)",
        replacement="np.linalg.lstsq(A, b, rcond=-1)",
        matchers=(pin_default("rcond", -1, functions=("numpy.linalg.lstsq",), position=2),),
        examples=(
            (
                "import numpy as np\nw = np.linalg.lstsq(A, b)[0]",
                "import numpy as np\nw = np.linalg.lstsq(A, b, rcond=-1)[0]",
            ),
        ),
    ),
    Rule(
        id="NPY047",
        library=LIB,
        changed_in="2.3",
        safety=REVIEW,
        catalogue=SOURCE,
        message="np.loadtxt(dtype=int) no longer parses '1.0' (2.3); read floats and cast, as "
        "numpy did",
        replacement="np.loadtxt(f).astype(int)",
        signatures=(r"could not convert string '[^']*' to u?int\d+ at row",),
        matchers=(Call(functions=("numpy.loadtxt",), check=_loadtxt_int),),
        examples=(
            (
                "import numpy as np\nlabels = np.loadtxt('y.txt', dtype=int)",
                "import numpy as np\nlabels = np.loadtxt('y.txt').astype(int)",
            ),
        ),
        proofs=(
            Proof(
                "import io\nimport numpy as np\nv = np.loadtxt(io.StringIO('1.0 2.7'), dtype=int)",
                name="v",
                expected=[1, 2],
            ),
        ),
    ),
    Rule(
        id="NPY048",
        library=LIB,
        changed_in="1.16.3",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="numpy refused to unpickle the notebook's file (allow_pickle=True was the "
        "default before 1.16.3; the file must be one the notebook trusts)",
        message="np.load no longer unpickles object arrays by default (1.16.3, CVE-2019-6446: "
        "allow_pickle defaults to False); allow_pickle=True loads the notebook's own file",
        replacement="np.load('d.npy', allow_pickle=True)",
        why="NumPy 1.16.3's release notes (Compatibility notes, 'Unpickling while loading "
        "requires explicit opt-in') made np.load and np.lib.format.read_array default to "
        "allow_pickle=False; an array of objects or a saved dict (np.save('d.npy', {...}), read "
        "back with np.load('d.npy').item()) raises ValueError since. allow_pickle=True is the "
        "old default; it is proposed only after that error, since a pickle runs code.",
        signatures=(
            r"Object arrays cannot be loaded when allow_pickle=False",
            r"Cannot load file containing pickled data when allow_pickle=False",
        ),
        matchers=(Call(functions=("numpy.load",), check=_load_pickle),),
        examples=(
            (
                "import numpy as np\nvocab = np.load('vocab.npy').item()\n"
                "x = np.load('x.npy', allow_pickle=False)",
                "import numpy as np\nvocab = np.load('vocab.npy', allow_pickle=True).item()\n"
                "x = np.load('x.npy', allow_pickle=False)",
            ),
        ),
        proofs=(
            Proof(
                (
                    "import io\nimport numpy as np\nf = io.BytesIO()\n"
                    "np.save(f, {'a': 1})\nf.seek(0)\n"
                    "v = np.load(f).item()"
                ),
                name="v",
                expected={"a": 1},
            ),
        ),
    ),
    Rule(
        id="NPY049",
        library=LIB,
        changed_in="1.18",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="num is a float (a float literal, a division of ints, np.ceil(...)); a "
        "division of untyped names once numpy refused it",
        message="np.linspace(num=) must be an integer since 1.18 (deprecated in 1.12: numpy "
        "took int(num)); int(num) is the count it used",
        replacement="np.linspace(0, 1, int(n / 2))",
        signatures=(r"'(numpy\.)?float(16|32|64)?' object cannot be interpreted as an integer",),
        matchers=(
            Call(
                functions=qualify("numpy", ["linspace", "logspace", "geomspace"]),
                check=_linspace_num,
            ),
        ),
        examples=(
            (
                "import numpy as np\nxs = np.linspace(0, 1, n / 2)\n"
                "ys = np.linspace(-1, 1, num=len(x) / 2)\nzs = np.linspace(0, 10, 5.0)\n"
                "ws = np.linspace(0, 1, n)",
                "import numpy as np\nxs = np.linspace(0, 1, int(n / 2))\n"
                "ys = np.linspace(-1, 1, num=int(len(x) / 2))\nzs = np.linspace(0, 10, 5)\n"
                "ws = np.linspace(0, 1, n)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nn = 10\nv = np.linspace(0, 1, n / 2)",
                name="v",
                expected=[0, 0.25, 0.5, 0.75, 1],
            ),
            Proof(
                "import numpy as np\nv = np.linspace(0, 1, 7 / 2)", name="v", expected=[0, 0.5, 1]
            ),
        ),
    ),
    Rule(
        id="NPY050",
        library=LIB,
        changed_in="1.13",
        safety=SAFE,
        catalogue=SOURCE,
        message="- and subtraction of numpy bool arrays raise TypeError since 1.13 (they were "
        "logical not and xor); use ~mask and np.logical_xor(m1, m2)",
        replacement="x[~np.isnan(x)]; np.logical_xor(a > 0, b > 0)",
        signatures=(
            r"The numpy boolean negative, the `-` operator, is not supported",
            r"numpy boolean subtract, the `-` operator, is not supported",
        ),
        matchers=(
            Node(types=("UnaryOperation",), check=_bool_negative),
            Node(types=("BinaryOperation",), check=_bool_subtract),
            Call(functions=("numpy.negative",), check=_bool_ufunc("logical_not", 1)),
            Call(functions=("numpy.subtract",), check=_bool_ufunc("logical_xor", 2)),
        ),
        examples=(
            (
                "import numpy as np\nx = np.array([1.0, np.nan])\nclean = x[-np.isnan(x)]\n"
                "flip = -(x > 0)\nd = (x > 0) - (x < 2) + 1\nneg = -x\n"
                "n = np.negative(np.isnan(x))\ns = np.subtract(x > 0, x > 1)",
                "import numpy as np\nx = np.array([1.0, np.nan])\nclean = x[~np.isnan(x)]\n"
                "flip = ~(x > 0)\nd = np.logical_xor(x > 0, x < 2) + 1\nneg = -x\n"
                "n = np.logical_not(np.isnan(x))\ns = np.logical_xor(x > 0, x > 1)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nx = np.array([1.0, np.nan, 3.0])\nv = x[-np.isnan(x)]",
                name="v",
                expected=[1, 3],
            ),
            Proof(
                "import numpy as np\nx = np.array([0, 1, 2])\nv = (x > 0) - (x > 1)",
                name="v",
                expected=[0, 1, 0],
            ),
            Proof(
                "import numpy as np\nx = np.array([1.0, np.nan])\nv = np.negative(np.isnan(x))",
                name="v",
                expected=[1, 0],
            ),
            Proof(
                "import numpy as np\nx = np.array([0, 1, 2])\nv = np.subtract(x > 0, x > 1)",
                name="v",
                expected=[0, 1, 0],
            ),
        ),
    ),
    Rule(
        id="NPY051",
        library=LIB,
        changed_in="1.19",
        safety=SAFE,
        silent=True,
        catalogue=SOURCE,
        message="np.issubdtype(x, float) means float64 since 1.19 (it meant np.floating, a "
        "FutureWarning since 1.14); np.floating / np.signedinteger is what it tested",
        replacement="np.issubdtype(x.dtype, np.floating)",
        matchers=(Call(functions=("numpy.issubdtype",), check=_issubdtype),),
        examples=(
            (
                "import numpy as np\nif np.issubdtype(df[c].dtype, float):\n    pass\n"
                "ok = np.issubdtype(a.dtype, 'float64') or np.issubdtype(a.dtype, int)\n"
                "same = np.issubdtype(a.dtype, np.float32)",
                "import numpy as np\nif np.issubdtype(df[c].dtype, np.floating):\n    pass\n"
                "ok = np.issubdtype(a.dtype, np.floating) or "
                "np.issubdtype(a.dtype, np.signedinteger)\n"
                "same = np.issubdtype(a.dtype, np.float32)",
            ),
        ),
    ),
    Rule(
        id="NPY052",
        library=LIB,
        changed_in="2.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="np.floating/np.integer/np.number as a dtype raise TypeError since 2.3 "
        "(deprecated in 1.19: they gave float64 / the C long); use np.float64 / np.int_",
        replacement="np.zeros(3, dtype=np.float64); a.astype(np.int_)",
        signatures=(r"Converting .np\.\w+. (or .np\.\w+. )?to a dtype (is )?not allowed",),
        matchers=tuple(
            Symbol(old=f"numpy.{old}", new=f"numpy.{new}", check=_abstract_dtype)
            for old, new in ABSTRACT_DTYPES.items()
        ),
        examples=(
            (
                "import numpy as np\nz = np.zeros(3, dtype=np.floating)\n"
                "i = a.astype(np.integer)\nt = np.dtype(np.number)\n"
                "ok = isinstance(v, np.integer) or np.issubdtype(a.dtype, np.floating)",
                "import numpy as np\nz = np.zeros(3, dtype=np.float64)\n"
                "i = a.astype(np.int_)\nt = np.dtype(np.float64)\n"
                "ok = isinstance(v, np.integer) or np.issubdtype(a.dtype, np.floating)",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nv = np.zeros(2, dtype=np.floating).dtype.name",
                name="v",
                expected="float64",
            ),
            Proof(
                "import numpy as np\nv = np.ones(2).astype(np.integer).dtype",
                name="v",
                expected="int64",
            ),
        ),
    ),
    Rule(
        id="NPY053",
        library=LIB,
        changed_in="1.12",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the size is a float (a division of ints, a float literal); a division of "
        "untyped names once numpy refused it",
        message="float sizes raise TypeError since numpy 1.12 (np.zeros(n / 2), "
        "a.reshape(-1, w / 2); numpy truncated them with int()); int() gives the size it used",
        replacement="np.zeros(int(n / 2)); a.reshape(-1, int(w / 2))",
        signatures=(
            r"'(numpy\.)?float(16|32|64)?' object cannot be interpreted as an integer",
            r"expected a sequence of integers or a single integer, got '[^']*'",
        ),
        matchers=(
            Call(functions=(*SIZE_ARGS, *RANDOM_DIMS), check=_float_sizes),
            Call(methods=("reshape",), receivers=(NDARRAY,), check=_float_sizes),
        ),
        examples=(
            (
                "import numpy as np\nh = np.zeros((len(x) / 2, 3))\nw = np.ones(n / 2)\n"
                "img = flat.reshape(-1, side / 2)\nr = np.random.randn(4.0, k)\n"
                "e = np.empty((n, m))",
                "import numpy as np\nh = np.zeros((int(len(x) / 2), 3))\nw = np.ones(int(n / 2))\n"
                "img = flat.reshape(-1, int(side / 2))\nr = np.random.randn(4, k)\n"
                "e = np.empty((n, m))",
            ),
        ),
        proofs=(
            Proof(
                "import numpy as np\nn = 6\nv = np.zeros((n / 2, 2)).shape",
                name="v",
                expected=(3, 2),
            ),
            Proof("import numpy as np\nn = 7\nv = np.ones(n / 2).shape", name="v", expected=(3,)),
            Proof(
                "import numpy as np\nv = np.arange(6).reshape(2, 7 / 2).shape",
                name="v",
                expected=(2, 3),
            ),
        ),
    ),
    Rule(
        id="NPY054",
        library=LIB,
        changed_in="1.13",
        safety=SAFE_IF,
        catalogue=SOURCE,
        condition="the operand is a numpy array (or, once numpy refused the elementwise result "
        "as a condition, an untyped one: an array or None); pandas objects are left alone",
        message="arr == None compares elementwise since numpy 1.13 (it was the scalar False; "
        "'if arr == None:' raises); arr is None is what it answered",
        replacement="if weights is None:",
        signatures=(r"The truth value of an array with more than one element is ambiguous",),
        matchers=(Node(types=("Comparison",), check=_none_comparison),),
        examples=(
            (
                "import numpy as np\nimport pandas as pd\ndef fit(X, w=None):\n    if w == None:\n"
                "        w = np.ones(len(X))\n    return w\n"
                "a = np.zeros(3)\nempty = a != None\ndf = pd.read_csv('d.csv')\n"
                "mask = df['c'] == None",
                "import numpy as np\nimport pandas as pd\ndef fit(X, w=None):\n    if w is None:\n"
                "        w = np.ones(len(X))\n    return w\n"
                "a = np.zeros(3)\nempty = a is not None\ndf = pd.read_csv('d.csv')\n"
                "mask = df['c'] == None",
            ),
        ),
        proofs=(
            Proof(
                (
                    "import numpy as np\ndef f(w=None):\n"
                    "    if w == None:\n        return 0\n"
                    "    return 1\nv = [f(), f(np.ones(3))]"
                ),
                name="v",
                expected=[0, 1],
            ),
        ),
    ),
    Rule(
        id="NPY055",
        library=LIB,
        changed_in="1.12",
        safety=REVIEW,
        catalogue=SOURCE,
        message="integer arrays to negative integer powers raise ValueError since numpy 1.12 (they "
        "gave integers: 2 ** -1 was 0); a float exponent gives the float powers",
        replacement="x ** -1.0",
        signatures=(r"Integers to negative integer powers are not allowed",),
        matchers=(
            Node(types=("BinaryOperation",), check=_negative_power),
            Call(functions=("numpy.power",), check=_negative_power_call),
        ),
        examples=(
            (
                "import numpy as np\nk = np.arange(1, 5)\ninv = k ** -1\nsq = 2 ** -2\n"
                "w = 1.0 / n ** -2\np = np.power(k, -1)",
                "import numpy as np\nk = np.arange(1, 5)\ninv = k ** -1.0\nsq = 2 ** -2\n"
                "w = 1.0 / n ** -2.0\np = np.power(k, -1.0)",
            ),
        ),
    ),
]
