"""The notebook's own .py files: fixed like cells, in the kernel while searching, on disk after.

A notebook that imports a local ``preamble.py`` and a ``helpers/`` package, both written against
removed APIs, through the real CLI and real kernels (no LLM: the rules fix both files).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from ..conftest import run_cli, write_notebook

pytestmark = pytest.mark.kernel

PREAMBLE = """\
from IPython.display import set_matplotlib_formats
import pandas as pd
set_matplotlib_formats('png')
pd.set_option('precision', 3)
"""
HELPERS_INIT = "from .model import split, table\n"
HELPERS_MODEL = """\
import os

import numpy as np
import pandas as pd
from sklearn.cross_validation import train_test_split

DATA = os.path.join(os.path.dirname(__file__), "rows.csv")  # data found beside the module


def split(X, y):
    X = np.asarray(X, dtype=np.float)
    return train_test_split(X, y, test_size=0.25, random_state=0)


def table():
    return pd.read_csv(DATA)
"""
CELLS = [
    "from preamble import *",
    "from helpers import split, table",
    "a, b, c, d = split([[i] for i in range(8)], list(range(8)))\nprint(len(a), len(b))",
    "print(table().shape)",
]


def project(root: Path) -> Path:
    (root / "helpers").mkdir(parents=True)
    (root / "preamble.py").write_text(PREAMBLE)
    (root / "helpers" / "__init__.py").write_text(HELPERS_INIT)
    (root / "helpers" / "model.py").write_text(HELPERS_MODEL)
    (root / "helpers" / "rows.csv").write_text("x,y\n1,2\n3,4\n")
    return write_notebook(root / "nb.ipynb", CELLS)


def files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def fresh_run(path: Path) -> nbformat.NotebookNode:
    """The result as a user runs it afterwards: a new kernel, every cell, the files on disk."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    return nb


def error_cells(nb: nbformat.NotebookNode) -> list[int]:
    return [
        i
        for i, c in enumerate(nb.cells)
        if any(o.get("output_type") == "error" for o in c.get("outputs", []))
    ]


def test_one_offline_run_fixes_the_notebooks_own_modules(tmp_path: Path) -> None:
    nb = project(tmp_path / "proj")
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["baseline"]["error_cells"] == 4 and report["error_free"] is True
    # both files changed on disk, their originals kept beside them
    root = tmp_path / "proj"
    assert (root / "preamble.py.orig").read_text() == PREAMBLE
    assert (root / "helpers" / "model.py.orig").read_text() == HELPERS_MODEL
    preamble = (root / "preamble.py").read_text()
    assert "'display.precision'" in preamble and "IPython.display" not in preamble
    model = (root / "helpers" / "model.py").read_text()
    assert "sklearn.model_selection" in model and "np.float)" not in model
    # the report and the provenance name both
    named = {m["path"]: m for m in report["modules"]}
    assert set(named) == {"preamble.py", "helpers/model.py"}
    assert named["preamble.py"]["backup"] == "preamble.py.orig" and named["preamble.py"]["written"]
    assert {"IPY002", "PD049"} <= set(named["preamble.py"]["rule_ids"])
    assert {"SKL001", "NPY001"} <= set(named["helpers/model.py"]["rule_ids"])
    assert sorted(f for it in report["iterations"] for f in it["files_changed"]) == sorted(named)
    out = tmp_path / "proj" / "nb.modernized.ipynb"
    provenance = nbformat.read(out, as_version=4).metadata["mlemodernizer"]
    assert {m["path"] for m in provenance["modules"]} == set(named)
    assert provenance["fixes"][0]["files"] == ["preamble.py", "helpers/model.py"]
    # the cells were not touched, and a fresh kernel runs the result as the loop did
    assert [c.source for c in nbformat.read(out, as_version=4).cells] == CELLS
    rerun = fresh_run(out)
    assert error_cells(rerun) == []
    assert "(2, 2)" in rerun.cells[3].outputs[0]["text"]  # __file__ still finds rows.csv


