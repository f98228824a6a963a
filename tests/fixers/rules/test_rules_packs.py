"""Rule packs: the built-in libraries, and a team's own pack installed as a package.

The packs here are real packages: a pyproject.toml and a module, built and installed by pip
(``pip install --target``, offline) through a few-line PEP 517 backend that ships inside the
pack, so no build tool has to be installed. Python then finds them through their installed
entry points, as it would any installed package's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

from mlemodernizer.fixers.rules import RulePackWarning, RulesFixer, get_rule, pack_of, packs
from mlemodernizer.fixers.rules.catalogue import all_rules, reload
from mlemodernizer.fixers.rules.helpers import object_no_attribute, same_literal
from mlemodernizer.fixers.rules.libraries import BUILTIN
from mlemodernizer.fixers.rules.matchers import MISSING, NOT_LITERAL
from mlemodernizer.fixers.rules.packs import GROUP
from mlemodernizer.fixers.rules.testing import notebook_of, rewrite

from ...conftest import REPO, run_cli, write_notebook

# a PEP 517 backend in the pack's own tree: the wheel is the pyproject's [project] table
BACKEND = """
import base64, hashlib, tomllib, zipfile
from pathlib import Path


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
    name, version = project["name"].replace("-", "_"), project["version"]
    info = f"{name}-{version}.dist-info"
    files = {p.name: p.read_bytes() for p in Path(".").glob("*.py") if p.name != "backend.py"}
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\\nName: {project['name']}\\nVersion: {version}\\n".encode()
    )
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    groups = project.get("entry-points", {})
    files[f"{info}/entry_points.txt"] = "".join(
        f"[{group}]\\n" + "".join(f"{k} = {v}\\n" for k, v in eps.items()) + "\\n"
        for group, eps in groups.items()
    ).encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    files[f"{info}/RECORD"] = ("\\n".join(record) + f"\\n{info}/RECORD,,\\n").encode()
    wheel = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel, "w") as zf:
        for path, data in files.items():
            zf.writestr(path, data)
    return wheel
"""

ACME_RULES = '''
"""Rules for acme, the team's own data library (2.0 renamed load_frame to read_frame)."""

from mlemodernizer.fixers.rules import SAFE, Rule
from mlemodernizer.fixers.rules.helpers import no_attribute, renames

