"""SciPy: scipy.misc removals, the NumPy names in the scipy namespace, integrate renames,
stats/signal/linalg keywords and functions removed since 0.18, sparse .A/.H (catalogue §5)."""

from __future__ import annotations

import re
from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_attribute,
    object_no_attribute,
    qualify,
    unexpected_kwarg,
)
from ..matchers import (
    DEFAULT_FIX,
    MISSING,
    Attr,
    Call,
    Module,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import REVIEW, SAFE, SAFE_IF, Rule

LIB = "scipy"

# setups the rules' proofs share
_CASE_IMG = (
    "import numpy as np\nimg = (np.arange(48 * 64) % 251).astype(np.uint8).reshape(48, 64)\n"
)
_CASE_F = "import numpy as np\nf = lambda x: np.sin(x) * x ** 2\n"
_CASE_XS = "import numpy as np\nx = np.linspace(0.0, 3.0, 12)\ny = np.cos(x)\n"
SPARSE = "scipy.sparse.spmatrix"
MISC_SPECIAL = ["comb", "factorial", "factorial2", "factorialk", "logsumexp"]
INTEGRATE = {"simps": "simpson", "trapz": "trapezoid", "cumtrapz": "cumulative_trapezoid"}

# NumPy names SciPy < 1.12 re-exported from its own namespace (``from numpy import *``)
NUMPY_NAMES = """
array arange zeros ones empty full linspace logspace meshgrid mgrid ogrid r_ c_ eye identity
diag diagonal trace dot vdot outer inner cross kron transpose reshape ravel concatenate hstack
vstack dstack column_stack stack split array_split tile repeat where argmax argmin argsort sort
unique cumsum cumprod diff gradient sum prod mean std var median average amax amin max min ptp
maximum minimum clip abs absolute sign floor ceil rint fix round around exp exp2 expm1 log1p
sin cos tan arctan arctan2 sinh cosh tanh arcsinh arccosh deg2rad rad2deg degrees radians hypot
real imag conj conjugate angle isnan isinf isfinite isreal iscomplex nan_to_num polyfit polyval
poly1d roots polyder polyint asarray asanyarray copy shape size ndim zeros_like ones_like
empty_like full_like interp histogram histogram2d convolve correlate corrcoef cov allclose
isclose array_equal mod fmod remainder floor_divide true_divide divide multiply add subtract
negative square cbrt reciprocal logical_and logical_or logical_not logical_xor any all
count_nonzero nonzero flatnonzero flipud fliplr flip rot90 roll einsum vectorize frompyfunc
loadtxt savetxt genfromtxt save load savez seterr set_printoptions finfo iinfo dtype ndarray
newaxis pi e inf nan float64 float32 int64 int32 int8 int16 uint8 complex128 complex64 bool_
int_ intp select piecewise atleast_1d atleast_2d atleast_3d squeeze expand_dims swapaxes
moveaxis tril triu tri vander searchsorted bincount digitize sinc i0 kaiser hanning hamming
blackman bartlett
""".split()  # noqa: SIM905
# ... whose NumPy name has changed since (the old spelling is gone from NumPy 2 as well)
NUMPY_RENAMED = {
    "NaN": "nan",
    "NAN": "nan",
    "Inf": "inf",
    "Infinity": "inf",
    "infty": "inf",
    "float_": "float64",
    "complex_": "complex128",
    "product": "prod",
    "cumproduct": "cumprod",
    "alltrue": "all",
    "sometrue": "any",
    "round_": "round",
    "trapz": "trapezoid",
    "mat": "asmatrix",
}
# numpy.lib.scimath's versions shadowed NumPy's in the scipy namespace: scipy.sqrt(-1) is 1j
SCIMATH = ["sqrt", "log", "log2", "log10", "logn", "power", "arccos", "arcsin", "arctanh"]
NUMPY_OTHER = {
    "rand": "numpy.random.rand",
    "randn": "numpy.random.randn",
    "ifft": "numpy.fft.ifft",
}
SCIPY_NAMESPACE = [*NUMPY_NAMES, *NUMPY_RENAMED, *SCIMATH, *NUMPY_OTHER, "random"]

# the scipy.misc image helpers that went through PIL (removed in 1.3)
PIL_RESAMPLE = {
    "nearest": "NEAREST",
    "lanczos": "LANCZOS",
    "bilinear": "BILINEAR",
    "bicubic": "BICUBIC",
    "cubic": "BICUBIC",
}
PIL_FILTERS = {
    "blur": "BLUR",
    "contour": "CONTOUR",
    "detail": "DETAIL",
    "edge_enhance": "EDGE_ENHANCE",
    "edge_enhance_more": "EDGE_ENHANCE_MORE",
    "emboss": "EMBOSS",
    "find_edges": "FIND_EDGES",
    "smooth": "SMOOTH",
    "smooth_more": "SMOOTH_MORE",
    "sharpen": "SHARPEN",
}
MISC_PIL = ["imresize", "imrotate", "imfilter", "toimage", "fromimage"]

STATS_DISTRIBUTIONS = {
    "frechet_r": "weibull_min",
    "frechet_l": "weibull_max",
    "gilbrat": "gibrat",
    "trapz": "trapezoid",
}
# distributions whose methods (interval, moment) notebooks call through the module
COMMON_DISTRIBUTIONS = """
norm t chi2 f binom poisson expon gamma beta uniform lognorm weibull_min weibull_max cauchy
laplace logistic nbinom geom hypergeom bernoulli pareto rayleigh triang truncnorm gumbel_r
gumbel_l genextreme invgamma halfnorm skewnorm vonmises randint zipf loguniform gengamma nct
ncx2 ncf chi exponweib dweibull betabinom multinomial
""".split()  # noqa: SIM905

# the window functions of scipy.signal.windows that scipy.signal exposed until 1.13
WINDOWS = """
barthann bartlett blackman blackmanharris bohman boxcar chebwin cosine dpss exponential flattop
gaussian general_cosine general_gaussian general_hamming hamming hann kaiser nuttall parzen
triang tukey
""".split()  # noqa: SIM905
SPECTRAL = qualify(
    "scipy.signal",
    ["welch", "periodogram", "spectrogram", "stft", "istft", "csd", "coherence", "resample"],
)
FIR = qualify("scipy.signal", ["firwin", "firwin2", "firls", "remez"])
SOLVERS = qualify(
    "scipy.sparse.linalg",
    ["bicg", "bicgstab", "cg", "cgs", "gcrotmk", "gmres", "lgmres", "minres", "qmr", "tfqmr"],
)
KDTREES = ("scipy.spatial.cKDTree", "scipy.spatial.KDTree")
NELDER_MEAD = {"xtol": "xatol", "ftol": "fatol"}


def _misc_symbol(rewritable: Any) -> Any:
    """The check of a removed function whose calls the rule's Call matcher rewrites whole: the
    import goes (the rewrite adds its own), a call it rewrites is left to it, any other use is
    reported."""

    def check(site: Site) -> Outcome | None:
        if isinstance(site.node, cst.ImportAlias):
            return Outcome(fix=DEFAULT_FIX)
        call, arg = site.context if site.context else (None, None)
        callee = isinstance(call, cst.Call) and arg is None and call.func is site.node
        if callee and rewritable(call):
            return None
        return Outcome(fix=None)

    return check


def _is_simple(node: cst.BaseExpression) -> bool:
    """A name, attribute chain or number: safe to write twice."""
    if isinstance(node, cst.Name | cst.Integer | cst.Float):
        return True
    if isinstance(node, cst.Attribute):
        return _is_simple(node.value)
    return isinstance(node, cst.UnaryOperation) and isinstance(
        node.expression, cst.Integer | cst.Float
    )


def _args(node: cst.Call, names: list[str]) -> dict[str, cst.BaseExpression] | None:
    """The call's arguments by the old signature's names (positional or keyword); None with
    starred arguments or a keyword the signature does not have."""
    found: dict[str, cst.BaseExpression] = {}
    pos = 0
    for a in node.args:
        if a.star:
            return None
        if a.keyword is None:
            if pos >= len(names):
                return None
            found[names[pos]] = a.value
            pos += 1
        elif a.keyword.value in names:
            found[a.keyword.value] = a.value
        else:
            return None
    return found


def _arg(value: cst.BaseExpression, keyword: str | None = None) -> cst.Arg:
    value = value.with_changes(lpar=[], rpar=[]) if keyword is None else value
    if keyword is not None:
        return edits.kwarg(keyword, value)
    return cst.Arg(value)


def _call(func: cst.BaseExpression, args: list[cst.Arg]) -> cst.Call:
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    out = [a.with_changes(comma=comma) for a in args[:-1]] + [
        edits.strip_comma(a) for a in args[-1:]
    ]
    return cst.Call(func=func, args=out)


def _attr(value: cst.BaseExpression, *names: str) -> cst.BaseExpression:
    for n in names:
        value = cst.Attribute(value=edits.paren(value), attr=cst.Name(n))
    return value


# --- scipy.misc image helpers via PIL --------------------------------------------------------


def _resample(found: dict[str, cst.BaseExpression]) -> str | None:
    interp = literal(found["interp"]) if "interp" in found else "bilinear"
    return PIL_RESAMPLE.get(interp) if isinstance(interp, str) else None


def _imresize_size(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """imresize's (height, width[, channels]) as PIL's (width, height)."""
    if isinstance(node, cst.Tuple | cst.List) and len(node.elements) in (2, 3):
        h, w = (e.value for e in node.elements[:2])
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Tuple([cst.Element(w, comma=comma), cst.Element(h)])
    if isinstance(node, cst.Name | cst.Attribute | cst.Subscript):
        reverse = cst.Slice(
            lower=cst.Integer("1"),
            upper=None,
            step=cst.UnaryOperation(cst.Minus(), cst.Integer("1")),
        )
        return cst.Subscript(
            value=cst.Call(func=cst.Name("tuple"), args=[cst.Arg(node)]),
            slice=[cst.SubscriptElement(reverse)],
        )
    return None


def _pil_parts(node: cst.Call, qname: str) -> tuple[str, dict[str, Any]] | None:
    """What a misc image call becomes: (kind, its pieces), None when it cannot be written."""
    name = qname.rpartition(".")[2]
    if name == "imresize":
        found = _args(node, ["arr", "size", "interp", "mode"])
        if not found or "arr" not in found or "size" not in found or "mode" in found:
            return None
        size = _imresize_size(found["size"])
        resample = _resample(found)
        if size is None or resample is None:
            return None
        return name, {"arr": found["arr"], "size": size, "resample": resample}
    if name == "imrotate":
        found = _args(node, ["arr", "angle", "interp"])
        if not found or "arr" not in found or "angle" not in found:
            return None
        resample = _resample(found)
        return (name, {**found, "resample": resample}) if resample else None
    if name == "imfilter":
        found = _args(node, ["arr", "ftype"])
        ftype = literal(found["ftype"]) if found and "ftype" in found else None
        if not found or "arr" not in found or not isinstance(ftype, str):
            return None
        return (
            (name, {"arr": found["arr"], "filter": PIL_FILTERS[ftype]})
            if ftype in PIL_FILTERS
            else None
        )
    if name == "toimage":
        found = _args(node, ["arr"])
        return (name, found) if found and "arr" in found else None
    if name == "fromimage":
        found = _args(node, ["im", "flatten", "mode"])
        if not found or "im" not in found:
            return None
        flatten = literal(found["flatten"]) if "flatten" in found else False
        mode = literal(found["mode"]) if "mode" in found else None
        if flatten not in (True, False) or not (mode is None or isinstance(mode, str)):
            return None
        return name, {"im": found["im"], "mode": "F" if flatten else mode}
    return None


def _misc_pil(site: Site) -> Outcome | None:
    parts = _pil_parts(site.node, site.qname or "")
    if parts is None:
        return Outcome(fix=None)
    kind = parts[0]
    qname = site.qname or ""

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        now = _pil_parts(node, qname)  # the arguments as other rewrites left them
        if now is None:
            return node
        p = now[1]
        image, array = refs.get("PIL.Image"), refs.get("numpy.array")
        if kind == "fromimage":
            im = p["im"]
            if p["mode"]:
                im = edits.method_call(
                    edits.paren(im), "convert", [cst.Arg(edits.string(p["mode"]))]
                )
            return _call(array, [cst.Arg(im)])
        opened = _call(_attr(image, "fromarray"), [_arg(p["arr"])])
        if kind == "toimage":
            return opened
        if kind == "imresize":
            changed = edits.method_call(
                opened, "resize", [cst.Arg(p["size"]), cst.Arg(_attr(image, p["resample"]))]
            )
        elif kind == "imrotate":
            changed = _call(
                _attr(opened, "rotate"),
                [_arg(p["angle"]), edits.kwarg("resample", _attr(image, p["resample"]))],
            )
        else:
            changed = edits.method_call(
                opened, "filter", [cst.Arg(_attr(refs["PIL.ImageFilter"], p["filter"]))]
            )
        return _call(array, [cst.Arg(changed)])

    needs: tuple[str, ...] = ("PIL.Image", "numpy.array")
    if kind == "imfilter":
        needs += ("PIL.ImageFilter",)
    if kind in ("toimage", "fromimage"):
        needs = ("PIL.Image",) if kind == "toimage" else ("numpy.array",)
    return Outcome(fix=fix, needs=needs, outer=True)


def _misc_pil_rewritable(call: cst.Call) -> bool:
    func = edits.dotted_name(call.func) or ""
    return _pil_parts(call, func) is not None


# --- scipy.misc.derivative -------------------------------------------------------------------


def _derivative_parts(node: cst.Call) -> dict[str, cst.BaseExpression] | None:
    found = _args(node, ["func", "x0", "dx", "n", "args", "order"])
    if not found or "func" not in found or "x0" not in found:
        return None
    if literal(found.get("n", cst.Integer("1"))) != 1:
        return None
    if literal(found.get("order", cst.Integer("3"))) != 3 or "args" in found:
        return None
    dx = found.get("dx", cst.Float("1.0"))
    if not all(_is_simple(v) for v in (found["func"], found["x0"], dx)):
        return None
    return {"func": found["func"], "x0": found["x0"], "dx": dx}


def _derivative(site: Site) -> Outcome | None:
    """derivative(f, x0, dx) with its defaults (n=1, order=3) is the central difference
    (f(x0 + dx) - f(x0 - dx)) / (2 * dx), bit for bit."""
    if _derivative_parts(site.node) is None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        p = _derivative_parts(node)
        if p is None:
            return node
        f, x0, dx = p["func"], p["x0"], p["dx"]
        ahead = cst.Call(func=f, args=[cst.Arg(cst.BinaryOperation(x0, cst.Add(), dx))])
        back = cst.Call(func=f, args=[cst.Arg(cst.BinaryOperation(x0, cst.Subtract(), dx))])
        diff = cst.BinaryOperation(
            ahead, cst.Subtract(), back, lpar=[cst.LeftParen()], rpar=[cst.RightParen()]
        )
        twice = cst.BinaryOperation(
            cst.Integer("2"), cst.Multiply(), dx, lpar=[cst.LeftParen()], rpar=[cst.RightParen()]
        )
        return cst.BinaryOperation(
            diff, cst.Divide(), twice, lpar=[cst.LeftParen()], rpar=[cst.RightParen()]
        )

    return Outcome(fix=fix, outer=True)


def _simpson_keywords(site: Site) -> Outcome | None:
    """simpson's x/dx/axis are keyword-only, and even= is gone."""
    pos = site.positional()
    if len(pos) <= 1 and site.kwarg("even") is None:
        return None
    if len(pos) > 4:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, ["x", "dx", "axis"], start=1)
        return edits.drop_kwargs(node, "even")

    return Outcome(fix=fix)


def _simpson_even(site: Site) -> Outcome | None:
    """simpson(..., even=) (removed in 1.14) or its dx/axis given by position."""
    if site.kwarg("even") is None and len(site.positional()) <= 2:
        return None
    return _simpson_keywords(site)


def _mode_keepdims(site: Site) -> Outcome | None:
    if site.kwarg("keepdims") is not None or site.has_star():
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(node, [edits.kwarg("keepdims", cst.Name("True"))])
    )


