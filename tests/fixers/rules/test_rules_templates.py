"""The ``call`` rows: a call rewritten to another shape from a template
(``mlemodernizer/fixers/rules/templates.py``)."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from mlemodernizer.fixers.rules import edits, templates
from mlemodernizer.fixers.rules.engine import Policy
from mlemodernizer.fixers.rules.table import TableError, load_rules
from mlemodernizer.fixers.rules.testing import rewrite


def _filled(params: list[str], template: str, call: str, refs: dict | None = None) -> str:
    shape = templates.parse(params, template)
    node = cst.parse_expression(call)
    assert isinstance(node, cst.Call)
    refs = {q: edits.expr(q.rsplit(".", 1)[-1]) for q in shape.qualified} | (refs or {})
    return edits.code(shape.rewrite(node, refs))


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("df.irow(0)", "df.iloc[0]"),
        ("df.irow(i=n + 1)", "df.iloc[n + 1]"),  # bound by keyword, no parentheses in an index
        ("frames[k].irow(-1)", "frames[k].iloc[-1]"),
        ("df.irow(0, copy=False)", "df.iloc[0]"),  # the default: nothing is lost
    ],
)
def test_a_method_call_becomes_an_indexer(call: str, expected: str) -> None:
    assert _filled(["i", "copy=False"], "{self}.iloc[{i}]", call) == expected


@pytest.mark.parametrize(
    "call",
    [
        "df.irow(0, copy=True)",  # an argument the template would lose
        "df.irow(0, axis=1)",  # a keyword the old signature did not have
        "df.irow(*rows)",  # positions not known
        "df.irow()",  # a required argument missing
        "df.irow(0, False, 2)",  # more positions than the old signature had
    ],
)
def test_a_call_the_template_cannot_hold_is_left_alone(call: str) -> None:
    shape = templates.parse(["i", "copy=False"], "{self}.iloc[{i}]")
    node = cst.parse_expression(call)
    assert shape.bind(node) is None
    assert edits.code(shape.rewrite(node, {})) == call


def test_a_function_becomes_a_method_of_its_argument_in_parentheses_where_needed() -> None:
    assert _filled(["obj", "path"], "{obj}.to_pickle({path})", "pd.save(a + b, p)") == (
        "(a + b).to_pickle(p)"
    )
    assert _filled(["obj", "path"], "{obj}.to_pickle({path})", "pd.save(df, path=p)") == (
        "df.to_pickle(p)"
    )


def test_a_called_placeholder_is_parenthesized_where_it_would_not_bind() -> None:
    assert _filled(["f", "v"], "{f}({v})", "old(lambda x: x + 1, 2)") == "(lambda x: x + 1)(2)"
    assert _filled(["f", "v"], "{f}({v})", "old(str.upper, s)") == "str.upper(s)"


def test_a_dotted_placeholder_refers_to_a_qualified_name() -> None:
    shape = templates.parse(["x"], "{numpy.asarray}({x}).tolist()")
    assert shape.qualified == ("numpy.asarray",)
    assert _filled(["x"], "{numpy.asarray}({x}).tolist()", "old(v)") == "asarray(v).tolist()"


@pytest.mark.parametrize(
    ("params", "template", "says"),
    [
        (["i"], "{self}.iloc[{j}]", "placeholder {j} is not a parameter"),
        (["i"], "{self}.iloc[{i}", "not a Python expression"),
        (["1i"], "{self}", "not a name"),
    ],
)
def test_a_template_that_cannot_work_is_refused(
    params: list[str], template: str, says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        templates.parse(params, template)


def test_a_call_row_needs_self_for_a_method(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(
        '[[rule]]\nid = "ZZ002"\nkind = "call"\nchanged_in = "1.0"\nmethods = ["f"]\n'
        'params = ["a"]\nnew = "g({a})"\nnotes = "1.0"\nexample = "x.f(1)"\nfixed = "g(1)"\n',
        encoding="utf-8",
    )
    with pytest.raises(TableError, match="uses {self}"):
        load_rules(path, "zlib", {"default": ((), ())})


def test_a_method_call_row_waits_for_its_error_where_no_type_proves_the_receiver() -> None:
    old = "import numpy as np\nv = np.arange(3).ctypes.get_data()"
    (before_run,), _ = rewrite(old, ["NPY213"], policy=Policy(safe=True))
    assert before_run == old
    triggered = Policy(safe=True, triggered=frozenset({"NPY213"}))
    (after_error,), _ = rewrite(old, ["NPY213"], policy=triggered)
    assert after_error.endswith("v = np.arange(3).ctypes.data")


def test_a_function_call_row_rewrites_before_the_first_run() -> None:
    old = "import pandas as pd\ndf = pd.DataFrame({'a': [1]})\npd.save(df, 'f.pkl')"
    (new,), _ = rewrite(old, ["PD267"], policy=Policy(safe=True))
    assert new.endswith("df.to_pickle('f.pkl')")


def test_a_removed_function_leaves_the_import_with_its_calls() -> None:
    """``from pandas import cdate_range`` would still raise after the calls are rewritten."""
    old = (
        "from pandas import cdate_range, DataFrame\ndays = cdate_range('2020-01-01', '2020-01-09')"
    )
    (new,), _ = rewrite(old, ["PD300"], policy=Policy(safe=True))
    assert "cdate_range" not in new
    assert new.startswith("from pandas import DataFrame\nimport pandas as pd\n")
    assert "days = pd.bdate_range('2020-01-01', '2020-01-09'," in new


def test_a_number_needs_no_parentheses_as_an_operand_but_does_as_a_receiver() -> None:
    assert _filled(["n"], "{numpy.arange}({n} + 1)", "old(3)") == "arange(3 + 1)"
    assert _filled(["n"], "{numpy.arange}({n} + 1)", "old(a - b)") == "arange((a - b) + 1)"
    assert _filled(["n"], "{n}.bit_length()", "old(3)") == "(3).bit_length()"


@pytest.mark.parametrize(
    ("call", "rewritten"),
    [
        ("cb.get_clim()", True),
        ("self.cb.get_clim()", True),
        # evaluated twice it would make two colorbars: left alone, not reported
        ("fig.colorbar(im).get_clim()", False),
        ("bars[k].get_clim()", True),  # an index runs nothing
    ],
)
def test_a_value_the_template_uses_twice_must_call_nothing(call: str, rewritten: bool) -> None:
    shape = templates.parse([], "({self}.norm.vmin, {self}.norm.vmax)")
    node = cst.parse_expression(call)
    assert isinstance(node, cst.Call)
    assert (shape.bind(node) is not None) is rewritten


def test_an_argument_used_twice_must_call_nothing_either() -> None:
    shape = templates.parse(["x"], "({x} - {x}.mean())")
    assert shape.bind(cst.parse_expression("f(values + 1)")) is not None
    assert shape.bind(cst.parse_expression("f(load())")) is None


def test_a_function_still_there_keeps_its_import_when_one_call_form_is_rewritten() -> None:
    # PD426: PeriodIndex(year=, month=, ...) became PeriodIndex.from_fields; PeriodIndex stays
    code = (
        "from pandas import PeriodIndex\n"
        "idx = PeriodIndex(year=[2020], month=[3], day=[4], freq='D')\n"
        "other = PeriodIndex(['2020-01'], freq='M')"
    )
    (new,), _ = rewrite(code, ["PD426"], policy=Policy(safe=True))
    assert new.startswith("from pandas import PeriodIndex\n")
    assert "from_fields(year=[2020]" in new and "other = PeriodIndex(['2020-01']" in new
