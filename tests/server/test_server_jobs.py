"""The jobs API in a real Jupyter server (pytest-jupyter), a real kernel, a scripted LLM server."""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from tornado.httpclient import HTTPClientError

from mlemodernizer.server.config import MLEModernizer
from mlemodernizer.server.manager import JobManager

from ..conftest import write_notebook
from ..scripted_openai import ScriptedOpenAI

HELPERS = "def load_dataset():\n    return [1, 2, 3]\n"


def fix(cells: dict[int, str], plan: str = "Plan: use the renamed helper.") -> str:
    # keyed by the cell's index; the model names it by its number, from 1
    body = "\n\n".join(f"# %% cell {i + 1}\n{src}" for i, src in cells.items())
    return f"{plan}\n```python\n{body}\n```\n"


@pytest.fixture
def llm():
    srv = ScriptedOpenAI([]).start()
    yield srv
    srv.stop()


@pytest.fixture
def jp_server_config(tmp_path: Path, llm: ScriptedOpenAI):
    return {
        "ServerApp": {
            "jpserver_extensions": {"mlemodernizer": True},
            "allow_unauthenticated_access": False,
        },
        "MLEModernizer": {
            "jobs_dir": str(tmp_path / "jobs"),
            "base_url": llm.base_url,
            "model": "scripted-model",
            # the LLM's path: the environment family repairs a renamed helper first (its own tests)
            "fixers": "rules,llm",
            "max_concurrent_jobs": 2,
            "timeout": 60.0,
        },
    }


@pytest.fixture
def renamed(jp_root_dir: Path) -> str:
    (jp_root_dir / "helpers.py").write_text(HELPERS)
    write_notebook(
        jp_root_dir / "nb.ipynb",
        ["from helpers import load_data", "print(len(load_dataset()))"],
    )
    return "nb.ipynb"


async def post(jp_fetch, *parts: str, body) -> dict:
    response = await jp_fetch("mlemodernizer", *parts, method="POST", body=json.dumps(body))
    return json.loads(response.body)


async def events_until(ws, types: set[str], timeout: float = 90) -> list[dict]:
    seen: list[dict] = []
    while True:
        raw = await asyncio.wait_for(ws.read_message(), timeout)
        assert raw is not None, f"stream closed early after {[e['type'] for e in seen]}"
        event = json.loads(raw)
        seen.append(event)
        if event["type"] in types:
            return seen


@pytest.mark.kernel
async def test_create_stream_decide_finish(
    jp_fetch, jp_ws_fetch, renamed, llm, jp_root_dir
) -> None:
    llm.add(fix({0: "from helpers import load_dataset"}))
    job = await post(jp_fetch, "jobs", body={"path": renamed, "options": {}})
    assert job["status"] in ("queued", "running") and job["options"]["review"] == "manual"
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    events = await events_until(ws, {"review_requested"})
    proposed = next(e for e in events if e["type"] == "fix_proposed")
    assert proposed["source"] == "llm" and proposed["fix_type"] == "error_repair"
    [change] = proposed["changes"]
    assert change["old_source"] == "from helpers import load_data"
    # the job waits for the user: nothing runs until the decision
    summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job["id"])).body)
    assert summary["pending_review"] == {proposed["fix_id"]: [change["cell_id"]]}
    await post(
        jp_fetch,
        "jobs",
        job["id"],
        "decisions",
        body={"fix_id": proposed["fix_id"], "cell_id": change["cell_id"], "decision": "accept"},
    )
    events = await events_until(ws, {"job_finished"})
    assert [e["decision"] for e in events if e["type"] == "cell_decision"] == ["accepted"]
    report = events[-1]["report"]
    assert report["error_free"] is True and report["outcome"] == "error_free_reproducible"
    assert await ws.read_message() is None  # the stream closes after the terminal event
    # the browser gets no absolute server path: not in the report, not in the job's summary
    summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job["id"])).body)
    assert str(jp_root_dir) not in json.dumps(report) + json.dumps(summary)
    assert report["notebook"] == "nb.ipynb" and "root" not in summary["options"]
    seqs = [e["seq"] for e in events]
    assert seqs == sorted(seqs)
    out = nbformat.read(jp_root_dir / "nb.modernized.ipynb", as_version=4)
    assert out.cells[0].source == "from helpers import load_dataset"
    original = nbformat.read(jp_root_dir / "nb.ipynb", as_version=4)  # untouched
    assert original.cells[0].source == "from helpers import load_data"


