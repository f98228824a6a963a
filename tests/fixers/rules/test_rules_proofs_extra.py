"""Proof against the installed libraries beyond the rules' own proofs (``Rule.proofs``,
run by ``test_rules_proofs.py``): rewrites that compute what the old code meant, pins,
and code that only runs inside an IPython shell."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite

from ...proof_cells import run_cell as _run

DATA = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.randn(60, 4)\ny = (X[:, 0] + X[:, 1] > 0).astype(int)\n"
)

MPL = (
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "import tempfile, os\nOUT = os.path.join(tempfile.mkdtemp(), 'f.jpg')\n"
)


@pytest.fixture(autouse=True)
def _pandas_options_restored():
    """Rewrites with every rule add PD060's set_option after `import pandas`; executed here,
    it would change string inference for the rest of the test process."""
    import pandas as pd

    infer = pd.get_option("future.infer_string")
    yield
    pd.set_option("future.infer_string", infer)


def test_rewritten_imputer_and_ix_compute_what_the_old_code_meant() -> None:
    old = (
        DATA + "from sklearn.preprocessing import Imputer\n"
        "df = pd.DataFrame(X, columns=list('abcd'))\ndf.ix[::4, 'b'] = np.nan\n"
        "part = df.ix[5:20, 1:3].as_matrix()\n"
        "filled = Imputer(missing_values='NaN', strategy='mean', axis=0).fit_transform(df)"
    )
    (new,), _ = rewrite(old)
    ns = _run(new)
    np = ns["np"]
    X = ns["X"].copy()
    X[::4, 1] = np.nan
    # .ix on a RangeIndex: rows by label, end inclusive; integer columns by position
    np.testing.assert_array_equal(ns["part"], X[5:21, 1:3])
    expected = np.where(np.isnan(X), np.nanmean(X, axis=0), X)
    np.testing.assert_allclose(ns["filled"], expected)


def test_max_features_auto_meant_sqrt_for_classifiers() -> None:
    code = (
        DATA + "from sklearn.ensemble import RandomForestClassifier as RF\n"
        "a = RF(n_estimators=8, max_features='auto', random_state=1).fit(X, y)\n"
        "b = RF(n_estimators=8, max_features=2, random_state=1).fit(X, y)\n"
        "same = (a.predict_proba(X) == b.predict_proba(X)).all()"
    )
    (new,), _ = rewrite(code, ["SKL006"])
    assert _run(new)["same"]  # sqrt(4) == 2 features per split


PINS = [
    (
        "SKL011",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "m = LogisticRegression().fit(X, y)",
    ),
    ("SKL028", DATA + "from sklearn.cluster import KMeans\nkm = KMeans(2, random_state=0).fit(X)"),
    (
        "SKL030",
        DATA + "from sklearn.manifold import TSNE\nTSNE(perplexity=5).fit_transform(X[:20])",
    ),
    (
        "SKL034",
        DATA + "from sklearn.model_selection import cross_val_score\n"
        "from sklearn.ensemble import RandomForestClassifier\nfrom sklearn.svm import SVC\n"
        "a = cross_val_score(RandomForestClassifier(random_state=0), X, y)\n"
        "b = SVC().fit(X, y)",
    ),
    (
        "SKL035",
        DATA + "from sklearn.linear_model import SGDClassifier\n"
        "m = SGDClassifier(random_state=0).fit(X, y)",
    ),
    ("SKL048", DATA + "from sklearn.svm import LinearSVC\nm = LinearSVC().fit(X, y)"),
    (
        "PD046",
        "import pandas as pd\ndf = pd.DataFrame({'k': pd.Categorical(['a'], ['a', 'b']), "
        "'v': [1]})\nn = len(df.groupby('k').v.sum())",
    ),
]


@pytest.mark.parametrize(("rule_id", "code"), PINS, ids=[r for r, _ in PINS])
def test_pinned_defaults_run(rule_id: str, code: str) -> None:
    (new,), _ = rewrite(code, [rule_id])
    assert new != code
    _run(new)


def test_observed_false_keeps_empty_categories() -> None:
    code = PINS[-1][1]
    (new,), _ = rewrite(code, ["PD046"])
    assert _run(code)["n"] == 1 and _run(new)["n"] == 2


def test_itemfreq_replacement_matches_its_old_output() -> None:
    (new,), _ = rewrite("from scipy.stats import itemfreq\nv = itemfreq([3, 1, 1, 2])", ["SCP009"])
    assert _run(new)["v"].tolist() == [[1, 2], [2, 1], [3, 1]]


def test_axes3d_rewrite_puts_the_axes_on_the_figure() -> None:
    code = MPL + "from mpl_toolkits.mplot3d import Axes3D\nfig = plt.figure()\nax = Axes3D(fig)"
    assert len(_run(code)["fig"].axes) == 0  # the silent change: a blank figure
    (new,), _ = rewrite(code, ["MPL005"])
    assert len(_run(new)["fig"].axes) == 1


# --- IPython: code that only runs inside a shell ------------------------------------------------

_SHELL = (
    "import sys\n"
    "from traitlets.config import Config\n"
    "from IPython.core.interactiveshell import InteractiveShell\n"
    "config = Config()\nconfig.HistoryManager.enabled = False\n"
    "shell = InteractiveShell.instance(config=config)\n"
    "result = shell.run_cell(sys.stdin.read(), silent=True)\n"
    "error = result.error_before_exec or result.error_in_exec\n"
    "print('RESULT', f'{type(error).__name__}: {error}' if error else 'ok')\n"
)


def _run_in_ipython(code: str, home: Path) -> str:
    """``code`` as one cell of a fresh IPython shell (a subprocess: the shell is a process-wide
    singleton and puts get_ipython in builtins); "ok" or the error it raised."""
    env = {**os.environ, "IPYTHONDIR": str(home), "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-c", _SHELL],
        input=code,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")]
    assert lines, done.stdout + done.stderr
    return lines[-1].removeprefix("RESULT ")


def test_ipython_magic_call_runs_as_run_line_magic(tmp_path: Path) -> None:
    """IPY004 on a notebook: the prepass rewrites the removed shell.magic(), the old cell fails
    in today's IPython with an error the rule recognizes, the new one runs the same magics."""
    from mlemodernizer.fixers.rules import RulesFixer

    from ...conftest import make_notebook

    old = (
        "import os\n"
        "get_ipython().magic('env MLEM_PROBE=on')\n"
        "ip = get_ipython()\n"
        "ip.magic(u'%env MLEM_OTHER=1')\n"
        "assert os.environ['MLEM_PROBE'] == 'on' and os.environ['MLEM_OTHER'] == '1'"
    )
    rule = get_rule("IPY004")
    error = _run_in_ipython(old, tmp_path)
    assert error.startswith("AttributeError") and rule.matches_error(error), error
    proposal = RulesFixer().prepass(make_notebook([old]))
    assert proposal is not None and "IPY004" in proposal.rule_ids
    new = proposal.changes[0].new_source
    assert ".magic(" not in new
    assert _run_in_ipython(new, tmp_path) == "ok"


