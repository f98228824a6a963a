"""scikit-learn preprocessing: Imputer, OneHotEncoder, FunctionTransformer, KBinsDiscretizer,
StandardScaler.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import (
    cannot_import,
    kwarg_rename,
    object_no_attribute,
    pin_default,
    unexpected_kwarg,
)
from ...matchers import MISSING, NOT_LITERAL, Attr, Call, Outcome, Site, Symbol
from ...model import REVIEW, SAFE, SAFE_IF, Rule
from ._shared import _CASE_DATA, _CASE_SMALL, LIB, NOTES, _comma, _notes, _rename_attr_to

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


def _not_quantile(site: Site) -> bool:
    return site.value("strategy", 2) not in (MISSING, "quantile")


STANDARD_SCALER = ("sklearn.preprocessing.StandardScaler",)


RULES = [
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.preprocessing import Imputer, StandardScaler\n"
                "X[::5, 1] = np.nan\n"
                "v = Imputer(missing_values='NaN', strategy='mean', axis=0).fit_transform(X)"
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
        proofs=(
            _CASE_DATA
            + (
                "from sklearn.preprocessing import OneHotEncoder\n"
                "Z = np.c_[y, X]\nv = OneHotEncoder(categorical_features=[0]).fit_transform(Z)"
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
        proofs=(
            _CASE_DATA
            + "from sklearn.preprocessing import OneHotEncoder\nOneHotEncoder(sparse=False)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.preprocessing import StandardScaler\n"
            "Xc = np.c_[X, np.ones(40)]\nsc = StandardScaler().fit(Xc)\ns = sc.std_",
        ),
    ),
]
