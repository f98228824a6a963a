"""Proof against the installed libraries: the old code raises today, with an error that the rule's
own signature recognizes, and the rewritten code runs (and computes the same where it can)."""

from __future__ import annotations

import warnings
from importlib import metadata

import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite
from mlemodernizer.fixers.rules.versions import at_least

DATA = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.randn(60, 4)\ny = (X[:, 0] + X[:, 1] > 0).astype(int)\n"
)

# (rule id, old code): each snippet runs on the library versions it was written for
CASES = [
    ("NPY001", "import numpy as np\nv = np.zeros(2, dtype=np.float)\nw = np.int(2.5)"),
    ("NPY003", "import numpy as np\nv = np.zeros(2).astype(np.int0)"),
    ("NPY004", "import numpy as np\nv = np.asscalar(np.array([2.0]))"),
    ("NPY005", "import numpy as np\na = np.zeros(3)\nv = np.alen(a)"),
    ("NPY006", "import numpy as np\nv = np.NaN"),
    ("NPY006", "from numpy import NaN\nv = [NaN]"),
    ("NPY007", "import numpy as np\nv = (np.Inf, np.NINF, np.PZERO, np.infty)"),
    ("NPY008", "import numpy as np\nv = np.zeros(2, dtype=np.float_)"),
    ("NPY009", "import numpy as np\nv = np.array(['a']).astype(np.unicode_)"),
    ("NPY010", "import numpy as np\nv = np.product([1, 2, 3])"),
    ("NPY011", "import numpy as np\nv = np.mat([[1, 2], [3, 4]])"),
    ("NPY012", "import numpy as np\nv = np.find_common_type([np.float32, np.int64], [])"),
    ("NPY013", "import numpy as np\nv = np.asfarray([1, 2])"),
    ("NPY014", "import numpy as np\nv = np.in1d([1, 2, 3], [2])"),
    ("NPY015", "import numpy as np\nv = np.trapz([1.0, 2.0, 3.0])"),
    ("NPY017", "import numpy as np\nh, e = np.histogram([1, 2, 2, 3], bins=3, normed=True)"),
    ("NPY018", "import numpy as np\nv = np.percentile([1, 2, 3], 50, interpolation='lower')"),
    ("NPY019", "import numpy as np\nv = np.reshape(np.arange(6), newshape=(2, 3))"),
    ("NPY020", "import numpy as np\nv = np.array([[1, 2], [1]])"),
    ("NPY021", "import numpy as np\nv = np.array([1, 2], copy=False)"),
    ("NPY022", "import numpy as np\np = np.array([0.5])\nv = float(p)"),
    ("NPY023", "import numpy as np\nv = np.sum(x for x in range(4))"),
    ("PD001", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.ix[0:9, 1:3]"),
    ("PD002", DATA + "df = pd.DataFrame(X, columns=list('abcd'))\nv = df.as_matrix(columns=['a'])"),
    (
        "SKL001",
        DATA + "from sklearn.cross_validation import train_test_split\n"
        "a, b, c, d = train_test_split(X, y, random_state=0)",
    ),
    (
        "SKL002",
        DATA + "from sklearn.model_selection import KFold\n"
        "folds = KFold(len(y), n_folds=4)\nv = [len(t) for t, _ in folds]",
    ),
    ("SKL003", "from sklearn.grid_search import GridSearchCV"),
    (
        "SKL004",
        DATA + "from sklearn.preprocessing import Imputer, StandardScaler\n"
        "X[::5, 1] = np.nan\nv = Imputer(missing_values='NaN', strategy='mean', axis=0)"
        ".fit_transform(X)",
    ),
    ("SKL005", "from sklearn.externals import joblib\nv = joblib.hash([1])"),
    (
        "SKL006",
        DATA + "from sklearn.ensemble import RandomForestClassifier\n"
        "m = RandomForestClassifier(n_estimators=5, max_features='auto').fit(X, y)",
    ),
]


def _installed(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def _run(code: str) -> dict:
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, "<cell>", "exec"), namespace)
    return namespace


@pytest.mark.parametrize(
    ("rule_id", "old"), CASES, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CASES)]
)
def test_old_code_raises_and_rewritten_code_runs(rule_id: str, old: str) -> None:
    rule = get_rule(rule_id)
    version = _installed(rule.library)
    if version is None or not at_least(version, rule.changed_in):
        pytest.skip(f"{rule.library} {version} still has the old API")
    with pytest.raises(Exception) as info:
        _run(old)
    text = f"{info.type.__name__}: {info.value}"
    assert rule.matches_error(text), f"{rule_id}'s signatures miss: {text}"
    (new,), _ = rewrite(old, [rule_id])
    assert new != old
    _run(new)


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