# --- pandas seen in real notebooks ----------------------------------------------------------------

SERIES = "import numpy as np\nimport pandas as pd\nrng = np.random.RandomState(0)\n"


def test_short_option_names_set_the_display_option_they_meant() -> None:
    """PD049: the rewritten option_context really sets display.precision (the repr rounds)."""
    old = (
        "import pandas as pd\nwith pd.option_context('precision', 2):\n"
        "    inside = repr(pd.Series([1.23456]))\n"
        "    meant = pd.get_option('precision')\n"
        "outside = repr(pd.Series([1.23456]))"
    )
    (new,), _ = rewrite(old, ["PD049"])
    ns = _run(new)
    assert ns["meant"] == 2
    assert "1.23" in ns["inside"] and "1.2346" not in ns["inside"]
    assert "1.23456" in ns["outside"]  # the option was scoped, as before


def test_resample_how_aggregates_as_the_old_keyword_did() -> None:
    """PD050 (with PD039 for the 'M' alias): the same numbers as aggregating each bin by hand."""
    old = (
        SERIES + "s = pd.Series(rng.randn(60), index=pd.date_range('2020-01-01', periods=60))\n"
        "mean7 = s.resample('7D', how='mean')\nmax7 = s.resample('7D', how=np.max)\n"
        "monthly = s.resample('M', how='sum')"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old)
    assert "how=" not in new
    ns = _run(new)
    values = ns["s"].to_numpy()
    bins = [values[i : i + 7] for i in range(0, len(values), 7)]
    np = ns["np"]
    np.testing.assert_allclose(ns["mean7"].to_numpy(), [b.mean() for b in bins])
    np.testing.assert_allclose(ns["max7"].to_numpy(), [b.max() for b in bins])
    months = ns["s"].index.month
    expected = [values[months == m].sum() for m in sorted(set(months))]
    np.testing.assert_allclose(ns["monthly"].to_numpy(), expected)


