"""Three row shapes of ``mlemodernizer/fixers/rules/table.py``: a keyword-value map with Python
values and a positional place, a default pinned on a method, and an attribute read rewritten
from a template (each a case it must rewrite and one it must leave alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.fixers.rules.engine import Policy, RuleIndex, run_pass
from mlemodernizer.fixers.rules.libraries.matplotlib_notes import RECEIVERS
from mlemodernizer.fixers.rules.model import Rule
from mlemodernizer.fixers.rules.table import TableError, load_rules
from mlemodernizer.fixers.rules.testing import notebook_of, rewrite

AXES_SETUP = "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n"
EVERYTHING = Policy(everything=True)


def _rule(tmp_path: Path, body: str) -> Rule:
    path = tmp_path / "t.toml"
    path.write_text(body, encoding="utf-8")
    (rule,) = load_rules(path, "matplotlib", RECEIVERS)
    return rule


def _pass(rule: Rule, code: str, policy: Policy = EVERYTHING) -> str:
    nb = notebook_of([code])
    result = run_pass(nb, RuleIndex([rule]), policy)
    new = {c.index: c.new_source for c in result.cells}
    return new.get(0, code)


# --- keyword-value: Python values, a positional place ---------------------------------------

VALUE_ROW = """
[[rule]]
id = "ZZ101"
kind = "keyword-value"
changed_in = "3.5"
methods = ["autofmt_xdate"]
old = "which"
source_values = [["None", "'major'"]]
position = 3
notes = "3.5"
example = "fig.autofmt_xdate(which=None)"
fixed = "fig.autofmt_xdate(which='major')"
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("fig.autofmt_xdate(which=None)", "fig.autofmt_xdate(which='major')"),
        (
            "fig.autofmt_xdate(0.2, 30, 'right', None)",
            "fig.autofmt_xdate(0.2, 30, 'right', 'major')",
        ),
        # left alone: another value, None in another place, no value at all
        ("fig.autofmt_xdate(which='minor')", "fig.autofmt_xdate(which='minor')"),
        ("fig.autofmt_xdate(None, 30)", "fig.autofmt_xdate(None, 30)"),
        ("fig.autofmt_xdate()", "fig.autofmt_xdate()"),
    ],
)
def test_a_python_value_is_mapped_by_keyword_or_by_its_position(
    tmp_path: Path, code: str, expected: str
) -> None:
    rule = _rule(tmp_path, VALUE_ROW)
    assert _pass(rule, AXES_SETUP + code) == AXES_SETUP + expected


def test_a_number_maps_by_type_so_false_is_not_zero(tmp_path: Path) -> None:
    body = VALUE_ROW.replace("""[["None", "'major'"]]""", """[["0", "1"]]""")
    rule = _rule(tmp_path, body)
    assert _pass(rule, "fig.autofmt_xdate(which=0)") == "fig.autofmt_xdate(which=1)"
    assert _pass(rule, "fig.autofmt_xdate(which=False)") == "fig.autofmt_xdate(which=False)"


