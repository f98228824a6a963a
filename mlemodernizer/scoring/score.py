"""Scores, the tolerance band, the t-test verdict and the five outcome categories.

Score sources: a regex over cell outputs (last match), a grader command on the submission file
(MLE-bench ``grade-sample`` compatible JSON), or a built-in metric on a submission CSV vs answers.
"""

from __future__ import annotations

import csv
import json
import math
import re
import shlex
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from nbformat import NotebookNode

from ..contracts.errors import ModernizerError
from ..contracts.notebook import output_texts
from ..contracts.options import Options

LOWER_IS_BETTER = {"rmse", "mae", "logloss"}
METRICS = ("accuracy", "f1", "roc_auc", "rmse", "mae", "logloss")

OUTCOMES = (
    "error_free_reproducible",
    "error_reproducible",
    "error_free_non_reproducible",
    "error_non_reproducible",
    "failed",
)


class ScoreSource(Protocol):
    description: str
    higher_is_better: bool

    def score(self, executed: NotebookNode, workdir: Path) -> float | None: ...


def output_text(nb: NotebookNode) -> str:
    """All text a reader sees in the outputs, in cell order (stream, results, displays)."""
    parts: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parts.extend(text for _, text in output_texts(cell))
    return "\n".join(parts)


@dataclass
class RegexScore:
    pattern: str
    higher_is_better: bool = True

    def __post_init__(self) -> None:
        try:
            self._re = re.compile(self.pattern)
        except re.error as exc:
            raise ModernizerError(f"--score-regex is not a valid regex: {exc}") from None
        if self._re.groups < 1:
            raise ModernizerError("--score-regex needs one capture group around the number")
        self.description = f"regex {self.pattern!r}"

    def score(self, executed: NotebookNode, workdir: Path) -> float | None:
        return self.score_text(output_text(executed))

    def score_cell(self, executed: NotebookNode) -> int | None:
        """The cell (0-based) whose output holds the match the score is read from."""
        for index in range(len(executed.cells) - 1, -1, -1):
            cell = executed.cells[index]
            if cell.cell_type != "code":
                continue
            if self.score_text("\n".join(text for _, text in output_texts(cell))) is not None:
                return index
        return None

    def score_text(self, text: str) -> float | None:
        """The number of the last match whose group is a number."""
        matches = list(self._re.finditer(text))
        for m in reversed(matches):
            try:
                return float(m.group(1))
            except ValueError:
                continue
        return None


@dataclass
class GraderScore:
    """Runs e.g. ``mlebench grade-sample {submission} spaceship-titanic`` and reads its JSON."""

    command: str
    submission: str = "submission.csv"
    higher_is_better: bool = True

    def __post_init__(self) -> None:
        self.description = f"grader {self.command!r}"

    def score(self, executed: NotebookNode, workdir: Path) -> float | None:
        path = (workdir / self.submission).resolve()
        if not path.exists():
            return None
        cmd = self.command.replace("{submission}", shlex.quote(str(path)))
        if "{submission}" not in self.command:
            cmd = f"{cmd} {shlex.quote(str(path))}"
        proc = subprocess.run(
            cmd, shell=True, cwd=workdir, capture_output=True, text=True, timeout=600
        )
        report = _last_json_object(proc.stdout) or _last_json_object(proc.stderr)
        if not report:
            return None
        value = report.get("score")
        if isinstance(report.get("is_lower_better"), bool):
            self.higher_is_better = not report["is_lower_better"]
        return float(value) if isinstance(value, (int, float)) else None


def _last_json_object(text: str) -> dict | None:
    decoder = json.JSONDecoder()
    found = None
    for i, ch in enumerate(text):
        if ch == "{":
            try:
                obj, _ = decoder.raw_decode(text[i:])
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                found = obj
    return found


@dataclass
class MetricScore:
    metric: str
    answers: str
    submission: str = "submission.csv"

    def __post_init__(self) -> None:
        if self.metric not in METRICS:
            names = ", ".join(METRICS)
            raise ModernizerError(f"unknown --metric {self.metric!r}; use one of {names}")
        if not Path(self.answers).is_file():
            raise ModernizerError(f"--answers {self.answers}: no such file")
        self.higher_is_better = self.metric not in LOWER_IS_BETTER
        self.description = f"{self.metric} of {self.submission} vs {self.answers}"

    def score(self, executed: NotebookNode, workdir: Path) -> float | None:
        path = workdir / self.submission
        if not path.exists():
            return None
        try:
            y_true, y_pred = align_submission(Path(self.answers), path)
        except (ValueError, KeyError, csv.Error):
            return None
        return compute_metric(self.metric, y_true, y_pred)


