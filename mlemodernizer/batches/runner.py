"""Batch mode: modernize many notebooks with bounded concurrency, a budget and a resumable state.

Backends run the same picklable task (:func:`modernize_one`): a local process pool, or a Dask
cluster (``tcp://HOST:PORT`` or ``local:N`` for a LocalCluster). Work is handed out a few at a
time, so the batch budget can stop new work as soon as it is spent and Ctrl-C loses nothing that
finished (the state file has one JSON line per finished notebook).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..contracts.errors import ModernizerError
from ..contracts.events import CellStarted, Event, ExecutionFinished, ExecutionStarted
from ..contracts.notebook import default_output_path, write_text_atomic
from ..contracts.options import Options
from ..contracts.paths import discover
from ..fixers.base import TokenUsage
from ..fixers.budget import Budget


def fingerprint(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "unreadable"


def output_for(path: Path, root: Path, out_dir: Path | None) -> Path:
    if out_dir is None:
        return default_output_path(path)
    try:
        rel = path.resolve().relative_to(root.resolve())
    except ValueError:
        rel = Path(path.name)
    return default_output_path(out_dir / rel)


# A pool worker's "stop now" flag (LocalBackend): set, the notebook it runs stops at the job's
# next safe point (its kernel interrupted), as a cancelled server job does.
_WORKER_STOP: Any = None


def _init_worker(stop: Any) -> None:
    global _WORKER_STOP
    _WORKER_STOP = stop


def _watch_stop(cancel: threading.Event, done: threading.Event) -> None:
    while not done.is_set():
        if _WORKER_STOP.wait(0.25):
            cancel.set()
            return


class ProgressFile:
    """An event sink: where a running notebook is (its iteration, the cell it runs, its error
    cells), kept in a small JSON file for the batch's view (:func:`read_progress`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.state: dict[str, Any] = {"iteration": 0, "kind": "baseline"}

    def __call__(self, event: Event) -> None:
        payload = event.payload
        if isinstance(payload, ExecutionStarted):
            self.state.update(iteration=payload.iteration, kind=payload.kind, cell=None)
        elif isinstance(payload, CellStarted):
            self.state.update(cell=payload.cell_index + 1, cells=payload.cells)
        elif isinstance(payload, ExecutionFinished):
            if payload.kind == "baseline":
                self.state["baseline_error_cells"] = payload.error_cells
            self.state.update(error_cells=payload.error_cells, cell=None)
        else:
            return
        with contextlib.suppress(OSError):  # the view shows less; the notebook's run goes on
            write_text_atomic(self.path, json.dumps(self.state))


def progress_path(report: str | Path) -> Path:
    """The progress file beside a notebook's report (``x.report.json`` -> ``x.progress.json``)."""
    report = Path(report)
    return report.with_name(report.name.removesuffix(".report.json") + ".progress.json")


