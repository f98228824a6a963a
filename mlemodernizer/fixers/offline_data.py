"""A data file read from the network, on a machine that cannot reach it: the copy beside it.

Books and courses read their data sets from a URL and ship the same file with the notebook
("if the repository is unavailable, load the dataset from a local path"). Offline the read
fails (`URLError: <urlopen error [Errno -2] Name or service not known>`), and the cell and every
cell after it with it. When exactly one file in the notebook's folder, or in a folder at most
two levels below it, has the file name the URL ends in (or that name plus the suffix a file saved
by hand gets: `.txt`, `.csv`, a compression's), the URL in the failing cell becomes that path;
where none is, the same search from the folder above (`notebooks/` beside `datasets/`).
The name matches, not yet the content: REVIEW safety, said in the plan, and kept only when the
cell's error is gone.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlparse

import libcst as cst
from nbformat import NotebookNode

from ..contracts.notebook import mask_magics, shown_cell_number, unmask_magics
from ..execution.base import CellError
from .base import CellChange, FixProposal, FixType

RULE_ID = "PY2902"
# what a read says when the host cannot be reached (socket, urllib, requests, urllib3)
_UNREACHABLE = re.compile(
    r"Name or service not known|Temporary failure in name resolution|Network is unreachable|"
    r"No address associated with hostname|nodename nor servname|getaddrinfo failed|"
    r"Failed to establish a new connection|No route to host"
)
_NETWORK_ERRORS = {"URLError", "ConnectionError", "gaierror", "MaxRetryError", "OSError"}
_URL = re.compile(r"^(?:https?|ftp)://", re.IGNORECASE)
_DEPTH = 2  # folders below the notebook's searched for the file
# what a file saved by hand from a URL may have gained (pandas reads the compressed ones too)
_SAVED_AS = (".txt", ".csv", ".gz", ".bz2", ".xz", ".zip")


@dataclass(frozen=True)
class LocalCopy:
    cell_index: int
    url: str
    path: str  # relative to the notebook's folder, with forward slashes
    error: str  # "ename: first line of evalue", as the loop reads a cell's error


def unreachable(error: CellError) -> bool:
    """The error is a read that could not reach its host (not a 404: that one was reached)."""
    return error.ename in _NETWORK_ERRORS and bool(_UNREACHABLE.search(error.evalue))


def local_copies(errors: list[CellError], nb: NotebookNode, folder: Path) -> list[LocalCopy]:
    """For each cell that failed reaching a host, its URL literals whose file is in ``folder``
    (one file of that name, at most two levels down)."""
    found: list[LocalCopy] = []
    for error in errors:
        if not unreachable(error) or not 0 <= error.cell_index < len(nb.cells):
            continue
        for url in _urls(nb.cells[error.cell_index].source):
            path = _local_file(url, folder)
            if path is not None:
                head = (error.evalue.splitlines() or [""])[0]
                said = f"{error.ename}: {head}".strip()[:200]
                found.append(LocalCopy(error.cell_index, url, path, said))
    return found


def use_local_copies(nb: NotebookNode, copies: list[LocalCopy]) -> FixProposal | None:
    """The failing cells with each URL replaced by its local copy's path."""
    by_cell: dict[int, dict[str, str]] = {}
    for copy in copies:
        by_cell.setdefault(copy.cell_index, {})[copy.url] = copy.path
    errors = {copy.cell_index: copy.error for copy in copies}
    changes, targets = [], {}
    for index, paths in sorted(by_cell.items()):
        cell = nb.cells[index]
        new = _replace_urls(cell.source, paths)
        if new is None or new == cell.source:
            continue
        changes.append(CellChange(index, cell.get("id", ""), cell.source, new))
        targets[cell.get("id", "")] = errors[index]  # kept only when this error is gone
    if not changes:
        return None
    said = "; ".join(
        f"cell {shown_cell_number(c.cell_index)} reads `{c.path}` instead of {c.url}"
        for c in copies
    )
    return FixProposal(
        fix_type=FixType.ERROR_REPAIR,
        source="rule",
        plan=(
            "The notebook reads data from the network, which this machine cannot reach; the "
            f"file of the same name is beside it: {said}. The name matches, not yet the "
            "content: check that it is the same data (REVIEW)."
        ),
        changes=changes,
        rule_ids=[RULE_ID],
        targets=targets,
    )


def _urls(source: str) -> list[str]:
    tree, _ = _parse(source)
    if tree is None:
        return []
    urls: list[str] = []

    class _Find(cst.CSTVisitor):
        def visit_ConcatenatedString(self, node: cst.ConcatenatedString) -> bool:
            _take(node)
            return False  # its parts are not URLs of their own

        def visit_SimpleString(self, node: cst.SimpleString) -> None:
            _take(node)

    def _take(node: cst.SimpleString | cst.ConcatenatedString) -> None:
        value = node.evaluated_value
        if isinstance(value, str) and _URL.match(value) and value not in urls:
            urls.append(value)

    tree.visit(_Find())
    return urls


def _local_file(url: str, folder: Path) -> str | None:
    """The one file named as the URL's file, else the one named so plus a suffix a copy
    saved by hand gets (``housing.data`` -> ``housing.data.txt``); None when none or several."""
    name = PurePosixPath(unquote(urlparse(url).path)).name
    if not name or not folder.is_dir() or any(c in name for c in "*?["):
        return None
    for names in ([name], [f"{name}{suffix}" for suffix in _SAVED_AS]):
        hits = [folder / n for n in names if (folder / n).is_file()] or _below(folder, names)
        if not hits:
            # a sibling data folder: notebooks/ beside data/ (the parent's own files too)
            parent = folder.parent
            hits = [parent / n for n in names if (parent / n).is_file()] + [
                p for p in _below(parent, names) if folder not in p.parents
            ]
        if len(hits) == 1:
            return Path(os.path.relpath(hits[0], folder)).as_posix()
        if hits:
            return None  # several: which one would be a guess
    return None


def _below(folder: Path, names: list[str]) -> list[Path]:
    """The files of those names in the folders at most ``_DEPTH`` levels below ``folder``."""
    hits: list[Path] = []
    for depth in range(1, _DEPTH + 1):
        for n in names:
            pattern = "/".join(["*"] * depth + [n])
            hits.extend(p for p in folder.glob(pattern) if p.is_file())
    return hits


def _replace_urls(source: str, paths: dict[str, str]) -> str | None:
    tree, mapping = _parse(source)
    if tree is None:
        return None

    class _Swap(cst.CSTTransformer):
        def leave_ConcatenatedString(
            self, original: cst.ConcatenatedString, updated: cst.ConcatenatedString
        ) -> cst.BaseExpression:
            return _swap(original, updated)

        def leave_SimpleString(
            self, original: cst.SimpleString, updated: cst.SimpleString
        ) -> cst.BaseExpression:
            return _swap(original, updated)

    def _swap(
        original: cst.SimpleString | cst.ConcatenatedString, updated: cst.BaseExpression
    ) -> cst.BaseExpression:
        value = original.evaluated_value
        if isinstance(value, str) and value in paths:
            return cst.SimpleString(repr(paths[value]))
        return updated

    return unmask_magics(tree.visit(_Swap()).code, mapping)


def _parse(source: str) -> tuple[cst.Module | None, dict[str, str]]:
    masked, mapping = mask_magics(source)
    try:
        return cst.parse_module(masked), mapping
    except cst.ParserSyntaxError:
        return None, mapping
