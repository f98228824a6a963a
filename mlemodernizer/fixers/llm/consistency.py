"""Names a patch stops defining while code still uses them (a rewritten cell that lost a line).

Small models rewrite a cell from memory and drop lines: ``from sklearn.datasets import load_iris``
vanishes while cell 2 still calls ``load_iris``; or they rename ``Imputer`` to ``SimpleImputer`` in
the import but not where it is used. Both only show up one execution later. This check finds them
before: a name bound at the top level of a changed cell's old source, bound by no cell afterwards,
yet still read by some cell.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import re
from collections.abc import Sequence

from nbformat import NotebookNode

from ...contracts.notebook import mask_magics, shown_cell_number
from ..base import CellChange

_BUILTINS = frozenset(dir(builtins))


def _tree(source: str) -> ast.Module | None:
    masked, _ = mask_magics(source)
    try:
        return ast.parse(masked)
    except SyntaxError:
        return None


class _Bound(ast.NodeVisitor):
    """Names bound at module level (not inside functions, classes, lambdas, comprehensions),
    each with how: "import", "def" (functions and classes) or "assign"."""

    def __init__(self) -> None:
        self.kinds: dict[str, str] = {}
        self.star = False

    @property
    def names(self) -> set[str]:
        return set(self.kinds)

    def _bind(self, name: str, kind: str) -> None:
        self.kinds.setdefault(name, kind)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._bind(node.name, "def")

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._bind(node.name, "def")

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._bind(node.name, "def")

    def visit_Lambda(self, node: ast.Lambda) -> None:
        pass

    def visit_ListComp(self, node: ast.ListComp) -> None:
        pass

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node: ast.DictComp) -> None:
        pass

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._bind(alias.asname or alias.name.split(".")[0], "import")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                self.star = True
            else:
                self._bind(alias.asname or alias.name, "import")

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self._bind(node.id, "assign")

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self._bind(node.target.id, "assign")
        self.visit(node.value)


def bound_names(source: str) -> tuple[set[str], bool]:
    """(names bound at the top level, whether a star import makes that set incomplete)."""
    tree = _tree(source)
    if tree is None:
        return set(), True
    visitor = _Bound()
    visitor.visit(tree)
    return visitor.names, visitor.star


def binding_kinds(source: str) -> dict[str, str]:
    """Top-level name → how the cell binds it ("import", "def", "assign")."""
    tree = _tree(source)
    if tree is None:
        return {}
    visitor = _Bound()
    visitor.visit(tree)
    return visitor.kinds


def imported_or_defined(source: str) -> set[str]:
    """Names a cell binds with import, def or class at its top level."""
    tree = _tree(source)
    if tree is None:
        return set()
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            out.update(a.asname or a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.update(a.asname or a.name for a in node.names if a.name != "*")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
    return out


def used_names(source: str) -> set[str]:
    tree = _tree(source)
    if tree is None:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _similar(a: str, b: str) -> bool:
    la, lb = a.lower(), b.lower()
    return la in lb or lb in la or difflib.SequenceMatcher(None, la, lb).ratio() >= 0.6


def name_problems(changes: Sequence[CellChange], nb: NotebookNode) -> list[tuple[str, bool]]:
    """Why the patch leaves a used name undefined (nothing when it does not).

    A name that was *renamed* (the cell now binds a similar new name: ``Imputer`` →
    ``SimpleImputer``) may stay in use elsewhere: the model was asked to update its uses, and if it
    did not, the next run shows them failing. A name that was simply *dropped* is a problem now.
    Each problem comes with whether it only asks other cells to follow a replaced import (the
    patch itself is right, and a re-ask's reply may bring just those cells).
    """
    changed = {c.cell_index: c for c in changes}
    final: dict[int, str] = {}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            final[i] = changed[i].new_source if i in changed else cell.source
    bound_after: set[str] = set()
    for source in final.values():
        names, star = bound_names(source)
        if star:
            return []  # a star import may define anything
        bound_after |= names
    problems: list[tuple[str, bool]] = []
    for change in sorted(changes, key=lambda c: c.cell_index):
        old_kinds, new_kinds = binding_kinds(change.old_source), binding_kinds(change.new_source)
        old_names, new_names = set(old_kinds), set(new_kinds)
        added = new_names - old_names
        lost = sorted(
            n
            for n in old_names - bound_after
            if not n.startswith("__mlem_magic__") and n not in _BUILTINS and n != "_"
        )
        for name in lost:
            users = [i for i, src in final.items() if name in used_names(src)]
            if not users:
                continue
            if any(_similar(name, n) and new_kinds[n] == old_kinds[name] for n in added):
                # renamed (Imputer → SimpleImputer): its uses follow, now or next run. Bound the
                # same way only: `model = old_train(X, y)` replaced by `import train_model` is a
                # lost `model`, however alike the names (the 1.5B sent exactly that)
                continue
            where = ", ".join(str(shown_cell_number(i)) for i in users)
            changed = shown_cell_number(change.cell_index)
            instead = _replaced_import(change, name, added)
            if instead:
                # a deliberate replacement, not a dropped line: the users must follow it (the
                # 1.5B model, told "a line was dropped?", kept rewriting the importing cell)
                text = (
                    f"cell {changed} now imports `{instead}` instead of `{name}`, but "
                    f"cell {where} still uses `{name}`: change cell {where} too, under its own "
                    "`# %% cell N` header with its complete new source"
                    + _follow_example(users[0], final[users[0]], name, instead)
                )
                problems.append((text, True))
                continue
            text = (
                f"cell {changed} no longer defines `{name}` (a line was dropped?), "
                f"but cell {where} still uses it: write the complete cell, keeping every "
                "line you do not need to change"
            )
            problems.append((text, False))
    return problems


def _follow_example(index: int, source: str, old: str, new: str) -> str:
    """`` (in cell 2, `model = old_train(X, y)` becomes `model = train_model(X, y)`)``: the first
    line using the replaced name, rewritten, so a small model has the very line to send."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(old)}(?!\w)")
    for line in source.splitlines():
        if pattern.search(line) and len(line.strip()) <= 120:
            line = line.strip()
            n = shown_cell_number(index)
            return f" (in cell {n}, `{line}` becomes `{pattern.sub(new, line)}`)"
    return ""


