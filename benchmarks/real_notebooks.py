"""Run real (old, third-party) notebooks through `mlemodernizer run --offline` and tabulate.

    python benchmarks/real_notebooks.py NB_OR_DIR [NB_OR_DIR ...] [--timeout 120]
        [--max-iterations 6] [--json rows.json] [--keep DIR]
    python benchmarks/real_notebooks.py --table rows.json [more.json ...]

The notebooks are never modified: the modernized copy and the report go to a scratch folder
(or --keep DIR). One CLI process per notebook, sequentially, from this checkout's source tree,
with the current environment (set PYTHONPATH to give the kernel extra packages). Per notebook:
baseline error cells and first error, final error cells and first error, outcome, the rule ids
applied, the `lint` finding count and the wall seconds; then totals (error-free before / after
rules). See benchmarks/real_notebooks.md for the repositories and commits measured.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collect(targets: list[str]) -> list[Path]:
    paths: list[Path] = []
    for t in targets:
        p = Path(t)
        if p.is_dir():
            paths.extend(
                q
                for q in sorted(p.rglob("*.ipynb"))
                if ".ipynb_checkpoints" not in q.parts and ".modernized" not in q.name
            )
        else:
            paths.append(p)
    return paths


def cli(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mlemodernizer.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def lint_count(nb: Path) -> int | None:
    try:
        proc = cli("lint", "--json", str(nb.resolve()), timeout=120)
        return len(json.loads(proc.stdout))
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        return None


def run_one(nb: Path, out_dir: Path, timeout: float, max_iterations: int) -> dict:
    stem = f"{nb.parent.name}__{nb.stem}"
    out = out_dir / f"{stem}.modernized.ipynb"
    report_path = out_dir / f"{stem}.report.json"
    row: dict = {"notebook": str(nb), "lint": lint_count(nb)}
    start = time.monotonic()
    try:
        proc = cli(
            "run",
            str(nb.resolve()),  # the CLI runs from this checkout, not the caller's folder
            "--offline",
            "--quiet",
            "--timeout",
            str(timeout),
            "--max-iterations",
            str(max_iterations),
            "--out",
            str(out),
            "--report",
            str(report_path),
            # each iteration re-runs the notebook: bound the whole process generously
            timeout=timeout * (max_iterations + 3),
        )
    except subprocess.TimeoutExpired:
        row.update(crash="driver timeout", seconds=round(time.monotonic() - start, 1))
        return row
    row["seconds"] = round(time.monotonic() - start, 1)
    if not report_path.exists():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-15:]
        row.update(crash=f"rc={proc.returncode}", traceback="\n".join(tail))
        return row
    rep = json.loads(report_path.read_text())
    row.update(
        outcome=rep["outcome"],
        error_free=rep["error_free"],
        baseline_errors=rep["baseline"]["error_cells"],
        baseline_first=rep["baseline"]["first_error"],
        baseline_timed_out=rep["baseline"]["timed_out"],
        final_errors=rep["final"]["error_cells"],
        final_first=rep["final"]["first_error"],
        final_all=rep["final"]["errors"],
        final_timed_out=rep["final"]["timed_out"],
        rules=sorted({r for it in rep["iterations"] for r in it["rule_ids"]}),
        iterations=len(rep["iterations"]),
    )
    return row


def short(text: str | None, width: int) -> str:
    text = (text or "-").replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def print_table(rows: list[dict]) -> None:
    print(
        f"{'notebook':40} {'lint':>4} {'base':>4} {'after':>5} {'sec':>6}  "
        f"{'outcome':24} rules / first remaining error"
    )
    for r in rows:
        name = short(Path(r["notebook"]).parent.name + "/" + Path(r["notebook"]).name, 40)
        lint = "?" if r.get("lint") is None else str(r["lint"])
        if "crash" in r:
            print(f"{name:40} {lint:>4} {'':>4} {'':>5} {r['seconds']:>6}  CRASH {r['crash']}")
            continue
        base = str(r["baseline_errors"]) + ("T" if r["baseline_timed_out"] else "")
        after = str(r["final_errors"]) + ("T" if r["final_timed_out"] else "")
        print(
            f"{name:40} {lint:>4} {base:>4} {after:>5} {r['seconds']:>6}  {r['outcome']:24} "
            f"{','.join(r['rules']) or '-'}"
        )
        if r["baseline_first"]:
            print(f"{'':40}   before: {short(r['baseline_first'], 110)}")
        if r["final_first"]:
            print(f"{'':40}   after:  {short(r['final_first'], 110)}")
    ok = [r for r in rows if "crash" not in r]
    before = sum(1 for r in ok if r["baseline_errors"] == 0 and not r["baseline_timed_out"])
    after = sum(1 for r in ok if r["error_free"])
    print(
        f"\n{len(rows)} notebook(s), {len(rows) - len(ok)} crash(es); error-free before rules "
        f"{before}/{len(rows)}, after rules {after}/{len(rows)}; error cells "
        f"{sum(r['baseline_errors'] for r in ok)} -> {sum(r['final_errors'] for r in ok)}; "
        f"{sum(r.get('seconds', 0) for r in rows):.0f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("targets", nargs="*", help="notebooks or folders of notebooks")
    parser.add_argument("--timeout", type=float, default=120, help="per notebook run (s)")
    parser.add_argument("--max-iterations", type=int, default=6)
    parser.add_argument("--json", help="write the per-notebook rows to this file")
    parser.add_argument("--keep", help="keep modernized notebooks and reports in this folder")
    parser.add_argument(
        "--table", nargs="+", metavar="ROWS_JSON", help="only print the table of saved --json rows"
    )
    args = parser.parse_args()
    if args.table:
        print_table([row for f in args.table for row in json.loads(Path(f).read_text())])
        return 0
    notebooks = collect(args.targets)
    if not notebooks:
        parser.error("no notebooks found")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = Path(args.keep) if args.keep else Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        for nb in notebooks:
            print(f"... {nb}", file=sys.stderr, flush=True)
            rows.append(run_one(nb, out_dir, args.timeout, args.max_iterations))
            if args.json:  # write as we go: a long batch can be interrupted
                Path(args.json).write_text(json.dumps(rows, indent=2))
    print_table(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
