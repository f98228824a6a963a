"""What a job asks of its container: image, GPUs, mounts, network, limits (from the options)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...contracts.errors import ExecutorError
from ..scratch import COPY_LIMIT_BYTES  # larger files are linked read-only, not copied
from .image import DEFAULT_IMAGE


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
    copy_limit_bytes: int = COPY_LIMIT_BYTES

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
