"""The fix loop end to end: the real CLI, a real kernel, the real openai client against a
scripted OpenAI-compatible server. One test per branch of the loop."""

from __future__ import annotations

import hashlib
from pathlib import Path

import nbformat
import pytest

from ..conftest import json_report, run_cli, write_notebook
from ..scripted_openai import Reply, ScriptedOpenAI

pytestmark = pytest.mark.kernel

ACC = r"accuracy: ([0-9.]+)"


def fix(cells: dict[int, str], plan: str = "Plan: fix it.") -> str:
    # keyed by the cell's index; the model names it by its number, from 1
    body = "\n\n".join(f"# %% cell {i + 1}\n{src}" for i, src in cells.items())
    return f"{plan}\n\n```python\n{body}\n```\n"


def llm_args(srv: ScriptedOpenAI) -> list[str]:
    # the LLM's path: the environment family repairs a renamed helper first (its own tests)
    return ["--base-url", srv.base_url, "--model", "scripted-model", "--fixers", "rules,llm"]


def prompt_text(body: dict) -> str:
    return "\n".join(str(m.get("content", "")) for m in body["messages"])


def test_renamed_helper_is_repaired_over_two_iterations(copy_example) -> None:
    folder = copy_example("renamed-helper")
    nb = folder / "iris.ipynb"
    before = hashlib.sha256(nb.read_bytes()).hexdigest()
    replies = [
        fix({1: "from helpers import load_dataset\nimport numpy as np"}, "The helper was renamed."),
        fix({2: "X, y = load_dataset()\nprint(X.shape)"}, "Call the renamed helper."),
    ]
    with ScriptedOpenAI(replies) as srv:
        report = json_report(run_cli("run", str(nb), *llm_args(srv), "--json"))
        first_prompt = prompt_text(srv.requests[0])
        second_prompt = prompt_text(srv.requests[1])
    assert report["outcome"] == "error_free_reproducible"
    assert report["error_free"] and report["reproducibility_basis"] == "errors"
    assert report["baseline"]["error_cells"] == 3  # import, call, and the cell using X
    assert [it["fix_type"] for it in report["iterations"]] == ["error_repair", "error_repair"]
    assert [it["source"] for it in report["iterations"]] == ["llm", "llm"]
    assert [it["cells_changed"] for it in report["iterations"]] == [[1], [2]]
    assert report["iterations"][0]["error_cells"] == 2  # the call still fails after iteration 1
    assert report["final"]["error_cells"] == 0
    assert report["llm"]["requests"] == 2 and report["llm"]["prompt_tokens"] > 0
    # grounded: the kernel told the model what the helpers module really has
    assert "cannot import name 'load_data'" in first_prompt and "load_dataset" in first_prompt
    assert "NameError" in second_prompt
    # the input is untouched, the output sits beside it with provenance
    assert hashlib.sha256(nb.read_bytes()).hexdigest() == before
    out = nbformat.read(folder / "iris.modernized.ipynb", as_version=4)
    assert report["output"] == str(folder / "iris.modernized.ipynb")
    assert out.cells[2].source.startswith("X, y = load_dataset()")
    fixes = out.metadata["mlemodernizer"]["fixes"]
    assert [f["source"] for f in fixes] == ["llm", "llm"] and fixes[0]["model"] == "scripted-model"
    assert all(f["tokens"]["prompt_tokens"] > 0 and f["time"] for f in fixes)
    sim = report["iterations"][1]["similarity"]["2"]
    assert 0.5 < sim["previous"] < 1.0 and sim["original"] == sim["previous"]


def test_score_deviation_is_calibrated_back_into_the_band(copy_example) -> None:
    nb = copy_example("wine-knn") / "wine.ipynb"
    scaled = (
        "from sklearn.pipeline import make_pipeline\n"
        "from sklearn.preprocessing import MinMaxScaler\n"
        "model = make_pipeline(MinMaxScaler(), KNeighborsClassifier(n_neighbors=15))\n"
        "model.fit(X_train, y_train)\n"
        "print('accuracy: %.3f' % accuracy_score(y_test, model.predict(X_test)))"
    )
    with ScriptedOpenAI([fix({2: scaled}, "KNN is distance based: scale the features.")]) as srv:
        args = ["--score-regex", ACC, "--target-score", "0.94"]
        report = json_report(run_cli("run", str(nb), *llm_args(srv), *args, "--json"))
        prompt = prompt_text(srv.requests[0])
    assert report["baseline"]["score"] == 0.8 and report["baseline"]["error_cells"] == 0
    assert [it["issue"] for it in report["iterations"]] == ["score_deviation"]
    assert report["iterations"][0]["fix_type"] == "score_calibration"
    assert abs(report["final"]["score"] - 0.94) <= 0.094
    assert (
        report["outcome"] == "error_free_reproducible"
        and report["reproducibility_basis"] == "score"
    )
    assert "0.94" in prompt and "0.8" in prompt


def test_target_is_read_from_the_original_outputs(copy_example) -> None:
    nb = copy_example("wine-knn") / "wine.ipynb"
    report = json_report(run_cli("run", str(nb), "--offline", "--score-regex", ACC, "--json"))
    assert report["target_score"] == 0.94  # what the 2018 run printed
    assert report["outcome"] == "error_free_non_reproducible"
    assert report["stop_reason"] == "no_fix"


