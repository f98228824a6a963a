"""The loop with a real local model on the corpus notebooks the rules leave broken (issue 14).

Two steps, so the table can be printed again from the logs without rerunning anything:

    # run: for each notebook, rules only (--offline) or rules then the model; each run works on
    # its own copy of the notebook's folder, then the result is executed again independently
    # (nbclient, as ../shared/corpus/measure.py does) to count its error cells
    python benchmarks/real_model.py run --corpus /tmp/corpus --work /tmp/llmtable \
        --log rules.jsonl --mode rules ID ...
    python benchmarks/real_model.py run --corpus /tmp/corpus --work /tmp/llmtable \
        --log model.jsonl --mode model --base-url http://127.0.0.1:8011/v1 --model 1.5b \
        --tool-args="--max-tokens 600 --temperature 0 --budget-tokens 12000" ID ...
    # table: one markdown row per notebook from both logs (the last row of an id wins)
    python benchmarks/real_model.py table --rules rules.jsonl --model model.jsonl

A log line holds the run's figures (error cells at the tool's baseline and after it, measured
again), the JSON report's iterations, requests, tokens, rolled-back fixes with their reasons
and the model's rejected replies with theirs. Nothing from the corpus is stored here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

CORPUS_TOOLS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _measure(corpus_tools: Path) -> Any:
    """measure.py's execute/errors: the same independent count as the corpus measurement."""
    sys.path.insert(0, str(corpus_tools))
    import measure  # type: ignore[import-not-found]

    return measure


def run_one(entry: dict[str, Any], args: argparse.Namespace, measure: Any) -> dict[str, Any]:
    src = Path(args.corpus) / entry["id"]
    dst = Path(args.work) / args.mode / entry["id"]
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    nb_path = dst / entry["notebook_dest"]
    cwd = dst / entry["cwd"]
    report_path = dst.parent / f"{entry['id']}.report.json"
    progress_path = dst.parent / f"{entry['id']}.progress.txt"
    cmd = [args.tool, "run", str(nb_path), "--json", "--report", str(report_path)]
    cmd += ["--timeout", str(args.timeout)]
    if args.mode == "rules":
        cmd.append("--offline")
    else:
        cmd += ["--base-url", args.base_url, "--model", args.model, "--verbose"]
    cmd += shlex.split(args.tool_args or "")
    commit = _commit()  # the code the tool loads as it starts
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
    t0 = time.time()
    with open(progress_path, "w") as progress:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=progress, text=True)
    rec: dict[str, Any] = {
        "id": entry["id"],
        "mode": args.mode,
        "command": " ".join(shlex.quote(c) for c in cmd[1:]),
        "tool_rc": proc.returncode,
        "wall_s": round(time.time() - t0, 1),
        "manifest_baseline": entry["baseline"].get("error_cells"),
        "commit": commit,
        "started": started,
    }
    try:
        report = json.loads(report_path.read_text())
    except (OSError, ValueError):
        rec["verdict"] = "no_report"
        return rec
    rec.update(from_report(report))
    out = Path(report.get("output") or "")
    if not out.is_file():
        rec["verdict"] = "no_output"
        return rec
    t1 = time.time()
    nb, crash = measure.execute(str(out), str(cwd), args.kernel)
    rec["exec_s"] = round(time.time() - t1, 1)
    orig = measure.nbformat.read(str(src / entry["notebook_dest"]), as_version=4)
    stored = len(measure.errors(orig))
    errs = len(measure.errors(nb))
    rec["new_error_cells"] = max(0, errs - stored)
    rec["crash"] = crash
    # numbers of the author's outputs found again (within 10%), as the corpus measure counts them
    rec["num_hit"], rec["num_total"] = measure.fidelity(orig, nb)
    return rec


def _commit() -> str:
    """The tool's code the run used (a run started while the tree changes says so)."""
    repo = Path(__file__).resolve().parents[1]
    head = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain", "mlemodernizer"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return head + ("+dirty" if dirty else "")


