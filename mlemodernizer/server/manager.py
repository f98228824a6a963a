"""The job manager: runs modernization jobs for the server, relays their events, keeps history.

Handlers stay thin adapters over this class (as jupyterlab-git's handlers are over its core).
Jobs run in worker threads (the engine is synchronous); events reach WebSocket subscribers on the
server's IO loop through ``add_callback``, which is thread-safe.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from tornado.ioloop import IOLoop

from ..contracts.errors import ModernizerError
from ..contracts.events import (
    TERMINAL_EVENTS,
    Event,
    JobFailed,
    JobFinished,
    Payload,
    upgrade_stored,
)
from ..contracts.notebook import check_writable, default_output_path, load_notebook
from ..contracts.options import Options, server_only_options
from ..contracts.paths import PathRefused, relative_to_root, resolve_under
from ..contracts.paths import without_root as scrub_root
from ..environment.kernel_language import check_kernel_language
from ..jobs import prepare_job
from ..loop import AutoReview
from ..scoring.detect import DetectedScore, detect_score
from .config import MLEModernizer
from .review import ManualReview
from .store import JobStore

# options a browser may not set (options.py marks them client=False): where files go, what runs
# (a grader is a shell command), the sandbox's reach, and prices; the key never leaves the server
SERVER_ONLY_OPTIONS = server_only_options()


# file options a browser may set, as paths relative to the server root
ROOT_FILE_OPTIONS = ("answers",)
# the statuses of a job that has not ended
_ACTIVE = ("queued", "running")


class RequestError(Exception):
    """Maps to an HTTP status in the handlers."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


Subscriber = Callable[[dict[str, Any]], None]


def inside_root(root: Path, rel: str) -> Path:
    """A client's path resolved under the root; absolute paths and links out are refused."""
    try:
        return resolve_under(root, rel)
    except PathRefused as exc:
        raise RequestError(403 if exc.outside else 400, str(exc)) from None


def client_options(options: Any, root: Path | None = None) -> dict[str, Any]:
    """The options object of a request, without the keys only the server may set; file options
    (``answers``) resolved under ``root`` and refused outside it."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RequestError(400, "'options' must be an object")
    blocked = sorted(set(options) & set(SERVER_ONLY_OPTIONS))
    if blocked:
        raise RequestError(400, f"option(s) {', '.join(blocked)} can only be set on the server")
    options = dict(options)
    for name in ROOT_FILE_OPTIONS:
        value = options.get(name)
        if value is None:
            continue
        if not isinstance(value, str) or root is None:
            raise RequestError(400, f"option {name} must be a path relative to the server root")
        options[name] = str(inside_root(root, value))
    submission = options.get("submission")
    if submission is not None:
        # read in the notebook's folder: a plain relative name, never a way out of it
        if not isinstance(submission, str) or PurePosixPath(submission).is_absolute():
            raise RequestError(400, "option submission must be a path relative to the notebook")
        if ".." in PurePosixPath(submission).parts or "\x00" in submission:
            raise RequestError(403, f"option submission {submission!r}: outside its folder")
    return options


class JobSlots:
    """At most N jobs work at once. A job waiting for a person gives its slot back, so two
    undecided reviews cannot stop every other job; the waiting ones are capped separately by
    the thread pool's extra room (``max_waiting_reviews``). A batch's notebooks take their
    slots here too (:meth:`try_take`), so jobs and batches together stay within N."""

    def __init__(self, n: int) -> None:
        self.n = n
        self._sem = threading.Semaphore(n)
        self._lock = threading.Lock()
        self.waiting: set[str] = set()  # job ids waiting for a person
        self.lent = 0  # slots held by batch notebooks

    def try_take(self) -> bool:
        """A slot for a batch's notebook, if one is free now."""
        if not self._sem.acquire(blocking=False):
            return False
        with self._lock:
            self.lent += 1
        return True

    def release(self) -> None:
        """A batch's notebook is done with its slot."""
        with self._lock:
            self.lent -= 1
        self._sem.release()

    def take(self, job: ServerJob) -> None:
        while not self._sem.acquire(timeout=0.5):
            if job.cancel.is_set():
                return  # a cancelled job finishes its bookkeeping without a slot
        job.holds_slot = True

    def give_back(self, job: ServerJob) -> None:
        if job.holds_slot:
            job.holds_slot = False
            self._sem.release()

    def waiting_for_person(self, job: ServerJob, waiting: bool) -> None:
        with self._lock:
            (self.waiting.add if waiting else self.waiting.discard)(job.id)
        if waiting:
            self.give_back(job)
        else:
            self.take(job)


