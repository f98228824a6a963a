"""The job's deadline (``--deadline``), through the CLI and real kernels: a fix whose run the
deadline cuts is rolled back and the best state so far is the result, long before the cut run
could have ended; a fix that the runs so far say cannot finish in the time left is not started.

No wall-clock margin here: what the deadline cuts is long (a cell that sleeps ten minutes, a
model that answers after ten), and the job is asserted to end far before it could have finished
(in under half that time). Where a deadline must fall at a point of the job (after the baseline,
before the fix's run could end), it is set from this machine's own time for the same job,
measured first in the same test (``baseline_seconds``)."""

from __future__ import annotations

import json
import math
import subprocess
import time
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.errors import ModernizerError
from mlemodernizer.contracts.options import Options, parse_duration
from mlemodernizer.jobs import prepare_job

from ..conftest import run_cli, write_notebook
from ..scripted_openai import Reply

pytest_plugins = ["tests.scripted_openai"]  # fixtures: scripted_openai

# what the deadline cuts takes this long: a job that honours its deadline ends in under half
LONG_S = 600


def wall(*args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The CLI run with ``args``, and its wall time in seconds."""
    started = time.monotonic()
    proc = run_cli(*args)
    return time.monotonic() - started, proc


def baseline_seconds(cells: list[str], folder: Path, *args: str) -> float:
    """How long the CLI takes, on this machine now, to run a notebook of ``cells`` to the end
    of its baseline and write its result (no fix, no deadline): the time a deadline is scaled
    by. A copy in a folder of its own, so that nothing it writes meets the test's own run."""
    nb = write_notebook(folder / "measured" / "nb.ipynb", cells)
    seconds, proc = wall(
        "run", str(nb), "--offline", "--max-iterations", "0", "--deadline", "none", *args
    )
    assert proc.returncode == 0, proc.stderr
    return seconds


def test_durations() -> None:
    assert parse_duration("900", "--deadline") == 900.0
    assert parse_duration("90s", "--deadline") == 90.0
    assert parse_duration("15m", "--deadline") == 900.0
    assert parse_duration("1.5h", "--deadline") == 5400.0
    assert parse_duration(None, "--deadline") is None
    assert parse_duration("none", "--deadline") == 0.0  # no deadline at all
    assert parse_duration("0", "--deadline") == 0.0  # none too
    with pytest.raises(ModernizerError, match="--deadline 'soon'"):
        parse_duration("soon", "--deadline")


def test_durations_said_as_given() -> None:
    from mlemodernizer.cli import _duration

    # a deadline of 90 s was said "2 min"
    assert [_duration(s) for s in (50, 90, 150, 900, 3900)] == [
        "50 s", "1 min 30 s", "2 min 30 s", "15 min", "1 h 5 min",
    ]  # fmt: skip


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
    # np.float fails at once; once repaired, the next cell sleeps ten minutes
    cells = [
        "import time\nimport numpy as np",
        "a = np.float(1)",
        f"time.sleep({LONG_S} if 'a' in dir() else 0)\nprint('done')",
    ]
    # the deadline falls well after the baseline (which takes what the measured job takes), so
    # that the fix's run starts, and the deadline cuts it
    deadline = math.ceil(2 * baseline_seconds(cells, tmp_path) + 10)
    nb = write_notebook(tmp_path / "slow.ipynb", cells)
    report_path = tmp_path / "report.json"
    took, proc = wall(
        "run", str(nb), "--offline", "--fixers", "rules", "--deadline", str(deadline),
        "--report", str(report_path),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert took < LONG_S / 2, took  # the cut run's ten minutes were not waited for
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline"
    fix = report["iterations"][0]
    assert fix["rolled_back"]
    assert fix["rollback_reason"] == "the deadline stopped its run before it finished"
    assert any(
        n.startswith(f"the deadline ({deadline} s) stopped a run before it finished; the job "
                     "ran 1 fix(es), 0 kept; left: 1 cell(s) still failing")
        for n in report["notices"]
    ), report["notices"]  # fmt: skip
    # the best state so far (the baseline) is the result: no half-applied change
    result = nbformat.read(tmp_path / "slow.modernized.ipynb", as_version=4)
    assert [c.source for c in result.cells] == cells
    assert "deadline" in proc.stderr


@pytest.mark.kernel
def test_the_deadline_counts_from_the_jobs_start_not_from_its_first_run(tmp_path: Path) -> None:
    # the job's setup (its checks, the executor, the installed versions' probe) is its time
    # too: here the setup's time is stretched past the deadline before the loop starts, so
    # no fix may start. Counted from the loop instead, the 20 s would leave room for the
    # baseline and the one fix this notebook needs (a few seconds each)
    nb = write_notebook(tmp_path / "nb.ipynb", ["import numpy as np\na = np.float(1)"])
    job = prepare_job(nb, Options(offline=True, fixers="rules", deadline=20), job_id="clock")
    time.sleep(21)
    report = job.run().report
    assert report.stop_reason == "deadline", report.notices
    assert report.iterations == []
    # the result is the notebook as given: nothing half-done
    result = nbformat.read(job.output, as_version=4)
    assert [c.source for c in result.cells] == ["import numpy as np\na = np.float(1)"]


@pytest.mark.kernel
def test_a_fix_that_cannot_finish_in_the_time_left_is_not_started(tmp_path: Path) -> None:
    # every run takes the first cell's sleep (SLEEP_S) and more. The job without the sleep is
    # measured here first; the deadline is that, plus the sleep, plus 0.4 of the sleep: the
    # baseline ends about 0.4 * SLEEP_S (and the CLI's own start) before the deadline, and the
    # next run would need SLEEP_S, so it is not started, however fast or loaded the machine
    sleep_s = 50
    cells = ["import time\nimport numpy as np\ntime.sleep({})", "a = np.float(1)"]
    quick = [cells[0].format(0), cells[1]]
    measured = baseline_seconds(quick, tmp_path, "--restart-kernel")
    deadline = math.ceil(measured + 1.4 * sleep_s)
    nb = write_notebook(tmp_path / "slow.ipynb", [cells[0].format(sleep_s), cells[1]])
    report_path = tmp_path / "report.json"
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "rules", "--deadline", str(deadline),
        "--restart-kernel", "--report", str(report_path),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline" and report["iterations"] == [], report["notices"]
    assert report["baseline"]["runtime_s"] >= sleep_s  # the baseline ran whole, within it
    note = next(n for n in report["notices"] if "deadline" in n)
    assert note.startswith("fix 1 was not started: a run takes about ")
    assert f"of the deadline ({deadline} s) were left; the job ran 0 fix(es), 0 kept" in note
    assert (tmp_path / "slow.modernized.ipynb").exists()


@pytest.mark.kernel
def test_a_batch_with_one_slow_notebook_finishes_the_others_on_time(tmp_path: Path) -> None:
    quick_cells = ["import numpy as np", "print(np.float(2.5))"]
    # the quick notebook's whole job, measured alone: the deadline leaves it twice that
    alone = write_notebook(tmp_path / "alone" / "quick.ipynb", quick_cells)
    quick_s, proc = wall("run", str(alone), "--offline", "--deadline", "none")
    assert proc.returncode == 0, proc.stderr
    deadline = math.ceil(2 * quick_s + 10)
    folder = tmp_path / "nbs"
    write_notebook(folder / "a_slow.ipynb", [f"import time\ntime.sleep({LONG_S})"])
    write_notebook(folder / "b_quick.ipynb", quick_cells)
    report = tmp_path / "r.json"
    took, proc = wall(
        "batch", str(folder), "--workers", "1", "--offline", "--deadline", str(deadline),
        "--report", str(report),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rows = {Path(r["notebook"]).name: r for r in json.loads(report.read_text())["rows"]}
    slow, quick = rows["a_slow.ipynb"], rows["b_quick.ipynb"]
    assert slow["stop_reason"] == "deadline" and slow["deadline"]
    assert slow["seconds"] < LONG_S / 2, slow["seconds"]
    assert quick["outcome"] == "error_free_reproducible" and not quick["deadline"]
    # one notebook's deadline, not the batch's wait: the quick one ran after the slow one was
    # cut, and the batch ended far before the slow notebook could have
    assert took < LONG_S / 2, took


@pytest.mark.kernel
def test_a_model_still_thinking_at_the_deadline_is_not_waited_for(
    scripted_openai, tmp_path: Path
) -> None:
    cells = ["import numpy as np", "x = np.float(1)"]
    # the deadline falls well after the baseline: while fix 1 is being asked for
    deadline = math.ceil(2 * baseline_seconds(cells, tmp_path) + 10)
    # the endpoint answers after ten minutes
    reply = Reply("Plan.\n```python\n# %% cell 2\nx = float(1)\n```", delay_s=LONG_S)
    srv = scripted_openai([reply])
    nb = write_notebook(tmp_path / "nb.ipynb", cells)
    report_path = tmp_path / "report.json"
    took, proc = wall(
        "run", str(nb), "--base-url", srv.base_url, "--model", "m", "--fixers", "llm",
        "--deadline", str(deadline), "--report", str(report_path),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert took < LONG_S / 2, took  # the model's ten minutes were not waited for
    report = json.loads(report_path.read_text())
    assert report["stop_reason"] == "deadline" and report["iterations"] == []
    assert any(
        n.startswith(f"the deadline ({deadline} s) passed while fix 1 was being asked for")
        for n in report["notices"]
    ), report["notices"]
    assert "no_fix" not in proc.stderr
