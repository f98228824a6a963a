"""The author's stored numbers, found again: a cell printed ``accuracy: 0.947`` then; does it
now? A fix judged by this must not make the notebook show fewer of the numbers its author saw
(the environment family's candidates are judged so, beside the errors).

Numbers are read from the text a reader compares (stdout and text results; object reprs with
addresses, figure sizes and the lines that time the run are left out), and match when they agree
to the precision both print (``0.9473684`` is ``0.947``); integers match exactly."""

from __future__ import annotations

import re

from nbformat import NotebookNode

from .reader_text import reader_text, without_reprs

_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.])")
_MAX_PER_CELL = 400


def numbers(text: str) -> list[str]:
    """The numbers in ``text``, as printed."""
    return _NUMBER.findall(without_reprs(text))[:_MAX_PER_CELL]


def cell_numbers(cell: NotebookNode) -> list[str]:
    return numbers(reader_text(cell, timing=False))


def _decimals(text: str) -> int | None:
    """Digits after the point as printed (None: an exponent, compare relatively)."""
    if "e" in text.lower():
        return None
    return len(text.split(".", 1)[1]) if "." in text else 0


def same_number(stored: str, now: str) -> bool:
    try:
        x, y = float(stored), float(now)
    except ValueError:
        return False
    if x == y:
        return True
    dx, dy = _decimals(stored), _decimals(now)
    if dx is None or dy is None:
        return abs(x - y) <= 1e-6 * max(abs(x), abs(y))
    if dx == 0 and dy == 0:
        return False  # integers (shapes, counts) match exactly
    places = min(dx, dy)
    return abs(round(x, places) - round(y, places)) < 0.5 * 10.0**-places + 1e-12


def found_again(stored: list[str], now: list[str]) -> int:
    """How many of ``stored`` appear in ``now`` (each of ``now`` used once, in order first)."""
    used = [False] * len(now)
    hits = 0
    for x in stored:
        for j, y in enumerate(now):
            if not used[j] and same_number(x, y):
                used[j] = True
                hits += 1
                break
    return hits


def numbers_found(
    original: NotebookNode, executed: NotebookNode, start: int = 0
) -> tuple[int, int]:
    """(found, total): the original's stored numbers in its code cells from index ``start`` on,
    and how many the executed notebook's same cells (by id, else by position) show again."""
    found = total = 0
    for i, cell in enumerate(original.cells):
        if i < start or cell.cell_type != "code":
            continue
        stored = cell_numbers(cell)
        if not stored:
            continue
        now_cell = _same_cell(executed, i, cell)
        total += len(stored)
        if now_cell is not None:
            found += found_again(stored, cell_numbers(now_cell))
    return found, total


def faithful_cells_lost(
    original: NotebookNode, before: NotebookNode, after: NotebookNode, start: int = 0
) -> list[tuple[int, int, int]]:
    """The cells from index ``start`` on (the first one a fix changed) that showed every number
    of the author's stored output before a fix, ran clean after it and show fewer of them now:
    (index, found now, stored). A fix that does this changed what a working cell computes.
    Cells that did not show them all before (unseeded randomness, a cell still failing) are no
    evidence and are left out."""
    lost = []
    for i, cell in enumerate(original.cells):
        if i < start or cell.cell_type != "code":
            continue
        stored = cell_numbers(cell)
        then, now = _same_cell(before, i, cell), _same_cell(after, i, cell)
        if not stored or then is None or now is None or _failed(then) or _failed(now):
            continue
        if found_again(stored, cell_numbers(then)) < len(stored):
            continue
        found = found_again(stored, cell_numbers(now))
        if found < len(stored):
            lost.append((i, found, len(stored)))
    return lost


def faithful_cells(original: NotebookNode, executed: NotebookNode) -> list[int]:
    """The code cells (indices) that ran clean in ``executed`` and show every number of the
    author's stored output: the cells a fix is judged by (``faithful_cells_lost``)."""
    found = []
    for i, cell in enumerate(original.cells):
        stored = cell_numbers(cell) if cell.cell_type == "code" else []
        now = _same_cell(executed, i, cell) if stored else None
        shown = now is not None and not _failed(now)
        if shown and found_again(stored, cell_numbers(now)) == len(stored):
            found.append(i)
    return found


def _same_cell(executed: NotebookNode, index: int, cell: NotebookNode) -> NotebookNode | None:
    """The executed notebook's cell for the original's ``cell`` (by id, else by position)."""
    cell_id = cell.get("id")
    if cell_id:
        for now in executed.cells:
            if now.get("id") == cell_id:
                return now
    return executed.cells[index] if index < len(executed.cells) else None


def _failed(cell: NotebookNode) -> bool:
    return any(o.get("output_type") == "error" for o in cell.get("outputs", []))
