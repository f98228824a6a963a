"""The scikit-learn rules added from the release notes (issue 25), proven against the installed
library: their proofs (old code that raises today with an error the rule's own signature
recognizes, rewritten code that runs) live in the rules' ``proofs=`` and run in the shared
test (``test_rules_proofs.py``); here, what the rewritten code computes, where that can be
checked, and the pinned defaults."""

from __future__ import annotations

import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite

from ...proof_cells import run_cell as _run

pytest.importorskip("sklearn")

DATA = (
    "import numpy as np\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.rand(40, 3)\ny = np.array([0, 1] * 20)\ny3 = np.array([0, 1, 2, 3] * 10)\n"
)


def _case(rule_id: str, i: int = 0) -> str:
    """The old code of ``rule_id``'s ``i``-th proof (its rule's ``proofs=``)."""
    return get_rule(rule_id).proof_cases[i].code


def test_fetch_openml_signature_names_the_dataframe_errors() -> None:
    """SKL064 (fetch_openml needs the network): what mnist['data'][0] raises on the DataFrame
    fetch_openml returns today is an error the rule's signatures recognize."""
    import pandas as pd

    frame = pd.DataFrame({"pixel1": [0.0, 1.0]})
    with pytest.raises(KeyError) as info:
        frame[0]
    assert get_rule("SKL064").matches_error(f"KeyError: {info.value}")
    with pytest.raises(AttributeError) as info2:
        frame.iloc[0].reshape(1, 1)
    assert get_rule("SKL064").matches_error(f"AttributeError: {info2.value}")


def test_rfecv_scores_are_the_mean_test_scores_per_feature_count() -> None:
    code = _case("SKL065")
    (new,), _ = rewrite(code, ["SKL065"])
    assert _run(new)["n"] == 3  # one mean CV score per number of features kept, as before


def test_linear_assignment_rewrite_returns_the_old_pairs() -> None:
    code = _case("SKL082")
    (new,), _ = rewrite(code, ["SKL082"])
    assert _run(new)["pairs"].tolist() == [[0, 1], [1, 0]]  # an (n, 2) array of pairs


def test_prefit_calibration_keeps_the_fitted_model() -> None:
    """SKL081: the frozen model is not refitted, and one calibrator is fitted on all the data,
    as cv='prefit' did."""
    code = _case("SKL081")
    (new,), _ = rewrite(code, ["SKL081"])
    cal = _run(new)["cal"]
    assert len(cal.calibrated_classifiers_) == 1


PINS = [
    (
        "SKL076",
        "import numpy as np\nfrom sklearn.decomposition import LatentDirichletAllocation\n"
        "X = np.random.RandomState(0).randint(0, 4, (20, 6))\n"
        "lda = LatentDirichletAllocation(n_components=2, random_state=0).fit(X)",
    ),
    (
        "SKL077",
        DATA + "from sklearn.ensemble import IsolationForest\n"
        "from sklearn.neighbors import LocalOutlierFactor\n"
        "flags = IsolationForest(random_state=0).fit(X).predict(X)\n"
        "lof = LocalOutlierFactor(n_neighbors=5).fit_predict(X)",
    ),
    (
        "SKL078",
        DATA + "from sklearn.cluster import MiniBatchKMeans\n"
        "m = MiniBatchKMeans(n_clusters=2, n_init=3, random_state=0).fit(X)",
    ),
    (
        "SKL079",
        "import numpy as np\nimport pandas as pd\n"
        "from sklearn.preprocessing import FunctionTransformer\n"
        "df = pd.DataFrame({'a': [1.0, 2.0], 'b': [3.0, 4.0]})\n"
        "out = FunctionTransformer(lambda A: A[:, 0:1]).fit_transform(df)",
    ),
    (
        "SKL080",
        DATA + "from sklearn.preprocessing import KBinsDiscretizer\n"
        "kb = KBinsDiscretizer(n_bins=4, encode='ordinal').fit(X)",
    ),
    (
        "SKL090",
        DATA + "from sklearn.decomposition import FastICA\n"
        "S = FastICA(n_components=2, random_state=0).fit_transform(X)",
    ),
    (
        "SKL092",
        DATA + "from sklearn.dummy import DummyClassifier\n"
        "p = DummyClassifier(random_state=0).fit(X, y).predict(X)",
    ),
    (
        "SKL093",
        DATA + "from sklearn.decomposition import NMF\n"
        "nmf = NMF(n_components=2, max_iter=1000)\nW = nmf.fit_transform(X)",
    ),
]


@pytest.mark.parametrize(("rule_id", "code"), PINS, ids=[r for r, _ in PINS])
def test_pinned_defaults_run(rule_id: str, code: str) -> None:
    (new,), _ = rewrite(code, [rule_id])
    assert new != code
    _run(new)


def test_pinned_contamination_flags_a_tenth_of_the_samples() -> None:
    (new,), _ = rewrite(PINS[1][1], ["SKL077"])
    ns = _run(new)
    assert (ns["flags"] == -1).sum() == 4 and (ns["lof"] == -1).sum() == 4  # 10% of 40


def test_pinned_validate_hands_the_function_an_array() -> None:
    code = PINS[3][1]
    import pandas as pd

    with pytest.raises(pd.errors.InvalidIndexError):
        _run(code)  # the DataFrame reaches the function today: df[:, 0:1] is refused
    (new,), _ = rewrite(code, ["SKL079"])
    assert _run(new)["out"].tolist() == [[1.0], [2.0]]


def test_pinned_quantile_method_gives_numpy_percentile_edges() -> None:
    (new,), _ = rewrite(PINS[4][1], ["SKL080"])
    ns = _run(new)
    np, X = ns["np"], ns["X"]
    edges = ns["kb"].bin_edges_[0]
    assert np.allclose(edges, np.percentile(X[:, 0], [0, 25, 50, 75, 100]))


