"""Every reply the model sent is in the report with why it was refused, and a user can cap a small
local model's replies (issue 14's real-model runs). The real CLI and kernel, the real openai
client against the scripted OpenAI-compatible server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ...conftest import json_report, run_cli, write_notebook
from ...scripted_openai import ScriptedOpenAI

# a renamed helper: no rule knows it, so the model is asked
CELLS = ["def load_data2():\n    return [1, 2]", "print(len(load_data()))"]
GOOD = "Call the renamed helper.\n\n```python\n# %% cell 2\nprint(len(load_data2()))\n```\n"


@pytest.mark.kernel
def test_the_report_lists_each_reply_with_why_it_was_refused(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", CELLS)
    garbage = "I would call load_data2 instead."  # no code at all
    with ScriptedOpenAI([garbage, GOOD]) as srv:
        args = ["--base-url", srv.base_url, "--model", "m", "--json"]
        report = json_report(
            run_cli("run", str(nb), *args, "--max-tokens", "321", "--temperature", "0")
        )
        bodies = srv.requests
    assert report["error_free"] is True
    # the caps reach every request, the re-ask included
    assert [(b["max_tokens"], b["temperature"]) for b in bodies] == [(321, 0), (321, 0)]
    first, second = report["fixers"]["llm"]["items"]
    assert first["accepted"] is False and first["reason"]
    assert first["iteration"] == 1 and first["attempt"] == 1
    assert second["accepted"] is True and second["reason"] is None
    assert second["attempt"] == 2 and second["cells"] == [1]
    assert first["finish_reason"] == "stop" and first["completion_tokens"] > 0
    assert len(report["fixers"]["llm"]["items"]) == report["llm"]["requests"] == 2


@pytest.mark.kernel
def test_max_tokens_and_temperature_are_checked(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", CELLS)
    base = ["run", str(nb), "--base-url", "http://127.0.0.1:9/v1", "--model", "m"]
    proc = run_cli(*base, "--max-tokens", "0")
    assert proc.returncode != 0 and "--max-tokens must be >= 1" in proc.stderr
    proc = run_cli(*base, "--temperature", "5")
    assert proc.returncode != 0 and "--temperature must be between 0 and 2" in proc.stderr