@pytest.mark.kernel
async def test_rejection_reverts_and_reaches_the_next_prompt(
    jp_fetch, jp_ws_fetch, renamed, llm
) -> None:
    llm.add(
        fix({0: "from helpers import load_dataset as load_data"}, "Alias the new name."),
        fix({0: "from helpers import load_dataset"}, "Import the new name."),
    )
    job = await post(jp_fetch, "jobs", body={"path": renamed})
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    first = next(
        e for e in await events_until(ws, {"review_requested"}) if e["type"] == "fix_proposed"
    )
    await post(
        jp_fetch,
        "jobs",
        job["id"],
        "decisions",
        body={"fix_id": first["fix_id"], "decision": "reject_all"},
    )
    second = next(
        e for e in await events_until(ws, {"review_requested"}) if e["type"] == "fix_proposed"
    )
    assert second["fix_id"] != first["fix_id"]
    prompt = "\n".join(m["content"] for m in llm.requests[1]["messages"])
    assert "rejected" in prompt and "load_dataset as load_data" in prompt
    await post(
        jp_fetch,
        "jobs",
        job["id"],
        "decisions",
        body={"fix_id": second["fix_id"], "decision": "accept_all"},
    )
    events = await events_until(ws, {"job_finished"})
    assert events[-1]["report"]["error_free"] is True
    assert [it["cells_rejected"] for it in events[-1]["report"]["iterations"]] == [[0], []]


@pytest.mark.kernel
async def test_each_cell_decision_is_streamed_as_it_is_made(
    jp_fetch, jp_ws_fetch, jp_root_dir, llm
) -> None:
    (jp_root_dir / "helpers.py").write_text(HELPERS)
    write_notebook(
        jp_root_dir / "two.ipynb",
        ["import helpers", "from helpers import load_data\nprint(len(load_data()))"],
    )
    fixed = "from helpers import load_dataset\nprint(len(load_dataset()))"
    llm.add(fix({0: "import helpers  # the local module", 1: fixed}))
    job = await post(jp_fetch, "jobs", body={"path": "two.ipynb"})
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    events = await events_until(ws, {"review_requested"})
    proposed = next(e for e in events if e["type"] == "fix_proposed")
    cosmetic, needed = (c["cell_id"] for c in proposed["changes"])
    decide = {"fix_id": proposed["fix_id"], "cell_id": cosmetic, "decision": "reject"}
    await post(jp_fetch, "jobs", job["id"], "decisions", body=decide)
    # the rejection is an event now, while the other cell still waits for the user
    [decided] = await events_until(ws, {"cell_decision"}, timeout=10)
    assert (decided["cell_id"], decided["decision"]) == (cosmetic, "rejected")
    summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job["id"])).body)
    assert summary["pending_review"] == {proposed["fix_id"]: [needed]}
    decide = {**decide, "cell_id": needed, "decision": "accept"}
    await post(jp_fetch, "jobs", job["id"], "decisions", body=decide)
    events = await events_until(ws, {"job_finished"})
    decisions = [(e["cell_id"], e["decision"]) for e in events if e["type"] == "cell_decision"]
    assert decisions == [(needed, "accepted")]  # each cell once, in the order decided
    applied = next(e for e in events if e["type"] == "fix_applied")
    assert applied["cells"] == [needed]
    assert events[-1]["report"]["error_free"] is True


