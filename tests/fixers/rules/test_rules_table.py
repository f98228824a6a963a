"""The rules written as table rows (``mlemodernizer/fixers/rules/table.py``): each row has a
proof (``test_rules_proofs.py`` runs it: it raises on the installed library with an error its
signature recognizes, and its rewritten code runs); the loader refuses rows that do not describe a
rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.fixers.rules import all_rules, get_rule
from mlemodernizer.fixers.rules.engine import Policy
from mlemodernizer.fixers.rules.table import TableError, load_rules
from mlemodernizer.fixers.rules.testing import rewrite

RECEIVERS = {"default": ((), ())}
TABLE_RULES = [r for r in all_rules() if r.catalogue == "release notes"]


def test_the_tables_hold_rules_with_proofs() -> None:
    """Each row's proof (setup + example) is run by the shared proof test
    (``test_rules_proofs.py``)."""
    assert len(TABLE_RULES) >= 3
    assert all(isinstance(c, str) for r in TABLE_RULES for c in r.proofs)
    assert all(r.proofs for r in TABLE_RULES)


def _table(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "t.toml"
    path.write_text(body, encoding="utf-8")
    return path


ROW = """
[[rule]]
id = "ZZ001"
kind = "keyword"
changed_in = "1.0"
methods = ["f"]
old = "a"
new = "b"
notes = "1.0"
example = "x.f(a=1)"
fixed = "x.f(b=1)"
"""


def test_a_row_becomes_a_rule_that_rewrites_its_example(tmp_path: Path) -> None:
    (rule,) = load_rules(_table(tmp_path, ROW), "zlib", RECEIVERS)
    assert rule.id == "ZZ001" and rule.confined
    assert rule.matches_error("TypeError: f() got an unexpected keyword argument 'a'")
    assert rule.examples == (("x.f(a=1)", "x.f(b=1)"),)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('kind = "keyword"', 'kind = "rename"'), "kind is one of"),
        (('new = "b"', 'newname = "b"'), "unknown field(s) newname"),
        (('methods = ["f"]', ""), "names its methods or functions"),
        (('fixed = "x.f(b=1)"', ""), "'fixed'"),
    ],
)
def test_a_row_that_is_not_a_rule_is_refused_with_its_place(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    body = ROW.replace(*change)
    with pytest.raises(TableError, match=r"t\.toml row 1 \(ZZ001\)") as info:
        load_rules(_table(tmp_path, body), "zlib", RECEIVERS)
    assert says in str(info.value)


def test_a_method_no_type_proves_waits_for_its_error() -> None:
    """``line.split(',', 1)`` may be Python's str.split, whose second argument is maxsplit: the
    pandas row rewrites it only where a run's error named it."""
    old = "parts = line.split(',', 1)"
    (before_run,), _ = rewrite(old, ["PD243"], policy=Policy(safe=True))
    assert before_run == old
    triggered = Policy(safe=True, triggered=frozenset({"PD243"}))
    (after_error,), _ = rewrite(old, ["PD243"], policy=triggered)
    assert after_error == "parts = line.split(',', n=1)"


def test_a_proven_frame_is_rewritten_before_the_first_run() -> None:
    old = "import pandas as pd\ndf = pd.read_csv('t.csv')\nv = df.isnull().any(1)"
    (new,), _ = rewrite(old, ["PD203"], policy=Policy(safe=True))
    assert new.endswith("v = df.isnull().any(axis=1)")


def test_a_keyword_only_row_is_triggered_by_its_methods_error_only() -> None:
    rule = get_rule("PD203")
    assert rule.matches_error(
        "TypeError: DataFrame.any() takes 1 positional argument but 2 were given"
    )
    assert not rule.matches_error("TypeError: fit() takes 2 positional arguments but 3 were given")


def test_a_default_row_pins_the_old_value_only_when_asked_to_reproduce() -> None:
    rule = get_rule("SKL256")
    assert rule.pin and rule.silent and not rule.signatures
    old = "from sklearn.svm import SVC\nm = SVC(C=1.0)"
    (untouched,), _ = rewrite(old, ["SKL256"], policy=Policy(safe=True))
    assert untouched == old  # nothing raises: a repair run leaves the default alone
    (pinned,), _ = rewrite(old, ["SKL256"], policy=Policy(pins=True))
    assert pinned.endswith("SVC(C=1.0, decision_function_shape='ovo')")
    given = "from sklearn.svm import SVC\nm = SVC(decision_function_shape='ovr')"
    (kept,), _ = rewrite(given, ["SKL256"], policy=Policy(pins=True))
    assert kept == given  # the author chose a value: it stays


def test_a_default_row_needs_a_literal_old_value(tmp_path: Path) -> None:
    body = (
        '[[rule]]\nid = "ZZ003"\nkind = "default"\nchanged_in = "1.0"\n'
        'functions = ["m.f"]\nold = "a"\nvalue = "compute()"\nnotes = "1.0"\n'
        'example = "m.f()"\nfixed = "m.f(a=1)"\n'
    )
    with pytest.raises(TableError, match="ZZ003"):
        load_rules(_table(tmp_path, body), "zlib", RECEIVERS)
