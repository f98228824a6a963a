"""The second judge, beside the score: does the modernized notebook say what the author's said?

Each code cell's stored outputs (what the author saw) are compared with today's:

- **numbers** in the text a reader compares (stdout, text results; not stderr, not object reprs
  with addresses), each found again among the cell's numbers today within a relative tolerance
  (the score's 10% band by default); read as ``../shared/corpus/measure.py`` reads them, so the
  figure agrees with an independent re-run's; an integer (a shape, a count) that moved at all,
  even within the band, makes its cell drifted;
- **words** of that text (labels, column names, dtypes), as a multiset: one the author saw that
  is gone is drift too;
- **tables**: a DataFrame displayed then and now, value by value at its (row, column), so a value
  that moved to another row is drift though the bag of numbers holds it (``tables``);
- **figures** by size and an average hash of the picture (the same plot or not).

A cell is ``same``, ``drifted`` (which values, old -> new), ``new_output``, ``lost_output``
(nothing now, or an error), or ``no_stored_output``. Noise is measured, not guessed: given a
second fresh run of the same code, a cell whose outputs differ between the two is ``random``,
as is a cell whose only drift is on timing lines (``%timeit``, "Wall time"); random cells are
counted apart, never as drift. So is a cell that describes the machine it ran on (``%watermark``,
``__version__``, ``sys.version``): status ``machine``; today's environment is the one the
notebook is brought to, so the author's versions and dates are not results to find again.
"""

from __future__ import annotations

import base64
import io
import re
import warnings
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from nbformat import NotebookNode

from .reader_text import reader_text
from .stored_numbers import same_number
from .tables import compare_frames

DEFAULT_TOLERANCE = 0.1  # relative; the score's band
MAX_NUMBERS_PER_CELL = 200
MAX_DRIFT_SHOWN = 5
_MAX_PIXELS = 40_000_000
_HASH_SIDE, _HASH_SAME = 16, 16

_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z_]+")
# code that prints the machine it runs on: library versions, the interpreter, the date
_DESCRIBES_MACHINE = re.compile(
    r"%watermark|%version_information|__version__|\bsys\.version\b|\bplatform\.\w+\(|"
    r"\bpip\s+(?:freeze|list)\b|\bconda\s+list\b"
)
_APART = ("random", "machine")  # counted apart from the author's results


@dataclass
class CellFidelity:
    cell_index: int
    cell_id: str
    # same | drifted | new_output | lost_output | no_stored_output | random | machine
    status: str
    numbers_total: int = 0
    numbers_found: int = 0
    # the first stored values not found again, with what the cell shows there now
    drift: list[dict[str, str]] = field(default_factory=list)
    words_lost: list[str] = field(default_factory=list)
    figures_stored: int = 0
    figures_same: int = 0
    random_why: str = ""
    tables_compared: int = 0  # frames displayed both then and now, compared value by value
    # found within the band, yet changed in the digits the author printed (3.0277 then,
    # 2.8723 now): said with old and new, while the judge's count keeps its band
    moved_in_print: list[dict[str, str]] = field(default_factory=list)

    def moved(self) -> str:
        """ "0.947 -> 0.912, 150 -> 149": what moved in the cell's output."""
        moved = [
            (f"{d['where']}: " if d.get("where") else "") + f"{d['old']} -> {d['new'] or '(gone)'}"
            for d in self.drift
        ]
        moved += [f"'{w}' gone" for w in self.words_lost[: max(0, 3 - len(moved))]]
        if self.figures_same < self.figures_stored:
            moved.append(f"{self.figures_stored - self.figures_same} figure(s) changed")
        if self.status == "lost_output":
            moved = ["its output is lost", *moved[:2]]
        return ", ".join(moved)

    def describe(self) -> str:
        """ "cell 7 (0.947 -> 0.912, 150 -> 149)" (cells from 1)."""
        moved = self.moved()
        return f"cell {self.cell_index + 1}" + (f" ({moved})" if moved else "")