def test_period_frequencies_keep_period_aliases() -> None:
    """PD039 on period calls: 'M' stays (an offset 'ME' is an error for periods), 'H' → 'h',
    'A' → 'Y'; the rewritten periods are the ones the old aliases named."""
    old = (
        SERIES + "s = pd.Series(range(40), index=pd.date_range('2020-01-01', periods=40))\n"
        "starts = s.to_period('M').to_timestamp(freq='H')\n"
        "years = pd.period_range('2015', periods=3, freq='A')"
    )
    (new,), _ = rewrite(old, ["PD039"])
    assert "to_period('M')" in new
    ns = _run(new)
    pd = ns["pd"]
    assert (ns["starts"].index == ns["s"].index.to_period("M").start_time).all()
    assert list(ns["years"].year) == [2015, 2016, 2017]
    assert ns["years"].freqstr == pd.Period("2015", freq="Y").freqstr


def test_asfreq_on_a_period_index_takes_period_aliases() -> None:
    """PD039: quarters.asfreq('A') on a PeriodIndex (handson-ml's tools_pandas) becomes 'Y',
    the annual periods it meant; on an unknown receiver 'A' stays (it could be timestamps)."""
    old = (
        "import pandas as pd\nquarters = pd.period_range('2016Q1', periods=8, freq='Q')\n"
        "years = quarters.asfreq('A')\nother = frame.asfreq('A')"
    )
    (new,), _ = rewrite(old, ["PD039"])
    assert "quarters.asfreq('Y')" in new and "frame.asfreq('A')" in new
    with pytest.raises(ValueError, match="Invalid frequency: A"):
        _run(old.rsplit("\n", 1)[0])
    ns = _run(new.rsplit("\n", 1)[0])
    assert [str(p) for p in ns["years"]] == ["2016"] * 4 + ["2017"] * 4


# --- scikit-learn seen in real notebooks ------------------------------------------------------


def test_old_loss_scorer_names_give_the_negated_loss() -> None:
    """SKL050: scoring='mean_squared_error' returned -MSE (0.18-0.19); the rewrite computes
    exactly that, fold by fold."""
    old = (
        DATA + "from sklearn.linear_model import LinearRegression\n"
        "from sklearn.model_selection import KFold, cross_val_score\n"
        "target = X @ np.array([1.0, 2.0, 0.0, 0.0]) + rng.randn(60)\n"
        "folds = KFold(3)\n"
        "mse = cross_val_score(LinearRegression(), X, target, cv=folds, "
        "scoring='mean_squared_error')"
    )
    with pytest.raises(ValueError):
        _run(old)
    (new,), _ = rewrite(old, ["SKL050"])
    ns = _run(new)
    from sklearn.linear_model import LinearRegression
    from sklearn.metrics import mean_squared_error

    X, target, np = ns["X"], ns["target"], ns["np"]
    by_hand = [
        -mean_squared_error(target[te], LinearRegression().fit(X[tr], target[tr]).predict(X[te]))
        for tr, te in ns["folds"].split(X)
    ]
    np.testing.assert_allclose(ns["mse"], by_hand)
    assert (ns["mse"] < 0).all()


