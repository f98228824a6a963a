"""The LLM changes the user's own helper module an error is raised in (``# %% file PATH``).

The real openai client against the scripted server on 127.0.0.1: the prompt shows the module's
lines around the failing one; a reply's file block becomes a change to that file, and only to a
file the loop lets the fixers change (FixContext.modules). The CLI runs end to end with real
kernels: the helper is changed on disk, its original kept.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.environment.local_modules import frame_in_modules
from mlemodernizer.execution.base import CellError, CellRun, ExecutionResult
from mlemodernizer.fixers.base import FixContext
from mlemodernizer.fixers.llm import LLMFixer
from mlemodernizer.fixers.llm.reply import parse_reply

from ...conftest import run_cli, write_notebook
from ...fakes import fix_context

pytest_plugins = ["tests.scripted_openai"]  # fixtures: scripted_openai

# a helper that calls a function another local module renamed: no rule knows that name
MATHUTIL = "def mean_values(values):\n    return sum(values) / len(values)\n"
HELPERS = """\
import mathutil


def summary(values):
    total = sum(values)
    return {"total": total, "mean": mathutil.mean_value(values)}
"""
FIXED = HELPERS.replace("mathutil.mean_value(", "mathutil.mean_values(")
CELLS = ["from helpers import summary", "print(summary([1, 2, 3]))"]
TRACEBACK = """\
AttributeError                            Traceback (most recent call last)
Cell In[2], line 1
----> 1 print(summary([1, 2, 3]))

File /scratch/copy/proj/helpers.py:6, in summary(values)
      4 def summary(values):
      5     total = sum(values)
----> 6     return {"total": total, "mean": mathutil.mean_value(values)}

