"""Thin HTTP and WebSocket handlers over the job manager; every route is authenticated."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import tornado.web
import tornado.websocket
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from jupyter_server.extension.handler import ExtensionHandlerMixin

from .. import __version__
from ..contracts.events import TERMINAL_EVENTS
from .health import HealthRequestError, health_report
from .manager import JobManager, RequestError


class BaseHandler(ExtensionHandlerMixin, APIHandler):
    """Turns the manager's RequestError into an HTTP status with a JSON message."""

    @property
    def manager(self) -> JobManager:
        return self.settings["mlemodernizer_manager"]

    def body(self) -> Any:
        try:
            return json.loads(self.request.body or b"{}")
        except json.JSONDecodeError as exc:
            raise RequestError(400, f"request body is not JSON: {exc}") from None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, RequestError):
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"message": str(exc), "status": exc.status}))
            return
        super().write_error(status_code, **kwargs)

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, RequestError):
            self.send_error(e.status, exc_info=(type(e), e, e.__traceback__))
            return
        super()._handle_request_exception(e)


class HealthHandler(BaseHandler):
    @tornado.web.authenticated
    async def get(self) -> None:
        config = self.settings["mlemodernizer_config"]
        # ?base_url=&model=: check the LLM the user's settings name instead of the server's
        base_url = self.get_query_argument("base_url", None) or None
        model = self.get_query_argument("model", None) or None
        try:
            report = await asyncio.to_thread(health_report, config, base_url, model)
        except HealthRequestError as exc:
            raise RequestError(400, str(exc)) from None
        self.finish(json.dumps({"status": "ok", "version": __version__, **report}))


class ScoreHandler(BaseHandler):
    """``?path=NB``: the score the notebook printed (``--score detect``), for the panel to
    propose before a job starts; ``{"found": false}`` when it printed none."""

    @tornado.web.authenticated
    async def get(self) -> None:
        path = self.get_query_argument("path", None)
        found = await asyncio.to_thread(self.manager.detect_score, path)
        answer = {"found": True, **found.to_json()} if found else {"found": False}
        self.finish(json.dumps(answer))


class JobsHandler(BaseHandler):
    @tornado.web.authenticated
    def get(self) -> None:
        self.finish(
            json.dumps({"jobs": [self.manager.client_summary(j) for j in self.manager.list()]})
        )

    @tornado.web.authenticated
    def post(self) -> None:
        body = self.body()
        if not isinstance(body, dict):
            raise RequestError(400, "body must be an object {path, options}")
        job = self.manager.create(body.get("path"), body.get("options"))
        self.set_status(201)
        self.finish(json.dumps({"id": job.id, **self.manager.client_summary(job)}))


class JobHandler(BaseHandler):
    @tornado.web.authenticated
    def get(self, job_id: str) -> None:
        self.finish(json.dumps(self.manager.client_summary(self.manager.get(job_id))))

    @tornado.web.authenticated
    def delete(self, job_id: str) -> None:
        job = self.manager.cancel(job_id)
        self.set_status(202)
        self.finish(json.dumps(self.manager.client_summary(job)))


class DecisionsHandler(BaseHandler):
    @tornado.web.authenticated
    def post(self, job_id: str) -> None:
        self.manager.decide(job_id, self.body())
        self.finish(json.dumps(self.manager.client_summary(self.manager.get(job_id))))


class BatchesHandler(BaseHandler):
    @tornado.web.authenticated
    def get(self) -> None:
        batches = self.settings["mlemodernizer_batches"]
        root = batches.root
        items = sorted(batches.batches.values(), key=lambda b: b.created, reverse=True)
        self.finish(json.dumps({"batches": [b.summary(root) for b in items]}))

    @tornado.web.authenticated
    def post(self) -> None:
        body = self.body()
        if not isinstance(body, dict):
            raise RequestError(400, "body must be an object {dir, options}")
        batches = self.settings["mlemodernizer_batches"]
        batch = batches.create(body.get("dir"), body.get("options"))
        self.set_status(201)
        self.finish(json.dumps(batch.summary(batches.root)))


class BatchHandler(BaseHandler):
    @tornado.web.authenticated
    def get(self, batch_id: str) -> None:
        batches = self.settings["mlemodernizer_batches"]
        self.finish(json.dumps(batches.get(batch_id).summary(batches.root)))

    @tornado.web.authenticated
    def delete(self, batch_id: str) -> None:
        batches = self.settings["mlemodernizer_batches"]
        self.set_status(202)
        self.finish(json.dumps(batches.cancel(batch_id).summary(batches.root)))


class BatchReportHandler(BaseHandler):
    """``?notebook=REL``: the report one notebook of a batch got."""

    @tornado.web.authenticated
    def get(self, batch_id: str) -> None:
        batches = self.settings["mlemodernizer_batches"]
        notebook = self.get_query_argument("notebook", None)
        self.finish(json.dumps(batches.notebook_report(batch_id, notebook)))


class EventsWebSocket(
    WebSocketMixin, ExtensionHandlerMixin, JupyterHandler, tornado.websocket.WebSocketHandler
):
    """Streams a job's events; ``?since=SEQ`` replays what came after SEQ first."""

    _unsubscribe: Any = None

    @property
    def manager(self) -> JobManager:
        return self.settings["mlemodernizer_manager"]

    @ws_authenticated
    async def get(self, job_id: str) -> None:
        if job_id not in self.manager.jobs:
            raise tornado.web.HTTPError(404, f"no job {job_id!r}")
        try:
            self._since = int(self.get_argument("since", "0"))
        except ValueError:
            raise tornado.web.HTTPError(400, "since must be an integer") from None
        self._job_id = job_id
        await super().get(job_id)

    def open(self, job_id: str) -> None:  # type: ignore[override]
        super().open()
        self._unsubscribe = self.manager.subscribe(job_id, self._send, self._since)

    def _send(self, event: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            self.on_close()  # the browser went away (a closed tab, an undecided review)
            return
        try:
            sent = self.write_message(json.dumps(event))
        except tornado.websocket.WebSocketClosedError:
            self.on_close()
            return
        # a close racing the write fails the returned future: retrieve it, or asyncio logs
        # "Task exception was never retrieved"
        sent.add_done_callback(_ignore_closed)
        if event["type"] in TERMINAL_EVENTS:
            self.close()

    def on_message(self, message: str | bytes) -> None:
        pass  # the stream is one-way; decisions go through REST

    def on_close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None


def _ignore_closed(future: Any) -> None:
    if not future.cancelled():
        exc = future.exception()
        if exc is not None and not isinstance(exc, tornado.websocket.WebSocketClosedError):
            raise exc
