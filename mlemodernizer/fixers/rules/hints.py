"""What the rules catalogue knows of a failing name, as hints for the grounding probe: the rules
whose error signatures match the error, their message and the names their fixed examples write
(the probe keeps those the module or class really has). A general lookup over the rules'
metadata, no table per name; the job hands it to ``environment.grounding.build_probe``."""

from __future__ import annotations

import re
from typing import Any

from .catalogue import all_rules

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def _rule_names(texts: list[str]) -> list[str]:
    """Names written as code in a rule's text: ``.to_numpy()``, ``PCA(``, ``gs.cv_results_``."""
    names: list[str] = []
    for text in texts:
        text = re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)  # words in string literals are data
        for m in re.finditer(rf"\.\s*({_IDENT})|\b({_IDENT})\s*\(|import\s+({_IDENT})", text):
            n = next(g for g in m.groups() if g)
            if n not in names:
                names.append(n)
    return names


def catalogue_hints(summary: str, old: str) -> list[dict[str, Any]]:
    """The catalogue rules whose error signatures match ``summary`` ("ename: evalue"): their
    message and the names their replacement and fixed examples write (the probe keeps those the
    module or class really has). A general lookup over the rules' metadata, no table per name."""
    hints: list[dict[str, Any]] = []
    for rule in all_rules():
        if not rule.matches_error(summary):
            continue
        # what the fixed examples write that their originals did not, after the rule's words
        new_in_examples = [
            n
            for before, after in rule.examples
            if after
            for n in _rule_names([after])
            if n not in _rule_names([before])
        ]
        names = []
        for n in _rule_names([rule.message, rule.replacement]) + new_in_examples:
            if n != old and n not in names:
                names.append(n)
        said = [n for n in _rule_names([rule.message]) if n != old]
        hints.append(
            {"rule": rule.id, "message": rule.message[:200], "names": names[:20], "said": said}
        )
        if len(hints) >= 2:
            break
    return hints