@pytest.mark.kernel
async def test_reconnect_with_since_replays_the_rest(jp_fetch, jp_ws_fetch, renamed, llm) -> None:
    llm.add(fix({0: "from helpers import load_dataset"}))
    job = await post(jp_fetch, "jobs", body={"path": renamed, "options": {"review": "auto"}})
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    full = await events_until(ws, {"job_finished"})
    assert "review_requested" not in [e["type"] for e in full]
    middle = full[len(full) // 2]["seq"]
    again = await jp_ws_fetch(
        "mlemodernizer", "jobs", job["id"], "events", params={"since": str(middle)}
    )
    replayed = await events_until(again, {"job_finished"})
    assert [e["seq"] for e in replayed] == [e["seq"] for e in full if e["seq"] > middle]
    # two clients at once see the same stream
    a = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    b = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    assert await events_until(a, {"job_finished"}) == await events_until(b, {"job_finished"})


@pytest.mark.kernel
async def test_cancel_while_waiting_for_review(jp_fetch, jp_ws_fetch, renamed, llm) -> None:
    llm.add(fix({0: "from helpers import load_dataset"}))
    job = await post(jp_fetch, "jobs", body={"path": renamed})
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    await events_until(ws, {"review_requested"})
    # one notebook, one job at a time: a second start (a reloaded page, a second tab) is refused
    with pytest.raises(HTTPClientError) as refused:
        await post(jp_fetch, "jobs", body={"path": renamed})
    assert refused.value.code == 409
    assert f"already has a job running ({job['id']})" in refused.value.response.body.decode()
    response = await jp_fetch("mlemodernizer", "jobs", job["id"], method="DELETE")
    assert response.code == 202
    events = await events_until(ws, {"job_finished", "job_failed"})
    assert (
        events[-1]["type"] == "job_finished" and events[-1]["report"]["stop_reason"] == "cancelled"
    )
    assert [e["decision"] for e in events if e["type"] == "cell_decision"] == ["rejected"]
    # a cancelled job announces no further issue that no one will work on
    assert not [e for e in events if e["type"] == "issue_detected"]
    summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job["id"])).body)
    assert summary["status"] == "cancelled"


@pytest.mark.kernel
async def test_two_jobs_run_at_once(jp_fetch, jp_ws_fetch, jp_root_dir) -> None:
    for name in ("a", "b"):
        write_notebook(jp_root_dir / f"{name}.ipynb", ["import time\ntime.sleep(3)\nprint('done')"])
    ids = [
        (await post(jp_fetch, "jobs", body={"path": f"{n}.ipynb", "options": {"offline": True}}))[
            "id"
        ]
        for n in ("a", "b")
    ]
    sockets = [await jp_ws_fetch("mlemodernizer", "jobs", i, "events") for i in ids]
    started = [await events_until(ws, {"execution_started"}) for ws in sockets]
    finished = [(await events_until(ws, {"execution_finished"}))[-1] for ws in sockets]
    # both ran before either finished: their executions overlap
    assert max(s[-1]["time"] for s in started) < min(f["time"] for f in finished)
    listed = json.loads((await jp_fetch("mlemodernizer", "jobs")).body)["jobs"]
    assert {j["id"] for j in listed} >= set(ids)


@pytest.mark.kernel
async def test_a_restarted_server_lists_past_jobs_and_marks_interrupted(
    jp_fetch, jp_ws_fetch, jp_serverapp, jp_root_dir, tmp_path
) -> None:
    write_notebook(jp_root_dir / "ok.ipynb", ["x = 1"])
    job = await post(jp_fetch, "jobs", body={"path": "ok.ipynb", "options": {"offline": True}})
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    done = await events_until(ws, {"job_finished"})
    # a job that was running when the server died
    stale = tmp_path / "jobs" / "0123456789ab"
    stale.mkdir(parents=True)
    (stale / "job.json").write_text(
        json.dumps(
            {
                "id": "0123456789ab",
                "path": "ok.ipynb",
                "options": {},
                "created": 1.0,
                "status": "running",
            }
        )
    )
    (stale / "events.jsonl").write_text(
        json.dumps({"type": "job_started", "job": "0123456789ab", "seq": 1, "time": 1.0}) + "\n"
    )
    config = MLEModernizer(config=jp_serverapp.config)
    restarted = JobManager(config, jp_root_dir)
    try:
        old = restarted.get(job["id"])
        assert old.status == "finished" and [e["seq"] for e in old.events] == [
            e["seq"] for e in done
        ]
        assert old.report and old.report["outcome"] == "error_free_reproducible"
        interrupted = restarted.get("0123456789ab")
        assert interrupted.status == "interrupted"
        assert interrupted.events[-1]["type"] == "job_failed" and interrupted.events[-1]["seq"] == 2
    finally:
        restarted.shutdown()
    meta = json.loads((stale / "job.json").read_text())
    assert meta["status"] == "interrupted"


