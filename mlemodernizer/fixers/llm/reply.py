"""Read a model's reply leniently, validate it strictly.

Parsing accepts what real models send: no plan, no code fence, several fences, the header inside
or outside a fence, ``# %% cell 3`` / ``# %% [cell 3]`` / ``### Cell 3:`` / ``**Cell 3**`` headers,
prose after the code. Validation then names one precise reason per problem: unknown cells,
markdown cells, cells that were not shown, placeholders instead of code, code that does not parse,
nothing changed. That reason is what the re-ask tells the model.

Cells are numbered for the model as for people, from 1 (:func:`shown_cell_number`): a number read
from a reply becomes the cell's 0-based index once, in :func:`parse_reply`
(:func:`cell_index_from_number`), and every number the model is told is the index shown again.

A reply may also change the user's own helper module the error is raised in (``# %% file
helpers.py``): its block replaces the lines of that file the prompt showed (:class:`FileView`),
and only a file that was shown can be named.
"""

from __future__ import annotations

import ast
import difflib
import re
import textwrap
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath, PureWindowsPath

from nbformat import NotebookNode

from ...contracts.notebook import cell_index_from_number, parse_error, shown_cell_number
from ..base import CellChange
from .consistency import lost_file_names, name_problems
from .problems import ReplyProblem

# `# %% cell 3`, `#%% [cell 3]`, `# %% Cell 3: fixed`, `# %% [3]`
_HEADER_PCT = re.compile(
    r"^#+\s*%%\s*\[?\s*(?:cell\s*)?#?\s*(\d+)\s*\]?(?:\s*[:\-–—(].*)?\s*$", re.I
)
# `# Cell 3`, `### Cell 3:`, `## cell 3 (fixed)` (no %%: the word "cell" and nothing after but
# punctuation, so a comment like `# cell 3 holds the data` is not a header)
_HEADER_WORD = re.compile(r"^#+\s*\[?\s*cell\s*#?\s*(\d+)\s*\]?\s*(?:[:\-–—(].*)?$", re.I)
# markdown emphasis outside a fence: `**Cell 3:**`, `**# %% cell 3**`
_HEADER_BOLD = re.compile(
    r"^(?:\*\*|__)\s*(?:#+\s*%%\s*)?\[?\s*cell\s*#?\s*(\d+)\s*\]?\s*:?\s*(?:\*\*|__)\s*:?\s*$", re.I
)
# a fence line; small models put text before an opening fence: "2. ```python", "Code: ```python"
_FENCE = re.compile(r"^(?P<pre>.*?)(```+|~~~+)\s*([\w+\-.]*)\s*$")
_LIST_MARKER = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s*")
_LABEL_LINE = re.compile(r"^\s*(?:\d+[.)]|[-*+])?\s*(?:\*\*|__)[^*_]{1,40}(?:\*\*|__)\s*:?\s*$")

_PLACEHOLDER_LINE = re.compile(
    r"^\s*(?:\.\.\.|…|#\s*(?:\.\.\.|…).*|#.*\b(?:rest of (?:the )?(?:code|cell|notebook|file)"
    r"|remaining (?:code|lines)"
    r"|(?:code|cell|everything else) (?:stays|remains) (?:the same|unchanged)"
    r"|(?:is |stays |remains |left )?unchanged\b|same as (?:before|above|original|the original)"
    r"|existing code|previous code|other code|no changes?\b|as before\b))",
    re.I,
)
_PROSE_LINE = re.compile(r"^[A-Z][A-Za-z']*(?:\s+\S+){2,}\s*$")

