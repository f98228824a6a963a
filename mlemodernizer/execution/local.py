"""Local executor: nbclient with a fresh kernel, every cell run even after an error.

Why our own cell loop instead of ``NotebookClient.execute()``: we need per-cell timing and events
as cells finish, a whole-notebook deadline on top of nbclient's per-cell timeout, a cancel that
kills the kernel from another thread, and a probe run in the still-live kernel after the last cell.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import json
import re
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode

from ..errors import ExecutorError
from .base import CellError, CellRun, ExecutionRequest, ExecutionResult

ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
FACTS_MARKER = "__MLEM_FACTS__"
_WATCH_INTERVAL_S = 0.1
_PROBE_TIMEOUT_S = 20.0
_KERNEL_START_ATTEMPTS = 3

_VERSIONS_CODE = """
import importlib.metadata as _m, json as _j
print(_j.dumps({(d.metadata['Name'] or '').lower(): d.version for d in _m.distributions()}))
"""


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


def parse_facts(text: str) -> dict[str, Any]:
    for line in text.splitlines():
        if line.startswith(FACTS_MARKER):
            try:
                facts = json.loads(line[len(FACTS_MARKER) :])
            except json.JSONDecodeError:
                return {}
            return facts if isinstance(facts, dict) else {}
    return {}


class LocalExecutor:
    """Runs notebooks in a kernel here: the current env's python3 or a named kernelspec."""

    name = "local"

    def __init__(self, kernel: str | None = None) -> None:
        self.kernel = kernel or "python3"
        self._versions: dict[str, str] | None = None
        # a background loop owns the kernel clients, so a kernel can outlive one execute()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._session: _Session | None = None
        self._check_kernel()

    def _check_kernel(self) -> None:
        try:
            KernelSpecManager().get_kernel_spec(self.kernel)
        except NoSuchKernel:
            names = ", ".join(sorted(KernelSpecManager().find_kernel_specs())) or "none"
            raise ExecutorError(
                f"unknown kernel {self.kernel!r} (installed kernels: {names})"
            ) from None

    # --- Executor protocol ------------------------------------------------------------------

    def execute(self, request: ExecutionRequest) -> ExecutionResult:
        return self._submit(self._execute(request))

    def installed_versions(self) -> dict[str, str]:
        """Package versions as the kernel sees them (it may be another env than ours); cached."""
        if self._versions is None:
            from nbformat.v4 import new_code_cell, new_notebook

            nb = new_notebook(cells=[new_code_cell(_VERSIONS_CODE)])
            client = NotebookClient(nb, kernel_name=self.kernel, timeout=60, allow_errors=True)
            client.execute(stderr=subprocess.DEVNULL)
            text = "".join(
                o.get("text", "") for o in nb.cells[0].outputs if o.get("output_type") == "stream"
            )
            try:
                self._versions = json.loads(text.strip().splitlines()[-1])
            except (json.JSONDecodeError, IndexError):
                self._versions = {}
        return dict(self._versions)

    def close(self) -> None:
        """Kill a kernel kept for resuming and stop the executor's event loop."""
        if self._loop is None:
            return
        self._submit(self._drop_session())
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._loop, self._thread = None, None

    # --- the run ----------------------------------------------------------------------------

    def _submit(self, coro: Any) -> Any:
        """Run a coroutine on the executor's own loop: a kept kernel's client lives there."""
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="mlemodernizer-kernel-loop", daemon=True
            )
            self._thread.start()
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    async def _execute(self, request: ExecutionRequest) -> ExecutionResult:
        nb = copy.deepcopy(request.nb)
        session = self._session
        resume = (
            request.start_at > 0
            and session is not None
            and session.cwd == request.cwd
            and await _alive(session.client)
        )
        start = request.start_at if resume else 0
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if resume and index < start and session is not None and index < len(session.nb.cells):
                # cells before the resume point keep what they showed in the kept kernel's run
                cell.outputs = copy.deepcopy(session.nb.cells[index].get("outputs", []))
                cell.execution_count = session.nb.cells[index].get("execution_count")
            else:
                cell.outputs = []
                cell.execution_count = None
        result = ExecutionResult(executed=nb, resumed_from=start if resume else None)
        started = time.monotonic()
        if resume and session is not None:
            client = session.client
            client.nb = nb
        else:
            await self._drop_session()
            client = NotebookClient(
                nb,
                kernel_name=self.kernel,
                allow_errors=True,
                timeout=int(request.timeout_s) + 1,
                shutdown_kernel="immediate",
                resources={"metadata": {"path": str(request.cwd)}},
                record_timing=True,
            )
        self._session = None
        deadline = started + request.timeout_s
        work = asyncio.ensure_future(
            self._run_cells(client, request, result, started, start, fresh=not resume)
        )
        try:
            while not work.done():
                await asyncio.wait({work}, timeout=_WATCH_INTERVAL_S)
                if request.cancel.is_set():
                    result.cancelled = True
                    work.cancel()
                elif time.monotonic() > deadline + 1.0:
                    # nbclient's own timeout did not fire (kernel not answering): stop it here
                    result.timed_out = True
                    work.cancel()
            await work
        except asyncio.CancelledError:
            pass
        finally:
            healthy = not (result.timed_out or result.kernel_died or result.cancelled)
            if request.keep_kernel and healthy:
                self._session = _Session(client=client, nb=nb, cwd=request.cwd)
            else:
                await _kill_kernel(client)
        if not result.runtime_s:  # stopped early: no probe ran, all time was the notebook's
            result.runtime_s = time.monotonic() - started
        if resume and result.kernel_died and not request.cancel.is_set():
            # the kept kernel died under us (killed, out of memory): start over in a fresh one
            fresh = await self._execute(dataclasses.replace(request, start_at=0))
            fresh.runtime_s += result.runtime_s
            return fresh
        return result

    async def _start_kernel(self, client: NotebookClient) -> None:
        """Start the kernel, retrying: a busy machine or a port taken between the choice and the
        bind makes a kernel die before it answers, and that says nothing about the notebook."""
        last: Exception | None = None
        for attempt in range(_KERNEL_START_ATTEMPTS):
            client.km = client.create_kernel_manager()
            try:
                # kernel-process stderr (ZMQ/transport chatter) is not the notebook's output
                await client.async_start_new_kernel(stderr=subprocess.DEVNULL)
                await client.async_start_new_kernel_client()
                return
            except RuntimeError as exc:
                last = exc
                await _kill_kernel(client)
                client.kc = None
                await asyncio.sleep(0.5 * (attempt + 1))
        raise ExecutorError(
            f"the {self.kernel!r} kernel did not start after {_KERNEL_START_ATTEMPTS} tries: {last}"
        )

    async def _drop_session(self) -> None:
        if self._session is not None:
            await _kill_kernel(self._session.client)
            self._session = None

    async def _run_cells(
        self,
        client: NotebookClient,
        request: ExecutionRequest,
        result: ExecutionResult,
        started: float,
        start: int,
        fresh: bool,
    ) -> None:
        deadline = started + request.timeout_s
        if fresh:
            await self._start_kernel(client)
        for index, cell in enumerate(client.nb.cells):
            if index < start or cell.cell_type != "code" or not cell.source.strip():
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                result.timed_out = True
                return
            limit = remaining
            if request.cell_timeout_s:
                limit = min(limit, request.cell_timeout_s)
            client.timeout = max(1, int(limit + 0.999))
            t0 = time.monotonic()
            run = CellRun(cell_index=index, cell_id=cell.get("id", ""), seconds=0.0)
            try:
                await client.async_execute_cell(cell, index)
            except CellTimeoutError:
                run.seconds = time.monotonic() - t0
                run.error = CellError(
                    index,
                    run.cell_id,
                    "TimeoutError",
                    f"cell {index} exceeded the time limit ({limit:.0f} s)",
                    "",
                )
                result.timed_out = True
                self._record(result, request, run)
                return
            except DeadKernelError as exc:
                run.seconds = time.monotonic() - t0
                run.error = CellError(
                    index, run.cell_id, "DeadKernelError", f"the kernel died: {exc}", ""
                )
                result.kernel_died = True
                self._record(result, request, run)
                return
            run.seconds = time.monotonic() - t0
            run.error = error_from_outputs(cell, index)
            self._record(result, request, run)
        # the grounding probe is the engine's question, not the notebook's time
        result.runtime_s = time.monotonic() - started
        if result.errors and request.probe is not None:
            code = request.probe(result.errors)
            if code:
                result.facts = await _run_probe(client, code)

    @staticmethod
    def _record(result: ExecutionResult, request: ExecutionRequest, run: CellRun) -> None:
        result.cells.append(run)
        if run.error is not None:
            result.errors.append(run.error)
        if request.on_cell is not None:
            request.on_cell(run)


async def _run_probe(client: NotebookClient, code: str) -> dict[str, Any]:
    """Run grounding code in the live kernel, outside the notebook (no cell, no history)."""
    chunks: list[str] = []

    def hook(msg: dict[str, Any]) -> None:
        if msg.get("msg_type") == "stream":
            chunks.append(msg["content"].get("text", ""))

    try:
        await client.kc.execute_interactive(
            code, store_history=False, output_hook=hook, timeout=_PROBE_TIMEOUT_S
        )
    except Exception:  # a failed probe only costs the prompt some detail
        return {}
    return parse_facts("".join(chunks))


@dataclass
class _Session:
    """A kernel kept alive after a search run, with the notebook it last ran."""

    client: NotebookClient
    nb: NotebookNode
    cwd: Path


async def _alive(client: NotebookClient) -> bool:
    try:
        return client.km is not None and bool(await client.km.is_alive())
    except Exception:
        return False


async def _kill_kernel(client: NotebookClient) -> None:
    km = client.km
    if km is None:
        return
    try:
        if client.kc is not None:
            client.kc.stop_channels()
        if await km.is_alive():
            await km.shutdown_kernel(now=True)
        else:
            await km.cleanup_resources()
    except Exception:
        pass
