"""A rule's documentation, written from its own fields (as ``ruff rule`` does): what it finds and
writes, why the old code broke, the version that broke it, how safe the rewrite is, and its
before/after examples (the same ones its fixture test runs).

``mlemodernizer rules ID`` prints one; ``python -m mlemodernizer.fixers.rules.docs`` writes
``docs/rules.md`` from the built-in packs (``--check``: exit 1 if the file is stale).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from .catalogue import all_rules, get_rule, pack_of, packs
from .model import MANUAL, REVIEW, SAFE, SAFE_IF, Rule
from .packs import RulePack

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
COMMAND = "python -m mlemodernizer.fixers.rules.docs"

SAFETY = {
    SAFE: "the rewrite is mechanical and behaviour-identical: it is applied automatically where "
    "the installed library no longer has the old API.",
    SAFE_IF: "the rewrite is exact only when a condition holds; it is applied where the engine "
    "proves it, and otherwise reported (or proposed for review after an error it answers).",
    REVIEW: "the rewritten code runs again, but its numbers may change: it is proposed for review "
    "after an error it answers, never applied silently.",
    MANUAL: "there is no one-to-one replacement: it is reported with guidance, never rewritten.",
}


def rule_doc(rule: Rule, pack: RulePack | None = None, *, level: int = 1) -> str:
    """The rule's full documentation, as Markdown (its title a heading of ``level``)."""
    lib = _library(rule.library)

    def heading(text: str) -> list[str]:
        return [f"{'#' * (level + 1)} {text}", ""]

    out = [f"{'#' * level} {rule.id}: {rule.message}", ""]
    facts = [f"library: {lib}", f"changed in: {rule.changed_in or '-'}", f"safety: {rule.safety}"]
    if rule.silent:
        facts.append("⚠ silent")
    if rule.catalogue:
        facts.append(f"catalogue: {rule.catalogue}")
    if pack is not None:
        facts.append(f"pack: {pack.name} ({'built-in' if pack.builtin else pack.distribution})")
    out += [" · ".join(facts), ""]

    out += [*heading("What it does"), _what(rule), ""]
    out += [*heading("Why"), _why(rule, lib), ""]
    out += [*heading("Version"), _version(rule, lib), ""]
    out += [*heading("Safety"), _safety(rule)]
    if rule.condition:
        out += ["", f"Condition: {rule.condition}."]
    out.append("")
    for n, (before, after) in enumerate(rule.examples, 1):
        out += heading("Example" if len(rule.examples) == 1 else f"Example {n}")
        out += [_code(before), ""]
        if after is None:
            out += ["Reported, not rewritten.", ""]
        else:
            out += ["Becomes:", "", _code(after), ""]
    if rule.stored_result:
        out += heading("Stored result")
        out += [
            "The rule reads the notebook's stored outputs: in the example, the last cell had "
            "stored this result when the notebook was saved:",
            "",
            f"```text\n{rule.stored_result.rstrip(chr(10))}\n```",
            "",
        ]
    if rule.signatures:
        out += heading("Errors it answers")
        out += [
            "After a run, the rule is picked for a cell whose error (`ename: evalue`) matches:",
            "",
        ]
        out += [f"- {_inline(sig)}" for sig in rule.signatures] + [""]
    if rule.applied_by:
        out += heading("Applied by")
        out += [
            f"`{rule.applied_by}`, in the fix loop after a run's error, not by the rules engine: "
            "`lint` does not report it and `--select` does not pick it.",
            "",
        ]
    return "\n".join(out).rstrip("\n") + "\n"


def summary_line(rule: Rule) -> str:
    """One line for listings: id, library, version, safety, message."""
    return f"{rule.id:8} {rule.library:16} {rule.changed_in:8} {rule.safety:7} {rule.message}"