# a file header names a .py path: `# %% file helpers.py`, `# %% [file pkg/model.py]`,
# `# %% helpers.py`, `# file: helpers.py`, `**File helpers.py**`
_PATH = r"[`'\"]?(?P<path>[^\s`'\"\[\]*]+?\.py)[`'\"]?"
_FILE_PCT = re.compile(
    rf"^#+\s*%%\s*\[?\s*(?:file\b\s*:?\s*)?{_PATH}\s*\]?(?:\s*[:\-–—(].*)?\s*$", re.I
)
_FILE_WORD = re.compile(rf"^#+\s*\[?\s*file\b\s*:?\s*{_PATH}\s*\]?\s*:?\s*$", re.I)
_FILE_BOLD = re.compile(
    rf"^(?:\*\*|__)\s*(?:#+\s*%%\s*)?\[?\s*file\b\s*:?\s*{_PATH}\s*\]?\s*:?\s*(?:\*\*|__)\s*:?\s*$",
    re.I,
)
# `# helpers.py`, `### helpers.py:`, `**helpers.py**`: a header only for a file that was shown
_FILE_BARE = re.compile(rf"^(?:#+|\*\*|__)\s*{_PATH}\s*:?\s*(?:\*\*|__)?\s*:?\s*$", re.I)
# the prompt's numbered lines copied back: `  12 | code`, `-> 12 | code`
# a before/after block: `# The original code was:` ... `# Replaced with:` then the new code
_AFTER_MARK = re.compile(
    r"^\s*#+\s*(?:(?:it\s+is\s+|was\s+)?replaced\s+(?:it\s+)?(?:with|by)|(?:the\s+)?(?:new|fixed|"
    r"updated|corrected|modified)\s+(?:code|version|file)|after(?:\s+the\s+(?:fix|change))?|"
    r"changed\s+to)\b[^\n]*$",
    re.I,
)
_IDENT_RE = re.compile(r"[A-Za-z_]\w*")
_NUMBERED = re.compile(r"^\s*(?:-*>+)?\s*\d+ ?[|│] ?")


def header_number(line: str, *, outside_fence: bool = False) -> int | None:
    """The cell number ``line`` names if it is a cell header (as written: from 1), else None."""
    text = line.strip()
    m = _HEADER_PCT.match(text) or _HEADER_WORD.match(text)
    if m is None and outside_fence:
        m = _HEADER_BOLD.match(text)
    return int(m.group(1)) if m else None


def file_header(
    line: str, *, outside_fence: bool = False, known: Collection[str] = ()
) -> str | None:
    """The path if ``line`` is a file header, else None. ``# %% file PATH`` always names a file
    (validation says why one may not be changed); the looser forms only once a prompt showed a
    file (``known``: a notebook's `# file: x.py` comment stays a comment), and a bare name
    (`# helpers.py`) only a shown one."""
    text = line.strip()
    m = _FILE_PCT.match(text)
    if m is None and known:
        m = _FILE_WORD.match(text)
    if m is None and known and outside_fence:
        m = _FILE_BOLD.match(text)
    if m is None and known:
        bare = _FILE_BARE.match(text)
        if bare is not None and _clean_path(bare["path"]) in known:
            m = bare
    return _clean_path(m["path"]) if m else None


def _clean_path(path: str) -> str:
    path = path.strip().replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


@dataclass(frozen=True)
class FileView:
    """A helper module as the prompt showed it: lines ``start``..``end`` (1-based) of
    ``source``; a file block replaces exactly those lines."""

    path: str
    source: str
    start: int
    end: int

    @property
    def lines(self) -> list[str]:
        return self.source.splitlines()

    @property
    def shown(self) -> list[str]:
        return self.lines[self.start - 1 : self.end]

    @property
    def whole(self) -> bool:
        return self.start == 1 and self.end >= len(self.lines)

    def span(self) -> str:
        return "the whole file" if self.whole else f"lines {self.start} to {self.end}"


@dataclass
class ParsedReply:
    plan: str
    # cell index (0-based; the reply's number less one) → new source, in reply order (a repeated
    # number: last wins)
    cells: dict[int, str]
    headerless_code: list[str] = field(default_factory=list)  # fenced code with no cell header
    unterminated_fence: bool = False
    files: dict[str, str] = field(default_factory=dict)  # path → new text of the shown lines


@dataclass
class _Block:
    index: int | str  # a cell's 0-based index, or a file's path
    fenced: list[str] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)
    header_in_fence: bool = False
    has_fence: bool = False


