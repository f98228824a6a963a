"""Typed events: the only contract between the engine and its faces (CLI, server, batch).

Each event is one JSON object ``{type, job, seq, time, ...payload}``. The sequence number lets a
reconnecting client replay from where it stopped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

EVENT_TYPES = frozenset(
    {
        "job_started",
        "execution_started",
        "cell_executed",
        "execution_finished",
        "issue_detected",
        "fix_proposed",
        "llm_stream",
        "review_requested",
        "cell_decision",
        "fix_applied",
        "fix_rolled_back",
        "verdict",
        "job_finished",
        "job_failed",
    }
)


@dataclass(frozen=True)
class Event:
    type: str
    job: str
    seq: int
    time: float
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "job": self.job, "seq": self.seq, "time": self.time, **self.data}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        data = {k: v for k, v in obj.items() if k not in ("type", "job", "seq", "time")}
        return cls(
            type=obj["type"],
            job=obj["job"],
            seq=int(obj["seq"]),
            time=float(obj["time"]),
            data=data,
        )


EventSink = Callable[[Event], None]


class Emitter:
    """Numbers and timestamps events for one job and hands them to every sink (thread-safe)."""

    def __init__(self, job: str, sinks: list[EventSink] | None = None, start_seq: int = 0) -> None:
        self.job = job
        self._sinks: list[EventSink] = list(sinks or [])
        self._seq = start_seq
        self._lock = threading.Lock()

    def add_sink(self, sink: EventSink) -> None:
        self._sinks.append(sink)

    def emit(self, type_: str, **data: Any) -> Event:
        if type_ not in EVENT_TYPES:
            raise ValueError(f"unknown event type {type_!r}")
        with self._lock:
            self._seq += 1
            event = Event(type=type_, job=self.job, seq=self._seq, time=time.time(), data=data)
            for sink in self._sinks:
                sink(event)
        return event
