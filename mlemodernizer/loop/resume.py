"""When a search iteration may resume in the live kernel instead of restarting it.

The rule (explicit, conservative): resume from the first failing cell F only when
1. the fix is not a runtime reduction, and the last run ended normally (no timeout, dead kernel or
   cancel) with a failing cell to resume from;
2. no changed cell lies before F (cells before F keep the state they built);
3. every cell from F on that ran last time is *re-runnable*: running it a second time on the
   state it left gives what one run gives. It ran once already (the executor runs past errors,
   and F itself may have raised part-way), so a cell that reads a name it then rebinds
   (``X = X[:, 1:]``), augments (``n += 1``), deletes, mutates outer objects in place
   (``lst.append``, ``inplace=True``, ``df['x'] = df['x'] * 2``, ``np.random.shuffle``), or
   runs shell commands is not re-runnable;
4. no changed cell newly imports a module that the kept kernel already imported (a re-import is
   served from the module cache, so configuration done before it would not take effect).
Otherwise the loop restarts the kernel and runs all cells. The verdict is always a fresh run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from nbformat import NotebookNode

from ..contracts.notebook import mask_magics
from ..execution.base import ExecutionResult
from ..fixers.base import FixType

MUTATING_METHODS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "popitem",
        "remove",
        "clear",
        "update",
        "setdefault",
        "add",
        "discard",
        "sort",
        "reverse",
        "fill",
        "resize",
        "shuffle",
        "put",
        "itemset",
        "partial_fit",
        "set_value",
        "rename_axis",
        "__setitem__",
    }
)
MUTATING_FUNCTIONS = frozenset({"shuffle", "seed", "exec", "setattr", "delattr"})


@dataclass
class ResumeDecision:
    start_at: int  # 0: restart
    reason: str

    @property
    def resume(self) -> bool:
        return self.start_at > 0


def decide(
    old: NotebookNode,
    new: NotebookNode,
    changed: list[int],
    result: ExecutionResult,
    fix_type: str,
) -> ResumeDecision:
    if fix_type == FixType.RUNTIME_REDUCTION:
        return ResumeDecision(0, "runtime-reduction fix: every cell must be timed again")
    if result.timed_out or result.kernel_died or result.cancelled:
        return ResumeDecision(0, "the kernel did not survive the last run")
    if result.first_error is None:
        return ResumeDecision(0, "no failing cell to resume from")
    first = result.first_error.cell_index
    if not changed or min(changed) < first:
        return ResumeDecision(0, f"a cell before the failing cell {first + 1} changed")
    if first == 0:
        return ResumeDecision(0, "the first cell failed: nothing to keep")
    ran = sorted({c.cell_index for c in result.cells if c.cell_index >= first})
    for index in ran:
        why = not_rerunnable(old.cells[index].source)
        if why:
            return ResumeDecision(0, f"cell {index + 1} is not safe to run twice: {why}")
    loaded = set()
    for cell in old.cells[:first]:
        if cell.cell_type == "code":
            loaded |= imported_modules(cell.source)
    for index in changed:
        added = imported_modules(new.cells[index].source) - imported_modules(
            old.cells[index].source
        )
        again = sorted(m for m in added if m in loaded)
        if again:
            return ResumeDecision(0, f"cell {index + 1} imports {again[0]} again, already loaded")
    return ResumeDecision(first, f"resume from the failing cell {first + 1}")


def imported_modules(source: str) -> set[str]:
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    mods: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            mods.add(node.module)
    return mods


def not_rerunnable(source: str) -> str | None:
    """Why running this cell twice in a row may differ from running it once (None: it may not)."""
    if any(line.lstrip().startswith("!") for line in source.splitlines()):
        return "runs shell commands"
    masked, _ = mask_magics(source)
    try:
        tree = ast.parse(masked)
    except SyntaxError:
        return "does not parse"
    local: set[str] = set()  # names this cell has bound so far
    for stmt in tree.body:
        why = _statement_problem(stmt, local)
        if why:
            return why
        local |= _bound_names(stmt)
    return None


def _statement_problem(stmt: ast.stmt, local: set[str]) -> str | None:
    for node in ast.walk(stmt):
        if isinstance(node, ast.AugAssign):
            return f"augmented assignment on line {node.lineno}"
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return "global state"
        if isinstance(node, ast.Delete):
            return f"del on line {node.lineno}"
        if isinstance(node, ast.Call):
            why = _mutating_call(node, local)
            if why:
                return why
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        reads = _read_names(stmt.value) if stmt.value is not None else set()
        for target in targets:
            for name in _target_names(target):
                if name in reads and name not in local:
                    return f"rebinds {name} from its own value on line {stmt.lineno}"
            if isinstance(target, (ast.Subscript, ast.Attribute)):
                base = _base_name(target)
                if base and base not in local and stmt.value is not None:
                    same = ast.unparse(target)  # text, so Store and Load contexts compare equal
                    if any(
                        isinstance(n, type(target)) and ast.unparse(n) == same
                        for n in ast.walk(stmt.value)
                    ):
                        return f"updates {base} in place from itself on line {stmt.lineno}"
    if isinstance(stmt, (ast.For, ast.While)):
        # loops that rebind outer names from themselves (x = x * 2 in a loop body)
        for node in ast.walk(stmt):
            if isinstance(node, ast.Assign):
                reads = _read_names(node.value)
                for target in node.targets:
                    for name in _target_names(target):
                        if name in reads and name not in local:
                            return f"rebinds {name} in a loop on line {node.lineno}"
    return None


def _mutating_call(node: ast.Call, local: set[str]) -> str | None:
    if any(k.arg == "inplace" and _is_true(k.value) for k in node.keywords):
        return f"inplace=True on line {node.lineno}"
    func = node.func
    if isinstance(func, ast.Attribute):
        base = _base_name(func.value)
        if func.attr in MUTATING_METHODS and base is not None and base not in local:
            return f"{base}.{func.attr}() changes an object made before this cell"
        if func.attr in MUTATING_FUNCTIONS:
            return f"{func.attr}() changes shared state on line {node.lineno}"
    elif isinstance(func, ast.Name) and func.id in MUTATING_FUNCTIONS:
        return f"{func.id}() changes shared state on line {node.lineno}"
    return None


def _is_true(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is True


def _base_name(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _read_names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _target_names(target: ast.expr) -> set[str]:
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        names: set[str] = set()
        for elt in target.elts:
            names |= _target_names(elt)
        return names
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return set()


def _bound_names(stmt: ast.stmt) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names
