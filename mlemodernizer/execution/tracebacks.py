"""Reading an IPython traceback (ANSI stripped, as :class:`CellError` keeps it): the frames in
the notebook's cells ("Cell In[7], line 2": the cell that ran as In[7]) and the library frames
after them ("File .../models.py:120, in Model.score(self, X)")."""

from __future__ import annotations

import re
from collections.abc import Iterable

from nbformat import NotebookNode

# IPython names a cell by its execution count; "[ ]" for a cell run without one
CELL_FRAME = re.compile(r"^\s*Cell In\s*\[([^\]]*)\],\s*line (\d+)", re.MULTILINE)
_LIBRARY_FRAME = re.compile(r"^\s*File [^\n]+?:\d+, in ([A-Za-z_][\w.<>]*)\(", re.MULTILINE)


def cell_frames(traceback: str) -> list[tuple[str, int]]:
    """(execution count, line) of each frame in a cell, outermost first."""
    return [(m.group(1).strip(), int(m.group(2))) for m in CELL_FRAME.finditer(traceback or "")]


def library_calls(traceback: str) -> list[str]:
    """The qualified names of the functions the error passed through after the notebook's last
    frame in a cell, outermost first ("StandardScaler.inverse_transform", "check_array")."""
    cells = list(CELL_FRAME.finditer(traceback or ""))
    start = cells[-1].end() if cells else 0
    return [m.group(1) for m in _LIBRARY_FRAME.finditer(traceback or "", start)]


def cells_of_frames(traceback: str, cells: Iterable[NotebookNode]) -> list[int]:
    """The indices of the cells the traceback's cell frames ran in (by execution count)."""
    counts = {count for count, _ in cell_frames(traceback)}
    return [
        i
        for i, cell in enumerate(cells)
        if cell.get("cell_type") == "code" and str(cell.get("execution_count")) in counts
    ]
