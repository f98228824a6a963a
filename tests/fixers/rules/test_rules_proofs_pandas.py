"""Proof against the installed pandas beyond the rules' own proofs (``Rule.proofs``, run
by ``test_rules_proofs.py``): the silent ones compute what the author's pandas computed."""

from __future__ import annotations

import sqlite3
import warnings

import numpy as np
import pandas as pd
import pytest

from mlemodernizer.fixers.rules.testing import rewrite

from ...proof_cells import rewritten
from ...proof_cells import run_cell as _run

FRAME = (
    "import io\nimport numpy as np\nimport pandas as pd\n"
    "df = pd.DataFrame({'k': ['x', 'x', 'y'], 'a': [1.0, 5.0, 3.0], 'b': [2, 4, 6],\n"
    "                   't': pd.date_range('2020-01-01', periods=3)})\n"
)
DATED = (
    "import pandas as pd\n"
    "prices = pd.DataFrame({'p': [1.0, 2.0, 3.0]},\n"
    "                      index=pd.to_datetime(['2016-12-31', '2017-01-02', '2017-02-01']))\n"
)


@pytest.fixture(autouse=True)
def _pandas_options_restored():
    infer = pd.get_option("future.infer_string")
    yield
    pd.set_option("future.infer_string", infer)


def _new(old: str, rule_id: str) -> dict:
    return _run(rewritten(old, rule_id))


def test_renamed_outputs_and_week_numbers_are_the_old_ones() -> None:
    got = _new(FRAME + "v = df.groupby('k')['a'].agg({'total': 'sum', 'top': 'max'})", "PD068")
    assert list(got["v"].columns) == ["total", "top"]
    assert got["v"].loc["x", "total"] == 6.0
    weeks = _new(FRAME + "v = df.t.dt.week", "PD078")["v"]
    assert list(weeks) == [1, 1, 1]  # 2020-01-01..03: ISO week 1
    clipped = _new(FRAME + "v = df.a.clip_upper(2)\nw = df.a.clip_lower(2)", "PD073")
    assert list(clipped["v"]) == [1.0, 2.0, 2.0] and list(clipped["w"]) == [2.0, 5.0, 3.0]


def test_from_csv_reads_the_index_and_dates_as_from_csv_did(tmp_path) -> None:
    path = tmp_path / "p.csv"
    path.write_text("day,p\n2020-01-01,1\n2020-01-02,2\n")
    got = _new(f"import pandas as pd\nd = pd.DataFrame.from_csv({str(path)!r})", "PD075")["d"]
    assert isinstance(got.index, pd.DatetimeIndex) and list(got.columns) == ["p"]


def test_argmax_meant_the_label() -> None:
    old = "import pandas as pd\ns = pd.read_csv(f, index_col='day')['sales']\nbest = s.argmax()"
    (new,), _ = rewrite(old, ["PD076"])
    assert new.endswith("best = s.idxmax()")


def test_numpy_aggregations_keep_pandas_own_numbers() -> None:
    code = FRAME + "v = df.groupby('k')['a'].agg(np.std)\nw = df.groupby('k')['a'].agg(np.var)"
    old = _run(code)
    new = _new(code, "PD086")
    assert new["v"]["x"] == pytest.approx(np.std([1.0, 5.0], ddof=1))  # what pandas < 3 gave
    assert old["v"]["x"] == pytest.approx(np.std([1.0, 5.0]))  # numpy's, today
    assert new["w"]["x"] == pytest.approx(8.0)


def test_pct_change_and_stack_give_the_old_results() -> None:
    code = (
        "import numpy as np\nimport pandas as pd\n"
        "p = pd.DataFrame({'a': [1.0, np.nan, 3.0], 'b': [np.nan, np.nan, 1.0]})\n"
        "r = p.pct_change()\nlong = p.stack()"
    )
    got = _new(code, "PD087")
    assert got["r"]["a"].tolist()[1:] == [0.0, 2.0]  # forward-filled before the change
    stacked = _new(code, "PD088")["long"]
    assert stacked.notna().all() and len(stacked) == 3  # the NaN cells are not rows


def test_date_strings_select_the_rows_and_series_scalars_are_exact() -> None:
    rows = _new(DATED + "v = prices['2017']", "PD081")["v"]
    assert list(rows["p"]) == [2.0, 3.0]
    with pytest.raises(ValueError):  # float(s) of two values raised before; so does item()
        _new(FRAME + "s = df[df.k == 'x']['a']\nv = float(s)", "PD084")


