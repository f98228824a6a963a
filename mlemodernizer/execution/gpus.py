"""``--gpus`` for the Docker executor: the docker CLI's ``--gpus`` as device requests.

``all`` every GPU; ``none`` (the default) no GPU; ``0,1`` (or ``device=0,1``, or GPU UUIDs)
those devices; ``count=N`` any N GPUs; ``auto`` every GPU when the daemon has an NVIDIA runtime,
none otherwise (and the decision is reported). As with ``docker run --gpus``, the request is
``Driver ""`` with the ``gpu`` capability, which the NVIDIA container toolkit serves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..contracts.errors import ExecutorError

_DEVICE_RE = re.compile(r"^[A-Za-z0-9_-]+$")


@dataclass
class GpuDecision:
    spec: str  # what was asked: all | none | auto | 0,1 | count=N
    device_requests: list[dict[str, Any]] = field(default_factory=list)  # Docker API JSON
    reason: str = ""

    @property
    def uses_gpus(self) -> bool:
        return bool(self.device_requests)

    def describe(self) -> str:
        if not self.device_requests:
            return f"no GPU ({self.reason})" if self.reason else "no GPU"
        req = self.device_requests[0]
        what = (
            "all GPUs"
            if req.get("Count") == -1
            else f"GPUs {','.join(req['DeviceIDs'])}"
            if req.get("DeviceIDs")
            else f"{req.get('Count')} GPU(s)"
        )
        return f"{what} ({self.reason})" if self.reason else what

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "uses_gpus": self.uses_gpus,
            "device_requests": self.device_requests,
            "reason": self.reason,
            "description": self.describe(),
        }


def _request(count: int = 0, device_ids: list[str] | None = None) -> dict[str, Any]:
    return {
        "Driver": "",
        "Count": count,
        "DeviceIDs": device_ids or [],
        "Capabilities": [["gpu"]],
        "Options": {},
    }


def parse_gpus(spec: str | None, runtimes: Iterable[str] | None = None) -> GpuDecision:
    """Map a ``--gpus`` value to device requests; ``runtimes`` are the daemon's (for ``auto``)."""
    raw = (spec or "none").strip()
    value = raw.strip("\"'").lower()
    if value in ("", "none", "no", "0 gpus"):
        return GpuDecision(raw or "none", [], "--gpus none")
    if value == "all":
        return GpuDecision(raw, [_request(count=-1)], "--gpus all")
    if value == "auto":
        names = sorted(runtimes or [])
        if "nvidia" in names:
            return GpuDecision(raw, [_request(count=-1)], "auto: the daemon has an NVIDIA runtime")
        return GpuDecision(
            raw,
            [],
            "auto: the daemon has no NVIDIA runtime"
            + (f" (runtimes: {', '.join(names)})" if names else ""),
        )
    if value.startswith("count="):
        try:
            count = int(value.split("=", 1)[1])
        except ValueError:
            count = 0
        if count < 1:
            raise ExecutorError(f"--gpus {raw!r}: count=N needs a whole number >= 1")
        return GpuDecision(raw, [_request(count=count)], f"--gpus {raw}")
    body = raw.strip("\"'")
    body = body.split("=", 1)[1] if value.startswith("device=") else body
    ids = [part.strip() for part in body.split(",") if part.strip()]
    if not ids or not all(_DEVICE_RE.match(i) for i in ids):
        raise ExecutorError(
            f"--gpus {raw!r}: expected all, none, auto, device ids like 0,1, or count=N"
        )
    return GpuDecision(raw, [_request(device_ids=ids)], f"--gpus {raw}")
