"""What still fails and how the job ended, in words a newcomer reads (issue 29, item 4); the
report's fields keep the precise terms (``cause``, ``kind``, ``outcome``)."""

from mlemodernizer.contracts.shapes import CellTriage
from mlemodernizer.loop.triage import summary_line
from mlemodernizer.scoring.score import outcome_words


def cell(index: int, state: str, cause: str = "", **kw: object) -> CellTriage:
    return CellTriage(index, f"c{index}", "E: x", state, cause=cause, **kw)  # type: ignore[arg-type]


def test_one_code_error_says_what_happened_not_the_category() -> None:
    line = summary_line([cell(3, "fixable", "behaviour change")])
    assert line == "1 cell still fails: a call now behaves differently"
    assert "code error" not in line and "behaviour change" not in line


def test_several_causes_are_counted_most_first() -> None:
    cells = [
        cell(1, "fixable", "no rule"),
        cell(2, "fixable", "behaviour change"),
        cell(3, "fixable", "no rule"),
    ]
    assert summary_line(cells) == (
        "3 cells still fail: a removed or renamed API that no rule rewrites (2), "
        "a call now behaves differently (1)"
    )


def test_blocked_cells_and_knock_ons_say_why_without_a_zero_count() -> None:
    cells = [
        cell(0, "blocked", "environment", kind="environment", package="watermark"),
        cell(1, "knock_on", "knock-on", after=0),
        cell(2, "knock_on", "knock-on", after=0),
        cell(4, "blocked", kind="given_up"),
        cell(5, "blocked", kind="given_up"),
    ]
    assert summary_line(cells) == (
        "1 cell needs package watermark; 2 cells were given up on after repeated fixes; "
        "2 more fail only because an earlier cell did"
    )
    assert summary_line([cell(0, "blocked", kind="helper_file")]) == (
        "1 cell fails in a .py file beside the notebook, left as it is"
    )


def test_the_outcome_judged_on_errors_alone_claims_no_reproducibility() -> None:
    assert outcome_words("error_non_reproducible", "errors") == (
        "still has errors (error_non_reproducible; judged on errors alone)"
    )
    assert outcome_words("error_free_reproducible", "score") == (
        "error-free, reproducible (error_free_reproducible; judged on errors and the score)"
    )
    assert outcome_words("error_free_non_reproducible", "t-test").endswith(
        "(error_free_non_reproducible; judged on errors and a t-test of reruns)"
    )
    # the author's numbers judged beside it: not "on errors alone" (issue 40 item 4)
    assert outcome_words("error_free_reproducible", "errors", numbers_said=True) == (
        "error-free, reproducible (error_free_reproducible; no score to compare)"
    )


def test_failing_cells_with_nothing_to_compare_claim_no_reproducibility_test() -> None:
    """No score, no stored numbers, nothing re-run: the basis says nothing was there to judge,
    not "not reproducible" (the test that would say so never ran)."""
    from mlemodernizer.scoring.basis import reproduction_basis

    basis = reproduction_basis(
        error_free=False, scored=False, score_reproduced=False, score_words="", fidelity=None
    )
    assert basis.by == "neither"
    assert basis.words == (
        "nothing to judge reproducibility by: no score to compare and no stored numbers to "
        "find again; cells still fail"
    )
