"""--install-missing: a package the kernel's environment lacks is pip-installed into that
environment with the user's consent, and the loop runs again. Real pip, a real throwaway
environment with its own kernelspec, a wheel served from a local folder (no index)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mlemodernizer.environment.distributions import install_name
from mlemodernizer.environment.install_missing import install, is_distribution_name

from ..conftest import json_report, run_cli, write_notebook
from ..local_wheel import throwaway_kernel

DIST = "mlem-tiny-dep"
MODULE = "mlem_tiny_dep"


@pytest.fixture
def kernel_env(tmp_path: Path) -> dict[str, str]:
    """A venv seeing this environment's packages but installing into its own, a kernelspec
    ``kenv`` for it, and pip pointed at a local folder holding the wheel only."""
    return throwaway_kernel(tmp_path, "kenv", DIST, MODULE)


@pytest.mark.kernel
def test_with_consent_the_missing_package_is_installed_and_the_notebook_runs(
    tmp_path: Path, kernel_env: dict[str, str]
) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", [f"import {MODULE}\nprint({MODULE}.VALUE)", "x = 1"])
    args = ("run", str(nb), "--offline", "--kernel", "kenv", "--json")
    # without consent: named, not installed, nothing rewritten
    first = json_report(run_cli(*args, "--out", str(tmp_path / "a.ipynb"), env=kernel_env))
    assert first["stop_reason"] == "blocked"
    assert first["cells"][0]["package"] == install_name(MODULE) == DIST
    check = f"import importlib.util; print(importlib.util.find_spec('{MODULE}') is None)"
    probe = [kernel_env["KENV_PYTHON"], "-c", check]
    assert subprocess.run(probe, capture_output=True, text=True).stdout.strip() == "True"
    # with consent: pip installs it into the kernel's environment and the loop runs again
    report = json_report(
        run_cli(*args, "--install-missing", "--out", str(tmp_path / "b.ipynb"), env=kernel_env)
    )
    assert report["final"]["error_cells"] == 0 and report["error_free"]
    assert any("--install-missing: installed" in n for n in report["notices"])
    assert subprocess.run(probe, capture_output=True, text=True).stdout.strip() == "False"
    # this test's own environment was not touched
    assert importlib_missing(MODULE)


def importlib_missing(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is None


def test_only_plain_distribution_names_reach_pip(tmp_path: Path) -> None:
    bad = ["--index-url=http://evil", "pkg @ http://x/y.whl", "../local", "a b", "x;rm -rf"]
    assert not any(is_distribution_name(b) for b in bad)
    results = install(bad, sys.executable)
    assert [r.ok for r in results] == [False] * len(bad)
    assert all("not a plain distribution name" in r.detail for r in results)
    assert is_distribution_name("python-calamine") and is_distribution_name("scikit_learn")


def test_install_names_for_modules_whose_distribution_differs() -> None:
    assert install_name("cv2") == "opencv-python"
    assert install_name("sklearn") == "scikit-learn"
    assert install_name("tensorflow") == "tensorflow"
    assert install_name("some_module") == "some-module"
    assert os.sep not in install_name("yaml")
