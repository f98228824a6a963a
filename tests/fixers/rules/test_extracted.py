"""How every item extracted from the release notes is answered (issue 39): the data holds every
item once, its claims hold against the catalogue, and coverage is handled over reachable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mlemodernizer.fixers.rules import extracted
from mlemodernizer.fixers.rules.extracted import Answer, parse, problems, totals

ITEMS = Path(__file__).resolve().parents[3] / "benchmarks" / "coverage" / "items"
ANSWERS = extracted.load()


def test_every_extracted_item_is_answered_once_with_its_library_and_version() -> None:
    wanted = {}
    for path in sorted(ITEMS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            wanted[item["id"]] = (item["library"], item["version"])
    got = {a.id: (a.library, a.version) for a in ANSWERS}
    assert len(got) == len(ANSWERS), "an id is answered twice"
    assert got == wanted


def test_every_answer_holds_against_the_catalogue() -> None:
    assert problems(ANSWERS) == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "x-1-a", "library": "x", "version": "1", "status": "maybe"}', "status is one"),
        ('{"id": "x-1-a", "library": "x", "version": "1", "status": "none", "c": 1}', "unknown"),
        ('{"id": "x-1-a", "library": "x", "status": "none"}', "needs version"),
        ('{"id": "x-1-a", ', "line 7"),
    ],
)
def test_a_malformed_line_is_refused_with_its_place(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse(line, "x.jsonl:line 7")


def _answer(status: str, **fields: object) -> Answer:
    return Answer(id=f"pandas-1.0.0-{status}", library="pandas", version="1.0.0", status=status,
                  **fields)  # type: ignore[arg-type]  # fmt: skip


def test_problems_name_a_claim_that_does_not_hold() -> None:
    found = problems(
        [
            _answer("rule", rules=("PD001",), api="DataFrame.zork"),
            _answer("compat", rules=("NOPE999",), api="x"),
            _answer("environment"),
            _answer("harmless"),
        ]
    )
    assert found == [
        "pandas-1.0.0-rule: the examples of PD001 never show DataFrame.zork",
        "pandas-1.0.0-compat: compat needs known rules and the api they show",
        "pandas-1.0.0-environment: an environment item gives the example that proves it",
        "pandas-1.0.0-harmless: status harmless says why",
    ]
    assert problems([_answer("rule", rules=("PD001",), api="DataFrame.ix")]) == []


def test_coverage_is_handled_over_reachable() -> None:
    answers = [
        _answer("rule", rules=("PD001",), api="DataFrame.ix"),
        _answer("none", why="gone"),
        _answer("open"),
        _answer("unreachable", why="C API"),
        _answer("harmless", why="warns only"),
    ]
    pandas, whole = totals(answers)
    assert (pandas.library, whole.library) == ("pandas", "all")
    assert (pandas.items, pandas.handled, pandas.reachable) == (5, 1, 3)
    assert pandas.coverage() == pytest.approx(1 / 3)
    assert "| pandas | 5 | 1 | 0 | 0 | 1 | 1 | 1 | 1 | 33% (1 / 3) |" in extracted.table([pandas])
