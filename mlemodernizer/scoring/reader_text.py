"""The text of a cell's outputs that a reader compares with the author's: stdout and the text of
results and displays, without stderr (warnings), object reprs that carry an address or a figure
size, and (on request) the lines that time the run. Both judges read outputs through here: the
loop's never-worse check (``fidelity``) and the second judge (``output_fidelity``)."""

from __future__ import annotations

import re

from nbformat import NotebookNode

from ..contracts.notebook import output_texts

# <Figure size 640x480 with 1 Axes>, <matplotlib.lines.Line2D at 0x7f...>, <AxesSubplot: ...>
_REPR = re.compile(r"<[^<>\n]*(?: at 0x[0-9a-fA-F]+|Figure size [^<>\n]*|Axes[^<>\n]*)>")
# lines that time the run, not compute the result: %timeit, %time, progress bars
_TIMING = re.compile(
    r"(per loop|loops? each|Wall time|CPU times|it/s\]|s/it\]|\d+%\|[^\n]*\|)", re.IGNORECASE
)


def without_reprs(text: str) -> str:
    return _REPR.sub(" ", text)


def without_timing(text: str) -> str:
    """``text`` less the lines that time the run: they differ on every run, whatever the code
    computes."""
    return "\n".join(line for line in text.splitlines() if not _TIMING.search(line))


def reader_text(cell: NotebookNode, timing: bool = True) -> str:
    """What a reader compares, one output after another; without the timing lines when
    ``timing`` is False."""
    text = "\n".join(without_reprs(t) for kind, t in output_texts(cell) if kind != "stderr")
    return text if timing else without_timing(text)
