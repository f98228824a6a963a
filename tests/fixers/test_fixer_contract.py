"""The fixer contract (``mlemodernizer/fixers/base.py``): what the loop reads of every family,
without ``getattr``, and what each family answers."""

from __future__ import annotations

import pytest

from mlemodernizer.contracts.shapes import EnvironmentTrial, FixerNotes, TokenUsage
from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.base import Fixer
from mlemodernizer.fixers.environment import EnvironmentFixer
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.rules import RulesFixer
from mlemodernizer.fixers.runtime_reduction import RuntimeReducer
from mlemodernizer.loop.steps.verdict import notes_of

FLOAT = CellError(1, "c1", "AttributeError", "module 'numpy' has no attribute 'float'", "")
OTHER = CellError(2, "c2", "ZeroDivisionError", "division by zero", "")


def _llm() -> LLMFixer:
    return LLMFixer("http://127.0.0.1:9/v1", "scripted", api_key="k", stream=False)


@pytest.mark.parametrize("family", [RulesFixer, EnvironmentFixer, RuntimeReducer, _llm])
def test_every_family_keeps_the_contract(family) -> None:
    fixer = family()
    assert isinstance(fixer, Fixer) and fixer.name
    notes = fixer.notes()
    assert fixer.last_failure is None and notes == FixerNotes()
    assert notes.to_json() == {"usage": TokenUsage().to_json(), "evidence": [], "items": []}


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
    assert llm.notes().items == llm.replies


def test_the_models_notes_carry_what_its_requests_spent() -> None:
    llm = _llm()
    llm.usage.add(TokenUsage(requests=2, prompt_tokens=30, completion_tokens=12, cost_usd=1e-7))
    notes = llm.notes()
    assert notes.usage == llm.usage and notes.usage is not llm.usage  # a copy, not the counter
    assert notes.to_json()["usage"] == {
        "requests": 2,
        "prompt_tokens": 30,
        "completion_tokens": 12,
        "cost_usd": 0.0,  # rounded on the wire to a millionth of a dollar
    }


def test_the_environments_notes_say_each_trial_in_words_and_leave_its_bookkeeping() -> None:
    env = EnvironmentFixer()
    env.trials.append(
        EnvironmentTrial(
            cell_index=2,
            cell_id="c3",
            error="ImportError: cannot import name 'split'",
            kind="moved",
            evidence="`split` is in `pkg.selection`",
            safety="safe",
            key="moved:pkg.selection.split",
            outcome="kept",
            why="the cell runs",
        )
    )
    notes = env.notes()
    assert notes.evidence == ["cell 3: `split` is in `pkg.selection` (kept: the cell runs)"]
    [item] = notes.to_json()["items"]
    assert "cell_id" not in item and "key" not in item  # the family's, not the report's
    assert item["outcome"] == "kept" and item["cell_index"] == 2


class _Says(Fixer):
    def __init__(self, name: str, found: list[str]) -> None:
        self.name, self.found = name, found

    def notes(self) -> FixerNotes:
        return FixerNotes(evidence=self.found)


def test_the_report_has_each_familys_notes_by_name_in_the_families_order() -> None:
    notes = notes_of([_Says("rules", []), _Says("environment", ["x"]), _Says("llm", ["y"])])
    assert list(notes) == ["rules", "environment", "llm"]
    assert notes["environment"].evidence == ["x"] and notes["rules"] == FixerNotes()
