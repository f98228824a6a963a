"""The Jest fixture is a real job's events, recorded here: the server extension in a real Jupyter
server, a real kernel, the scripted LLM server, a person's decisions over REST.

The job is the Galata test's (``ui-tests/fixtures``: ``eroded.ipynb``, its ``helpers.py`` and the
scripted reply): one LLM fix changing two cells; the first is rejected and the second accepted.
By default the test fails when ``src/__tests__/fixtures/manual-review.events.json`` differs from
what the engine sends now in shape (the event types in order, every field name, nested ones
too). Regenerate it with::

    MLEMODERNIZER_UPDATE_FIXTURES=1 python -m pytest tests/contracts/test_events_fixture.py
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from mlemodernizer.contracts.event_schema import build
from mlemodernizer.contracts.events import Event

from ..conftest import REPO
from ..scripted_openai import Reply, ScriptedOpenAI

FIXTURE = REPO / "src" / "__tests__" / "fixtures" / "manual-review.events.json"
UI_FIXTURES = REPO / "ui-tests" / "fixtures"
UPDATE = os.environ.get("MLEMODERNIZER_UPDATE_FIXTURES") == "1"
# the recorded values are made machine-independent: the Jest tests know this job id and root
JOB_ID = "0ff10b2957ec"
ROOT = "/home/user/work"
LLM_URL = "http://127.0.0.1:8124/v1"


@pytest.fixture
def llm():
    replies = json.loads((UI_FIXTURES / "replies.json").read_text(encoding="utf-8"))
    srv = ScriptedOpenAI([Reply.from_json(r) for r in replies]).start()
    yield srv
    srv.stop()


@pytest.fixture
def jp_server_config(tmp_path: Path, llm: ScriptedOpenAI):
    return {
        "ServerApp": {"jpserver_extensions": {"mlemodernizer": True}},
        "MLEModernizer": {
            "jobs_dir": str(tmp_path / "jobs"),
            "base_url": llm.base_url,
            "model": "scripted-model",
            # the LLM's path: the environment family repairs a renamed helper first (its own tests)
            "fixers": "rules,llm",
            "review": "manual",
            "timeout": 120.0,
        },
    }


async def _until(ws: Any, types: set[str], timeout: float = 120) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    while not seen or seen[-1]["type"] not in types:
        raw = await asyncio.wait_for(ws.read_message(), timeout)
        assert raw is not None, f"stream closed after {[e['type'] for e in seen]}"
        seen.append(json.loads(raw))
    return seen


async def _decide(jp_fetch: Any, job: str, fix_id: str, cell_id: str, decision: str) -> None:
    body = {"fix_id": fix_id, "cell_id": cell_id, "decision": decision}
    await jp_fetch("mlemodernizer", "jobs", job, "decisions", method="POST", body=json.dumps(body))


async def _record(
    jp_fetch: Any, jp_ws_fetch: Any, root: Path, llm_url: str
) -> list[dict[str, Any]]:
    for name in ("eroded.ipynb", "helpers.py"):
        shutil.copyfile(UI_FIXTURES / name, root / name)
    body = json.dumps({"path": "eroded.ipynb"})
    created = await jp_fetch("mlemodernizer", "jobs", method="POST", body=body)
    job = json.loads(created.body)["id"]
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job, "events")
    events = await _until(ws, {"review_requested"})
    proposed = next(e for e in events if e["type"] == "fix_proposed")
    first, second = (c["cell_id"] for c in proposed["changes"])
    # one decision at a time, each streamed before the next: the order is the recorded one
    await _decide(jp_fetch, job, proposed["fix_id"], first, "reject")
    events += await _until(ws, {"cell_decision"})
    await _decide(jp_fetch, job, proposed["fix_id"], second, "accept")
    events += await _until(ws, {"job_finished", "job_failed"})
    text = json.dumps(events).replace(job, JOB_ID).replace(llm_url, LLM_URL)
    for path in {str(root), str(root.resolve())}:
        text = text.replace(json.dumps(path)[1:-1], ROOT)
    return json.loads(text)


def shape(value: Any) -> Any:
    """The field names of a JSON value, nested, without the values: an object's keys with their
    values' shapes; a list's items merged into one shape."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        merged: dict[str, Any] = {}
        for item in value:
            if isinstance(item, dict):
                merged.update(shape(item))
        return [merged] if merged else []
    return None


