"""pandas renames and removals whose replacement the release notes name, as rows of
``pandas_notes.toml`` (shapes in :mod:`..table`): renamed keywords (``cols=`` → ``subset=``),
renamed methods (``sym_diff`` → ``symmetric_difference``), moved names, and arguments that
became keyword-only, bound by the old signature's order."""

from __future__ import annotations

from pathlib import Path

from ..symbols import DATAFRAME, NDARRAY, SERIES
from ..table import load_rules

LIB = "pandas"
RECEIVERS = {
    # proven pandas objects; ndarrays, lists, dicts and strings share many method names
    "default": ((DATAFRAME, SERIES), (NDARRAY, "builtins.list", "builtins.dict", "builtins.str")),
    # methods of Index or an accessor (str.split): no type proves them, so only the error does
    "any": ((), (NDARRAY, "builtins.list", "builtins.dict", "builtins.str")),
    # MultiIndex methods whose names frames share with other keywords (drop(labels=) is right
    # on a DataFrame): never a proven frame
    "not_frames": ((), (DATAFRAME, SERIES, NDARRAY, "builtins.list", "builtins.dict")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
