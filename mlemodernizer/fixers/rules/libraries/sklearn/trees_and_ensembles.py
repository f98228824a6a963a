"""scikit-learn: trees, forests, boosting, meta-estimators (base_estimator=, calibration) and the
dummy baseline.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    invalid_param,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    object_no_attribute,
    pin_default,
    qualify,
    unexpected_kwarg,
)
from ...matchers import MISSING, Attr, Call, DictKey, Outcome, Site, literal
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, BOOSTING_TREES, LIB, NOTES, _notes, _rename_attr_to

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


# --- S15: max_features='auto' ---------------------------------------------------------------------


def _set_params_max_features(site: Site) -> Outcome | None:
    if not site.proven or site.receiver is None or site.value("max_features") != "auto":
        return None
    new: Any = "sqrt" if site.receiver.qname in TREE_CLASSIFIERS else 1.0
    return Outcome(fix=lambda node, refs: edits.set_kwarg(node, "max_features", edits.to_node(new)))


REGRESSION_TREES = (
    *qualify("sklearn.tree", ["DecisionTreeRegressor", "ExtraTreeRegressor"]),
    *qualify("sklearn.ensemble", ["RandomForestRegressor", "ExtraTreesRegressor"]),
)


META = (
    *qualify(
        "sklearn.ensemble",
        ["BaggingClassifier", "BaggingRegressor", "AdaBoostClassifier", "AdaBoostRegressor"],
    ),
    "sklearn.calibration.CalibratedClassifierCV",
    "sklearn.linear_model.RANSACRegressor",
)


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


OUTLIER_DETECTORS = ("sklearn.ensemble.IsolationForest", "sklearn.neighbors.LocalOutlierFactor")


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


RULES = [
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import RandomForestClassifier\n"
                "m = RandomForestClassifier(n_estimators=5, max_features='auto').fit(X, y)"
            ),
        ),
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import RandomForestClassifier\n"
                "from sklearn.model_selection import GridSearchCV\n"
                "rf = RandomForestClassifier(n_estimators=5)\n"
                "gs = GridSearchCV(rf, {'max_features': ['auto']}, cv=2).fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.tree import DecisionTreeRegressor\n"
                "DecisionTreeRegressor(criterion='mse').fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import GradientBoostingRegressor\n"
                "GradientBoostingRegressor(loss='ls', n_estimators=5).fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import BaggingClassifier\n"
                "from sklearn.tree import DecisionTreeClassifier\n"
                "BaggingClassifier(base_estimator=DecisionTreeClassifier(), "
                "n_estimators=3).fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "AdaBoostClassifier(algorithm='SAMME', n_estimators=5).fit(X, y)"
            ),
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.tree import DecisionTreeClassifier\n"
                "DecisionTreeClassifier(presort=True).fit(X, y)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.ensemble import AdaBoostClassifier\n"
                "from sklearn.model_selection import GridSearchCV\n"
                "from sklearn.tree import DecisionTreeClassifier\n"
                "m = AdaBoostClassifier(DecisionTreeClassifier(), n_estimators=3)\n"
                "gs = GridSearchCV(m, {'base_estimator__max_depth': [1]}, cv=2, "
                "error_score='raise').fit(X, y)"
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
        proofs=(
            _CASE_SMALL + "from sklearn.ensemble import RandomForestClassifier\n"
            "rf = RandomForestClassifier(n_estimators=3).fit(X, y)\nn = rf.n_features_",
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
        proofs=(
            _CASE_SMALL + "from sklearn.calibration import CalibratedClassifierCV\n"
            "from sklearn.svm import LinearSVC\n"
            "cal = CalibratedClassifierCV(LinearSVC().fit(X, y), cv='prefit').fit(X, y)",
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
]