@dataclass
class NotebookFidelity:
    cells: list[CellFidelity]
    tolerance: float
    noise_measured: bool  # a second fresh run told random cells apart

    @property
    def found(self) -> int:
        return sum(c.numbers_found for c in self.cells if c.status not in _APART)

    @property
    def total(self) -> int:
        return sum(c.numbers_total for c in self.cells if c.status not in _APART)

    @property
    def share(self) -> float | None:
        return round(self.found / self.total, 4) if self.total else None

    @property
    def found_all(self) -> int:
        """Random cells included: what an independent re-run's count compares with."""
        return sum(c.numbers_found for c in self.cells)

    @property
    def total_all(self) -> int:
        return sum(c.numbers_total for c in self.cells)

    @property
    def first_drift(self) -> int | None:
        """The first cell (0-based) whose output drifted or was lost."""
        return next(
            (c.cell_index for c in self.cells if c.status in ("drifted", "lost_output")), None
        )

    def first_drift_upto(self, last: int | None) -> CellFidelity | None:
        """The first drifted or lost cell at or before cell ``last`` (0-based; None: any):
        where to look when the score, printed by cell ``last``, deviates."""
        return next(
            (
                c
                for c in self.cells
                if c.status in ("drifted", "lost_output") and (last is None or c.cell_index <= last)
            ),
            None,
        )

    def line(self) -> str:
        """ "461 of 466 stored numbers found again; drift starts at cell 14" (cells from 1)."""
        if not self.total and not any(c.figures_stored for c in self.cells):
            text = "no stored numbers or figures to compare"
        else:
            text = f"{self.found} of {self.total} stored numbers found again"
            figures = sum(c.figures_stored for c in self.cells if c.status not in _APART)
            if figures:
                same = sum(c.figures_same for c in self.cells if c.status not in _APART)
                text += f", {same} of {figures} figures the same"
        first = self.first_drift
        text += f"; drift starts at cell {first + 1}" if first is not None else "; no drift"
        printed = [c for c in self.cells if c.moved_in_print and c.status not in _APART]
        if printed:
            count = sum(len(c.moved_in_print) for c in printed)
            shown = ", ".join(str(c.cell_index + 1) for c in printed[:5])
            text += (
                f"; {count} number{'s' if count != 1 else ''} within the band changed in "
                f"{'their' if count != 1 else 'its'} printed digits: cell {shown}"
            )
        randoms = [c for c in self.cells if c.status == "random"]
        if randoms:
            shown = ", ".join(str(c.cell_index + 1) for c in randoms[:5])
            text += f"; random (two fresh runs differ), counted apart: cell {shown}"
        elif not self.noise_measured and first is not None:
            text += " (noise not measured)"  # drift that a second run might call random
        machine = [c for c in self.cells if c.status == "machine"]
        if machine:
            shown = ", ".join(str(c.cell_index + 1) for c in machine[:5])
            text += f"; the machine's versions and dates, counted apart: cell {shown}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "found": self.found,
            "total": self.total,
            "share": self.share,
            "found_all": self.found_all,
            "total_all": self.total_all,
            "first_drift_cell": self.first_drift,
            "tolerance": self.tolerance,
            "noise_measured": self.noise_measured,
            "random_cells": [c.cell_index for c in self.cells if c.status == "random"],
            "machine_cells": [c.cell_index for c in self.cells if c.status == "machine"],
            "summary": self.line(),
            "cells": [asdict(c) for c in self.cells],
        }


def changed_words(cell: Mapping[str, Any]) -> str:
    """What changed in a cell (its ``to_json`` form, as a report carries it), as the panel's
    list says it (src/views/verdict.tsx driftWords): "1 of 2 numbers found; 3.0277 → 2.8723,
    setosa / petal: 1.46 → 5.55; words gone: setosa; 1 of 1 figures changed"."""
    if cell.get("status") == "lost_output":
        return "the output the author saw is gone"
    parts = []
    if cell.get("numbers_total"):
        parts.append(f"{cell.get('numbers_found', 0)} of {cell['numbers_total']} numbers found")
    values = ", ".join(
        (f"{d['where']}: " if d.get("where") else "")
        + (f"{d['old']} → {d['new']}" if d.get("new") else f"{d['old']} gone")
        for d in cell.get("drift") or []
    )
    if values:
        parts.append(values)
    printed = ", ".join(f"{d['old']} → {d['new']}" for d in cell.get("moved_in_print") or [])
    if printed:
        parts.append(f"within the band: {printed}")
    if cell.get("words_lost"):
        parts.append(f"words gone: {', '.join(cell['words_lost'])}")
    stored, same = cell.get("figures_stored", 0), cell.get("figures_same", 0)
    if same < stored:
        parts.append(f"{stored - same} of {stored} figures changed")
    return "; ".join(parts)


# --- reading outputs ---------------------------------------------------------------------------


def numbers(text: str) -> list[str]:
    return _NUMBER.findall(text)[:MAX_NUMBERS_PER_CELL]


def figures(cell: NotebookNode) -> list[str]:
    """The cell's PNG figures, base64 as stored."""
    out = []
    for o in cell.get("outputs", []):
        png = (o.get("data") or {}).get("image/png") if o.get("output_type") else None
        if png:
            out.append("".join(png) if isinstance(png, list) else png)
    return out


def _has_output(cell: NotebookNode) -> bool:
    return any(
        not (o.get("output_type") == "stream" and o.get("name") == "stderr")
        for o in cell.get("outputs", [])
    )


