"""The second judge: the author's stored outputs against today's, cell by cell.

The comparison on hand-made outputs, then a real notebook through the CLI and real kernels: its
stored outputs made by the code as the author's libraries ran it (the old default spelled out),
its cells as the author wrote them."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from mlemodernizer.scoring.output_fidelity import (
    changed_words,
    compare,
    integers_moved,
    match_numbers,
    moved_in_print,
)
from mlemodernizer.scoring.reader_text import reader_text

from ..conftest import run_cli, saved_then_written


def _cell(*texts: str, error: bool = False):
    cell = new_code_cell("x")
    cell.outputs = [new_output("stream", name="stdout", text=t) for t in texts]
    if error:
        cell.outputs.append(new_output("error", ename="E", evalue="v", traceback=[]))
    return cell


def _pair(stored: list, now: list):
    a, b = new_notebook(cells=stored), new_notebook(cells=now)
    for i, (x, y) in enumerate(zip(a.cells, b.cells, strict=True)):
        x.id = y.id = f"c{i}"
    return a, b


def test_a_number_changed_in_its_printed_digits_is_said_though_the_band_finds_it() -> None:
    """3.0277 stored, 2.8723 today: inside the 10% band (the judge's count finds it, as an
    independent re-run counts it), yet not what the author printed. The report says it with
    old and new; 0.947 against 0.9473684 is the same number to the digits printed."""
    assert moved_in_print(["3.0277", "0.947", "12"], ["2.8723", "0.9473684", "11"], 0.1) == [
        {"old": "3.0277", "new": "2.8723"}
    ]
    stored, now = _pair(
        [_cell("mean 3.0277, acc 0.947"), _cell("r2 0.50")],
        [_cell("mean 2.8723, acc 0.9473684"), _cell("r2 0.5")],
    )
    fidelity = compare(stored, now)
    first, second = fidelity.cells
    assert (first.status, first.numbers_found, first.numbers_total) == ("same", 2, 2)
    assert first.moved_in_print == [{"old": "3.0277", "new": "2.8723"}]
    assert second.moved_in_print == []  # 0.50 is 0.5
    assert fidelity.first_drift is None  # the verdict's band is the judge's, unchanged
    assert fidelity.line() == (
        "3 of 3 stored numbers found again; no drift; 1 number within the band changed in its "
        "printed digits: cell 1"
    )
    words = changed_words(fidelity.to_json()["cells"][0])
    assert words == "2 of 2 numbers found; within the band: 3.0277 → 2.8723"


def test_numbers_within_the_band_timing_lines_counted_apart() -> None:
    found, drift = match_numbers(["0.947", "150", "4"], ["0.93", "120", "4"], 0.1)
    assert found == 2 and drift == [{"old": "150", "new": "120"}]  # a count moved: drift
    # within the band a count is found (as an independent re-run counts it), yet it moved
    assert integers_moved(["0.947", "150", "4"], ["0.93", "149", "4"]) == [
        {"old": "150", "new": "149"}
    ]
    timed = "acc 0.9\n1.2 ms ± 3 µs per loop (mean ± std. dev. of 7 runs)\n"
    assert reader_text(_cell(timed), timing=False) == "acc 0.9"
    stored, now = _pair(
        [_cell("shape (150, 4)\nname: setosa"), _cell("0.5"), _cell("x"), new_code_cell("y")]
        + [_cell(timed), _cell(timed), _cell("rows: 150")],
        [_cell("shape (150, 4)\nname: 42"), _cell("0.5", error=True), _cell(), _cell("1")]
        + [_cell(timed.replace("1.2 ms", "4.5 ms")), _cell(timed.replace("0.9", "0.5"))]
        + [_cell("rows: 149")],
    )
    fidelity = compare(stored, now)
    statuses = [c.status for c in fidelity.cells]
    assert statuses == [
        "drifted", "lost_output", "lost_output", "new_output", "random", "drifted", "drifted"
    ]  # fmt: skip
    assert fidelity.cells[6].drift == [{"old": "150", "new": "149"}]
    assert fidelity.cells[0].words_lost == ["setosa"] and fidelity.cells[0].numbers_found == 2
    assert "timing" in fidelity.cells[4].random_why
    assert fidelity.first_drift == 0 and not fidelity.noise_measured
    # the random cell apart (3 of its 4 numbers found), and with it, as an independent re-run
    # counts: 0.9, 1.2, 3 and 7 in each timed cell; 0.5 lost with the error
    assert (fidelity.found, fidelity.total) == (2 + 0 + 3 + 1, 2 + 1 + 4 + 1)
    assert (fidelity.found_all, fidelity.total_all) == (6 + 3, 8 + 4)
    assert fidelity.line().startswith("6 of 8 stored numbers found again; drift starts at cell 1")
    # a cell that prints the machine's versions: the author's are not results to find again
    versions = _pair(
        [_cell("numpy 1.11.3\nLast updated: 2017-01-03"), _cell("0.5")],
        [_cell("numpy 2.4.6\nLast updated: 2026-12-04"), _cell("0.5")],
    )
    versions[0].cells[0].source = "import numpy\nprint('numpy', numpy.__version__)"
    told = compare(*versions)
    assert [c.status for c in told.cells] == ["machine", "same"]
    assert (told.found, told.total) == (1, 1) and told.to_json()["machine_cells"] == [0]
    assert "the machine's versions and dates, counted apart: cell 1" in told.line()


# (the code as the author's libraries ran it, to make the stored output; the cell as written)
CELLS = [
    (
        "import numpy as np\nimport matplotlib.pyplot as plt\n"
        "from sklearn.datasets import load_iris\n"
        "from sklearn.linear_model import LogisticRegression\nX, y = load_iris(return_X_y=True)",
        None,
    ),
    ("rng = np.random.RandomState(0)\nprint(rng.rand(3).round(4))", None),
    # a dozen unseeded numbers: three can each be found again within the 10% band by chance (it
    # happened once, in CI: the cell read "same"), twelve all at once practically cannot
    ("print(np.random.rand(12).round(4))", None),
    (
        # scikit-learn < 0.22 fitted liblinear one-vs-rest by default; today lbfgs, multinomial
        "from sklearn.multiclass import OneVsRestClassifier\n"
        "clf = OneVsRestClassifier(LogisticRegression(solver='liblinear')).fit(X, y)\n"
        "print(clf.predict_proba(X[:1]).round(3))",
        "clf = LogisticRegression().fit(X, y)\nprint(clf.predict_proba(X[:1]).round(3))",
    ),
    ("plt.plot([1, 3, 2])\nplt.show()", None),
    (
        # the same changed default, drawn: the class probabilities of one flower
        "plt.bar(range(3), clf.predict_proba(X[70:71])[0])\nplt.show()",
        None,
    ),
]


@pytest.mark.kernel
def test_a_real_notebook_drift_random_cells_and_figures_told_apart(tmp_path: Path) -> None:
    path = saved_then_written(CELLS, tmp_path)
    report_path = tmp_path / "report.json"
    proc = run_cli("run", str(path), "--offline", "--report", str(report_path))
    assert proc.returncode == 0, proc.stderr
    fidelity = json.loads(report_path.read_text())["fidelity"]
    cells = {c["cell_index"]: c for c in fidelity["cells"]}
    assert cells[1]["status"] == "same"  # seeded: the same numbers
    assert cells[2]["status"] == "random" and "two fresh runs" in cells[2]["random_why"]
    assert cells[3]["status"] == "drifted" and cells[3]["drift"]  # the changed default
    assert cells[4]["status"] == "same" and cells[4]["figures_same"] == 1
    assert cells[5]["status"] == "drifted" and cells[5]["figures_same"] == 0
    assert fidelity["first_drift_cell"] == 3 and fidelity["noise_measured"]
    assert fidelity["random_cells"] == [2]
    # the random cell is counted apart: the total is the other cells' numbers
    assert fidelity["total"] == sum(
        c["numbers_total"] for c in fidelity["cells"] if c["status"] != "random"
    )
    assert "drift starts at cell 4" in proc.stderr and "random" in proc.stderr
    provenance = nbformat.read(tmp_path / "old.modernized.ipynb", as_version=4).metadata
    assert provenance["mlemodernizer"]["fidelity"]["first_drift_cell"] == 3


@pytest.mark.kernel
def test_the_t_tests_rerun_tells_random_cells_apart_without_a_run_more(tmp_path: Path) -> None:
    path = saved_then_written(
        [("import numpy as np\nprint(np.random.rand(12).round(4))\nprint('score: 1.0')", None)],
        tmp_path,
    )
    report_path = tmp_path / "report.json"
    proc = run_cli(
        "run", str(path), "--offline", "--report", str(report_path), "--no-noise-run",
        "--score-regex", r"score: ([0-9.]+)", "--target-score", "1.0", "--reruns", "1",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(report_path.read_text())
    fidelity = report["fidelity"]
    assert report["reproducibility_basis"] == "t-test"
    assert fidelity["noise_measured"] and fidelity["random_cells"] == [0]


def _frame_cell(frame):
    cell = new_code_cell("df")
    data = {"text/html": frame._repr_html_(), "text/plain": repr(frame)}
    cell.outputs = [new_output("execute_result", data=data, execution_count=1)]
    return cell


def test_tables_are_compared_value_by_value_at_their_row_and_column() -> None:
    import pandas as pd

    index = pd.Index(["setosa", "virginica"], name="species")
    then = pd.DataFrame({"petal": [1.46, 5.55], "n": [50, 50]}, index=index)
    # the same numbers, the petal lengths moved to the other rows: the bag holds them all
    swapped = pd.DataFrame({"petal": [5.55, 1.46], "n": [50, 50]}, index=index)
    stored, now = _pair(
        [_frame_cell(then), _frame_cell(then)], [_frame_cell(swapped), _frame_cell(swapped)]
    )
    now.cells[1] = _frame_cell(then.drop(columns="n"))
    now.cells[1].id = "c1"
    fidelity = compare(stored, now)
    moved, gone = fidelity.cells
    assert moved.numbers_found == moved.numbers_total  # as an independent re-run counts
    assert moved.status == "drifted" and moved.tables_compared == 1
    assert moved.drift == [
        {"old": "1.46", "new": "5.55", "where": "setosa / petal"},
        {"old": "5.55", "new": "1.46", "where": "virginica / petal"},
    ]
    assert "setosa / petal: 1.46 -> 5.55" in moved.describe()
    assert gone.status == "drifted"
    assert {"old": "50", "new": "", "where": "setosa / n"} in gone.drift
    same = compare(*_pair([_frame_cell(then)], [_frame_cell(then.round(3))]))
    assert same.cells[0].status == "same" and same.cells[0].tables_compared == 1
