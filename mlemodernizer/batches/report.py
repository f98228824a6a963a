"""Batch reports: JSON and CSV (one row per notebook) and a self-contained HTML page.

The outcome categories are the paper's, so results compare with the published study.
"""

from __future__ import annotations

import csv
import difflib
import html
import io
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat

from ..contracts.notebook import write_text_atomic
from ..contracts.paths import without_root
from ..scoring.score import OUTCOMES

CSV_COLUMNS = [
    "notebook",
    "outcome",
    # the reason a notebook needed no change (the view's "Nothing to modernize"), or empty
    "nothing_to_modernize",
    "error_free",
    "reproducible",
    "baseline_error_cells",
    "final_error_cells",
    "baseline_first_error",
    "final_first_error",
    "error_summary",
    "needs_packages",
    "fidelity",
    "first_drift_cell_number",
    "baseline_score",
    "score",
    "target",
    "iterations",
    "fix_types",
    "rules_applied",
    "tokens",
    "cost_usd",
    "seconds",
    "execution_seconds",
    "output",
    "error",
]
OUTCOME_COLOURS = {
    "error_free_reproducible": "#2e7d32",
    "error_reproducible": "#9e9d24",
    "error_free_non_reproducible": "#ef6c00",
    "error_non_reproducible": "#c62828",
    "failed": "#6d4c41",
    "skipped": "#9e9e9e",
}


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    outcomes = Counter(r.get("outcome", "failed") for r in rows)
    return {
        "notebooks": len(rows),
        "outcomes": {o: outcomes.get(o, 0) for o in (*OUTCOMES, "skipped")},
        "error_free_baseline": sum(1 for r in rows if r.get("baseline_error_cells") == 0),
        "error_free_final": sum(1 for r in rows if r.get("error_free")),
        "tokens": sum(int(r.get("tokens") or 0) for r in rows),
        "cost_usd": round(sum(float(r.get("cost_usd") or 0) for r in rows), 6),
        "seconds": round(sum(float(r.get("seconds") or 0) for r in rows), 3),
        "top_remaining_errors": remaining_error_types(rows),
        # notebooks that only need a package installed, apart from code errors
        "needs_packages": dict(
            Counter(p for r in rows for p in r.get("needs_packages") or []).most_common()
        ),
        "code_error_cells": sum(int(r.get("code_error_cells") or 0) for r in rows),
        "fidelity": _fidelity_total(rows),
    }


