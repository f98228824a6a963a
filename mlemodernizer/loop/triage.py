"""Which failing cells can be fixed here, which are blocked (and why), which only fail because an
earlier cell did: so error repair works past an error it cannot fix instead of stopping there.

Each failing cell is, in order of the checks:
- **blocked, as stored**: the notebook's own stored output shows the same error, so the author's
  run raised it too (a tutorial showing what ``M[0, 0] = "hello"`` raises); it is the author's
  notebook as they ran it, not erosion, and no fixer rewrites it;
- **blocked, environment**: a module that is not installed in the kernel's environment
  (``No module named 'watermark'``, also from ``%load_ext``); the fix is installing a package,
  never rewriting code, so it is not sent to a fixer;
- **blocked, helper file**: raised in the notebook's own .py module under ``--modules report``;
- **blocked, given up**: fixes for this cell were tried ``max_attempts`` times (rejected by the
  user, rolled back, or run and still failing) and it still fails;
- **knock-on**: a ``NameError`` for a name an earlier failing cell defines (it fails because
  that cell did); it is no fixer's business while that cell fails;
- **fixable**: everything else. Error repair takes the first fixable cell.

The cause a failing cell is reported with tells the truth about the fixes tried: a cell whose
error a rule or the environment family answered, but whose fix was rolled back, dropped or
rejected, says so and why (``fix undone``), never "no rule rewrites"; a ``NameError`` for a
name no cell, import or builtin of the notebook ever defines is the author's code (``author's
code``), not an API change.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from nbformat import NotebookNode

from ..contracts.notebook import mask_magics, shown_cell_number
from ..contracts.shapes import CellTriage
from ..environment.distributions import install_name
from ..environment.grounding import failing_lines
from ..environment.local_modules import failing_local_frame
from ..execution.base import CellError
from ..execution.errors import NO_MODULE_WITHIN
from ..fixers.llm.packages import dist_for_module, is_stdlib
from ..fixers.offline_data import unreachable

# pandas/matplotlib/scikit-learn name the distribution themselves for an optional dependency
_OPTIONAL_DEPENDENCY = re.compile(
    r"Missing optional dependency '([^']+)'|install the ([\w.-]+) package"
)
# a file the notebook reads that is not there (a data file, a matplotlib style file)
_MISSING_FILE = re.compile(
    r"No such file or directory: '([^']+)'|'([^']+)' is not a valid package style"
)
# errors that say an API is gone or renamed: a rule (or the model) rewrites the call
_API_DRIFT = re.compile(
    r"has no attribute|cannot import name|No module named|unexpected keyword argument"
    r"|got multiple values for argument|takes \d+ positional argument|positional argument"
    r"|missing \d+ required positional|is not a valid (?:value|parameter)|was removed"
    r"|is deprecated and will be removed|keyword-only|not callable"
)
_NAME_ERROR = re.compile(r"name '([^']+)' is not defined")


# builtins Python 3 removed: a NameError for one is an API change a rule answers
_PYTHON2_BUILTINS = frozenset(
    [
        "xrange",
        "unicode",
        "raw_input",
        "reduce",
        "file",
        "execfile",
        "long",
        "basestring",
        "unichr",
        "cmp",
        "reload",
        "apply",
        "buffer",
        "intern",
        "coerce",
    ]
)
# what IPython binds in every kernel
_IPYTHON_NAMES = frozenset({"get_ipython", "display", "In", "Out", "exit", "quit", "_", "__"})
# who made a fix, for people
_FIXED_BY = {"rule": "the catalogue's fix", "environment": "the environment family's fix"}


@dataclass(frozen=True)
class FixEnd:
    """How a fix aimed at a cell's error ended when it was not kept: who made it (its rules),
    the cell's error it answered, and why it was undone."""

    source: str  # rule | environment | llm
    rule_ids: tuple[str, ...]
    error: str  # the cell's error when the fix was made (first line)
    ended: str  # rolled back | dropped | rejected
    reason: str

    def words(self) -> str:
        """ "the catalogue's fix for this (PD002) was rolled back: cell 27 showed ..." """
        who = _FIXED_BY.get(self.source, "the model's fix")
        rules = f" ({', '.join(self.rule_ids)})" if self.rule_ids else ""
        why = f": {self.reason}" if self.reason else ""
        return f"{who} for this{rules} was {self.ended}{why}"