async def test_a_history_stored_by_an_older_version_reads_in_todays_event_shapes(
    jp_serverapp, jp_root_dir, tmp_path
) -> None:
    job_id = "00000000abcd"
    folder = tmp_path / "jobs" / job_id
    folder.mkdir(parents=True)
    meta = {"id": job_id, "path": "ok.ipynb", "options": {}, "created": 1.0, "status": "finished"}
    (folder / "job.json").write_text(json.dumps(meta))
    envelope = {"job": job_id, "time": 1.0}
    report = {"outcome": "error_reproducible", "stop_reason": "budget", "notices": []}
    old = [  # a stop reason told as an issue; the report spread into job_finished
        {"type": "issue_detected", "seq": 1, **envelope, "iteration": 1, "issue": "budget"},
        {"type": "job_finished", "seq": 2, **envelope, **report},
    ]
    old[0]["detail"] = "token budget spent"
    (folder / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in old))
    restarted = JobManager(MLEModernizer(config=jp_serverapp.config), jp_root_dir)
    try:
        job = restarted.get(job_id)
        assert job.report == report
        stopped = {"type": "loop_stopped", "seq": 1, **envelope, "iteration": 1, "reason": "budget"}
        stopped["detail"] = "token budget spent"
        assert job.events == [
            stopped,
            {"type": "job_finished", "seq": 2, **envelope, "report": report},
        ]
        assert job.summary()["report"] == report
    finally:
        restarted.shutdown()


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"path": "../outside.ipynb"}, 403, "outside the server root"),
        ({"path": "/etc/passwd"}, 403, "absolute"),
        ({"path": "link/escape.ipynb"}, 403, "outside the server root"),
        ({"path": "missing.ipynb"}, 404, "no such notebook"),
        ({"path": "notes.txt"}, 400, "not a .ipynb"),
        ({}, 400, "'path'"),
        ({"path": "ok.ipynb", "options": {"max_iterations": "many"}}, 400, "max_iterations"),
        ({"path": "ok.ipynb", "options": {"colour": "blue"}}, 400, "unknown option"),
        (
            {"path": "ok.ipynb", "options": {"out": "/tmp/x.ipynb"}},
            400,
            "only be set on the server",
        ),
        ({"path": "ok.ipynb", "options": []}, 400, "must be an object"),
        ({"path": "broken.ipynb"}, 400, "not valid JSON"),
        ("not json at all", 400, "not JSON"),
    ],
)
async def test_bad_requests_get_clear_4xx(
    jp_fetch, jp_root_dir, tmp_path, body, status, message
) -> None:
    write_notebook(jp_root_dir / "ok.ipynb", ["x = 1"])
    (jp_root_dir / "broken.ipynb").write_text('{"cells": [')
    (jp_root_dir / "notes.txt").write_text("hi")
    outside = tmp_path / "elsewhere"
    outside.mkdir(exist_ok=True)
    write_notebook(outside / "escape.ipynb", ["x = 1"])
    os.symlink(outside, jp_root_dir / "link")
    raw = body if isinstance(body, str) else json.dumps(body)
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "jobs", method="POST", body=raw)
    assert info.value.code == status
    assert message in json.loads(info.value.response.body)["message"]


@pytest.mark.kernel
async def test_unknown_job_and_bad_decisions(jp_fetch, jp_root_dir) -> None:
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "jobs", "0123456789ab")
    assert info.value.code == 404
    write_notebook(jp_root_dir / "ok.ipynb", ["x = 1"])
    job = await post(jp_fetch, "jobs", body={"path": "ok.ipynb", "options": {"offline": True}})
    for body, status in [
        ({"fix_id": "fix-1", "decision": "maybe", "cell_id": "x"}, 400),
        ({"fix_id": "fix-9", "decision": "accept", "cell_id": "x"}, 409),
        ({"decision": "accept"}, 400),
    ]:
        with pytest.raises(HTTPClientError) as info:
            await post(jp_fetch, "jobs", job["id"], "decisions", body=body)
        assert info.value.code == status


