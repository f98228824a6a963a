"""SciPy: scipy.misc removals, integrate renames, stats.mode keepdims, sparse .A/.H
(catalogue §5)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import cannot_import, no_attribute, object_no_attribute
from ..matchers import Attr, Call, Outcome, Site, Symbol
from ..model import REVIEW, SAFE, SAFE_IF, Rule

LIB = "scipy"
SPARSE = "scipy.sparse.spmatrix"
MISC_SPECIAL = ["comb", "factorial", "factorial2", "factorialk", "logsumexp"]
INTEGRATE = {"simps": "simpson", "trapz": "trapezoid", "cumtrapz": "cumulative_trapezoid"}


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


RULES = [
    Rule(
        id="SCP001",
        library=LIB,
        changed_in="1.2",
        safety=REVIEW,
        catalogue="C1",
        message="scipy.misc.imread/imsave and scipy.ndimage.imread were removed in 1.2; use "
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
        ),
    ),
    Rule(
        id="SCP002",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        catalogue="C2",
        message="scipy.misc.imresize was removed in 1.3; use PIL: "
        "np.array(Image.fromarray(img).resize((w, h)))",
        replacement="np.array(PIL.Image.fromarray(img).resize((w, h)))",
        signatures=(cannot_import(["imresize"]), no_attribute("scipy.misc", ["imresize"])),
        matchers=(Symbol(old="scipy.misc.imresize", fixable=False),),
        examples=(("from scipy.misc import imresize\nsmall = imresize(img, (32, 32))", None),),
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
    ),
    Rule(
        id="SCP009",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue="C9",
        message="stats.itemfreq was removed; use np.unique(a, return_counts=True)",
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
    ),
]
