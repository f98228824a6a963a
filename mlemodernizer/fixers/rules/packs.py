"""Where rules come from: the built-in library modules, and rule packs that other installed
packages register under the ``mlemodernizer.rules`` entry-point group.

A pack is a module with a ``RULES`` list of :class:`~.model.Rule` (an entry point may also name
the list itself)::

    [project.entry-points."mlemodernizer.rules"]
    acme = "acme_modernizer_rules"

The built-in packs are loaded from ``libraries.BUILTIN``, not from the installed metadata: an
editable install made before a pack was added or renamed still has every built-in, and an entry
point of mlemodernizer's own distribution is never loaded (it may name a module that no longer
exists). A third-party pack that fails to load, holds something other than rules, or reuses an id
already taken is left out with a :class:`RulePackWarning`, so one broken internal pack does not
stop every run.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata

from ...environment.distributions import normalize
from .libraries import BUILTIN
from .model import Rule

GROUP = "mlemodernizer.rules"
OWN_DISTRIBUTION = "mlemodernizer"
LIBRARIES = f"{__package__}.libraries"


class RulePackWarning(UserWarning):
    """A third-party rule pack was left out."""


@dataclass(frozen=True)
class RulePack:
    name: str  # the entry-point name (a built-in's module name)
    module: str  # where its rules live
    distribution: str  # the package that ships it
    rules: tuple[Rule, ...]
    doc: str = ""  # the module docstring: what the pack covers

    @property
    def builtin(self) -> bool:
        return self.distribution == OWN_DISTRIBUTION


def builtin_packs() -> list[RulePack]:
    """The packs that ship with mlemodernizer, in ``BUILTIN`` order."""
    packs = []
    for name in BUILTIN:
        module = importlib.import_module(f"{LIBRARIES}.{name}")
        packs.append(_pack(name, module.__name__, OWN_DISTRIBUTION, module))
    return packs


def installed_packs(taken: Iterable[str] = ()) -> list[RulePack]:
    """Third-party packs registered in this Python's installed metadata, in name order; a pack
    with an id in ``taken`` (or in an earlier pack) is left out."""
    seen_ids = set(taken)
    seen_modules: set[str] = set()
    packs = []
    entry_points = sorted(metadata.entry_points(group=GROUP), key=lambda ep: (ep.name, ep.value))
    for ep in entry_points:
        dist = ep.dist.name if ep.dist is not None else "?"
        if normalize(dist) == OWN_DISTRIBUTION or ep.module.startswith(f"{LIBRARIES}."):
            continue  # the built-ins come from BUILTIN, whatever the metadata says
        if ep.value in seen_modules:
            continue
        seen_modules.add(ep.value)
        try:
            pack = _pack(ep.name, ep.value, dist, ep.load())
        except Exception as exc:  # noqa: BLE001 - any failure of someone else's code
            _leave_out(ep.name, dist, f"it does not load ({type(exc).__name__}: {exc})")
            continue
        clash = sorted({r.id for r in pack.rules} & seen_ids)
        if clash:
            _leave_out(ep.name, dist, f"rule ids already taken: {', '.join(clash)}")
            continue
        seen_ids.update(r.id for r in pack.rules)
        packs.append(pack)
    return packs


def _pack(name: str, module: str, dist: str, loaded: object) -> RulePack:
    rules = getattr(loaded, "RULES", loaded)
    if isinstance(rules, Rule) or not isinstance(rules, Iterable):
        raise TypeError(f"{module} has no RULES list")
    rules = tuple(rules)
    strays = [r for r in rules if not isinstance(r, Rule)]
    if strays:
        raise TypeError(f"{module}.RULES holds {type(strays[0]).__name__}, not Rule")
    doc = getattr(loaded, "__doc__", None) if hasattr(loaded, "RULES") else None
    return RulePack(name, module, dist, rules, (doc or "").strip())


def _leave_out(name: str, dist: str, why: str) -> None:
    warnings.warn(
        f"rule pack {name!r} from {dist} is left out: {why}", RulePackWarning, stacklevel=3
    )
