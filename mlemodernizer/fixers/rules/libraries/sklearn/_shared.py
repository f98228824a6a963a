"""What several scikit-learn modules share: the library's name, the rules' citations, the
estimator families more than one subject names, and small syntax helpers.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from ... import edits
from ...helpers import qualify
from ...matchers import Outcome, Site

# the data every pack's proofs share, for the modules of this pack
from .._setups import _CASE_DATA, _CASE_SERIES  # noqa: F401

LIB = "scikit-learn"

# --- citations: where a rule comes from (its ``catalogue``) -------------------------------------

SOURCE = "real-notebooks"
# the rules that answer items of sklearn.coverage.toml; each cites its release note in ``why``
NOTES = "release-notes"


def _notes(version: str) -> str:
    return f"https://scikit-learn.org/stable/whats_new/v{version}.html"


# --- the proofs' setups (``Rule.proofs``: the shared proof test runs them) ----------

# 40 samples, 3 features in [0, 1): y two classes, y3 four
_CASE_SMALL = (
    "import numpy as np\n"
    "rng = np.random.RandomState(0)\n"
    "X = rng.rand(40, 3)\ny = np.array([0, 1] * 20)\ny3 = np.array([0, 1, 2, 3] * 10)\n"
)
_CASE_MPL = "import matplotlib\nmatplotlib.use('Agg')\n"

FORESTS = qualify(
    "sklearn.ensemble",
    [
        "RandomForestClassifier",
        "RandomForestRegressor",
        "ExtraTreesClassifier",
        "ExtraTreesRegressor",
    ],
)
# gradient boosting took criterion='mse' too, but its 'mae' has no successor ('absolute_error'
# was never one of its criteria)
BOOSTING_TREES = qualify(
    "sklearn.ensemble", ["GradientBoostingRegressor", "GradientBoostingClassifier"]
)
KMEANS = qualify("sklearn.cluster", ["KMeans", "MiniBatchKMeans"])
# splitters SKL002 reads as the old cross_validation API when the first argument is the data
DATA_FIRST = ("StratifiedKFold", "StratifiedShuffleSplit")

# --- syntax helpers -----------------------------------------------------------------------------


def literal_int(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer)


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _rename_attr_to(new: str) -> Any:
    def check(site: Site) -> Outcome | None:
        return Outcome(fix=lambda node, refs: edits.rename_attr(node, new), proven=site.proven)

    return check
