"""Deterministic API-drift rules: one LibCST engine, rules as data, one module per library.

Public API: :class:`Rule`, :func:`all_rules`, :class:`Finding`, :func:`lint`, :class:`RulesFixer`.

Layout: ``model`` (Rule, Finding), ``matchers`` (where a rule looks: Symbol, Module, Call, Attr,
Node, Target, DictKey, Text), ``helpers`` (keyword renames/drops/values, pins, error
signatures), ``edits`` (CST edits), ``symbols``/``infer`` (cross-cell names and receiver types),
``cells``/``analyzer``/``rewrite``/``engine`` (the pass), ``versions`` (gates), ``catalogue``,
``lint``, ``fixer``; one module per library (``numpy``, ``pandas``, ``sklearn``, ``imblearn``,
``scipy``, ``matplotlib``, ``seaborn``, ``keras``, ``xgboost``, ``lightgbm``, ``torch``, ``stdlib``,
``py2``).

Adding a rule: append a :class:`Rule` to the library module's ``RULES`` with an id, the version
that removed the API, a safety, a one-line message, the replacement, the error signatures, the
matchers and at least one (before, after) example; ``tests/test_rules_catalogue.py`` runs the
example, and ``tests/test_rules_runtime.py`` takes a case that fails on today's library.
"""

from __future__ import annotations

from .catalogue import all_rules, catalogue_markdown, get_rule, select_rules
from .fixer import RulesFixer, triggered_rules
from .lint import lint
from .model import MANUAL, REVIEW, SAFE, SAFE_IF, SAFETIES, Finding, Rule

__all__ = [
    "MANUAL",
    "REVIEW",
    "SAFE",
    "SAFETIES",
    "SAFE_IF",
    "Finding",
    "Rule",
    "RulesFixer",
    "all_rules",
    "catalogue_markdown",
    "get_rule",
    "lint",
    "select_rules",
    "triggered_rules",
]
