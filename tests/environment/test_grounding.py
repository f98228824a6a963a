"""Grounding for real: eroded code runs in a live kernel, then the probe asks what exists now."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from jupyter_client.manager import start_new_kernel
from nbformat.v4 import new_code_cell, new_notebook

from mlemodernizer.environment.grounding import FACTS_MARKER, build_probe, error_query, format_facts
from mlemodernizer.execution.base import CellError, ExecutionRequest
from mlemodernizer.fixers.rules.hints import catalogue_hints

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Kernel:
    def __init__(self) -> None:
        self.km, self.kc = start_new_kernel(kernel_name="python3")
        self.cells = 0

    def run(self, code: str, store_history: bool = True) -> tuple[str, CellError | None]:
        out: list[str] = []
        errors: list[CellError] = []
        index = self.cells
        self.cells += 1

        def hook(msg: dict) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                c = msg["content"]
                tb = ANSI.sub("", "\n".join(c["traceback"]))
                errors.append(CellError(index, f"c{index}", c["ename"], c["evalue"], tb))

        self.kc.execute_interactive(code, output_hook=hook, timeout=60, store_history=store_history)
        return "".join(out), (errors[0] if errors else None)

    def failing(self, code: str) -> CellError:
        _, err = self.run(code)
        assert err is not None, f"expected an error from {code!r}"
        return err

    def probe(self, errors: list[CellError]) -> tuple[dict, str]:
        code = build_probe(errors, hints=catalogue_hints)
        assert code is not None
        out, err = self.run(code, store_history=False)  # as the executor runs it
        assert err is None, err and err.traceback
        lines = [ln for ln in out.splitlines() if ln.startswith(FACTS_MARKER)]
        assert len(lines) == 1, out
        return json.loads(lines[0][len(FACTS_MARKER) :]), out

    def user_names(self) -> list[str]:
        """The user's namespace, without IPython's history variables (_i3, _, __, ...)."""
        out, _ = self.run("print(sorted(globals()))", store_history=False)
        return [n for n in eval(out) if not n.startswith("_") or "mlem" in n]

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel()
    k.run("import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'a': [1, 2], 'b': [3, 4]})")
    yield k
    k.close()


def one_item(kernel: Kernel, code: str) -> tuple[dict, dict]:
    err = kernel.failing(code)
    facts, _ = kernel.probe([err])
    assert len(facts["items"]) == 1
    return facts["items"][0], facts


@pytest.mark.kernel
def test_numpy_removed_alias(kernel):
    item, facts = one_item(kernel, "y = np.float(1)")
    assert item["target"] == "numpy.float" and item["exists"] is False
    assert item.get("builtin") is True  # the builtin float is the modern spelling
    assert "float64" in item["close"]
    assert facts["versions"]["numpy"] == np.__version__
    text = format_facts(facts)
    assert "`numpy.float` does not exist" in text and "`float64`" in text
    assert f"numpy {np.__version__}" in text


@pytest.mark.kernel
def test_a_missing_matplotlib_style_lists_the_closest_installed_ones(kernel):
    """The 1.5B model answered rhiever's `plt.style.use("tableau10")` with `ggplot2` (no such
    style): the probe names the installed styles closest to the one asked for."""
    code = "import matplotlib.pyplot as plt\nplt.style.use('tableau10')"
    item, facts = one_item(kernel, code)
    assert item["target"] == "tableau10" and item["close"][0] == "tableau-colorblind10"
    text = format_facts(facts)
    assert "`tableau10` is not among the" in text and "`tableau-colorblind10`" in text
    item, _ = one_item(kernel, "plt.style.use('ggplot2')")
    assert item["close"][0] == "ggplot"


@pytest.mark.kernel
def test_pandas_ix_names_loc_and_iloc(kernel):
    item, facts = one_item(kernel, "row = df.ix[0, 'b']")
    assert item["expr"] == "df"
    assert item["type"].endswith("DataFrame")
    assert {"loc", "iloc"} <= set(item["subscriptable"])
    assert "label" in item["docs"]["loc"] and "position" in item["docs"]["iloc"]
    assert item["indexed_by"] == "label" and set(item["index_fits"]) == {"loc", "at"}
    assert item["subscriptable"][:2] == item["index_fits"]  # label-based first
    assert "the failing line indexes by label, as `" in format_facts(facts)
    assert "pandas" in facts["versions"]
    assert "`iloc`" in format_facts(facts) and "`loc`" in format_facts(facts)


@pytest.mark.kernel
def test_removed_class_found_in_another_submodule(kernel):
    item, facts = one_item(kernel, "from sklearn.preprocessing import Imputer")
    assert item["target"] == "sklearn.preprocessing.Imputer"
    assert "sklearn.impute.SimpleImputer" in item["similar_elsewhere"]
    assert "simple strategies" in item["docs"]["sklearn.impute.SimpleImputer"]
    assert "scikit-learn" in facts["versions"]
    assert "`sklearn.impute.SimpleImputer`" in format_facts(facts)


@pytest.mark.kernel
def test_candidates_ranked_by_the_keywords_the_notebook_passes(kernel):
    errors = [
        kernel.failing("from sklearn.preprocessing import Imputer"),
        kernel.failing("imp = Imputer(strategy='median',\n             axis=0)"),
    ]
    facts, _ = kernel.probe(errors)
    item = facts["items"][0]
    assert item["call_keywords"] == ["strategy", "axis"]
    assert item["similar_elsewhere"][0] == "sklearn.impute.SimpleImputer"
    assert item["accepts_call"]["sklearn.impute.SimpleImputer"] == ["strategy"]
    assert item["accepts_call"]["sklearn.impute.KNNImputer"] == []
    assert "`sklearn.impute.SimpleImputer` takes only `strategy=`" in format_facts(facts)


@pytest.mark.kernel
def test_removed_module_points_to_its_successor(kernel):
    item, facts = one_item(kernel, "from sklearn.cross_validation import train_test_split, KFold")
    assert item["target"] == "sklearn.cross_validation"
    assert item["names"] == ["train_test_split", "KFold"]
    assert item["names_found_in"]["train_test_split"] == ["sklearn.model_selection"]
    assert "sklearn.model_selection" in item["names_found_in"]["KFold"]
    assert "`train_test_split` is importable from `sklearn.model_selection`" in format_facts(facts)


@pytest.mark.kernel
def test_removed_keyword_gives_the_real_signature(kernel):
    from sklearn.linear_model import LinearRegression

    item, facts = one_item(
        kernel,
        "from sklearn.linear_model import LinearRegression\n"
        "model = LinearRegression(\n    normalize=True)",
    )
    assert item["keyword"] == "normalize"
    assert item["target"] == "LinearRegression"
    import inspect

    real = list(inspect.signature(LinearRegression).parameters)
    for name in real:
        assert f"{name}=" in item["signature"]
    assert "normalize" not in item["signature"]
    assert "its signature is `LinearRegression(*, fit_intercept=True" in format_facts(facts)


@pytest.mark.kernel
def test_renamed_keyword_of_a_method(kernel):
    item, _ = one_item(kernel, "df.to_csv('/dev/null', line_terminator='\\n')")
    assert item["target"] == "df.to_csv"
    assert item["close"] == ["lineterminator"]


@pytest.mark.kernel
def test_renamed_helper_function(kernel):
    item, facts = one_item(kernel, "def load_data2():\n    return 1\nX = load_data()")
    assert item["close"][0] == "load_data2"
    assert "defined names close to it: `load_data2`" in format_facts(facts)


@pytest.mark.kernel
def test_missing_top_level_package(kernel):
    item, facts = one_item(kernel, "import xgboost_not_here")
    assert item["installed"] is False
    assert "not installed" in format_facts(facts)


@pytest.mark.kernel
def test_several_errors_in_one_probe_and_no_side_effects(kernel):
    kernel.run(
        "class Counter:\n    n = 0\n    @property\n    def hit(self):\n"
        "        Counter.n += 1\n        return Counter.n\nc = Counter()"
    )
    errors = [
        kernel.failing("np.float(2)"),
        kernel.failing("c.hit.nothing_here"),  # the user's code reads the property once
        kernel.failing("from sklearn.preprocessing import Imputer"),
    ]
    before = kernel.user_names()
    snapshot, _ = kernel.run("print(df.to_json(), Counter.n, np.__name__)")
    started = time.monotonic()
    facts, out = kernel.probe(errors)
    assert time.monotonic() - started < 10
    assert [i["kind"] for i in facts["items"]] == ["module_attr", "object_attr", "import_name"]
    assert out.strip().count("\n") == 0  # exactly one line printed: the facts
    after = kernel.user_names()
    assert after == before
    assert not [n for n in after if "mlem" in n]
    assert "Counter" in after and "df" in after
    again, _ = kernel.run("print(df.to_json(), Counter.n, np.__name__)")
    assert again == snapshot  # the property was never evaluated by the probe, df unchanged
    assert snapshot.split()[1] == "1"


@pytest.mark.kernel
def test_probe_survives_what_it_cannot_resolve(kernel):
    errors = [
        CellError(0, "x", "AttributeError", "module 'no_such_mod' has no attribute 'x'", ""),
        CellError(1, "y", "AttributeError", "'Ghost' object has no attribute 'boo'", ""),
        CellError(2, "z", "ModuleNotFoundError", "No module named 'nope.deeper'", ""),
        CellError(3, "w", "TypeError", "ghost() got an unexpected keyword argument 'k'", ""),
    ]
    facts, _ = kernel.probe(errors)
    assert len(facts["items"]) == 4
    assert facts["items"][0]["module_found"] is False
    assert facts["items"][1]["type_found"] is False
    assert facts["items"][3]["callable_found"] is False
    assert isinstance(format_facts(facts), str)


@pytest.mark.kernel
def test_probe_through_the_local_executor(tmp_path: Path):
    from mlemodernizer.execution.local import LocalExecutor

    nb = new_notebook(
        cells=[
            new_code_cell("import numpy as np"),
            new_code_cell("from sklearn.cross_validation import train_test_split"),
            new_code_cell("x = np.int(3)"),
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    result = LocalExecutor().execute(
        ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=120, probe=build_probe)
    )
    assert [e.cell_index for e in result.errors] == [1, 2]
    targets = [i["target"] for i in result.facts["items"]]
    assert targets == ["sklearn.cross_validation", "numpy.int"]
    numpy_int = result.facts["items"][1]
    assert numpy_int["builtin"] is True and "int64" in numpy_int["containing"]


# --- the engine side: which errors become which questions ---------------------------------------


def test_irrelevant_errors_give_no_probe():
    errors = [CellError(0, "a", "ZeroDivisionError", "division by zero", "")]
    assert build_probe(errors) is None
    assert build_probe([]) is None


def test_queries_from_plain_python_tracebacks():
    tb = (
        "Traceback (most recent call last):\n"
        '  File "<stdin>", line 3, in <module>\n'
        "    model = sk.LinearRegression(fit_intercept=False, normalize=True)\n"
        "TypeError: LinearRegression.__init__() got an unexpected keyword argument 'normalize'"
    )
    evalue = "LinearRegression.__init__() got an unexpected keyword argument 'normalize'"
    err = CellError(0, "a", "TypeError", evalue, tb)
    q = error_query(err)
    assert q is not None and q["kind"] == "kwarg"
    assert q["expr"] == "sk.LinearRegression" and q["keyword"] == "normalize"


def test_object_expression_only_plain_dotted_names():
    tb = "----> 1 pd.read_csv('x').ix[0]\n"
    q = error_query(
        CellError(0, "a", "AttributeError", "'DataFrame' object has no attribute 'ix'", tb)
    )
    assert q is not None and q["expr"] is None and q["subscript"] == "position"
    tb = "----> 1 out = self.frames.train.ix[0]\n"
    q = error_query(
        CellError(0, "a", "AttributeError", "'DataFrame' object has no attribute 'ix'", tb)
    )
    assert q is not None and q["expr"] == "self.frames.train"


def test_imported_names_from_alias_usage():
    tb = "----> 1 import sklearn.cross_validation as cv\n      2 a, b = cv.train_test_split(X)\n"
    q = error_query(
        CellError(0, "a", "ModuleNotFoundError", "No module named 'sklearn.cross_validation'", tb)
    )
    assert q is not None and q["names"] == ["train_test_split"]


def test_format_facts_tolerates_junk():
    assert format_facts({}) == ""
    assert format_facts({"items": [None, 3, {"kind": "module_attr", "close": "notalist"}]}) != "x"
    assert format_facts({"items": "nope", "versions": {"a": 1}}) == ""
    assert format_facts("not a dict") == ""  # type: ignore[arg-type]
