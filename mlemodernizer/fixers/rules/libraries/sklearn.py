"""scikit-learn: moved modules, removed classes and parameters, changed defaults (catalogue §3)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from .. import edits
from ..helpers import (
    cannot_import,
    invalid_param,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_attribute,
    no_module,
    object_no_attribute,
    pin_default,
    qualify,
    renames,
    unexpected_kwarg,
)
from ..matchers import (
    DEFAULT_FIX,
    MISSING,
    NOT_LITERAL,
    Attr,
    Call,
    DictKey,
    Module,
    Node,
    Outcome,
    Site,
    Symbol,
    literal,
)
from ..model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule

LIB = "scikit-learn"

TREE_CLASSIFIERS = (
    *qualify(
        "sklearn.ensemble",
        ["RandomForestClassifier", "ExtraTreesClassifier", "GradientBoostingClassifier"],
    ),
    *qualify("sklearn.tree", ["DecisionTreeClassifier", "ExtraTreeClassifier"]),
)
TREE_REGRESSORS = (
    *qualify(
        "sklearn.ensemble",
        ["RandomForestRegressor", "ExtraTreesRegressor", "GradientBoostingRegressor"],
    ),
    *qualify("sklearn.tree", ["DecisionTreeRegressor", "ExtraTreeRegressor"]),
)

# --- S1: sklearn.cross_validation's splitters took the data size and were iterables ------------

OLD_SPLITTERS: dict[str, tuple[str, list[str], str]] = {
    # name: (what the first argument was, old positional names after it, count keyword)
    "KFold": ("n", ["n_folds", "shuffle", "random_state"], "n_folds"),
    "StratifiedKFold": ("y", ["n_folds", "shuffle", "random_state"], "n_folds"),
    "ShuffleSplit": ("n", ["n_iter", "test_size", "train_size", "random_state"], "n_iter"),
    "StratifiedShuffleSplit": (
        "y",
        ["n_iter", "test_size", "train_size", "random_state"],
        "n_iter",
    ),
    "LeaveOneOut": ("n", [], ""),
    "LeavePOut": ("n", ["p"], ""),
}
OLD_DEFAULT_COUNT = {"n_folds": 3, "n_iter": 10}


def _old_splitter(site: Site) -> Outcome | None:
    qname = site.qname or ""
    name = qname.rpartition(".")[2]
    first, names, count = OLD_SPLITTERS[name]
    pos = site.positional()
    data_kw = site.kwarg(first)  # KFold(n=6, n_folds=3), StratifiedKFold(y=y, n_folds=5)
    if (not pos and data_kw is None) or site.has_star():
        return None
    old_module = qname.startswith("sklearn.cross_validation.")
    old_kwargs = bool(count) and site.kwarg(count) is not None
    new_api = data_kw is None and not old_module and not old_kwargs
    if new_api and (first == "n" or literal_int(pos[0].value)):
        return None  # KFold(5) is the new API's n_splits
    if len(pos) > (0 if data_kw is not None else 1) + len(names):
        return Outcome(fix=None)
    # the new splitters refuse random_state without shuffle (it had no effect then either)
    drop_seed = "shuffle" in names and site.value("shuffle", names.index("shuffle") + 1) in (
        MISSING,
        False,
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, first)
        if i is not None:  # the data as a keyword: make it the first positional again
            data_arg = node.args[i]
            others = [a for j, a in enumerate(node.args) if j != i]
            node = node.with_changes(
                args=[data_arg.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT), *others]
            )
        node = edits.positional_to_keywords(node, names, start=1)
        if drop_seed:
            node = edits.drop_kwargs(node, "random_state")
        data = node.args[0].value
        rest = [a for a in node.args[1:]]
        if count:
            if edits.find_kwarg(node, count) is None:
                rest.append(edits.kwarg(count, edits.to_node(OLD_DEFAULT_COUNT[count])))
            rest = [
                a.with_changes(keyword=cst.Name("n_splits"))
                if a.keyword and a.keyword.value == count
                else a
                for a in rest
            ]
        if name == "LeavePOut":
            rest = [a.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT) for a in rest]
        splitter = node.with_changes(args=[])
        splitter = edits.add_args(splitter, [edits.strip_comma(a) for a in rest])
        if first == "n":
            split_args = [cst.Arg(cst.Call(func=refs["numpy.arange"], args=[cst.Arg(data)]))]
        else:
            zeros = cst.Call(
                func=refs["numpy.zeros"],
                args=[cst.Arg(cst.Call(func=cst.Name("len"), args=[cst.Arg(data)]))],
            )
            split_args = [
                cst.Arg(zeros, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(data),
            ]
        split = edits.method_call(splitter, "split", split_args)
        return cst.Call(func=cst.Name("list"), args=[cst.Arg(split)])

    needs = ("numpy.arange",) if first == "n" else ("numpy.zeros",)
    return Outcome(fix=fix, needs=needs)


def literal_int(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer)


# --- S3: preprocessing.Imputer -------------------------------------------------------------------

IMPUTER_POSITIONAL = ["missing_values", "strategy", "axis", "verbose", "copy"]
IMPUTERS = ("sklearn.preprocessing.Imputer", "sklearn.preprocessing.imputation.Imputer")


def _imputer(site: Site) -> Outcome | None:
    if site.has_star() or len(site.positional()) > len(IMPUTER_POSITIONAL):
        return Outcome(fix=None)
    named = {n: site.value(n, i) for i, n in enumerate(IMPUTER_POSITIONAL)}
    axis = named["axis"]
    if axis not in (MISSING, 0):
        return Outcome(
            fix=None,
            message="Imputer(axis=1) imputed along rows; SimpleImputer only imputes columns: "
            "transpose the data or impute per row by hand",
        )
    missing = named["missing_values"]
    nan_marker = isinstance(missing, str) and missing.lower() == "nan"
    if missing is NOT_LITERAL:
        pass  # a variable holding 'NaN' would need np.nan; left as written

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, IMPUTER_POSITIONAL)
        node = edits.drop_kwargs(node, "axis", "verbose")
        if nan_marker:
            node = edits.set_kwarg(node, "missing_values", refs["numpy.nan"])
        return node

    return Outcome(fix=fix, needs=("numpy.nan",) if nan_marker else ())


# --- S15: max_features='auto' ---------------------------------------------------------------------


def _set_params_max_features(site: Site) -> Outcome | None:
    if not site.proven or site.receiver is None or site.value("max_features") != "auto":
        return None
    new: Any = "sqrt" if site.receiver.qname in TREE_CLASSIFIERS else 1.0
    return Outcome(fix=lambda node, refs: edits.set_kwarg(node, "max_features", edits.to_node(new)))


PRIVATE_MODULES = {
    "sklearn.ensemble.forest": "sklearn.ensemble",
    "sklearn.ensemble.gradient_boosting": "sklearn.ensemble",
    "sklearn.ensemble.bagging": "sklearn.ensemble",
    "sklearn.ensemble.weight_boosting": "sklearn.ensemble",
    "sklearn.ensemble.iforest": "sklearn.ensemble",
    "sklearn.ensemble.voting": "sklearn.ensemble",
    "sklearn.tree.tree": "sklearn.tree",
    "sklearn.tree.export": "sklearn.tree",
    "sklearn.metrics.scorer": "sklearn.metrics",
    "sklearn.metrics.classification": "sklearn.metrics",
    "sklearn.metrics.regression": "sklearn.metrics",
    "sklearn.metrics.ranking": "sklearn.metrics",
    "sklearn.metrics.cluster.supervised": "sklearn.metrics.cluster",
    "sklearn.preprocessing.data": "sklearn.preprocessing",
    "sklearn.preprocessing.label": "sklearn.preprocessing",
    "sklearn.linear_model.base": "sklearn.linear_model",
    "sklearn.linear_model.logistic": "sklearn.linear_model",
    "sklearn.linear_model.ridge": "sklearn.linear_model",
    "sklearn.linear_model.coordinate_descent": "sklearn.linear_model",
    "sklearn.linear_model.stochastic_gradient": "sklearn.linear_model",
    "sklearn.svm.classes": "sklearn.svm",
    "sklearn.neighbors.classification": "sklearn.neighbors",
    "sklearn.neighbors.regression": "sklearn.neighbors",
    "sklearn.neighbors.base": "sklearn.neighbors",
    "sklearn.cluster.k_means_": "sklearn.cluster",
    "sklearn.decomposition.pca": "sklearn.decomposition",
    "sklearn.datasets.samples_generator": "sklearn.datasets",
    "sklearn.datasets.base": "sklearn.datasets",
    "sklearn.manifold.t_sne": "sklearn.manifold",
    "sklearn.mixture.gaussian_mixture": "sklearn.mixture",
    "sklearn.neural_network.multilayer_perceptron": "sklearn.neural_network",
    "sklearn.feature_selection.univariate_selection": "sklearn.feature_selection",
    "sklearn.naive_bayes.naive_bayes": "sklearn.naive_bayes",
    "sklearn.model_selection._validation": "sklearn.model_selection",
}

# --- estimator families -------------------------------------------------------------------------

LINEAR_NORMALIZE = qualify(
    "sklearn.linear_model",
    [
        "LinearRegression",
        "Ridge",
        "RidgeCV",
        "RidgeClassifier",
        "RidgeClassifierCV",
        "Lasso",
        "LassoCV",
        "ElasticNet",
        "ElasticNetCV",
        "Lars",
        "LarsCV",
        "LassoLars",
        "LassoLarsCV",
        "LassoLarsIC",
        "OrthogonalMatchingPursuit",
        "OrthogonalMatchingPursuitCV",
        "BayesianRidge",
        "ARDRegression",
        "MultiTaskLasso",
        "MultiTaskElasticNet",
        "MultiTaskLassoCV",
        "MultiTaskElasticNetCV",
    ],
)
FORESTS = qualify(
    "sklearn.ensemble",
    [
        "RandomForestClassifier",
        "RandomForestRegressor",
        "ExtraTreesClassifier",
        "ExtraTreesRegressor",
    ],
)
SVMS = qualify("sklearn.svm", ["SVC", "SVR", "NuSVC", "NuSVR", "OneClassSVM"])
SGDS = qualify(
    "sklearn.linear_model",
    [
        "SGDClassifier",
        "SGDRegressor",
        "Perceptron",
        "PassiveAggressiveClassifier",
        "PassiveAggressiveRegressor",
    ],
)
CV_USERS = (
    *qualify(
        "sklearn.model_selection",
        [
            "cross_val_score",
            "cross_validate",
            "cross_val_predict",
            "GridSearchCV",
            "RandomizedSearchCV",
            "learning_curve",
            "validation_curve",
        ],
    ),
)
REGRESSION_TREES = (
    *qualify("sklearn.tree", ["DecisionTreeRegressor", "ExtraTreeRegressor"]),
    *qualify("sklearn.ensemble", ["RandomForestRegressor", "ExtraTreesRegressor"]),
)
# gradient boosting took criterion='mse' too, but its 'mae' has no successor ('absolute_error'
# was never one of its criteria)
BOOSTING_TREES = qualify(
    "sklearn.ensemble", ["GradientBoostingRegressor", "GradientBoostingClassifier"]
)
META = (
    *qualify(
        "sklearn.ensemble",
        ["BaggingClassifier", "BaggingRegressor", "AdaBoostClassifier", "AdaBoostRegressor"],
    ),
    "sklearn.calibration.CalibratedClassifierCV",
    "sklearn.linear_model.RANSACRegressor",
)
KMEANS = qualify("sklearn.cluster", ["KMeans", "MiniBatchKMeans"])
LOGREG = ("sklearn.linear_model.LogisticRegression",)


def _one_hot_categorical(site: Site) -> Outcome | None:
    if site.kwarg("categorical_features") is None:
        return None
    features = site.value("categorical_features")
    if site.kwarg("n_values") is not None or features is NOT_LITERAL or site.positional():
        return Outcome(fix=None)
    if features in ("all", None):
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "categorical_features"))
    # the old encoder always returned a sparse matrix unless told sparse=False (code calls
    # .toarray() on it); a ColumnTransformer returns a dense array when the result is dense
    # enough, so it is asked to keep the encoder's sparse output
    dense = any(site.value(k) is False for k in ("sparse", "sparse_output"))

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "categorical_features")
        assert i is not None
        columns = node.args[i].value
        encoder = edits.drop_kwargs(node, "categorical_features")
        step = cst.Tuple(
            [
                cst.Element(edits.string("onehot"), comma=_comma()),
                cst.Element(encoder, comma=_comma()),
                cst.Element(columns),
            ]
        )
        return cst.Call(
            func=refs["sklearn.compose.ColumnTransformer"],
            args=[
                cst.Arg(cst.List([cst.Element(step)]), comma=_comma()),
                edits.kwarg("remainder", edits.string("passthrough")),
            ]
            + ([] if dense else [edits.kwarg("sparse_threshold", cst.Float("1.0"))]),
        )

    return Outcome(fix=fix, needs=("sklearn.compose.ColumnTransformer",), outer=True)


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _normalize(regularized: bool) -> Any:
    def check(site: Site) -> Outcome | None:
        value = site.value("normalize")
        if value is MISSING:
            return None
        ols = site.qname == "sklearn.linear_model.LinearRegression"
        if value is False or (value is True and ols):
            # OLS predictions do not depend on the scale of X
            return (
                None
                if regularized
                else Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "normalize"))
            )
        if not regularized or value is not True:
            return None

        def fix(node: cst.Call, refs: Any) -> cst.Call:
            model = edits.drop_kwargs(node, "normalize")
            scaler = cst.Call(func=refs["sklearn.preprocessing.StandardScaler"], args=[])
            return cst.Call(
                func=refs["sklearn.pipeline.make_pipeline"],
                args=[cst.Arg(scaler, comma=_comma()), cst.Arg(model)],
            )

        return Outcome(
            fix=fix,
            needs=("sklearn.pipeline.make_pipeline", "sklearn.preprocessing.StandardScaler"),
            outer=True,
        )

    return check


def _multi_class(site: Site) -> Outcome | None:
    value = site.value("multi_class")
    if value is MISSING:
        return None
    if value in ("auto", "multinomial"):
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "multi_class"))
    if value != "ovr":
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        inner = edits.drop_kwargs(node, "multi_class")
        return cst.Call(func=refs["sklearn.multiclass.OneVsRestClassifier"], args=[cst.Arg(inner)])

    return Outcome(
        fix=fix,
        proven=False,
        needs=("sklearn.multiclass.OneVsRestClassifier",),
        outer=True,
        message="multi_class='ovr' was removed in 1.8; proposed OneVsRestClassifier(...) "
        "(probabilities are normalized the same way; check the scores)",
    )


def _wrapped_in_ovr(site: Site) -> bool:
    parent = site.context[0] if site.context else None
    return parent is not None and (site.resolve(parent.func) or "").endswith("OneVsRestClassifier")


def _liblinear_multiclass(site: Site) -> Outcome | None:
    if site.value("solver") != "liblinear" or _wrapped_in_ovr(site):
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return cst.Call(func=refs["sklearn.multiclass.OneVsRestClassifier"], args=[cst.Arg(node)])

    return Outcome(
        fix=fix, proven=False, needs=("sklearn.multiclass.OneVsRestClassifier",), outer=True
    )


def _squared_false(site: Site) -> Outcome | None:
    value = site.value("squared")
    if value is MISSING:
        return None
    if value is True:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "squared"))
    if value is not False:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "squared")
        func = node.func
        if isinstance(func, cst.Attribute):
            return node.with_changes(
                func=func.with_changes(attr=cst.Name("root_mean_squared_error"))
            )
        return node.with_changes(func=refs["sklearn.metrics.root_mean_squared_error"])

    needs = (
        ()
        if isinstance(site.node.func, cst.Attribute)
        else ("sklearn.metrics.root_mean_squared_error",)
    )
    return Outcome(fix=fix, needs=needs)


def _n_iter(site: Site) -> Outcome | None:
    if site.kwarg("n_iter") is None or site.kwarg("max_iter") is not None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "n_iter", "max_iter")
        if edits.find_kwarg(node, "tol") is None:
            node = edits.add_args(node, [edits.kwarg("tol", cst.Name("None"))])
        return node

    return Outcome(fix=fix)


def _adaboost_algorithm(site: Site) -> Outcome | None:
    value = site.value("algorithm")
    if value is MISSING:
        return None
    fix = lambda node, refs: edits.drop_kwargs(node, "algorithm")  # noqa: E731
    if value == "SAMME":
        return Outcome(fix=fix)
    return Outcome(
        fix=fix,
        proven=False,
        message="AdaBoostClassifier(algorithm='SAMME.R') is gone (1.8): only SAMME remains; "
        "dropping it changes the boosting, check the scores",
    )


def _feature_names(site: Site) -> Outcome | None:
    receiver = site.receiver
    proven = receiver is not None and receiver.qname.rpartition(".")[2] in (
        "CountVectorizer",
        "TfidfVectorizer",
        "DictVectorizer",
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return cst.Call(
            func=cst.Name("list"),
            args=[cst.Arg(edits.rename_method(node, "get_feature_names_out"))],
        )

    return Outcome(fix=fix, proven=proven, outer=True)


def _needs_proba(site: Site) -> Outcome | None:
    proba = site.value("needs_proba")
    threshold = site.value("needs_threshold")
    if proba is MISSING and threshold is MISSING:
        return None
    if site.kwarg("response_method") is not None:
        return Outcome(fix=None)
    if threshold is True:
        value: cst.BaseExpression = edits.expr('("decision_function", "predict_proba")')
    elif proba is True:
        value = edits.string("predict_proba")
    elif proba in (False, MISSING) and threshold in (False, MISSING):
        value = None  # type: ignore[assignment]
    else:
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "needs_proba", "needs_threshold")
        if value is None:
            return node
        return edits.add_args(node, [edits.kwarg("response_method", value)])

    return Outcome(fix=fix)


def _n_alphas(site: Site) -> Outcome | None:
    if site.kwarg("n_alphas") is None:
        return None
    if site.kwarg("alphas") is not None:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "n_alphas"))
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "n_alphas", "alphas"))


def _randomized_pca(site: Site) -> Outcome | None:
    if site.kwarg("svd_solver") is not None:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("svd_solver", edits.string("randomized"))]
        )
    )


def _gmm(site: Site) -> Outcome | None:
    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "n_iter", "max_iter")
        if edits.find_kwarg(node, "covariance_type") is None:
            node = edits.add_args(node, [edits.kwarg("covariance_type", edits.string("diag"))])
        return node

    return Outcome(fix=fix)


def _grid_max_features(site: Site) -> Outcome | None:
    element: cst.DictElement = site.node
    value = element.value
    items = value.elements if isinstance(value, cst.List | cst.Tuple) else None
    literal_values = [literal(e.value) for e in items] if items is not None else [literal(value)]
    if "auto" not in literal_values:
        return None
    kinds = {t.qname for t in site.known()}
    classifier = any(k in TREE_CLASSIFIERS for k in kinds)
    regressor = any(k in TREE_REGRESSORS for k in kinds)
    new: Any = 1.0 if regressor and not classifier else "sqrt"
    proven = classifier != regressor

    def replace(node: cst.BaseExpression) -> cst.BaseExpression:
        return edits.to_node(new) if literal(node) == "auto" else node

    def fix(node: cst.DictElement, refs: Any) -> cst.DictElement:
        v = node.value
        if isinstance(v, cst.List | cst.Tuple):
            present = [literal(e.value) for e in v.elements]
            if new in present:  # 'auto' duplicated an option already in the grid
                kept = [e for e in v.elements if literal(e.value) != "auto"]
                if kept:
                    kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    return node.with_changes(value=v.with_changes(elements=kept))
            return node.with_changes(
                value=v.with_changes(
                    elements=[e.with_changes(value=replace(e.value)) for e in v.elements]
                )
            )
        return node.with_changes(value=replace(v))

    return Outcome(
        fix=fix,
        proven=proven,
        message=None
        if proven
        else "max_features='auto' in a parameter grid: proposed 'sqrt' "
        "(classifiers); regressors need 1.0",
    )


def _grid_base_estimator(site: Site) -> Outcome | None:
    key = literal(site.node.key)
    if not isinstance(key, str) or "base_estimator__" not in key:
        return None
    new = key.replace("base_estimator__", "estimator__")
    return Outcome(fix=lambda node, refs: node.with_changes(key=edits.same_quotes(node.key, new)))


def _svm_gamma(site: Site) -> bool:
    return site.value("kernel") == "linear"


def _logreg_unless(site: Site) -> bool:
    return site.kwarg("solver") is not None


# --- scorer names (seen in real notebooks) ----------------------------------------------------

SOURCE = "real-notebooks"

# 0.18 renamed the loss scorers (removed in 0.20; brier_score_loss in 0.22/0.24). The old names
# already returned the negated loss, so the new names give the very same numbers.
OLD_SCORERS = {
    "mean_squared_error": "neg_mean_squared_error",
    "mean_absolute_error": "neg_mean_absolute_error",
    "median_absolute_error": "neg_median_absolute_error",
    "log_loss": "neg_log_loss",
    "brier_score_loss": "neg_brier_score",
}
SCORING_USERS = (
    *qualify(
        "sklearn.model_selection",
        [
            "cross_val_score",
            "cross_validate",
            "GridSearchCV",
            "RandomizedSearchCV",
            "learning_curve",
            "validation_curve",
            "permutation_test_score",
        ],
    ),
    "sklearn.inspection.permutation_importance",
)


def _old_scorer(node: cst.BaseExpression) -> bool:
    value = literal(node)
    return isinstance(value, str) and value in OLD_SCORERS


def _new_scorers(node: cst.BaseExpression) -> cst.BaseExpression:
    """A scorer name, or a dict of them ({'mse': 'mean_squared_error'}), with the new names."""
    if _old_scorer(node):
        return edits.same_quotes(node, OLD_SCORERS[literal(node)])
    if isinstance(node, cst.Dict):
        return node.with_changes(
            elements=[
                e.with_changes(value=_new_scorers(e.value)) if isinstance(e, cst.DictElement) else e
                for e in node.elements
            ]
        )
    return node


def _scoring(name: str, position: int | None) -> Any:
    def check(site: Site) -> Outcome | None:
        arg = site.kwarg(name)
        if arg is None and position is not None:
            pos = site.positional()
            arg = pos[position] if len(pos) > position else None
        if arg is None:
            return None
        value = arg.value
        if isinstance(value, cst.List | cst.Tuple | cst.Set):
            if any(_old_scorer(e.value) for e in value.elements):
                # the names key the results (cv_results_['mean_test_log_loss']): rename by hand
                return Outcome(fix=None)
            return None
        if _old_scorer(value) or (
            isinstance(value, cst.Dict)
            and any(isinstance(e, cst.DictElement) and _old_scorer(e.value) for e in value.elements)
        ):

            def fix(node: cst.Call, refs: Any) -> cst.Call:
                args = list(node.args)
                i = edits.find_kwarg(node, name)
                if i is None:
                    assert position is not None
                    i = [k for k, a in enumerate(args) if a.keyword is None and not a.star][
                        position
                    ]
                args[i] = args[i].with_changes(value=_new_scorers(args[i].value))
                return node.with_changes(args=args)

            return Outcome(fix=fix)
        return None

    return check


# --- sklearn.metrics.SCORERS -------------------------------------------------------------------

SCORERS = "sklearn.metrics.SCORERS"


def _plain_sorted(call: Any, arg: Any, site: Site) -> bool:
    """``sorted(x)``: one positional argument (``arg``) and nothing else."""
    return (
        isinstance(call, cst.Call)
        and site.resolve(call.func) == "builtins.sorted"
        and len(call.args) == 1
        and call.args[0] is arg
        and arg.keyword is None
        and not arg.star
    )


def _scorer_names(site: Site) -> Outcome | None:
    return Outcome(
        fix=lambda node, refs: cst.Call(func=refs["sklearn.metrics.get_scorer_names"], args=[]),
        needs=("sklearn.metrics.get_scorer_names",),
        outer=True,
    )


def _scorers_keys(site: Site) -> Outcome | None:
    """``SCORERS.keys()`` → ``get_scorer_names()`` (a sorted list of the same names)."""
    if site.args:
        return None
    parent, arg = site.context if site.context else (None, None)
    if _plain_sorted(parent, arg, site):
        return None  # sorted(SCORERS.keys()): the sorted() call is rewritten
    return _scorer_names(site)


def _sorted_scorers(site: Site) -> Outcome | None:
    """``sorted(SCORERS)`` / ``sorted(SCORERS.keys())`` → ``get_scorer_names()``."""
    if len(site.args) != 1 or not _plain_sorted(site.node, site.args[0], site):
        return None
    value = site.args[0].value
    if isinstance(value, cst.Call) and not value.args:
        value = value.func if site.resolve(value.func) == f"{SCORERS}.keys" else value
        value = value.value if isinstance(value, cst.Attribute) else value
    if site.resolve(value) != SCORERS:
        return None
    return _scorer_names(site)


def _scorers_item(site: Site) -> Outcome | None:
    """``SCORERS['accuracy']`` → ``get_scorer('accuracy')``."""
    node: cst.Subscript = site.node
    if site.resolve(node.value) != SCORERS or len(node.slice) != 1:
        return None
    key = node.slice[0].slice
    if not isinstance(key, cst.Index) or key.star is not None:
        return None

    def fix(n: cst.Subscript, refs: Any) -> cst.Call:
        index = n.slice[0].slice
        assert isinstance(index, cst.Index)
        return cst.Call(func=refs["sklearn.metrics.get_scorer"], args=[cst.Arg(index.value)])

    return Outcome(fix=fix, needs=("sklearn.metrics.get_scorer",), outer=True)


def _scorers_reference(site: Site) -> Outcome | None:
    """The import goes (the rewrites import what they use); a reference the rewrites above do
    not cover is reported."""
    node = site.node
    if isinstance(node, cst.ImportAlias):
        return Outcome(fix=DEFAULT_FIX)
    call, arg = site.context if site.context else (None, None)
    if isinstance(call, cst.Call):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.value is node
            and func.attr.value == "keys"
            and not call.args
        ):
            return None  # SCORERS.keys()
        if arg is not None and arg.value is node and _plain_sorted(call, arg, site):
            return None  # sorted(SCORERS)
    subscript = site.extra.get("subscript")
    if subscript is not None and len(subscript.slice) == 1:
        key = subscript.slice[0].slice
        if isinstance(key, cst.Index) and key.star is None:
            return None  # SCORERS[name]
    return Outcome(
        fix=None,
        message="sklearn.metrics.SCORERS was removed in 1.3; use get_scorer_names() for the "
        "names and get_scorer(name) for a scorer",
    )


# --- keyword-only arguments (SLEP009, enforced in 1.0) -----------------------------------------

# the old signatures' optional parameters, in order, after the positional ones they kept; the
# order held from 0.18 to 0.23, so old positional calls map onto these names exactly
KEYWORD_ONLY: dict[str, tuple[int, list[str]]] = {
    # name: (how many positional arguments the new signature keeps, the old names after them)
    "KFold": (1, ["shuffle", "random_state"]),
    "StratifiedKFold": (1, ["shuffle", "random_state"]),
    "ShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "StratifiedShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "GroupShuffleSplit": (1, ["test_size", "train_size", "random_state"]),
    "RepeatedKFold": (0, ["n_splits", "n_repeats", "random_state"]),
    "RepeatedStratifiedKFold": (0, ["n_splits", "n_repeats", "random_state"]),
    "cross_val_score": (3, ["groups", "scoring", "cv", "n_jobs", "verbose"]),
    "cross_validate": (3, ["groups", "scoring", "cv", "n_jobs", "verbose"]),
    "cross_val_predict": (3, ["groups", "cv", "n_jobs", "verbose"]),
    "learning_curve": (3, ["groups", "train_sizes", "cv", "scoring"]),
    "validation_curve": (3, ["param_name", "param_range", "groups", "cv", "scoring"]),
}
# the functions of the modules model_selection replaced had no groups= parameter: a call
# imported from them (and moved by SKL001/SKL003) maps its positionals onto these names
OLD_MODULE_SIGNATURES: dict[str, tuple[int, list[str]]] = {
    "sklearn.learning_curve.learning_curve": (3, ["train_sizes", "cv", "scoring"]),
    "sklearn.learning_curve.validation_curve": (3, ["param_name", "param_range", "cv", "scoring"]),
    "sklearn.cross_validation.cross_val_score": (3, ["scoring", "cv", "n_jobs", "verbose"]),
    "sklearn.cross_validation.cross_val_predict": (3, ["cv", "n_jobs", "verbose"]),
}
# splitters SKL002 reads as the old cross_validation API when the first argument is the data
DATA_FIRST = ("StratifiedKFold", "StratifiedShuffleSplit")


def _keyword_only(site: Site) -> Outcome | None:
    name = (site.qname or "").rpartition(".")[2]
    keep, names = KEYWORD_ONLY[name]
    original = site.extra.get("original_qname") or site.qname
    if original in OLD_MODULE_SIGNATURES:
        keep, names = OLD_MODULE_SIGNATURES[original]
    pos = site.positional()
    if len(pos) <= keep or site.has_star():
        return None
    if name in DATA_FIRST and not literal_int(pos[0].value):
        return None  # StratifiedKFold(y, 4) is the old API: SKL002 rewrites it
    if len(pos) - keep > len(names):
        return Outcome(fix=None)  # past the names that kept their place across versions
    return Outcome(fix=lambda node, refs: edits.positional_to_keywords(node, names, start=keep))


# --- S29: grid_scores_ (a list of named tuples) -> cv_results_ (a dict of arrays) ---------------

# the tuple fields that are columns of cv_results_ (cv_validation_scores is split<k>_test_score)
GRID_SCORE_FIELDS = {"mean_validation_score": "mean_test_score", "parameters": "params"}


def _grid_scores_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The search object of ``search.grid_scores_``."""
    if isinstance(node, cst.Attribute) and node.attr.value == "grid_scores_":
        return node.value
    return None


