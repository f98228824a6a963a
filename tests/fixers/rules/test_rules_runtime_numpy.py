"""The numpy rules read off the release notes (NPY028-NPY047), against the installed numpy: the
old code raises today with an error the rule's signature recognizes, and the rewrite runs and
computes what the old code meant."""

from __future__ import annotations

from importlib.util import find_spec

import numpy as np
import pytest

from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.rules.testing import rewrite

from ...runtime_cells import old_code_raises, rewritten
from ...runtime_cells import run_cell as _run

CSV = (
    "import io\nimport numpy as np\ntext = 'Sepal,Name\\n5.1,Iris-setosa\\n4.9,Iris-virginica\\n'\n"
)

# (rule id, old code, the name whose value is checked, what it must be)
CASES = [
    ("NPY028", "import numpy as np\nv = np.rank(np.zeros((2, 3)))", "v", 2),
    (
        "NPY029",
        "import numpy as np\nv = np.msort(np.array([[3, 1], [1, 2]]))",
        "v",
        [[1, 1], [3, 2]],
    ),
    (
        "NPY030",
        "import numpy as np\nv = np.fromstring(bytes([1, 2, 3]), dtype=np.uint8)\nv[0] = 9",
        "v",
        [9, 2, 3],
    ),
    ("NPY031", "import numpy as np\nv = np.arange(3, dtype=np.uint8).tostring()", "v", b"\0\1\2"),
    (
        "NPY032",
        "import numpy as np\nv = np.zeros((2, 3))\nv.itemset((1, 2), 5)\nv.itemset(0, 1, 4)\n"
        "v.itemset(4, 7)",
        "v",
        [[0, 4, 0], [0, 7, 5]],
    ),
    ("NPY033", "import numpy as np\nv = np.array([[1, 5], [4, 2]]).ptp(axis=0)", "v", [3, 3]),
    (
        "NPY034",
        "import numpy as np\nd = np.array([1.5, 2.5], dtype='>f8')\n"
        "v = d.byteswap().newbyteorder()",
        "v",
        [1.5, 2.5],
    ),
    (
        "NPY035",
        "import numpy as np\nv = np.vstack(np.full(2, i) for i in range(2))",
        "v",
        [[0, 0], [1, 1]],
    ),
    ("NPY035", "import numpy as np\nv = np.hstack(map(np.ones, [1, 2]))", "v", [1, 1, 1]),
    ("NPY036", CSV + "d = np.recfromcsv(io.StringIO(text))\nv = d.sepal", "v", [5.1, 4.9]),
    ("NPY037", "import numpy as np, pickle\nv = np.loads(pickle.dumps([1, 2]))", "v", [1, 2]),
    ("NPY039", "import numpy as np\nv = np.unravel_index(5, dims=(2, 3))", "v", (1, 2)),
    (
        "NPY040",
        "import numpy as np\nv = np.corrcoef([1, 2, 3], [1, 2, 4], bias=True)[0, 0]",
        "v",
        1.0,
    ),
    (
        "NPY041",
        "import numpy as np\nv = np.format_parser(['f8'], ['x'], None).dtype.names",
        "v",
        ("x",),
    ),
    (
        "NPY042",
        "import numpy as np\nv = np.fastCopyAndTranspose(np.ones((2, 3))).shape",
        "v",
        (3, 2),
    ),
    ("NPY042", "import numpy as np\nv = np.nbytes[np.float32]", "v", 4),
    (
        "NPY045",
        CSV + "label = {b'Iris-setosa': 0, b'Iris-virginica': 1}\n"
        "v = np.loadtxt(io.StringIO(text), delimiter=',', skiprows=1, "
        "converters={1: lambda s: label[s]})",
        "v",
        [[5.1, 0], [4.9, 1]],
    ),
    (
        "NPY047",
        "import io\nimport numpy as np\nv = np.loadtxt(io.StringIO('1.0 2.7'), dtype=int)",
        "v",
        [1, 2],
    ),
    (
        "NPY048",
        "import io\nimport numpy as np\nf = io.BytesIO()\nnp.save(f, {'a': 1})\nf.seek(0)\n"
        "v = np.load(f).item()",
        "v",
        {"a": 1},
    ),
    (
        "NPY049",
        "import numpy as np\nn = 10\nv = np.linspace(0, 1, n / 2)",
        "v",
        [0, 0.25, 0.5, 0.75, 1],
    ),
    ("NPY049", "import numpy as np\nv = np.linspace(0, 1, 7 / 2)", "v", [0, 0.5, 1]),
    (
        "NPY050",
        "import numpy as np\nx = np.array([1.0, np.nan, 3.0])\nv = x[-np.isnan(x)]",
        "v",
        [1, 3],
    ),
    (
        "NPY050",
        "import numpy as np\nx = np.array([0, 1, 2])\nv = (x > 0) - (x > 1)",
        "v",
        [0, 1, 0],
    ),
    (
        "NPY050",
        "import numpy as np\nx = np.array([1.0, np.nan])\nv = np.negative(np.isnan(x))",
        "v",
        [1, 0],
    ),
    (
        "NPY050",
        "import numpy as np\nx = np.array([0, 1, 2])\nv = np.subtract(x > 0, x > 1)",
        "v",
        [0, 1, 0],
    ),
    (
        "NPY052",
        "import numpy as np\nv = np.zeros(2, dtype=np.floating).dtype.name",
        "v",
        "float64",
    ),
    (
        "NPY052",
        "import numpy as np\nv = np.ones(2).astype(np.integer).dtype",
        "v",
        np.dtype(np.int_),
    ),
    ("NPY053", "import numpy as np\nn = 6\nv = np.zeros((n / 2, 2)).shape", "v", (3, 2)),
    ("NPY053", "import numpy as np\nn = 7\nv = np.ones(n / 2).shape", "v", (3,)),
    ("NPY053", "import numpy as np\nv = np.arange(6).reshape(2, 7 / 2).shape", "v", (2, 3)),
    (
        "NPY054",
        "import numpy as np\ndef f(w=None):\n    if w == None:\n        return 0\n    return 1\n"
        "v = [f(), f(np.ones(3))]",
        "v",
        [0, 1],
    ),
]


@pytest.mark.parametrize(
    ("rule_id", "old", "name", "expected"),
    CASES,
    ids=[f"{r}-{i}" for i, (r, *_) in enumerate(CASES)],
)
def test_old_code_raises_and_the_rewrite_computes_what_it_meant(
    rule_id: str, old: str, name: str, expected: object
) -> None:
    old_code_raises(get_rule(rule_id), old)
    new = rewritten(old, rule_id)
    got = _run(new)[name]
    if isinstance(expected, list):
        np.testing.assert_allclose(np.asarray(got, dtype=float), expected)
    else:
        assert got == expected


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
