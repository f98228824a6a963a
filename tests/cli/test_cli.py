"""The CLI as a user meets it: clear one-line errors, the input never touched, events on stderr."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from ..conftest import json_report, run_cli, write_notebook

pytestmark = pytest.mark.kernel


def _one_clear_line(proc) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("mlemodernizer: error: ")
    return lines[0]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("this is not json", "not valid JSON"),
        ('{"cells": [{"cell_type": "code", "sou', "truncated"),
        ('{"name": "a package.json?"}', "not a Jupyter notebook"),
    ],
)
def test_bad_notebooks(tmp_path: Path, content: str | None, expected: str) -> None:
    path = tmp_path / "in.ipynb"
    if content is not None:
        path.write_text(content)
    line = _one_clear_line(run_cli("run", str(path), "--offline"))
    assert expected in line and str(path) in line
    assert not (tmp_path / "in.modernized.ipynb").exists()


def test_unknown_kernel(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = 1"])
    line = _one_clear_line(run_cli("run", str(nb), "--offline", "--kernel", "julia-0.4"))
    assert "unknown kernel 'julia-0.4'" in line and "python3" in line


def test_unreachable_llm(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = 1"])
    proc = run_cli(
        "run",
        str(nb),
        "--base-url",
        f"http://127.0.0.1:{port}/v1",
        "--model",
        "m",
        env={"OPENAI_API_KEY": "sk-test-secret-key"},
    )
    line = _one_clear_line(proc)
    assert "unreachable" in line and "--offline" in line
    assert "sk-test-secret-key" not in proc.stderr + proc.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--tolerance", "1.5"], "--tolerance"),
        (["--metric", "accuracy"], "--answers"),
        (["--score-regex", "acc: [0-9]+"], "capture group"),
        (["--out", "{nb}"], "refusing to overwrite the input"),
    ],
)
def test_bad_options(tmp_path: Path, args: list[str], expected: str) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = 1"])
    args = [a.replace("{nb}", str(nb)) for a in args]
    before = nb.read_bytes()
    line = _one_clear_line(run_cli("run", str(nb), "--offline", *args))
    assert expected in line
    assert nb.read_bytes() == before


def test_out_and_report_paths_and_progress_on_stderr(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["print('accuracy: 0.5')"])
    out, rep = tmp_path / "o" / "x.ipynb", tmp_path / "r.json"
    proc = run_cli("run", str(nb), "--offline", "--out", str(out), "--report", str(rep))
    assert proc.returncode == 0, proc.stderr
    assert "[baseline]" in proc.stderr and re.search(
        r"^Outcome +Error-free, reproducible \(", proc.stderr, re.MULTILINE
    )
    assert json.loads(rep.read_text())["output"] == str(out)
    assert nbformat.read(out, as_version=4).cells[0].outputs[0]["text"] == "accuracy: 0.5\n"


def test_json_report_has_the_contract_fields(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = 1", "y = x + 1"])
    report = json_report(run_cli("run", str(nb), "--offline", "--json"))
    for key in (
        "outcome",
        "error_free",
        "reproducible",
        "baseline",
        "final",
        "iterations",
        "execution_seconds_total",
        "llm",
    ):
        assert key in report
    for key in ("error_cells", "first_error", "runtime_s", "score"):
        assert key in report["baseline"] and key in report["final"]
    assert set(report["llm"]) == {"requests", "prompt_tokens", "completion_tokens", "cost_usd"}
    # where the time went: a clean notebook runs once
    assert set(report["run_seconds"]) == {"baseline"}
    assert report["run_seconds"]["baseline"] == pytest.approx(
        report["baseline"]["runtime_s"], abs=0.01
    )
    assert report["execution_seconds_total"] == pytest.approx(
        sum(report["run_seconds"].values()), abs=0.01
    )


def test_a_clean_notebook_has_nothing_to_modernize_and_still_gets_its_copy(
    tmp_path: Path,
) -> None:
    # a measured corpus compares every notebook's copy: the CLI writes one for a control too
    nb = write_notebook(tmp_path / "clean.ipynb", ["x = 1", "print(x + 1)"])
    proc = run_cli("run", str(nb), "--offline")
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^Nothing to modernize +It runs without errors today", proc.stderr, re.M)
    assert "clean.modernized.ipynb (an unchanged copy)" in proc.stderr
    assert (tmp_path / "clean.modernized.ipynb").is_file()
    # asked for no copy, it writes none and the report says why
    again = write_notebook(tmp_path / "again.ipynb", [])
    report = json_report(run_cli("run", str(again), "--offline", "--json", "--no-unchanged-copy"))
    assert report["nothing_to_modernize"] == "the notebook has no code to run"
    assert report["output"] is None and report["outcome"] == "error_free_reproducible"
    assert not (tmp_path / "again.modernized.ipynb").exists()


def test_a_notebook_that_needed_a_fix_is_not_called_clean(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "old.ipynb", ["import numpy as np", "x = np.float(1)"])
    report = json_report(run_cli("run", str(nb), "--offline", "--json", "--no-unchanged-copy"))
    assert report["outcome"] == "error_free_reproducible" and report["iterations"]
    assert report["nothing_to_modernize"] is None
    assert report["output"] == str(tmp_path / "old.modernized.ipynb")
