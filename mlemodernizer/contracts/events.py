"""Typed events: the only contract between the engine and its faces (CLI, server, batch).

Each event type is declared once below, as a payload class. ``Emitter.emit`` numbers and timestamps
an instance, and :meth:`Event.to_json` makes the one wire form, ``{type, job, seq, time,
...payload}``. The sequence number lets a reconnecting client replay from where it stopped.

``mlemodernizer/events.schema.json`` is generated from these classes by ``event_schema.py``
(``python -m mlemodernizer.contracts.event_schema --schema > mlemodernizer/events.schema.json``;
that module imports this one, never the reverse); the tests fail when the
committed schema, the frontend's ``src/events.ts`` or its recorded fixture drift from them.

Why dataclasses for the events: an instance knows its event type at run time (``emit`` needs it),
a missing or misspelt field fails where the event is built (a TypedDict is a plain dict by then,
and ``**kwargs`` took anything), and ``dataclasses.fields`` gives the schema generator each field
in order. Pydantic (as jupyter-ai uses) is not a dependency of this project. The shapes nested in
a payload (a cell's error, the report) are declared once, in ``shapes.py``, and made JSON by the
one serializer, ``wire.to_json``.
"""

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from .shapes import (
    Basis,
    BrokenCell,
    CellChange,
    CellError,
    CellTriage,
    FailingCell,
    Outcome,
    Report,
    ReproducedBy,
    RuleNote,
    TokenUsage,
)
from .wire import to_json

# --- the events ---------------------------------------------------------------------------------

EVENTS: dict[str, type["Payload"]] = {}


