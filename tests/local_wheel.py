"""A pure-Python wheel written by hand (a module, METADATA, WHEEL and RECORD), for pip to install
from a local folder with no index: the --install-missing tests and the Galata server's
throwaway kernel environment (ui-tests/jupyter_server_test_config.py) use it, with the
throwaway kernel environment itself (:func:`throwaway_kernel`)."""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path


def write_wheel(folder: Path, dist: str, module: str, body: str = "VALUE = 42\n") -> Path:
    """``folder/<module>-1.0-py3-none-any.whl`` providing ``module`` (distribution ``dist``)."""
    info = f"{module}-1.0.dist-info"
    files = {
        f"{module}.py": body,
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    path = folder / f"{module}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for p, text in files.items():
            z.writestr(p, text)
    return path


def throwaway_kernel(root: Path, kernel: str, dist: str, module: str) -> dict[str, str]:
    """Under ``root``: a venv without pip of its own that sees this environment's packages
    (ipykernel, pip, ...) through a ``.pth`` file but installs into its own site-packages, a
    kernelspec ``kernel`` that runs it, and a folder holding ``dist``'s wheel only. Returns the
    environment variables that point Jupyter (``JUPYTER_PATH``) and pip (no index, that folder)
    at them, and ``KENV_PYTHON``, the venv's interpreter."""
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
    spec = root / "jupyter" / "kernels" / kernel
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    display = "Python 3 (ipykernel)" if kernel == "python3" else kernel
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": display, "language": "python"})
    )
    wheels = root / "wheels"
    wheels.mkdir()
    write_wheel(wheels, dist, module)
    return {
        "JUPYTER_PATH": str(root / "jupyter"),
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(wheels),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "KENV_PYTHON": str(python),
    }
