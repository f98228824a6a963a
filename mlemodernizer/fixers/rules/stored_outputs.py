"""Facts a rule can read from the notebook's stored outputs: how the author's libraries showed
things when the notebook was saved (display rules restore that, never a computed value).

``sklearn_full_repr``: an estimator was shown with every parameter (scikit-learn < 0.23 did;
0.23 shows only the changed ones).

``cell_result``: the text/plain result the cell being read had stored (set per cell).

``pandas_rows_shown``: the rows a truncated pandas frame/Series showed (head and tail together).
pandas < 1.0 showed ``display.max_rows`` (60) rows of a long frame; pandas 1.0 shows
``display.min_rows`` (10). Read from a stored repr with an ellipsis row and a size footer.
"""

from __future__ import annotations

import re
from typing import Any

from nbformat import NotebookNode

_FOOTER = re.compile(r"^\[\d+ rows x \d+ columns\]$|(?:^|, )Length: \d+")
_ELLIPSIS_ROW = re.compile(r"^\s*\.\.\.?(?:\s|$)")


# an estimator's repr listing every parameter, defaults included (scikit-learn < 0.23):
# ``LogisticRegression(C=1.0, class_weight=None, dual=False, ...)``
_FULL_ESTIMATOR_REPR = re.compile(r"^\(?\s*[A-Z]\w*\((?:\s*\w+=[^=]+?,){6,}", re.M)


def stored_facts(nb: NotebookNode) -> dict[str, Any]:
    """Display facts from the stored outputs of the notebook's code cells."""
    texts = _text_results(nb)
    facts: dict[str, Any] = {}
    shown = [n for text in texts if (n := _truncated_rows_shown(text)) is not None]
    if shown:
        facts["pandas_rows_shown"] = max(shown)
    if any(_FULL_ESTIMATOR_REPR.search(text) for text in texts):
        facts["sklearn_full_repr"] = True
    return facts


def stored_results(nb: NotebookNode) -> dict[str | int, str]:
    """Each code cell's stored result, by cell id and by index among the notebook's cells."""
    out: dict[str | int, str] = {}
    for index, cell in enumerate(nb.cells):
        if cell.get("cell_type") == "code" and (text := cell_result(cell)):
            out[index] = text
            if cell.get("id"):
                out[cell["id"]] = text
    return out


def cell_result(cell: NotebookNode) -> str:
    """The text/plain result (``Out[n]``) stored for a cell, or ''."""
    results = [o for o in cell.get("outputs", []) if o.get("output_type") == "execute_result"]
    return (_plain(results[0]) or "") if results else ""


def _text_results(nb: NotebookNode) -> list[str]:
    """Results and printed text (``print(df)`` truncates as the result's repr does)."""
    code = (c for c in nb.cells if c.get("cell_type") == "code")
    return [t for c in code for o in c.get("outputs", []) if (t := _plain(o)) is not None]


def _plain(output: NotebookNode) -> str | None:
    """An output's text as a reader sees it: a result's or display's text/plain, or stdout."""
    if output.get("output_type") in ("execute_result", "display_data"):
        text = output.get("data", {}).get("text/plain", "")
    elif output.get("output_type") == "stream" and output.get("name") == "stdout":
        text = output.get("text", "")
    else:
        return None
    return text if isinstance(text, str) else "".join(text)


def _truncated_rows_shown(text: str) -> int | None:
    """Rows shown by a truncated pandas repr: twice the head rows before the ellipsis row of
    its first block (head and tail are the same length)."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) < 3 or not _FOOTER.search(lines[-1]):
        return None
    series = "Length:" in lines[-1]
    header = 0 if series else (2 if _is_index_name_line(lines[1]) else 1)
    for i, line in enumerate(lines):
        if not line.strip():
            return None  # the first block ended without an ellipsis row: not truncated by rows
        if i >= header and _ELLIPSIS_ROW.match(line):
            head = i - header
            return 2 * head if head > 0 else None
    return None


def _is_index_name_line(line: str) -> bool:
    """``Country`` alone on the line under the column header: the index's name."""
    return bool(line.strip()) and not line.startswith(" ") and len(line.split()) == 1
