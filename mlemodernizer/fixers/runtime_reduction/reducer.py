"""Runtime reduction without a model (``--runtime-budget``): a run that ran out of time in a
training cell gets that training shortened, as the published agent did (fewer epochs or steps),
each change said in the plan with what it may cost, for review (REVIEW safety: never silent).

How much shorter comes from the run itself where it printed its progress ("Epoch 3/200",
"epoch 4000 loss ..."): the time one epoch took, and the budget left for the cell, give the
count that fits; without progress the count is quartered, and the next run says more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...contracts.notebook import output_texts
from ...execution.base import ExecutionResult
from ..base import CellChange, FixContext, Fixer, FixProposal, FixType
from .knobs import Knob, knobs_in, set_literals

# the share of the time left that the shortened cell may use: later cells need time too, and one
# epoch's time varies
FIT_SHARE = 0.6
# without progress to go by: a quarter each time the budget is missed
BLIND_FACTOR = 4
_KERAS_EPOCH = re.compile(r"^Epoch (\d+)/(\d+)", re.MULTILINE)
_ANY_EPOCH = re.compile(r"\b(?:epoch|step|iter(?:ation)?)\b\D{0,3}(\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class Progress:
    done: int  # epochs (or steps) finished before the time ran out
    seconds: float  # how long the cell had run

    @property
    def per_unit(self) -> float:
        return self.seconds / self.done


def progress_of(result: ExecutionResult, index: int) -> Progress | None:
    """What the stopped cell printed about its progress: Keras' ``Epoch k/N`` (k-1 finished), or
    the largest epoch/step number a loop printed."""
    cell = result.executed.cells[index]
    text = "".join(t for kind, t in output_texts(cell) if kind == "stdout")
    seconds = next((r.seconds for r in result.cells if r.cell_index == index), 0.0)
    keras = [int(k) for k, _ in _KERAS_EPOCH.findall(text)]
    numbers = [k - 1 for k in keras] or [int(n) for n in _ANY_EPOCH.findall(text)]
    done = max(numbers, default=0)
    return Progress(done, seconds) if done >= 1 and seconds > 0 else None


def shortened(value: int, progress: Progress | None, seconds_left: float) -> int:
    """The new count: what fits in the cell's share of the time left, at least halved."""
    if progress is not None:
        fits = int(FIT_SHARE * seconds_left / progress.per_unit)
    else:
        fits = value // BLIND_FACTOR
    return max(1, min(fits, value // 2))


def chosen(knobs: list[Knob]) -> list[Knob]:
    """The knobs to lower together: every ``epochs=`` of the cell; else one loop (an epoch loop
    before a step loop it may hold); else one step count. Lowering an epoch count and the steps
    inside it at once would shorten twice."""
    epochs = [k for k in knobs if k.kind == "epochs"]
    if epochs:
        return epochs
    loops = [k for k in knobs if k.kind == "loop"]
    named = [k for k in loops if "epoch" in k.where.lower()]
    return (named or loops or [k for k in knobs if k.kind == "steps"])[:1]


def _stopped_cell(ctx: FixContext) -> int | None:
    timeouts = [e.cell_index for e in ctx.result.errors if e.ename == "TimeoutError"]
    return timeouts[0] if timeouts else None


class RuntimeReducer(Fixer):
    """The fixer for ``FixType.RUNTIME_REDUCTION`` when a runtime budget is set."""

    name = "runtime_reduction"

    def __init__(self) -> None:
        self.last_failure: str | None = None

    def propose(self, ctx: FixContext) -> FixProposal | None:
        self.last_failure = None
        if ctx.fix_type != FixType.RUNTIME_REDUCTION:
            return None
        index = _stopped_cell(ctx)
        if index is None:
            self.last_failure = "the run ran out of time between cells: no training to shorten"
            return None
        cells = [c.source if c.cell_type == "code" else "" for c in ctx.notebook.cells]
        knobs = chosen([k for k in knobs_in(cells, index) if k.value > 1])
        if not knobs:
            self.last_failure = (
                f"cell {index + 1} ran out of time, but sets no epochs, steps or training loop "
                "count to shorten"
            )
            return None
        before = sum(r.seconds for r in ctx.result.cells if r.cell_index < index)
        seconds_left = max(1.0, ctx.timeout_s - before)
        progress = progress_of(ctx.result, index)
        return self._proposal(ctx, index, knobs, progress, seconds_left)

    def _proposal(
        self,
        ctx: FixContext,
        index: int,
        knobs: list[Knob],
        progress: Progress | None,
        seconds_left: float,
    ) -> FixProposal:
        by_cell: dict[int, dict[int, int]] = {}
        said: list[str] = []
        for knob in knobs:
            new = shortened(knob.value, progress, seconds_left)
            by_cell.setdefault(knob.cell_index, {})[knob.literal] = new
            said.append(f"cell {knob.cell_index + 1}: `{knob.where}` → {new}")
        changes = []
        for cell_index, values in sorted(by_cell.items()):
            cell = ctx.notebook.cells[cell_index]
            new_source = set_literals(cell.source, values)
            if new_source != cell.source:
                changes.append(CellChange(cell_index, cell.get("id", ""), cell.source, new_source))
        if progress is not None:
            why = (
                f"the run reached its {ctx.timeout_s:.0f} s budget in cell {index + 1} after "
                f"{progress.done} epochs or steps (about {progress.per_unit:.3g} s each)"
            )
        else:
            why = (
                f"the run reached its {ctx.timeout_s:.0f} s budget in cell {index + 1}, which "
                f"printed no progress: a quarter of the training, shorter again if needed"
            )
        plan = (
            f"Runtime reduction (REVIEW): {why}. Shortened: {'; '.join(said)}. Fewer epochs or "
            "steps train less: the score may fall below the author's; a larger --runtime-budget "
            "trains longer."
        )
        rule_ids = sorted({k.rule_id for k in knobs})
        return FixProposal(
            fix_type=FixType.RUNTIME_REDUCTION,
            source="rule",
            plan=plan,
            changes=changes,
            rule_ids=rule_ids,
        )