def _has_error(cell: NotebookNode) -> bool:
    return any(o.get("output_type") == "error" for o in cell.get("outputs", []))


# --- comparing ---------------------------------------------------------------------------------


def same_value(stored: str, now: str, tolerance: float) -> bool:
    try:
        x, y = float(stored), float(now)
    except ValueError:
        return False
    return x == y or abs(x - y) <= tolerance * max(abs(x), 1e-12)


def match_numbers(
    stored: list[str], now: list[str], tolerance: float
) -> tuple[int, list[dict[str, str]]]:
    """How many stored numbers are found again (each one takes the first unused match), and the
    drift: each one not found, beside the value shown where it stood."""
    used = [False] * len(now)
    found = 0
    drift: list[dict[str, str]] = []
    for i, x in enumerate(stored):
        for j, y in enumerate(now):
            if not used[j] and same_value(x, y, tolerance):
                used[j] = True
                found += 1
                break
        else:
            if len(drift) < MAX_DRIFT_SHOWN:
                drift.append({"old": x, "new": now[i] if i < len(now) else ""})
    return found, drift


def integers_moved(stored: list[str], now: list[str]) -> list[dict[str, str]]:
    """The stored integers that today's numbers hold only approximately (150 where 149 is
    shown), each beside the closest integer shown now."""
    left = [y for y in now if _is_integer(y)]
    moved = []
    for x in (x for x in stored if _is_integer(x)):
        if x in left:
            left.remove(x)
            continue
        near = [y for y in left if same_value(x, y, DEFAULT_TOLERANCE)]
        if near:
            closest = min(near, key=lambda y: abs(float(y) - float(x)))
            left.remove(closest)
            moved.append({"old": x, "new": closest})
    return moved


def moved_in_print(stored: list[str], now: list[str], tolerance: float) -> list[dict[str, str]]:
    """The stored decimals found within the band whose printed digits no value today repeats
    (``3.0277`` where ``2.8723`` is shown; ``0.947`` is ``0.9473684``), each beside the closest
    value shown now."""
    moved = []
    for x in dict.fromkeys(x for x in stored if not _is_integer(x)):
        if any(same_number(x, y) for y in now):
            continue
        near = [y for y in now if same_value(x, y, tolerance)]
        if near:
            closest = min(near, key=lambda y: abs(float(y) - float(x)))
            moved.append({"old": x, "new": closest})
    return moved


def _is_integer(text: str) -> bool:
    return re.fullmatch(r"[-+]?\d+", text) is not None


def picture_hash(png_b64: str) -> tuple[tuple[int, int], int] | None:
    """(size, 256-bit average hash) of a PNG; None when it cannot be read."""
    try:
        from PIL import Image

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a huge figure is compared by its header alone
            image = Image.open(io.BytesIO(base64.b64decode(png_b64)))
            size = image.size
            if size[0] * size[1] > _MAX_PIXELS:
                return size, 0
            pixels = list(image.convert("L").resize((_HASH_SIDE, _HASH_SIDE)).tobytes())
    except Exception:
        return None
    mean = sum(pixels) / len(pixels)
    bits = 0
    for p in pixels:
        bits = (bits << 1) | (p > mean)
    return size, bits


def same_figure(stored: str, now: str) -> bool:
    """The same plot: sizes within 10% and average hashes within 16 of 256 bits (a style
    that moved the ticks differs by ~13; bars of other heights, a curve moved, by 22 and up)."""
    a, b = picture_hash(stored), picture_hash(now)
    if a is None or b is None:
        return False
    (wa, ha), (wb, hb) = a[0], b[0]
    close = abs(wa - wb) <= 0.1 * max(wa, 1) and abs(ha - hb) <= 0.1 * max(ha, 1)
    return close and bin(a[1] ^ b[1]).count("1") <= _HASH_SAME


