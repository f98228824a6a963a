"""Batch mode through the real CLI: mixed folders, resume, Dask, budget, Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from ..conftest import REPO, run_cli, write_notebook
from ..scripted_openai import Reply, ScriptedOpenAI

pytestmark = pytest.mark.kernel


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "nbs"
    write_notebook(
        folder / "a_fixable.ipynb",
        ["import numpy as np", "print('result: %.1f' % np.float(2.5))"],
    )
    # what the author saw: the second judge finds it again
    stored = nbformat.read(folder / "a_fixable.ipynb", as_version=4)
    said = nbformat.v4.new_output("stream", name="stdout", text="result: 2.5\n")
    stored.cells[1].outputs = [said]
    nbformat.write(stored, folder / "a_fixable.ipynb")
    write_notebook(folder / "b_unfixable.ipynb", ["import no_such_package_anywhere"])
    write_notebook(folder / "c_fine.ipynb", ["print('result: 1.0')"])
    (folder / "sub").mkdir()
    (folder / "sub" / "d_corrupt.ipynb").write_text('{"cells": [{"cell_type": "co')
    (folder / ".ipynb_checkpoints").mkdir()
    write_notebook(folder / ".ipynb_checkpoints" / "a_fixable-checkpoint.ipynb", ["x = 1"])
    return folder


def outcomes(report: Path) -> dict[str, str]:
    rows = json.loads(report.read_text())["rows"]
    return {Path(r["notebook"]).name: r["outcome"] for r in rows}


def test_mixed_folder_gives_one_row_per_notebook(mixed: Path, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    proc = run_cli("batch", str(mixed), "--workers", "2", "--offline", "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    assert outcomes(report) == {
        "a_fixable.ipynb": "error_free_reproducible",
        "b_unfixable.ipynb": "error_non_reproducible",
        "c_fine.ipynb": "error_free_reproducible",
        "d_corrupt.ipynb": "failed",
    }
    data = json.loads(report.read_text())
    corrupt = next(r for r in data["rows"] if r["notebook"].endswith("d_corrupt.ipynb"))
    assert "not valid JSON" in corrupt["error"]
    fixable = next(r for r in data["rows"] if r["notebook"].endswith("a_fixable.ipynb"))
    assert fixable["rules_applied"] and fixable["fix_types"] == ["error_repair"]
    assert (mixed / "a_fixable.modernized.ipynb").exists()
    # a notebook that runs as it is: its row says so (the views answer "nothing to modernize")
    fine = next(r for r in data["rows"] if r["notebook"].endswith("c_fine.ipynb"))
    assert fine["nothing_to_modernize"] and fixable["nothing_to_modernize"] is None
    assert data["summary"]["outcomes"]["failed"] == 1
    assert data["summary"]["top_remaining_errors"][0][0] in ("ModuleNotFoundError", "NotebookError")
    # a missing package is counted apart from code errors
    unfixable = next(r for r in data["rows"] if r["notebook"].endswith("b_unfixable.ipynb"))
    assert unfixable["needs_packages"] == ["no-such-package-anywhere"]
    assert unfixable["error_summary"] == "1 cell needs package no-such-package-anywhere"
    assert data["summary"]["needs_packages"] == {"no-such-package-anywhere": 1}
    assert data["summary"]["code_error_cells"] == 0
    # the author's stored number is found again; a notebook with none stored has no figure
    assert (fixable["fidelity"], fixable["fidelity_found"], fixable["fidelity_total"]) == (1, 1, 1)
    assert fine["fidelity"] is None
    assert data["summary"]["fidelity"]["recovered"] == {"found": 1, "total": 1, "share": 1.0}
    with (tmp_path / "r.csv").open() as fh:
        csv_rows = list(csv.DictReader(fh))
    assert len(csv_rows) == 4 and "fidelity" in csv_rows[0]
    page = (tmp_path / "r.html").read_text()
    # the reports name files relative to their own folder: no absolute server path in them
    for written in ("r.json", "r.csv", "r.html"):
        assert str(tmp_path) not in (tmp_path / written).read_text(), written
    rel = mixed.relative_to(tmp_path).as_posix()
    assert fixable["notebook"] == f"{rel}/a_fixable.ipynb"
    assert fixable["output"] == f"{rel}/a_fixable.modernized.ipynb"
    assert "stored numbers found again: 1 of 1 (100.0%)" in page
    assert "<svg" in page and "error_free_reproducible" in page and 'href="#nb0"' in page
    assert "np.float(2.5)" in page and "float(2.5)" in page  # the diff of the fixed cell


def test_out_dir_mirrors_the_folder(mixed: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = run_cli(
        "batch",
        str(mixed),
        "--offline",
        "--out-dir",
        str(out),
        "--report",
        str(tmp_path / "r.json"),
    )
    assert proc.returncode == 0, proc.stderr
    assert (out / "a_fixable.modernized.ipynb").exists()
    assert not (mixed / "a_fixable.modernized.ipynb").exists()


def test_skip_finished_skips_finished_notebooks(mixed: Path, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    args = ["batch", str(mixed), "--offline", "--report", str(report)]
    assert run_cli(*args).returncode == 0
    state = tmp_path / "r.state.jsonl"
    assert len(state.read_text().splitlines()) == 4
    write_notebook(mixed / "c_fine.ipynb", ["print('result: 2.0')"])  # changed since: runs again
    proc = run_cli(*args, "--skip-finished")
    assert proc.returncode == 0, proc.stderr
    rows = {Path(r["notebook"]).name: r for r in json.loads(report.read_text())["rows"]}
    assert rows["a_fixable.ipynb"].get("resumed") is True
    assert rows["b_unfixable.ipynb"].get("resumed") is True
    assert not rows["c_fine.ipynb"].get("resumed")
    assert len(state.read_text().splitlines()) == 5  # only the changed one ran again


def test_dask_local_cluster_gives_the_same_outcomes(mixed: Path, tmp_path: Path) -> None:
    local, dask = tmp_path / "local.json", tmp_path / "dask.json"
    assert (
        run_cli(
            "batch", str(mixed), "--workers", "2", "--offline", "--report", str(local)
        ).returncode
        == 0
    )
    proc = run_cli(
        "batch", str(mixed), "--scheduler", "local:2", "--offline", "--report", str(dask)
    )
    assert proc.returncode == 0, proc.stderr
    assert outcomes(dask) == outcomes(local)


def fix(cells: dict[int, str]) -> str:
    # keyed by the cell's index; the model names it by its number, from 1
    body = "\n\n".join(f"# %% cell {i + 1}\n{src}" for i, src in cells.items())
    return f"Plan.\n```python\n{body}\n```\n"


def test_batch_budget_stops_new_work(tmp_path: Path) -> None:
    folder = tmp_path / "nbs"
    for name in ("a", "b", "c"):
        write_notebook(folder / f"{name}.ipynb", ["x = undefined_name"])
    reply = fix({0: "x = 1"})
    with ScriptedOpenAI([reply], repeat_last=True) as srv:
        report = tmp_path / "r.json"
        proc = run_cli(
            "batch",
            str(folder),
            "--base-url",
            srv.base_url,
            "--model",
            "scripted-model",
            "--price",
            "scripted-model=1000000,1000000",
            "--budget-usd",
            "1",
            "--report",
            str(report),
        )
        assert proc.returncode == 0, proc.stderr
    got = outcomes(report)
    assert got["a.ipynb"] == "error_free_reproducible"
    assert got["b.ipynb"] == got["c.ipynb"] == "skipped"
    assert "budget" in proc.stderr


def test_a_notebook_may_spend_only_what_is_left_of_the_batch_budget(tmp_path: Path) -> None:
    """$1 a request, a $1.50 batch: a spends $1; b starts with the $0.50 left, which its one
    request overspends, so b's own loop stops on 'budget'; c is never started."""
    folder = tmp_path / "nbs"
    for name in ("a", "b", "c"):
        write_notebook(folder / f"{name}.ipynb", ["x = undefined_name"])
    reply = Reply(fix({0: "x = 1"}), prompt_tokens=1, completion_tokens=0)
    with ScriptedOpenAI([reply], repeat_last=True) as srv:
        report = tmp_path / "r.json"
        proc = run_cli(
            "batch",
            str(folder),
            "--base-url",
            srv.base_url,
            "--model",
            "scripted-model",
            "--price",
            "scripted-model=1000000,1000000",
            "--budget-usd",
            "1.5",
            "--report",
            str(report),
        )
        assert proc.returncode == 0, proc.stderr
        assert len(srv.requests) == 2
    rows = {Path(r["notebook"]).name: r for r in json.loads(report.read_text())["rows"]}
    assert (rows["a.ipynb"]["stop_reason"], rows["a.ipynb"]["cost_usd"]) == ("reproducible", 1.0)
    assert (rows["b.ipynb"]["stop_reason"], rows["b.ipynb"]["cost_usd"]) == ("budget", 1.0)
    assert rows["b.ipynb"]["error_free"] is True  # the fix it paid for is kept
    assert rows["c.ipynb"]["outcome"] == "skipped" and rows["c.ipynb"]["error"] == (
        "batch budget spent"
    )


