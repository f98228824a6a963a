"""scikit-learn 0.x calls that 2015-2019 notebooks still make: keyword-only estimator
arguments, SGD's tol=-inf, the old GMM's API, and coefficient arrays that lost a dimension."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import POSITIONAL_ERROR, cannot_import, qualify
from ..matchers import Attr, Call, Node, Outcome, Site, literal
from ..model import REVIEW, SAFE, Rule
from .sklearn import SGDS as SKLEARN_SGDS
from .sklearn._shared import _CASE_DATA

LIB = "scikit-learn"
SOURCE = "real-notebooks"

# --- SLEP009: optional estimator arguments became keyword-only in 1.0 ---------------------------

# name: (positional arguments the new signature keeps, the 0.19-0.23 names after them, in order)
ESTIMATOR_SIGNATURES: dict[str, tuple[int, list[str]]] = {
    "sklearn.neighbors.KernelDensity": (
        0,
        ["bandwidth", "algorithm", "kernel", "metric", "atol", "rtol", "breadth_first"],
    ),
    "sklearn.preprocessing.binarize": (1, ["threshold", "copy"]),
    "sklearn.preprocessing.Binarizer": (0, ["threshold", "copy"]),
    "sklearn.preprocessing.PolynomialFeatures": (1, ["interaction_only", "include_bias"]),
    "sklearn.preprocessing.StandardScaler": (0, ["copy", "with_mean", "with_std"]),
    "sklearn.preprocessing.MinMaxScaler": (1, ["copy"]),
    "sklearn.linear_model.LinearRegression": (0, ["fit_intercept", "normalize", "copy_X"]),
    "sklearn.linear_model.Ridge": (1, ["fit_intercept", "normalize", "copy_X", "max_iter"]),
    "sklearn.linear_model.LogisticRegression": (0, ["penalty", "dual", "tol", "C"]),
    "sklearn.mixture.GaussianMixture": (1, ["covariance_type", "tol", "reg_covar", "max_iter"]),
    "sklearn.decomposition.PCA": (1, ["copy", "whiten", "svd_solver"]),
    "sklearn.svm.SVC": (0, ["C", "kernel", "degree", "gamma", "coef0"]),
    "sklearn.svm.SVR": (0, ["kernel", "degree", "gamma", "coef0", "tol", "C"]),
    "sklearn.neighbors.KNeighborsClassifier": (1, ["weights", "algorithm", "leaf_size", "p"]),
    "sklearn.neighbors.KNeighborsRegressor": (1, ["weights", "algorithm", "leaf_size", "p"]),
    "sklearn.tree.DecisionTreeClassifier": (0, ["criterion", "splitter", "max_depth"]),
    "sklearn.tree.DecisionTreeRegressor": (0, ["criterion", "splitter", "max_depth"]),
    "sklearn.ensemble.RandomForestClassifier": (1, ["criterion", "max_depth"]),
    "sklearn.ensemble.RandomForestRegressor": (1, ["criterion", "max_depth"]),
    "sklearn.cluster.KMeans": (1, ["init", "n_init", "max_iter", "tol"]),
    "sklearn.datasets.make_blobs": (2, ["centers", "cluster_std", "center_box", "shuffle"]),
    "sklearn.datasets.make_moons": (1, ["shuffle", "noise", "random_state"]),
    "sklearn.datasets.make_circles": (1, ["shuffle", "noise", "random_state", "factor"]),
}


def _estimator_keyword_only(site: Site) -> Outcome | None:
    keep, names = ESTIMATOR_SIGNATURES[site.qname or ""]
    pos = site.positional()
    if len(pos) <= keep or site.has_star():
        return None
    if len(pos) - keep > len(names):
        return Outcome(fix=None)
    return Outcome(fix=lambda node, refs: edits.positional_to_keywords(node, names, start=keep))


# --- SGD(tol=-np.inf): "never stop early" is tol=None today ------------------------------------

# the SGD family of the sklearn pack, and its one-class model (tol=-np.inf reaches it too)
SGDS = (*SKLEARN_SGDS, *qualify("sklearn.linear_model", ["SGDOneClassSVM"]))
INFINITIES = ("numpy.inf", "numpy.infty", "numpy.Inf", "numpy.Infinity", "math.inf")


def _is_minus_infinity(node: cst.BaseExpression, site: Site) -> bool:
    if not (isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus)):
        return literal(node) == float("-inf")
    inner = node.expression
    if site.resolve(inner) in INFINITIES:
        return True
    # float('inf')
    return (
        isinstance(inner, cst.Call)
        and site.resolve(inner.func) == "builtins.float"
        and len(inner.args) == 1
        and str(literal(inner.args[0].value)).lower() in ("inf", "infinity")
    )


def _sgd_minus_inf_tol(site: Site) -> Outcome | None:
    arg = site.kwarg("tol")
    if arg is None or not _is_minus_infinity(arg.value, site):
        return None
    return Outcome(fix=lambda node, refs: edits.set_kwarg(node, "tol", cst.Name("None")))


# --- the old mixture.GMM's API, on objects built from it ---------------------------------------

GMMS = qualify("sklearn.mixture", ["GMM", "DPGMM", "VBGMM"])
GMM_DATA_METHODS = (
    "fit",
    "predict",
    "predict_proba",
    "score",
    "score_samples",
    "bic",
    "aic",
    "fit_predict",
)
TWO_D_HINTS = ("reshape", "to_frame", "atleast_2d", "column_stack", "c_", "vstack")


def _clearly_2d(node: cst.BaseExpression) -> bool:
    """``x[:, None]``, ``x.reshape(-1, 1)``, ``np.c_[x]``: already a column."""
    if isinstance(node, cst.Subscript):
        if len(node.slice) >= 2:
            return True
        return _clearly_2d(node.value) if isinstance(node.value, cst.Attribute) else False
    if isinstance(node, cst.Call):
        return _clearly_2d(node.func)
    if isinstance(node, cst.Attribute):
        return node.attr.value in TWO_D_HINTS
    return isinstance(node, cst.List) and any(isinstance(e.value, cst.List) for e in node.elements)


def _gmm_method(site: Site) -> Outcome | None:
    """The old GMM took 1-D data as one feature, its score() was per sample (score_samples
    today) and score_samples() returned (log-likelihoods, responsibilities)."""
    if site.receiver is None or site.receiver.qname not in GMMS:
        return None  # only objects proven to be built by the old class
    name = site.node.func.attr.value
    pos = site.positional()
    wrap = bool(pos) and not _clearly_2d(pos[0].value) and site.kwarg("X") is None
    if not wrap and name != "score":
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        if wrap:
            data = node.args[0].value
            column = cst.Call(
                func=refs["numpy.reshape"],
                args=[
                    cst.Arg(data, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    cst.Arg(edits.expr(f"(len({edits.code(data)}), -1)")),
                ],
            )
            node = node.with_changes(args=[node.args[0].with_changes(value=column), *node.args[1:]])
        if name == "score":
            node = edits.rename_method(node, "score_samples")
        return node

    needs = ("numpy.reshape",) if wrap else ()
    return Outcome(fix=fix, needs=needs)


def _gmm_pair_first(site: Site) -> Outcome | None:
    """``gmm.score_samples(X)[0]``: the old method's first element is today's whole result."""
    node: cst.Subscript = site.node
    inner = node.value
    if not (
        isinstance(inner, cst.Call)
        and isinstance(inner.func, cst.Attribute)
        and inner.func.attr.value == "score_samples"
        and len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and literal(node.slice[0].slice.value) == 0
    ):
        return None
    receiver = site.infer(inner.func.value)
    if receiver is None or receiver.qname not in GMMS:
        return None
    return Outcome(fix=lambda n, refs: n.value, outer=True)


def _gmm_covars(site: Site) -> Outcome | None:
    if site.receiver is None or site.receiver.qname not in GMMS:
        return None
    return Outcome(fix=lambda node, refs: edits.rename_attr(node, "covariances_"))


# --- coef_[0][j] on a coefficient array that is 1-D today ------------------------------------

COEF_ATTRS = ("coef_", "intercept_")


def _row_zero_of_coef(site: Site) -> Outcome | None:
    """``m.coef_[0][j]`` / ``m.coef_[0, j]``: for a 2-D coef_ the same element as
    ``m.coef_.ravel()[j]``; for the 1-D coef_ single-target models return today, what was meant."""
    node: cst.Subscript = site.node
    if len(node.slice) == 2:
        first, second = node.slice
        base = node.value
    elif len(node.slice) == 1 and isinstance(node.value, cst.Subscript):
        inner = node.value
        if len(inner.slice) != 1:
            return None
        first, second = inner.slice[0], node.slice[0]
        base = inner.value
    else:
        return None
    if not (isinstance(base, cst.Attribute) and base.attr.value in COEF_ATTRS):
        return None
    keys = [first.slice, second.slice]
    if not all(isinstance(k, cst.Index) for k in keys):
        return None
    row, col = (literal(k.value) for k in keys)  # type: ignore[attr-defined]
    if row != 0 or not isinstance(col, int) or isinstance(col, bool) or col < 0:
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Subscript:
        attr = n.value.value if len(n.slice) == 1 else n.value
        index = n.slice[0] if len(n.slice) == 1 else n.slice[1]
        flat = edits.method_call(attr, "ravel")
        return cst.Subscript(
            value=flat,
            slice=[index.with_changes(comma=cst.MaybeSentinel.DEFAULT)],
        )

    return Outcome(fix=fix)


# --- predict(A[i]): one row given as a 1-D sample ------------------------------------------------

SAMPLE_METHODS = (
    "predict",
    "predict_proba",
    "predict_log_proba",
    "decision_function",
    "score_samples",
    "transform",
)
NOT_ESTIMATORS = ("pandas.DataFrame", "pandas.Series", "numpy.ndarray")


def _one_row(site: Site) -> Outcome | None:
    """0.17-0.18 read a 1-D X as one sample (with a warning): ``clf.predict(data[-1])`` is
    ``clf.predict(data[[-1]])``, the same row kept 2-D."""
    pos = site.positional()
    if len(pos) != 1 or len(site.args) != 1:
        return None
    arg = pos[0].value
    if not (isinstance(arg, cst.Subscript) and len(arg.slice) == 1):
        return None
    key = arg.slice[0].slice
    if not isinstance(key, cst.Index) or not isinstance(literal(key.value), int):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        sub = node.args[0].value
        assert isinstance(sub, cst.Subscript)
        index = sub.slice[0].slice
        assert isinstance(index, cst.Index)
        rows = cst.List(elements=[cst.Element(index.value)])
        element = sub.slice[0].with_changes(slice=index.with_changes(value=rows))
        return node.with_changes(
            args=[node.args[0].with_changes(value=sub.with_changes(slice=[element]))]
        )

    # a row or one feature's values? only once the error says a 1-D X reached the estimator
    return Outcome(fix=fix, proven=False)


def _full_repr(site: Site) -> Outcome | None:
    """A cell importing scikit-learn in a notebook whose stored outputs show estimators with
    every parameter: print_changed_only=False shows them so again (display only)."""
    module: cst.Module = site.node
    if not site.facts.get("sklearn_full_repr") or not any(_imports_sklearn(s) for s in module.body):
        return None
    return Outcome(fix=lambda n, refs: n, prelude="sklearn.set_config(print_changed_only=False)")


def _imports_sklearn(stmt: cst.CSTNode) -> bool:
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    names: list[str | None] = []
    for small in stmt.body:
        if isinstance(small, cst.ImportFrom) and small.module is not None:
            names.append(edits.dotted_name(small.module))
        elif isinstance(small, cst.Import):
            names.extend(edits.dotted_name(a.name) for a in small.names)
    return any((name or "").split(".")[0] == "sklearn" for name in names)


RULES = [
    Rule(
        id="SKL053",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        catalogue=SOURCE,
        message="SGD models reject tol=-inf since 1.2; tol=None is the same (never stop early)",
        replacement="SGDRegressor(max_iter=50, tol=None)",
        signatures=(r"The 'tol' parameter of \w+ must be .* Got -inf instead",),
        matchers=(Call(functions=SGDS, check=_sgd_minus_inf_tol),),
        examples=(
            (
                "import numpy as np\nfrom sklearn.linear_model import SGDRegressor\n"
                "m = SGDRegressor(max_iter=50, tol=-np.inf, eta0=0.1)",
                "import numpy as np\nfrom sklearn.linear_model import SGDRegressor\n"
                "m = SGDRegressor(max_iter=50, tol=None, eta0=0.1)",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import SGDRegressor\n"
                "m = SGDRegressor(max_iter=5, tol=-np.inf, random_state=0).fit(X, y)"
            ),
        ),
    ),
    Rule(
        id="SKL054",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue=SOURCE,
        message="the old GMM took 1-D data as one feature, score() was per sample, "
        "score_samples() returned a pair and covars_ is covariances_ in GaussianMixture",
        replacement="gm.fit(np.reshape(x, (len(x), -1))); gm.score_samples(X); gm.covariances_",
        signatures=(cannot_import(["GMM", "DPGMM", "VBGMM"]),),
        matchers=(
            Call(methods=GMM_DATA_METHODS, receivers=GMMS, check=_gmm_method),
            Node(types=("Subscript",), check=_gmm_pair_first),
            Attr(names=("covars_",), receivers=GMMS, check=_gmm_covars),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.mixture import GMM\n"
                "clf = GMM(4, n_iter=500).fit(x)\nd = np.exp(clf.score(xs))\nc = clf.covars_\n"
                "ll = clf.score_samples(y)[0]\nb = clf.bic(X[:, None])",
                "import numpy as np\nfrom sklearn.mixture import GMM\n"
                "clf = GMM(4, n_iter=500).fit(np.reshape(x, (len(x), -1)))\n"
                "d = np.exp(clf.score_samples(np.reshape(xs, (len(xs), -1))))\n"
                "c = clf.covariances_\nll = clf.score_samples(np.reshape(y, (len(y), -1)))\n"
                "b = clf.bic(X[:, None])",
            ),
        ),
    ),
    Rule(
        id="SKL055",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="coef_ of a single-target model is 1-D today, so coef_[0][j] fails; "
        "coef_.ravel()[j] is the same element for either shape",
        replacement="m.coef_.ravel()[0]",
        signatures=(
            r"invalid index to scalar variable",
            r"too many indices for array: array is 1-dimensional",
        ),
        matchers=(Node(types=("Subscript",), check=_row_zero_of_coef),),
        examples=(
            (
                "t0, t1 = ridge.intercept_[0], ridge.coef_[0][0]\nb = -m.coef_[0, 1] / w",
                "t0, t1 = ridge.intercept_[0], ridge.coef_.ravel()[0]\nb = -m.coef_.ravel()[1] / w",
            ),
        ),
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import Ridge\n"
                "m = Ridge().fit(X[:, :1], y[:, None])\n"
                "t1 = m.coef_[0][0]"
            ),
        ),
    ),
    Rule(
        id="SKL056",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="estimators' optional arguments became keyword-only in 1.0 "
        "(KernelDensity(0.15) raises); name them as the old signature did",
        replacement="KernelDensity(bandwidth=0.15); binarize(X, threshold=0.3)",
        signatures=(
            r"__init__\(\) takes \d+ positional arguments? but \d+ (were|was) given",
            r"^TypeError: too many positional arguments$",
            POSITIONAL_ERROR,
        ),
        matchers=(Call(functions=tuple(ESTIMATOR_SIGNATURES), check=_estimator_keyword_only),),
        examples=(
            (
                "from sklearn.neighbors import KernelDensity\n"
                "from sklearn.preprocessing import binarize\n"
                "kde = KernelDensity(0.15).fit(x[:, None])\ny = binarize([p], 0.3)[0]",
                "from sklearn.neighbors import KernelDensity\n"
                "from sklearn.preprocessing import binarize\n"
                "kde = KernelDensity(bandwidth=0.15).fit(x[:, None])\n"
                "y = binarize([p], threshold=0.3)[0]",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "from sklearn.neighbors import KernelDensity\nk = KernelDensity(0.15).fit(X)",
            _CASE_DATA
            + "from sklearn.preprocessing import binarize\nb = binarize([X[:, 0]], 0.3)[0]",
        ),
    ),
    Rule(
        id="SKL057",
        library=LIB,
        changed_in="0.19",
        safety=REVIEW,
        catalogue=SOURCE,
        message="estimators no longer read a 1-D X as one sample (0.19); keep the row 2-D",
        replacement="clf.predict(digits.data[[-1]])",
        signatures=(r"Expected 2D array, got 1D array instead",),
        matchers=(Call(methods=SAMPLE_METHODS, exclude=NOT_ESTIMATORS, check=_one_row),),
        examples=(
            (
                "classifier.predict(digits.data[-1])\np = model.predict_proba(X_test[0])",
                "classifier.predict(digits.data[[-1]])\np = model.predict_proba(X_test[[0]])",
            ),
        ),
        proofs=(
            _CASE_DATA
            + "from sklearn.svm import SVC\nclf = SVC().fit(X, y)\np = clf.predict(X[-1])",
        ),
    ),
    Rule(
        id="SKL058",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        silent=True,
        catalogue=SOURCE,
        message="scikit-learn 0.23 shows only the parameters you changed in an estimator's repr; "
        "the stored outputs show every one: set_config(print_changed_only=False) shows them so",
        replacement="sklearn.set_config(print_changed_only=False) after the sklearn imports",
        matchers=(Node(types=("Module",), check=_full_repr),),
        stored_result="LogisticRegression(C=1.0, class_weight=None, dual=False, "
        "fit_intercept=True,\n          intercept_scaling=1, max_iter=100, penalty='l2', "
        "random_state=42, solver='liblinear',\n          tol=0.0001, verbose=0, warm_start=False)",
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n# %%\n"
                "LogisticRegression(solver='liblinear', random_state=42)",
                "from sklearn.linear_model import LogisticRegression\n"
                "from sklearn import set_config\nset_config(print_changed_only=False)\n# %%\n"
                "LogisticRegression(solver='liblinear', random_state=42)",
            ),
        ),
    ),
]
