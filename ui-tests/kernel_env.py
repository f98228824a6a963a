"""A throwaway kernel environment for the Galata server (jupyter_server_test_config.py), so
that a test may confirm "Install X and run again" without pip touching the environment the
tests run from.

A venv without pip of its own that sees this environment's packages through a ``.pth`` file
(ipykernel, numpy, pip...) but installs into its own site-packages; a ``python3`` kernelspec
that runs it, found first through ``JUPYTER_PATH`` (jobs and JupyterLab both start
``python3``); pip pointed at a local folder of wheels, with no index.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

# the one distribution the folder offers (ui-tests/tests/install.spec.ts imports its module)
DIST = "mlem-ui-absent-dep"
MODULE = "mlem_ui_absent_dep"


def throwaway_kernel(root: Path, repo: Path) -> dict[str, str]:
    """Build it under ``root``; the environment variables that point the server at it."""
    venv = root / "kenv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(own, "_parent_env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    spec = root / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "Python 3 (ipykernel)", "language": "python"})
    )
    wheels = root / "wheels"
    wheels.mkdir()
    sys.path.insert(0, str(repo))
    from tests.local_wheel import write_wheel

    write_wheel(wheels, DIST, MODULE)
    return {
        "JUPYTER_PATH": str(root / "jupyter"),
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheels),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