def _sparse_attr(site: Site) -> Outcome | None:
    name = site.node.attr.value

    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        if name == "A":
            return edits.method_call(node.value, "toarray")
        return cst.Attribute(value=edits.method_call(node.value, "conj"), attr=cst.Name("T"))

    return Outcome(fix=fix, proven=site.proven)


def _itemfreq(site: Site) -> Outcome | None:
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        unique = cst.Call(
            func=refs["numpy.unique"],
            args=[
                node.args[0].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                ),
                edits.kwarg("return_counts", cst.Name("True")),
            ],
        )
        stacked = cst.Call(func=refs["numpy.array"], args=[cst.Arg(unique)])
        return cst.Attribute(value=stacked, attr=cst.Name("T"))

    return Outcome(fix=fix, needs=("numpy.unique", "numpy.array"), outer=True)


# --- scipy namespace, integrate ------------------------------------------------------------------


def _scipy_fft(site: Site) -> Outcome | None:
    """``scipy.fft(x)``: the function NumPy's fft was, before scipy.fft became a module."""
    return Outcome(
        fix=lambda node, refs: node.with_changes(func=refs["numpy.fft.fft"]),
        needs=("numpy.fft.fft",),
    )


def _quadrature(site: Site) -> Outcome | None:
    """quadrature(f, a, b) → quad(f, a, b) (both give (value, error)); romberg gives the value
    alone: quad(...)[0]. The tolerances are quad's epsabs/epsrel; the rest has no equivalent."""
    name = (site.qname or "").rpartition(".")[2]
    drop = [n for n in ("maxiter", "vec_func", "miniter", "show", "divmax") if site.kwarg(n)]
    if len(site.positional()) > 4 or site.has_star():
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        node = edits.rename_kwarg(edits.rename_kwarg(node, "tol", "epsabs"), "rtol", "epsrel")
        node = edits.drop_kwargs(node, *drop).with_changes(func=refs["scipy.integrate.quad"])
        if name != "romberg":
            return node
        return cst.Subscript(value=node, slice=[cst.SubscriptElement(cst.Index(cst.Integer("0")))])

    return Outcome(fix=fix, needs=("scipy.integrate.quad",), outer=True)


