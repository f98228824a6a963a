"""What was wrong with a model's reply, as a kind, and the plain sentence people read when the
model gave no usable fix.

The re-ask tells the model the precise reason (``reply.validate_reply``'s words, written to the
model: "your reply contains no code: give one ```python block ..."). People never see those:
the panel, the CLI and the report say it with these words, built here only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...contracts.shapes import ReplyProblem

__all__ = ["ReplyProblem", "no_fix_summary", "plain"]

# what the reply did, after "the model's reply" or "the model's replies" (no was/were)
_WORDS: dict[ReplyProblem, str] = {
    "truncated": "broke off before the end",
    "no_code": "held no code",
    "no_header": "did not say which cell its code replaces",
    "wrong_cells": "changed cells it may not change",
    "placeholder": "left out part of the code",
    "invalid_python": "held code that is not valid Python",
    "changes_nothing": "changed nothing",
    "breaks_names": "dropped names that other code still uses",
    "refused_by_guard": "failed a safety check (network, installs, test data or a hard-coded "
    "score)",
    "repeats_refused": "repeated a change already refused",
    "unusable": "could not be used",
}

_TIMES = {1: "once", 2: "twice"}


def plain(problem: ReplyProblem) -> str:
    """'held no code': what a reply with this problem did, in plain words."""
    return _WORDS[problem]


def no_fix_summary(problems: Sequence[ReplyProblem], *, repeated: bool = False) -> str:
    """One sentence for a propose() whose replies were all unusable, e.g. "the model's replies
    held no code; asked again twice". ``problems``: each reply's, in order; ``repeated``: the
    last reply was the one before, word for word (asking again stopped there)."""
    if not problems:
        return "the model gave no usable reply"
    kinds = list(dict.fromkeys(problems))  # each once, in the order they came
    subject = "the model's reply" if len(problems) == 1 else "the model's replies"
    sentence = f"{subject} {', then '.join(plain(k) for k in kinds)}"
    asked = len(problems) - 1
    if asked:
        sentence += f"; asked again {_TIMES.get(asked, f'{asked} times')}"
    if repeated:
        sentence += ", and it sent the same reply again"
    return sentence
