"""Issue 40, item 8: the CLI's progress reads as a report. The iteration's issue says what is
wrong and where, a rules fix is told in the panel's sentences (one line per rule, not the
catalogue's shorthand), a long plan is cut at a word with an ellipsis, and the fix's kind is in
words; the raw terms stay in --json."""

from __future__ import annotations

import io

from mlemodernizer.cli import ProgressPrinter
from mlemodernizer.contracts.events import Event, FixProposed, IssueDetected

TOKENS = {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0}


def printed(*payloads) -> str:  # noqa: ANN002
    stream = io.StringIO()
    printer = ProgressPrinter(stream)
    for seq, payload in enumerate(payloads):
        printer(Event(job="j", seq=seq, time=0.0, payload=payload))
    return stream.getvalue()


def triage(index: int) -> dict:
    return {"cell_index": index, "cell_id": f"c{index}", "error": "E", "state": "fixable",
            "kind": None, "reason": "", "package": None, "after": None}  # fmt: skip


def change(index: int) -> dict:
    return {"cell_index": index, "cell_id": f"c{index}", "old_source": "a", "new_source": "b"}


def test_the_issue_says_what_and_where() -> None:
    text = printed(
        IssueDetected(iteration=1, issue="error", first_error="AttributeError: x", cell_index=1,
                      score=None, runtime_s=None, cells=[triage(1), triage(2), triage(4)]),
        IssueDetected(iteration=2, issue="timeout", first_error=None, cell_index=None,
                      score=None, runtime_s=600.0, cells=[]),
    )  # fmt: skip
    assert text.splitlines() == [
        "[iteration 1] issue: an error in cell 2 (and 2 more cells)",
        "[iteration 2] issue: a timeout after 600.0 s",
    ]


def test_a_rules_fix_is_told_in_sentences_and_a_long_plan_ends_with_an_ellipsis() -> None:
    rules = [
        {"id": "NPY001", "library": "numpy", "message": "np.float was removed in 1.24; use float"},
        {"id": "XX9", "library": "", "message": ""},
    ]
    plan = "Rewrote the cell: " + "x.method_name(argument) " * 20
    text = printed(
        FixProposed(iteration=1, fix_id="fix-1", issue="error", fix_type="error_repair",
                    source="rule", plan=plan, rule_ids=["NPY001", "XX9"], rules=rules,
                    model=None, tokens=TOKENS, changes=[change(1), change(3)]),
        FixProposed(iteration=2, fix_id="fix-2", issue="error", fix_type="runtime_reduction",
                    source="llm", plan=plan, rule_ids=[], rules=[], model="m", tokens=TOKENS,
                    changes=[change(3)]),
    )  # fmt: skip
    lines = text.splitlines()
    assert lines[:3] == [
        "[fix-1] error repair by the rules, in cell 2, cell 4:",
        "    NPY001 (numpy): np.float was removed in 1.24; use float",
        "    XX9: see `mlemodernizer rules XX9`",
    ]
    llm = lines[3]
    assert llm.startswith("[fix-2] runtime reduction by m: cell 4: Rewrote the cell: ")
    assert llm.endswith("(argument)…") and "error_repair" not in text
    assert len(llm.split(": ", 2)[2]) <= 160
