"""Server batches in a real Jupyter server (pytest-jupyter) with real kernels: they share the jobs'
slots (max_concurrent_jobs counts both) and are kept on disk, so a restart still lists them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from tornado.httpclient import HTTPClientError

from mlemodernizer.server.batches import BatchManager
from mlemodernizer.server.config import MLEModernizer
from mlemodernizer.server.manager import JobSlots

from ..conftest import write_notebook

pytestmark = pytest.mark.kernel

STALE = "0123456789ab"


@pytest.fixture
def jp_server_config(tmp_path: Path):
    # a batch that was running when an earlier server stopped: one notebook had finished
    stale = tmp_path / "batches" / STALE
    stale.mkdir(parents=True)
    meta = {"id": STALE, "dir": "old", "options": {}, "created": 1.0, "total": 2}
    (stale / "batch.json").write_text(json.dumps({**meta, "status": "running"}))
    row = {"notebook": "/nowhere/old/a.ipynb", "outcome": "error_free_reproducible"}
    (stale / "state.jsonl").write_text(json.dumps(row) + "\n" + '{"notebook": "/nowhere/ol')
    return {
        "ServerApp": {"jpserver_extensions": {"mlemodernizer": True}},
        "MLEModernizer": {
            "jobs_dir": str(tmp_path / "jobs"),
            "offline": True,
            "review": "auto",
            "max_concurrent_jobs": 1,
            "timeout": 120.0,
        },
    }


async def post(jp_fetch, *parts: str, body) -> dict:
    response = await jp_fetch("mlemodernizer", *parts, method="POST", body=json.dumps(body))
    return json.loads(response.body)


async def get(jp_fetch, *parts: str, params: dict[str, str] | None = None) -> dict:
    return json.loads((await jp_fetch("mlemodernizer", *parts, params=params)).body)


async def until(jp_fetch, parts: tuple[str, ...], done, timeout: float = 240) -> dict:
    for _ in range(int(timeout / 0.25)):
        got = await get(jp_fetch, *parts)
        if done(got):
            return got
        await asyncio.sleep(0.25)
    raise AssertionError(f"{parts}: still {got}")


def timed(name: str, log: Path, seconds: float = 2.0) -> list[str]:
    """A notebook that writes when it ran (start, end) to ``log``."""
    return [
        "import time\nstart = time.time()\n"
        f"time.sleep({seconds})\n"
        f"with open({str(log)!r}, 'a') as fh:\n"
        f"    fh.write(f'{name} {{start}} {{time.time()}}\\n')"
    ]


async def test_a_batch_and_a_job_take_turns_with_one_slot(jp_fetch, jp_root_dir: Path) -> None:
    log = jp_root_dir.parent / "ran.log"
    for name in ("a", "b"):
        write_notebook(jp_root_dir / "course" / f"{name}.ipynb", timed(name, log))
    write_notebook(jp_root_dir / "solo.ipynb", timed("solo", log))
    batch = await post(jp_fetch, "batches", body={"dir": "course"})
    # the batch's first notebook holds the only slot
    await until(jp_fetch, ("batches", batch["id"]), lambda b: b["progress"].get("running") == 1)
    job = await post(jp_fetch, "jobs", body={"path": "solo.ipynb"})
    assert job["queue_reason"] == "1 job(s) running (at most 1 at once), 1 of them batch notebooks"
    batch = await until(jp_fetch, ("batches", batch["id"]), lambda b: b["status"] != "running")
    job = await until(jp_fetch, ("jobs", job["id"]), lambda j: j["status"] != "running")
    assert batch["status"] == "finished" and job["status"] == "finished"
    assert [r["outcome"] for r in batch["rows"]] == ["error_free_reproducible"] * 2
    runs = sorted(
        (float(start), float(end), name)
        for name, start, end in (line.split() for line in log.read_text().splitlines())
    )
    assert sorted(name for _, _, name in runs) == ["a", "b", "solo"]
    for (_, end, first), (start, _, second) in zip(runs, runs[1:], strict=False):
        assert end <= start, f"{first} and {second} ran at once"


async def test_batches_are_listed_after_a_restart(
    jp_fetch, jp_serverapp, jp_root_dir: Path, tmp_path: Path
) -> None:
    # this server started over a batch the last one left running: interrupted, its row kept
    listed = {b["id"]: b for b in (await get(jp_fetch, "batches"))["batches"]}
    stale = listed[STALE]
    assert stale["status"] == "interrupted" and "server stopped" in stale["error"]
    # a notebook outside this server's root is named, never given as a server path
    assert [(r["notebook"], r["outcome"]) for r in stale["rows"]] == [
        ("a.ipynb", "error_free_reproducible")
    ]
    assert json.loads((tmp_path / "batches" / STALE / "batch.json").read_text())["status"] == (
        "interrupted"
    )
    # a batch that ends in this server, then the next server's view of it
    write_notebook(jp_root_dir / "course" / "ok.ipynb", ["print('ok')"])
    (jp_root_dir / "course" / "broken.ipynb").write_text("{broken")
    created = await post(jp_fetch, "batches", body={"dir": "course"})
    done = await until(jp_fetch, ("batches", created["id"]), lambda b: b["status"] != "running")
    assert done["status"] == "finished"
    config = MLEModernizer(config=jp_serverapp.config)
    restarted = BatchManager(config, jp_root_dir, JobSlots(1))
    again = restarted.get(created["id"]).summary(restarted.root)
    for key in ("status", "dir", "total", "rows", "report", "summary", "options"):
        assert again[key] == done[key], key
    assert {r["notebook"]: r["outcome"] for r in again["rows"]} == {
        "course/broken.ipynb": "failed",
        "course/ok.ipynb": "error_free_reproducible",
    }
    assert restarted.get(STALE).status == "interrupted"


async def delete(jp_fetch, *parts: str) -> dict:
    response = await jp_fetch("mlemodernizer", *parts, method="DELETE")
    assert response.code == 202
    return json.loads(response.body)


async def test_a_cancelled_batch_stops_its_running_notebook_and_its_queue(
    jp_fetch, jp_root_dir: Path
) -> None:
    log = jp_root_dir.parent / "ran.log"
    for name in ("a", "b", "c"):
        write_notebook(jp_root_dir / "slow" / f"{name}.ipynb", timed(name, log, seconds=60))
    created = await post(jp_fetch, "batches", body={"dir": "slow"})
    assert created["notebooks"] == ["slow/a.ipynb", "slow/b.ipynb", "slow/c.ipynb"]
    running = await until(jp_fetch, ("batches", created["id"]), lambda b: b["running"])
    assert list(running["running"]) == ["slow/a.ipynb"]
    # where it is, live: the baseline run, in its only cell (its kernel busy for a minute)
    live = await until(
        jp_fetch,
        ("batches", created["id"]),
        lambda b: b["live"].get("slow/a.ipynb", {}).get("cell") == 1,
    )
    assert live["live"]["slow/a.ipynb"] == {
        "iteration": 0,
        "kind": "baseline",
        "cell": 1,
        "cells": 1,
    }
    await asyncio.sleep(1)
    asked = await delete(jp_fetch, "batches", created["id"])
    assert asked["status"] == "running" and asked["cancel_requested"]
    loop = asyncio.get_running_loop()
    start = loop.time()
    done = await until(jp_fetch, ("batches", created["id"]), lambda b: b["status"] != "running")
    # the running notebook was interrupted, not waited for (its cell sleeps for a minute)
    assert loop.time() - start < 45
    assert done["status"] == "cancelled" and not done["running"] and not done["cancel_requested"]
    assert done["live"] == {}
    rows = {r["notebook"]: r for r in done["rows"]}
    assert rows["slow/a.ipynb"]["cancelled"] is True
    assert rows["slow/a.ipynb"]["outcome"] != "skipped"
    for name in ("b", "c"):
        assert rows[f"slow/{name}.ipynb"]["outcome"] == "skipped"
        assert rows[f"slow/{name}.ipynb"]["error"] == "batch stopped"
    assert not log.exists(), "no cell ran to its end"
    # cancelling an ended batch changes nothing
    again = await delete(jp_fetch, "batches", created["id"])
    assert again["status"] == "cancelled" and not again["cancel_requested"]


async def test_what_the_browser_gets_has_no_server_path(
    jp_fetch, jp_root_dir: Path, tmp_path: Path
) -> None:
    write_notebook(jp_root_dir / "course" / "ok.ipynb", ["print('ok')"])
    write_notebook(
        jp_root_dir / "course" / "missing.ipynb",
        [f"open({str(jp_root_dir / 'course' / 'data.csv')!r})"],
    )
    created = await post(jp_fetch, "batches", body={"dir": "course"})
    done = await until(jp_fetch, ("batches", created["id"]), lambda b: b["status"] != "running")
    assert done["status"] == "finished"
    listed = await get(jp_fetch, "batches")
    for answer in (created, done, listed):
        text = json.dumps(answer)
        assert str(jp_root_dir) not in text and str(tmp_path) not in text, text
    rows = {r["notebook"]: r for r in done["rows"]}
    assert rows["course/missing.ipynb"]["final_error_cells"] == 1
    assert "course/data.csv" in json.dumps(rows["course/missing.ipynb"]["final_errors"])
    assert rows["course/ok.ipynb"]["report"] is True
    # each notebook's own report, kept with the batch, answered without server paths
    report = await get(
        jp_fetch, "batches", done["id"], "report", params={"notebook": "course/missing.ipynb"}
    )
    assert report["final"]["error_cells"] == 1
    assert str(jp_root_dir) not in json.dumps(report)
    with pytest.raises(HTTPClientError) as refused:
        await get(jp_fetch, "batches", done["id"], "report", params={"notebook": "nope.ipynb"})
    assert refused.value.code == 404
