"""Local executor: nbclient with a fresh kernel, every cell run even after an error, in a
scratch copy of the notebook's folder (``scratch.LocalScratch``).

Why our own cell loop instead of ``NotebookClient.execute()``: we need per-cell timing and events
as cells finish, a whole-notebook deadline on top of nbclient's per-cell timeout, a cancel that
kills the kernel from another thread, and a probe run in the still-live kernel after the last cell.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import dataclasses
import json
import os
import shutil
import subprocess
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from jupyter_core.paths import jupyter_runtime_dir
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode

from ..contracts.errors import ExecutorError
from ..contracts.paths import map_strings
from ..kernel.code import versions_code
from .base import ExecutionRequest, ExecutionResult
from .processes import process_alive, process_start
from .record import PROBE_TIMEOUT_S, RunRecorder, parse_facts
from .scratch import LocalScratch
from .seeding import KernelStreams, hash_seed_environment, join_setup, seed_setup

_WATCH_INTERVAL_S = 0.1
_KERNEL_START_ATTEMPTS = 3
_CLOSE_WAIT_S = 30.0


class LocalExecutor:
    """Runs notebooks in a kernel here: the current env's python3 or a named kernelspec."""

    name = "local"

    def __init__(
        self, kernel: str | None = None, *, root: str | Path | None = None, tag: str = "local"
    ) -> None:
        self.kernel = kernel or "python3"
        # every run executes in a copy of the notebook's folder (``root``: the project around
        # it, linked), so nothing it writes lands in the user's files
        self.scratch = LocalScratch(tag, Path(root).expanduser() if root else None)
        self._versions: dict[str, str] | None = None
        self._language_info: dict[str, Any] | None = None  # the kernel's, once it answered
        # a background loop owns the kernel clients, so a kernel can outlive one execute()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._session: _Session | None = None
        # runs in flight: close() from another thread stops them before it stops the loop
        self._running: dict[concurrent.futures.Future[Any], threading.Event] = {}
        self._lock = threading.Lock()
        self._check_kernel()
        sweep_stale_runtime_dirs()

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
        return self._submit(self._execute(request), request.cancel)

    def notebook_metadata(self) -> dict[str, Any]:
        """The notebook metadata naming the kernel it ran in, as Jupyter writes it (its
        kernelspec, and its language_info once a kernel answered): a result saying so opens in
        JupyterLab unchanged, with no unsaved edit for a display name or a language version."""
        spec = KernelSpecManager().get_kernel_spec(self.kernel)
        meta: dict[str, Any] = {
            "kernelspec": {
                "name": self.kernel,
                "display_name": spec.display_name,
                "language": spec.language,
            }
        }
        if self._language_info:
            meta["language_info"] = dict(self._language_info)
        return meta

    def installed_versions(self) -> dict[str, str]:
        """Package versions as the kernel sees them (it may be another env than ours); cached."""
        if self._versions is None:
            # our own kernel start, not NotebookClient.execute(): that one has no retry, and a
            # kernel dying at start leaves an atexit hook whose cleanup asserts at exit
            self._versions = self._submit(self._list_versions(), threading.Event())
        return dict(self._versions)

    def close(self) -> None:
        """Stop any run in flight, kill a kernel kept for resuming, stop the event loop.

        Safe from any thread, twice or concurrently with a run: a run is cancelled (its kernel
        killed) and has finished before the loop stops, so no caller waits on a dead loop."""
        with self._lock:
            if self._loop is None:
                return
            running = dict(self._running)
            for cancel in running.values():
                cancel.set()
            _, late = concurrent.futures.wait(running, timeout=_CLOSE_WAIT_S)
            for future in late:  # not stopped by its cancel flag: cancel the task itself
                future.cancel()
            self._submit(self._drop_session(), threading.Event(), locked=True)
            self._loop.call_soon_threadsafe(self._loop.stop)
            if self._thread is not None:
                self._thread.join(timeout=10)
            self._loop, self._thread = None, None
            self.scratch.close()

    # --- the run ----------------------------------------------------------------------------

    def _submit(self, coro: Any, cancel: threading.Event, locked: bool = False) -> Any:
        """Run a coroutine on the executor's own loop: a kept kernel's client lives there."""
        if not locked:
            with self._lock:  # never hand work to a loop that close() is stopping
                future = self._start(coro, cancel)
        else:
            future = self._start(coro, cancel)
        try:
            return future.result()
        except concurrent.futures.CancelledError:
            raise ExecutorError(
                f"the {self.kernel!r} kernel was stopped: executor closed"
            ) from None
        finally:
            self._running.pop(future, None)

    def _start(self, coro: Any, cancel: threading.Event) -> concurrent.futures.Future[Any]:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(
                target=self._loop.run_forever, name="mlemodernizer-kernel-loop", daemon=True
            )
            self._thread.start()
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        self._running[future] = cancel
        return future

    async def _list_versions(self) -> dict[str, str]:
        from nbformat.v4 import new_code_cell, new_notebook

        nb = new_notebook(cells=[new_code_cell(versions_code())])
        client = NotebookClient(
            nb, kernel_name=self.kernel, timeout=60, allow_errors=True, shutdown_kernel="immediate"
        )
        try:
            await self._start_kernel(client)
            await client.async_execute_cell(nb.cells[0], 0)
        except (CellTimeoutError, DeadKernelError) as exc:
            raise ExecutorError(
                f"the {self.kernel!r} kernel could not list its packages: {exc}"
            ) from None
        finally:
            await _kill_kernel(client)
        text = "".join(
            o.get("text", "") for o in nb.cells[0].outputs if o.get("output_type") == "stream"
        )
        try:
            versions = json.loads(text.strip().splitlines()[-1])
        except (json.JSONDecodeError, IndexError):
            return {}
        return versions if isinstance(versions, dict) else {}

    async def _execute(self, request: ExecutionRequest) -> ExecutionResult:
        session = self._session
        resume = (
            request.start_at > 0
            and session is not None
            and session.cwd == request.cwd
            and session.streams.resumable(request.seed)
            and await _alive(session.client)
        )
        recorder = RunRecorder(request, kept=session.nb if resume and session is not None else None)
        result, nb = recorder.result, recorder.nb
        started = time.monotonic()
        streams = KernelStreams(request.seed)  # the kernel's random streams, as the run leaves them
        if resume and session is not None:
            client = session.client
            client.nb = nb
            streams = session.streams
            workdir = session.workdir
        else:
            await self._drop_session()
            # a fresh copy of the notebook's folder for each fresh kernel: what an earlier run
            # wrote there is not this run's input
            workdir = self.scratch.refill(request.cwd)
            result.setup_s = time.monotonic() - started
            client = NotebookClient(
                nb,
                kernel_name=self.kernel,
                allow_errors=True,
                timeout=int(request.timeout_s) + 1,
                shutdown_kernel="immediate",
                resources={"metadata": {"path": str(workdir)}},
                record_timing=True,
            )
        self._session = None
        result.workdir = workdir
        started = time.monotonic()  # the copy is set-up time, not the notebook's
        deadline = started + request.timeout_s
        work = asyncio.ensure_future(
            self._run_cells(client, recorder, started, fresh=not resume, streams=streams)
        )
        try:
            while not work.done():
                await asyncio.wait({work}, timeout=_WATCH_INTERVAL_S)
                recorder.poll_output(time.monotonic())  # the running cell's last lines
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
            if not work.done():  # this task itself was cancelled: stop the cells too
                work.cancel()
            healthy = not (result.timed_out or result.kernel_died or result.cancelled)
            if request.keep_kernel and healthy:
                self._session = _Session(
                    client=client, nb=nb, cwd=request.cwd, streams=streams, workdir=workdir
                )
            else:
                await _kill_kernel(client)
        if not result.runtime_s:  # stopped early: no probe ran, all time was the notebook's
            result.runtime_s = time.monotonic() - started
        if resume and result.kernel_died and not request.cancel.is_set():
            # the kept kernel died under us (killed, out of memory): start over in a fresh one
            fresh = await self._execute(dataclasses.replace(request, start_at=0))
            fresh.runtime_s += result.runtime_s
            return fresh
        self._name_user_paths(result)
        return result

    def _name_user_paths(self, result: ExecutionResult) -> None:
        """The run's errors and warnings name the user's files, not the scratch copy's (the
        probe has run: it asked the kernel with the kernel's own paths)."""
        mapped = self.scratch.user_paths
        for cell in result.executed.cells:
            for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
                if out.get("output_type") == "error":
                    out["evalue"] = mapped(out.get("evalue", ""))
                    out["traceback"] = [mapped(line) for line in out.get("traceback", [])]
                elif out.get("output_type") == "stream" and out.get("name") == "stderr":
                    out["text"] = mapped(out.get("text", ""))
        for error in result.errors:
            error.evalue, error.traceback = mapped(error.evalue), mapped(error.traceback)
        # the kernel's answers quote the errors they answer: they must quote them as above
        result.facts = map_strings(result.facts, mapped)
        result.errors_folder = self.scratch.source

    async def _start_kernel(self, client: NotebookClient, seed: int | None = None) -> None:
        """Start the kernel, retrying: a busy machine or a port taken between the choice and the
        bind makes a kernel die before it answers, and that says nothing about the notebook."""
        last: Exception | None = None
        for attempt in range(_KERNEL_START_ATTEMPTS):
            km = client.create_kernel_manager()
            # in a folder the next start sweeps once we are gone, not a temp file a SIGKILL leaks
            km.connection_file = str(kernel_runtime_dir() / f"kernel-{uuid.uuid4()}.json")
            try:
                # kernel-process stderr (ZMQ/transport chatter) is not the notebook's output
                await client.async_start_new_kernel(
                    stderr=subprocess.DEVNULL,
                    env={**kernel_environment(), **hash_seed_environment(seed)},
                )
                await client.async_start_new_kernel_client()
                await self._read_language_info(client)
                return
            except Exception as exc:  # died at start, no reply in time, fork/port trouble
                last = exc
                # nbclient's own cleanup may have dropped client.km already: kill through ours
                client.km = km
                await _kill_kernel(client)
                client.km, client.kc = None, None
                await asyncio.sleep(0.5 * (attempt + 1))
        raise ExecutorError(
            f"the {self.kernel!r} kernel did not start after {_KERNEL_START_ATTEMPTS} tries: {last}"
        )

    async def _read_language_info(self, client: NotebookClient) -> None:
        """The kernel's language_info (as nbclient records it); once per executor."""
        if self._language_info is not None:
            return
        try:
            msg_id = client.kc.kernel_info()
            reply = await client.async_wait_for_reply(msg_id)
            self._language_info = (reply or {}).get("content", {}).get("language_info") or {}
        except Exception:  # only the result's metadata is poorer for it
            self._language_info = {}

    async def _drop_session(self) -> None:
        if self._session is not None:
            await _kill_kernel(self._session.client)
            self._session = None

    async def _run_cells(
        self,
        client: NotebookClient,
        recorder: RunRecorder,
        started: float,
        fresh: bool,
        streams: KernelStreams,
    ) -> None:
        request, result = recorder.request, recorder.result
        deadline = started + request.timeout_s
        if fresh:
            await self._start_kernel(client, request.seed)
            setup = join_setup(seed_setup(request.seed), request.setup_code)
            if setup:
                await _run_setup(client, setup)
        elif request.seed is not None:
            try:
                await _run_in_live_kernel(client, streams.resume_code(client.nb, recorder.start))
            except DeadKernelError as exc:  # gone since it was kept: the caller starts afresh
                recorder.kernel_died(None, 0.0, str(exc))
                return
        for index, cell in enumerate(client.nb.cells):
            if index < recorder.start or cell.cell_type != "code" or not cell.source.strip():
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                recorder.timed_out(None, 0.0, request.timeout_s)
                return
            limit = remaining
            if request.cell_timeout_s:
                limit = min(limit, request.cell_timeout_s)
            client.timeout = max(1, int(limit + 0.999))
            recorder.cell_started(index)
            t0 = time.monotonic()
            try:
                await client.async_execute_cell(cell, index)
            except CellTimeoutError:
                recorder.timed_out(index, time.monotonic() - t0, limit)
                return
            except DeadKernelError as exc:
                recorder.kernel_died(index, time.monotonic() - t0, str(exc))
                return
            recorder.cell_done(index, time.monotonic() - t0)
        # the grounding probe is the engine's question, not the notebook's time
        result.runtime_s = time.monotonic() - started
        if result.errors and request.probe is not None:
            code = request.probe(result.errors)
            if code:
                result.facts = await _run_probe(client, code)


