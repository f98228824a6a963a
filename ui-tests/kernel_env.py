"""A throwaway kernel environment for the Galata server (jupyter_server_test_config.py), so
that a test may confirm "Install X and run again" without pip touching the environment the
tests run from.

A venv without pip of its own that sees this environment's packages through a ``.pth`` file
(ipykernel, numpy, pip...) but installs into its own site-packages; a ``python3`` kernelspec
that runs it, found first through ``JUPYTER_PATH`` (jobs and JupyterLab both start
``python3``); pip pointed at a local folder of wheels, with no index.
"""

from __future__ import annotations

import sys
from pathlib import Path

# the one distribution the folder offers (ui-tests/tests/install.spec.ts imports its module)
DIST = "mlem-ui-absent-dep"
MODULE = "mlem_ui_absent_dep"


def throwaway_kernel(root: Path, repo: Path) -> dict[str, str]:
    """Build it under ``root``; the environment variables that point the server at it."""
    sys.path.insert(0, str(repo))
    from tests.local_wheel import throwaway_kernel as build

    env = build(root, "python3", DIST, MODULE)
    env.pop("KENV_PYTHON")
    return env
