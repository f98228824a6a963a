"""scikit-learn: moved modules, removed classes and parameters, changed defaults (catalogue §3)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from . import edits
from .helpers import (
    cannot_import,
    invalid_param,
    kwarg_value,
    no_module,
    qualify,
    unexpected_kwarg,
)
from .matchers import MISSING, NOT_LITERAL, Call, Module, Outcome, Site, Symbol
from .model import REVIEW, SAFE, Rule

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
    if not pos or site.has_star():
        return None
    old_module = qname.startswith("sklearn.cross_validation.")
    old_kwargs = count and site.kwarg(count) is not None
    if not old_module and not old_kwargs and (first == "n" or literal_int(pos[0].value)):
        return None  # KFold(5) is the new API's n_splits
    if len(pos) > 1 + len(names):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        node = edits.positional_to_keywords(node, names, start=1)
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
]