AttributeError: module 'mathutil' has no attribute 'mean_value'"""
GOOD = f"Plan: call the renamed `mean_values`.\n```python\n# %% file helpers.py\n{FIXED}```"


def make_ctx(modules: dict[str, str] | None = None, traceback: str = TRACEBACK) -> FixContext:
    nb = new_notebook(cells=[new_code_cell(c) for c in CELLS])
    ensure_cell_ids(nb)
    evalue = "module 'mathutil' has no attribute 'mean_value'"
    err = CellError(1, nb.cells[1].id, "AttributeError", evalue, traceback)
    result = ExecutionResult(executed=nb, cells=[CellRun(0, "a", 0.1)], errors=[err])
    return fix_context(
        nb,
        result=result,
        versions={"numpy": "2.4.6"},
        modules={"helpers.py": HELPERS} if modules is None else modules,
    )


def fixer_for(srv) -> LLMFixer:
    return LLMFixer(srv.base_url, "m", api_key="k", backoff_base_s=0.001)


def user_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


# --- the fixer, one context ----------------------------------------------------------------------


def test_the_prompt_shows_the_module_and_a_file_block_changes_it(scripted_openai) -> None:
    srv = scripted_openai([GOOD])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None
    [change] = proposal.changes
    assert (change.cell_index, change.cell_id, change.path) == (-1, "file:helpers.py", "helpers.py")
    assert (change.old_source, change.new_source) == (HELPERS, FIXED)
    prompt = user_text(srv.requests[0])
    # the module's own lines, numbered, the failing one marked; said to be the user's file
    assert "`helpers.py` is the user's Python file beside the notebook" in prompt
    assert "  1 | import mathutil" in prompt
    assert '->6 |     return {"total": total, "mean": mathutil.mean_value(values)}' in prompt
    assert "`# %% file helpers.py`" in prompt
    assert "(raised in `helpers.py`, the user's helper module)" in prompt


def test_a_long_module_shows_the_lines_around_the_failure_and_the_block_replaces_them(
    scripted_openai,
) -> None:
    head = [f"A{i} = {i}" for i in range(1, 41)]
    body = ["def summary(values):", "    total = sum(values)"]
    failing = '    return {"total": total, "mean": mathutil.mean_value(values)}'
    tail = [f"B{i} = {i}" for i in range(1, 41)]
    lines = ["import mathutil", *head, *body, failing, *tail]
    source = "\n".join(lines) + "\n"
    line = lines.index(failing) + 1  # 44
    traceback = TRACEBACK.replace("helpers.py:6,", f"helpers.py:{line},")
    # the model sends back the shown lines (29 to 59) indented by its markdown list, with the
    # prompt's line numbers copied onto each
    shown = lines[line - 16 : line + 15]
    new = [ln.replace("mean_value(", "mean_values(") for ln in shown]
    numbered = "\n".join(f"   {n:>2} | {text}" for n, text in enumerate(new, start=line - 15))
    reply = f"1. Plan: rename.\n2. ```python\n   # %% file helpers.py\n{numbered}\n   ```"
    srv = scripted_openai([reply])
    proposal = fixer_for(srv).propose(make_ctx({"helpers.py": source}, traceback))
    assert proposal is not None, srv.requests
    [change] = proposal.changes
    assert change.new_source == source.replace("mean_value(", "mean_values(")
    prompt = user_text(srv.requests[0])
    assert f"lines {line - 15} to {line + 15} (of {len(lines)})" in prompt
    assert "A28 = 28" in prompt and "A27 = 27" not in prompt  # bounded
    assert "B15 = 15" in prompt and "B16 = 16" not in prompt


@pytest.mark.parametrize("path", ["../outside.py", "other.py", "/etc/passwd.py"])
def test_a_file_the_loop_does_not_offer_is_rejected_and_reasked(scripted_openai, path) -> None:
    bad = f"Plan: change it there.\n```python\n# %% file {path}\nX = 1\n```"
    srv = scripted_openai([bad, GOOD])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None and [c.path for c in proposal.changes] == ["helpers.py"]
    reask = srv.requests[1]["messages"][-1]["content"]
    assert f"`{path}` is not a file you may change" in reask
    assert "`# %% file helpers.py`" in reask


def test_without_modules_no_file_may_change(scripted_openai) -> None:
    srv = scripted_openai([GOOD] * 2)
    fixer = fixer_for(srv)
    assert fixer.propose(make_ctx(modules={})) is None
    assert "`helpers.py` is not a file you may change" in (fixer.last_failure or "")
    assert "# %% file" not in user_text(srv.requests[0])  # no module shown, no file format


def test_the_guard_judges_a_file_as_a_cell(scripted_openai) -> None:
    net = FIXED + "import urllib.request\nurllib.request.urlretrieve('http://x/y', 'y')\n"
    bad = f"Plan.\n```python\n# %% file helpers.py\n{net}```"
    srv = scripted_openai([bad, GOOD])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None and proposal.changes[0].new_source == FIXED
    assert "`helpers.py` adds network access" in srv.requests[1]["messages"][-1]["content"]


def test_a_helper_may_import_another_local_module_but_no_new_package(
    scripted_openai, tmp_path: Path
) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "averages.py").write_text(MATHUTIL)
    traceback = TRACEBACK.replace("/scratch/copy/proj", str(tmp_path))
    local = FIXED.replace("import mathutil\n", "import mathutil\nimport averages\n")
    package = FIXED.replace("import mathutil\n", "import mathutil\nimport notinstalledpkg\n")
    srv = scripted_openai(
        [f"Plan.\n```python\n# %% file helpers.py\n{s}```" for s in (package, local)]
    )
    proposal = fixer_for(srv).propose(make_ctx(traceback=traceback))
    assert proposal is not None and proposal.changes[0].new_source == local
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "`helpers.py` imports `notinstalledpkg`, which is not installed" in reask


def test_a_file_block_that_drops_a_used_definition_is_reasked(scripted_openai) -> None:
    # only the changed line sent back: `summary`, which the notebook imports, is gone
    partial = "import mathutil\nmean = mathutil.mean_values"
    bad = f"Plan.\n```python\n# %% file helpers.py\n{partial}\n```"
    srv = scripted_openai([bad, GOOD])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None
    assert "no longer defines `summary`" in srv.requests[1]["messages"][-1]["content"]


def test_a_before_and_after_block_keeps_the_after(scripted_openai) -> None:
    # the shape Qwen2.5-Coder-1.5B sent: the old code, then `# Replaced with:` and the new
    reply = (
        "### Plan\n1. Use `mean_values`.\n```python\n# %% cell 2\nprint(summary([1, 2, 3]))\n\n"
        f"# %% file helpers.py\n# The original code in helpers.py was:\n{HELPERS}\n"
        f"# Replaced with:\n{FIXED}```"
    )
    srv = scripted_openai([reply])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None and [c.new_source for c in proposal.changes] == [FIXED]


def test_a_block_that_drops_definitions_of_the_module_is_reasked(scripted_openai) -> None:
    # what the 1.5B model sent for a long module: the shown lines rewritten, ending early, so
    # `describe` (which the notebook never calls) and the rest would be gone
    lines = ["import mathutil", *[f"A{i} = {i}" for i in range(40)], ""]
    lines += ["def summary(values):", "    return mathutil.mean_value(values)", "", ""]
    lines += ["def describe(values):", "    return str(summary(values))"]
    source = "\n".join(lines) + "\n"
    traceback = TRACEBACK.replace("helpers.py:6,", "helpers.py:44,")
    short = "def summary(values):\n    return mathutil.mean_values(values)"
    good = "\n".join(lines[28:]).replace("mean_value(", "mean_values(")
    srv = scripted_openai(
        [f"Plan.\n```python\n# %% file helpers.py\n{b}\n```" for b in (short, good)]
    )
    proposal = fixer_for(srv).propose(make_ctx({"helpers.py": source}, traceback))
    assert proposal is not None
    assert proposal.changes[0].new_source == source.replace("mean_value(", "mean_values(")
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "no longer defines `describe`, `A27`, `A28`, `A29` and 10 more" in reask


def test_a_stream_that_stops_inside_the_block_is_cut_off() -> None:
    """A local server interrupts a streamed reply when another request comes: the stream ends
    with no finish reason, mid-block. That block must not replace the file's lines."""
    cut = "Plan.\n```python\n# %% file helpers.py\nimport mathutil\n\n\ndef summary(values):\n"
    with _sse_server([cut, GOOD]) as (url, bodies):
        fixer = LLMFixer(url, "m", api_key="k", backoff_base_s=0.001)
        proposal = fixer.propose(make_ctx())
    assert proposal is not None and proposal.changes[0].new_source == FIXED
    assert "cut off" in bodies[1]["messages"][-1]["content"]


