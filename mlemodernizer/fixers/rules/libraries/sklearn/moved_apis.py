"""scikit-learn's moved and removed modules and functions: sklearn.externals, private modules,
plotting functions, data set loaders, linear_assignment_.
"""

from __future__ import annotations

import libcst as cst

from ...helpers import cannot_import, no_module, pin_default
from ...matchers import Call, Module, Outcome, Site, Symbol
from ...model import MANUAL, REVIEW, SAFE, Rule
from ._shared import _CASE_DATA, _CASE_MPL, _CASE_SMALL, LIB, NOTES, _notes

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


LINEAR_ASSIGNMENT = "sklearn.utils.linear_assignment_.linear_assignment"


def _assignment_pairs(site: Site) -> Outcome | None:
    """The old function returned the (row, column) pairs as one (n, 2) array; scipy's returns
    the rows and the columns: ``np.transpose`` of it is the old array."""
    return Outcome(
        fix=lambda node, refs: cst.Call(func=refs["numpy.transpose"], args=[cst.Arg(node)]),
        needs=("numpy.transpose",),
        outer=True,
    )


RULES = [
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
        proofs=("from sklearn.externals import joblib\nv = joblib.hash([1])",),
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
        proofs=(
            _CASE_DATA
            + (
                "import matplotlib\nmatplotlib.use('Agg')\n"
                "from sklearn.linear_model import LogisticRegression\n"
                "from sklearn.metrics import plot_confusion_matrix\n"
                "plot_confusion_matrix(LogisticRegression().fit(X, y), X, y)"
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
        proofs=(
            "from sklearn.ensemble.forest import RandomForestClassifier",
            "from sklearn.metrics.scorer import make_scorer\nimport sklearn.tree.tree as t",
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
        proofs=("from sklearn.ensemble.partial_dependence import partial_dependence",),
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
        proofs=(_CASE_DATA + "from sklearn.lda import LDA\nLDA().fit(X, y)",),
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
        proofs=(
            _CASE_SMALL + _CASE_MPL + "from sklearn.ensemble import GradientBoostingRegressor\n"
            "from sklearn.inspection import plot_partial_dependence\n"
            "m = GradientBoostingRegressor(n_estimators=5).fit(X, X[:, 0])\n"
            "d = plot_partial_dependence(m, X, [0])",
            _CASE_SMALL + _CASE_MPL + "from sklearn.linear_model import LogisticRegression\n"
            "from sklearn.metrics import plot_det_curve\n"
            "d = plot_det_curve(LogisticRegression().fit(X, y), X, y)",
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
        proofs=(
            "import numpy as np\nfrom sklearn.utils.linear_assignment_ import linear_assignment\n"
            "pairs = linear_assignment(np.array([[4, 1], [2, 8]]))",
        ),
    ),
]
