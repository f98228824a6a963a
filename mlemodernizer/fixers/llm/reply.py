"""Read a model's reply leniently, validate it strictly.

Parsing accepts what real models send: no plan, no code fence, several fences, the header inside
or outside a fence, ``# %% cell 3`` / ``# %% [cell 3]`` / ``### Cell 3:`` / ``**Cell 3**`` headers,
prose after the code. Validation then names one precise reason per problem: unknown cells,
markdown cells, cells that were not shown, placeholders instead of code, code that does not parse,
nothing changed. That reason is what the re-ask tells the model.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from dataclasses import dataclass, field

from nbformat import NotebookNode

from ...notebook import parse_error
from ..base import CellChange
from .consistency import lost_names

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


def header_index(line: str, *, outside_fence: bool = False) -> int | None:
    """The cell number if ``line`` is a cell header, else None."""
    text = line.strip()
    m = _HEADER_PCT.match(text) or _HEADER_WORD.match(text)
    if m is None and outside_fence:
        m = _HEADER_BOLD.match(text)
    return int(m.group(1)) if m else None


@dataclass
class ParsedReply:
    plan: str
    cells: dict[int, str]  # cell number → new source, in reply order (a repeated number: last wins)
    headerless_code: list[str] = field(default_factory=list)  # fenced code with no cell header
    unterminated_fence: bool = False


@dataclass
class _Block:
    index: int
    fenced: list[str] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)
    header_in_fence: bool = False
    has_fence: bool = False


def parse_reply(text: str) -> ParsedReply:
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

        idx = header_index(raw, outside_fence=not in_fence)
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
    for block in blocks:
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
    scores = []
    for i in candidates:
        ratio = difflib.SequenceMatcher(None, _norm(nb.cells[i].source), _norm(code)).ratio()
        scores.append((ratio, i))
    scores.sort(reverse=True)
    if not scores or scores[0][0] < 0.6:
        return None
    if len(scores) > 1 and scores[0][0] - scores[1][0] < 0.15:
        return None
    return scores[0][1]


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


def cell_list(numbers: list[int]) -> str:
    """ "1, 2, 3"; a long list as "0 to 79 (code cells only)"; "none" when empty."""
    if not numbers:
        return "none"
    if len(numbers) > 12:
        return f"{min(numbers)} to {max(numbers)} (code cells only)"
    return ", ".join(str(n) for n in numbers)


_ranges = cell_list


@dataclass
class Validation:
    changes: list[CellChange]
    reason: str | None  # None: usable


def validate_reply(
    parsed: ParsedReply,
    nb: NotebookNode,
    allowed: list[int] | None = None,
    *,
    truncated: bool = False,
) -> Validation:
    """Turn a parsed reply into cell changes, or say precisely why it cannot be used."""
    code_indices = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    shown = code_indices if allowed is None else [i for i in allowed if i in code_indices]
    if truncated or (parsed.unterminated_fence and not parsed.cells):
        return Validation(
            [],
            "your reply was cut off before it ended; reply again with a one-line plan and only "
            "the cells you change",
        )
    if not parsed.cells and len(parsed.headerless_code) == 1:
        guess = guess_cell(parsed.headerless_code[0], nb, shown)
        if guess is not None:
            parsed = ParsedReply(parsed.plan, {guess: parsed.headerless_code[0]})
    if not parsed.cells:
        if parsed.headerless_code:
            return Validation(
                [],
                "your code has no `# %% cell N` header line, so it is unclear which cell it "
                "replaces; start each changed cell with its header, e.g. `# %% cell "
                f"{shown[-1] if shown else 0}`",
            )
        return Validation(
            [],
            "your reply contains no code: give one ```python block with each changed cell "
            "under its `# %% cell N` header",
        )

    problems: list[str] = []
    changes: list[CellChange] = []
    unchanged: list[int] = []
    empty: list[int] = []
    for index, body in parsed.cells.items():
        if _only_placeholder(body):
            empty.append(index)  # "cell 2: unchanged" or no code at all: not a change
            continue
        if index >= len(nb.cells) or index < 0:
            problems.append(
                f"cell {index} does not exist (the code cells are {_ranges(shown)}); you cannot "
                "add cells, put new code into an existing cell"
            )
            continue
        cell = nb.cells[index]
        if cell.cell_type != "code":
            problems.append(
                f"cell {index} is a {cell.cell_type} cell; change only code cells "
                f"({_ranges(shown)})"
            )
            continue
        if index not in shown:
            problems.append(
                f"cell {index} was not shown to you; change only cells {_ranges(shown)}"
            )
            continue
        hole = _placeholder(body)
        if hole is not None:
            problems.append(
                f"cell {index} contains the placeholder `{hole[:60]}` instead of code; write the "
                "complete cell, every line of it"
            )
            continue
        error = parse_error(body)
        if error is not None:
            problems.append(f"cell {index} is not valid Python ({error})")
            continue
        if _norm(body) == _norm(cell.source):
            unchanged.append(index)
            continue
        changes.append(CellChange(index, cell.get("id", ""), cell.source, body))
    if problems:
        return Validation([], "; ".join(problems))
    if not changes and unchanged:
        return Validation(
            [],
            f"your reply changes nothing: cell {_ranges(unchanged)} is identical to the current "
            "notebook; change the code that causes the problem",
        )
    if not changes:
        return Validation(
            [],
            f"your reply names cell {_ranges(empty)} but gives no code for it; put the complete "
            "new cell under its `# %% cell N` header inside the ```python block",
        )
    changes.sort(key=lambda c: c.cell_index)
    lost = lost_names(changes, nb, shown)
    if lost is not None:
        return Validation([], lost)
    return Validation(changes, None)
