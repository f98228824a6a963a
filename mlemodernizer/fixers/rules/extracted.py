"""Coverage over the items a program extracted from the libraries' own release notes (issue 39).

``benchmarks/coverage/extract.py`` reads each library's release-notes files and writes every
bullet that removes, renames or changes something (``benchmarks/coverage/items/*.jsonl``); the
hand lists beside the rule packs (:mod:`.coverage`) were chosen by hand, these were not. This
module holds how each extracted item is answered, one JSON line per item in
``extracted/<library>.jsonl`` beside it, keyed by the item's stable id:

- ``rule``: catalogue rules answer it (``rules``; ``api``: the name their examples show);
- ``environment``: the environment family answers it from what the installed library says
  (``example``: a snippet that fails today; the tests run it through ``--fixers environment``);
- ``compat``: a switch the library offers, applied by a REVIEW rule (``rules``, ``api``);
- ``none``: an old notebook can hit it and nothing here fixes it (``why``);
- ``unreachable``: not reachable from a notebook (``why``: internal, C API, build, a backend);
- ``harmless``: code written for the old version runs unchanged (``why``: a warning only, an
  addition, an error that became a result, a deprecation whose removal has not landed);
- ``open``: not classified yet, counted as reachable and not handled.

Coverage = handled / reachable, where handled is rule + environment + compat and reachable is
handled + none + open.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).with_name("extracted")
HANDLED = ("rule", "environment", "compat")
REACHABLE = (*HANDLED, "none", "open")
STATUSES = (*REACHABLE, "unreachable", "harmless")
_FIELDS = {"id", "library", "version", "status", "rules", "api", "example", "why", "hand"}


@dataclass(frozen=True)
class Answer:
    """How one extracted item is answered."""

    id: str
    library: str
    version: str
    status: str
    rules: tuple[str, ...] = ()
    api: str = ""  # rule/compat: the name the rules' examples show
    example: str = ""  # environment: a snippet that fails today
    why: str = ""  # none/unreachable/harmless: in words
    hand: str = ""  # the hand-list item it merges, if any


@dataclass
class Totals:
    library: str
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def items(self) -> int:
        return sum(self.counts.values())

    @property
    def handled(self) -> int:
        return sum(self.counts[s] for s in HANDLED)

    @property
    def reachable(self) -> int:
        return sum(self.counts[s] for s in REACHABLE)

    def coverage(self) -> float | None:
        return self.handled / self.reachable if self.reachable else None

    def to_json(self) -> dict[str, object]:
        cov = self.coverage()
        return {
            "library": self.library,
            "items": self.items,
            **{s: self.counts[s] for s in STATUSES},
            "handled": self.handled,
            "reachable": self.reachable,
            "coverage": None if cov is None else round(cov, 4),
        }


def parse(line: str, where: str) -> Answer:
    """One line of a data file; a malformed one is a ValueError naming its place."""
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: {exc}") from None
    unknown = set(raw) - _FIELDS
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if raw.get("status") not in STATUSES:
        raise ValueError(f"{where}: status is one of {', '.join(STATUSES)}")
    for key in ("id", "library", "version"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise ValueError(f"{where}: needs {key}")
    return Answer(**{**raw, "rules": tuple(raw.get("rules", ()))})


def load(folder: Path = DATA) -> list[Answer]:
    """Every answer, file by file (``<library>.jsonl``), in file order."""
    out: list[Answer] = []
    for path in sorted(folder.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                out.append(parse(line, f"{path.name}:{n}"))
    return out


def totals(answers: Iterable[Answer]) -> list[Totals]:
    """Counts per library (in name order), then all of them together as ``all``."""
    by: dict[str, Totals] = {}
    whole = Totals("all")
    for a in answers:
        by.setdefault(a.library, Totals(a.library)).counts[a.status] += 1
        whole.counts[a.status] += 1
    return [by[k] for k in sorted(by)] + [whole]


def problems(answers: Sequence[Answer]) -> list[str]:
    """What does not hold: a duplicate id, a rule that is not in the catalogue or whose examples
    never show the item's API, an environment item without its example, a status without why."""
    from .catalogue import all_rules

    rules = {r.id: r for r in all_rules()}
    found: list[str] = []
    seen = Counter(a.id for a in answers)
    found += [f"{i}: listed {n} times" for i, n in seen.items() if n > 1]
    for a in answers:
        if a.status in ("rule", "compat"):
            unknown = [r for r in a.rules if r not in rules]
            if not a.rules or unknown or not a.api:
                found.append(f"{a.id}: {a.status} needs known rules and the api they show")
                continue
            examples = " ".join(before for r in a.rules for before, _ in rules[r].examples)
            if not shown_in(examples, a.api):
                found.append(f"{a.id}: the examples of {', '.join(a.rules)} never show {a.api}")
        elif a.status == "environment" and not a.example:
            found.append(f"{a.id}: an environment item gives the example that proves it")
        elif a.status in ("none", "unreachable", "harmless") and not a.why:
            found.append(f"{a.id}: status {a.status} says why")
    return found


def shown_in(code: str, api: str) -> bool:
    """Whether example code writes the API: its last dotted name (``ix`` of ``DataFrame.ix``),
    or the word of a parameter (``normed=``), as a whole word."""
    parts = api.replace("(", ".").replace(")", "").replace("=", "").split(".")
    words = [w.strip() for w in parts if w.strip()][-1:]
    return any(re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", code) for w in words)


def table(rows: Sequence[Totals]) -> str:
    lines = [
        "| library | extracted | rule | environment | compat | no automatic fix | not yet "
        "classified | not reachable | harmless | handled / reachable |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for t in rows:
        c = t.counts
        cov = t.coverage()
        pct = "-" if cov is None else f"{100 * cov:.0f}% ({t.handled} / {t.reachable})"
        name = f"**{t.library}**" if t.library == "all" else t.library
        lines.append(
            f"| {name} | {t.items} | {c['rule']} | {c['environment']} | {c['compat']} | "
            f"{c['none']} | {c['open']} | {c['unreachable']} | {c['harmless']} | {pct} |"
        )
    return "\n".join(lines)
