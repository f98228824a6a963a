"""scikit-learn: moved modules, removed classes and parameters, changed defaults (catalogue §3)."""

# One module per subject, each holding its checks beside the rules that use them and exporting
# its own ``RULES``; what several of them share is in ``_shared``. ``RULES`` here is the pack:
# every module's rules in id order, the catalogue's order (SKL001 first). (The docstring above is
# the pack's description in docs/rules.md.)

from __future__ import annotations

from pathlib import Path

from . import (
    keyword_only,
    linear_and_svm,
    metrics,
    model_selection,
    moved_apis,
    naive_bayes,
    no_effect_arguments,
    preprocessing,
    transformers,
    trees_and_ensembles,
    unsupervised,
)
from ._shared import LIB
from .linear_and_svm import SGDS

__all__ = ["COVERAGE", "LIB", "RULES", "SGDS"]

# the coverage list stays beside the package, where it was beside the module
COVERAGE = str(Path(__file__).resolve().parent.with_name("sklearn.coverage.toml"))

RULES = sorted(
    [
        *model_selection.RULES,
        *keyword_only.RULES,
        *preprocessing.RULES,
        *transformers.RULES,
        *linear_and_svm.RULES,
        *trees_and_ensembles.RULES,
        *unsupervised.RULES,
        *naive_bayes.RULES,
        *metrics.RULES,
        *moved_apis.RULES,
        *no_effect_arguments.RULES,
    ],
    key=lambda rule: rule.id,
)
