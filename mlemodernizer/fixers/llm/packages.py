"""Import names ↔ installed distributions: which packages code uses, and whether they exist."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache

from ...contracts.notebook import mask_magics
from ...environment.distributions import import_names, normalize, providers

_STDLIB = frozenset(sys.stdlib_module_names) | {"__future__"}


@lru_cache(maxsize=1)
def _local_packages_distributions() -> dict[str, list[str]]:
    try:
        return {k: list(v) for k, v in importlib.metadata.packages_distributions().items()}
    except Exception:
        return {}


def imported_modules(sources: Iterable[str]) -> list[str]:
    """Top-level module names imported by the given code (magics masked), in first-seen order."""
    seen: list[str] = []

    def add(name: str | None) -> None:
        if name:
            top = name.split(".")[0]
            if top and top not in seen:
                seen.append(top)

    for source in sources:
        masked, _ = mask_magics(source)
        try:
            tree = ast.parse(masked)
        except SyntaxError:
            for m in re.finditer(
                r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", masked, re.M
            ):
                add(m.group(1) or m.group(2))
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                add(node.module)
    return seen


def is_stdlib(module: str) -> bool:
    return module.split(".")[0] in _STDLIB


def import_names_of(dist: str) -> set[str]:
    """Import names a distribution provides (alias table, this environment, or its own name)."""
    d = normalize(dist)
    names = import_names(d)
    for top, dists in _local_packages_distributions().items():
        if any(normalize(x) == d for x in dists):
            names.add(top)
    return names


def dist_for_module(module: str, versions: Mapping[str, str]) -> str | None:
    """The installed distribution (a key of ``versions``) that provides ``module``, if any."""
    top = module.split(".")[0]
    normalized = {normalize(k): k for k in versions}
    for dist in providers(top):
        if dist in normalized:
            return normalized[dist]
    for dist in _local_packages_distributions().get(top, []):
        if normalize(dist) in normalized:
            return normalized[normalize(dist)]
    guess = normalize(top)
    if guess in normalized:
        return normalized[guess]
    return None


def is_available(module: str, versions: Mapping[str, str]) -> bool:
    """Whether ``module`` can be imported in the executing environment described by ``versions``."""
    if is_stdlib(module):
        return True
    return dist_for_module(module, versions) is not None


def relevant_versions(sources: Iterable[str], versions: Mapping[str, str]) -> dict[str, str]:
    """``versions`` restricted to the distributions the code imports (python kept if present)."""
    out: dict[str, str] = {}
    for key in ("python",):
        if key in versions:
            out[key] = versions[key]
    for module in imported_modules(sources):
        if is_stdlib(module):
            continue
        dist = dist_for_module(module, versions)
        if dist is not None:
            out[dist] = versions[dist]
    return out
