"""NumPy renames and removals whose replacement the release notes name, as rows of
``numpy_notes.toml`` (shapes in :mod:`..table`)."""

from __future__ import annotations

from pathlib import Path

from ..symbols import NDARRAY
from ..table import load_rules

LIB = "numpy"
RECEIVERS = {
    # a proven ndarray; pandas objects share many of its method names
    "default": ((NDARRAY,), ("pandas.DataFrame", "pandas.Series")),
    # an attribute of an array (a.ctypes) no type follows: only the error proves it
    "any": ((), ("pandas.DataFrame", "pandas.Series")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
