"""The event contract: each event declared once, and its one wire form."""

from __future__ import annotations

import dataclasses

import pytest

from mlemodernizer import events
from mlemodernizer.events import (
    Emitter,
    Event,
    ExecutionStarted,
    JobFailed,
    JobFinished,
    LoopStopped,
    ReviewRequested,
    upgrade_stored,
)


def test_emit_numbers_events_and_makes_the_wire_form_in_one_place() -> None:
    seen: list[Event] = []
    emitter = Emitter("job1", [seen.append], start_seq=4)
    event = emitter.emit(ReviewRequested(fix_id="fix-1", cell_ids=["a", "b"]))
    assert seen == [event] and event.seq == 5 and event.type == "review_requested"
    wire = event.to_json()
    assert wire == {
        "type": "review_requested",
        "job": "job1",
        "seq": 5,
        "time": event.time,
        "fix_id": "fix-1",
        "cell_ids": ["a", "b"],
    }
    assert Event.from_json(wire) == event
    failed = emitter.emit(JobFailed(error="kernel python3 not found")).to_json()
    assert failed["interrupted"] is False and Event.from_json(failed).payload.error.startswith("k")


def test_an_event_is_built_from_its_declared_fields_only() -> None:
    emitter = Emitter("job1")
    with pytest.raises(TypeError):
        emitter.emit("job_failed", error="x")  # type: ignore[arg-type]  # names are gone
    with pytest.raises(TypeError):
        ExecutionStarted(iteration=0, kind="baseline", start_at=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        LoopStopped(iteration=1, reason="budget", detail="spent", cause="x")  # type: ignore[call-arg]
    wire = emitter.emit(LoopStopped(iteration=1, reason="budget", detail="spent")).to_json()
    with pytest.raises(TypeError):
        Event.from_json({**wire, "extra": 1})
    with pytest.raises(ValueError, match="unknown event type"):
        Event.from_json({**wire, "type": "ghost"})


def test_stop_reasons_are_not_issues() -> None:
    with pytest.raises(TypeError):
        LoopStopped(iteration=1, reason="budget")  # type: ignore[call-arg]  # why, in words
    assert "detail" not in {f.name for f in dataclasses.fields(events.IssueDetected)}
    assert [f.name for f in dataclasses.fields(JobFinished)] == ["report"]


def test_an_event_type_is_declared_once() -> None:
    with pytest.raises(TypeError, match="declared twice"):

        @dataclasses.dataclass(frozen=True, kw_only=True)
        class Again(events.Payload, event="job_failed"):
            error: str


def test_a_history_stored_by_an_older_version_reads_in_todays_shapes() -> None:
    envelope = {"job": "j", "seq": 9, "time": 1.0}
    finished = {"type": "job_finished", **envelope, "outcome": "failed", "notices": []}
    assert upgrade_stored(finished) == {
        "type": "job_finished",
        **envelope,
        "report": {"outcome": "failed", "notices": []},
    }
    stopped = {"type": "issue_detected", **envelope, "iteration": 2, "issue": "llm_error"}
    stopped["detail"] = "HTTP 500"
    assert upgrade_stored(stopped) == {
        "type": "loop_stopped",
        **envelope,
        "iteration": 2,
        "reason": "llm_error",
        "detail": "HTTP 500",
    }
    issue = {"type": "issue_detected", **envelope, "iteration": 2, "issue": "error"}
    assert upgrade_stored(issue) is issue
    today = JobFinished(report={"outcome": "failed"})  # type: ignore[typeddict-item]
    wire = Event(job="j", seq=1, time=1.0, payload=today).to_json()
    assert upgrade_stored(wire) is wire


def test_the_nested_shapes_are_what_the_engine_serializes() -> None:
    """Each TypedDict names the keys its engine object's JSON has (the recorded job checks the
    values; this catches a field added to the engine that a run may not show)."""
    from mlemodernizer.execution.base import CellError
    from mlemodernizer.fixers.base import CellChange, TokenUsage
    from mlemodernizer.report import IterationRecord, Report, RunSummary
    from mlemodernizer.triage import CellTriage

    def keys(shape: type) -> set[str]:
        return set(shape.__annotations__)

    def names(cls: type) -> set[str]:
        return {f.name for f in dataclasses.fields(cls)}

    assert keys(events.Report) == names(Report)
    assert keys(events.RunSummary) == names(RunSummary)
    assert keys(events.ReportIteration) == names(IterationRecord)
    assert keys(events.TokenUsage) == set(TokenUsage().to_json())
    assert keys(events.ExecutionError) == set(CellError(0, "a", "E", "v", "tb").to_json())
    assert keys(events.CellChange) == set(CellChange(-1, "file:m.py", "a", "b", "m.py").to_json())
    assert keys(events.CellTriage) == set(CellTriage(0, "a", "E: v", "fixable").to_json())
