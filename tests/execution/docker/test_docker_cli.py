"""`mlemodernizer run --executor docker` end to end, and `sidecar build`'s errors (a real daemon
and the test image: the session fixture ``client``, conftest.py)."""

from __future__ import annotations

import json
import subprocess

import pytest

from mlemodernizer.execution.docker.labels import LABEL_JOB

from ...conftest import json_report, run_cli, write_notebook
from .conftest import IMAGE
from .test_docker_executor import tree_digest

pytestmark = [pytest.mark.docker, pytest.mark.kernel]


def all_labelled(client) -> list:
    return client.containers.list(all=True, filters={"label": LABEL_JOB})


def test_modernizes_the_rules_fixable_example_inside_the_container(client, copy_example) -> None:
    project = copy_example("breast-cancer-2017")
    nb = project / "notebooks" / "random_forest.ipynb"
    before = tree_digest(project)
    proc = run_cli("run", str(nb), "--executor", "docker", "--image", IMAGE, "--json", "--offline")
    report = json_report(proc)
    assert report["baseline"]["error_cells"] > 0
    assert report["final"]["error_cells"] == 0 and report["error_free"]
    assert report["outcome"] == "error_free_reproducible"
    assert any("SKL" in rid for it in report["iterations"] for rid in it["rule_ids"])
    after = tree_digest(project)
    added = set(after) - set(before)
    assert added == {"notebooks/random_forest.modernized.ipynb"}  # the CLI's output, nothing else
    assert {k: after[k] for k in before} == before
    # the same check as `docker ps -a --filter label=mlemodernizer.job`
    ps = subprocess.run(
        ["docker", "ps", "-aq", "--filter", f"label={LABEL_JOB}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert ps.stdout.strip() == ""


def test_the_score_comes_back_from_the_container(client, tmp_path) -> None:
    nb = write_notebook(
        tmp_path / "nb" / "score.ipynb",
        [
            "import numpy as np\nacc = float(np.mean(np.array([1, 1, 0, 1]) == 1))",
            "print(f'accuracy: {acc}')",
        ],
        outputs={1: "accuracy: 0.75\n"},
    )
    proc = run_cli(
        "run", str(nb), "--executor", "docker", "--image", IMAGE, "--json", "--offline",
        "--score-regex", r"accuracy: ([0-9.]+)",
    )  # fmt: skip
    report = json_report(proc)
    assert report["final"]["score"] == pytest.approx(0.75)
    assert report["outcome"] == "error_free_reproducible"
    assert all_labelled(client) == []


def test_missing_image_from_the_cli_is_one_line(client, tmp_path) -> None:
    nb = write_notebook(tmp_path / "nb" / "n.ipynb", ["print(1)"])
    proc = run_cli(
        "run", str(nb), "--offline", "--executor", "docker", "--image", "mlem-nope:0"
    )  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "Docker image 'mlem-nope:0' not found: build it with" in proc.stderr


def test_sidecar_build_with_an_unknown_base_names_the_fix(client) -> None:
    proc = run_cli(
        "sidecar", "build", "--base", "mlemodernizer-no-such-base:0", "--tag", "mlem-x:0", "-q",
        timeout=300,
    )  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "sidecar build failed" in proc.stderr and "--base" in proc.stderr


def test_sidecar_image_reports_its_stack(client) -> None:
    from mlemodernizer.execution.docker.image import image_summary

    summary = image_summary(IMAGE)
    assert {"python", "numpy", "pandas", "scikit-learn", "ipykernel"} <= set(summary)
    assert "torch" not in json.dumps(summary)
