"""Tables compared cell by cell: a DataFrame a cell displayed then and now (its HTML, which
pandas has written for every frame since long before these notebooks) read as a grid of
(row label, column label) -> value, and each value the author saw looked up at the same place
today. The numbers of a cell are also compared as a bag (``output_fidelity``, as an independent
re-run counts them); the grid tells what the bag cannot: a value that moved to another row, a
column whose values were shuffled, a row or column that is gone."""

from __future__ import annotations

from html.parser import HTMLParser

from nbformat import NotebookNode

Grid = dict[tuple[str, str], str]

MAX_TABLE_CELLS = 5000  # a bigger table is compared as a bag of numbers only


class _TableReader(HTMLParser):
    """The rows of each ``<table class="dataframe">``: lists of (is_header, text) cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[tuple[bool, str]]]] = []
        self._depth = 0  # inside a dataframe table (nested tables are not pandas')
        self._cell: list[str] | None = None
        self._header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            classes = (dict(attrs).get("class") or "").split()
            if self._depth or "dataframe" in classes:
                self._depth += 1
                if self._depth == 1:
                    self.tables.append([])
        elif self._depth == 1 and tag == "tr":
            self.tables[-1].append([])
        elif self._depth == 1 and tag in ("td", "th") and self.tables[-1]:
            self._cell, self._header = [], tag == "th"

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._depth:
            self._depth -= 1
        elif self._depth == 1 and tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((self._header, " ".join("".join(self._cell).split())))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def frame_grids(cell: NotebookNode) -> list[Grid]:
    """Each DataFrame the cell displayed, as a grid (empty list: none)."""
    grids = []
    for output in cell.get("outputs", []):
        html = (output.get("data") or {}).get("text/html")
        if not html:
            continue
        reader = _TableReader()
        reader.feed("".join(html) if isinstance(html, list) else html)
        grids.extend(g for g in (_grid(rows) for rows in reader.tables) if g)
    return grids


def _grid(rows: list[list[tuple[bool, str]]]) -> Grid:
    """(row label, column label) -> value. A data row has a ``td``; its leading ``th`` cells
    are its label. The column labels are the all-``th`` row as wide as the data rows with the
    most labels (the row of an index's name, under them, has fewer; a MultiIndex's upper
    levels span several columns and are narrower)."""
    data = [r for r in rows if any(not header for header, _ in r)]
    if not data:
        return {}
    width = len(data[0])
    headers = [r for r in rows if r and all(h for h, _ in r) and len(r) == width]
    columns = (
        [text for _, text in max(headers, key=lambda r: sum(1 for _, t in r if t))]
        if headers
        else [str(i) for i in range(width)]
    )
    columns = _unique(columns)
    labels = _unique(
        [" / ".join(text for header, text in row if header) or str(n) for n, row in enumerate(data)]
    )
    grid: Grid = {}
    for label, row in zip(labels, data, strict=True):
        if len(row) != width or len(grid) >= MAX_TABLE_CELLS:
            continue
        for (header, text), column in zip(row, columns, strict=True):
            if not header:
                grid[(label, column)] = text
    return grid


def _unique(labels: list[str]) -> list[str]:
    """Repeated labels (a MultiIndex's lower level, pandas' "..." rows) told apart by their
    order: "x", "x (2)"."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def _same(stored: str, now: str, tolerance: float) -> bool:
    if stored == now:
        return True
    try:
        x, y = float(stored.replace(",", "")), float(now.replace(",", ""))
    except ValueError:
        return False
    if x.is_integer() and "." not in stored and "e" not in stored.lower():
        return x == y  # an integer (a count) is exact
    return abs(x - y) <= tolerance * max(abs(x), 1e-12)


def compare_frames(
    stored: NotebookNode, now: NotebookNode, tolerance: float, limit: int
) -> tuple[int, list[dict[str, str]]]:
    """(tables compared, drift): each stored frame against today's frame at the same place in
    the cell's outputs, value by value; a drift entry says where (``row / column``), and ``new``
    is empty when the row or column is gone."""
    then_grids, now_grids = frame_grids(stored), frame_grids(now)
    drift: list[dict[str, str]] = []
    compared = 0
    for then, today in zip(then_grids, now_grids, strict=False):
        compared += 1
        for (row, column), value in then.items():
            if len(drift) >= limit:
                return compared, drift
            current = today.get((row, column))
            if current is None or not _same(value, current, tolerance):
                drift.append({"old": value, "new": current or "", "where": f"{row} / {column}"})
    return compared, drift
