"""The parameters of the callables a notebook calls, as the kernel's environment defines them:
which take a seed (``random_state=None``), for the reading of unseeded randomness
(``scoring.randomness``).

Asked of a separate interpreter of the kernel's Python (the kernel itself is never touched), run
in the notebook's folder so its own modules are found as the kernel finds them, once per job for
the names it has not answered yet. Deep-learning frameworks are read by name, never imported
here (importing TensorFlow takes seconds). Where no interpreter of the kernel's is on this
machine (a Docker sidecar), this machine's own answers for libraries, never for the notebook's
own modules (their code runs only in the sandbox).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

# a callable's parameters: name -> its default's repr, or None when it has no default ({}: a
# callable whose signature cannot be read)
Params = Mapping[str, str | None]

# imported by nobody here: their draws are read by name (scoring.randomness)
_NEVER_IMPORTED = ("tensorflow", "keras", "torch", "jax")
_TIMEOUT_S = 60.0

_ASK = r"""
import importlib, inspect, json, sys, warnings
warnings.simplefilter("ignore")
found = {}
for dotted in json.loads(sys.stdin.read()):
    parts = dotted.split(".")
    obj = None
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except Exception:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except Exception:
            obj = None
        break
    if obj is None or not callable(obj):
        continue
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        found[dotted] = {}
        continue
    found[dotted] = {
        name: None if p.default is inspect.Parameter.empty else repr(p.default)[:60]
        for name, p in signature.parameters.items()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    }
print(json.dumps(found))
"""


class SignatureBook:
    """The answers so far, per job; asks the interpreter only for names it has not asked."""

    def __init__(self, python: str | None, folder: Path | None) -> None:
        self.python = python
        self.folder = folder  # None: the notebook's own modules are not looked up
        self.known: dict[str, Params] = {}
        self._asked: set[str] = set()

    def lookup(self, names: Iterable[str]) -> dict[str, Params]:
        wanted = sorted(
            n for n in set(names) - self._asked if n.split(".")[0] not in _NEVER_IMPORTED
        )
        if wanted:
            self._asked.update(wanted)
            self.known.update(_ask(self.python or sys.executable, wanted, self.folder))
        return self.known


def _ask(python: str, names: list[str], folder: Path | None) -> dict[str, Params]:
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    env["PYTHONWARNINGS"] = "ignore"
    # outside the notebook's folder, ``-I`` keeps the notebook's own modules out of reach
    cmd = [python, "-c", _ASK] if folder is not None else [python, "-I", "-c", _ASK]
    try:
        proc = subprocess.run(
            cmd,
            input=json.dumps(names),
            capture_output=True,
            text=True,
            timeout=_TIMEOUT_S,
            cwd=folder or Path.home(),
            env=env,
            check=False,
        )
        found = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.stdout.strip() else {}
    except (OSError, subprocess.SubprocessError, json.JSONDecodeError, IndexError):
        return {}  # no answers: the reading knows fewer seeds, nothing worse
    return (
        {k: v for k, v in found.items() if isinstance(v, dict)} if isinstance(found, dict) else {}
    )
