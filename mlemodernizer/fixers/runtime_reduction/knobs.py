"""Where a cell's training length is set: the integer a runtime reduction may lower.

Three shapes cover the old notebooks' training (Keras, TF1 sessions, PyTorch loops):

- a keyword of a call: ``model.fit(X, y, epochs=200)``, ``nb_epoch=``, ``steps_per_epoch=``;
- a training loop's count: ``for epoch in range(200):``, or any ``for`` whose body steps an
  optimizer (``loss.backward()``, ``opt.step()``, ``sess.run(...)``, ``train_on_batch``);
- either one given by a name (``EPOCHS = 200`` in an earlier cell): the assignment is the knob.

Found by LibCST over the cell's code (magics masked); the literal is addressed by its order among
the cell's integer literals, so the edit touches that number and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from ...contracts.notebook import mask_magics, unmask_magics

EPOCH_KEYWORDS = ("epochs", "nb_epoch", "num_epochs", "n_epochs", "max_epochs", "epoch")
STEP_KEYWORDS = ("steps_per_epoch", "num_steps", "training_steps", "max_steps")
# what a training loop's body calls: a step of an optimizer, a TF1 session run, a Keras batch
TRAINING_CALLS = ("backward", "step", "run", "train_on_batch", "fit", "minimize")
_TRAINING_NAME = re.compile(r"epoch|step|iter", re.IGNORECASE)


@dataclass(frozen=True)
class Knob:
    cell_index: int
    literal: int  # which integer literal of the cell (in source order)
    value: int
    kind: str  # "epochs" | "steps" | "loop"
    where: str  # the code it sits in, for the plan: "model.fit(epochs=200)"
    rule_id: str  # the catalogue rule documenting this reduction


def parse_cell(source: str) -> tuple[cst.Module, dict[str, str]] | None:
    masked, mapping = mask_magics(source)
    try:
        return cst.parse_module(masked), mapping
    except cst.ParserSyntaxError:
        return None


def _literal_value(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        try:
            return int(node.value.replace("_", ""), 0)
        except ValueError:
            return None
    return None


class _Finder(cst.CSTVisitor):
    """Integer literals in order, the training keywords and loops, and int assignments."""

    def __init__(self) -> None:
        self.integers: list[cst.Integer] = []
        self.keywords: list[tuple[str, cst.Arg, cst.Call]] = []
        self.loops: list[tuple[cst.For, cst.BaseExpression]] = []
        self.assigned: dict[str, cst.Integer] = {}  # NAME = <int>, the last one

    def visit_Integer(self, node: cst.Integer) -> None:  # noqa: N802 - LibCST's visitor names
        self.integers.append(node)

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in EPOCH_KEYWORDS + STEP_KEYWORDS:
                self.keywords.append((arg.keyword.value, arg, node))

    def visit_For(self, node: cst.For) -> None:  # noqa: N802
        it = node.iter
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name)):
            return
        if it.func.value != "range" or not 1 <= len(it.args) <= 3:
            return
        count = it.args[0].value if len(it.args) == 1 else it.args[1].value
        target = cst.Module([]).code_for_node(node.target)
        named = bool(_TRAINING_NAME.search(target)) or (
            isinstance(count, cst.Name) and bool(_TRAINING_NAME.search(count.value))
        )
        if named or _steps_an_optimizer(node.body):
            self.loops.append((node, count))

    def visit_Assign(self, node: cst.Assign) -> None:  # noqa: N802
        target = node.targets[0].target if len(node.targets) == 1 else None
        if isinstance(target, cst.Name) and isinstance(node.value, cst.Integer):
            self.assigned[target.value] = node.value


def _steps_an_optimizer(body: cst.BaseSuite) -> bool:
    found = False

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
            nonlocal found
            if isinstance(node.func, cst.Attribute) and node.func.attr.value in TRAINING_CALLS:
                found = True

    body.visit(_Calls())
    return found


def _find(source: str) -> _Finder | None:
    parsed = parse_cell(source)
    if parsed is None:
        return None
    finder = _Finder()
    parsed[0].visit(finder)
    return finder


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _callee(call: cst.Call) -> str:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else _code(func)


def knobs_in(cells: list[str], index: int) -> list[Knob]:
    """The training lengths cell ``index`` sets or uses, each as the literal to lower (in that
    cell, or the ``NAME = <int>`` an earlier cell assigned it by)."""
    finder = _find(cells[index])
    if finder is None:
        return []
    found: list[Knob] = []

    def add(expr: cst.BaseExpression, kind: str, where: str, rule_id: str) -> None:
        literal = _by_name(cells, index, finder, expr) if isinstance(expr, cst.Name) else None
        if literal is not None:
            found.append(
                Knob(
                    literal[0],
                    literal[1],
                    literal[2],
                    kind,
                    f"{expr.value} = {literal[2]}",
                    rule_id,
                )
            )
            return
        value = _literal_value(expr)
        if value is None or value < 2:
            return
        position = next(i for i, n in enumerate(finder.integers) if n is expr)
        found.append(Knob(index, position, value, kind, where, rule_id))

    for keyword, arg, call in finder.keywords:
        kind = "epochs" if keyword in EPOCH_KEYWORDS else "steps"
        add(arg.value, kind, f"{_callee(call)}({keyword}={_code(arg.value)})", "KER033")
    for loop, count in finder.loops:
        if isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.Add):
            count = count.left  # range(1, EPOCHS + 1)
        add(count, "loop", f"for {_code(loop.target)} in range({_code(count)})", "TCH019")
    unique: dict[tuple[int, int], Knob] = {}
    for knob in found:
        unique.setdefault((knob.cell_index, knob.literal), knob)
    return list(unique.values())


def _by_name(
    cells: list[str], index: int, finder: _Finder, name: cst.Name
) -> tuple[int, int, int] | None:
    """(cell, literal position, value) of the last ``NAME = <int>`` at or before cell ``index``."""
    for i in range(index, -1, -1):
        f = finder if i == index else _find(cells[i])
        if f is None or name.value not in f.assigned:
            continue
        node = f.assigned[name.value]
        value = _literal_value(node)
        if value is None or value < 2:
            return None
        return i, next(k for k, n in enumerate(f.integers) if n is node), value
    return None


class _SetLiteral(cst.CSTTransformer):
    def __init__(self, position: int, value: int) -> None:
        self.position, self.value, self.seen = position, value, -1

    def leave_Integer(  # noqa: N802
        self, original_node: cst.Integer, updated_node: cst.Integer
    ) -> cst.Integer:
        self.seen += 1
        if self.seen == self.position:
            return updated_node.with_changes(value=str(self.value))
        return updated_node


def set_literals(source: str, values: dict[int, int]) -> str:
    """``source`` with its integer literals at the given positions set to new values."""
    parsed = parse_cell(source)
    if parsed is None:
        return source
    module, mapping = parsed
    for position, value in values.items():
        module = module.visit(_SetLiteral(position, value))
    return unmask_magics(module.code, mapping)
