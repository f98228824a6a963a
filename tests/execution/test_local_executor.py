from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from mlemodernizer.contracts.errors import ExecutorError
from mlemodernizer.execution.base import CellRun, ExecutionRequest
from mlemodernizer.execution.local import LocalExecutor

from ..conftest import make_notebook

pytestmark = pytest.mark.kernel


@pytest.fixture(scope="module")
def executor() -> LocalExecutor:
    return LocalExecutor()


def _pid_gone(pid: int, wait_s: float = 5.0) -> bool:
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:  # a zombie child of ours counts as gone
            if Path(f"/proc/{pid}/status").read_text().find("State:\tZ") >= 0:
                return True
        except OSError:
            return True
        time.sleep(0.1)
    return False


def test_runs_in_the_notebooks_folder_so_kaggle_paths_resolve(tmp_path: Path, executor) -> None:
    (tmp_path / "input").mkdir()
    (tmp_path / "input" / "train.csv").write_text("a,b\n1,2\n")
    work = tmp_path / "working"
    work.mkdir()
    nb = make_notebook(["print(open('../input/train.csv').read().splitlines()[1])"])
    result = executor.execute(ExecutionRequest(nb=nb, cwd=work, timeout_s=60))
    assert result.error_free
    assert result.executed.cells[0].outputs[0]["text"] == "1,2\n"


def test_every_cell_runs_after_an_error_and_tracebacks_are_plain(tmp_path: Path, executor) -> None:
    seen: list[CellRun] = []
    nb = make_notebook(
        [
            "import numpy as np\nx = np.float(1)",
            "md:notes",
            "y = undefined_name",
            "print('still here')",
        ]
    )
    result = executor.execute(
        ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60, on_cell=seen.append)
    )
    assert [e.cell_index for e in result.errors] == [0, 2]
    assert result.errors[0].ename == "AttributeError"
    assert "has no attribute 'float'" in result.errors[0].evalue
    assert "\x1b[" not in result.errors[0].traceback and "np.float(1)" in result.errors[0].traceback
    assert result.errors[1].ename == "NameError"
    assert result.executed.cells[3].outputs[0]["text"] == "still here\n"
    assert [c.cell_index for c in seen] == [0, 2, 3]
    assert not result.error_free


def test_whole_notebook_limit_kills_the_kernel(tmp_path: Path, executor) -> None:
    nb = make_notebook(
        [
            pid_cell(tmp_path),
            "import time\ntime.sleep(60)",
            "print('never')",
        ]
    )
    t0 = time.monotonic()
    result = executor.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=4))
    assert time.monotonic() - t0 < 15
    assert result.timed_out and not result.error_free
    assert [c.cell_index for c in result.cells] == [0, 1]  # the cell after the limit never ran
    assert _pid_gone(int((tmp_path / "pid").read_text()))


def test_per_cell_limit(tmp_path: Path, executor) -> None:
    nb = make_notebook(["x = 1", "import time\ntime.sleep(30)"])
    result = executor.execute(
        ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=120, cell_timeout_s=2)
    )
    assert result.timed_out
    assert result.errors[-1].cell_index == 1 and result.errors[-1].ename == "TimeoutError"
    assert result.runtime_s < 20


def test_kernel_death_is_reported_as_such(tmp_path: Path, executor) -> None:
    nb = make_notebook(["x = 1", "import os\nos._exit(1)", "print(x)"])
    result = executor.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60))
    assert result.kernel_died
    assert result.errors[-1].ename == "DeadKernelError" and result.errors[-1].cell_index == 1


def test_cancel_from_another_thread_stops_and_kills(tmp_path: Path, executor) -> None:
    nb = make_notebook([pid_cell(tmp_path), "import time\ntime.sleep(60)"])
    request = ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=120)
    pid_file = tmp_path / "pid"
    cancelled_at: list[float] = []

    def cancel_once_sleeping() -> None:
        # once the kernel is up and into the long cell (a fixed 3 s came before the kernel
        # had started on a loaded machine: no pid to check)
        end = time.monotonic() + 110
        while not pid_file.exists() and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(0.5)
        cancelled_at.append(time.monotonic())
        request.cancel.set()

    threading.Thread(target=cancel_once_sleeping, daemon=True).start()
    result = executor.execute(request)
    assert result.cancelled and cancelled_at
    # it ended at the cancel, far before the 60 s sleep could have (no margin tighter than that)
    assert time.monotonic() - cancelled_at[0] < 30
    assert _pid_gone(int(pid_file.read_text()))


