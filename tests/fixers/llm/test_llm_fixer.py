"""LLMFixer end to end: the real openai client against the scripted server on 127.0.0.1."""

from __future__ import annotations

import json

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from mlemodernizer.contracts.errors import LLMError
from mlemodernizer.contracts.notebook import ensure_cell_ids
from mlemodernizer.execution.base import CellError, CellRun, ExecutionResult
from mlemodernizer.fixers.base import (
    Attempt,
    BudgetExceeded,
    FixContext,
    Fixer,
    FixProposal,
    FixType,
)
from mlemodernizer.fixers.llm import LLMFixer

from ...conftest import run_cli, write_notebook
from ...fakes import fix_context
from ...scripted_openai import Reply

pytest_plugins = ["tests.scripted_openai"]  # fixtures: scripted_openai, closed_port

TRACEBACK = """\
---------------------------------------------------------------------------
AttributeError                            Traceback (most recent call last)
Cell In[3], line 2
      1 X = df[["a"]].values
----> 2 y = df["b"].values.astype(np.float)

AttributeError: module 'numpy' has no attribute 'float'."""

SOURCES = [
    "import numpy as np\nimport pandas as pd\nfrom sklearn.linear_model import LogisticRegression",
    "df = pd.read_csv('train.csv')",
    'X = df[["a"]].values\ny = df["b"].values.astype(np.float)',
    "model = LogisticRegression()\nmodel.fit(X, y)\nprint('accuracy:', model.score(X, y))",
]
# notebook cells: 0 markdown, 1-4 code, 5 markdown
FIXED_2 = 'X = df[["a"]].values\ny = df["b"].values.astype(float)'
GOOD = f"Plan: `np.float` is gone; use the builtin `float`.\n```python\n# %% cell 4\n{FIXED_2}\n```"
VERSIONS = {"numpy": "2.4.6", "pandas": "3.1.1", "scikit-learn": "1.9.1", "requests": "2.32"}
FACTS = {
    "items": [
        {
            "kind": "module_attr",
            "target": "numpy.float",
            "exists": False,
            "builtin": True,
            "close": ["float64", "float32"],
        }
    ],
    "versions": {"numpy": "2.4.6"},
}


def make_nb() -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.cells = [new_markdown_cell("# Old notebook")]
    nb.cells += [new_code_cell(src) for src in SOURCES]
    nb.cells.append(new_markdown_cell("The end"))
    ensure_cell_ids(nb)
    return nb


def make_ctx(fix_type: FixType = FixType.ERROR_REPAIR, **kw) -> FixContext:
    nb = make_nb()
    err = CellError(
        3, nb.cells[3].id, "AttributeError", "module 'numpy' has no attribute 'float'.", TRACEBACK
    )
    errors = [err] if fix_type == FixType.ERROR_REPAIR else []
    result = ExecutionResult(
        executed=nb,
        cells=[CellRun(i, nb.cells[i].id, s) for i, s in ((1, 0.2), (2, 1.5), (3, 0.1), (4, 42.0))],
        errors=errors,
        runtime_s=43.8,
        facts=FACTS if errors else {},
    )
    kw.setdefault("original", make_nb())
    kw.setdefault("versions", dict(VERSIONS))
    return fix_context(kw.pop("notebook", nb), result=result, fix_type=fix_type, **kw)


def fixer_for(srv, **kw) -> LLMFixer:
    kw.setdefault("backoff_base_s", 0.001)
    return LLMFixer(srv.base_url, "gpt-4o-mini", api_key="sk-test-secret-key-123", **kw)


def user_messages(body: dict) -> list[str]:
    return [m["content"] for m in body["messages"] if m["role"] == "user"]


def all_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"])


# --- the happy paths ------------------------------------------------------------------------------


def test_is_a_fixer():
    fixer: Fixer = LLMFixer("http://127.0.0.1:1/v1", "m")
    assert fixer.name == "llm"


