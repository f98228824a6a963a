"""A real `jupyter server` process, driven by the example client over HTTP and WebSocket only."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ..conftest import REPO, write_notebook

pytestmark = pytest.mark.kernel

TOKEN = "acceptance-token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path):
    root = tmp_path / "root"
    root.mkdir()
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter_server",
            "--no-browser",
            "--allow-root",
            f"--port={port}",
            f"--ServerApp.root_dir={root}",
            f"--IdentityProvider.token={TOKEN}",
            "--ServerApp.jpserver_extensions=mlemodernizer=True",
            "--ServerApp.allow_unauthenticated_access=False",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.3)
    else:
        proc.kill()
        raise AssertionError(proc.stderr.read() if proc.stderr else "server did not start")
    yield url, root, tmp_path
    proc.terminate()
    proc.wait(timeout=30)


def test_client_accepts_rule_fix_and_job_finishes_error_free(server) -> None:
    url, root, tmp_path = server
    write_notebook(
        root / "old.ipynb",
        [
            "from sklearn.cross_validation import train_test_split",
            "print(train_test_split([1, 2, 3, 4], random_state=0)[0])",
        ],
    )
    proc = subprocess.run(
        [
            sys.executable,
            str(REPO / "examples" / "server_client.py"),
            "old.ipynb",
            "--url",
            url,
            "--token",
            TOKEN,
            "--offline",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    finished = json.loads(proc.stdout)
    assert finished["type"] == "job_finished" and finished["report"]["error_free"] is True
    assert "fix_proposed" in proc.stderr and "cell_decision" in proc.stderr
    assert (root / "old.modernized.ipynb").exists()
    # the same routes without the token answer 403
    for path in ("mlemodernizer/health", "mlemodernizer/jobs"):
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(f"{url}/{path}", timeout=10)
        assert info.value.code == 403
    # jobs are kept under the Jupyter data dir
    assert list((tmp_path / "data" / "mlemodernizer" / "jobs").glob("*/events.jsonl"))