def read_progress(report: str | Path) -> dict[str, Any] | None:
    try:
        return json.loads(progress_path(report).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # not started yet (or gone)


def modernize_one(
    path: str,
    options: dict[str, Any],
    output: str,
    api_key: str | None = None,
    report: str | None = None,
) -> dict[str, Any]:
    """Run one notebook to a report row; never raises (a broken notebook is a row, not a crash).

    ``api_key`` is the key for the options' endpoint, chosen by the face (None: no key);
    ``report``: where the notebook's own JSON report goes, its progress beside it (None:
    neither)."""
    from ..jobs import prepare_job

    started = time.monotonic()
    row: dict[str, Any] = {"notebook": path, "fingerprint": fingerprint(Path(path))}
    cancel, done = threading.Event(), threading.Event()
    if _WORKER_STOP is not None:
        threading.Thread(target=_watch_stop, args=(cancel, done), daemon=True).start()
    try:
        opts = Options(**{**options, "out": output, "report": report})
        job_id = hashlib.sha1(path.encode()).hexdigest()[:12]
        sinks = [ProgressFile(progress_path(report))] if report else None
        job = prepare_job(
            Path(path), opts, job_id=job_id, api_key=api_key, cancel=cancel, sinks=sinks
        )
        result = job.run().report.to_json()
    except ModernizerError as exc:
        row.update(outcome="failed", error=str(exc))
    except Exception as exc:  # keep the batch going; the row says what broke
        row.update(outcome="failed", error=f"{type(exc).__name__}: {exc}")
    else:
        row.update(row_from_report(result))
        if report and Path(report).is_file():
            row["report"] = report
    finally:
        done.set()
    if cancel.is_set():
        # stopped by the batch's cancel, whatever the cut-short run looked like
        row["cancelled"] = True
    row["seconds"] = round(time.monotonic() - started, 3)
    return row


def row_from_report(report: dict[str, Any]) -> dict[str, Any]:
    its = report["iterations"]
    return {
        "outcome": report["outcome"],
        "error_free": report["error_free"],
        "reproducible": report["reproducible"],
        "stop_reason": report["stop_reason"],
        "baseline_error_cells": report["baseline"]["error_cells"],
        "baseline_first_error": report["baseline"]["first_error"],
        "final_error_cells": report["final"]["error_cells"],
        "final_first_error": report["final"]["first_error"],
        "final_errors": report["final"]["errors"],
        # it ran as it was: the views say "nothing to modernize", not a success
        "nothing_to_modernize": report.get("nothing_to_modernize"),
        "baseline_score": report["baseline"]["score"],
        "score": report["final"]["score"],
        "target": report["target_score"],
        "iterations": len(its),
        "fix_types": sorted({it["fix_type"] for it in its}),
        "rules_applied": sorted({r for it in its for r in it["rule_ids"]}),
        "tokens": report["llm"]["prompt_tokens"] + report["llm"]["completion_tokens"],
        "cost_usd": report["llm"]["cost_usd"],
        "execution_seconds": report["execution_seconds_total"],
        "output": report["output"],
        "error": None,
        # stopped by a cancelled batch (the row keeps what was done until then)
        "cancelled": report["stop_reason"] == "cancelled",
        # ended by its --deadline, with the best state it had reached
        "deadline": report["stop_reason"] == "deadline",
        # what still fails, told apart: packages to install vs code errors (triage)
        "error_summary": report.get("error_summary"),
        "needs_packages": sorted(
            {c["package"] for c in report.get("cells", []) if c.get("package")}
        ),
        "code_error_cells": sum(1 for c in report.get("cells", []) if c["state"] == "fixable"),
        # the second judge: the author's stored numbers found again (random cells apart)
        **_fidelity_columns(report.get("fidelity")),
    }


def _fidelity_columns(fidelity: dict[str, Any] | None) -> dict[str, Any]:
    if not fidelity:
        return {"fidelity": None, "fidelity_found": 0, "fidelity_total": 0}
    first = fidelity.get("first_drift_cell")  # 0-based in the report
    return {
        "fidelity": fidelity.get("share"),
        "fidelity_found": fidelity.get("found", 0),
        "fidelity_total": fidelity.get("total", 0),
        # a person reads the row (CSV, HTML): the cell as JupyterLab numbers it, from 1
        "first_drift_cell_number": None if first is None else first + 1,
        "random_cells": len(fidelity.get("random_cells") or []),
        "fidelity_summary": fidelity.get("summary"),
    }


# --- backends --------------------------------------------------------------------------------


class LocalBackend:
    """A process pool: one notebook per process at a time, kernels started by each worker."""

    name = "local"

    def __init__(self, workers: int) -> None:
        # spawn: workers start clean (no inherited threads, event loops or ZMQ contexts)
        ctx = multiprocessing.get_context("spawn")
        self.workers = workers
        self._stop = ctx.Event()  # inherited by each worker: stop what it runs
        self._pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=ctx, initializer=_init_worker, initargs=(self._stop,)
        )

    def stop_running(self) -> None:
        """The notebooks running now stop at their next safe point (their kernels interrupted)."""
        self._stop.set()

    def submit(self, *args: Any) -> Future:
        return self._pool.submit(modernize_one, *args)

    def wait_any(self, futures: set[Future], timeout: float) -> set[Future]:
        done, _ = wait(futures, timeout=timeout, return_when=FIRST_COMPLETED)
        return done

    def close(self, cancel: bool = False) -> None:
        self._pool.shutdown(wait=not cancel, cancel_futures=cancel)


