"""Errors raised inside the notebook's own Python modules (``from preamble import *``).

When a traceback's innermost frame is a ``.py`` file in the notebook's folder, no cell edit can
fix the line that fails. With ``--modules apply`` the loop proposes the rules' change to that
file (the loop's module_overlay.py); with ``--modules report`` it says where it is, and what
the rules would rewrite there as a unified diff for the user to apply (a notice in the report).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..execution.base import CellError

# IPython 8+ prints "File /path/x.py:12, in f()"; the plain traceback 'File "/path/x.py", line 12'
_FRAME = re.compile(r'^\s*File "?(?P<path>[^"\n]+?\.py)"?(?::|, line )(?P<line>\d+)', re.MULTILINE)
# installed packages and the standard library (here or in a container): not the user's code
_INSTALLED = re.compile(r"[/\\](site-packages|dist-packages|lib[/\\]python\d+(\.\d+)?)[/\\]")

# (module source, the errors raised in it) -> (new source, rule ids), or None: nothing to rewrite
ModulePatcher = Callable[[str, list[CellError]], tuple[str, list[str]] | None]


@dataclass(frozen=True)
class LocalFrame:
    path: Path  # resolved, under the folder
    line: int


def failing_local_frame(traceback: str, folder: Path) -> LocalFrame | None:
    """The innermost frame of ``traceback`` in a .py file under ``folder``, if it is the last
    frame that is not an installed package's (an error inside numpy called from the module
    still points at the module's line)."""
    folder = folder.resolve()
    found: LocalFrame | None = None
    for match in _FRAME.finditer(traceback):
        if _installed(match["path"]):
            continue  # library code called from the module: the module's frame stands
        path = _under(match["path"], folder)
        # not under the folder: the code that failed is elsewhere (another cell's function...)
        found = LocalFrame(path, int(match["line"])) if path is not None else None
    return found


@dataclass(frozen=True)
class ModuleFrame:
    path: str  # relative to the notebook's folder, as given
    line: int
    root: str  # the folder the run imported it from, as the traceback wrote it


def frame_in_modules(traceback: str, modules: Iterable[str]) -> ModuleFrame | None:
    """The innermost frame of ``traceback`` that is not an installed package's, when it is in
    one of ``modules`` (paths relative to the notebook's folder), matched by its tail: the run
    may have been in a copy of the folder elsewhere (the Docker executor)."""
    last = None
    for match in _FRAME.finditer(traceback):
        if not _installed(match["path"]):
            last = match
    if last is None:
        return None
    full = PurePosixPath(last["path"].replace("\\", "/"))
    # the longest relative path that ends the frame's path (helpers/model.py before model.py)
    for rel in sorted(modules, key=lambda r: -len(PurePosixPath(r).parts)):
        tail = PurePosixPath(rel).parts
        if tail and full.parts[-len(tail) :] == tail:
            root = PurePosixPath(*full.parts[: -len(tail)]) if len(full.parts) > len(tail) else "."
            return ModuleFrame(rel, int(last["line"]), str(root))
    return None


def innermost_frame(traceback: str) -> tuple[str, int] | None:
    """(path, line) of the traceback's innermost frame in a ``.py`` file that is not an
    installed package's (a notebook's own module), or None: the error is the cell's own."""
    last = None
    for match in _FRAME.finditer(traceback):
        if not _installed(match["path"]):
            last = match
    return (last["path"], int(last["line"])) if last is not None else None


def _installed(text: str) -> bool:
    return _INSTALLED.search(text) is not None


def _under(text: str, folder: Path) -> Path | None:
    """``text`` as a file under ``folder``; a container's path (the Docker executor runs a
    copy elsewhere) matches by its tail."""
    parts = PurePosixPath(text).parts
    candidates = [Path(text)] + [folder.joinpath(*parts[k:]) for k in range(1, len(parts))]
    for candidate in candidates:
        try:
            resolved = candidate.resolve()
        except OSError:
            continue
        if resolved.is_file() and resolved.is_relative_to(folder):
            return resolved
    return None


def local_module_notices(
    errors: Iterable[CellError],
    folder: Path,
    patch: ModulePatcher | None = None,
    seen: set[Path] | None = None,
    *,
    sources: Callable[[str], str | None] | None = None,
    apply: bool = False,
) -> list[str]:
    """One notice per local module an error is raised in (``seen`` skips those told before).

    ``apply``: the loop changes modules the rules fix (no notice for those: they are proposed);
    the notice is for an error no rule fixes. Otherwise every such module is reported, with
    the rules' diff. ``sources`` gives a module's current text (the loop's accepted change)."""
    folder = folder.resolve()
    seen = set() if seen is None else seen
    notices: list[str] = []
    for error in errors:
        frame = failing_local_frame(error.traceback, folder)
        if frame is None or frame.path in seen:
            continue
        name = frame.path.relative_to(folder).as_posix()
        if sources is not None:
            source = sources(name)
        else:
            try:
                source = frame.path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                source = None
        fixed = patch(source, [error]) if patch is not None and source is not None else None
        if apply and fixed is not None and fixed[0] != source:
            continue  # proposed as a change to the file, not a notice
        seen.add(frame.path)
        what = (error.summary().splitlines() or [error.ename])[0][:200]
        if apply:
            notices.append(
                f"cell {error.cell_index + 1} fails in {name}, line {frame.line} ({what}): a "
                "module of yours beside the notebook; no fix was found for this error there"
            )
            continue
        text = (
            f"cell {error.cell_index + 1} fails in {name}, line {frame.line} ({what}): a module of "
            "yours beside the notebook, which mlemodernizer does not change; fix it there"
        )
        if fixed is not None:
            new, rule_ids = fixed
            diff = "".join(
                difflib.unified_diff(
                    source.splitlines(keepends=True),  # type: ignore[union-attr]
                    new.splitlines(keepends=True),
                    fromfile=f"a/{name}",
                    tofile=f"b/{name}",
                )
            )
            text += f". The rules ({', '.join(rule_ids)}) would change it so:\n{diff}"
        notices.append(text)
    return notices