def triage(
    errors: list[CellError],
    nb: NotebookNode,
    *,
    folder: Path,
    versions: Mapping[str, str],
    modules_mode: str = "apply",
    attempts: Mapping[str, list[str]] | None = None,
    max_attempts: int = 3,
    undone: Mapping[str, FixEnd] | None = None,
    stored: NotebookNode | None = None,
) -> list[CellTriage]:
    """One verdict per failing cell, in notebook order. ``attempts``: per cell id, how each fix
    aimed at it ended ("rejected", "rolled back", "still failing"); ``undone``: per cell id,
    the last rule or environment fix for it that was not kept; ``stored``: the notebook as the
    user gave it, whose outputs say which errors the author's run raised too."""
    attempts = attempts or {}
    shown = stored_errors(stored) if stored is not None else {}
    out: list[CellTriage] = []
    for error in sorted(errors, key=lambda e: e.cell_index):
        first = (error.summary().splitlines() or [error.ename])[0][:200]
        item = CellTriage(error.cell_index, error.cell_id, first, "fixable")
        missing = _missing_module(error, versions, folder)
        author = _raised_as_stored(error, shown)
        if author is not None:
            item.state, item.kind = "blocked", "as_stored"
            item.reason = f"raised {author} in the author's run too (its stored output shows it)"
        elif missing is not None:
            item.state, item.kind, item.package = "blocked", "environment", missing
            item.reason = f"needs package {missing} (not installed in the kernel's environment)"
        elif modules_mode == "report" and (frame := failing_local_frame(error.traceback, folder)):
            name = frame.path.relative_to(folder.resolve()).as_posix()
            item.state, item.kind = "blocked", "helper_file"
            item.reason = f"raised in your {name} (--modules report: not changed)"
        elif len(attempts.get(error.cell_id, [])) >= max_attempts:
            ended = attempts[error.cell_id]
            counts = ", ".join(f"{ended.count(k)} {k}" for k in sorted(set(ended)))
            item.state, item.kind = "blocked", "given_up"
            item.reason = f"given up after {len(ended)} fixes ({counts})"
        else:
            source = _source(nb, error.cell_index)
            earlier = _defined_by_earlier_failing(error, source, nb, out, folder)
            if earlier is None:
                earlier = _set_up_by_earlier_blocked(error, source, nb, out, folder)
            if earlier is not None:
                item.state, item.after = "knock_on", earlier
                item.reason = f"fails because cell {shown_cell_number(earlier)} did"
        item.cause = "author's run" if item.kind == "as_stored" else _cause(item, error)
        end = (undone or {}).get(error.cell_id)
        if item.cause in ("no rule", "behaviour change") and end and end.error == item.error:
            # a fix answered this very error: the report says what became of it
            item.cause, item.reason = "fix undone", end.words()
        elif item.cause == "no rule" and (name := _never_defined(error, nb, folder)):
            item.cause, item.reason = "author's code", f"{name!r} is never defined in the notebook"
        out.append(item)
    return out


def fixable_errors(errors: list[CellError], cells: list[CellTriage]) -> list[CellError]:
    """The errors a fixer may work on: those of fixable cells, in order."""
    ok = {c.cell_index for c in cells if c.state == "fixable"}
    return [e for e in errors if e.cell_index in ok]


