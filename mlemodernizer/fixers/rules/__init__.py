"""Deterministic API-drift rules: one LibCST engine, rules as data, one module per library.

Public API: :class:`Rule`, :func:`all_rules`, :class:`Finding`, :func:`lint`, :class:`RulesFixer`.
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
