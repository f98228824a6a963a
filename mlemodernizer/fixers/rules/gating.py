"""Glue shared by ``lint`` and the fixer: versions, gates and a cached rule index."""

from __future__ import annotations

from functools import lru_cache

from .engine import RuleIndex
from .model import Rule
from .versions import detect, gate, normalize_versions


def resolve_versions(versions: dict[str, str] | None, rules: list[Rule]) -> dict[str, str]:
    if versions is None:
        return detect(frozenset(r.library for r in rules))
    return normalize_versions(versions)


def gates_for(rules: list[Rule], versions: dict[str, str]) -> dict[str, bool | None]:
    return {r.id: gate(r, versions) for r in rules}


def active_index(rules: list[Rule], gates: dict[str, bool | None]) -> RuleIndex:
    """The index of the rules that may matter here: not those whose old API still exists."""
    return _index(tuple(r for r in rules if gates.get(r.id) is not False))


@lru_cache(maxsize=64)
def _index(rules: tuple[Rule, ...]) -> RuleIndex:
    return RuleIndex(rules)
