"""Proof against the installed matplotlib and seaborn beyond the rules' own proofs
(``Rule.proofs``, run by ``test_rules_proofs.py``): the rewritten code computes what the
old code meant where that can be checked, and deprecated spellings run without their warning."""

from __future__ import annotations

import warnings

import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.versions import at_least, installed

from ...proof_cells import rewritten
from ...proof_cells import run_cell as _run

pytest.importorskip("matplotlib")

MPL = (
    "import numpy as np\nimport matplotlib\nmatplotlib.use('Agg')\n"
    "import matplotlib.pyplot as plt\nplt.close('all')\nimport tempfile, os\n"
    "OUT = os.path.join(tempfile.mkdtemp(), 'f.png')\n"
)
SNS = (
    MPL + "import pandas as pd\nimport seaborn as sns\n"
    "df = pd.DataFrame({'a': list('xyzxyz'), 'b': [1.0, 2, 3, 4, 5, 6], "
    "'c': [2.0, 1, 4, 3, 6, 5]})\n"
)


@pytest.fixture(autouse=True)
def _fresh_rc():
    """A rewrite may set rcParams (MPL019, MPL046): each case runs in its own context."""
    import matplotlib

    with matplotlib.rc_context():
        yield


def test_normpdf_and_bivariate_normal_give_mlabs_densities() -> None:
    """The formulas matplotlib 3.0's mlab computed, against the rewrites' scipy calls."""
    import numpy as np

    code = (
        "import numpy as np\nimport matplotlib.mlab as mlab\n"
        "x = np.linspace(-2, 3, 7)\ny = mlab.normpdf(x, 0.5, 1.5)\n"
        "X, Y = np.meshgrid(np.linspace(-1, 2, 4), np.linspace(0, 3, 5))\n"
        "Z = mlab.bivariate_normal(X, Y, 1.0, 2.0, 0.5, 1.0, 0.6)"
    )
    ns = _run(rewritten(rewritten(code, "MPL026"), "MPL027"))
    x, X, Y = ns["x"], ns["X"], ns["Y"]
    normpdf = np.exp(-0.5 * ((x - 0.5) / 1.5) ** 2) / (np.sqrt(2 * np.pi) * 1.5)
    np.testing.assert_allclose(ns["y"], normpdf)
    sx, sy, mx, my, sxy = 1.0, 2.0, 0.5, 1.0, 0.6
    xm, ym = X - mx, Y - my
    rho = sxy / (sx * sy)
    z = xm**2 / sx**2 + ym**2 / sy**2 - 2 * rho * xm * ym / (sx * sy)
    old = np.exp(-z / (2 * (1 - rho**2))) / (2 * np.pi * sx * sy * np.sqrt(1 - rho**2))
    np.testing.assert_allclose(ns["Z"], old)


def test_imread_of_a_url_reads_what_the_file_holds(tmp_path) -> None:
    import numpy as np

    image = tmp_path / "a.png"
    code = (
        MPL + f"plt.imsave({str(image)!r}, np.arange(12.0).reshape(3, 4))\n"
        f"img = plt.imread({image.as_uri()!r})"
    )
    rule = get_rule("MPL048")
    with pytest.raises(ValueError) as info:
        _run(code)
    assert rule.matches_error(f"ValueError: {info.value}")
    ns = _run(rewritten(code, "MPL048"))
    np.testing.assert_array_equal(ns["img"], ns["plt"].imread(str(image)))


def test_tostring_rgb_rewrite_gives_the_rgb_bytes() -> None:
    code = MPL + "fig = plt.figure(figsize=(2, 1), dpi=50)\nfig.canvas.draw()\n"
    ns = _run(rewritten(code + "b = fig.canvas.tostring_rgb()", "MPL044"))
    rgba = ns["np"].asarray(ns["fig"].canvas.buffer_rgba())
    assert ns["b"] == rgba[..., :3].tobytes() and len(ns["b"]) == 100 * 50 * 3


def test_off_strings_hid_the_ticks_they_name() -> None:
    code = (
        MPL + "fig, ax = plt.subplots()\n"
        "ax.tick_params(axis='x', bottom='off', labelbottom='off')\n"
        "tick = ax.xaxis.get_major_ticks()[0]\nshown = bool(tick.tick1line.get_visible())"
    )
    assert _run(code)["shown"]  # the silent change: 'off' is a true string
    assert not _run(rewritten(code, "MPL045"))["shown"]


def test_tick_label1_is_the_label_tick_label_was() -> None:
    code = (
        MPL + "fig, ax = plt.subplots()\nfor tick in ax.xaxis.get_major_ticks():\n"
        "    tick.label.set_fontsize(5)\nsize = ax.xaxis.get_major_ticks()[0].label1.get_size()"
    )
    assert _run(rewritten(code, "MPL043"))["size"] == 5


