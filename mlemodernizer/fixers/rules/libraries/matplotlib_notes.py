"""matplotlib renames and removals whose replacement the API-change pages name, as rows of
``matplotlib_notes.toml`` (shapes in :mod:`..table`)."""

from __future__ import annotations

from pathlib import Path

from ..infer import AXES, FIGURE
from ..table import load_rules

LIB = "matplotlib"
RECEIVERS = {
    "default": ((AXES, FIGURE), ("numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
    # artists the analyzer does not follow (a ContourSet, a Locator): only a run's error shows
    # whose attribute it was
    "any": ((), ("numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
    # an artist's method that Figure still has (get_axes): a Figure rules the match out
    "artist": ((), (FIGURE, "numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
    # a method or attribute name an Axes or Figure still has (autoscale, arrow): those rule the
    # match out
    "not_axes": ((), (AXES, FIGURE, "numpy.ndarray", "pandas.DataFrame", "pandas.Series")),
}

RULES = load_rules(Path(__file__).with_suffix(".toml"), LIB, RECEIVERS)