def test_modules_report_writes_nothing_but_the_notebook(tmp_path: Path) -> None:
    nb = project(tmp_path / "proj")
    before = files(tmp_path / "proj")
    proc = run_cli("run", str(nb), "--offline", "--json", "--modules", "report")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    after = files(tmp_path / "proj")
    assert set(after) - set(before) == {"nb.modernized.ipynb"}
    assert {k: after[k] for k in before} == before
    assert report["modules"] == [] and report["error_free"] is False
    diffs = [n for n in report["notices"] if "would change it so" in n]
    assert any("a/preamble.py" in n for n in diffs)


def test_an_earlier_backup_is_never_replaced(tmp_path: Path) -> None:
    nb = project(tmp_path / "proj")
    (tmp_path / "proj" / "preamble.py.orig").write_text("# the user's own backup\n")
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "proj" / "preamble.py.orig").read_text() == "# the user's own backup\n"
    assert (tmp_path / "proj" / "preamble.py.orig-2").read_text() == PREAMBLE
    modules = {m["path"]: m for m in json.loads(proc.stdout)["modules"]}
    assert modules["preamble.py"]["backup"] == "preamble.py.orig-2"


def test_a_linked_module_outside_the_folder_is_never_written(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "shared.py").write_text("import numpy as np\nX = np.float(1)\n")
    root = tmp_path / "proj"
    root.mkdir()
    os.symlink(outside / "shared.py", root / "shared.py")
    nb = write_notebook(root / "nb.ipynb", ["import shared", "print('after')"])
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert (outside / "shared.py").read_text() == "import numpy as np\nX = np.float(1)\n"
    assert sorted(p.name for p in outside.iterdir()) == ["shared.py"]
    assert not (root / "shared.py.orig").exists() and report["modules"] == []
    assert report["final"]["error_cells"] == 1  # left as it was: not the tool's to change


def test_an_error_inside_an_installed_package_changes_no_file(tmp_path: Path) -> None:
    import sklearn.utils.validation as validation

    installed = Path(validation.__file__)
    stamp = installed.stat().st_mtime_ns
    nb = write_notebook(
        tmp_path / "nb.ipynb",
        ["from sklearn.preprocessing import StandardScaler\nStandardScaler().fit([1, 2, 3])"],
    )
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["modules"] == []
    assert installed.stat().st_mtime_ns == stamp
    assert not list(installed.parent.glob("*.orig"))


@pytest.mark.parametrize("modules", ["apply", "report"])
def test_the_cli_says_which_files_it_changed(tmp_path: Path, modules: str) -> None:
    nb = project(tmp_path / "proj")
    proc = run_cli("run", str(nb), "--offline", "--modules", modules)
    assert proc.returncode == 0, proc.stderr
    if modules == "apply":
        assert "preamble.py, helpers/model.py" in proc.stderr
        assert "changed preamble.py (original kept as preamble.py.orig)" in proc.stderr
    else:
        assert "changed preamble.py" not in proc.stderr


def test_python2_implicit_relative_imports_in_a_local_package(tmp_path: Path) -> None:
    """`import predict` inside the notebook's own package meant its sibling predict.py (Python
    2); the file system says so, as for 2to3's fix_import: it becomes `from . import predict`.
    Not a missing package."""
    pkg = tmp_path / "Aux"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("import predict\nfrom predict import score  # sibling\n")
    (pkg / "predict.py").write_text("def score(x):\n    return 2 * x\n")
    nb = write_notebook(tmp_path / "nb.ipynb", ["import Aux", "print(Aux.score(21))"])
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["error_free"] is True
    assert (pkg / "__init__.py").read_text() == (
        "from . import predict\nfrom .predict import score  # sibling\n"
    )
    [module] = report["modules"]
    assert module["path"] == "Aux/__init__.py" and module["rule_ids"] == ["PY2900"]


