"""Batch throughput on the eroded corpus: notebooks per minute with 1, 2 and 4 local workers and
with a Dask LocalCluster of the same size, and the scaling efficiency.

    python benchmarks/batch_throughput.py [--limit 12] [--workers 1 2 4]

Efficiency = (rate with N workers) / (N x rate with 1 worker of the same backend). On this
2-core machine anything past 2 workers can only queue: expect efficiency to fall there.
Each configuration runs `mlemodernizer batch --offline` on a fresh copy of the same notebooks.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "benchmarks" / "corpus"


def copy_subset(dest: Path, limit: int) -> int:
    dest.mkdir(parents=True)
    for extra in ("data", "nbutils.py"):
        src = CORPUS / extra
        if src.is_dir():
            shutil.copytree(src, dest / extra)
        elif src.exists():
            shutil.copy(src, dest / extra)
    notebooks = sorted(CORPUS.glob("*.ipynb"))[:limit]
    for nb in notebooks:
        shutil.copy(nb, dest / nb.name)
    return len(notebooks)


def run(folder: Path, workers: int, dask: bool) -> tuple[float, dict[str, str]]:
    report = folder / "report.json"
    cmd = [
        sys.executable,
        "-m",
        "mlemodernizer.cli",
        "batch",
        str(folder),
        "--offline",
        "-q",
        "--timeout",
        "120",
        "--report",
        str(report),
    ]
    cmd += ["--scheduler", f"local:{workers}"] if dask else ["--workers", str(workers)]
    t0 = time.monotonic()
    subprocess.run(cmd, cwd=REPO, check=True)
    seconds = time.monotonic() - t0
    rows = json.loads(report.read_text())["rows"]
    return seconds, {Path(r["notebook"]).name: r["outcome"] for r in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=12, help="first N corpus notebooks")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for backend in ("local", "dask"):
            base_rate = None
            for n in args.workers:
                folder = Path(tmp) / f"{backend}-{n}"
                count = copy_subset(folder, args.limit)
                seconds, outcomes = run(folder, n, backend == "dask")
                rate = count / seconds * 60
                base_rate = base_rate or rate
                eff = rate / (n * base_rate)
                results.append((backend, n, count, seconds, rate, eff, outcomes))
                print(
                    f"{backend:5} workers {n}: {count} notebooks in {seconds:6.1f} s = "
                    f"{rate:5.1f}/min, efficiency {eff:4.2f}",
                    flush=True,
                )
    same = all(r[6] == results[0][6] for r in results)
    print(f"same outcome per notebook in every configuration: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