@contextlib.contextmanager
def _sse_server(replies: list[str]) -> Iterator[tuple[str, list[dict]]]:
    """A real HTTP server streaming each reply as chat completion chunks; the first one's stream
    ends with no finish reason (no "stop" chunk), as an interrupted llama.cpp server's does."""
    bodies: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the http.server API)
            length = int(self.headers.get("Content-Length", "0"))
            bodies.append(json.loads(self.rfile.read(length)))
            content = replies[min(len(bodies), len(replies)) - 1]
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            finish = [None] if len(bodies) == 1 else [None, "stop"]
            deltas = [{"content": content}, {}][: len(finish)]
            for delta, reason in zip(deltas, finish, strict=True):
                chunk = {
                    "id": "c",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "m",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": reason}],
                }
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", bodies
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_file_header_variants_and_the_frame_by_its_tail() -> None:
    for header in ("# %% file helpers.py", "# %% [file helpers.py]", "# %% helpers.py"):
        assert parse_reply(f"```python\n{header}\nx = 1\n```").files == {"helpers.py": "x = 1"}
    # looser forms once a file was shown; before, a notebook's comment stays one
    for header in ("# file: helpers.py", "### File helpers.py"):
        assert parse_reply(f"```python\n{header}\nx = 1\n```", ["helpers.py"]).files
    assert parse_reply("```python\n# %% cell 2\n# file: train.py\nx = 1\n```").cells == {
        1: "# file: train.py\nx = 1"
    }
    assert parse_reply("**File helpers.py**\n```python\nx = 1\n```", ["helpers.py"]).files
    # a bare name is a header only for a file that was shown
    assert parse_reply("```python\n# helpers.py\nx = 1\n```", ["helpers.py"]).files
    assert not parse_reply("```python\n# helpers.py\nx = 1\n```").files
    frame = frame_in_modules(TRACEBACK, ["helpers.py", "mathutil.py"])
    assert frame is not None and (frame.path, frame.line) == ("helpers.py", 6)
    assert frame.root == "/scratch/copy/proj"
    assert frame_in_modules(TRACEBACK, ["pkg/helpers.py"]) is None


