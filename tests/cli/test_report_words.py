"""Issue 40, item 8 (and 4): the CLI ends with a report, not a log. The outcome, what it rests
on and the author's numbers are said in the panel's sentences (the report's ``reproduced_words``,
one source for both), a number that changed is shown with its old and new values, the runs
with another seed are named as the panel names them, and the raw terms (``error_non_reproducible``,
``no_fix``, ``noise-baseline``, a cause's ``[knock-on]``) stay in --json."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from mlemodernizer.cli import print_summary
from mlemodernizer.contracts.events import (
    ExecutionFinished,
    IssueDetected,
    LoopStopped,
    Verdict,
)

from ..conftest import run_cli, write_notebook
from .test_progress_words import printed  # the progress printer fed events, one place

# the terms a person never reads in the human stream: outcomes, stop reasons, run kinds,
# fix types, causes; and the old line heads
RAW = re.compile(
    r"error_free_reproducible|error_reproducible|error_free_non_reproducible|"
    r"error_non_reproducible|iteration_limit|no_fix|llm_error|noise-baseline|second-look|"
    r"noise-run|rerun-\d|error_repair|knock-on\]|\[no rule\]|\[environment\]|"
    r"^basis:|^verdict:|^fidelity:|error cell\(s\)",
    re.MULTILINE,
)

FIDELITY_CELLS = [
    {"cell_index": 2, "cell_id": "c2", "status": "drifted", "numbers_total": 2,
     "numbers_found": 2, "drift": [{"old": "3.0277", "new": "2.8723"}], "words_lost": [],
     "figures_stored": 0, "figures_same": 0, "random_why": "", "tables_compared": 0},
    {"cell_index": 4, "cell_id": "c4", "status": "lost_output", "numbers_total": 1,
     "numbers_found": 0, "drift": [{"old": "7", "new": ""}], "words_lost": [],
     "figures_stored": 0, "figures_same": 0, "random_why": "", "tables_compared": 0},
    {"cell_index": 6, "cell_id": "c6", "status": "random", "numbers_total": 3,
     "numbers_found": 1, "drift": [], "words_lost": [], "figures_stored": 0,
     "figures_same": 0, "random_why": "unseeded", "tables_compared": 0},
]  # fmt: skip


def report(**changes) -> dict:  # noqa: ANN003
    base = {
        "notebook": "nb.ipynb",
        "output": "nb.modernized.ipynb",
        "outcome": "error_non_reproducible",
        "reproducibility_basis": "errors",
        "stop_reason": "no_fix",
        "reproduced_words": "not reproducible by score or fidelity: no score to compare; "
        "fidelity: 4 of 5 stored numbers found again (80.0%), but cells still fail",
        "fidelity": {
            "summary": "4 of 5 stored numbers found again; drift starts at cell 3; random "
            "(two fresh runs differ), counted apart: cell 7",
            "cells": FIDELITY_CELLS,
        },
        "error_summary": "1 cell still fails: a call now behaves differently; 1 more fails "
        "only because an earlier cell did",
        "cells": [
            {
                "cell_index": 8,
                "error": "ValueError: " + "a very long message " * 12,
                "state": "fixable",
                "reason": "",
                "cause": "behaviour change",
            },
            {
                "cell_index": 9,
                "error": "NameError: name 'x' is not defined",
                "state": "knock_on",
                "reason": "fails because cell 9 did",
                "cause": "knock-on",
            },
        ],
        "iterations": [
            {"rolled_back": False, "cells_changed": [1], "files_changed": []},
            {"rolled_back": True, "cells_changed": [2], "files_changed": []},
        ],
        "nothing_to_modernize": None,
        "modules": [],
        "written_files": [],
        "execution_seconds_total": 95.0,
    }
    return {**base, **changes}


def flat(text: str) -> list[str]:
    """The lines with the headings' padding as two blanks, whatever the widest heading."""
    return [re.sub(r" {2,}", "  ", line.strip()) for line in text.splitlines()]


def summary(data: dict, width: int | None = None) -> str:
    stream = io.StringIO()
    print_summary(data, stream, width=width)
    return stream.getvalue()


def test_the_summary_says_the_outcome_and_what_changed_in_words() -> None:
    text = summary(report())
    assert not RAW.search(text), text
    lines = flat(text)
    assert lines[0] == "Outcome  Still has errors (no score to compare)"
    # the panel's sentence, whole: one source for both
    assert (
        "Reproduced  Not reproducible by score or fidelity: no score to compare; "
        "fidelity: 4 of 5 stored numbers found again (80.0%), but cells still fail."
    ) in lines
    # a changed number with its old and new values; the lost output of a cell that runs;
    # the random cell is counted apart, not listed as changed
    assert "Changed output  cell 3: 2 of 2 numbers found; 3.0277 → 2.8723" in lines
    assert "cell 5: the output the author saw is gone" in lines
    assert "cell 7:" not in text
    # the failing cell in words and its error cut at a word, with an ellipsis; the knock-on
    # cell counted in the line above, not listed
    failing = [line for line in lines if "cell 9: a call now behaves differently" in line]
    assert failing and failing[0].endswith("…") and "cell 10" not in text
    assert "Fixes  2 tried, 1 kept, 1 rolled back" in lines
    assert "Stopped  No fix was found for what still fails" in lines
    assert lines[-1] == "wrote nb.modernized.ipynb"
    # off a terminal: no colour codes, no trailing blanks
    assert "\x1b[" not in text and all(line == line.rstrip() for line in text.splitlines())