@pytest.mark.parametrize("stream", [True, False])
def test_reply_becomes_cell_changes(scripted_openai, stream):
    srv = scripted_openai([Reply(GOOD, chunk_chars=5)])
    chunks: list[str] = []
    ctx = make_ctx(stream=chunks.append)
    proposal = fixer_for(srv, stream=stream).propose(ctx)

    assert isinstance(proposal, FixProposal)
    assert proposal.fix_type == FixType.ERROR_REPAIR
    assert proposal.source == "llm"
    assert proposal.model == "gpt-4o-mini"
    assert proposal.plan == "`np.float` is gone; use the builtin `float`."
    assert len(proposal.changes) == 1
    change = proposal.changes[0]
    assert change.cell_index == 3
    assert change.cell_id == ctx.notebook.cells[3].id
    assert change.old_source == SOURCES[1 + 1]
    assert change.new_source == FIXED_2
    # the stream delivered the reply, in pieces when streaming
    assert "".join(chunks) == GOOD
    if stream:
        assert len(chunks) > 10
        assert srv.requests[0]["stream"] is True
        assert srv.requests[0]["stream_options"] == {"include_usage": True}
    else:
        assert chunks == [GOOD]
        assert not srv.requests[0].get("stream")
    assert srv.requests[0]["model"] == "gpt-4o-mini"


def test_no_plan_no_fence_still_parsed(scripted_openai):
    srv = scripted_openai([f"# %% cell 4\n{FIXED_2}\n"])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None
    assert [c.cell_index for c in proposal.changes] == [3]
    assert proposal.changes[0].new_source == FIXED_2
    assert proposal.plan == "LLM patch"


def test_unchanged_cells_in_reply_are_not_changes(scripted_openai):
    reply = f"Plan.\n```python\n# %% cell 2\n{SOURCES[0]}\n\n# %% cell 4\n{FIXED_2}\n```"
    srv = scripted_openai([reply])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None
    assert [c.cell_index for c in proposal.changes] == [3]


# --- re-asks ----------------------------------------------------------------------------------


