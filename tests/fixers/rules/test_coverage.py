"""Coverage from the source (mlemodernizer/fixers/rules/coverage.py): every library's list of
announced removals holds against the catalogue, docs/coverage.md is current, the CLI prints the
totals, and every item answered by the environment family is proven by running its example."""

from __future__ import annotations

import json
import sys
import textwrap
from importlib.util import find_spec
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.fixers.rules.coverage import (
    CoverageError,
    coverage_lists,
    list_path,
    load,
    main,
    problems,
)

from ...conftest import make_notebook, run_cli

LISTS = coverage_lists()


def test_every_list_holds_against_the_catalogue() -> None:
    assert LISTS, "no coverage list found beside the rule packs"
    assert problems(LISTS) == []


def test_docs_coverage_is_current() -> None:
    assert main(["--check"]) == 0, "run python -m mlemodernizer.fixers.rules.coverage"


def test_the_cli_prints_the_totals() -> None:
    proc = run_cli("rules", "--coverage")
    assert proc.returncode == 0, proc.stderr
    first = LISTS[0]
    assert f"| {first.library} | {len(first.items)} |" in proc.stdout
    assert "| **all** |" in proc.stdout
    data = json.loads(run_cli("rules", "--coverage", "--json").stdout)
    hand = data["hand_lists"]
    assert [row["library"] for row in hand] == [c.library for c in LISTS]
    assert all(row["covered"] == row["rule"] + row["environment"] + row["compat"] for row in hand)
    # the release notes' own items beside them, per library and overall
    rows = {row["library"]: row for row in data["extracted"]}
    assert {"pandas", "scikit-learn", "numpy", "matplotlib", "tensorflow", "all"} <= set(rows)
    whole = rows.pop("all")
    assert whole["items"] == sum(r["items"] for r in rows.values())
    assert "| **all** | " + str(whole["items"]) + " |" in proc.stdout


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "x.coverage.toml"
    path.write_text('library = "x"\ndistribution = "x"\n' + textwrap.dedent(body))
    return path


ITEM = """
[[items]]
id = "a"
release = "2.0"
api = "x.zork"
kind = "removed"
today = "AttributeError"
source = "https://example.org/x/2.0"
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (ITEM + 'status = "maybe"\n', "status is one of"),
        (ITEM + 'status = "none"\ncolour = "red"\n', "unknown field"),
        (ITEM.replace('release = "2.0"\n', "") + 'status = "none"\n', "needs release"),
        (ITEM + 'status = "none"\n' + ITEM + 'status = "none"\n', "duplicate item id"),
    ],
)
def test_a_malformed_list_is_refused_with_its_place(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(CoverageError, match=message):
        load(_write(tmp_path, body))


def test_problems_name_what_does_not_hold(tmp_path: Path) -> None:
    wrong = load(
        _write(
            tmp_path,
            ITEM + 'status = "rule"\nrules = ["NPY001", "ZZZ999"]\n'
            + ITEM.replace('id = "a"', 'id = "b"') + 'status = "environment"\n'
            + ITEM.replace('id = "a"', 'id = "c"') + 'status = "none"\nreason = "gone"\n',
        )
    )  # fmt: skip
    found = problems([wrong])
    assert "x a: no rule ZZZ999" in found
    assert "x b: an environment item gives the example that proves it" in found
    assert "x c: no automatic fix needs a reason and advice" in found
    right = load(_write(tmp_path, ITEM + 'status = "rule"\nrules = ["SKL001"]\n'))
    assert problems([right]) == ["x a: the examples of SKL001 never show x.zork"]


def test_a_pack_names_its_list_or_keeps_it_beside_itself(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "acme_rules.py").write_text("RULES = []\n")
    (tmp_path / "acme_rules.coverage.toml").write_text('library = "acme"\ndistribution = "acme"\n')
    (tmp_path / "other_rules.py").write_text(
        f"RULES = []\nCOVERAGE = {str(tmp_path / 'o.toml')!r}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert list_path("acme_rules") == tmp_path / "acme_rules.coverage.toml"
    assert list_path("other_rules") == tmp_path / "o.toml"
    sys.modules.pop("acme_rules", None)
    sys.modules.pop("other_rules", None)


def _installed(distribution: str) -> bool:
    """A distribution whose import names (``PIL`` for pillow, ``sklearn``) are importable."""
    from importlib.metadata import packages_distributions

    wanted = distribution.lower().replace("_", "-")
    tops = [
        top
        for top, dists in packages_distributions().items()
        if any(d.lower().replace("_", "-") == wanted for d in dists)
    ]
    return any(find_spec(top) is not None for top in tops)


ENVIRONMENT = [
    (cov, [item for item in cov.items if item.status == "environment"])
    for cov in LISTS
    if any(item.status == "environment" for item in cov.items)
]


@pytest.mark.kernel
@pytest.mark.parametrize(("cov", "items"), ENVIRONMENT, ids=[cov.library for cov, _ in ENVIRONMENT])
def test_every_environment_item_is_repaired_by_the_environment_family(
    tmp_path: Path, cov, items
) -> None:
    """The examples of a library's environment items, one cell each, run through
    ``--fixers environment`` (the catalogue off): each cell ends clean."""
    if not _installed(cov.distribution):
        pytest.skip(f"{cov.distribution} is not installed")
    nb = tmp_path / "items.ipynb"
    nbformat.write(make_notebook([item.example for item in items]), nb)
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "environment", "--json",
        env={"MLEMODERNIZER_CACHE": str(tmp_path / "cache")},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    failing = {c["cell_index"]: c["error"] for c in report["final"]["failing_cells"]}
    assert failing == {}, {items[i].id: e for i, e in failing.items()}