def test_norm_gets_the_limits() -> None:
    code = (
        MPL + "from matplotlib.colors import LogNorm\n"
        "im = plt.imshow(np.ones((3, 3)) * 5, norm=LogNorm(), vmin=1, vmax=10)\n"
        "limits = (im.norm.vmin, im.norm.vmax)"
    )
    assert _run(rewritten(code, "MPL041"))["limits"] == (1, 10)


def test_bar_align_edge_puts_the_bars_where_matplotlib_1_did() -> None:
    code = MPL + "bars = plt.bar([0, 1], [3, 4], width=0.5)\nleft = bars[1].get_x()"
    assert _run(code)["left"] == 0.75  # centered on 1 since 2.0
    assert _run(rewritten(code, "MPL023"))["left"] == 1.0


def test_compat_settings_restore_the_old_style_and_epoch() -> None:
    code = (
        MPL + "import datetime\nimport matplotlib.dates as mdates\n"
        "d = mdates.date2num(datetime.datetime(2017, 1, 1))"
    )
    new = rewritten(rewritten(code, "MPL046"), "MPL047")
    assert "plt.style.use('classic')" in new
    import matplotlib.dates as mdates

    mdates._reset_epoch_test_example()  # the epoch is fixed at the first conversion
    try:
        ns = _run(new)
        assert ns["d"] == 736330.0  # days since 0001-01-01, as matplotlib < 3.3 counted
        assert ns["matplotlib"].rcParams["figure.figsize"] == [8.0, 6.0]
    finally:
        mdates._reset_epoch_test_example()


# (rule id, old code): still runs on seaborn 0.13, with the deprecation warning the rule answers
DEPRECATED = [
    ("SNS012", SNS + "ax = sns.kdeplot(x=df.b, bw=0.5)"),
    ("SNS012", SNS + "ax = sns.rugplot(a=df.b)"),
    (
        "SNS013",
        SNS + "ax = sns.violinplot(x='a', y='b', hue='a', data=df, bw=0.3, scale_hue=False)",
    ),
    ("SNS013", SNS + "ax = sns.boxenplot(x='a', y='b', data=df, scale='linear')"),
    ("SNS013", SNS + "ax = sns.barplot(x='a', y='b', data=df, errcolor='k', errwidth=1)"),
    ("SNS014", SNS + "ax = sns.boxplot(x='a', y='b', data=df, palette='Set2')"),
    ("SNS015", SNS + "g = sns.lmplot(x='b', y='c', data=df, sharex=False, legend_out=False)"),
]


def _warns(code: str) -> list[str]:
    namespace: dict = {}
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        exec(compile(code, "<cell>", "exec"), namespace)
    return [str(w.message) for w in seen if issubclass(w.category, FutureWarning | UserWarning)]


@pytest.mark.parametrize(
    ("rule_id", "old"), DEPRECATED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(DEPRECATED)]
)
def test_deprecated_spellings_run_without_their_warning_after_the_rewrite(
    rule_id: str, old: str
) -> None:
    pytest.importorskip("seaborn")
    rule = get_rule(rule_id)
    version = installed(rule.library)
    if version is None or not at_least(version, rule.changed_in):
        pytest.skip(f"{rule.library} {version} still has the old API")
    assert _warns(old), f"{rule_id}: the old spelling no longer warns"
    assert _warns(rewritten(old, rule_id)) == []


def test_violinplot_scale_hue_false_is_common_norm_true() -> None:
    pytest.importorskip("seaborn")
    code = SNS + "ax = sns.violinplot(x='a', y='b', hue='a', data=df, scale_hue=False)"
    new = rewritten(code, "SNS013")
    assert "common_norm=True" in new
    widths = [
        [c.get_paths()[0].get_extents().width for c in _run(src)["ax"].collections]
        for src in (code, new)
    ]
    assert widths[0] == widths[1]


def test_subplot_numbers_go_through_int_as_matplotlib_3_4_took_them() -> None:
    """matplotlib < 3.5 converted rows, cols and index with int(): 5 / 2 rows were 2."""
    code = MPL + "fig = plt.figure()\nn = 5\nax = fig.add_subplot(n / 2, 2, 7 / 2)"
    new = rewritten(code, "MPL051")
    spec = _run(new)["ax"].get_subplotspec()
    rows, cols, first, _ = spec.get_geometry()
    assert (rows, cols, first + 1) == (int(5 / 2), 2, int(7 / 2))


