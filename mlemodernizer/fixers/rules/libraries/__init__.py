"""The rule packs that ship with mlemodernizer: one module per library (or per era of one, as
``pandas_old`` for pandas 0.x), each with a ``RULES`` list.

``BUILTIN`` names them in code, so the catalogue always has them even when the installed package
metadata is stale (an editable install from before a pack was added or renamed); pyproject.toml
registers the same modules under the ``mlemodernizer.rules`` entry-point group, the group that
third-party packs use (``tests/fixers/rules/test_rules_packs.py`` checks that the two lists agree).

Helper modules that hold no rules of their own (``pandas_ix``) are not packs.
"""

from __future__ import annotations

BUILTIN = (
    "numpy",
    "numpy_notes",
    "pandas",
    "pandas_old",
    "pandas_notes",
    "sklearn",
    "sklearn_old",
    "sklearn_notes",
    "imblearn",
    "scipy",
    "scipy_notes",
    "statsmodels",
    "statsmodels_notes",
    "matplotlib",
    "matplotlib_notes",
    "seaborn",
    "seaborn_notes",
    "keras",
    "tensorflow",
    "tensorflow_notes",
    "xgboost",
    "xgboost_notes",
    "lightgbm",
    "torch",
    "stdlib",
    "python2",
    "ipython",
    "pillow",
)