def test_scorers_dict_rewrite_gives_the_names_and_the_scorers() -> None:
    """SKL051 in a notebook: the import of the removed dict goes, its uses become
    get_scorer_names() / get_scorer(name), and the scorer scores like the metric."""
    from mlemodernizer.fixers.rules import RulesFixer

    from ...conftest import make_notebook

    cells = [
        "from sklearn.metrics import SCORERS, accuracy_score",
        DATA + "from sklearn.linear_model import LogisticRegression\n"
        "names = sorted(SCORERS.keys())\nscorer = SCORERS['accuracy']\n"
        "m = LogisticRegression().fit(X, y)\n"
        "same = scorer(m, X, y) == accuracy_score(y, m.predict(X))",
    ]
    with pytest.raises(ImportError) as info:
        _run(cells[0])
    assert get_rule("SKL051").matches_error(f"{info.type.__name__}: {info.value}")
    proposal = RulesFixer().prepass(make_notebook(cells))
    assert proposal is not None and "SKL051" in proposal.rule_ids
    new = list(cells)
    for change in proposal.changes:
        new[change.cell_index] = change.new_source
    assert "SCORERS" not in "\n".join(new)
    ns = _run("\n".join(new))
    assert ns["names"] == sorted(ns["names"]) and "accuracy" in ns["names"]
    assert "neg_mean_squared_error" in ns["names"]
    assert ns["same"]


def test_log_scale_keywords_reach_the_axis_they_named() -> None:
    """MPL015: the rewritten keywords configure the same scales the old ones named."""
    code = (
        MPL + "fig, (a, b, c) = plt.subplots(1, 3)\n"
        "a.semilogx([1, 10], [1, 2], basex=2)\n"
        "b.set_yscale('symlog', linthreshy=0.5, subsy=[2, 5])\n"
        "c.loglog([1, 10], [1, 10], basex=3, basey=3)"
    )
    (new,), _ = rewrite(code, ["MPL015"])
    assert "basex" not in new and "basey" not in new
    ns = _run(new)
    a, b, c = ns["a"], ns["b"], ns["c"]
    assert a.get_xscale() == "log" and a.xaxis.get_transform().base == 2
    assert a.get_yscale() == "linear"
    assert b.get_yscale() == "symlog" and b.yaxis.get_transform().linthresh == 0.5
    assert c.xaxis.get_transform().base == 3 and c.yaxis.get_transform().base == 3
    ns["plt"].close("all")


def test_keyword_only_rewrite_keeps_what_each_positional_argument_meant() -> None:
    """SKL052: KFold(5, True, 7) meant shuffle=True, random_state=7 and validation_curve's
    4th and 5th arguments were param_name and param_range: the same folds, the same curve."""
    old = (
        DATA + "from sklearn.model_selection import KFold, validation_curve\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "kf = KFold(4, True, 7)\n"
        "tr, te = validation_curve(DecisionTreeClassifier(random_state=0), X, y, 'max_depth', "
        "[1, 3], cv=kf)"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old, ["SKL052"])
    ns = _run(new)
    from sklearn.model_selection import KFold
    from sklearn.tree import DecisionTreeClassifier

    X, y, np = ns["X"], ns["y"], ns["np"]
    folds = list(KFold(n_splits=4, shuffle=True, random_state=7).split(X))
    got = [te for _, te in ns["kf"].split(X)]
    assert all((a == b).all() for a, (_, b) in zip(got, folds, strict=True))
    assert [list(b) for _, b in folds] != [list(b) for _, b in KFold(4).split(X)]  # shuffled
    by_hand = [
        [
            DecisionTreeClassifier(random_state=0, max_depth=d)
            .fit(X[tr], y[tr])
            .score(X[te], y[te])
            for tr, te in folds
        ]
        for d in (1, 3)
    ]
    np.testing.assert_allclose(ns["te"], by_hand)


def test_keyword_only_leaves_the_old_data_first_splitter_to_skl002() -> None:
    old = "from sklearn.model_selection import StratifiedKFold\nskf = StratifiedKFold(y, 4, True)"
    (new,), _ = rewrite(old, ["SKL052"])
    assert new == old


def test_bare_resample_used_as_a_series_meant_its_mean() -> None:
    """PD051: pandas 0.18-0.25 ran the old default aggregation (mean) when a Series method was
    reached on a bare resampler; the rewrite gives those bin means."""
    old = (
        "import pandas as pd\n"
        "s = pd.Series([1.0, 3.0, 5.0, 7.0, 9.0, 20.0], "
        "index=pd.date_range('2020', periods=6, freq='h'))\n"
        "r = s.resample('2h')\nbins = r.values\nfirst = s.resample('3h').head(1)"
    )
    with pytest.raises(AttributeError):
        _run(old)
    (new,), _ = rewrite(old, ["PD051"])
    ns = _run(new)
    assert list(ns["bins"]) == [2.0, 6.0, 14.5]
    assert list(ns["first"]) == [3.0]