# --- scipy.stats ---------------------------------------------------------------------------------


def _nan_reduction(site: Site) -> Outcome | None:
    """stats.nanmean/nanmedian(x, axis=0) → np.nanmean/np.nanmedian(x, axis=0): the old default
    axis was 0, NumPy's is None; stats.nanstd(x, axis=0, bias=False) → np.nanstd(x, axis=0,
    ddof=1)."""
    name = (site.qname or "").rpartition(".")[2]
    names = ["x", "axis", "bias"] if name == "nanstd" else ["x", "axis"]
    found = _args(site.node, names)
    if not found or "x" not in found:
        return Outcome(fix=None)
    bias = literal(found["bias"]) if "bias" in found else False
    if bias not in (True, False):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        found = _args(node, names) or {}
        args = [_arg(found["x"]), edits.kwarg("axis", found.get("axis", cst.Integer("0")))]
        if name == "nanstd":
            args.append(edits.kwarg("ddof", cst.Integer("0" if bias else "1")))
        return _call(refs[f"numpy.{name}"], args)

    return Outcome(fix=fix, needs=(f"numpy.{name}",), outer=True)


def _binom_test_parts(node: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """binom_test's (successes, trials): from x and n, or from x = [successes, failures]."""
    found = _args(node, ["x", "n", "p", "alternative"])
    if not found or "x" not in found:
        return None
    x = found["x"]
    if "n" in found:
        return x, found["n"]
    if isinstance(x, cst.List | cst.Tuple) and len(x.elements) == 2:
        k, rest = (e.value for e in x.elements)
        return k, cst.BinaryOperation(k, cst.Add(), rest)
    if isinstance(x, cst.Name):
        first = cst.Subscript(value=x, slice=[cst.SubscriptElement(cst.Index(cst.Integer("0")))])
        second = cst.Subscript(value=x, slice=[cst.SubscriptElement(cst.Index(cst.Integer("1")))])
        return first, cst.BinaryOperation(first, cst.Add(), second)
    return None


def _binom_test(site: Site) -> Outcome | None:
    """binom_test(x, n, p, alternative) → binomtest(x, n, p, alternative).pvalue (binom_test had
    computed exactly that since 1.7)."""
    if _binom_test_parts(site.node) is None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        parts = _binom_test_parts(node)
        if parts is None:
            return node
        k, n = parts
        keep = ("p", "alternative")
        rest = [a for a in node.args if a.keyword is not None and a.keyword.value in keep]
        pos = [a for a in node.args if a.keyword is None][2:]
        args = [_arg(k), _arg(n), *(_arg(a.value) for a in pos), *rest]
        call = _call(refs["scipy.stats.binomtest"], args)
        return cst.Attribute(value=call, attr=cst.Name("pvalue"))

    return Outcome(fix=fix, needs=("scipy.stats.binomtest",), outer=True)


def _binom_test_rewritable(call: cst.Call) -> bool:
    return _binom_test_parts(call) is not None


def _mad(site: Site) -> Outcome | None:
    """median_absolute_deviation multiplied the MAD by its scale (default 1.4826, the normal
    consistency constant); median_abs_deviation divides by its scale (default 1.0): write the
    old factor as 1 / factor. scale='raw' meant 1.0."""
    found = _args(site.node, ["x", "axis", "center", "scale", "nan_policy"])
    if not found:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = node.with_changes(func=refs["scipy.stats.median_abs_deviation"])
        node = edits.positional_to_keywords(node, [None, "axis", "center", "scale", "nan_policy"])
        i = edits.find_kwarg(node, "scale")
        old = node.args[i].value if i is not None else cst.Float("1.4826")
        if literal(old) == "raw":
            return edits.set_kwarg(node, "scale", cst.Float("1.0"))
        if isinstance(old, cst.SimpleString | cst.ConcatenatedString):
            return node  # 'normal' kept its meaning
        plain = isinstance(old, cst.Integer | cst.Float | cst.Name | cst.Attribute)
        inverse = cst.BinaryOperation(
            cst.Integer("1"), cst.Divide(), old if plain else edits.paren(old)
        )
        if i is None:
            return edits.add_args(node, [edits.kwarg("scale", inverse)])
        return edits.set_kwarg(node, "scale", inverse)

    return Outcome(fix=fix, needs=("scipy.stats.median_abs_deviation",), outer=True)


def _dist_method_names() -> tuple[str, ...]:
    return tuple(
        f"scipy.stats.{d}.{m}" for d in COMMON_DISTRIBUTIONS for m in ("interval", "moment")
    )


def _dist_keywords(site: Site) -> Outcome | None:
    """``dist.interval(alpha=)`` → ``confidence=``; ``dist.moment(n=)`` → ``order=``."""
    method = site.node.func.attr.value if isinstance(site.node.func, cst.Attribute) else ""
    old, new = {"interval": ("alpha", "confidence"), "moment": ("n", "order")}.get(method, ("", ""))
    if not old or site.kwarg(old) is None or site.kwarg(new) is not None:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, old, new), proven=site.proven)


# --- scipy.signal ---------------------------------------------------------------------------------


def _fs(site: Site) -> Outcome | None:
    """firwin(..., nyq=v) → fs=2 * v (the Nyquist rate is half the sampling rate); remez's Hz=
    (and firls's hz=) was the sampling rate itself."""
    nyq = site.kwarg("nyq")
    rate = site.kwarg("Hz") or site.kwarg("hz")
    if (nyq is None and rate is None) or site.kwarg("fs") is not None:
        return None
    if nyq is not None and rate is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if rate is not None:
            return edits.rename_kwarg(node, rate.keyword.value, "fs")  # type: ignore[union-attr]
        value = literal(nyq.value)  # type: ignore[union-attr]
        if isinstance(value, int | float) and not isinstance(value, bool):
            fs: cst.BaseExpression = edits.to_node(2 * value)
        else:
            fs = cst.BinaryOperation(cst.Integer("2"), cst.Multiply(), edits.paren(nyq.value))  # type: ignore[union-attr]
        node = edits.set_kwarg(node, "nyq", fs)
        return edits.rename_kwarg(node, "nyq", "fs")

    return Outcome(fix=fix)


# --- scipy.linalg ---------------------------------------------------------------------------------


def _pinv_cond(site: Site) -> Outcome | None:
    """pinv(a, cond=c) / rcond=c → rtol=c: both cut singular values below c times the largest."""
    given = [n for n in ("cond", "rcond") if site.kwarg(n) is not None]
    if not given:
        return None
    if len(given) > 1 or site.kwarg("rtol") is not None or len(site.positional()) > 1:
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, given[0], "rtol"))


def _solve_sym_pos(site: Site) -> Outcome | None:
    """solve(a, b, sym_pos=True) → assume_a='pos'; sym_pos=False was the default."""
    value = site.value("sym_pos")
    if value is MISSING:
        return None
    if value not in (True, False) or site.kwarg("assume_a") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if value:
            node = edits.set_kwarg(node, "sym_pos", edits.string("pos"))
            return edits.rename_kwarg(node, "sym_pos", "assume_a")
        return edits.drop_kwargs(node, "sym_pos")

    return Outcome(fix=fix)


def _eigh_keywords(site: Site) -> Outcome | None:
    """eigh(a, eigvals=(lo, hi)) → subset_by_index=[lo, hi]; turbo=True was the default driver
    choice (divide and conquer), dropped."""
    eigvals, turbo = site.kwarg("eigvals"), site.value("turbo")
    if eigvals is None and turbo is MISSING:
        return None
    if turbo not in (MISSING, True) or site.kwarg("subset_by_index") is not None:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "eigvals", "subset_by_index")
        return edits.drop_kwargs(node, "turbo") if turbo is True else node

    return Outcome(fix=fix)


# --- scipy.optimize ----------------------------------------------------------------------------


