"""Detecting the score a notebook printed (``--score detect``) on synthetic notebooks: the regex
found must read back the same number through the loop's own regex source."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.scoring.detect import detect_score
from mlemodernizer.scoring.score import RegexScore

from ..conftest import json_report, make_notebook, run_cli, write_notebook


def detect(outputs: dict[int, str], cells: int = 3):
    return detect_score(make_notebook([f"x{i} = {i}" for i in range(cells)], outputs))


def reads_back(found, outputs: dict[int, str]) -> float | None:
    nb = make_notebook([f"x{i} = {i}" for i in range(3)], outputs)
    return RegexScore(found.regex).score(nb, Path("."))


@pytest.mark.parametrize(
    ("printed", "metric", "value", "higher"),
    [
        ("accuracy: 0.940\n", "accuracy", 0.94, True),
        ("Test AUC = 0.873\n", "Test AUC", 0.873, True),
        ("RMSE 1234.5\n", "RMSE", 1234.5, False),
        ("val_accuracy: 0.81\n", "val_accuracy", 0.81, True),
        ("The score is 87.5%\n", "score", 87.5, True),
        ("log loss: 0.35\n", "log loss", 0.35, False),
        ("f1_score=0.7\n", "f1_score", 0.7, True),
        ("R2: -0.12\n", "R2", -0.12, True),
        ("mse: 1.5e-03\n", "mse", 0.0015, False),
    ],
)
def test_one_printed_metric(printed: str, metric: str, value: float, higher: bool) -> None:
    found = detect({1: printed})
    assert found is not None
    assert (found.metric, found.value, found.higher_is_better) == (metric, value, higher)
    assert found.cell_index == 1 and found.line == printed.strip()
    assert reads_back(found, {1: printed}) == value


def test_the_last_metric_wins_and_the_regex_reads_that_one() -> None:
    outputs = {0: "accuracy: 0.71\nloss 0.9\n", 2: "Fitting...\naccuracy: 0.94\n"}
    found = detect(outputs)
    assert found is not None and (found.value, found.cell_index) == (0.94, 2)
    assert reads_back(found, outputs) == 0.94


def test_a_later_train_metric_does_not_replace_the_held_out_one() -> None:
    outputs = {1: "accuracy: 0.94\n", 2: "train accuracy: 1.00\n"}
    found = detect(outputs)
    assert found is not None and found.metric == "accuracy" and found.value == 0.94
    # "accuracy:" alone would also read the train line: the regex is anchored on the line
    assert reads_back(found, outputs) == 0.94


def test_train_metrics_count_when_nothing_else_was_printed() -> None:
    found = detect({0: "training accuracy: 0.99\n"})
    assert found is not None and found.metric == "training accuracy"


@pytest.mark.parametrize(
    "printed",
    [
        "",
        "rows: 150\nshape (150, 4)\n",
        "accuracy_score imported\n",
        "Epoch 3/10\n",
        "scores: [0.9 0.8]\n",  # a list, not a score
    ],
)
def test_no_metric_no_detection(printed: str) -> None:
    assert detect({1: printed} if printed else {}) is None


def test_results_and_displays_count_errors_do_not() -> None:
    nb = make_notebook(["x = 1", "y = 2"])
    nb.cells[0].outputs = [
        {
            "output_type": "execute_result",
            "execution_count": 1,
            "metadata": {},
            "data": {"text/plain": "'AUC: 0.66'"},
        }
    ]
    nb.cells[1].outputs = [
        {"output_type": "error", "ename": "E", "evalue": "accuracy: 0.1", "traceback": []}
    ]
    found = detect_score(nb)
    assert found is not None and found.value == 0.66 and found.cell_index == 0


@pytest.mark.kernel
def test_cli_score_detect_reads_the_target_from_the_printed_metric(tmp_path: Path) -> None:
    nb = write_notebook(
        tmp_path / "nb.ipynb",
        ["print('accuracy: %.2f' % 0.5)"],
        outputs={0: "accuracy: 0.94\n"},
    )
    proc = run_cli("run", str(nb), "--offline", "--score", "detect", "--json")
    report = json_report(proc)
    assert report["target_score"] == 0.94 and report["final"]["score"] == 0.5
    assert report["score_source"] == "accuracy as printed by cell 1 (detected)"
    assert report["outcome"] == "error_free_non_reproducible"
    assert "score detected: accuracy as printed by cell 1 ('accuracy: 0.94')" in proc.stderr
    # nothing printed: judged on errors alone, and said so
    bare = write_notebook(tmp_path / "bare.ipynb", ["x = 1"])
    proc = run_cli("run", str(bare), "--offline", "--score", "detect", "--json")
    assert json_report(proc)["reproducibility_basis"] == "errors"
    assert "no metric" in proc.stderr
    # one score source at a time
    both = run_cli("run", str(nb), "--offline", "--score", "detect", "--score-regex", "a (x)")
    assert both.returncode == 2 and "give one score source" in both.stderr
