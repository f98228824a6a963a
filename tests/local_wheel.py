"""A pure-Python wheel written by hand (a module, METADATA, WHEEL and RECORD), for pip to install
from a local folder with no index: the --install-missing tests and the Galata server's
throwaway kernel environment (ui-tests/jupyter_server_test_config.py) use it."""

from __future__ import annotations

import base64
import hashlib
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
