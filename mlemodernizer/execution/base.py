"""The Executor protocol: run a notebook somewhere, hand back what happened per cell.

Engines (local nbclient, Docker sidecar) sit behind one interface, as papermill's engines do.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from nbformat import NotebookNode

from ..contracts.shapes import CellError as CellError  # the shape is the contract's


@dataclass
class CellRun:
    cell_index: int
    cell_id: str
    seconds: float
    error: CellError | None = None


@dataclass
class ExecutionResult:
    executed: NotebookNode  # the notebook with outputs
    cells: list[CellRun] = field(default_factory=list)
    errors: list[CellError] = field(default_factory=list)
    runtime_s: float = 0.0
    timed_out: bool = False
    kernel_died: bool = False
    cancelled: bool = False
    # what the live kernel told about the errors (close names, signatures, versions); see grounding
    facts: dict[str, Any] = field(default_factory=dict)
    # the cell a kept kernel resumed from (cells before it were not run again); None: fresh kernel
    resumed_from: int | None = None
    # seconds spent preparing the environment before the notebook ran (container start, scratch
    # copy); not part of runtime_s. 0 when a warm container/kernel was reused
    setup_s: float = 0.0
    # where and how it ran (executor, image, container, gpus decision, user, network, ...)
    environment: dict[str, Any] = field(default_factory=dict)
    # the folder the run executed in and wrote to: a scratch copy of the notebook's folder
    # (``scratch``); None: the notebook's own folder (an executor that runs in place)
    workdir: Path | None = None
    # the folder the paths in the run's errors refer to, where it is not ``workdir``: the local
    # executor names the user's files (``LocalScratch.user_paths``); a container's are its own
    errors_folder: Path | None = None

    @property
    def first_error(self) -> CellError | None:
        return self.errors[0] if self.errors else None

    @property
    def error_free(self) -> bool:
        return not self.errors and not self.timed_out and not self.kernel_died


CellHook = Callable[[CellRun], None]
# (cell index, cell id) as a cell starts; (cell index, the last lines it printed so far) while it
# runs, at most once a second: what a person watching a long cell wants to see
CellStartHook = Callable[[int, str], None]
OutputHook = Callable[[int, str], None]
# Given the errors of a finished run, return Python code to run in the still-live kernel that
# prints one line ``__MLEM_FACTS__{json}`` (or None to skip). Grounds the LLM in real names.
ProbeFactory = Callable[[list[CellError]], str | None]


@dataclass
class ExecutionRequest:
    nb: NotebookNode
    cwd: Path
    timeout_s: float = 600.0
    cell_timeout_s: float | None = None
    on_cell: CellHook | None = None
    on_cell_start: CellStartHook | None = None
    on_output: OutputHook | None = None  # the running cell's last lines, about once a second
    probe: ProbeFactory | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    # resume: run from this cell in the kernel kept by the previous run (if it is still there;
    # otherwise the executor starts fresh and says so with ExecutionResult.resumed_from = None)
    start_at: int = 0
    # keep the kernel alive after this run so the next one can resume (search runs)
    keep_kernel: bool = False
    # code run in a fresh kernel before the first cell, outside the notebook (no cell, no
    # history): the overlay that makes the kernel import changed local modules
    # (loop/module_overlay.py)
    setup_code: str | None = None
    # the kernel's random streams and string hashing start from this seed (``seeding``): two
    # runs with one seed draw alike, a resumed run as a run from the top does; a run with
    # another seed than the kept kernel's starts fresh. None: left to chance
    seed: int | None = None


class Executor(Protocol):
    name: str

    def execute(self, request: ExecutionRequest) -> ExecutionResult: ...

    def installed_versions(self) -> dict[str, str]:
        """Distribution name (lower case) → version in the executing environment."""
        ...

    def close(self) -> None:
        """Release what the executor holds for the job (kernels, containers); idempotent."""
        ...
