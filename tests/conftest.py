"""Shared test helpers: notebooks built in place, the real CLI in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"

pytest_plugins = ["pytest_jupyter.jupyter_server"]


def make_notebook(cells: list[str], outputs: dict[int, str] | None = None) -> nbformat.NotebookNode:
    """Code cells from strings ("md:" prefix makes a markdown cell); outputs as stored stdout."""
    nb_cells = []
    for i, src in enumerate(cells):
        if src.startswith("md:"):
            nb_cells.append(new_markdown_cell(src[3:]))
            continue
        cell = new_code_cell(src)
        if outputs and i in outputs:
            cell.outputs = [new_output("stream", name="stdout", text=outputs[i])]
        nb_cells.append(cell)
    nb = new_notebook(cells=nb_cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return nb


def saved_then_written(pairs: list[tuple[str, str | None]], folder: Path) -> Path:
    """An old notebook as its author saved it: each cell run as the author's libraries ran it
    (the first of each pair, in today's spelling) for its stored outputs, then given the source
    the author wrote (the second; None: the same). Written to ``folder/old.ipynb``."""
    from nbclient import NotebookClient

    nb = make_notebook([then for then, _ in pairs])
    NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(folder)}}).execute()
    for cell, (then, written) in zip(nb.cells, pairs, strict=True):
        cell.source = written or then
    path = folder / "old.ipynb"
    nbformat.write(nb, path)
    return path


def write_notebook(path: Path, cells: list[str], outputs: dict[int, str] | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(make_notebook(cells, outputs), path)
    return path


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    # the source tree is importable from any cwd, installed or not
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    full_env = {**os.environ, "PYTHONPATH": pythonpath, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mlemodernizer.cli", *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def json_report(proc: subprocess.CompletedProcess[str]) -> dict:
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture
def copy_example(tmp_path: Path):
    """Copy an example folder into tmp_path, as shipped, and return the copy's path: without
    what a run wrote beside its notebooks (the README's first command runs the tool on an
    example, and a test then expects its own output's name)."""
    import shutil

    def _copy(name: str) -> Path:
        dest = tmp_path / name
        written = shutil.ignore_patterns("*.modernized.ipynb", "*.modernized-*.ipynb")
        shutil.copytree(EXAMPLES / name, dest, ignore=written)
        return dest

    return _copy
