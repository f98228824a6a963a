"""Issue 40, item 8: lint reads as a report, not the catalogue's shorthand. What happens to each
finding is said in words; a fix that waits for an error (an encoding for a CSV that reads fine)
is not listed unless asked for, and the raw safety stays in --json."""

from __future__ import annotations

import json
from pathlib import Path

from ..conftest import run_cli, write_notebook

CELLS = ["import pandas as pd\ndf = pd.read_csv('data.csv')\nm = df.as_matrix()"]


def test_lint_says_what_happens_and_keeps_what_waits_for_an_error_apart(tmp_path: Path) -> None:
    (tmp_path / "data.csv").write_text("a,b\n1,2\n")
    nb = write_notebook(tmp_path / "old.ipynb", CELLS)

    text = run_cli("lint", str(nb))
    assert text.returncode == 1, text.stderr
    lines = text.stdout.splitlines()
    assert lines == [f"{nb}: cell 1:3 PD002 .as_matrix() was removed in pandas 1.0; use "
                     ".to_numpy() [fixed automatically]"]  # fmt: skip
    assert "more would be fixed only if a run shows their error (--all lists them)" in (text.stderr)
    assert "unproven" not in text.stdout + text.stderr

    everything = run_cli("lint", str(nb), "--all")
    encoding = [line for line in everything.stdout.splitlines() if " PY2010 " in line]
    assert encoding and encoding[0].endswith("[fixed only if a run shows its error]")

    raw = json.loads(run_cli("lint", str(nb), "--json").stdout)
    by_rule = {f["rule_id"]: f for f in raw}
    assert by_rule["PY2010"]["safety"] == "SAFE*" and by_rule["PY2010"]["after_error_only"]
    assert not by_rule["PD002"]["after_error_only"]


def test_a_notebook_with_only_conditional_findings_lints_clean(tmp_path: Path) -> None:
    (tmp_path / "data.csv").write_text("a,b\n1,2\n")
    nb = write_notebook(
        tmp_path / "fine.ipynb", ["import pandas as pd\ndf = pd.read_csv('data.csv')"]
    )
    proc = run_cli("lint", str(nb))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout == ""
