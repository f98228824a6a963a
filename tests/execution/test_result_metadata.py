"""The modernized copy names the kernel it was checked in, as Jupyter itself writes it, so that
JupyterLab opens it with nothing unsaved (issue 29, item 9: it used to open with the
unsaved-changes dot, for a kernel display name and a missing language_info)."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager

from ..conftest import make_notebook, run_cli

pytestmark = pytest.mark.kernel


def test_the_copy_carries_the_kernels_own_spec_and_language_info(tmp_path: Path) -> None:
    nb = make_notebook(["import numpy as np\nprint(np.float(3) / 2)"])
    nb.metadata["kernelspec"]["display_name"] = "Python 3"  # as old notebooks say
    assert "language_info" not in nb.metadata
    path = tmp_path / "old.ipynb"
    nbformat.write(nb, path)
    proc = run_cli("run", str(path), "--offline", "--fixers", "rules")
    assert proc.returncode == 0, proc.stderr
    meta = nbformat.read(tmp_path / "old.modernized.ipynb", as_version=4).metadata
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert meta.kernelspec == {
        "name": "python3",
        "display_name": spec.display_name,
        "language": spec.language,
    }
    assert meta.language_info["name"] == "python"
    # the kernel's interpreter answered (the tests' kernel is this interpreter)
    assert meta.language_info["version"] == ".".join(map(str, sys.version_info[:3]))
    # the input is never touched
    assert nbformat.read(path, as_version=4).metadata.kernelspec.display_name == "Python 3"
