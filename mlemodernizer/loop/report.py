"""The run report: the CLI's ``--json`` output, ``job_finished``'s report and the provenance.

Its shapes (``Report``, ``RunSummary``, ``IterationRecord``) are the contract's
(``contracts/shapes.py``); here is how the loop fills them.
"""

from __future__ import annotations

import difflib

from ..contracts.notebook import shown_cell_number
from ..contracts.shapes import RunSummary
from ..execution.base import ExecutionResult


def summarize_run(result: ExecutionResult, score: float | None) -> RunSummary:
    """One run as the report and the prompts tell it (the failing cells are the judge's)."""
    first = result.first_error
    return RunSummary(
        error_cells=len({e.cell_index for e in result.errors}),
        # people read cell numbers as JupyterLab counts them: from 1
        first_error=(
            f"cell {shown_cell_number(first.cell_index)}: {first.summary()}" if first else None
        ),
        runtime_s=round(result.runtime_s, 3),
        score=score,
        timed_out=result.timed_out,
        kernel_died=result.kernel_died,
        errors=[f"cell {shown_cell_number(e.cell_index)}: {e.summary()}" for e in result.errors],
    )


def edit_similarity(a: str, b: str) -> float:
    return round(difflib.SequenceMatcher(None, a, b).ratio(), 4)
