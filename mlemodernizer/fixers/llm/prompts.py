"""The prompts: one system message, one user message per fix type, and the re-ask.

Error repair shows the code cells up to and including the first failing cell, the traceback, the
versions of the packages the notebook imports, what the live kernel said (grounding facts), earlier
attempts and the user's rejections. When the error is raised inside the user's own helper module
beside the notebook (``FixContext.modules``), it also shows that module's lines around the failing
one, numbered, and how to change them (a ``# %% file PATH`` block). Score calibration and runtime
reduction show the whole notebook with the target, the current score, the metric direction, the
tolerance band, the time budget and the last runtime. Every prompt states the same forbidden list
and the same reply format.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

from nbformat import NotebookNode

from ...contracts.notebook import (
    cells_as_text,
    code_cells,
    mask_magics,
    output_texts,
    shown_cell_number,
)
from ...environment.grounding import failing_lines, format_facts
from ...environment.local_modules import frame_in_modules
from ...execution.base import CellError, ExecutionResult
from ...execution.noise import without_noise
from ...scoring.reader_text import reader_text
from ..base import FixContext, FixType
from .consistency import bound_names, imported_or_defined, used_names
from .packages import relevant_versions
from .reply import FileView, cell_list

MAX_TRACEBACK_LINES = 40
MAX_TRACEBACK_CHARS = 4000
MAX_OUTPUT_CHARS = 1500
MAX_DRIFT_CHARS = 800  # each of the drifting cell's two outputs
MAX_LATER_CELLS = 3
MAX_LATER_CHARS = 3000  # the later cells shown all together
MODULE_CONTEXT_LINES = 15  # shown on either side of a helper module's failing line
MODULE_WHOLE_LINES = 40  # a module this short is shown whole
# the earlier cells shown with the failing one: all of them when they fit, else those it needs.
# A small local model reads a prompt at a few tokens a second (2.3/s measured on 2 busy cores):
# a 40-cell notebook's 4,500-token prompt took half an hour before the first word of the reply
MAX_CONTEXT_CHARS = 3500
# a library frame in a traceback: only its header and the line that called on
_LIBRARY_PATH = re.compile(r"site-packages|dist-packages|/lib/python\d[\d.]*/|<frozen ")
_FRAME_START = re.compile(r"^(?:File |Cell In\[)")
_CALL_LINE = re.compile(r"^\s*-*>\s*\d+")

FORBIDDEN = """\
Forbidden (a patch that does any of this is rejected):
- hard-coding scores, metrics or predictions (no `accuracy = 0.94`, no `print("accuracy: 0.94")`, \
no constant predictions or submission values);
- leaking labels or test data into training or predictions;
- loading a different data set than the one the notebook loads, also when its loader was removed;
- dropping, skipping or commenting out training (`.fit(...)`, `train(...)`): fix the call instead;
- new network access: no downloads, no `pip install` / `!pip` / `%pip`, no `requests`, `urllib`, \
`wget`, `curl`, sockets or URLs;
- new packages: import only packages that are already installed."""

REPLY_FORMAT = """\
Reply format:
1. A short plan: one to three sentences on what you change and why.
2. Then ONE ```python code block that holds ONLY the cells you change. Start each changed cell \
with its header line `# %% cell N` (N = the cell number shown in the notebook) followed by the \
COMPLETE new source of that cell, every line of it.
Cells you do not name stay unchanged. Do not add cells, do not name markdown cells, do not write \
placeholders such as `# ... rest unchanged`. In a changed cell keep every line that does not need \
to change (imports included); if you rename something, update the cells that use it."""

SYSTEM_PROMPT = f"""\
You modernize old machine-learning Jupyter notebooks so that they run in today's Python \
environment and reproduce their original results. You change as little code as possible and keep \
the notebook's method, data and training. Replace a removed API with the modern one that behaves \
the same way (same arguments, same result).

{FORBIDDEN}

{REPLY_FORMAT}"""


@dataclass
class Prompt:
    messages: list[dict[str, str]]
    allowed_cells: list[int]  # the cells the model was shown and may change
    # the helper modules it was shown (the lines a `# %% file PATH` block replaces), by path
    files: dict[str, FileView] = field(default_factory=dict)


def compact_library_frames(text: str) -> str:
    """Library frames shrink to their `File ...` line and the line that called on: the model
    cannot change sklearn's code, and a 1.5B model reads 60 lines of it at 2 tokens a second.
    The notebook's own frames (cells, helper modules) and the exception lines stay whole."""
    out: list[str] = []
    in_library = False
    for line in text.split("\n"):
        if _FRAME_START.match(line):
            in_library = line.startswith("File ") and bool(_LIBRARY_PATH.search(line))
            out.append(line)
        elif in_library and _CALL_LINE.match(line):
            out.append(line)  # the library line that called on (or raised)
        elif in_library and (line[:1].isspace() or not line.strip()):
            pass  # the other listed source lines of a library frame
        else:
            in_library = False  # the exception line, "The above exception ...", ...
            out.append(line)
    return "\n".join(out)