def _cv_results_column(search: cst.BaseExpression, column: str) -> cst.Subscript:
    return cst.Subscript(
        value=cst.Attribute(value=search, attr=cst.Name("cv_results_")),
        slice=[cst.SubscriptElement(cst.Index(cst.SimpleString(f"'{column}'")))],
    )


def _grid_scores_listcomp(site: Site) -> Outcome | None:
    """``[r.mean_validation_score for r in gs.grid_scores_]`` → ``list(gs.cv_results_[...])``."""
    node: cst.ListComp = site.node
    loop = node.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return None
    search = _grid_scores_of(loop.iter)
    elt = node.elt
    if (
        search is None
        or not isinstance(loop.target, cst.Name)
        or not isinstance(elt, cst.Attribute)
        or not isinstance(elt.value, cst.Name)
        or elt.value.value != loop.target.value
        or elt.attr.value not in GRID_SCORE_FIELDS
    ):
        return None
    column = GRID_SCORE_FIELDS[elt.attr.value]
    return Outcome(
        fix=lambda n, refs: cst.Call(
            func=cst.Name("list"), args=[cst.Arg(_cv_results_column(search, column))]
        ),
        outer=True,
    )


def _grid_scores_field(site: Site) -> Outcome | None:
    """``gs.grid_scores_[i].parameters`` → ``gs.cv_results_['params'][i]``."""
    node: cst.Attribute = site.node
    item = node.value
    if (
        node.attr.value not in GRID_SCORE_FIELDS
        or not isinstance(item, cst.Subscript)
        or len(item.slice) != 1
        or not isinstance(item.slice[0].slice, cst.Index)
    ):
        return None
    search = _grid_scores_of(item.value)
    if search is None:
        return None
    column = GRID_SCORE_FIELDS[node.attr.value]
    return Outcome(
        fix=lambda n, refs: item.with_changes(value=_cv_results_column(search, column)),
        outer=True,
    )


GRID_SCORES_TABLE = ("params", "mean_test_score", "std_test_score")


def _grid_scores_other(site: Site) -> Outcome | None:
    """A cell that shows ``gs.grid_scores_`` shows the same columns of cv_results_ as a table;
    any other use is reported (code that unpacks the named tuples needs a person)."""
    if site.receiver is not None and site.receiver.qname == RFECV:
        return None  # an RFECV's grid_scores_ was an array: SKL065
    if not site.extra.get("statement"):
        return Outcome(fix=None)
    search = site.node.value

    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        frame = cst.Call(
            func=refs["pandas.DataFrame"],
            args=[cst.Arg(cst.Attribute(value=search, attr=cst.Name("cv_results_")))],
        )
        columns = cst.List([cst.Element(cst.SimpleString(f"'{c}'")) for c in GRID_SCORES_TABLE])
        return cst.Subscript(value=frame, slice=[cst.SubscriptElement(cst.Index(columns))])

    return Outcome(fix=fix, needs=("pandas.DataFrame",), outer=True)


# --- announced in the release notes (issue 25: coverage from the source) -------------------------

# the rules below answer items of sklearn.coverage.toml; each cites its release note in ``why``
NOTES = "release-notes"


def _notes(version: str) -> str:
    return f"https://scikit-learn.org/stable/whats_new/v{version}.html"


# the averaged metrics: name -> how many positional parameters come before ``average``
AVERAGED_METRICS = {
    "sklearn.metrics.precision_score": 4,
    "sklearn.metrics.recall_score": 4,
    "sklearn.metrics.f1_score": 4,
    "sklearn.metrics.fbeta_score": 5,
}  # (precision_recall_fscore_support's default was and is average=None: per class)


def _weighted_average(site: Site) -> Outcome | None:
    """No ``average``: a multiclass target got the support-weighted average until 0.16 made
    ``average`` required for it (an error since 0.18)."""
    if site.kwarg("average") is not None or site.has_star():
        return None
    if len(site.positional()) > AVERAGED_METRICS.get(site.qname or "", 4):
        return None  # given by position

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        return edits.add_args(node, [edits.kwarg("average", cst.SimpleString("'weighted'"))])

    return Outcome(fix=fix, proven=False)


GRAPH_LASSO = {
    "GraphLasso": "GraphicalLasso",
    "GraphLassoCV": "GraphicalLassoCV",
    "graph_lasso": "graphical_lasso",
}


def _liblinear_was_the_default(site: Site) -> Outcome | None:
    """``LogisticRegression(penalty='l1')`` / ``(dual=True)`` without a solver: liblinear, the
    default before 0.22, is what fitted it; lbfgs refuses both."""
    if site.kwarg("solver") is not None or site.has_star():
        return None
    if site.value("penalty", 0) != "l1" and site.value("dual", 1) is not True:
        return None
    return Outcome(
        fix=lambda node, refs: edits.add_args(
            node, [edits.kwarg("solver", edits.string("liblinear"))]
        )
    )


SEEDED_SPLITTERS = qualify(
    "sklearn.model_selection", ["KFold", "StratifiedKFold", "StratifiedGroupKFold"]
)


def _seed_without_shuffle(site: Site) -> Outcome | None:
    """``KFold(5, random_state=0)``: the seed never had an effect without ``shuffle=True``;
    since 0.24 the splitter refuses it."""
    if site.kwarg("random_state") is None or site.has_star():
        return None
    original = site.extra.get("original_qname") or site.qname or ""
    if original.startswith("sklearn.cross_validation.") or any(
        site.kwarg(k) is not None for k in ("n", "y", "n_folds")
    ):
        return None  # the cross_validation API: SKL002 rewrites the whole call
    pos = site.positional()
    name = (site.qname or "").rpartition(".")[2]
    if len(pos) > 2 or (pos and name in DATA_FIRST and not literal_int(pos[0].value)):
        return None
    if site.value("shuffle", 1) not in (MISSING, False):
        return None
    return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "random_state"))


