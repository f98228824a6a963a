"""The job's deadline (``--deadline``), through the CLI and real kernels: a fix whose run the
deadline cuts is rolled back and the best state so far is the result, on time; a fix that the
runs so far say cannot finish in the time left is not started."""

from __future__ import annotations

import json
import time
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.errors import ModernizerError
from mlemodernizer.contracts.options import parse_duration

from ..conftest import run_cli, write_notebook
from ..scripted_openai import Reply

pytest_plugins = ["tests.scripted_openai"]  # fixtures: scripted_openai

# what the CLI adds to a deadline: its own start, the report and the copy written (stated margin)
MARGIN_S = 15.0


def test_durations() -> None:
    assert parse_duration("900", "--deadline") == 900.0
    assert parse_duration("90s", "--deadline") == 90.0
    assert parse_duration("15m", "--deadline") == 900.0
    assert parse_duration("1.5h", "--deadline") == 5400.0
    assert parse_duration(None, "--deadline") is None
    assert parse_duration("none", "--deadline") == 0.0  # no deadline at all
    with pytest.raises(ModernizerError, match="--deadline 'soon'"):
        parse_duration("soon", "--deadline")


@pytest.mark.kernel
def test_bad_deadlines_are_one_line_before_any_run(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["print(1)"])
    for bad in ("soon", "-5m"):
        proc = run_cli("run", str(nb), "--offline", f"--deadline={bad}")
        assert proc.returncode == 2, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and "--deadline" in proc.stderr
    assert not (tmp_path / "nb.modernized.ipynb").exists()


@pytest.mark.kernel
def test_a_fix_whose_run_the_deadline_cuts_is_rolled_back_and_the_best_state_written(
    tmp_path: Path,
) -> None:
    # np.float fails at once; once repaired, the next cell is slow (a minute)
    cells = [
        "import time\nimport numpy as np",
        "a = np.float(1)",
        "time.sleep(60 if 'a' in dir() else 0)\nprint('done')",
    ]
    nb = write_notebook(tmp_path / "slow.ipynb", cells)
    report_path = tmp_path / "report.json"
    started = time.monotonic()
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "rules", "--deadline", "20",
        "--report", str(report_path),
    )  # fmt: skip
    took = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr
    assert took < 20 + MARGIN_S, took
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline"
    fix = report["iterations"][0]
    assert fix["rolled_back"]
    assert fix["rollback_reason"] == "the deadline stopped its run before it finished"
    assert any(
        n.startswith("the deadline (20 s) stopped a run before it finished; the job ran 1 fix(es), "
                     "0 kept; left: 1 cell(s) still failing")
        for n in report["notices"]
    ), report["notices"]  # fmt: skip
    # the best state so far (the baseline) is the result: no half-applied change
    result = nbformat.read(tmp_path / "slow.modernized.ipynb", as_version=4)
    assert [c.source for c in result.cells] == cells
    assert "deadline" in proc.stderr


@pytest.mark.kernel
def test_a_fix_that_cannot_finish_in_the_time_left_is_not_started(tmp_path: Path) -> None:
    # every run takes the slow cell's 10 s and more: the baseline ends within the deadline
    # (20 s) and leaves less than a run's time, whatever the machine's speed (20 < 2 runs)
    cells = ["import time\nimport numpy as np\ntime.sleep(10)", "a = np.float(1)"]
    nb = write_notebook(tmp_path / "slow.ipynb", cells)
    report_path = tmp_path / "report.json"
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "rules", "--deadline", "20",
        "--restart-kernel", "--report", str(report_path),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline" and report["iterations"] == []
    note = next(n for n in report["notices"] if "deadline" in n)
    assert note.startswith("fix 1 was not started: a run takes about ")
    assert "of the deadline (20 s) were left; the job ran 0 fix(es), 0 kept" in note
    assert (tmp_path / "slow.modernized.ipynb").exists()


@pytest.mark.kernel
def test_a_batch_with_one_slow_notebook_finishes_the_others_on_time(tmp_path: Path) -> None:
    folder = tmp_path / "nbs"
    write_notebook(folder / "a_slow.ipynb", ["import time\ntime.sleep(120)"])
    write_notebook(folder / "b_quick.ipynb", ["import numpy as np", "print(np.float(2.5))"])
    report = tmp_path / "r.json"
    started = time.monotonic()
    proc = run_cli(
        "batch", str(folder), "--workers", "1", "--offline", "--deadline", "30",
        "--report", str(report),
    )  # fmt: skip
    took = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr
    rows = {Path(r["notebook"]).name: r for r in json.loads(report.read_text())["rows"]}
    slow, quick = rows["a_slow.ipynb"], rows["b_quick.ipynb"]
    assert slow["stop_reason"] == "deadline" and slow["deadline"]
    assert slow["seconds"] < 30 + MARGIN_S, slow["seconds"]
    assert quick["outcome"] == "error_free_reproducible" and not quick["deadline"]
    # one notebook's deadline, not the batch's wait: the quick one ran after the slow one
    assert took < 30 + quick["seconds"] + 2 * MARGIN_S, took


@pytest.mark.kernel
def test_a_model_still_thinking_at_the_deadline_is_not_waited_for(
    scripted_openai, tmp_path: Path
) -> None:
    # the endpoint answers after two minutes; the deadline is 15 s away
    srv = scripted_openai([Reply("Plan.\n```python\n# %% cell 2\nx = float(1)\n```", delay_s=120)])
    nb = write_notebook(tmp_path / "nb.ipynb", ["import numpy as np", "x = np.float(1)"])
    report_path = tmp_path / "report.json"
    started = time.monotonic()
    proc = run_cli(
        "run", str(nb), "--base-url", srv.base_url, "--model", "m", "--fixers", "llm",
        "--deadline", "15", "--report", str(report_path),
    )  # fmt: skip
    took = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr
    assert took < 15 + MARGIN_S, took
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline" and report["iterations"] == []
    assert any(
        n.startswith("the deadline (15 s) passed while fix 1 was being asked for")
        for n in report["notices"]
    ), report["notices"]
    assert "no_fix" not in proc.stderr
