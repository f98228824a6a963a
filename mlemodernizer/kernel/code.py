"""The host side of the kernel layer: the code the tool sends to a kernel or a fresh interpreter
of the kernel's environment, built in one place. A probe is a kernel-side file of this folder
(``grounding_probe.py``, ``drift_probe.py``) sent after :mod:`.prelude`, with one call of its
main whose parameters are JSON."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
PRELUDE = HERE / "prelude.py"
GROUNDING_PROBE = HERE / "grounding_probe.py"  # facts for the model (environment.grounding)
DRIFT_PROBE = HERE / "drift_probe.py"  # the environment family's answers (fixers.environment)


def versions_code(*, python: bool = False) -> str:
    """Code that prints what an environment has installed, ``{distribution (lower case):
    version}`` as JSON (and the interpreter's version under ``python``, when asked): the
    packages check of a kernel and of a sidecar image."""
    return (
        "import importlib.metadata as _m, json as _j, platform as _p\n"
        "_v = {(d.metadata['Name'] or '').lower(): d.version for d in _m.distributions()}\n"
        + ("_v['python'] = _p.python_version()\n" if python else "")
        + "print(_j.dumps(_v))\n"
    )


@functools.cache
def functions_of(path: Path) -> str:
    """A kernel-side file from its first ``def``: its docstring, run in the kernel, would
    replace the user's ``__doc__``."""
    text = path.read_text(encoding="utf-8")
    return text[text.index("\ndef ") + 1 :]


def probe_call(probe: Path, main: str, params: dict[str, Any]) -> str:
    """The prelude, the probe's functions and one call of ``main`` with ``params``."""
    return f"{functions_of(PRELUDE)}\n{functions_of(probe)}\n{main}({json.dumps(params)!r})\n"


def probe_namespace(probe: Path) -> dict[str, Any]:
    """The prelude's and the probe's functions defined in a fresh namespace, as a kernel would
    define them (for tests and benchmarks that call a probe's functions directly)."""
    ns: dict[str, Any] = {"__name__": "__mlem_probe__"}
    exec(compile(functions_of(PRELUDE) + "\n" + functions_of(probe), str(probe), "exec"), ns)
    return ns
