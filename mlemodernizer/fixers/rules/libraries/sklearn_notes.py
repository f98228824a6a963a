"""scikit-learn renames and removals whose replacement the release notes name, as rows of
``sklearn_notes.toml`` (shapes in :mod:`..table`)."""

from __future__ import annotations

from pathlib import Path

from ..table import load_rules

LIB = "scikit-learn"
RECEIVERS = {
    # estimators are matched by their qualified class (``functions``); a method row's receiver
    # is rarely proven, so it applies where the error names the old name
    "default": ((), ("numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
