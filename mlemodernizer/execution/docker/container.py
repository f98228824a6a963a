"""Starting one job container, and the container once started.

Isolation: no network unless ``--network``; memory/CPU limits; no capabilities, no new
privileges; a non-root user where one can read the project; only a fixed environment goes in
(never the LLM key). The entry point is the runner (``runner.py``, mounted read-only), which says
``ready`` on the attach channel once it can drive a kernel.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...contracts.errors import ExecutorError
from ..gpus import GpuDecision
from .channel import EMPTY, Channel
from .config import DockerConfig
from .labels import job_labels
from .layout import CONTAINER_HOME, RUNNER_TARGET, Layout, others_can_read

READY_TIMEOUT_S = 120.0
POLL_S = 0.1


class StartFailed(Exception):
    """The container did not come up; ``fatal``: another user would not help either."""

    def __init__(self, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal


class Container:
    """A started container of the job: its channel, its layout, what its runner said at start."""

    def __init__(self, obj: Any, channel: Channel, layout: Layout, ready: dict[str, Any]):
        self.obj = obj
        self.channel = channel
        self.layout = layout
        self.ready = ready

    def wait_for(self, kind: str, timeout: float, starting: bool = False) -> dict[str, Any] | None:
        """The next message of type ``kind`` (or ``fatal`` while starting); None: none came in
        time, or the container went away."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.channel.get(POLL_S)
            if msg is EMPTY:
                continue
            if msg is None:
                return None
            if msg.get("type") == kind or (starting and msg.get("type") == "fatal"):
                return msg
            if msg.get("type") == "error":
                raise ExecutorError(f"the in-container runner failed: {msg.get('error')}")
        return None

    def exit_detail(self) -> str:
        """Why the container stopped, as far as docker and its stderr tell."""
        state: dict[str, Any] = {}
        with contextlib.suppress(Exception):
            self.obj.reload()
            state = self.obj.attrs.get("State") or {}
        parts = []
        if state.get("OOMKilled"):
            parts.append("killed for memory (OOM); raise --memory")
        if state.get("Status") and state.get("Status") != "running":
            parts.append(f"exit code {state.get('ExitCode')}")
        if state.get("Error"):
            parts.append(state["Error"])
        tail = [line for line in self.channel.stderr_tail if line.strip()][-3:]
        if tail:
            parts.append(" | ".join(tail)[-400:])
        return "; ".join(parts) or "no output"

    def remove(self, graceful: bool = False) -> None:
        """Kill and remove it (``graceful``: ask the runner to exit first)."""
        if graceful:
            with contextlib.suppress(Exception):
                self.channel.send({"op": "exit"})
        remove(self.obj, self.channel)


def remove(obj: Any, channel: Channel | None) -> None:
    with contextlib.suppress(Exception):
        obj.remove(force=True, v=True)
    if channel is not None:
        channel.close()


