"""Notebooks for another language are refused before any work starts, unless a kernel is named."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from tornado.httpclient import HTTPClientError

from mlemodernizer.contracts.errors import NotebookError
from mlemodernizer.environment.kernel_language import check_kernel_language

from ..conftest import make_notebook, run_cli

R_SPEC = {"name": "ir", "display_name": "R", "language": "R"}
R_INFO = {"name": "R", "codemirror_mode": "r", "file_extension": ".r", "version": "3.6.1"}
JULIA_SPEC = {"name": "julia-1.6", "display_name": "Julia 1.6.0", "language": "julia"}
JULIA_INFO = {"name": "julia", "file_extension": ".jl", "version": "1.6.0"}


def _write(path: Path, kernelspec: dict | None, language_info: dict | None = None) -> Path:
    # cells that are valid in R/Julia and in Python alike, so only the metadata decides
    nb = make_notebook(["x = 1", "print(x)"])
    nb.metadata.pop("kernelspec", None)
    if kernelspec is not None:
        nb.metadata["kernelspec"] = kernelspec
    if language_info is not None:
        nb.metadata["language_info"] = language_info
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _refused(proc) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("mlemodernizer: error: ")
    return lines[0]


@pytest.mark.kernel
def test_r_notebook_is_refused_by_the_cli_naming_kernel_and_language(tmp_path: Path) -> None:
    nb = _write(tmp_path / "analysis.ipynb", R_SPEC, R_INFO)
    line = _refused(run_cli("run", str(nb), "--offline"))
    assert "'ir'" in line and " R " in line and "--kernel" in line
    assert not (tmp_path / "analysis.modernized.ipynb").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["analysis.ipynb"]


@pytest.mark.kernel
def test_julia_notebook_is_refused_by_the_cli(tmp_path: Path) -> None:
    nb = _write(tmp_path / "jl.ipynb", JULIA_SPEC, JULIA_INFO)
    report = tmp_path / "report.json"
    line = _refused(run_cli("run", str(nb), "--offline", "--report", str(report)))
    assert "'julia-1.6'" in line and "Julia" in line
    assert not (tmp_path / "jl.modernized.ipynb").exists() and not report.exists()


@pytest.mark.kernel
def test_a_named_kernel_runs_an_r_notebook_anyway(tmp_path: Path) -> None:
    nb = _write(tmp_path / "analysis.ipynb", R_SPEC, R_INFO)
    proc = run_cli("run", str(nb), "--offline", "--kernel", "python3", "--json")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "analysis.modernized.ipynb").exists()


@pytest.mark.parametrize(
    ("kernelspec", "language_info"),
    [
        ({"name": "python2", "display_name": "Python 2", "language": "python"}, None),
        ({"name": "conda-env-foo-py", "display_name": "Python [conda env:foo]"}, None),
        (None, {"name": "python", "version": "2.7.12"}),
        ({"name": "pyspark", "display_name": "PySpark", "language": "python"}, None),
        ({"name": "some-old-env", "display_name": "old"}, None),
        (None, None),
    ],
)
def test_python_notebooks_with_any_kernel_name_are_not_refused(
    kernelspec: dict | None, language_info: dict | None
) -> None:
    nb = make_notebook(["x = 1"])
    nb.metadata.pop("kernelspec", None)
    if kernelspec is not None:
        nb.metadata["kernelspec"] = kernelspec
    if language_info is not None:
        nb.metadata["language_info"] = language_info
    check_kernel_language(nb, None, "nb.ipynb")


@pytest.mark.parametrize(
    ("kernelspec", "language_info", "expected"),
    [
        (R_SPEC, R_INFO, ["'ir'", " R "]),
        ({"name": "ir"}, None, ["'ir'", " R "]),  # no language anywhere: the name says R
        (None, R_INFO, [" R "]),
        (JULIA_SPEC, None, ["'julia-1.6'", "Julia"]),
        ({"name": "bash", "language": "bash"}, None, ["'bash'", "bash"]),
    ],
)
def test_other_languages_are_refused_unless_a_kernel_is_named(
    kernelspec: dict | None, language_info: dict | None, expected: list[str]
) -> None:
    nb = make_notebook(["x = 1"])
    nb.metadata.pop("kernelspec", None)
    if kernelspec is not None:
        nb.metadata["kernelspec"] = kernelspec
    if language_info is not None:
        nb.metadata["language_info"] = language_info
    with pytest.raises(NotebookError) as info:
        check_kernel_language(nb, None, "nb.ipynb")
    message = str(info.value)
    assert message.startswith("nb.ipynb: ") and "\n" not in message
    for part in expected:
        assert part in message
    check_kernel_language(nb, "python3", "nb.ipynb")  # the user's choice wins


@pytest.fixture
def jp_server_config(tmp_path: Path):
    return {
        "ServerApp": {"jpserver_extensions": {"mlemodernizer": True}},
        "MLEModernizer": {"jobs_dir": str(tmp_path / "jobs"), "offline": True},
    }


async def test_the_server_answers_400_at_job_creation(jp_fetch, jp_root_dir: Path) -> None:
    _write(jp_root_dir / "r.ipynb", R_SPEC, R_INFO)
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "jobs", method="POST", body=json.dumps({"path": "r.ipynb"}))
    assert info.value.code == 400
    message = json.loads(info.value.response.body)["message"]
    assert "'ir'" in message and " R " in message
    assert str(jp_root_dir) not in message  # the server answers with root-relative paths
    listing = await jp_fetch("mlemodernizer", "jobs")
    assert json.loads(listing.body)["jobs"] == []