def test_probe_runs_in_the_live_kernel_after_errors(tmp_path: Path, executor) -> None:
    nb = make_notebook(["secret = 41", "1/0"])

    def probe(errors):
        assert errors[0].ename == "ZeroDivisionError"
        return "import json\nprint('__MLEM_FACTS__' + json.dumps({'seen': secret + 1}))"

    result = executor.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60, probe=probe))
    assert result.facts == {"seen": 42}
    assert len(result.executed.cells) == 2  # the probe left no cell behind


def test_unknown_kernel_is_a_clear_error() -> None:
    with pytest.raises(ExecutorError, match="unknown kernel 'no-such-kernel'.*python3"):
        LocalExecutor(kernel="no-such-kernel")


def test_installed_versions_come_from_the_kernel(executor) -> None:
    import numpy

    versions = executor.installed_versions()
    assert versions["numpy"] == numpy.__version__


# --- kernel start/cleanup races (a kernel that dies at start, close() racing a run) ----------

_FLAKY = """
import os, sys
from pathlib import Path

# dies at start the first FAILS times (as a kernel does whose port was taken between
# jupyter_client's choice and its bind), then runs as a real ipykernel
count = Path(sys.argv[1])
seen = int(count.read_text()) if count.exists() else 0
count.write_text(str(seen + 1))
if seen < int(sys.argv[2]):
    sys.exit(1)
os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", "-f", sys.argv[3]])
"""


def _kernelspec(root: Path, name: str, fails: int) -> Path:
    """A kernelspec under ``root`` (for JUPYTER_PATH) that dies at its first ``fails`` starts."""
    import json
    import sys

    folder = root / "kernels" / name
    folder.mkdir(parents=True)
    (folder / "flaky.py").write_text(_FLAKY)
    argv = [sys.executable, str(folder / "flaky.py"), str(folder / "starts"), str(fails)]
    spec = {"argv": [*argv, "{connection_file}"], "display_name": name, "language": "python"}
    (folder / "kernel.json").write_text(json.dumps(spec))
    return folder / "starts"


def _python(script: str, tmp_path: Path, **env: str):
    """Run ``script`` in a fresh interpreter: what happens at its exit is part of the test."""
    import subprocess
    import sys

    from ..conftest import REPO

    full = {**os.environ, "PYTHONPATH": str(REPO), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt")}
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**full, **env},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_kernel_dying_at_start_is_retried_for_versions_and_runs(tmp_path: Path) -> None:
    starts = _kernelspec(tmp_path / "jp", "flaky", fails=1)
    script = """
from pathlib import Path
from mlemodernizer.execution.base import ExecutionRequest
from mlemodernizer.execution.local import LocalExecutor
from tests.conftest import make_notebook

ex = LocalExecutor(kernel="flaky")
print("ipykernel" in ex.installed_versions())
result = ex.execute(ExecutionRequest(nb=make_notebook(["print(6 * 7)"]), cwd=Path.cwd()))
print(result.executed.cells[0].outputs[0]["text"].strip())
ex.close()
"""
    proc = _python(script, tmp_path, JUPYTER_PATH=str(tmp_path / "jp"))
    assert proc.returncode == 0, proc.stderr
    assert "AssertionError" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.split() == ["True", "42"]
    assert int(starts.read_text()) >= 3  # versions: died once, then started; the run: once


def test_a_kernel_that_never_starts_is_one_clear_error_and_a_clean_exit(tmp_path: Path) -> None:
    _kernelspec(tmp_path / "jp", "dead", fails=99)
    script = """
import sys
from mlemodernizer.contracts.errors import ExecutorError
from mlemodernizer.execution.local import LocalExecutor

ex = LocalExecutor(kernel="dead")
try:
    ex.installed_versions()
except ExecutorError as exc:
    print(exc)
    sys.exit(3)
finally:
    ex.close()
"""
    proc = _python(script, tmp_path, JUPYTER_PATH=str(tmp_path / "jp"))
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout.strip().startswith("the 'dead' kernel did not start after 3 tries")
    # nothing at exit either: nbclient's atexit cleanup used to assert on a dropped manager
    assert "AssertionError" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_close_from_another_thread_stops_a_run_and_never_hangs(tmp_path: Path) -> None:
    ex = LocalExecutor()
    nb = make_notebook([pid_cell(tmp_path), "import time\ntime.sleep(60)"])
    results: list = []
    runner = threading.Thread(
        target=lambda: results.append(
            ex.execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=120, keep_kernel=True))
        ),
        daemon=True,
    )
    runner.start()
    end = time.monotonic() + 60
    while not (tmp_path / "pid").exists() and time.monotonic() < end:
        time.sleep(0.1)
    assert (tmp_path / "pid").exists()
    t0 = time.monotonic()
    closers = [threading.Thread(target=ex.close, daemon=True) for _ in range(2)]
    for closer in closers:  # two at once, as a cancel thread and the job's own finally would
        closer.start()
    for closer in closers:
        closer.join(timeout=40)
    runner.join(timeout=40)
    assert not runner.is_alive() and not any(c.is_alive() for c in closers)
    assert time.monotonic() - t0 < 30
    assert results and results[0].cancelled
    assert _pid_gone(int((tmp_path / "pid").read_text()))
    ex.close()  # a third close is a no-op
    # and the executor still works afterwards
    again = ex.execute(ExecutionRequest(nb=make_notebook(["print(1)"]), cwd=tmp_path))
    assert again.error_free
    ex.close()


