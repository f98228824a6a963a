"""The catalogue as data: every rule is well-formed and its own before/after examples hold."""

from __future__ import annotations

import re

import pytest

from mlemodernizer.fixers.rules import SAFETIES, all_rules, select_rules
from mlemodernizer.fixers.rules.testing import CELL_SEPARATOR, rewrite

RULES = all_rules()
EXAMPLES = [
    pytest.param(rule, before, after, id=f"{rule.id}-{n}")
    for rule in RULES
    for n, (before, after) in enumerate(rule.examples)
]


def test_ids_are_unique_sorted_and_prefixed_by_library() -> None:
    ids = [r.id for r in RULES]
    assert ids == sorted(ids)
    assert len(ids) == len(set(ids))
    for rule in RULES:
        assert re.fullmatch(r"[A-Z][A-Z0-9]{1,3}\d{3}", rule.id), rule.id


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_is_complete(rule) -> None:
    assert rule.safety in SAFETIES
    assert rule.library and rule.library == rule.library.lower()
    assert re.match(r"\d+(\.\d+)*$", rule.changed_in), rule.changed_in
    assert rule.message and "\n" not in rule.message
    assert rule.replacement
    assert rule.examples, f"{rule.id} has no example (its fixture test)"
    assert rule.matchers, f"{rule.id} finds nothing"
    if rule.safety == "SAFE*":
        assert rule.condition, f"{rule.id}: SAFE* needs the condition it proves"
    for sig in rule.signatures:
        re.compile(sig)


@pytest.mark.parametrize(("rule", "before", "after"), EXAMPLES)
def test_rule_example(rule, before: str, after: str | None) -> None:
    cells, result = rewrite(before, [rule.id], stored_result=rule.stored_result)
    got = CELL_SEPARATOR.join(cells)
    hits = [h for _, h in result.hits if h.rule.id == rule.id]
    assert hits, f"{rule.id} found nothing in its own example"
    if after is None:
        assert got == before
        assert not any(h.applied for h in hits)
    else:
        assert got == after


@pytest.mark.parametrize(("rule", "before", "after"), EXAMPLES)
def test_rule_example_is_idempotent(rule, before: str, after: str | None) -> None:
    if after is None:
        return
    cells, _ = rewrite(after, [rule.id])
    assert CELL_SEPARATOR.join(cells) == after


@pytest.mark.parametrize(
    ("select", "ignore", "expect_in", "expect_out"),
    [
        (["SKL"], None, "SKL001", "NPY001"),
        (["NPY001"], None, "NPY001", "NPY002"),
        (None, ["PD"], "NPY001", "PD001"),
        (["SKL"], ["SKL001"], "SKL003", "SKL001"),
        (["SKL001"], ["SKL"], "SKL001", "SKL003"),  # the more specific code wins
    ],
)
def test_select_and_ignore_by_code_or_prefix(select, ignore, expect_in, expect_out) -> None:
    ids = {r.id for r in select_rules(select, ignore)}
    assert expect_in in ids
    assert expect_out not in ids


def test_catalogue_serializes_for_the_cli() -> None:
    import json

    from mlemodernizer.fixers.rules import catalogue_markdown

    rows = [r.to_json() for r in RULES]
    assert json.loads(json.dumps(rows))[0]["id"] == RULES[0].id
    table = catalogue_markdown()
    assert table.count("\n") == len(RULES) + 2
    assert "| SKL001 | scikit-learn | 0.20 | SAFE |" in table


def test_catalogue_is_large_and_covers_every_library() -> None:
    libraries = {r.library for r in RULES}
    assert len(RULES) >= 120
    assert {
        "numpy",
        "pandas",
        "scikit-learn",
        "imbalanced-learn",
        "scipy",
        "matplotlib",
        "seaborn",
        "keras",
        "tensorflow",
        "xgboost",
        "lightgbm",
        "torch",
        "python",
    } <= libraries


# rows of shared/design/api-drift-catalogue.md: prefix → how many
CATALOGUE_ROWS = {
    "N": 26,
    "P": 45,
    "S": 39,
    "I": 3,
    "C": 9,
    "M": 14,
    "B": 8,
    "K": 22,
    "X": 10,
    "L": 5,
    "T": 10,
}


def test_every_catalogue_row_has_a_rule() -> None:
    covered = {row for r in RULES for row in r.catalogue.split()}
    missing = [
        f"{prefix}{n}"
        for prefix, count in CATALOGUE_ROWS.items()
        for n in range(1, count + 1)
        if f"{prefix}{n}" not in covered
    ]
    assert not missing
    assert sum(r.catalogue == "§12" for r in RULES) >= 4  # the standard library / Python 2 rows


def test_silent_rows_are_marked() -> None:
    silent = {
        "N25",
        "N26",
        "P28",
        "P29",
        "P30",
        "P31",
        "P32",
        "P33",
        "P34",
        "P35",
        "P43",
        "P44",
        "S7",
        "S25",
        "S27",
        "S30",
        "S31",
        "S33",
        "S39",
        "M5",
        "B2",
        "K8",
        "K18",
        "X8",
        "X9",
        "T1",
        "T10",
    }
    marked = {row for r in RULES if r.silent for row in r.catalogue.split()}
    assert silent <= marked
