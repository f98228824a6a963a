"""What a failing cell's error says drifted, read from the error and the code it was raised in:
the frame (the failing cell, an earlier cell whose function it called, or the notebook's own
module), then the first drift kind that reads it (``kinds/``). Each is a :class:`Drift`."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat import NotebookNode

from ...environment.local_modules import frame_in_modules, innermost_frame
from ...execution.base import CellError
from ...execution.errors import first_line
from ...execution.tracebacks import cell_frames
from . import kinds
from .kinds import argument_form
from .kinds.base import Drift, Failure
from .source import failing_line, parse_cell, statement_at

__all__ = ["Drift", "code_frame", "module_frame", "understand"]


def understand(
    error: CellError, nb: NotebookNode, modules: dict[str, str] | None = None
) -> Drift | None:
    """The drift an error shows, or None when it is not one this family reads. ``modules``:
    the notebook's own modules a fixer may change (relative path -> source); an error raised
    in one of them is read there. Without them (the kernel's question is asked before any fixer
    is) the module is read from the traceback's path."""
    if not 0 <= error.cell_index < len(nb.cells):
        return None
    head = first_line(error.evalue)
    drift = Drift(
        kind="",
        cell_index=error.cell_index,
        cell_id=error.cell_id,
        error=f"{error.ename}: {head}".strip()[:200],
        evalue=error.evalue or "",
    )
    module = module_frame(error, modules)
    if module is not None:
        drift.path, line, source = module
        tree = parse_cell(source)
        scope = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    else:
        drift.site, line = code_frame(error, nb)
        tree = parse_cell(nb.cells[drift.site].source)
        scope = nb
    stmt = statement_at(tree, line) if tree is not None and line else None
    detail = kinds.read(Failure(error.ename, head, error.evalue or "", stmt, tree, scope))
    if detail is None and module is None:
        form = argument_form.read_refusal(error, stmt)
        detail = (argument_form.KIND, form) if form is not None else None
    if detail is None:
        return None
    drift.kind, drift.detail = detail
    drift.detail["line"] = line
    return drift


def code_frame(error: CellError, nb: NotebookNode) -> tuple[int, int | None]:
    """(cell index, line) of the innermost frame in the notebook's cells: the failing cell, or
    the earlier cell whose function it called (IPython names a cell by its execution count)."""
    frames = cell_frames(error.traceback or "")
    if len(frames) > 1:
        count, line = frames[-1]
        for index, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and str(cell.get("execution_count")) == count:
                return index, int(line)
    return error.cell_index, failing_line(error)


def module_frame(error: CellError, modules: dict[str, str] | None) -> tuple[str, int, str] | None:
    """(path, line, source) of the notebook's own module the error was raised in, or None."""
    if modules:
        frame = frame_in_modules(error.traceback or "", modules)
        if frame is not None:
            return frame.path, frame.line, modules[frame.path]
        return None
    frame = innermost_frame(error.traceback or "")
    if frame is None:
        return None
    path, line = frame
    try:
        source = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return path, line, source
