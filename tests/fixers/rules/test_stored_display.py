"""Rules that restore the author's display read the outputs the notebook was saved with, not
the outputs of today's run (which the loop's notebook holds by then): the real CLI and kernel."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from ...conftest import json_report, run_cli, write_notebook

# what pandas < 1.0 showed for a 100-row frame: 30 head rows, an ellipsis row, 30 tail rows
OLD_FRAME = "\n".join(
    ["    a"]
    + [f"{i:<4}{i}" for i in range(30)]
    + [".. .."]
    + [f"{i:<4}{i}" for i in range(70, 100)]
    + ["", "[100 rows x 1 columns]"]
)


@pytest.mark.kernel
def test_a_broken_notebook_shows_long_frames_as_its_author_saw_them(tmp_path: Path) -> None:
    cells = [
        "import pandas as pd\ndf = pd.DataFrame({'a': range(100)})",
        "df",
        "import numpy as np\nx = np.float(df.a.sum())",  # NPY001: the error the loop repairs
    ]
    nb = write_notebook(tmp_path / "nb.ipynb", cells, outputs={1: OLD_FRAME})
    report = json_report(run_cli("run", str(nb), "--offline", "--json"))
    assert report["final"]["error_cells"] == 0
    assert "PD063" in {r for it in report["iterations"] for r in it.get("rule_ids") or []}
    out = nbformat.read(tmp_path / "nb.modernized.ipynb", as_version=4)
    assert "pd.set_option('display.min_rows', None)" in out.cells[0].source
    shown = out.cells[1].outputs[0]["data"]["text/plain"]
    assert sum(line[:1].isdigit() for line in shown.splitlines()) == 60  # today's default: 10


@pytest.mark.kernel
def test_without_an_old_display_stored_nothing_is_added(tmp_path: Path) -> None:
    cells = ["import pandas as pd\ndf = pd.DataFrame({'a': range(100)})", "df", "x = np.float(1)"]
    cells[2] = "import numpy as np\n" + cells[2]
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    report = json_report(run_cli("run", str(nb), "--offline", "--json"))
    assert report["final"]["error_cells"] == 0
    out = nbformat.read(tmp_path / "nb.modernized.ipynb", as_version=4)
    assert "min_rows" not in out.cells[0].source


def test_the_display_call_goes_after_the_import_it_needs_past_a_magic() -> None:
    """A magic between two imports ended the import block: the call landed before `import
    pandas` and every later cell failed (a real notebook: 20 error cells, rolled back)."""
    from mlemodernizer.fixers.rules import get_rule
    from mlemodernizer.fixers.rules.testing import rewrite

    cell = "import matplotlib.pyplot as plt\n%matplotlib inline\nimport pandas as pd\nx = 1"
    (new, _), _ = rewrite([cell, "df"], ["PD063"], stored_result=get_rule("PD063").stored_result)
    lines = new.splitlines()
    assert (
        lines.index("pd.set_option('display.min_rows', None)")
        == lines.index("import pandas as pd") + 1
    )
    assert lines[1] == "%matplotlib inline"
