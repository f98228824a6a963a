"""Issue 29, item 1: one cell numbering wherever a person reads one, JupyterLab's (from 1, over
all cells, markdown too). JSON fields that stay 0-based are named as an index (``cell_index``)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from mlemodernizer.batches.report import to_csv
from mlemodernizer.batches.runner import row_from_report

from ..conftest import run_cli, write_notebook

# cell 1 is markdown: a 0-based index and JupyterLab's number differ by one, and a count over
# code cells alone would differ by two from cell 3 on
CELLS = [
    "md:# Old numpy",
    "import numpy as np\nvalues = np.arange(4)",
    "md:## Casting",
    "count = np.int(len(values))\nprint('count:', count)",
]


@pytest.mark.kernel  # the CLI on a notebook
def test_lint_prints_jupyterlab_numbers_and_its_json_names_the_index(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "old.ipynb", CELLS)
    text = run_cli("lint", str(nb), "--select", "NPY001")
    assert text.returncode == 1, text.stderr
    assert text.stdout.splitlines()[0].startswith(f"{nb}: cell 4:1 NPY001 ")

    listed = run_cli("lint", str(nb), "--select", "NPY001", "--json")
    [finding] = json.loads(listed.stdout)
    assert (finding["cell_index"], finding["cell_number"]) == (3, 4)


@pytest.mark.kernel
def test_run_and_its_batch_row_say_the_cell_a_person_sees(tmp_path: Path) -> None:
    # the cell that prints drifts from its stored output (3 then, 4 now)
    nb = write_notebook(tmp_path / "old.ipynb", CELLS, outputs={3: "count: 3\n"})
    run = run_cli("run", str(nb), "--offline", "--fixers", "rules", "--json", "--no-noise-run")
    assert run.returncode == 0, run.stderr
    # the progress lines: the failing cell, the cell the rule changed, the cell it fixed
    assert "cell 4: AttributeError: module 'numpy' has no attribute 'int'" in run.stderr
    assert "[fix-1] error repair by the rules, in cell 4:\n    NPY001 (numpy): " in run.stderr
    assert "fixed since the baseline: cell 4" in run.stderr
    report = json.loads(run.stdout)
    assert report["baseline"]["first_error"].startswith("cell 4: AttributeError")
    assert report["iterations"][0]["cells_changed"] == [3]  # an index, as the events carry it
    assert "drift starts at cell 4" in report["fidelity"]["summary"]

    # the batch's row and CSV: the drifting cell as a number, not a bare index
    row = {"notebook": str(nb), **row_from_report(report)}
    assert row["first_drift_cell_number"] == 4 and "first_drift_cell" not in row
    [written] = csv.DictReader(io.StringIO(to_csv([row])))
    assert written["first_drift_cell_number"] == "4"