def test_grid_scores_listcomp_and_fields_read_the_same_numbers_from_cv_results() -> None:
    """SKL033: the mean scores and parameters old tutorials pulled out of grid_scores_ come from
    cv_results_, and equal what each candidate scores under the same folds."""
    old = (
        DATA + "from sklearn.model_selection import GridSearchCV, KFold\n"
        "from sklearn.neighbors import KNeighborsClassifier\n"
        "grid = GridSearchCV(KNeighborsClassifier(), {'n_neighbors': [1, 5, 9]}, cv=KFold(3))\n"
        "grid.fit(X, y)\n"
        "means = [result.mean_validation_score for result in grid.grid_scores_]\n"
        "first = grid.grid_scores_[0].parameters"
    )
    with pytest.raises(AttributeError, match="grid_scores_"):
        _run(old)
    (new,), _ = rewrite(old, ["SKL033"])
    assert "grid_scores_" not in new
    ns = _run(new)
    from sklearn.model_selection import KFold, cross_val_score
    from sklearn.neighbors import KNeighborsClassifier

    X, y, np = ns["X"], ns["y"], ns["np"]
    by_hand = [
        cross_val_score(KNeighborsClassifier(n_neighbors=k), X, y, cv=KFold(3)).mean()
        for k in (1, 5, 9)
    ]
    assert isinstance(ns["means"], list)
    np.testing.assert_allclose(ns["means"], by_hand)
    assert ns["first"] == {"n_neighbors": 1}

    # a cell that only showed grid.grid_scores_ shows the same columns of cv_results_
    (shown,), _ = rewrite("grid.grid_scores_", ["SKL033"])
    table = eval(shown.splitlines()[-1], {**ns, "pd": __import__("pandas")})
    assert list(table.columns) == ["params", "mean_test_score", "std_test_score"]
    np.testing.assert_allclose(table["mean_test_score"], by_hand)


# --- pandas 0.x seen in 2015-2019 notebooks ---------------------------------------------------

HEALTH = (
    "import numpy as np\nimport pandas as pd\n"
    "rows = pd.MultiIndex.from_product([[2013, 2014], [1, 2]], names=['year', 'visit'])\n"
    "cols = pd.MultiIndex.from_product([['Bob', 'Sue'], ['HR', 'Temp']], names=['who', 'type'])\n"
    "health = pd.DataFrame(np.arange(16.0).reshape(4, 4), index=rows, columns=cols)\n"
)


def test_level_reductions_group_by_the_level_they_named() -> None:
    """PD056: mean(level=) is groupby(level=).mean(); with axis=1 the columns are grouped."""
    old = (
        HEALTH + "by_year = health.mean(level='year')\nby_type = by_year.mean(axis=1, level='type')"
    )
    with pytest.raises(TypeError):
        _run(old)
    (new,), _ = rewrite(old, ["PD056"])
    ns = _run(new)
    values = np.arange(16.0).reshape(4, 4)
    year = (values[:2].mean(axis=0), values[2:].mean(axis=0))  # 2013, 2014
    np.testing.assert_allclose(ns["by_year"].to_numpy(), np.vstack(year))
    hr = np.vstack(year)[:, [0, 2]].mean(axis=1)  # Bob/HR and Sue/HR
    np.testing.assert_allclose(ns["by_type"]["HR"].to_numpy(), hr)


def test_join_axes_keeps_the_first_frames_columns() -> None:
    """PD057: concat(join_axes=[a.columns]) kept a's columns (outer-joined rows, NaN filled)."""
    old = (
        "import pandas as pd\na = pd.DataFrame({'A': [1], 'B': [2], 'C': [3]})\n"
        "b = pd.DataFrame({'B': [4], 'C': [5], 'D': [6]})\n"
        "c = pd.concat([a, b], join_axes=[a.columns])"
    )
    (new,), _ = rewrite(old, ["PD057"])
    c = _run(new)["c"]
    assert list(c.columns) == ["A", "B", "C"]
    assert c["B"].tolist() == [2, 4] and c["A"].isna().tolist() == [False, True]


