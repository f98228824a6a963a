"""One chat completion over any OpenAI-compatible endpoint: streaming, usage, retries, errors.

Retries are ours (the ``openai`` client runs with ``max_retries=0``): exponential backoff from a
small base, capped, honouring a small ``Retry-After``, on 408/409/429/5xx, timeouts, connection
errors and malformed replies (a body that is not JSON, SSE data that is not a chunk). Whatever is
left after the retries becomes one :class:`LLMError` line that names the endpoint and never the API
key.

Usage counts every attempt the server answered (HTTP 200), also one that broke mid-stream or was
malformed: the server may bill it. Those without a usage block are estimated.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import openai

from ...contracts.errors import LLMError
from ..base import TokenUsage
from .endpoint import NO_KEY, openai_client
from .pricing import PriceTable, cost_usd, estimate_prompt_tokens, estimate_tokens

try:  # the openai package's transport: httpx2 in newer releases, httpx before
    import httpx2 as _http
except ImportError:  # pragma: no cover - depends on the installed openai
    import httpx as _http  # type: ignore[no-redef]

Message = Mapping[str, str]

_RETRY_STATUSES = {408, 409, 429}
_MAX_RETRY_AFTER_S = 20.0
_MAX_LINE = 300


@dataclass
class Completion:
    content: str
    usage: TokenUsage  # this request, with its answered failed attempts
    usage_estimated: bool = False
    finish_reason: str | None = None
    cancelled: bool = False


class LLMRequestError(LLMError):
    """An LLMError that says what the request's answered attempts spent (they may be billed)."""

    def __init__(self, message: str, usage: TokenUsage | None = None) -> None:
        super().__init__(message)
        self.usage = usage if usage is not None else TokenUsage()


class _Retryable(Exception):
    def __init__(self, kind: str, detail: str, retry_after: float | None = None) -> None:
        super().__init__(detail)
        self.kind = kind  # "unreachable" | "timeout" | "status" | "malformed"
        self.detail = detail
        self.retry_after = retry_after
        self.usage: TokenUsage | None = None  # set when the server answered this attempt


class _Malformed(Exception):
    """A 200 reply that is not a chat completion (or chunk)."""


@dataclass
class _Received:
    """What one attempt got before it ended: a reply that started counts, even a broken one."""

    answered: bool = False
    parts: list[str] = field(default_factory=list)
    usage: Any = None


