from __future__ import annotations

from pathlib import Path

import pytest
from sklearn import metrics as skm

from mlemodernizer.contracts.errors import ModernizerError
from mlemodernizer.scoring.score import (
    GraderScore,
    MetricScore,
    RegexScore,
    compute_metric,
    outcome,
    ttest_verdict,
    within_band,
)

from ..conftest import make_notebook

Y_TRUE = ["1", "0", "1", "1", "0", "0", "1", "0"]
Y_LABEL = ["1", "0", "0", "1", "0", "1", "1", "0"]
Y_PROB = ["0.9", "0.2", "0.4", "0.8", "0.3", "0.6", "0.7", "0.1"]


def test_regex_takes_the_last_match_over_all_outputs() -> None:
    nb = make_notebook(
        ["a", "b", "c"], outputs={0: "accuracy: 0.5\n", 2: "epoch 3\naccuracy: 0.91\n"}
    )
    assert RegexScore(r"accuracy: ([0-9.]+)").score(nb, Path(".")) == 0.91
    assert RegexScore(r"f1: ([0-9.]+)").score(nb, Path(".")) is None


def test_regex_needs_a_group_and_must_compile() -> None:
    with pytest.raises(ModernizerError, match="capture group"):
        RegexScore(r"accuracy: [0-9.]+")
    with pytest.raises(ModernizerError, match="not a valid regex"):
        RegexScore(r"accuracy: ([0-9.]+")


@pytest.mark.parametrize(
    ("metric", "reference", "pred"),
    [
        ("accuracy", lambda t, p: skm.accuracy_score(t, p), Y_LABEL),
        ("f1", lambda t, p: skm.f1_score([int(v) for v in t], [int(v) for v in p]), Y_LABEL),
        (
            "roc_auc",
            lambda t, p: skm.roc_auc_score([int(v) for v in t], [float(v) for v in p]),
            Y_PROB,
        ),
        ("logloss", lambda t, p: skm.log_loss([int(v) for v in t], [float(v) for v in p]), Y_PROB),
        (
            "rmse",
            lambda t, p: skm.root_mean_squared_error([float(v) for v in t], [float(v) for v in p]),
            Y_PROB,
        ),
        (
            "mae",
            lambda t, p: skm.mean_absolute_error([float(v) for v in t], [float(v) for v in p]),
            Y_PROB,
        ),
    ],
)
def test_builtin_metrics_agree_with_scikit_learn(metric, reference, pred) -> None:
    assert compute_metric(metric, Y_TRUE, pred) == pytest.approx(reference(Y_TRUE, pred))


def test_macro_f1_for_multiclass() -> None:
    t, p = ["a", "b", "c", "a", "b"], ["a", "c", "c", "a", "b"]
    assert compute_metric("f1", t, p) == pytest.approx(skm.f1_score(t, p, average="macro"))


def test_metric_score_joins_submission_on_id(tmp_path: Path) -> None:
    (tmp_path / "answers.csv").write_text("id,label\n1,a\n2,b\n3,a\n4,b\n")
    # rows shuffled: the id column aligns them
    (tmp_path / "submission.csv").write_text("id,label\n3,a\n1,a\n4,a\n2,b\n")
    src = MetricScore("accuracy", str(tmp_path / "answers.csv"))
    assert src.score(make_notebook([]), tmp_path) == 0.75
    (tmp_path / "submission.csv").unlink()
    assert src.score(make_notebook([]), tmp_path) is None


def test_unknown_metric_is_refused() -> None:
    with pytest.raises(ModernizerError, match="unknown --metric"):
        MetricScore("bleu", "x.csv")


def test_grader_command_reads_mlebench_style_json(tmp_path: Path) -> None:
    (tmp_path / "submission.csv").write_text("id,y\n1,1\n")
    grader = tmp_path / "grade.py"
    grader.write_text(
        "import json, sys\n"
        "rows = open(sys.argv[1]).read().splitlines()\n"
        "print('grading...')\n"
        "print(json.dumps({'competition_id': 'x', 'score': 0.5 + len(rows) / 10,"
        " 'is_lower_better': True, 'valid_submission': True}))\n"
    )
    import sys

    src = GraderScore(f"{sys.executable} {grader} {{submission}}")
    assert src.score(make_notebook([]), tmp_path) == pytest.approx(0.7)
    assert src.higher_is_better is False


def test_band_is_relative() -> None:
    assert within_band(0.85, 0.94, 0.10)
    assert not within_band(0.80, 0.94, 0.10)
    assert within_band(-1.05, -1.0, 0.10)
    assert not within_band(None, 0.94, 0.10)


def test_ttest_verdict() -> None:
    same = ttest_verdict([0.93, 0.95, 0.94, 0.945], 0.94, 0.1)
    assert same.p_value is not None and same.p_value >= 0.05 and same.reproducible
    off = ttest_verdict([0.80, 0.81, 0.79, 0.80], 0.94, 0.1)
    assert off.p_value is not None and off.p_value < 0.05 and not off.reproducible
    constant = ttest_verdict([0.9, 0.9, 0.9], 0.94, 0.1)
    assert constant.p_value is None and constant.reproducible  # zero variance: the band decides


def test_outcomes() -> None:
    assert outcome(completed=False, error_free=False, reproducible=False) == "failed"
    assert outcome(completed=True, error_free=True, reproducible=True) == "error_free_reproducible"
    assert outcome(completed=True, error_free=False, reproducible=True) == "error_reproducible"
    assert (
        outcome(completed=True, error_free=True, reproducible=False)
        == "error_free_non_reproducible"
    )
    assert outcome(completed=True, error_free=False, reproducible=False) == "error_non_reproducible"
