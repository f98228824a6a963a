"""Tabulate the real-notebook corpus measurement (../shared/corpus/measure.py) before and after.

    python benchmarks/real_notebooks.py --before before.jsonl --after after.jsonl \
        [--manifest ../shared/corpus/manifest.json] [--work WORK_DIR] [--json out.json]

measure.py writes one JSON line per notebook (error cells beyond the author's stored ones,
rules applied, verdict, numeric fidelity); run it once with the tool at the reference commit
and once at the commit measured. This prints one markdown row per notebook (new error cells
before → after, rules applied, the first error left) and the summary figures. With --work (the
folder measure.py copied the notebooks to for the "after" run) the first error left is read
from the modernized notebook's outputs. Nothing from the corpus is stored here.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

DEFAULT_MANIFEST = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "manifest.json"


def load(path: str) -> dict[str, dict[str, Any]]:
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    return {r["id"]: r for r in rows}


def first_error(work: str, entry: dict[str, Any]) -> str:
    """The first error output of the modernized notebook (the tool's last run), one line."""
    stem = os.path.splitext(entry["notebook_dest"])[0]
    path = Path(work) / entry["id"] / f"{stem}.modernized.ipynb"
    if not path.exists():
        return ""
    nb = json.loads(path.read_text())
    cells = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    for i, cell in enumerate(cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                text = f"{out.get('ename')}: {out.get('evalue', '')}".splitlines()[0]
                return f"cell {i}: {text[:110]}"
    return ""


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
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--manifest", default=str(DEFAULT_MANIFEST))
    ap.add_argument("--work", help="measure.py's --work folder of the 'after' run")
    ap.add_argument("--json", help="write the rows and summaries here too")
    args = ap.parse_args()
    entries = json.loads(Path(args.manifest).read_text())
    before, after = load(args.before), load(args.after)
    base = {
        e["id"]: e["baseline"].get("error_cells", 0)
        + e["baseline"].get("unexecuted_error_cells", 0)
        for e in entries
    }
    print(
        "| notebook | role | no tool | before | after | rules applied (after) | first error left |"
    )
    print("|---|---|---|---|---|---|---|")
    out = []
    for e in entries:
        b, a = before.get(e["id"], {}), after.get(e["id"], {})
        left = first_error(args.work, e) if args.work and a.get("verdict") != "ok" else ""
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
    sums = {"before": summary(before, base), "after": summary(after, base)}
    for name, s in sums.items():
        print(
            f"\n{name}: {s['broken_error_free']}/{s['broken']} broken notebooks error-free, "
            f"new error cells {s['baseline_error_cells']} -> {s['new_error_cells']}, controls "
            f"{s['controls_clean']}/{s['controls']} clean, fidelity {s['fidelity']}, inputs "
            f"modified {s['inputs_modified']}, crashes {len(s['crashes'])}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": out, "summary": sums}, indent=1))


if __name__ == "__main__":
    main()
