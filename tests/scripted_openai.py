"""A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions API from a script.

The ``openai`` package (and any other OpenAI-compatible client) talks to it over real sockets, so
tests exercise the actual client: JSON and SSE streaming replies, usage, error bodies, retries.

    with ScriptedOpenAI([Reply("plan\\n```python\\n# %% cell 2\\nx = 1\\n```")]) as srv:
        client = openai.OpenAI(base_url=srv.base_url, api_key="k")
        ...
        assert len(srv.requests) == 1          # every request body, parsed

A script item is a :class:`Reply`, a plain string (a 200 reply with that content), or a callable
``(request_body) -> str`` choosing the content from the prompt. ``Reply.content`` may also be such a
callable. When the script is exhausted the server answers HTTP 500 with a clear message (or repeats
the last reply with ``repeat_last=True``).

As a pytest fixture factory (register this module as a plugin)::

    pytest_plugins = ["tests.scripted_openai"]  # in the test module

    def test_x(scripted_openai):
        srv = scripted_openai([Reply("...")])

As a script, for UI tests and the CLI acceptance check::

    python tests/scripted_openai.py --port 8123 --script replies.json [--repeat-last]

``replies.json`` is a JSON list of strings or objects with the fields of :class:`Reply` (no
callables; ``by_prompt`` picks the content by what the prompt contains, see ``Reply.from_json``).
The server prints its base URL on one line once it listens and serves until killed.

(PYTEST_DONT_REWRITE: this module is imported by tests before pytest registers it as a plugin.)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ContentFn = Callable[[dict[str, Any]], str]

_ERROR_TYPES = {
    400: ("invalid_request_error", "Bad request"),
    401: ("invalid_request_error", "Incorrect API key provided"),
    404: ("invalid_request_error", "The model does not exist"),
    429: ("rate_limit_exceeded", "Rate limit reached, please retry"),
    500: ("server_error", "The server had an error while processing your request"),
    502: ("server_error", "Bad gateway"),
    503: ("server_error", "The engine is currently overloaded, please try again later"),
}


@dataclass
class Reply:
    """One scripted answer.

    ``status`` other than 200 answers with an OpenAI-style error body (429 adds ``Retry-After: 0``).
    ``delay_s`` sleeps before answering (timeout tests). Token counts default to word counts of the
    prompt and the content; ``usage=False`` leaves usage out entirely (clients must estimate).
    ``chunk_chars`` is the size of the streamed content pieces. ``retry_after`` is the
    ``Retry-After`` header of an error reply (429 defaults to "0"). ``disconnect_after`` cuts a
    stream after that many content pieces, mid-body (a dropped connection).
    ``malformed`` answers 200 with a broken body: a stream sends its first ``malformed_after``
    events, then ``data: <malformed>`` (invalid JSON) and ends; a plain reply's whole body is
    ``malformed`` (still ``Content-Type: application/json``). ``raw_content_type`` sends
    ``malformed`` as that body for any request, stream or not (an HTML error page, say).
    """

    content: str | ContentFn = ""
    status: int = 200
    delay_s: float = 0.0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    usage: bool = True
    error_message: str | None = None
    chunk_chars: int = 7
    retry_after: str | None = None
    disconnect_after: int | None = None
    malformed: str | None = None
    malformed_after: int = 0
    raw_content_type: str | None = None

    @classmethod
    def from_json(cls, item: Any) -> Reply:
        """A string, or an object with Reply's fields; ``by_prompt`` (JSON only) is a list of
        ``{"contains": TEXT, "content": REPLY}``: the first whose text is in the prompt answers,
        else ``content`` (one script serves several notebooks)."""
        if isinstance(item, str):
            return cls(content=item)
        if isinstance(item, dict):
            item = dict(item)
            choices = item.pop("by_prompt", None)
            known = set(cls.__dataclass_fields__)
            unknown = set(item) - known
            if unknown:
                raise ValueError(f"unknown Reply field(s): {', '.join(sorted(unknown))}")
            if choices is not None:
                item["content"] = _by_prompt(choices, item.get("content", ""))
            return cls(**item)
        raise ValueError(f"a script item must be a string or an object, not {item!r}")


ScriptItem = Reply | str | ContentFn


def _by_prompt(choices: Any, default: str) -> ContentFn:
    if not isinstance(choices, list) or not all(
        isinstance(c, dict) and set(c) == {"contains", "content"} for c in choices
    ):
        raise ValueError('by_prompt is a list of {"contains": TEXT, "content": REPLY}')

    def choose(body: dict[str, Any]) -> str:
        prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages", []))
        return next((c["content"] for c in choices if c["contains"] in prompt), default)

    return choose


def _as_reply(item: ScriptItem) -> Reply:
    if isinstance(item, Reply):
        return item
    if isinstance(item, str):
        return Reply(content=item)
    if callable(item):
        return Reply(content=item)
    raise TypeError(f"script item must be Reply, str or callable, not {type(item).__name__}")


def _words(text: str) -> int:
    return len(text.split())


def _prompt_words(body: dict[str, Any]) -> int:
    total = 0
    for msg in body.get("messages") or []:
        content = msg.get("content")
        if isinstance(content, str):
            total += _words(content)
        elif isinstance(content, list):
            total += sum(_words(p.get("text", "")) for p in content if isinstance(p, dict))
    return total


@dataclass
class _State:
    script: list[Reply]
    repeat_last: bool
    model_ids: list[str]
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    model_list_headers: list[dict[str, str]] = field(default_factory=list)
    served: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_reply(self) -> Reply | None:
        with self.lock:
            if self.served < len(self.script):
                reply = self.script[self.served]
                self.served += 1
                return reply
            if self.repeat_last and self.script:
                return self.script[-1]
            return None


class _Handler(BaseHTTPRequestHandler):
    server_version = "ScriptedOpenAI/1.0"
    protocol_version = "HTTP/1.1"
    state: _State  # set on the subclass made per server

    def handle(self) -> None:
        # the client may give up (timeout, cancel): nothing to tell it then
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass  # keep test output quiet

    # --- helpers --------------------------------------------------------------------------------

    def _send_json(
        self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
    ):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def _send_raw(self, text: str, content_type: str) -> None:
        data = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_error(
        self, status: int, message: str | None = None, retry_after: str | None = None
    ) -> None:
        etype, default = _ERROR_TYPES.get(status, ("server_error", f"HTTP {status}"))
        body = {
            "error": {
                "message": message or default,
                "type": etype,
                "param": None,
                "code": etype if status == 429 else None,
            }
        }
        if retry_after is None and status == 429:
            retry_after = "0"
        headers = {"Retry-After": retry_after} if retry_after is not None else None
        self._send_json(status, body, headers)

    # --- routes ---------------------------------------------------------------------------------

    def do_GET(self) -> None:
        if self.path.rstrip("/").endswith("/models"):
            self.state.model_list_headers.append({k.lower(): v for k, v in self.headers.items()})
            data = [
                {"id": m, "object": "model", "created": 0, "owned_by": "scripted"}
                for m in self.state.model_ids
            ]
            self._send_json(200, {"object": "list", "data": data})
        else:
            self._send_error(404, f"no route GET {self.path}")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send_error(404, f"no route POST {self.path}")
            return
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._send_error(400, "request body is not JSON")
            return
        with self.state.lock:
            self.state.requests.append(body)
            self.state.headers.append({k.lower(): v for k, v in self.headers.items()})
        reply = self.state.next_reply()
        if reply is None:
            n = len(self.state.script)
            self._send_error(500, f"scripted_openai: script exhausted (all {n} replies used)")
            return
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.status != 200:
            self._send_error(reply.status, reply.error_message, reply.retry_after)
            return
        try:
            content = reply.content(body) if callable(reply.content) else reply.content
        except Exception as exc:  # a broken test callable: say so instead of hanging the client
            self._send_error(500, f"scripted_openai: reply callable failed: {exc!r}")
            return
        usage = None
        if reply.usage:
            pt = reply.prompt_tokens if reply.prompt_tokens is not None else _prompt_words(body)
            ct = reply.completion_tokens if reply.completion_tokens is not None else _words(content)
            usage = {"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct}
        model = body.get("model") or "scripted"
        if reply.malformed is not None and (
            reply.raw_content_type is not None or not body.get("stream")
        ):
            self._send_raw(reply.malformed, reply.raw_content_type or "application/json")
            return
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            self._stream(
                model,
                content,
                usage if include_usage else None,
                reply.chunk_chars,
                reply.disconnect_after,
                reply.malformed,
                reply.malformed_after,
            )
        else:
            self._send_json(200, _completion(model, content, usage))

    def _stream(
        self,
        model: str,
        content: str,
        usage: dict | None,
        chunk_chars: int,
        disconnect_after: int | None,
        malformed: str | None = None,
        malformed_after: int = 0,
    ) -> None:
        """SSE over chunked transfer encoding, as real servers (uvicorn, vLLM) send it."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def write(data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

        for n, event in enumerate(_chunks(model, content, usage, max(1, chunk_chars))):
            if disconnect_after is not None and n > disconnect_after:
                self.close_connection = True
                self.connection.shutdown(2)  # mid-body: the client sees an incomplete response
                return
            if malformed is not None and n >= malformed_after:
                break
            write(f"data: {json.dumps(event)}\n\n".encode())
        if malformed is not None:
            # a complete HTTP response whose SSE data is not JSON (a broken proxy or server)
            write(f"data: {malformed}\n\n".encode())
        write(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def _completion(model: str, content: str, usage: dict | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
                "logprobs": None,
            }
        ],
    }
    if usage is not None:
        out["usage"] = usage
    return out


