"""Docker executor: the notebook runs in a sidecar container, the way Kaggle ran it.

One container per job, started from ``--image`` (default ``mlemodernizer-sidecar:latest``, see
``mlemodernizer sidecar build``) and reused for every iteration of the job. Inside it a small
runner (``runner.py``, mounted read-only) drives the kernel with nbclient and streams JSON lines
back over the container's attached stdout; commands go in on its stdin. Why a runner and not
nbclient here over the kernel's ZMQ ports: containers have no network by default
(``--network none``), so no port inside them is reachable from the host, while the attach
stream exists in every network mode; it also keeps one warm container + kernel per job.

Semantics mirror the local executor: every cell runs even after an error, ANSI-stripped
tracebacks, a whole-run deadline and a per-cell limit, ``timed_out``/``kernel_died``/
``cancelled``, ``on_cell`` per finished cell, the probe run in the still-live kernel. The time
limits and cancel are enforced here, by killing the container (the only stop that cannot hang);
the next run starts a fresh one.

Layout and isolation (``plan_layout``): the project root (``--root``, default the notebook
folder's parent) is mounted read-only at ``/workspace``; the notebook's folder is replaced there
by a scratch copy (a host temp folder, bind-mounted read-write), so ``../input/train.csv`` and
``data/x.csv`` resolve as before while everything the notebook writes lands in the scratch copy,
never in the user's files. ``--data`` folders are mounted read-only (at their place, or at
``/kaggle/input/NAME`` with ``--kaggle-input``, where the scratch copy is also
``/kaggle/working``). No network unless ``--network``; memory/CPU limits; a non-root user;
no capabilities; only a fixed environment goes in (never the LLM key).

Lifecycle: containers carry the labels ``mlemodernizer.job=<id>`` and an owner; they are
removed on close (success, failure), on timeout and cancel, at interpreter exit, and stale ones
(whose owner process is gone) when an executor is created.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import json
import os
import queue
import re
import shutil
import socket
import struct
import tempfile
import threading
import time
import uuid
import weakref
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from ..errors import ExecutorError
from ..sidecar import DEFAULT_IMAGE
from .base import CellError, CellRun, ExecutionRequest, ExecutionResult
from .gpus import GpuDecision, parse_gpus
from .local import error_from_outputs, parse_facts

LABEL_JOB = "mlemodernizer.job"
LABEL_OWNER = "mlemodernizer.owner"
LABEL_SCRATCH = "mlemodernizer.scratch"
WORKSPACE = "/workspace"
KAGGLE_INPUT = "/kaggle/input"
KAGGLE_WORKING = "/kaggle/working"
RUNNER_TARGET = "/mlem/runner.py"
SOURCE_TARGET = "/mlem/src"  # read-only view of the notebook's folder (large files link here)
CONTAINER_HOME = "/tmp/mlem-home"
SCRATCH_PREFIX = "mlem-scratch-"
RUNNER_HOST_PATH = Path(__file__).with_name("runner.py")

_READY_TIMEOUT_S = 120.0
_PROBE_TIMEOUT_S = 20.0
_POLL_S = 0.1
_COPY_LIMIT_BYTES = 64 * 1024 * 1024  # larger files are linked read-only, not copied
_SYSTEM_DIRS = {"/", "/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/proc", "/root",
                "/run", "/sbin", "/sys", "/tmp", "/usr", "/var", "/opt", "/home", "/mlem",
                WORKSPACE, "/kaggle", KAGGLE_INPUT, KAGGLE_WORKING}  # fmt: skip


# --- connecting -----------------------------------------------------------------------------


def connect(purpose: str = "--executor docker") -> Any:
    """A docker SDK client, or one ExecutorError that names the fix."""
    try:
        from docker.errors import DockerException

        import docker
    except ImportError:  # pragma: no cover - a declared dependency
        raise ExecutorError(
            "the docker Python package is missing: pip install 'docker>=7'"
        ) from None
    host = os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    try:
        client = docker.from_env(timeout=120)
        client.ping()
        return client
    except DockerException as exc:
        raise ExecutorError(_daemon_error(host, exc, purpose)) from None


def _daemon_error(host: str, exc: Exception, purpose: str) -> str:
    text = str(exc)
    sock = host[len("unix://") :] if host.startswith("unix://") else None
    installed = bool(shutil.which("docker") or shutil.which("dockerd"))
    if sock and not os.path.exists(sock) and not installed and "DOCKER_HOST" not in os.environ:
        return (
            "Docker is not installed (no docker command, no daemon socket at "
            f"{sock}): install Docker Engine (e.g. apt-get install docker.io) and start it, "
            f"or run without {purpose} (--executor local)"
        )
    if "ermission denied" in text:
        return (
            f"permission denied on the Docker daemon socket {host}: add your user to the "
            "'docker' group (then log in again) or run as root; or use --executor local"
        )
    reason = re.sub(r"\s+", " ", text)[:200]
    return (
        f"cannot reach the Docker daemon at {host} ({reason}): start it "
        "(`sudo systemctl start docker`, or `dockerd &`), or point DOCKER_HOST at a running "
        "one; or use --executor local"
    )


# --- configuration and layout ---------------------------------------------------------------


@dataclass
class DockerConfig:
    image: str = DEFAULT_IMAGE
    gpus: str = "none"
    root: str | None = None  # project root; default: the notebook folder's parent
    data: list[str] = field(default_factory=list)
    kaggle_input: bool = False
    network: str = "none"
    memory: str | None = None  # e.g. "8g"
    cpus: float | None = None
    kernel: str | None = None
    user: str | None = None  # default: the caller's uid, or the image's non-root user, or 1000
    shm_size: str = "1g"
    pids_limit: int = 4096
    copy_limit_bytes: int = _COPY_LIMIT_BYTES

    @classmethod
    def from_options(cls, opts: Any) -> DockerConfig:
        data = getattr(opts, "data", None) or []
        if isinstance(data, str):
            data = [data]
        cpus = getattr(opts, "cpus", None)
        if cpus is not None and (isinstance(cpus, bool) or not isinstance(cpus, (int, float))):
            raise ExecutorError(f"--cpus must be a number, not {cpus!r}")
        if cpus is not None and cpus <= 0:
            raise ExecutorError("--cpus must be > 0")
        memory = getattr(opts, "memory", None)
        if memory is not None and not re.fullmatch(r"\d+(\.\d+)?[bkmgBKMG]?", str(memory)):
            raise ExecutorError(f"--memory {memory!r}: expected a size like 512m or 8g")
        return cls(
            image=opts.image or DEFAULT_IMAGE,
            gpus=opts.gpus or "none",
            root=getattr(opts, "root", None),
            data=[str(d) for d in data],
            kaggle_input=bool(getattr(opts, "kaggle_input", False)),
            network=getattr(opts, "network", None) or "none",
            memory=str(memory) if memory is not None else None,
            cpus=float(cpus) if cpus is not None else None,
            kernel=getattr(opts, "kernel", None),
        )


@dataclass
class Bind:
    source: Path
    target: str
    read_only: bool


@dataclass
class Layout:
    root: Path | None  # host project root (None: a bare container, no project)
    nbdir: Path | None  # host notebook folder
    cwd: str  # where the kernel runs, in the container
    binds: list[Bind]
    skip: list[str]  # paths (relative to the notebook's folder) not copied: data mounted there


def plan_layout(cwd: Path | None, cfg: DockerConfig, scratch: Path) -> Layout:
    """Where the project, the scratch copy and the data go in the container (pure; tested)."""
    binds = [Bind(RUNNER_HOST_PATH, RUNNER_TARGET, True)]
    if cwd is None:
        return Layout(None, None, CONTAINER_HOME, binds, [])
    nbdir = Path(cwd).resolve()
    if not nbdir.is_dir():
        raise ExecutorError(f"{nbdir}: the notebook's folder does not exist")
    if cfg.root:
        root = Path(cfg.root).expanduser().resolve()
        if not root.is_dir():
            raise ExecutorError(f"--root {cfg.root}: not a folder")
        if root != nbdir and root not in nbdir.parents:
            raise ExecutorError(f"--root {root} does not contain the notebook's folder {nbdir}")
    else:
        root = nbdir.parent if nbdir.parent != nbdir and str(nbdir.parent) != "/" else nbdir
    rel = nbdir.relative_to(root).as_posix()
    container_cwd = WORKSPACE if rel == "." else f"{WORKSPACE}/{rel}"
    if root != nbdir:
        binds.append(Bind(root, WORKSPACE, True))
    binds.append(Bind(nbdir, SOURCE_TARGET, True))
    binds.append(Bind(scratch, container_cwd, False))
    if cfg.kaggle_input:
        binds.append(Bind(scratch, KAGGLE_WORKING, False))
    skip: list[str] = []
    kaggle_names: set[str] = set()
    for item in cfg.data:
        data = Path(item).expanduser().resolve()
        if not data.is_dir():
            raise ExecutorError(f"--data {item}: not a folder")
        if data == nbdir or data in nbdir.parents:
            raise ExecutorError(
                f"--data {item}: contains the notebook's folder; give the data folder itself"
            )
        if nbdir in data.parents:  # inside the notebook's folder: not copied, read-only there
            sub = data.relative_to(nbdir).as_posix()
            skip.append(sub)
            binds.append(Bind(data, f"{container_cwd}/{sub}", True))
            if cfg.kaggle_input:
                binds.append(Bind(data, f"{KAGGLE_WORKING}/{sub}", True))
        if cfg.kaggle_input:
            name = data.name
            if name in kaggle_names:
                raise ExecutorError(f"--data: two folders named {name!r} for {KAGGLE_INPUT}")
            kaggle_names.add(name)
            binds.append(Bind(data, f"{KAGGLE_INPUT}/{name}", True))
        elif data != root and root not in data.parents:  # outside the project: its own path
            if str(data) in _SYSTEM_DIRS or any(
                str(data).startswith(f"{s}/") for s in (WORKSPACE, "/mlem", "/proc", "/sys")
            ):
                raise ExecutorError(f"--data {data}: cannot mount over a system folder")
            binds.append(Bind(data, str(data), True))
        # else: inside the project root, already read-only at its place
    if cfg.kaggle_input and not cfg.data:
        old_kaggle = nbdir.parent / "input"  # Kaggle's old layout: ../input beside the notebook
        if old_kaggle.is_dir() and old_kaggle != nbdir:
            binds.append(Bind(old_kaggle, KAGGLE_INPUT, True))
    return Layout(root, nbdir, container_cwd, binds, skip)


def fill_scratch(
    src: Path, scratch: Path, skip: list[str], copy_limit: int = _COPY_LIMIT_BYTES
) -> dict[str, int]:
    """Make ``scratch`` a fresh copy of ``src``: small files copied, large ones linked read-only
    (to the container's view of the source), ``skip`` paths left as empty mount points."""
    keep = set()
    for sub in skip:
        parts = Path(sub).parts
        for i in range(1, len(parts) + 1):
            keep.add(Path(*parts[:i]).as_posix())
    _clear(scratch, scratch, keep)
    stats = {"files": 0, "bytes": 0, "linked": 0}
    for dirpath, dirnames, filenames in os.walk(src):
        here = Path(dirpath)
        rel_dir = here.relative_to(src)
        dest_dir = scratch / rel_dir
        dest_dir.mkdir(exist_ok=True)
        for name in list(dirnames):
            rel = (rel_dir / name).as_posix()
            if rel in skip:
                dirnames.remove(name)
                (dest_dir / name).mkdir(parents=True, exist_ok=True)
            elif (here / name).is_symlink():
                dirnames.remove(name)
                with contextlib.suppress(OSError):
                    os.symlink(os.readlink(here / name), dest_dir / name)
        for name in filenames:
            path = here / name
            dest = dest_dir / name
            rel = (rel_dir / name).as_posix()
            try:
                if path.is_symlink():
                    os.symlink(os.readlink(path), dest)
                    continue
                size = path.stat().st_size
                if size > copy_limit:
                    os.symlink(f"{SOURCE_TARGET}/{rel}", dest)
                    stats["linked"] += 1
                    continue
                shutil.copy2(path, dest)
                stats["files"] += 1
                stats["bytes"] += size
            except OSError:
                continue  # unreadable (a socket, a file that vanished): not part of the copy
    for sub in skip:
        (scratch / sub).mkdir(parents=True, exist_ok=True)
    return stats


def _clear(folder: Path, top: Path, keep: set[str]) -> None:
    for entry in list(folder.iterdir()):
        rel = entry.relative_to(top).as_posix()
        if rel in keep and entry.is_dir() and not entry.is_symlink():
            _clear(entry, top, keep)  # a mount point or on the way to one: never removed
        elif entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()


def _others_can_read(path: Path) -> bool:
    """Whether a user other than the owner can reach and read ``path`` (o+x on the way)."""
    try:
        p = Path(path).resolve()
        mode = p.stat().st_mode
        if p.is_dir() and (mode & 0o005) != 0o005 or not p.is_dir() and not mode & 0o004:
            return False
        return all(parent.stat().st_mode & 0o001 for parent in p.parents)
    except OSError:
        return False


def _chown_tree(path: Path, uid: int, gid: int) -> None:
    for dirpath, dirnames, filenames in os.walk(path):
        for name in [dirpath, *(os.path.join(dirpath, n) for n in dirnames + filenames)]:
            with contextlib.suppress(OSError):
                os.lchown(name, uid, gid)


# --- ownership of containers (for the stale sweep) ------------------------------------------


def _process_start(pid: int) -> str:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def _owner_label() -> str:
    return f"{socket.gethostname()}/{os.getpid()}/{_process_start(os.getpid())}"


def _owner_gone(owner: str) -> bool:
    """True when the label names a process on this host that no longer runs."""
    try:
        host, pid_s, start = owner.rsplit("/", 2)
        pid = int(pid_s)
    except ValueError:
        return False
    if host != socket.gethostname():
        return False  # another machine's job on a shared daemon: not ours to judge
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass
    return bool(start) and _process_start(pid) not in ("", start)


def sweep_stale(client: Any) -> list[str]:
    """Remove labelled containers whose owner process has gone (a crash, a SIGKILL)."""
    removed = []
    try:
        containers = client.containers.list(all=True, filters={"label": LABEL_JOB})
    except Exception:
        return removed
    for c in containers:
        labels = c.labels or {}
        if not _owner_gone(labels.get(LABEL_OWNER, "")):
            continue
        with contextlib.suppress(Exception):
            c.remove(force=True, v=True)
            removed.append(c.name)
        _remove_scratch(labels.get(LABEL_SCRATCH))
    return removed


def _remove_scratch(path: str | None) -> None:
    if path and Path(path).name.startswith(SCRATCH_PREFIX):
        shutil.rmtree(path, ignore_errors=True)


# --- the attach stream ----------------------------------------------------------------------

_EMPTY = object()


class _Channel:
    """JSON lines over a container's attach socket (multiplexed stdout/stderr frames)."""

    def __init__(self, sock: Any) -> None:
        self._holder = sock  # keeps the HTTP response (and its socket) alive
        raw = getattr(sock, "_sock", sock)
        with contextlib.suppress(Exception):
            raw.settimeout(None)
        self.raw = raw
        self.messages: queue.Queue[Any] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=80)
        self.closed = False  # the stream ended: the container stopped
        self._send_lock = threading.Lock()
        self._thread = threading.Thread(target=self._read_loop, daemon=True, name="mlem-attach")
        self._thread.start()

    def _recv_exactly(self, n: int) -> bytes | None:
        buf = bytearray()
        while len(buf) < n:
            try:
                chunk = self.raw.recv(n - len(buf))
            except OSError:
                return None
            if not chunk:
                return None
            buf += chunk
        return bytes(buf)

    def _read_loop(self) -> None:
        pending: dict[int, bytearray] = {}
        try:
            while True:
                header = self._recv_exactly(8)
                if header is None:
                    break
                stream, size = struct.unpack(">BxxxL", header)
                payload = self._recv_exactly(size) if size else b""
                if payload is None:
                    break
                buf = pending.setdefault(stream, bytearray())
                scan = len(buf)  # a big message arrives in many frames: scan only what is new
                buf += payload
                newline = buf.find(b"\n", scan)
                start = 0
                while newline >= 0:
                    self._line(stream, buf[start:newline].decode("utf-8", "replace"))
                    start = newline + 1
                    newline = buf.find(b"\n", start)
                if start:
                    del buf[:start]
        finally:
            self.closed = True
            self.messages.put(None)

    def _line(self, stream: int, line: str) -> None:
        if stream == 1 and line.startswith("{"):
            try:
                self.messages.put(json.loads(line))
                return
            except json.JSONDecodeError:
                pass
        if line.strip():
            self.stderr_tail.append(line)

    def send(self, obj: dict[str, Any]) -> None:
        data = (json.dumps(obj) + "\n").encode()
        with self._send_lock:
            self.raw.sendall(data)

    def get(self, timeout: float) -> Any:
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return _EMPTY

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.raw.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(Exception):
            self.raw.close()