def _nelder_mead_options(site: Site) -> Outcome | None:
    """minimize(method='Nelder-Mead', options={'xtol': .., 'ftol': ..}): the keys are xatol and
    fatol since 0.19; the old ones were dropped in 1.9 (ignored with a warning since)."""
    method = site.value("method", 3)
    if not isinstance(method, str) or method.lower() != "nelder-mead":
        return None
    options = site.kwarg("options")
    if options is None or not isinstance(options.value, cst.Dict):
        return None
    keys = {literal(e.key) for e in options.value.elements if isinstance(e, cst.DictElement)}
    old = {k: v for k, v in NELDER_MEAD.items() if k in keys and v not in keys}
    if not old:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        def rename(d: cst.BaseExpression) -> cst.BaseExpression:
            if not isinstance(d, cst.Dict):
                return d
            elements = []
            for e in d.elements:
                key = literal(e.key) if isinstance(e, cst.DictElement) else None
                if isinstance(e, cst.DictElement) and key in old:
                    e = e.with_changes(key=edits.same_quotes(e.key, old[key]))
                elements.append(e)
            return d.with_changes(elements=elements)

        return edits.map_kwarg_value(node, "options", rename)

    return Outcome(fix=fix)


# --- scipy.interpolate, scipy.special ------------------------------------------------------------


def _spline(site: Site) -> Outcome | None:
    """spline(xk, yk, xnew) → make_interp_spline(xk, yk, k=order)(xnew): the cubic interpolating
    spline the old helper fitted (its end conditions differed: REVIEW)."""
    found = _args(site.node, ["xk", "yk", "xnew", "order", "kind", "conds"])
    if not found or not {"xk", "yk", "xnew"} <= set(found) or "conds" in found:
        return Outcome(fix=None)
    if literal(found.get("kind", edits.string("smoothest"))) != "smoothest":
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        found = _args(node, ["xk", "yk", "xnew", "order", "kind", "conds"]) or {}
        args = [_arg(found["xk"]), _arg(found["yk"])]
        if "order" in found:
            args.append(edits.kwarg("k", found["order"]))
        made = _call(refs["scipy.interpolate.make_interp_spline"], args)
        return _call(made, [_arg(found["xnew"])])

    return Outcome(fix=fix, needs=("scipy.interpolate.make_interp_spline",), outer=True)


def _spline_rewritable(call: cst.Call) -> bool:
    found = _args(call, ["xk", "yk", "xnew", "order", "kind", "conds"])
    return bool(found) and {"xk", "yk", "xnew"} <= set(found or {}) and "conds" not in (found or {})


def _sph_harm(site: Site) -> Outcome | None:
    """sph_harm(m, n, theta, phi) → sph_harm_y(n, m, phi, theta): the same function with the
    degree first and the polar angle before the azimuth."""
    found = _args(site.node, ["m", "n", "theta", "phi"])
    if not found or len(found) != 4:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        found = _args(node, ["m", "n", "theta", "phi"]) or {}
        order = [found["n"], found["m"], found["phi"], found["theta"]]
        return _call(refs["scipy.special.sph_harm_y"], [_arg(v) for v in order])

    return Outcome(fix=fix, needs=("scipy.special.sph_harm_y",), outer=True)


def _sph_harm_rewritable(call: cst.Call) -> bool:
    found = _args(call, ["m", "n", "theta", "phi"])
    return bool(found) and len(found or {}) == 4


