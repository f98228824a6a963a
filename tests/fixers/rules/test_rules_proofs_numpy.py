"""The numpy rules against the installed numpy beyond their own proofs (``Rule.proofs``,
run by ``test_rules_proofs.py``): rewrites that compute what the old code meant."""

from __future__ import annotations

from importlib.util import find_spec

import numpy as np
import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite

from ...proof_cells import run_cell as _run


def test_financial_functions_are_numpy_financial_ones() -> None:
    old = "import numpy as np\nv = np.pmt(0.05 / 12, 60, 10000)"
    with pytest.raises(AttributeError) as info:
        _run(old)
    assert get_rule("NPY038").matches_error(f"AttributeError: {info.value}")
    (new,), _ = rewrite(old, ["NPY038"])
    assert "from numpy_financial import pmt" in new
    if find_spec("numpy_financial") is None:
        pytest.skip("numpy-financial is not installed")
    assert round(_run(new)["v"], 2) == -188.71


def test_lstsq_pin_runs() -> None:
    code = "import numpy as np\nw = np.linalg.lstsq(np.eye(3), np.ones(3))[0]"
    (new,), _ = rewrite(code, ["NPY046"])
    assert "rcond=-1" in new
    np.testing.assert_allclose(_run(new)["w"], np.ones(3))


@pytest.fixture
def _printoptions_restored():
    options = np.get_printoptions()
    yield
    np.set_printoptions(**options)


@pytest.mark.usefixtures("_printoptions_restored")
@pytest.mark.parametrize(
    ("rule_id", "shown", "stored"),
    [
        ("NPY043", "np.array([0.1, 0.2])", "array([ 0.1,  0.2])"),
        ("NPY044", "np.float64(0.5)", "0.5"),
    ],
)
def test_legacy_printing_shows_what_the_stored_output_shows(
    rule_id: str, shown: str, stored: str
) -> None:
    cells = ["import numpy as np", shown]
    assert repr(_run(f"{cells[0]}\nv = {shown}")["v"]) != stored
    (first, new), _ = rewrite(cells, [rule_id], stored_result=stored)
    prelude, last = new.splitlines()
    assert prelude.startswith("np.set_printoptions(legacy=") and last == shown
    assert repr(_run(f"{first}\n{prelude}\nv = {shown}")["v"]) == stored


def test_issubdtype_tests_the_kind_it_tested_before_1_19() -> None:
    """np.issubdtype(t, float) read float as np.floating (int as np.signedinteger) before 1.19;
    today it reads np.dtype(float).type, float64: a float32 column is no float any more."""
    old = (
        "import numpy as np\n"
        "v = [np.issubdtype(np.float32, float), np.issubdtype(np.int32, int), "
        "np.issubdtype(np.uint8, int), np.issubdtype(np.float16, 'float64')]"
    )
    before_1_19 = [True, True, False, True]
    assert _run(old)["v"] != before_1_19
    (new,), _ = rewrite(old, ["NPY051"])
    assert _run(new)["v"] == before_1_19


def test_negative_integer_power_gives_the_float_powers() -> None:
    """NPY055 is REVIEW: numpy < 1.12 gave integers (np.arange(1, 4) ** -1 was [1, 0, 0]); the
    float exponent gives the float powers, and leaves float arrays' results as they were."""
    rule = get_rule("NPY055")
    old = (
        "import numpy as np\nk = np.arange(1, 5)\nv = k ** -2\nf = (k * 1.0) ** -2\n"
        "p = np.power(k, -1)"
    )
    with pytest.raises(ValueError, match="negative integer powers") as info:
        _run(old)
    assert rule.matches_error(f"ValueError: {info.value}")
    (new,), _ = rewrite(old, ["NPY055"])
    got = _run(new)
    np.testing.assert_allclose(got["v"], [1, 1 / 4, 1 / 9, 1 / 16])
    np.testing.assert_allclose(got["p"], [1, 1 / 2, 1 / 3, 1 / 4])
    floats = _run("import numpy as np\nk = np.arange(1, 5)\nf = (k * 1.0) ** -2")["f"]
    assert got["f"].dtype == floats.dtype
    np.testing.assert_array_equal(got["f"], floats)
