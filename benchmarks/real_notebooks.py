"""Tabulate the real-notebook corpus measurement (../shared/corpus/measure.py) before and after.

    python benchmarks/real_notebooks.py --before before.jsonl --after after.jsonl \
        [--after rerun.jsonl ...] [--work WORK_DIR ...] [--manifest ...] [--json out.json]

measure.py writes one JSON line per notebook (error cells beyond the author's stored ones,
rules applied, verdict, numeric fidelity); run it once with the tool at the reference commit
and once at the commit measured. This prints one markdown row per notebook (new error cells
before → after, rules applied, the first error left) and the summary figures. With --work (the
folder measure.py copied the notebooks to for the "after" run) the first error left is read
from the modernized notebook's outputs, and each cell still failing is classed by the tool's own
triage (environment with the package or file named, no rule, behaviour change, knock-on), as
the run's report classes it. Several --after logs (a whole run, then notebooks measured again
at a later commit) are read in order, a later row replacing an earlier one; each --work goes
with the --after at its position. Nothing from the corpus is stored here.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
from pathlib import Path
from typing import Any

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "manifest.json"


def load(path: str) -> dict[str, dict[str, Any]]:
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    return {r["id"]: r for r in rows}


def causes(work: str, entry: dict[str, Any]) -> str:
    """The cells the modernized notebook (the tool's last run) still fails in, each with its
    cause as the tool's triage gives it: 'cell 33: behaviour change: ValueError: ...'."""
    import importlib.metadata

    import nbformat

    from mlemodernizer.execution.base import CellError
    from mlemodernizer.loop.triage import triage

    stem = os.path.splitext(entry["notebook_dest"])[0]
    path = Path(work) / entry["id"] / f"{stem}.modernized.ipynb"
    if not path.exists():
        return ""
    nb = nbformat.read(path, as_version=4)
    errors = [
        CellError(i, c.get("id", ""), o["ename"], o.get("evalue", ""), "\n".join(o["traceback"]))
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    versions = {d.metadata["Name"].lower(): d.version for d in importlib.metadata.distributions()}
    folder = Path(work) / entry["id"] / entry["cwd"]
    cells = triage(errors, nb, folder=folder, versions=versions)
    counts: dict[str, int] = {}
    for c in cells:
        counts[c.cause] = counts.get(c.cause, 0) + 1
    shown = [f"cell {c.cell_index + 1}: {c.cause}: {(c.reason or c.error)[:90]}" for c in cells[:3]]
    more = f"; and {len(cells) - 3} more" if len(cells) > 3 else ""
    total = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    return f"{'; '.join(shown)}{more} ({total})"


def summary(rows: dict[str, dict[str, Any]], base: dict[str, int]) -> dict[str, Any]:
    broken = [r for r in rows.values() if r["role"] == "broken"]
    controls = [r for r in rows.values() if r["role"] == "control"]
    ok = [r for r in rows.values() if r.get("verdict") == "ok"]
    hit = sum(r.get("num_hit", 0) for r in ok)
    total = sum(r.get("num_total", 0) for r in ok)
    return {
        "broken_error_free": sum(r.get("verdict") == "ok" for r in broken),
        "broken": len(broken),
        "controls_clean": sum(r.get("verdict") == "ok" for r in controls),
        "controls": len(controls),
        "new_error_cells": sum(r.get("new_error_cells") or 0 for r in broken),
        "baseline_error_cells": sum(base.get(r["id"], 0) for r in broken),
        "fidelity": round(hit / total, 3) if total else None,
        "inputs_modified": sum(bool(r.get("input_modified")) for r in rows.values()),
        "crashes": [r["id"] for r in rows.values() if r.get("crash")],
        "tool_s": tool_times([r["tool_s"] for r in rows.values() if r.get("tool_s") is not None]),
    }


def tool_times(seconds: list[float]) -> dict[str, float] | None:
    """The tool's wall time per notebook: median, 90th percentile (nearest rank), max, total."""
    if not seconds:
        return None
    ordered = sorted(seconds)
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(p90, 1),
        "max": round(ordered[-1], 1),
        "total": round(sum(ordered), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True, action="append")
    ap.add_argument("--manifest", default=str(DEFAULT_MANIFEST))
    ap.add_argument(
        "--work", action="append", default=[], help="measure.py's --work folder of each --after"
    )
    ap.add_argument("--json", help="write the rows and summaries here too")
    ap.add_argument(
        "--labels",
        nargs=2,
        default=["before", "after"],
        metavar=("BEFORE", "AFTER"),
        help="the two columns' names (e.g. 'catalogue off' 'everything on')",
    )
    args = ap.parse_args()
    first, second = args.labels
    entries = json.loads(Path(args.manifest).read_text())
    before, after, work = load(args.before), {}, {}
    for i, log in enumerate(args.after):
        rows = load(log)
        after.update(rows)
        if i < len(args.work):
            work.update({nid: args.work[i] for nid in rows})
    base = {
        e["id"]: e["baseline"].get("error_cells", 0)
        + e["baseline"].get("unexecuted_error_cells", 0)
        for e in entries
    }
    print(
        f"| notebook | role | no tool | {first} | {second} | rules applied ({second}) | "
        "what remains |"
    )
    print("|---|---|---|---|---|---|---|")
    out = []
    for e in entries:
        b, a = before.get(e["id"], {}), after.get(e["id"], {})
        left = causes(work[e["id"]], e) if e["id"] in work and a.get("verdict") != "ok" else ""
        row = {
            "id": e["id"],
            "role": e["role"],
            "no_tool": base.get(e["id"], 0),
            "before": b.get("new_error_cells"),
            "after": a.get("new_error_cells"),
            "rules": a.get("rules", []),
            "left": left,
        }
        out.append(row)
        print(
            f"| {e['id']} | {e['role']} | {row['no_tool']} | {row['before']} | {row['after']} | "
            f"{', '.join(row['rules']) or '-'} | {left.replace('|', '/')} |"
        )
    sums = {first: summary(before, base), second: summary(after, base)}
    for name, s in sums.items():
        print(
            f"\n{name}: {s['broken_error_free']}/{s['broken']} broken notebooks error-free, "
            f"new error cells {s['baseline_error_cells']} -> {s['new_error_cells']}, controls "
            f"{s['controls_clean']}/{s['controls']} clean, fidelity {s['fidelity']}, inputs "
            f"modified {s['inputs_modified']}, crashes {len(s['crashes'])}"
        )
        if s["tool_s"]:
            t = s["tool_s"]
            print(
                f"{name}: tool time per notebook: median {t['median']} s, p90 {t['p90']} s, "
                f"max {t['max']} s, total {t['total']} s"
            )
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": out, "summary": sums}, indent=1))


if __name__ == "__main__":
    main()
