"""The chat client: retries, backoff, clear errors, streaming, usage — over real HTTP."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from mlemodernizer.contracts.errors import LLMError
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.client import ChatClient, redact_url
from mlemodernizer.fixers.llm.pricing import (
    DEFAULT_PRICES,
    cost_usd,
    estimate_tokens,
    price_for,
)

from ...fakes import fix_context
from ...scripted_openai import Reply, ScriptedOpenAI

pytest_plugins = ["tests.scripted_openai"]  # fixtures: scripted_openai, closed_port


KEY = "sk-proj-SECRETsecret1234567890"
MESSAGES = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "say hi"}]


def client_for(url: str, sleeps: list[float] | None = None, **kw) -> ChatClient:
    kw.setdefault("prices", DEFAULT_PRICES)
    kw.setdefault("backoff_base_s", 0.01)
    sleep = sleeps.append if sleeps is not None else (lambda s: None)
    return ChatClient(url, "gpt-4o", KEY, sleep=sleep, **kw)


def test_429_then_success_is_retried(scripted_openai):
    srv = scripted_openai([Reply(status=429), "hello there"])
    sleeps: list[float] = []
    out = client_for(srv.base_url, sleeps).complete(MESSAGES)
    assert out.content == "hello there"
    assert len(srv.requests) == 2
    assert sleeps == [0.0]  # Retry-After: 0 honoured
    assert out.usage.requests == 1


@pytest.mark.parametrize("status", [500, 502, 503])
def test_5xx_retried_with_capped_exponential_backoff(scripted_openai, status):
    srv = scripted_openai([Reply(status=status)] * 6 + ["ok"])
    sleeps: list[float] = []
    client = client_for(srv.base_url, sleeps, max_retries=6, backoff_base_s=1.0, backoff_cap_s=4.0)
    assert client.complete(MESSAGES).content == "ok"
    assert len(srv.requests) == 7
    bases = [1, 2, 4, 4, 4, 4]
    assert len(sleeps) == 6
    for slept, base in zip(sleeps, bases, strict=True):
        assert 0.75 * base <= slept <= 1.25 * base


def test_large_retry_after_is_not_honoured(scripted_openai):
    srv = scripted_openai([Reply(status=429, retry_after="3600"), "ok"])
    sleeps: list[float] = []
    client_for(srv.base_url, sleeps, backoff_base_s=0.5).complete(MESSAGES)
    assert len(sleeps) == 1 and sleeps[0] <= 0.625


def test_small_retry_after_is_honoured(scripted_openai):
    srv = scripted_openai([Reply(status=503, retry_after="2"), "ok"])
    sleeps: list[float] = []
    client_for(srv.base_url, sleeps).complete(MESSAGES)
    assert sleeps == [2.0]


def test_500s_beyond_max_retries_raise_one_clear_line(scripted_openai):
    srv = scripted_openai([Reply(status=500)] * 10)
    fixer = LLMFixer(srv.base_url, "m", api_key=KEY, max_retries=2, backoff_base_s=0.001)
    with pytest.raises(LLMError) as info:
        fixer.client.complete(MESSAGES)
    msg = str(info.value)
    assert len(srv.requests) == 3
    assert "\n" not in msg
    assert msg.startswith(f"LLM endpoint {srv.base_url} kept failing: HTTP 500")
    assert "(3 attempts)" in msg
    assert KEY not in msg


def test_unreachable_endpoint(closed_port):
    url = f"http://127.0.0.1:{closed_port}/v1"
    with pytest.raises(LLMError) as info:
        client_for(url, max_retries=1).complete(MESSAGES)
    msg = str(info.value)
    assert msg == f"LLM endpoint {url} unreachable: connection refused (2 attempts)"


def test_unreachable_through_the_fixer_propose(closed_port):
    url = f"http://127.0.0.1:{closed_port}/v1"
    fixer = LLMFixer(url, "m", api_key=KEY, max_retries=0)
    with pytest.raises(LLMError, match="unreachable: connection refused"):
        fixer.propose(fix_context())
    assert fixer.usage.requests == 0


def test_timeout_is_retried_then_reported(scripted_openai):
    srv = scripted_openai([Reply("late", delay_s=1.0)] * 2)
    client = client_for(srv.base_url, max_retries=1, request_timeout=0.2)
    with pytest.raises(LLMError) as info:
        client.complete(MESSAGES)
    assert str(info.value) == f"LLM endpoint {srv.base_url} timed out after 0.2 s (2 attempts)"
    assert len(srv.requests) == 2


def test_no_request_outlasts_the_deadline(scripted_openai):
    srv = scripted_openai([Reply("late", delay_s=30.0)] * 3)
    client = client_for(srv.base_url, max_retries=2, request_timeout=60)
    started = time.monotonic()
    out = client.complete(MESSAGES, until=started + 1.5)
    # the first request waits the time left (at least a second), none starts after it
    assert out.cancelled and out.content == ""
    assert time.monotonic() - started < 10
    assert len(srv.requests) == 1


def test_dropped_stream_is_retried(scripted_openai):
    srv = scripted_openai([Reply("a long answer that breaks", disconnect_after=2), "whole answer"])
    chunks: list[str] = []
    out = client_for(srv.base_url).complete(MESSAGES, on_chunk=chunks.append)
    assert out.content == "whole answer"
    assert len(srv.requests) == 2
    assert "".join(chunks).endswith("whole answer")


def test_auth_error_not_retried_and_key_redacted(scripted_openai):
    srv = scripted_openai(
        [Reply(status=401, error_message=f"Incorrect API key provided: {KEY}. See docs.")] * 3
    )
    with pytest.raises(LLMError) as info:
        client_for(srv.base_url).complete(MESSAGES)
    msg = str(info.value)
    assert len(srv.requests) == 1
    assert "refused the request: HTTP 401 Incorrect API key provided" in msg
    assert KEY not in msg and "SECRET" not in msg


def test_script_exhausted_is_a_clear_error(scripted_openai):
    srv = scripted_openai([])
    with pytest.raises(LLMError, match="script exhausted"):
        client_for(srv.base_url, max_retries=0).complete(MESSAGES)


def test_credentials_in_url_are_not_shown(closed_port):
    url = f"http://user:{KEY}@127.0.0.1:{closed_port}/v1?key={KEY}"
    assert redact_url(url) == f"http://127.0.0.1:{closed_port}/v1"
    with pytest.raises(LLMError) as info:
        client_for(url, max_retries=0).complete(MESSAGES)
    assert KEY not in str(info.value)


def test_keyless_local_server_gets_a_placeholder_key(scripted_openai, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    srv = scripted_openai(["hi"])
    ChatClient(srv.base_url, "local", None, prices={}).complete(MESSAGES)
    assert srv.request_headers[0]["authorization"] == "Bearer not-needed"


def test_no_key_means_no_key_even_with_one_in_the_environment(scripted_openai, monkeypatch):
    # the environment's key is the caller's to pass (a server's key must not follow a
    # browser-named endpoint): None never falls back to OPENAI_API_KEY
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env-0000")
    srv = scripted_openai(["hi", "hi"])
    ChatClient(srv.base_url, "local", None, prices={}).complete(MESSAGES)
    assert srv.request_headers[0]["authorization"] == "Bearer not-needed"
    ChatClient(srv.base_url, "local", "sk-given-1111", prices={}).complete(MESSAGES)
    assert srv.request_headers[1]["authorization"] == "Bearer sk-given-1111"


def test_streaming_usage_and_chunks(scripted_openai):
    srv = scripted_openai(
        [Reply("0123456789abcdef", chunk_chars=4, prompt_tokens=7, completion_tokens=3)]
    )
    chunks: list[str] = []
    out = client_for(srv.base_url).complete(MESSAGES, on_chunk=chunks.append)
    assert chunks == ["0123", "4567", "89ab", "cdef"]
    assert (out.usage.prompt_tokens, out.usage.completion_tokens) == (7, 3)
    assert not out.usage_estimated
    assert out.finish_reason == "stop"
    assert out.usage.cost_usd == pytest.approx((7 * 2.5 + 3 * 10.0) / 1e6)


def test_no_usage_is_estimated(scripted_openai):
    srv = scripted_openai([Reply("x" * 41, usage=False)])
    out = client_for(srv.base_url, stream=False).complete(MESSAGES)
    assert out.usage_estimated
    assert out.usage.completion_tokens == 11  # ceil(41 / 4)
    assert out.usage.prompt_tokens == estimate_tokens("be brief") + estimate_tokens("say hi") + 8


def test_cancel_stops_a_stream(scripted_openai):
    cancel = threading.Event()
    srv = scripted_openai([Reply("y" * 200, chunk_chars=1)])

    def on_chunk(_: str) -> None:
        cancel.set()

    out = client_for(srv.base_url).complete(MESSAGES, on_chunk=on_chunk, cancel=cancel)
    assert out.cancelled and len(out.content) < 200


def test_temperature_and_max_tokens_are_sent_only_when_set(scripted_openai):
    srv = scripted_openai(["a", "b"])
    client_for(srv.base_url).complete(MESSAGES)
    client_for(srv.base_url, temperature=0.1, max_tokens=256).complete(MESSAGES)
    assert "temperature" not in srv.requests[0] and "max_tokens" not in srv.requests[0]
    assert srv.requests[1]["temperature"] == 0.1 and srv.requests[1]["max_tokens"] == 256


def test_price_lookup():
    assert price_for("gpt-4o-mini", DEFAULT_PRICES) == (0.15, 0.60)
    assert price_for("gpt-4o-mini-2024-07-18", DEFAULT_PRICES) == (0.15, 0.60)
    assert price_for("openai/gpt-4o", DEFAULT_PRICES) == (2.50, 10.00)
    assert price_for("qwen2.5-coder", DEFAULT_PRICES) is None
    assert cost_usd("qwen2.5-coder", 10_000, 10_000, DEFAULT_PRICES) == 0.0
    assert cost_usd("m", 2_000_000, 1_000_000, {"m": [1.0, 3.0]}) == pytest.approx(5.0)
    with pytest.raises(ValueError):
        price_for("m", {"m": [1.0]})


def test_models_endpoint_answers():
    import openai

    with ScriptedOpenAI(model_ids=["a", "b"]) as srv:
        ids = [m.id for m in openai.OpenAI(base_url=srv.base_url, api_key="k").models.list()]
    assert ids == ["a", "b"]


def test_closed_port_fixture_is_closed(closed_port):
    with socket.socket() as s, pytest.raises(OSError):
        s.connect(("127.0.0.1", closed_port))


# --- malformed replies: an LLM error like a 5xx, and every answered request counts ---------------

MALFORMED = {
    "stream: invalid JSON after some content": (
        Reply("abc def", malformed="{not json", malformed_after=2),
        True,
    ),
    "stream: invalid JSON at once": (Reply("x", malformed="{", malformed_after=0), True),
    "stream: JSON that is no chunk": (Reply("abc", malformed="42", malformed_after=1), True),
    "stream: an HTML page": (Reply(malformed="<h1>502</h1>", raw_content_type="text/html"), True),
    "plain: invalid JSON": (Reply(malformed='{"choices": [tru'), False),
    "plain: an HTML page": (Reply(malformed="<h1>502</h1>", raw_content_type="text/html"), False),
    "plain: JSON that is no completion": (Reply(malformed='{"detail": "ok"}'), False),
}


@pytest.mark.parametrize("reply, stream", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_reply_is_retried_then_one_clear_line(scripted_openai, reply, stream):
    srv = scripted_openai([reply] * 3)
    sleeps: list[float] = []
    client = client_for(srv.base_url, sleeps, max_retries=2, stream=stream)
    with pytest.raises(LLMError) as info:
        client.complete(MESSAGES)
    msg = str(info.value)
    assert len(srv.requests) == 3 and len(sleeps) == 2  # retried within the bounds, like a 5xx
    assert msg.startswith(f"LLM endpoint {srv.base_url} sent a malformed reply: ")
    assert msg.endswith("(3 attempts)") and "\n" not in msg
    # the server answered each one: they may be billed, so they count
    assert info.value.usage.requests == 3
    assert info.value.usage.prompt_tokens > 0


def test_malformed_stream_then_a_good_reply(scripted_openai):
    srv = scripted_openai(
        [Reply("half an answ", malformed="{oops", malformed_after=3), Reply(status=503), "whole"]
    )
    out = client_for(srv.base_url).complete(MESSAGES)
    assert out.content == "whole"
    assert len(srv.requests) == 3
    # the broken stream was answered (counted, estimated); the 503 was no completion
    assert out.usage.requests == 2 and out.usage_estimated


def test_a_dropped_stream_counts_as_a_request(scripted_openai):
    srv = scripted_openai(
        [
            Reply("a long answer that breaks", disconnect_after=2),
            Reply("whole answer", prompt_tokens=10, completion_tokens=2),
        ]
    )
    out = client_for(srv.base_url).complete(MESSAGES)
    assert out.content == "whole answer"
    assert out.usage.requests == 2
    assert out.usage.prompt_tokens > 10 and out.usage.completion_tokens > 2


def test_an_error_after_an_answered_attempt_still_counts_it(scripted_openai):
    srv = scripted_openai([Reply("broken", malformed="{"), Reply(status=401)])
    with pytest.raises(LLMError, match="refused the request") as info:
        client_for(srv.base_url).complete(MESSAGES)
    assert info.value.usage.requests == 1
