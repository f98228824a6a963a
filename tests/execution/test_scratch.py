"""Runs never write into the user's folder (issue 38): every run executes in a scratch copy of
the notebook's folder, the project around it linked so relative paths resolve; what the runs
wrote is listed in the report and kept apart; the user brings chosen files back."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.options import Options
from mlemodernizer.contracts.shapes import WrittenFile
from mlemodernizer.execution.scratch import (
    LocalScratch,
    bring_back,
    fill_scratch,
    written_files,
)
from mlemodernizer.jobs import prepare_job

from ..conftest import run_cli, write_notebook

WRITES = [
    "import numpy as np\nx = np.float(2)",  # fails today: a fix is made and judged
    "open('submission.csv', 'w').write('id,y\\n1,2\\n')",
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "plt.plot([1, 2])\nplt.savefig('figure.png')",
    "open('data.csv', 'a').write('3,4\\n')\nprint(open('../shared/readme.txt').read())",
]


def project(tmp_path: Path) -> tuple[Path, Path]:
    """A notebook in ``project/nb`` that writes beside itself, appends to its own data file
    and reads a file one folder up."""
    (tmp_path / "project" / "shared").mkdir(parents=True)
    (tmp_path / "project" / "shared" / "readme.txt").write_text("shared words\n")
    folder = tmp_path / "project" / "nb"
    folder.mkdir()
    (folder / "data.csv").write_text("id,y\n")
    return folder, write_notebook(folder / "old.ipynb", WRITES)


def listing(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.kernel
def test_the_users_folder_gets_the_modernized_notebook_only(tmp_path: Path) -> None:
    folder, path = project(tmp_path)
    before = listing(tmp_path / "project")
    report_path = tmp_path / "report.json"
    cache = tmp_path / "cache"
    proc = run_cli(
        "run", str(path), "--offline", "--report", str(report_path),
        env={"MLEMODERNIZER_CACHE": str(cache)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    after = listing(tmp_path / "project")
    assert set(after) == set(before) | {"nb/old.modernized.ipynb"}
    assert all(after[name] == data for name, data in before.items())  # data.csv untouched
    report = json.loads(report_path.read_text())
    assert report["error_free"] and report["iterations"][0]["rule_ids"] == ["NPY001"]
    # the file one folder up was read where it lies (the project around the copy is linked)
    out = nbformat.read(folder / "old.modernized.ipynb", as_version=4)
    assert out.cells[3].outputs[0]["text"] == "shared words\n\n"  # print adds one
    assert report["written_files"] == [
        {"path": "data.csv", "bytes": len("id,y\n3,4\n"), "status": "changed"},
        {"path": "figure.png", "bytes": report["written_files"][1]["bytes"], "status": "new"},
        {"path": "submission.csv", "bytes": len("id,y\n1,2\n"), "status": "new"},
    ]
    kept = Path(report["written_kept_in"])
    assert kept.parent.parent == cache and (kept / "submission.csv").read_text() == "id,y\n1,2\n"
    assert "the runs wrote data.csv (changed), figure.png (new), submission.csv (new)" in (
        proc.stderr
    )


@pytest.mark.kernel
def test_chosen_files_are_brought_back(tmp_path: Path) -> None:
    folder, path = project(tmp_path)
    proc = run_cli(
        "run", str(path), "--offline", "--bring-back", "*.csv", "--json",
        env={"MLEMODERNIZER_CACHE": str(tmp_path / "cache")},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert (folder / "submission.csv").read_text() == "id,y\n1,2\n"
    assert (folder / "data.csv").read_text() == "id,y\n3,4\n"  # the user asked for it
    assert not (folder / "figure.png").exists()
    assert "--bring-back submission.csv: brought back" in report["notices"]


@pytest.mark.kernel
def test_after_a_rejected_review_the_folder_holds_what_it_held_and_the_copy(
    tmp_path: Path,
) -> None:
    class RejectAll:
        manual = True

        def decide(self, fix_id, proposal, on_decision=None):  # noqa: ANN001, ANN201
            return {c.cell_id: False for c in proposal.changes}

    _, path = project(tmp_path)
    before = listing(tmp_path / "project")
    job = prepare_job(path, Options(offline=True), job_id="t", review=RejectAll())
    result = job.run()
    assert not result.report.error_free  # nothing was accepted
    after = listing(tmp_path / "project")
    assert set(after) == set(before) | {"nb/old.modernized.ipynb"}
    assert all(after[name] == data for name, data in before.items())


def test_the_scratch_links_the_project_and_copies_the_folder(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "input").mkdir(parents=True)
    (root / "input" / "train.csv").write_text("a\n")
    folder = root / "work"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "x.txt").write_text("x")
    scratch = LocalScratch("t")
    try:
        cwd = scratch.refill(folder)
        assert cwd != folder and cwd.name == "work"
        assert (cwd / ".." / "input" / "train.csv").read_text() == "a\n"
        assert (cwd / "sub" / "x.txt").read_text() == "x" and not (cwd / "sub").is_symlink()
        (cwd / "sub" / "x.txt").write_text("changed")
        (cwd / "new.txt").write_text("n")
        assert (folder / "sub" / "x.txt").read_text() == "x"
        assert written_files(folder, cwd) == [
            WrittenFile("new.txt", 1, "new"),
            WrittenFile("sub/x.txt", 7, "changed"),
        ]
        # a fresh run gets a fresh copy: what an earlier run wrote is gone
        assert scratch.refill(folder) == cwd and written_files(folder, cwd) == []
    finally:
        scratch.close()
    assert not cwd.exists()


def test_large_files_are_linked_not_copied(tmp_path: Path) -> None:
    src, dest = tmp_path / "src", tmp_path / "dest"
    src.mkdir()
    dest.mkdir()
    (src / "big.bin").write_bytes(b"0" * 2000)
    (src / "small.txt").write_text("s")
    stats = fill_scratch(src, dest, [], copy_limit=1000)
    assert os.readlink(dest / "big.bin") == str(src / "big.bin")
    assert (dest / "small.txt").read_text() == "s" and not (dest / "small.txt").is_symlink()
    assert stats["linked"] == 1 and stats["files"] + stats["cloned"] == 1
    assert written_files(src, dest) == []  # a link is no result


def test_bring_back_never_replaces_a_file_that_appeared_since(tmp_path: Path) -> None:
    kept, folder = tmp_path / "kept", tmp_path / "nb"
    kept.mkdir()
    folder.mkdir()
    (kept / "out.csv").write_text("run")
    (folder / "out.csv").write_text("yours")
    said = bring_back(kept, [WrittenFile("out.csv", 3, "new")], ["*.csv"], folder)
    assert said == ["out.csv: not brought back (a file of that name is there now)"]
    assert (folder / "out.csv").read_text() == "yours"


@pytest.mark.parametrize("root_is_parent", [True, False])
def test_a_root_that_does_not_hold_the_folder_is_the_folder(
    tmp_path: Path, root_is_parent: bool
) -> None:
    folder = tmp_path / "a" / "nb"
    folder.mkdir(parents=True)
    (folder / "f.txt").write_text("f")
    root = tmp_path / "a" if root_is_parent else tmp_path / "elsewhere"
    scratch = LocalScratch("t", root)
    try:
        cwd = scratch.refill(folder)
        assert (cwd / "f.txt").read_text() == "f"
        assert cwd.parent.name != "a" or root_is_parent
    finally:
        scratch.close()


@pytest.mark.kernel
def test_errors_name_the_users_files_not_the_scratch_copy(tmp_path: Path) -> None:
    from mlemodernizer.execution.base import ExecutionRequest
    from mlemodernizer.execution.local import LocalExecutor

    from ..conftest import make_notebook

    folder = tmp_path / "nb"
    folder.mkdir()
    (folder / "helpers.py").write_text("def load_dataset():\n    return 1 / 0\n")
    nb = make_notebook(["from helpers import load_dataset\nload_dataset()"])
    executor = LocalExecutor()
    try:
        result = executor.execute(ExecutionRequest(nb=nb, cwd=folder, timeout_s=60))
    finally:
        executor.close()
    (error,) = result.errors
    assert result.workdir is not None and result.workdir != folder
    assert str(folder / "helpers.py") in error.traceback
    assert "mlem-scratch" not in error.traceback
    assert result.errors_folder == folder.resolve()
    tb = "\n".join(result.executed.cells[0].outputs[-1]["traceback"])
    assert str(folder / "helpers.py") in tb and "mlem-scratch" not in tb
