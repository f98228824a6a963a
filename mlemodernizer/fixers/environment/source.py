"""Reading a notebook's code for the environment family: the failing statement of a cell, the
calls on it, the imports the notebook binds, and how a name is used. Read-only, on ``ast`` with
magics masked; a cell that does not parse gives nothing."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from nbformat import NotebookNode

from ...contracts.notebook import mask_magics
from ...execution.base import CellError
from ...execution.tracebacks import cell_frames

_ARROW = re.compile(r"^-*>\s*(\d+)\s", re.MULTILINE)


def parse_cell(source: str) -> ast.Module | None:
    masked, _ = mask_magics(source)
    try:
        return ast.parse(masked)
    except SyntaxError:
        return None


def failing_line(error: CellError) -> int | None:
    """The 1-based line of the failing cell the error was raised at (its own frame, the first
    one the traceback shows), or None."""
    frames = cell_frames(error.traceback or "")
    if frames:
        return frames[0][1]
    m = _ARROW.search(error.traceback or "")
    return int(m.group(1)) if m else None


def statement_at(tree: ast.Module, line: int) -> ast.stmt | None:
    """The innermost statement spanning ``line``."""
    best: ast.stmt | None = None
    for node in ast.walk(tree):
        spans = isinstance(node, ast.stmt) and node.lineno <= line <= (
            node.end_lineno or node.lineno
        )
        if spans and (best is None or node.lineno >= best.lineno):
            best = node
    return best


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a plain dotted name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


@dataclass
class CallUse:
    """One call as the notebook writes it."""

    callee: str  # the dotted callee text (``plt.hist``), or "" when it is not a plain name
    args: int  # positional arguments
    keywords: list[str] = field(default_factory=list)
    star: bool = False  # *args or **kwargs in the call
    line: int = 0


def calls_in(node: ast.AST) -> list[CallUse]:
    out = []
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            out.append(
                CallUse(
                    callee=dotted(n.func) or "",
                    args=sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                    keywords=[k.arg for k in n.keywords if k.arg],
                    star=any(isinstance(a, ast.Starred) for a in n.args)
                    or any(k.arg is None for k in n.keywords),
                    line=n.lineno,
                )
            )
    return out


def use_of(tree: ast.Module | None, name: str) -> dict:
    """How a bare ``name`` is used in a cell: called (with how many positional arguments and
    which keywords) or read. {} when it does not appear."""
    if tree is None:
        return {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name:
            return {
                "call": True,
                "args": sum(1 for a in n.args if not isinstance(a, ast.Starred)),
                "keywords": [k.arg for k in n.keywords if k.arg],
            }
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id == name:
            return {"call": False}
    return {}


@dataclass
class Binding:
    """A name the notebook binds with an import: ``np`` -> module ``numpy``; ``split`` -> name
    ``split`` of module ``sk.model_selection``."""

    name: str
    module: str  # the module imported, or the module the name is imported from
    attr: str | None = None  # None: the name is the module itself


def bindings(nb: NotebookNode) -> dict[str, Binding]:
    """Every import binding in the notebook's code cells, the last one winning."""
    out: dict[str, Binding] = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tree = parse_cell(cell.source)
        if tree is None:
            continue
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    if a.asname:
                        out[a.asname] = Binding(a.asname, a.name)
                    else:
                        top = a.name.split(".")[0]
                        out[top] = Binding(top, top)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                for a in n.names:
                    if a.name == "*":
                        continue
                    bound = a.asname or a.name
                    out[bound] = Binding(bound, n.module, a.name)
    return out


def module_alias(nb: NotebookNode, module: str) -> str | None:
    """A name the notebook binds to ``module`` itself (``plt`` for ``matplotlib.pyplot``)."""
    for b in bindings(nb).values():
        if b.attr is None and b.module == module:
            return b.name
        if b.attr is not None and f"{b.module}.{b.attr}" == module:
            return b.name
    return None


def resolve(nb: NotebookNode, text: str) -> str | None:
    """The module path a dotted receiver names (``cm`` -> ``matplotlib.cm``), or None."""
    head, _, rest = text.partition(".")
    b = bindings(nb).get(head)
    if b is None:
        return None
    base = b.module if b.attr is None else f"{b.module}.{b.attr}"
    return f"{base}.{rest}" if rest else base


def attributes_used(nb: NotebookNode, alias: str) -> list[str]:
    """Attributes the notebook reads from ``alias`` (``cv.split`` -> split)."""
    found: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tree = parse_cell(cell.source)
        if tree is None:
            continue
        for n in ast.walk(tree):
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == alias
                and n.attr not in found
            ):
                found.append(n.attr)
    return found


def imported_from(stmt: ast.stmt | None, module: str) -> list[str]:
    """The names ``stmt`` imports from ``module`` (``from m import a, b as c`` -> [a, b])."""
    if isinstance(stmt, ast.ImportFrom) and stmt.module == module and not stmt.level:
        return [a.name for a in stmt.names if a.name != "*"]
    return []


def string_values(tree: ast.Module | None) -> list[str]:
    """The string constants a cell writes, in order."""
    if tree is None:
        return []
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]