RULES = [
    Rule(
        id="ACME001",
        library="acme",
        changed_in="2.0",
        safety=SAFE,
        message="acme.load_frame was renamed read_frame in 2.0",
        replacement="acme.read_frame",
        signatures=(no_attribute("acme", ["load_frame"]),),
        matchers=renames("acme", {"load_frame": "read_frame"}),
        examples=(
            (
                "import acme\\nrows = acme.load_frame('a.csv')",
                "import acme\\nrows = acme.read_frame('a.csv')",
            ),
        ),
    ),
]
'''

# acme itself, at the version that made the rule necessary
ACME = """
def read_frame(path):
    return [path, 2]
"""


def build(
    root: Path,
    name: str,
    modules: dict[str, str],
    entry_points: dict[str, str],
    version: str = "0.1.0",
) -> Path:
    """A package folder: pyproject.toml, the backend, and ``modules``."""
    root.mkdir(parents=True)
    eps = "".join(f'{k} = "{v}"\n' for k, v in entry_points.items())
    (root / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n\n'
        f'[project]\nname = "{name}"\nversion = "{version}"\n\n'
        + (f'[project.entry-points."{GROUP}"]\n{eps}' if eps else "")
    )
    (root / "backend.py").write_text(BACKEND)
    for module, source in modules.items():
        (root / f"{module}.py").write_text(source)
    return root


def pip_install(target: Path, *packages: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
        + ["--no-build-isolation", "--disable-pip-version-check", "--target", str(target)]
        + [str(p) for p in packages],
        check=True,
        capture_output=True,
        text=True,
    )
    return target


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Install folders: ``acme`` (the pack and the library), ``broken`` (a pack that fails to
    load, and one that reuses a built-in id), ``stale`` (mlemodernizer metadata from before
    ``py2`` was renamed)."""
    root = tmp_path_factory.mktemp("packs")
    acme_pack = build(
        root / "acme-pack",
        "acme-modernizer-rules",
        {"acme_modernizer_rules": ACME_RULES},
        {"acme": "acme_modernizer_rules"},
    )
    acme = build(root / "acme", "acme", {"acme": ACME}, {}, "2.1.0")
    broken = build(
        root / "broken",
        "broken-rules",
        {
            "broken_rules": "raise ImportError('needs acme_internal')\n",
            "clashing_rules": ACME_RULES.replace('id="ACME001"', 'id="SKL001"'),
        },
        {"broken": "broken_rules", "clashing": "clashing_rules"},
    )
    stale = build(
        root / "stale",
        "mlemodernizer",
        {},
        {"py2": "mlemodernizer.fixers.rules.libraries.py2"},
        "0.0.1",
    )
    return {
        "acme": pip_install(root / "site-acme", acme_pack, acme),
        "broken": pip_install(root / "site-broken", broken),
        "stale": pip_install(root / "site-stale", stale),
    }


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch):
    """Put an install folder first on sys.path (as a venv's site-packages) and look again."""

    def add(site: Path) -> None:
        monkeypatch.syspath_prepend(str(site))
        reload()

    yield add
    monkeypatch.undo()
    for name in ("acme", "acme_modernizer_rules", "broken_rules", "clashing_rules"):
        sys.modules.pop(name, None)
    reload()


BUILTIN_IDS = {r.id for r in all_rules()}


def test_pyproject_registers_exactly_the_builtin_packs() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    registered = pyproject["project"]["entry-points"][GROUP]
    assert registered == {n: f"mlemodernizer.fixers.rules.libraries.{n}" for n in BUILTIN}
    folder = REPO / "mlemodernizer" / "fixers" / "rules" / "libraries"
    with_rules = {p.stem for p in folder.glob("*.py") if "\nRULES = " in p.read_text()}
    # a pack split into a package by subject (sklearn/) gathers its RULES in its __init__.py
    packages = folder.glob("*/__init__.py")
    with_rules |= {p.parent.name for p in packages if "\nRULES = " in p.read_text()}
    assert with_rules == set(BUILTIN)  # a new library module is not forgotten
    assert [p.name for p in packs(installed=False)] == list(BUILTIN)


def test_an_installed_pack_is_found_and_applied(sites: dict[str, Path], on_path) -> None:
    on_path(sites["acme"])
    rule = get_rule("ACME001")
    pack = pack_of("ACME001")
    assert (pack.name, pack.distribution, pack.builtin) == ("acme", "acme-modernizer-rules", False)
    assert {r.id for r in all_rules()} == BUILTIN_IDS | {"ACME001"}
    assert [p.name for p in packs(installed=False)] == list(BUILTIN)  # docs/rules.md's packs

    ((before, after),) = rule.examples
    cells, _ = rewrite(before, ["ACME001"])
    assert cells == [after]

    nb = notebook_of(["import acme as ac\nimport numpy as np", "rows = ac.load_frame('b.csv')"])
    proposal = RulesFixer({"acme": "2.1.0"}).prepass(nb)
    assert proposal is not None and proposal.rule_ids == ["ACME001"]
    assert [c.new_source for c in proposal.changes] == ["rows = ac.read_frame('b.csv')"]
    assert RulesFixer({"acme": "1.9"}).prepass(nb) is None  # the old API still exists there


@pytest.mark.kernel
def test_the_cli_documents_lints_and_runs_with_an_installed_pack(
    tmp_path: Path, sites: dict[str, Path]
) -> None:
    env = {"PYTHONPATH": os.pathsep.join([str(sites["acme"]), str(REPO)])}
    doc = run_cli("rules", "ACME001", env=env)
    assert doc.returncode == 0, doc.stderr
    assert doc.stdout.startswith("# ACME001: acme.load_frame was renamed read_frame in 2.0\n")
    assert "pack: acme (acme-modernizer-rules)" in doc.stdout
    assert "import acme\nrows = acme.read_frame('a.csv')" in doc.stdout
    listing = run_cli("rules", "ACME", env=env)
    assert listing.stdout.split()[:4] == ["ACME001", "acme", "2.0", "SAFE"]

    nb = write_notebook(tmp_path / "nb.ipynb", ["import acme", "rows = acme.load_frame('c')"])
    lint = run_cli("lint", str(nb), "--select", "ACME", env=env)
    assert lint.returncode == 1 and "cell 2:1 ACME001" in lint.stdout

    # a real run in a kernel that has acme 2.1: the old call fails, the pack's rule fixes it
    out = tmp_path / "out.ipynb"
    run = run_cli("run", str(nb), "--offline", "--json", "--out", str(out), env=env)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["error_free"] is True
    assert [i["rule_ids"] for i in report["iterations"]] == [["ACME001"]]
    assert "acme.read_frame('c')" in out.read_text()


def test_a_broken_or_clashing_pack_is_left_out_with_a_warning(
    sites: dict[str, Path], on_path
) -> None:
    with pytest.warns(RulePackWarning) as caught:
        on_path(sites["broken"])
        ids = {r.id for r in all_rules()}
    said = sorted(str(w.message) for w in caught)
    assert len(said) == 2
    assert "'broken' from broken-rules is left out: it does not load (ImportError" in said[0]
    assert "'clashing' from broken-rules is left out: rule ids already taken: SKL001" in said[1]
    assert ids == BUILTIN_IDS
    assert pack_of("SKL001").name == "sklearn"


def test_stale_own_metadata_loses_no_builtin(sites: dict[str, Path], on_path) -> None:
    """mlemodernizer's own entry points may be out of date (an editable install from before a
    rename): the built-ins come from the code, and those entry points are never loaded."""
    from importlib import metadata

    on_path(sites["stale"])
    stale = [ep for ep in metadata.entry_points(group=GROUP) if ep.name == "py2"]
    assert stale and stale[0].dist is not None and stale[0].dist.version == "0.0.1"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert {r.id for r in all_rules()} == BUILTIN_IDS


def test_a_value_mapping_matches_by_type_too() -> None:
    """``0 == False`` in Python, but a row that maps ``average=0`` says nothing of ``False``."""
    assert same_literal({0: False}, False) is MISSING
    assert same_literal({0: False}, 0) == 0
    assert same_literal({True: "both"}, True) is True
    assert same_literal({"auto": "sqrt"}, NOT_LITERAL) is MISSING


def test_alternative_types_stay_inside_the_quotes_of_the_error() -> None:
    signature = re.compile(object_no_attribute(["irow"], "DataFrame|Series"))
    assert signature.search("'Series' object has no attribute 'irow'")
    # ungrouped, "'DataFrame" alone would have matched any message starting so
    assert not signature.search("'DataFrameGroupBy' object has no attribute 'agg'")