def trim_traceback(text: str) -> str:
    text = compact_library_frames(text)
    lines = [ln.rstrip() for ln in text.strip("\n").split("\n")]
    lines = [ln for ln in lines if not set(ln.strip()) <= {"-"} or not ln.strip()]
    if len(lines) > MAX_TRACEBACK_LINES:
        head, tail = 12, MAX_TRACEBACK_LINES - 12
        omitted = len(lines) - head - tail
        lines = lines[:head] + [f"... ({omitted} lines omitted) ..."] + lines[-tail:]
    out = "\n".join(lines)
    if len(out) > MAX_TRACEBACK_CHARS:
        half = MAX_TRACEBACK_CHARS // 2
        out = out[:half] + "\n... (trimmed) ...\n" + out[-half:]
    return out


def _fence(text: str, lang: str = "") -> str:
    return f"```{lang}\n{text.rstrip()}\n```"


def _versions_text(nb: NotebookNode, versions: dict[str, str]) -> str:
    rel = relevant_versions((c.source for _, c in code_cells(nb)), versions)
    if not rel:
        return ""
    return ", ".join(f"{k} {v}" for k, v in rel.items())


def _attempts_text(ctx: FixContext) -> str:
    lines = []
    for a in ctx.attempts[-6:]:
        numbers = (str(shown_cell_number(c)) for c in a.cells_changed)
        cells = ", ".join([*numbers, *a.files_changed]) or "none"
        plan = " ".join((a.plan or "").split())[:200] or "(no plan)"
        lines.append(
            f"- attempt {a.index} ({a.source}, {a.fix_type}, cells {cells}): {plan} "
            f"→ result: {a.result_summary}"
        )
    return "\n".join(lines)


def _rejections_text(ctx: FixContext) -> str:
    return "\n".join(f"- {' '.join(r.split())[:300]}" for r in ctx.rejections[-6:])


def _common_tail(ctx: FixContext, facts: bool, facts_cell: int | None = None) -> list[str]:
    parts: list[str] = []
    versions = _versions_text(ctx.notebook, ctx.versions)
    if versions:
        parts.append(f"## Installed versions (packages the notebook imports)\n{versions}")
    if facts:
        found = ctx.result.facts
        if (
            facts_cell is not None
            and isinstance(found, dict)
            and isinstance(found.get("items"), list)
        ):
            # only what concerns the error being fixed; later errors are mostly its echoes
            items = [
                i
                for i in found["items"]
                if not isinstance(i, dict) or i.get("cell") in (None, facts_cell)
            ]
            found = {**found, "items": items}
        text = format_facts(found, include_versions=not versions)
        if text:
            parts.append("## Facts from the live Python environment (checked, trust them)\n" + text)
        if ctx.evidence:
            # the environment family's findings and how its tries ended: start from them
            parts.append(
                "## What the installed libraries said (tried by running)\n"
                + "\n".join(f"- {' '.join(e.split())[:300]}" for e in ctx.evidence[-8:])
            )
    attempts = _attempts_text(ctx)
    if attempts:
        parts.append(
            "## Earlier attempts (do not repeat them; try something different)\n" + attempts
        )
    rejections = _rejections_text(ctx)
    if rejections:
        parts.append("## Changes the user rejected (do not propose them again)\n" + rejections)
    if ctx.blocked:
        # cells no code change fixes here (a missing package, a helper file left alone) and
        # the errors that follow from them: the model works on the error above, not on these
        parts.append(
            "## Failing cells to leave alone (not fixable by changing code here)\n"
            + "\n".join(f"- {b}" for b in ctx.blocked[:8])
        )
    return parts


