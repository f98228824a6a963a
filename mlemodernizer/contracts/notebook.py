"""Notebook I/O and the text forms the engine works on.

- read and validate (nbformat v4; v3 is upgraded with a notice), stable cell ids;
- atomic writes (temp file + rename, so a crash never leaves half a notebook);
- IPython magics and ``!`` shell lines masked whenever code is parsed;
- the cell-numbered text form (``# %% cell N``) shown to the LLM and parsed back; N counts all
  cells from 1, as JupyterLab, the report and the CLI do (:func:`shown_cell_number`).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbformat import NotebookNode

from .errors import NotebookError

CELL_HEADER = "# %% cell {number}"
CELL_HEADER_RE = re.compile(r"^#\s*%%\s*\[?\s*cell\s+(\d+)\s*\]?\s*$", re.IGNORECASE)


def shown_cell_number(index: int) -> int:
    """The number a cell is shown under, to people and to the model alike: its 0-based
    ``index`` in ``nb.cells`` plus one, as JupyterLab's status bar counts (markdown included)."""
    return index + 1


def cell_index_from_number(number: int) -> int:
    """The 0-based index in ``nb.cells`` of the cell shown as ``number`` (the inverse of
    :func:`shown_cell_number`): a cell number read back from a model's reply. A number below 1
    gives a negative index, which names no cell."""
    return number - 1


@dataclass
class LoadedNotebook:
    nb: NotebookNode
    notices: list[str]


def load_notebook(path: str | os.PathLike[str]) -> LoadedNotebook:
    """Read ``path`` as a v4 notebook; raise NotebookError with one clear line otherwise."""
    p = Path(path)
    if not p.exists():
        raise NotebookError(f"{p}: no such file")
    if p.is_dir():
        raise NotebookError(f"{p}: is a directory, not a notebook")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotebookError(f"{p}: cannot read: {exc}") from None
    return parse_notebook(text, name=str(p))


def parse_notebook(text: str, name: str = "<notebook>") -> LoadedNotebook:
    notices: list[str] = []
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"{name}: not valid JSON (truncated or corrupt?): {exc}") from None
    if not isinstance(raw, dict) or "cells" not in raw and "worksheets" not in raw:
        raise NotebookError(f"{name}: not a Jupyter notebook (no 'cells')")
    major = raw.get("nbformat")
    if not isinstance(major, int) or major < 3:
        raise NotebookError(f"{name}: unsupported nbformat {major!r} (need 3 or 4)")
    try:
        nb = nbformat.reads(text, as_version=4)
    except Exception as exc:  # nbformat raises several types for bad input
        raise NotebookError(f"{name}: cannot read notebook: {exc}") from None
    if major == 3:
        notices.append(f"{name}: upgraded from nbformat v3 to v4")
        for cell in nb.cells:  # the upgrade draws ids at random: made here from the cells
            cell.pop("id", None)
    ensure_cell_ids(nb)
    try:
        nbformat.validate(nb)
    except nbformat.ValidationError as exc:
        raise NotebookError(f"{name}: invalid notebook: {exc.message}") from None
    return LoadedNotebook(nb=nb, notices=notices)


def ensure_cell_ids(nb: NotebookNode) -> None:
    """Give every cell a stable id (nbformat 4.5); keep ids that exist, fix duplicates. An id
    made here comes from the cell's place and text, so the same notebook read twice gets the
    same ids (one notebook, one result: its reports and its copy alike)."""
    if (nb.nbformat, nb.nbformat_minor) < (4, 5):
        nb.nbformat_minor = 5
    seen: set[str] = {c["id"] for c in nb.cells if c.get("id")}
    taken: set[str] = set()
    for index, cell in enumerate(nb.cells):
        cid = cell.get("id")
        if not cid or cid in taken:
            text = f"{index}:{cell.get('cell_type', '')}:{cell.get('source', '')}"
            cid = hashlib.sha1(text.encode()).hexdigest()[:8]
            while cid in seen or cid in taken:
                cid = hashlib.sha1(cid.encode()).hexdigest()[:8]
            cell["id"] = cid
        taken.add(cid)


