"""What a token holder can and cannot do through the extension (issue 11), in a real server.

A real Jupyter server (pytest-jupyter) with the extension, a server-side ``OPENAI_API_KEY`` and
the server's own scripted endpoint; a second scripted endpoint records the ``Authorization``
header of every request it receives, so a key that leaks there is seen.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
from pathlib import Path

import nbformat
import pytest
from tornado.httpclient import HTTPClientError

from ..conftest import run_cli, write_notebook
from ..scripted_openai import ScriptedOpenAI

SERVER_KEY = "sk-server-secret-0000"
RENAMED = ["from helpers import load_data", "print(len(load_dataset()))"]
FIX = "Use the new name.\n```python\n# %% cell 1\nfrom helpers import load_dataset\n```\n"


@pytest.fixture
def own_llm():
    srv = ScriptedOpenAI([], repeat_last=True).start()
    yield srv
    srv.stop()


@pytest.fixture
def other_llm():
    srv = ScriptedOpenAI([FIX], repeat_last=True).start()
    yield srv
    srv.stop()


@pytest.fixture
def jp_server_config(tmp_path: Path, own_llm: ScriptedOpenAI, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SERVER_KEY)  # the server's key, from its environment
    return {
        "ServerApp": {
            "jpserver_extensions": {"mlemodernizer": True},
            "allow_unauthenticated_access": False,
        },
        "MLEModernizer": {
            "jobs_dir": str(tmp_path / "jobs"),
            "base_url": own_llm.base_url,
            "model": "scripted-model",
            "max_concurrent_jobs": 2,
            "timeout": 60.0,
            "review": "auto",
        },
    }


async def post(jp_fetch, *parts: str, body) -> dict:
    response = await jp_fetch("mlemodernizer", *parts, method="POST", body=json.dumps(body))
    return json.loads(response.body)


async def refused(jp_fetch, *parts: str, body) -> tuple[int, str]:
    with pytest.raises(HTTPClientError) as info:
        await jp_fetch("mlemodernizer", *parts, method="POST", body=json.dumps(body))
    return info.value.code, json.loads(info.value.response.body)["message"]


async def finished(jp_fetch, kind: str, item_id: str, timeout: float = 120) -> dict:
    for _ in range(int(timeout / 0.25)):
        got = json.loads((await jp_fetch("mlemodernizer", kind, item_id)).body)
        if got["status"] not in ("queued", "running"):
            return got
        await asyncio.sleep(0.25)
    raise AssertionError(f"{kind}/{item_id} still {got['status']} after {timeout} s")


def helpers(folder: Path) -> None:
    (folder / "helpers.py").write_text("def load_dataset():\n    return [1, 2, 3]\n")


# --- 1. the server's key goes only to the server's endpoint ---------------------------------


@pytest.mark.kernel
async def test_a_job_for_another_endpoint_never_gets_the_server_key(
    jp_fetch, jp_root_dir, own_llm, other_llm
) -> None:
    helpers(jp_root_dir)
    write_notebook(jp_root_dir / "nb.ipynb", RENAMED)
    options = {"base_url": other_llm.base_url, "model": "m", "max_iterations": 2}
    job = await post(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": options})
    done = await finished(jp_fetch, "jobs", job["id"])
    assert done["status"] == "finished", done
    assert other_llm.served >= 1  # the job did ask the endpoint the browser named...
    sent = other_llm.request_headers + other_llm.model_list_headers
    assert sent and all(SERVER_KEY not in h.get("authorization", "") for h in sent)
    assert {h["authorization"] for h in sent} == {"Bearer not-needed"}  # ...with no key at all
    assert own_llm.served == 0


@pytest.mark.kernel
async def test_a_batch_for_another_endpoint_never_gets_the_server_key(
    jp_fetch, jp_root_dir, other_llm
) -> None:
    write_notebook(jp_root_dir / "course" / "nb.ipynb", RENAMED)
    helpers(jp_root_dir / "course")
    options = {"base_url": other_llm.base_url, "model": "m", "max_iterations": 2}
    batch = await post(jp_fetch, "batches", body={"dir": "course", "options": options})
    done = await finished(jp_fetch, "batches", batch["id"], timeout=180)
    assert done["status"] == "finished", done
    sent = other_llm.request_headers + other_llm.model_list_headers
    assert sent and {h["authorization"] for h in sent} == {"Bearer not-needed"}


@pytest.mark.kernel
async def test_the_servers_own_endpoint_still_gets_its_key(jp_fetch, jp_root_dir, own_llm) -> None:
    helpers(jp_root_dir)
    write_notebook(jp_root_dir / "nb.ipynb", RENAMED)
    own_llm.add(FIX)
    job = await post(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": {}})
    assert (await finished(jp_fetch, "jobs", job["id"]))["status"] == "finished"
    assert own_llm.request_headers[0]["authorization"] == f"Bearer {SERVER_KEY}"


# --- 2. a symlinked notebook never takes a batch out of the root -----------------------------


@pytest.mark.kernel
async def test_a_batch_does_not_follow_a_notebook_link_out_of_the_root(
    jp_fetch, jp_root_dir, tmp_path
) -> None:
    outside = tmp_path / "outside"
    write_notebook(outside / "secret.ipynb", ["import numpy as np", "x = np.float(1)"])
    write_notebook(jp_root_dir / "course" / "mine.ipynb", ["print('ok')"])
    os.symlink(outside / "secret.ipynb", jp_root_dir / "course" / "secret.ipynb")
    batch = await post(jp_fetch, "batches", body={"dir": "course", "options": {"offline": True}})
    assert batch["total"] == 1
    done = await finished(jp_fetch, "batches", batch["id"], timeout=180)
    assert [r["notebook"] for r in done["rows"]] == ["course/mine.ipynb"]
    assert sorted(p.name for p in outside.iterdir()) == ["secret.ipynb"]  # nothing written there


# --- 3. shell commands and outside files are the server's business ---------------------------


@pytest.mark.parametrize(
    ("options", "status", "message"),
    [
        ({"grader": "touch /tmp/pwned-{submission}"}, 400, "only be set on the server"),
        ({"network": "bridge"}, 400, "only be set on the server"),
        ({"metric": "accuracy", "answers": "/etc/passwd"}, 403, "absolute"),
        ({"metric": "accuracy", "answers": "../answers.csv"}, 403, "outside the server root"),
        ({"metric": "accuracy", "answers": "link/answers.csv"}, 403, "outside the server root"),
        ({"submission": "/etc/passwd"}, 400, "relative to the notebook"),
        ({"submission": "../../secret.csv"}, 403, "outside its folder"),
    ],
)
async def test_client_file_options_are_confined_to_the_root(
    jp_fetch, jp_root_dir, tmp_path, options, status, message
) -> None:
    write_notebook(jp_root_dir / "nb.ipynb", ["x = 1"])
    (tmp_path / "answers.csv").write_text("id,y\n1,0\n")
    os.symlink(tmp_path, jp_root_dir / "link")
    code, text = await refused(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": options})
    assert (code, message in text) == (status, True), text
    assert not Path("/tmp/pwned-").exists()


@pytest.mark.kernel
async def test_answers_inside_the_root_are_accepted(jp_fetch, jp_root_dir) -> None:
    write_notebook(jp_root_dir / "nb.ipynb", ["x = 1"])
    (jp_root_dir / "data").mkdir()
    (jp_root_dir / "data" / "answers.csv").write_text("id,y\n1,0\n")
    options = {"offline": True, "metric": "accuracy", "answers": "data/answers.csv"}
    job = await post(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": options})
    # accepted, resolved under the root; the browser is shown it relative to the root, never
    # the server's absolute path
    assert job["status"] in ("queued", "running", "finished")
    assert job["options"]["answers"] == "data/answers.csv"
    assert str(jp_root_dir) not in json.dumps(job)


# --- 4. a malformed path is a 400 -----------------------------------------------------------


@pytest.mark.parametrize("path", ["nb\x00.ipynb", "a/\x00/../nb.ipynb", "nb.ipynb\n"])
async def test_control_characters_in_a_path_are_a_400(jp_fetch, jp_root_dir, path) -> None:
    write_notebook(jp_root_dir / "nb.ipynb", ["x = 1"])
    code, text = await refused(jp_fetch, "jobs", body={"path": path})
    assert code == 400 and "control characters" in text
    code, text = await refused(jp_fetch, "batches", body={"dir": path})
    assert code == 400 and "control characters" in text


# --- 5. jobs waiting for a person do not hold the workers -----------------------------------


async def events_until(ws, kind: str, timeout: float = 90) -> list[dict]:
    seen: list[dict] = []
    while not seen or seen[-1]["type"] != kind:
        raw = await asyncio.wait_for(ws.read_message(), timeout)
        assert raw is not None, f"stream closed after {[e['type'] for e in seen]}"
        seen.append(json.loads(raw))
    return seen


@pytest.mark.kernel
async def test_undecided_reviews_do_not_block_other_jobs(
    jp_fetch, jp_ws_fetch, jp_root_dir
) -> None:
    eroded = ["import numpy as np", "x = np.float(1)"]
    for name in ("a", "b"):
        write_notebook(jp_root_dir / f"{name}.ipynb", eroded)
    write_notebook(jp_root_dir / "c.ipynb", eroded)
    manual = {"offline": True, "review": "manual"}
    waiting = []
    for name in ("a", "b"):  # as many as max_concurrent_jobs
        job = await post(jp_fetch, "jobs", body={"path": f"{name}.ipynb", "options": manual})
        ws = await jp_ws_fetch("mlemodernizer", "jobs", job["id"], "events")
        await events_until(ws, "review_requested")
        waiting.append((job["id"], ws))
    auto = await post(jp_fetch, "jobs", body={"path": "c.ipynb", "options": {"offline": True}})
    done = await finished(jp_fetch, "jobs", auto["id"], timeout=60)
    assert done["status"] == "finished" and done["outcome"] == "error_free_reproducible"
    for job_id, _ws in waiting:  # still waiting for the person, kernels kept
        summary = json.loads((await jp_fetch("mlemodernizer", "jobs", job_id)).body)
        assert summary["status"] == "running" and summary["pending_review"]
    # a decision takes a worker slot again and the job goes on to the end
    job_id, ws = waiting[0]
    [(fix_id, cells)] = summary_pending(await jp_fetch("mlemodernizer", "jobs", job_id))
    await post(
        jp_fetch, "jobs", job_id, "decisions", body={"fix_id": fix_id, "decision": "accept_all"}
    )
    assert (await events_until(ws, "job_finished"))[-1]["report"]["error_free"] is True
    await jp_fetch("mlemodernizer", "jobs", waiting[1][0], method="DELETE")
    await events_until(waiting[1][1], "job_finished")


def summary_pending(response) -> list[tuple[str, list[str]]]:
    return list(json.loads(response.body)["pending_review"].items())


# --- 6. an earlier result is never replaced ------------------------------------------------


@pytest.mark.kernel
async def test_a_second_run_keeps_the_first_result(jp_fetch, jp_root_dir) -> None:
    write_notebook(jp_root_dir / "nb.ipynb", ["import numpy as np", "x = np.float(1)"])
    first = await post(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": {"offline": True}})
    first = await finished(jp_fetch, "jobs", first["id"])
    assert first["output"] == "nb.modernized.ipynb"
    # the user edits the result they reviewed
    kept = jp_root_dir / "nb.modernized.ipynb"
    reviewed = nbformat.read(kept, as_version=4)
    reviewed.cells[1].source = "x = 1.0  # reviewed by hand"
    nbformat.write(reviewed, kept)
    before = kept.read_bytes()
    second = await post(jp_fetch, "jobs", body={"path": "nb.ipynb", "options": {"offline": True}})
    second = await finished(jp_fetch, "jobs", second["id"])
    assert kept.read_bytes() == before
    assert second["output"] == "nb.modernized-2.ipynb"
    assert second["report"]["output"] == "nb.modernized-2.ipynb"  # no absolute server path
    assert any("nb.modernized.ipynb already exists" in n for n in second["report"]["notices"])
    # the first job still names its own copy
    again = json.loads((await jp_fetch("mlemodernizer", "jobs", first["id"])).body)
    assert again["output"] == "nb.modernized.ipynb"
    # a batch over the folder keeps both and runs neither result as a notebook of its own
    batch = await post(jp_fetch, "batches", body={"dir": ".", "options": {"offline": True}})
    done = await finished(jp_fetch, "batches", batch["id"], timeout=180)
    assert [r["notebook"] for r in done["rows"]] == ["nb.ipynb"]
    assert done["rows"][0]["output"] == "nb.modernized-3.ipynb"
    assert kept.read_bytes() == before


# --- 7. an output that cannot be written is a 400 before anything runs ----------------------


async def test_an_unwritable_output_is_refused_when_the_job_is_created(
    jp_fetch, jp_root_dir
) -> None:
    write_notebook(jp_root_dir / "nb.ipynb", ["x = 1"])
    (jp_root_dir / "nb.modernized.ipynb").mkdir()  # the output's name is taken by a folder
    code, text = await refused(jp_fetch, "jobs", body={"path": "nb.ipynb"})
    assert code == 400 and "is a folder" in text
    assert str(jp_root_dir) not in text  # 12: relative to the root, not the server's path
    listed = json.loads((await jp_fetch("mlemodernizer", "jobs")).body)["jobs"]
    assert listed == []


# --- 12. server messages carry no absolute server paths -------------------------------------


async def test_error_messages_name_paths_relative_to_the_root(jp_fetch, jp_root_dir) -> None:
    (jp_root_dir / "sub").mkdir()
    (jp_root_dir / "sub" / "broken.ipynb").write_text('{"cells": [')
    code, text = await refused(jp_fetch, "jobs", body={"path": "sub/broken.ipynb"})
    assert code == 400 and "sub/broken.ipynb" in text
    assert str(jp_root_dir.resolve()) not in text


@pytest.mark.kernel
async def test_results_and_batch_reports_get_a_normal_files_mode(jp_fetch, jp_root_dir) -> None:
    # (a notebook with something to modernize: the server writes no copy of a clean one)
    write_notebook(jp_root_dir / "course" / "nb.ipynb", ["import numpy as np", "np.float(1)"])
    old = os.umask(0o022)
    try:
        batch = await post(
            jp_fetch, "batches", body={"dir": "course", "options": {"offline": True}}
        )
        done = await finished(jp_fetch, "batches", batch["id"], timeout=180)
    finally:
        os.umask(old)
    written = [jp_root_dir / "course" / "nb.modernized.ipynb", jp_root_dir / done["report"]]
    assert [stat.S_IMODE(p.stat().st_mode) for p in written] == [0o644, 0o644]


# --- the CLI: the same checks, one line and exit 2 before any work ---------------------------


@pytest.mark.kernel
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--out", "/proc/x.ipynb"], "cannot write in /proc"),
        (["--out", "{tmp}"], "is a folder"),
        (["--out", "{tmp}/file.txt/x.ipynb"], "is not a folder"),
        (["--report", "/proc/r.json"], "--report /proc/r.json: cannot write"),
        (["--report", "{tmp}"], "is a folder"),
    ],
)
def test_cli_refuses_an_unwritable_output_before_running(
    tmp_path: Path, args: list[str], expected: str
) -> None:
    # the notebook leaves a mark where it ran (an absolute path: runs use a scratch copy), so
    # "before running" is seen, not timed (a wall-clock bound fails on a loaded machine)
    ran = tmp_path / "ran.txt"
    nb = write_notebook(tmp_path / "nb.ipynb", [f"open({str(ran)!r}, 'w').write('ran')"])
    (tmp_path / "file.txt").write_text("a file, not a folder")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    proc = run_cli("run", str(nb), "--offline", *args)
    assert proc.returncode == 2, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert expected in line and "Traceback" not in proc.stderr
    assert not ran.exists(), "the notebook ran before the output was checked"


@pytest.mark.kernel
def test_cli_keeps_an_earlier_result_and_writes_a_normal_mode(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["print('ok')"])
    first = run_cli("run", str(nb), "--offline", "--json")
    assert first.returncode == 0, first.stderr
    out = tmp_path / "nb.modernized.ipynb"
    out.write_text(out.read_text().replace("print('ok')", "print('reviewed')"))
    before = out.read_bytes()
    second = run_cli("run", str(nb), "--offline", "--json")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout)["output"] == str(tmp_path / "nb.modernized-2.ipynb")
    assert out.read_bytes() == before
    # a saved notebook's mode (the CLI runs with the usual umask 022 here)
    modes = {stat.S_IMODE(p.stat().st_mode) for p in tmp_path.glob("nb.modernized*.ipynb")}
    assert modes == {0o666 & ~_umask()}


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


@pytest.mark.kernel
def test_the_key_never_reaches_the_notebooks_kernel(tmp_path: Path) -> None:
    nb = write_notebook(
        tmp_path / "nb.ipynb", ["import os\nprint('key:', os.environ.get('OPENAI_API_KEY'))"]
    )
    proc = run_cli("run", str(nb), "--offline", "--json", env={"OPENAI_API_KEY": SERVER_KEY})
    assert proc.returncode == 0, proc.stderr
    written = (tmp_path / "nb.modernized.ipynb").read_text()
    assert "key: None" in written and SERVER_KEY not in written