def _imports_from(source: str) -> dict[str, str]:
    """Name bound → the module it is imported from (``from m import a as b``: b → m)."""
    tree = _tree(source)
    out: dict[str, str] = {}
    for node in tree.body if tree is not None else []:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                out[alias.asname or alias.name] = node.module
    return out


def _replaced_import(change: CellChange, name: str, added: set[str]) -> str | None:
    """The name the change imports from the module ``name`` came from, in its place."""
    module = _imports_from(change.old_source).get(name)
    if module is None:
        return None
    new = _imports_from(change.new_source)
    return next((n for n in sorted(added) if new.get(n) == module), None)


def lost_file_names(path: str, old: str, new: str, cells: Sequence[str]) -> str | None:
    """Why a helper module's change loses a definition, or None. A module is an API (other
    notebooks and modules may use what it defines): a def, class or public constant must stay,
    unless renamed; an import may go when nothing uses it any more."""
    new_tree = _tree(new)
    if new_tree is None or _tree(old) is None:
        return None
    old_names, _ = bound_names(old)
    new_names, star = bound_names(new)
    if star:
        return None
    added = new_names - old_names
    defined = _defined(old)
    users = used_names(new).union(*(_taken_from(path, c) for c in cells))
    lost = sorted(
        (
            n
            for n in old_names - new_names
            if (n in defined or n in users)
            and n not in _BUILTINS
            and not any(_similar(n, a) for a in added)
        ),
        key=lambda n: (defined.get(n) != "def", n),  # functions and classes first
    )
    if not lost:
        return None
    names = ", ".join(f"`{n}`" for n in lost[:4])
    more = f" and {len(lost) - 4} more" if len(lost) > 4 else ""
    return (
        f"`{path}` no longer defines {names}{more} (lines dropped?): write every line you were "
        "shown, changing only what must change"
    )


def _defined(source: str) -> dict[str, str]:
    """The functions and classes ("def") and public constants ("const") a module defines at
    its top level."""
    tree = _tree(source)
    out: dict[str, str] = {}
    for node in tree.body if tree is not None else []:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[node.name] = "def"
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and not t.id.startswith("_"):
                    out.setdefault(t.id, "const")
    return out


def _taken_from(path: str, cell: str) -> set[str]:
    """Names a cell takes from the module at ``path``: ``from helpers import f``, ``helpers.f``
    (a package's ``__init__.py`` by the package's name)."""
    parts = path[:-3].split("/") if path.endswith(".py") else path.split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    stem = parts[-1]
    tree = _tree(cell)
    if tree is None:
        return set()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == stem:
            out.update(a.name for a in node.names)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == stem
        ):
            out.add(node.attr)
    return out


def _imports_module(source: str, stem: str) -> bool:
    """Whether a cell imports from the local module ``stem`` (``from stem import f``,
    ``import stem``)."""
    tree = _tree(source)
    for node in ast.walk(tree) if tree is not None else []:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == stem:
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == stem for a in node.names):
            return True
    return False


def _top_defs(source: str) -> set[str]:
    return {name for name, kind in _defined(source).items() if kind == "def"}


def redefined_helpers(
    changes: Sequence[CellChange], sources: Sequence[str], modules: dict[str, str]
) -> str | None:
    """A patch that writes into a cell a function or class the notebook's own helper module
    defines, while the notebook imports from that module: the model copied the helper from the
    facts (or wrote what its docstring says) instead of importing it, and the copy drifts from
    the user's code (the 1.5B model's ``LogisticRegression().fit`` lost the helper's
    ``max_iter=1000``). ``modules``: top-level module name → its source."""
    for change in changes:
        if change.path is not None:
            continue
        added = _top_defs(change.new_source) - _top_defs(change.old_source)
        for stem, module_source in sorted(modules.items()):
            if not any(_imports_module(s, stem) for s in [*sources, change.old_source]):
                continue
            copied = sorted(added & _top_defs(module_source))
            if copied:
                name = copied[0]
                n = shown_cell_number(change.cell_index)
                return (
                    f"cell {n} writes `{name}` again, which your own "
                    f"`{stem}.py` defines: import it from there (`from {stem} import {name}`) "
                    "and call it; do not copy or rewrite the helper"
                )
    return None
