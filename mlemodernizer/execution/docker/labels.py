"""Whose a container is: the labels that tie it to its job and process, and the stale sweep.

Containers are removed on close, on timeout and cancel, and at interpreter exit; a crash or a
SIGKILL skips all of those, so each executor, as it is created, removes the labelled containers
whose owner process is gone (and their scratch folders).
"""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from ..processes import process_alive, process_start
from .layout import remove_scratch

LABEL_JOB = "mlemodernizer.job"
LABEL_OWNER = "mlemodernizer.owner"
LABEL_SCRATCH = "mlemodernizer.scratch"
LABEL_IMAGE = "mlemodernizer.image"


def owner_label() -> str:
    """This process, as a container's owner: host/pid/start."""
    return f"{socket.gethostname()}/{os.getpid()}/{process_start(os.getpid())}"


def owner_gone(owner: str) -> bool:
    """True when the label names a process on this host that no longer runs."""
    try:
        host, pid_s, start = owner.rsplit("/", 2)
        pid = int(pid_s)
    except ValueError:
        return False
    if host != socket.gethostname():
        return False  # another machine's job on a shared daemon: not ours to judge
    return not process_alive(pid, start)


def job_labels(job_id: str, scratch: str, image: str) -> dict[str, str]:
    return {
        LABEL_JOB: job_id,
        LABEL_OWNER: owner_label(),
        LABEL_SCRATCH: scratch,
        LABEL_IMAGE: image,
    }


def sweep_stale(client: Any) -> list[str]:
    """Remove labelled containers whose owner process has gone (a crash, a SIGKILL)."""
    removed: list[str] = []
    try:
        containers = client.containers.list(all=True, filters={"label": LABEL_JOB})
    except Exception:
        return removed
    for c in containers:
        labels = c.labels or {}
        if not owner_gone(labels.get(LABEL_OWNER, "")):
            continue
        with contextlib.suppress(Exception):
            c.remove(force=True, v=True)
            removed.append(c.name)
        remove_scratch(labels.get(LABEL_SCRATCH))
    return removed
