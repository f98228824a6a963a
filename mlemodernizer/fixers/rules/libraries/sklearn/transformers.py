"""scikit-learn's transformer API: get_feature_names(), transform(X, threshold=) and
transform(X, y).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import object_no_attribute, qualify
from ...matchers import Call, Outcome, Site
from ...model import SAFE_IF, Rule
from ._shared import _CASE_SMALL, BOOSTING_TREES, FORESTS, KMEANS, LIB, NOTES, _comma, _notes


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
        proofs=(
            "from sklearn.feature_extraction.text import CountVectorizer\n"
            "vec = CountVectorizer()\nvec.fit(['a cat', 'a dog'])\n"
            "names = vec.get_feature_names()",
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
        proofs=(
            "import numpy as np\nfrom sklearn.ensemble import RandomForestClassifier\n"
            "from sklearn.svm import LinearSVC\n"
            "rng = np.random.RandomState(0)\nX = rng.rand(80, 8)\n"
            "y = (X[:, 0] + X[:, 1] > 1).astype(int)\ny3 = (3 * X[:, 2]).astype(int)\n"
            "rf = RandomForestClassifier(n_estimators=20, random_state=0)\nrf.fit(X, y)\n"
            "X_rf = rf.transform(X)\nX_med = rf.transform(X, 'median')\n"
            "lr = LinearSVC(penalty='l1', C=0.05, dual=False).fit(X, y3)\n"
            "X_l1 = lr.transform(X)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.decomposition import PCA\n"
            "pca = PCA(n_components=2).fit(X)\nZ = pca.transform(X, y)",
        ),
    ),
]