def test_tick_switches_hide_what_they_named() -> None:
    code = (
        # no grid whatever style an earlier test left in rcParams (seaborn's turns it on)
        MPL + "fig, ax = plt.subplots()\nax.grid(False)\nfor tick in ax.xaxis.get_major_ticks():\n"
        "    tick.label1On = False\n    tick.tick1On = False\n"
        "ax.yaxis.get_major_ticks()[0].gridOn = True\nfig.canvas.draw()\n"
        "tick = ax.xaxis.get_major_ticks()[0]\n"
        "shown = (tick.label1.get_visible(), tick.tick1line.get_visible(), "
        "ax.yaxis.get_major_ticks()[0].gridline.get_visible())"
    )
    assert _run(code)["shown"] == (True, True, False)  # the silent change: nothing hidden
    assert _run(rewritten(code, "MPL052"))["shown"] == (False, False, True)


def test_strpdate2num_converters_give_the_old_date_numbers() -> None:
    """strpdate2num(fmt)(s) was date2num(datetime(*time.strptime(s, fmt)[:6])) and the date
    numbers of matplotlib < 3.3 counted days from 0001-01-01 (MPL047 pins that epoch)."""
    import datetime

    code = (
        MPL + "import io\nimport matplotlib.dates as mdates\n"
        "d, v = np.loadtxt(io.StringIO('2017-01-01 06:00,1\\n2017-01-03 00:00,2\\n'), "
        "delimiter=',', unpack=True, converters={0: mdates.strpdate2num('%Y-%m-%d %H:%M')})\n"
        "conv = mdates.bytespdate2num('%d/%m/%Y', 'ascii')\n"
        "b = (conv(b'01/01/2017'), conv('02/01/2017'))"
    )
    new = rewritten(rewritten(code, "MPL053"), "MPL047")
    import matplotlib.dates as mdates

    mdates._reset_epoch_test_example()  # the epoch is fixed at the first conversion
    try:
        ns = _run(new)
    finally:
        mdates._reset_epoch_test_example()
    old = datetime.date(2017, 1, 1).toordinal()  # days since 0000-12-31, matplotlib < 3.3
    assert list(ns["d"]) == [old + 0.25, old + 2]
    assert ns["b"] == (old, old + 1)


def test_colorbar_limits_go_to_the_mappable_it_follows() -> None:
    code = (
        MPL + "im = plt.imshow(np.arange(9.0).reshape(3, 3))\ncb = plt.colorbar(im)\n"
        "cb.set_clim(1, 4)\nlimits = (im.get_clim(), (cb.norm.vmin, cb.norm.vmax))"
    )
    assert _run(rewritten(code, "MPL054"))["limits"] == ((1, 4), (1, 4))


def test_whis_0_100_puts_the_whiskers_at_the_data_range() -> None:
    """whis='range' drew the whiskers at the minimum and maximum (matplotlib < 3.4)."""
    code = MPL + "data = [3.0, 1, 2, 2.5, 40, -7]\nr = plt.boxplot(data, whis='range')"
    ns = _run(rewritten(code, "MPL055"))
    ends = sorted(float(w.get_ydata()[1]) for w in ns["r"]["whiskers"])
    assert ends == [min(ns["data"]), max(ns["data"])]
    assert not ns["r"]["fliers"][0].get_ydata().size  # nothing beyond them


def _prctile_of_matplotlib_3_0(x, p=(0.0, 25.0, 50.0, 75.0, 100.0)):
    """mlab.prctile as matplotlib 3.0 wrote it (derived from scipy's scoreatpercentile)."""
    import numpy as np

    per = np.array(p)
    values = np.sort(x, axis=None)
    idxs = per / 100 * (values.shape[0] - 1)
    ai = idxs.astype(int)
    bi = ai + 1
    frac = idxs % 1
    cond = bi >= len(values)
    if per.ndim:
        ai[cond] -= 1
        bi[cond] -= 1
        frac[cond] += 1
    elif cond:
        ai -= 1
        bi -= 1
        frac += 1
    return values[ai] + (values[bi] - values[ai]) * frac


def test_prctile_rewrite_gives_mlabs_percentiles() -> None:
    import numpy as np

    code = (
        "import numpy as np\nimport matplotlib.mlab as mlab\n"
        "x = np.random.default_rng(0).normal(size=(7, 13))\n"
        "five = mlab.prctile(x)\nq = mlab.prctile(x, p=90)\nlo, hi = mlab.prctile(x, [2.5, 97.5])"
    )
    ns = _run(rewritten(code, "MPL056"))
    x = ns["x"]
    np.testing.assert_allclose(ns["five"], _prctile_of_matplotlib_3_0(x), rtol=1e-14)
    np.testing.assert_allclose(ns["q"], _prctile_of_matplotlib_3_0(x, 90), rtol=1e-14)
    np.testing.assert_allclose(
        [ns["lo"], ns["hi"]], _prctile_of_matplotlib_3_0(x, [2.5, 97.5]), rtol=1e-14
    )
