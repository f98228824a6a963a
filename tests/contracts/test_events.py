"""The event contract: declarations, their one wire form, the schema generated from them."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import jsonschema
import pytest

from mlemodernizer.contracts import event_schema, events
from mlemodernizer.contracts.events import (
    Emitter,
    Event,
    ExecutionStarted,
    JobFailed,
    JobFinished,
    LoopStopped,
    ReviewRequested,
    upgrade_stored,
)

from ..conftest import REPO

SCHEMA_FILE = REPO / "mlemodernizer" / "events.schema.json"
REGENERATE = (
    "python -m mlemodernizer.contracts.event_schema --schema > mlemodernizer/events.schema.json"
)


def test_the_committed_schema_is_the_generated_one() -> None:
    committed = SCHEMA_FILE.read_text(encoding="utf-8")
    assert committed == event_schema.render(), f"the event declarations changed: run {REGENERATE}"


def test_the_schema_command_prints_it() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mlemodernizer.contracts.event_schema", "--schema"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == event_schema.build()


def test_every_event_is_in_the_schema_with_every_field_required() -> None:
    schema = event_schema.build()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert len(schema["oneOf"]) == len(events.EVENTS) == 17
    for name, cls in ((c.__name__, c) for c in events.EVENTS.values()):
        declared = schema["$defs"][name]
        assert declared["properties"]["type"] == {"const": cls.type}
        names = ["type", "job", "seq", "time", *(f.name for f in dataclasses.fields(cls))]
        assert list(declared["properties"]) == names and declared["required"] == names


def test_stop_reasons_are_not_issues() -> None:
    schema = event_schema.build()["$defs"]
    assert schema["IssueDetected"]["properties"]["issue"] == {
        "enum": ["timeout", "error", "score_deviation"]
    }
    assert schema["LoopStopped"]["properties"]["reason"] == {
        "enum": ["budget", "llm_error", "no_fix"]
    }
    # job_finished carries the report as one typed field, not spread into the event
    assert schema["JobFinished"]["properties"]["report"] == {"$ref": "#/$defs/Report"}


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
    validator = jsonschema.Draft202012Validator(event_schema.build())
    validator.validate(wire)
    validator.validate(emitter.emit(JobFailed(error="kernel python3 not found")).to_json())


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


def test_every_shape_is_declared_once() -> None:
    """A shape is a dataclass the engine builds or a TypedDict of a dict it builds, never both
    (issue 41): no two declarations in the contract have the same wire name or the same
    fields."""
    from mlemodernizer.contracts import shapes

    declared = [
        v
        for v in vars(shapes).values()
        if isinstance(v, type)
        and v.__module__ == shapes.__name__
        and (dataclasses.is_dataclass(v) or hasattr(v, "__required_keys__"))
    ]
    wire_names = [getattr(v, "wire_name", None) or v.__name__ for v in declared]
    assert len(wire_names) == len(set(wire_names))
    field_sets = [frozenset(v.__annotations__) - {"wire_name"} for v in declared]
    assert len(field_sets) == len(set(field_sets))
    # and every nested shape of the schema is one of them
    nested = set(event_schema.build()["$defs"]) - {c.__name__ for c in events.EVENTS.values()}
    assert nested == set(wire_names)
