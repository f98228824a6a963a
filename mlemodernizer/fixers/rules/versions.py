"""Version awareness: a rule applies only where the installed library no longer has the old API."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from importlib import metadata

from ...environment.distributions import builds, library_of, normalize
from .model import Rule

PYTHON = "python"


def parse_version(text: str) -> tuple[int, ...]:
    """Leading numeric release parts: ``"2.0.0rc1"`` → ``(2, 0, 0)``.

    A pre-release of 2.0 already carries 2.0's removals, so it counts as 2.0.
    """
    parts: list[int] = []
    for piece in text.strip().lstrip("vV").split("."):
        m = re.match(r"\d+", piece)
        if not m:
            break
        parts.append(int(m.group()))
        if m.end() < len(piece):
            break
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts) or (0,)


def at_least(installed: str, changed_in: str) -> bool:
    return parse_version(installed) >= parse_version(changed_in)


@lru_cache(maxsize=256)
def _installed(dist: str) -> str | None:
    if dist == PYTHON:
        return ".".join(str(p) for p in sys.version_info[:3])
    for name in (dist, *builds(dist)):  # the library's own name, then its other builds
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return None


def installed(dist: str) -> str | None:
    """The version of ``dist`` in this Python (``"python"``: the interpreter), or None."""
    return _installed(normalize(dist))


def detect(libraries: set[str] | frozenset[str]) -> dict[str, str]:
    """Versions of ``libraries`` in this Python (the executing environment when run locally)."""
    found: dict[str, str] = {}
    for lib in sorted(libraries):
        version = _installed(lib)
        if version is not None:
            found[lib] = version
    return found


def normalize_versions(versions: dict[str, str]) -> dict[str, str]:
    out = {normalize(k): v for k, v in versions.items()}
    for dist, version in list(out.items()):
        out.setdefault(library_of(dist), version)  # rules name the library, not its build
    return out


def gate(rule: Rule, versions: dict[str, str]) -> bool | None:
    """True: the old API is gone (apply); False: it still exists (skip); None: not installed."""
    version = versions.get(rule.library)
    if version is None and rule.library == PYTHON:
        version = _installed(PYTHON)
    if version is None:
        return None
    if rule.restored_in and at_least(version, rule.restored_in):
        return False
    return at_least(version, rule.changed_in)