def test_date_parser_as_converters_parses_the_index() -> None:
    code = (
        "import io\nimport pandas as pd\nfrom datetime import datetime\n"
        "dateparse = lambda d: datetime.strptime(d, '%Y-%m')\n"
        "v = pd.read_csv(io.StringIO('Month,n\\n1949-01,112\\n1949-02,118\\n'),"
        " parse_dates=['Month'], index_col='Month', date_parser=dateparse)"
    )
    got = _new(code, "PD017")["v"]
    assert isinstance(got.index, pd.DatetimeIndex)
    assert list(got.index.month) == [1, 2] and list(got["n"]) == [112, 118]


def test_strings_into_int_columns_upcast_as_before() -> None:
    got = _new(FRAME + "df.loc[df.b > 3, 'b'] = 'many'", "PD048")["df"]
    assert list(got["b"]) == [2, "many", "many"]
    keys = _new(FRAME + "v = df.groupby('k').apply(lambda g: g['k'].iloc[0])", "PD047")["v"]
    assert list(keys) == ["x", "y"]


def test_a_grouped_series_applies_as_it_did_and_is_left_alone() -> None:
    """PD047 is DataFrameGroupBy's change; a Series' groups are Series (``.columns`` on them
    raises), and their apply runs today as it did."""
    code = FRAME + "v = df['a'].groupby(df['k']).apply(lambda s: s.fillna(s.median()))"
    cells, result = rewrite(code, ["PD047"])
    assert cells == [code] and not result.hits
    assert list(_run(code)["v"]) == [1.0, 5.0, 3.0]


def test_to_sql_without_flavor_writes_the_table() -> None:
    con = sqlite3.connect(":memory:")
    code = FRAME + "df[['k', 'a']].to_sql('t', con, flavor='sqlite')"
    (new,), _ = rewrite(code, ["PD070"])
    namespace: dict = {"con": con}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(new, "<cell>", "exec"), namespace)
    assert pd.read_sql("select count(*) as n from t", con)["n"][0] == 3


def test_chained_assignment_spellings_update_the_frame() -> None:
    code = (
        "import pandas as pd\ntrain = pd.DataFrame({'Age': [None, 30.0], 'Fare': [1.0, 2.0]})\n"
        "train.Age[train.Age.isnull()] = 28\ntrain['Fare'].iloc[0] = 7.25"
    )
    old = _run(code)["train"]
    assert old["Age"].isna().any()  # copy-on-write: the chained assignment changed nothing
    new = _new(code, "PD035")["train"]
    assert list(new["Age"]) == [28.0, 30.0] and list(new["Fare"]) == [7.25, 2.0]


# --- pandas 0.x removals from the release notes (PD095-) ---------------------------------------

HOURS = (
    "import pandas as pd\n"
    "s = pd.Series([1.0, 2.0], index=pd.to_datetime(['2020-01-01 00:00', '2020-01-01 03:00']))\n"
)


@pytest.fixture
def _display_options_restored():
    yield
    pd.reset_option("display.max_rows")
    pd.reset_option("display.width")


def test_time_grouper_groups_as_the_old_one_did() -> None:
    """TimeGrouper('2D') binned left-closed, left-labelled days; key= named the date column."""
    got = _new(FRAME + "v = df.set_index('t').groupby(pd.TimeGrouper('2D'))['a'].sum()", "PD095")
    assert list(got["v"]) == [6.0, 3.0]
    assert [str(d.date()) for d in got["v"].index] == ["2020-01-01", "2020-01-03"]
    code = (
        FRAME + "from pandas import TimeGrouper\n"
        "v = df.groupby(['k', TimeGrouper(freq='2D', key='t')])['b'].sum()"
    )
    keyed = _new(code, "PD095")["v"]
    assert list(keyed) == [6, 6] and list(keyed.index.get_level_values(0)) == ["x", "y"]


