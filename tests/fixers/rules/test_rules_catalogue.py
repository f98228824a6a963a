"""The catalogue as data: every rule is well-formed and its own before/after examples hold."""

from __future__ import annotations

import re

import pytest

from mlemodernizer.fixers.rules import SAFETIES, all_rules, packs, select_rules
from mlemodernizer.fixers.rules.testing import CELL_SEPARATOR, rewrite

RULES = all_rules()
EXAMPLES = [
    pytest.param(rule, before, after, id=f"{rule.id}-{n}")
    for rule in RULES
    if not rule.applied_by  # run by the module that applies them (below)
    for n, (before, after) in enumerate(rule.examples)
]


def test_ids_are_unique_and_in_order_where_they_are_written() -> None:
    for pack in packs(installed=False):
        ids = [r.id for r in pack.rules]  # RULES as the library module lists them
        assert ids == sorted(ids), f"{pack.name}: rules out of id order"
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    assert ids == sorted(ids)  # the catalogue merges the packs in id order
    for rule in RULES:
        assert re.fullmatch(r"[A-Z][A-Z0-9]{1,3}\d{3}", rule.id), rule.id


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_is_complete(rule) -> None:
    assert rule.safety in SAFETIES
    assert rule.library and rule.library == rule.library.lower()
    if rule.changed_in or not rule.applied_by:  # a loop rule may answer no version change
        assert re.match(r"\d+(\.\d+)*$", rule.changed_in), rule.changed_in
    assert rule.message and "\n" not in rule.message
    assert rule.replacement
    assert rule.examples, f"{rule.id} has no example (its fixture test)"
    assert rule.matchers or rule.applied_by, f"{rule.id} finds nothing"
    assert not (rule.matchers and rule.applied_by), f"{rule.id}: the engine would run it too"
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


def test_loop_rules_are_documented_but_never_selected() -> None:
    """IPY900, PY2900-PY2902 are applied by the fix loop (fixers/magics.py, relative_imports.py,
    optional_imports.py, offline_data.py), KER033 and TCH019 by the runtime reducer
    (tests/fixers/runtime_reduction/test_runtime_reduction.py runs their examples); their
    catalogue entries document them and their examples are what those modules write."""
    import importlib
    from pathlib import Path

    from mlemodernizer.execution.base import CellError
    from mlemodernizer.fixers.magics import comment_out, missing_extensions
    from mlemodernizer.fixers.offline_data import local_copies, use_local_copies
    from mlemodernizer.fixers.optional_imports import defer_missing_imports
    from mlemodernizer.fixers.relative_imports import fix_relative_imports
    from mlemodernizer.fixers.rules.testing import notebook_of

    loop = {r.id: r for r in RULES if r.applied_by}
    assert set(loop) == {"IPY900", "PY2900", "PY2901", "PY2902", "KER033", "TCH019"}
    for rule in loop.values():
        importlib.import_module(rule.applied_by)
    selected = {r.id for r in select_rules(["IPY", "PY"])}
    assert "IPY001" in selected and not selected & set(loop)

    ((before, after),) = loop["IPY900"].examples
    nb = notebook_of([before])
    error = CellError(0, "", "ModuleNotFoundError", "No module named 'watermark'", "")
    proposal = comment_out(nb, missing_extensions([error], nb))
    assert proposal is not None and proposal.rule_ids == ["IPY900"]
    assert [c.new_source for c in proposal.changes] == [after]

    ((before, after),) = loop["PY2900"].examples
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / "Aux"
        package.mkdir()
        for name in ("__init__", "predict", "utils"):
            (package / f"{name}.py").write_text("")
        error = CellError(0, "", "ModuleNotFoundError", "No module named 'predict'", "")
        fixed = fix_relative_imports(before, package / "__init__.py", [error])
    assert fixed == (after, ["PY2900"])

    ((before, after),) = loop["PY2901"].examples
    error = CellError(0, "", "ModuleNotFoundError", "No module named 'imageio'", "")
    assert defer_missing_imports(before, [error]) == (after, ["PY2901"])

    ((before, after),) = loop["PY2902"].examples
    nb = notebook_of([before])
    error = CellError(0, "", "URLError", "<urlopen error [Errno -2] Name or service not known>", "")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "wine.data").write_text("1,2\n")
        proposal = use_local_copies(nb, local_copies([error], nb, Path(tmp)))
    assert proposal is not None and proposal.rule_ids == ["PY2902"]
    assert [c.new_source for c in proposal.changes] == [after]


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