@dataclass
class ServerJob:
    id: str
    path: str  # relative to the server root, posix
    options: dict[str, Any]
    created: float
    status: str = "queued"  # queued|running|finished|failed|cancelled|interrupted
    outcome: str | None = None
    error: str | None = None
    output: str | None = None
    report: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    cancel: threading.Event = field(default_factory=threading.Event)
    review: ManualReview | None = None
    subscribers: list[Subscriber] = field(default_factory=list)
    holds_slot: bool = False
    queue_reason: str | None = None  # why a queued job has not started, for the panel

    def meta(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "options": self.options,
            "created": self.created,
            "status": self.status,
            "outcome": self.outcome,
            "error": self.error,
            "output": self.output,
        }

    def summary(self) -> dict[str, Any]:
        data = self.meta()
        data["last_seq"] = self.events[-1]["seq"] if self.events else 0
        data["pending_review"] = self.review.pending() if self.review else {}
        data["report"] = self.report
        data["queue_reason"] = self.queue_reason if self.status == "queued" else None
        return data


class JobManager:
    def __init__(self, config: MLEModernizer, root_dir: str | Path, log: Any = None) -> None:
        self.config = config
        self.root = Path(root_dir).resolve()
        self.log = log
        self.store = JobStore(Path(config.jobs_dir))
        self.jobs: dict[str, ServerJob] = {}
        self.slots = JobSlots(max(1, config.max_concurrent_jobs))
        # threads: the working jobs plus the ones allowed to wait for a person (with a kernel)
        self._threads = self.slots.n + max(0, config.max_waiting_reviews)
        self._pool = ThreadPoolExecutor(
            max_workers=self._threads, thread_name_prefix="mlemodernizer-job"
        )
        self._io_loop = IOLoop.current()
        self._load_history()

    # --- history ---------------------------------------------------------------------------

    def _load_history(self) -> None:
        for meta, stored in self.store.load_all():
            # a history written by an older version is read in today's event shapes
            events = [upgrade_stored(e) for e in stored]
            job = ServerJob(
                id=meta["id"],
                path=meta["path"],
                options=meta.get("options", {}),
                created=meta.get("created", 0.0),
                status=meta.get("status", "interrupted"),
                outcome=meta.get("outcome"),
                error=meta.get("error"),
                output=meta.get("output"),
                events=events,
            )
            finished = next((e for e in reversed(events) if e["type"] == "job_finished"), None)
            if finished:
                job.report = finished["report"]
            if job.status in ("queued", "running"):
                # the server stopped under this job: say so in its log, keep what it did
                job.status = "interrupted"
                job.error = "interrupted: the server stopped while the job was running"
                self._append(job, JobFailed(error=job.error, interrupted=True))
                self.store.save_meta(job.id, job.meta())
            self.jobs[job.id] = job

    # --- paths -----------------------------------------------------------------------------

    def resolve_notebook(self, rel: Any) -> Path:
        if not isinstance(rel, str) or not rel.strip():
            raise RequestError(400, "'path' must be a notebook path relative to the server root")
        full = inside_root(self.root, rel)
        if not full.name.endswith(".ipynb"):
            raise RequestError(400, f"{rel}: not a .ipynb notebook")
        if not full.is_file():
            raise RequestError(404, f"{rel}: no such notebook")
        return full

    def relative(self, path: Path) -> str:
        return path.resolve().relative_to(self.root).as_posix()

    def for_client(self, text: str) -> str:
        """A message without the server's absolute paths: paths under the root become relative."""
        return text.replace(f"{self.root}{os.sep}", "").replace(str(self.root), ".")

    def queue_reason(self) -> str | None:
        """Why a job posted now would wait, or None when it would start at once."""
        active = [j for j in self.jobs.values() if j.status in ("queued", "running")]
        waiting, batch = len(self.slots.waiting), self.slots.lent
        working = len(active) - waiting + batch
        if working < self.slots.n and len(active) < self._threads:
            return None
        if len(active) >= self._threads and waiting:
            return (
                f"{waiting} job(s) wait for your review and keep their kernels "
                f"(at most {self.config.max_waiting_reviews}); decide or cancel one to go on"
            )
        running = f"{min(working, self.slots.n)} job(s) running (at most {self.slots.n} at once)"
        return f"{running}, {batch} of them batch notebooks" if batch else running

    def detect_score(self, rel_path: Any) -> DetectedScore | None:
        """The score a notebook under the root printed in its stored outputs, if any."""
        full = self.resolve_notebook(rel_path)
        try:
            nb = load_notebook(full).nb
        except ModernizerError as exc:
            raise RequestError(400, self.for_client(str(exc))) from None
        return detect_score(nb)

    # --- jobs --------------------------------------------------------------------------------

    def create(self, rel_path: Any, options: Any) -> ServerJob:
        options = client_options(options, self.root)
        full = self.resolve_notebook(rel_path)
        # a sidecar sees the server's root, so a notebook's ../data resolves as in JupyterLab
        merged = {**self.config.job_defaults(), "root": str(self.root), **options}
        try:
            opts = Options.from_json(merged)
            # a broken notebook is the request's fault: 400, not a failed job
            check_kernel_language(load_notebook(full).nb, opts.kernel, full)
            check_writable(default_output_path(full), "output")  # a 400 now, not after the run
        except TypeError as exc:
            raise RequestError(400, f"bad options: {exc}") from None
        except ModernizerError as exc:
            raise RequestError(400, self.for_client(str(exc))) from None
        # one notebook, one job at a time: a second would race the first for its copy and
        # ask the user to review the same cells twice (a reloaded page, a second tab, a script)
        busy = self.active_job_for(self.relative(full))
        if busy is not None:
            raise RequestError(
                409,
                f"{busy.path} already has a job {busy.status} ({busy.id}): follow it, or "
                "cancel it before starting another",
            )
        reason = self.queue_reason()
        job = ServerJob(
            id=uuid.uuid4().hex[:12],
            path=self.relative(full),
            options=opts.to_json(),
            created=time.time(),
            output=self.relative(default_output_path(full)),
        )
        job.queue_reason = reason
        if opts.review == "manual":
            job.review = ManualReview(
                job.cancel, on_wait=lambda waiting: self.slots.waiting_for_person(job, waiting)
            )
        self.jobs[job.id] = job
        self.store.save_meta(job.id, job.meta())
        self.store.save_notebook(job.id, "original.ipynb", full)
        self._pool.submit(self._run, job, full, opts)
        return job

    def active_job_for(self, rel_path: str) -> ServerJob | None:
        """The queued or running job of the notebook at ``rel_path``, if any."""
        return next(
            (j for j in self.jobs.values() if j.path == rel_path and j.status in _ACTIVE), None
        )

    def get(self, job_id: str) -> ServerJob:
        job = self.jobs.get(job_id)
        if job is None:
            raise RequestError(404, f"no job {job_id!r}")
        return job

    def list(self) -> list[ServerJob]:
        return sorted(self.jobs.values(), key=lambda j: j.created, reverse=True)

    def cancel(self, job_id: str) -> ServerJob:
        job = self.get(job_id)
        job.cancel.set()
        if job.review:
            job.review.wake()
        if job.status == "queued":
            job.status = "cancelled"
            self.store.save_meta(job.id, job.meta())
        return job

    def decide(self, job_id: str, body: Any) -> None:
        from .review import ReviewError

        job = self.get(job_id)
        if not isinstance(body, dict):
            raise RequestError(400, "body must be an object {fix_id, cell_id, decision}")
        if job.review is None:
            raise RequestError(409, "this job applies fixes automatically (review: auto)")
        fix_id, decision, cell_id = body.get("fix_id"), body.get("decision"), body.get("cell_id")
        if not isinstance(fix_id, str) or not isinstance(decision, str):
            raise RequestError(400, "'fix_id' and 'decision' are required strings")
        if decision in ("accept", "reject") and not isinstance(cell_id, str):
            raise RequestError(400, "'cell_id' is required for accept/reject")
        try:
            job.review.submit(fix_id, decision, cell_id)
        except ReviewError as exc:
            status = 400 if "decision must be" in str(exc) else 409
            raise RequestError(status, str(exc)) from None

    # --- events ------------------------------------------------------------------------------

    def subscribe(self, job_id: str, callback: Subscriber, since: int = 0) -> Callable[[], None]:
        """Replay events after ``since``, then deliver live ones. Call on the IO loop."""
        job = self.get(job_id)
        last = since
        for event in list(job.events):
            if event["seq"] > last:
                callback(event)
                last = event["seq"]
        sent = {"last": last}

        def deliver(event: dict[str, Any]) -> None:
            if event["seq"] > sent["last"]:  # replay and live may overlap by a few events
                sent["last"] = event["seq"]
                callback(event)

        job.subscribers.append(deliver)
        return lambda: job.subscribers.remove(deliver) if deliver in job.subscribers else None

    def _sink(self, job: ServerJob) -> Callable[[Event], None]:
        def sink(event: Event) -> None:
            data = event.to_json()
            # terminal events go to the browser and the history: root-relative paths only
            if isinstance(event.payload, JobFinished):
                report = data["report"] = self._client_report(event.payload.report)
                # the copy this job wrote (a new name when an earlier result was kept; None
                # when there was nothing to modernize)
                job.output = report["output"]
                # the stored status is final before anyone can see the terminal event
                job.report = report
                job.outcome = report["outcome"]
                job.status = "cancelled" if job.cancel.is_set() else "finished"
                self.store.save_meta(job.id, job.meta())
            elif isinstance(event.payload, JobFailed):
                data["error"] = self.for_client(event.payload.error)
                job.status, job.error = "failed", data["error"]
                self.store.save_meta(job.id, job.meta())
            self._record(job, data)

        return sink

    def client_summary(self, job: ServerJob) -> dict[str, Any]:
        """What the browser gets of a job: no option only the server sets (its root, where
        files go), and no absolute path under the root in any message or report field."""
        data = job.summary()
        data["options"] = {
            k: v for k, v in (data.get("options") or {}).items() if k not in SERVER_ONLY_OPTIONS
        }
        return scrub_root(data, self.root)

    def _client_report(self, report: dict[str, Any]) -> dict[str, Any]:
        """A copy of the report for the browser: its notebook, output and notices without the
        server's absolute paths."""
        report = dict(report)
        for key in ("output", "notebook"):
            if report.get(key):
                report[key] = relative_to_root(report[key], self.root)
        report["notices"] = [self.for_client(n) for n in report.get("notices", [])]
        return scrub_root(report, self.root)  # tracebacks naming the user's files too

    def _append(self, job: ServerJob, payload: Payload) -> None:
        """An event the server adds to a job's log itself (the engine did not get to it)."""
        seq = job.events[-1]["seq"] + 1 if job.events else 1
        event = Event(job=job.id, seq=seq, time=time.time(), payload=payload)
        self._record(job, event.to_json())

    def _record(self, job: ServerJob, event: dict[str, Any]) -> None:
        job.events.append(event)
        self.store.append_event(job.id, event)
        self._io_loop.add_callback(self._fanout, job, event)

    @staticmethod
    def _fanout(job: ServerJob, event: dict[str, Any]) -> None:
        for deliver in list(job.subscribers):
            deliver(event)

    # --- the worker --------------------------------------------------------------------------

    def _run(self, job: ServerJob, full: Path, opts: Options) -> None:
        if job.cancel.is_set():
            return
        self.slots.take(job)
        try:
            if not job.cancel.is_set():
                self._work(job, full, opts)
        finally:
            self.slots.give_back(job)
            self.slots.waiting.discard(job.id)

    def _work(self, job: ServerJob, full: Path, opts: Options) -> None:
        job.status = "running"
        self.store.save_meta(job.id, job.meta())
        # the review gate registers a fix before anyone can see it proposed (and answer it)
        sinks = [self._sink(job)]
        if job.review is not None:
            sinks.insert(0, job.review)
        # never send the server's key to an endpoint the browser chose
        api_key = self.config.key_for(opts.base_url)
        try:
            prepared = prepare_job(
                full,
                opts,
                job_id=job.id,
                sinks=sinks,
                review=job.review or AutoReview(),
                cancel=job.cancel,
                api_key=api_key,
            )
            result = prepared.run()
        except ModernizerError as exc:
            job.status, job.error = "failed", self.for_client(str(exc))
            if not job.events or job.events[-1]["type"] not in TERMINAL_EVENTS:
                self._append(job, JobFailed(error=job.error))
        except Exception as exc:  # a bug must not take the server down; it is in the log
            job.status, job.error = "failed", self.for_client(f"{type(exc).__name__}: {exc}")
            if self.log:
                self.log.exception("mlemodernizer job %s failed", job.id)
            if not job.events or job.events[-1]["type"] not in TERMINAL_EVENTS:
                self._append(job, JobFailed(error=job.error))
        else:
            # job.report came with job_finished, its paths already relative to the root
            if result.report.output is not None:
                self.store.save_notebook(job.id, "modernized.ipynb", prepared.output)
        self.store.save_meta(job.id, job.meta())

    def shutdown(self) -> None:
        for job in self.jobs.values():
            if job.status in ("queued", "running"):
                job.cancel.set()
                if job.review:
                    job.review.wake()
        self._pool.shutdown(wait=True, cancel_futures=True)
