"""What people read when the model's replies gave no fix (issue 29, item 3): a sentence built
from each reply's problem kind, never the reason written to the model."""

from typing import get_args

import pytest

from mlemodernizer.contracts.shapes import ReplyProblem
from mlemodernizer.fixers.llm.problems import no_fix_summary, plain


def test_one_reply_is_said_in_one_clause() -> None:
    assert no_fix_summary(["no_code"]) == "the model's reply held no code"


def test_the_re_asks_are_counted_and_a_kind_is_said_once() -> None:
    assert (
        no_fix_summary(["no_code", "no_code", "no_code"])
        == "the model's replies held no code; asked again twice"
    )
    assert (
        no_fix_summary(["no_code", "changes_nothing", "no_code", "invalid_python"])
        == "the model's replies held no code, then changed nothing, then held code that is not "
        "valid Python; asked again 3 times"
    )


def test_a_repeated_reply_is_said() -> None:
    assert no_fix_summary(["truncated", "truncated"], repeated=True) == (
        "the model's replies broke off before the end; asked again once, and it sent the "
        "same reply again"
    )


@pytest.mark.parametrize("kind", get_args(ReplyProblem))  # every kind the contract declares
def test_every_kind_has_plain_words_without_the_models_instructions(kind: str) -> None:
    words = plain(kind)  # type: ignore[arg-type]
    assert words and "your reply" not in words and "```" not in words and "%%" not in words