def blocked_notes(cells: list[CellTriage]) -> list[str]:
    """For the prompt: cells a fixer must leave alone, and why (numbered from 1, as the prompt
    numbers cells). A knock-on of a cell that can still be fixed is not listed: it follows that
    cell's fix, and telling the model to leave it contradicts "update the cells that use a renamed
    name" (the 1.5B model then fixed the import and left the call to the old name)."""
    by_index = {c.cell_index: c for c in cells}

    def root(cell: CellTriage) -> CellTriage:
        seen = {cell.cell_index}
        while cell.state == "knock_on" and cell.after in by_index and cell.after not in seen:
            cell = by_index[cell.after]
            seen.add(cell.cell_index)
        return cell

    return [
        f"cell {shown_cell_number(c.cell_index)} is blocked: {c.reason}; do not try to fix it"
        for c in cells
        if c.state == "blocked"
    ] + [
        f"cell {shown_cell_number(c.cell_index)} fails only because cell "
        f"{shown_cell_number(c.after)} did; leave it"
        for c in cells
        if c.state == "knock_on" and root(c).state == "blocked"
    ]


# each cause in plain words, for people (the report's ``cause`` keeps the term)
CAUSE_WORDS = {
    "behaviour change": "a call now behaves differently",
    "no rule": "a removed or renamed API that no rule rewrites",
    "fix undone": "a fix was found but not kept (the report says why)",
    "author's code": "a name the notebook never defines (the author's code, not an API change)",
    "author's run": "the error the author's run raised too (its stored output shows it)",
    "environment": "something the environment lacks",
    "helper file": "an error in a .py file beside the notebook",
}
_BLOCKED_WORDS = {
    "helper_file": "fails in a .py file beside the notebook, left as it is",
    "given_up": "was given up on after repeated fixes",
    "rejected": "has a fix you rejected",
    "as_stored": "raises the error the author's run raised too (left as written)",
}


def summary_line(cells: list[CellTriage]) -> str:
    """What still fails, in plain words: '1 cell needs package watermark; 1 cell still fails:
    a call now behaves differently'. Each cell's ``cause`` and ``kind`` keep the terms."""
    parts = []
    by_package: dict[str, int] = {}
    for c in cells:
        if c.kind == "environment" and c.package:
            by_package[c.package] = by_package.get(c.package, 0) + 1
    for package, n in sorted(by_package.items()):
        parts.append(
            f"1 cell needs package {package}" if n == 1 else f"{n} cells need package {package}"
        )
    others = [c for c in cells if c.state == "blocked" and c.kind != "environment"]
    for kind in sorted({c.kind or "" for c in others}):
        n = sum(c.kind == kind for c in others)
        words = _BLOCKED_WORDS.get(kind, "cannot be fixed here")
        parts.append(f"{_cells(n)} {words}" if n == 1 else f"{_cells(n)} {_plural(words)}")
    code = [c for c in cells if c.state == "fixable"]
    if code:
        causes = [c.cause for c in code]
        kinds = sorted(set(causes), key=lambda k: (-causes.count(k), k))
        said = [CAUSE_WORDS.get(k, "an error") for k in kinds]
        line = f"{_cells(len(code))} still {'fails' if len(code) == 1 else 'fail'}: "
        if len(kinds) == 1:
            line += said[0]
        else:
            line += ", ".join(f"{w} ({causes.count(k)})" for w, k in zip(said, kinds, strict=True))
        parts.append(line)
    knock = sum(1 for c in cells if c.state == "knock_on")
    if knock:
        more = "more " if parts else ""
        parts.append(
            f"{knock} {more}{'fails' if knock == 1 else 'fail'} only because an earlier cell did"
        )
    return "; ".join(parts)


def _cells(n: int) -> str:
    return "1 cell" if n == 1 else f"{n} cells"


def _plural(words: str) -> str:
    """ "was given up on" -> "were given up on"; "has a fix" -> "have a fix"."""
    head, _, rest = words.partition(" ")
    plural = {"was": "were", "has": "have", "fails": "fail", "raises": "raise"}
    return f"{plural.get(head, head)} {rest}"


# --- checks ------------------------------------------------------------------------------------


# per cell (id and index): the (ename, evalue) of each error its stored outputs show
StoredErrors = Mapping[object, list[tuple[str, str]]]