async def _run_setup(client: NotebookClient, code: str) -> None:
    """Run the engine's setup in the fresh kernel; a failure is the engine's bug, said loudly."""
    reply = await client.kc.execute_interactive(
        code, store_history=False, output_hook=lambda msg: None, timeout=PROBE_TIMEOUT_S
    )
    if reply.get("content", {}).get("status") != "ok":
        content = reply.get("content", {})
        raise ExecutorError(f"kernel setup failed: {content.get('ename')}: {content.get('evalue')}")


async def _run_in_live_kernel(client: NotebookClient, code: str) -> None:
    """Run the engine's code in a kept kernel, outside the notebook; a kernel that died since
    it was kept raises DeadKernelError (as a cell would), not a wait until the run's limit."""
    work = asyncio.ensure_future(
        client.kc.execute_interactive(
            code, store_history=False, output_hook=lambda msg: None, timeout=PROBE_TIMEOUT_S
        )
    )
    while not work.done():
        await asyncio.wait({work}, timeout=0.5)
        if not work.done() and not await _alive(client):
            work.cancel()
            raise DeadKernelError("the kept kernel died")
    reply = await work
    if reply.get("content", {}).get("status") != "ok":
        content = reply.get("content", {})
        raise ExecutorError(f"kernel setup failed: {content.get('ename')}: {content.get('evalue')}")