class DaskBackend:
    """The same task on a Dask cluster: ``tcp://HOST:PORT``, or ``local:N`` for a LocalCluster."""

    name = "dask"

    def __init__(self, scheduler: str, workers: int) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ModernizerError(
                "--scheduler needs dask's distributed package: pip install 'dask[distributed]'"
            ) from None
        self._cluster = None
        if scheduler.startswith("local"):
            n = int(scheduler.split(":", 1)[1]) if ":" in scheduler else workers
            self._cluster = LocalCluster(
                n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
            )
            self.client = Client(self._cluster)
            self.workers = n
        else:
            try:
                self.client = Client(scheduler, timeout="10s")
            except OSError as exc:
                raise ModernizerError(
                    f"cannot reach the Dask scheduler {scheduler}: {exc}"
                ) from None
            self.workers = max(1, sum(self.client.nthreads().values()))

    def stop_running(self) -> None:
        """Dask cannot interrupt a task that runs: it finishes, nothing new starts."""

    def submit(self, *args: Any) -> Any:
        # pure=False: the same notebook may legitimately be run again
        return self.client.submit(modernize_one, *args, pure=False)

    def wait_any(self, futures: set[Any], timeout: float) -> set[Any]:
        from distributed import wait as dask_wait

        try:
            done, _ = dask_wait(list(futures), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set()
        return set(done)

    def close(self, cancel: bool = False) -> None:
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()


# --- the batch -------------------------------------------------------------------------------


@dataclass
class BatchSettings:
    target: Path
    options: Options
    workers: int = 1
    scheduler: str | None = None
    out_dir: Path | None = None
    state: Path | None = None
    resume: bool = False
    budget_usd: float | None = None  # the whole batch's; each notebook gets what is left
    api_key: str | None = field(default=None, repr=False)  # for options.base_url; never logged
    confine_to: Path | None = None  # the server root: no notebook (or link) outside it runs
    reports_dir: Path | None = None  # each notebook's JSON report, in its folder's layout


@dataclass
class BatchProgress:
    total: int
    done: int = 0
    failed: int = 0
    running: int = 0
    skipped: int = 0
    # the batch's budget, charged with each finished notebook's spending
    budget: Budget = field(default_factory=Budget)
    started: float = field(default_factory=time.monotonic)
    stopped_by_budget: bool = False
    in_flight: dict[str, float] = field(default_factory=dict)  # notebook -> when it started

    @property
    def tokens(self) -> int:
        return self.budget.spent.total_tokens

    @property
    def cost_usd(self) -> float:
        return self.budget.spent.cost_usd

    def eta_s(self) -> float | None:
        finished = self.done + self.failed
        if not finished:
            return None
        left = self.total - finished - self.skipped
        return (time.monotonic() - self.started) / finished * max(left, 0)


def load_state(path: Path | None) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    if path is None or not path.exists():
        return rows
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a torn last line from a kill
        rows[row["notebook"]] = row
    return rows


class Slots(Protocol):
    """A limit on work at once that a batch shares with others (the server's jobs)."""

    def try_take(self) -> bool:
        """Take a slot if one is free now."""
        ...

    def release(self) -> None: ...


def run_batch(
    settings: BatchSettings,
    on_progress: Callable[[BatchProgress, dict[str, Any] | None], None] | None = None,
    stop: threading.Event | None = None,
    slots: Slots | None = None,
) -> tuple[list[dict[str, Any]], BatchProgress]:
    """Run every notebook; return the rows in discovery order and the final progress.

    With ``slots``, each notebook also holds one of them while it runs."""
    notebooks = discover(settings.target, settings.confine_to)
    root = settings.target if settings.target.is_dir() else settings.target.parent
    previous = load_state(settings.state) if settings.resume else {}
    if settings.state and not settings.resume and settings.state.exists():
        settings.state.unlink()
    rows: dict[str, dict[str, Any]] = {}
    todo: list[Path] = []
    for nb in notebooks:
        old = previous.get(str(nb))
        if old is not None and old.get("fingerprint") == fingerprint(nb):
            rows[str(nb)] = {**old, "resumed": True}
        else:
            todo.append(nb)
    progress = BatchProgress(total=len(notebooks), budget=Budget(usd=settings.budget_usd))
    for row in rows.values():
        _count(progress, row)
    stop = stop or threading.Event()
    backend: LocalBackend | DaskBackend = (
        DaskBackend(settings.scheduler, settings.workers)
        if settings.scheduler
        else LocalBackend(settings.workers)
    )
    queue = deque(todo)
    in_flight: dict[Any, Path] = {}
    cancelled = False
    try:
        while True:
            no_slot = False
            while (
                queue
                and len(in_flight) < backend.workers
                and not stop.is_set()
                and progress.budget.exhausted() is None
            ):
                if slots is not None and not slots.try_take():
                    no_slot = True  # others hold every slot
                    break
                nb = queue.popleft()
                opts = notebook_options(settings, progress)
                out = output_for(nb, root, settings.out_dir)
                report = report_for(nb, root, settings.reports_dir)
                try:
                    fut = backend.submit(str(nb), opts, str(out), settings.api_key, report)
                except BaseException:
                    if slots is not None:
                        slots.release()
                    raise
                in_flight[fut] = nb
                progress.in_flight[str(nb)] = time.time()
            if stop.is_set() and in_flight:
                backend.stop_running()  # a cancel stops the running notebooks, not only the queue
            progress.running = len(in_flight)
            if on_progress:
                on_progress(progress, None)
            if not in_flight:
                if no_slot and not stop.wait(0.5):
                    continue
                break
            for fut in backend.wait_any(set(in_flight), timeout=0.5):
                nb = in_flight.pop(fut)
                progress.in_flight.pop(str(nb), None)
                if slots is not None:
                    slots.release()
                row = fut.result()
                rows[str(nb)] = row
                _count(progress, row)
                if settings.state:
                    with settings.state.open("a", encoding="utf-8") as fh:
                        fh.write(json.dumps(row) + "\n")
                progress.running = len(in_flight)
                if on_progress:
                    on_progress(progress, row)
    except KeyboardInterrupt:
        cancelled = True
        raise
    finally:
        backend.close(cancel=cancelled or stop.is_set())
        if slots is not None:
            for _ in in_flight:  # left by an error or an interrupt: given up, not waited for
                slots.release()
    progress.stopped_by_budget = progress.budget.exhausted() is not None
    for nb in notebooks:
        if str(nb) not in rows:
            reason = "batch budget spent" if progress.stopped_by_budget else "batch stopped"
            rows[str(nb)] = {"notebook": str(nb), "outcome": "skipped", "error": reason}
            progress.skipped += 1
    return [rows[str(nb)] for nb in notebooks], progress


def report_path(path: Path, root: Path, reports_dir: Path) -> Path:
    """Where a notebook's own report goes: its path under the batch's folder, in ``reports_dir``."""
    try:
        rel = path.resolve().relative_to(root.resolve())
    except ValueError:
        rel = Path(path.name)
    return reports_dir / rel.with_suffix(".report.json")


def report_for(path: Path, root: Path, reports_dir: Path | None) -> str | None:
    if reports_dir is None:
        return None
    target = report_path(path, root, reports_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    return str(target)


def _count(progress: BatchProgress, row: dict[str, Any]) -> None:
    if row.get("outcome") == "failed":
        progress.failed += 1
    else:
        progress.done += 1
    # a row keeps the notebook's total tokens only, not the prompt/completion split
    tokens, cost = int(row.get("tokens") or 0), float(row.get("cost_usd") or 0.0)
    progress.budget.charge(TokenUsage(prompt_tokens=tokens, cost_usd=cost))


def notebook_options(settings: BatchSettings, progress: BatchProgress) -> dict[str, Any]:
    """Each notebook may spend at most what is left of the batch budget (and its own cap): its
    job's budget is an allowance from the batch's, which its report charges back."""
    opts = settings.options.to_json()
    allowance = progress.budget.allowance(opts.get("budget_usd"), opts.get("budget_tokens"))
    opts["budget_usd"], opts["budget_tokens"] = allowance.usd, allowance.tokens
    return opts