def test_a_positional_string_keeps_its_quotes(tmp_path: Path) -> None:
    body = (
        VALUE_ROW.replace('"autofmt_xdate"', '"set_aspect"')
        .replace('old = "which"', 'old = "aspect"')
        .replace("""[["None", "'major'"]]""", """[["'normal'", "'auto'"]]""")
        .replace("position = 3", "position = 0")
    )
    rule = _rule(tmp_path, body)
    assert _pass(rule, 'ax.set_aspect("normal")') == 'ax.set_aspect("auto")'
    assert _pass(rule, "ax.set_aspect('equal', 'normal')") == "ax.set_aspect('equal', 'normal')"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("""[["None", "'major'"]]""", """[["None", "major()"]]"""), "not Python literals"),
        (("""source_values = [["None", "'major'"]]""", ""), "maps values"),
        (("position = 3", "position = -1"), "0-based place"),
    ],
)
def test_a_value_row_that_says_no_literal_map_is_refused(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    with pytest.raises(TableError, match="ZZ101") as info:
        _rule(tmp_path, VALUE_ROW.replace(*change))
    assert says in str(info.value)


# --- default pinned on a method ---------------------------------------------------------------

PIN_ROW = """
[[rule]]
id = "ZZ102"
kind = "default"
changed_in = "3.3"
methods = ["vlines"]
owner = "matplotlib.axes.Axes"
old = "colors"
value = "'k'"
position = 3
notes = "3.3"
example = "ax.vlines([1], 0, 1)"
fixed = "ax.vlines([1], 0, 1, colors='k')"
"""


def test_a_method_default_is_pinned_on_a_proven_receiver_in_reproduce_mode_only(
    tmp_path: Path,
) -> None:
    rule = _rule(tmp_path, PIN_ROW)
    assert rule.pin and rule.silent and not rule.signatures
    old = AXES_SETUP + "ax.vlines([1, 2], 0, 1)"
    assert _pass(rule, old, Policy(safe=True)) == old  # a repair run: nothing raises
    assert _pass(rule, old, Policy(pins=True)) == AXES_SETUP + "ax.vlines([1, 2], 0, 1, colors='k')"
    assert "inspect.signature" in rule.proofs[0]  # the case proves today's default is another


@pytest.mark.parametrize(
    "code",
    [
        "seg.vlines([1, 2], 0, 1)",  # no type proves whose vlines it is
        AXES_SETUP + "ax.vlines([1, 2], 0, 1, 'r')",  # the colour given by position
        AXES_SETUP + "ax.vlines([1, 2], 0, 1, colors='r')",  # the author chose one
    ],
)
def test_a_method_default_is_left_where_not_proven_or_given(tmp_path: Path, code: str) -> None:
    rule = _rule(tmp_path, PIN_ROW)
    assert _pass(rule, code, Policy(pins=True)) == code


def test_min_positional_tells_one_signature_from_another(tmp_path: Path) -> None:
    body = (
        PIN_ROW.replace('"vlines"', '"quiver"')
        .replace('old = "colors"', 'old = "pivot"')
        .replace("position = 3", "min_positional = 6")
    )
    rule = _rule(tmp_path, body)
    three_d = AXES_SETUP + "q = ax.quiver(x, y, z, u, v, w)"
    assert _pass(rule, three_d, Policy(pins=True)).endswith(
        "ax.quiver(x, y, z, u, v, w, pivot='k')"
    )
    two_d = AXES_SETUP + "q = ax.quiver(x, y, u, v)"
    assert _pass(rule, two_d, Policy(pins=True)) == two_d


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('owner = "matplotlib.axes.Axes"', ""), "owner, the qualified class"),
        (('methods = ["vlines"]', ""), "names the functions, classes or methods"),
    ],
)
def test_a_method_default_row_without_its_class_is_refused(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    with pytest.raises(TableError, match="ZZ102") as info:
        _rule(tmp_path, PIN_ROW.replace(*change))
    assert says in str(info.value)


def test_a_method_default_row_needs_receivers_that_prove(tmp_path: Path) -> None:
    body = PIN_ROW.replace(
        'owner = "matplotlib.axes.Axes"', 'owner = "matplotlib.axes.Axes"\nreceivers = "any"'
    )
    with pytest.raises(TableError, match="receivers whose types prove"):
        _rule(tmp_path, body)


# --- attribute read -> expression --------------------------------------------------------------

ATTR_ROW = """
[[rule]]
id = "ZZ103"
kind = "call"
changed_in = "3.6"
attributes = ["numRows"]
types = "Axes"
new = "{self}.get_gridspec().nrows"
notes = "3.6"
example = "n = ax.numRows"
fixed = "n = ax.get_gridspec().nrows"
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("n = ax.numRows", "n = ax.get_gridspec().nrows"),
        ("print(ax.numRows + 1)", "print(ax.get_gridspec().nrows + 1)"),
        ("n = ax.numRows\nax.numRows = 2", "n = ax.get_gridspec().nrows\nax.numRows = 2"),
    ],
)
def test_an_attribute_read_on_a_proven_receiver_is_rewritten_before_a_run(
    tmp_path: Path, code: str, expected: str
) -> None:
    rule = _rule(tmp_path, ATTR_ROW)
    assert rule.confined and rule.matches_error("'Axes' object has no attribute 'numRows'")
    assert _pass(rule, AXES_SETUP + code, Policy(safe=True)) == AXES_SETUP + expected


def test_an_attribute_assigned_is_left_alone(tmp_path: Path) -> None:
    rule = _rule(tmp_path, ATTR_ROW)
    code = AXES_SETUP + "ax.numRows = 2"
    assert _pass(rule, code) == code


def test_an_unproven_receiver_waits_for_the_error_and_is_parenthesized(tmp_path: Path) -> None:
    rule = _rule(tmp_path, ATTR_ROW.replace('types = "Axes"', 'types = "Axes"\nreceivers = "any"'))
    code = "n = (a or b).numRows"
    assert _pass(rule, code, Policy(safe=True)) == code
    triggered = Policy(safe=True, triggered=frozenset({"ZZ103"}))
    assert _pass(rule, code, triggered) == "n = (a or b).get_gridspec().nrows"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('new = "{self}.get_gridspec().nrows"', 'new = "{gs}.nrows"'), "placeholder {gs}"),
        (('new = "{self}.get_gridspec().nrows"', 'new = "grid.nrows"'), "uses {self}"),
        (
            ('attributes = ["numRows"]', 'attributes = ["numRows"]\nmethods = ["f"]'),
            "attributes only",
        ),
    ],
)
def test_an_attribute_row_that_is_not_a_read_template_is_refused(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    with pytest.raises(TableError, match="ZZ103") as info:
        _rule(tmp_path, ATTR_ROW.replace(*change))
    assert says in str(info.value)


MODULE_ATTR_ROW = """
[[rule]]
id = "ZZ104"
kind = "call"
changed_in = "3.7"
attributes = ["matplotlib.cm.LUTSIZE"]
new = "{matplotlib.rcParams}['image.lut']"
notes = "3.7"
example = "import matplotlib.cm as cm\\nn = cm.LUTSIZE"
fixed = "import matplotlib.cm as cm\\nfrom matplotlib import rcParams\\nn = rcParams['image.lut']"
"""


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "import matplotlib as mpl\nfrom matplotlib.cm import LUTSIZE\nn = LUTSIZE * 2",
            "import matplotlib as mpl\nn = mpl.rcParams['image.lut'] * 2",
        ),
        (
            "import matplotlib\nn = matplotlib.cm.LUTSIZE",
            "import matplotlib\nn = matplotlib.rcParams['image.lut']",
        ),
        # another module's LUTSIZE is not matplotlib.cm's
        ("import mylut as cm\nn = cm.LUTSIZE", "import mylut as cm\nn = cm.LUTSIZE"),
    ],
)
def test_a_module_attribute_becomes_an_expression_however_it_is_spelled(
    tmp_path: Path, code: str, expected: str
) -> None:
    rule = _rule(tmp_path, MODULE_ATTR_ROW)
    assert not rule.confined and rule.matches_error(
        "AttributeError: module 'matplotlib.cm' has no attribute 'LUTSIZE'"
    )
    assert _pass(rule, code, Policy(safe=True)) == expected


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('["matplotlib.cm.LUTSIZE"]', '["matplotlib.cm.LUTSIZE", "numRows"]'), "all qualified"),
        (("{matplotlib.rcParams}['image.lut']", "{self}.lut"), "no {self}"),
    ],
)
def test_a_module_attribute_row_with_a_receiver_is_refused(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    with pytest.raises(TableError, match="ZZ104") as info:
        _rule(tmp_path, MODULE_ATTR_ROW.replace(*change))
    assert says in str(info.value)


def test_a_renamed_keyword_maps_python_values_too(tmp_path: Path) -> None:
    body = (
        VALUE_ROW.replace('kind = "keyword-value"', 'kind = "keyword"')
        .replace('old = "which"', 'old = "which"\nnew = "ticks"')
        .replace("position = 3\n", "")
    )
    rule = _rule(tmp_path, body)
    assert _pass(rule, "fig.autofmt_xdate(which=None)") == "fig.autofmt_xdate(ticks='major')"
    assert _pass(rule, "fig.autofmt_xdate(which='minor')") == "fig.autofmt_xdate(ticks='minor')"


@pytest.mark.parametrize(
    ("row", "field"),
    [
        (VALUE_ROW.replace('old = "which"', 'old = "which"\nmin_positional = 2'), "min_positional"),
        (PIN_ROW.replace('old = "colors"', 'old = "colors"\nattributes = ["x"]'), "attributes"),
        (PIN_ROW.replace('old = "colors"', 'old = "colors"\nsource_values = []'), "source_values"),
    ],
)
def test_a_field_another_kind_reads_is_refused_not_ignored(
    row: str, field: str, tmp_path: Path
) -> None:
    with pytest.raises(TableError, match=f"{field} belongs to"):
        _rule(tmp_path, row)


def test_a_template_that_reads_the_receiver_twice_takes_only_a_plain_one(tmp_path: Path) -> None:
    body = ATTR_ROW.replace(
        'new = "{self}.get_gridspec().nrows"',
        'new = "{self}.get_subplotspec().get_position({self}.figure)"',
    )
    rule = _rule(tmp_path, body)
    assert _pass(rule, "b = self.ax.numRows") == (
        "b = self.ax.get_subplotspec().get_position(self.ax.figure)"
    )
    code = "b = fig.add_subplot(2, 1, 1).numRows"  # twice would be two Axes
    assert _pass(rule, code) == code


@pytest.mark.parametrize(
    ("call", "now"),
    [
        ("df.to_dict('record')", "df.to_dict('records')"),  # read by its first letters before 1.1
        ("df.to_dict(orient='rows')", "df.to_dict(orient='records')"),
        ("df.to_dict('records')", "df.to_dict('records')"),  # today's spelling: left alone
    ],
)
def test_a_value_map_reads_the_old_spellings_by_position_and_keyword(call: str, now: str) -> None:
    head = "import pandas as pd\ndf = pd.DataFrame({'a': [1]})\n"
    (new,), _ = rewrite(head + f"r = {call}", ["PD440"], policy=Policy(safe=True))
    assert new == head + f"r = {now}"
