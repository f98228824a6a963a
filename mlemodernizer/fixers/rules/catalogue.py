"""The rule catalogue: every pack's rules (built-in and installed), and ruff-style selection by id
prefix."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .model import Rule
from .packs import RulePack, builtin_packs, installed_packs


@lru_cache(maxsize=1)
def _packs() -> tuple[RulePack, ...]:
    builtin = builtin_packs()
    ids: dict[str, str] = {}
    for pack in builtin:
        for rule in pack.rules:
            if rule.id in ids:
                raise ValueError(f"duplicate rule id {rule.id} ({ids[rule.id]}, {pack.name})")
            ids[rule.id] = pack.name
    return (*builtin, *installed_packs(taken=ids))


@lru_cache(maxsize=1)
def _catalogue() -> tuple[Rule, ...]:
    return tuple(sorted((r for p in _packs() for r in p.rules), key=lambda r: r.id))


def packs(*, installed: bool = True) -> list[RulePack]:
    """The rule packs: the built-in ones, then (``installed``) third-party ones."""
    return [p for p in _packs() if installed or p.builtin]


def pack_of(rule_id: str) -> RulePack:
    for pack in _packs():
        if any(r.id == rule_id for r in pack.rules):
            return pack
    raise KeyError(rule_id)


def reload() -> None:
    """Look for packs again (after installing one into a running Python)."""
    _packs.cache_clear()
    _catalogue.cache_clear()


def all_rules() -> list[Rule]:
    """The catalogue, sorted by id."""
    return list(_catalogue())


def get_rule(rule_id: str) -> Rule:
    for rule in _catalogue():
        if rule.id == rule_id:
            return rule
    raise KeyError(rule_id)


def _match(rule_id: str, codes: Iterable[str]) -> int:
    """Length of the longest code that is a prefix of ``rule_id`` (0: none)."""
    return max((len(c) for c in codes if rule_id.startswith(c.upper())), default=0)


def select_rules(
    select: Iterable[str] | None = None, ignore: Iterable[str] | None = None
) -> list[Rule]:
    """The rules a pass runs, picked by id or id prefix (``SKL``, ``NPY001``), as ruff does: a
    rule is in when a select code matches it (or no select is given) and no more specific ignore
    code does. Rules the engine does not run (``applied_by``) are never picked."""
    sel = [s.strip() for s in select] if select is not None else None
    ign = [s.strip() for s in ignore or ()]
    out = []
    for rule in _catalogue():
        if rule.applied_by:
            continue
        s = _match(rule.id, sel) if sel is not None else 0
        if sel is not None and s == 0:
            continue
        i = _match(rule.id, ign)
        if i and i >= s:
            continue
        out.append(rule)
    return out
