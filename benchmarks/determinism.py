#!/usr/bin/env python3
"""One notebook, one result: run the tool several times on each notebook of a corpus with the
same command, and say whether the runs agree (issue 37).

For each notebook of a manifest (``../shared/corpus/manifest.json`` or an outside set's, laid out
by ``materialize.py``) and each run: a fresh copy of its folder, then ``mlemodernizer run NB
--offline --json --report R`` (plus ``--tool-args``). From each report:

- the verdict (``outcome``), the cells whose source the result changed, the final failing cells;
- the rollbacks: each fix rolled back, why, and of what kind (``numbers``: a working cell showed
  fewer of its author's numbers; ``broke``: a working cell fails; ``failing``: more cells fail;
  ``score``; ``deadline``; ``other``), its second look, and whether the cell it was rolled back
  for is random by the report's own end (``random_cells``, or the verdict's noise run);
- a digest of the report without its times and paths (and without the numbers found again in
  cells the report itself calls random, which chance moves: a ``%timeit`` loop count, memory
  ``np.empty`` left as it was): runs agree when their digests do.

Writes one JSON line per run to ``--log``; ``--table`` prints the markdown tables
(``benchmarks/determinism.md``) from one or more logs.

    python benchmarks/determinism.py --manifest M --corpus C --work W --log det.jsonl \\
        [--runs 3] [--jobs 2] [--tool .venv/bin/mlemodernizer] [--only ID ...]
    python benchmarks/determinism.py --table det.jsonl [more.jsonl ...] [--table-work W ...]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import nbformat

# report keys that hold times or where things were written: not part of "the same result"
_VOLATILE = re.compile(
    r"(^|_)(s|seconds|time|times|runtime|runtime_s|setup_s|wall_s)$"
    r"|^(notebook|output|report|execution_seconds_total|run_seconds|written_kept_in)$"
)
_NUMBERS = re.compile(r"showed \d+ of \d+ numbers")
_CELL = re.compile(r"cell (\d+) showed")


def normalized(value: object) -> object:
    """The report without times and paths (the same run twice gives the same value)."""
    if isinstance(value, dict):
        return {k: normalized(v) for k, v in sorted(value.items()) if not _VOLATILE.search(k)}
    if isinstance(value, list):
        return [normalized(v) for v in value]
    if isinstance(value, float):
        return round(value, 6)
    return value


def without_chance(report: dict) -> dict:
    """The report without what chance moves in the cells the report itself calls random (the
    numbers of theirs found again: a `%timeit` loop count or uninitialized memory)."""
    fidelity = report.get("fidelity") or {}
    cells = fidelity.get("cells") or []
    if not cells:
        return report
    kept = [
        {k: v for k, v in c.items() if not (c.get("status") == "random" and k == "numbers_found")}
        for c in cells
    ]
    rest = {k: v for k, v in fidelity.items() if k not in ("cells", "found_all", "summary")}
    return {**report, "fidelity": {**rest, "cells": kept}}


# each run works in its own copy (``.../ID/runK/``) and scratch folder: a path is the same path
_RUN_FOLDER = re.compile(r"/run\d+/")
_SCRATCH = re.compile(r"mlem-scratch-[\w-]+")


def digest(report: dict) -> str:
    text = json.dumps(normalized(without_chance(report)), sort_keys=True)
    text = _SCRATCH.sub("mlem-scratch", _RUN_FOLDER.sub("/run/", text))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def rollback_kind(reason: str) -> str:
    if _NUMBERS.search(reason):
        return "numbers"
    if "broke cell" in reason:
        return "broke"
    if "cells fail where" in reason:
        return "failing"
    if "score moved" in reason:
        return "score"
    if "deadline" in reason:
        return "deadline"
    return "other"


def random_by_the_end(report: dict) -> set[int]:
    """Cells (0-based) the report calls random at its end: read or measured, or random in the
    verdict's fidelity (its noise run)."""
    cells = {c["cell_index"] for c in report.get("random_cells") or []}
    fidelity = report.get("fidelity") or {}
    cells |= {c["cell_index"] for c in fidelity.get("cells", []) if c.get("status") == "random"}
    return cells


def changed_cells(original: Path, result: Path) -> list[int]:
    if not result.exists():
        return []
    before = nbformat.read(original, as_version=4).cells
    after = nbformat.read(result, as_version=4).cells
    return [i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a.source != b.source]


