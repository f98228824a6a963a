"""Paths a client names, resolved and confined to a root; notebooks found under a folder.

Every face that takes a path from someone else (the server's jobs and batches) goes through
:func:`resolve_under`, and every notebook a batch runs comes from :func:`discover`: both resolve
symlinks first, so a link inside the root that points outside is refused, not followed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import ModernizerError

# folders a notebook search never enters (besides hidden ones)
SKIP_DIRS = {".ipynb_checkpoints", ".git", "node_modules", ".venv", "__pycache__"}


class PathRefused(ModernizerError):
    """A client's path that is malformed (400) or leaves the root (403)."""

    def __init__(self, message: str, *, outside: bool) -> None:
        super().__init__(message)
        self.outside = outside


def cache_root() -> Path:
    """The tool's own cache: ``$MLEMODERNIZER_CACHE`` or the user's cache folder."""
    if os.environ.get("MLEMODERNIZER_CACHE"):
        return Path(os.environ["MLEMODERNIZER_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mlemodernizer"


def is_result_name(name: str) -> bool:
    """A file this tool wrote (NAME.modernized.ipynb, NAME.modernized-2.ipynb, ...)."""
    stem = name[: -len(".ipynb")] if name.endswith(".ipynb") else name
    base, _, number = stem.rpartition("-")
    return stem.endswith(".modernized") or (base.endswith(".modernized") and number.isdigit())


def resolve_under(root: Path, rel: str) -> Path:
    """``rel`` resolved under ``root`` (links followed); refused when malformed or outside."""
    if "\x00" in rel or any(ord(ch) < 32 for ch in rel):
        raise PathRefused(f"{rel!r}: control characters are not allowed in a path", outside=False)
    if rel.startswith(("/", "\\")) or Path(rel).is_absolute():
        raise PathRefused(f"{rel}: absolute paths are not allowed", outside=True)
    try:
        full = (root / rel).resolve()  # follows symlinks, so a link out is caught below
    except (OSError, ValueError, RuntimeError) as exc:  # too long, a link loop
        reason = type(exc).__name__
        raise PathRefused(f"{rel}: not a usable path ({reason})", outside=False) from None
    if not full.is_relative_to(root.resolve()):
        raise PathRefused(f"{rel}: outside the server root", outside=True)
    return full


def without_root(value: Any, root: Path) -> Any:
    """``value`` (a string, or lists and dicts of them) with ``root``'s absolute path taken out:
    paths under it become relative, the root itself '.' (messages and reports naming files in it
    go to a browser or beside the files, never with a machine's absolute path)."""
    prefix = root.as_posix().rstrip("/")
    return map_strings(value, lambda text: text.replace(prefix + "/", "").replace(prefix, "."))


def map_strings(value: Any, mapped: Callable[[str], str]) -> Any:
    """``value`` (parsed JSON: strings, lists and dicts of them) with every string passed
    through ``mapped``."""
    if isinstance(value, str):
        return mapped(value)
    if isinstance(value, list):
        return [map_strings(v, mapped) for v in value]
    if isinstance(value, dict):
        return {k: map_strings(v, mapped) for k, v in value.items()}
    return value


def relative_to_root(path: str | Path, root: Path) -> str:
    """A path as the client knows it: relative to the root, or just its name when outside."""
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix() or "."
    except (ValueError, OSError):
        return Path(path).name


def discover(target: Path, confine_to: Path | None = None) -> list[Path]:
    """Notebooks under a folder, in a list file (one path per line), or a single notebook.

    Paths come back resolved. With ``confine_to``, a notebook whose real file is outside that
    folder (a symlink out, a list file naming ``/elsewhere``) is left out."""
    if target.is_dir():
        found = []
        for root, dirs, files in os.walk(target):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".ipynb") and not is_result_name(name):
                    found.append(Path(root) / name)
    elif target.is_file() and target.suffix == ".ipynb":
        found = [target]
    elif target.is_file():
        lines = [ln.strip() for ln in target.read_text(encoding="utf-8").splitlines()]
        found = [
            target.parent / ln if not Path(ln).is_absolute() else Path(ln)
            for ln in lines
            if ln and not ln.startswith("#")
        ]
    else:
        raise ModernizerError(f"{target}: no such folder, notebook or list file")
    resolved = [p.resolve() for p in found]
    if confine_to is None:
        return resolved
    root = confine_to.resolve()
    return [p for p in resolved if p.is_relative_to(root)]
