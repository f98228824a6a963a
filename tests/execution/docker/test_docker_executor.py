"""The Docker executor against a real daemon and the sidecar test image.

The daemon and the image come from the session fixture ``client`` (conftest.py): with no daemon
these tests are skipped with one line (failed where ``CI`` or ``MLEM_REQUIRE_DOCKER=1`` is set),
a missing test image is built first, ``MLEM_SKIP_DOCKER_TESTS=1`` skips them on purpose.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from mlemodernizer.contracts.errors import ExecutorError
from mlemodernizer.execution.base import CellRun, ExecutionRequest
from mlemodernizer.execution.docker import executor, labels
from mlemodernizer.execution.docker.config import DockerConfig
from mlemodernizer.execution.docker.executor import DockerExecutor
from mlemodernizer.execution.docker.image import read_versions_cache

from ...conftest import REPO, make_notebook
from .conftest import IMAGE

pytestmark = [pytest.mark.docker, pytest.mark.kernel]


def labelled(client, job_id: str) -> list:
    return client.containers.list(all=True, filters={"label": f"{labels.LABEL_JOB}={job_id}"})


def tree_digest(folder: Path) -> dict[str, str]:
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            out[rel] = f"dir:{oct(path.stat().st_mode)}"
    return out


def make_project(top: Path) -> Path:
    """A Kaggle-like project: input/ beside the notebook's folder, data/ inside it."""
    (top / "input").mkdir()
    (top / "input" / "train.csv").write_text("a,b\n1,2\n3,4\n")
    nbdir = top / "working"
    (nbdir / "data").mkdir(parents=True)
    (nbdir / "data" / "x.csv").write_text("x\n7\n")
    (nbdir / "keep.txt").write_text("original\n")
    return nbdir


@pytest.fixture
def project() -> Path:
    """make_project in a world-readable folder (pytest's tmp_path is root-only when run by
    root, which would make the executor fall back to a root user; tested on its own below)."""
    top = Path(tempfile.mkdtemp(prefix="mlem-test-project-"))
    top.chmod(0o755)
    try:
        yield make_project(top)
    finally:
        shutil.rmtree(top, ignore_errors=True)


@pytest.fixture(scope="module")
def shared(client):
    """One executor (one container, reused) for the tests that leave it running."""
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=f"t{os.getpid()}shared")
    yield ex
    ex.close()
    assert labelled(client, ex.job_id) == []


def test_runs_in_the_container_with_kaggle_paths_errors_and_outputs(
    shared, project, monkeypatch
) -> None:
    before = tree_digest(project.parent)
    seen: list[CellRun] = []
    nb = make_notebook(
        [
            "import os, sys\nprint(open('../input/train.csv').read().splitlines()[1])",
            "print(open('data/x.csv').read().split()[1], os.getcwd(), os.getuid())",
            "import numpy as np\nx = np.float(1)",
            "md:notes",
            "open('keep.txt', 'w').write('overwritten')\nopen('submission.csv', 'w').write('1')",
            "y = undefined_name",
            "print('still here', os.environ.get('OPENAI_API_KEY'), os.path.isfile(sys.argv[0]))",
        ]
    )
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    result = shared.execute(
        ExecutionRequest(nb=nb, cwd=project, timeout_s=120, on_cell=seen.append)
    )
    cells = result.executed.cells
    assert cells[0].outputs[0]["text"] == "1,2\n"
    assert cells[1].outputs[0]["text"] == "7 /workspace/working 1000\n"
    assert [e.cell_index for e in result.errors] == [2, 5]
    assert result.errors[0].ename == "AttributeError" and "float" in result.errors[0].evalue
    assert "\x1b[" not in result.errors[0].traceback and "np.float(1)" in result.errors[0].traceback
    assert result.errors[1].ename == "NameError"
    assert cells[6].outputs[0]["text"].startswith("still here None ")  # the key never went in
    assert [c.cell_index for c in seen] == [0, 1, 2, 4, 5, 6]
    assert not result.error_free and not result.timed_out and not result.kernel_died
    assert cells[0].execution_count == 1 and "execution" in cells[0].metadata
    # what the notebook wrote is in the scratch copy, never in the user's folder
    assert tree_digest(project.parent) == before
    assert (result.workdir / "keep.txt").read_text() == "overwritten"
    assert (result.workdir / "submission.csv").exists()
    env = result.environment
    assert env["executor"] == "docker" and env["network"] == "none" and env["user"] == "1000:1000"
    assert env["gpus"]["uses_gpus"] is False and env["workspace"] == "/workspace/working"
    assert result.setup_s > 0 and result.runtime_s > 0


