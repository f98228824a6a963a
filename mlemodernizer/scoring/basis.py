"""What the verdict rests on, said in words: the score (within its band, or the t-test), the
author's stored numbers found again (the second judge, at least a set share), both, or neither.

The paper's outcomes judge by the score alone and call a notebook without one reproducible
when it runs clean; this basis says beside them whether the notebook also says what its author's
said, so "reproducible" never hides numbers that moved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .output_fidelity import NotebookFidelity

DEFAULT_THRESHOLD = 0.95

ReproducedBy = Literal["both", "score", "fidelity", "errors", "neither"]


@dataclass(frozen=True)
class Basis:
    by: ReproducedBy
    words: str


def score_words(
    score: float | None,
    target: float,
    tolerance: float,
    reproduced: bool,
    p_value: float | None = None,
    runs: int = 0,
) -> str:
    """ "the score 0.951 is within 10% of the author's 0.947" (or the t-test's words, with
    ``score`` the mean of ``runs`` scores)."""
    if p_value is not None:
        differs = "does not differ" if reproduced else "differs"
        return (
            f"over {runs} runs the mean score {score:.4g} {differs} significantly from the "
            f"author's {target:.4g} (one-sample t-test, p = {p_value:.3g})"
        )
    if score is None:
        return f"no score was printed (the author's: {target:.4g})"
    side = "within" if reproduced else "outside"
    return f"the score {score:.4g} is {side} {tolerance:.0%} of the author's {target:.4g}"


def reproduction_basis(
    *,
    error_free: bool,
    scored: bool,
    score_reproduced: bool,
    score_words: str,
    fidelity: NotebookFidelity | None,
    threshold: float = DEFAULT_THRESHOLD,
    failing_as_stored: bool = False,
) -> Basis:
    """``scored``: the notebook had a score to compare (a source and a target);
    ``score_reproduced``: it came back within its band (or passed the t-test);
    ``score_words``: how ("the score 0.951 is within 10% of 0.947"); ``failing_as_stored``:
    every cell that still fails raised the same error in the author's run (their stored
    outputs show it), which the words say instead of a bare "cells still fail"."""
    share = fidelity.share if fidelity is not None else None
    by_fidelity = error_free and share is not None and share >= threshold
    fidelity_words = _fidelity_words(fidelity, share, threshold, error_free)
    if failing_as_stored:
        fidelity_words = fidelity_words.replace("cells still fail", _AS_STORED)
    if scored and score_reproduced and by_fidelity:
        words = f"{score_words}; {fidelity_words}"
        return Basis("both", f"reproducible by score and by fidelity: {words}")
    if scored and score_reproduced:
        return Basis("score", f"reproducible by score: {score_words}; fidelity: {fidelity_words}")
    if by_fidelity:
        why = f"not by score: {score_words}" if scored else "no score to compare"
        return Basis("fidelity", f"reproducible by fidelity: {fidelity_words}; {why}")
    if not scored and error_free:
        # the paper's outcome without a score rests on errors alone: say whether the numbers
        # held too, never "not reproducible" beside a badge that says reproducible
        held = (
            "no stored numbers to find again"
            if share is None
            else f"not by fidelity: {fidelity_words}"
        )
        return Basis("errors", f"reproducible by errors alone (no score to compare); {held}")
    if not scored and share is None:
        # nothing was compared (no score, no stored numbers, nothing re-run): "not
        # reproducible" would claim a test that never ran
        return Basis(
            "neither",
            "nothing to judge reproducibility by: no score to compare and no stored numbers to "
            f"find again; {_AS_STORED if failing_as_stored else 'cells still fail'}",
        )
    parts = [f"score: {score_words}"] if scored else ["no score to compare"]
    words = "; ".join([*parts, f"fidelity: {fidelity_words}"])
    return Basis("neither", f"not reproducible by score or fidelity: {words}")


_AS_STORED = "cells still fail, each with the error the author's run raised too"


def _fidelity_words(
    fidelity: NotebookFidelity | None, share: float | None, threshold: float, error_free: bool
) -> str:
    if fidelity is None or share is None:
        return "no stored numbers to find again" + ("" if error_free else ", and cells still fail")
    if not error_free:
        return (
            f"{fidelity.found} of {fidelity.total} stored numbers found again ({share:.1%}), "
            f"but cells still fail"
        )
    where = (
        f", drift starts at cell {fidelity.first_drift + 1}"
        if fidelity.first_drift is not None
        else ""
    )
    side = "at least" if share >= threshold else "below"
    return (
        f"{fidelity.found} of {fidelity.total} stored numbers found again ({share:.1%}, "
        f"{side} {threshold:.0%}){where}"
    )
