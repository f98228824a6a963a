"""Find the score a notebook printed: the metric in its stored outputs to reproduce (``--score
detect``, and the JupyterLab panel's proposal).

The last metric line a reader sees (``accuracy: 0.94``, ``Test AUC = 0.87``, ``RMSE 1234.5``)
becomes a score regex whose last match in the outputs is that line (the regex source reads the
last match, as the loop does) and its value the target. Metrics named for the training set count
only when nothing else was printed: a notebook that prints its train accuracy after its test
accuracy is judged on the test one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nbformat import NotebookNode

from ..contracts.notebook import output_texts
from ..contracts.wire import Wire
from .score import RegexScore, output_text

_QUALIFIER = r"(?:test|val|valid|validation|train|training|cv|mean|oof|final|holdout)[ _-]?"
_NAMES = (
    r"accuracy|acc|score|roc[ _-]?auc|auc|f1(?:[ _-]?score)?|r2|r\^2|rmse|rmsle|mse|mae|mape"
    r"|log[ _-]?loss|precision|recall|kappa"
)
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
# a metric name, a short separator (": ", " = ", " is ", " of "), a number
_METRIC = re.compile(
    rf"(?<![A-Za-z0-9_])(?P<name>(?:{_QUALIFIER})?(?:{_NAMES}))(?![A-Za-z0-9_])"
    rf"(?P<sep>[^\S\n]*(?:[:=]|is|of|was)?[^\S\n]*)(?P<value>{NUMBER})(?![\d.])",
    re.IGNORECASE,
)
_LOWER_IS_BETTER = re.compile(r"rmse|rmsle|mse|mae|mape|log[ _-]?loss", re.IGNORECASE)
_TRAIN = re.compile(r"^train", re.IGNORECASE)


@dataclass(frozen=True)
class DetectedScore(Wire):
    metric: str  # as printed: "Test accuracy"
    value: float
    regex: str  # one capture group around the number; its last match is this line
    higher_is_better: bool
    cell_index: int  # 0-based
    line: str  # the printed line, stripped

    def describe(self) -> str:
        return f"{self.metric} as printed by cell {self.cell_index + 1}"


def detect_score(nb: NotebookNode) -> DetectedScore | None:
    """The metric the notebook printed last (train metrics only when nothing else), or None."""
    text = output_text(nb)
    found = []
    for index, line, match in _metric_lines(nb):
        name = match.group("name")
        value = float(match.group("value"))
        # the short form first ("accuracy:"); anchored on the whole line when the short form's
        # last match is another line ("accuracy" inside a later "train accuracy")
        for regex in (_short_regex(name, match.group("sep")), _line_regex(line, match)):
            if _last_value(regex, text) == value:
                found.append(
                    DetectedScore(
                        metric=name,
                        value=value,
                        regex=regex,
                        higher_is_better=not _LOWER_IS_BETTER.search(name),
                        cell_index=index,
                        line=line.strip(),
                    )
                )
                break
    held_out = [c for c in found if not _TRAIN.match(c.metric)]
    chosen = held_out or found
    return chosen[-1] if chosen else None


def _metric_lines(nb: NotebookNode) -> list[tuple[int, str, re.Match[str]]]:
    out = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for text in _texts(cell):
            for line in text.splitlines():
                out.extend((index, line, m) for m in _METRIC.finditer(line))
    return out


def _texts(cell: NotebookNode) -> list[str]:
    """What a reader sees of a cell's outputs, as scoring.output_text reads them."""
    return [text for _, text in output_texts(cell)]


def _short_regex(name: str, sep: str) -> str:
    """The name as printed (the modernized notebook prints it the same way), the separator with
    free spacing, the number captured."""
    words = r"\s+".join(re.escape(w) for w in name.split())
    spacing = r"\s*" + re.escape(sep.strip()) + r"\s*" if sep.strip() else r"\s*"
    return rf"\b{words}{spacing}({NUMBER})"


def _line_regex(line: str, match: re.Match[str]) -> str:
    """The whole line up to the number, word for word (spacing free), the number captured."""
    before = line[: match.start("value")].strip()
    words = r"\s+".join(re.escape(p) for p in before.split())
    return rf"(?m)^\s*{words}\s*({NUMBER})"


def _last_value(regex: str, text: str) -> float | None:
    return RegexScore(regex).score_text(text)