# --- connection files after a SIGKILL --------------------------------------------------------

_HOLDER = """
import json, sys
from pathlib import Path
from mlemodernizer.execution.base import ExecutionRequest
from mlemodernizer.execution.local import LocalExecutor
from tests.conftest import make_notebook

code = "import os, ipykernel.connect as c\\nprint(c.get_connection_file(), os.getpid())"
ex = LocalExecutor()
result = ex.execute(
    ExecutionRequest(nb=make_notebook([code]), cwd=Path.cwd(), keep_kernel=True)
)
path, pid = result.executed.cells[0].outputs[0]["text"].split()
print(json.dumps({"file": path, "kernel": int(pid)}), flush=True)
sys.stdin.read()  # hold the kernel until the test closes our stdin
ex.close()
"""


def pid_cell(folder: Path) -> str:
    """A cell writing its kernel's pid where the test reads it (the run executes in a scratch
    copy of its folder: a relative path would land there)."""
    return f"import os\nopen({str(folder / 'pid')!r}, 'w').write(str(os.getpid()))"


def _holder(tmp_path: Path, env: dict[str, str]):
    import json
    import subprocess
    import sys

    from ..conftest import REPO

    proc = subprocess.Popen(
        [sys.executable, "-c", _HOLDER],
        env={**os.environ, "PYTHONPATH": str(REPO), **env},
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, "the holder did not start its kernel"
    return proc, json.loads(line)


def test_a_sigkilled_process_leaves_no_connection_file_behind_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import signal

    # both the temp folder and the jupyter runtime folder live in tmp_path, wherever files go
    (tmp_path / "tmp").mkdir()
    env = {"TMPDIR": str(tmp_path / "tmp"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt")}
    live, live_kernel = _holder(tmp_path, env)
    victim, victim_kernel = _holder(tmp_path, env)
    try:
        victim.kill()  # SIGKILL: no atexit, no kernel shutdown
        victim.wait(timeout=10)
        assert Path(victim_kernel["file"]).exists()
        os.kill(victim_kernel["kernel"], signal.SIGKILL)  # its kernel would exit on its own
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        LocalExecutor()  # the next start
        assert not Path(victim_kernel["file"]).exists()
        assert Path(live_kernel["file"]).exists()  # a live process keeps its kernel's file
    finally:
        victim.kill()
        assert live.stdin is not None
        live.stdin.close()
        live.wait(timeout=60)
    assert live.returncode == 0
    assert not Path(live_kernel["file"]).exists()  # a normal exit cleans up after itself
    assert _pid_gone(live_kernel["kernel"])


def test_a_running_cell_is_announced_and_its_last_lines_streamed(tmp_path: Path, executor) -> None:
    started: list[tuple[int, str]] = []
    tails: list[tuple[int, float, str]] = []
    slow = "import time\nfor i in range(5):\n    print('step', i, flush=True)\n    time.sleep(0.7)"
    nb = make_notebook(["x = 1", "md:notes", slow])
    result = executor.execute(
        ExecutionRequest(
            nb=nb,
            cwd=tmp_path,
            timeout_s=60,
            on_cell_start=lambda i, cid: started.append((i, cid)),
            on_output=lambda i, tail: tails.append((i, time.monotonic(), tail)),
        )
    )
    assert result.error_free
    assert started == [(0, nb.cells[0].id), (2, nb.cells[2].id)]
    # the long cell's output arrived while it ran, growing, at most once a second
    assert len(tails) >= 2 and all(i == 2 for i, _, _ in tails)
    assert tails[0][2].startswith("step 0") and tails[-1][2].count("step") > tails[0][2].count(
        "step"
    )
    gaps = [b - a for (_, a, _), (_, b, _) in zip(tails, tails[1:], strict=False)]
    assert all(gap >= 0.95 for gap in gaps)