def test_on_a_narrow_terminal_lines_wrap_at_words() -> None:
    text = summary(report(), width=60)
    words = set(summary(report()).split())
    for line in text.splitlines():
        assert len(line) <= 60
        # every piece is a whole word of the unwrapped text, or ends with an ellipsis
        for piece in line.split():
            assert piece in words or piece.endswith("…"), piece


def test_a_reproducible_run_says_what_it_rests_on() -> None:
    text = summary(
        report(
            outcome="error_free_reproducible",
            reproducibility_basis="score",
            stop_reason="reproducible",
            reproduced_words="reproducible by score and by fidelity: the score 0.972 is within "
            "10% of the author's 0.972; 3 of 3 stored numbers found again (100.0%, at least 95%)",
            fidelity={"summary": "3 of 3 stored numbers found again; no drift", "cells": []},
            error_summary=None,
            cells=[],
        )
    )
    assert not RAW.search(text), text
    lines = flat(text)
    assert lines[0] == "Outcome  Error-free, reproducible (judged on errors and the score)"
    assert "Stopped  The notebook runs and its score is within the target band" in lines
    assert "Changed output" not in text and "Still failing" not in text


def finished(kind: str, iteration: int = 0, **changes) -> ExecutionFinished:  # noqa: ANN003
    fields = dict(iteration=iteration, kind=kind, error_free=True, errors=[], error_cells=0,
                  runtime_s=9.56, score=None, timed_out=False, kernel_died=False,
                  cancelled=False, setup_s=0.5, environment={}, resumed_from=None,
                  cells_run=[], notices=[], failing_cells=[], fixed_cells=[])  # fmt: skip
    return ExecutionFinished(**{**fields, **changes})


def test_progress_names_the_runs_and_stops_in_words() -> None:
    long_error = "AttributeError: " + "module 'numpy' has no attribute " * 8
    text = printed(
        finished("baseline", error_free=False, error_cells=1, failing_cells=[
            {"cell_index": 3, "cell_id": "c3", "error": long_error, "new": False}]),
        finished("noise-baseline"),
        IssueDetected(iteration=1, issue="error", first_error=None, cell_index=None,
                      score=None, runtime_s=None, cells=[]),
        LoopStopped(iteration=1, reason="no_fix", detail="no rule answers cell 4"),
        finished("verdict", iteration=1, score=0.9),
        finished("rerun-2", iteration=1, score=0.9),
        Verdict(outcome="error_non_reproducible", error_free=False, reproducible=False,
                basis="errors", score=None, target_score=None, tolerance=0.1, p_value=None,
                rerun_scores=[], cells=[], error_summary="1 cell still fails",
                nothing_to_modernize=None, fidelity="0 of 1", reproduced_by="neither",
                reproduced_words="not reproducible"),
    )  # fmt: skip
    assert not RAW.search(text), text
    lines = text.splitlines()
    assert lines[0] == "[baseline] 9.6 s, 1 cell with errors"
    assert lines[1].startswith("    cell 4: AttributeError: ") and lines[1].endswith("…")
    assert lines[2].startswith("[randomness check] 9.6 s: the unchanged notebook")
    # an error no cell raised is not the bare term "error", and the stop says why
    assert lines[3] == "[iteration 1] issue: the run failed outside any cell (the kernel died)"
    assert lines[4] == "[iteration 1] no fix found: no rule answers cell 4"
    assert lines[5:] == [
        "[verdict run] 9.6 s, ran without errors, score 0.9",
        "[rerun 2] 9.6 s, ran without errors, score 0.9",
    ]  # the verdict itself is the summary's, at the end


@pytest.mark.kernel
def test_the_cli_ends_with_the_summary_and_keeps_the_terms_in_json(tmp_path: Path) -> None:
    """A statistic printed 3.0277 then and 1.5 today: told as changed, with both values, in
    the summary's words; one printed 3.0277 then and 2.8723 today, inside the judge's band,
    told too (issue 40: a number changed in its printed digits is no "same"); the raw terms
    only in the JSON."""
    nb = write_notebook(
        tmp_path / "stat.ipynb",
        ["print('n = 150')", "print('t = 1.5')", "print('mean = 2.8723')"],
        outputs={0: "n = 150\n", 1: "t = 3.0277\n", 2: "mean = 3.0277\n"},
    )
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    assert not RAW.search(proc.stderr), proc.stderr
    lines = flat(proc.stderr)
    assert any(line.startswith("Outcome  Error-free") for line in lines), lines
    assert any(
        line.startswith("Changed output  cell 2:") and "3.0277 → 1.5" in line for line in lines
    ), lines
    assert "cell 3: 1 of 1 numbers found; within the band: 3.0277 → 2.8723" in lines, lines
    raw = json.loads(proc.stdout)
    assert raw["outcome"].startswith("error_free")
    cell = raw["fidelity"]["cells"][1]
    assert cell["status"] == "drifted" and cell["drift"] == [{"old": "3.0277", "new": "1.5"}]
