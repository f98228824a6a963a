"""Where things go in the container, and the scratch copy the notebook runs in.

The project root (``--root``, default the notebook folder's parent) is mounted read-only at
``/workspace``; the notebook's folder is replaced there by a scratch copy (a host temp folder,
bind-mounted read-write), so ``../input/train.csv`` and ``data/x.csv`` resolve as before while
everything the notebook writes lands in the scratch copy, never in the user's files. ``--data``
folders are mounted read-only (at their place, or at ``/kaggle/input/NAME`` with
``--kaggle-input``, where the scratch copy is also ``/kaggle/working``).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from ...contracts.errors import ExecutorError
from ..scratch import SCRATCH_PREFIX, new_scratch, remove_scratch
from ..scratch import fill_scratch as scratch_copy
from .config import COPY_LIMIT_BYTES, DockerConfig

__all__ = ["SCRATCH_PREFIX", "fill_scratch", "new_scratch", "plan_layout", "remove_scratch"]

WORKSPACE = "/workspace"
KAGGLE_INPUT = "/kaggle/input"
KAGGLE_WORKING = "/kaggle/working"
RUNNER_TARGET = "/mlem/runner.py"
SOURCE_TARGET = "/mlem/src"  # read-only view of the notebook's folder (large files link here)
CONTAINER_HOME = "/tmp/mlem-home"
RUNNER_HOST_PATH = Path(__file__).with_name("runner.py")

_SYSTEM_DIRS = {"/", "/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/proc", "/root",
                "/run", "/sbin", "/sys", "/tmp", "/usr", "/var", "/opt", "/home", "/mlem",
                WORKSPACE, "/kaggle", KAGGLE_INPUT, KAGGLE_WORKING}  # fmt: skip


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
    src: Path, scratch: Path, skip: list[str], copy_limit: int = COPY_LIMIT_BYTES
) -> dict[str, int]:
    """Make ``scratch`` a fresh copy of ``src``: small files copied, large ones linked read-only
    (to the container's view of the source), ``skip`` paths left as empty mount points."""
    return scratch_copy(src, scratch, skip, copy_limit, link_to=SOURCE_TARGET)


def others_can_read(path: Path) -> bool:
    """Whether a user other than the owner can reach and read ``path`` (o+x on the way)."""
    try:
        p = Path(path).resolve()
        mode = p.stat().st_mode
        if p.is_dir() and (mode & 0o005) != 0o005 or not p.is_dir() and not mode & 0o004:
            return False
        return all(parent.stat().st_mode & 0o001 for parent in p.parents)
    except OSError:
        return False


def chown_tree(path: Path, uid: int, gid: int) -> None:
    for dirpath, dirnames, filenames in os.walk(path):
        for name in [dirpath, *(os.path.join(dirpath, n) for n in dirnames + filenames)]:
            with contextlib.suppress(OSError):
                os.lchown(name, uid, gid)
