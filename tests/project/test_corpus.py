"""The eroded-notebook corpus (benchmarks/corpus/): well-formed, failing today for a catalogue
reason, and its recorded expected values reproduced by the generator's modern equivalents.

All notebooks (old and fixed) run in ONE kernel started in the corpus folder, with the
user namespace cleared between notebooks: a kernel per notebook costs ~4 s each on two cores.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

import nbformat
import pytest

from ..conftest import REPO

CORPUS_DIR = REPO / "benchmarks" / "corpus"
CELL_TIMEOUT_S = 60
FIXED_NOTEBOOK_BUDGET_S = 15  # "runs in a couple of seconds once fixed", with slack for CI
# the budget is for an idle machine: a fixed piece of work is timed in the kernel just before
# each fixed run, and the budget grows by how much slower it ran than here, idle (0.35 s on 2
# cores), so a machine under load does not fail a notebook that is not slow
CALIBRATION_CELL = (
    "import time as _t\n_c = _t.perf_counter()\n"
    "sum(i * i for i in range(3_000_000))\nprint(_t.perf_counter() - _c)"
)
CALIBRATION_IDLE_S = 0.35


def _load_generator():
    spec = importlib.util.spec_from_file_location("make_corpus", CORPUS_DIR / "make_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_corpus"] = module
    spec.loader.exec_module(module)
    return module


mc = _load_generator()
ENTRIES = {e.name: e for e in mc.CORPUS}
NAMES = list(ENTRIES)
# Between notebooks: drop the user's names (without %reset, whose gc pass costs ~0.5 s a time),
# forget the local helper module, close figures.
RESET_CELL = """\
_ip = get_ipython()
for _name in [k for k in _ip.user_ns if k not in _ip.user_ns_hidden and not k.startswith('_')]:
    del _ip.user_ns[_name]
import sys as _sys
_sys.modules.pop('nbutils', None)
if 'matplotlib.pyplot' in _sys.modules:
    _sys.modules['matplotlib.pyplot'].close('all')
del _sys, _ip
"""


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(CORPUS_DIR / f"{name}.ipynb", as_version=4)


def fixed_notebook(name: str) -> nbformat.NotebookNode:
    """The committed notebook with the entry's fixes applied (cell by cell, magics kept)."""
    nb = copy.deepcopy(read(name))
    for cell, src in zip(nb.cells, ENTRIES[name].modern_cells(), strict=True):
        if cell.cell_type == "code":
            cell.source = src
    return nb


def errors_of(nb: nbformat.NotebookNode) -> list[str]:
    return [
        f"{out['ename']}: {out['evalue']}"
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]


def stdout_of(nb: nbformat.NotebookNode) -> str:
    return "".join(
        out.get("text", "")
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "stream"
    )


def row_matching(error: str, rows: list[str]) -> str | None:
    for row in rows:
        if any(re.search(sig, error) for sig in mc.ROWS[row].signatures):
            return row
    return None


# --- static checks ---------------------------------------------------------------------------


def test_the_corpus_is_big_enough_and_mostly_rule_fixable() -> None:
    on_disk = sorted(  # not the tool's *.modernized.ipynb copies
        p.stem for p in CORPUS_DIR.glob("[0-9][0-9][0-9]_*.ipynb") if "." not in p.stem
    )
    assert on_disk == sorted(NAMES), "regenerate: python benchmarks/corpus/make_corpus.py"
    fixable = [e for e in mc.CORPUS if e.rules_fixable]
    assert len(mc.CORPUS) >= 40
    assert len(fixable) >= 32
    assert len(mc.CORPUS) - len(fixable) >= 5  # some need review, a person or an LLM


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_valid_and_carries_its_record(name: str) -> None:
    entry = ENTRIES[name]
    nb = read(name)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata["kernelspec"]["name"] == "python3"
    meta = nb.metadata[mc.META_KEY]
    assert set(meta) == {"expected", "regex", "catalogue", "rules_fixable", "note"}
    assert isinstance(meta["expected"], float)
    assert meta["regex"] == mc.RESULT_REGEX
    assert meta["catalogue"] == entry.catalogue and meta["catalogue"]
    assert all(row in mc.ROWS for row in meta["catalogue"])
    assert meta["rules_fixable"] is entry.rules_fixable
    # the committed cells are the entry's cells
    assert [c.cell_type for c in nb.cells] == [
        "markdown" if c.startswith("md:") else "code" for c in entry.cells
    ]
    assert [c.source for c in nb.cells] == [
        c[3:].strip() if c.startswith("md:") else c for c in entry.cells
    ]
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert 2 <= len(code) <= 6
    assert sum("result: " in src for src in code) == 1
    # saved as in its era: the outputs show the expected value, once
    found = re.findall(meta["regex"], stdout_of(nb))
    assert [float(v) for v in found] == [meta["expected"]]


ORDER = [mc.SAFE, mc.SAFE_IF, mc.REVIEW, mc.MANUAL]


def strictness(safety: str) -> int:
    return ORDER.index(safety.split()[0])


