"""The batch's own reports (issue 40 item 5): one story with the batch view, names a user can
read, an earlier batch's files never replaced."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

from mlemodernizer.batches.report import write_reports
from mlemodernizer.server.batches import batch_report_path

NOTHING = "it runs without errors today"


def rows(folder: Path) -> list[dict]:
    (folder / "clean.ipynb").write_text("{}")
    (folder / "fixed.ipynb").write_text("{}")
    return [
        {
            "notebook": str(folder / "clean.ipynb"),
            "outcome": "error_free_reproducible",
            "nothing_to_modernize": NOTHING,
        },
        {"notebook": str(folder / "fixed.ipynb"), "outcome": "error_free_reproducible"},
    ]


def test_a_notebook_that_needed_nothing_says_so_in_every_file(tmp_path: Path) -> None:
    json_path, csv_path, html_path = write_reports(rows(tmp_path), tmp_path / "r.json")
    table = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    # as the view shows it: "Nothing to modernize", beside the paper's outcome
    assert [r["nothing_to_modernize"] for r in table] == [NOTHING, ""]
    assert [r["outcome"] for r in table] == ["error_free_reproducible"] * 2
    page = html_path.read_text()
    assert page.count(">nothing to modernize</span>") == 1
    assert f'title="error_free_reproducible: {NOTHING}"' in page
    assert '">error_free_reproducible</span>' in page  # the notebook a fix changed


def test_report_names_say_what_and_when_and_never_replace_an_earlier_one(
    tmp_path: Path,
) -> None:
    when = time.strptime("2026-12-07 04:31", "%Y-%m-%d %H:%M")
    first = batch_report_path(tmp_path, when)
    assert first.name == "modernization-report-2026-12-07-0431.json"
    write_reports(rows(tmp_path), first)
    second = batch_report_path(tmp_path, when)  # the same minute: another name
    assert second.name == "modernization-report-2026-12-07-0431-2.json"
    # a lone .html of that name (the user's own) is not replaced either
    (tmp_path / "modernization-report-2026-12-07-0431-2.html").write_text("mine")
    assert batch_report_path(tmp_path, when).name == "modernization-report-2026-12-07-0431-3.json"
