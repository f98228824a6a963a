"""Errors raised in the notebook's own .py modules: found in tracebacks, reported, never written."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.environment.local_modules import failing_local_frame, local_module_notices
from mlemodernizer.execution.base import CellError

from ..conftest import json_report, run_cli, write_notebook

HELPER = "import numpy as np\n\n\ndef as_float(x):\n    return np.float(x)\n"


def ipython_traceback(*frames: str) -> str:
    """An IPython 8 traceback through ``frames`` (paths with their line)."""
    lines = ["AttributeError  Traceback (most recent call last)", "Cell In[2], line 1"]
    lines += [f"File {f}, in f()" for f in frames]
    return "\n".join([*lines, "AttributeError: module 'numpy' has no attribute 'float'"])


def test_the_innermost_local_frame_is_found_past_installed_packages(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    helper = tmp_path / "pkg" / "helpers.py"
    helper.write_text(HELPER)
    site = "/usr/lib/python3/dist-packages/numpy/__init__.py:414"
    frame = failing_local_frame(ipython_traceback(f"{helper}:5", site), tmp_path)
    assert frame is not None and (frame.path, frame.line) == (helper.resolve(), 5)
    # the plain Python format, and a container's path matched by its tail under the folder
    plain = '  File "/workspace/nbs/pkg/helpers.py", line 5, in as_float\n'
    frame = failing_local_frame(plain, tmp_path)
    assert frame is not None and frame.path == helper.resolve()


def test_no_local_frame_when_the_error_is_raised_elsewhere(tmp_path: Path) -> None:
    helper = tmp_path / "helpers.py"
    helper.write_text(HELPER)
    stdlib = "/usr/lib/python3.11/json/decoder.py:355"
    # the module called into the standard library and that raised: still the module's line
    assert failing_local_frame(ipython_traceback(f"{helper}:5", stdlib), tmp_path) is not None
    # a file outside the folder, or one that does not exist, is not the user's module here
    outside = tmp_path.parent / "elsewhere.py"
    assert failing_local_frame(ipython_traceback(f"{outside}:1"), tmp_path) is None
    assert failing_local_frame(ipython_traceback(f"{tmp_path}/gone.py:1"), tmp_path) is None
    assert failing_local_frame("NameError: name 'x' is not defined", tmp_path) is None


def test_one_notice_per_module_with_the_rules_diff(tmp_path: Path) -> None:
    helper = tmp_path / "helpers.py"
    helper.write_text(HELPER)
    errors = [
        CellError(i, f"c{i}", "AttributeError", "no float", ipython_traceback(f"{helper}:5"))
        for i in (1, 3)
    ]
    seen: set[Path] = set()
    notices = local_module_notices(
        errors, tmp_path, lambda src, errs: (src.replace("np.float(", "float("), ["NPY001"]), seen
    )
    assert len(notices) == 1 and notices[0].startswith("cell 2 fails in helpers.py, line 5")
    assert "(AttributeError: no float)" in notices[0]
    assert "helpers.py, line 5" in notices[0]
    assert "-    return np.float(x)\n+    return float(x)" in notices[0]
    assert local_module_notices(errors, tmp_path, None, seen) == []  # told once


@pytest.mark.kernel
def test_run_reports_the_fix_for_a_local_module_and_leaves_it_alone(tmp_path: Path) -> None:
    """A real kernel, --modules report: the notebook imports a helper that uses np.float; the
    report says where and what the rules (NPY001) would change; the helper on disk is
    unchanged."""
    helper = tmp_path / "helpers.py"
    helper.write_text(HELPER)
    nb = write_notebook(tmp_path / "nb.ipynb", ["from helpers import as_float", "as_float('2')"])
    args = ["--offline", "--json", "--max-iterations", "2", "--modules", "report"]
    report = json_report(run_cli("run", str(nb), *args))
    assert report["error_free"] is False
    [notice] = [n for n in report["notices"] if "helpers.py" in n]
    assert notice.startswith("cell 2 fails in helpers.py, line 5 (AttributeError: module")
    assert "NPY001" in notice and "+    return float(x)" in notice
    assert helper.read_text() == HELPER


@pytest.mark.kernel
def test_the_notice_reaches_the_event_stream_once(tmp_path: Path) -> None:
    """The panel shows it live: `execution_finished.notices` of the run that found it (later
    runs of the same error do not repeat it)."""
    from mlemodernizer.contracts.options import Options
    from mlemodernizer.jobs import prepare_job

    (tmp_path / "helpers.py").write_text(HELPER)
    nb = write_notebook(tmp_path / "nb.ipynb", ["from helpers import as_float", "as_float('2')"])
    events: list = []
    opts = Options(offline=True, max_iterations=1, modules="report")
    job = prepare_job(nb, opts, job_id="t", sinks=[events.append])
    job.run()
    runs = [e.data for e in events if e.type == "execution_finished"]
    assert len(runs[0]["notices"]) == 1 and "helpers.py, line 5" in runs[0]["notices"][0]
    assert all(r["notices"] == [] for r in runs[1:])


@pytest.mark.kernel
def test_with_modules_apply_the_fix_is_proposed_not_noticed(tmp_path: Path) -> None:
    """The default: the rules' change to the helper is a proposal (no notice), accepted and
    written, and the next run starts a fresh kernel that imports the changed helper."""
    from mlemodernizer.contracts.options import Options
    from mlemodernizer.jobs import prepare_job

    (tmp_path / "helpers.py").write_text(HELPER)
    nb = write_notebook(tmp_path / "nb.ipynb", ["from helpers import as_float", "as_float('2')"])
    events: list = []
    job = prepare_job(nb, Options(offline=True), job_id="t", sinks=[events.append])
    result = job.run()
    runs = [e.data for e in events if e.type == "execution_finished"]
    assert all(r["notices"] == [] for r in runs)
    [proposed] = [e.data for e in events if e.type == "fix_proposed"]
    [change] = proposed["changes"]
    assert (change["path"], change["cell_id"], change["cell_index"]) == (
        "helpers.py",
        "file:helpers.py",
        -1,
    )
    started = [
        e.data
        for e in events
        if e.type == "execution_started" and e.data["kind"] in ("baseline", "iteration")
    ]
    assert started[1]["start_at"] == 0 and "helpers.py" in started[1]["reason"]
    assert result.report.error_free and "float(x)" in (tmp_path / "helpers.py").read_text()