def write_notebook_atomic(nb: NotebookNode, path: str | os.PathLike[str]) -> None:
    """Write to a temp file in the same folder, fsync, then rename over the target."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = nbformat.writes(nb)
    write_text_atomic(target, text)


def write_notebook_new(nb: NotebookNode, preferred: str | os.PathLike[str]) -> Path:
    """Write atomically to ``preferred``, or to the first free ``STEM-N.ipynb`` beside it when
    a file is already there (an earlier result is kept, never replaced). Returns the path."""
    target = Path(preferred)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(target, nbformat.writes(nb))
    try:
        for candidate in numbered_names(target):
            try:
                os.link(tmp, candidate)  # unlike rename, a link never replaces a file
            except FileExistsError:
                continue
            return candidate
        raise NotebookError(f"{target}: no free name beside it")  # pragma: no cover
    finally:
        tmp.unlink(missing_ok=True)


def numbered_names(target: Path, limit: int = 10_000) -> list[Path]:
    stem = target.name[: -len(".ipynb")] if target.name.endswith(".ipynb") else target.stem
    suffix = target.name[len(stem) :]
    return [target] + [target.with_name(f"{stem}-{n}{suffix}") for n in range(2, limit)]


def write_text_atomic(target: Path, text: str) -> None:
    tmp = _write_temp(target, text)
    try:
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write_temp(target: Path, text: str) -> Path:
    """A complete, fsynced temp file beside ``target``, with the mode a normal save gives."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; a saved notebook is 0644
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _umask() -> int:
    # read, not set-and-restore: os.umask() changes the mask for every thread in between
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def check_writable(target: Path, what: str) -> None:
    """Raise NotebookError (one line) when ``target`` cannot be written: checked before a run.

    The nearest existing folder gets a real probe file, since as root ``os.access`` says yes to
    read-only mounts and /proc."""
    if target.is_dir():
        raise NotebookError(f"{what} {target}: is a folder; name a file")
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise NotebookError(f"{what} {target}: {folder} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=".mlemodernizer-probe.", dir=folder)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise NotebookError(f"{what} {target}: cannot write in {folder} ({reason})") from None
    os.close(fd)
    os.unlink(probe)


def default_output_path(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    stem = p.name[: -len(".ipynb")] if p.name.endswith(".ipynb") else p.name
    return p.with_name(f"{stem}.modernized.ipynb")


def code_cells(nb: NotebookNode) -> list[tuple[int, NotebookNode]]:
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


# --- magics masking ---------------------------------------------------------------------------

_MAGIC_LINE = re.compile(r"^(\s*)(%%?|!)\S?")
_MASK_PREFIX = "__mlem_magic__"


def _is_magic_line(line: str) -> bool:
    stripped = line.lstrip()
    if stripped.startswith(("%", "!")):
        return True
    # `obj?` / `obj??` help lines
    return bool(re.match(r"^[\w.]+\?{1,2}\s*$", stripped))


def mask_magics(source: str) -> tuple[str, dict[str, str]]:
    """Replace magic and shell lines with a same-indent placeholder call so the code parses.

    A cell magic (``%%time`` on the first line) masks only its first line: the body is Python for
    most cell magics that matter here (%%time, %%capture). Returns the masked text and the map to
    undo it with :func:`unmask_magics`.
    """
    mapping: dict[str, str] = {}
    out: list[str] = []
    lines = source.split("\n")
    # inside brackets, a string or after a backslash, a line starting with `%` is Python's
    # modulo (`'%d folds' \n % n`), not a magic
    depth, quote, continued = 0, None, False
    i = 0
    while i < len(lines):
        line = lines[i]
        if depth == 0 and quote is None and not continued and _is_magic_line(line):
            # a continued shell/magic line (ending in backslash) is masked as one unit
            block = [line]
            while block[-1].endswith("\\") and i + 1 < len(lines):
                i += 1
                block.append(lines[i])
            key = f"{_MASK_PREFIX}{len(mapping)}"
            mapping[key] = "\n".join(block)
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}{key}()")
            out.extend([f"{indent}pass"] * (len(block) - 1))
        else:
            out.append(line)
            depth, quote = _open_after(line, depth, quote)
            continued = quote is None and line.rstrip().endswith("\\") and "#" not in line
        i += 1
    return "\n".join(out), mapping


def _open_after(line: str, depth: int, quote: str | None) -> tuple[int, str | None]:
    """The bracket depth and the open triple quote after ``line`` (strings and comments
    skipped), given those before it."""
    i = 0
    while i < len(line):
        if quote is not None:
            end = line.find(quote, i)
            if end < 0:
                return depth, quote
            i, quote = end + 3, None
            continue
        ch = line[i]
        if ch == "#":
            break
        if ch in "\"'":
            if line[i : i + 3] in ('"""', "'''"):
                quote, i = line[i : i + 3], i + 3
                continue
            j = i + 1
            while j < len(line) and line[j] != ch:
                j += 2 if line[j] == "\\" else 1
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        i += 1
    return depth, quote


def unmask_magics(masked: str, mapping: dict[str, str]) -> str:
    if not mapping:
        return masked
    out: list[str] = []
    lines = masked.split("\n")
    skip = 0
    for line in lines:
        if skip:
            skip -= 1
            continue
        stripped = line.strip()
        if stripped.endswith("()") and stripped[:-2] in mapping:
            original = mapping[stripped[:-2]]
            out.append(original)
            skip = original.count("\n")
        else:
            out.append(line)
    return "\n".join(out)


def parse_error(source: str) -> str | None:
    """Return a one-line syntax error for ``source`` (magics masked), or None if it parses."""
    masked, _ = mask_magics(source)
    try:
        ast.parse(masked)
    except SyntaxError as exc:
        return f"line {exc.lineno}: {exc.msg}"
    return None


# --- the cell-numbered text form --------------------------------------------------------------


def cells_as_text(nb: NotebookNode, indices: list[int] | None = None) -> str:
    """Code cells under ``# %% cell N`` headers (N = :func:`shown_cell_number` of the cell's
    index in the notebook's cell list: from 1)."""
    parts = []
    for i, cell in code_cells(nb):
        if indices is not None and i not in indices:
            continue
        parts.append(f"{CELL_HEADER.format(number=shown_cell_number(i))}\n{cell.source.rstrip()}\n")
    return "\n".join(parts)


def split_cells_text(text: str) -> dict[int, str]:
    """Parse ``# %% cell N`` blocks into {index: source}, each N turned back into the cell's
    0-based index (:func:`cell_index_from_number`); text before the first header is dropped."""
    cells: dict[int, str] = {}
    current: int | None = None
    buf: list[str] = []
    for line in text.split("\n"):
        m = CELL_HEADER_RE.match(line.strip())
        if m:
            if current is not None:
                cells[current] = "\n".join(buf).strip("\n")
            current = cell_index_from_number(int(m.group(1)))
            buf = []
        elif current is not None:
            buf.append(line)
    if current is not None:
        cells[current] = "\n".join(buf).strip("\n")
    return cells


def output_texts(cell: NotebookNode) -> list[tuple[str, str]]:
    """``(kind, text)`` of each output a reader sees as text, in order: streams (kind
    ``stdout`` or ``stderr``), and the text/plain of results and displays (kind
    ``execute_result`` or ``display_data``; a list of lines joined). Images and errors are left
    out."""
    out: list[tuple[str, str]] = []
    for output in cell.get("outputs", []):
        kind = output.get("output_type")
        if kind == "stream":
            kind = "stderr" if output.get("name") == "stderr" else "stdout"
            text = output.get("text", "")
        elif kind in ("execute_result", "display_data"):
            text = output.get("data", {}).get("text/plain", "")
        else:
            continue
        out.append((kind, text if isinstance(text, str) else "".join(text)))
    return out