def test_timeout_leads_to_runtime_reduction(tmp_path: Path) -> None:
    nb = write_notebook(
        tmp_path / "slow.ipynb",
        ["import time\nfor epoch in range(200):\n    time.sleep(0.1)\nprint('trained')"],
    )
    fast = "import time\nfor epoch in range(5):\n    time.sleep(0.1)\nprint('trained')"
    with ScriptedOpenAI([fix({0: fast}, "Train for fewer epochs.")]) as srv:
        report = json_report(run_cli("run", str(nb), *llm_args(srv), "--timeout", "6", "--json"))
        prompt = prompt_text(srv.requests[0])
    assert report["baseline"]["timed_out"] is True
    assert report["iterations"][0]["issue"] == "timeout"
    assert report["iterations"][0]["fix_type"] == "runtime_reduction"
    assert report["outcome"] == "error_free_reproducible"
    assert report["final"]["runtime_s"] < 6
    assert "6" in prompt  # the time budget is in the prompt


def test_malformed_reply_is_reasked_and_429_retried(tmp_path: Path) -> None:
    nb = write_notebook(
        tmp_path / "nb.ipynb", ["import numpy as np", "print(np.sqrt(nump.array([4])))"]
    )
    replies = [
        Reply(status=429),
        "Sure! The problem is a typo in the name of numpy.",  # no cells at all
        fix({1: "print(np.sqrt(np.array([4])))"}),
    ]
    with ScriptedOpenAI(replies) as srv:
        report = json_report(run_cli("run", str(nb), *llm_args(srv), "--json"))
        assert len(srv.requests) == 3
        reask = srv.requests[2]["messages"]
    assert report["outcome"] == "error_free_reproducible"
    assert report["llm"]["requests"] == 2  # the 429 was retried inside one request
    assert reask[-2]["role"] == "assistant" and "typo" in reask[-2]["content"]
    assert reask[-1]["role"] == "user" and "# %% cell" in reask[-1]["content"]


def test_guard_rejects_a_hard_coded_score_and_tells_the_model(copy_example) -> None:
    nb = copy_example("wine-knn") / "wine.ipynb"
    cheat = fix({2: "print('accuracy: 0.940')"}, "Print the expected accuracy.")
    honest = fix(
        {
            2: "from sklearn.preprocessing import StandardScaler\n"
            "from sklearn.pipeline import make_pipeline\n"
            "model = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=15))\n"
            "model.fit(X_train, y_train)\n"
            "print('accuracy: %.3f' % accuracy_score(y_test, model.predict(X_test)))"
        }
    )
    with ScriptedOpenAI([cheat, honest]) as srv:
        args = ["--score-regex", ACC, "--target-score", "0.94", "--json"]
        report = json_report(run_cli("run", str(nb), *llm_args(srv), *args))
        reason = srv.requests[1]["messages"][-1]["content"]
    assert "score" in reason.lower() and "hard" in reason.lower()
    out = nbformat.read(nb.parent / "wine.modernized.ipynb", as_version=4)
    assert "0.940'" not in out.cells[2].source
    assert report["final"]["score"] > 0.9 and report["outcome"] == "error_free_reproducible"


def test_iteration_limit_ends_with_a_clear_outcome(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = undefined_a"])
    replies = [fix({0: "x = undefined_b"}), fix({0: "x = undefined_c"}), fix({0: "x = 1"})]
    with ScriptedOpenAI(replies) as srv:
        args = ["--max-iterations", "2", "--json"]
        report = json_report(run_cli("run", str(nb), *llm_args(srv), *args))
        assert len(srv.requests) == 2
    assert report["stop_reason"] == "iteration_limit" and len(report["iterations"]) == 2
    assert report["outcome"] == "error_non_reproducible" and not report["error_free"]


def test_budget_stops_the_loop(tmp_path: Path) -> None:
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = undefined_a"])
    replies = [Reply(fix({0: "x = undefined_b"}), prompt_tokens=900, completion_tokens=100)] * 3
    with ScriptedOpenAI(replies) as srv:
        args = ["--budget-tokens", "500", "--json"]
        report = json_report(run_cli("run", str(nb), *llm_args(srv), *args))
        assert len(srv.requests) == 1
    assert report["stop_reason"] == "budget"
    assert report["llm"]["prompt_tokens"] == 900 and report["llm"]["completion_tokens"] == 100


def test_reruns_give_a_t_test_verdict(tmp_path: Path) -> None:
    nb = write_notebook(
        tmp_path / "noisy.ipynb",
        ["import random\nprint('accuracy: %.4f' % (0.9 + random.uniform(-0.01, 0.01)))"],
    )
    args = ["--offline", "--score-regex", ACC, "--target-score", "0.9", "--reruns", "4", "--json"]
    report = json_report(run_cli("run", str(nb), *args))
    assert report["reproducibility_basis"] == "t-test"
    assert len(report["rerun_scores"]) == 5
    assert report["p_value"] is not None and 0 <= report["p_value"] <= 1
    assert report["reproducible"] == (report["p_value"] >= 0.05)


def test_static_prepass_applies_safe_rules_before_the_first_run(copy_example) -> None:
    nb = copy_example("breast-cancer-2017") / "notebooks" / "random_forest.ipynb"
    args = ["--offline", "--prepass", "--score-regex", ACC, "--json"]
    report = json_report(run_cli("run", str(nb), *args))
    static = report["iterations"][0]
    assert static["index"] == 0 and static["issue"] == "static" and static["source"] == "rule"
    assert "SKL001" in static["rule_ids"] and static["runtime_s"] is None
    # the first run already has the module moves fixed: only the .ix cell fails (SAFE* unproven)
    assert report["baseline"]["error_cells"] < 4
    assert report["outcome"] == "error_free_reproducible"
    assert report["final"]["score"] == report["target_score"]
