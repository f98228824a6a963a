"""IPython extensions that only print, missing from the environment: their lines are commented out.

``%load_ext watermark`` then ``%watermark -a author -v``: the extension prints versions and
computes nothing the notebook uses. When it is not installed, the environment is the user's to
change (the cell is blocked on a package); but the lines themselves can go without changing a
single result, so they are commented out with a note, and the cell and those after it run.

Only extensions known to print or format and nothing else are handled (``KNOWN``); a missing
extension that computes (``rpy2.ipython``, ``sql``) stays a missing package.
"""

from __future__ import annotations

from dataclasses import dataclass

from nbformat import NotebookNode

from ..execution.base import CellError
from ..execution.errors import NO_MODULE_WITHIN
from .base import CellChange, FixProposal, FixType

# extension module -> the magics it provides; every one of them prints or formats, nothing more
KNOWN: dict[str, tuple[str, ...]] = {
    "watermark": ("watermark",),
    "version_information": ("version_information",),
    "autotime": (),  # prints each cell's time
    "nb_black": (),
    "lab_black": (),
    "jupyter_black": (),
    "pycodestyle_magic": ("pycodestyle", "flake8"),
    "pep8_magic": ("pep8",),
}
_NOTE = "# mlemodernizer: {ext} is not installed; it only prints, so this line is left out: "


@dataclass
class MissingExtension:
    cell_index: int
    extension: str


def missing_extensions(errors: list[CellError], nb: NotebookNode) -> list[MissingExtension]:
    """Cells whose error is a known print-only extension that cannot be loaded."""
    found = []
    for error in errors:
        match = NO_MODULE_WITHIN.search(error.evalue)
        if error.ename not in ("ModuleNotFoundError", "ImportError") or match is None:
            continue
        ext = match.group(1)
        if ext not in KNOWN or not 0 <= error.cell_index < len(nb.cells):
            continue
        if _loads(nb.cells[error.cell_index].source, ext):
            found.append(MissingExtension(error.cell_index, ext))
    return found


def comment_out(nb: NotebookNode, missing: list[MissingExtension]) -> FixProposal | None:
    """Comment out, in every code cell, the lines that load or use the missing extensions."""
    exts = {m.extension for m in missing}
    if not exts:
        return None
    changes = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        new = "\n".join(_comment(line, exts) for line in cell.source.split("\n"))
        if new != cell.source:
            changes.append(CellChange(index, cell.get("id", ""), cell.source, new))
    if not changes:
        return None
    names = ", ".join(sorted(exts))
    return FixProposal(
        fix_type=FixType.ERROR_REPAIR,
        source="rule",
        plan=(
            f"{names} is not installed here and only prints (versions, timings, formatting): "
            "its lines are commented out, which changes no result. Install it to see them."
        ),
        changes=changes,
        rule_ids=["IPY900"],
    )


def _loads(source: str, ext: str) -> bool:
    return any(_load_ext(line) == ext for line in source.split("\n"))


def _load_ext(line: str) -> str | None:
    parts = line.strip().split()
    if len(parts) >= 2 and parts[0] in ("%load_ext", "%reload_ext"):
        return parts[1]
    return None


def _comment(line: str, exts: set[str]) -> str:
    stripped = line.strip()
    ext = _load_ext(line)
    if ext is None:
        name = stripped[1:].split()[0] if stripped.startswith("%") and len(stripped) > 1 else ""
        name = name.lstrip("%")
        ext = next((e for e in exts if name and name in KNOWN[e]), None)
    if ext is None or ext not in exts:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    return f"{indent}{_NOTE.format(ext=ext)}{stripped}"