# --- the CLI, real kernels -----------------------------------------------------------------------


def project(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "mathutil.py").write_text(MATHUTIL)
    (root / "helpers.py").write_text(HELPERS)
    return write_notebook(root / "nb.ipynb", CELLS)


def run(srv, nb: Path) -> dict:
    # the LLM's path: the environment family repairs a renamed helper first (its own tests)
    proc = run_cli(
        "run",
        str(nb),
        "--base-url",
        srv.base_url,
        "--model",
        "m",
        "--fixers",
        "rules,llm",
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.kernel
def test_cli_the_llm_fixes_the_helper_module_on_disk(scripted_openai, tmp_path: Path) -> None:
    nb = project(tmp_path / "proj")
    srv = scripted_openai([GOOD])
    report = run(srv, nb)
    root = tmp_path / "proj"
    assert report["error_free"] is True, report
    assert (root / "helpers.py").read_text() == FIXED
    assert (root / "helpers.py.orig").read_text() == HELPERS
    assert (root / "mathutil.py").read_text() == MATHUTIL
    assert [m["path"] for m in report["modules"]] == ["helpers.py"]
    assert report["modules"][0]["written"] is True
    assert [it["files_changed"] for it in report["iterations"]] == [["helpers.py"]]
    assert report["iterations"][0]["source"] == "llm"
    # the prompt showed the module's code around the failing line
    prompt = user_text(srv.requests[0])
    assert "->6 |" in prompt and "mathutil.mean_value(values)" in prompt
    out = nbformat.read(root / "nb.modernized.ipynb", as_version=4)
    assert [c.source for c in out.cells] == CELLS  # the cells were not touched
    assert "'mean': 2.0" in out.cells[1].outputs[0]["text"]


@pytest.mark.kernel
def test_cli_a_reply_naming_another_file_never_writes_it(scripted_openai, tmp_path: Path) -> None:
    nb = project(tmp_path / "proj")
    root = tmp_path / "proj"
    (root / "other.py").write_text("Y = 1\n")
    outside = tmp_path / "outside.py"
    outside.write_text("Z = 1\n")
    bad = (
        "Plan: change the others.\n```python\n# %% file ../outside.py\nZ = 2\n\n"
        "# %% file other.py\nY = 2\n```"
    )
    srv = scripted_openai([bad, GOOD])
    report = run(srv, nb)
    assert report["error_free"] is True
    assert outside.read_text() == "Z = 1\n" and (root / "other.py").read_text() == "Y = 1\n"
    assert not (root / "other.py.orig").exists() and not (tmp_path / "outside.py.orig").exists()
    assert [m["path"] for m in report["modules"]] == ["helpers.py"]
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "`../outside.py` is not a file you may change" in reask
    assert "`other.py` is not a file you may change" in reask
