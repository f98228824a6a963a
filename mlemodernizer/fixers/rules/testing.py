"""Helpers to run rules over bits of code (rule examples, tests, docs)."""

from __future__ import annotations

import nbformat
from nbformat import NotebookNode

from .catalogue import select_rules
from .engine import PassResult, Policy, RuleIndex, run_pass

CELL_SEPARATOR = "\n# %%\n"


def notebook_of(cells: list[str] | str) -> NotebookNode:
    """A notebook from cell sources (a string is split on ``# %%`` lines)."""
    if isinstance(cells, str):
        cells = cells.split(CELL_SEPARATOR)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    return nb


def rewrite(
    cells: list[str] | str,
    select: list[str] | None = None,
    policy: Policy | None = None,
    stored_result: str = "",
) -> tuple[list[str], PassResult]:
    """The cells after one pass of the selected rules (default policy: apply every fix);
    ``stored_result``: the text result the last cell had stored when the notebook was saved."""
    nb = notebook_of(cells)
    if stored_result:
        nb.cells[-1].outputs = [
            nbformat.v4.new_output(
                "execute_result", data={"text/plain": stored_result}, execution_count=1
            )
        ]
    result = run_pass(nb, RuleIndex(select_rules(select)), policy or Policy(everything=True))
    new = {c.index: c.new_source for c in result.cells}
    return [new.get(i, cell.source) for i, cell in enumerate(nb.cells)], result


def rewrite_example(before: str, rule_id: str, stored_result: str = "") -> str:
    cells, _ = rewrite(before, [rule_id], stored_result=stored_result)
    return CELL_SEPARATOR.join(cells)
