"""Server batches in a real Jupyter server (pytest-jupyter) with real kernels: they share the jobs'
slots (max_concurrent_jobs counts both)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from .conftest import write_notebook


@pytest.fixture
def jp_server_config(tmp_path: Path):
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