def test_a_running_cell_streams_its_last_lines_from_the_container(shared, project) -> None:
    """As with the local executor, a long cell's output reaches the host while it runs (the
    panel's running cell), not only at its end; its final outputs are the full ones."""
    started: list[int] = []
    tails: list[tuple[int, float, str]] = []
    slow = "import time\nfor i in range(5):\n    print('step', i, flush=True)\n    time.sleep(0.7)"
    nb = make_notebook(["x = 1", "md:notes", slow])
    result = shared.execute(
        ExecutionRequest(
            nb=nb,
            cwd=project,
            timeout_s=120,
            on_cell_start=lambda i, cid: started.append(i),
            on_output=lambda i, tail: tails.append((i, time.monotonic(), tail)),
        )
    )
    assert result.error_free and started == [0, 2]
    assert len(tails) >= 2 and all(i == 2 for i, _, _ in tails)
    assert tails[0][2].startswith("step 0")
    assert tails[-1][2].count("step") > tails[0][2].count("step")
    assert all(b - a >= 0.95 for (_, a, _), (_, b, _) in zip(tails, tails[1:], strict=False))
    printed = "".join(o["text"] for o in result.executed.cells[2].outputs)
    assert printed == "".join(f"step {i}\n" for i in range(5))


def test_the_container_is_reused_and_each_run_gets_a_fresh_copy(shared, project) -> None:
    nb = make_notebook(
        [
            "import os\nprint(os.path.exists('made.txt'), open('keep.txt').read().strip())",
            "open('made.txt', 'w').write('x')\nopen('keep.txt', 'w').write('changed')",
        ]
    )
    first = shared.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    second = shared.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    assert first.environment["container_id"] == second.environment["container_id"]
    assert second.environment["reused_container"] and second.setup_s < 2.0
    for result in (first, second):
        assert result.executed.cells[0].outputs[0]["text"] == "False original\n"
    assert (project / "keep.txt").read_text() == "original\n"
    assert not (project / "made.txt").exists()


def test_data_and_the_project_are_read_only(shared, project) -> None:
    nb = make_notebook(
        [
            "open('../input/new.csv', 'w')",
            "open('data/x.csv', 'a').write('8')",
            "import os\nos.remove('../input/train.csv')",
        ]
    )
    # open to everyone on the host: only the read-only mounts stand in the way
    (project.parent / "input").chmod(0o777)
    (project / "data").chmod(0o777)
    (project / "data" / "x.csv").chmod(0o666)
    cfg = DockerConfig(image=IMAGE, data=[str(project / "data")])
    ex = DockerExecutor(cfg, job_id=f"t{os.getpid()}ro")
    try:
        result = ex.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    finally:
        ex.close()
    assert [e.ename for e in result.errors] == ["OSError", "OSError", "OSError"]
    assert all("Read-only file system" in e.evalue for e in result.errors)
    assert (project / "data" / "x.csv").read_text() == "x\n7\n"


def test_kaggle_input_mapping(client, project, tmp_path) -> None:
    comp = tmp_path / "titanic"
    comp.mkdir()
    (comp / "test.csv").write_text("id\n1\n")
    nb = make_notebook(
        [
            "print(open('/kaggle/input/titanic/test.csv').read().split()[1])",
            "open('/kaggle/working/submission.csv', 'w').write('id\\n1\\n')",
            "import os\nprint(os.path.exists('submission.csv'))",
        ]
    )
    cfg = DockerConfig(image=IMAGE, data=[str(comp)], kaggle_input=True)
    ex = DockerExecutor(cfg, job_id=f"t{os.getpid()}kaggle")
    try:
        result = ex.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
        assert result.error_free, result.errors
        cells = result.executed.cells
        assert cells[0].outputs[0]["text"] == "1\n" and cells[2].outputs[0]["text"] == "True\n"
        assert (result.workdir / "submission.csv").read_text() == "id\n1\n"
        assert not (project / "submission.csv").exists()
    finally:
        ex.close()