def redact_url(url: str) -> str:
    """The URL without user:password@ and without query parameters (they may hold a key)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<endpoint>"
    netloc = parts.hostname or ""
    if parts.port:
        netloc = f"{netloc}:{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


class _Stop(threading.Event):
    """The job's cancel, or its deadline passed: what a request checks between stream chunks
    and before each attempt."""

    def __init__(self, cancel: threading.Event | None, until: float | None) -> None:
        super().__init__()
        self._cancel, self._until = cancel, until

    def is_set(self) -> bool:
        return bool(self._cancel is not None and self._cancel.is_set()) or (
            self._until is not None and time.monotonic() >= self._until
        )

    def left(self) -> float | None:
        return None if self._until is None else self._until - time.monotonic()


class ChatClient:
    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        prices: PriceTable,
        max_retries: int = 4,
        request_timeout: float = 120.0,
        stream: bool = True,
        backoff_base_s: float = 0.5,
        backoff_cap_s: float = 8.0,
        temperature: float | None = None,
        max_tokens: int | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url
        self.endpoint = redact_url(base_url)
        self.model = model
        self.prices = prices
        self.max_retries = max(0, max_retries)
        self.request_timeout = request_timeout
        self.stream = stream
        self.backoff_base_s = backoff_base_s
        self.backoff_cap_s = backoff_cap_s
        self.temperature = temperature
        self.max_tokens = max_tokens
        self._sleep = sleep
        # None is no key: the environment's key is the caller's to pass (llm_endpoint.py)
        self._api_key = api_key or NO_KEY
        self._client = openai_client(base_url, self._api_key, timeout=request_timeout)

    # --- public ---------------------------------------------------------------------------------

    def complete(
        self,
        messages: Sequence[Message],
        on_chunk: Callable[[str], None] | None = None,
        cancel: threading.Event | None = None,
        until: float | None = None,
    ) -> Completion:
        """One completion, retried on transient failures; LLMRequestError when it cannot be had.

        ``until`` (``time.monotonic()``, the job's deadline): no request outlasts it and none
        starts after it; the completion is then ``cancelled``, as with ``cancel``.

        The usage (the completion's, or the error's) includes every failed attempt that the
        server answered.
        """
        attempts = self.max_retries + 1
        last: _Retryable | None = None
        spent = TokenUsage()  # answered attempts that failed
        stop = _Stop(cancel, until)
        for attempt in range(attempts):
            if stop.is_set():
                return Completion("", spent, bool(spent.requests), cancelled=True)
            try:
                done = self._once(messages, on_chunk, stop)
            except _Retryable as exc:
                last = exc
                if exc.usage is not None:
                    spent.add(exc.usage)
                if attempt + 1 < attempts and not stop.is_set():
                    self._sleep(self._delay(attempt, exc.retry_after))
                continue
            except LLMRequestError as exc:
                exc.usage.add(spent)
                raise
            if spent.requests:
                done.usage.add(spent)
                done.usage_estimated = True
            return done
        assert last is not None
        if stop.is_set():  # the last attempt ran into the deadline: no answer, not an error
            return Completion("", spent, bool(spent.requests), cancelled=True)
        raise LLMRequestError(self._final_message(last, attempts), spent)

    # --- internals ------------------------------------------------------------------------------

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None and 0 <= retry_after <= _MAX_RETRY_AFTER_S:
            return retry_after
        backoff = min(self.backoff_cap_s, self.backoff_base_s * (2**attempt))
        return backoff * (0.75 + 0.5 * random.random())

    def _final_message(self, exc: _Retryable, attempts: int) -> str:
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if exc.kind == "unreachable":
            msg = f"LLM endpoint {self.endpoint} unreachable: {exc.detail} ({tries})"
        elif exc.kind == "timeout":
            msg = (
                f"LLM endpoint {self.endpoint} timed out after {self.request_timeout:g} s ({tries})"
            )
        elif exc.kind == "malformed":
            msg = f"LLM endpoint {self.endpoint} sent a malformed reply: {exc.detail} ({tries})"
        else:
            msg = f"LLM endpoint {self.endpoint} kept failing: {exc.detail} ({tries})"
        return self.redact(msg)

    def redact(self, text: str) -> str:
        """One line, no API key, bounded length."""
        text = " ".join(text.split())
        key = self._api_key
        if key and key != NO_KEY and len(key) >= 4:
            text = text.replace(key, "***")
        text = re.sub(r"\b(sk|key|rk)-[A-Za-z0-9_\-*]{4,}", r"\1-***", text)
        text = re.sub(r"(?i)(bearer\s+)\S+", r"\1***", text)
        return text if len(text) <= _MAX_LINE else text[: _MAX_LINE - 1] + "…"

    def _request_kwargs(
        self, messages: Sequence[Message], left: float | None = None
    ) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
        }
        if left is not None:  # the deadline is nearer than the request timeout
            kwargs["timeout"] = max(1.0, min(self.request_timeout, left))
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        if self.max_tokens is not None:
            kwargs["max_tokens"] = self.max_tokens
        if self.stream:
            kwargs["stream"] = True
            kwargs["stream_options"] = {"include_usage": True}
        return kwargs

    def _once(
        self,
        messages: Sequence[Message],
        on_chunk: Callable[[str], None] | None,
        cancel: threading.Event | None,
    ) -> Completion:
        got = _Received()
        try:
            return self._request(messages, on_chunk, cancel, got)
        except _Retryable as exc:
            if got.answered:  # the server may bill a reply that broke: it counts
                partial = self._completion(messages, "".join(got.parts), got.usage, None, False)
                exc.usage = partial.usage
            raise

    def _request(
        self,
        messages: Sequence[Message],
        on_chunk: Callable[[str], None] | None,
        cancel: threading.Event | None,
        got: _Received,
    ) -> Completion:
        try:
            try:
                left = cancel.left() if isinstance(cancel, _Stop) else None
                response = self._client.chat.completions.create(
                    **self._request_kwargs(messages, left)
                )
            except ValueError as exc:  # a 200 whose body is not JSON (a stream parses later)
                got.answered = True
                raise _Malformed(f"the body is not JSON ({exc})") from exc
            got.answered = True  # a 200: non-2xx statuses raise above
            if self.stream:
                content, usage, finish, cancelled = self._read_stream(
                    response, on_chunk, cancel, got
                )
            else:
                content, finish, usage = _plain_reply(response)
                cancelled = False
                if on_chunk is not None and content:
                    on_chunk(content)
        except _Malformed as exc:
            raise _Retryable("malformed", str(exc)) from exc
        except openai.APITimeoutError as exc:
            raise _Retryable("timeout", "timed out") from exc
        except openai.APIConnectionError as exc:
            raise _Retryable("unreachable", _connection_detail(exc)) from exc
        except openai.APIStatusError as exc:
            detail = f"HTTP {exc.status_code} {_status_message(exc)}"
            if exc.status_code in _RETRY_STATUSES or exc.status_code >= 500:
                raise _Retryable("status", detail, _retry_after(exc)) from exc
            raise LLMRequestError(
                self.redact(f"LLM endpoint {self.endpoint} refused the request: {detail}")
            ) from None
        except _http.TimeoutException as exc:  # raised while reading a stream
            raise _Retryable("timeout", "timed out") from exc
        except _http.TransportError as exc:
            raise _Retryable("unreachable", _connection_detail(exc)) from exc
        except openai.APIError as exc:  # e.g. an error event inside the stream
            raise _Retryable("status", str(exc) or type(exc).__name__) from exc
        return self._completion(messages, content, usage, finish, cancelled)

    def _read_stream(
        self,
        stream: Any,
        on_chunk: Callable[[str], None] | None,
        cancel: threading.Event | None,
        got: _Received,
    ) -> tuple[str, Any, str | None, bool]:
        parts = got.parts
        finish: str | None = None
        cancelled = False
        events = 0
        iterator = iter(stream)
        try:
            while True:
                try:
                    chunk = next(iterator)
                except StopIteration:
                    break
                except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError: not SSE JSON
                    raise _Malformed(f"stream data is not JSON ({exc})") from exc
                events += 1
                texts, chunk_finish, chunk_usage = _chunk_parts(chunk)
                if chunk_usage is not None:
                    got.usage = chunk_usage
                for text in texts:
                    parts.append(text)
                    if on_chunk is not None:
                        on_chunk(text)
                if chunk_finish:
                    finish = chunk_finish
                if cancel is not None and cancel.is_set():
                    cancelled = True
                    break
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
        if not events and not cancelled:
            # an HTML page or a JSON body where SSE was asked for parses as no events at all
            raise _Malformed("no stream events in the body")
        return "".join(parts), got.usage, finish, cancelled

    def _completion(
        self,
        messages: Sequence[Message],
        content: str,
        usage: Any,
        finish: str | None,
        cancelled: bool,
    ) -> Completion:
        prompt = _count(getattr(usage, "prompt_tokens", None) if usage is not None else None)
        completion = _count(
            getattr(usage, "completion_tokens", None) if usage is not None else None
        )
        estimated = prompt is None or completion is None
        if prompt is None:
            prompt = estimate_prompt_tokens(messages)
        if completion is None:
            completion = estimate_tokens(content)
        cost = cost_usd(self.model, prompt, completion, self.prices)
        tokens = TokenUsage(
            requests=1, prompt_tokens=prompt, completion_tokens=completion, cost_usd=cost
        )
        return Completion(content, tokens, estimated, finish, cancelled)


def _count(value: Any) -> int | None:
    """A token count from a usage block, None when it is missing or not a count."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def _plain_reply(response: Any) -> tuple[str, str | None, Any]:
    """(content, finish_reason, usage) of a non-streamed reply; _Malformed when it is none.

    The openai client builds its objects without validation: whatever JSON (or text) came back
    arrives here, so each field is checked.
    """
    choices = getattr(response, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise _Malformed(f"not a chat completion ({_shape(response)})")
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None) if message is not None else None
    if message is None or not isinstance(content, str | None):
        raise _Malformed("a choice without a message")
    finish = getattr(choices[0], "finish_reason", None)
    usage = getattr(response, "usage", None)
    return content or "", finish if isinstance(finish, str) else None, usage


def _chunk_parts(chunk: Any) -> tuple[list[str], str | None, Any]:
    """(texts, finish_reason, usage) of one stream chunk; _Malformed when it is no chunk."""
    if not isinstance(chunk, openai.BaseModel):  # valid JSON, but not an object (42, [..])
        raise _Malformed(f"a stream event is not a chunk ({_shape(chunk)})")
    choices = getattr(chunk, "choices", None)
    if not isinstance(choices, list | None):
        raise _Malformed("a stream chunk's choices are not a list")
    texts: list[str] = []
    finish: str | None = None
    for choice in choices or []:
        delta = getattr(choice, "delta", None)
        text = getattr(delta, "content", None) if delta is not None else None
        if not isinstance(text, str | None):
            raise _Malformed("a stream chunk's content is not text")
        if text:
            texts.append(text)
        reason = getattr(choice, "finish_reason", None)
        if isinstance(reason, str) and reason:
            finish = reason
    return texts, finish, getattr(chunk, "usage", None)


def _shape(value: Any) -> str:
    """A few words on what came instead of a completion, never its full text."""
    if isinstance(value, str):
        return f"text: {value[:60]!r}"
    return type(value).__name__


def _status_message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
    text = exc.message or ""
    return re.sub(r"^Error code: \d+ - ", "", text)


def _retry_after(exc: openai.APIStatusError) -> float | None:
    headers = exc.response.headers if exc.response is not None else {}
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return float(value) / divisor
        except ValueError:
            continue
    return None


def _connection_detail(exc: BaseException) -> str:
    """The root cause in a few words: 'connection refused', 'name not resolved', ..."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    texts: list[str] = []
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, ConnectionRefusedError):
            return "connection refused"
        texts.append(str(cur))
        cur = cur.__cause__ or cur.__context__
    joined = " ".join(texts).lower()
    if "refused" in joined:
        return "connection refused"
    if "name or service not known" in joined or "nodename nor servname" in joined:
        return "host name not resolved"
    if "getaddrinfo" in joined or "temporary failure in name resolution" in joined:
        return "host name not resolved"
    if "reset" in joined:
        return "connection reset"
    if "disconnected" in joined or "closed" in joined:
        return "server closed the connection"
    for text in reversed(texts):
        if text and text != "Connection error.":
            return text
    return "connection error"
