"""The SciPy and statsmodels rules against the installed libraries: the old code raises today
with an error the rule's own signature recognizes, the rewritten code runs, and where the old
API was a thin wrapper the rewrite computes what the old code computed."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from mlemodernizer.fixers.rules import get_rule

from ...runtime_cells import old_code_raises, rewritten
from ...runtime_cells import run_cell as _run

IMG = "import numpy as np\nimg = (np.arange(48 * 64) % 251).astype(np.uint8).reshape(48, 64)\n"
F = "import numpy as np\nf = lambda x: np.sin(x) * x ** 2\n"
XS = "import numpy as np\nx = np.linspace(0.0, 3.0, 12)\ny = np.cos(x)\n"
TS = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "y = pd.Series(50 + np.cumsum(rng.normal(size=72)) + 5 * np.sin(np.arange(72) * np.pi / 6),"
    " index=pd.date_range('2000-01-01', periods=72, freq='MS'))\n"
)

# (rule id, old code): each snippet ran on the library versions it was written for
CASES = [
    ("SCP002", IMG + "from scipy.misc import imresize\nv = imresize(img, (24, 32))"),
    ("SCP002", IMG + "import scipy.misc\nv = scipy.misc.imrotate(img, 30)"),
    ("SCP002", IMG + "from scipy import misc\nv = misc.imfilter(img, 'smooth')"),
    ("SCP002", IMG + "from scipy.misc import toimage, fromimage\nv = fromimage(toimage(img))"),
    ("SCP010", "import scipy as sp\nv = sp.exp(sp.arange(3)) + sp.sqrt(-1) + sp.pi"),
    ("SCP010", "import scipy\nscipy.random.seed(0)\nv = scipy.fft(scipy.rand(4))"),
    ("SCP010", "from scipy import linspace, log10\nv = log10(linspace(1, 10, 5))"),
    ("SCP011", F + "from scipy.misc import derivative\nv = derivative(f, 1.0, dx=1e-3)"),
    ("SCP012", F + "from scipy.integrate import quadrature\nv, err = quadrature(f, 0, 1)"),
    ("SCP012", F + "from scipy import integrate\nv = integrate.romberg(f, 0, 1)"),
    ("SCP013", "from scipy import stats\nv = stats.chisqprob(3.84, 1)"),
    ("SCP013", "from scipy.stats import betai\nv = betai(1, 2, 0.5)"),
    ("SCP013", "import numpy as np\nfrom scipy import stats\nv = stats.nanstd(np.eye(3))"),
    ("SCP014", "from scipy import stats\nv = stats.binom_test(7, 10, 0.5)"),
    ("SCP014", "from scipy.stats import binom_test\nv = binom_test([682, 243], p=3/4)"),
    ("SCP015", "from scipy import stats\nv = stats.median_absolute_deviation([1, 2, 3, 4, 10])"),
    ("SCP015", "from scipy import stats\nv = stats.iqr([1, 2, 3, 4], scale='raw')"),
    ("SCP016", "from scipy import stats\nv = stats.frechet_r.pdf(1.0, 1.5)"),
    ("SCP017", "from scipy.stats import gilbrat\nv = gilbrat.mean()"),
    ("SCP018", "import scipy.stats as st\nv = st.t.interval(alpha=0.95, df=9, loc=1, scale=2)"),
    ("SCP018", "from scipy import stats\nv = stats.norm.moment(n=2)"),
    ("SCP019", "from scipy import stats\nv = stats.trapz.pdf(0.5, 0.2, 0.8)"),
    ("SCP020", "from scipy import signal\nv = signal.hanning(8) + signal.hamming(8)"),
    (
        "SCP020",
        XS + "from scipy import signal\nf, p = signal.welch(y, window='hanning', nperseg=8)",
    ),
    ("SCP021", "from scipy import signal\nv = signal.firwin(31, 0.2, nyq=0.5)"),
    ("SCP021", "from scipy.signal import remez\nv = remez(31, [0, 0.1, 0.2, 0.5], [1, 0], Hz=1.0)"),
    ("SCP022", "import numpy as np\nfrom scipy import linalg\nv = linalg.pinv2(np.eye(2))"),
    (
        "SCP022",
        "import numpy as np\nfrom scipy import linalg\n"
        "v = linalg.pinv(np.eye(2), cond=1e-9)",
    ),
    ("SCP023", "import numpy as np\nfrom scipy.linalg import triu\nv = triu(np.ones((3, 3)))"),
    (
        "SCP024",
        "import numpy as np\nfrom scipy import linalg\n"
        "v = linalg.solve(np.eye(2), [1, 2], sym_pos=True)",
    ),
    (
        "SCP024",
        "import numpy as np\nfrom scipy.linalg import eigh\n"
        "w, v = eigh(np.diag([1.0, 2, 3]), eigvals=(1, 2))",
    ),
    (
        "SCP025",
        "import numpy as np\nfrom scipy.sparse.linalg import cg\n"
        "v, info = cg(np.eye(2), np.ones(2), tol=1e-8)",
    ),
    (
        "SCP026",
        "import numpy as np\nfrom scipy.spatial import cKDTree\n"
        "tree = cKDTree(np.eye(3))\nd, i = tree.query(np.eye(3), k=1, n_jobs=-1)",
    ),
    (
        "SCP027",
        XS + "from scipy.interpolate import spline\nv = spline(x, y, np.linspace(0, 3, 50))",
    ),
    ("SCP028", "from scipy.special import sph_harm\nv = sph_harm(1, 2, 0.3, 0.7)"),
    (
        "SCP030",
        "import numpy as np\nfrom scipy.spatial import distance\n"
        "v = distance.matching([1, 0, 1], [1, 1, 1])\nD = distance.pdist(np.eye(3), 'matching')",
    ),
    (
        "SCP031",
        "from scipy import stats\nv = stats.kendalltau([1, 2, 3], [1, 3, 2], initial_lexsort=True)",
    ),
    ("SM001", TS + "from statsmodels.tsa.arima_model import ARMA\nv = ARMA(y, (1, 1)).fit(disp=0)"),
    (
        "SM015",
        TS + "import matplotlib\nmatplotlib.use('Agg')\n"
        "from statsmodels.tsa.arima.model import ARIMA\n"
        "res = ARIMA(y, order=(1, 0, 0)).fit()\nv = res.plot_predict(60, 80, plot_insample=False)",
    ),
    (
        "SM002",
        TS + "from statsmodels.tsa.arima_model import ARIMA\nm = ARIMA(y, order=(1, 1, 1))\n"
        "v = m.fit(disp=0)\nf = v.predict(start=60, end=75, typ='levels')",
    ),
    (
        "SM002",
        TS + "import statsmodels.api as sm\n"
        "v = sm.tsa.ARIMA(y, (1, 0, 0)).fit(trend='nc', disp=False)",
    ),
    (
        "SM003",
        TS + "from statsmodels.tsa.ar_model import AR\nm = AR(y.values)\nv = m.fit(maxlag=3)\n"
        "k = v.k_ar",
    ),
    (
        "SM004",
        TS + "from statsmodels.tsa.holtwinters import ExponentialSmoothing\n"
        "v = ExponentialSmoothing(y, trend='add', seasonal='add', seasonal_periods=12, "
        "damped=True).fit(use_boxcox=True)",
    ),
    (
        "SM004",
        TS + "from statsmodels.tsa.api import ExponentialSmoothing\n"
        "v = ExponentialSmoothing(y, trend='add').fit(smoothing_slope=0.1)",
    ),
    (
        "SM005",
        TS + "from statsmodels.tsa.api import SimpleExpSmoothing\n"
        "v = SimpleExpSmoothing(y).fit(smoothing_level=0.2, optimized=False)",
    ),
    ("SM005", TS + "from statsmodels.tsa.api import Holt\nm = Holt(y)\nv = m.fit()"),
    (
        "SM006",
        TS + "import statsmodels.api as sm\nv = sm.tsa.seasonal_decompose(y.values, freq=12)",
    ),
    ("SM007", TS + "from statsmodels.tsa.stattools import acf\nv = acf(y, nlags=5, unbiased=True)"),
    (
        "SM007",
        TS + "from statsmodels.tsa.stattools import pacf\n"
        "v = pacf(y, nlags=5, method='ywunbiased')",
    ),
    (
        "SM008",
        TS + "from statsmodels.tsa.stattools import grangercausalitytests\n"
        "import numpy as np\n"
        "v = grangercausalitytests(np.c_[y.values, y.values[::-1]], 2, verbose=False)",
    ),
    ("SM009", TS + "from statsmodels.tsa.stattools import kpss\nv = kpss(y, nlags=None)"),
    ("SM009", TS + "from statsmodels.tsa.stattools import kpss\nv = kpss(y, lags='auto')"),
    (
        "SM012",
        TS + "from statsmodels.tsa.ar_model import AutoReg\n"
        "v = AutoReg(y.values, lags=2, old_names=False)",
    ),
    (
        "SM013",
        "import statsmodels.api as sm\n"
        "v = sm.families.Binomial(link=sm.families.links.Logit)",
    ),
    (
        "SM014",
        TS + "from statsmodels.stats.diagnostic import acorr_ljungbox\n"
        "v = acorr_ljungbox(y, lags=[10])[1]",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("rule_id", "old"), CASES, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CASES)]
)
def test_old_code_raises_and_rewritten_code_runs(rule_id: str, old: str) -> None:
    old_code_raises(get_rule(rule_id), old)
    _run(rewritten(old, rule_id))


def _value(code: str, rule_id: str) -> object:
    return _run(rewritten(code, rule_id))["v"]


def test_numpy_names_in_scipy_keep_scimath_semantics() -> None:
    """scipy.sqrt was numpy.lib.scimath.sqrt: a negative number gave an imaginary root."""
    v = _value("import scipy\nv = scipy.sqrt(-4.0) + scipy.log(-1.0)", "SCP010")
    assert v == pytest.approx(2j + np.pi * 1j)


def test_derivative_is_the_old_central_difference_bit_for_bit() -> None:
    f = lambda x: np.sin(x) * x**2  # noqa: E731
    x0, dx = 1.3, 1e-3
    weights = np.array([-0.5, 0.0, 0.5])  # central_diff_weights(3, 1), as misc.derivative used
    old = sum(w * f(x0 + (k - 1) * dx) for k, w in enumerate(weights)) / dx
    new = _value(F + "from scipy.misc import derivative\nv = derivative(f, 1.3, dx=1e-3)", "SCP011")
    assert new == old


def test_nanstd_and_mad_keep_the_old_defaults() -> None:
    x = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, np.nan]])
    rows = repr(x.tolist()).replace("nan", "np.nan")
    code = f"import numpy as np\nfrom scipy import stats\nx = np.array({rows})\nv = stats.nanstd(x)"
    v = _value(code, "SCP013")
    assert np.allclose(v, np.nanstd(x, axis=0, ddof=1))
    data = [1.0, 2.0, 3.0, 4.0, 10.0]
    v = _value(f"from scipy import stats\nv = stats.median_absolute_deviation({data})", "SCP015")
    assert v == pytest.approx(1.4826 * np.median(np.abs(np.array(data) - np.median(data))))


def test_binom_test_pair_form_counts_successes_and_trials() -> None:
    from scipy import stats

    v = _value("from scipy.stats import binom_test\nv = binom_test([682, 243], p=3/4)", "SCP014")
    assert v == stats.binomtest(682, 925, p=3 / 4).pvalue


def test_sph_harm_y_is_the_old_function_with_its_arguments_reordered() -> None:
    from scipy.special import sph_harm_y

    v = _value("from scipy.special import sph_harm\nv = sph_harm(1, 2, 0.3, 0.7)", "SCP028")
    assert v == sph_harm_y(2, 1, 0.7, 0.3)
    # the closed form of Y_2^1 (Condon-Shortley phase), theta the azimuth, phi the polar angle
    theta, phi = 0.3, 0.7
    closed = -0.5 * np.sqrt(15 / (2 * np.pi)) * np.sin(phi) * np.cos(phi) * np.exp(1j * theta)
    assert v == pytest.approx(closed)


def test_firwin_fs_is_twice_nyq() -> None:
    from scipy import signal

    v = _value("from scipy import signal\nv = signal.firwin(31, 0.2, nyq=0.5)", "SCP021")
    assert np.array_equal(v, signal.firwin(31, 0.2, fs=1.0))


def test_imresize_rewrite_is_the_pil_round_trip_it_was() -> None:
    from PIL import Image

    img = (np.arange(48 * 64) % 251).astype(np.uint8).reshape(48, 64)
    v = _value(IMG + "from scipy.misc import imresize\nv = imresize(img, (24, 32))", "SCP002")
    assert v.shape == (24, 32)
    assert np.array_equal(v, np.array(Image.fromarray(img).resize((32, 24), Image.BILINEAR)))


def test_ljungbox_rows_unpack_as_the_old_tuple() -> None:
    from statsmodels.stats.diagnostic import acorr_ljungbox

    code = TS + (
        "from statsmodels.stats.diagnostic import acorr_ljungbox\n"
        "lb, p = acorr_ljungbox(y, lags=5)\nv = p"
    )
    ns = _run(rewritten(code, "SM014"))
    y = ns["y"]
    frame = acorr_ljungbox(y, lags=5)
    assert np.array_equal(ns["lb"], frame["lb_stat"].to_numpy())
    assert np.array_equal(ns["v"], frame["lb_pvalue"].to_numpy())


def test_old_arima_with_a_difference_keeps_its_drift() -> None:
    """The old ARIMA(p, 1, q).fit() estimated a constant in the differences (trend='c' was the
    fit's default): the new model with trend='t' has that drift among its parameters."""
    code = TS + (
        "from statsmodels.tsa.arima_model import ARIMA\nv = ARIMA(y, order=(1, 1, 0)).fit(disp=0)"
    )
    res = _run(rewritten(code, "SM002"))["v"]
    assert "x1" in res.model.exog_names or "drift" in res.model.exog_names


def test_simple_exp_smoothing_fixed_fit_starts_where_0_11_did() -> None:
    """With optimized=False, 0.11 started the level at the first observation."""
    code = TS + (
        "from statsmodels.tsa.api import SimpleExpSmoothing\n"
        "v = SimpleExpSmoothing(y).fit(smoothing_level=0.2, optimized=False)"
    )
    ns = _run(rewritten(code, "SM005"))
    assert ns["v"].params["initial_level"] == ns["y"].iloc[0]


def test_nelder_mead_tolerance_keys_are_used_again() -> None:
    """SCP029: the old 'xtol' key is ignored today (a warning, not an error); 'xatol' is the
    same tolerance and is honoured."""
    from scipy.optimize import OptimizeWarning

    old = (
        "import numpy as np\nfrom scipy.optimize import minimize, rosen\n"
        "v = minimize(rosen, np.array([1.3, 0.7]), method='Nelder-Mead', "
        "options={'xtol': 1e-2, 'fatol': 1.0})"
    )
    with pytest.warns(OptimizeWarning, match="Unknown solver options: xtol"):
        exec(compile(old, "<cell>", "exec"), {})
    new = rewritten(old, "SCP029")
    assert "'xatol': 1e-2" in new
    with warnings.catch_warnings():
        warnings.simplefilter("error", OptimizeWarning)
        loose = _run(new)["v"]
    assert loose.nit < _run(old)["v"].nit or loose.nit <= 10


@pytest.mark.parametrize(
    ("rule_id", "code"),
    [
        ("SM010", TS + "from statsmodels.tsa.stattools import kpss\nv = kpss(y, 'ct')"),
        ("SM011", TS + "import matplotlib\nmatplotlib.use('Agg')\n"
         "from statsmodels.graphics.tsaplots import plot_pacf\nv = plot_pacf(y, lags=10)"),
        ("SM016", TS + "from statsmodels.tsa.stattools import acf\nv = acf(y)"),
    ],
)  # fmt: skip
def test_pinned_statsmodels_defaults_run(rule_id: str, code: str) -> None:
    """The pins reproduce the old defaults and the pinned code runs (acf: 41 values again)."""
    v = _value(code, rule_id)
    if rule_id == "SM016":
        assert len(v) == 41