def parse_reply(text: str, known_files: Collection[str] = ()) -> ParsedReply:
    """``known_files``: the files the prompt showed (a bare `# helpers.py` names one of them)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    plan_lines: list[str] = []
    blocks: list[_Block] = []
    headerless: list[list[str]] = []
    current: _Block | None = None
    in_fence = False
    fence_owner: _Block | None = None  # the block this fence's lines belong to
    fence_buf: list[str] | None = None  # lines of a fence without a header (yet)
    seen_code = False

    after_lines: list[str] = []  # prose after the code: the plan when none came first

    for raw in lines:
        fence = _FENCE.match(raw)
        if fence and in_fence and fence.group("pre").strip():
            fence = None  # text then ``` inside a fence: code, not a fence
        if fence and in_fence:
            # a bare fence closes; "```python" inside a fence means the previous one was never
            # closed: close it and open a new one
            in_fence = False
            if fence_buf:
                headerless.append(fence_buf)
            fence_buf = None
            fence_owner = None
            current = None  # a cell takes at most one fence; prose after it is not code
            if fence.group(3) == "":
                continue
        if fence and not in_fence:
            pre = _LIST_MARKER.sub("", fence.group("pre")).strip()
            if pre and not seen_code:
                plan_lines.append(pre)
            in_fence = True
            seen_code = True
            if current is not None and not current.has_fence:
                fence_owner = current  # header outside, its code in the next fence
                current.has_fence = True
                fence_buf = None
            else:
                fence_owner = None
                current = None
                fence_buf = []
            continue

        number = header_number(raw, outside_fence=not in_fence)
        # the one place a reply's cell number becomes an index
        idx: int | str | None = None if number is None else cell_index_from_number(number)
        if idx is None:
            idx = file_header(raw, outside_fence=not in_fence, known=known_files)
        if idx is not None:
            seen_code = True
            block = _Block(idx, header_in_fence=in_fence, has_fence=in_fence)
            blocks.append(block)
            current = block
            if in_fence:
                fence_owner = block
                if fence_buf:  # code before the first header in this fence: not attributable
                    headerless.append(fence_buf)
                fence_buf = None
            continue

        if in_fence:
            if fence_owner is not None:
                fence_owner.fenced.append(raw)
            elif fence_buf is not None:
                fence_buf.append(raw)
        elif current is not None:
            current.loose.append(raw)
        elif not seen_code:
            plan_lines.append(raw)
        else:
            after_lines.append(raw)

    unterminated = in_fence
    if in_fence and fence_buf:
        headerless.append(fence_buf)

    cells: dict[int, str] = {}
    files: dict[str, str] = {}
    for block in blocks:
        if isinstance(block.index, str):
            # kept as indented as sent: shown lines may sit inside a function (validation
            # re-indents them to the file's)
            raw_body = "\n".join(block.fenced if block.has_fence else block.loose)
            files.pop(block.index, None)
            files[block.index] = raw_body.strip("\n").rstrip()
            continue
        # a fence nested in a markdown list comes indented: a cell never starts indented
        fenced = textwrap.dedent("\n".join(block.fenced))
        loose = textwrap.dedent("\n".join(block.loose))
        body = fenced if block.has_fence else _trim_prose(loose)
        cells.pop(block.index, None)
        cells[block.index] = body.strip("\n").rstrip()
    plan = _clean_plan("\n".join(plan_lines)) or _clean_plan("\n".join(after_lines))[:600]
    return ParsedReply(
        plan=plan,
        cells=cells,
        headerless_code=[
            textwrap.dedent("\n".join(b)).strip("\n") for b in headerless if "".join(b).strip()
        ],
        unterminated_fence=unterminated,
        files=files,
    )


def _clean_plan(text: str) -> str:
    """The plan without its label: "1. **Plan**: x", "Plan: x", "### Plan\nx" → "x"."""
    text = text.strip()
    text = re.sub(
        r"^(?:\d+[.)]\s*|[-*+]\s+|#+\s*)?(?:\*\*|__)?\s*(?:short\s+|the\s+)?plan\s*(?:\*\*|__)?\s*:?\s*"
        r"(?:\*\*|__)?\s*:?\s*",
        "",
        text,
        flags=re.I,
    )
    # drop bare label lines the model numbers its answer with ("2. **Changed Cells**:")
    lines = [ln for ln in text.split("\n") if not _LABEL_LINE.match(ln)]
    return "\n".join(lines).strip()


def _parses(source: str) -> bool:
    return parse_error(source) is None


def _trim_prose(body: str) -> str:
    """Drop prose before/after the code of an unfenced cell (``Here is the fix:``, ``This ...``)."""
    lines = body.strip("\n").split("\n")
    while lines and _PROSE_LINE.match(lines[0].strip()) and not _parses(lines[0].strip()):
        lines.pop(0)
    body = "\n".join(lines)
    if _parses(body):
        return body
    for k in range(len(lines) - 1, 0, -1):
        rest = [ln for ln in lines[k:] if ln.strip()]
        if not rest:
            continue
        head = "\n".join(lines[:k])
        first = rest[0].strip()
        if _PROSE_LINE.match(first) and not _parses(first) and _parses(head):
            return head
    return body


def guess_cell(code: str, nb: NotebookNode, candidates: list[int]) -> int | None:
    """The one shown cell that headerless code clearly rewrites (similar text), else None."""
    guess = _guess(code, {i: nb.cells[i].source for i in candidates})
    return guess if isinstance(guess, int) else None


def _guess(code: str, texts: Mapping[int | str, str]) -> int | str | None:
    """The one key whose text ``code`` clearly rewrites (similar text), else None."""
    scores = []
    for key, text in texts.items():
        ratio = difflib.SequenceMatcher(None, _norm(text), _norm(code)).ratio()
        scores.append((ratio, key))
    scores.sort(key=lambda s: s[0], reverse=True)
    if not scores or scores[0][0] < 0.6:
        return None
    if len(scores) > 1 and scores[0][0] - scores[1][0] < 0.15:
        return None
    return scores[0][1]


def _renumbered(
    cells: Mapping[int, str], nb: NotebookNode, shown: list[int], code_indices: list[int]
) -> dict[int, str]:
    """Cells the reply named by their position instead of their header: the 1.5B model answered
    dsin-pandas' `# %% cell 119` (`df_6 > 5`, prompts then numbered from 0) as `# %% cell 59`,
    the 59th code cell, a markdown cell. A number that names no shown code cell is read as a
    position (among the notebook's code cells, or the shown ones; from 1 or from 0) when that
    cell is one the body clearly rewrites; otherwise it stays, and validation says why it cannot
    be used. ``cells`` is keyed by index (the number less one): the number N is position N
    counted from 1 (``seq[N - 1]``, the index) or from 0 (``seq[N]``, the index plus one)."""
    out: dict[int, str] = {}
    for index, body in cells.items():
        if index in shown or _only_placeholder(body):
            out[index] = body
            continue
        positions = {
            seq[k]
            for seq in (code_indices, shown)
            for k in (index, index + 1)
            if 0 <= k < len(seq) and seq[k] in shown
        }
        scores = sorted(
            (
                (_likeness(nb.cells[i].source, body), i)
                for i in positions
                if i not in cells and i not in out
            ),
            reverse=True,
        )
        # the position already points there: a rewrite shares less text than a guess needs
        clear = scores and scores[0][0] >= 0.4
        if clear and (len(scores) == 1 or scores[0][0] - scores[1][0] >= 0.1):
            out[scores[0][1]] = body
        else:
            out[index] = body
    return out


def _likeness(old: str, new: str) -> float:
    """How clearly ``new`` rewrites ``old``: their text, or the names they share (a one-line
    rewrite such as `df_6 > 5` → `df_6.gt(df_6)` shares little text but its names)."""
    text = difflib.SequenceMatcher(None, _norm(old), _norm(new)).ratio()
    a, b = set(_IDENT_RE.findall(old)), set(_IDENT_RE.findall(new))
    names = len(a & b) / len(a | b) if a | b else 0.0
    return max(text, names)


def _norm(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().split("\n"))


def _placeholder(body: str) -> str | None:
    for line in body.split("\n"):
        if _PLACEHOLDER_LINE.match(line):
            return line.strip()
    return None


def _only_placeholder(body: str) -> bool:
    meaningful = [ln for ln in body.split("\n") if ln.strip()]
    return not meaningful or all(_PLACEHOLDER_LINE.match(ln) for ln in meaningful)


def cell_list(indices: list[int]) -> str:
    """The cells at ``indices`` as the model is shown them (from 1): "1, 2, 3"; a long list as
    "1 to 80 (code cells only)"; "none" when empty."""
    if not indices:
        return "none"
    numbers = [shown_cell_number(i) for i in indices]
    if len(numbers) > 12:
        return f"{min(numbers)} to {max(numbers)} (code cells only)"
    return ", ".join(str(n) for n in numbers)


_ranges = cell_list


@dataclass
class Validation:
    changes: list[CellChange]
    reason: str | None  # None: usable
    # the reply's cells when its only fault is that other cells must follow a replaced import:
    # the re-ask's reply is taken together with them (small models send just the missing cell),
    # and ``changes`` holds the patch as it is, for when the re-asks run out
    partial: dict[int, str] = field(default_factory=dict)
    # what kind of problem ``reason`` tells (the first, when several): what people are told
    problem: ReplyProblem | None = None


def validate_reply(
    parsed: ParsedReply,
    nb: NotebookNode,
    allowed: list[int] | None = None,
    *,
    truncated: bool = False,
    files: Mapping[str, FileView] | None = None,
) -> Validation:
    """Turn a parsed reply into cell changes, or say precisely why it cannot be used.

    ``files``: the helper modules the prompt showed, by path; a reply may change those only."""
    files = files or {}
    code_indices = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    shown = code_indices if allowed is None else [i for i in allowed if i in code_indices]
    header_hint = "`# %% cell N`" + (f" (or `# %% file {next(iter(files))}`)" if files else "")
    if truncated or (parsed.unterminated_fence and not parsed.cells and not parsed.files):
        # a small model copies the context cells back and runs out of tokens (imlp-04): say so
        copied = [
            i
            for i, body in parsed.cells.items()
            if i in shown and _norm(body) == _norm(nb.cells[i].source)
        ]
        spent = (
            f": it copied cell {_ranges(sorted(copied))} unchanged, which spends the reply; "
            "never copy a cell you leave as it is"
            if copied
            else ""
        )
        return Validation(
            [],
            f"your reply was cut off before it ended{spent}; reply again with a one-line plan "
            "and only the cells you change",
            problem="truncated",
        )
    if not parsed.cells and not parsed.files and len(parsed.headerless_code) == 1:
        code = parsed.headerless_code[0]
        texts: dict[int | str, str] = {i: nb.cells[i].source for i in shown}
        texts.update({path: "\n".join(view.shown) for path, view in files.items()})
        guess = _guess("\n".join(_strip_numbers(code.split("\n"))), texts)
        if isinstance(guess, int):
            parsed = ParsedReply(parsed.plan, {guess: code})
        elif isinstance(guess, str):
            parsed = ParsedReply(parsed.plan, {}, files={guess: code})
    if not parsed.cells and not parsed.files:
        if parsed.headerless_code:
            return Validation(
                [],
                f"your code has no {header_hint} header line, so it is unclear what it "
                "replaces; start each changed cell with its header, e.g. `# %% cell "
                f"{shown_cell_number(shown[-1] if shown else 0)}`",
                problem="no_header",
            )
        return Validation(
            [],
            "your reply contains no code: give one ```python block with each changed cell "
            f"under its {header_hint} header",
            problem="no_code",
        )

    problems: list[tuple[ReplyProblem, str]] = []
    changes: list[CellChange] = []
    unchanged: list[int] = []
    empty: list[int] = []
    for index, body in _renumbered(parsed.cells, nb, shown, code_indices).items():
        if _only_placeholder(body):
            empty.append(index)  # "cell 2: unchanged" or no code at all: not a change
            continue
        n = shown_cell_number(index)
        if index >= len(nb.cells) or index < 0:
            problems.append(
                (
                    "wrong_cells",
                    f"cell {n} does not exist (the code cells are {_ranges(shown)}); you "
                    "cannot add cells, put new code into an existing cell",
                )
            )
            continue
        cell = nb.cells[index]
        if cell.cell_type != "code":
            problems.append(
                (
                    "wrong_cells",
                    f"cell {n} is a {cell.cell_type} cell; change only code cells "
                    f"({_ranges(shown)})",
                )
            )
            continue
        if index not in shown:
            problems.append(
                (
                    "wrong_cells",
                    f"cell {n} was not shown to you; change only cells {_ranges(shown)}",
                )
            )
            continue
        hole = _placeholder(body)
        if hole is not None:
            problems.append(
                (
                    "placeholder",
                    f"cell {n} contains the placeholder `{hole[:60]}` instead of code; write "
                    "the complete cell, every line of it",
                )
            )
            continue
        error = parse_error(body)
        if error is not None:
            problems.append(("invalid_python", f"cell {n} is not valid Python ({error})"))
            continue
        if _norm(body) == _norm(cell.source):
            unchanged.append(index)
            continue
        changes.append(CellChange(index, cell.get("id", ""), cell.source, body))
    file_changes: list[CellChange] = []
    unchanged_files: list[str] = []
    for name, body in parsed.files.items():
        path = _shown_path(name, files)
        if path is None:
            allowed_files = ", ".join(f"`{p}`" for p in files)
            problems.append(
                (
                    "wrong_cells",
                    f"`{name}` is not a file you may change: change only "
                    + (f"the helper module {allowed_files} and " if files else "")
                    + "the notebook's cells",
                )
            )
            continue
        view = files[path]
        outcome = _file_change(path, body, view)
        if isinstance(outcome, tuple):
            problems.append(outcome)
        elif outcome is None:
            unchanged_files.append(path)
        else:
            file_changes.append(outcome)
    if problems:
        return Validation([], "; ".join(t for _, t in problems), problem=problems[0][0])
    if not changes and not file_changes and (unchanged or unchanged_files):
        what = [f"cell {_ranges(unchanged)}"] if unchanged else []
        what += [f"`{p}`" for p in unchanged_files]
        return Validation(
            [],
            f"your reply changes nothing: {' and '.join(what)} is identical to the current "
            "code; change the code that causes the problem",
            problem="changes_nothing",
        )
    if not changes and not file_changes:
        return Validation(
            [],
            f"your reply names cell {_ranges(empty)} but gives no code for it; put the complete "
            "new cell under its `# %% cell N` header inside the ```python block",
            problem="no_code",
        )
    changes.sort(key=lambda c: c.cell_index)
    lost = name_problems(changes, nb) if changes else []
    if lost:
        text = "; ".join(t for t, _ in lost[:4])
        if all(follow for _, follow in lost) and not file_changes:
            # usable as it is (its users fail next run, with a clear error), but asked to finish
            return Validation(changes, text, dict(parsed.cells), problem="breaks_names")
        return Validation([], text, problem="breaks_names")
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    for change in file_changes:
        assert change.path is not None
        dropped = lost_file_names(change.path, change.old_source, change.new_source, cells)
        if dropped is not None:
            return Validation([], dropped, problem="breaks_names")
    return Validation(changes + file_changes, None)


def _shown_path(name: str, files: Mapping[str, FileView]) -> str | None:
    """The shown file ``name`` means: its own path, or the absolute path the traceback gave
    it (matched by its tail). Never a path that climbs out (``../x.py``)."""
    if name in files:
        return name
    posix = PurePosixPath(name)
    if ".." in posix.parts:
        return None
    if posix.is_absolute() or PureWindowsPath(name).is_absolute():
        for path in sorted(files, key=lambda p: -len(p)):
            if name.endswith("/" + path):
                return path
    return None


def _strip_numbers(lines: list[str]) -> list[str]:
    """The prompt's line numbers, when the model copied them onto every line."""
    filled = [ln for ln in lines if ln.strip()]
    if filled and all(_NUMBERED.match(ln) for ln in filled):
        return [_NUMBERED.sub("", ln, count=1) if ln.strip() else "" for ln in lines]
    return lines


def _after_mark(lines: list[str]) -> list[str]:
    """Small models send a file's old code and then, after `# Replaced with:`, the new one."""
    marks = [i for i, ln in enumerate(lines) if _AFTER_MARK.match(ln)]
    if marks and any(ln.strip() for ln in lines[marks[-1] + 1 :]):
        return lines[marks[-1] + 1 :]
    return lines


def _indent(lines: list[str]) -> int:
    widths = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    return min(widths, default=0)


def _file_change(
    path: str, body: str, view: FileView
) -> CellChange | tuple[ReplyProblem, str] | None:
    """The change a file block makes (the shown lines replaced), why it cannot be used (its
    kind and the reason), or None when it changes nothing."""
    span = view.span()
    lines = _strip_numbers(_after_mark(body.split("\n")))
    if _only_placeholder("\n".join(lines)):
        return "no_code", f"`{path}` names no code; put {span} as they should be under its header"
    # a fence nested in a list, or the model's own indentation: back to the file's
    shift = _indent(view.shown) - _indent(lines)
    if shift > 0:
        lines = [" " * shift + ln if ln.strip() else ln for ln in lines]
    elif shift < 0:
        lines = [ln[-shift:] if ln.strip() else ln for ln in lines]
    old_lines = {ln.strip() for ln in view.shown}
    holes = [ln for ln in lines if ln.strip() not in old_lines and _PLACEHOLDER_LINE.match(ln)]
    if holes:
        return (
            "placeholder",
            f"`{path}` contains the placeholder `{holes[0].strip()[:60]}` instead of code; write "
            f"{span}, every line of it",
        )
    before = view.lines
    new_lines = before[: view.start - 1] + lines + before[view.end :]
    new_source = "\n".join(new_lines) + ("\n" if view.source.endswith("\n") else "")
    if _norm(new_source) == _norm(view.source):
        return None
    try:
        ast.parse(new_source)
    except SyntaxError as exc:
        first, last = view.start, view.start + len(lines) - 1
        # an old file with other syntax errors (Python 2) may be fixed one block at a time
        if _file_parses(view.source) or first <= (exc.lineno or 0) <= last:
            return (
                "invalid_python",
                f"`{path}` would not be valid Python ({exc.msg}, line {exc.lineno}); write "
                f"{span} as they should be, indentation included, without line numbers",
            )
    return CellChange(-1, f"file:{path}", view.source, new_source, path=path)


def _file_parses(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True
