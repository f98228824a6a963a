"""What a pass works with: the active rules indexed by where they look, and the policy that says
which of their hits are rewritten."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from .matchers import Attr, Call, DictKey, Matcher, Module, Node, Outcome, Symbol, Target, Text
from .model import REVIEW, SAFE, SAFE_IF, Rule

# spellings of one API under another package: rules are written against the canonical one
CANONICAL_PREFIXES = (
    ("tensorflow.python.keras.", "keras."),
    ("tensorflow.keras.", "keras."),
    ("tf_keras.", "keras."),
)


def canonical(qname: str) -> str:
    for prefix, new in CANONICAL_PREFIXES:
        if qname.startswith(prefix):
            return new + qname[len(prefix) :]
    return qname


# --- the rule index -----------------------------------------------------------------------


class RuleIndex:
    """The active rules, indexed by where they look."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules: dict[str, Rule] = {}
        self.symbols: dict[str, tuple[Rule, Symbol]] = {}
        self.modules: list[tuple[Rule, Module]] = []
        self.functions: dict[str, list[tuple[Rule, Call]]] = {}
        self.methods: dict[str, list[tuple[Rule, Call]]] = {}
        self.attrs: dict[str, list[tuple[Rule, Attr]]] = {}
        self.subscripts: dict[str, list[tuple[Rule, Attr]]] = {}
        self.dict_keys: dict[str, list[tuple[Rule, DictKey]]] = {}
        self.texts: list[tuple[Rule, Text]] = []
        self.targets: list[tuple[Rule, Target]] = []
        self.nodes: dict[str, list[tuple[Rule, Node]]] = {}
        for rule in rules:
            self.rules[rule.id] = rule
            for m in rule.matchers:
                self._add(rule, m)
        self.modules.sort(key=lambda rm: -len(rm[1].old))

    def _add(self, rule: Rule, m: Matcher) -> None:
        if isinstance(m, Symbol):
            self.symbols[m.old] = (rule, m)
        elif isinstance(m, Module):
            self.modules.append((rule, m))
        elif isinstance(m, Call):
            for f in m.functions:
                self.functions.setdefault(f, []).append((rule, m))
            for name in m.methods:
                self.methods.setdefault(name, []).append((rule, m))
        elif isinstance(m, Attr):
            target = self.subscripts if m.subscripted else self.attrs
            for name in m.names:
                target.setdefault(name, []).append((rule, m))
        elif isinstance(m, DictKey):
            for key in m.keys or ("*",):  # no keys: every string key
                self.dict_keys.setdefault(key, []).append((rule, m))
        elif isinstance(m, Text):
            self.texts.append((rule, m))
        elif isinstance(m, Target):
            self.targets.append((rule, m))
        elif isinstance(m, Node):
            for t in m.types:
                self.nodes.setdefault(t, []).append((rule, m))
        else:  # pragma: no cover - a programming error in a rule module
            raise TypeError(f"{rule.id}: unknown matcher {m!r}")

    def module_move(self, name: str) -> tuple[Rule, Module, str | None] | None:
        for rule, m in self.modules:
            if name == m.old or name.startswith(m.old + "."):
                new = m.new + name[len(m.old) :] if m.new is not None else None
                return rule, m, new
        return None


# --- what to apply ------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """Which hits a pass rewrites.

    ``safe``: SAFE rules and SAFE* rules whose condition is proven. ``triggered``: rules an
    error signature pointed at; they are applied whatever their safety (REVIEW, unproven SAFE*),
    as a patch for review. ``pins``: the rules that pin old defaults. ``gates``: per rule, True
    (the old API is gone), False (it still exists: never touched), None (library unknown: only
    when triggered). ``everything`` applies every fix (tests).
    """

    safe: bool = False
    triggered: frozenset[str] = frozenset()
    pins: bool = False
    everything: bool = False
    gates: Mapping[str, bool | None] = field(default_factory=dict)
    # a confined rule (Rule.confined) -> the indices of the cells whose error it matched
    confined: Mapping[str, frozenset[int]] = field(default_factory=dict)

    def for_cell(self, index: int) -> Policy:
        """The policy in one cell: a confined rule is triggered only where its error was."""
        if not self.confined:
            return self
        triggered = frozenset(
            r for r in self.triggered if r not in self.confined or index in self.confined[r]
        )
        return replace(self, triggered=triggered)

    def decide(self, rule: Rule, outcome: Outcome) -> bool:
        if outcome.fix is None:
            return False
        if self.everything:
            return True
        gate = self.gates.get(rule.id, True)
        triggered = rule.id in self.triggered
        if gate is False or (gate is None and not triggered):
            return False
        if rule.pin:
            return self.pins
        if rule.safety == SAFE:  # a check may still mark an occurrence unproven (SAMME.R)
            return (self.safe and outcome.proven) or triggered
        if rule.safety == SAFE_IF:
            return (self.safe and outcome.proven) or triggered
        if rule.safety == REVIEW:
            return triggered
        return False
