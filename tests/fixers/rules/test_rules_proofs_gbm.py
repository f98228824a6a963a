"""Proof against the installed XGBoost, LightGBM, IPython and Pillow beyond the rules' own
proofs (``Rule.proofs``, run by ``test_rules_proofs.py``): rewrites that compute what the
old code meant, and the environment items of their coverage lists. A library that is not
installed skips its tests."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.coverage import load

from ...conftest import REPO, make_notebook, run_cli
from ...proof_cells import rewritten
from ...proof_cells import run_cell as _run

LIBRARIES = REPO / "mlemodernizer/fixers/rules/libraries"

XGB = (
    "import numpy as np\nimport xgboost as xgb\nrng = np.random.RandomState(0)\n"
    "X = rng.rand(120, 4)\ny = (X[:, 0] > 0.5).astype(int)\nyr = X[:, 0] * 3\n"
    "dtrain = xgb.DMatrix(X, label=y)\n"
)
LGB = (
    "import numpy as np\nimport lightgbm as lgb\nrng = np.random.RandomState(0)\n"
    "X = rng.rand(200, 4)\ny = (X[:, 0] > 0.5).astype(int)\n"
    "params = {'objective': 'binary', 'metric': 'auc', 'verbose': -1}\n"
)
PIL = (
    "from PIL import Image, ImageDraw, ImageFont\nimg = Image.new('RGB', (40, 30), 'white')\n"
    "draw = ImageDraw.Draw(img)\nfont = ImageFont.load_default()\n"
)


def _needs(modules: str) -> None:
    for module in modules.split(","):
        if find_spec(module) is None:
            pytest.skip(f"{module} is not installed")


def test_show_command_is_refused_as_the_rule_says() -> None:
    """PIL007 drops command=; the rewritten show() would open a viewer, so only the error is
    checked here."""
    _needs("PIL")
    with pytest.raises(TypeError) as info:
        _run(PIL + "img.show(command='true')")
    assert get_rule("PIL007").matches_error(f"TypeError: {info.value}")
    assert "img.show()" in rewritten(PIL + "img.show(command='true')", "PIL007")


# --- what the rewrites compute ------------------------------------------------------------------


def test_text_boxes_measure_what_the_size_methods_did() -> None:
    """The old sizes were the box drawn at (0, 0) without its left/top offset removed: the
    rewrites give its right/bottom (and the offset is its left/top)."""
    _needs("PIL")
    code = PIL + (
        "w, h = draw.textsize('hello', font=font)\nfw, fh = font.getsize('hello')\n"
        "ox, oy = font.getoffset('hello')\nbox = font.getbbox('hello')"
    )
    ns = _run(rewritten(code, "PIL002"))
    left, top, right, bottom = ns["box"]
    assert (ns["w"], ns["h"]) == (ns["fw"], ns["fh"]) == (right, bottom)
    assert (ns["ox"], ns["oy"]) == (left, top)


def test_string_converters_round_trip() -> None:
    _needs("PIL")
    code = PIL + "raw = img.tostring()\nback = Image.fromstring('RGB', img.size, raw)"
    ns = _run(rewritten(code, "PIL003"))
    assert ns["back"].tobytes() == ns["img"].tobytes()


def test_resampling_constants_keep_their_values() -> None:
    _needs("PIL")
    code = "from PIL import Image\nvalues = (Image.ANTIALIAS, Image.LINEAR, Image.CUBIC)"
    ns = _run(rewritten(code, "PIL001"))
    assert ns["values"] == (1, 2, 3)  # what Pillow < 10 defined them as


def test_pinned_resampling_is_nearest() -> None:
    _needs("PIL")
    code = (
        "from PIL import Image, ImageOps\nimg = Image.linear_gradient('L').resize((50, 40), "
        "Image.BILINEAR)\nsmall = img.resize((7, 5))\nfitted = ImageOps.fit(img, (9, 9))"
    )
    ns = _run(rewritten(code, "PIL008"))
    img, image = ns["img"], ns["Image"]
    assert ns["small"].tobytes() == img.resize((7, 5), image.NEAREST).tobytes()
    nearest = ns["ImageOps"].fit(img, (9, 9), method=image.NEAREST)
    assert ns["fitted"].tobytes() == nearest.tobytes()


def test_learning_rates_become_the_scheduler() -> None:
    _needs("xgboost")
    code = XGB + "b = xgb.train({'eta': 0.9}, dtrain, 3, learning_rates=[0.3, 0.2, 0.1])"
    ns = _run(rewritten(code, "XGB010"))
    xgb = ns["xgb"]
    by_hand = xgb.train({"eta": 0.3}, ns["dtrain"], 1)
    by_hand = xgb.train({"eta": 0.2}, ns["dtrain"], 1, xgb_model=by_hand)
    by_hand = xgb.train({"eta": 0.1}, ns["dtrain"], 1, xgb_model=by_hand)
    assert (ns["b"].predict(ns["dtrain"]) == by_hand.predict(ns["dtrain"])).all()


def test_importance_and_metric_pins_reproduce_the_old_defaults() -> None:
    _needs("xgboost")
    code = XGB + (
        "m = xgb.XGBClassifier(n_estimators=5, objective='binary:logistic')\n"
        "m.fit(X, y, eval_set=[(X, y)], verbose=False)\n"
        "metrics = list(m.evals_result()['validation_0'])\nimp = m.feature_importances_"
    )
    ns = _run(rewritten(rewritten(code, "XGB014"), "XGB015"))
    assert ns["metrics"] == ["error"]  # the default metric before 1.3
    counts = ns["m"].get_booster().get_fscore()  # split counts: feature_importances_ before 0.82
    total = sum(counts.values())
    expected = [counts.get(f"f{i}", 0) / total for i in range(4)]
    assert list(ns["imp"]) == pytest.approx(expected)


def test_cv_keys_and_dataset_arguments_reach_the_same_model() -> None:
    _needs("lightgbm")
    code = LGB + (
        "res = lgb.cv(params, lgb.Dataset(X, y), 5, nfold=3)\nlast = res['auc-mean'][-1]\n"
        "d = lgb.Dataset(X, y)\nb = lgb.train(params, d, 3, feature_name=['a', 'b', 'c', 'd'])\n"
        "names = b.feature_name()"
    )
    ns = _run(rewritten(rewritten(code, "LGB007"), "LGB008"))
    assert ns["last"] == ns["res"]["valid auc-mean"][-1]
    assert ns["names"] == ["a", "b", "c", "d"]


def test_silent_estimator_is_quiet(capfd) -> None:
    _needs("lightgbm")
    code = LGB + "m = lgb.LGBMClassifier(n_estimators=3, silent=True)\nm.fit(X, y)"
    new = rewritten(code, "LGB005")
    assert "verbose=-1" in new
    capfd.readouterr()
    _run(new)
    assert "[LightGBM]" not in capfd.readouterr().out


# --- the environment items of the lists whose distribution is not its module's name ------------


@pytest.mark.kernel
@pytest.mark.parametrize(("name", "module"), [("ipython", "IPython"), ("pillow", "PIL")])
def test_environment_items_are_repaired_by_the_environment_family(
    tmp_path: Path, name: str, module: str
) -> None:
    """tests/fixers/rules/test_coverage.py finds a distribution's module by its name (ipython is
    IPython, pillow is PIL): these lists' environment items are run here the same way."""
    _needs(module)
    cov = load(LIBRARIES / f"{name}.coverage.toml")
    items = [i for i in cov.items if i.status == "environment"]
    if not items:
        pytest.skip(f"{name} has no environment item")
    nb = tmp_path / "items.ipynb"
    nbformat.write(make_notebook([item.example for item in items]), nb)
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "environment", "--json",
        env={"MLEMODERNIZER_CACHE": str(tmp_path / "cache")},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    failing = {c["cell_index"]: c["error"] for c in report["final"]["failing_cells"]}
    assert failing == {}, {items[i].id: e for i, e in failing.items()}
