"""Python 2's implicit relative imports in the notebook's own packages (``KaggleAux/__init__.py``
doing ``import predict`` for its sibling ``predict.py``): Python 3 reads them as absolute and
raises ``No module named 'predict'``.

As 2to3's ``fix_import`` does, the file system decides: inside a package (a folder with
``__init__.py``), an import of a name that is a sibling module or subpackage becomes relative
(``from . import predict``, ``from .predict import x``). Only for a module an error named.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..execution.base import CellError
from ..execution.errors import NO_MODULE_WITHIN

_NAME = r"[\w.]+(?:\s+as\s+\w+)?"
_IMPORT = re.compile(
    rf"^(?P<indent>\s*)import (?P<names>{_NAME}(?:\s*,\s*{_NAME})*)\s*(?P<comment>#.*)?$"
)
_FROM = re.compile(r"^(?P<indent>\s*)from (?P<module>\w+)(?P<rest>(?:\.[\w.]+)?\s+import\s+.*)$")


def fix_relative_imports(
    source: str, path: Path, errors: list[CellError]
) -> tuple[str, list[str]] | None:
    """The module with its implicit relative imports made explicit, when an error says one of
    them is missing; None when there is nothing to do."""
    missing = {
        m.group(1).split(".")[0] for e in errors for m in [NO_MODULE_WITHIN.search(e.evalue)] if m
    }
    folder = path.parent
    if not missing or not (folder / "__init__.py").exists():
        return None
    siblings = {p.stem for p in folder.glob("*.py")} | {
        p.name for p in folder.iterdir() if p.is_dir() and (p / "__init__.py").exists()
    }
    if not missing & siblings:
        return None
    lines = source.split("\n")
    changed = False
    for i, line in enumerate(lines):
        new = _rewrite(line, siblings)
        if new != line:
            lines[i], changed = new, True
    return ("\n".join(lines), ["PY2900"]) if changed else None


def _rewrite(line: str, siblings: set[str]) -> str:
    found = _FROM.match(line)
    if found and found["module"] in siblings:
        return f"{found['indent']}from .{found['module']}{found['rest']}"
    found = _IMPORT.match(line)
    if not found:
        return line
    parts = [p.strip() for p in found["names"].split(",")]
    tops = [p.split()[0] for p in parts]
    if not all(t in siblings and "." not in t for t in tops):
        return line  # a mixed line stays: rewriting half of it would change other imports
    comment = f"  {found['comment']}" if found["comment"] else ""
    return f"{found['indent']}from . import {', '.join(parts)}{comment}"