def test_no_network_inside_only_loopback(shared, project) -> None:
    nb = make_notebook(
        [
            "import os\nprint(sorted(os.listdir('/sys/class/net')))",
            "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=3)",
        ]
    )
    result = shared.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    assert result.executed.cells[0].outputs[0]["text"] == "['lo']\n"
    assert result.errors and result.errors[0].cell_index == 1
    assert result.errors[0].ename in ("OSError", "TimeoutError", "ConnectionRefusedError")


def test_network_is_opt_in(client, project) -> None:
    nb = make_notebook(["import os\nprint(sorted(os.listdir('/sys/class/net')))"])
    ex = DockerExecutor(DockerConfig(image=IMAGE, network="bridge"), job_id="t-net")
    try:
        result = ex.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    finally:
        ex.close()
    assert "eth0" in result.executed.cells[0].outputs[0]["text"]


def test_whole_run_limit_kills_the_container(client, project) -> None:
    job = f"t{os.getpid()}timeout"
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=job)
    nb = make_notebook(["x = 1", "import time\ntime.sleep(60)", "print('never')"])
    try:
        t0 = time.monotonic()
        result = ex.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=6))
        assert time.monotonic() - t0 < 20
        assert result.timed_out and not result.error_free
        assert [c.cell_index for c in result.cells] == [0, 1]
        assert result.errors[-1].ename == "TimeoutError" and result.errors[-1].cell_index == 1
        assert labelled(client, job) == []  # killed and removed at the limit, before close()
        # the next run starts a fresh container
        again = ex.execute(ExecutionRequest(nb=make_notebook(["print(2)"]), cwd=project))
        assert again.error_free and again.environment["container_starts"] == 2
    finally:
        ex.close()
    assert labelled(client, job) == []


def test_per_cell_limit(client, project) -> None:
    job = f"t{os.getpid()}celltimeout"
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=job)
    nb = make_notebook(["x = 1", "import time\ntime.sleep(30)"])
    try:
        result = ex.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=120, cell_timeout_s=2))
    finally:
        ex.close()
    assert result.timed_out and result.runtime_s < 20
    assert result.errors[-1].cell_index == 1 and result.errors[-1].ename == "TimeoutError"
    assert "exceeded the time limit (2 s)" in result.errors[-1].evalue
    assert labelled(client, job) == []


def test_cancel_mid_run_leaves_nothing_behind(client, project) -> None:
    job = f"t{os.getpid()}cancel"
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=job)
    nb = make_notebook(["print('started')", "import time\ntime.sleep(60)"])
    request = ExecutionRequest(nb=nb, cwd=project, timeout_s=120)
    started = threading.Event()
    request.on_cell = lambda run: started.set()
    timer = threading.Thread(target=lambda: started.wait(60) and request.cancel.set())
    timer.start()
    t0 = time.monotonic()
    result = ex.execute(request)
    timer.join()
    assert result.cancelled and time.monotonic() - t0 < 60
    assert labelled(client, job) == []  # gone at once, not only at close()
    scratch = ex._scratch
    ex.close()
    assert scratch is None or not scratch.exists()


def test_kernel_death_is_reported_and_the_next_run_works(shared, project) -> None:
    nb = make_notebook(["x = 1", "import os\nos._exit(1)", "print(x)"])
    result = shared.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60))
    assert result.kernel_died
    assert result.errors[-1].ename == "DeadKernelError" and result.errors[-1].cell_index == 1
    again = shared.execute(ExecutionRequest(nb=make_notebook(["print(3)"]), cwd=project))
    assert again.error_free and again.executed.cells[0].outputs[0]["text"] == "3\n"


def test_probe_runs_in_the_live_kernel_after_errors(shared, project) -> None:
    nb = make_notebook(["secret = 41", "1/0"])

    def probe(errors):
        assert errors[0].ename == "ZeroDivisionError"
        return "import json\nprint('__MLEM_FACTS__' + json.dumps({'seen': secret + 1}))"

    result = shared.execute(ExecutionRequest(nb=nb, cwd=project, timeout_s=60, probe=probe))
    assert result.facts == {"seen": 42}
    assert len(result.executed.cells) == 2


def test_installed_versions_come_from_the_image_once(shared, client) -> None:
    versions = shared.installed_versions()
    out = client.containers.run(
        IMAGE,
        entrypoint=["python3", "-c", "import numpy, sklearn; print(numpy.__version__)"],
        command=[],
        network_mode="none",
        remove=True,
    )
    assert versions["numpy"] == out.decode().strip()
    assert {"pandas", "scikit-learn", "ipykernel"} <= set(versions)
    assert executor._VERSIONS_BY_IMAGE[shared.image_id] == versions
    assert read_versions_cache(shared.image_id) == versions


