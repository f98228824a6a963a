from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from mlemodernizer.errors import ExecutorError
from mlemodernizer.execution.base import CellRun, ExecutionRequest
from mlemodernizer.execution.local import LocalExecutor

from .conftest import make_notebook


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
            "import os\nopen('pid', 'w').write(str(os.getpid()))",
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
    nb = make_notebook(
        ["import os\nopen('pid', 'w').write(str(os.getpid()))", "import time\ntime.sleep(60)"]
    )
    request = ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=120)
    threading.Timer(3.0, request.cancel.set).start()
    t0 = time.monotonic()
    result = executor.execute(request)
    assert result.cancelled and time.monotonic() - t0 < 15
    assert _pid_gone(int((tmp_path / "pid").read_text()))


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