async def test_every_route_refuses_requests_without_the_token(
    jp_fetch, jp_ws_fetch, jp_serverapp
) -> None:
    no_token = {"Authorization": ""}
    routes = [
        ("GET", ("health",)),
        ("GET", ("score",)),
        ("GET", ("jobs",)),
        ("POST", ("jobs",)),
        ("GET", ("jobs", "0123456789ab")),
        ("DELETE", ("jobs", "0123456789ab")),
        ("POST", ("jobs", "0123456789ab", "decisions")),
        ("GET", ("batches",)),
        ("POST", ("batches",)),
        ("GET", ("batches", "0123456789ab")),
        ("DELETE", ("batches", "0123456789ab")),
        ("GET", ("batches", "0123456789ab", "report")),
        ("GET", ("rules", "NPY001")),
    ]
    for method, parts in routes:
        body = "{}" if method == "POST" else None
        with pytest.raises(HTTPClientError) as info:
            await jp_fetch("mlemodernizer", *parts, method=method, body=body, headers=no_token)
        assert info.value.code == 403, (method, parts)
    with pytest.raises(HTTPClientError) as info:
        await jp_ws_fetch("mlemodernizer", "jobs", "0123456789ab", "events", headers=no_token)
    assert info.value.code == 403
    # every route the extension registers is in the list above
    [app] = jp_serverapp.extension_manager.extension_apps["mlemodernizer"]
    # GET/POST and GET/DELETE share routes; the WebSocket is the one more
    assert len({h[0] for h in app.handlers}) == len({p for _, p in routes}) + 1


async def test_health_reports_llm_and_docker(jp_fetch) -> None:
    body = json.loads((await jp_fetch("mlemodernizer", "health")).body)
    assert body["llm"]["configured"] is True and body["llm"]["reachable"] is True
    assert body["llm"]["source"] == "server" and body["llm"]["model_served"] is True
    assert "available" in body["docker"]
    assert body["defaults"]["review"] == "manual"
    assert "api_key" not in json.dumps(body)


async def test_health_checks_the_llm_the_settings_name(jp_fetch, llm, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-server-secret")
    other = ScriptedOpenAI([], model_ids=["qwen2.5-coder:1.5b"]).start()
    try:
        # a model name the endpoint does not serve: reachable, but said so, with what it serves
        query = {"base_url": other.base_url, "model": "qwen2.5-coder"}
        response = await jp_fetch("mlemodernizer", "health", params=query)
        got = json.loads(response.body)["llm"]
        assert (got["source"], got["base_url"], got["reachable"]) == (
            "settings",
            other.base_url,
            True,
        )
        assert got["model_served"] is False and "qwen2.5-coder:1.5b" in got["hint"]
        # the server's key goes only to the server's own endpoint
        assert other.model_list_headers[-1]["authorization"] == "Bearer not-needed"
        await jp_fetch("mlemodernizer", "health", params={"model": "scripted-model"})
        assert llm.model_list_headers[-1]["authorization"] == "Bearer sk-server-secret"
    finally:
        other.stop()
    # an endpoint that is down
    got = json.loads((await jp_fetch("mlemodernizer", "health", params=query)).body)["llm"]
    assert got["reachable"] is False and got["error"] == "APIConnectionError"
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "health", params={"base_url": "file:///etc/passwd"})
    assert info.value.code == 400