RULES = [
    Rule(
        id="SCP001",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        catalogue="C1",
        message="scipy.misc.imread/imsave and scipy.ndimage.imread were removed in 1.3; use "
        "imageio.v2 (needs imageio; dtype/mode handling differs)",
        replacement="imageio.v2.imread / imageio.v2.imwrite",
        signatures=(
            cannot_import(["imread", "imsave"], r"scipy\.(misc|ndimage)"),
            no_attribute("scipy.misc", ["imread", "imsave"]),
        ),
        matchers=(
            Symbol(old="scipy.misc.imread", new="imageio.v2.imread"),
            Symbol(old="scipy.misc.imsave", new="imageio.v2.imwrite"),
            Symbol(old="scipy.ndimage.imread", new="imageio.v2.imread"),
        ),
        examples=(
            (
                "from scipy.misc import imread\nimg = imread('a.png')",
                "from imageio.v2 import imread\nimg = imread('a.png')",
            ),
            (
                "import scipy.misc\nscipy.misc.imsave('out.png', img)",
                "import scipy.misc\nfrom imageio.v2 import imwrite\nimwrite('out.png', img)",
            ),
        ),
    ),
    Rule(
        id="SCP002",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        catalogue="C2",
        message="scipy.misc.imresize/imrotate/imfilter/toimage/fromimage were removed in 1.3; "
        "they were PIL round trips: np.array(Image.fromarray(img).resize((w, h))) (uint8 "
        "images; the old ones rescaled other dtypes to uint8)",
        replacement="np.array(PIL.Image.fromarray(img).resize((w, h), Image.BILINEAR))",
        signatures=(
            cannot_import(MISC_PIL, r"scipy\.misc"),
            no_attribute("scipy.misc", MISC_PIL),
        ),
        matchers=(
            *(
                Symbol(old=f"scipy.misc.{n}", check=_misc_symbol(_misc_pil_rewritable))
                for n in MISC_PIL
            ),
            Call(functions=qualify("scipy.misc", MISC_PIL), check=_misc_pil),
        ),
        examples=(
            (
                "from scipy.misc import imresize\nsmall = imresize(img, (32, 64))",
                "from PIL import Image\nimport numpy as np\n"
                "small = np.array(Image.fromarray(img).resize((64, 32), Image.BILINEAR))",
            ),
            (
                "import scipy.misc\nr = scipy.misc.imrotate(img, 30, interp='nearest')\n"
                "b = scipy.misc.imfilter(img, 'blur')\nscipy.misc.toimage(img).save('a.png')",
                "import scipy.misc\nfrom PIL import Image\nimport numpy as np\n"
                "from PIL import ImageFilter\n"
                "r = np.array(Image.fromarray(img).rotate(30, resample=Image.NEAREST))\n"
                "b = np.array(Image.fromarray(img).filter(ImageFilter.BLUR))\n"
                "Image.fromarray(img).save('a.png')",
            ),
            (
                "from scipy.misc import fromimage\ngray = fromimage(im, flatten=True)",
                "import numpy as np\ngray = np.array(im.convert('F'))",
            ),
            ("import scipy.misc\nsmall = scipy.misc.imresize(img, 0.5)", None),
        ),
        proofs=(
            _CASE_IMG + "from scipy.misc import imresize\nv = imresize(img, (24, 32))",
            _CASE_IMG + "import scipy.misc\nv = scipy.misc.imrotate(img, 30)",
            _CASE_IMG + "from scipy import misc\nv = misc.imfilter(img, 'smooth')",
            _CASE_IMG + "from scipy.misc import toimage, fromimage\nv = fromimage(toimage(img))",
        ),
    ),
    Rule(
        id="SCP003",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue="C3",
        message="scipy.misc.comb/factorial/logsumexp moved to scipy.special (removed from misc "
        "in 1.3)",
        replacement="scipy.special.comb / factorial / logsumexp",
        signatures=(
            cannot_import(MISC_SPECIAL, r"scipy\.misc"),
            no_attribute("scipy.misc", MISC_SPECIAL),
        ),
        matchers=tuple(
            Symbol(old=f"scipy.misc.{n}", new=f"scipy.special.{n}") for n in MISC_SPECIAL
        ),
        examples=(
            (
                "from scipy.misc import comb, logsumexp\nn = comb(5, 2)",
                "from scipy.special import comb, logsumexp\nn = comb(5, 2)",
            ),
            (
                "import scipy.misc\nk = scipy.misc.factorial(4)",
                "import scipy.misc\nk = scipy.special.factorial(4)",
            ),
        ),
        proofs=(
            "from scipy.misc import comb, logsumexp\nv = comb(5, 2)",
            "import scipy.misc\nv = scipy.misc.factorial(4)",
        ),
    ),
    Rule(
        id="SCP004",
        library=LIB,
        changed_in="1.10",
        safety=REVIEW,
        catalogue="C4",
        message="scipy.misc.face/ascent/electrocardiogram moved to scipy.datasets (downloads "
        "the data: needs pooch and network)",
        replacement="scipy.datasets.face()",
        signatures=(
            cannot_import(["face", "ascent", "electrocardiogram"], r"scipy\.misc"),
            no_attribute("scipy.misc", ["face", "ascent", "electrocardiogram"]),
        ),
        matchers=tuple(
            Symbol(old=f"scipy.misc.{n}", new=f"scipy.datasets.{n}")
            for n in ("face", "ascent", "electrocardiogram")
        ),
        examples=(
            (
                "from scipy import misc\nimg = misc.face()",
                "from scipy import misc\nfrom scipy.datasets import face\nimg = face()",
            ),
        ),
    ),
    Rule(
        id="SCP005",
        library=LIB,
        changed_in="1.14",
        safety=REVIEW,
        catalogue="C5",
        message="interp2d was removed in 1.14; use RectBivariateSpline (regular grids) or "
        "RegularGridInterpolator",
        replacement="RectBivariateSpline(x, y, z.T)",
        signatures=(r"interp2d` has been removed",),
        matchers=(Symbol(old="scipy.interpolate.interp2d", fixable=False),),
        examples=(("from scipy.interpolate import interp2d\nf = interp2d(x, y, z)", None),),
    ),
    Rule(
        id="SCP006",
        library=LIB,
        changed_in="1.14",
        safety=SAFE,
        catalogue="C6",
        message="integrate.simps/trapz/cumtrapz were removed in 1.14; use simpson/trapezoid/"
        "cumulative_trapezoid",
        replacement="simpson(y, x=x), trapezoid, cumulative_trapezoid",
        signatures=(
            cannot_import(INTEGRATE, r"scipy\.integrate"),
            no_attribute("scipy.integrate", INTEGRATE),
        ),
        matchers=(
            *(
                Symbol(old=f"scipy.integrate.{o}", new=f"scipy.integrate.{n}")
                for o, n in INTEGRATE.items()
            ),
            Call(functions=("scipy.integrate.simps",), check=_simpson_keywords),
            Call(functions=("scipy.integrate.simpson",), check=_simpson_even),
        ),
        examples=(
            (
                "from scipy.integrate import simps\narea = simps(y, xs)",
                "from scipy.integrate import simpson\narea = simpson(y, x=xs)",
            ),
            (
                "from scipy import integrate\nc = integrate.cumtrapz(y, x, initial=0)",
                "from scipy import integrate\nc = integrate.cumulative_trapezoid(y, x, initial=0)",
            ),
            (
                "import scipy.integrate as si\na = si.trapz(y, dx=0.1)",
                "import scipy.integrate as si\na = si.trapezoid(y, dx=0.1)",
            ),
            (
                "from scipy.integrate import simpson\narea = simpson(y, xs, even='avg')",
                "from scipy.integrate import simpson\narea = simpson(y, x=xs)",
            ),
        ),
        proofs=(
            "from scipy.integrate import simps\nv = simps([1.0, 2.0, 3.0], [0.0, 1.0, 2.0])",
            "from scipy import integrate\nv = integrate.cumtrapz([1.0, 2.0, 3.0], initial=0)",
        ),
    ),
    Rule(
        id="SCP007",
        library=LIB,
        changed_in="1.11",
        safety=SAFE,
        catalogue="C7",
        message="stats.mode no longer keeps dimensions (1.11); pass keepdims=True for the old "
        "shape",
        replacement="stats.mode(a, keepdims=True)",
        signatures=(r"invalid index to scalar variable",),
        matchers=(Call(functions=("scipy.stats.mode",), check=_mode_keepdims),),
        examples=(
            (
                "from scipy import stats\nm = stats.mode(labels)[0][0]",
                "from scipy import stats\nm = stats.mode(labels, keepdims=True)[0][0]",
            ),
        ),
        proofs=("from scipy import stats\nv = stats.mode([1, 1, 2])[0][0]",),
    ),
    Rule(
        id="SCP008",
        library=LIB,
        changed_in="1.14",
        safety=SAFE_IF,
        catalogue="C8",
        condition="the receiver is proven a sparse matrix",
        message="sparse .A and .H were removed in 1.14; use .toarray() and .conj().T",
        replacement="m.toarray(); m.conj().T",
        signatures=(object_no_attribute(["A", "H"], r"\w+_(matrix|array)"),),
        matchers=(Attr(names=("A", "H"), receivers=(SPARSE,), check=_sparse_attr),),
        examples=(
            (
                "import scipy.sparse as sp\nm = sp.csr_matrix(rows)\ndense = m.A\nh = m.H",
                "import scipy.sparse as sp\nm = sp.csr_matrix(rows)\ndense = m.toarray()\n"
                "h = m.conj().T",
            ),
            (
                "from sklearn.feature_extraction.text import CountVectorizer\n"
                "X = CountVectorizer().fit_transform(docs)\nd = X.A",
                "from sklearn.feature_extraction.text import CountVectorizer\n"
                "X = CountVectorizer().fit_transform(docs)\nd = X.toarray()",
            ),
        ),
        proofs=("import scipy.sparse as sp\nm = sp.csr_matrix([[1, 0], [0, 2]])\nv = (m.A, m.H)",),
    ),
    Rule(
        id="SCP009",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        catalogue="C9",
        message="stats.itemfreq was removed in 1.9; use np.unique(a, return_counts=True)",
        replacement="np.array(np.unique(a, return_counts=True)).T",
        signatures=(cannot_import(["itemfreq"]), no_attribute("scipy.stats", ["itemfreq"])),
        matchers=(
            Call(functions=("scipy.stats.itemfreq",), check=_itemfreq),
            # drops the name from imports; a call is rewritten whole by the matcher above
            Symbol(
                old="scipy.stats.itemfreq",
                new="numpy.unique",
                template="(lambda a: {}(a, return_counts=True))",
            ),
        ),
        examples=(
            (
                "import numpy as np\nfrom scipy import stats\nf = stats.itemfreq(labels)",
                "import numpy as np\nfrom scipy import stats\n"
                "f = np.array(np.unique(labels, return_counts=True)).T",
            ),
        ),
        proofs=("from scipy.stats import itemfreq\nv = itemfreq([1, 1, 2])",),
    ),
    Rule(
        id="SCP010",
        library=LIB,
        changed_in="1.12",
        safety=SAFE,
        message="NumPy's functions are no longer in the scipy namespace (removed in 1.12; "
        "scipy.random in 1.9, scipy.fft() in 1.6): scipy.exp is numpy.exp, scipy.sqrt "
        "numpy.lib.scimath.sqrt",
        replacement="np.exp, np.arange, np.lib.scimath.sqrt, np.random.rand, np.fft.fft",
        signatures=(
            rf"[Mm]odule 'scipy' has no attribute '({'|'.join(map(re.escape, SCIPY_NAMESPACE))})'",
            cannot_import(SCIPY_NAMESPACE, "scipy"),
        ),
        matchers=(
            *(Symbol(old=f"scipy.{n}", new=f"numpy.{n}") for n in NUMPY_NAMES),
            *(Symbol(old=f"scipy.{o}", new=f"numpy.{n}") for o, n in NUMPY_RENAMED.items()),
            *(Symbol(old=f"scipy.{n}", new=f"numpy.lib.scimath.{n}") for n in SCIMATH),
            *(Symbol(old=f"scipy.{o}", new=n) for o, n in NUMPY_OTHER.items()),
            Module("scipy.random", "numpy.random"),
            Call(functions=("scipy.fft",), check=_scipy_fft),
        ),
        examples=(
            (
                "import scipy as sp\nx = sp.arange(0, 2 * sp.pi, 0.1)\ny = sp.exp(-x) * sp.sqrt(x)",
                "import scipy as sp\nimport numpy as np\nx = np.arange(0, 2 * np.pi, 0.1)\n"
                "y = np.exp(-x) * np.lib.scimath.sqrt(x)",
            ),
            (
                "import scipy\nscipy.random.seed(0)\nf = scipy.fft(scipy.rand(8))",
                "import scipy\nimport numpy as np\nnp.random.seed(0)\n"
                "f = np.fft.fft(np.random.rand(8))",
            ),
            (
                "from scipy import array, zeros, log\nv = log(array([1.0, 2.0])) + zeros(2)",
                "from numpy import array, zeros\nfrom numpy.lib.scimath import log\n"
                "v = log(array([1.0, 2.0])) + zeros(2)",
            ),
        ),
        proofs=(
            "import scipy as sp\nv = sp.exp(sp.arange(3)) + sp.sqrt(-1) + sp.pi",
            "import scipy\nscipy.random.seed(0)\nv = scipy.fft(scipy.rand(4))",
            "from scipy import linspace, log10\nv = log10(linspace(1, 10, 5))",
        ),
    ),
    Rule(
        id="SCP011",
        library=LIB,
        changed_in="1.15",
        safety=SAFE,
        message="scipy.misc.derivative was removed in 1.15 (deprecated in 1.10); with its "
        "defaults (n=1, order=3) it is the central difference (f(x0 + dx) - f(x0 - dx)) / (2 * dx)",
        replacement="(f(x0 + dx) - f(x0 - dx)) / (2 * dx)  (or scipy.differentiate.derivative)",
        signatures=(
            cannot_import(["derivative"], r"scipy\.misc"),
            no_attribute("scipy.misc", ["derivative"]),
        ),
        matchers=(
            Symbol(
                old="scipy.misc.derivative",
                check=_misc_symbol(lambda call: _derivative_parts(call) is not None),
            ),
            Call(functions=("scipy.misc.derivative",), check=_derivative),
        ),
        examples=(
            (
                "from scipy.misc import derivative\nslope = derivative(f, 1.0, dx=1e-6)",
                "slope = ((f(1.0 + 1e-6) - f(1.0 - 1e-6)) / (2 * 1e-6))",
            ),
            ("from scipy import misc\nd2 = misc.derivative(f, x0, n=2)", None),
        ),
        proofs=(_CASE_F + "from scipy.misc import derivative\nv = derivative(f, 1.0, dx=1e-3)",),
    ),
    Rule(
        id="SCP012",
        library=LIB,
        changed_in="1.15",
        safety=REVIEW,
        message="integrate.quadrature and integrate.romberg were removed in 1.15; use quad "
        "(quadrature's (value, error) pair; romberg's value is quad(...)[0])",
        replacement="quad(f, a, b); quad(f, a, b)[0]",
        signatures=(
            cannot_import(["quadrature", "romberg"], r"scipy\.integrate"),
            no_attribute("scipy.integrate", ["quadrature", "romberg"]),
        ),
        matchers=(
            *(
                Symbol(old=f"scipy.integrate.{n}", check=_misc_symbol(lambda call: True))
                for n in ("quadrature", "romberg")
            ),
            Call(
                functions=qualify("scipy.integrate", ["quadrature", "romberg"]), check=_quadrature
            ),
        ),
        examples=(
            (
                "from scipy.integrate import quadrature, romberg\n"
                "v, err = quadrature(f, 0, 1, tol=1e-10)\nw = romberg(f, 0, 1)",
                "from scipy.integrate import quad\n"
                "v, err = quad(f, 0, 1, epsabs=1e-10)\nw = quad(f, 0, 1)[0]",
            ),
        ),
        proofs=(
            _CASE_F + "from scipy.integrate import quadrature\nv, err = quadrature(f, 0, 1)",
            _CASE_F + "from scipy import integrate\nv = integrate.romberg(f, 0, 1)",
        ),
    ),
    Rule(
        id="SCP013",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        message="stats.chisqprob, stats.betai (removed in 1.0) and stats.nanmean/nanmedian/nanstd "
        "(removed in 0.18) have exact equivalents: chi2.sf, special.betainc, np.nanmean(axis=0)",
        replacement="stats.chi2.sf(x, df); special.betainc(a, b, x); np.nanmean(x, axis=0); "
        "np.nanstd(x, axis=0, ddof=1)",
        signatures=(
            cannot_import(
                ["chisqprob", "betai", "nanmean", "nanmedian", "nanstd"], r"scipy\.stats"
            ),
            no_attribute("scipy.stats", ["chisqprob", "betai", "nanmean", "nanmedian", "nanstd"]),
        ),
        matchers=(
            Symbol(old="scipy.stats.chisqprob", new="scipy.stats.chi2", template="{}.sf"),
            Symbol(old="scipy.stats.betai", new="scipy.special.betainc"),
            Symbol(old="scipy.stats.mstats.betai", new="scipy.special.betainc"),
            *(
                Symbol(
                    old=f"scipy.stats.{n}",
                    check=_misc_symbol(lambda call: _args(call, ["x", "axis", "bias"]) is not None),
                )
                for n in ("nanmean", "nanmedian", "nanstd")
            ),
            Call(
                functions=qualify("scipy.stats", ["nanmean", "nanmedian", "nanstd"]),
                check=_nan_reduction,
            ),
        ),
        examples=(
            (
                "from scipy import stats\np = stats.chisqprob(chi2, 3)\nb = stats.betai(1, 2, 0.5)",
                "from scipy import stats\nfrom scipy.special import betainc\n"
                "p = stats.chi2.sf(chi2, 3)\nb = betainc(1, 2, 0.5)",
            ),
            (
                "from scipy.stats import nanmean, nanstd\nm = nanmean(X)\ns = nanstd(X, 1)",
                "import numpy as np\nm = np.nanmean(X, axis=0)\ns = np.nanstd(X, axis=1, ddof=1)",
            ),
        ),
        proofs=(
            "from scipy import stats\nv = stats.chisqprob(3.84, 1)",
            "from scipy.stats import betai\nv = betai(1, 2, 0.5)",
            "import numpy as np\nfrom scipy import stats\nv = stats.nanstd(np.eye(3))",
        ),
    ),
    Rule(
        id="SCP014",
        library=LIB,
        changed_in="1.12",
        safety=SAFE,
        message="stats.binom_test was removed in 1.12; binomtest(k, n, p).pvalue is the same "
        "p-value",
        replacement="stats.binomtest(k, n, p, alternative).pvalue",
        signatures=(
            cannot_import(["binom_test"], r"scipy\.stats"),
            no_attribute("scipy.stats", ["binom_test"]),
        ),
        matchers=(
            Symbol(old="scipy.stats.binom_test", check=_misc_symbol(_binom_test_rewritable)),
            Call(functions=("scipy.stats.binom_test",), check=_binom_test),
        ),
        examples=(
            (
                "from scipy import stats\np = stats.binom_test(7, 10, 0.5, alternative='greater')",
                "from scipy import stats\n"
                "p = stats.binomtest(7, 10, 0.5, alternative='greater').pvalue",
            ),
            (
                "from scipy.stats import binom_test\np = binom_test([682, 243], p=3/4)",
                "from scipy.stats import binomtest\np = binomtest(682, 682 + 243, p=3/4).pvalue",
            ),
        ),
        proofs=(
            "from scipy import stats\nv = stats.binom_test(7, 10, 0.5)",
            "from scipy.stats import binom_test\nv = binom_test([682, 243], p=3/4)",
        ),
    ),
    Rule(
        id="SCP015",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        message="stats.median_absolute_deviation was removed in 1.9: median_abs_deviation divides "
        "by its scale where the old one multiplied (default 1.4826): scale=1 / 1.4826; "
        "iqr(scale='raw') is scale=1.0",
        replacement="stats.median_abs_deviation(x, scale=1 / 1.4826); stats.iqr(x, scale=1.0)",
        signatures=(
            cannot_import(["median_absolute_deviation"], r"scipy\.stats"),
            no_attribute("scipy.stats", ["median_absolute_deviation"]),
            r"raw not a valid scale for `iqr`",
        ),
        matchers=(
            Symbol(
                old="scipy.stats.median_absolute_deviation",
                check=_misc_symbol(
                    lambda call: (
                        _args(call, ["x", "axis", "center", "scale", "nan_policy"]) is not None
                    )
                ),
            ),
            Call(functions=("scipy.stats.median_absolute_deviation",), check=_mad),
            kwarg_value("scale", {"raw": 1.0}, functions=("scipy.stats.iqr",)),
        ),
        examples=(
            (
                "from scipy import stats\nmad = stats.median_absolute_deviation(x)\n"
                "q = stats.iqr(x, scale='raw')",
                "from scipy import stats\nmad = stats.median_abs_deviation(x, scale=1 / 1.4826)\n"
                "q = stats.iqr(x, scale=1.0)",
            ),
        ),
        proofs=(
            "from scipy import stats\nv = stats.median_absolute_deviation([1, 2, 3, 4, 10])",
            "from scipy import stats\nv = stats.iqr([1, 2, 3, 4], scale='raw')",
        ),
    ),
    Rule(
        id="SCP016",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        message="the frechet_r and frechet_l distributions were removed in 1.6; they were "
        "weibull_min and weibull_max",
        replacement="stats.weibull_min / stats.weibull_max",
        signatures=(
            cannot_import(["frechet_r", "frechet_l"], r"scipy\.stats"),
            no_attribute("scipy.stats", ["frechet_r", "frechet_l"]),
        ),
        matchers=(
            Symbol(old="scipy.stats.frechet_r", new="scipy.stats.weibull_min"),
            Symbol(old="scipy.stats.frechet_l", new="scipy.stats.weibull_max"),
        ),
        examples=(
            (
                "from scipy import stats\nc, loc, scale = stats.frechet_r.fit(data)",
                "from scipy import stats\nc, loc, scale = stats.weibull_min.fit(data)",
            ),
        ),
        proofs=("from scipy import stats\nv = stats.frechet_r.pdf(1.0, 1.5)",),
    ),
    Rule(
        id="SCP017",
        library=LIB,
        changed_in="1.11",
        safety=SAFE,
        message="the misspelt gilbrat distribution was removed in 1.11; it is gibrat",
        replacement="stats.gibrat",
        signatures=(
            cannot_import(["gilbrat"], r"scipy\.stats"),
            no_attribute("scipy.stats", ["gilbrat"]),
        ),
        matchers=(Symbol(old="scipy.stats.gilbrat", new="scipy.stats.gibrat"),),
        examples=(
            (
                "from scipy.stats import gilbrat\nm = gilbrat.mean()",
                "from scipy.stats import gibrat\nm = gibrat.mean()",
            ),
        ),
        proofs=("from scipy.stats import gilbrat\nv = gilbrat.mean()",),
    ),
    Rule(
        id="SCP018",
        library=LIB,
        changed_in="1.11",
        safety=SAFE,
        message="distribution methods renamed keywords: interval(alpha=) is interval(confidence=), "
        "moment(n=) is moment(order=) (the old names were removed in 1.11)",
        replacement="stats.t.interval(confidence=0.95, df=n - 1)",
        signatures=(
            r"interval\(\) missing 1 required positional argument: 'confidence'",
            r"moment\(\) missing 1 required positional argument: 'order'",
            unexpected_kwarg(["alpha", "n"]),
        ),
        matchers=(
            Call(
                functions=_dist_method_names(), methods=("interval", "moment"), check=_dist_keywords
            ),
        ),
        examples=(
            (
                "import scipy.stats as st\n"
                "ci = st.t.interval(alpha=0.95, df=n - 1, loc=m, scale=se)",
                "import scipy.stats as st\n"
                "ci = st.t.interval(confidence=0.95, df=n - 1, loc=m, scale=se)",
            ),
            (
                "from scipy import stats\nrv = stats.gamma(2.0)\nv = rv.moment(n=2)",
                "from scipy import stats\nrv = stats.gamma(2.0)\nv = rv.moment(order=2)",
            ),
        ),
        proofs=(
            "import scipy.stats as st\nv = st.t.interval(alpha=0.95, df=9, loc=1, scale=2)",
            "from scipy import stats\nv = stats.norm.moment(n=2)",
        ),
    ),
    Rule(
        id="SCP019",
        library=LIB,
        changed_in="1.16",
        safety=SAFE,
        message="the stats.trapz distribution was removed in 1.16; it is stats.trapezoid",
        replacement="stats.trapezoid",
        signatures=(
            cannot_import(["trapz"], r"scipy\.stats"),
            no_attribute("scipy.stats", ["trapz"]),
        ),
        matchers=(Symbol(old="scipy.stats.trapz", new="scipy.stats.trapezoid"),),
        examples=(
            (
                "from scipy import stats\nv = stats.trapz.pdf(0.5, 0.2, 0.8)",
                "from scipy import stats\nv = stats.trapezoid.pdf(0.5, 0.2, 0.8)",
            ),
        ),
        proofs=("from scipy import stats\nv = stats.trapz.pdf(0.5, 0.2, 0.8)",),
    ),
    Rule(
        id="SCP020",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        message="window functions live in scipy.signal.windows (gone from scipy.signal in 1.13); "
        "hanning was removed in 1.9: it is hann (window='hanning' too)",
        replacement="scipy.signal.windows.hann(N); window='hann'",
        signatures=(
            no_attribute("scipy.signal", [*WINDOWS, "hanning"]),
            no_attribute("scipy.signal.windows", ["hanning"]),
            cannot_import([*WINDOWS, "hanning"], r"scipy\.signal(\.windows)?"),
            r"Invalid window name 'hanning'",
        ),
        matchers=(
            *(Symbol(old=f"scipy.signal.{n}", new=f"scipy.signal.windows.{n}") for n in WINDOWS),
            Symbol(old="scipy.signal.hanning", new="scipy.signal.windows.hann"),
            Symbol(old="scipy.signal.windows.hanning", new="scipy.signal.windows.hann"),
            kwarg_value("window", {"hanning": "hann"}, functions=SPECTRAL),
            kwarg_value(
                "window",
                {"hanning": "hann"},
                functions=("scipy.signal.get_window", "scipy.signal.windows.get_window"),
                position=0,
            ),
        ),
        examples=(
            (
                "from scipy import signal\nw = signal.hanning(64)\ng = signal.gaussian(51, std=7)",
                "from scipy import signal\nw = signal.windows.hann(64)\n"
                "g = signal.windows.gaussian(51, std=7)",
            ),
            (
                "from scipy.signal import hamming, welch\nw = hamming(32)\n"
                "f, p = welch(x, fs, window='hanning', nperseg=256)",
                "from scipy.signal import welch\nfrom scipy.signal.windows import hamming\n"
                "w = hamming(32)\nf, p = welch(x, fs, window='hann', nperseg=256)",
            ),
        ),
        proofs=(
            "from scipy import signal\nv = signal.hanning(8) + signal.hamming(8)",
            _CASE_XS
            + "from scipy import signal\nf, p = signal.welch(y, window='hanning', nperseg=8)",
        ),
    ),
    Rule(
        id="SCP021",
        library=LIB,
        changed_in="1.14",
        safety=SAFE,
        message="the nyq=/Hz= arguments of firwin, firwin2, firls and remez were removed in 1.14; "
        "give the sampling rate: fs=2 * nyq (Hz= was fs)",
        replacement="signal.firwin(n, cutoff, fs=2 * nyq)",
        signatures=(unexpected_kwarg(["nyq", "Hz", "hz"]),),
        matchers=(Call(functions=FIR, check=_fs),),
        examples=(
            (
                "from scipy import signal\n"
                "taps = signal.firwin(N, cutoff_hz, window=('kaiser', beta), nyq=nyq_rate)\n"
                "h = signal.firwin(31, 0.2, nyq=0.5)",
                "from scipy import signal\n"
                "taps = signal.firwin(N, cutoff_hz, window=('kaiser', beta), fs=2 * nyq_rate)\n"
                "h = signal.firwin(31, 0.2, fs=1.0)",
            ),
            (
                "from scipy.signal import remez\nb = remez(72, [0, 0.1, 0.2, 0.5], [1, 0], Hz=1.0)",
                "from scipy.signal import remez\nb = remez(72, [0, 0.1, 0.2, 0.5], [1, 0], fs=1.0)",
            ),
        ),
        proofs=(
            "from scipy import signal\nv = signal.firwin(31, 0.2, nyq=0.5)",
            "from scipy.signal import remez\nv = remez(31, [0, 0.1, 0.2, 0.5], [1, 0], Hz=1.0)",
        ),
    ),
    Rule(
        id="SCP022",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        message="linalg.pinv2 was removed in 1.9 (pinv computes the same SVD pseudo-inverse); "
        "pinv's cond=/rcond= were removed in 1.14: rtol=",
        replacement="linalg.pinv(a, rtol=cond)",
        signatures=(
            cannot_import(["pinv2"], r"scipy\.linalg"),
            no_attribute("scipy.linalg", ["pinv2"]),
            unexpected_kwarg(["cond", "rcond"]),
        ),
        matchers=(
            Symbol(old="scipy.linalg.pinv2", new="scipy.linalg.pinv"),
            Call(
                functions=qualify("scipy.linalg", ["pinv", "pinv2", "pinvh"]),
                check=_pinv_cond,
            ),
        ),
        examples=(
            (
                "from scipy import linalg\nP = linalg.pinv2(A)\nQ = linalg.pinv(A, rcond=1e-10)",
                "from scipy import linalg\nP = linalg.pinv(A)\nQ = linalg.pinv(A, rtol=1e-10)",
            ),
        ),
        proofs=(
            "import numpy as np\nfrom scipy import linalg\nv = linalg.pinv2(np.eye(2))",
            "import numpy as np\nfrom scipy import linalg\nv = linalg.pinv(np.eye(2), cond=1e-9)",
        ),
    ),
    Rule(
        id="SCP023",
        library=LIB,
        changed_in="1.13",
        safety=SAFE,
        message="linalg.tri/triu/tril (removed in 1.13) and linalg.kron (removed in 1.17) are "
        "NumPy's functions of the same names",
        replacement="np.triu(a); np.kron(a, b)",
        signatures=(
            cannot_import(["tri", "triu", "tril", "kron"], r"scipy\.linalg"),
            no_attribute("scipy.linalg", ["tri", "triu", "tril", "kron"]),
        ),
        matchers=tuple(
            Symbol(old=f"scipy.linalg.{n}", new=f"numpy.{n}")
            for n in ("tri", "triu", "tril", "kron")
        ),
        examples=(
            (
                "from scipy.linalg import triu, eigh\nU = triu(A, k=1)",
                "from scipy.linalg import eigh\nfrom numpy import triu\nU = triu(A, k=1)",
            ),
            (
                "import scipy.linalg as la\nK = la.kron(A, B)",
                "import scipy.linalg as la\nimport numpy as np\nK = np.kron(A, B)",
            ),
        ),
        proofs=("import numpy as np\nfrom scipy.linalg import triu\nv = triu(np.ones((3, 3)))",),
    ),
    Rule(
        id="SCP024",
        library=LIB,
        changed_in="1.11",
        safety=SAFE,
        message="linalg.solve(sym_pos=True) is assume_a='pos' (removed in 1.11); eigh(eigvals=) "
        "is subset_by_index= and turbo= is gone (removed in 1.14)",
        replacement="solve(a, b, assume_a='pos'); eigh(a, subset_by_index=[lo, hi])",
        signatures=(unexpected_kwarg(["sym_pos", "eigvals", "turbo"]),),
        matchers=(
            Call(functions=("scipy.linalg.solve",), check=_solve_sym_pos),
            Call(functions=qualify("scipy.linalg", ["eigh", "eigvalsh"]), check=_eigh_keywords),
        ),
        examples=(
            (
                "from scipy import linalg\nx = linalg.solve(K, y, sym_pos=True)\n"
                "w, v = linalg.eigh(K, eigvals=(n - 2, n - 1))",
                "from scipy import linalg\nx = linalg.solve(K, y, assume_a='pos')\n"
                "w, v = linalg.eigh(K, subset_by_index=(n - 2, n - 1))",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom scipy import linalg\n"
                "v = linalg.solve(np.eye(2), [1, 2], sym_pos=True)"
            ),
            (
                "import numpy as np\nfrom scipy.linalg import eigh\n"
                "w, v = eigh(np.diag([1.0, 2, 3]), eigvals=(1, 2))"
            ),
        ),
    ),
    Rule(
        id="SCP025",
        library=LIB,
        changed_in="1.14",
        safety=REVIEW,
        message="the iterative solvers of scipy.sparse.linalg take rtol= (tol= was removed in "
        "1.14; atol now defaults to 0.0) and gmres restart= (restrt=)",
        replacement="cg(A, b, rtol=1e-8)",
        signatures=(unexpected_kwarg(["tol", "restrt"]),),
        matchers=(
            kwarg_rename("tol", "rtol", functions=SOLVERS),
            kwarg_rename("restrt", "restart", functions=("scipy.sparse.linalg.gmres",)),
        ),
        examples=(
            (
                "from scipy.sparse.linalg import cg\nx, info = cg(A, b, tol=1e-10)",
                "from scipy.sparse.linalg import cg\nx, info = cg(A, b, rtol=1e-10)",
            ),
            (
                "from scipy.sparse import linalg\nx, info = linalg.gmres(A, b, restrt=20)",
                "from scipy.sparse import linalg\nx, info = linalg.gmres(A, b, restart=20)",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom scipy.sparse.linalg import cg\n"
                "v, info = cg(np.eye(2), np.ones(2), tol=1e-8)"
            ),
        ),
    ),
    Rule(
        id="SCP026",
        library=LIB,
        changed_in="1.9",
        safety=SAFE_IF,
        condition="the receiver is proven a KD-tree (else applied when the error names n_jobs)",
        message="KDTree/cKDTree.query(n_jobs=) is workers= (n_jobs was removed in 1.9)",
        replacement="tree.query(X, k, workers=-1)",
        signatures=(unexpected_kwarg(["n_jobs"]), r"Unexpected keyword argument \{'n_jobs'"),
        matchers=(
            kwarg_rename(
                "n_jobs",
                "workers",
                methods=("query", "query_ball_point", "query_ball_tree", "sparse_distance_matrix"),
                receivers=KDTREES,
            ),
        ),
        examples=(
            (
                "from scipy.spatial import cKDTree\ntree = cKDTree(X)\n"
                "d, i = tree.query(Y, k=5, n_jobs=-1)",
                "from scipy.spatial import cKDTree\ntree = cKDTree(X)\n"
                "d, i = tree.query(Y, k=5, workers=-1)",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom scipy.spatial import cKDTree\n"
                "tree = cKDTree(np.eye(3))\nd, i = tree.query(np.eye(3), k=1, n_jobs=-1)"
            ),
        ),
    ),
    Rule(
        id="SCP027",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        message="interpolate.spline was removed in 1.3; make_interp_spline(x, y)(xnew) fits the "
        "cubic interpolating spline (end conditions differ slightly)",
        replacement="make_interp_spline(x, y, k=3)(xnew)",
        signatures=(
            cannot_import(["spline"], r"scipy\.interpolate"),
            no_attribute("scipy.interpolate", ["spline"]),
        ),
        matchers=(
            Symbol(old="scipy.interpolate.spline", check=_misc_symbol(_spline_rewritable)),
            Call(functions=("scipy.interpolate.spline",), check=_spline),
        ),
        examples=(
            (
                "from scipy.interpolate import spline\nxnew = np.linspace(x.min(), x.max(), 300)\n"
                "smooth = spline(x, y, xnew)",
                "from scipy.interpolate import make_interp_spline\n"
                "xnew = np.linspace(x.min(), x.max(), 300)\n"
                "smooth = make_interp_spline(x, y)(xnew)",
            ),
        ),
        proofs=(
            _CASE_XS
            + "from scipy.interpolate import spline\nv = spline(x, y, np.linspace(0, 3, 50))",
        ),
    ),
    Rule(
        id="SCP028",
        library=LIB,
        changed_in="1.17",
        safety=SAFE,
        message="special.sph_harm was removed in 1.17; sph_harm_y(n, m, theta, phi) is the same "
        "function with the degree first and the polar angle before the azimuth",
        replacement="special.sph_harm_y(n, m, phi, theta)  (for old sph_harm(m, n, theta, phi))",
        signatures=(
            cannot_import(["sph_harm"], r"scipy\.special"),
            no_attribute("scipy.special", ["sph_harm"]),
        ),
        matchers=(
            Symbol(old="scipy.special.sph_harm", check=_misc_symbol(_sph_harm_rewritable)),
            Call(functions=("scipy.special.sph_harm",), check=_sph_harm),
        ),
        examples=(
            (
                "from scipy.special import sph_harm\nY = sph_harm(m, l, azimuth, polar)",
                "from scipy.special import sph_harm_y\nY = sph_harm_y(l, m, polar, azimuth)",
            ),
        ),
        proofs=("from scipy.special import sph_harm\nv = sph_harm(1, 2, 0.3, 0.7)",),
    ),
    Rule(
        id="SCP029",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        silent=True,
        message="minimize(method='Nelder-Mead') options 'xtol'/'ftol' are 'xatol'/'fatol' (the old "
        "keys were removed in 1.9 and are ignored with a warning)",
        replacement="minimize(f, x0, method='Nelder-Mead', options={'xatol': 1e-8})",
        signatures=(r"Unknown solver options: .*\b[xf]tol\b",),
        matchers=(Call(functions=("scipy.optimize.minimize",), check=_nelder_mead_options),),
        examples=(
            (
                "from scipy.optimize import minimize, rosen\n"
                "res = minimize(rosen, x0, method='nelder-mead',\n"
                "               options={'xtol': 1e-8, 'disp': True})",
                "from scipy.optimize import minimize, rosen\n"
                "res = minimize(rosen, x0, method='nelder-mead',\n"
                "               options={'xatol': 1e-8, 'disp': True})",
            ),
        ),
    ),
    Rule(
        id="SCP030",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        message="spatial.distance.matching was removed in 1.9; it was hamming (metric 'matching' "
        "too)",
        replacement="distance.hamming(u, v); pdist(X, 'hamming')",
        signatures=(
            cannot_import(["matching"], r"scipy\.spatial\.distance"),
            no_attribute("scipy.spatial.distance", ["matching"]),
            r"Unknown (Distance Metric|metric): matching",
        ),
        matchers=(
            Symbol(old="scipy.spatial.distance.matching", new="scipy.spatial.distance.hamming"),
            kwarg_value(
                "metric",
                {"matching": "hamming"},
                functions=("scipy.spatial.distance.pdist",),
                position=1,
            ),
            kwarg_value(
                "metric",
                {"matching": "hamming"},
                functions=("scipy.spatial.distance.cdist",),
                position=2,
            ),
        ),
        examples=(
            (
                "from scipy.spatial import distance\nd = distance.matching(u, v)\n"
                "D = distance.pdist(X, 'matching')",
                "from scipy.spatial import distance\nd = distance.hamming(u, v)\n"
                "D = distance.pdist(X, 'hamming')",
            ),
        ),
        proofs=(
            (
                "import numpy as np\nfrom scipy.spatial import distance\n"
                "v = distance.matching([1, 0, 1], [1, 1, 1])\n"
                "D = distance.pdist(np.eye(3), 'matching')"
            ),
        ),
    ),
    Rule(
        id="SCP031",
        library=LIB,
        changed_in="1.14",
        safety=SAFE,
        message="kendalltau(initial_lexsort=) was removed in 1.14; it had been ignored since 0.18",
        replacement="stats.kendalltau(x, y)",
        signatures=(unexpected_kwarg(["initial_lexsort"]),),
        matchers=(kwarg_drop("initial_lexsort", functions=("scipy.stats.kendalltau",)),),
        examples=(
            (
                "from scipy import stats\ntau, p = stats.kendalltau(x, y, initial_lexsort=True)",
                "from scipy import stats\ntau, p = stats.kendalltau(x, y)",
            ),
        ),
        proofs=(
            (
                "from scipy import stats\n"
                "v = stats.kendalltau([1, 2, 3], [1, 3, 2], initial_lexsort=True)"
            ),
        ),
    ),
]
