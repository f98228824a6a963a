"""Fast iterations: resume in the live kernel from the failing cell, and every fallback."""

from __future__ import annotations

import copy
import os
import signal
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.execution.base import CellError, CellRun, ExecutionRequest, ExecutionResult
from mlemodernizer.execution.local import LocalExecutor
from mlemodernizer.fixers.base import FixType
from mlemodernizer.loop.resume import decide, not_rerunnable

from ..conftest import json_report, make_notebook, run_cli, write_notebook
from ..scripted_openai import ScriptedOpenAI


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("x = 1\ny = x + 1\nprint(y)", None),
        ("X = X[:, 1:]", "rebinds X"),
        ("X = load()\nX = X[:, 1:]", None),  # X is the cell's own from its first line
        ("n += 1", "augmented"),
        ("results.append(score)", "results.append"),
        ("acc = []\nacc.append(1)", None),
        ("df.drop('a', axis=1, inplace=True)", "inplace"),
        ("df['x'] = df['x'] * 2", "updates df in place"),
        ("df['log_x'] = df['x'] + 1", None),
        ("np.random.shuffle(idx)", "shuffle"),
        ("del model", "del"),
        ("!rm -rf out", "shell"),
        ("%matplotlib inline\nplt.plot([1])", None),
        ("for i in range(3):\n    total = total + i", "rebinds total"),
        ("model.fit(X, y)\nprint(model.score(X, y))", None),
    ],
)
def test_rerunnable_rule(source: str, reason: str | None) -> None:
    why = not_rerunnable(source)
    if reason is None:
        assert why is None
    else:
        assert why is not None and reason in why


def _result(nb, first_error: int | None, ran: list[int], **flags) -> ExecutionResult:
    errors = [CellError(first_error, "", "NameError", "x", "")] if first_error is not None else []
    cells = [CellRun(i, "", 0.1, errors[0] if i == first_error else None) for i in ran]
    return ExecutionResult(executed=nb, cells=cells, errors=errors, **flags)


OLD = make_notebook(
    ["import numpy as np\ndata = np.arange(5)", "a = data.mean()", "b = undefined", "c = b + 1"]
)


def _new(**changes: str):
    nb = copy.deepcopy(OLD)
    for index, src in changes.items():
        nb.cells[int(index[1:])].source = src
    return nb


def test_resume_decision_and_each_fallback() -> None:
    ran = [0, 1, 2, 3]
    ok = decide(OLD, _new(c2="b = 1"), [2], _result(OLD, 2, ran), FixType.ERROR_REPAIR)
    assert ok.start_at == 2, ok.reason
    cases = [
        (
            decide(
                OLD,
                _new(c1="a = 0", c2="b = 1"),
                [1, 2],
                _result(OLD, 2, ran),
                FixType.ERROR_REPAIR,
            ),
            "before the failing cell",
        ),
        (
            decide(OLD, _new(c2="b = 1"), [2], _result(OLD, 2, ran), FixType.RUNTIME_REDUCTION),
            "runtime-reduction",
        ),
        (
            decide(
                OLD,
                _new(c2="b = 1"),
                [2],
                _result(OLD, 2, ran, kernel_died=True),
                FixType.ERROR_REPAIR,
            ),
            "did not survive",
        ),
        (
            decide(
                OLD,
                _new(c2="b = 1"),
                [2],
                _result(OLD, 2, ran, timed_out=True),
                FixType.ERROR_REPAIR,
            ),
            "did not survive",
        ),
        (
            decide(
                OLD,
                _new(c2="import numpy as np\nb = np.ones(1)"),
                [2],
                _result(OLD, 2, ran),
                FixType.ERROR_REPAIR,
            ),
            "imports numpy again",
        ),
        (
            decide(OLD, _new(c2="b = 1"), [2], _result(OLD, None, ran), FixType.SCORE_CALIBRATION),
            "no failing cell",
        ),
    ]
    for decision, reason in cases:
        assert decision.start_at == 0 and reason in decision.reason
    mutating = make_notebook(["data = [1]", "b = undefined", "data.append(2)"])
    d = decide(mutating, mutating, [1], _result(mutating, 1, [0, 1, 2]), FixType.ERROR_REPAIR)
    assert d.start_at == 0 and "cell 3" in d.reason  # as JupyterLab counts


