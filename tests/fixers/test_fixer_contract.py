"""The fixer contract (``mlemodernizer/fixers/base.py``): what the loop reads of every family,
without ``getattr``, and what each family answers."""

from __future__ import annotations

import pytest

from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.base import Fixer
from mlemodernizer.fixers.environment import EnvironmentFixer
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.rules import RulesFixer
from mlemodernizer.fixers.runtime import RuntimeReducer
from mlemodernizer.loop.steps.verdict import reported

FLOAT = CellError(1, "c1", "AttributeError", "module 'numpy' has no attribute 'float'", "")
OTHER = CellError(2, "c2", "ZeroDivisionError", "division by zero", "")


def _llm() -> LLMFixer:
    return LLMFixer("http://127.0.0.1:9/v1", "scripted", api_key="k", stream=False)


@pytest.mark.parametrize("family", [RulesFixer, EnvironmentFixer, RuntimeReducer, _llm])
def test_every_family_keeps_the_contract(family) -> None:
    fixer = family()
    assert isinstance(fixer, Fixer) and fixer.name
    assert fixer.last_failure is None and fixer.evidence() == []
    assert all(isinstance(v, list) for v in fixer.report_items().values())


def test_only_a_model_is_asked_again_and_only_it_charges_the_budget_itself() -> None:
    assert _llm().reasks and _llm().budget is not None
    assert not RulesFixer().reasks and RulesFixer().budget is None


def test_the_rules_answer_the_errors_a_rule_is_triggered_by() -> None:
    rules = RulesFixer()
    assert rules.answers([FLOAT])
    assert not rules.answers([OTHER]) and not rules.answers([])
    assert not EnvironmentFixer().answers([FLOAT])  # the default: no answer of its own


def test_a_repeated_refused_reply_is_marked_in_the_models_record() -> None:
    llm = _llm()
    llm.replies.append({"accepted": True, "reason": ""})
    llm.refused_as_repeat()
    assert llm.replies[-1]["problem"] == "repeats_refused" and not llm.replies[-1]["accepted"]
    assert llm.report_items() == {"llm_replies": llm.replies}


class _Says(Fixer):
    def __init__(self, name: str, items: dict) -> None:
        self.name, self.items = name, items

    def report_items(self) -> dict:
        return self.items


def test_the_report_lists_each_familys_items_in_the_families_order() -> None:
    fixers = [
        _Says("a", {"llm_replies": [{"n": 1}]}),
        _Says("b", {"environment_trials": [{"n": 2}], "llm_replies": [{"n": 3}]}),
    ]
    assert reported(fixers, "llm_replies") == [{"n": 1}, {"n": 3}]
    assert reported(fixers, "environment_trials") == [{"n": 2}]
    assert reported(fixers, "other") == []