# a running cell's output is sampled about once a second: how many samples a job sends, and
# where, depends on the machine's speed, not on the engine (each one's shape is still checked)
SAMPLED = "cell_output"


def event_shapes(events: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    envelope = ("type", "job", "seq", "time")
    return [
        (e["type"], shape({k: v for k, v in e.items() if k not in envelope}))
        for e in events
        if e["type"] != SAMPLED
    ]


def first_difference(old: list[tuple[str, Any]], new: list[tuple[str, Any]]) -> str | None:
    """Where two recordings' shapes part, in words; None when they agree."""
    pairs = zip(old, new, strict=False)  # a longer one: told after the common part
    for i, ((old_type, old_fields), (new_type, new_fields)) in enumerate(pairs):
        if old_type != new_type:
            return f"event {i + 1} was {old_type}, is {new_type} now"
        if old_fields != new_fields:
            gone, added = (
                sorted(set(old_fields) - set(new_fields)),
                sorted(set(new_fields) - set(old_fields)),
            )
            if not gone and not added:
                changed = sorted(k for k in old_fields if old_fields[k] != new_fields[k])
                return f"event {i + 1} ({new_type}): the fields inside {changed} differ"
            return f"event {i + 1} ({new_type}): fields gone {gone}, new {added}"
    if len(old) != len(new):
        return f"{len(old)} events recorded, {len(new)} now"
    return None


@pytest.mark.kernel
async def test_the_recorded_job_is_what_the_engine_sends_now(
    jp_fetch, jp_ws_fetch, jp_root_dir, llm
) -> None:
    events = await _record(jp_fetch, jp_ws_fetch, jp_root_dir, llm.base_url)
    types = [e["type"] for e in events]
    assert types[-1] == "job_finished", events[-1]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    decisions = [e["decision"] for e in events if e["type"] == "cell_decision"]
    assert decisions == ["rejected", "accepted"]
    # every event fits its declaration and the generated schema
    validator = jsonschema.Draft202012Validator(build())
    for event in events:
        validator.validate(event)
        assert Event.from_json(event).to_json() == event
    if UPDATE:
        FIXTURE.write_text(json.dumps(events, indent=2) + "\n", encoding="utf-8")
        return
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    stale = first_difference(event_shapes(recorded), event_shapes(events))
    assert stale is None, (
        f"{FIXTURE.relative_to(REPO)} is stale ({stale}): regenerate it with "
        "MLEMODERNIZER_UPDATE_FIXTURES=1 python -m pytest tests/contracts/test_events_fixture.py"
    )


def test_shape_tells_fields_apart_not_values() -> None:
    a = [{"type": "x", "job": "j", "seq": 1, "time": 1.0, "cells": [{"a": 1}], "n": None}]
    b = [{"type": "x", "job": "k", "seq": 2, "time": 2.0, "cells": [{"a": 2}, {"a": 3}], "n": 4}]
    assert event_shapes(a) == event_shapes(b)
    c = [{**b[0], "cells": [{"a": 2, "b": 1}]}]
    assert event_shapes(a) != event_shapes(c)
    assert event_shapes(a) != event_shapes([{**a[0], "type": "y"}])
    assert first_difference(event_shapes(a), event_shapes(b)) is None
    assert first_difference(event_shapes(a), event_shapes(c)) == (
        "event 1 (x): the fields inside ['cells'] differ"
    )
    assert first_difference(event_shapes(a), event_shapes([{**b[0], "m": 1}])) == (
        "event 1 (x): fields gone [], new ['m']"
    )
    assert first_difference(event_shapes(a), event_shapes(a + a)) == "1 events recorded, 2 now"