def test_categories_assignment_renames_the_categories() -> None:
    old = (
        "import pandas as pd\n"
        "df = pd.DataFrame({'c': pd.Series(['a', 'b', 'a']).astype('category')})\n"
        "df['c'].cat.categories = ['x', 'y']"
    )
    (new,), _ = rewrite(old, ["PD052"])
    assert _run(new)["df"]["c"].tolist() == ["x", "y", "x"]


# --- scikit-learn 0.x seen in 2015-2019 notebooks ---------------------------------------------


def test_old_gmm_code_computes_per_sample_densities_on_a_column() -> None:
    """SKL040 + SKL054: GMM(2).fit(x) on 1-D x, np.exp(gmm.score(xs)) (per-sample then),
    covars_ and score_samples(x)[0] become a GaussianMixture on a column with today's names."""
    old = (
        "import numpy as np\nfrom sklearn.mixture import GMM\n"
        "rng = np.random.RandomState(0)\nx = np.concatenate([rng.normal(0, 1, 200), "
        "rng.normal(5, 1, 200)])\n"
        "clf = GMM(2, n_iter=100, random_state=0).fit(x)\nxs = np.linspace(-3, 8, 50)\n"
        "density = np.exp(clf.score(xs))\nvar = clf.covars_\nll = clf.score_samples(x)[0]"
    )
    with pytest.raises(ImportError) as info:
        _run(old)
    assert get_rule("SKL054").matches_error(f"ImportError: {info.value}")
    (new,), _ = rewrite(old, ["SKL040", "SKL054"])
    ns = _run(new)
    from sklearn.mixture import GaussianMixture

    ref = GaussianMixture(2, max_iter=100, random_state=0, covariance_type="diag")
    ref.fit(ns["x"][:, None])
    np.testing.assert_allclose(ns["density"], np.exp(ref.score_samples(ns["xs"][:, None])))
    np.testing.assert_allclose(ns["var"], ref.covariances_)
    assert ns["ll"].shape == (400,)


def test_coef_row_zero_is_the_same_element_for_either_shape() -> None:
    """SKL055: coef_.ravel()[j] equals coef_[0][j] on a 2-D coef_ (LogisticRegression) and is
    the coefficient on today's 1-D one (Ridge with a 2-D y)."""
    code = (
        DATA + "from sklearn.linear_model import LogisticRegression, Ridge\n"
        "log = LogisticRegression().fit(X, y)\nridge = Ridge().fit(X[:, :1], y[:, None])\n"
        "a = log.coef_[0][1]\nb = ridge.coef_[0][0]"
    )
    (new,), _ = rewrite(code, ["SKL055"])
    ns = _run(new)
    assert ns["a"] == ns["log"].coef_[0, 1]
    assert ns["b"] == ns["ridge"].coef_[0]


def test_old_learning_curve_positionals_keep_their_meaning() -> None:
    """SKL003 + SKL052: sklearn.learning_curve.learning_curve(m, X, y, sizes, cv) had no groups
    parameter: the sizes stay train_sizes (not groups) in model_selection."""
    old = (
        DATA + "from sklearn.learning_curve import learning_curve\n"
        "from sklearn.tree import DecisionTreeClassifier\n"
        "sizes = np.linspace(0.2, 1.0, 3)\n"
        "n, tr, te = learning_curve(DecisionTreeClassifier(random_state=0), X, y, sizes, 3)"
    )
    (new,), _ = rewrite(old, ["SKL003", "SKL052"])
    assert "train_sizes=sizes" in new and "groups" not in new
    assert list(_run(new)["n"]) == [8, 24, 40]


def test_integer_row_slice_on_a_label_index_takes_positions() -> None:
    """PD059: what .ix[:2, :'a'] gave on a string index: the first two rows."""
    old = (
        "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3], 'b': [4, 5, 6]}, "
        "index=['x', 'y', 'z'])\nv = df.loc[:2, :'a']"
    )
    (new,), _ = rewrite(old, ["PD059"])
    v = _run(new)["v"]
    assert list(v.index) == ["x", "y"] and list(v.columns) == ["a"]