def stored_errors(nb: NotebookNode) -> dict[object, list[tuple[str, str]]]:
    """The errors the notebook's stored outputs show, (ename, evalue) per cell, keyed by cell id
    and by index (a notebook without ids is matched by position)."""
    out: dict[object, list[tuple[str, str]]] = {}
    for index, cell in enumerate(nb.cells):
        shown = [
            (str(o.get("ename") or ""), str(o.get("evalue") or ""))
            for o in cell.get("outputs") or []
            if o.get("output_type") == "error"
        ]
        if shown:
            out[index] = shown
            if cell.get("id"):
                out[cell["id"]] = shown
    return out


_QUOTED = re.compile(r"'([^'\n]{1,80})'")


def _raised_as_stored(error: CellError, shown: StoredErrors) -> str | None:
    """The exception's name where the cell's stored output shows the same error: the same
    exception, and every name today's message quotes quoted in the stored one too (Python 2's
    "invalid literal for long() ... 'hello'" is today's "... int() ... 'hello'"; an
    ``AttributeError`` for ``'float'`` is no stored one for ``'foo'``)."""
    seen = shown.get(error.cell_id) if error.cell_id else None
    for ename, evalue in seen if seen is not None else shown.get(error.cell_index, []):
        if ename != error.ename:
            continue
        if set(_QUOTED.findall(error.evalue)) <= set(_QUOTED.findall(evalue)):
            return ename
    return None


def _missing_module(error: CellError, versions: Mapping[str, str], folder: Path) -> str | None:
    """The distribution to install when the error says a module is missing and neither the
    environment nor the notebook's folder has its top-level package."""
    if error.ename not in ("ModuleNotFoundError", "ImportError"):
        return None
    optional = _OPTIONAL_DEPENDENCY.search(error.evalue)
    if optional is not None:
        # already the distribution's name (python-calamine, openpyxl)
        return optional.group(1) or optional.group(2)
    found = NO_MODULE_WITHIN.search(error.evalue)
    if found is None:
        return None
    module = found.group(1)
    top = module.split(".")[0]
    if is_stdlib(top) or dist_for_module(top, versions) is not None:
        return None  # the package is there: a removed submodule is API drift, not environment
    if (folder / f"{top}.py").exists() or (folder / top).is_dir():
        return None  # a local module: a path problem, not a package to install
    frame = failing_local_frame(error.traceback, folder)
    if frame is not None:
        beside = frame.path.parent
        if (beside / f"{top}.py").exists() or (beside / top).is_dir():
            return None  # a sibling of the module that imports it: Python 2's relative import
    return install_name(top)


def _cause(item: CellTriage, error: CellError) -> str:
    """Environment (a package or a file the environment lacks), no rule (an API that is gone
    or renamed: a rewrite would answer it), behaviour change (the call exists but now acts
    differently: refuses NaN, compares str with int, ...), or the cell's own triage state."""
    if item.kind == "environment":
        return "environment"
    if item.kind == "helper_file":
        return "helper file"
    if item.state == "knock_on":
        return "knock-on"
    text = f"{error.ename}: {error.evalue}"
    found = _MISSING_FILE.search(text)
    if error.ename in ("FileNotFoundError", "OSError") and found:
        name = found.group(1) or found.group(2)
        item.reason = f"needs file {name} (not in the notebook's folder)"
        return "environment"
    if unreachable(error):
        item.reason = "needs the network (this machine cannot reach the host it reads from)"
        return "environment"
    # a name, module or attribute that is gone, or Python 2 syntax: what a rewrite answers
    drift = ("AttributeError", "ImportError", "ModuleNotFoundError", "NameError", "SyntaxError")
    if error.ename in drift or _API_DRIFT.search(text):
        return "no rule"
    return "behaviour change"


def _never_defined(error: CellError, nb: NotebookNode, folder: Path) -> str | None:
    """The name of a NameError that no cell binds (its own modules' star imports included),
    no builtin, no IPython name and no Python 2 builtin; None where a library's star import
    (``from pylab import *``, ``%pylab``) may bind it."""
    found = _NAME_ERROR.search(error.evalue) if error.ename == "NameError" else None
    if found is None:
        return None
    name = found.group(1)
    if name in _PYTHON2_BUILTINS or name in _IPYTHON_NAMES or hasattr(builtins, name):
        return None
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if "%pylab" in cell.source or _library_star_import(cell.source, folder):
            return None
        if name in _defined_names(cell.source, folder):
            return None
    return name