@dataclass
class Launcher:
    """Starts the job's containers from one inspected image."""

    client: Any
    config: DockerConfig
    job_id: str
    image_id: str
    image_user: str  # the image's USER ("" when it sets none)
    gpus: GpuDecision

    def users(self, layout: Layout) -> tuple[list[tuple[str, int, int]], str]:
        """Users to try, best first, as (docker user, uid, gid); and why, when it is root.

        Not root where possible: the caller's uid; run by root, the owner of the notebook's
        folder, or the image's non-root user (1000 by default) when the project is readable by
        others; root only when nothing else can read the user's files (or start python)."""
        if self.config.user:
            uid_s, _, gid_s = self.config.user.partition(":")
            uid = int(uid_s) if uid_s.isdigit() else -1
            gid = int(gid_s) if gid_s.isdigit() else uid
            return [(self.config.user, uid, gid)], ""
        if os.getuid() != 0:  # the caller's uid: what the notebook writes stays theirs
            return [(f"{os.getuid()}:{os.getgid()}", os.getuid(), os.getgid())], ""
        root = ("0:0", 0, 0)
        if layout.nbdir is not None:
            st = layout.nbdir.stat()
            if st.st_uid != 0:  # run as the owner of the notebook's folder
                return [(f"{st.st_uid}:{st.st_gid}", st.st_uid, st.st_gid), root], ""
        uid_s, _, gid_s = self.image_user.partition(":")
        if uid_s.isdigit() and int(uid_s) != 0:
            uid = int(uid_s)
            gid = int(gid_s) if gid_s.isdigit() else uid
        else:
            uid = gid = 1000
        hidden = [b.source for b in layout.binds if b.read_only and not others_can_read(b.source)]
        if hidden:
            return [root], (
                f"runs as root: {hidden[0]} is readable by root only (make the project "
                "readable by others, or run mlemodernizer as its owner)"
            )
        return [(f"{uid}:{gid}", uid, gid), root], ""

    def start(self, layout: Layout, user: str, scratch: Path) -> Container:
        """Create, attach and start a container as ``user``; back once its runner is ready."""
        from docker.errors import APIError, NotFound

        kwargs = self._create_args(layout, user, scratch)
        try:
            obj = self.client.containers.create(**kwargs)
        except (NotFound, APIError) as exc:
            raise StartFailed(self._create_error(exc), fatal=True) from None
        except Exception as exc:  # docker-py's own validation (a bad --memory, ...)
            raise StartFailed(f"cannot create the container: {exc}", fatal=True) from None
        channel = None
        try:
            sock = self.client.api.attach_socket(
                obj.id, params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1}
            )
            channel = Channel(sock)
            obj.start()
        except APIError as exc:
            remove(obj, channel)
            raise StartFailed(self._start_error(exc), fatal=True) from None
        except Exception:
            remove(obj, channel)
            raise
        box = Container(obj, channel, layout, {})
        msg = box.wait_for("ready", READY_TIMEOUT_S, starting=True)
        if msg is not None and msg.get("type") == "ready":
            box.ready = dict(msg)
            return box
        detail = box.exit_detail()
        remove(obj, channel)
        image = self.config.image
        if msg is not None and msg.get("type") == "fatal":
            raise StartFailed(
                f"image {image!r} cannot run notebooks: {msg.get('error')}; build a sidecar "
                f"from it: mlemodernizer sidecar build --base {image} --tag TAG",
                fatal=True,
            )
        raise StartFailed(f"the container did not start its runner ({detail})")

    def _create_args(self, layout: Layout, user: str, scratch: Path) -> dict[str, Any]:
        from docker.types import DeviceRequest, Mount

        cfg = self.config
        mounts = [
            Mount(b.target, str(b.source), type="bind", read_only=b.read_only) for b in layout.binds
        ]
        kwargs: dict[str, Any] = {
            "image": self.image_id,
            "entrypoint": ["python3", "-u", RUNNER_TARGET],
            "command": [],
            "name": f"mlem-{self.job_id}-{uuid.uuid4().hex[:6]}",
            "labels": job_labels(self.job_id, str(scratch), cfg.image),
            "user": user,
            "working_dir": layout.cwd,
            "environment": {  # a fixed set: nothing from this process (no API keys)
                "HOME": CONTAINER_HOME,
                "PYTHONUNBUFFERED": "1",
                "MPLBACKEND": "Agg",
                "MLEM_JOB": self.job_id,
            },
            "mounts": mounts,
            "network_mode": cfg.network,
            "stdin_open": True,
            "tty": False,
            "detach": True,
            "cap_drop": ["ALL"],
            "security_opt": ["no-new-privileges"],
            "pids_limit": cfg.pids_limit,
            "shm_size": cfg.shm_size,
        }
        if cfg.memory:
            kwargs["mem_limit"] = cfg.memory
            kwargs["memswap_limit"] = cfg.memory  # no swap beyond the limit
        if cfg.cpus:
            kwargs["nano_cpus"] = int(cfg.cpus * 1e9)
        if self.gpus.device_requests:
            kwargs["device_requests"] = [
                DeviceRequest(
                    driver=r["Driver"],
                    count=r["Count"],
                    device_ids=r["DeviceIDs"],
                    capabilities=r["Capabilities"],
                    options=r["Options"],
                )
                for r in self.gpus.device_requests
            ]
        return kwargs

    def _create_error(self, exc: Exception) -> str:
        text = getattr(exc, "explanation", None) or str(exc)
        if "network" in text.lower() and self.config.network not in ("none", "bridge", "host"):
            return f"--network {self.config.network}: {text} (see `docker network ls`)"
        return f"cannot create the container from {self.config.image!r}: {text}"

    def _start_error(self, exc: Exception) -> str:
        text = getattr(exc, "explanation", None) or str(exc)
        low = text.lower()
        if self.gpus.device_requests and ("gpu" in low or "device driver" in low):
            return (
                f"GPUs requested (--gpus {self.gpus.spec}) but the Docker daemon cannot provide "
                f"them ({text}): install the NVIDIA container toolkit, or use --gpus none/auto"
            )
        if "executable file not found" in low or "no such file" in low:
            return (
                f"image {self.config.image!r} has no python3 on its PATH ({text}); build a "
                f"sidecar from it: mlemodernizer sidecar build --base {self.config.image}"
            )
        return f"cannot start the container from {self.config.image!r}: {text}"
