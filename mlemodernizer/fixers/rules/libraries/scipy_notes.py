"""SciPy renames and removals whose replacement the release notes name, as rows of
``scipy_notes.toml`` (shapes in :mod:`..table`)."""

from __future__ import annotations

from pathlib import Path

from ..table import load_rules

LIB = "scipy"
RECEIVERS = {
    # the analyzer proves no SciPy object's type: method rows wait for the run's error
    "default": ((), ("numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
