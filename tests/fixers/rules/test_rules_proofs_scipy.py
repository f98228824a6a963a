"""The SciPy and statsmodels rules against the installed libraries beyond their own proofs
(``Rule.proofs``, run by ``test_rules_proofs.py``): where the old API was a thin wrapper
the rewrite computes what the old code computed, and pinned defaults run."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ...proof_cells import rewritten
from ...proof_cells import run_cell as _run

IMG = "import numpy as np\nimg = (np.arange(48 * 64) % 251).astype(np.uint8).reshape(48, 64)\n"
F = "import numpy as np\nf = lambda x: np.sin(x) * x ** 2\n"
TS = (
    "import numpy as np\nimport pandas as pd\n"
    "rng = np.random.RandomState(0)\n"
    "y = pd.Series(50 + np.cumsum(rng.normal(size=72)) + 5 * np.sin(np.arange(72) * np.pi / 6),"
    " index=pd.date_range('2000-01-01', periods=72, freq='MS'))\n"
)


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