TRAIN_SCORE_USERS = qualify(
    "sklearn.model_selection", ["GridSearchCV", "RandomizedSearchCV", "cross_validate"]
)
RFECV = "sklearn.feature_selection.RFECV"


def _rfecv_grid_scores(site: Site) -> Outcome | None:
    """``rfecv.grid_scores_`` (the mean CV score per number of features) is the
    ``mean_test_score`` column of ``cv_results_`` since 1.0."""
    selector = site.node.value
    return Outcome(
        fix=lambda node, refs: _cv_results_column(selector, "mean_test_score"),
        proven=site.proven,
        outer=True,
    )


KERNEL_PCA = ("sklearn.decomposition.KernelPCA",)
KERNEL_PCA_ATTRS = {"lambdas_": "eigenvalues_", "alphas_": "eigenvectors_"}


def _kernel_pca_attr(site: Site) -> Outcome | None:
    name = site.node.attr.value
    if name == "alphas_" and not site.proven:
        return None  # LassoCV, RidgeCV... have an alphas_ too: only a proven KernelPCA
    return Outcome(
        fix=lambda node, refs: edits.rename_attr(node, KERNEL_PCA_ATTRS[name]), proven=site.proven
    )


# the estimators whose n_features_ was deprecated in 1.0 (removed in 1.2; PCA's in 1.4)
N_FEATURES_OWNERS = (
    *TREE_CLASSIFIERS,
    *TREE_REGRESSORS,
    *qualify(
        "sklearn.ensemble",
        ["BaggingClassifier", "BaggingRegressor", "IsolationForest", "RandomTreesEmbedding"],
    ),
    "sklearn.decomposition.PCA",
)


def _rename_attr_to(new: str) -> Any:
    def check(site: Site) -> Outcome | None:
        return Outcome(fix=lambda node, refs: edits.rename_attr(node, new), proven=site.proven)

    return check


RIDGE_CVS = qualify("sklearn.linear_model", ["RidgeCV", "RidgeClassifierCV"])


def _nmf_alpha(site: Site) -> Outcome | None:
    """``NMF(alpha=a)`` regularized W and H alike (``regularization='both'``): ``alpha_W=a``
    (``alpha_H='same'`` by default), but the new terms are scaled by the data's size."""
    if site.kwarg("alpha") is None and site.kwarg("regularization") is None:
        return None
    if site.kwarg("alpha_W") is not None or site.kwarg("alpha_H") is not None:
        return Outcome(fix=None)
    if site.value("regularization") not in (MISSING, "both"):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "regularization")
        if edits.find_kwarg(node, "alpha") is not None:
            node = edits.rename_kwarg(node, "alpha", "alpha_W")
        return node

    return Outcome(fix=fix)


def _auc_reorder(site: Site) -> Outcome | None:
    value = site.value("reorder")
    if value is MISSING:
        return None
    drop = lambda node, refs: edits.drop_kwargs(node, "reorder")  # noqa: E731
    if value is False:
        return Outcome(fix=drop)
    return Outcome(
        fix=drop,
        proven=False,
        message="auc(reorder=True) sorted x first; today x must already be monotonic (a ROC "
        "curve's fpr is): sort the points if it raises",
    )


SPARSE_PCAS = qualify("sklearn.decomposition", ["SparsePCA", "MiniBatchSparsePCA"])
CLASS_WEIGHTED = (
    *qualify("sklearn.svm", ["SVC", "NuSVC", "LinearSVC"]),
    *qualify(
        "sklearn.linear_model",
        [
            "LogisticRegression",
            "LogisticRegressionCV",
            "SGDClassifier",
            "RidgeClassifier",
            "RidgeClassifierCV",
            "Perceptron",
            "PassiveAggressiveClassifier",
        ],
    ),
    *qualify("sklearn.tree", ["DecisionTreeClassifier", "ExtraTreeClassifier"]),
    *qualify("sklearn.ensemble", ["RandomForestClassifier", "ExtraTreesClassifier"]),
)
OUTLIER_DETECTORS = ("sklearn.ensemble.IsolationForest", "sklearn.neighbors.LocalOutlierFactor")


def _not_quantile(site: Site) -> bool:
    return site.value("strategy", 2) not in (MISSING, "quantile")


CALIBRATED = "sklearn.calibration.CalibratedClassifierCV"


def _prefit(site: Site) -> Outcome | None:
    """``CalibratedClassifierCV(clf, cv='prefit')`` is ``CalibratedClassifierCV(
    FrozenEstimator(clf))``: the fitted model is kept and all the data calibrates it."""
    if site.value("cv", 2) != "prefit":
        return None
    given = site.kwarg("estimator") or site.kwarg("base_estimator")
    if site.has_star() or site.kwarg("cv") is None or (given is None and not site.positional()):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.drop_kwargs(node, "cv")
        args = list(node.args)
        named = [
            i
            for i, a in enumerate(args)
            if a.keyword is not None and a.keyword.value in ("estimator", "base_estimator")
        ]  # base_estimator= may already be estimator= (SKL023 on the same call)
        i = (named or [i for i, a in enumerate(args) if a.keyword is None and not a.star])[0]
        frozen = cst.Call(
            func=refs["sklearn.frozen.FrozenEstimator"], args=[cst.Arg(args[i].value)]
        )
        args[i] = args[i].with_changes(value=frozen)
        return node.with_changes(args=args)

    return Outcome(fix=fix, needs=("sklearn.frozen.FrozenEstimator",))


LINEAR_ASSIGNMENT = "sklearn.utils.linear_assignment_.linear_assignment"


def _assignment_pairs(site: Site) -> Outcome | None:
    """The old function returned the (row, column) pairs as one (n, 2) array; scipy's returns
    the rows and the columns: ``np.transpose`` of it is the old array."""
    return Outcome(
        fix=lambda node, refs: cst.Call(func=refs["numpy.transpose"], args=[cst.Arg(node)]),
        needs=("numpy.transpose",),
        outer=True,
    )


# --- release notes, second pass (issue 39) ------------------------------------------------------

BAYES_RIDGES = qualify("sklearn.linear_model", ["BayesianRidge", "ARDRegression"])
STANDARD_SCALER = ("sklearn.preprocessing.StandardScaler",)

# sklearn.cross_validation's label splitters: old name -> (model_selection name, the old
# positional parameters after the labels, {old keyword: (new keyword, old default)})
LABEL_SPLITTERS: dict[str, tuple[str, list[str], dict[str, tuple[str, Any]]]] = {
    "LabelKFold": ("GroupKFold", ["n_folds"], {"n_folds": ("n_splits", 3)}),
    "LeaveOneLabelOut": ("LeaveOneGroupOut", [], {}),
    "LeavePLabelOut": ("LeavePGroupsOut", ["p"], {"p": ("n_groups", MISSING)}),
    "LabelShuffleSplit": (
        "GroupShuffleSplit",
        ["n_iter", "test_size", "train_size", "random_state"],
        {"n_iter": ("n_splits", 5)},
    ),
}
LABEL_MODULES = ("sklearn.cross_validation", "sklearn.model_selection")


def _label_splitter(site: Site) -> Outcome | None:
    """``LabelKFold(labels, n_folds=k)`` (an iterable of folds) is
    ``list(GroupKFold(n_splits=k).split(np.zeros(len(labels)), groups=labels))``."""
    name = (site.qname or "").rpartition(".")[2]
    _, names, renamed = LABEL_SPLITTERS[name]
    pos = site.positional()
    labels_kw = site.kwarg("labels")
    if site.has_star() or (not pos and labels_kw is None):
        return Outcome(fix=None)
    if len(pos) > (0 if labels_kw is not None else 1) + len(names):
        return Outcome(fix=None)
    # the old LabelShuffleSplit kept test_size=0.2 when train_size was given; today's default
    # test size is then the complement of train_size
    keep_test_size = name == "LabelShuffleSplit" and (
        site.value("train_size", 3) is not MISSING and site.value("test_size", 2) is MISSING
    )

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        i = edits.find_kwarg(node, "labels")
        if i is not None:  # the labels as a keyword: make them the first positional again
            others = [a for j, a in enumerate(node.args) if j != i]
            first = node.args[i].with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
            node = node.with_changes(args=[first, *others])
        node = edits.positional_to_keywords(node, names, start=1)
        labels = node.args[0].value
        rest = list(node.args[1:])
        for old, (new, default) in renamed.items():
            if edits.find_kwarg(node, old) is None and default is not MISSING:
                rest.append(edits.kwarg(old, edits.to_node(default)))
            rest = [
                a.with_changes(keyword=cst.Name(new)) if a.keyword and a.keyword.value == old else a
                for a in rest
            ]
        if keep_test_size:
            rest.append(edits.kwarg("test_size", edits.to_node(0.2)))
        splitter = edits.add_args(node.with_changes(args=[]), [edits.strip_comma(a) for a in rest])
        zeros = cst.Call(
            func=refs["numpy.zeros"],
            args=[cst.Arg(cst.Call(func=cst.Name("len"), args=[cst.Arg(labels)]))],
        )
        split = edits.method_call(
            splitter, "split", [cst.Arg(zeros, comma=_comma()), edits.kwarg("groups", labels)]
        )
        return cst.Call(func=cst.Name("list"), args=[cst.Arg(split)])

    return Outcome(fix=fix, needs=("numpy.zeros",), outer=True)


# the discrete naive Bayes models whose coef_/intercept_ (0.23) read their log probabilities
DISCRETE_NBS = qualify("sklearn.naive_bayes", ["MultinomialNB", "BernoulliNB", "ComplementNB"])
NB_LINEAR_ATTRS = {"coef_": "feature_log_prob_", "intercept_": "class_log_prior_"}


def _nb_linear_attr(site: Site) -> Outcome | None:
    """``nb.coef_`` was ``feature_log_prob_[1:]`` for two classes, else ``feature_log_prob_``
    (``intercept_``: ``class_log_prior_`` alike): the same conditional, on a plain name."""
    if not site.proven or edits.dotted_name(site.node.value) is None:
        return None  # coef_ is every linear model's: only a proven naive Bayes model
    source = NB_LINEAR_ATTRS[site.node.attr.value]

    def fix(node: cst.Attribute, refs: Any) -> cst.BaseExpression:
        r = edits.code(node.value)
        return edits.expr(f"({r}.{source}[1:] if len({r}.classes_) == 2 else {r}.{source})")

    return Outcome(fix=fix, outer=True)


# the models that had _LearntSelectorMixin's transform(X, threshold=None) until 0.19
LEARNT_SELECTORS = (
    *FORESTS,
    *qualify("sklearn.tree", ["DecisionTreeClassifier", "DecisionTreeRegressor"]),
    *qualify("sklearn.tree", ["ExtraTreeClassifier", "ExtraTreeRegressor"]),
    *BOOSTING_TREES,
    *qualify(
        "sklearn.linear_model",
        ["LogisticRegression", "SGDClassifier", "SGDRegressor", "Perceptron"],
    ),
    "sklearn.svm.LinearSVC",
)


def _learnt_selector_transform(site: Site) -> Outcome | None:
    """``rf.transform(X)`` kept the features whose importance (feature_importances_, or |coef_|
    summed over the classes) reached the threshold: 1e-5 for an L1 penalty, else the mean.
    ``SelectFromModel(rf, prefit=True)`` has the same defaults."""
    if not site.proven or site.has_star():
        return None  # transform is every transformer's: only a proven model of the mixin
    pos = site.positional()
    if len(pos) > 2 or any(
        a.keyword.value not in ("X", "threshold") for a in site.args if a.keyword
    ):
        return Outcome(fix=None)
    if not site.args:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.positional_to_keywords(node, [None, "threshold"])
        model = node.func.value
        threshold = [a for a in node.args if a.keyword and a.keyword.value == "threshold"]
        data = [a for a in node.args if not (a.keyword and a.keyword.value == "threshold")]
        selector = cst.Call(
            func=refs["sklearn.feature_selection.SelectFromModel"],
            args=[
                cst.Arg(model, comma=_comma()),
                *[
                    edits.kwarg("threshold", a.value).with_changes(comma=_comma())
                    for a in threshold
                ],
                edits.kwarg("prefit", cst.Name("True")),
            ],
        )
        return edits.method_call(selector, "transform", [edits.strip_comma(a) for a in data])

    return Outcome(fix=fix, needs=("sklearn.feature_selection.SelectFromModel",), outer=True)


FAST_ICA = "sklearn.decomposition.FastICA"
FAST_ICA_FUNCTION = "sklearn.decomposition.fastica"


# transformers whose transform(X, y=None) ignored y until 0.19 deprecated it: today's transform
# takes X alone, or (X, copy=None) for the three whose copy came after the old y
Y_IGNORING_TRANSFORMERS = (
    *qualify("sklearn.preprocessing", ["StandardScaler", "Normalizer", "Binarizer"]),
    *qualify(
        "sklearn.preprocessing",
        ["MinMaxScaler", "MaxAbsScaler", "RobustScaler", "PolynomialFeatures", "OneHotEncoder"],
    ),
    *qualify(
        "sklearn.decomposition",
        ["PCA", "IncrementalPCA", "TruncatedSVD", "KernelPCA", "NMF", "FactorAnalysis"],
    ),
    *KMEANS,
    *qualify(
        "sklearn.feature_selection",
        ["SelectKBest", "SelectPercentile", "VarianceThreshold", "RFE", "RFECV"],
    ),
    *qualify("sklearn.random_projection", ["GaussianRandomProjection", "SparseRandomProjection"]),
    *qualify("sklearn.kernel_approximation", ["RBFSampler", "Nystroem"]),
    "sklearn.manifold.Isomap",
    "sklearn.feature_extraction.DictVectorizer",
)


def _transform_y(site: Site) -> Outcome | None:
    """``scaler.transform(X, y)``: the ignored y goes (StandardScaler would read it as copy)."""
    if not site.proven or site.has_star():
        return None  # transform is every object's: only a proven transformer of the list
    pos = site.positional()
    y = site.kwarg("y")
    if len(site.args) != 2 or (len(pos) != 2 and (y is None or len(pos) != 1)):
        return None
    if y is not None:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "y"))
    return Outcome(fix=lambda node, refs: edits.drop_arg(node, 1))


