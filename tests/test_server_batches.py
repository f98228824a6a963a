"""Server batches in a real Jupyter server (pytest-jupyter) with real kernels: they share the jobs'
slots (max_concurrent_jobs counts both) and are kept on disk, so a restart still lists them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from mlemodernizer.server.batches import BatchManager
from mlemodernizer.server.config import MLEModernizer
from mlemodernizer.server.manager import JobSlots

from .conftest import write_notebook

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


async def get(jp_fetch, *parts: str) -> dict:
    return json.loads((await jp_fetch("mlemodernizer", *parts)).body)


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
    assert [(r["notebook"], r["outcome"]) for r in stale["rows"]] == [
        ("/nowhere/old/a.ipynb", "error_free_reproducible")
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