def _read_csv(path: Path) -> tuple[list[str], list[list[str]]]:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    if not rows:
        raise ValueError(f"{path} is empty")
    return rows[0], rows[1:]


def align_submission(answers: Path, submission: Path) -> tuple[list[str], list[str]]:
    """Join on the first column when both files share it (Kaggle's id column), else by row order.
    The target is the last column of the answers that the submission also has."""
    a_head, a_rows = _read_csv(answers)
    s_head, s_rows = _read_csv(submission)
    target = next((c for c in reversed(a_head) if c in s_head and c != a_head[0]), None)
    if target is None:
        if len(a_head) == 1 and len(s_head) == 1:
            return [r[0] for r in a_rows], [r[0] for r in s_rows]
        raise ValueError("no common target column")
    ai, si = a_head.index(target), s_head.index(target)
    if a_head[0] == s_head[0] and len(a_head) > 1 and len(s_head) > 1:
        by_id = {r[0]: r[si] for r in s_rows}
        return [r[ai] for r in a_rows], [by_id[r[0]] for r in a_rows]
    if len(a_rows) != len(s_rows):
        raise ValueError("row counts differ")
    return [r[ai] for r in a_rows], [r[si] for r in s_rows]


def compute_metric(metric: str, y_true: Sequence[str], y_pred: Sequence[str]) -> float:
    if not y_true:
        raise ValueError("no rows")
    if metric == "accuracy":
        return sum(_same_label(t, p) for t, p in zip(y_true, y_pred, strict=True)) / len(y_true)
    if metric == "f1":
        return _f1(y_true, y_pred)
    t = [float(v) for v in y_true]
    p = [float(v) for v in y_pred]
    if metric == "rmse":
        return math.sqrt(sum((a - b) ** 2 for a, b in zip(t, p, strict=True)) / len(t))
    if metric == "mae":
        return sum(abs(a - b) for a, b in zip(t, p, strict=True)) / len(t)
    if metric == "logloss":
        eps = 1e-15
        clipped = [min(max(b, eps), 1 - eps) for b in p]
        total = sum(
            a * math.log(b) + (1 - a) * math.log(1 - b) for a, b in zip(t, clipped, strict=True)
        )
        return -total / len(t)
    if metric == "roc_auc":
        return _roc_auc(t, p)
    raise ValueError(metric)


def _same_label(a: str, b: str) -> bool:
    if a.strip() == b.strip():
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return a.strip().lower() == b.strip().lower()


def _f1(y_true: Sequence[str], y_pred: Sequence[str]) -> float:
    """Binary F1 for two labels (positive = '1'/'True' or the larger label), macro F1 otherwise."""
    norm = [_norm_label(v) for v in y_true], [_norm_label(v) for v in y_pred]
    labels = sorted(set(norm[0]))

    def f1_for(pos: str) -> float:
        tp = sum(1 for a, b in zip(*norm, strict=True) if a == pos and b == pos)
        fp = sum(1 for a, b in zip(*norm, strict=True) if a != pos and b == pos)
        fn = sum(1 for a, b in zip(*norm, strict=True) if a == pos and b != pos)
        return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)

    if len(labels) <= 2:
        pos = "1" if "1" in labels else labels[-1]
        return f1_for(pos)
    return sum(f1_for(label) for label in labels) / len(labels)


def _norm_label(v: str) -> str:
    s = v.strip()
    if s.lower() == "true":
        return "1"
    if s.lower() == "false":
        return "0"
    try:
        f = float(s)
        return str(int(f)) if f.is_integer() else s
    except ValueError:
        return s


