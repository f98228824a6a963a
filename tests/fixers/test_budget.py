"""One LLM budget per job: the LLM fixer, the loop and a batch read and charge the same object."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.batches.runner import BatchProgress, BatchSettings, notebook_options
from mlemodernizer.contracts.options import Options
from mlemodernizer.fixers.base import BudgetExceeded, TokenUsage
from mlemodernizer.fixers.budget import Budget
from mlemodernizer.jobs import prepare_job

from ..conftest import write_notebook
from ..scripted_openai import Reply, ScriptedOpenAI


def fix(cells: dict[int, str]) -> str:
    # keyed by the cell's index; the model names it by its number, from 1
    body = "\n\n".join(f"# %% cell {i + 1}\n{src}" for i, src in cells.items())
    return f"Plan: fix it.\n\n```python\n{body}\n```\n"


def test_an_allowance_is_what_is_left_within_its_own_cap() -> None:
    budget = Budget(usd=1.0, tokens=1000)
    budget.charge(TokenUsage(prompt_tokens=300, completion_tokens=100, cost_usd=0.4))
    assert budget.exhausted() is None
    assert (budget.left_usd(), budget.left_tokens()) == (pytest.approx(0.6), 600)
    assert budget.allowance().usd == pytest.approx(0.6)
    assert budget.allowance(usd=0.25, tokens=50) == Budget(usd=0.25, tokens=50)
    assert budget.allowance(usd=0.9, tokens=900).tokens == 600
    assert Budget().allowance(usd=None, tokens=7) == Budget(usd=None, tokens=7)
    budget.charge(TokenUsage(cost_usd=0.6))
    assert budget.allowance().usd == 0.0
    with pytest.raises(BudgetExceeded, match=r"cost budget spent: \$1\.0000 of \$1\.0000"):
        budget.check()


@pytest.mark.kernel
def test_the_loop_and_the_llm_fixer_spend_one_budget(tmp_path: Path) -> None:
    """The fixer's request spends the job's budget; the loop sees it spent after that iteration
    and stops there ('budget'), without looking at the next issue or asking the fixer again
    (which would refuse it: a loop_stopped event)."""
    nb = write_notebook(tmp_path / "nb.ipynb", ["x = undefined_a"])
    replies = [Reply(fix({0: "x = undefined_b"}), prompt_tokens=900, completion_tokens=100)] * 3
    events: list = []
    with ScriptedOpenAI(replies) as srv:
        opts = Options(base_url=srv.base_url, model="scripted-model", budget_tokens=500)
        job = prepare_job(nb, opts, job_id="budget-test", sinks=[events.append])
        llm = job.modernizer.ctx.fixers[-1]
        assert llm.name == "llm" and getattr(llm, "budget", None) is job.modernizer.ctx.budget
        report = job.run().report
        assert len(srv.requests) == 1
    assert report.stop_reason == "budget" and len(report.iterations) == 1
    budget = job.modernizer.ctx.budget
    assert budget is not None and budget.spent.total_tokens == report.llm.total_tokens == 1000
    issues = [e.data["issue"] for e in events if e.type == "issue_detected"]
    assert issues == ["error"]
    assert not [e for e in events if e.type == "loop_stopped"]


@pytest.mark.kernel
def test_a_batch_notebook_gets_what_is_left_of_the_batch_budget(tmp_path: Path) -> None:
    """The next notebook's job, as the batch worker builds it, has the batch's remaining budget:
    its LLM fixer and its loop see the same number the batch does."""
    nb = write_notebook(tmp_path / "nbs" / "a.ipynb", ["x = undefined_a"])
    with ScriptedOpenAI([fix({0: "x = 1"})]) as srv:
        settings = BatchSettings(
            target=nb.parent,
            options=Options(base_url=srv.base_url, model="scripted-model", budget_usd=0.5),
            budget_usd=1.0,
        )
        progress = BatchProgress(total=2, budget=Budget(usd=settings.budget_usd))
        progress.budget.charge(TokenUsage(cost_usd=0.7))  # what the first notebook spent
        opts = Options.from_json({**notebook_options(settings, progress), "out": None})
        job = prepare_job(nb, opts, job_id="batch-budget")
        try:
            llm = job.modernizer.ctx.fixers[-1]
            budget = getattr(llm, "budget", None)
            assert budget is job.modernizer.ctx.budget and budget is not None
            assert budget.left_usd() == pytest.approx(progress.budget.left_usd())
            assert budget.left_usd() == pytest.approx(0.3)
            assert budget.tokens is None
        finally:
            job.modernizer.ctx.executor.close()
