"""Every extracted item answered by the environment family (issue 39) is proven: its example, one
independent cell each, fails on today's stack, and ``--fixers environment`` (the catalogue off)
leaves each cell changed and ending clean. Batched a library at a time, a few notebooks in all:
the loop's iterations are capped per notebook, and each notebook costs a kernel and a probe.

A test file stays on one worker (``--dist loadfile``): the libraries are split over this file
(pandas, scikit-learn) and ``test_extracted_environment_more.py`` (the others) so that the two
halves, minutes each, run side by side."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import nbformat
import pytest

from mlemodernizer.fixers.rules import extracted

from ...conftest import make_notebook, run_cli

# cells per notebook, at most: the probe asks about 8 failing cells an iteration, so a notebook
# of 24 takes 3 or 4 iterations, well inside the loop's cap of 16
BATCH = 24
ITEMS = [a for a in extracted.load() if a.status == "environment"]
HERE = ("pandas", "scikit-learn")  # the libraries this file proves; the other file the rest
_DL = {"tensorflow"}  # imports TensorFlow/Keras in the kernel


def batches(libraries: tuple[str, ...] | None = None, exclude: tuple[str, ...] = ()) -> list:
    """The environment items of ``libraries`` (None: every library but ``exclude``), as few
    notebooks per library as :data:`BATCH` allows, of even sizes."""
    by: dict[str, list[extracted.Answer]] = {}
    for a in ITEMS:
        if (libraries is None or a.library in libraries) and a.library not in exclude:
            by.setdefault(a.library, []).append(a)
    out = []
    for library in sorted(by):
        items = by[library]
        n = -(-len(items) // BATCH)
        marks = [pytest.mark.dl] if library in _DL else []
        for k in range(n):
            chunk = items[k * len(items) // n : (k + 1) * len(items) // n]
            out.append(pytest.param(chunk, id=f"{library}-{k}", marks=marks))
    return out


@pytest.fixture(scope="module")
def index_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One tool cache for a file's batches: a library's name index is walked once, not per batch
    (a walk that runs past its budget on a loaded machine answers nothing)."""
    return tmp_path_factory.mktemp("cache")


def assert_repaired(tmp_path: Path, cache: Path, items: list[extracted.Answer]) -> None:
    """Each example a cell: all fail before; after ``--fixers environment`` none fails and none
    is left as written."""
    # the README's `.[test]` leaves the deep-learning frameworks out (`.[dl]` brings them)
    framework = {a.library for a in items} & _DL
    for name in sorted(framework):
        if find_spec(name) is None:
            pytest.skip(f"{name} is not installed (pip install '.[dl]')")
    nb = tmp_path / "items.ipynb"
    out = tmp_path / "out.ipynb"
    nbformat.write(make_notebook([a.example for a in items]), nb)
    proc = run_cli(
        "run", str(nb), "--offline", "--fixers", "environment", "--json", "--out", str(out),
        env={"MLEMODERNIZER_CACHE": str(cache)},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    failing_before = {c.split(":")[0] for c in report["baseline"]["errors"]}
    assert failing_before == {f"cell {i + 1}" for i in range(len(items))}, "an example runs today"
    failing = {c["cell_index"]: c["error"] for c in report["final"]["failing_cells"]}
    assert failing == {}, {items[i].id: e for i, e in failing.items()}
    cells = nbformat.read(out, as_version=4).cells
    same = [a.id for a, cell in zip(items, cells, strict=True) if cell.source == a.example]
    assert same == [], "these examples ran clean without a change"


def test_every_environment_item_gives_its_example() -> None:
    assert ITEMS, "no extracted item is answered by the environment family"
    assert all(a.example for a in ITEMS)


def test_the_two_files_prove_every_environment_item() -> None:
    here = [a for p in batches(HERE) for a in p.values[0]]
    rest = [a for p in batches(exclude=HERE) for a in p.values[0]]
    assert sorted(a.id for a in here + rest) == sorted(a.id for a in ITEMS)


@pytest.mark.kernel
@pytest.mark.parametrize("items", batches(HERE))
def test_every_environment_item_is_repaired_by_the_environment_family(
    tmp_path: Path, index_cache: Path, items: list[extracted.Answer]
) -> None:
    assert_repaired(tmp_path, index_cache, items)
