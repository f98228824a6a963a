"""The Docker executor: one long-lived container per job, and the run protocol spoken with it.

Semantics mirror the local executor: every cell runs even after an error, ANSI-stripped
tracebacks, a whole-run deadline and a per-cell limit, ``timed_out``/``kernel_died``/
``cancelled``, ``on_cell`` per finished cell, the probe run in the still-live kernel (the
bookkeeping of all that is :class:`~mlemodernizer.execution.record.RunRecorder`'s, shared with
the local executor). The time limits and cancel are enforced here, by killing the container (the
only stop that cannot hang); the next run starts a fresh one.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
import time
import uuid
import weakref
from pathlib import Path
from typing import Any

import nbformat

from ...contracts.errors import ExecutorError
from ..base import ExecutionRequest, ExecutionResult
from ..gpus import GpuDecision, parse_gpus
from ..record import PROBE_TIMEOUT_S, RunRecorder, parse_facts
from ..seeding import KernelStreams, hash_seed_environment, join_setup, seed_setup
from .channel import EMPTY
from .client import connect
from .config import DockerConfig
from .container import POLL_S, Container, Launcher, StartFailed
from .image import inspect_image, read_versions_cache, write_versions_cache
from .labels import sweep_stale
from .layout import chown_tree, fill_scratch, new_scratch, plan_layout, remove_scratch

_LIVE: weakref.WeakSet[DockerExecutor] = weakref.WeakSet()
_VERSIONS_BY_IMAGE: dict[str, dict[str, str]] = {}


@atexit.register
def _close_all() -> None:
    for executor in list(_LIVE):
        with contextlib.suppress(Exception):
            executor.close()


class DockerExecutor:
    """Runs notebooks in one long-lived container per job (see the package docstring)."""

    name = "docker"

    def __init__(
        self,
        config: DockerConfig | None = None,
        *,
        job_id: str | None = None,
        notebook_dir: Path | None = None,
        client: Any = None,
    ) -> None:
        self.config = config or DockerConfig()
        self.job_id = job_id or uuid.uuid4().hex[:12]
        self.notebook_dir = Path(notebook_dir).resolve() if notebook_dir else None
        self.client = client or connect()
        self._lock = threading.RLock()
        self._container: Container | None = None
        self._scratch: Path | None = None
        self._pending_setup_s = 0.0
        self._kept_nb: Any = None  # the executed notebook of a keep_kernel run (for resuming)
        self._kept_streams: KernelStreams | None = None  # that kernel's random streams
        self._starts = 0
        self._user_note = ""
        self._closed = False
        self.image_id, image_user = inspect_image(self.client, self.config.image)
        runtimes: list[str] = []
        if self.config.gpus.strip().lower() == "auto":
            with contextlib.suppress(Exception):
                runtimes = list((self.client.info().get("Runtimes") or {}).keys())
        self.gpus: GpuDecision = parse_gpus(self.config.gpus, runtimes)
        self._launcher = Launcher(
            self.client, self.config, self.job_id, self.image_id, image_user, self.gpus
        )
        self.swept = sweep_stale(self.client)
        _LIVE.add(self)

    # --- Executor protocol ------------------------------------------------------------------

    def installed_versions(self) -> dict[str, str]:
        """Package versions inside the image (importlib.metadata there); once per image."""
        cached = _VERSIONS_BY_IMAGE.get(self.image_id) or read_versions_cache(self.image_id)
        if cached is None:
            with self._lock:
                box = self._ensure(self.notebook_dir)
                box.channel.send({"op": "versions"})
                msg = box.wait_for("versions", 60.0)
                cached = dict(msg.get("versions") or {}) if msg else {}
            if cached:
                write_versions_cache(self.image_id, cached)
        _VERSIONS_BY_IMAGE[self.image_id] = cached
        return dict(cached)

    def execute(self, request: ExecutionRequest) -> ExecutionResult:
        with self._lock:
            return self._execute(request)

    def close(self) -> None:
        with self._lock:
            self._discard(graceful=True)
            remove_scratch(str(self._scratch) if self._scratch else None)
            self._scratch = None
            self._closed = True
            _LIVE.discard(self)

    # --- the job's container ----------------------------------------------------------------

    def environment(self) -> dict[str, Any]:
        box = self._container
        env = {
            "executor": "docker",
            "image": self.config.image,
            "image_id": self.image_id,
            "gpus": self.gpus.to_json(),
            "network": self.config.network,
            "memory": self.config.memory,
            "cpus": self.config.cpus,
            "container_starts": self._starts,
        }
        if box is not None:
            env.update(
                container=box.obj.name,
                container_id=box.obj.id[:12],
                user=box.ready.get("user"),
                python=box.ready.get("python"),
                workspace=box.layout.cwd,
                root=str(box.layout.root) if box.layout.root else None,
            )
        if self._user_note:
            env["user_note"] = self._user_note
        return env

    def _scratch_dir(self) -> Path:
        if self._scratch is None or not self._scratch.exists():
            self._scratch = new_scratch(self.job_id)
        return self._scratch

    def _ensure(self, cwd: Path | None) -> Container:
        """The job's running container for ``cwd`` (started now if there is none)."""
        if self._closed:
            raise ExecutorError("the Docker executor was closed")
        box = self._container
        wanted = Path(cwd).resolve() if cwd else None
        if box is not None:
            if box.channel.closed:  # it stopped between runs (killed from outside, OOM)
                self._discard()
            elif wanted is None or box.layout.nbdir == wanted:
                return box
            else:
                self._discard(graceful=True)
        t0 = time.monotonic()
        scratch = self._scratch_dir()
        layout = plan_layout(wanted, self.config, scratch)
        errors: list[str] = []
        users, note = self._launcher.users(layout)
        for i, (user, uid, gid) in enumerate(users):
            if layout.nbdir is not None:
                fill_scratch(layout.nbdir, scratch, layout.skip, self.config.copy_limit_bytes)
            if uid > 0 and os.getuid() == 0:
                chown_tree(scratch, uid, gid)
            try:
                box = self._launcher.start(layout, user, scratch)
            except StartFailed as exc:
                errors.append(str(exc))
                if exc.fatal or i == len(users) - 1:
                    raise ExecutorError(errors[0]) from None
                continue
            self._user_note = note
            if i > 0:
                self._user_note = (
                    f"runs as root: the image does not run as {users[0][0]} ({errors[0]})"
                )
            box.ready["user"] = user
            self._container = box
            self._starts += 1
            self._pending_setup_s += time.monotonic() - t0
            return box
        raise ExecutorError("could not start the container")  # pragma: no cover

    def _discard(self, graceful: bool = False) -> None:
        """Kill and remove the job's container (timeout, cancel, close)."""
        box, self._container = self._container, None
        self._kept_nb = None
        if box is not None:
            box.remove(graceful)

    def _refill(self, box: Container) -> None:
        scratch = self._scratch_dir()
        fill_scratch(box.layout.nbdir, scratch, box.layout.skip, self.config.copy_limit_bytes)
        if os.getuid() == 0:
            uid_s, _, gid_s = str(box.ready.get("user", "0:0")).partition(":")
            if uid_s.isdigit() and int(uid_s) > 0:
                chown_tree(scratch, int(uid_s), int(gid_s or uid_s))

    # --- the run ----------------------------------------------------------------------------

    def _execute(self, request: ExecutionRequest) -> ExecutionResult:
        wanted = Path(request.cwd).resolve()
        reused = (
            self._container is not None
            and not self._container.channel.closed
            and self._container.layout.nbdir == wanted
        )
        kept, kept_streams = self._kept_nb, self._kept_streams
        self._kept_nb, self._kept_streams = None, None
        resume = (
            request.start_at > 0
            and reused
            and kept is not None
            and kept_streams is not None
            and kept_streams.resumable(request.seed)
        )
        recorder = RunRecorder(request, kept=kept if resume else None)
        streams = KernelStreams(request.seed)
        if resume and kept_streams is not None:
            streams = kept_streams
        result, nb = recorder.result, recorder.nb
        t0 = time.monotonic()
        box = self._ensure(request.cwd)
        if reused and not resume and box.layout.nbdir is not None:  # a clean copy per fresh run
            self._refill(box)
        setup = time.monotonic() - t0
        result.setup_s = self._pending_setup_s + (setup if reused else 0.0)
        self._pending_setup_s = 0.0
        result.workdir = self._scratch
        result.environment = {**self.environment(), "reused_container": reused}

        started = time.monotonic()
        deadline = started + request.timeout_s
        box.channel.send(
            {
                "op": "run",
                "notebook": nb,
                "cwd": box.layout.cwd,
                "from_cell": recorder.start,
                "restart": not resume,
                "kernel": self.config.kernel or "python3",
                "setup": join_setup(seed_setup(request.seed), request.setup_code),
                "kernel_env": hash_seed_environment(request.seed),
                "resume_setup": streams.resume_code(nb, recorder.start) if resume else None,
            }
        )
        current: int | None = None
        cell_t0 = started
        finished = False
        while True:
            now = time.monotonic()
            if request.cancel.is_set():
                result.cancelled = True
                self._discard()
                break
            limit = None
            if now > deadline:
                limit = request.timeout_s if current is None else deadline - cell_t0
            elif (
                current is not None
                and request.cell_timeout_s
                and now - cell_t0 > request.cell_timeout_s
            ):
                limit = request.cell_timeout_s
            if limit is not None:
                recorder.timed_out(current, now - cell_t0, limit)
                self._discard()  # the limit kills the container
                break
            msg = box.channel.get(POLL_S)
            if msg is EMPTY:
                continue
            if msg is None:  # the container went away under us (OOM kill, docker rm, ...)
                why = f"the container exited ({box.exit_detail()})"
                recorder.kernel_died(current, now - cell_t0, why)
                self._discard()
                break
            kind = msg.get("type")
            if kind == "run_started" and resume and not msg.get("resumed"):
                recorder.restarted()  # the kept kernel had gone: every cell runs anew
                streams = KernelStreams(request.seed)
            elif kind == "cell_started":
                current = int(msg["index"])
                cell_t0 = time.monotonic()
                recorder.cell_started(current)
            elif kind == "cell_output" and current is not None:
                # what the running cell printed so far: its last lines go to on_output
                index = int(msg["index"])
                recorder.nb.cells[index].outputs = [
                    nbformat.from_dict(o) for o in msg.get("outputs", [])
                ]
                recorder.poll_output(time.monotonic())
            elif kind == "cell_done":
                self._cell_done(recorder, msg)
                current = None
            elif kind == "run_done":
                finished = True
                break
            elif kind == "error":
                self._discard()
                raise ExecutorError(
                    f"the kernel in the container could not run the notebook: {msg.get('error')}"
                )
        result.runtime_s = time.monotonic() - started
        if finished and not result.kernel_died and result.errors and request.probe is not None:
            code = request.probe(result.errors)
            if code and self._container is box:
                result.facts = self._probe(box, code)
        if self._container is box:
            if request.keep_kernel and finished and not result.kernel_died:
                self._kept_nb = nb  # the next run may resume in this kernel
                self._kept_streams = streams
            else:  # no kernel idles in the container between runs (the container does)
                with contextlib.suppress(Exception):
                    box.channel.send({"op": "stop_kernel"})
        return result

    @staticmethod
    def _cell_done(recorder: RunRecorder, msg: dict[str, Any]) -> None:
        """The runner's ``cell_done``: the cell as it ran there, into our copy."""
        index = int(msg["index"])
        cell = recorder.nb.cells[index]
        done = msg.get("cell") or {}
        cell.outputs = [nbformat.from_dict(o) for o in done.get("outputs", [])]
        cell.execution_count = done.get("execution_count")
        if "execution" in (done.get("metadata") or {}):
            cell.metadata["execution"] = done["metadata"]["execution"]
        seconds = float(msg.get("seconds", 0.0))
        if msg.get("dead_kernel") is not None:
            recorder.kernel_died(index, seconds, str(msg["dead_kernel"]))
        else:
            recorder.cell_done(index, seconds)

    def _probe(self, box: Container, code: str) -> dict[str, Any]:
        try:
            box.channel.send({"op": "probe", "code": code, "timeout": PROBE_TIMEOUT_S})
            msg = box.wait_for("probe_done", PROBE_TIMEOUT_S + 5)
        except Exception:  # a failed probe only costs the prompt some detail
            return {}
        return parse_facts(msg.get("text", "")) if msg else {}


def make_docker_executor(
    opts: Any, job_id: str | None = None, notebook: Path | None = None
) -> DockerExecutor:
    config = DockerConfig.from_options(opts)
    parse_gpus(config.gpus)  # a bad --gpus fails before any container work
    nbdir = Path(notebook).resolve().parent if notebook else None
    return DockerExecutor(config, job_id=job_id, notebook_dir=nbdir)
