"""scikit-learn: arguments that had no effect and were removed (0.22-1.3)."""

from __future__ import annotations

from ... import edits
from ...helpers import kwarg_drop, qualify, unexpected_kwarg
from ...matchers import MISSING, Call, Outcome, Site
from ...model import SAFE, Rule
from ._shared import _CASE_SMALL, LIB, NOTES, _notes


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


RULES = [
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
        proofs=(
            _CASE_SMALL + "from sklearn.ensemble import IsolationForest\n"
            "p = IsolationForest(behaviour='new', random_state=0).fit(X).predict(X)",
            _CASE_SMALL
            + "from sklearn.svm import OneClassSVM\nm = OneClassSVM(random_state=0).fit(X)",
            _CASE_SMALL + "from sklearn.decomposition import SparsePCA\n"
            "m = SparsePCA(2, normalize_components=True, random_state=0).fit(X)",
            "from sklearn.metrics import auc\na = auc([0, 0.5, 1], [0, 0.8, 1], reorder=False)",
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
        proofs=(
            _CASE_SMALL + "from sklearn.impute import SimpleImputer\n"
            "v = SimpleImputer(strategy='median', verbose=0).fit_transform(X)",
            _CASE_SMALL + "from sklearn.manifold import TSNE\n"
            "e = TSNE(n_components=2, perplexity=5, square_distances=True, random_state=0)"
            ".fit_transform(X)",
            _CASE_SMALL + "from sklearn.calibration import calibration_curve\n"
            "t, p = calibration_curve(y, X[:, 0], normalize=False, n_bins=3)",
        ),
    ),
]