def _fidelity_total(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The author's stored numbers found again over the batch, random cells apart; and over
    the notebooks that ran error-free (``recovered``), the figure that judges a modernization."""

    def total(chosen: list[dict[str, Any]]) -> dict[str, Any]:
        found = sum(int(r.get("fidelity_found") or 0) for r in chosen)
        of = sum(int(r.get("fidelity_total") or 0) for r in chosen)
        return {"found": found, "total": of, "share": round(found / of, 4) if of else None}

    return {**total(rows), "recovered": total([r for r in rows if r.get("error_free")])}


def remaining_error_types(rows: list[dict[str, Any]], top: int = 10) -> list[list[Any]]:
    """Exception names still raised after modernization, most common first."""
    counts: Counter[str] = Counter()
    for row in rows:
        for err in row.get("final_errors") or []:
            m = re.match(r"cell \d+: (\w+)", err)
            counts[m.group(1) if m else err] += 1
        if row.get("outcome") == "failed" and row.get("error"):
            # "NotebookError: ..." names its type; "nb.ipynb: not valid JSON" names a file
            name = row["error"].split(":")[0]
            counts[name if name.isidentifier() else "not run"] += 1
    return [[name, n] for name, n in counts.most_common(top)]


def to_csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        flat = {k: (";".join(v) if isinstance(v, list) else v) for k, v in row.items()}
        writer.writerow(flat)
    return buf.getvalue()


# the fields of a row that name files: written relative to the report's folder
_PATH_FIELDS = ("notebook", "output")


def _relative_to(base: Path, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with their file paths relative to ``base`` (the report's folder): the reports
    move with the folder they describe and show no server's or machine's absolute paths."""
    out = []
    for row in rows:
        row = dict(row)  # absolute paths first, then the folder out of every message
        for key in _PATH_FIELDS:
            value = row.get(key)
            if isinstance(value, str) and os.path.isabs(value):
                row[key] = Path(os.path.relpath(value, base)).as_posix()
        out.append(without_root(row, base))
    return out


def write_reports(rows: list[dict[str, Any]], path: Path) -> list[Path]:
    """Write PATH (JSON) plus .csv and .html beside it; return the paths written. Paths in
    them are relative to PATH's folder."""
    shown = _relative_to(path.resolve().parent, rows)
    summary = summarize(rows)
    json_path = path if path.suffix == ".json" else path.with_suffix(".json")
    write_text_atomic(json_path, json.dumps({"summary": summary, "rows": shown}, indent=2) + "\n")
    csv_path = json_path.with_suffix(".csv")
    write_text_atomic(csv_path, to_csv(shown))
    html_path = json_path.with_suffix(".html")
    write_text_atomic(html_path, to_html(rows, summary, html_path.parent))
    return [json_path, csv_path, html_path]


def cell_diffs(row: dict[str, Any]) -> str:
    """A unified diff of the changed code cells, original vs modernized."""
    out = row.get("output")
    if not out or not Path(out).exists() or not Path(row["notebook"]).exists():
        return ""
    try:
        old = nbformat.read(row["notebook"], as_version=4)
        new = nbformat.read(out, as_version=4)
    except Exception:
        return ""
    parts = []
    for i, (a, b) in enumerate(zip(old.cells, new.cells, strict=False)):
        if a.cell_type == "code" and a.source != b.source:
            diff = difflib.unified_diff(
                a.source.splitlines(),
                b.source.splitlines(),
                f"cell {i + 1} (old)",  # as JupyterLab counts
                f"cell {i + 1} (new)",
                lineterm="",
            )
            parts.append("\n".join(diff))
    return "\n\n".join(parts)


def _bar_chart(summary: dict[str, Any]) -> str:
    counts = summary["outcomes"]
    total = max(sum(counts.values()), 1)
    width, bar_h, gap = 520, 22, 6
    rows = []
    for i, (name, n) in enumerate(counts.items()):
        y = i * (bar_h + gap)
        w = int((width - 230) * n / total)
        rows.append(
            f'<text x="0" y="{y + 16}" font-size="13">{html.escape(name)}</text>'
            f'<rect x="220" y="{y}" width="{w}" height="{bar_h}" fill="{OUTCOME_COLOURS[name]}"/>'
            f'<text x="{226 + w}" y="{y + 16}" font-size="13">{n}</text>'
        )
    height = len(counts) * (bar_h + gap)
    return (
        f'<svg role="img" aria-label="outcomes" width="{width}" height="{height}" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(rows)}</svg>'
    )


def _percent(share: float | None) -> str:
    return "–" if share is None else f"{share * 100:.1f}%"


def _fidelity_sentence(summary: dict[str, Any]) -> str:
    fidelity = summary.get("fidelity") or {}
    if not fidelity.get("total"):
        return ""
    text = (
        f" The author's stored numbers found again: {fidelity['found']} of {fidelity['total']}"
        f" ({_percent(fidelity['share'])})"
    )
    recovered = fidelity.get("recovered") or {}
    if recovered.get("total"):
        text += f"; in the error-free notebooks {_percent(recovered['share'])}"
    return text + " (random cells apart)."


def to_html(rows: list[dict[str, Any]], summary: dict[str, Any], base: Path) -> str:
    def cell(v: Any) -> str:
        if isinstance(v, list):
            v = ", ".join(map(str, v))
        return html.escape("" if v is None else str(v))

    table = []
    details = []
    for i, row in enumerate(rows):
        anchor = f"nb{i}"
        outcome = row.get("outcome", "failed")
        colour = OUTCOME_COLOURS.get(outcome, "#999")
        badge, why = outcome, outcome
        if row.get("nothing_to_modernize"):
            # as the batch view says it: a neutral answer, the outcome in its title
            badge, why, colour = (
                "nothing to modernize",
                f"{outcome}: {row['nothing_to_modernize']}",
                "#999",
            )
        link = ""
        if row.get("output"):
            try:
                rel = Path(row["output"]).resolve().relative_to(base.resolve())
            except ValueError:
                rel = Path(row["output"])
            link = f'<a href="{html.escape(rel.as_posix())}">notebook</a> · '
        shown = _relative_to(base.resolve(), [row])[0]  # as the json and csv show it
        name = shown["notebook"]
        table.append(
            "<tr>"
            f"<td>{cell(name)}</td>"
            f'<td><span class="badge" style="background:{colour}" title="{cell(why)}">'
            f"{cell(badge)}</span></td>"
            f"<td>{cell(row.get('baseline_error_cells'))} → "
            f"{cell(row.get('final_error_cells'))}</td>"
            f"<td>{cell(row.get('score'))} / {cell(row.get('target'))}</td>"
            f'<td title="{cell(row.get("fidelity_summary"))}">{_percent(row.get("fidelity"))}</td>'
            f"<td>{cell(row.get('iterations'))}</td>"
            f"<td>{cell(row.get('fix_types'))}</td>"
            f"<td>{cell(row.get('rules_applied'))}</td>"
            f"<td>{cell(row.get('tokens'))}</td>"
            f"<td>{cell(row.get('cost_usd'))}</td>"
            f"<td>{cell(row.get('seconds'))}</td>"
            f'<td>{link}<a href="#{anchor}">diff</a></td>'
            "</tr>"
        )
        diff = cell_diffs(row) or shown.get("error") or "no change"
        details.append(
            f'<details id="{anchor}"><summary>{cell(name)}</summary>'
            f"<pre>{html.escape(diff)}</pre></details>"
        )
    errors = (
        "".join(
            f"<li><code>{cell(name)}</code>: {n}</li>"
            for name, n in summary["top_remaining_errors"]
        )
        or "<li>none</li>"
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mlemodernizer batch report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; color: #222; }}
table {{ border-collapse: collapse; font-size: 13px; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 4px 8px; text-align: left; }}
.badge {{ color: white; border-radius: 4px; padding: 1px 6px; }}
pre {{ background: #f6f8fa; padding: 8px; overflow-x: auto; }}
</style></head><body>
<h1>mlemodernizer batch report</h1>
<p>{summary["notebooks"]} notebooks; error-free {summary["error_free_baseline"]} → \
{summary["error_free_final"]}; {summary["tokens"]} LLM tokens, ${summary["cost_usd"]}; \
{summary["seconds"]} s.{_fidelity_sentence(summary)}</p>
<h2>Outcomes</h2>{_bar_chart(summary)}
<h2>Top remaining error types</h2><ul>{errors}</ul>
<h2>Notebooks</h2>
<table><thead><tr><th>notebook</th><th>outcome</th><th>error cells</th><th>score / target</th>
<th>outputs found again</th><th>iterations</th><th>fix types</th><th>rules</th><th>tokens</th>
<th>cost $</th><th>seconds</th><th></th></tr></thead><tbody>{"".join(table)}</tbody></table>
<h2>Diffs</h2>{"".join(details)}
</body></html>
"""