def test_a_module_above_the_notebook_needs_the_project_root(tmp_path: Path) -> None:
    """A notebook in notebooks/ importing ../lib/legacy.py: outside its folder the module is
    left alone, unless --root names the project root that holds both."""
    (tmp_path / "lib").mkdir()
    legacy = tmp_path / "lib" / "legacy.py"
    legacy.write_text("import numpy as np\n\nHALF = np.float(0.5)\n")
    cells = ["import sys\nsys.path.insert(0, '../lib')", "import legacy\nprint(legacy.HALF)"]
    nb = write_notebook(tmp_path / "notebooks" / "nb.ipynb", cells)
    alone = json.loads(run_cli("run", str(nb), "--offline", "--json").stdout)
    assert alone["modules"] == [] and alone["error_free"] is False
    assert legacy.read_text().endswith("np.float(0.5)\n")
    (tmp_path / "notebooks" / "nb.modernized.ipynb").unlink()
    proc = run_cli("run", str(nb), "--offline", "--json", "--root", str(tmp_path))
    report = json.loads(proc.stdout)
    assert report["error_free"] is True
    [module] = report["modules"]
    assert (module["path"], module["backup"]) == ("../lib/legacy.py", "../lib/legacy.py.orig")
    assert "HALF = float(0.5)" in legacy.read_text()


def test_a_helper_packages_failing_imports_and_repeated_drift_are_repaired_file_by_file(
    tmp_path: Path,
) -> None:
    """A helper package as old books ship them: one module imports a package this environment
    lacks, another a name its library removed, each used only inside a function the notebook
    never calls; and both call ``Memory(cachedir=)`` at their top. The failing imports move into
    their functions (PY2901), the keyword is repaired in each file from joblib's docstring."""
    pkg = tmp_path / "plots"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from .pictures import show_picture, pictures_cache\nfrom .tables import table, boston\n"
    )
    pictures = (
        "from joblib import Memory\n"
        "from photoreader_not_installed import imread\n\n"
        "pictures_cache = Memory(cachedir=None)\n\n\n"
        "def show_picture(path):\n"
        '    """The picture at ``path``."""\n'
        "    return imread(path)\n"
    )
    (pkg / "pictures.py").write_text(pictures)
    (pkg / "tables.py").write_text(
        "from joblib import Memory\n"
        "from sklearn.datasets import load_boston\n\n"
        "cache = Memory(cachedir=None)\n\n\n"
        "def table():\n"
        "    return [[1, 2], [3, 4]]\n\n\n"
        "def boston():\n"
        "    return load_boston()\n"
    )
    nb = write_notebook(tmp_path / "nb.ipynb", ["import plots", "print(len(plots.table()))"])
    proc = run_cli("run", str(nb), "--offline", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["error_free"] is True, report["final"]
    moved = (pkg / "pictures.py").read_text()
    assert moved.startswith("from joblib import Memory\n\npictures_cache = Memory(location=None)")
    assert '"""The picture at ``path``."""\n    from photoreader_not_installed import imread\n' in (
        moved
    )
    tables = (pkg / "tables.py").read_text()
    assert "cache = Memory(location=None)" in tables
    assert "def boston():\n    from sklearn.datasets import load_boston\n" in tables
    named = {m["path"]: m for m in report["modules"]}
    assert "PY2901" in named["plots/pictures.py"]["rule_ids"]
    assert "PY2901" in named["plots/tables.py"]["rule_ids"]
    kept = [t for t in report["fixers"]["environment"]["items"] if t["outcome"] == "kept"]
    assert sorted(t["file"] for t in kept) == ["plots/pictures.py", "plots/tables.py"]
    assert all("replaces cachedir" in t["evidence"] for t in kept)
    # a fresh kernel runs the result, and the deferred import still fails where it is needed
    rerun = fresh_run(tmp_path / "nb.modernized.ipynb")
    assert error_cells(rerun) == []
