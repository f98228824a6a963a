"""The scripted server itself: as a script (for UI tests and the CLI check) and its edge cases."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import openai
import pytest

from ... import scripted_openai
from ...scripted_openai import Reply, ScriptedOpenAI

SCRIPT = Path(scripted_openai.__file__)


def test_runs_as_a_script_with_a_reply_file(tmp_path: Path):
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps(["first", {"content": "second", "prompt_tokens": 5}]))
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--port", "0", "--script", str(replies)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        base_url = proc.stdout.readline().strip()
        assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1")
        client = openai.OpenAI(base_url=base_url, api_key="k", max_retries=0)
        msgs = [{"role": "user", "content": "hi"}]
        first = client.chat.completions.create(model="m", messages=msgs)
        assert first.choices[0].message.content == "first"
        stream = client.chat.completions.create(
            model="m", messages=msgs, stream=True, stream_options={"include_usage": True}
        )
        chunks = list(stream)
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        assert text == "second"
        assert chunks[-1].usage is not None and chunks[-1].usage.prompt_tokens == 5
        with pytest.raises(openai.InternalServerError, match="script exhausted"):
            client.chat.completions.create(model="m", messages=msgs)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_bad_script_file_is_refused(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"content": "x", "colour": "red"}]))
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--script", str(bad)], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "unknown Reply field(s): colour" in proc.stderr


def test_callable_replies_see_the_request_and_repeat_last():
    def echo(body: dict) -> str:
        return "you said " + body["messages"][-1]["content"]

    with ScriptedOpenAI([echo], repeat_last=True) as srv:
        client = openai.OpenAI(base_url=srv.base_url, api_key="k", max_retries=0)
        for word in ("a", "b"):
            r = client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": word}]
            )
            assert r.choices[0].message.content == f"you said {word}"
        assert [b["messages"][-1]["content"] for b in srv.requests] == ["a", "b"]


def test_a_json_reply_chosen_by_the_prompt():
    item = {"content": "default", "by_prompt": [{"contains": "wine", "content": "scale"}]}
    with ScriptedOpenAI([Reply.from_json(item)], repeat_last=True) as srv:
        client = openai.OpenAI(base_url=srv.base_url, api_key="k", max_retries=0)
        for prompt, expected in (("the wine notebook", "scale"), ("helpers", "default")):
            r = client.chat.completions.create(
                model="m", messages=[{"role": "user", "content": prompt}]
            )
            assert r.choices[0].message.content == expected
    with pytest.raises(ValueError, match="by_prompt is a list"):
        Reply.from_json({"by_prompt": [{"contains": "x"}]})


def test_streamed_usage_only_when_asked():
    with ScriptedOpenAI([Reply("abc"), Reply("abc")]) as srv:
        client = openai.OpenAI(base_url=srv.base_url, api_key="k", max_retries=0)
        msgs = [{"role": "user", "content": "hi"}]
        plain = list(client.chat.completions.create(model="m", messages=msgs, stream=True))
        assert all(c.usage is None for c in plain)
        asked = list(
            client.chat.completions.create(
                model="m", messages=msgs, stream=True, stream_options={"include_usage": True}
            )
        )
        assert asked[-1].usage is not None and asked[-1].choices == []


def test_malformed_replies_break_the_raw_client(tmp_path: Path):
    replies = [
        {"content": "abcdef", "chunk_chars": 2, "malformed": "{not json", "malformed_after": 3},
        {"malformed": "<h1>Bad gateway</h1>", "raw_content_type": "text/html"},
        {"malformed": "{not json"},
    ]
    with ScriptedOpenAI([Reply.from_json(r) for r in replies]) as srv:
        client = openai.OpenAI(base_url=srv.base_url, api_key="k", max_retries=0)
        msgs = [{"role": "user", "content": "hi"}]
        stream = client.chat.completions.create(model="m", messages=msgs, stream=True)
        texts: list[str] = []
        with pytest.raises(json.JSONDecodeError):
            for chunk in stream:
                texts.extend(c.delta.content or "" for c in chunk.choices)
        assert "".join(texts) == "abcd"  # the role chunk and two pieces came first
        page = client.chat.completions.create(model="m", messages=msgs, stream=True)
        assert list(page) == []  # not SSE: no events at all
        with pytest.raises(json.JSONDecodeError):
            client.chat.completions.create(model="m", messages=msgs)
        assert srv.served == 3
