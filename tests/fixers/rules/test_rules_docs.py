"""A rule's documentation: ``mlemodernizer rules ID`` prints it, docs/rules.md collects it."""

from __future__ import annotations

import json
from pathlib import Path

from mlemodernizer.fixers.rules import all_rules, get_rule
from mlemodernizer.fixers.rules.docs import COMMAND, DOCS, main, rules_markdown

from ...conftest import REPO, run_cli


def test_docs_rules_md_is_up_to_date() -> None:
    assert DOCS == REPO / "docs" / "rules.md"
    assert DOCS.read_text(encoding="utf-8") == rules_markdown(), f"stale: run {COMMAND}"


def test_the_docs_script_writes_and_checks(tmp_path: Path, capsys) -> None:
    out = tmp_path / "rules.md"
    assert main(["--check", "--out", str(out)]) == 1  # missing
    assert main(["--out", str(out)]) == 0
    assert main(["--check", "--out", str(out)]) == 0
    out.write_text(out.read_text().replace("SKL001", "SKL999", 1))
    assert main(["--check", "--out", str(out)]) == 1
    assert f"is stale: run {COMMAND}" in capsys.readouterr().err
    text = rules_markdown()
    for rule in all_rules():  # every rule has its section, the loop rules too
        assert f'<a id="{rule.id.lower()}"></a>\n\n### {rule.id}: {rule.message}\n' in text


def test_rules_id_prints_the_full_documentation() -> None:
    proc = run_cli("rules", "SKL001")
    assert proc.returncode == 0, proc.stderr
    doc = proc.stdout
    rule = get_rule("SKL001")
    assert doc.startswith(f"# SKL001: {rule.message}\n")
    assert "library: scikit-learn · changed in: 0.20 · safety: SAFE" in doc
    sections = ["What it does", "Why", "Version", "Safety", "Example 1", "Errors it answers"]
    positions = [doc.index(f"\n## {s}\n") for s in sections]
    assert positions == sorted(positions)
    assert "Changed in scikit-learn 0.20." in doc and "SAFE: the rewrite is mechanical" in doc
    for before, after in rule.examples:
        assert f"```python\n{before}\n```\n\nBecomes:\n\n```python\n{after}\n```" in doc

    loop = run_cli("rules", "ipy900")  # ids in any case; a loop rule has its page too
    assert loop.returncode == 0 and loop.stdout.startswith("# IPY900: ")
    assert "## Applied by\n\n`mlemodernizer.fixers.magics`" in loop.stdout

    data = json.loads(run_cli("rules", "PY2900", "--json").stdout)
    assert (
        data["applied_by"] == "mlemodernizer.fixers.relative_imports" and data["pack"] == "python2"
    )
    assert data["examples"] == [list(get_rule("PY2900").examples[0])]


def test_rules_lists_ids_with_a_summary_and_refuses_an_unknown_id() -> None:
    proc = run_cli("rules")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    rules = all_rules()
    assert [line.split()[0] for line in lines] == [r.id for r in rules]
    assert lines[0].endswith(rules[0].message) and f"{len(rules)} rules" in proc.stderr

    prefix = run_cli("rules", "NPY00")
    assert [line.split()[0] for line in prefix.stdout.splitlines()] == [
        f"NPY00{n}" for n in range(1, 10)
    ]
    unknown = run_cli("rules", "NOPE001")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr.strip() == (
        "mlemodernizer: error: no rule NOPE001: `mlemodernizer rules` lists them"
    )