def _reply_reminder(
    cells: list[int], files: dict[str, FileView] | None = None, failing: int | None = None
) -> str:
    shown = cell_list(cells)
    # a small model copies the earlier cells back (at a token a second), and retypes them with
    # slips (jdw-Statsmodels: a dropped import, a renamed variable) when it does
    only = (
        f" Most fixes change only cell {shown_cell_number(failing)}: name another cell only "
        "when it must change too, and do not copy back a cell you leave as it is."
        if failing is not None and len(cells) > 1
        else ""
    )
    return (
        "## Your reply\n"
        f"A short plan, then one ```python block with only the cells you change (from cells "
        f"{shown}), each under its `# %% cell N` header, each complete"
        f"{_files_clause(files)}.{only} Remember the forbidden list."
    )


def _files_clause(files: dict[str, FileView] | None) -> str:
    if not files:
        return ""
    return "; and/or " + ", ".join(
        f"`# %% file {path}` followed by {_copy_of(view)}" for path, view in files.items()
    )


def _copy_of(view: FileView) -> str:
    if view.whole:
        return "a copy of the whole file with only the failing code changed"
    return f"a copy of its lines {view.start} to {view.end} with only the failing code changed"


def module_view(path: str, source: str, line: int) -> FileView:
    """The lines of a helper module shown around its failing ``line``: all of a short one."""
    count = len(source.splitlines())
    if count <= MODULE_WHOLE_LINES:
        return FileView(path, source, 1, max(count, 1))
    start = max(1, line - MODULE_CONTEXT_LINES)
    end = min(count, max(line, 1) + MODULE_CONTEXT_LINES)
    return FileView(path, source, start, end)


def _module_section(view: FileView, line: int) -> str:
    width = len(str(view.end))
    numbered = []
    for n, text in enumerate(view.shown, start=view.start):
        mark = "->" if n == line else "  "
        numbered.append(f"{mark}{n:>{width}} | {text}".rstrip())
    of = f" (of {len(view.lines)})" if not view.whole else ""
    how = (
        "a copy of the whole file"
        if view.whole
        else f"a copy of lines {view.start} to {view.end} (the lines not shown stay as they are)"
    )
    return (
        f"## The error is raised in `{view.path}`, line {line}: the user's own helper module\n"
        f"`{view.path}` is the user's Python file beside the notebook (the notebook imports it; "
        "it is not an installed package). The fix usually belongs there, not in the cell that "
        f"calls it. {'The whole file' if view.whole else f'Its lines {view.start} to {view.end}'}"
        f"{of}, the failing line marked `->`:\n"
        + _fence("\n".join(numbered))
        + f"\nTo fix it, write in your ```python block the header line `# %% file {view.path}` "
        f"followed by {how} in which you change only the failing code: keep every other line "
        "and every name as it is, and leave out the line numbers."
    )


def _first_error(result: ExecutionResult) -> CellError | None:
    return result.first_error


def context_cells(nb: NotebookNode, upto: list[int], budget: int | None = None) -> list[int]:
    """The code cells shown before the failing one (``upto[-1]``): all of them when their
    text fits ``budget``; else the failing cell and, walking back from it, the cells that
    bind what the kept cells use (its latest binding only), change it in place (`df['x'] =`)
    or star-import, while they fit."""
    budget = MAX_CONTEXT_CHARS if budget is None else budget
    size = {i: len(nb.cells[i].source) + 16 for i in upto}
    if sum(size.values()) <= budget or not upto:
        return upto
    failing = upto[-1]
    keep = {failing}
    total = size[failing]
    # what the failing cell reads before it binds it: `X_train` that it splits itself is not
    # (imlp-04's `load_boston` cell pulled in every earlier cell binding `X_train`, `data`, ...)
    needed = _read_before_bound(nb.cells[failing].source)
    for i in reversed(upto[:-1]):
        source = nb.cells[i].source
        bound, star = bound_names(source)
        changed = _changed_in_place(source)
        if not (bound & needed or changed & needed or star):
            continue
        if total + size[i] > budget:
            continue  # too long: a shorter earlier cell may still fit
        keep.add(i)
        total += size[i]
        needed = (needed - bound) | used_names(source)
    return [i for i in upto if i in keep]


def _read_before_bound(source: str) -> set[str]:
    """Names a cell loads no later than the line it first binds them on (`df = df.dropna()`
    reads the earlier `df`); all the names it loads when it does not parse."""
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return used_names(source)
    loads: dict[str, int] = {}
    stores: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            seen = loads if isinstance(node.ctx, ast.Load) else stores
            seen[node.id] = min(seen.get(node.id, node.lineno), node.lineno)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = (alias.asname or alias.name).split(".")[0]
                stores[name] = min(stores.get(name, node.lineno), node.lineno)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stores[node.name] = min(stores.get(node.name, node.lineno), node.lineno)
    return {n for n, line in loads.items() if n not in stores or line <= stores[n]}


