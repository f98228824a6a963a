"""What both executors share without a kernel: a run's bookkeeping (RunRecorder) and whether the
process that left a runtime folder or a container behind still runs. (The executors' own tests run
these through real kernels and containers.)"""

from __future__ import annotations

import os
import subprocess
import time

from nbformat.v4 import new_output

from mlemodernizer.execution.base import CellRun, ExecutionRequest
from mlemodernizer.execution.processes import process_alive, process_start
from mlemodernizer.execution.record import FACTS_MARKER, RunRecorder, parse_facts

from ..conftest import make_notebook


def ran(nb, index: int, text: str, count: int):
    """The notebook as a kernel left it: cell ``index`` showed ``text``."""
    nb.cells[index].outputs = [new_output("stream", name="stdout", text=text)]
    nb.cells[index].execution_count = count
    return nb


def test_a_fresh_run_starts_from_empty_cells_and_leaves_the_request_alone() -> None:
    nb = ran(make_notebook(["a = 1", "print(a)"]), 1, "1\n", 2)
    request = ExecutionRequest(nb=nb, cwd=".", start_at=1)
    recorder = RunRecorder(request)  # nothing kept: fresh, whatever start_at says
    assert recorder.start == 0 and recorder.result.resumed_from is None
    assert [c.outputs for c in recorder.nb.cells] == [[], []]
    assert recorder.nb.cells[1].execution_count is None
    assert nb.cells[1].outputs  # a copy was emptied, not the caller's notebook


def test_a_resumed_run_keeps_what_the_kept_kernel_showed_before_the_resume_point() -> None:
    kept = make_notebook(["md:# title", "a = 1", "print(a)", "b"])
    kept.cells[1].execution_count = 1
    ran(kept, 2, "1\n", 2)
    fixed = make_notebook(["md:# title", "a = 1", "print(a)", "b = 2"])
    recorder = RunRecorder(ExecutionRequest(nb=fixed, cwd=".", start_at=3), kept=kept)
    assert recorder.start == 3 and recorder.result.resumed_from == 3
    cells = recorder.nb.cells
    assert cells[0].cell_type == "markdown" and "outputs" not in cells[0]
    assert cells[1].execution_count == 1 and cells[1].outputs == []
    assert cells[2].outputs[0]["text"] == "1\n" and cells[2].execution_count == 2
    assert cells[3].outputs == [] and cells[3].execution_count is None
    recorder.restarted()  # the kept kernel had gone: every cell runs anew
    assert recorder.result.resumed_from is None and recorder.start == 0
    assert cells[2].outputs == [] and cells[2].execution_count is None
    # start_at 0 never resumes, even with a kept kernel
    assert RunRecorder(ExecutionRequest(nb=fixed, cwd="."), kept=kept).result.resumed_from is None


def test_cells_are_recorded_once_with_their_errors_and_reported_as_they_finish() -> None:
    seen: list[CellRun] = []
    nb = make_notebook(["1", "x", "import time", "2"])
    recorder = RunRecorder(ExecutionRequest(nb=nb, cwd=".", on_cell=seen.append))
    recorder.nb.cells[1].outputs = [
        new_output("error", ename="NameError", evalue="\x1b[31mname 'x'\x1b[0m", traceback=["tb"])
    ]
    recorder.cell_done(0, 0.5)
    recorder.cell_done(1, 0.25)
    recorder.timed_out(2, 3.0, 2.6)
    recorder.kernel_died(3, 1.0, "out of memory")
    result = recorder.result
    assert [r.cell_index for r in seen] == [0, 1, 2, 3] and seen == result.cells
    assert seen[0].error is None and seen[0].seconds == 0.5
    assert [e.cell_index for e in result.errors] == [1, 2, 3]
    name, timeout, dead = result.errors
    assert (name.ename, name.evalue, name.traceback) == ("NameError", "name 'x'", "tb")
    assert (timeout.ename, timeout.evalue) == (
        "TimeoutError",
        "the cell exceeded the time limit (3 s)",
    )
    assert (dead.ename, dead.evalue) == ("DeadKernelError", "the kernel died: out of memory")
    assert result.timed_out and result.kernel_died and not result.error_free


def test_a_stop_between_cells_records_no_cell() -> None:
    recorder = RunRecorder(ExecutionRequest(nb=make_notebook(["1"]), cwd="."))
    recorder.timed_out(None, 0.0, 60)
    recorder.kernel_died(None, 0.0, "gone")
    assert recorder.result.timed_out and recorder.result.kernel_died
    assert recorder.result.cells == [] and recorder.result.errors == []


def test_facts_come_from_the_marker_line_only() -> None:
    assert parse_facts(f'noise\n{FACTS_MARKER}{{"items": [1]}}\nmore') == {"items": [1]}
    assert parse_facts(f"{FACTS_MARKER}not json") == {}
    assert parse_facts(f"{FACTS_MARKER}[1, 2]") == {}
    assert parse_facts("no marker") == {}


def test_an_owner_is_a_pid_and_its_start_time() -> None:
    me = os.getpid()
    start = process_start(me)
    assert start.isdigit()
    assert process_alive(me, start) and process_alive(me)
    assert not process_alive(me, str(int(start) + 1))  # the pid reused by another process
    proc = subprocess.Popen(["true"])
    proc.wait()
    assert not process_alive(proc.pid) and process_start(proc.pid) == ""
    zombie = subprocess.Popen(["true"])
    try:
        for _ in range(200):  # exited but not reaped yet: a zombie runs nothing
            if not process_alive(zombie.pid):
                break
            time.sleep(0.01)
        assert not process_alive(zombie.pid)
    finally:
        zombie.wait()