def _library_star_import(source: str, folder: Path) -> bool:
    """``from M import *`` of a module that is not one of the notebook's own files."""
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["*"]:
            base = folder.joinpath(*(node.module or "").split("."))
            if not (base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()):
                return True
    return False


def _source(nb: NotebookNode, index: int) -> str:
    if 0 <= index < len(nb.cells):
        return nb.cells[index].source
    return ""


def _defined_by_earlier_failing(
    error: CellError, source: str, nb: NotebookNode, earlier: list[CellTriage], folder: Path
) -> int | None:
    if error.ename != "NameError":
        return None
    found = _NAME_ERROR.search(error.evalue)
    if found is None:
        return None
    name = found.group(1)
    for item in reversed(earlier):
        if name in _defined_names(_source(nb, item.cell_index), folder):
            return item.cell_index
    return None


def _set_up_by_earlier_blocked(
    error: CellError, source: str, nb: NotebookNode, earlier: list[CellTriage], folder: Path
) -> int | None:
    """Any error, in a cell using an object that an earlier cell no fix here reaches (blocked,
    or a knock-on itself) binds or sets up: `ohe = OneHotEncoder(); ohe.fit_transform(df)`
    failed on `df`, so `ohe.get_feature_names_out()` raises NotFittedError next. The model
    cannot fix that cell, and was asked to (imlp-04 behind a missing package). Only the names
    on the line that raised count: `from sklearn.datasets import load_boston` fails on its own."""
    used = _used_names(source)
    arrows = failing_lines(error.traceback)[:1]  # the cell's own frame comes first
    if arrows:
        words = set(re.findall(r"[A-Za-z_]\w*", arrows[0]))
        used &= words
    if not used:
        return None
    # a module or an imported function is not an object a cell sets up (`plt.plot(...)`)
    imported = {n for c in nb.cells if c.cell_type == "code" for n in _imported(c.source)}
    used -= imported
    for item in reversed(earlier):
        if item.state == "fixable":
            continue  # fixed first: this cell is judged again after that
        cell = _source(nb, item.cell_index)
        if used & (_defined_names(cell, folder) | _set_up_names(cell)):
            return item.cell_index
    return None


def _imported(source: str) -> set[str]:
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }


def _used_names(source: str) -> set[str]:
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _set_up_names(source: str) -> set[str]:
    """Names a cell changes without rebinding: a method called on them (`ct.fit(X)`), an item
    or attribute set (`df['x'] = ...`)."""
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    out: set[str] = set()
    for node in ast.walk(tree):
        target: ast.expr | None = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(
            node.ctx, (ast.Store, ast.Del)
        ):
            target = node.value
        while isinstance(target, (ast.Subscript, ast.Attribute)):
            target = target.value
        if isinstance(target, ast.Name):
            out.add(target.id)
    return out


def _defined_names(source: str, folder: Path | None = None, depth: int = 0) -> set[str]:
    """Names a cell (or a local module) binds at top level (assignments, imports, defs,
    classes, loop targets), with what `from LOCAL import *` brings from the notebook's own
    modules in ``folder`` (a book's `from preamble import *` importing `mglearn`, `np`, ...)."""
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["*"]:
            if folder is not None and node.module and not node.level and depth < 3:
                names |= _star_names(node.module, folder, depth + 1)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _star_names(module: str, folder: Path, depth: int) -> set[str]:
    """What `from MODULE import *` binds when MODULE is a .py file under ``folder``: its
    `__all__` when it lists names, else its public top-level names."""
    base = folder.joinpath(*module.split("."))
    path = next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)
    if path is None:
        return set()
    try:
        source = path.read_text(encoding="utf-8", errors="replace")
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return set()
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, (ast.List, ast.Tuple))
        ):
            listed = {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
            return {n for n in listed if isinstance(n, str)}
    return {n for n in _defined_names(source, path.parent, depth) if not n.startswith("_")}