@pytest.mark.kernel
def test_executor_resumes_in_the_kept_kernel(tmp_path: Path) -> None:
    executor = LocalExecutor()
    try:
        nb = make_notebook(["runs = globals().get('runs', 0) + 1", "y = undefined", "print(runs)"])
        first = executor.execute(
            ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60, keep_kernel=True)
        )
        assert first.resumed_from is None and [e.cell_index for e in first.errors] == [1]
        nb.cells[1].source = "y = 1"
        again = executor.execute(
            ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60, start_at=1, keep_kernel=True)
        )
        assert again.resumed_from == 1 and [c.cell_index for c in again.cells] == [1, 2]
        assert again.error_free
        assert again.executed.cells[2].outputs[0]["text"] == "1\n"  # cell 0 was not run again
        assert again.executed.cells[0].outputs == first.executed.cells[0].outputs
        # a kernel killed mid-search: the next run starts fresh instead of failing
        pid_nb = make_notebook(["import os\nprint(os.getpid())"])
        pid = executor.execute(
            ExecutionRequest(nb=pid_nb, cwd=tmp_path, timeout_s=60, keep_kernel=True)
        )
        os.kill(int(pid.executed.cells[0].outputs[0]["text"]), signal.SIGKILL)
        recovered = executor.execute(
            ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=60, start_at=1, keep_kernel=True)
        )
        assert recovered.resumed_from is None and recovered.error_free
        assert recovered.executed.cells[2].outputs[0]["text"] == "1\n"
    finally:
        executor.close()


def fix(cells: dict[int, str]) -> str:
    # keyed by the cell's index; the model names it by its number, from 1
    body = "\n\n".join(f"# %% cell {i + 1}\n{src}" for i, src in cells.items())
    return f"Plan: fix the next error.\n```python\n{body}\n```\n"


CELLS = [
    "import time\ntime.sleep(1.5)\nbase = 10",
    "a = base + undefined_a",
    "b = a * undefined_b",
    "print('result: %d' % (a + b))",
]
REPLIES = [fix({1: "a = base + 1"}), fix({2: "b = a * 2"})]


@pytest.mark.kernel
@pytest.mark.parametrize("resume", [True, False])
def test_same_results_with_and_without_resume(tmp_path: Path, resume: bool) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", CELLS)
    with ScriptedOpenAI(REPLIES) as srv:
        args = [
            "run",
            str(nb),
            "--base-url",
            srv.base_url,
            "--model",
            "m",
            "--json",
            "--score-regex",
            r"result: (\d+)",
            "--target-score",
            "33",
        ]
        report = json_report(run_cli(*args, *([] if resume else ["--restart-kernel"])))
    assert report["outcome"] == "error_free_reproducible" and report["final"]["score"] == 33
    assert [it["resumed"] for it in report["iterations"]] == [resume, resume]
    if resume:
        assert report["iterations"][0]["cells_run"] == [1, 2, 3]
        assert report["iterations"][1]["cells_run"] == [2, 3]
        # search runs skip the slow first cell; the verdict is a fresh run of every cell
        assert report["iterations"][1]["runtime_s"] < 1.0
        assert report["final"]["runtime_s"] >= 1.5
    else:
        assert report["iterations"][1]["cells_run"] == [0, 1, 2, 3]
    runs = [report["baseline"]["runtime_s"]] + [it["runtime_s"] for it in report["iterations"]]
    if resume:
        runs.append(report["final"]["runtime_s"])  # the extra verdict run
    assert "noise-baseline" not in report["run_seconds"]  # no stored numbers to judge by
    assert report["execution_seconds_total"] == pytest.approx(sum(runs), abs=0.05)
    assert sum(report["run_seconds"].values()) == pytest.approx(sum(runs), abs=0.05)
    out = nbformat.read(tmp_path / "nb.modernized.ipynb", as_version=4)
    assert out.cells[3].outputs[0]["text"] == "result: 33\n"
