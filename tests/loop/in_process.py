"""An executor that runs a notebook's code cells in this process (``exec`` in one namespace per
run, stdout captured as the cell's output): the loop's steps driven without a kernel, in a
second. Real code runs (``np.float`` really fails on today's numpy); what a kernel adds (a
resumed kernel, a probe, magics, timeouts) is not here, so tests of those use the real
executors."""

from __future__ import annotations

import contextlib
import copy
import io
import random
import time
import traceback
from importlib import metadata

from nbformat.v4 import new_output

from mlemodernizer.execution.base import CellError, CellRun, ExecutionRequest, ExecutionResult


class InProcessExecutor:
    name = "in-process"

    def __init__(self) -> None:
        self.requests: list[ExecutionRequest] = []

    def execute(self, request: ExecutionRequest) -> ExecutionResult:
        self.requests.append(request)
        executed = copy.deepcopy(request.nb)
        namespace: dict[str, object] = {"__name__": "__main__"}
        if request.seed is not None:
            random.seed(request.seed)
        cells: list[CellRun] = []
        errors: list[CellError] = []
        started = time.monotonic()
        count = 0
        for index, cell in enumerate(executed.cells):
            if cell.cell_type != "code":
                continue
            count += 1
            cell.execution_count = count
            if request.on_cell_start:
                request.on_cell_start(index, cell.get("id", ""))
            out, began, error = io.StringIO(), time.monotonic(), None
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(cell.source, f"<cell {index}>", "exec"), namespace)
            except Exception as exc:
                error = CellError(
                    index,
                    cell.get("id", ""),
                    type(exc).__name__,
                    str(exc),
                    "".join(traceback.format_exception(exc)),
                )
            cell.outputs = (
                [new_output("stream", name="stdout", text=out.getvalue())] if out.getvalue() else []
            )
            if error is not None:
                cell.outputs.append(
                    new_output(
                        "error",
                        ename=error.ename,
                        evalue=error.evalue,
                        traceback=error.traceback.splitlines(),
                    )
                )
                errors.append(error)
            run = CellRun(index, cell.get("id", ""), time.monotonic() - began, error)
            cells.append(run)
            if request.on_cell:
                request.on_cell(run)
        return ExecutionResult(
            executed=executed,
            cells=cells,
            errors=errors,
            runtime_s=time.monotonic() - started,
        )

    def installed_versions(self) -> dict[str, str]:
        return {d.metadata["Name"].lower(): d.version for d in metadata.distributions()}

    def close(self) -> None:
        pass