def test_unknown_cell_is_reasked_with_the_reason(scripted_openai):
    bad = "Plan: fix it.\n```python\n# %% cell 13\ny = 1\n```"
    srv = scripted_openai([bad, GOOD])
    chunks: list[str] = []
    fixer = fixer_for(srv)
    proposal = fixer.propose(make_ctx(stream=chunks.append))

    assert proposal is not None and proposal.changes[0].cell_index == 3
    assert len(srv.requests) == 2
    second = srv.requests[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": bad}
    assert second[-1]["role"] == "user"
    assert "cell 13 does not exist" in second[-1]["content"]
    assert "2, 3, 4" in second[-1]["content"]  # the cells it may change, as they were shown
    # the stream people watch says it plainly; the model's words stay in the request
    streamed = "".join(chunks)
    assert "[asking the model again: its reply changed cells it may not change]" in streamed
    assert "does not exist" not in streamed
    assert fixer.replies[0]["problem"] == "wrong_cells"
    assert proposal.usage.requests == 2


@pytest.mark.parametrize(
    ("reply", "reason", "problem"),
    [
        ("```python\n# %% cell 1\nx = 1\n```", "cell 1 is a markdown cell", "wrong_cells"),
        ("```python\n# %% cell 5\nx = 1\n```", "cell 5 was not shown to you", "wrong_cells"),
        ("```python\n# %% cell 4\ny = df[\n```", "cell 4 is not valid Python", "invalid_python"),
        (
            f"```python\n# %% cell 4\n{SOURCES[2]}\n```",
            "your reply changes nothing",
            "changes_nothing",
        ),
        ("I think you should use float.", "your reply contains no code", "no_code"),
        (
            "```python\n# %% cell 4\nX = 1\n# ... rest of the code unchanged\n```",
            "placeholder",
            "placeholder",
        ),
    ],
)
def test_invalid_replies_are_reasked_with_a_precise_reason(scripted_openai, reply, reason, problem):
    srv = scripted_openai([reply, GOOD])
    fixer = fixer_for(srv)
    proposal = fixer.propose(make_ctx())
    assert proposal is not None
    assert len(srv.requests) == 2
    assert reason in srv.requests[1]["messages"][-1]["content"]
    # the report's record keeps the model's words and their kind (what people are told)
    assert reason in fixer.replies[0]["reason"] and fixer.replies[0]["problem"] == problem


def test_resending_the_failing_code_is_told_the_error(scripted_openai):
    same = f"Plan.\n```python\n# %% cell 4\n{SOURCES[2]}\n```"
    srv = scripted_openai([same, GOOD])
    assert fixer_for(srv).propose(make_ctx()) is not None
    reask = srv.requests[1]["messages"][-1]["content"]
    assert "your reply changes nothing" in reask
    assert "cell 4 failed with `AttributeError: module 'numpy' has no attribute 'float'" in reask


def test_reply_that_never_validates_gives_none_after_max_reasks(scripted_openai):
    bad = [f"```python\n# %% cell {90 + i}\nx = 1\n```" for i in range(5)]
    srv = scripted_openai(bad)
    fixer = fixer_for(srv, max_reasks=2)
    assert fixer.propose(make_ctx()) is None
    assert len(srv.requests) == 3  # the ask and two re-asks, no more
    assert "cell 92 does not exist" in (fixer.last_failure or "")
    assert fixer.last_summary == (
        "the model's replies changed cells it may not change; asked again twice"
    )
    assert fixer.last_usage.requests == 3
    assert fixer.usage.requests == 3


def test_a_repeated_reply_ends_the_reasks(scripted_openai):
    srv = scripted_openai(["I would use float."] * 3 + [GOOD])
    fixer = fixer_for(srv, max_reasks=3)
    assert fixer.propose(make_ctx()) is None
    assert len(srv.requests) == 2  # the ask, one re-ask answered the same way, then stop
    assert fixer.last_failure is not None and "repeated its previous reply" in fixer.last_failure
    assert fixer.last_summary == (
        "the model's replies held no code; asked again once, and it sent the same reply again"
    )


def test_max_reasks_zero_asks_once(scripted_openai):
    srv = scripted_openai(["nothing useful"] * 3)
    assert fixer_for(srv, max_reasks=0).propose(make_ctx()) is None
    assert len(srv.requests) == 1


@pytest.mark.parametrize(
    ("cell3", "reason"),
    [
        (FIXED_2 + "\naccuracy = 0.94", "hard-codes a score"),
        (FIXED_2 + "\nprint('accuracy: 0.94')", "prints a hard-coded score"),
        ("!pip install numpy==1.23\n" + SOURCES[2], "installs packages"),
        (FIXED_2 + "\nimport requests\nr = requests.get('http://x/data.csv')", "network access"),
        (FIXED_2 + "\nimport xgboost", "imports `xgboost`, which is not installed"),
    ],
)
def test_guard_rejections_are_reasked(scripted_openai, cell3, reason):
    bad = f"Plan.\n```python\n# %% cell 4\n{cell3}\n```"
    srv = scripted_openai([bad, GOOD])
    proposal = fixer_for(srv).propose(make_ctx())
    assert proposal is not None and proposal.changes[0].new_source == FIXED_2
    assert len(srv.requests) == 2
    assert reason in srv.requests[1]["messages"][-1]["content"]


def test_dropped_fit_is_reasked(scripted_openai):
    # score calibration sees every cell; dropping model.fit is refused
    dropped = "model = LogisticRegression()\nprint('accuracy:', model.score(X, y))"
    kept = (
        "model = LogisticRegression(C=0.5)\nmodel.fit(X, y)\nprint('accuracy:', model.score(X, y))"
    )
    srv = scripted_openai(
        [
            f"Plan.\n```python\n# %% cell 5\n{dropped}\n```",
            f"Plan.\n```python\n# %% cell 5\n{kept}\n```",
        ]
    )
    ctx = make_ctx(FixType.SCORE_CALIBRATION, target_score=0.9, current_score=0.8)
    proposal = fixer_for(srv).propose(ctx)
    assert proposal is not None and proposal.changes[0].new_source == kept
    assert "removes training" in srv.requests[1]["messages"][-1]["content"]
    assert "model.fit" in srv.requests[1]["messages"][-1]["content"]


# --- tokens, cost, budget -------------------------------------------------------------------------


def test_tokens_and_cost_from_server_usage(scripted_openai):
    srv = scripted_openai([Reply(GOOD, prompt_tokens=1000, completion_tokens=200)])
    fixer = fixer_for(srv)
    proposal = fixer.propose(make_ctx())
    assert proposal is not None
    assert (proposal.usage.prompt_tokens, proposal.usage.completion_tokens) == (1000, 200)
    # gpt-4o-mini default price: 0.15 / 0.60 USD per 1M tokens
    assert proposal.usage.cost_usd == pytest.approx((1000 * 0.15 + 200 * 0.60) / 1e6)
    assert fixer.usage.total_tokens == 1200 and fixer.usage.requests == 1


def test_tokens_estimated_without_usage_and_prices_override(scripted_openai):
    srv = scripted_openai([Reply("x" * 400 + "\n" + GOOD[GOOD.index("```") :], usage=False)])
    fixer = fixer_for(srv, prices={"gpt-4o-mini": (1.0, 2.0)})
    proposal = fixer.propose(make_ctx())
    assert proposal is not None
    prompt_chars = sum(len(m["content"]) for m in srv.requests[0]["messages"])
    assert proposal.usage.prompt_tokens >= prompt_chars // 4
    assert proposal.usage.prompt_tokens < prompt_chars // 4 + 50
    reply_len = 401 + len(GOOD[GOOD.index("```") :])
    assert proposal.usage.completion_tokens == -(-reply_len // 4)
    expected = (proposal.usage.prompt_tokens * 1.0 + proposal.usage.completion_tokens * 2.0) / 1e6
    assert proposal.usage.cost_usd == pytest.approx(expected)


def test_unknown_model_costs_nothing_but_counts(scripted_openai):
    srv = scripted_openai([Reply(GOOD, prompt_tokens=50, completion_tokens=5)])
    fixer = LLMFixer(srv.base_url, "my-local-llama", api_key=None)
    proposal = fixer.propose(make_ctx())
    assert proposal is not None
    assert proposal.usage.cost_usd == 0.0 and proposal.usage.total_tokens == 55


def test_usage_accumulates_over_reasks_and_proposals(scripted_openai):
    srv = scripted_openai(
        [
            Reply("no code", prompt_tokens=100, completion_tokens=10),
            Reply(GOOD, prompt_tokens=200, completion_tokens=20),
            Reply(GOOD, prompt_tokens=300, completion_tokens=30),
        ]
    )
    fixer = fixer_for(srv)
    first = fixer.propose(make_ctx())
    second = fixer.propose(make_ctx())
    assert first is not None and second is not None
    assert (first.usage.requests, first.usage.total_tokens) == (2, 330)
    assert (second.usage.requests, second.usage.total_tokens) == (1, 330)
    assert (fixer.usage.requests, fixer.usage.total_tokens) == (3, 660)


def test_token_budget_exceeded_before_sending(scripted_openai):
    srv = scripted_openai([Reply(GOOD, prompt_tokens=900, completion_tokens=100), GOOD])
    fixer = fixer_for(srv, budget_tokens=1000)
    assert fixer.propose(make_ctx()) is not None
    with pytest.raises(BudgetExceeded, match="1000 of 1000 tokens"):
        fixer.propose(make_ctx())
    assert len(srv.requests) == 1  # the second request was never sent


def test_cost_budget_exceeded_mid_reask(scripted_openai):
    # 1M prompt tokens at 0.15 USD: the first reply alone spends the 0.10 USD budget
    srv = scripted_openai([Reply("no code", prompt_tokens=1_000_000, completion_tokens=0), GOOD])
    fixer = fixer_for(srv, budget_usd=0.10)
    with pytest.raises(BudgetExceeded, match=r"\$0\.1500 of \$0\.1000"):
        fixer.propose(make_ctx())
    assert len(srv.requests) == 1


def test_zero_budget_sends_nothing(scripted_openai):
    srv = scripted_openai([GOOD])
    with pytest.raises(BudgetExceeded):
        fixer_for(srv, budget_usd=0.0).propose(make_ctx())
    assert srv.requests == []


def test_malformed_replies_count_in_the_usage_of_a_failed_propose(scripted_openai):
    srv = scripted_openai([Reply("half a repl", malformed="{oops", malformed_after=2)] * 2)
    fixer = fixer_for(srv, max_retries=1)
    with pytest.raises(LLMError, match="malformed reply"):
        fixer.propose(make_ctx())
    assert fixer.usage.requests == srv.served == 2
    assert fixer.last_usage.requests == 2 and fixer.last_usage.total_tokens > 0


def test_a_broken_attempt_counts_against_the_budget(scripted_openai):
    # the broken stream's tokens (estimated: the whole prompt) spend the budget, not only GOOD's 2
    srv = scripted_openai(
        [
            Reply("half a repl", malformed="{oops", malformed_after=2),
            Reply(GOOD, prompt_tokens=1, completion_tokens=1),
            GOOD,
        ]
    )
    fixer = fixer_for(srv, budget_tokens=100)
    proposal = fixer.propose(make_ctx())
    assert proposal is not None and proposal.usage.requests == 2
    with pytest.raises(BudgetExceeded):
        fixer.propose(make_ctx())
    assert len(srv.requests) == 2


# --- the whole run: the CLI against a misbehaving endpoint ---------------------------------------


def run_against(srv, tmp_path, *args: str):
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = 1", "print(undefined_name_xyz + x)"])
    proc = run_cli("run", str(nb), "--base-url", srv.base_url, "--model", "m", "--json", *args)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


@pytest.mark.kernel
def test_cli_ends_cleanly_on_an_endpoint_that_streams_invalid_json(scripted_openai, tmp_path):
    srv = scripted_openai(
        [Reply("Plan: fix it", malformed='{"choices": [{"delta": {"con', malformed_after=2)],
        repeat_last=True,
    )
    report, stderr = run_against(srv, tmp_path)
    assert report["stop_reason"] == "llm_error"
    assert report["outcome"] == "error_non_reproducible"
    assert "JSONDecodeError" not in stderr
    assert f"LLM endpoint {srv.base_url} sent a malformed reply" in stderr
    assert "(5 attempts)" in stderr  # retried within the bounds, like a 5xx
    # each broken stream was answered: each counts, in the report and so in the panel
    assert report["llm"]["requests"] == len(srv.requests) == 5
    assert report["llm"]["prompt_tokens"] > 0


@pytest.mark.kernel
def test_cli_counts_every_garbage_reply(scripted_openai, tmp_path):
    garbage = ["I am not sure.", "Sorry, I cannot see the notebook.", "Maybe restart the kernel?"]
    srv = scripted_openai([Reply(g, prompt_tokens=1000, completion_tokens=10) for g in garbage])
    report, _ = run_against(srv, tmp_path, "--price", "m=1,2")
    assert report["stop_reason"] == "no_fix"
    llm = report["llm"]
    assert llm["requests"] == srv.served == len(srv.requests) == 3
    assert (llm["prompt_tokens"], llm["completion_tokens"]) == (3000, 30)
    assert llm["cost_usd"] == pytest.approx((3000 * 1 + 30 * 2) / 1e6)


# --- the prompts, as the server received them -----------------------------------------------------

FORBIDDEN_WORDS = [
    "hard-coding scores",
    "leaking labels",
    "training",
    "pip install",
    "new packages",
]


def test_error_repair_prompt_contents(scripted_openai):
    srv = scripted_openai([GOOD])
    ctx = make_ctx(
        attempts=[
            Attempt(1, "error_repair", "rule", "pinned numpy alias", [3], "1 error; first: X")
        ],
        rejections=["cell 3: the user rejected `np.float64` (wants the builtin)"],
    )
    fixer_for(srv).propose(ctx)
    body = srv.requests[0]
    system = body["messages"][0]
    assert system["role"] == "system"
    text = all_text(body)
    user = user_messages(body)[0]
    for word in FORBIDDEN_WORDS:
        assert word in text
    assert "`# %% cell N`" in text
    # cells up to and including the failing one, numbered as JupyterLab numbers them (index + 1)
    assert "# %% cell 2\nimport numpy as np" in user
    assert "# %% cell 4\n" in user and SOURCES[2] in user
    assert "# %% cell 5" not in user and "model.fit" not in user
    assert "Old notebook" not in user  # markdown is not shown
    # the traceback, the versions of imported packages only, facts, attempts, rejections
    assert '----> 2 y = df["b"].values.astype(np.float)' in user
    assert "AttributeError: module 'numpy' has no attribute 'float'" in user
    assert "numpy 2.4.6" in user and "pandas 3.1.1" in user and "scikit-learn 1.9.1" in user
    assert "requests" not in user.split("## Installed versions")[1].split("##")[0]
    assert "`numpy.float` does not exist" in user and "`float64`" in user
    assert "pinned numpy alias" in user
    assert "wants the builtin" in user


def test_score_calibration_prompt_contents(scripted_openai):
    srv = scripted_openai([f"Plan.\n```python\n# %% cell 5\n{SOURCES[3]}  # C\n```"])
    ctx = make_ctx(
        FixType.SCORE_CALIBRATION,
        target_score=0.8,
        current_score=0.7,
        higher_is_better=True,
        tolerance=0.1,
        attempts=[
            Attempt(2, "score_calibration", "llm", "set C=10", [4], "score 0.69 (target 0.8)")
        ],
    )
    fixer_for(srv).propose(ctx)
    user = user_messages(srv.requests[0])[0]
    text = all_text(srv.requests[0])
    for word in FORBIDDEN_WORDS:
        assert word in text
    assert "Target (original): 0.8" in user
    assert "Current: 0.7" in user
    assert "higher is better" in user
    assert "0.72 to 0.88" in user  # the tolerance band
    assert "Time budget: 600 s" in user and "43.8 s" in user
    assert "set C=10" in user and "score 0.69" in user
    for i, src in enumerate(SOURCES, start=2):  # the whole notebook (indices 1 to 4)
        assert f"# %% cell {i}\n{src}" in user


def test_runtime_reduction_prompt_contents(scripted_openai):
    srv = scripted_openai([f"Plan.\n```python\n# %% cell 5\n{SOURCES[3]}  # fast\n```"])
    ctx = make_ctx(
        FixType.RUNTIME_REDUCTION,
        target_score=120.0,
        current_score=None,
        higher_is_better=False,
        timeout_s=30,
    )
    proposal = fixer_for(srv).propose(ctx)
    assert proposal is not None and proposal.fix_type == FixType.RUNTIME_REDUCTION
    user = user_messages(srv.requests[0])[0]
    text = all_text(srv.requests[0])
    for word in FORBIDDEN_WORDS:
        assert word in text
    assert "Time budget: 30 s" in user
    assert "cell 5 42.0 s" in user  # the slowest cell (index 4)
    assert "lower is better" in user
    assert "108 to 132" in user
    assert "not found in the output" in user  # no current score
    assert f"# %% cell 5\n{SOURCES[3]}" in user


def test_prompt_is_json_serialisable_and_key_not_in_body(scripted_openai):
    srv = scripted_openai([GOOD])
    fixer_for(srv).propose(make_ctx())
    assert "sk-test-secret-key-123" not in json.dumps(srv.requests[0])
    assert srv.request_headers[0]["authorization"] == "Bearer sk-test-secret-key-123"


def test_cancel_before_request_returns_none(scripted_openai):
    srv = scripted_openai([GOOD])
    ctx = make_ctx()
    ctx.cancel.set()
    assert fixer_for(srv).propose(ctx) is None
    assert srv.requests == []


def test_cells_using_a_broken_import_are_shown_and_may_change(scripted_openai):
    nb = make_nb()
    nb.cells[1].source = "from sklearn.preprocessing import Imputer\nimport numpy as np"
    nb.cells[2].source = "df = load()"  # uses no name from cell 1
    nb.cells[3].source = "imp = Imputer(strategy='mean')"
    nb.cells[4].source = "np.sum(imp)"
    tb = "----> 1 from sklearn.preprocessing import Imputer\n      2 import numpy as np"
    err = CellError(1, nb.cells[1].id, "ImportError", "cannot import name 'Imputer'", tb)
    later = CellError(3, nb.cells[3].id, "NameError", "name 'Imputer' is not defined", "tb")
    facts = {
        "items": [
            {
                "kind": "import_name",
                "cell": 1,
                "target": "sklearn.preprocessing.Imputer",
                "similar_elsewhere": ["sklearn.impute.SimpleImputer"],
            },
            {"kind": "name", "cell": 3, "target": "Imputer", "close": []},
        ]
    }
    ctx = make_ctx(notebook=nb)
    ctx.result = ExecutionResult(executed=nb, errors=[err, later], facts=facts)
    reply = (
        "Plan.\n```python\n# %% cell 2\nfrom sklearn.impute import SimpleImputer\n"
        "import numpy as np\n# %% cell 4\nimp = SimpleImputer(strategy='mean')\n```"
    )
    srv = scripted_openai([reply])
    proposal = fixer_for(srv).propose(ctx)
    assert proposal is not None and [c.cell_index for c in proposal.changes] == [1, 3]
    user = user_messages(srv.requests[0])[0]
    assert "## Later cells that use what cell 2 imports or defines" in user
    assert "# %% cell 4\nimp = Imputer(strategy='mean')" in user
    assert "# %% cell 5" not in user  # uses `np` from cell 1, but `np` did not fail
    assert "df = load()" not in user  # uses nothing from cell 1
    assert "`sklearn.impute.SimpleImputer`" in user
    assert "`Imputer` is not defined" not in user  # facts of later errors are left out
