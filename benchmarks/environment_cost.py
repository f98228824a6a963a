"""What the environment fixer family costs (issue 24): the kernel-side name index of each
installed package (cold build time, peak memory, size), and per notebook the candidates tried per
kept fix and the wall time the family adds per error it fixes.

    python benchmarks/environment_cost.py [--tops sklearn pandas ...] [--notebooks NB ...]
        [--corpus-work W] [--out benchmarks/environment_cost.md]

--notebooks: run ``mlemodernizer run NB --offline --fixers environment`` on each (a notebook's
folder is its working directory) and read its report. --corpus-work: the folder measure.py wrote
(``--work``) with ``--tool-args "--fixers environment --report ..."``; not needed for the index.
Wall time added per fixed error = (the tool's wall time - one plain run of the notebook) / the
errors the family fixed (cells failing in the baseline and clean at the end)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mlemodernizer.fixers.environment.probe import SKIP, WALK_BUDGET_S, _walker_source  # noqa: E402

DEFAULT_TOPS = [
    "sklearn", "pandas", "numpy", "scipy", "matplotlib", "seaborn", "statsmodels", "IPython",
    "xgboost", "lightgbm", "tensorflow", "keras", "torch", "torchvision",
]  # fmt: skip


def index_cost(top: str) -> dict | None:
    """One cold walk of ``top`` in a fresh interpreter: seconds, peak RSS, index size."""
    code = (
        _walker_source() + f"\nimport io, contextlib, resource, sys\nbuf = io.StringIO()\n"
        f"with contextlib.redirect_stdout(buf):\n    __mlem_walk__({top!r}, {WALK_BUDGET_S!r}, "
        f"{SKIP!r})\nsys.stdout.write(buf.getvalue() + '\\n' + "
        "str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
    )
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode != 0 or not proc.stdout.strip():
        return None
    text, _, rss = proc.stdout.rpartition("\n")
    data = json.loads(text)
    if not data.get("modules"):
        return None  # not installed
    return {
        "top": top,
        "seconds": round(seconds, 2),
        "peak_rss_mb": round(int(rss) / 1024, 1),
        "modules": len(data["modules"]),
        "names": len(data["names"]),
        "index_kb": round(len(text.encode()) / 1024, 1),
        "complete": data["complete"],
    }


def plain_run_seconds(nb: Path, kernel: str | None) -> float:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(nb, as_version=4)
    started = time.perf_counter()
    NotebookClient(
        notebook,
        timeout=600,
        allow_errors=True,
        kernel_name=kernel or "python3",
        resources={"metadata": {"path": str(nb.parent)}},
    ).execute()
    return time.perf_counter() - started


def notebook_cost(nb: Path, kernel: str | None, cache: Path) -> dict:
    report = nb.with_suffix(".env-report.json")
    out = nb.with_suffix(".env.ipynb")
    args = [sys.executable, "-m", "mlemodernizer.cli", "run", str(nb), "--offline",
            "--fixers", "environment", "--report", str(report), "--out", str(out)]  # fmt: skip
    if kernel:
        args += ["--kernel", kernel]
    env = {**os.environ, "MLEMODERNIZER_CACHE": str(cache), "PYTHONPATH": str(REPO)}
    started = time.perf_counter()
    subprocess.run(args, capture_output=True, text=True, env=env, cwd=nb.parent)
    tool_s = time.perf_counter() - started
    data = json.loads(report.read_text())
    return summarize(nb.name, data, tool_s, plain_run_seconds(nb, kernel))


def summarize(name: str, data: dict, tool_s: float | None, plain_s: float | None) -> dict:
    # the family's candidates (older reports listed them as environment_trials)
    notes = (data.get("fixers") or {}).get("environment") or {}
    trials = notes.get("items") or data.get("environment_trials") or []
    kept = [t for t in trials if t["outcome"] == "kept"]
    before = {c["cell_index"] for c in data["baseline"].get("failing_cells", [])}
    after = {c["cell_index"] for c in data["final"].get("failing_cells", [])}
    fixed = len(before - after)
    added = (tool_s - plain_s) / fixed if tool_s and plain_s is not None and fixed else None
    return {
        "notebook": name,
        "trials": len(trials),
        "kept": len(kept),
        "tried_per_kept": round(len(trials) / len(kept), 2) if kept else None,
        "errors_fixed": fixed,
        "tool_s": round(tool_s, 1) if tool_s else None,
        "plain_s": round(plain_s, 1) if plain_s is not None else None,
        "added_s_per_fixed_error": round(added, 1) if added is not None else None,
    }


def corpus_rows(log: Path, work: Path, manifest: Path) -> list[str]:
    """Per notebook of a measured corpus run: the tool's wall time against the notebook's plain
    run (the manifest's baseline), the errors the family fixed, the candidates it tried."""
    entries = {e["id"]: e for e in json.loads(manifest.read_text())}
    rows = []
    for line in log.read_text().splitlines():
        rec = json.loads(line)
        entry = entries[rec["id"]]
        stem = Path(entry["notebook_dest"]).stem
        report = work / rec["id"] / Path(entry["notebook_dest"]).parent / f"{stem}.tool-report.json"
        if not report.exists():
            continue
        data = json.loads(report.read_text())
        row = summarize(rec["id"], data, rec.get("tool_s"), entry["baseline"].get("wall_s"))
        if row["trials"]:
            rows.append(row)
    added = [r["added_s_per_fixed_error"] for r in rows if r["added_s_per_fixed_error"]]
    tried = [r["tried_per_kept"] for r in rows if r["tried_per_kept"]]
    out = [
        "",
        f"## The corpus ({log.name}: the notebooks where the family tried something)",
        "",
        "| notebook | candidates tried | kept | errors fixed | tool s | plain run s | "
        "s added per fixed error |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['notebook']} | {r['trials']} | {r['kept']} | {r['errors_fixed']} | "
            f"{r['tool_s']} | {r['plain_s']} | {r['added_s_per_fixed_error']} |"
        )
    trials = sum(r["trials"] for r in rows)
    kept = sum(r["kept"] for r in rows)
    out += [
        "",
        f"{len(rows)} notebooks, {trials} candidates tried, {kept} kept "
        f"({trials / kept:.2f} tried per kept fix). "
        if kept
        else "",
        f"Wall time added per fixed error: median {pct(added, 0.5)} s, p90 {pct(added, 0.9)} s; "
        f"candidates tried per kept fix, per notebook: median {pct(tried, 0.5)}, "
        f"p90 {pct(tried, 0.9)}.",
    ]
    return out


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))], 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tops", nargs="*", default=DEFAULT_TOPS)
    ap.add_argument("--notebooks", nargs="*", default=[], type=Path)
    ap.add_argument("--kernel", default=None)
    ap.add_argument(
        "--corpus-log",
        type=Path,
        default=None,
        help="measure.py's log of a --fixers environment run whose tool wrote its report beside "
        "each notebook (NAME.tool-report.json; see --corpus-work)",
    )
    ap.add_argument("--corpus-work", type=Path, default=None, help="measure.py's --work folder")
    ap.add_argument(
        "--manifest", type=Path, default=REPO.parent / "shared" / "corpus" / "manifest.json"
    )
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    lines = ["## Name index, cold (one fresh interpreter per package)", ""]
    lines.append("| package | seconds | peak RSS MB | modules | names | index KB |")
    lines.append("|---|---|---|---|---|---|")
    total_s = 0.0
    for top in args.tops:
        row = index_cost(top)
        if row is None:
            continue
        total_s += row["seconds"]
        lines.append(
            f"| {top} | {row['seconds']} | {row['peak_rss_mb']} | {row['modules']} | "
            f"{row['names']} | {row['index_kb']} |"
        )
    lines += ["", f"All of them: {total_s:.1f} s (each once per environment; then from the cache)."]
    if args.notebooks:
        rows = []
        with tempfile.TemporaryDirectory() as cache:
            for nb in args.notebooks:
                rows.append(notebook_cost(nb.resolve(), args.kernel, Path(cache)))
        lines += ["", "## Per notebook (--fixers environment)", ""]
        lines.append("| notebook | candidates tried | kept | tried per kept | errors fixed | "
                     "tool s | plain run s | s added per fixed error |")  # fmt: skip
        lines.append("|---|---|---|---|---|---|---|---|")
        for r in rows:
            lines.append(
                f"| {r['notebook']} | {r['trials']} | {r['kept']} | {r['tried_per_kept']} | "
                f"{r['errors_fixed']} | {r['tool_s']} | {r['plain_s']} | "
                f"{r['added_s_per_fixed_error']} |"
            )
        added = [r["added_s_per_fixed_error"] for r in rows if r["added_s_per_fixed_error"]]
        tried = [r["tried_per_kept"] for r in rows if r["tried_per_kept"]]
        lines += [
            "",
            f"Wall time added per fixed error: median {pct(added, 0.5)} s, "
            f"p90 {pct(added, 0.9)} s; "
            f"candidates tried per kept fix: median {pct(tried, 0.5)}, p90 {pct(tried, 0.9)}.",
        ]
    if args.corpus_log and args.corpus_work:
        lines += corpus_rows(args.corpus_log, args.corpus_work, args.manifest)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
