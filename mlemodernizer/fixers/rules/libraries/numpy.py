"""NumPy: removed aliases and functions (1.20 → 2.5), changed keywords, NEP 50 (catalogue §1)."""

from __future__ import annotations

import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_rename,
    no_attribute,
    qualify,
    renames,
    report,
    unexpected_kwarg,
)
from ..matchers import MISSING, NOT_LITERAL, Call, Node, Outcome, Site, Symbol, literal
from ..model import REVIEW, SAFE, SAFE_IF, Rule
from ..symbols import DATAFRAME, NDARRAY, SERIES

LIB = "numpy"


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
        ),
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
        ),
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
        examples=(("import numpy as np\np = np.product(s)", "import numpy as np\np = np.prod(s)"),),
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
        message="np.histogram(normed=) was removed in 1.24; density= differs for unequal bins",
        replacement="density=True",
        signatures=(unexpected_kwarg(["normed"]),),
        matchers=(Call(functions=("numpy.histogram",), check=_histogram_normed),),
        examples=(
            (
                "import numpy as np\nh, e = np.histogram(x, bins=10, normed=True)",
                "import numpy as np\nh, e = np.histogram(x, bins=10, density=True)",
            ),
        ),
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
    ),
    Rule(
        id="NPY022",
        library=LIB,
        changed_in="2.4",
        safety=SAFE_IF,
        catalogue="N22",
        condition="the argument is an ndarray (exact whenever the old call worked: size 1)",
        message="float()/int() of an array with ndim > 0 raises since 2.4; use arr.item()",
        replacement="float(arr.item())",
        signatures=(
            r"only 0-dimensional arrays can be converted to Python scalars",
            r"only length-1 arrays",
        ),
        matchers=(Call(functions=("builtins.float", "builtins.int"), check=_float_of_array),),
        examples=(
            (
                "import numpy as np\np = np.array([0.5])\nv = float(p)",
                "import numpy as np\np = np.array([0.5])\nv = float(p.item())",
            ),
            (  # an element inference cannot type: only after the error, through np.asarray
                "import numpy as np\nj = int(idx[i])\nk = int(row['n'])\nn = int(tokens)",
                "import numpy as np\nj = int(np.asarray(idx[i]).item())\nk = int(row['n'])\n"
                "n = int(tokens)",
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
    ),
]