def test_limits_and_hardening_reach_the_container(client, project) -> None:
    cfg = DockerConfig(image=IMAGE, memory="512m", cpus=1.5)
    ex = DockerExecutor(cfg, job_id=f"t{os.getpid()}limits")
    try:
        ex.execute(ExecutionRequest(nb=make_notebook(["1"]), cwd=project, timeout_s=60))
        [container] = labelled(client, ex.job_id)
        host = container.attrs["HostConfig"]
        assert host["Memory"] == 512 * 1024 * 1024 and host["NanoCpus"] == 1_500_000_000
        assert host["NetworkMode"] == "none" and host["CapDrop"] == ["ALL"]
        assert "no-new-privileges" in host["SecurityOpt"]
        assert container.attrs["Config"]["User"] == "1000:1000"
        env = container.attrs["Config"]["Env"]
        assert not any(e.startswith(("OPENAI", "ANTHROPIC", "MLEM_API")) for e in env)
    finally:
        ex.close()


def test_gpu_request_without_an_nvidia_runtime_is_a_clear_error(client, project) -> None:
    if "nvidia" in (client.info().get("Runtimes") or {}):
        pytest.skip("this daemon has an NVIDIA runtime: the request would succeed")
    ex = DockerExecutor(DockerConfig(image=IMAGE, gpus="all"), job_id="t-gpu")
    try:
        with pytest.raises(ExecutorError, match="GPUs requested.*--gpus all.*NVIDIA"):
            ex.execute(ExecutionRequest(nb=make_notebook(["1"]), cwd=project, timeout_s=60))
    finally:
        ex.close()
    assert labelled(client, "t-gpu") == []
    auto = DockerExecutor(DockerConfig(image=IMAGE, gpus="auto"), job_id="t-gpu-auto")
    try:
        assert not auto.gpus.uses_gpus and "no NVIDIA runtime" in auto.gpus.reason
        result = auto.execute(ExecutionRequest(nb=make_notebook(["1"]), cwd=project))
        assert "no NVIDIA runtime" in result.environment["gpus"]["reason"]
    finally:
        auto.close()


def test_stale_containers_of_a_dead_owner_are_swept_at_start(client, project) -> None:
    proc = subprocess.Popen(["true"])
    proc.wait()
    host = labels.owner_label().rsplit("/", 2)[0]
    stale = client.containers.create(
        IMAGE,
        command=["sleep", "600"],
        labels={labels.LABEL_JOB: "t-stale", labels.LABEL_OWNER: f"{host}/{proc.pid}/1"},
        network_mode="none",
    )
    live = client.containers.create(
        IMAGE,
        command=["sleep", "600"],
        labels={labels.LABEL_JOB: "t-live", labels.LABEL_OWNER: labels.owner_label()},
        network_mode="none",
    )
    try:
        ex = DockerExecutor(DockerConfig(image=IMAGE), job_id="t-sweeper")
        ex.close()
        assert stale.name in ex.swept
        assert labelled(client, "t-stale") == []
        assert len(labelled(client, "t-live")) == 1  # a live owner's container stays
    finally:
        for c in (stale, live):
            with contextlib.suppress(Exception):
                c.remove(force=True)


def test_missing_image_is_a_clear_error(client) -> None:
    with pytest.raises(ExecutorError, match="not found: build it with `mlemodernizer sidecar"):
        DockerExecutor(DockerConfig(image="mlemodernizer-no-such-image:0"))


def test_image_without_nbclient_is_a_clear_error(client, docker_test_base, project) -> None:
    ex = DockerExecutor(DockerConfig(image=docker_test_base), job_id="t-bare")
    try:
        with pytest.raises(ExecutorError, match="cannot run notebooks.*sidecar build --base"):
            ex.execute(ExecutionRequest(nb=make_notebook(["1"]), cwd=project, timeout_s=60))
    finally:
        ex.close()
    assert labelled(client, "t-bare") == []