@dataclass(frozen=True, kw_only=True)
class Payload:
    """What one event says besides its envelope; each subclass is one event type."""

    type: ClassVar[str]

    def __init_subclass__(cls, *, event: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if event in EVENTS:
            raise TypeError(f"event type {event!r} is declared twice")
        cls.type = event
        EVENTS[event] = cls

    def to_json(self) -> dict[str, Any]:
        # a nested shape may be the engine's object or its JSON form already (``from_json``)
        return {f.name: to_json(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True, kw_only=True)
class JobStarted(Payload, event="job_started"):
    notebook: str
    options: dict[str, Any]  # Options.to_json
    target_score: float | None
    score_source: str | None
    version: str


@dataclass(frozen=True, kw_only=True)
class ExecutionStarted(Payload, event="execution_started"):
    iteration: int
    kind: str  # baseline | iteration | verdict | rerun-N
    start_at: int  # the first cell run (a kept kernel resumes there); 0: all of them
    reason: str  # why it starts there (resume), or ""


@dataclass(frozen=True, kw_only=True)
class CellStarted(Payload, event="cell_started"):
    """A cell starts running (a long one is followed by its output, ``cell_output``)."""

    iteration: int
    kind: str
    cell_index: int
    cell_id: str
    cells: int  # how many cells the notebook has ("cell 7 of 42")


@dataclass(frozen=True, kw_only=True)
class CellOutput(Payload, event="cell_output"):
    """The last lines the running cell printed so far: a snapshot, at most once a second."""

    iteration: int
    cell_index: int
    text: str


@dataclass(frozen=True, kw_only=True)
class CellExecuted(Payload, event="cell_executed"):
    iteration: int
    cell_index: int
    cell_id: str | None
    seconds: float
    error: str | None  # "Ename: message", or None when the cell ran cleanly


@dataclass(frozen=True, kw_only=True)
class ExecutionFinished(Payload, event="execution_finished"):
    iteration: int
    kind: str
    error_free: bool
    errors: list[CellError]
    error_cells: int
    runtime_s: float
    score: float | None
    timed_out: bool
    kernel_died: bool
    cancelled: bool
    setup_s: float  # preparing the environment (container start, scratch copy), not runtime_s
    environment: dict[str, Any]  # where and how it ran (executor, image, gpus, ...)
    resumed_from: int | None  # the cell a kept kernel resumed from; None: a fresh kernel
    cells_run: list[int]
    notices: list[str]  # what no cell edit fixes (an error in the user's own module)
    failing_cells: list[FailingCell]
    fixed_cells: list[int]  # the baseline's failing cells that now run clean
    # the job's deadline in seconds from its start (an automatic one is set when the baseline
    # has run) and the time left of it; None: none
    deadline_s: float | None = None
    deadline_left_s: float | None = None


@dataclass(frozen=True, kw_only=True)
class IssueDetected(Payload, event="issue_detected"):
    """What the run before an iteration found wrong: the iteration's fix answers it."""

    iteration: int
    issue: Literal["timeout", "error", "score_deviation"]
    first_error: str | None
    cell_index: int | None
    score: float | None
    runtime_s: float | None
    cells: list[CellTriage]  # the failing cells told apart (issue "error")
    # issue "score_deviation": the first cell up to the score's whose output drifted from the
    # author's stored one, in words (cell_index is that cell); None when none drifted
    drift: str | None = None


@dataclass(frozen=True, kw_only=True)
class LoopStopped(Payload, event="loop_stopped"):
    """The loop stops without a fix for this iteration: the budget ran out asking for one, the
    LLM failed, or no fixer had one (with its reason). Other stops (reproduced, blocked, the
    iteration limit, a cancel) are told by the report's ``stop_reason`` alone."""

    iteration: int
    reason: Literal["budget", "llm_error", "no_fix"]
    detail: str  # the reason as the fixer gave it (the LLM's: what the model was told)
    # the same in plain words for people ("the model's reply held no code; asked again
    # twice"), when ``detail`` was written to the model; None otherwise (and from older servers)
    summary: str | None = None


@dataclass(frozen=True, kw_only=True)
class LLMStream(Payload, event="llm_stream"):
    iteration: int
    fix_type: str
    text: str


@dataclass(frozen=True, kw_only=True)
class FixProposed(Payload, event="fix_proposed"):
    iteration: int
    fix_id: str
    issue: str  # the issue it answers; "static" for the rules pre-pass before the baseline
    fix_type: str
    source: Literal["rule", "environment", "llm"]
    plan: str
    rule_ids: list[str]
    rules: list[RuleNote]  # each rule in a sentence, for people
    model: str | None
    tokens: TokenUsage
    changes: list[CellChange]


@dataclass(frozen=True, kw_only=True)
class ReviewRequested(Payload, event="review_requested"):
    fix_id: str
    cell_ids: list[str]


@dataclass(frozen=True, kw_only=True)
class CellDecision(Payload, event="cell_decision"):
    fix_id: str
    cell_id: str
    decision: Literal["accepted", "rejected"]


@dataclass(frozen=True, kw_only=True)
class FixApplied(Payload, event="fix_applied"):
    fix_id: str
    iteration: int
    cells: list[str]  # the accepted changes' cell ids (file:PATH for a module)
    cell_indices: list[int]
    files: list[str]  # the accepted modules, relative to the notebook's folder


@dataclass(frozen=True, kw_only=True)
class FixRolledBack(Payload, event="fix_rolled_back"):
    """A fix whose run was worse than the best so far: its changes were undone."""

    fix_id: str
    iteration: int
    reason: str
    cells: list[str]
    broke: list[BrokenCell]


@dataclass(frozen=True, kw_only=True)
class Verdict(Payload, event="verdict"):
    outcome: Outcome
    error_free: bool
    reproducible: bool
    basis: Basis
    score: float | None
    target_score: float | None
    tolerance: float
    p_value: float | None
    rerun_scores: list[float]
    cells: list[CellTriage]  # the final run's failing cells told apart
    error_summary: str | None  # "1 cell needs package watermark; 0 code errors"
    nothing_to_modernize: str | None  # as the report's
    # the report's fidelity summary ("461 of 466 stored numbers found again; ..."), or None
    fidelity: str | None = None
    # what "reproducible" rests on (scoring.basis): the score, the author's stored numbers found
    # again (at least --fidelity-threshold), both, errors alone, or neither; and in words
    reproduced_by: ReproducedBy = "errors"
    reproduced_words: str = ""


@dataclass(frozen=True, kw_only=True)
class JobFinished(Payload, event="job_finished"):
    # the whole report: the panel shows it, opens it and offers it for download
    report: Report


@dataclass(frozen=True, kw_only=True)
class JobFailed(Payload, event="job_failed"):
    error: str
    interrupted: bool = False  # the server stopped while the job ran


TERMINAL_EVENTS = (JobFinished.type, JobFailed.type)
ENVELOPE = ("type", "job", "seq", "time")


@dataclass(frozen=True)
class Event:
    job: str
    seq: int
    time: float
    payload: Payload

    @property
    def type(self) -> str:
        return self.payload.type

    @property
    def data(self) -> dict[str, Any]:
        """The payload as JSON, for sinks that read fields by name (the CLI's printer)."""
        return self.payload.to_json()

    def to_json(self) -> dict[str, Any]:
        """The wire form: the one place an event becomes JSON."""
        return {
            "type": self.type,
            "job": self.job,
            "seq": self.seq,
            "time": self.time,
            **self.payload.to_json(),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> "Event":
        """Back from the wire; a field the declaration lacks (or misses) raises TypeError."""
        payload_cls = EVENTS.get(obj["type"])
        if payload_cls is None:
            raise ValueError(f"unknown event type {obj['type']!r}")
        payload = payload_cls(**{k: v for k, v in obj.items() if k not in ENVELOPE})
        return cls(job=obj["job"], seq=int(obj["seq"]), time=float(obj["time"]), payload=payload)


def upgrade_stored(obj: dict[str, Any]) -> dict[str, Any]:
    """An event as an older version stored it (a server's job history), in today's shape:
    ``job_finished`` spread the report into the event, and ``issue_detected`` also told the
    stop reasons now in ``loop_stopped``."""
    if obj.get("type") == "job_finished" and "report" not in obj:
        envelope = {k: obj[k] for k in ENVELOPE if k in obj}
        return {**envelope, "report": {k: v for k, v in obj.items() if k not in ENVELOPE}}
    if obj.get("type") == "issue_detected" and obj.get("issue") in (
        "budget",
        "llm_error",
        "no_fix",
    ):
        envelope = {k: obj[k] for k in ENVELOPE if k in obj}
        return {
            **envelope,
            "type": LoopStopped.type,
            "iteration": obj.get("iteration", 0),
            "reason": obj["issue"],
            "detail": obj.get("detail", ""),
        }
    return obj


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

    def emit(self, payload: Payload) -> Event:
        if not isinstance(payload, Payload):
            raise TypeError(f"emit takes an event payload, not {type(payload).__name__}")
        with self._lock:
            self._seq += 1
            event = Event(job=self.job, seq=self._seq, time=time.time(), payload=payload)
            for sink in self._sinks:
                sink(event)
        return event
