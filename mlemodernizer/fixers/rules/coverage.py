"""Coverage from the source: what each library announced it removed, renamed or changed (its
release notes, migration guides and changelogs), and how mlemodernizer answers each item.

A rule pack may ship a list beside it: ``<pack>.coverage.toml`` next to the pack's module (or a
``COVERAGE`` path in the module). Each ``[[items]]`` entry is one announced change an old notebook
can hit: the ``release`` that made it, the ``api``, what it does ``today`` (the error or the
behaviour), the ``source`` (the release note, cited, not copied) and its ``status``:

- ``rule``: catalogue rules answer it (``rules``: their ids; their examples show the API);
- ``environment``: the environment family answers it from what the installed library says
  (``example``: a snippet that fails today; ``tests/fixers/rules/test_coverage.py`` runs every one
  of them through ``--fixers environment`` and checks that it runs after);
- ``compat``: a switch the library itself offers restores the old behaviour, applied by a REVIEW
  rule placed after the import (``rules``; ``switch``: the setting);
- ``none``: no automatic fix (``reason``, and the ``advice`` the report gives).

:func:`problems` checks every list against the catalogue; ``docs/coverage.md`` is generated from
the lists (``python -m mlemodernizer.fixers.rules.coverage``); ``mlemodernizer rules --coverage``
prints the totals.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .extracted import shown_in

STATUSES = ("rule", "environment", "compat", "none")
COVERED = ("rule", "environment", "compat")
KINDS = ("removed", "renamed", "moved", "signature", "default", "behaviour")
DOCS = Path(__file__).resolve().parents[3] / "docs" / "coverage.md"
COMMAND = "python -m mlemodernizer.fixers.rules.coverage"
_REQUIRED = ("id", "release", "api", "kind", "today", "status", "source")


class CoverageError(ValueError):
    """A coverage list that cannot be read."""


@dataclass(frozen=True)
class Item:
    id: str
    release: str
    api: str
    kind: str
    today: str
    status: str
    source: str
    rules: tuple[str, ...] = ()
    example: str = ""  # environment: a snippet that fails today
    switch: str = ""  # compat: the library's own setting
    reason: str = ""  # none: why no automatic fix
    advice: str = ""  # none: what the report tells the user


@dataclass(frozen=True)
class CoverageList:
    library: str
    distribution: str
    path: Path
    items: tuple[Item, ...] = field(default_factory=tuple)

    def count(self, status: str) -> int:
        return sum(1 for i in self.items if i.status == status)

    @property
    def covered(self) -> int:
        return sum(1 for i in self.items if i.status in COVERED)


def load(path: Path) -> CoverageList:
    """Read one list; a malformed one is a :class:`CoverageError` naming the file and item."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CoverageError(f"{path}: {exc}") from None
    for key in ("library", "distribution"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise CoverageError(f"{path}: needs a {key}")
    items = []
    for n, raw in enumerate(data.get("items", []), start=1):
        where = f"{path}: item {n} ({raw.get('id', '?')})"
        missing = [k for k in _REQUIRED if not isinstance(raw.get(k), str) or not raw[k]]
        if missing:
            raise CoverageError(f"{where}: needs {', '.join(missing)}")
        unknown = set(raw) - {f for f in Item.__dataclass_fields__}
        if unknown:
            raise CoverageError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        if raw["status"] not in STATUSES:
            raise CoverageError(f"{where}: status is one of {', '.join(STATUSES)}")
        if raw["kind"] not in KINDS:
            raise CoverageError(f"{where}: kind is one of {', '.join(KINDS)}")
        items.append(Item(**{**raw, "rules": tuple(raw.get("rules", ()))}))
    ids = [i.id for i in items]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise CoverageError(f"{path}: duplicate item id(s) {', '.join(dupes)}")
    return CoverageList(data["library"], data["distribution"], path, tuple(items))


def list_path(module_name: str) -> Path | None:
    """The coverage list a pack's module ships: its ``COVERAGE`` attribute, else the file
    ``<module>.coverage.toml`` beside it."""
    module = importlib.import_module(module_name)
    declared = getattr(module, "COVERAGE", None)
    if declared:
        return Path(declared)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    candidate = Path(file).with_suffix(".coverage.toml")
    return candidate if candidate.exists() else None


def coverage_lists() -> list[CoverageList]:
    """Every list the installed rule packs ship, in pack order."""
    from .catalogue import packs

    out = []
    for pack in packs():
        path = list_path(pack.module)
        if path is not None:
            out.append(load(path))
    return out


def problems(lists: Sequence[CoverageList]) -> list[str]:
    """What does not hold: a rule id that is not in the catalogue, rules whose examples never
    show the item's API, an item without its example, switch, reason or advice."""
    from .catalogue import all_rules

    rules = {r.id: r for r in all_rules()}
    found: list[str] = []
    for cov in lists:
        for item in cov.items:
            where = f"{cov.library} {item.id}"
            if item.status in ("rule", "compat"):
                if not item.rules:
                    found.append(f"{where}: status {item.status} names no rule")
                unknown = [r for r in item.rules if r not in rules]
                if unknown:
                    found.append(f"{where}: no rule {', '.join(unknown)}")
                examples = " ".join(
                    before for r in item.rules if r in rules for before, _ in rules[r].examples
                )
                if item.rules and not unknown and not shown_in(examples, item.api):
                    found.append(f"{where}: the examples of {', '.join(item.rules)} never show "
                                 f"{item.api}")  # fmt: skip
            if item.status == "compat" and not item.switch:
                found.append(f"{where}: a compat item names its switch")
            if item.status == "environment" and not item.example:
                found.append(f"{where}: an environment item gives the example that proves it")
            if item.status == "none" and not (item.reason and item.advice):
                found.append(f"{where}: no automatic fix needs a reason and advice")
    return found


def totals_table(lists: Sequence[CoverageList]) -> str:
    lines = [
        "| library | items | rule | environment | compat | no automatic fix | covered |",
        "|---|---|---|---|---|---|---|",
    ]
    all_items = covered = 0
    for cov in lists:
        n = len(cov.items)
        all_items += n
        covered += cov.covered
        lines.append(
            f"| {cov.library} | {n} | {cov.count('rule')} | {cov.count('environment')} | "
            f"{cov.count('compat')} | {cov.count('none')} | {_pct(cov.covered, n)} |"
        )
    lines.append(f"| **all** | {all_items} | | | | | **{_pct(covered, all_items)}** |")
    return "\n".join(lines)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def markdown(lists: Sequence[CoverageList]) -> str:
    out = [
        "# Coverage: what the libraries announced, and how mlemodernizer answers it",
        "",
        f"<!-- generated by `{COMMAND}` from the lists beside the rule packs; do not edit -->",
        "",
        "Each library's release notes, migration guides and changelogs list what it removed,",
        "renamed or changed. Every item an old notebook can hit is listed beside the library's",
        "rule pack (`mlemodernizer/fixers/rules/libraries/*.coverage.toml`) with how it is",
        "answered: a catalogue **rule**, the **environment** family (from what the installed",
        "library says about itself; its example is run by the tests), a **compat** switch the",
        "library offers (a REVIEW rule), or **no automatic fix** (why, and the advice given).",
        "",
        totals_table(lists),
        "",
        *_extracted_section(lists),
    ]
    for cov in lists:
        out += [f"## {cov.library}", "", "| release | API | today | answer |", "|---|---|---|---|"]
        for item in cov.items:
            out.append(
                f"| {item.release} | `{_cell(item.api)}` | {_cell(item.today)} | "
                f"{_cell(_answer(item))} |"
            )
        out.append("")
    return "\n".join(out)


def _extracted_section(lists: Sequence[CoverageList]) -> list[str]:
    """The denominator from the source: every item a program took from the release notes
    (``benchmarks/coverage/extract.py``), how each is answered (``extracted/*.jsonl``), the
    hand-listed count beside it, and the items per version."""
    from . import extracted

    answers = extracted.load()
    rows = extracted.totals(answers)
    hand = {c.library.lower(): len(c.items) for c in lists}
    out = [
        "## Against the release notes themselves",
        "",
        "The lists above were chosen by hand. `benchmarks/coverage/extract.py` takes every item",
        "that removes, renames or changes something from the libraries' own release-notes files",
        "(how, and which copies: `benchmarks/coverage/README.md`); each is answered in",
        "`mlemodernizer/fixers/rules/extracted/<library>.jsonl`: a rule, the environment family,",
        "a compat switch, no automatic fix (reachable, not handled), not reachable from a",
        "notebook (internals, C API, build), harmless (code written for the old version runs the",
        "same today: a deprecation not yet removed, an addition), or not yet classified (counted",
        "as reachable and not handled). Coverage = handled / reachable.",
        "",
        extracted.table(rows),
        "",
        "| library | extracted items | hand-listed items |",
        "|---|---|---|",
        *(
            f"| {t.library} | {t.items} | {hand.get(t.library.lower(), '-')} |"
            for t in rows
            if t.library != "all"
        ),
        "",
        "Extracted items per version:",
        "",
    ]
    per_version = Counter((a.library, a.version) for a in answers)
    for t in rows[:-1]:
        versions = {v: n for (lib, v), n in per_version.items() if lib == t.library}
        ordered = sorted(versions, key=lambda v: tuple(int(x) for x in v.split(".")))
        out.append(f"- **{t.library}**: " + ", ".join(f"{v} {versions[v]}" for v in ordered))
    return [*out, ""]


def _answer(item: Item) -> str:
    if item.status == "rule":
        return "rule " + ", ".join(item.rules)
    if item.status == "compat":
        return f"compat `{item.switch}` ({', '.join(item.rules)})"
    if item.status == "environment":
        return "environment family"
    return f"no automatic fix: {item.reason} Advice: {item.advice}"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="write docs/coverage.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if it is stale")
    parser.add_argument("--out", type=Path, default=DOCS)
    args = parser.parse_args(argv)
    text = markdown(coverage_lists())
    current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
    if args.check:
        if current != text:
            print(f"{args.out} is stale: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