@pytest.mark.parametrize("name", NAMES)
def test_rules_fixable_means_every_break_is_safe(name: str) -> None:
    entry = ENTRIES[name]
    for fix in entry.fixes:
        if fix.row:  # a use of a row may be stricter than the row's default, never looser
            assert strictness(fix.effective_safety) >= strictness(mc.ROWS[fix.row].safety)
        else:
            assert fix.safety in (mc.REVIEW, mc.MANUAL) and entry.outside_catalogue
    silent = any(mc.SILENT in f.effective_safety for f in entry.fixes)
    unsafe = any(f.effective_safety not in (mc.SAFE, mc.SAFE_IF) for f in entry.fixes)
    assert entry.rules_fixable is not (unsafe or silent or bool(entry.outside_catalogue))
    if not entry.rules_fixable:
        assert entry.note or entry.outside_catalogue  # say why


def test_readme_lists_every_notebook_with_its_expected_value() -> None:
    readme = (CORPUS_DIR / "README.md").read_text()
    for name in NAMES:
        meta = read(name).metadata[mc.META_KEY]
        fixable = "yes" if meta["rules_fixable"] else "no"
        rows = ", ".join(meta["catalogue"])
        assert f"| `{name}.ipynb` | {rows} | {meta['expected']:g} | {fixable} |" in readme


def test_data_files_are_small() -> None:
    files = [p for p in (CORPUS_DIR / "data").rglob("*") if p.is_file()]
    assert files
    assert sum(p.stat().st_size for p in files) < 1_000_000


# --- execution in a real kernel --------------------------------------------------------------


@pytest.fixture(scope="module")
def modern_run(tmp_path_factory):
    """`make_corpus.py --results` (every modern_code as a script) in a subprocess, started
    before the kernel so that the two share the machine's cores; (process, stdout, stderr)."""
    folder = tmp_path_factory.mktemp("modern")
    with (folder / "out").open("w") as out, (folder / "err").open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, str(CORPUS_DIR / "make_corpus.py"), "--results"],
            stdout=out,
            stderr=err,
            env={**os.environ, "MPLBACKEND": "Agg"},
        )
    yield proc, folder / "out", folder / "err"
    if proc.poll() is None:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def executed(modern_run):
    """One kernel for the module; ``executed(name)`` runs that notebook as committed ("old")
    and with its fixes applied ("fixed") on first asking, and keeps the answer:
    {"old": nb, "fixed": nb, "fixed_s": seconds, "budget_s": seconds}. Each test runs its own
    notebook, so no test waits for the whole corpus (a loaded machine took over 300 s for it)."""
    from nbclient import NotebookClient
    from nbformat.v4 import new_code_cell

    first = read(NAMES[0])
    client = NotebookClient(
        first,
        timeout=CELL_TIMEOUT_S,
        allow_errors=True,
        kernel_name="python3",
        resources={"metadata": {"path": str(CORPUS_DIR)}},
    )

    def run(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
        client.nb = nb
        client.reset_execution_trackers()
        reset = new_code_cell(RESET_CELL)
        client.execute_cell(reset, 0)
        assert not [o for o in reset.outputs if o.output_type == "error"], reset.outputs
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        return nb

    def slowdown() -> float:
        cell = new_code_cell(CALIBRATION_CELL)
        client.execute_cell(cell, 0)
        return max(1.0, float(stdout_of_cell(cell)) / CALIBRATION_IDLE_S)

    results: dict[str, dict] = {}

    def answer(name: str) -> dict:
        if name not in results:
            old = run(read(name))
            factor = slowdown()
            t0 = time.monotonic()
            fixed = run(fixed_notebook(name))
            results[name] = {
                "old": old,
                "fixed": fixed,
                "fixed_s": time.monotonic() - t0,
                "budget_s": FIXED_NOTEBOOK_BUDGET_S * factor,
            }
        return results[name]

    with client.setup_kernel():
        yield answer


def stdout_of_cell(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


@pytest.mark.kernel
@pytest.mark.parametrize("name", NAMES)
def test_notebook_fails_today_for_a_listed_catalogue_reason(name: str, executed) -> None:
    meta = read(name).metadata[mc.META_KEY]
    errors = errors_of(executed(name)["old"])
    assert errors, f"{name} runs without error today"
    assert row_matching(errors[0], meta["catalogue"]), (
        f"{name}: first error {errors[0]!r} matches none of {meta['catalogue']}"
    )
    assert not re.search(meta["regex"], stdout_of(executed(name)["old"])), (
        f"{name} still prints its result today"
    )


@pytest.mark.kernel
@pytest.mark.parametrize("name", NAMES)
def test_fixed_notebook_runs_quickly_and_prints_the_expected_value(name: str, executed) -> None:
    meta = read(name).metadata[mc.META_KEY]
    fixed = executed(name)["fixed"]
    assert errors_of(fixed) == []
    found = re.findall(meta["regex"], stdout_of(fixed))
    assert len(found) == 1
    assert float(found[0]) == pytest.approx(meta["expected"], rel=1e-9, abs=1e-12)
    assert executed(name)["fixed_s"] < executed(name)["budget_s"]


def test_modern_code_reproduces_every_expected_value(modern_run) -> None:
    """The generator's modern equivalents, run as plain scripts in a subprocess."""
    proc, out, err = modern_run
    assert proc.wait(timeout=300) == 0, err.read_text()[-3000:]
    results = json.loads(out.read_text())
    assert sorted(results) == sorted(NAMES)
    mismatches = {
        name: (value, read(name).metadata[mc.META_KEY]["expected"])
        for name, value in results.items()
        if value != pytest.approx(read(name).metadata[mc.META_KEY]["expected"], rel=1e-9)
    }
    assert mismatches == {}
