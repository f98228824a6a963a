"""Shared test doubles: the FixContext the loop hands a fixer, built over sane defaults.

    from ..fakes import fix_context          # (``...fakes`` one folder deeper)

    fix_context(nb, errors=[err], versions={"numpy": "2.4.6"})
    fix_context(nb, result=run, fix_type=FixType.RUNTIME_REDUCTION, timeout_s=40)
    fix_context()                            # one cell failing on a removed numpy alias

No test fakes an executor: the executors' tests run real kernels (marked ``kernel``) and the
fixers' tests hand a fixer a FixContext with the run's result in it, as the loop does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.execution.base import CellError, ExecutionResult
from mlemodernizer.fixers.base import FixContext, FixType

FAILING_SOURCE = "import numpy as np\nx = np.float(1)"
FAILING_EVALUE = "module 'numpy' has no attribute 'float'."


def failing_notebook() -> tuple[nbformat.NotebookNode, CellError]:
    """A one-cell notebook and the error its run raised (NumPy 2 removed ``np.float``)."""
    nb = new_notebook(cells=[new_code_cell(FAILING_SOURCE)])
    ensure_cell_ids(nb)
    tb = f"----> 2 x = np.float(1)\nAttributeError: {FAILING_EVALUE}"
    return nb, CellError(0, nb.cells[0].id, "AttributeError", FAILING_EVALUE, tb)


def fix_context(
    nb: nbformat.NotebookNode | None = None,
    *,
    errors: Iterable[CellError] | None = None,
    result: ExecutionResult | None = None,
    original: nbformat.NotebookNode | None = None,
    fix_type: FixType = FixType.ERROR_REPAIR,
    timeout_s: float = 600.0,
    **fields: Any,
) -> FixContext:
    """What the loop hands a fixer after running ``nb``: error repair, ``nb`` as the original
    too, a 600 s run limit; the run is ``result``, or ``nb`` executed with ``errors`` (none by
    default). Any other FixContext field (``versions``, ``modules``, ``target_score``, ...) as a
    keyword. Without ``nb``: :func:`failing_notebook` and its error."""
    if result is not None and errors is not None:
        raise TypeError("give the run's errors or its whole result, not both")
    if nb is None:
        nb, error = failing_notebook()
        if result is None and errors is None:
            errors = [error]
    if result is None:
        result = ExecutionResult(executed=nb, errors=list(errors or ()))
    return FixContext(
        fix_type=fix_type,
        notebook=nb,
        original=nb if original is None else original,
        result=result,
        timeout_s=timeout_s,
        **fields,
    )
