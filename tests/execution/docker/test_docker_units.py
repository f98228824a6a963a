"""Docker executor parts that need no daemon: --gpus, the layout, the scratch copy, errors."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from mlemodernizer.cli import build_parser, options_from_args
from mlemodernizer.contracts.errors import ExecutorError
from mlemodernizer.contracts.options import Options
from mlemodernizer.execution.docker.client import connect, daemon_error
from mlemodernizer.execution.docker.config import DockerConfig
from mlemodernizer.execution.docker.image import DEFAULT_IMAGE
from mlemodernizer.execution.docker.labels import owner_gone, owner_label
from mlemodernizer.execution.docker.layout import (
    RUNNER_HOST_PATH,
    RUNNER_TARGET,
    SOURCE_TARGET,
    Layout,
    fill_scratch,
    plan_layout,
)
from mlemodernizer.execution.gpus import parse_gpus

from ...conftest import REPO, run_cli, write_notebook

GPU = [["gpu"]]


# --- --gpus -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "count", "ids"),
    [
        ("all", -1, []),
        ("0,1", 0, ["0", "1"]),
        ("device=2", 0, ["2"]),
        ('"device=0,3"', 0, ["0", "3"]),
        ("GPU-3a2b1c0d-1111", 0, ["GPU-3a2b1c0d-1111"]),
        ("count=2", 2, []),
    ],
)
def test_gpu_values_become_the_docker_cli_device_requests(spec, count, ids) -> None:
    decision = parse_gpus(spec)
    assert decision.uses_gpus
    assert decision.device_requests == [
        {"Driver": "", "Count": count, "DeviceIDs": ids, "Capabilities": GPU, "Options": {}}
    ]


def test_no_gpus_means_no_device_request() -> None:
    for spec in ("none", None, ""):
        decision = parse_gpus(spec)
        assert decision.device_requests == [] and not decision.uses_gpus


def test_auto_uses_gpus_only_with_an_nvidia_runtime_and_says_why() -> None:
    yes = parse_gpus("auto", ["runc", "nvidia"])
    assert yes.device_requests[0]["Count"] == -1
    assert "NVIDIA runtime" in yes.reason and "all GPUs" in yes.describe()
    no = parse_gpus("auto", ["runc", "io.containerd.runc.v2"])
    assert no.device_requests == []
    assert "no NVIDIA runtime" in no.reason and "runc" in no.reason
    assert no.to_json()["uses_gpus"] is False


@pytest.mark.parametrize("spec", ["0;1", "count=0", "count=x", "some gpus", ","])
def test_bad_gpu_values_are_a_clear_error(spec) -> None:
    with pytest.raises(ExecutorError, match="--gpus"):
        parse_gpus(spec)


def test_gpu_requests_reach_the_engine_api_as_docker_run_sends_them() -> None:
    """docker-py (offline, pinned API version) turns them into HostConfig.DeviceRequests."""
    from docker.types import DeviceRequest

    from docker import APIClient

    api = APIClient(base_url="unix:///nonexistent.sock", version="1.41")
    for spec, expected in [
        ("all", {"Count": -1, "DeviceIDs": []}),
        ("0,1", {"Count": 0, "DeviceIDs": ["0", "1"]}),
    ]:
        reqs = parse_gpus(spec).device_requests
        host_config = api.create_host_config(
            device_requests=[
                DeviceRequest(
                    driver=r["Driver"],
                    count=r["Count"],
                    device_ids=r["DeviceIDs"],
                    capabilities=r["Capabilities"],
                    options=r["Options"],
                )
                for r in reqs
            ]
        )
        [sent] = host_config["DeviceRequests"]
        assert sent["Driver"] == "" and sent["Capabilities"] == GPU
        assert {k: sent[k] for k in expected} == expected
    assert "DeviceRequests" not in api.create_host_config()  # --gpus none: nothing sent


# --- layout -----------------------------------------------------------------------------------


def _binds(layout: Layout) -> dict[str, tuple[str, bool]]:
    return {b.target: (str(b.source), b.read_only) for b in layout.binds}


def test_layout_keeps_the_relative_layout_read_only_with_a_writable_scratch(tmp_path) -> None:
    (tmp_path / "input").mkdir()
    nbdir = tmp_path / "notebooks"
    nbdir.mkdir()
    scratch = tmp_path / "scratch"
    layout = plan_layout(nbdir, DockerConfig(), scratch)
    assert layout.root == tmp_path.resolve()  # default: the notebook folder's parent
    assert layout.cwd == "/workspace/notebooks"
    binds = _binds(layout)
    assert binds["/workspace"] == (str(tmp_path.resolve()), True)
    assert binds["/workspace/notebooks"] == (str(scratch), False)
    assert binds[SOURCE_TARGET] == (str(nbdir.resolve()), True)
    assert binds[RUNNER_TARGET] == (str(RUNNER_HOST_PATH), True)
    writable = [t for t, (_, ro) in binds.items() if not ro]
    assert writable == ["/workspace/notebooks"]  # the scratch copy is the only writable mount


def test_layout_root_option_and_its_checks(tmp_path) -> None:
    nbdir = tmp_path / "a" / "b" / "nb"
    nbdir.mkdir(parents=True)
    layout = plan_layout(nbdir, DockerConfig(root=str(tmp_path)), tmp_path / "s")
    assert layout.cwd == "/workspace/a/b/nb"
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(ExecutorError, match="does not contain the notebook's folder"):
        plan_layout(nbdir, DockerConfig(root=str(other)), tmp_path / "s")
    same = plan_layout(nbdir, DockerConfig(root=str(nbdir)), tmp_path / "s")
    assert same.cwd == "/workspace" and "/workspace" in _binds(same)


def test_layout_data_folders_read_only_and_kaggle_mapping(tmp_path) -> None:
    nbdir = tmp_path / "proj" / "nb"
    (nbdir / "data").mkdir(parents=True)
    outside = tmp_path / "datasets" / "titanic"
    outside.mkdir(parents=True)
    cfg = DockerConfig(data=[str(nbdir / "data"), str(outside)])
    layout = plan_layout(nbdir, cfg, tmp_path / "s")
    binds = _binds(layout)
    assert binds["/workspace/nb/data"] == (str((nbdir / "data").resolve()), True)
    assert layout.skip == ["data"]  # not copied into the scratch
    assert binds[str(outside.resolve())] == (str(outside.resolve()), True)

    kaggle = plan_layout(nbdir, DockerConfig(data=[str(outside)], kaggle_input=True), tmp_path)
    binds = _binds(kaggle)
    assert binds["/kaggle/input/titanic"] == (str(outside.resolve()), True)
    assert binds["/kaggle/working"] == (str(tmp_path), False)


def test_layout_kaggle_without_data_uses_the_old_input_folder(tmp_path) -> None:
    (tmp_path / "input").mkdir()
    nbdir = tmp_path / "notebooks"
    nbdir.mkdir()
    layout = plan_layout(nbdir, DockerConfig(kaggle_input=True), tmp_path / "s")
    assert _binds(layout)["/kaggle/input"] == (str((tmp_path / "input").resolve()), True)


def test_layout_refuses_bad_data(tmp_path) -> None:
    nbdir = tmp_path / "nb"
    nbdir.mkdir()
    with pytest.raises(ExecutorError, match="not a folder"):
        plan_layout(nbdir, DockerConfig(data=[str(tmp_path / "nope")]), tmp_path / "s")
    with pytest.raises(ExecutorError, match="contains the notebook's folder"):
        plan_layout(nbdir, DockerConfig(data=[str(tmp_path)]), tmp_path / "s")


def test_scratch_copy_is_fresh_links_large_files_and_keeps_mount_points(tmp_path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "data").mkdir()
    (src / "a.txt").write_text("a")
    (src / "sub" / "b.txt").write_text("b")
    (src / "data" / "big.csv").write_text("x" * 100)
    (src / "huge.bin").write_bytes(b"0" * 2000)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "left-over.txt").write_text("from the last run")
    stats = fill_scratch(src, scratch, ["data"], copy_limit=1000)
    assert (scratch / "a.txt").read_text() == "a" and (scratch / "sub" / "b.txt").read_text() == "b"
    assert not (scratch / "left-over.txt").exists()
    assert (scratch / "data").is_dir() and not any((scratch / "data").iterdir())
    assert os.readlink(scratch / "huge.bin") == f"{SOURCE_TARGET}/huge.bin"
    assert stats == {"files": 2, "bytes": 2, "linked": 1, "cloned": 0}


# --- lifecycle helpers, errors ----------------------------------------------------------------


def test_owner_labels_tell_live_from_gone_processes() -> None:
    me = owner_label()
    assert not owner_gone(me)
    host, pid, start = me.rsplit("/", 2)
    proc = subprocess.Popen(["true"])
    proc.wait()
    assert owner_gone(f"{host}/{proc.pid}/{start}")  # that pid has exited
    assert not owner_gone(f"some-other-host/{proc.pid}/1")  # not ours to judge
    assert not owner_gone("garbage")


def test_daemon_unreachable_is_one_clear_error(monkeypatch) -> None:
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    with pytest.raises(ExecutorError) as info:
        connect()
    msg = str(info.value)
    assert "cannot reach the Docker daemon at unix:///nonexistent/docker.sock" in msg
    assert "dockerd" in msg and "--executor local" in msg


def test_docker_not_installed_names_the_install(monkeypatch) -> None:
    monkeypatch.delenv("DOCKER_HOST", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(os.path, "exists", lambda p: False)
    msg = daemon_error("unix:///var/run/docker.sock", Exception("boom"), "--executor docker")
    assert msg.startswith("Docker is not installed") and "apt-get install docker.io" in msg


@pytest.mark.kernel
def test_cli_with_the_daemon_down_exits_2_with_one_line(tmp_path) -> None:
    nb = write_notebook(tmp_path / "nb" / "n.ipynb", ["print(1)"])
    proc = run_cli(
        "run", str(nb), "--offline", "--executor", "docker",
        env={"DOCKER_HOST": "unix:///nonexistent/docker.sock"}, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2
    assert "mlemodernizer: error: cannot reach the Docker daemon" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_run_options_for_the_docker_executor() -> None:
    args = build_parser().parse_args(
        ["run", "nb.ipynb", "--executor", "docker", "--image", "img:1", "--gpus", "0,1",
         "--root", "/p", "--data", "/d1", "--data", "/d2", "--kaggle-input", "--network",
         "--memory", "4g", "--cpus", "1.5"]
    )  # fmt: skip
    opts = options_from_args(args)
    assert (opts.executor, opts.image, opts.gpus, opts.root) == ("docker", "img:1", "0,1", "/p")
    assert opts.data == ["/d1", "/d2"] and opts.kaggle_input
    assert (opts.network, opts.memory, opts.cpus) == ("bridge", "4g", 1.5)
    defaults = options_from_args(build_parser().parse_args(["run", "nb.ipynb"]))
    assert defaults.network == "none" and defaults.data == [] and defaults.memory is None
    cfg = DockerConfig.from_options(opts)
    assert (cfg.cpus, cfg.memory, cfg.network, cfg.kaggle_input) == (1.5, "4g", "bridge", True)
    assert DockerConfig.from_options(Options(executor="docker")).image == DEFAULT_IMAGE
    with pytest.raises(ExecutorError, match="--memory"):
        DockerConfig.from_options(Options(memory="lots"))
    with pytest.raises(ExecutorError, match="--cpus"):
        DockerConfig.from_options(Options(cpus=0))
    assert Options.from_json({"executor": "docker", "network": "bridge", "data": ["x"]}).data


def test_the_dockerfile_ships_in_the_package_and_docker_dir_links_to_it() -> None:
    from mlemodernizer.execution.docker.image import DOCKERFILE

    text = DOCKERFILE.read_text()
    assert "ARG BASE=" in text and "FROM ${BASE}" in text and "ipykernel" in text
    packages = next(line for line in text.splitlines() if line.startswith("ARG PACKAGES="))
    assert "torch" not in packages and "PIP_CERT" not in text  # small; no CI-only settings
    assert (REPO / "docker" / "Dockerfile").read_text() == text
    proc = run_cli("sidecar", "dockerfile")
    assert proc.returncode == 0 and proc.stdout == text


def test_sidecar_build_rejects_a_build_arg_without_a_value_before_any_docker_work() -> None:
    proc = run_cli(
        "sidecar", "build", "--build-arg", "PACKAGES", env={"DOCKER_HOST": "unix:///nonexistent"}
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--build-arg 'PACKAGES': expected KEY=VALUE" in proc.stderr


def test_frameworks_add_tensorflow_and_torch_to_the_dockerfiles_own_packages() -> None:
    from mlemodernizer.execution.docker.image import DEFAULT_PACKAGES, DOCKERFILE, image_packages

    arg = next(line for line in DOCKERFILE.read_text().splitlines() if line.startswith("ARG PACK"))
    assert arg == f'ARG PACKAGES="{DEFAULT_PACKAGES}"'  # the default the option extends
    cpu = image_packages(None, "cpu")
    assert cpu is not None and cpu.startswith(DEFAULT_PACKAGES + " ")
    assert "tensorflow-cpu" in cpu and "download.pytorch.org/whl/cpu" in cpu  # no CUDA build
    gpu = image_packages("ipykernel numpy", "gpu")
    assert gpu == "ipykernel numpy tensorflow[and-cuda] torch"
    assert image_packages("ipykernel numpy", None) == "ipykernel numpy"
    proc = run_cli(
        "sidecar", "build", "--frameworks", "tpu", env={"DOCKER_HOST": "unix:///nonexistent"}
    )
    assert proc.returncode == 2 and "invalid choice: 'tpu'" in proc.stderr


def test_the_runner_needs_only_the_images_python() -> None:
    source = RUNNER_HOST_PATH.read_text()
    assert "mlemodernizer" not in source.split('"""', 2)[2]  # no import of our package inside
    compile(source, "runner.py", "exec")