def from_report(report: dict[str, Any]) -> dict[str, Any]:
    """What the table needs from the tool's own JSON report."""
    iterations = report.get("iterations") or []
    llm = report.get("llm") or {}
    return {
        "outcome": report.get("outcome"),
        "stop_reason": report.get("stop_reason"),
        "tool_baseline_error_cells": (report.get("baseline") or {}).get("error_cells"),
        "tool_final_error_cells": (report.get("final") or {}).get("error_cells"),
        "iterations": len(iterations),
        "rule_ids": sorted({r for it in iterations for r in it.get("rule_ids") or []}),
        "llm_fixes": [
            {
                "index": it["index"],
                "cells": it.get("cells_changed"),
                "plan": (it.get("plan") or "")[:200],
                "error_cells": it.get("error_cells"),
                "rolled_back": it.get("rolled_back", False),
            }
            for it in iterations
            if it.get("source") == "llm"
        ],
        "rolled_back": [
            {
                "index": it["index"],
                "source": it.get("source"),
                "rules": it.get("rule_ids"),
                "why": it.get("rollback_reason"),
            }
            for it in iterations
            if it.get("rolled_back")
        ],
        "requests": llm.get("requests", 0),
        "prompt_tokens": llm.get("prompt_tokens", 0),
        "completion_tokens": llm.get("completion_tokens", 0),
        "replies": ((report.get("fixers") or {}).get("llm") or {}).get("items") or [],
        "blocked": [
            {"cell": c["cell_index"] + 1, "kind": c.get("kind"), "package": c.get("package")}
            for c in report.get("cells") or []
            if c.get("state") == "blocked"
        ],
        "error_summary": report.get("error_summary"),
    }


def fill_fidelity(args: argparse.Namespace, measure: Any) -> None:
    """Rows logged before the runner measured fidelity: measured on the tool's own output
    notebook (its final verdict run, fresh kernel) instead, and marked so."""
    manifest = {
        e["id"]: e for e in json.loads((Path(args.corpus_tools) / "manifest.json").read_text())
    }
    lines = [json.loads(x) for x in Path(args.log).read_text().splitlines() if x.strip()]
    last = {rec["id"]: n for n, rec in enumerate(lines)}  # a rerun overwrote the earlier output
    for n, rec in enumerate(lines):
        if "num_total" in rec or rec.get("new_error_cells") is None or last[rec["id"]] != n:
            continue
        entry = manifest[rec["id"]]
        stem = os.path.splitext(entry["notebook_dest"])[0]
        out = Path(args.work) / rec["mode"] / rec["id"] / f"{stem}.modernized.ipynb"
        if not out.is_file():
            continue
        orig = measure.nbformat.read(str(Path(args.corpus) / rec["id"] / entry["notebook_dest"]), 4)
        new = measure.nbformat.read(str(out), 4)
        rec["num_hit"], rec["num_total"] = measure.fidelity(orig, new)
        rec["fidelity_source"] = "tool output"
    Path(args.log).write_text("".join(json.dumps(r) + "\n" for r in lines))


def load(path: str | None) -> dict[str, dict[str, Any]]:
    if not path or not Path(path).exists():
        return {}
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    return {r["id"]: r for r in rows}  # a later line (a rerun) replaces an earlier one


def _rejected(row: dict[str, Any]) -> str:
    bad = [r for r in row.get("replies") or [] if not r.get("accepted")]
    if not bad:
        return "-"
    counts: dict[str, int] = {}
    for reply in bad:
        # the reason up to its first clause: "your reply changes nothing: cell 4 is identical"
        short = re.split(r"[;(]", reply.get("reason") or "")[0].strip()[:80]
        counts[short] = counts.get(short, 0) + 1
    return "; ".join(f"{n}× {why}" if n > 1 else why for why, n in counts.items())


def _rolled(row: dict[str, Any]) -> str:
    items = row.get("rolled_back") or []
    if not items:
        return "-"
    return "; ".join(
        f"{it['source'] if it['source'] == 'llm' else ','.join(it.get('rules') or [])}: "
        f"{(it.get('why') or '')[:90]}"
        for it in items
    )


