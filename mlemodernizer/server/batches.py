"""Batches started from JupyterLab: the batch runner in a worker thread, rows polled by the UI.

A batch's notebooks take their slots from the jobs' limiter (``max_concurrent_jobs`` counts
both), and each batch is kept on disk as jobs are, so a restarted server still lists it."""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..batches.report import summarize, write_reports
from ..batches.runner import (
    BatchProgress,
    BatchSettings,
    load_state,
    read_progress,
    report_path,
    run_batch,
)
from ..contracts.errors import ModernizerError
from ..contracts.options import Options
from ..contracts.paths import discover
from .config import MLEModernizer
from .manager import (
    SERVER_ONLY_OPTIONS,
    JobSlots,
    RequestError,
    client_options,
    inside_root,
    scrub_root,
)
from .store import JobStore


@dataclass
class ServerBatch:
    id: str
    dir: str  # relative to the server root
    options: dict[str, Any]
    created: float
    total: int
    status: str = "running"  # running|finished|failed|cancelled|interrupted
    notebooks: list[str] = field(default_factory=list)  # absolute, in the order they run
    running: dict[str, float] = field(default_factory=dict)  # notebook -> when it started
    rows: list[dict[str, Any]] = field(default_factory=list)
    progress: dict[str, Any] = field(default_factory=dict)
    report: str | None = None  # the HTML report, relative to the root
    error: str | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    reports: Path | None = None  # each notebook's report (and progress while it runs)

    def meta(self) -> dict[str, Any]:
        """What is kept on disk (rows as the runner wrote them, absolute paths)."""
        return {
            "id": self.id,
            "dir": self.dir,
            "options": self.options,
            "created": self.created,
            "total": self.total,
            "status": self.status,
            "notebooks": self.notebooks,
            "progress": self.progress,
            "rows": self.rows,
            "report": self.report,
            "error": self.error,
        }

    def summary(self, root: Path) -> dict[str, Any]:
        """What the browser gets: every path relative to the root, none of the server's own."""
        rows = [{**r, "notebook": _rel(r["notebook"], root)} for r in self.rows]
        for r in rows:
            if r.get("output"):
                r["output"] = _rel(r["output"], root)
            # the notebook's report is kept with the batch, outside the root: asked by name
            r["report"] = bool(r.get("report"))
        notebooks = self.notebooks or [r["notebook"] for r in self.rows]
        options = {k: v for k, v in self.options.items() if k not in SERVER_ONLY_OPTIONS}
        return scrub_root(
            {
                "id": self.id,
                "dir": self.dir,
                "options": options,
                "created": self.created,
                "status": self.status,
                "cancel_requested": self.stop.is_set() and self.status == "running",
                "total": self.total,
                "notebooks": [_rel(nb, root) for nb in notebooks],
                "running": {_rel(nb, root): t for nb, t in self.running.items()},
                # where each running notebook is: iteration, cell, error cells
                "live": self._live(root),
                "progress": self.progress,
                "rows": rows,
                "summary": summarize(self.rows) if self.rows else None,
                "report": self.report,
                "error": self.error,
            },
            root,
        )

    def _live(self, root: Path) -> dict[str, Any]:
        live: dict[str, Any] = {}
        if self.reports is None:
            return live
        for nb in list(self.running):
            progress = read_progress(report_path(Path(nb), root / self.dir, self.reports))
            if progress is not None:
                live[_rel(nb, root)] = progress
        return live


def _rel(path: str, root: Path) -> str:
    try:
        return Path(path).resolve().relative_to(root).as_posix()
    except ValueError:
        return Path(path).name  # never a server path outside the root


