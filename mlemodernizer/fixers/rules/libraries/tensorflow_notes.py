"""TensorFlow renames and removals whose replacement ``RELEASE.md`` names, as rows of
``tensorflow_notes.toml`` (shapes in :mod:`..table`)."""

from __future__ import annotations

from pathlib import Path

from ..table import load_rules

LIB = "tensorflow"
RECEIVERS = {
    # a Strategy or a tensor is rarely a type the analyzer proves: method rows wait for the error
    "default": ((), ("numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
