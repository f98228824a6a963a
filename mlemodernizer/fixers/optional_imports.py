"""An import at the top of a helper module that fails today, of a name the module uses only
inside its functions: a package missing from the kernel's environment (``from imageio import
imread`` in a plotting helper of which the notebook calls other functions), or a name the library
removed and no fixer could bring back (``load_boston``). The import moves into the functions
that use it.

Libraries do this for their optional dependencies: the module imports without the package, and
only a call that needs it fails, with the same error. The notebook's cells that never call those
functions then run. Only for an import an error raised in that module names, and only when
nothing at the module's top level (a decorator, a default, a class body, ``__all__``) reads the
imported names.
"""

from __future__ import annotations

import ast

from ..execution.base import CellError
from ..execution.errors import NO_MODULE_WITHIN

RULE_ID = "PY2901"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def defer_missing_imports(
    source: str, errors: list[CellError], lines_failed: set[int] | None = None
) -> tuple[str, list[str]] | None:
    """The module with each import that fails moved into the functions that use it; None
    when there is nothing to move. An import fails when it names a package the errors say is
    missing, or when an ImportError was raised on its line (``lines_failed``, 1-based: a name
    the library removed, which no fixer could bring back)."""
    # a top-level package ("No module named 'a.b'" means `a` is there and `b` moved: not this)
    missing = {m.group(1) for e in errors for m in [NO_MODULE_WITHIN.search(e.evalue)] if m}
    missing = {name for name in missing if "." not in name}
    lines_failed = lines_failed or set()
    if not missing and not lines_failed:
        return None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    lines = source.split("\n")
    removals: list[ast.stmt] = []
    inserts: dict[int, list[str]] = {}  # line index -> import lines to put before it
    for stmt in tree.body:
        top = _imported_top(stmt)
        failed = any(stmt.lineno <= n <= (stmt.end_lineno or stmt.lineno) for n in lines_failed)
        if top is None or not (top in missing or failed):
            continue
        bound = _bound_names(stmt)
        users = _functions_using(tree, bound)
        if users is None or not users:
            continue  # read at the top level (or a star import): it must import here
        text = ast.get_source_segment(source, stmt)
        if text is None or "\n" in text:
            continue
        for func in users:
            first = func.body[0]
            if first.lineno == func.lineno:
                return None  # `def f(): return imread(x)` on one line: left as it is
            at = first
            if _is_docstring(first) and len(func.body) > 1:
                at = func.body[1]
            indent = lines[at.lineno - 1][: at.col_offset]
            inserts.setdefault(at.lineno - 1, []).append(indent + text)
        removals.append(stmt)
    if not removals:
        return None
    drop = {s.lineno - 1 for s in removals}
    out: list[str] = []
    for i, line in enumerate(lines):
        out.extend(inserts.get(i, []))
        if i not in drop:
            out.append(line)
    return "\n".join(out), [RULE_ID]


def _imported_top(stmt: ast.stmt) -> str | None:
    if isinstance(stmt, ast.Import) and len(stmt.names) == 1:
        return stmt.names[0].name.split(".")[0]
    if isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module:
        if any(a.name == "*" for a in stmt.names):
            return None
        return stmt.module.split(".")[0]
    return None


def _bound_names(stmt: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(stmt, ast.Import):
        alias = stmt.names[0]
        return {alias.asname or alias.name.split(".")[0]}
    return {a.asname or a.name for a in stmt.names}


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _functions_using(tree: ast.Module, names: set[str]) -> list[ast.stmt] | None:
    """The outermost functions whose bodies read ``names``; None when anything else does."""
    inside: set[int] = set()  # ids of Name nodes within a function body
    users: list[ast.stmt] = []

    def outermost(scope: ast.AST) -> None:
        for node in ast.iter_child_nodes(scope):
            if isinstance(node, _FUNCTIONS):
                used = False
                for stmt in node.body:
                    for n in ast.walk(stmt):
                        if isinstance(n, ast.Name):
                            inside.add(id(n))
                            used = used or n.id in names
                if used:
                    users.append(node)
            elif isinstance(node, ast.ClassDef):
                outermost(node)  # methods; the class body itself counts as top level

    outermost(tree)
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id in names and id(n) not in inside:
            return None
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in names:
            return None  # named in __all__ or looked up by name
    return users
