"""The rule catalogue: every library module's rules, and ruff-style selection by id prefix."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from . import (
    imblearn,
    ipython,
    keras,
    lightgbm,
    matplotlib,
    numpy,
    pandas,
    pandas_old,
    py2,
    scipy,
    seaborn,
    sklearn,
    sklearn_old,
    statsmodels,
    stdlib,
    torch,
    xgboost,
)
from .model import Rule

LIBRARY_MODULES = (
    numpy,
    pandas,
    pandas_old,
    sklearn,
    sklearn_old,
    imblearn,
    scipy,
    statsmodels,
    matplotlib,
    seaborn,
    keras,
    xgboost,
    lightgbm,
    torch,
    stdlib,
    py2,
    ipython,
)


@lru_cache(maxsize=1)
def _catalogue() -> tuple[Rule, ...]:
    rules: dict[str, Rule] = {}
    for module in LIBRARY_MODULES:
        for rule in module.RULES:
            if rule.id in rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            rules[rule.id] = rule
    return tuple(sorted(rules.values(), key=lambda r: r.id))


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
    """Rules picked by id or id prefix (``SKL``, ``NPY001``), as ruff does: a rule is in when a
    select code matches it (or no select is given) and no more specific ignore code does."""
    sel = [s.strip() for s in select] if select is not None else None
    ign = [s.strip() for s in ignore or ()]
    out = []
    for rule in _catalogue():
        s = _match(rule.id, sel) if sel is not None else 0
        if sel is not None and s == 0:
            continue
        i = _match(rule.id, ign)
        if i and i >= s:
            continue
        out.append(rule)
    return out


def catalogue_markdown(rules: Iterable[Rule] | None = None) -> str:
    """The catalogue as a Markdown table (docs generated from the rules, as ruff does)."""
    lines = [
        "| id | library | changed in | safety | ⚠ | catalogue | message |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rules if rules is not None else _catalogue():
        safety = r.safety + (" (pin)" if r.pin else "")
        message = r.message.replace("|", "\\|")
        silent = "⚠" if r.silent else ""
        lines.append(
            f"| {r.id} | {r.library} | {r.changed_in} | {safety} | {silent} | {r.catalogue} | "
            f"{message} |"
        )
    return "\n".join(lines) + "\n"