def test_ctrl_c_stops_cleanly_and_resume_finishes(tmp_path: Path) -> None:
    folder = tmp_path / "nbs"
    for name in ("a", "b", "c"):
        write_notebook(folder / f"{name}.ipynb", ["import time\ntime.sleep(4)\nprint('done')"])
    report = tmp_path / "r.json"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [
        sys.executable,
        "-m",
        "mlemodernizer.cli",
        "batch",
        str(folder),
        "--offline",
        "--report",
        str(report),
    ]
    # as from a terminal: a shell that started these tests in the background left SIGINT
    # ignored, and an ignored signal stays ignored in every child (the CLI would never see it)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    state = tmp_path / "r.state.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (state.exists() and state.read_text().strip()):
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--skip-finished" in err and "Traceback" not in err
    finished = len(state.read_text().splitlines())
    assert 0 < finished < 3
    # the old spelling still works, with a one-line notice
    proc = run_cli("batch", str(folder), "--offline", "--report", str(report), "--resume")
    assert proc.returncode == 0, proc.stderr
    assert "--resume is deprecated; use --skip-finished" in proc.stderr
    rows = json.loads(report.read_text())["rows"]
    assert all(r["outcome"] == "error_free_reproducible" for r in rows)
    assert sum(1 for r in rows if r.get("resumed")) == finished
