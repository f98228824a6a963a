"""Runtime reduction under ``--runtime-budget`` (issue 26): a run out of time in a training cell
comes back with its training shortened, sized from the progress the run printed, said in the
plan, REVIEW. The catalogue examples of KER033 and TCH019 are checked here (the reducer applies
them, not the rules engine), then a real PyTorch notebook end to end."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_output

from mlemodernizer.execution.base import CellError, CellRun, ExecutionResult
from mlemodernizer.fixers.base import FixContext, FixType
from mlemodernizer.fixers.rules import get_rule
from mlemodernizer.fixers.runtime_reduction import RuntimeReducer
from mlemodernizer.fixers.runtime_reduction.knobs import knobs_in

from ...conftest import json_report, make_notebook, run_cli, write_notebook
from ...fakes import fix_context


def _stopped(cells: list[str], printed: str, seconds: float, budget: float) -> FixContext:
    """The context after a run that the budget stopped in the last cell, which printed
    ``printed`` in ``seconds``; the cells before took no time."""
    nb = make_notebook(cells)
    last = len(cells) - 1
    if printed:
        nb.cells[last].outputs = [new_output("stream", name="stdout", text=printed)]
    error = CellError(last, "", "TimeoutError", f"cell {last} exceeded the time limit", "")
    runs = [CellRun(i, "", 0.0) for i in range(last)] + [CellRun(last, "", seconds, error)]
    result = ExecutionResult(executed=nb, cells=runs, errors=[error], timed_out=True)
    return fix_context(nb, result=result, fix_type=FixType.RUNTIME_REDUCTION, timeout_s=budget)


@pytest.mark.parametrize(
    ("rule_id", "printed", "seconds", "budget"),
    [
        # Keras printed "Epoch 11/200": 10 epochs in 50 s; 60% of a 100 s budget fits 12
        ("KER033", "Epoch 1/200\nEpoch 2/200\nEpoch 11/200\n", 50.0, 100.0),
        # the loop printed epoch 100 after 60 s: 0.6 s each; 60% of 40 s fits 40
        ("TCH019", "epoch 0 loss 3.1\nepoch 100 loss 0.4\n", 60.0, 40.0),
    ],
)
def test_the_reducers_rules_examples(rule_id: str, printed: str, seconds: float, budget: float):
    ((before, after),) = get_rule(rule_id).examples
    proposal = RuntimeReducer().propose(_stopped([before], printed, seconds, budget))
    assert proposal is not None and proposal.rule_ids == [rule_id]
    assert [c.new_source for c in proposal.changes] == [after]
    assert proposal.plan.startswith("Runtime reduction (REVIEW)")
    assert "may fall below the author's" in proposal.plan


def test_without_progress_a_quarter_and_the_constant_where_it_is_set() -> None:
    cells = ["EPOCHS = 400\nlr = 0.01", "for epoch in range(1, EPOCHS + 1):\n    step()"]
    proposal = RuntimeReducer().propose(_stopped(cells, "", 30.0, 30.0))
    assert proposal is not None
    assert [(c.cell_index, c.new_source) for c in proposal.changes] == [
        (0, "EPOCHS = 100\nlr = 0.01")
    ]
    assert "`EPOCHS = 400` → 100" in proposal.plan and "printed no progress" in proposal.plan


def test_epochs_are_lowered_not_also_the_steps_inside_them() -> None:
    cells = ["model.fit_generator(gen, steps_per_epoch=500, epochs=40)"]
    knobs = knobs_in(cells, 0)
    assert {k.kind for k in knobs} == {"epochs", "steps"}
    proposal = RuntimeReducer().propose(_stopped(cells, "Epoch 3/40\n", 20.0, 20.0))
    assert proposal is not None
    # 2 epochs in 20 s: 60% of 20 s fits one
    assert (
        proposal.changes[0].new_source == "model.fit_generator(gen, steps_per_epoch=500, epochs=1)"
    )


def test_nothing_to_shorten_is_said() -> None:
    reducer = RuntimeReducer()
    assert reducer.propose(_stopped(["import time\ntime.sleep(100)"], "", 10.0, 10.0)) is None
    assert reducer.last_failure and "sets no epochs, steps or training loop" in reducer.last_failure
    ctx = _stopped(["model.fit(X, y, epochs=5)"], "", 10.0, 10.0)
    ctx.fix_type = FixType.ERROR_REPAIR
    assert reducer.propose(ctx) is None  # only a run out of time is its business


TRAINING = (
    "torch.manual_seed(0)\nX = torch.randn(256, 8)\ny = X.sum(1, keepdim=True)\n"
    "model = torch.nn.Linear(8, 1)\nopt = torch.optim.SGD(model.parameters(), lr=0.01)\n"
    "for epoch in range(EPOCHS):\n"
    "    loss = ((model(X) - y) ** 2).mean()\n"
    "    opt.zero_grad()\n    loss.backward()\n    opt.step()\n"
    "    if epoch % 2000 == 0:\n        print(f'epoch {epoch} loss {loss.item():.4f}')\n"
    "print(f'final loss {loss.item():.4f}')"
)


@pytest.mark.kernel
@pytest.mark.dl
def test_a_pytorch_training_over_its_budget_comes_back_shorter(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    nb = write_notebook(
        tmp_path / "train.ipynb", ["import torch\nEPOCHS = 5_000_000", TRAINING]
    )  # about 5 minutes of training here, against a 25 s budget
    proc = run_cli(
        "run", str(nb), "--offline", "--json", "--runtime-budget", "25", "--max-iterations", "4"
    )
    report = json_report(proc)
    assert report["baseline"]["timed_out"], report["baseline"]
    assert report["error_free"], report["final"]
    reduction = next(it for it in report["iterations"] if it["fix_type"] == "runtime_reduction")
    assert reduction["rule_ids"] == ["TCH019"]
    plan = reduction["plan"]
    assert "Runtime reduction (REVIEW)" in plan and "`EPOCHS = 5000000` →" in plan
    out = nbformat.read(tmp_path / "train.modernized.ipynb", as_version=4)
    new_epochs = int(out.cells[0].source.split("EPOCHS = ")[1])
    # sized from the epochs the loop printed before the budget stopped it, not a blind quarter,
    # and the number the plan names is the one written
    assert "epochs or steps (about" in plan and "printed no progress" not in plan
    assert f"`EPOCHS = 5000000` → {new_epochs}" in plan
    assert 2_000 <= new_epochs <= 2_500_000  # past the first printed epoch, at least halved
    assert "final loss" in "".join(o.get("text", "") for o in out.cells[1].outputs)
    assert nbformat.read(nb, as_version=4).cells[0].source.endswith("5_000_000")  # input kept