RULES = [
    Rule(
        id="SKL001",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue="S1",
        message="sklearn.cross_validation was removed in 0.20; use sklearn.model_selection",
        replacement="sklearn.model_selection",
        signatures=(no_module("sklearn.cross_validation"),),
        matchers=(Module("sklearn.cross_validation", "sklearn.model_selection"),),
        examples=(
            (
                "from sklearn.cross_validation import train_test_split, cross_val_score",
                "from sklearn.model_selection import train_test_split, cross_val_score",
            ),
            (
                "from sklearn import cross_validation, svm\n"
                "a, b = cross_validation.train_test_split(X)",
                "from sklearn import model_selection, svm\n"
                "a, b = model_selection.train_test_split(X)",
            ),
            (
                "import sklearn.cross_validation as cv\nimport sklearn.cross_validation\n"
                "s = sklearn.cross_validation.cross_val_score(m, X, y)",
                "import sklearn.model_selection as cv\nimport sklearn.model_selection\n"
                "s = sklearn.model_selection.cross_val_score(m, X, y)",
            ),
        ),
    ),
    Rule(
        id="SKL002",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S1",
        message="cross_validation splitters took the data (KFold(n, n_folds=)); model_selection "
        "splitters take n_splits and .split(X, y)",
        replacement="list(KFold(n_splits=k).split(np.arange(n))) (fold assignment may differ)",
        signatures=(
            no_module("sklearn.cross_validation"),
            unexpected_kwarg(["n_folds", "n_iter"]),
            r"(KFold|ShuffleSplit|LeaveOneOut|LeavePOut)\.__init__\(\) got an unexpected "
            r"keyword argument '(n|y)'",
        ),
        matchers=(
            Call(
                functions=qualify("sklearn.cross_validation", OLD_SPLITTERS)
                + qualify("sklearn.model_selection", OLD_SPLITTERS),
                check=_old_splitter,
            ),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.cross_validation import KFold\n"
                "kf = KFold(len(y), n_folds=5, shuffle=True)",
                "import numpy as np\nfrom sklearn.cross_validation import KFold\n"
                "kf = list(KFold(n_splits=5, shuffle=True).split(np.arange(len(y))))",
            ),
            (
                "import numpy as np\nfrom sklearn.model_selection import StratifiedKFold\n"
                "skf = StratifiedKFold(y, 4)",
                "import numpy as np\nfrom sklearn.model_selection import StratifiedKFold\n"
                "skf = list(StratifiedKFold(n_splits=4).split(np.zeros(len(y)), y))",
            ),
            (  # the data as a keyword; a seed without shuffle (refused today) is dropped
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "kf = cross_validation.KFold(n=6, n_folds=3)\n"
                "skf = cross_validation.StratifiedKFold(y=y, n_folds=5, random_state=0)",
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "kf = list(cross_validation.KFold(n_splits=3).split(np.arange(6)))\n"
                "skf = list(cross_validation.StratifiedKFold(n_splits=5)"
                ".split(np.zeros(len(y)), y))",
            ),
        ),
    ),
    Rule(
        id="SKL003",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue="S2",
        message="sklearn.grid_search and sklearn.learning_curve were removed in 0.20; use "
        "sklearn.model_selection",
        replacement="sklearn.model_selection",
        signatures=(no_module("sklearn.grid_search"), no_module("sklearn.learning_curve")),
        matchers=(
            Module("sklearn.grid_search", "sklearn.model_selection"),
            Module("sklearn.learning_curve", "sklearn.model_selection"),
        ),
        examples=(
            (
                "from sklearn.grid_search import GridSearchCV\n"
                "from sklearn.learning_curve import learning_curve",
                "from sklearn.model_selection import GridSearchCV\n"
                "from sklearn.model_selection import learning_curve",
            ),
        ),
    ),
    Rule(
        id="SKL004",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        catalogue="S3",
        condition="axis=0 (the default)",
        message="preprocessing.Imputer was removed in 0.22; use sklearn.impute.SimpleImputer "
        "(drop axis=0, 'NaN' → np.nan)",
        replacement="SimpleImputer(missing_values=np.nan, strategy=...)",
        signatures=(cannot_import(["Imputer"]), r"has no attribute 'Imputer'"),
        matchers=(
            Symbol(old="sklearn.preprocessing.Imputer", new="sklearn.impute.SimpleImputer"),
            Symbol(
                old="sklearn.preprocessing.imputation.Imputer", new="sklearn.impute.SimpleImputer"
            ),
            Call(functions=IMPUTERS, check=_imputer),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.preprocessing import Imputer, StandardScaler\n"
                "imp = Imputer(missing_values='NaN', strategy='median', axis=0)",
                "import numpy as np\nfrom sklearn.preprocessing import StandardScaler\n"
                "from sklearn.impute import SimpleImputer\n"
                "imp = SimpleImputer(missing_values=np.nan, strategy='median')",
            ),
            (
                "from sklearn import preprocessing\nimp = preprocessing.Imputer(strategy='mean')",
                "from sklearn import preprocessing\nfrom sklearn.impute import SimpleImputer\n"
                "imp = SimpleImputer(strategy='mean')",
            ),
        ),
    ),
    Rule(
        id="SKL005",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue="S13",
        message="sklearn.externals.joblib and .six were removed in 0.23; import joblib / six",
        replacement="import joblib; import six",
        signatures=(
            cannot_import(["joblib", "six"], r"sklearn\.externals"),
            no_module("sklearn.externals.joblib"),
            no_module("sklearn.externals.six"),
        ),
        matchers=(
            Module("sklearn.externals.joblib", "joblib"),
            Module("sklearn.externals.six", "six"),
        ),
        examples=(
            (
                "from sklearn.externals import joblib\njoblib.dump(m, 'm.pkl')",
                "import joblib\njoblib.dump(m, 'm.pkl')",
            ),
            ("from sklearn.externals.joblib import dump, load", "from joblib import dump, load"),
            ("from sklearn.externals.six import StringIO", "from six import StringIO"),
        ),
    ),
    Rule(
        id="SKL006",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue="S15",
        message="max_features='auto' was removed in 1.3; use 'sqrt' for classifiers, 1.0 for "
        "regressors (what 'auto' meant)",
        replacement="max_features='sqrt' (classifiers) / 1.0 (regressors)",
        signatures=(invalid_param("max_features", ["auto"]),),
        matchers=(
            kwarg_value("max_features", {"auto": "sqrt"}, functions=TREE_CLASSIFIERS),
            kwarg_value("max_features", {"auto": 1.0}, functions=TREE_REGRESSORS),
            Call(
                methods=("set_params",),
                receivers=TREE_CLASSIFIERS + TREE_REGRESSORS,
                check=_set_params_max_features,
            ),
        ),
        examples=(
            (
                "from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\n"
                "c = RandomForestClassifier(n_estimators=50, max_features='auto')\n"
                'r = RandomForestRegressor(max_features="auto")',
                "from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor\n"
                "c = RandomForestClassifier(n_estimators=50, max_features='sqrt')\n"
                "r = RandomForestRegressor(max_features=1.0)",
            ),
        ),
    ),
    Rule(
        id="SKL007",
        library=LIB,
        changed_in="0.22",
        safety=REVIEW,
        catalogue="S4",
        message="OneHotEncoder(categorical_features=, n_values=) were removed in 0.22; use a "
        "ColumnTransformer",
        replacement="ColumnTransformer([('onehot', OneHotEncoder(), cols)], remainder=...)",
        signatures=(unexpected_kwarg(["categorical_features", "n_values"]),),
        matchers=(
            Call(functions=("sklearn.preprocessing.OneHotEncoder",), check=_one_hot_categorical),
        ),
        examples=(
            (
                "from sklearn.preprocessing import OneHotEncoder\n"
                "enc = OneHotEncoder(categorical_features=[0, 2])",
                "from sklearn.preprocessing import OneHotEncoder\n"
                "from sklearn.compose import ColumnTransformer\n"
                "enc = ColumnTransformer([('onehot', OneHotEncoder(), [0, 2])], "
                "remainder='passthrough', sparse_threshold=1.0)",
            ),
            (
                "from sklearn.preprocessing import OneHotEncoder\n"
                "enc = OneHotEncoder(categorical_features=[0], sparse=False)",
                "from sklearn.preprocessing import OneHotEncoder\n"
                "from sklearn.compose import ColumnTransformer\n"
                "enc = ColumnTransformer([('onehot', OneHotEncoder(sparse=False), [0])], "
                "remainder='passthrough')",
            ),
        ),
    ),
    Rule(
        id="SKL008",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S5",
        message="OneHotEncoder(sparse=) was removed in 1.4; use sparse_output=",
        replacement="sparse_output=False",
        signatures=(unexpected_kwarg(["sparse"]),),
        matchers=(
            kwarg_rename(
                "sparse", "sparse_output", functions=("sklearn.preprocessing.OneHotEncoder",)
            ),
        ),
        examples=(
            (
                "from sklearn.preprocessing import OneHotEncoder\n"
                "enc = OneHotEncoder(sparse=False)",
                "from sklearn.preprocessing import OneHotEncoder\n"
                "enc = OneHotEncoder(sparse_output=False)",
            ),
        ),
    ),
    Rule(
        id="SKL009",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        catalogue="S6",
        message="linear models lost normalize= in 1.2; normalize=False (and OLS) just drop it",
        replacement="drop normalize",
        signatures=(unexpected_kwarg(["normalize"]),),
        matchers=(Call(functions=LINEAR_NORMALIZE, check=_normalize(regularized=False)),),
        examples=(
            (
                "from sklearn.linear_model import LinearRegression, Lasso\n"
                "a = LinearRegression(normalize=True)\nb = Lasso(alpha=0.1, normalize=False)",
                "from sklearn.linear_model import LinearRegression, Lasso\n"
                "a = LinearRegression()\nb = Lasso(alpha=0.1)",
            ),
        ),
    ),
    Rule(
        id="SKL010",
        library=LIB,
        changed_in="1.2",
        safety=REVIEW,
        catalogue="S6",
        message="regularized linear models lost normalize=True in 1.2; scale in a pipeline (alpha "
        "may need rescaling)",
        replacement="make_pipeline(StandardScaler(), Ridge(...))",
        signatures=(unexpected_kwarg(["normalize"]),),
        matchers=(Call(functions=LINEAR_NORMALIZE, check=_normalize(regularized=True)),),
        examples=(
            (
                "from sklearn.linear_model import Ridge\nm = Ridge(alpha=1.0, normalize=True)",
                "from sklearn.linear_model import Ridge\n"
                "from sklearn.pipeline import make_pipeline\n"
                "from sklearn.preprocessing import StandardScaler\n"
                "m = make_pipeline(StandardScaler(), Ridge(alpha=1.0))",
            ),
        ),
    ),
    Rule(
        id="SKL011",
        library=LIB,
        changed_in="0.22",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="S7",
        message="LogisticRegression's default solver changed liblinear → lbfgs in 0.22; pin "
        "solver='liblinear' to reproduce",
        replacement="LogisticRegression(solver='liblinear')",
        matchers=(pin_default("solver", "liblinear", functions=LOGREG),),
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(C=0.5)",
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(C=0.5, solver='liblinear')",
            ),
        ),
    ),
    Rule(
        id="SKL012",
        library=LIB,
        changed_in="1.8",
        safety=SAFE,
        catalogue="S8",
        message="LogisticRegression(multi_class=) was removed in 1.8; multinomial is the default, "
        "'ovr' needs OneVsRestClassifier",
        replacement="drop multi_class / OneVsRestClassifier(LogisticRegression(...))",
        signatures=(unexpected_kwarg(["multi_class"]),),
        matchers=(
            Call(
                functions=(*LOGREG, "sklearn.linear_model.LogisticRegressionCV"),
                check=_multi_class,
            ),
        ),
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n"
                "a = LogisticRegression(multi_class='multinomial')\n"
                "b = LogisticRegression(multi_class='ovr')",
                "from sklearn.linear_model import LogisticRegression\n"
                "from sklearn.multiclass import OneVsRestClassifier\n"
                "a = LogisticRegression()\nb = OneVsRestClassifier(LogisticRegression())",
            ),
        ),
    ),
    Rule(
        id="SKL013",
        library=LIB,
        changed_in="1.8",
        safety=SAFE_IF,
        catalogue="S9",
        condition="the error showed 3 or more classes",
        message="liblinear no longer handles 3+ classes (1.8); wrap in OneVsRestClassifier (what "
        "it did before)",
        replacement="OneVsRestClassifier(LogisticRegression(solver='liblinear'))",
        signatures=(r"'liblinear' solver does not support multiclass",),
        matchers=(Call(functions=LOGREG, check=_liblinear_multiclass),),
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(solver='liblinear')",
                "from sklearn.linear_model import LogisticRegression\n"
                "from sklearn.multiclass import OneVsRestClassifier\n"
                "m = OneVsRestClassifier(LogisticRegression(solver='liblinear'))",
            ),
        ),
    ),
    Rule(
        id="SKL014",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S10",
        message="penalty='none' was removed in 1.4; use penalty=None",
        replacement="penalty=None",
        signatures=(invalid_param("penalty", ["none"]),),
        matchers=(
            kwarg_value(
                "penalty",
                {"none": None},
                functions=(*LOGREG, "sklearn.linear_model.LogisticRegressionCV", *SGDS),
            ),
        ),
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(penalty='none')",
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(penalty=None)",
            ),
        ),
    ),
    Rule(
        id="SKL015",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        catalogue="S11",
        message="mean_squared_error(squared=False) was removed in 1.6; use root_mean_squared_error",
        replacement="root_mean_squared_error(y, p)",
        signatures=(unexpected_kwarg(["squared"]),),
        matchers=(
            Call(
                functions=(
                    "sklearn.metrics.mean_squared_error",
                    "sklearn.metrics.mean_squared_log_error",
                ),
                check=_squared_false,
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import mean_squared_error\n"
                "rmse = mean_squared_error(y, p, squared=False)",
                "from sklearn.metrics import mean_squared_error\n"
                "from sklearn.metrics import root_mean_squared_error\n"
                "rmse = root_mean_squared_error(y, p)",
            ),
            (
                "from sklearn import metrics\nr = metrics.mean_squared_error(y, p, squared=False)",
                "from sklearn import metrics\nr = metrics.root_mean_squared_error(y, p)",
            ),
        ),
    ),
    Rule(
        id="SKL016",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        catalogue="S12",
        message="plot_confusion_matrix/plot_roc_curve/plot_precision_recall_curve were removed in "
        "1.2; use the Display classes",
        replacement="ConfusionMatrixDisplay.from_estimator(...)",
        signatures=(
            cannot_import(
                ["plot_confusion_matrix", "plot_roc_curve", "plot_precision_recall_curve"]
            ),
        ),
        matchers=(
            Symbol(
                old="sklearn.metrics.plot_confusion_matrix",
                new="sklearn.metrics.ConfusionMatrixDisplay",
                template="{}.from_estimator",
            ),
            Symbol(
                old="sklearn.metrics.plot_roc_curve",
                new="sklearn.metrics.RocCurveDisplay",
                template="{}.from_estimator",
            ),
            Symbol(
                old="sklearn.metrics.plot_precision_recall_curve",
                new="sklearn.metrics.PrecisionRecallDisplay",
                template="{}.from_estimator",
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import plot_confusion_matrix, accuracy_score\n"
                "plot_confusion_matrix(clf, X, y, cmap='Blues')",
                "from sklearn.metrics import accuracy_score\n"
                "from sklearn.metrics import ConfusionMatrixDisplay\n"
                "ConfusionMatrixDisplay.from_estimator(clf, X, y, cmap='Blues')",
            ),
            (  # plot_precision_recall_curve (removed in 1.2)
                "from sklearn.metrics import plot_precision_recall_curve\n"
                "plot_precision_recall_curve(clf, X, y)",
                "from sklearn.metrics import PrecisionRecallDisplay\n"
                "PrecisionRecallDisplay.from_estimator(clf, X, y)",
            ),
        ),
    ),
    Rule(
        id="SKL017",
        library=LIB,
        changed_in="1.2",
        safety=MANUAL,
        catalogue="S14",
        message="load_boston was removed in 1.2 (ethical problems); use another data set, e.g. "
        "fetch_california_housing",
        replacement="fetch_california_housing() / fetch_openml(name='house_prices')",
        signatures=(cannot_import(["load_boston"]), r"`load_boston` has been removed"),
        matchers=(Symbol(old="sklearn.datasets.load_boston", fixable=False),),
        examples=(("from sklearn.datasets import load_boston\nb = load_boston()", None),),
    ),
    Rule(
        id="SKL018",
        library=LIB,
        changed_in="1.3",
        safety=REVIEW,
        catalogue="S15",
        message="max_features='auto' in a parameter grid fails since 1.3; 'sqrt' for "
        "classifiers, 1.0 for regressors",
        replacement="{'max_features': ['sqrt', ...]}",
        signatures=(invalid_param("max_features", ["auto"]), r"All the \d+ fits failed"),
        matchers=(DictKey(keys=("max_features",), check=_grid_max_features),),
        examples=(
            (
                "from sklearn.ensemble import RandomForestClassifier\n"
                "rf = RandomForestClassifier()\n"
                "grid = {'max_features': ['auto', 'sqrt', 'log2'], 'rf__max_features': 'auto'}",
                "from sklearn.ensemble import RandomForestClassifier\n"
                "rf = RandomForestClassifier()\n"
                "grid = {'max_features': ['sqrt', 'log2'], 'rf__max_features': 'sqrt'}",
            ),
        ),
    ),
    Rule(
        id="SKL019",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        catalogue="S16",
        message="criterion='mse'/'mae' were removed in 1.2; use 'squared_error'/'absolute_error'",
        replacement="criterion='squared_error'",
        signatures=(invalid_param("criterion", ["mse", "mae"]),),
        matchers=(
            kwarg_value(
                "criterion",
                {"mse": "squared_error", "mae": "absolute_error"},
                functions=REGRESSION_TREES,
            ),
            kwarg_value("criterion", {"mse": "squared_error"}, functions=BOOSTING_TREES),
        ),
        examples=(
            (
                "from sklearn.tree import DecisionTreeRegressor\n"
                "m = DecisionTreeRegressor(criterion='mse')",
                "from sklearn.tree import DecisionTreeRegressor\n"
                "m = DecisionTreeRegressor(criterion='squared_error')",
            ),
        ),
    ),
    Rule(
        id="SKL020",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue="S17",
        message="gradient boosting losses 'ls'/'lad'/'deviance'/'least_squares'/'*_crossentropy' "
        "were renamed (1.2/1.3)",
        replacement="'squared_error', 'absolute_error', 'log_loss'",
        signatures=(invalid_param("loss"),),
        matchers=(
            kwarg_value(
                "loss",
                {"ls": "squared_error", "lad": "absolute_error"},
                functions=("sklearn.ensemble.GradientBoostingRegressor",),
            ),
            kwarg_value(
                "loss",
                {"deviance": "log_loss"},
                functions=("sklearn.ensemble.GradientBoostingClassifier",),
            ),
            kwarg_value(
                "loss",
                {"least_squares": "squared_error", "least_absolute_deviation": "absolute_error"},
                functions=("sklearn.ensemble.HistGradientBoostingRegressor",),
            ),
            kwarg_value(
                "loss",
                {
                    "binary_crossentropy": "log_loss",
                    "categorical_crossentropy": "log_loss",
                    "auto": "log_loss",
                },
                functions=("sklearn.ensemble.HistGradientBoostingClassifier",),
            ),
        ),
        examples=(
            (
                "from sklearn.ensemble import GradientBoostingRegressor as GBR\nm = GBR(loss='ls')",
                "from sklearn.ensemble import GradientBoostingRegressor as GBR\n"
                "m = GBR(loss='squared_error')",
            ),
        ),
    ),
    Rule(
        id="SKL021",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue="S18",
        message="SGD loss='log' (1.3) and 'squared_loss' (1.2) were renamed 'log_loss' and "
        "'squared_error'",
        replacement="loss='log_loss'",
        signatures=(invalid_param("loss", ["log", "squared_loss"]),),
        matchers=(
            kwarg_value(
                "loss", {"log": "log_loss", "squared_loss": "squared_error"}, functions=SGDS
            ),
        ),
        examples=(
            (
                "from sklearn.linear_model import SGDClassifier\nm = SGDClassifier(loss='log')",
                "from sklearn.linear_model import SGDClassifier\n"
                "m = SGDClassifier(loss='log_loss')",
            ),
        ),
    ),
    Rule(
        id="SKL022",
        library=LIB,
        changed_in="0.21",
        safety=SAFE,
        catalogue="S19",
        message="n_iter= was removed from SGD models in 0.21; use max_iter= with tol=None",
        replacement="max_iter=n, tol=None",
        signatures=(unexpected_kwarg(["n_iter"]),),
        matchers=(Call(functions=SGDS, check=_n_iter),),
        examples=(
            (
                "from sklearn.linear_model import SGDClassifier\nm = SGDClassifier(n_iter=20)",
                "from sklearn.linear_model import SGDClassifier\n"
                "m = SGDClassifier(max_iter=20, tol=None)",
            ),
        ),
    ),
    Rule(
        id="SKL023",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S20",
        message="base_estimator= was renamed estimator= in 1.4 (Bagging, AdaBoost, "
        "CalibratedClassifierCV)",
        replacement="estimator=; 'estimator__p' in grids; .estimator_",
        signatures=(unexpected_kwarg(["base_estimator"]), object_no_attribute(["base_estimator_"])),
        matchers=(
            kwarg_rename("base_estimator", "estimator", functions=META),
            Attr(
                names=("base_estimator_",),
                receivers=META,
                check=lambda site: (
                    Outcome(fix=lambda n, refs: edits.rename_attr(n, "estimator_"))
                    if site.proven
                    else None
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "m = AdaBoostClassifier(base_estimator=tree, n_estimators=50)",
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "m = AdaBoostClassifier(estimator=tree, n_estimators=50)",
            ),
        ),
    ),
    Rule(
        id="SKL024",
        library=LIB,
        changed_in="1.8",
        safety=SAFE,
        catalogue="S21",
        message="AdaBoostClassifier(algorithm=) was removed in 1.8 (only SAMME remains)",
        replacement="drop algorithm='SAMME'",
        signatures=(unexpected_kwarg(["algorithm"]),),
        matchers=(
            Call(functions=("sklearn.ensemble.AdaBoostClassifier",), check=_adaboost_algorithm),
        ),
        examples=(
            (
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "m = AdaBoostClassifier(algorithm='SAMME', n_estimators=10)",
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "m = AdaBoostClassifier(n_estimators=10)",
            ),
        ),
    ),
    Rule(
        id="SKL025",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S22",
        message="AgglomerativeClustering(affinity=) was renamed metric= in 1.4",
        replacement="metric=",
        signatures=(unexpected_kwarg(["affinity"]),),
        matchers=(
            kwarg_rename(
                "affinity",
                "metric",
                functions=qualify(
                    "sklearn.cluster", ["AgglomerativeClustering", "FeatureAgglomeration"]
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.cluster import AgglomerativeClustering\n"
                "c = AgglomerativeClustering(3, affinity='manhattan', linkage='average')",
                "from sklearn.cluster import AgglomerativeClustering\n"
                "c = AgglomerativeClustering(3, metric='manhattan', linkage='average')",
            ),
        ),
    ),
    Rule(
        id="SKL026",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S23",
        message="KMeans(algorithm='full'/'auto') were removed in 1.4; use 'lloyd'",
        replacement="algorithm='lloyd'",
        signatures=(invalid_param("algorithm", ["full", "auto"]),),
        matchers=(kwarg_value("algorithm", {"full": "lloyd", "auto": "lloyd"}, functions=KMEANS),),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(4, algorithm='full')",
                "from sklearn.cluster import KMeans\nkm = KMeans(4, algorithm='lloyd')",
            ),
        ),
    ),
    Rule(
        id="SKL027",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="S24",
        message="KMeans(n_jobs=, precompute_distances=) were removed in 1.0",
        replacement="drop them",
        signatures=(unexpected_kwarg(["n_jobs", "precompute_distances"]),),
        matchers=(kwarg_drop("n_jobs", "precompute_distances", functions=KMEANS),),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(8, n_jobs=-1, random_state=0)",
                "from sklearn.cluster import KMeans\nkm = KMeans(8, random_state=0)",
            ),
            (  # precompute_distances (deprecated in 0.23, removed in 1.0)
                "from sklearn.cluster import KMeans\n"
                "km = KMeans(n_clusters=3, precompute_distances=True)",
                "from sklearn.cluster import KMeans\nkm = KMeans(n_clusters=3)",
            ),
        ),
    ),
    Rule(
        id="SKL028",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S25",
        message="KMeans' default n_init changed 10 → 'auto' in 1.4; pin n_init=10 to reproduce",
        replacement="KMeans(n_init=10); MiniBatchKMeans(n_init=3)",
        matchers=(
            pin_default("n_init", 10, functions=("sklearn.cluster.KMeans",)),
            pin_default("n_init", 3, functions=("sklearn.cluster.MiniBatchKMeans",)),
        ),
        examples=(
            (
                "from sklearn.cluster import KMeans\nkm = KMeans(5, random_state=0)",
                "from sklearn.cluster import KMeans\nkm = KMeans(5, random_state=0, n_init=10)",
            ),
        ),
    ),
    Rule(
        id="SKL029",
        library=LIB,
        changed_in="1.7",
        safety=SAFE,
        catalogue="S26",
        message="TSNE(n_iter=) was renamed max_iter= (removed in 1.7)",
        replacement="max_iter=",
        signatures=(unexpected_kwarg(["n_iter"]),),
        matchers=(kwarg_rename("n_iter", "max_iter", functions=("sklearn.manifold.TSNE",)),),
        examples=(
            (
                "from sklearn.manifold import TSNE\nemb = TSNE(n_iter=500)",
                "from sklearn.manifold import TSNE\nemb = TSNE(max_iter=500)",
            ),
        ),
    ),
    Rule(
        id="SKL030",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S27",
        message="TSNE's defaults changed in 1.2 (init='pca', learning_rate='auto'); pin the old "
        "ones to reproduce",
        replacement="TSNE(init='random', learning_rate=200.0)",
        matchers=(
            pin_default("init", "random", functions=("sklearn.manifold.TSNE",)),
            pin_default("learning_rate", 200.0, functions=("sklearn.manifold.TSNE",)),
        ),
        examples=(
            (
                "from sklearn.manifold import TSNE\nemb = TSNE(n_components=2)",
                "from sklearn.manifold import TSNE\n"
                "emb = TSNE(n_components=2, init='random', learning_rate=200.0)",
            ),
        ),
    ),
    Rule(
        id="SKL031",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue="S28",
        condition="the receiver is a Count/Tfidf/Dict vectorizer (same names as before)",
        message="get_feature_names() was removed in 1.2; use get_feature_names_out()",
        replacement="list(est.get_feature_names_out())",
        signatures=(object_no_attribute(["get_feature_names"]),),
        matchers=(Call(methods=("get_feature_names",), check=_feature_names),),
        examples=(
            (
                "from sklearn.feature_extraction.text import CountVectorizer\n"
                "vec = CountVectorizer()\nnames = vec.get_feature_names()",
                "from sklearn.feature_extraction.text import CountVectorizer\n"
                "vec = CountVectorizer()\nnames = list(vec.get_feature_names_out())",
            ),
        ),
    ),
    Rule(
        id="SKL032",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue="S29",
        message="GridSearchCV/RandomizedSearchCV(iid=) was removed in 0.24",
        replacement="drop iid",
        signatures=(unexpected_kwarg(["iid"]),),
        matchers=(
            kwarg_drop(
                "iid",
                functions=qualify(
                    "sklearn.model_selection", ["GridSearchCV", "RandomizedSearchCV"]
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, cv=5, iid=False)",
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, cv=5)",
            ),
        ),
    ),
    Rule(
        id="SKL033",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S29",
        message=".grid_scores_ was removed; read .cv_results_ (a dict of arrays, not a list of "
        "tuples)",
        replacement="pd.DataFrame(gs.cv_results_)[['params', 'mean_test_score', 'std_test_score']]",
        signatures=(object_no_attribute(["grid_scores_"], r"(?!RFECV')\w+"),),
        matchers=(
            Node(types=("ListComp",), check=_grid_scores_listcomp),
            Node(types=("Attribute",), check=_grid_scores_field),
            Attr(names=("grid_scores_",), check=_grid_scores_other),
        ),
        examples=(
            (
                "means = [r.mean_validation_score for r in grid.grid_scores_]\n"
                "print(grid.grid_scores_[0].parameters)",
                "means = list(grid.cv_results_['mean_test_score'])\n"
                "print(grid.cv_results_['params'][0])",
            ),
            (
                "import pandas as pd\ngrid.fit(X, y)\ngrid.grid_scores_",
                "import pandas as pd\ngrid.fit(X, y)\n"
                "pd.DataFrame(grid.cv_results_)[['params', 'mean_test_score', 'std_test_score']]",
            ),
            ("for s in gs.grid_scores_:\n    print(s)", None),
        ),
    ),
    Rule(
        id="SKL034",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S30",
        message="0.22 changed defaults: cv 3 → 5, forest n_estimators 10 → 100, SVC gamma "
        "'auto' → 'scale'; pin them to reproduce",
        replacement="cv=3; n_estimators=10; gamma='auto'",
        matchers=(
            pin_default("n_estimators", 10, functions=FORESTS, position=0),
            pin_default("gamma", "auto", functions=SVMS, unless=_svm_gamma),
            pin_default("cv", 3, functions=CV_USERS),
        ),
        examples=(
            (
                "from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.svm import SVC\n"
                "rf = RandomForestClassifier(random_state=0)\nsv = SVC(C=2)",
                "from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.svm import SVC\n"
                "rf = RandomForestClassifier(random_state=0, n_estimators=10)\n"
                "sv = SVC(C=2, gamma='auto')",
            ),
            (
                "from sklearn.model_selection import cross_val_score\n"
                "scores = cross_val_score(model, X, y, scoring='accuracy')",
                "from sklearn.model_selection import cross_val_score\n"
                "scores = cross_val_score(model, X, y, scoring='accuracy', cv=3)",
            ),
        ),
    ),
    Rule(
        id="SKL035",
        library=LIB,
        changed_in="0.21",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue="S31",
        message="SGD defaults changed in 0.21 (max_iter 5 → 1000, tol None → 1e-3); pin to "
        "reproduce",
        replacement="max_iter=5, tol=None",
        matchers=(
            Call(
                functions=SGDS,
                check=lambda site: (
                    None
                    if any(site.kwarg(k) for k in ("max_iter", "n_iter", "tol"))
                    else Outcome(
                        fix=lambda node, refs: edits.add_args(
                            node,
                            [
                                edits.kwarg("max_iter", cst.Integer("5")),
                                edits.kwarg("tol", cst.Name("None")),
                            ],
                        )
                    )
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.linear_model import SGDClassifier\nm = SGDClassifier(alpha=1e-4)",
                "from sklearn.linear_model import SGDClassifier\n"
                "m = SGDClassifier(alpha=1e-4, max_iter=5, tol=None)",
            ),
        ),
    ),
    Rule(
        id="SKL036",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        catalogue="S32",
        message="cross_val_score/cross_validate/cross_val_predict(fit_params=) was renamed "
        "params= in 1.6",
        replacement="params=",
        signatures=(unexpected_kwarg(["fit_params"]),),
        matchers=(
            kwarg_rename(
                "fit_params",
                "params",
                functions=qualify(
                    "sklearn.model_selection",
                    ["cross_val_score", "cross_validate", "cross_val_predict"],
                ),
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import cross_val_score\n"
                "s = cross_val_score(m, X, y, fit_params={'sample_weight': w})",
                "from sklearn.model_selection import cross_val_score\n"
                "s = cross_val_score(m, X, y, params={'sample_weight': w})",
            ),
        ),
    ),
    Rule(
        id="SKL037",
        library=LIB,
        changed_in="1.6",
        safety=SAFE,
        silent=True,
        catalogue="S33",
        message="make_scorer(needs_proba=/needs_threshold=) is ignored since 1.6 (scores turn "
        "NaN); use response_method=",
        replacement='response_method="predict_proba"',
        signatures=(unexpected_kwarg(["needs_proba", "needs_threshold"]),),
        matchers=(Call(functions=("sklearn.metrics.make_scorer",), check=_needs_proba),),
        examples=(
            (
                "from sklearn.metrics import make_scorer, roc_auc_score\n"
                "auc = make_scorer(roc_auc_score, needs_proba=True)",
                "from sklearn.metrics import make_scorer, roc_auc_score\n"
                "auc = make_scorer(roc_auc_score, response_method='predict_proba')",
            ),
        ),
    ),
    Rule(
        id="SKL038",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue="S34",
        message="private modules (sklearn.ensemble.forest, tree.tree, metrics.scorer, ...) were "
        "removed in 0.24; import from the public package",
        replacement="sklearn.ensemble, sklearn.tree, sklearn.metrics, ...",
        signatures=(r"No module named 'sklearn\.\w+\.\w+",),
        matchers=(
            # Bunch was never in sklearn.datasets' public namespace: its home is sklearn.utils
            Symbol(old="sklearn.datasets.base.Bunch", new="sklearn.utils.Bunch"),
            *(Module(old, new) for old, new in PRIVATE_MODULES.items()),
        ),
        examples=(
            (
                "from sklearn.ensemble.forest import RandomForestClassifier\n"
                "from sklearn.metrics.scorer import make_scorer\n"
                "import sklearn.preprocessing.data as prep",
                "from sklearn.ensemble import RandomForestClassifier\n"
                "from sklearn.metrics import make_scorer\n"
                "import sklearn.preprocessing as prep",
            ),
            (
                "from sklearn.datasets.samples_generator import make_blobs",
                "from sklearn.datasets import make_blobs",
            ),
            (
                "from sklearn.datasets.base import Bunch, load_files",
                "from sklearn.utils import Bunch\nfrom sklearn.datasets import load_files",
            ),
        ),
    ),
    Rule(
        id="SKL039",
        library=LIB,
        changed_in="0.24",
        safety=REVIEW,
        catalogue="S35",
        message="sklearn.ensemble.partial_dependence was removed in 0.24; use sklearn.inspection "
        "(partial_dependence / PartialDependenceDisplay)",
        replacement="from sklearn.inspection import partial_dependence, PartialDependenceDisplay",
        signatures=(no_module("sklearn.ensemble.partial_dependence"),),
        matchers=(Module("sklearn.ensemble.partial_dependence", "sklearn.inspection"),),
        examples=(
            (
                "from sklearn.ensemble.partial_dependence import partial_dependence",
                "from sklearn.inspection import partial_dependence",
            ),
        ),
    ),
    Rule(
        id="SKL040",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue="S36",
        message="mixture.GMM/DPGMM and RandomizedPCA were removed; GaussianMixture / "
        "BayesianGaussianMixture / PCA(svd_solver='randomized')",
        replacement="GaussianMixture(covariance_type='diag'); PCA(svd_solver='randomized')",
        signatures=(cannot_import(["GMM", "DPGMM", "RandomizedPCA"]),),
        matchers=(
            Symbol(old="sklearn.mixture.GMM", new="sklearn.mixture.GaussianMixture"),
            Symbol(old="sklearn.mixture.DPGMM", new="sklearn.mixture.BayesianGaussianMixture"),
            Symbol(old="sklearn.decomposition.RandomizedPCA", new="sklearn.decomposition.PCA"),
            Call(functions=("sklearn.decomposition.RandomizedPCA",), check=_randomized_pca),
            Call(functions=("sklearn.mixture.GMM",), check=_gmm),
        ),
        examples=(
            (
                "from sklearn.decomposition import RandomizedPCA\n"
                "p = RandomizedPCA(n_components=5)",
                "from sklearn.decomposition import PCA\n"
                "p = PCA(n_components=5, svd_solver='randomized')",
            ),
            (  # DPGMM (deprecated in 0.18, removed in 0.20)
                "from sklearn.mixture import DPGMM\nm = DPGMM(n_components=3)",
                "from sklearn.mixture import BayesianGaussianMixture\n"
                "m = BayesianGaussianMixture(n_components=3)",
            ),
        ),
    ),
    Rule(
        id="SKL041",
        library=LIB,
        changed_in="0.19",
        safety=SAFE,
        catalogue="S36",
        message="sklearn.lda.LDA and sklearn.qda.QDA moved to sklearn.discriminant_analysis",
        replacement="LinearDiscriminantAnalysis / QuadraticDiscriminantAnalysis",
        signatures=(no_module("sklearn.lda"), no_module("sklearn.qda")),
        matchers=(
            Symbol(
                old="sklearn.lda.LDA",
                new="sklearn.discriminant_analysis.LinearDiscriminantAnalysis",
            ),
            Symbol(
                old="sklearn.qda.QDA",
                new="sklearn.discriminant_analysis.QuadraticDiscriminantAnalysis",
            ),
            Module("sklearn.lda", None),
            Module("sklearn.qda", None),
        ),
        examples=(
            (
                "from sklearn.lda import LDA\nm = LDA(n_components=2)",
                "from sklearn.discriminant_analysis import LinearDiscriminantAnalysis\n"
                "m = LinearDiscriminantAnalysis(n_components=2)",
            ),
        ),
    ),
    Rule(
        id="SKL042",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue="S37",
        message="calinski_harabaz_score was renamed calinski_harabasz_score",
        replacement="calinski_harabasz_score",
        signatures=(
            cannot_import(["calinski_harabaz_score"]),
            r"has no attribute 'calinski_harabaz_score'",
        ),
        matchers=(
            Symbol(
                old="sklearn.metrics.calinski_harabaz_score",
                new="sklearn.metrics.calinski_harabasz_score",
            ),
        ),
        examples=(
            (
                "from sklearn import metrics\ns = metrics.calinski_harabaz_score(X, labels)",
                "from sklearn import metrics\ns = metrics.calinski_harabasz_score(X, labels)",
            ),
        ),
    ),
    Rule(
        id="SKL043",
        library=LIB,
        changed_in="0.23",
        safety=REVIEW,
        catalogue="S37",
        message="jaccard_similarity_score was removed (0.23); on label vectors it was the "
        "accuracy (multilabel: jaccard_score(average='samples'))",
        replacement="accuracy_score(y, p) / jaccard_score(Y, P, average='samples')",
        signatures=(
            cannot_import(["jaccard_similarity_score"]),
            r"has no attribute 'jaccard_similarity_score'",
        ),
        matchers=(
            Symbol(
                old="sklearn.metrics.jaccard_similarity_score", new="sklearn.metrics.accuracy_score"
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import jaccard_similarity_score\n"
                "j = jaccard_similarity_score(y, p)",
                "from sklearn.metrics import accuracy_score\nj = accuracy_score(y, p)",
            ),
        ),
    ),
    Rule(
        id="SKL044",
        library=LIB,
        changed_in="0.22",
        safety=MANUAL,
        catalogue="S37",
        message="fetch_mldata was removed (mldata.org is gone); use fetch_openml (e.g. "
        "'mnist_784', version=1) and check the layout",
        replacement="fetch_openml('mnist_784', version=1, as_frame=False)",
        signatures=(cannot_import(["fetch_mldata"]),),
        matchers=(Symbol(old="sklearn.datasets.fetch_mldata", fixable=False),),
        examples=(
            ("from sklearn.datasets import fetch_mldata\nd = fetch_mldata('MNIST original')", None),
        ),
    ),
    Rule(
        id="SKL045",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue="S38",
        message="presort= was removed from trees and gradient boosting in 0.24 (it had no effect)",
        replacement="drop presort",
        signatures=(unexpected_kwarg(["presort"]),),
        matchers=(kwarg_drop("presort", functions=(*TREE_CLASSIFIERS, *TREE_REGRESSORS)),),
        examples=(
            (
                "from sklearn.tree import DecisionTreeClassifier\n"
                "m = DecisionTreeClassifier(presort=True)",
                "from sklearn.tree import DecisionTreeClassifier\nm = DecisionTreeClassifier()",
            ),
        ),
    ),
    Rule(
        id="SKL046",
        library=LIB,
        changed_in="1.0",
        safety=REVIEW,
        catalogue="S38",
        message="min_impurity_split= was removed in 1.0; dropped for review (trees may grow "
        "deeper: min_impurity_decrease= is a different criterion)",
        replacement="drop it, or min_impurity_decrease=...",
        signatures=(unexpected_kwarg(["min_impurity_split"]),),
        matchers=(
            kwarg_drop("min_impurity_split", functions=(*TREE_CLASSIFIERS, *TREE_REGRESSORS)),
        ),
        examples=(
            (
                "from sklearn.tree import DecisionTreeClassifier\n"
                "m = DecisionTreeClassifier(min_impurity_split=0.1, max_depth=5)",
                "from sklearn.tree import DecisionTreeClassifier\n"
                "m = DecisionTreeClassifier(max_depth=5)",
            ),
        ),
    ),
    Rule(
        id="SKL047",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        catalogue="S38",
        message="n_alphas= was removed in 1.9; pass the count as alphas=<int>",
        replacement="alphas=100",
        signatures=(unexpected_kwarg(["n_alphas"]),),
        matchers=(
            Call(
                functions=qualify(
                    "sklearn.linear_model",
                    [
                        "LassoCV",
                        "ElasticNetCV",
                        "MultiTaskLassoCV",
                        "MultiTaskElasticNetCV",
                        "lasso_path",
                        "enet_path",
                    ],
                ),
                check=_n_alphas,
            ),
        ),
        examples=(
            (
                "from sklearn.linear_model import LassoCV\nm = LassoCV(n_alphas=50, cv=5)",
                "from sklearn.linear_model import LassoCV\nm = LassoCV(alphas=50, cv=5)",
            ),
        ),
    ),
    Rule(
        id="SKL048",
        library=LIB,
        changed_in="1.5",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue="S39",
        message="LinearSVC's dual default became 'auto' in 1.5; pin dual=True to reproduce",
        replacement="LinearSVC(dual=True)",
        matchers=(
            pin_default("dual", True, functions=qualify("sklearn.svm", ["LinearSVC", "LinearSVR"])),
        ),
        examples=(
            (
                "from sklearn.svm import LinearSVC\nm = LinearSVC(C=0.1)",
                "from sklearn.svm import LinearSVC\nm = LinearSVC(C=0.1, dual=True)",
            ),
        ),
    ),
    Rule(
        id="SKL049",
        library=LIB,
        changed_in="1.4",
        safety=SAFE,
        catalogue="S20",
        message="'base_estimator__' parameter names became 'estimator__' in 1.4",
        replacement="{'estimator__max_depth': [...]}",
        signatures=(r"Invalid parameter '?base_estimator",),
        matchers=(DictKey(keys=tuple(), check=_grid_base_estimator),),
        examples=(
            (
                "grid = {'base_estimator__max_depth': [1, 2], 'n_estimators': [10]}",
                "grid = {'estimator__max_depth': [1, 2], 'n_estimators': [10]}",
            ),
        ),
    ),
    Rule(
        id="SKL050",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        catalogue=SOURCE,
        message="the loss scorers were renamed neg_* in 0.18 (old names removed in 0.20); they "
        "give the same (negated) numbers",
        replacement="scoring='neg_mean_squared_error'",
        signatures=(
            invalid_param("scoring", OLD_SCORERS),
            rf"'({'|'.join(OLD_SCORERS)})' is not a valid scoring value",
        ),
        matchers=(
            Call(functions=SCORING_USERS, check=_scoring("scoring", None)),
            Call(functions=("sklearn.metrics.get_scorer",), check=_scoring("scoring", 0)),
        ),
        examples=(
            (
                "from sklearn.model_selection import cross_val_score, cross_validate\n"
                "s = cross_val_score(m, X, y, cv=5, scoring='mean_squared_error')\n"
                "r = cross_validate(m, X, y, scoring={'mae': 'mean_absolute_error'})",
                "from sklearn.model_selection import cross_val_score, cross_validate\n"
                "s = cross_val_score(m, X, y, cv=5, scoring='neg_mean_squared_error')\n"
                "r = cross_validate(m, X, y, scoring={'mae': 'neg_mean_absolute_error'})",
            ),
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(m, grid, scoring=['log_loss', 'accuracy'], refit='log_loss')",
                None,
            ),
        ),
    ),
    Rule(
        id="SKL051",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue=SOURCE,
        message="sklearn.metrics.SCORERS was removed in 1.3; use get_scorer_names() and "
        "get_scorer(name)",
        replacement="from sklearn.metrics import get_scorer_names, get_scorer",
        signatures=(
            no_attribute("sklearn.metrics", ["SCORERS"]),
            cannot_import(["SCORERS"], r"sklearn\.metrics"),
        ),
        matchers=(
            Symbol(old=SCORERS, check=_scorers_reference),
            Call(functions=(f"{SCORERS}.keys",), check=_scorers_keys),
            Call(functions=("builtins.sorted",), check=_sorted_scorers),
            Node(types=("Subscript",), check=_scorers_item),
        ),
        examples=(
            (
                "from sklearn.metrics import SCORERS, accuracy_score\n"
                "print(sorted(SCORERS.keys()))\nf = SCORERS['f1_macro']",
                "from sklearn.metrics import accuracy_score\n"
                "from sklearn.metrics import get_scorer_names\n"
                "from sklearn.metrics import get_scorer\n"
                "print(get_scorer_names())\nf = get_scorer('f1_macro')",
            ),
            (
                "import sklearn\nnames = sklearn.metrics.SCORERS.keys()",
                "import sklearn\nnames = sklearn.metrics.get_scorer_names()",
            ),
            (
                "from sklearn import metrics\nfor name, scorer in metrics.SCORERS.items():\n"
                "    print(name)",
                None,
            ),
        ),
    ),
    Rule(
        id="SKL052",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue=SOURCE,
        message="optional arguments of splitters and model_selection functions became "
        "keyword-only in 1.0 (KFold(5, True, 0) raises); name them as the old signature did",
        replacement="KFold(5, shuffle=True, random_state=0)",
        signatures=(
            r"(KFold|ShuffleSplit)\.__init__\(\) takes .*positional arguments? but \d+ "
            r"(were|was) given",
            r"^TypeError: too many positional arguments$",
        ),
        matchers=(
            Call(
                functions=(
                    *qualify("sklearn.model_selection", KEYWORD_ONLY),
                    *OLD_MODULE_SIGNATURES,
                ),
                check=_keyword_only,
            ),
        ),
        examples=(
            (
                "from sklearn.model_selection import KFold, validation_curve\n"
                "kf = KFold(5, True, 42)\n"
                "tr, te = validation_curve(m, X, y, 'max_depth', range(1, 8), cv=kf)",
                "from sklearn.model_selection import KFold, validation_curve\n"
                "kf = KFold(5, shuffle=True, random_state=42)\n"
                "tr, te = validation_curve(m, X, y, param_name='max_depth', "
                "param_range=range(1, 8), cv=kf)",
            ),
            (  # sklearn.learning_curve's function had train_sizes fourth (no groups)
                "from sklearn.learning_curve import learning_curve\n"
                "n, tr, te = learning_curve(m, X, y, sizes, 5)",
                "from sklearn.learning_curve import learning_curve\n"
                "n, tr, te = learning_curve(m, X, y, train_sizes=sizes, cv=5)",
            ),
        ),
    ),
    Rule(
        id="SKL059",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        catalogue=NOTES,
        message="covariance.GraphLasso/GraphLassoCV/graph_lasso were renamed GraphicalLasso/"
        "GraphicalLassoCV/graphical_lasso (0.20; old names removed in 0.22)",
        replacement="GraphicalLasso(alpha=...)",
        why=f"A rename announced in the 0.20 release notes ({_notes('0.20')}).",
        signatures=(
            cannot_import(GRAPH_LASSO),
            no_attribute("sklearn.covariance", GRAPH_LASSO),
        ),
        matchers=renames("sklearn.covariance", GRAPH_LASSO),
        examples=(
            (
                "from sklearn.covariance import GraphLasso, GraphLassoCV\n"
                "model = GraphLassoCV(cv=5).fit(X)\nsparse = GraphLasso(alpha=0.1).fit(X)",
                "from sklearn.covariance import GraphicalLasso, GraphicalLassoCV\n"
                "model = GraphicalLassoCV(cv=5).fit(X)\nsparse = GraphicalLasso(alpha=0.1).fit(X)",
            ),
        ),
    ),
    Rule(
        id="SKL060",
        library=LIB,
        changed_in="1.2",
        safety=SAFE,
        catalogue=NOTES,
        message="plot_partial_dependence and plot_det_curve were removed in 1.2; use "
        "PartialDependenceDisplay.from_estimator / DetCurveDisplay.from_estimator",
        replacement="PartialDependenceDisplay.from_estimator(est, X, features)",
        why=f"Deprecated in 1.0 ({_notes('1.0')}) for the Display classes' from_estimator, "
        "which take the same arguments and return the same Display object.",
        signatures=(cannot_import(["plot_partial_dependence", "plot_det_curve"]),),
        matchers=(
            Symbol(
                old="sklearn.inspection.plot_partial_dependence",
                new="sklearn.inspection.PartialDependenceDisplay",
                template="{}.from_estimator",
            ),
            Symbol(
                old="sklearn.metrics.plot_det_curve",
                new="sklearn.metrics.DetCurveDisplay",
                template="{}.from_estimator",
            ),
        ),
        examples=(
            (
                "from sklearn.inspection import plot_partial_dependence\n"
                "disp = plot_partial_dependence(gbr, X, [0, 1], grid_resolution=20)",
                "from sklearn.inspection import PartialDependenceDisplay\n"
                "disp = PartialDependenceDisplay.from_estimator(gbr, X, [0, 1], "
                "grid_resolution=20)",
            ),
            (
                "from sklearn import metrics\nmetrics.plot_det_curve(clf, X_test, y_test)",
                "from sklearn import metrics\n"
                "metrics.DetCurveDisplay.from_estimator(clf, X_test, y_test)",
            ),
        ),
    ),
    Rule(
        id="SKL061",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        catalogue=NOTES,
        message="LogisticRegression(penalty='l1') and (dual=True) fail with the lbfgs default "
        "solver (0.22); solver='liblinear' is what fitted them before",
        replacement="LogisticRegression(penalty='l1', solver='liblinear')",
        why=f"0.22 changed the default solver from liblinear to lbfgs ({_notes('0.22')}); "
        "lbfgs supports neither an L1 penalty nor the dual formulation.",
        signatures=(
            r"Solver lbfgs supports only 'l2' or None penalties, got l1 penalty",
            r"Solver lbfgs supports only dual=False",
        ),
        matchers=(Call(functions=LOGREG, check=_liblinear_was_the_default),),
        examples=(
            (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(penalty='l1', C=0.1)\n"
                "d = LogisticRegression(dual=True)",
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')\n"
                "d = LogisticRegression(dual=True, solver='liblinear')",
            ),
        ),
    ),
    Rule(
        id="SKL062",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        catalogue=NOTES,
        message="KFold/StratifiedKFold refuse random_state without shuffle=True since 0.24; the "
        "seed never had an effect there, drop it",
        replacement="KFold(n_splits=5)",
        why=f"The seed only drives the shuffling; 0.24 turned the warning into an error "
        f"({_notes('0.24')}).",
        signatures=(r"Setting a random_state has no effect since shuffle is False",),
        matchers=(Call(functions=SEEDED_SPLITTERS, check=_seed_without_shuffle),),
        examples=(
            (
                "from sklearn.model_selection import KFold, StratifiedKFold\n"
                "kf = KFold(n_splits=5, random_state=42)\n"
                "skf = StratifiedKFold(5, shuffle=False, random_state=0)\n"
                "ok = KFold(5, shuffle=True, random_state=1)",
                "from sklearn.model_selection import KFold, StratifiedKFold\n"
                "kf = KFold(n_splits=5)\n"
                "skf = StratifiedKFold(5, shuffle=False)\n"
                "ok = KFold(5, shuffle=True, random_state=1)",
            ),
        ),
    ),
    Rule(
        id="SKL063",
        library=LIB,
        changed_in="0.21",
        safety=REVIEW,
        catalogue=NOTES,
        message="searches and cross_validate stopped computing training scores by default in "
        "0.21 (KeyError 'mean_train_score'); pass return_train_score=True",
        replacement="GridSearchCV(..., return_train_score=True)",
        why=f"The default of return_train_score changed from True to False in 0.21 "
        f"({_notes('0.21')}): cv_results_ has no train columns unless asked.",
        signatures=(
            r"KeyError: '(mean|std|rank|split\d+)_train_\w*'",
            r"KeyError: 'train_\w+'",
        ),
        matchers=(pin_default("return_train_score", True, functions=TRAIN_SCORE_USERS),),
        examples=(
            (
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(svc, grid, cv=5)\n"
                "tr = gs.fit(X, y).cv_results_['mean_train_score']",
                "from sklearn.model_selection import GridSearchCV\n"
                "gs = GridSearchCV(svc, grid, cv=5, return_train_score=True)\n"
                "tr = gs.fit(X, y).cv_results_['mean_train_score']",
            ),
        ),
    ),
    Rule(
        id="SKL064",
        library=LIB,
        changed_in="0.24",
        safety=REVIEW,
        catalogue=NOTES,
        message="fetch_openml returns pandas objects by default since 0.24 (X[0] is a KeyError); "
        "as_frame=False gives the arrays it returned before",
        replacement="fetch_openml('mnist_784', version=1, as_frame=False)",
        why=f"The default of as_frame changed from False to 'auto' in 0.24 ({_notes('0.24')}).",
        signatures=(
            r"^KeyError: -?\d+$",
            r"'(DataFrame|Series)' object has no attribute 'reshape'",
            r"InvalidIndexError: \(slice\(None, None, None\)",
        ),
        matchers=(pin_default("as_frame", False, functions=("sklearn.datasets.fetch_openml",)),),
        examples=(
            (
                "from sklearn.datasets import fetch_openml\n"
                "mnist = fetch_openml('mnist_784', version=1)\ndigit = mnist['data'][0]",
                "from sklearn.datasets import fetch_openml\n"
                "mnist = fetch_openml('mnist_784', version=1, as_frame=False)\n"
                "digit = mnist['data'][0]",
            ),
        ),
    ),
    Rule(
        id="SKL065",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be an RFECV",
        message="RFECV.grid_scores_ was removed in 1.2; the mean CV score per number of "
        "features is cv_results_['mean_test_score']",
        replacement="rfecv.cv_results_['mean_test_score']",
        why=f"Deprecated in 1.0 for cv_results_ ({_notes('1.0')}).",
        signatures=(object_no_attribute(["grid_scores_"], "RFECV"),),
        matchers=(Attr(names=("grid_scores_",), receivers=(RFECV,), check=_rfecv_grid_scores),),
        examples=(
            (
                "from sklearn.feature_selection import RFECV\n"
                "rfecv = RFECV(svc, step=1, cv=5).fit(X, y)\n"
                "plt.plot(range(1, len(rfecv.grid_scores_) + 1), rfecv.grid_scores_)",
                "from sklearn.feature_selection import RFECV\n"
                "rfecv = RFECV(svc, step=1, cv=5).fit(X, y)\n"
                "plt.plot(range(1, len(rfecv.cv_results_['mean_test_score']) + 1), "
                "rfecv.cv_results_['mean_test_score'])",
            ),
        ),
    ),
    Rule(
        id="SKL066",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a KernelPCA (alphas_ only then)",
        message="KernelPCA's lambdas_ and alphas_ were renamed eigenvalues_ and eigenvectors_ "
        "(removed in 1.2)",
        replacement="kpca.eigenvalues_, kpca.eigenvectors_",
        why=f"A rename announced in the 1.0 release notes ({_notes('1.0')}).",
        signatures=(object_no_attribute(["lambdas_", "alphas_"], "KernelPCA"),),
        matchers=(
            Attr(names=tuple(KERNEL_PCA_ATTRS), receivers=KERNEL_PCA, check=_kernel_pca_attr),
        ),
        examples=(
            (
                "from sklearn.decomposition import KernelPCA\n"
                "kpca = KernelPCA(n_components=2, kernel='rbf').fit(X)\n"
                "ratio = kpca.lambdas_ / kpca.lambdas_.sum()\nv = kpca.alphas_[:, 0]",
                "from sklearn.decomposition import KernelPCA\n"
                "kpca = KernelPCA(n_components=2, kernel='rbf').fit(X)\n"
                "ratio = kpca.eigenvalues_ / kpca.eigenvalues_.sum()\nv = kpca.eigenvectors_[:, 0]",
            ),
        ),
    ),
    Rule(
        id="SKL067",
        library=LIB,
        changed_in="1.2",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be one of the estimators that had n_features_",
        message="n_features_ (trees, forests, boosting, PCA) and PolynomialFeatures."
        "n_input_features_ were removed; read n_features_in_",
        replacement="rf.n_features_in_",
        why=f"Deprecated in 1.0 for the common n_features_in_ ({_notes('1.0')}).",
        signatures=(object_no_attribute(["n_features_", "n_input_features_"]),),
        matchers=(
            Attr(
                names=("n_features_",),
                receivers=N_FEATURES_OWNERS,
                check=_rename_attr_to("n_features_in_"),
            ),
            Attr(
                names=("n_input_features_",),
                receivers=("sklearn.preprocessing.PolynomialFeatures",),
                check=_rename_attr_to("n_features_in_"),
            ),
        ),
        examples=(
            (
                "from sklearn.ensemble import RandomForestClassifier\n"
                "rf = RandomForestClassifier(n_estimators=50).fit(X, y)\n"
                "idx = range(rf.n_features_)",
                "from sklearn.ensemble import RandomForestClassifier\n"
                "rf = RandomForestClassifier(n_estimators=50).fit(X, y)\n"
                "idx = range(rf.n_features_in_)",
            ),
            (  # n_input_features_ (removed in 1.2)
                "from sklearn.preprocessing import PolynomialFeatures\n"
                "p = PolynomialFeatures(2).fit(X)\n"
                "n = p.n_input_features_",
                "from sklearn.preprocessing import PolynomialFeatures\n"
                "p = PolynomialFeatures(2).fit(X)\n"
                "n = p.n_features_in_",
            ),
        ),
    ),
    Rule(
        id="SKL068",
        library=LIB,
        changed_in="1.7",
        safety=SAFE,
        catalogue=NOTES,
        message="RidgeCV(store_cv_values=) and .cv_values_ were renamed store_cv_results= and "
        ".cv_results_ (removed in 1.7)",
        replacement="RidgeCV(store_cv_results=True).cv_results_",
        why=f"A rename announced in the 1.5 release notes ({_notes('1.5')}).",
        signatures=(
            unexpected_kwarg(["store_cv_values"]),
            object_no_attribute(["cv_values_"], r"Ridge\w*CV"),
        ),
        matchers=(
            kwarg_rename("store_cv_values", "store_cv_results", functions=RIDGE_CVS),
            Attr(names=("cv_values_",), receivers=RIDGE_CVS, check=_rename_attr_to("cv_results_")),
        ),
        examples=(
            (
                "from sklearn.linear_model import RidgeCV\n"
                "r = RidgeCV(alphas=[0.1, 1.0], store_cv_values=True).fit(X, y)\n"
                "errors = r.cv_values_.mean(axis=0)",
                "from sklearn.linear_model import RidgeCV\n"
                "r = RidgeCV(alphas=[0.1, 1.0], store_cv_results=True).fit(X, y)\n"
                "errors = r.cv_results_.mean(axis=0)",
            ),
        ),
    ),
    Rule(
        id="SKL069",
        library=LIB,
        changed_in="1.7",
        safety=SAFE,
        catalogue=NOTES,
        message="precision_recall_curve(probas_pred=) was renamed y_score= (removed in 1.7)",
        replacement="precision_recall_curve(y_true, y_score=...)",
        why=f"A rename announced in the 1.5 release notes ({_notes('1.5')}).",
        signatures=(
            unexpected_kwarg(["probas_pred"]),
            r"missing a required argument: 'y_score'",
        ),
        matchers=(
            kwarg_rename(
                "probas_pred", "y_score", functions=("sklearn.metrics.precision_recall_curve",)
            ),
        ),
        examples=(
            (
                "from sklearn.metrics import precision_recall_curve\n"
                "p, r, t = precision_recall_curve(y_test, probas_pred=scores)",
                "from sklearn.metrics import precision_recall_curve\n"
                "p, r, t = precision_recall_curve(y_test, y_score=scores)",
            ),
        ),
    ),
    Rule(
        id="SKL070",
        library=LIB,
        changed_in="1.5",
        safety=REVIEW,
        catalogue=NOTES,
        message="log_loss(eps=) was removed in 1.5; probabilities are clipped at the dtype's "
        "epsilon (the loss differs only where a probability is 0 or 1)",
        replacement="log_loss(y, p)",
        why=f"Deprecated in 1.3 ({_notes('1.3')}).",
        signatures=(unexpected_kwarg(["eps"]),),
        matchers=(kwarg_drop("eps", functions=("sklearn.metrics.log_loss",)),),
        examples=(
            (
                "from sklearn.metrics import log_loss\nll = log_loss(y_test, proba, eps=1e-15)",
                "from sklearn.metrics import log_loss\nll = log_loss(y_test, proba)",
            ),
        ),
    ),
    Rule(
        id="SKL071",
        library=LIB,
        changed_in="1.2",
        safety=REVIEW,
        catalogue=NOTES,
        message="NMF(alpha=, regularization=) were removed in 1.2; alpha_W= (alpha_H='same') "
        "regularizes both, scaled by the data's size now",
        replacement="NMF(n_components=k, alpha_W=a)",
        why=f"Deprecated in 1.0 ({_notes('1.0')}): alpha_W and alpha_H replace alpha and "
        "regularization, and the penalty is scaled by n_samples / n_features.",
        signatures=(unexpected_kwarg(["alpha", "regularization"]),),
        matchers=(Call(functions=("sklearn.decomposition.NMF",), check=_nmf_alpha),),
        examples=(
            (
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, alpha=0.1, l1_ratio=0.5, init='nndsvd')",
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, alpha_W=0.1, l1_ratio=0.5, init='nndsvd')",
            ),
        ),
    ),
    Rule(
        id="SKL072",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        catalogue=NOTES,
        message="arguments with no effect left (0.22-0.24): OneClassSVM(random_state=), "
        "SparsePCA(normalize_components=True), IsolationForest(behaviour='new'), "
        "auc(reorder=False); drop them",
        replacement="drop them",
        why=f"Each was deprecated as a no-op or as today's only behaviour ({_notes('0.20')}, "
        f"{_notes('0.22')}).",
        signatures=(
            unexpected_kwarg(["random_state", "normalize_components", "behaviour", "reorder"]),
        ),
        matchers=(
            kwarg_drop("random_state", functions=("sklearn.svm.OneClassSVM",)),
            kwarg_drop("normalize_components", functions=SPARSE_PCAS, when=lambda v: v is True),
            kwarg_drop(
                "behaviour",
                functions=("sklearn.ensemble.IsolationForest",),
                when=lambda v: v == "new",
            ),
            Call(functions=("sklearn.metrics.auc",), check=_auc_reorder),
        ),
        examples=(
            (
                "from sklearn.ensemble import IsolationForest\n"
                "from sklearn.svm import OneClassSVM\n"
                "iso = IsolationForest(behaviour='new', random_state=0)\n"
                "oc = OneClassSVM(nu=0.1, random_state=0)",
                "from sklearn.ensemble import IsolationForest\n"
                "from sklearn.svm import OneClassSVM\n"
                "iso = IsolationForest(random_state=0)\noc = OneClassSVM(nu=0.1)",
            ),
            (
                "from sklearn.decomposition import SparsePCA\nfrom sklearn.metrics import auc\n"
                "sp = SparsePCA(5, normalize_components=True)\na = auc(fpr, tpr, reorder=False)",
                "from sklearn.decomposition import SparsePCA\nfrom sklearn.metrics import auc\n"
                "sp = SparsePCA(5)\na = auc(fpr, tpr)",
            ),
            (
                "from sklearn.ensemble import IsolationForest\n"
                "iso = IsolationForest(behaviour='old')",
                None,
            ),
        ),
    ),
    Rule(
        id="SKL073",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue=NOTES,
        message="arguments with no effect left in 1.3: SimpleImputer(verbose=), "
        "TSNE(square_distances=True), calibration_curve(normalize=False); drop them",
        replacement="drop them",
        why=f"Deprecated in 1.1 ({_notes('1.1')}): verbose did nothing, squared distances "
        "became the only behaviour, and normalize=True is gone (scale the scores yourself).",
        signatures=(unexpected_kwarg(["verbose", "square_distances", "normalize"]),),
        matchers=(
            kwarg_drop("verbose", functions=("sklearn.impute.SimpleImputer",)),
            kwarg_drop(
                "square_distances", functions=("sklearn.manifold.TSNE",), when=lambda v: v is True
            ),
            kwarg_drop(
                "normalize",
                functions=("sklearn.calibration.calibration_curve",),
                when=lambda v: v is False,
            ),
        ),
        examples=(
            (
                "from sklearn.impute import SimpleImputer\nfrom sklearn.manifold import TSNE\n"
                "imp = SimpleImputer(strategy='median', verbose=0)\n"
                "ts = TSNE(n_components=2, square_distances=True)",
                "from sklearn.impute import SimpleImputer\nfrom sklearn.manifold import TSNE\n"
                "imp = SimpleImputer(strategy='median')\nts = TSNE(n_components=2)",
            ),
            (
                "from sklearn.calibration import calibration_curve\n"
                "t, p = calibration_curve(y, prob, normalize=False, n_bins=10)",
                "from sklearn.calibration import calibration_curve\n"
                "t, p = calibration_curve(y, prob, n_bins=10)",
            ),
        ),
    ),
    Rule(
        id="SKL074",
        library=LIB,
        changed_in="0.23",
        safety=SAFE,
        catalogue=NOTES,
        message="LinearSVC/LinearSVR loss='l1'/'l2' were removed (0.23); use 'hinge'/"
        "'squared_hinge' (LinearSVR: 'epsilon_insensitive'/'squared_epsilon_insensitive')",
        replacement="LinearSVC(loss='squared_hinge')",
        why=f"The old names were deprecated in 0.16 and removed with the 0.23 cleanup "
        f"({_notes('0.23')}).",
        signatures=(invalid_param("loss", ["l1", "l2"]),),
        matchers=(
            kwarg_value(
                "loss", {"l1": "hinge", "l2": "squared_hinge"}, functions=("sklearn.svm.LinearSVC",)
            ),
            kwarg_value(
                "loss",
                {"l1": "epsilon_insensitive", "l2": "squared_epsilon_insensitive"},
                functions=("sklearn.svm.LinearSVR",),
            ),
        ),
        examples=(
            (
                "from sklearn.svm import LinearSVC\nm = LinearSVC(C=1.0, loss='l2')",
                "from sklearn.svm import LinearSVC\nm = LinearSVC(C=1.0, loss='squared_hinge')",
            ),
        ),
    ),
    Rule(
        id="SKL075",
        library=LIB,
        changed_in="0.19",
        safety=REVIEW,
        catalogue=NOTES,
        message="class_weight='auto' was removed (0.19); 'balanced' is its successor (the "
        "weights are normalized differently)",
        replacement="class_weight='balanced'",
        why="Deprecated in 0.17 for 'balanced', whose weights are n_samples / (n_classes * "
        f"count) ({_notes('0.17')}).",
        signatures=(invalid_param("class_weight", ["auto"]),),
        matchers=(kwarg_value("class_weight", {"auto": "balanced"}, functions=CLASS_WEIGHTED),),
        examples=(
            (
                "from sklearn.svm import SVC\nm = SVC(kernel='linear', class_weight='auto')",
                "from sklearn.svm import SVC\nm = SVC(kernel='linear', class_weight='balanced')",
            ),
        ),
    ),
    Rule(
        id="SKL076",
        library=LIB,
        changed_in="0.20",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="LatentDirichletAllocation's default learning_method changed 'online' → 'batch' "
        "in 0.20; pin learning_method='online' to reproduce",
        replacement="LatentDirichletAllocation(learning_method='online')",
        why=f"Announced in 0.18 and made in 0.20 ({_notes('0.20')}).",
        matchers=(
            pin_default(
                "learning_method",
                "online",
                functions=("sklearn.decomposition.LatentDirichletAllocation",),
            ),
        ),
        examples=(
            (
                "from sklearn.decomposition import LatentDirichletAllocation\n"
                "lda = LatentDirichletAllocation(n_components=10, random_state=0)",
                "from sklearn.decomposition import LatentDirichletAllocation\n"
                "lda = LatentDirichletAllocation(n_components=10, random_state=0, "
                "learning_method='online')",
            ),
        ),
    ),
    Rule(
        id="SKL077",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="IsolationForest/LocalOutlierFactor's default contamination changed 0.1 → "
        "'auto' in 0.22; pin contamination=0.1 to flag the same share of outliers",
        replacement="IsolationForest(contamination=0.1)",
        why=f"Announced in 0.20 and made in 0.22 ({_notes('0.22')}).",
        matchers=(pin_default("contamination", 0.1, functions=OUTLIER_DETECTORS),),
        examples=(
            (
                "from sklearn.ensemble import IsolationForest\n"
                "iso = IsolationForest(n_estimators=100, random_state=0)",
                "from sklearn.ensemble import IsolationForest\n"
                "iso = IsolationForest(n_estimators=100, random_state=0, contamination=0.1)",
            ),
        ),
    ),
    Rule(
        id="SKL078",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="MiniBatchKMeans' default batch_size changed 100 → 1024 in 1.0; pin "
        "batch_size=100 to reproduce",
        replacement="MiniBatchKMeans(batch_size=100)",
        why=f"Changed in 1.0 ({_notes('1.0')}).",
        matchers=(pin_default("batch_size", 100, functions=("sklearn.cluster.MiniBatchKMeans",)),),
        examples=(
            (
                "from sklearn.cluster import MiniBatchKMeans\n"
                "mbk = MiniBatchKMeans(n_clusters=8, random_state=0)",
                "from sklearn.cluster import MiniBatchKMeans\n"
                "mbk = MiniBatchKMeans(n_clusters=8, random_state=0, batch_size=100)",
            ),
        ),
    ),
    Rule(
        id="SKL079",
        library=LIB,
        changed_in="0.22",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="FunctionTransformer's default validate changed True → False in 0.22 (the "
        "function gets the DataFrame, not an array); pin validate=True to reproduce",
        replacement="FunctionTransformer(func, validate=True)",
        why=f"Announced in 0.20 and made in 0.22 ({_notes('0.22')}).",
        matchers=(
            pin_default("validate", True, functions=("sklearn.preprocessing.FunctionTransformer",)),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.preprocessing import FunctionTransformer\n"
                "log = FunctionTransformer(np.log1p)",
                "import numpy as np\nfrom sklearn.preprocessing import FunctionTransformer\n"
                "log = FunctionTransformer(np.log1p, validate=True)",
            ),
        ),
    ),
    Rule(
        id="SKL080",
        library=LIB,
        changed_in="1.9",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="KBinsDiscretizer's quantile bins use quantile_method='averaged_inverted_cdf' "
        "since 1.9; pin quantile_method='linear' (np.percentile's default) to reproduce",
        replacement="KBinsDiscretizer(n_bins=5, quantile_method='linear')",
        why=f"Announced in 1.7 ({_notes('1.7')}) and made in 1.9.",
        matchers=(
            pin_default(
                "quantile_method",
                "linear",
                functions=("sklearn.preprocessing.KBinsDiscretizer",),
                unless=_not_quantile,
            ),
        ),
        examples=(
            (
                "from sklearn.preprocessing import KBinsDiscretizer\n"
                "kb = KBinsDiscretizer(n_bins=4, encode='ordinal')\n"
                "ku = KBinsDiscretizer(n_bins=4, strategy='uniform')",
                "from sklearn.preprocessing import KBinsDiscretizer\n"
                "kb = KBinsDiscretizer(n_bins=4, encode='ordinal', quantile_method='linear')\n"
                "ku = KBinsDiscretizer(n_bins=4, strategy='uniform')",
            ),
        ),
    ),
    Rule(
        id="SKL081",
        library=LIB,
        changed_in="1.8",
        safety=SAFE,
        catalogue=NOTES,
        message="CalibratedClassifierCV(cv='prefit') was removed in 1.8; wrap the fitted model "
        "in FrozenEstimator (all the data calibrates it, as before)",
        replacement="CalibratedClassifierCV(FrozenEstimator(clf))",
        why=f"Deprecated in 1.6 for sklearn.frozen.FrozenEstimator ({_notes('1.6')}).",
        signatures=(invalid_param("cv", ["prefit"]),),
        matchers=(Call(functions=(CALIBRATED,), check=_prefit),),
        examples=(
            (
                "from sklearn.calibration import CalibratedClassifierCV\n"
                "cal = CalibratedClassifierCV(svc, method='sigmoid', cv='prefit')"
                ".fit(X_val, y_val)",
                "from sklearn.calibration import CalibratedClassifierCV\n"
                "from sklearn.frozen import FrozenEstimator\n"
                "cal = CalibratedClassifierCV(FrozenEstimator(svc), method='sigmoid')"
                ".fit(X_val, y_val)",
            ),
        ),
    ),
    Rule(
        id="SKL082",
        library=LIB,
        changed_in="0.23",
        safety=REVIEW,
        catalogue=NOTES,
        message="sklearn.utils.linear_assignment_ was removed in 0.23; use "
        "scipy.optimize.linear_sum_assignment (np.transpose of it is the old (n, 2) array)",
        replacement="np.transpose(linear_sum_assignment(cost))",
        why=f"Deprecated in 0.21 for SciPy's implementation ({_notes('0.21')}); with ties the "
        "optimal assignment found may differ.",
        signatures=(no_module("sklearn.utils.linear_assignment_"),),
        matchers=(
            Symbol(old=LINEAR_ASSIGNMENT, new="scipy.optimize.linear_sum_assignment"),
            Call(functions=(LINEAR_ASSIGNMENT,), check=_assignment_pairs),
        ),
        examples=(
            (
                "import numpy as np\n"
                "from sklearn.utils.linear_assignment_ import linear_assignment\n"
                "ind = linear_assignment(w.max() - w)\n"
                "acc = sum(w[i, j] for i, j in ind) / y.size",
                "import numpy as np\nfrom scipy.optimize import linear_sum_assignment\n"
                "ind = np.transpose(linear_sum_assignment(w.max() - w))\n"
                "acc = sum(w[i, j] for i, j in ind) / y.size",
            ),
        ),
    ),
    Rule(
        id="SKL083",
        library=LIB,
        changed_in="0.18",
        safety=SAFE_IF,
        catalogue=NOTES,
        confined=True,
        condition="the error says the target is multiclass (rewritten in that cell only)",
        message="precision/recall/F-scores of a multiclass target need average= (0.18); "
        "average='weighted' is what they computed before",
        replacement="f1_score(y, p, average='weighted')",
        why="Until 0.15 these metrics averaged the per-class scores weighted by support when the "
        "target had more than two classes (average='weighted' was the default, "
        "https://scikit-learn.sourceforge.net/0.13/modules/generated/sklearn.metrics.f1_score.html"
        "). 0.16 "
        "made the default average='binary' and asked for an explicit average on multiclass "
        "targets, with a deprecation warning; 0.18 raises. The error shows which calls get a "
        "multiclass target, so only the calls in the failing cell are rewritten.",
        signatures=(r"Target is multi(class|label-indicator) but average='binary'",),
        matchers=(Call(functions=tuple(AVERAGED_METRICS), check=_weighted_average),),
        examples=(
            (
                "from sklearn.metrics import f1_score, precision_score, fbeta_score\n"
                "f = f1_score(y_test, y_pred)\np = precision_score(y_test, y_pred, "
                "average='macro')\nb = fbeta_score(y_test, y_pred, beta=0.5)",
                "from sklearn.metrics import f1_score, precision_score, fbeta_score\n"
                "f = f1_score(y_test, y_pred, average='weighted')\np = precision_score(y_test, "
                "y_pred, average='macro')\nb = fbeta_score(y_test, y_pred, beta=0.5, "
                "average='weighted')",
            ),
        ),
    ),
    Rule(
        id="SKL084",
        library=LIB,
        changed_in="1.5",
        safety=SAFE,
        catalogue=NOTES,
        message="BayesianRidge/ARDRegression(n_iter=) was renamed max_iter= (1.3; n_iter removed "
        "in 1.5)",
        replacement="BayesianRidge(max_iter=300)",
        why=f"Deprecated in 1.3 for max_iter, the same cap on the iterations ({_notes('1.3')}).",
        signatures=(unexpected_kwarg(["n_iter"]),),
        matchers=(kwarg_rename("n_iter", "max_iter", functions=BAYES_RIDGES),),
        examples=(
            (
                "from sklearn.linear_model import BayesianRidge, ARDRegression\n"
                "br = BayesianRidge(n_iter=500, tol=1e-4)\nard = ARDRegression(n_iter=100)",
                "from sklearn.linear_model import BayesianRidge, ARDRegression\n"
                "br = BayesianRidge(max_iter=500, tol=1e-4)\nard = ARDRegression(max_iter=100)",
            ),
        ),
    ),
    Rule(
        id="SKL085",
        library=LIB,
        changed_in="0.19",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a StandardScaler",
        message="StandardScaler.std_ was removed in 0.19; scale_ is the same array (the "
        "per-feature scale, 1.0 for a constant feature)",
        replacement="scaler.scale_",
        why=f"Deprecated in 0.17 for scale_ ({_notes('0.17')}): from 0.17 std_ returned scale_, "
        "and before it the standard deviation with zeros replaced by 1.0, as scale_ is.",
        signatures=(object_no_attribute(["std_"], "StandardScaler"),),
        matchers=(
            Attr(names=("std_",), receivers=STANDARD_SCALER, check=_rename_attr_to("scale_")),
        ),
        examples=(
            (
                "from sklearn.preprocessing import StandardScaler\n"
                "sc = StandardScaler().fit(X)\nX0 = X_std * sc.std_ + sc.mean_",
                "from sklearn.preprocessing import StandardScaler\n"
                "sc = StandardScaler().fit(X)\nX0 = X_std * sc.scale_ + sc.mean_",
            ),
        ),
    ),
    Rule(
        id="SKL086",
        library=LIB,
        changed_in="0.20",
        safety=REVIEW,
        catalogue=NOTES,
        message="the label splitters LabelKFold/LeaveOneLabelOut/LeavePLabelOut/LabelShuffleSplit "
        "became GroupKFold/LeaveOneGroupOut/LeavePGroupsOut/GroupShuffleSplit (0.18; removed "
        "with sklearn.cross_validation in 0.20), which take the labels in split(X, groups=)",
        replacement="list(GroupKFold(n_splits=3).split(np.zeros(len(labels)), groups=labels))",
        why=f"Renamed in 0.18 ({_notes('0.18')}: 'Rename of splitter classes which accepts group "
        "labels along with data'): the new splitters take the labels as split()'s groups and "
        "n_folds/n_iter/p as n_splits/n_groups. The folds are built the same way, but the "
        "order of groups of equal size may differ, so the folds may too.",
        signatures=(
            cannot_import(LABEL_SPLITTERS),
            # the lazy module's own message names both without quotes
            r"module '?sklearn\.model_selection'? has no attribute "
            rf"'?({'|'.join(LABEL_SPLITTERS)})",
            no_module("sklearn.cross_validation"),
        ),
        matchers=(
            *(
                Symbol(old=f"{module}.{old}", new=f"sklearn.model_selection.{new}")
                for module in LABEL_MODULES
                for old, (new, _, _) in LABEL_SPLITTERS.items()
            ),
            Call(
                functions=tuple(f"{m}.{old}" for m in LABEL_MODULES for old in LABEL_SPLITTERS),
                check=_label_splitter,
            ),
        ),
        examples=(
            (
                "import numpy as np\nfrom sklearn.cross_validation import LabelKFold\n"
                "lkf = LabelKFold(labels, n_folds=5)",
                "import numpy as np\nfrom sklearn.model_selection import GroupKFold\n"
                "lkf = list(GroupKFold(n_splits=5).split(np.zeros(len(labels)), groups=labels))",
            ),
            (
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "logo = cross_validation.LeaveOneLabelOut(subjects)\n"
                "lplo = cross_validation.LeavePLabelOut(subjects, 2)\n"
                "ss = cross_validation.LabelShuffleSplit(subjects, 10, train_size=0.5, "
                "random_state=0)",
                "import numpy as np\nfrom sklearn import cross_validation\n"
                "from sklearn.model_selection import LeaveOneGroupOut\n"
                "from sklearn.model_selection import LeavePGroupsOut\n"
                "from sklearn.model_selection import GroupShuffleSplit\n"
                "logo = list(LeaveOneGroupOut().split(np.zeros(len(subjects)), groups=subjects))\n"
                "lplo = list(LeavePGroupsOut(n_groups=2)"
                ".split(np.zeros(len(subjects)), groups=subjects))\n"
                "ss = list(GroupShuffleSplit(n_splits=10, train_size=0.5, "
                "random_state=0, test_size=0.2).split(np.zeros(len(subjects)), groups=subjects))",
            ),
        ),
    ),
    Rule(
        id="SKL087",
        library=LIB,
        changed_in="1.1",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a MultinomialNB, BernoulliNB or ComplementNB",
        message="coef_/intercept_ of MultinomialNB/BernoulliNB/ComplementNB were removed in 1.1; "
        "they were feature_log_prob_/class_log_prior_ (only the second class's row for two "
        "classes)",
        replacement="(nb.feature_log_prob_[1:] if len(nb.classes_) == 2 else nb.feature_log_prob_)",
        why=f"Deprecated in 0.24 ({_notes('0.24')}). Until then BaseDiscreteNB defined coef_ as "
        "feature_log_prob_[1:] when there were two classes and feature_log_prob_ otherwise, "
        "and intercept_ the same way from class_log_prior_: the rewrite writes that out.",
        signatures=(
            object_no_attribute(
                ["coef_", "intercept_"], "(MultinomialNB|BernoulliNB|ComplementNB)"
            ),
        ),
        matchers=(
            Attr(names=tuple(NB_LINEAR_ATTRS), receivers=DISCRETE_NBS, check=_nb_linear_attr),
        ),
        examples=(
            (
                "from sklearn.naive_bayes import MultinomialNB\n"
                "nb = MultinomialNB()\nnb.fit(X, y)\n"
                "top = np.argsort(nb.coef_[0])[-10:]\nb = nb.intercept_",
                "from sklearn.naive_bayes import MultinomialNB\n"
                "nb = MultinomialNB()\nnb.fit(X, y)\n"
                "top = np.argsort((nb.feature_log_prob_[1:] if len(nb.classes_) == 2 else "
                "nb.feature_log_prob_)[0])[-10:]\n"
                "b = (nb.class_log_prior_[1:] if len(nb.classes_) == 2 else nb.class_log_prior_)",
            ),
        ),
    ),
    Rule(
        id="SKL088",
        library=LIB,
        changed_in="0.19",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be a forest, tree, gradient boosting, "
        "LogisticRegression, LinearSVC or SGD model (the ones that had the selecting transform)",
        message="forests, trees, boosting and linear models lost transform(X, threshold=) "
        "(feature selection by importance) in 0.19; SelectFromModel(model, prefit=True)"
        ".transform(X) selects the same features",
        replacement="SelectFromModel(rf, prefit=True).transform(X)",
        why=f"Deprecated in 0.17 for the SelectFromModel meta-transformer ({_notes('0.17')}: "
        "'Models inheriting from _LearntSelectorMixin will no longer support the transform "
        "methods'). Its defaults are the mixin's: importances from feature_importances_ or "
        "|coef_| summed over the classes, threshold 1e-5 for an L1 penalty and 'mean' "
        "otherwise, a feature kept when its importance reaches the threshold.",
        signatures=(object_no_attribute(["transform"]),),
        matchers=(
            Call(
                methods=("transform",),
                receivers=LEARNT_SELECTORS,
                check=_learnt_selector_transform,
            ),
        ),
        examples=(
            (
                "from sklearn.ensemble import RandomForestClassifier\n"
                "rf = RandomForestClassifier(n_estimators=100)\nrf.fit(X, y)\n"
                "X_new = rf.transform(X)\nX_med = rf.transform(X_test, 'median')",
                "from sklearn.ensemble import RandomForestClassifier\n"
                "from sklearn.feature_selection import SelectFromModel\n"
                "rf = RandomForestClassifier(n_estimators=100)\nrf.fit(X, y)\n"
                "X_new = SelectFromModel(rf, prefit=True).transform(X)\n"
                "X_med = SelectFromModel(rf, threshold='median', prefit=True).transform(X_test)",
            ),
            (
                "from sklearn.svm import LinearSVC\n"
                "X_sel = LinearSVC(C=0.01, penalty='l1', dual=False).fit(X, y)"
                ".transform(X, threshold=1e-3)",
                "from sklearn.svm import LinearSVC\n"
                "from sklearn.feature_selection import SelectFromModel\n"
                "X_sel = SelectFromModel(LinearSVC(C=0.01, penalty='l1', dual=False).fit(X, y), "
                "threshold=1e-3, prefit=True).transform(X)",
            ),
        ),
    ),
    Rule(
        id="SKL089",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        catalogue=NOTES,
        message="FastICA/fastica(whiten=True) is refused since 1.3; whiten='arbitrary-variance' "
        "is what True did",
        replacement="FastICA(whiten='arbitrary-variance')",
        why=f"1.1 added unit-variance whitening and named the old behaviour ({_notes('1.1')}: "
        "\"True (which behaves like 'arbitrary-variance')\"); True was deprecated then and "
        "raises from 1.3.",
        signatures=(r"The 'whiten' parameter of (FastICA|fastica) must be .* Got True instead",),
        matchers=(
            kwarg_value(
                "whiten", {True: "arbitrary-variance"}, functions=(FAST_ICA, FAST_ICA_FUNCTION)
            ),
        ),
        examples=(
            (
                "from sklearn.decomposition import FastICA, fastica\n"
                "ica = FastICA(n_components=3, whiten=True, random_state=0)\n"
                "K, W, S = fastica(X, n_components=2, whiten=True)",
                "from sklearn.decomposition import FastICA, fastica\n"
                "ica = FastICA(n_components=3, whiten='arbitrary-variance', random_state=0)\n"
                "K, W, S = fastica(X, n_components=2, whiten='arbitrary-variance')",
            ),
        ),
    ),
    Rule(
        id="SKL090",
        library=LIB,
        changed_in="1.3",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="FastICA's default whiten changed True → 'unit-variance' in 1.3 (sources scaled "
        "to unit variance); pin whiten='arbitrary-variance' to reproduce",
        replacement="FastICA(n_components=3, whiten='arbitrary-variance')",
        why=f'Announced in 1.1 ({_notes("1.1")}: "The default value of its whiten argument will '
        "change from True (which behaves like 'arbitrary-variance') to 'unit-variance' "
        'in version 1.3").',
        matchers=(
            pin_default("whiten", "arbitrary-variance", functions=(FAST_ICA,), position=2),
            pin_default("whiten", "arbitrary-variance", functions=(FAST_ICA_FUNCTION,), position=3),
        ),
        examples=(
            (
                "from sklearn.decomposition import FastICA\n"
                "S = FastICA(n_components=3, random_state=0).fit_transform(X)\n"
                "raw = FastICA(whiten=False).fit_transform(Xw)",
                "from sklearn.decomposition import FastICA\n"
                "S = FastICA(n_components=3, random_state=0, whiten='arbitrary-variance')"
                ".fit_transform(X)\nraw = FastICA(whiten=False).fit_transform(Xw)",
            ),
        ),
    ),
    Rule(
        id="SKL091",
        library=LIB,
        changed_in="0.21",
        safety=SAFE_IF,
        catalogue=NOTES,
        condition="the object is proven to be one of the transformers whose transform ignored y",
        message="transform(X, y): y was deprecated in 0.19 and is gone (StandardScaler reads it "
        "as copy, others refuse it); transform(X) is the same call",
        replacement="scaler.transform(X_test)",
        why=f"0.19 deprecated the y parameter of transform ({_notes('0.19')}: 'Deprecate the y "
        "parameter in transform and inverse_transform. The method should not accept y "
        "parameter, as it's used at the prediction time'); it was never used.",
        signatures=(
            r"transform\(\) takes 2 positional arguments but 3 were given",
            r"transform\(\) got an unexpected keyword argument 'y'",
        ),
        matchers=(
            Call(methods=("transform",), receivers=Y_IGNORING_TRANSFORMERS, check=_transform_y),
        ),
        examples=(
            (
                "from sklearn.preprocessing import StandardScaler\n"
                "from sklearn.decomposition import PCA\n"
                "sc = StandardScaler().fit(X_train, y_train)\n"
                "X_test_s = sc.transform(X_test, y_test)\n"
                "pca = PCA(n_components=2)\npca.fit(X_train)\nZ = pca.transform(X_test, y=y_test)",
                "from sklearn.preprocessing import StandardScaler\n"
                "from sklearn.decomposition import PCA\n"
                "sc = StandardScaler().fit(X_train, y_train)\n"
                "X_test_s = sc.transform(X_test)\n"
                "pca = PCA(n_components=2)\npca.fit(X_train)\nZ = pca.transform(X_test)",
            ),
        ),
    ),
    Rule(
        id="SKL092",
        library=LIB,
        changed_in="0.24",
        safety=SAFE,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="DummyClassifier's default strategy changed 'stratified' → 'prior' in 0.24 (other "
        "baseline predictions and scores); pin strategy='stratified' to reproduce",
        replacement="DummyClassifier(strategy='stratified')",
        why=f"Announced in 0.22 ({_notes('0.22')}: 'The default value of the strategy parameter "
        'in dummy.DummyClassifier will change from "stratified" in version 0.22 to "prior" '
        "in 0.24') and made in 0.24.",
        matchers=(
            pin_default(
                "strategy", "stratified", functions=("sklearn.dummy.DummyClassifier",), position=0
            ),
        ),
        examples=(
            (
                "from sklearn.dummy import DummyClassifier\n"
                "base = DummyClassifier(random_state=0).fit(X_train, y_train)\n"
                "mf = DummyClassifier(strategy='most_frequent')",
                "from sklearn.dummy import DummyClassifier\n"
                "base = DummyClassifier(random_state=0, strategy='stratified')"
                ".fit(X_train, y_train)\nmf = DummyClassifier(strategy='most_frequent')",
            ),
        ),
    ),
    Rule(
        id="SKL093",
        library=LIB,
        changed_in="1.1",
        safety=REVIEW,
        silent=True,
        pin=True,
        catalogue=NOTES,
        message="NMF(init=None) starts from 'nndsvda' instead of 'nndsvd' since 1.1 (other "
        "factors); pin init='nndsvd' to reproduce (what None meant while n_components <= "
        "min(n_samples, n_features); more components raise, where None chose 'random')",
        replacement="NMF(n_components=10, init='nndsvd')",
        why=f"Announced in 0.24 ({_notes('0.24')}: 'the init value, when init=None and "
        'n_components <= min(n_samples, n_features) will be changed from "nndsvd" to '
        "\"nndsvda\" in 1.1'). Outside that condition None chose 'random', before and after; "
        "the pin is proposed for review because the shapes are only known when it runs.",
        matchers=(
            pin_default("init", "nndsvd", functions=("sklearn.decomposition.NMF",), position=1),
        ),
        examples=(
            (
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, random_state=1, alpha=0.1)\n"
                "r = NMF(n_components=5, init='random')",
                "from sklearn.decomposition import NMF\n"
                "nmf = NMF(n_components=10, random_state=1, alpha=0.1, init='nndsvd')\n"
                "r = NMF(n_components=5, init='random')",
            ),
        ),
    ),
]