def _changed_in_place(source: str) -> set[str]:
    """Names a cell changes without rebinding them: `df['x'] = ...`, `model.coef_ = ...`."""
    try:
        tree = ast.parse(mask_magics(source)[0])
    except SyntaxError:
        return set()
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            if not isinstance(target, (ast.Subscript, ast.Attribute)):
                continue  # a plain name is bound, not changed in place
            while isinstance(target, (ast.Subscript, ast.Attribute)):
                target = target.value
            if isinstance(target, ast.Name):
                out.add(target.id)
    return out


_OWN_MODULE_ERROR = re.compile(
    r"^cannot import name '\w+' from '(\w+)'|^module '(\w+)' has no attribute '\w+'"
)


def own_module_named(err: CellError, folder: Path | None) -> str | None:
    """The notebook's own top-level module an import or attribute error names (``cannot import
    name 'old_train' from 'legacy_helpers'``), when ``legacy_helpers.py`` (or a package of that
    name) sits in the notebook's folder: not a library that changed, the user's code."""
    if folder is None or err.ename not in ("ImportError", "AttributeError"):
        return None
    m = _OWN_MODULE_ERROR.match((err.evalue or "").strip())
    name = (m.group(1) or m.group(2)) if m else None
    if name and ((folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()):
        return name
    return None


def error_repair_prompt(ctx: FixContext) -> Prompt:
    nb = ctx.notebook
    err = _first_error(ctx.result)
    code_idx = [i for i, _ in code_cells(nb)]
    later: list[int] = []
    hidden = 0
    if err is not None and err.cell_index in code_idx:
        upto = [i for i in code_idx if i <= err.cell_index]
        context = context_cells(nb, upto)
        hidden = len(upto) - len(context)
        upto = context
        later = later_users(nb, err)
    else:
        upto = code_idx
    shown = upto + later
    # the error is raised inside a helper module the fixer may change: show it there
    frame = frame_in_modules(err.traceback, ctx.modules) if err is not None else None
    files: dict[str, FileView] = {}
    if frame is not None:
        files[frame.path] = module_view(frame.path, ctx.modules[frame.path], frame.line)
    parts: list[str] = []
    if err is not None:
        where = f" (raised in `{frame.path}`, the user's helper module)" if frame else ""
        own = own_module_named(err, ctx.folder)
        cause = (
            f"`{own}` is the notebook's own module (`{own}.py` beside it), which changed since "
            "the notebook was written: use what it offers now (see the facts), importing it "
            "rather than copying its code."
            if own
            else "The error is usually caused by an API that changed or was removed in a "
            "newer library version: use the modern equivalent."
        )
        parts.append(
            f"The notebook fails in cell {shown_cell_number(err.cell_index)}{where} with "
            f"`{err.summary()[:200]}`. Fix the error so the notebook runs in the environment "
            f"below, keeping its logic and results. {cause}"
        )
    elif ctx.result.kernel_died:
        parts.append("The kernel died while running the notebook. Fix the cause.")
    else:
        parts.append("The notebook does not run cleanly. Fix it.")
    last = upto[-1] if upto else 0
    shown_last = shown_cell_number(last)
    left_out = (
        f"; {hidden} earlier code cells that define nothing cell {shown_last} uses are not shown "
        "either: do not name them"
        if hidden
        else ""
    )
    if err is not None and len(upto) > 1:
        # the failing cell apart, right before the error: given one block of every cell, the
        # 1.5B copied them all back and ran out of tokens before it reached the failing one
        # (jdw-Statsmodels, dsin-titanic)
        parts.append(
            f"## Earlier code cells: context, they ran without errors (markdown cells and "
            f"later cells are not shown{left_out}). Do not copy them into your reply.\n"
            + _fence(cells_as_text(nb, upto[:-1]), "python")
        )
        parts.append(
            f"## Cell {shown_last}, the one that fails\n"
            + _fence(cells_as_text(nb, [last]), "python")
        )
    else:
        parts.append(
            f"## Notebook: the code cells up to cell {shown_last} (markdown cells and later cells "
            f"are not shown{left_out})\n" + _fence(cells_as_text(nb, upto), "python")
        )
    if later:
        parts.append(
            f"## Later cells that use what cell {shown_last} imports or defines (change them too "
            "if you rename those names)\n" + _fence(cells_as_text(nb, later), "python")
        )
    if err is not None:
        tb = trim_traceback(err.traceback) if err.traceback.strip() else err.summary()
        others = [e for e in ctx.result.errors[1:4] if e is not err]
        section = f"## Error in cell {shown_cell_number(err.cell_index)}\n{_fence(tb)}"
        if others:
            section += "\nLater cells also failed (maybe because of this one): " + "; ".join(
                f"cell {shown_cell_number(e.cell_index)}: {e.summary()[:100]}" for e in others
            )
        parts.append(section)
        if frame is not None:
            parts.append(_module_section(files[frame.path], frame.line))
    parts.extend(_common_tail(ctx, facts=True, facts_cell=err.cell_index if err else None))
    parts.append(_reply_reminder(shown, files, err.cell_index if err is not None else None))
    return Prompt(_messages("\n\n".join(parts)), shown, files)


def later_users(nb: NotebookNode, err: CellError, limit: int = MAX_LATER_CELLS) -> list[int]:
    """Code cells after the failing one that use a name its failing line imports or defines.

    When ``from sklearn.preprocessing import Imputer`` breaks, the cells calling ``Imputer`` need
    the same rename: showing them lets one patch fix both instead of one execution per cell.
    Only names the failing line binds count: not every ``np`` the cell imports, and not ``plt``
    when ``plt.style.use("tableau10")`` fails (that showed a 5,000-character cell that calls
    ``plt`` to a small model, rhiever-Where_s_Waldo). At most ``MAX_LATER_CHARS`` of them.
    """
    index = err.cell_index
    lines = failing_lines(err.traceback)
    failing = "\n".join(lines) or err.evalue
    names = {
        n
        for n in imported_or_defined(nb.cells[index].source)
        if re.search(rf"\b{re.escape(n)}\b", failing)
    }
    bound = _bound_on(lines[0]) if lines else None
    if bound is not None:
        names &= bound
    if not names:
        return []
    out: list[int] = []
    total = 0
    for i, cell in code_cells(nb):
        if i > index and names & used_names(cell.source):
            total += len(cell.source)
            if total > MAX_LATER_CHARS:
                break
            out.append(i)
            if len(out) >= limit:
                break
    return out


def _bound_on(line: str) -> set[str] | None:
    """The names a single failing line binds (`from m import a as b`: b; `def f(`: f), or None
    when the line is not a whole statement (part of a longer one: any name may count)."""
    text = line.strip()
    head = re.match(r"(?:async\s+)?(?:def|class)\s+(\w+)", text)
    if head:
        return {head.group(1)}
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
    return out


def _band(ctx: FixContext) -> str:
    if ctx.target_score is None:
        return "unknown"
    half = ctx.tolerance * abs(ctx.target_score)
    lo, hi = ctx.target_score - half, ctx.target_score + half
    return f"{lo:.6g} to {hi:.6g} (target ± {ctx.tolerance:.0%})"


def _score(value: float | None) -> str:
    return "not found in the output" if value is None else f"{value:.6g}"


def _timing_text(result: ExecutionResult, timeout_s: float) -> str:
    lines = [
        f"Time budget: {timeout_s:g} s for the whole notebook; last run: {result.runtime_s:.1f} s"
    ]
    if result.timed_out:
        where = f" in cell {shown_cell_number(result.cells[-1].cell_index)}" if result.cells else ""
        lines[0] += f" (stopped at the time limit{where})"
    slow = sorted(result.cells, key=lambda r: r.seconds, reverse=True)[:4]
    slow = [r for r in slow if r.seconds >= 0.5]
    if slow:
        lines.append(
            "Slowest cells: "
            + ", ".join(f"cell {shown_cell_number(r.cell_index)} {r.seconds:.1f} s" for r in slow)
        )
    return "\n".join(lines)


def _outputs_text(result: ExecutionResult) -> str:
    """Warnings and the last printed lines per cell: where scores and changed defaults show."""
    chunks: list[str] = []
    for i, cell in enumerate(result.executed.cells):
        if cell.cell_type != "code":
            continue
        # framework chatter on stderr (TensorFlow's CPU notices) is not the notebook's output
        texts = [without_noise(t) if k == "stderr" else t for k, t in output_texts(cell)]
        lines = [ln for ln in "".join(texts).split("\n") if ln.strip()]
        if lines:
            chunks.append(
                f"[cell {shown_cell_number(i)}]\n" + "\n".join(ln[:200] for ln in lines[-6:])
            )
    text = "\n".join(chunks)
    if len(text) > MAX_OUTPUT_CHARS:
        text = "... (trimmed) ...\n" + text[-MAX_OUTPUT_CHARS:]
    return text


def score_calibration_prompt(ctx: FixContext) -> Prompt:
    nb = ctx.notebook
    shown = [i for i, _ in code_cells(nb)]
    direction = "higher is better" if ctx.higher_is_better else "lower is better"
    parts = [
        "The notebook runs without errors, but its score differs from the original result. "
        "Find what makes the score differ in today's library versions (changed defaults such as "
        "solver, n_estimators, max_iter, random_state or shuffling; changed behaviour) and "
        "restore the original behaviour explicitly, so the score comes back into the band.",
        f"## Score\nTarget (original): {_score(ctx.target_score)}\n"
        f"Current: {_score(ctx.current_score)}\nMetric direction: {direction}\n"
        f"Accepted band: {_band(ctx)}\n{_timing_text(ctx.result, ctx.timeout_s)}",
        "## Notebook: all code cells (markdown omitted)\n" + _fence(cells_as_text(nb), "python"),
    ]
    outputs = _outputs_text(ctx.result)
    if outputs:
        parts.append("## Output of the last run (last lines per cell)\n" + _fence(outputs))
    drift = _drift_text(ctx)
    if drift:
        parts.append(drift)
    parts.extend(_common_tail(ctx, facts=False))
    parts.append(_reply_reminder(shown))
    return Prompt(_messages("\n\n".join(parts)), shown)


def _drift_text(ctx: FixContext) -> str:
    """The first cell whose output drifted from the author's stored one, up to the score's:
    its stored and current output, so the model starts where the behaviour changed."""
    i = ctx.drift_cell
    if i is None or i >= len(ctx.original.cells) or i >= len(ctx.notebook.cells):
        return ""
    then = reader_text(ctx.original.cells[i])[-MAX_DRIFT_CHARS:]
    now = reader_text(ctx.notebook.cells[i])[-MAX_DRIFT_CHARS:]
    moved = f" ({ctx.drift})" if ctx.drift else ""
    n = shown_cell_number(i)
    return (
        f"## Where the outputs first drift\nThe author's stored outputs and the last run's "
        f"first differ at `# %% cell {n}`{moved}. The changed default or behaviour is in "
        f"that cell or a cell before it; change nothing after it unless it must follow.\n"
        f"Stored output of cell {n} (the author's):\n{_fence(then)}\n"
        f"Output of cell {n} now:\n{_fence(now)}"
    )


def runtime_reduction_prompt(ctx: FixContext) -> Prompt:
    nb = ctx.notebook
    shown = [i for i, _ in code_cells(nb)]
    direction = "higher is better" if ctx.higher_is_better else "lower is better"
    parts = [
        "The notebook does not finish within its time budget. Make it faster while it still "
        "trains the same kind of model on the same data and its score stays in the band: e.g. "
        "use all CPU cores (n_jobs=-1), vectorize Python loops, avoid repeated work, pick a faster "
        "equivalent solver; reduce epochs, estimators or search grids only as far as needed.",
        f"## Budget\n{_timing_text(ctx.result, ctx.timeout_s)}\n"
        f"Target score: {_score(ctx.target_score)}; current: {_score(ctx.current_score)}; "
        f"{direction}; accepted band: {_band(ctx)}",
        "## Notebook: all code cells (markdown omitted)\n" + _fence(cells_as_text(nb), "python"),
    ]
    parts.extend(_common_tail(ctx, facts=False))
    parts.append(_reply_reminder(shown))
    return Prompt(_messages("\n\n".join(parts)), shown)


def _messages(user: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


def build_prompt(ctx: FixContext) -> Prompt:
    if ctx.fix_type == FixType.ERROR_REPAIR:
        return error_repair_prompt(ctx)
    if ctx.fix_type == FixType.SCORE_CALIBRATION:
        return score_calibration_prompt(ctx)
    if ctx.fix_type == FixType.RUNTIME_REDUCTION:
        return runtime_reduction_prompt(ctx)
    raise ValueError(f"unknown fix type {ctx.fix_type!r}")


def reask_message(reason: str, allowed: list[int], files: dict[str, FileView] | None = None) -> str:
    shown = cell_list(allowed)
    return (
        f"Your reply cannot be used: {reason}.\n"
        f"Reply again: a short plan, then one ```python block with only the cells you change "
        f"(from cells {shown}), each starting with its `# %% cell N` header line and holding the "
        f"complete new cell{_files_clause(files)}. Remember the forbidden list."
    )