def one_run(entry: dict, run: int, args: argparse.Namespace) -> dict:
    src = Path(args.corpus) / entry["id"]
    dst = Path(args.work) / entry["id"] / f"run{run}"
    shutil.rmtree(dst, ignore_errors=True)
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src, dst)
    nb_path = dst / entry["notebook_dest"]
    report_path = dst.parent / f"run{run}.report.json"
    rec: dict = {"id": entry["id"], "role": entry.get("role", ""), "run": run}
    started = time.time()
    proc = subprocess.run(
        [args.tool, "run", str(nb_path), "--offline", "--json", "--timeout", "600",
         "--report", str(report_path), *args.tool_args.split()],
        capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    rec["tool_s"] = round(time.time() - started, 1)
    rec["rc"] = proc.returncode
    try:
        report = json.loads(report_path.read_text())
    except (OSError, json.JSONDecodeError):
        rec["error"] = (proc.stderr or proc.stdout)[-400:]
        return rec
    random_cells = random_by_the_end(report)
    rollbacks = []
    for it in report.get("iterations", []):
        if not it.get("rolled_back"):
            continue
        reason = it.get("rollback_reason", "")
        cells = [int(n) - 1 for n in _CELL.findall(reason)]
        rollbacks.append(
            {
                "fix": it["index"],
                "source": it["source"],
                "rules": it.get("rule_ids", []),
                "kind": rollback_kind(reason),
                "reason": reason,
                "second_look": it.get("second_look", ""),
                "random": sorted(set(cells) & random_cells),
            }
        )
    excused = [
        {"fix": it["index"], **loss}
        for it in report.get("iterations", [])
        for loss in it.get("lost_in_random_cells") or []
    ]
    out = Path(report.get("output") or nb_path.with_suffix(".modernized.ipynb"))
    rec.update(
        outcome=report.get("outcome"),
        error_free=report.get("error_free"),
        stop_reason=report.get("stop_reason"),
        changed=changed_cells(nb_path, out if out.is_absolute() else dst / out),
        failing=[c["cell_index"] for c in report.get("cells", [])],
        causes=sorted({c.get("cause", "") for c in report.get("cells", [])}),
        rollbacks=rollbacks,
        excused=excused,
        random_cells=sorted(random_cells),
        digest=digest(report),
        exec_s=report.get("execution_seconds_total"),
    )
    return rec


def measure(args: argparse.Namespace) -> None:
    entries = json.loads(Path(args.manifest).read_text())
    if args.only:
        entries = [e for e in entries if e["id"] in args.only]
    tasks = [(e, k) for e in entries for k in range(1, args.runs + 1)]
    with cf.ThreadPoolExecutor(args.jobs) as pool, open(args.log, "a") as log:
        for rec in pool.map(lambda t: one_run(t[0], t[1], args), tasks):
            log.write(json.dumps(rec) + "\n")
            log.flush()
            print(
                f"{rec['id']} run{rec['run']}: {rec.get('outcome')} changed={rec.get('changed')}"
                f" rollbacks={len(rec.get('rollbacks', []))} {rec['tool_s']} s",
                file=sys.stderr,
            )


def table(logs: list[str], work: list[str]) -> None:
    """The tables from the logs; with ``work`` (each log's --work folder, in order) the digests
    are computed again from the reports kept there (this script's digest may be newer)."""
    runs: dict[str, list[dict]] = defaultdict(list)
    budgets: dict[tuple[str, int], float | None] = {}
    for i, log in enumerate(logs):
        for line in Path(log).read_text().splitlines():
            rec = json.loads(line)
            kept = (
                Path(work[i]) / rec["id"] / f"run{rec['run']}.report.json"
                if i < len(work)
                else None
            )
            if kept is not None and kept.exists():
                report = json.loads(kept.read_text())
                rec["digest"] = digest(report)
                budgets[(rec["id"], rec["run"])] = budget_of(report)
            runs[rec["id"]].append(rec)
    print(
        "| notebook | verdicts | changed cells | failing cells | agree | rollbacks "
        "(numbers / other) | on random cells | tool time (s) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    totals = defaultdict(int)
    audit = []
    for nb_id in sorted(runs):
        recs = sorted(runs[nb_id], key=lambda r: r["run"])
        verdicts = [r.get("outcome") or "error" for r in recs]
        changed = [r.get("changed") for r in recs]
        failing = [r.get("failing") for r in recs]
        same = (
            len({json.dumps([r.get("outcome"), r.get("changed"), r.get("failing")]) for r in recs})
            == 1
        )
        identical = len({r.get("digest") for r in recs}) == 1
        backs = [b for r in recs for b in r.get("rollbacks", [])]
        numbers = sum(b["kind"] == "numbers" for b in backs)
        on_random = sum(bool(b["random"]) for b in backs if b["kind"] == "numbers")
        totals["notebooks"] += 1
        totals["agree"] += same
        totals["identical"] += identical
        totals["numbers"] += numbers
        totals["other"] += len(backs) - numbers
        totals["on_random"] += on_random
        for r in recs:
            for b in r.get("rollbacks", []):
                audit.append((nb_id, r["run"], b))
        shown_v = verdicts[0] if len(set(verdicts)) == 1 else " / ".join(verdicts)
        shown_c = _cells(changed[0]) if same else " / ".join(_cells(c) for c in changed)
        shown_f = _cells(failing[0]) if same else " / ".join(_cells(c) for c in failing)
        agree = ("yes" if identical else "yes (report differs)") if same else "**no**"
        times = " / ".join(f"{r['tool_s']:.0f}" for r in recs)
        print(
            f"| {nb_id} | {shown_v} | {shown_c} | {shown_f} | {agree} | "
            f"{numbers} / {len(backs) - numbers} | {on_random} | {times} |"
        )
    print()
    print(
        f"notebooks: {totals['notebooks']}; all runs agree (verdict, changed cells, failing "
        f"cells): {totals['agree']}; identical reports apart from times: "
        f"{totals['identical']}; rollbacks on lost numbers: {totals['numbers']}, of which in "
        f"random cells: {totals['on_random']}; other rollbacks: {totals['other']}"
    )
    print()
    _time_table(runs, budgets)
    print()
    print("| notebook | run | fix | by | kind | reason | second look | random cell |")
    print("|---|---|---|---|---|---|---|---|")
    for nb_id, run, b in audit:
        by = b["source"] + (f" ({', '.join(b['rules'])})" if b["rules"] else "")
        reason = b["reason"].replace("|", "/")[:160]
        print(
            f"| {nb_id} | {run} | {b['fix']} | {by} | {b['kind']} | {reason} | "
            f"{b['second_look'] or '-'} | {'**yes**' if b['random'] else 'no'} |"
        )


def budget_of(report: dict) -> float | None:
    """The job's automatic deadline as the loop sets it (``loop/deadline.py``): the larger of
    15 minutes and five baselines; None when the baseline did not run."""
    from mlemodernizer.loop.deadline import AUTO_BASELINES, AUTO_MINIMUM_S

    baseline = (report.get("baseline") or {}).get("runtime_s")
    return None if baseline is None else max(AUTO_MINIMUM_S, AUTO_BASELINES * baseline)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _time_table(runs: dict[str, list[dict]], budgets: dict[tuple[str, int], float | None]) -> None:
    """Per run number: broken notebooks error-free, and the tool's wall time (median, p90, max,
    sum) with the notebooks that went past their default budget."""
    print(
        "| run | broken error-free | tool time median / p90 / max (s) | total (s) | past budget |"
    )
    print("|---|---|---|---|---|")
    numbers = sorted({r["run"] for recs in runs.values() for r in recs})
    for k in numbers:
        recs = [r for recs in runs.values() for r in recs if r["run"] == k]
        broken = [r for r in recs if r.get("role") == "broken"]
        times = [r["tool_s"] for r in recs]
        past = [
            f"{r['id']} (+{r['tool_s'] - budget:.0f} s)"
            for r in recs
            if (budget := budgets.get((r["id"], k))) is not None and r["tool_s"] > budget
        ]
        print(
            f"| {k} | {sum(bool(r.get('error_free')) for r in broken)} / {len(broken)} | "
            f"{_percentile(times, 0.5):.0f} / {_percentile(times, 0.9):.0f} / {max(times):.0f} | "
            f"{sum(times):.0f} | {', '.join(past) or 'none'} |"
        )


def _cells(cells: list[int] | None) -> str:
    if cells is None:
        return "-"
    return ", ".join(str(c + 1) for c in cells) or "none"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--manifest")
    ap.add_argument("--corpus")
    ap.add_argument("--work")
    ap.add_argument("--log")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tool", default="mlemodernizer")
    ap.add_argument("--tool-args", default="")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--table", nargs="*", help="print the tables from these logs")
    ap.add_argument(
        "--table-work", nargs="*", default=[], help="with --table: each log's --work folder"
    )
    args = ap.parse_args()
    if args.table:
        table(args.table, args.table_work)
        return
    if not (args.manifest and args.corpus and args.work and args.log):
        ap.error("--manifest, --corpus, --work and --log are needed to measure")
    measure(args)


if __name__ == "__main__":
    main()
