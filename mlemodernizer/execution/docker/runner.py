"""In-container runner of the Docker executor: drives a kernel, speaks JSON lines.

Runs inside the sidecar container as ``python3 -u /mlem/runner.py`` (mounted read-only) and
needs only the image's own python with ``nbclient``/``nbformat``/``ipykernel``; it must not
import ``mlemodernizer`` (that package is not in the image).

Why a runner and not nbclient on the host over the kernel's ZMQ ports: containers run with
``--network none`` by default, so the host cannot reach any port inside them. The attached
stdin/stdout of the container is the one channel that exists in every network mode, and it
lets one long-lived container and kernel serve every iteration of a job.

Protocol: one JSON object per line. Commands on stdin::

    {"op": "run", "notebook": {...}, "cwd": "/workspace/nb", "from_cell": 0, "restart": true}
        (restart false: resume from from_cell in the live kernel, if there is one; otherwise a
        fresh kernel runs every cell, and run_started says which happened)
    {"op": "probe", "code": "...", "timeout": 20}
    {"op": "stop_kernel"}
    {"op": "versions"}
    {"op": "exit"}

Messages on stdout: ``ready`` once, then per run ``run_started``, ``cell_started``/``cell_done``
per code cell (``cell_output`` between them while a cell prints) and ``run_done``;
``probe_done``; ``kernel_stopped``; ``versions``; ``error`` for a command that failed. Time
limits and cancellation are the host's: it kills the container, which is the only stop that
cannot hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.metadata
import json
import os
import sys
import time
import traceback

_PROTO = None  # the real stdout; fd 1 is pointed at stderr so stray prints cannot corrupt it


def send(message: dict) -> None:
    _PROTO.write(json.dumps(message) + "\n")
    _PROTO.flush()


def versions() -> dict:
    found = {}
    for dist in importlib.metadata.distributions():
        name = (dist.metadata["Name"] or "").lower()
        if name and name not in found:
            found[name] = dist.version
    return found


OUTPUT_EVERY_S = 1.0
OUTPUT_KEEP = 6  # the last outputs of a running cell sent to the host (its tail is shown)
OUTPUT_CHARS = 4000  # of each one's text


def visible_outputs(cell) -> list:
    """The running cell's last text outputs, trimmed: enough for the host's last lines."""
    out = []
    for output in cell.get("outputs", [])[-OUTPUT_KEEP:]:
        kind = output.get("output_type")
        if kind == "stream":
            text = output.get("text", "")
            text = text if isinstance(text, str) else "".join(text)
            out.append(
                {"output_type": "stream", "name": output.get("name"), "text": text[-OUTPUT_CHARS:]}
            )
        elif kind in ("execute_result", "display_data"):
            plain = output.get("data", {}).get("text/plain", "")
            plain = plain if isinstance(plain, str) else "".join(plain)
            out.append(
                {
                    "output_type": "display_data",
                    "data": {"text/plain": plain[-OUTPUT_CHARS:]},
                    "metadata": {},
                }
            )
    return out


class Runner:
    def __init__(self) -> None:
        self.km = None
        self.kc = None
        self.cwd = None

    async def _stop_kernel(self) -> None:
        if self.kc is not None:
            with contextlib.suppress(Exception):
                self.kc.stop_channels()
            self.kc = None
        if self.km is not None:
            with contextlib.suppress(Exception):
                await self.km.shutdown_kernel(now=True)
            self.km = None

    async def _start_kernel(self, cwd: str, kernel_name: str, env: dict | None = None) -> None:
        from jupyter_client.manager import AsyncKernelManager

        await self._stop_kernel()
        self.km = AsyncKernelManager(kernel_name=kernel_name)
        await self.km.start_kernel(
            cwd=cwd,
            stderr=open(os.devnull, "w"),  # noqa: SIM115
            env={**os.environ, **(env or {})},  # the host's seed for string hashing
        )
        self.kc = self.km.client()
        self.kc.start_channels()
        await self.kc.wait_for_ready(timeout=120)
        self.cwd = cwd

    async def _alive(self) -> bool:
        if self.km is None:
            return False
        try:
            return bool(await self.km.is_alive())
        except Exception:
            return False

    async def run(self, cmd: dict) -> None:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import DeadKernelError

        nb = nbformat.from_dict(cmd["notebook"])
        cwd = cmd.get("cwd") or os.getcwd()
        kernel_name = cmd.get("kernel") or "python3"
        resume = not cmd.get("restart", True) and self.cwd == cwd and await self._alive()
        from_cell = int(cmd.get("from_cell", 0)) if resume else 0
        if not resume:
            await self._start_kernel(cwd, kernel_name, cmd.get("kernel_env"))
        # a fresh kernel: the host's seeds and its overlay of changed local modules, before any
        # cell imports them; a kept one: its random streams as the resumed cell found them
        setup = cmd.get("setup") if not resume else cmd.get("resume_setup")
        if setup:
            reply = await self.kc.execute_interactive(
                setup, store_history=False, output_hook=lambda msg: None, timeout=60
            )
            if reply.get("content", {}).get("status") != "ok":
                raise RuntimeError(f"kernel setup failed: {reply.get('content')}")
        send({"type": "run_started", "from_cell": from_cell, "resumed": resume})
        client = NotebookClient(
            nb,
            km=self.km,
            kernel_name=kernel_name,
            allow_errors=True,
            timeout=None,  # the host owns every time limit
            record_timing=True,
            resources={"metadata": {"path": cwd}},
        )
        client.kc = self.kc
        kernel_died = False
        for index, cell in enumerate(nb.cells):
            if index < from_cell or cell.cell_type != "code" or not cell.source.strip():
                continue
            send({"type": "cell_started", "index": index})
            t0 = time.monotonic()
            died = None
            try:
                await self._execute_watching(client, cell, index)
            except DeadKernelError as exc:
                died = str(exc)
            send(
                {
                    "type": "cell_done",
                    "index": index,
                    "seconds": time.monotonic() - t0,
                    "cell": dict(cell),
                    "dead_kernel": died,
                }
            )
            if died is not None:
                kernel_died = True
                await self._stop_kernel()
                break
        send({"type": "run_done", "kernel_died": kernel_died})

    async def _execute_watching(self, client, cell, index: int) -> None:
        """Run one cell; while it runs, send what it has printed so far (``cell_output``) when
        it changed, at most once a second: nbclient appends outputs to the cell as they come,
        and the host shows a long cell's last lines as the local executor does."""
        task = asyncio.ensure_future(client.async_execute_cell(cell, index))
        told = None
        while True:
            done, _ = await asyncio.wait({task}, timeout=OUTPUT_EVERY_S)
            if done:
                break
            shown = visible_outputs(cell)
            if shown and shown != told:
                told = shown
                send({"type": "cell_output", "index": index, "outputs": shown})
        await task  # its exception (a dead kernel) is the caller's

    async def probe(self, cmd: dict) -> None:
        chunks = []

        def hook(msg: dict) -> None:
            if msg.get("msg_type") == "stream":
                chunks.append(msg["content"].get("text", ""))

        error = None
        if self.kc is None or not await self._alive():
            error = "no live kernel"
        else:
            try:
                await self.kc.execute_interactive(
                    cmd["code"],
                    store_history=False,
                    output_hook=hook,
                    timeout=float(cmd.get("timeout", 20)),
                )
            except Exception as exc:  # a failed probe only costs the prompt some detail
                error = f"{type(exc).__name__}: {exc}"
        send({"type": "probe_done", "text": "".join(chunks), "error": error})

    async def serve(self) -> int:
        loop = asyncio.get_running_loop()
        send(
            {
                "type": "ready",
                "python": sys.version.split()[0],
                "executable": sys.executable,
                "uid": os.getuid(),
                "pid": os.getpid(),
            }
        )
        while True:
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line:
                break
            line = line.strip()
            if not line:
                continue
            try:
                cmd = json.loads(line)
                op = cmd.get("op")
                if op == "run":
                    await self.run(cmd)
                elif op == "probe":
                    await self.probe(cmd)
                elif op == "stop_kernel":
                    await self._stop_kernel()
                    send({"type": "kernel_stopped"})
                elif op == "versions":
                    send({"type": "versions", "versions": versions()})
                elif op == "exit":
                    break
                else:
                    send({"type": "error", "op": op, "error": f"unknown op {op!r}"})
            except Exception as exc:
                send(
                    {
                        "type": "error",
                        "op": locals().get("op"),
                        "error": f"{type(exc).__name__}: {exc}",
                        "traceback": traceback.format_exc(),
                    }
                )
        await self._stop_kernel()
        return 0


def main() -> int:
    global _PROTO
    _PROTO = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    home = os.environ.get("HOME") or "/tmp/mlem-home"
    os.makedirs(home, exist_ok=True)
    try:
        import jupyter_client  # noqa: F401
        import nbclient  # noqa: F401
        import nbformat  # noqa: F401
    except ImportError as exc:
        send(
            {
                "type": "fatal",
                "error": f"{exc} (the image needs ipykernel, nbclient and nbformat)",
                "python": sys.version.split()[0],
            }
        )
        return 3
    return asyncio.run(Runner().serve())


if __name__ == "__main__":
    sys.exit(main())