def compare_cell(
    index: int, stored: NotebookNode, now: NotebookNode | None, tolerance: float
) -> CellFidelity:
    cell = CellFidelity(index, stored.get("id", str(index)), "same")
    before = numbers(reader_text(stored))
    cell.numbers_total = len(before)
    stored_figures = figures(stored)
    cell.figures_stored = len(stored_figures)
    if _has_output(stored) and _DESCRIBES_MACHINE.search(stored.get("source") or ""):
        cell.status = "machine"
        cell.random_why = "it prints the versions and dates of the machine it runs on"
        if now is not None and _has_output(now) and not _has_error(now):
            cell.numbers_found, _ = match_numbers(before, numbers(reader_text(now)), tolerance)
        return cell
    if not _has_output(stored):
        cell.status = "new_output" if now is not None and _has_output(now) else "no_stored_output"
        return cell
    if now is None or not _has_output(now) or _has_error(now) and not _has_error(stored):
        cell.status = "lost_output"
        cell.drift = [{"old": x, "new": ""} for x in before[:MAX_DRIFT_SHOWN]]
        return cell
    text_now = reader_text(now)
    after = numbers(text_now)
    cell.numbers_found, cell.drift = match_numbers(before, after, tolerance)
    # a shape or a count is exact: within the band it is found (the figure agrees with an
    # independent re-run's), but the cell says something else and is drift
    cell.drift += integers_moved(before, after)[: MAX_DRIFT_SHOWN - len(cell.drift)]
    gone = {d["old"] for d in cell.drift}
    cell.moved_in_print = [
        d for d in moved_in_print(before, after, tolerance) if d["old"] not in gone
    ][:MAX_DRIFT_SHOWN]
    # frames both then and now: compared value by value at their places, which the bag of
    # numbers cannot (a value moved to another row); those come first, with where they are
    tables, in_tables = compare_frames(stored, now, tolerance, MAX_DRIFT_SHOWN)
    if tables:
        placed = {d["old"] for d in in_tables}
        rest = [d for d in cell.drift if d["old"] not in placed]
        cell.drift = (in_tables + rest)[:MAX_DRIFT_SHOWN]
        cell.tables_compared = tables
    words_now = Counter(_WORD.findall(text_now))
    lost = Counter(_WORD.findall(reader_text(stored))) - words_now
    cell.words_lost = sorted(lost)[:MAX_DRIFT_SHOWN]
    now_figures = figures(now)
    cell.figures_same = sum(
        1 for a, b in zip(stored_figures, now_figures, strict=False) if same_figure(a, b)
    )
    if cell.drift or cell.words_lost or cell.figures_same < cell.figures_stored:
        cell.status = "drifted"
        if cell.figures_same == cell.figures_stored and _only_timing_moved(stored, now, tolerance):
            cell.status = "random"
            cell.random_why = "only its timing lines (%timeit, Wall time) moved"
    return cell


def _only_timing_moved(stored: NotebookNode, now: NotebookNode, tolerance: float) -> bool:
    """The cell says the same once the lines that time the run are set aside."""
    before, after = reader_text(stored, timing=False), reader_text(now, timing=False)
    if before == reader_text(stored):
        return False  # no timing lines: the drift is in what it computed
    _, drift = match_numbers(numbers(before), numbers(after), tolerance)
    lost = Counter(_WORD.findall(before)) - Counter(_WORD.findall(after))
    return not drift and not lost


def _pairs(original: NotebookNode, executed: NotebookNode):
    """Each code cell of the original with the executed notebook's same cell (by id, else by
    position)."""
    by_id = {c.get("id"): c for c in executed.cells if c.get("id")}
    for i, cell in enumerate(original.cells):
        if cell.cell_type != "code":
            continue
        now = by_id.get(cell.get("id")) if cell.get("id") else None
        if now is None and i < len(executed.cells):
            now = executed.cells[i]
        yield i, cell, now


def _differs(a: NotebookNode | None, b: NotebookNode | None) -> str:
    """Why two fresh runs of one cell differ ("" when they do not)."""
    if a is None or b is None:
        return ""
    if numbers(reader_text(a)) != numbers(reader_text(b)):
        return "its numbers differ between two fresh runs of the same code"
    fa, fb = figures(a), figures(b)
    if len(fa) == len(fb) and any(not same_figure(x, y) for x, y in zip(fa, fb, strict=True)):
        return "its figure differs between two fresh runs of the same code"
    return ""


def compare(
    original: NotebookNode,
    executed: NotebookNode,
    *,
    again: NotebookNode | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
    random: Mapping[int, str] | None = None,
) -> NotebookFidelity:
    """Every code cell of ``original`` (the author's stored outputs) against ``executed``
    (today's run); ``again``, a second fresh run of the same code with another seed, tells
    random cells apart (measured: a cell the same in both is not random, whatever its code
    says); without it, ``random`` does (cell index -> why: the cells the code says are random).
    What moved in a random cell is chance: it is not kept."""
    again_cells = dict(((i, now) for i, _, now in _pairs(original, again))) if again else {}
    cells = []
    for i, stored, now in _pairs(original, executed):
        cell = compare_cell(i, stored, now, tolerance)
        if cell.status == "drifted":
            measured = again is not None
            why = _differs(now, again_cells.get(i)) if measured else (random or {}).get(i)
            if why:
                cell.status, cell.random_why = "random", why
        if cell.status == "random":
            cell.drift, cell.words_lost = [], []
        cells.append(cell)
    return NotebookFidelity(cells, tolerance, noise_measured=again is not None)