def test_get_values_gives_the_old_ndarrays() -> None:
    got = _new(FRAME + "v = df[['a', 'b']].get_values()\nc = df.columns.get_values()", "PD096")
    assert isinstance(got["v"], np.ndarray)
    assert got["v"].tolist() == [[1.0, 2.0], [5.0, 4.0], [3.0, 6.0]]
    assert isinstance(got["c"], np.ndarray) and got["c"].tolist() == ["k", "a", "b", "t"]
    cat = _new(FRAME + "v = df['k'].astype('category').get_values()", "PD096")["v"]
    # a categorical's get_values was the categories' values taken by code: a plain ndarray
    assert isinstance(cat, np.ndarray) and cat.tolist() == ["x", "x", "y"]


def test_from_items_order_and_orient_index() -> None:
    code = (
        "import pandas as pd\nv = pd.DataFrame.from_items([('b', [1, 2]), ('a', [3, 4])])\n"
        "w = pd.DataFrame.from_items([('r1', [1, 'p']), ('r2', [3, 'q'])], orient='index',"
        " columns=['x', 'y'])"
    )
    got = _new(code, "PD097")
    assert list(got["v"].columns) == ["b", "a"] and list(got["v"]["a"]) == [3, 4]
    assert list(got["w"].index) == ["r1", "r2"] and list(got["w"]["x"]) == [1, 3]
    assert got["w"]["x"].dtype == np.int64  # per-column inference, as from_items did


@pytest.mark.usefixtures("_display_options_restored")
def test_removed_display_options_set_what_they_were_rerouted_to() -> None:
    code = (
        "import pandas as pd\npd.set_option('display.height', 7)\n"
        "pd.options.display.line_width = 99"
    )
    _new(code, "PD098")
    assert pd.get_option("display.max_rows") == 7
    assert pd.get_option("display.width") == 99


def test_astype_categories_builds_the_ordered_dtype() -> None:
    code = FRAME + "v = df['k'].astype('category', categories=['y', 'x', 'z'], ordered=True)"
    v = _new(code, "PD099")["v"]
    assert list(v.cat.categories) == ["y", "x", "z"] and v.cat.ordered
    assert list(v > "y") == [True, True, False]  # ordered: 'x' comes after 'y'
    unordered = _new(FRAME + "v = df['k'].astype('category', ordered=True)", "PD099")["v"]
    assert list(unordered.cat.categories) == ["x", "y"] and unordered.cat.ordered


def test_resample_fill_method_fills_as_the_old_keyword_did() -> None:
    code = (
        HOURS + "u = s.resample('h', fill_method='ffill')\n"
        "v = s.resample('h', fill_method='bfill', limit=1)\n"
        "w = s.resample('90min', how='mean', fill_method='ffill')"
    )
    got = _new(code, "PD100")
    assert list(got["u"]) == [1.0, 1.0, 1.0, 2.0]
    assert got["v"].fillna(-1).tolist() == [1.0, -1.0, 2.0, 2.0]  # one step back-filled only
    # the mean of each 90 min bin, then the empty one filled from the previous bin
    assert list(got["w"]) == [1.0, 1.0, 2.0]


def test_bool_header_reads_the_first_row_as_names_as_old_pandas_did() -> None:
    code = (
        "import io\nimport pandas as pd\n"
        "v = pd.read_csv(io.StringIO('a,b\\n1,2\\n3,4'), header=False)"
    )
    got = _new(code, "PD101")["v"]
    assert list(got.columns) == ["a", "b"] and got["a"].tolist() == [1, 3]


def test_window_apply_gets_the_old_ndarray() -> None:
    code = (
        "import pandas as pd\ns = pd.Series([1.0, 2.0, 4.0, 8.0])\n"
        "v = s.rolling(3).apply(lambda x: x[-1] / x[0])\n"
        "kind = s.expanding().apply(lambda x: float(type(x).__name__ == 'ndarray'))"
    )
    got = _new(code, "PD102")
    assert got["v"].fillna(-1).tolist() == [-1.0, -1.0, 4.0, 4.0]
    assert got["kind"].tolist() == [1.0, 1.0, 1.0, 1.0]  # what old pandas passed: an ndarray


def test_core_common_errors_are_the_pandas_errors_classes() -> None:
    code = (
        "import pandas as pd\nfrom pandas.core.common import PerformanceWarning\n"
        "e = pd.core.common.AbstractMethodError"
    )
    got = _new(code, "PD103")
    assert got["PerformanceWarning"] is pd.errors.PerformanceWarning
    assert got["e"] is pd.errors.AbstractMethodError
