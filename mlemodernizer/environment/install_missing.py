"""Installing a package the notebook needs, only with the user's consent (``--install-missing``,
the panel's Install button): a missing package is the environment's business, never fixed by
rewriting code, so the one thing the tool may do is ``pip install`` it into the kernel's own
environment and run again.

Names come from error messages, so they are checked to be plain distribution names (no
options, URLs, paths or version specifiers can reach pip) before anything runs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

from ..contracts.wire import Wire

# a PEP 508 distribution name and nothing else
_DIST_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$")


@dataclass(frozen=True)
class Installed(Wire):
    package: str
    ok: bool
    detail: str  # pip's last line, or why nothing ran


def is_distribution_name(name: str) -> bool:
    return bool(_DIST_NAME.match(name))


def kernel_python(kernel_name: str | None) -> str | None:
    """The interpreter the notebook's kernel runs (its kernelspec's argv[0]); None when the
    kernel is not a Python on this machine (pip would install somewhere else)."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(kernel_name or "python3")
    except NoSuchKernel:
        return sys.executable if not kernel_name or kernel_name == "python3" else None
    if not spec.argv or spec.language.lower() != "python":
        return None
    exe = spec.argv[0]
    if exe in ("python", "python3", "{python}"):
        return sys.executable  # ipykernel's own spec: the interpreter that serves it
    return exe if os.path.isabs(exe) else shutil.which(exe)


def install(packages: list[str], python: str, timeout_s: float = 600) -> list[Installed]:
    """``python -m pip install PACKAGE`` for each name, one at a time so one failure does not
    hide the others; the LLM key and other secrets are not passed to pip."""
    out: list[Installed] = []
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    for package in dict.fromkeys(packages):
        if not is_distribution_name(package):
            out.append(Installed(package, False, "not a plain distribution name: not installed"))
            continue
        cmd = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q", package]
        try:
            proc = subprocess.run(
                cmd, capture_output=True, text=True, timeout=timeout_s, env=env, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            out.append(Installed(package, False, f"pip did not finish: {exc}"))
            continue
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        last = lines[-1][:300] if lines else ""
        if proc.returncode == 0:
            out.append(Installed(package, True, f"installed with {python} -m pip"))
        else:
            out.append(Installed(package, False, last or f"pip exited {proc.returncode}"))
    return out
