"""A throwaway kernel environment that sees one version of ``fernlearn``, the made-up library of
tests/fixtures/driftlib (its README says what drifted between versions 1 and 2), for the tests of
the generic environment repair: :func:`driftlib_kernel`. Modelled on
:func:`tests.local_wheel.throwaway_kernel`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

DRIFTLIB = Path(__file__).resolve().parent / "fixtures" / "driftlib"
# written for fernlearn 1.4.0, run on it (stored outputs); several cells fail on 2.0.0
NOTEBOOK = DRIFTLIB / "notebook_v1.ipynb"
# fixture folder name -> fernlearn's __version__ and dist-info Version there
VERSIONS = {"v1": "1.4.0", "v2": "2.0.0"}


def kernel_name(version: str) -> str:
    """The kernelspec :func:`driftlib_kernel` writes for ``version``: ``fernlearn-v1``, ..."""
    return f"fernlearn-{version}"


def driftlib_kernel(root: Path, version: str) -> dict[str, str]:
    """Under ``root``: a venv without pip of its own that sees this environment's packages
    (ipykernel, ...) through a ``.pth`` file, with ``fernlearn`` of fixture ``version`` ("v1" or
    "v2") and its ``.dist-info`` copied into its own site-packages (so ``importlib.metadata`` and
    ``packages_distributions()`` see it as installed there), and a kernelspec
    ``fernlearn-<version>`` under ``root/jupyter/kernels`` that runs it. Both versions may be
    built under one ``root``: they share ``JUPYTER_PATH``.

    Returns the environment variables that point Jupyter at the kernelspec (``JUPYTER_PATH``),
    plus ``DRIFTLIB_KERNEL``, the kernel's name (for ``--kernel`` or nbclient's
    ``kernel_name``), and ``KENV_PYTHON``, the venv's interpreter."""
    if version not in VERSIONS:
        raise ValueError(f"version must be one of {sorted(VERSIONS)}; got {version!r}")
    name = kernel_name(version)
    venv = root / f"{name}-env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(own, "_parent_env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    for item in sorted((DRIFTLIB / version).iterdir()):
        if item.is_dir() and item.name != "__pycache__":
            shutil.copytree(
                item, Path(own, item.name), ignore=shutil.ignore_patterns("__pycache__")
            )
    spec = root / "jupyter" / "kernels" / name
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": argv,
                "display_name": f"fernlearn {VERSIONS[version]}",
                "language": "python",
            }
        )
    )
    return {
        "JUPYTER_PATH": str(root / "jupyter"),
        "DRIFTLIB_KERNEL": name,
        "KENV_PYTHON": str(python),
    }
