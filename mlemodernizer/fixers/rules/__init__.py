"""Deterministic API-drift rules: one LibCST engine, rules as data, one pack per library.

Public API: :class:`Rule`, :func:`all_rules`, :class:`Finding`, :func:`lint`, :class:`RulesFixer`.

Layout. The engine, here: ``model`` (Rule, Finding), ``matchers`` (where a rule looks: Symbol,
Module, Call, Attr, Node, Target, DictKey, Text), ``helpers`` (keyword renames/drops/values,
pins, error signatures), ``edits`` (CST edits), ``symbols``/``infer`` (cross-cell names and
receiver types), ``cells``/``analyzer``/``rewrite``/``engine`` (the pass), ``versions`` (gates),
``packs`` (where rules come from), ``catalogue`` (all of them, selection by id), ``docs`` (a
rule's documentation, ``docs/rules.md``), ``lint``, ``fixer``. The rules, in ``libraries/``: one
module per library (``numpy``, ``pandas``, ``sklearn``, ``imblearn``, ``scipy``, ``statsmodels``,
``matplotlib``, ``seaborn``, ``keras``, ``xgboost``, ``lightgbm``, ``torch``, ``stdlib``,
``python2``, ``ipython``), listed in ``libraries.BUILTIN`` and registered in pyproject.toml under
the ``mlemodernizer.rules`` entry-point group, where other installed packages add their own packs.

Adding a rule: append a :class:`Rule` to the library module's ``RULES`` (in id order) with an id,
the version that removed the API, a safety, a one-line message, the replacement, the error
signatures, the matchers and at least one (before, after) example;
``tests/fixers/rules/test_rules_catalogue.py`` runs the example,
its ``proofs`` fail on today's library and their rewrites run (one shared test,
``tests/fixers/rules/test_rules_proofs.py``), and
``python -m mlemodernizer.fixers.rules.docs`` regenerates ``docs/rules.md``. A new library module
goes in ``libraries.BUILTIN`` and in pyproject.toml's entry points.
"""

from __future__ import annotations

from .catalogue import all_rules, get_rule, pack_of, packs, select_rules
from .fixer import RulesFixer, triggered_rules
from .lint import lint
from .model import MANUAL, REVIEW, SAFE, SAFE_IF, SAFETIES, Finding, Rule
from .packs import RulePack, RulePackWarning


def __getattr__(name: str) -> object:
    # docs is imported on use, so that ``python -m mlemodernizer.fixers.rules.docs`` runs it fresh
    if name in ("catalogue_markdown", "rule_doc"):
        from . import docs

        return getattr(docs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MANUAL",
    "REVIEW",
    "SAFE",
    "SAFETIES",
    "SAFE_IF",
    "Finding",
    "Rule",
    "RulePack",
    "RulePackWarning",
    "RulesFixer",
    "all_rules",
    "catalogue_markdown",
    "get_rule",
    "lint",
    "pack_of",
    "packs",
    "rule_doc",
    "select_rules",
    "triggered_rules",
]