HEAD = (
    "| notebook | error cells: baseline | rules | model | numbers kept (rules / model) "
    "| iterations (rules / model) | requests | tokens (prompt+completion) "
    "| wall s (rules / model) | model stop | blocked, not sent "
    "| rolled back (why) | rejected replies (why) |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def _kept(row: dict[str, Any]) -> str:
    if not row.get("num_total"):
        return "-"
    return f"{row['num_hit']}/{row['num_total']}"


def _blocked(row: dict[str, Any]) -> str:
    items = row.get("blocked") or []
    if not items:
        return "-"
    return ", ".join(f"cell {b['cell']}: {b.get('package') or b.get('kind')}" for b in items)


def table(rules: dict[str, dict[str, Any]], model: dict[str, dict[str, Any]]) -> str:
    lines = [HEAD]
    for nb_id in sorted(set(rules) | set(model)):
        r, m = rules.get(nb_id, {}), model.get(nb_id, {})
        base = m.get("manifest_baseline", r.get("manifest_baseline"))
        tokens = f"{m.get('prompt_tokens', 0)}+{m.get('completion_tokens', 0)}" if m else ""
        lines.append(
            f"| {nb_id} | {base} | {r.get('new_error_cells', '')} | {m.get('new_error_cells', '')} "
            f"| {_kept(r)} / {_kept(m)} "
            f"| {r.get('iterations', '')} / {m.get('iterations', '')} | {m.get('requests', '')} "
            f"| {tokens} | {r.get('wall_s', '')} / {m.get('wall_s', '')} "
            f"| {m.get('stop_reason', '')} | {_blocked(m)} | {_rolled(m)} | {_rejected(m)} |"
        )
    both = [
        i for i in model if "new_error_cells" in rules.get(i, {}) and "new_error_cells" in model[i]
    ]
    after_rules = {i: rules[i]["new_error_cells"] for i in both}
    after_model = {i: model[i]["new_error_cells"] for i in both}
    worse = [i for i in both if after_model[i] > after_rules[i]]
    better = [i for i in both if after_model[i] < after_rules[i]]
    tokens = sum(
        model[i].get("prompt_tokens", 0) + model[i].get("completion_tokens", 0) for i in both
    )
    lines += [
        "",
        f"{len(both)} notebooks; error cells after rules {sum(after_rules.values())}, after the "
        f"model {sum(after_model.values())}; the model better on {len(better)} "
        f"({', '.join(better) or '-'}), worse on {len(worse)} ({', '.join(worse) or '-'}); "
        f"{sum(model[i].get('requests', 0) for i in both)} requests, {tokens} tokens, "
        f"{sum(model[i].get('wall_s', 0) for i in both) / 60:.0f} min with the model",
    ]
    return "\n".join(lines)


def history(path: str) -> str:
    """Every model run in the log, in order: the runs a later change superseded included."""
    rows = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
    out = [
        "| # | notebook | commit | error cells | requests | tokens | wall s | stop "
        "| rolled back (why) | rejected replies (why) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, row in enumerate(rows, 1):
        tokens = row.get("prompt_tokens", 0) + row.get("completion_tokens", 0)
        out.append(
            f"| {n} | {row['id']} | {row.get('commit') or '-'} | {row.get('new_error_cells')} "
            f"| {row.get('requests')} | {tokens} | {row.get('wall_s')} | {row.get('stop_reason')} "
            f"| {_rolled(row)} | {_rejected(row)} |"
        )
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("ids", nargs="+")
    r.add_argument("--corpus", required=True)
    r.add_argument("--work", required=True)
    r.add_argument("--log", required=True, help="JSON lines, appended")
    r.add_argument("--mode", choices=["rules", "model"], required=True)
    r.add_argument("--tool", default="mlemodernizer")
    r.add_argument("--base-url")
    r.add_argument("--model")
    r.add_argument("--tool-args", default="", help="more flags for `mlemodernizer run`")
    r.add_argument("--timeout", type=float, default=600)
    r.add_argument("--kernel", default="python3")
    r.add_argument("--corpus-tools", default=os.environ.get("CORPUS_TOOLS", str(CORPUS_TOOLS)))
    f = sub.add_parser("fill-fidelity", help="rows logged before fidelity was: from the output")
    f.add_argument("--log", required=True)
    f.add_argument("--corpus", required=True)
    f.add_argument("--work", required=True)
    f.add_argument("--corpus-tools", default=os.environ.get("CORPUS_TOOLS", str(CORPUS_TOOLS)))
    t = sub.add_parser("table")
    t.add_argument("--rules", required=True)
    t.add_argument("--model", required=True)
    h = sub.add_parser("history", help="every run in a log, superseded ones included")
    h.add_argument("--log", required=True)
    args = ap.parse_args()
    if args.cmd == "table":
        print(table(load(args.rules), load(args.model)))
        return
    if args.cmd == "history":
        print(history(args.log))
        return
    measure = _measure(Path(args.corpus_tools))
    if args.cmd == "fill-fidelity":
        fill_fidelity(args, measure)
        return
    entries = json.loads((Path(args.corpus_tools) / "manifest.json").read_text())
    manifest = {e["id"]: e for e in entries}
    for nb_id in args.ids:
        rec = run_one(manifest[nb_id], args, measure)
        with open(args.log, "a") as log:
            log.write(json.dumps(rec) + "\n")
        print(
            f"{nb_id} [{args.mode}]: {rec.get('new_error_cells')} error cells, "
            f"{rec.get('iterations')} iterations, {rec.get('requests')} requests, "
            f"{rec['wall_s']} s, stop {rec.get('stop_reason')}",
            flush=True,
        )


if __name__ == "__main__":
    main()