def _chunks(model: str, content: str, usage: dict | None, size: int) -> Iterator[dict[str, Any]]:
    cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
    created = int(time.time())

    def chunk(delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
        return {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
        }

    yield chunk({"role": "assistant", "content": ""}, None)
    for i in range(0, len(content), size):
        yield chunk({"content": content[i : i + size]}, None)
    yield chunk({}, "stop")
    if usage is not None:
        yield {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [],
            "usage": usage,
        }


class ScriptedOpenAI:
    """The server. ``start()``/``stop()`` or use as a context manager."""

    def __init__(
        self,
        script: Sequence[ScriptItem] = (),
        *,
        port: int = 0,
        repeat_last: bool = False,
        model_ids: Sequence[str] = ("scripted-model",),
    ) -> None:
        self._state = _State(
            script=[_as_reply(item) for item in script],
            repeat_last=repeat_last,
            model_ids=list(model_ids),
        )
        handler = type("Handler", (_Handler,), {"state": self._state})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request body received on POST /chat/completions, in order."""
        return self._state.requests

    @property
    def request_headers(self) -> list[dict[str, str]]:
        """The headers (lower-cased names) of those requests."""
        return self._state.headers

    @property
    def model_list_headers(self) -> list[dict[str, str]]:
        """The headers (lower-cased names) of each GET /models."""
        return self._state.model_list_headers

    @property
    def served(self) -> int:
        """How many script items have been used."""
        return self._state.served

    def add(self, *items: ScriptItem) -> None:
        with self._state.lock:
            self._state.script.extend(_as_reply(i) for i in items)

    def start(self) -> ScriptedOpenAI:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._httpd.serve_forever,
                kwargs={"poll_interval": 0.05},
                name="scripted-openai",
                daemon=True,
            )
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def __enter__(self) -> ScriptedOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


try:  # the pytest fixture factory; the module also runs as a plain script without pytest
    import pytest

    @pytest.fixture
    def scripted_openai() -> Iterator[Callable[..., ScriptedOpenAI]]:
        """Factory fixture: ``srv = scripted_openai([Reply(...), ...], repeat_last=False)``."""
        servers: list[ScriptedOpenAI] = []

        def make(script: Sequence[ScriptItem] = (), **kwargs: Any) -> ScriptedOpenAI:
            srv = ScriptedOpenAI(script, **kwargs).start()
            servers.append(srv)
            return srv

        yield make
        for srv in servers:
            srv.stop()

    @pytest.fixture
    def closed_port() -> int:
        """A local port with nothing listening on it."""
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])

except ImportError:  # pragma: no cover
    pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--script", help="JSON file: a list of strings or Reply objects")
    parser.add_argument("--repeat-last", action="store_true", help="repeat the last reply forever")
    parser.add_argument("--model", action="append", help="model id(s) listed by GET /v1/models")
    args = parser.parse_args(argv)
    items: list[Any] = []
    if args.script:
        with open(args.script, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, list):
            print(f"{args.script}: expected a JSON list of replies", file=sys.stderr)
            return 2
        try:
            items = [Reply.from_json(item) for item in data]
        except (TypeError, ValueError) as exc:
            print(f"{args.script}: {exc}", file=sys.stderr)
            return 2
    srv = ScriptedOpenAI(
        items,
        port=args.port,
        repeat_last=args.repeat_last,
        model_ids=args.model or ["scripted-model"],
    )
    print(srv.base_url, flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv._httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