def catalogue_markdown(rules: Iterable[Rule] | None = None, *, links: bool = False) -> str:
    """The catalogue as a Markdown table (``links``: ids link to their section below)."""
    lines = [
        "| id | library | changed in | safety | ⚠ | catalogue | message |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rules if rules is not None else all_rules():
        rid = f"[{r.id}](#{r.id.lower()})" if links else r.id
        safety = r.safety + (" (pin)" if r.pin else "")
        message = r.message.replace("|", "\\|")
        silent = "⚠" if r.silent else ""
        lines.append(
            f"| {rid} | {r.library} | {r.changed_in or '-'} | {safety} | {silent} | {r.catalogue} "
            f"| {message} |"
        )
    return "\n".join(lines) + "\n"


def rules_markdown(selected: Iterable[RulePack] | None = None) -> str:
    """``docs/rules.md``: an index of every rule, then each rule's documentation by pack."""
    chosen = list(selected) if selected is not None else packs(installed=False)
    rules = sorted((r for p in chosen for r in p.rules), key=lambda r: r.id)
    out = [
        "# Rules",
        "",
        f"<!-- generated by `{COMMAND}` from the rules themselves; do not edit -->",
        "",
        f"{len(rules)} rules in {len(chosen)} packs, one per library (`mlemodernizer/fixers/rules/"
        "libraries/`). `mlemodernizer rules ID` prints one of them, `mlemodernizer lint NOTEBOOK` "
        "reports where they apply. In the examples, a `# %%` line starts another cell. Safety "
        "levels:",
        "",
    ]
    out += [f"- **{level}**: {text}" for level, text in SAFETY.items()]
    out += ["", catalogue_markdown(rules, links=True)]
    for pack in chosen:
        out += [f"## Pack `{pack.name}`", ""]
        if pack.doc:
            out += [pack.doc, ""]
        for rule in sorted(pack.rules, key=lambda r: r.id):
            out += [f'<a id="{rule.id.lower()}"></a>', "", rule_doc(rule, pack, level=3)]
    return "\n".join(out).rstrip("\n") + "\n"


def doc_for(rule_id: str) -> str:
    """``mlemodernizer rules ID``: the documentation of the rule with that id (KeyError: none)."""
    rule = get_rule(rule_id.upper())
    return rule_doc(rule, pack_of(rule.id))


def _library(library: str) -> str:
    return "Python" if library == "python" else library


def _what(rule: Rule) -> str:
    if all(after is None for _, after in rule.examples):
        return (
            "It finds the old code and reports it, without rewriting it; what to write instead: "
            f"{rule.replacement}."
        )
    return f"It finds the old code and rewrites it: {rule.replacement}."


def _safety(rule: Rule) -> str:
    if rule.pin:
        return (
            f"{rule.safety}, pin: it pins an old default to get the old results back. `lint` "
            "reports it; the rewrite is applied only when old results are asked for "
            "(`--pin-old-defaults`)."
        )
    if rule.applied_by and rule.safety == SAFE:
        return (
            f"{SAFE}: the rewrite changes no result; it is applied when a run's error calls for "
            "it (see Applied by)."
        )
    return f"{rule.safety}: {SAFETY[rule.safety]}"


def _why(rule: Rule, lib: str) -> str:
    if rule.why:
        return rule.why
    if rule.silent:
        return (
            f"Code written for {lib} before {rule.changed_in} can still run after it but give "
            "different results, with no error to say so (⚠ silent)."
        )
    if rule.signatures:
        return (
            f"Code written for {lib} before {rule.changed_in} fails after it: the old spelling "
            "raises an error (the ones this rule answers are listed below)."
        )
    return f"Code written for {lib} before {rule.changed_in} no longer works as written after it."


def _version(rule: Rule, lib: str) -> str:
    if not rule.changed_in:
        return "Not a version change: it depends on what the environment has."
    if rule.applied_by:
        return f"Changed in {lib} {rule.changed_in}."
    text = (
        f"Changed in {lib} {rule.changed_in}. The rule applies where the installed {lib} is "
        f"{rule.changed_in} or newer"
    )
    if rule.restored_in:
        text += f" and older than {rule.restored_in} (the old API came back there)"
    if rule.signatures:
        return text + "; where it is not installed, only after an error the rule answers."
    return text + "."


def _inline(code: str) -> str:
    return f"`` {code} ``" if "`" in code else f"`{code}`"


def _code(source: str) -> str:
    return f"```python\n{source}\n```"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="write docs/rules.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is stale")
    parser.add_argument("--out", type=Path, default=DOCS)
    args = parser.parse_args(argv)
    text = rules_markdown()
    current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
    if args.check:
        if current != text:
            print(f"{args.out} is stale: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