@pytest.mark.kernel
async def test_batch_over_a_folder(jp_fetch, jp_root_dir, jp_serverapp) -> None:
    write_notebook(jp_root_dir / "course" / "a.ipynb", ["import numpy as np", "x = np.float(1)"])
    write_notebook(jp_root_dir / "course" / "b.ipynb", ["print('ok')"])
    (jp_root_dir / "course" / "c.ipynb").write_text("{broken")
    created = await post(jp_fetch, "batches", body={"dir": "course", "options": {"offline": True}})
    assert created["total"] == 3 and created["status"] == "running"
    # a sidecar would mount the server root, as for single jobs; the browser is not told it
    batches = jp_serverapp.web_app.settings["mlemodernizer_batches"]
    assert batches.get(created["id"]).options["root"] == str(jp_root_dir.resolve())
    assert "root" not in created["options"]
    for _ in range(300):
        batch = json.loads((await jp_fetch("mlemodernizer", "batches", created["id"])).body)
        if batch["status"] != "running":
            break
        await asyncio.sleep(0.5)
    assert batch["status"] == "finished"
    got = {r["notebook"]: r["outcome"] for r in batch["rows"]}
    assert got == {
        "course/a.ipynb": "error_free_reproducible",
        "course/b.ipynb": "error_free_reproducible",
        "course/c.ipynb": "failed",
    }
    # a name a user reads in the file browser: what it is and when
    assert re.fullmatch(r"course/modernization-report-\d{4}-\d\d-\d\d-\d{4}\.html", batch["report"])
    assert (jp_root_dir / batch["report"]).read_text().startswith("<!doctype html>")
    # the json and csv the batch wrote into the user's folder name no server path (the
    # notebooks' own reports are kept with the server: asked for by name, not by path)
    for suffix in (".json", ".csv"):
        written = (jp_root_dir / batch["report"]).with_suffix(suffix).read_text()
        assert '"/' not in written and ",/" not in written, written
    with pytest.raises(HTTPClientError) as info:
        await post(jp_fetch, "batches", body={"dir": "../.."})
    assert info.value.code == 403


@pytest.mark.kernel
async def test_a_clean_notebook_has_nothing_to_modernize_and_no_copy(
    jp_fetch, jp_ws_fetch, jp_root_dir
) -> None:
    write_notebook(jp_root_dir / "clean.ipynb", ["x = 1", "print(x)"])
    job = await post(jp_fetch, "jobs", body={"path": "clean.ipynb", "options": {"offline": True}})
    # the server's jobs write no unchanged copy (the CLI's default differs: see test_cli)
    assert job["options"]["unchanged_copy"] is False
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    events = await events_until(ws, {"job_finished"})
    verdict = next(e for e in events if e["type"] == "verdict")
    assert verdict["nothing_to_modernize"] == "it runs without errors today"
    report = events[-1]["report"]
    assert report["output"] is None and report["iterations"] == []
    assert report["nothing_to_modernize"] == "it runs without errors today"
    assert not (jp_root_dir / "clean.modernized.ipynb").exists()
    summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job["id"])).body)
    assert summary["status"] == "finished" and summary["output"] is None


@pytest.mark.kernel
async def test_the_printed_score_is_proposed_and_detected_for_a_job(
    jp_fetch, jp_ws_fetch, jp_root_dir
) -> None:
    write_notebook(
        jp_root_dir / "scored.ipynb",
        ["print('accuracy: %.3f' % 0.5)"],
        outputs={0: "accuracy: 0.940\n"},
    )
    write_notebook(jp_root_dir / "plain.ipynb", ["x = 1"])
    found = json.loads(
        (await jp_fetch("mlemodernizer", "score", params={"path": "scored.ipynb"})).body
    )
    assert found["found"] is True and found["metric"] == "accuracy"
    assert (found["value"], found["cell_index"], found["higher_is_better"]) == (0.94, 0, True)
    none = json.loads(
        (await jp_fetch("mlemodernizer", "score", params={"path": "plain.ipynb"})).body
    )
    assert none == {"found": False}
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", "score", params={"path": "../x.ipynb"})
    assert info.value.code == 403
    # a job with score: detect checks the printed metric against its band
    job = await post(
        jp_fetch,
        "jobs",
        body={"path": "scored.ipynb", "options": {"offline": True, "score": "detect"}},
    )
    ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
    events = await events_until(ws, {"job_finished"})
    started = events[0]
    assert started["target_score"] == 0.94
    assert started["score_source"] == "accuracy as printed by cell 1 (detected)"
    issue = next(e for e in events if e["type"] == "issue_detected")
    assert issue["issue"] == "score_deviation" and issue["score"] == 0.5
    assert events[-1]["report"]["outcome"] == "error_free_non_reproducible"