def test_object_strings_take_what_the_str_dtype_refuses() -> None:
    """PD060: the str dtype refuses fill_value=0; with future.infer_string off the column is
    object again and the missing row gets 0, as before pandas 3."""
    import pandas as pd

    old = (
        "import pandas as pd\ndf = pd.DataFrame({'state': ['Ohio', 'Nevada'], 'pop': [1.5, 2.4]})\n"
        "v = df.reindex(range(3), fill_value=0)"
    )
    with pytest.raises(TypeError) as info:
        _run(old)
    assert get_rule("PD060").matches_error(f"TypeError: {info.value}")
    (new,), _ = rewrite(old, ["PD060"])
    namespace: dict = {}
    with warnings.catch_warnings(record=True) as caught:  # as the kernel shows them
        warnings.simplefilter("always")
        exec(compile(new, "<cell>", "exec"), namespace)
    v = namespace["v"]
    assert not pd.get_option("future.infer_string")  # restored after the test by the fixture
    assert v["state"].tolist() == ["Ohio", "Nevada", 0]
    # the option's own deprecation (pandas 3.1) is not a warning the author's run showed
    assert not [w for w in caught if "infer_string" in str(w.message)]


def test_old_arma_code_fits_the_model_it_described() -> None:
    """SM001: ARMA(y, order=(2, 2)).fit(trend='nc', disp=-1), removed in statsmodels 0.13,
    becomes an ARIMA of order (2, 0, 2) with no constant; the same model as written by hand."""
    pytest.importorskip("statsmodels")
    old = (
        "import numpy as np\nimport statsmodels.api as sm\n"
        "from statsmodels.tsa.arima_process import arma_generate_sample\n"
        "np.random.seed(12345)\n"
        "y = arma_generate_sample(np.r_[1, -0.75, 0.25], np.r_[1, 0.65, 0.35], 250)\n"
        "arma_mod = sm.tsa.ARMA(y, order=(2, 2))\n"
        "arma_res = arma_mod.fit(trend='nc', disp=-1)\n"
        "params = arma_res.params"
    )
    with pytest.raises(AttributeError) as info:
        _run(old)
    assert get_rule("SM001").matches_error(f"AttributeError: {info.value}")
    (new,), _ = rewrite(old, ["SM001"])
    assert "trend='n'" in new and "disp" not in new
    ns = _run(new)
    from statsmodels.tsa.arima.model import ARIMA

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = ARIMA(ns["y"], order=(2, 0, 2), trend="n").fit()
    # no constant among the estimates: two AR, two MA terms and the innovation variance
    assert list(ns["arma_res"].model.param_names) == ["ar.L1", "ar.L2", "ma.L1", "ma.L2", "sigma2"]
    np.testing.assert_allclose(ns["params"], ref.params)


def test_long_frames_show_the_rows_the_authors_pandas_showed() -> None:
    """PD063 and PD064 change what is shown, never a value: with the stored outputs of a
    pre-1.0 notebook, a 100-row frame shows 60 rows again and `df.index.day` all its days."""
    import pandas as pd

    code = (
        "import pandas as pd\n"
        "df = pd.DataFrame({'a': range(100)}, index=pd.date_range('2012-01-01', periods=100))\n"
        "# %%\n"
        "df.index.day"
    )
    days, _ = rewrite(code, ["PD064"], stored_result=get_rule("PD064").stored_result)
    frame, _ = rewrite(code, ["PD063"], stored_result=get_rule("PD063").stored_result)
    before = pd.get_option("display.min_rows")
    try:
        ns = _run(frame[0])
        shown = repr(ns["df"]).splitlines()
        assert sum(line.startswith("2012-") for line in shown) == 60  # was 10
    finally:
        pd.set_option("display.min_rows", before)
    ns = _run(days[0])
    value = eval(days[1], ns)  # the cell's shown result
    assert repr(value).startswith("array([") and "..." not in repr(value)
    assert list(value) == list(ns["df"].index.day)


def test_estimators_show_every_parameter_as_the_authors_sklearn_did() -> None:
    """SKL058: with a stored full repr, the rewritten notebook shows defaults again."""
    import sklearn

    rule = get_rule("SKL058")
    cells, _ = rewrite(rule.examples[0][0], ["SKL058"], stored_result=rule.stored_result)
    try:
        ns = _run(cells[0])
        shown = repr(eval(cells[1], ns))
    finally:
        sklearn.set_config(print_changed_only=True)
    assert "class_weight=None" in shown and "tol=0.0001" in shown and "solver='liblinear'" in shown