def test_bayesian_ridge_max_iter_caps_the_iterations_as_n_iter_did() -> None:
    (new,), _ = rewrite(_case("SKL084"), ["SKL084"])
    ns = _run(new)
    assert ns["br"].n_iter_ == 1 and ns["ard"].n_iter_ == 1  # the default would run on


def test_scale_is_what_std_was_constant_feature_included() -> None:
    """0.16's std_: the per-feature standard deviation, a zero replaced by 1.0."""
    (new,), _ = rewrite(_case("SKL085"), ["SKL085"])
    ns = _run(new)
    np, X = ns["np"], ns["X"]
    assert np.allclose(ns["s"], np.r_[X.std(axis=0), 1.0])


def test_group_kfold_makes_the_label_folds_of_old() -> None:
    """0.17's LabelKFold: three folds by default, the labels by decreasing size, each to the
    lightest fold (sizes 6..1: {0, 5}, {1, 4}, {2, 3}); no ties, so the order is fixed."""
    code = _case("SKL086")
    (new,), _ = rewrite(code, ["SKL086"])
    assert [[int(v) for v in t] for t in _run(new)["tests"]] == [[0, 5], [1, 4], [2, 3]]


def test_group_shuffle_split_keeps_the_old_test_size_and_pairs() -> None:
    """LabelShuffleSplit kept test_size=0.2 (2 of 10 labels) beside a train_size; LeavePLabelOut
    left out every pair of the 10 labels."""
    code = _case("SKL086", 1)
    (new,), _ = rewrite(code, ["SKL086"])
    ns = _run(new)
    assert ns["n_test"] == [2, 2, 2, 2] and ns["n_pairs"] == 45


def test_naive_bayes_coef_is_what_0_23_returned() -> None:
    """0.23's BaseDiscreteNB: for two classes only the second class's log probabilities (one
    row, one intercept); for more, every class's."""
    (new,), _ = rewrite(_case("SKL087"), ["SKL087"])
    ns = _run(new)
    nb, bb = ns["nb"], ns["bb"]
    assert ns["c2"].shape == (1, 3) and ns["b2"].shape == (1,)
    assert (ns["c2"][0] == nb.feature_log_prob_[1]).all() and ns["b2"][0] == nb.class_log_prior_[1]
    assert ns["c4"].shape == (4, 3) and (ns["b4"] == bb.class_log_prior_).all()


def test_select_from_model_keeps_the_features_the_mixin_kept() -> None:
    """The 0.16 mixin: importances (feature_importances_, or |coef_| summed over the classes)
    at least the threshold: the mean, the median when asked, 1e-5 under an L1 penalty."""
    (new,), _ = rewrite(_case("SKL088"), ["SKL088"])
    ns = _run(new)
    np, X = ns["np"], ns["X"]
    imp = ns["rf"].feature_importances_
    assert np.array_equal(ns["X_rf"], X[:, imp >= imp.mean()])
    assert np.array_equal(ns["X_med"], X[:, imp >= np.median(imp)])
    l1 = np.abs(ns["lr"].coef_).sum(axis=0)
    assert 0 < ns["X_l1"].shape[1] < 8  # the L1 model dropped some features, not all
    assert np.array_equal(ns["X_l1"], X[:, l1 >= 1e-5])


def test_arbitrary_variance_is_what_whiten_true_gave() -> None:
    """Before 1.1 (whiten=True, the default) the sources came out with standard deviation
    1/sqrt(n_samples), not 1: both the rewrite of True and the pinned default give that."""
    (new,), _ = rewrite(_case("SKL089"), ["SKL089"])
    (pinned,), _ = rewrite(PINS[-3][1], ["SKL090"])
    for code in (new, pinned):
        ns = _run(code)
        np = ns["np"]
        assert np.allclose(ns["S"].std(axis=0), 1 / np.sqrt(40))
    assert np.allclose(_run(PINS[-3][1])["S"].std(axis=0), 1.0)  # today's default differs


def test_transform_without_y_is_what_transform_x_y_gave() -> None:
    """y was ignored: StandardScaler today would take it as copy (and refuse an array)."""
    code = DATA + (
        "from sklearn.preprocessing import StandardScaler\n"
        "sc = StandardScaler().fit(X)\nZ = sc.transform(X, y)"
    )
    with pytest.raises(ValueError):
        _run(code)
    (new,), _ = rewrite(code, ["SKL091"])
    ns = _run(new)
    np, X = ns["np"], ns["X"]
    assert np.allclose(ns["Z"], (X - X.mean(axis=0)) / X.std(axis=0))


def test_pinned_stratified_dummy_draws_both_classes() -> None:
    """'stratified' draws each prediction from the class frequencies; today's 'prior' default
    always predicts the most frequent class."""
    assert len(set(_run(PINS[-2][1])["p"])) == 1
    (new,), _ = rewrite(PINS[-2][1], ["SKL092"])
    p = _run(new)["p"]
    assert set(p) == {0, 1} and 10 < (p == 1).sum() < 30


def test_pinned_nmf_init_starts_where_none_did_before_1_1() -> None:
    """With 2 components of 40 x 3 data, init=None meant 'nndsvd' until 1.0 ('nndsvda' since):
    the pinned model starts there, so it ends where an explicit init='nndsvd' does."""
    code = PINS[-1][1]
    (new,), _ = rewrite(code, ["SKL093"])
    pinned, today = _run(new), _run(code)
    explicit = _run(code.replace("NMF(n_components=2,", "NMF(n_components=2, init='nndsvd',"))
    np = pinned["np"]
    assert np.allclose(pinned["W"], explicit["W"])
    assert not np.allclose(pinned["W"], today["W"])