@pytest.mark.skipif(os.getuid() != 0, reason="the fallbacks are about a root caller")
def test_user_choice_when_run_by_root(client, tmp_path) -> None:
    """Root-only project: root in the container, and the job says why; a project owned by
    someone: that someone's uid."""
    hidden = make_project(tmp_path)  # pytest's tmp_path: 0700, owned by root
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=f"t{os.getpid()}root")
    try:
        code = "import os\nprint(os.getuid(), open('../input/train.csv').read().split()[1])"
        result = ex.execute(ExecutionRequest(nb=make_notebook([code]), cwd=hidden))
        assert result.executed.cells[0].outputs[0]["text"] == "0 1,2\n"
        assert result.environment["user"] == "0:0"
        assert "readable by root only" in result.environment["user_note"]
    finally:
        ex.close()
    top = Path(tempfile.mkdtemp(prefix="mlem-test-owned-"))
    try:
        top.chmod(0o755)
        owned = make_project(top)
        for path in [top, *top.rglob("*")]:
            os.lchown(path, 1234, 1234)
        ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=f"t{os.getpid()}owned")
        try:
            code = "import os\nprint(os.getuid())\nopen('out.txt', 'w').write('x')"
            result = ex.execute(ExecutionRequest(nb=make_notebook([code]), cwd=owned))
            assert result.error_free, result.errors
            assert result.executed.cells[0].outputs[0]["text"] == "1234\n"
            assert (result.workdir / "out.txt").stat().st_uid == 1234
        finally:
            ex.close()
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_resume_in_the_kept_kernel_and_fresh_runs_otherwise(shared, project) -> None:
    cells = [
        "import os\ncounter = 41\nopen('state.txt', 'w').write('kept')",
        "counter += 1\nprint(counter, open('state.txt').read())",
    ]
    first = shared.execute(
        ExecutionRequest(nb=make_notebook(cells), cwd=project, timeout_s=60, keep_kernel=True)
    )
    assert first.resumed_from is None and first.error_free
    resumed = shared.execute(
        ExecutionRequest(nb=make_notebook(cells), cwd=project, timeout_s=60, start_at=1)
    )
    assert resumed.resumed_from == 1
    assert [c.cell_index for c in resumed.cells] == [1]  # cell 0 did not run again
    assert resumed.executed.cells[1].outputs[0]["text"] == "43 kept\n"  # same kernel, same files
    assert resumed.executed.cells[0].execution_count == first.executed.cells[0].execution_count
    # that run did not keep the kernel: the next resume request starts fresh, from cell 0
    fresh = shared.execute(
        ExecutionRequest(nb=make_notebook(cells), cwd=project, timeout_s=60, start_at=1)
    )
    assert fresh.resumed_from is None and [c.cell_index for c in fresh.cells] == [0, 1]
    assert fresh.executed.cells[1].outputs[0]["text"] == "42 kept\n"


def test_a_process_that_exits_without_close_leaves_no_container(client, project) -> None:
    """The atexit hook: e.g. a server shut down while a job held its container."""
    job = f"t{os.getpid()}atexit"
    code = (
        "import sys\nfrom pathlib import Path\n"
        "from mlemodernizer.execution.base import ExecutionRequest\n"
        "from mlemodernizer.execution.docker.config import DockerConfig\n"
        "from mlemodernizer.execution.docker.executor import DockerExecutor\n"
        "from tests.conftest import make_notebook\n"
        f"ex = DockerExecutor(DockerConfig(image={IMAGE!r}), job_id={job!r})\n"
        f"r = ex.execute(ExecutionRequest(nb=make_notebook(['1']), cwd=Path({str(project)!r})))\n"
        "print(len(ex.client.containers.list(filters={'label': 'mlemodernizer.job=" + job + "'})))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=180
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "1"  # it was running while the process lived
    assert labelled(client, job) == []


def test_big_outputs_and_a_container_removed_between_runs(client, project) -> None:
    job = f"t{os.getpid()}gone"
    ex = DockerExecutor(DockerConfig(image=IMAGE), job_id=job)
    try:
        big = ex.execute(
            ExecutionRequest(nb=make_notebook(["print('x' * 5_000_000)"]), cwd=project)
        )
        assert len(big.executed.cells[0].outputs[0]["text"]) == 5_000_001
        [container] = labelled(client, job)
        container.remove(force=True)  # someone ran `docker rm -f` between iterations
        time.sleep(0.5)
        again = ex.execute(ExecutionRequest(nb=make_notebook(["print(5)"]), cwd=project))
        assert again.error_free and again.executed.cells[0].outputs[0]["text"] == "5\n"
        assert again.environment["container_starts"] == 2
    finally:
        ex.close()
    assert labelled(client, job) == []