class BatchManager:
    def __init__(self, config: MLEModernizer, root: Path, slots: JobSlots) -> None:
        self.config = config
        self.root = root.resolve()
        self.slots = slots  # the job manager's: jobs and batch notebooks share the limit
        self.store = JobStore(Path(config.jobs_dir).parent / "batches", meta_name="batch.json")
        self.batches: dict[str, ServerBatch] = {}
        self._load_history()

    def _load_history(self) -> None:
        for meta, _ in self.store.load_all():
            batch = ServerBatch(
                id=meta["id"],
                dir=meta.get("dir", "."),
                options=meta.get("options", {}),
                created=meta.get("created", 0.0),
                total=meta.get("total", 0),
                status=meta.get("status", "interrupted"),
                notebooks=meta.get("notebooks", []),
                rows=meta.get("rows", []),
                progress=meta.get("progress", {}),
                report=meta.get("report"),
                error=meta.get("error"),
            )
            if batch.status == "running":
                # the server stopped under it: the notebooks it finished are in its state file
                batch.status = "interrupted"
                batch.error = "interrupted: the server stopped while the batch was running"
                batch.rows = list(load_state(self.state_file(batch.id)).values())
                self.store.save_meta(batch.id, batch.meta())
            self.batches[batch.id] = batch

    def create(self, rel_dir: Any, options: Any) -> ServerBatch:
        if not isinstance(rel_dir, str):
            raise RequestError(400, "'dir' must be a folder path relative to the server root")
        options = client_options(options)
        folder = inside_root(self.root, rel_dir)
        if not folder.is_dir():
            raise RequestError(404, f"{rel_dir}: no such folder")
        # as for single jobs: a sidecar mounts the server root, so ../data resolves as in JupyterLab
        merged = {
            **self.config.job_defaults(),
            "root": str(self.root),
            **options,
            "review": "auto",
        }
        try:
            opts = Options.from_json(merged)
        except (TypeError, ModernizerError) as exc:
            raise RequestError(400, f"bad options: {exc}") from None
        notebooks = discover(folder, self.root)
        batch = ServerBatch(
            id=uuid.uuid4().hex[:12],
            dir=folder.relative_to(self.root).as_posix() or ".",
            options=opts.to_json(),
            created=time.time(),
            total=len(notebooks),
            notebooks=[str(nb) for nb in notebooks],
        )
        self.batches[batch.id] = batch
        self.store.save_meta(batch.id, batch.meta())
        threading.Thread(
            target=self._run, args=(batch, folder, opts), name=f"batch-{batch.id}", daemon=True
        ).start()
        return batch

    def get(self, batch_id: str) -> ServerBatch:
        batch = self.batches.get(batch_id)
        if batch is None:
            raise RequestError(404, f"no batch {batch_id!r}")
        return batch

    def cancel(self, batch_id: str) -> ServerBatch:
        """Stop a running batch: no queued notebook starts, the running ones stop at their next
        safe point, and the batch ends ``cancelled``. An ended batch stays as it ended."""
        batch = self.get(batch_id)
        if batch.status == "running":
            batch.stop.set()
        return batch

    def notebook_report(self, batch_id: str, notebook: Any) -> dict[str, Any]:
        """The report a batch's notebook (relative to the root) got, for the browser."""
        batch = self.get(batch_id)
        if not isinstance(notebook, str):
            raise RequestError(400, "'notebook' must be a path relative to the server root")
        row = next((r for r in batch.rows if _rel(r["notebook"], self.root) == notebook), None)
        if row is None:
            raise RequestError(404, f"{notebook}: not a finished notebook of batch {batch_id}")
        path = Path(row.get("report") or "")
        if not row.get("report") or not path.is_file():
            raise RequestError(404, f"{notebook}: the batch kept no report for it")
        report = json.loads(path.read_text(encoding="utf-8"))
        if report.get("output"):
            report["output"] = _rel(report["output"], self.root)
        return scrub_root(report, self.root)

    def _run(self, batch: ServerBatch, folder: Path, opts: Options) -> None:
        report = batch_report_path(folder, time.localtime())
        batch.reports = self.store.dir(batch.id) / "reports"
        settings = BatchSettings(
            target=folder,
            options=opts,
            workers=max(1, self.config.max_concurrent_jobs),
            state=self.state_file(batch.id),
            api_key=self.config.key_for(opts.base_url),
            confine_to=self.root,
            # each notebook's own report, kept with the batch for the view to show (notebook_report)
            reports_dir=batch.reports,
        )

        def on_progress(p: BatchProgress, row: dict[str, Any] | None) -> None:
            batch.progress = {
                "done": p.done,
                "failed": p.failed,
                "running": p.running,
                "tokens": p.tokens,
                "cost_usd": round(p.cost_usd, 6),
                "eta_s": p.eta_s(),
            }
            batch.running = dict(p.in_flight)
            if row is not None:
                batch.rows.append(row)

        try:
            rows, _ = run_batch(
                settings, on_progress=on_progress, stop=batch.stop, slots=self.slots
            )
            batch.rows = rows
            # each notebook's report stays with the server (outside the root): the files
            # written into the user's folder do not point at it
            paths = write_reports([{**r, "report": None} for r in rows], report)
            batch.report = paths[-1].relative_to(self.root).as_posix()
            status = "cancelled" if batch.stop.is_set() else "finished"
        except Exception as exc:  # the batch says why; the server goes on
            status, batch.error = "failed", f"{type(exc).__name__}: {exc}"
        batch.running = {}
        # on disk before anyone sees it ended: a server restarted then lists it ended too
        self.store.save_meta(batch.id, {**batch.meta(), "status": status})
        batch.status = status

    def state_file(self, batch_id: str) -> Path:
        """The runner's state: one JSON line per finished notebook."""
        folder = self.store.dir(batch_id)
        folder.mkdir(parents=True, exist_ok=True)
        return folder / "state.jsonl"

    def shutdown(self) -> None:
        for batch in self.batches.values():
            batch.stop.set()


def batch_report_path(folder: Path, when: time.struct_time) -> Path:
    """Where a batch's reports go: a name a user reads in the file browser (what it is, and
    when), the .json of three (.csv, .html beside it), none of which exists yet: an earlier
    batch's reports are never replaced."""
    stem = "modernization-report-" + time.strftime("%Y-%m-%d-%H%M", when)
    for n in range(1, 1000):
        name = stem if n == 1 else f"{stem}-{n}"
        if not any((folder / f"{name}{s}").exists() for s in (".json", ".csv", ".html")):
            return folder / f"{name}.json"
    raise ModernizerError(f"{folder}: too many batch reports named {stem}-N")