async def _run_probe(client: NotebookClient, code: str) -> dict[str, Any]:
    """Run grounding code in the live kernel, outside the notebook (no cell, no history)."""
    chunks: list[str] = []

    def hook(msg: dict[str, Any]) -> None:
        if msg.get("msg_type") == "stream":
            chunks.append(msg["content"].get("text", ""))

    try:
        await client.kc.execute_interactive(
            code, store_history=False, output_hook=hook, timeout=PROBE_TIMEOUT_S
        )
    except Exception:  # a failed probe only costs the prompt some detail
        return {}
    return parse_facts("".join(chunks))


@dataclass
class _Session:
    """A kernel kept alive after a search run, with the notebook it last ran."""

    client: NotebookClient
    nb: NotebookNode
    cwd: Path  # the notebook's folder
    streams: KernelStreams
    workdir: Path  # the scratch copy the kernel runs in


async def _alive(client: NotebookClient) -> bool:
    try:
        return client.km is not None and bool(await client.km.is_alive())
    except Exception:
        return False


def _process_tag(pid: int) -> str:
    start = process_start(pid)
    return f"{pid}-{start}" if start else str(pid)


def _owner_alive(tag: str) -> bool:
    """Whether the process that owns runtime folder ``tag`` ("PID-START") still runs."""
    pid_text, _, start = tag.partition("-")
    if not pid_text.isdigit():
        return True  # not a folder we made: never ours to remove
    return process_alive(int(pid_text), start)


def runtime_base() -> Path:
    return Path(jupyter_runtime_dir()) / "mlemodernizer"


_cleanup_registered: set[Path] = set()


def kernel_runtime_dir() -> Path:
    """This process's folder for kernel connection files, removed at a normal exit and swept
    by the next start after a SIGKILL (they hold the kernel's ports and HMAC key)."""
    folder = runtime_base() / _process_tag(os.getpid())
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if folder not in _cleanup_registered:  # once per folder (JUPYTER_RUNTIME_DIR may change)
        _cleanup_registered.add(folder)
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def sweep_stale_runtime_dirs() -> list[Path]:
    """Remove the connection-file folders of processes that are gone; return them."""
    removed: list[Path] = []
    try:
        entries = list(runtime_base().iterdir())
    except OSError:
        return removed
    for entry in entries:
        if entry.is_dir() and not entry.is_symlink() and not _owner_alive(entry.name):
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


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


# what the notebook's code must never read: the LLM key is for the configured endpoint only
_SECRET_VARIABLES = ("OPENAI_API_KEY",)


def kernel_environment() -> dict[str, str]:
    """This process's environment for a kernel, without the LLM key."""
    return {k: v for k, v in os.environ.items() if k not in _SECRET_VARIABLES}
