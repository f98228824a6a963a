"""Work past an error that cannot be fixed here (issue 15): a missing package, an error inside a
helper file left alone, and the knock-on errors behind them do not stop error repair of the other
failing cells. The real CLI and kernels, the scripted OpenAI-compatible server.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.notebook import output_texts
from mlemodernizer.contracts.shapes import CellTriage
from mlemodernizer.loop.triage import blocked_notes

from ..conftest import json_report, make_notebook, run_cli, write_notebook
from ..scripted_openai import ScriptedOpenAI

HELPERS = "def load_dataset():\n    return [1, 2, 3]\n"
RENAMED = "from helpers import load_data\nprint(len(load_data()))"
FIXED = "from helpers import load_dataset as load_data\nprint(len(load_data()))"


def fix(index: int, source: str) -> str:
    # ``index``: the cell's 0-based index; the model names it by its number, from 1
    return f"The helper was renamed.\n\n```python\n# %% cell {index + 1}\n{source}\n```\n"


def prompt_text(body: dict) -> str:
    return "\n".join(str(m.get("content", "")) for m in body["messages"])


def run(nb: Path, srv: ScriptedOpenAI, *extra: str) -> dict:
    # the LLM's path: the environment family repairs a renamed helper first (its own tests)
    args = ["--base-url", srv.base_url, "--model", "m", "--fixers", "rules,llm", "--json", *extra]
    return json_report(run_cli("run", str(nb), *args))


@pytest.mark.kernel
def test_a_missing_package_does_not_stop_the_repair_of_a_later_cell(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS)
    nb = write_notebook(tmp_path / "nb.ipynb", ["import watermark_xyz_absent", RENAMED])
    with ScriptedOpenAI([fix(1, FIXED)]) as srv:
        report = run(nb, srv)
        prompts = [prompt_text(r) for r in srv.requests]
    # the later cell was shown to the model and fixed; the package was never its business,
    # and the prompt says why cell 1 (index 0) is left alone
    assert len(prompts) == 1 and "cannot import name 'load_data'" in prompts[0]
    assert "cell 1 is blocked: needs package watermark-xyz-absent" in prompts[0]
    assert report["final"]["error_cells"] == 1 and report["stop_reason"] == "blocked"
    [cell] = report["cells"]
    assert (cell["cell_index"], cell["state"], cell["kind"]) == (0, "blocked", "environment")
    assert cell["package"] == "watermark-xyz-absent"
    assert report["error_summary"] == "1 cell needs package watermark-xyz-absent"
    assert report["iterations"][0]["cells_changed"] == [1]


@pytest.mark.kernel
def test_an_error_in_a_helper_file_under_modules_report_does_not_stop_the_rest(
    tmp_path: Path,
) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "oldmath.py").write_text("import numpy as np\n\nHALF = np.float(0.5)\n")
    nb = write_notebook(tmp_path / "nb.ipynb", ["import oldmath", RENAMED])
    with ScriptedOpenAI([fix(1, FIXED)]) as srv:
        report = run(nb, srv, "--modules", "report")
        served = srv.served
    assert served == 1 and report["iterations"][0]["cells_changed"] == [1]
    [cell] = report["cells"]
    assert (cell["cell_index"], cell["kind"]) == (0, "helper_file")
    assert "oldmath.py" in cell["reason"]
    assert (tmp_path / "oldmath.py").read_text().endswith("np.float(0.5)\n")  # left alone
    assert report["error_summary"] == (
        "1 cell fails in a .py file beside the notebook, left as it is"
    )


@pytest.mark.kernel
def test_a_knock_on_name_error_behind_a_blocked_cell_is_not_sent_to_the_model(
    tmp_path: Path,
) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS)
    cells = ["import absent_pkg_xyz as ap", "values = ap.compute()\nprint(values)", RENAMED]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    with ScriptedOpenAI([fix(2, FIXED)]) as srv:
        report = run(nb, srv)
        prompt = prompt_text(srv.requests[0])
    assert "cannot import name 'load_data'" in prompt
    assert "name 'ap' is not defined" not in prompt
    # its knock-on is named, so the model leaves it: no code change here fixes it
    assert "- cell 2 fails only because cell 1 did; leave it" in prompt
    states = {c["cell_index"]: (c["state"], c.get("after")) for c in report["cells"]}
    assert states == {0: ("blocked", None), 1: ("knock_on", 0)}
    assert report["iterations"][0]["cells_changed"] == [2]
    assert report["error_summary"] == (
        "1 cell needs package absent-pkg-xyz; 1 more fails only because an earlier cell did"
    )


@pytest.mark.kernel
def test_a_name_a_blocked_star_import_of_a_local_module_brings_is_a_knock_on(
    tmp_path: Path,
) -> None:
    """A book's `from preamble import *` fails on a package its preamble imports: the later
    NameErrors for what the preamble defines are knock-ons, not errors to send to the model."""
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "preamble.py").write_text("import math\nimport absent_pkg_xyz as ap\n")
    cells = ["from preamble import *", "print(ap.compute())", RENAMED]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    with ScriptedOpenAI([fix(2, FIXED)]) as srv:
        report = run(nb, srv)
        prompts = [prompt_text(r) for r in srv.requests]
    assert len(prompts) == 1 and "cannot import name 'load_data'" in prompts[0]
    states = {c["cell_index"]: (c["state"], c.get("after")) for c in report["cells"]}
    assert states == {0: ("blocked", None), 1: ("knock_on", 0)}


@pytest.mark.kernel
def test_an_object_a_blocked_cell_was_to_set_up_makes_a_knock_on(tmp_path: Path) -> None:
    """`enc` exists but the cell meant to fill it failed behind the missing package: the KeyError
    on the line using it is a knock-on, not an error for the model (imlp-04's NotFittedErrors)."""
    (tmp_path / "helpers.py").write_text(HELPERS)
    cells = [
        "import absent_pkg_xyz as ap",
        "enc = {}\nenc['fitted'] = ap.compute()",
        "x = 1\nprint(enc['fitted'])",
        RENAMED,
    ]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    with ScriptedOpenAI([fix(3, FIXED)]) as srv:
        report = run(nb, srv)
        prompts = [prompt_text(r) for r in srv.requests]
    assert len(prompts) == 1 and "cannot import name 'load_data'" in prompts[0]
    states = {c["cell_index"]: (c["state"], c.get("after")) for c in report["cells"]}
    assert states == {0: ("blocked", None), 1: ("knock_on", 0), 2: ("knock_on", 1)}


@pytest.mark.kernel
def test_a_missing_optional_dependency_of_pandas_is_a_missing_package(tmp_path: Path) -> None:
    """`pd.read_excel` without python-calamine raises a plain ImportError naming the package
    (not "No module named"): the cell is blocked on it, not sent to the model."""
    if importlib.util.find_spec("python_calamine") is not None:
        pytest.skip("python-calamine is installed here")
    (tmp_path / "helpers.py").write_text(HELPERS)
    xls = "open('d.xls', 'wb').write(bytes.fromhex('d0cf11e0a1b11ae1') + bytes(600))"
    cells = [f"import pandas as pd\n{xls}", "df = pd.read_excel('d.xls')", RENAMED]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    with ScriptedOpenAI([fix(2, FIXED)]) as srv:
        report = run(nb, srv)
        prompts = [prompt_text(r) for r in srv.requests]
    assert len(prompts) == 1 and "cannot import name 'load_data'" in prompts[0]
    [cell] = report["cells"]
    assert (cell["cell_index"], cell["kind"], cell["package"]) == (
        1,
        "environment",
        "python-calamine",
    )


@pytest.mark.kernel
def test_the_cli_names_the_blocked_cells(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["%load_ext watermark_absent_ext", "x = 1"])
    proc = run_cli("run", str(nb), "--offline")
    assert proc.returncode == 0, proc.stderr
    assert "cell 1: needs package watermark-absent-ext" in proc.stderr
    report = json.loads(
        run_cli("run", str(nb), "--offline", "--json", "--out", str(tmp_path / "o.ipynb")).stdout
    )
    assert report["stop_reason"] == "blocked" and report["iterations"] == []


@pytest.mark.kernel
def test_a_missing_print_only_extension_is_commented_out(tmp_path: Path) -> None:
    """`%load_ext watermark` (not installed here) and its `%watermark` line only print: they
    are commented out with a note, and the notebook runs; an unknown extension stays blocked."""
    cells = [
        "%load_ext watermark\n%watermark -a 'Author' -v -p numpy",
        "import numpy as np\nprint(np.arange(3).sum())",
        "%watermark -iv",
    ]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    report = json_report(run_cli("run", str(nb), "--offline", "--json"))
    assert report["error_free"] is True and report["iterations"][0]["rule_ids"] == ["IPY900"]
    out = (tmp_path / "nb.modernized.ipynb").read_text()
    assert "# mlemodernizer: watermark is not installed; it only prints" in out
    assert report["iterations"][0]["cells_changed"] == [0, 2]
    # an extension that computes is not the tool's to drop: the cell stays blocked on it
    nb2 = write_notebook(tmp_path / "sql.ipynb", ["%load_ext sql_absent_xyz", "x = 1"])
    report = json_report(run_cli("run", str(nb2), "--offline", "--json"))
    assert report["stop_reason"] == "blocked" and report["cells"][0]["kind"] == "environment"


@pytest.mark.kernel
def test_a_data_set_read_from_an_unreachable_url_is_read_from_its_copy_beside_it(
    tmp_path: Path,
) -> None:
    """A book's notebook reads its data from a URL and ships the same file beside it; offline
    (a host that never resolves: `.invalid`), the read fails, the URL becomes the local file's
    path (PY2902, REVIEW, said in the plan) and the cells after it run. A URL whose file is not
    there is left as it is."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "wine.data").write_text("1,14.2,1.7\n2,13.2,1.8\n1,13.1,2.4\n")
    cells = [
        "import pandas as pd\n"
        "df = pd.read_csv('https://archive.example.invalid/'\n"
        "                 'ml/machine-learning-databases/wine/wine.data', header=None)\n"
        "# if the host is down, read it from the local path:\n"
        "# df = pd.read_csv('data/wine.data', header=None)",
        "print(df.shape, df[0].sum())",
    ]
    nb = write_notebook(tmp_path / "wine.ipynb", cells, outputs={1: "(3, 3) 4\n"})
    report = json_report(run_cli("run", str(nb), "--offline", "--json"))
    assert report["baseline"]["error_cells"] == 2, report["baseline"]
    assert report["error_free"] is True, report["final"]
    (first,) = [it for it in report["iterations"] if "PY2902" in it["rule_ids"]]
    assert "data/wine.data" in first["plan"] and "REVIEW" in first["plan"]
    out = nbformat.read(tmp_path / "wine.modernized.ipynb", as_version=4)
    assert "pd.read_csv('data/wine.data', header=None)" in out.cells[0].source
    assert "(3, 3) 4" in "".join(t for k, t in output_texts(out.cells[1]) if k == "stdout")

    # no file of that name here: nothing to read instead, the cell stays blocked
    nb2 = write_notebook(
        tmp_path / "other.ipynb",
        ["import pandas as pd\npd.read_csv('https://archive.example.invalid/absent.csv')"],
    )
    report = json_report(run_cli("run", str(nb2), "--offline", "--json"))
    assert not report["error_free"]
    assert all("PY2902" not in it["rule_ids"] for it in report["iterations"])
    (cell,) = report["cells"]
    assert cell["cause"] == "environment" and "needs the network" in cell["reason"]


@pytest.mark.kernel
def test_each_remaining_failure_is_explained_with_its_cause(tmp_path: Path) -> None:
    """Offline, what the rules cannot fix is told apart in the report and the CLI: a package
    the environment lacks (named, also when pandas names an optional dependency), a file that
    is not there, an API that is gone (no rule) and a call that now behaves differently."""
    cells = [
        "import io\nimport pandas as pd\npd.read_excel(io.BytesIO(b'x'), engine='calamine')",
        "open('measurements_absent.csv').read()",
        "import math\nmath.old_removed_helper(2)",
        "print([1, 2] + (3,))",
    ]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    proc = run_cli("run", str(nb), "--offline", "--json", "--out", str(tmp_path / "o.ipynb"))
    report = json_report(proc)
    causes = {c["cell_index"]: c["cause"] for c in report["cells"]}
    assert causes == {0: "environment", 1: "environment", 2: "no rule", 3: "behaviour change"}
    by_index = {c["cell_index"]: c for c in report["cells"]}
    assert by_index[0]["package"] == "python-calamine"
    assert "needs file measurements_absent.csv" in by_index[1]["reason"]
    assert report["error_summary"] == (
        "1 cell needs package python-calamine; "
        "3 cells still fail: a call now behaves differently (1), something the environment "
        "lacks (1), a removed or renamed API that no rule rewrites (1)"
    )
    lines = run_cli("run", str(nb), "--offline", "--out", str(tmp_path / "p.ipynb")).stderr
    assert "cell 3: a removed or renamed API that no rule rewrites: AttributeError" in lines
    assert "cell 4: a call now behaves differently: TypeError" in lines
    assert "cell 1: needs package python-calamine" in lines


def test_knock_ons_are_left_alone_only_behind_a_blocked_cell() -> None:
    """A knock-on of a cell the model may fix follows that fix (and may have to follow a rename):
    the prompt never tells the model to leave it. Behind a blocked cell it does, down the chain."""
    cells = [
        CellTriage(0, "a", "ModuleNotFoundError", "blocked", kind="environment", reason="needs x"),
        CellTriage(1, "b", "NameError", "knock_on", after=0),
        CellTriage(2, "c", "NameError", "knock_on", after=1),
        CellTriage(3, "d", "ImportError", "fixable"),
        CellTriage(4, "e", "NameError", "knock_on", after=3),
        CellTriage(5, "f", "NameError", "knock_on", after=4),
    ]
    assert blocked_notes(cells) == [
        # numbered as the prompt numbers cells, from 1
        "cell 1 is blocked: needs x; do not try to fix it",
        "cell 2 fails only because cell 1 did; leave it",
        "cell 3 fails only because cell 2 did; leave it",
    ]


def _with_stored_error(path: Path, cells: list[str], index: int, ename: str, evalue: str) -> Path:
    """A notebook whose cell ``index`` stores the error the author's run raised."""
    nb = make_notebook(cells)
    nb.cells[index].outputs = [
        nbformat.v4.new_output("error", ename=ename, evalue=evalue, traceback=[])
    ]
    nbformat.write(nb, path)
    return path


@pytest.mark.kernel
def test_an_error_the_authors_run_raised_too_is_left_as_written(tmp_path: Path) -> None:
    """A tutorial shows what a mistake raises: the cell's stored output holds the error (here in
    Python 2's words). It is the notebook as its author ran it: not sent to the model, not said
    to be "a call now behaves differently", and the rest is repaired past it."""
    (tmp_path / "helpers.py").write_text(HELPERS)
    nb = _with_stored_error(
        tmp_path / "nb.ipynb",
        ["M = [0]\nM[0] = int('hello')", RENAMED],
        0,
        "ValueError",
        "invalid literal for long() with base 10: 'hello'",
    )
    with ScriptedOpenAI([fix(1, FIXED)]) as srv:
        report = run(nb, srv)
        prompts = [prompt_text(r) for r in srv.requests]
    assert len(prompts) == 1 and "cannot import name 'load_data'" in prompts[0]
    assert "cell 1 is blocked: raised ValueError in the author's run too" in prompts[0]
    [cell] = report["cells"]
    assert (cell["cell_index"], cell["kind"], cell["cause"]) == (0, "as_stored", "author's run")
    assert report["error_summary"] == (
        "1 cell raises the error the author's run raised too (left as written)"
    )
    assert report["iterations"][0]["cells_changed"] == [1]
    assert report["stop_reason"] == "blocked"


def test_only_the_same_error_the_author_stored_counts_as_theirs(tmp_path: Path) -> None:
    """The same exception with the names its message quotes: an ``AttributeError`` for
    ``'float'`` today is not the author's stored one for ``'foo'``; a cell stored clean is
    nobody's demonstration."""
    from mlemodernizer.execution.base import CellError
    from mlemodernizer.loop.triage import triage

    cells = ["np.float(1)", "x.foo", "int('hello')"]
    nb = make_notebook(cells)
    for i, evalue in (
        (0, "'X' object has no attribute 'foo'"),
        (1, "'X' object has no attribute 'foo'"),
    ):
        nb.cells[i].outputs = [
            nbformat.v4.new_output("error", ename="AttributeError", evalue=evalue, traceback=[])
        ]
    errors = [
        CellError(
            0, nb.cells[0].id, "AttributeError", "module 'numpy' has no attribute 'float'", ""
        ),
        CellError(1, nb.cells[1].id, "AttributeError", "'X' object has no attribute 'foo'", ""),
        CellError(
            2, nb.cells[2].id, "ValueError", "invalid literal for int() with base 10: 'hello'", ""
        ),
    ]
    told = triage(errors, nb, folder=tmp_path, versions={}, stored=nb)
    assert [c.kind for c in told] == [None, "as_stored", None]
    assert [c.state for c in told] == ["fixable", "blocked", "fixable"]
