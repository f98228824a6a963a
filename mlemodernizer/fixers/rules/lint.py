"""``lint``: rule findings for a notebook without changing it."""

from __future__ import annotations

from nbformat import NotebookNode

from .catalogue import select_rules
from .engine import Policy, run_pass
from .gating import active_index, gates_for, resolve_versions
from .model import Finding


def lint(
    nb: NotebookNode,
    *,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    versions: dict[str, str] | None = None,
) -> list[Finding]:
    """Findings for ``nb``, ordered by cell, line and column.

    ``versions`` (distribution name → version) says which environment to judge against; None
    detects this Python's. Rules whose old API still exists there are not reported; rules for
    libraries that are not installed are.
    """
    rules = select_rules(select, ignore)
    known = resolve_versions(versions, rules)
    gates = gates_for(rules, known)
    result = run_pass(nb, active_index(rules, gates), Policy(gates=gates), positions=True)
    findings = [
        Finding(
            cell_index=cell_index,
            line=hit.line,
            col=hit.col,
            rule_id=hit.rule.id,
            message=hit.message,
            safety=hit.rule.safety,
            fixable=hit.fixable,
            proven=hit.proven,
        )
        for cell_index, hit in result.hits
    ]
    findings.sort(key=lambda f: (f.cell_index, f.line, f.col, f.rule_id))
    return findings
