"""scikit-learn's linear models and SVMs: normalize=, solvers and penalties, SGD's losses and
iterations, regularization paths, their changed defaults.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    invalid_param,
    kwarg_rename,
    kwarg_value,
    object_no_attribute,
    pin_default,
    qualify,
    unexpected_kwarg,
)
from ...matchers import MISSING, Attr, Call, Outcome, Site
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, FORESTS, LIB, NOTES, _comma, _notes, _rename_attr_to

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


LOGREG = ("sklearn.linear_model.LogisticRegression",)


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


def _n_iter(site: Site) -> Outcome | None:
    if site.kwarg("n_iter") is None or site.kwarg("max_iter") is not None:
        return None

    def fix(node: cst.Call, refs: Any) -> cst.Call:
        node = edits.rename_kwarg(node, "n_iter", "max_iter")
        if edits.find_kwarg(node, "tol") is None:
            node = edits.add_args(node, [edits.kwarg("tol", cst.Name("None"))])
        return node

    return Outcome(fix=fix)


def _n_alphas(site: Site) -> Outcome | None:
    if site.kwarg("n_alphas") is None:
        return None
    if site.kwarg("alphas") is not None:
        return Outcome(fix=lambda node, refs: edits.drop_kwargs(node, "n_alphas"))
    return Outcome(fix=lambda node, refs: edits.rename_kwarg(node, "n_alphas", "alphas"))


def _svm_gamma(site: Site) -> bool:
    return site.value("kernel") == "linear"


def _logreg_unless(site: Site) -> bool:
    return site.kwarg("solver") is not None


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


RIDGE_CVS = qualify("sklearn.linear_model", ["RidgeCV", "RidgeClassifierCV"])


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


BAYES_RIDGES = qualify("sklearn.linear_model", ["BayesianRidge", "ARDRegression"])


RULES = [
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import LinearRegression\n"
                "p = LinearRegression(normalize=True).fit(X, y).predict(X)"
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
        proofs=(
            _CASE_DATA + "from sklearn.linear_model import Ridge\nRidge(normalize=True).fit(X, y)",
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(multi_class='ovr').fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(solver='liblinear').fit(X, np.arange(60) % 3)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.linear_model import LogisticRegression\n"
                "m = LogisticRegression(penalty='none').fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + "from sklearn.linear_model import SGDClassifier\nSGDClassifier(loss='log').fit(X, y)",
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
        proofs=(
            _CASE_DATA
            + "from sklearn.linear_model import Perceptron\nPerceptron(n_iter=5).fit(X, y)",
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
        proofs=(
            _CASE_DATA
            + "from sklearn.linear_model import LassoCV\nLassoCV(n_alphas=5, cv=2).fit(X, y)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.linear_model import LogisticRegression\n"
            "m = LogisticRegression(penalty='l1', C=1.0).fit(X, y)",
            _CASE_SMALL + "from sklearn.linear_model import LogisticRegression\n"
            "m = LogisticRegression(dual=True).fit(X, y)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.linear_model import RidgeCV\n"
            "r = RidgeCV(alphas=[0.1, 1.0], store_cv_values=True).fit(X, X[:, 0])",
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
        proofs=(
            _CASE_SMALL
            + "from sklearn.svm import LinearSVC\nm = LinearSVC(loss='l2', dual=True).fit(X, y)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.svm import SVC\nm = SVC(class_weight='auto').fit(X, y)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.linear_model import BayesianRidge, ARDRegression\n"
            "br = BayesianRidge(n_iter=1).fit(X, X @ [1.0, 2.0, 3.0])\n"
            "ard = ARDRegression(n_iter=1).fit(X, X @ [1.0, 2.0, 3.0])",
        ),
    ),
]