def _roc_auc(y_true: Sequence[float], scores: Sequence[float]) -> float:
    from scipy.stats import rankdata

    ranks = rankdata(scores)
    n_pos = sum(1 for v in y_true if v == 1)
    n_neg = len(y_true) - n_pos
    if n_pos == 0 or n_neg == 0:
        raise ValueError("roc_auc needs both classes")
    pos_rank_sum = sum(r for r, v in zip(ranks, y_true, strict=True) if v == 1)
    return float((pos_rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def make_score_source(opts: Options) -> ScoreSource | None:
    if opts.score_regex:
        src: ScoreSource = RegexScore(opts.score_regex)
    elif opts.grader:
        src = GraderScore(opts.grader, submission=opts.submission or "submission.csv")
    elif opts.metric:
        submission = opts.submission or "submission.csv"
        src = MetricScore(opts.metric, opts.answers or "", submission=submission)
    else:
        return None
    if opts.higher_is_better is not None:
        src.higher_is_better = opts.higher_is_better
    return src


def within_band(score: float | None, target: float | None, tolerance: float) -> bool:
    if score is None or target is None:
        return False
    return abs(score - target) <= tolerance * abs(target) + 1e-12


@dataclass
class TTestVerdict:
    scores: list[float]
    mean: float
    p_value: float | None  # None when every run gave the same score (t undefined)
    reproducible: bool


def ttest_verdict(scores: Sequence[float], target: float, tolerance: float) -> TTestVerdict:
    """One-sample t-test of the rerun scores against the target: reproducible when p >= 0.05.

    With zero variance the statistic is undefined; then the band decides and p is None."""
    from scipy.stats import ttest_1samp

    values = [float(s) for s in scores]
    mean = sum(values) / len(values)
    if len(values) < 2 or max(values) - min(values) == 0:
        return TTestVerdict(values, mean, None, within_band(mean, target, tolerance))
    p = float(ttest_1samp(values, target).pvalue)
    return TTestVerdict(values, mean, p, p >= 0.05)


# as the panel says them (src/views/labels.ts outcomeLabel)
_OUTCOME_WORDS = {
    "error_free_reproducible": "error-free, reproducible",
    "error_reproducible": "reproducible, with errors",
    "error_free_non_reproducible": "error-free, not reproducible",
    "error_non_reproducible": "still has errors",
    "failed": "failed",
}
_BASIS_WORDS = {
    "errors": "judged on errors alone",
    "score": "judged on errors and the score",
    "t-test": "judged on errors and a t-test of reruns",
}


def outcome_words(outcome: str, basis: str, numbers_said: bool = False) -> str:
    """The outcome in plain words, with its term and what it was judged on: "still has errors
    (error_non_reproducible; judged on errors alone)": judged on errors alone (nothing re-run,
    no score), "not reproducible" would only restate the errors. ``numbers_said``: the author's
    numbers are judged beside it (reproduced_words): then there is no score to compare, but the
    verdict does not rest on errors alone (one story, not two)."""
    return f"{outcome_label(outcome)} ({outcome}; {judged_on(basis, numbers_said)})"


def outcome_label(outcome: str) -> str:
    """The outcome as the panel's badge says it: "error-free, reproducible"."""
    return _OUTCOME_WORDS.get(outcome, outcome)


def judged_on(basis: str, numbers_said: bool = False) -> str:
    """What the outcome was judged on: "judged on errors and the score"; "no score to compare"
    where the author's numbers are judged beside the errors (``outcome_words``)."""
    if basis == "errors" and numbers_said:
        return "no score to compare"
    return _BASIS_WORDS.get(basis, basis)


# why the loop stopped, as the panel says it after "Stopped: " (src/views/labels.ts
# stopReasonLabel); the term is the report's stop_reason
_STOP_WORDS = {
    "iteration_limit": "the most fixes one job may try were tried",
    "budget": "the token or cost budget is spent",
    "llm_error": "the model's server failed",
    "no_fix": "no fix was found for what still fails",
    "cancelled": "cancelled",
    "deadline": "the deadline was reached",
    "blocked": "what still fails cannot be fixed here",
}


def stop_words(stop_reason: str, basis: str = "errors") -> str:
    """Why the loop stopped, in words: "the deadline was reached"."""
    if stop_reason == "reproducible":
        return (
            "the notebook runs and its score is within the target band"
            if basis in ("score", "t-test")
            else "the notebook runs without errors"
        )
    return _STOP_WORDS.get(stop_reason, stop_reason.replace("_", " "))


def outcome(*, completed: bool, error_free: bool, reproducible: bool) -> str:
    if not completed:
        return "failed"
    if error_free:
        return "error_free_reproducible" if reproducible else "error_free_non_reproducible"
    return "error_reproducible" if reproducible else "error_non_reproducible"
