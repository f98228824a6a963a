"""The rules against the eroded-notebook corpus (benchmarks/corpus/), statically: every catalogue
row a notebook was eroded with is found by a rule, and the rules-fixable notebooks are rewritten
by the prepass or by the rules their errors point at. (Executing them is the corpus test's job.)
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.fixers.rules import all_rules, lint

from ...conftest import REPO

CORPUS = REPO / "benchmarks" / "corpus"
NOTEBOOKS = sorted(p for p in CORPUS.glob("[0-9][0-9][0-9]_*.ipynb") if "." not in p.stem)
META_KEY = "mlemodernizer_corpus"
ROW_OF = {r.id: set(r.catalogue.split()) for r in all_rules()}

pytestmark = pytest.mark.skipif(not NOTEBOOKS, reason="no corpus in benchmarks/corpus")


def _read(path: Path) -> tuple[nbformat.NotebookNode, dict]:
    nb = nbformat.read(path, as_version=4)
    meta = json.loads(json.dumps(nb.metadata.pop(META_KEY)))
    return nb, meta


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_eroded_row_is_found(path: Path) -> None:
    nb, meta = _read(path)
    if not meta["rules_fixable"]:
        pytest.skip("needs review, a person or an LLM")
    found = {row for f in lint(nb) for row in ROW_OF[f.rule_id]}
    for row in meta["catalogue"]:
        if row.startswith("PY"):  # section 12 has no row ids in the catalogue
            assert "§12" in found, (row, found)
        else:
            assert row in found, (row, sorted(found))
