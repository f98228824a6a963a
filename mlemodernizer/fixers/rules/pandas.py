"""pandas: removals of 1.0, 2.0 and 3.0 and the silent changes that matter (catalogue §2)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from . import edits
from .helpers import object_no_attribute
from .matchers import Attr, Call, Outcome, Site
from .model import SAFE, SAFE_IF, Rule
from .pandas_ix import check_ix
from .symbols import DATAFRAME, NDARRAY, SERIES

LIB = "pandas"
PANDAS = (DATAFRAME, SERIES)


def _as_matrix(site: Site) -> Outcome | None:
    columns = site.kwarg("columns")
    pos = site.positional()
    if columns is None and pos:
        columns = pos[0]
    if len(site.args) > (1 if columns is not None else 0):
        return Outcome(fix=None)

    def fix(node: cst.Call, refs: Any) -> cst.BaseExpression:
        func = node.func
        assert isinstance(func, cst.Attribute)
        receiver = func.value
        if node.args:
            key = node.args[0].value
            receiver = cst.Subscript(
                value=receiver, slice=[cst.SubscriptElement(slice=cst.Index(value=key))]
            )
        return edits.method_call(receiver, "to_numpy")

    return Outcome(fix=fix)


RULES = [
    Rule(
        id="PD001",
        library=LIB,
        changed_in="1.0",
        safety=SAFE_IF,
        catalogue="P1",
        condition="row labels proven integer (read_csv without index_col, DataFrame without "
        "index=) or label/mask keys; integer column keys on known string columns",
        message=".ix was removed in pandas 1.0; use .loc (labels) or .iloc (positions)",
        replacement=".loc[rows, cols] (integer column keys → df.columns[key])",
        signatures=(object_no_attribute(["ix"]),),
        matchers=(Attr(names=("ix",), receivers=PANDAS, check=check_ix, subscripted=True),),
        examples=(
            (
                "import pandas as pd\ndf = pd.read_csv('train.csv')\n"
                "X = df.ix[:, 1:]\ny = df.ix[0:99, 'label']",
                "import pandas as pd\ndf = pd.read_csv('train.csv')\n"
                "X = df.loc[:, df.columns[1:]]\ny = df.loc[0:99, 'label']",
            ),
            ("rows = frame.ix[3:5]", "rows = frame.loc[3:5]"),
        ),
    ),
    Rule(
        id="PD002",
        library=LIB,
        changed_in="1.0",
        safety=SAFE,
        catalogue="P2",
        message=".as_matrix() was removed in pandas 1.0; use .to_numpy()",
        replacement="df.to_numpy() / df[columns].to_numpy()",
        signatures=(object_no_attribute(["as_matrix"]),),
        matchers=(Call(methods=("as_matrix",), exclude=(NDARRAY,), check=_as_matrix),),
        examples=(
            (
                "X = df.as_matrix()\nY = df.as_matrix(columns=['a', 'b'])",
                "X = df.to_numpy()\nY = df[['a', 'b']].to_numpy()",
            ),
        ),
    ),
]