# --- the executor ---------------------------------------------------------------------------

_LIVE: weakref.WeakSet[DockerExecutor] = weakref.WeakSet()
_VERSIONS_BY_IMAGE: dict[str, dict[str, str]] = {}


@atexit.register
def _close_all() -> None:
    for executor in list(_LIVE):
        with contextlib.suppress(Exception):
            executor.close()


class _Container:
    def __init__(self, obj: Any, channel: _Channel, layout: Layout, ready: dict[str, Any]):
        self.obj = obj
        self.channel = channel
        self.layout = layout
        self.ready = ready


class DockerExecutor:
    """Runs notebooks in one long-lived container per job (see the module docstring)."""

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
        self._container: _Container | None = None
        self._scratch: Path | None = None
        self._pending_setup_s = 0.0
        self._kept_nb: Any = None  # the executed notebook of a keep_kernel run (for resuming)
        self._starts = 0
        self._user_note = ""
        self._closed = False
        try:
            image = self.client.images.get(self.config.image)
        except Exception as exc:
            raise ExecutorError(self._image_error(exc)) from None
        self.image_id: str = image.id
        self._image_user: str = (image.attrs.get("Config") or {}).get("User") or ""
        runtimes: list[str] = []
        if self.config.gpus.strip().lower() == "auto":
            with contextlib.suppress(Exception):
                runtimes = list((self.client.info().get("Runtimes") or {}).keys())
        self.gpus: GpuDecision = parse_gpus(self.config.gpus, runtimes)
        self.swept = sweep_stale(self.client)
        _LIVE.add(self)

    def _image_error(self, exc: Exception) -> str:
        from docker.errors import ImageNotFound

        image = self.config.image
        if isinstance(exc, ImageNotFound):
            return (
                f"Docker image {image!r} not found: build it with "
                f"`mlemodernizer sidecar build --tag {image}` (or `docker pull {image}`)"
            )
        return f"cannot inspect Docker image {image!r}: {exc}"

    # --- Executor protocol ------------------------------------------------------------------

    def installed_versions(self) -> dict[str, str]:
        """Package versions inside the image (importlib.metadata there); once per image."""
        cached = _VERSIONS_BY_IMAGE.get(self.image_id) or _read_versions_cache(self.image_id)
        if cached is None:
            with self._lock:
                box = self._ensure(self.notebook_dir)
                box.channel.send({"op": "versions"})
                msg = self._wait_for(box, "versions", 60.0)
                cached = dict(msg.get("versions") or {}) if msg else {}
            if cached:
                _write_versions_cache(self.image_id, cached)
        _VERSIONS_BY_IMAGE[self.image_id] = cached
        return dict(cached)

    def execute(self, request: ExecutionRequest) -> ExecutionResult:
        with self._lock:
            return self._execute(request)

    def close(self) -> None:
        with self._lock:
            self._discard(graceful=True)
            _remove_scratch(str(self._scratch) if self._scratch else None)
            self._scratch = None
            self._closed = True
            _LIVE.discard(self)

    # --- containers -------------------------------------------------------------------------

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
            self._scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{self.job_id}-"))
            os.chmod(self._scratch, 0o755)
        return self._scratch

    def _users(self, layout: Layout) -> tuple[list[tuple[str, int, int]], str]:
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
        uid_s, _, gid_s = self._image_user.partition(":")
        if uid_s.isdigit() and int(uid_s) != 0:
            uid = int(uid_s)
            gid = int(gid_s) if gid_s.isdigit() else uid
        else:
            uid = gid = 1000
        hidden = [b.source for b in layout.binds if b.read_only and not _others_can_read(b.source)]
        if hidden:
            return [root], (
                f"runs as root: {hidden[0]} is readable by root only (make the project "
                "readable by others, or run mlemodernizer as its owner)"
            )
        return [(f"{uid}:{gid}", uid, gid), root], ""

    def _ensure(self, cwd: Path | None) -> _Container:
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
        users, note = self._users(layout)
        for i, (user, uid, gid) in enumerate(users):
            if layout.nbdir is not None:
                fill_scratch(layout.nbdir, scratch, layout.skip, self.config.copy_limit_bytes)
            if uid > 0 and os.getuid() == 0:
                _chown_tree(scratch, uid, gid)
            try:
                box = self._start(layout, user, scratch)
            except _StartFailed as exc:
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

    def _start(self, layout: Layout, user: str, scratch: Path) -> _Container:
        from docker.errors import APIError, NotFound
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
            "labels": {
                LABEL_JOB: self.job_id,
                LABEL_OWNER: _owner_label(),
                LABEL_SCRATCH: str(scratch),
                "mlemodernizer.image": cfg.image,
            },
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
        try:
            obj = self.client.containers.create(**kwargs)
        except NotFound as exc:
            raise _StartFailed(self._create_error(exc), fatal=True) from None
        except APIError as exc:
            raise _StartFailed(self._create_error(exc), fatal=True) from None
        except Exception as exc:  # docker-py's own validation (a bad --memory, ...)
            raise _StartFailed(f"cannot create the container: {exc}", fatal=True) from None
        channel = None
        try:
            sock = self.client.api.attach_socket(
                obj.id, params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1}
            )
            channel = _Channel(sock)
            obj.start()
        except APIError as exc:
            self._remove(obj, channel)
            raise _StartFailed(self._start_error(exc), fatal=True) from None
        except Exception:
            self._remove(obj, channel)
            raise
        box = _Container(obj, channel, layout, {})
        msg = self._wait_for(box, "ready", _READY_TIMEOUT_S, starting=True)
        if msg is not None and msg.get("type") == "ready":
            box.ready = dict(msg)
            return box
        detail = self._exit_detail(box)
        self._remove(obj, channel)
        if msg is not None and msg.get("type") == "fatal":
            raise _StartFailed(
                f"image {cfg.image!r} cannot run notebooks: {msg.get('error')}; build a sidecar "
                f"from it: mlemodernizer sidecar build --base {cfg.image} --tag TAG",
                fatal=True,
            )
        raise _StartFailed(f"the container did not start its runner ({detail})")

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

    def _exit_detail(self, box: _Container) -> str:
        state: dict[str, Any] = {}
        with contextlib.suppress(Exception):
            box.obj.reload()
            state = box.obj.attrs.get("State") or {}
        parts = []
        if state.get("OOMKilled"):
            parts.append("killed for memory (OOM); raise --memory")
        if state.get("Status") and state.get("Status") != "running":
            parts.append(f"exit code {state.get('ExitCode')}")
        if state.get("Error"):
            parts.append(state["Error"])
        tail = [line for line in box.channel.stderr_tail if line.strip()][-3:]
        if tail:
            parts.append(" | ".join(tail)[-400:])
        return "; ".join(parts) or "no output"

    def _wait_for(
        self, box: _Container, kind: str, timeout: float, starting: bool = False
    ) -> dict[str, Any] | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = box.channel.get(_POLL_S)
            if msg is _EMPTY:
                continue
            if msg is None:
                return None
            if msg.get("type") == kind or (starting and msg.get("type") == "fatal"):
                return msg
            if msg.get("type") == "error":
                raise ExecutorError(f"the in-container runner failed: {msg.get('error')}")
        return None

    @staticmethod
    def _remove(obj: Any, channel: _Channel | None) -> None:
        with contextlib.suppress(Exception):
            obj.remove(force=True, v=True)
        if channel is not None:
            channel.close()

    def _discard(self, graceful: bool = False) -> None:
        """Kill and remove the job's container (timeout, cancel, close)."""
        box, self._container = self._container, None
        self._kept_nb = None
        if box is None:
            return
        if graceful:
            with contextlib.suppress(Exception):
                box.channel.send({"op": "exit"})
        self._remove(box.obj, box.channel)

    # --- the run ----------------------------------------------------------------------------

    def _execute(self, request: ExecutionRequest) -> ExecutionResult:
        nb = copy.deepcopy(request.nb)
        wanted = Path(request.cwd).resolve()
        reused = (
            self._container is not None
            and not self._container.channel.closed
            and self._container.layout.nbdir == wanted
        )
        kept = self._kept_nb
        self._kept_nb = None
        resume = request.start_at > 0 and reused and kept is not None
        start = request.start_at if resume else 0
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if resume and index < start and kept is not None and index < len(kept.cells):
                # cells before the resume point keep what they showed in the kept kernel's run
                cell.outputs = copy.deepcopy(kept.cells[index].get("outputs", []))
                cell.execution_count = kept.cells[index].get("execution_count")
            else:
                cell.outputs = []
                cell.execution_count = None
        result = ExecutionResult(executed=nb, resumed_from=start if resume else None)
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
                "from_cell": start,
                "restart": not resume,
                "kernel": self.config.kernel or "python3",
                "setup": request.setup_code,
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
                result.timed_out = True
                if current is not None:
                    run = CellRun(current, nb.cells[current].get("id", ""), now - cell_t0)
                    run.error = CellError(
                        current,
                        run.cell_id,
                        "TimeoutError",
                        f"cell {current} exceeded the time limit ({limit:.0f} s)",
                        "",
                    )
                    self._record(result, request, run)
                self._discard()  # the limit kills the container
                break
            msg = box.channel.get(_POLL_S)
            if msg is _EMPTY:
                continue
            if msg is None:  # the container went away under us (OOM kill, docker rm, ...)
                detail = self._exit_detail(box)
                result.kernel_died = True
                if current is not None:
                    run = CellRun(current, nb.cells[current].get("id", ""), now - cell_t0)
                    run.error = CellError(
                        current,
                        run.cell_id,
                        "DeadKernelError",
                        f"the kernel died: the container exited ({detail})",
                        "",
                    )
                    self._record(result, request, run)
                self._discard()
                break
            kind = msg.get("type")
            if kind == "run_started" and resume and not msg.get("resumed"):
                result.resumed_from = None  # the kept kernel had gone: every cell runs anew
                for cell in nb.cells[:start]:
                    if cell.cell_type == "code":
                        cell.outputs, cell.execution_count = [], None
            elif kind == "cell_started":
                current = int(msg["index"])
                cell_t0 = time.monotonic()
            elif kind == "cell_done":
                index = int(msg["index"])
                cell = nb.cells[index]
                done = msg.get("cell") or {}
                cell.outputs = [nbformat.from_dict(o) for o in done.get("outputs", [])]
                cell.execution_count = done.get("execution_count")
                if "execution" in (done.get("metadata") or {}):
                    cell.metadata["execution"] = done["metadata"]["execution"]
                run = CellRun(index, cell.get("id", ""), float(msg.get("seconds", 0.0)))
                if msg.get("dead_kernel") is not None:
                    run.error = CellError(
                        index, run.cell_id, "DeadKernelError",
                        f"the kernel died: {msg['dead_kernel']}", "",
                    )  # fmt: skip
                    result.kernel_died = True
                else:
                    run.error = error_from_outputs(cell, index)
                self._record(result, request, run)
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
            else:  # no kernel idles in the container between runs (the container does)
                with contextlib.suppress(Exception):
                    box.channel.send({"op": "stop_kernel"})
        return result

    def _refill(self, box: _Container) -> None:
        scratch = self._scratch_dir()
        fill_scratch(box.layout.nbdir, scratch, box.layout.skip, self.config.copy_limit_bytes)
        if os.getuid() == 0:
            uid_s, _, gid_s = str(box.ready.get("user", "0:0")).partition(":")
            if uid_s.isdigit() and int(uid_s) > 0:
                _chown_tree(scratch, int(uid_s), int(gid_s or uid_s))

    def _probe(self, box: _Container, code: str) -> dict[str, Any]:
        try:
            box.channel.send({"op": "probe", "code": code, "timeout": _PROBE_TIMEOUT_S})
            msg = self._wait_for(box, "probe_done", _PROBE_TIMEOUT_S + 5)
        except Exception:  # a failed probe only costs the prompt some detail
            return {}
        return parse_facts(msg.get("text", "")) if msg else {}

    @staticmethod
    def _record(result: ExecutionResult, request: ExecutionRequest, run: CellRun) -> None:
        result.cells.append(run)
        if run.error is not None:
            result.errors.append(run.error)
        if request.on_cell is not None:
            request.on_cell(run)


class _StartFailed(Exception):
    def __init__(self, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal


# --- the per-image versions cache -----------------------------------------------------------


def _versions_cache_path(image_id: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = image_id.replace(":", "-").replace("/", "-")
    return Path(base) / "mlemodernizer" / "image-versions" / f"{name}.json"


def _read_versions_cache(image_id: str) -> dict[str, str] | None:
    try:
        data = json.loads(_versions_cache_path(image_id).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data else None


def _write_versions_cache(image_id: str, versions: dict[str, str]) -> None:
    path = _versions_cache_path(image_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(versions, sort_keys=True))
        os.replace(tmp, path)
    except OSError:
        pass


def make_docker_executor(
    opts: Any, job_id: str | None = None, notebook: Path | None = None
) -> DockerExecutor:
    config = DockerConfig.from_options(opts)
    parse_gpus(config.gpus)  # a bad --gpus fails before any container work
    nbdir = Path(notebook).resolve().parent if notebook else None
    return DockerExecutor(config, job_id=job_id, notebook_dir=nbdir)
