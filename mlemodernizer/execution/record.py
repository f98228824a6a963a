"""One run's bookkeeping, the same for every executor.

Papermill keeps this apart from its engines (``NotebookExecutionManager``); so do we: an executor
drives a kernel (here, or in a container) and tells a :class:`RunRecorder` what happened; the
recorder owns the notebook copy the run fills, the outputs a resumed run keeps, each finished cell
recorded and reported to ``on_cell``, and the error a stopped cell ends with (a time limit, a dead
kernel), so both executors say these things in the same words.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from nbformat import NotebookNode

from ..contracts.notebook import output_texts
from .base import CellError, CellRun, ExecutionRequest, ExecutionResult
from .noise import without_noise

ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# the line the grounding probe prints its facts on (see grounding.build_probe)
FACTS_MARKER = "__MLEM_FACTS__"
# the probe's own budgets end it first (grounding 6 s; the environment family 60 s, index
# walks included): this only guards against a kernel that never answers
PROBE_TIMEOUT_S = 75.0
# the running cell's output as progress: its last lines, at most once a second
OUTPUT_EVERY_S = 1.0
TAIL_LINES = 6
TAIL_CHARS = 1200


def strip_ansi(text: str) -> str:
    return ANSI_RE.sub("", text)


def error_from_outputs(cell: NotebookNode, index: int) -> CellError | None:
    for out in cell.get("outputs", []):
        if out.get("output_type") == "error":
            return CellError(
                cell_index=index,
                cell_id=cell.get("id", ""),
                ename=out.get("ename", ""),
                evalue=strip_ansi(out.get("evalue", "")),
                traceback=strip_ansi("\n".join(out.get("traceback", []))),
            )
    return None


def output_tail(cell: NotebookNode, lines: int = TAIL_LINES, chars: int = TAIL_CHARS) -> str:
    """The last lines a cell printed so far (streams and plain-text results, ANSI stripped);
    a progress bar's carriage returns keep only what the terminal would show."""
    parts: list[str] = []
    for kind, text in output_texts(cell):
        if kind == "stderr":
            text = without_noise(text)
        elif kind != "stdout":
            text += "\n"
            if parts and not parts[-1].endswith("\n"):
                text = "\n" + text  # a result shows on a line of its own
        parts.append(text)
    shown = [line.rsplit("\r", 1)[-1] for line in strip_ansi("".join(parts)).split("\n")]
    while shown and not shown[-1].strip():
        shown.pop()
    return "\n".join(shown[-lines:])[-chars:]


def parse_facts(text: str) -> dict[str, Any]:
    """The probe's facts from what it printed, merged over its facts lines (each family of
    questions prints its own); {} when it printed none (a garbled line is skipped)."""
    merged: dict[str, Any] = {}
    for line in text.splitlines():
        if line.startswith(FACTS_MARKER):
            try:
                facts = json.loads(line[len(FACTS_MARKER) :])
            except json.JSONDecodeError:
                continue
            if isinstance(facts, dict):
                merged.update(facts)
    return merged


class RunRecorder:
    """The result of one ``execute`` as it is filled in.

    ``kept``: the notebook the kept kernel ran last, when this run resumes in that kernel (from
    ``request.start_at``); the cells before the resume point keep what they showed then. None: a
    fresh run, every code cell starts empty."""

    def __init__(self, request: ExecutionRequest, kept: NotebookNode | None = None) -> None:
        self.request = request
        resume = kept is not None and request.start_at > 0
        self.start = request.start_at if resume else 0
        nb = copy.deepcopy(request.nb)
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if kept is not None and index < self.start and index < len(kept.cells):
                cell.outputs = copy.deepcopy(kept.cells[index].get("outputs", []))
                cell.execution_count = kept.cells[index].get("execution_count")
            else:
                cell.outputs = []
                cell.execution_count = None
        self.result = ExecutionResult(executed=nb, resumed_from=self.start if resume else None)
        self._running: int | None = None  # the cell that runs now
        self._told, self._told_at = "", 0.0  # its output as last reported, and when

    @property
    def nb(self) -> NotebookNode:
        return self.result.executed

    def restarted(self) -> None:
        """The kept kernel had gone: every cell runs anew in a fresh one."""
        self.result.resumed_from = None
        for cell in self.nb.cells[: self.start]:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        self.start = 0

    def cell_started(self, index: int) -> None:
        """Cell ``index`` starts: tell ``on_cell_start``; its output is watched from now."""
        self._running, self._told, self._told_at = index, "", 0.0
        if self.request.on_cell_start is not None:
            self.request.on_cell_start(index, self.nb.cells[index].get("id", ""))

    def poll_output(self, now: float) -> None:
        """Tell ``on_output`` the running cell's last lines when they changed, at most once per
        OUTPUT_EVERY_S (``now``: a monotonic clock); the executor calls it as it waits."""
        index = self._running
        if index is None or self.request.on_output is None:
            return
        if now - self._told_at < OUTPUT_EVERY_S:
            return
        tail = output_tail(self.nb.cells[index])
        if tail and tail != self._told:
            self._told, self._told_at = tail, now
            self.request.on_output(index, tail)

    def record(self, run: CellRun) -> None:
        """A cell has finished: keep it, keep its error, tell ``on_cell``."""
        self._running = None
        self.result.cells.append(run)
        if run.error is not None:
            self.result.errors.append(run.error)
        if self.request.on_cell is not None:
            self.request.on_cell(run)

    def cell_done(self, index: int, seconds: float) -> CellRun:
        """Cell ``index`` ran to its end; its error (if any) is in its outputs."""
        run = self._run(index, seconds)
        run.error = error_from_outputs(self.nb.cells[index], index)
        self.record(run)
        return run

    def timed_out(self, index: int | None, seconds: float, limit: float) -> None:
        """A time limit stopped the run, in cell ``index`` (None: between cells)."""
        self.result.timed_out = True
        if index is not None:
            # the error is shown with its cell's number already: the message names none
            why = f"the cell exceeded the time limit ({limit:.0f} s)"
            self._stopped(index, seconds, "TimeoutError", why)

    def kernel_died(self, index: int | None, seconds: float, why: str) -> None:
        """The kernel died, in cell ``index`` (None: between cells)."""
        self.result.kernel_died = True
        if index is not None:
            self._stopped(index, seconds, "DeadKernelError", f"the kernel died: {why}")

    def _run(self, index: int, seconds: float) -> CellRun:
        return CellRun(index, self.nb.cells[index].get("id", ""), seconds)

    def _stopped(self, index: int, seconds: float, ename: str, evalue: str) -> None:
        run = self._run(index, seconds)
        run.error = CellError(index, run.cell_id, ename, evalue, "")
        self.record(run)
