"""The loop's steps driven alone, and the loop composed of them, over an in-process executor:
no kernel, seconds for the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from mlemodernizer.contracts.events import Emitter
from mlemodernizer.contracts.options import Options
from mlemodernizer.execution.base import CellError
from mlemodernizer.fixers.base import CellChange, FixContext, Fixer, FixProposal, FixType
from mlemodernizer.fixers.budget import Budget
from mlemodernizer.fixers.rules.fixer import RulesFixer
from mlemodernizer.loop import LoopContext, Modernizer
from mlemodernizer.loop.deadline import Deadline
from mlemodernizer.loop.module_overlay import ModuleEdits
from mlemodernizer.loop.state import LoopState
from mlemodernizer.loop.steps import ApplyReviewed, Classify, Execute
from mlemodernizer.scoring.score import RegexScore

from ..conftest import make_notebook
from .in_process import InProcessExecutor


def context(fixers: list[Fixer], events: list, **kw) -> LoopContext:
    executor = kw.pop("executor", InProcessExecutor())
    options = kw.pop("options", Options(offline=True, max_iterations=4, noise_run=False))
    return LoopContext(
        options=options,
        executor=executor,
        fixers=fixers,
        emitter=Emitter("steps", [events.append]),
        versions=executor.installed_versions(),
        **kw,
    )


def state(nb, tmp_path: Path) -> LoopState:
    return LoopState(
        path=tmp_path / "old.ipynb",
        workdir=tmp_path,
        original=nb,
        current=nb,
        target=None,
        modules=ModuleEdits(tmp_path),
        budget=Budget.of(Options(offline=True)),
        notices=[],
        deadline=Deadline(None),
    )


class Rejects:
    """A gate that says no to every change."""

    manual = False

    def decide(self, fix_id, proposal, on_decision=None):
        return {c.cell_id: False for c in proposal.changes}


class BreaksACleanCell(Fixer):
    """Repairs the failing cell and, with it, breaks a working one (as a careless rule would)."""

    name = "rules"

    def propose(self, ctx: FixContext) -> FixProposal | None:
        nb = ctx.notebook
        changes = []
        for index, cell in enumerate(nb.cells):
            if "np.float(" in cell.source:
                new = cell.source.replace("np.float(", "float(")
            elif cell.source == "y = 2":
                new = "y = undefined_name"
            else:
                continue
            changes.append(CellChange(index, cell.id, cell.source, new))
        if not changes:
            return None
        return FixProposal(FixType.ERROR_REPAIR, "rule", "rules", changes, ["TEST001"])


def test_the_execute_step_runs_the_notebook_and_says_so_in_events(tmp_path: Path) -> None:
    events: list = []
    ctx = context([], events)
    nb = make_notebook(["print('ok')", "import numpy as np\nx = np.float(3)"])
    st = state(nb, tmp_path)
    run = Execute(ctx)(st, nb, iteration=0, kind="baseline")
    assert run.summary.error_cells == 1
    assert run.result.errors[0].ename == "AttributeError"
    assert st.run_seconds["baseline"] >= 0
    assert [e.type for e in events if e.type != "cell_started"] == [
        "execution_started",
        "cell_executed",
        "cell_executed",
        "execution_finished",
    ]
    (finished,) = [e.data for e in events if e.type == "execution_finished"]
    assert finished["error_cells"] == 1 and finished["errors"][0]["cell_index"] == 1


def test_classify_puts_timeout_before_error_before_score(tmp_path: Path) -> None:
    events: list = []
    ctx = context([], events, score_source=RegexScore(r"score: ([0-9.]+)"))
    nb = make_notebook(["print('score: 0.5')"])
    st = state(nb, tmp_path)
    run = Execute(ctx)(st, nb, iteration=0, kind="baseline")
    classify = Classify(ctx)
    assert classify.issue(run, 0.5) is None
    assert classify.issue(run, 0.9) == "score_deviation"
    run.result.errors.append(CellError(0, "c", "NameError", "name 'x' is not defined", ""))
    assert classify.issue(run, 0.9) == "error"
    run.result.timed_out = True
    assert classify.issue(run, 0.9) == "timeout"


def test_a_rejected_change_is_refused_for_good_and_the_notebook_keeps_its_code(
    tmp_path: Path,
) -> None:
    events: list = []
    ctx = context([], events, gate=Rejects())
    nb = make_notebook(["x = np.float(3)"])
    st = state(nb, tmp_path)
    change = CellChange(0, nb.cells[0].id, "x = np.float(3)", "x = float(3)")
    proposal = FixProposal(FixType.ERROR_REPAIR, "rule", "rules", [change], ["NPY001"])
    new_nb, applied = ApplyReviewed(ctx)(st, "fix-1", 1, "error", proposal)
    assert applied == [] and new_nb.cells[0].source == "x = np.float(3)"
    assert (nb.cells[0].id, "x = float(3)") in st.refused
    assert "rejected this change to cell 1" in st.rejections[0]
    assert [e.type for e in events] == ["fix_proposed", "fix_applied"]


def test_the_loop_repairs_an_api_drift_with_the_rules_in_a_second(tmp_path: Path) -> None:
    events: list = []
    executor = InProcessExecutor()
    fixer = RulesFixer(executor.installed_versions())
    nb = make_notebook(["import numpy as np", "x = np.float(3)\nprint(x)"])
    result = Modernizer(context([fixer], events, executor=executor)).run(nb, tmp_path / "a.ipynb")
    report = result.report
    assert report.error_free and report.stop_reason == "reproducible"
    assert result.notebook.cells[1].source == "x = float(3)\nprint(x)"
    assert [r.rule_ids for r in report.iterations] == [["NPY001"]]
    kinds = [e.data["kind"] for e in events if e.type == "execution_started"]
    assert kinds == ["baseline", "iteration"]


def test_the_judge_rolls_back_a_fix_that_breaks_a_working_cell(tmp_path: Path) -> None:
    events: list = []
    nb = make_notebook(["import numpy as np", "y = 2", "x = np.float(3)"])
    ctx = context([BreaksACleanCell()], events, options=Options(offline=True, max_iterations=3))
    result = Modernizer(ctx).run(nb, tmp_path / "a.ipynb")
    report = result.report
    rolled = [e.data for e in events if e.type == "fix_rolled_back"]
    assert rolled and [b["cell_index"] for b in rolled[0]["broke"]] == [1]
    assert report.iterations[0].rolled_back
    # the harmful half is refused for good; the good half comes back alone and is kept
    proposed = [
        [c["cell_index"] for c in e.data["changes"]] for e in events if e.type == "fix_proposed"
    ]
    assert proposed == [[1, 2], [2]]
    assert [c.source for c in result.notebook.cells] == [
        "import numpy as np",
        "y = 2",
        "x = float(3)",
    ]
    assert report.error_free


@pytest.mark.parametrize("target, reproducible", [(0.5, True), (0.9, False)])
def test_the_verdict_judges_the_score_against_the_band(
    tmp_path: Path, target: float, reproducible: bool
) -> None:
    events: list = []
    ctx = context(
        [],
        events,
        score_source=RegexScore(r"score: ([0-9.]+)"),
        options=Options(offline=True, max_iterations=0, target_score=target, noise_run=False),
    )
    result = Modernizer(ctx).run(make_notebook(["print('score: 0.5')"]), tmp_path / "a.ipynb")
    assert result.report.reproducible is reproducible
    assert result.report.reproducibility_basis == "score"
    (verdict,) = [e.data for e in events if e.type == "verdict"]
    assert verdict["score"] == 0.5 and verdict["target_score"] == target
