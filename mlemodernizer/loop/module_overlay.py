"""The notebook's own .py modules, changed in the kernel while the loop searches, on disk after.

Old notebooks import helpers shipped beside them (``from preamble import *``, ``import mglearn``).
When an error is raised inside one, the loop proposes a change to that file as it does to a cell.
While it searches, the user's files stay as they are: the kernel imports the changed versions
through a meta path finder installed before the first cell (:meth:`ModuleEdits.setup_code`),
which serves the new source under the file's own path, so ``__file__`` (and the data files found
beside it) and tracebacks stay the module's. Accepted changes are written when the result is:
atomically, each original kept as ``NAME.orig`` (``NAME.orig-2``, ... never replacing a backup),
and never a file outside the notebook's folder or one that changed on disk meanwhile.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..contracts.notebook import write_text_atomic
from ..environment.local_modules import ModulePatcher, failing_local_frame
from ..execution.base import CellError
from ..fixers.base import CellChange
from ..fixers.optional_imports import defer_missing_imports
from ..fixers.relative_imports import fix_relative_imports

FILE_ID_PREFIX = "file:"


def file_change_id(rel: str) -> str:
    """The review id of a change to a file (cells have their own ids)."""
    return f"{FILE_ID_PREFIX}{rel}"


@dataclass
class ModuleEdits:
    folder: Path  # the notebook's folder, resolved: paths are relative to it (the kernel's cwd)
    # the project root the user configures (--root); default the notebook's folder. No file
    # outside it is ever changed
    limit: Path | None = None
    original: dict[str, str] = field(default_factory=dict)  # rel path -> source as read
    current: dict[str, str] = field(default_factory=dict)  # rel path -> accepted source
    rule_ids: dict[str, list[str]] = field(default_factory=dict)
    refused: set[tuple[str, str]] = field(default_factory=set)  # (rel, source) rejected

    # --- proposing ---------------------------------------------------------------------------

    def errors_by_module(self, errors: list[CellError]) -> dict[str, list[CellError]]:
        """The errors raised inside a module under the folder, by its path relative to it."""
        found: dict[str, list[CellError]] = {}
        for error in errors:
            frame = failing_local_frame(error.traceback, self.root)
            if frame is not None:
                # relative to the notebook's folder, "../lib/x.py" for a module above it
                rel = Path(os.path.relpath(frame.path, self.folder)).as_posix()
                found.setdefault(rel, []).append(error)
        return found

    @property
    def root(self) -> Path:
        return (self.limit or self.folder).resolve()

    def inside(self, rel: str) -> bool:
        return (self.folder / rel).resolve().is_relative_to(self.root)

    def source(self, rel: str) -> str | None:
        """The module as the kernel sees it: the accepted change, or the file on disk."""
        if rel in self.current:
            return self.current[rel]
        try:
            return (self.folder / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def propose(
        self, errors: list[CellError], patch: ModulePatcher
    ) -> tuple[list[CellChange], list[str]]:
        """Changes the rules make to the modules the errors were raised in (not ones the user
        refused before), and the rule ids applied."""
        changes: list[CellChange] = []
        rules: list[str] = []
        for rel, module_errors in self.errors_by_module(errors).items():
            old = self.source(rel)
            if old is None:
                continue
            new, rule_ids = patch(old, module_errors) or (old, [])
            # Python 2's implicit relative imports inside the user's package (2to3's fix_import)
            relative = fix_relative_imports(new, self.folder / rel, module_errors)
            if relative is not None:
                new, rule_ids = relative[0], [*rule_ids, *relative[1]]
            if new != old:
                self._offer(rel, old, new, rule_ids, changes, rules)
        return changes, rules

    def _offer(
        self,
        rel: str,
        old: str,
        new: str,
        rule_ids: list[str],
        changes: list[CellChange],
        rules: list[str],
    ) -> None:
        """Add the change of ``rel`` to ``changes`` (its rule ids to ``rules``), unless the
        user refused it before; the file as read is kept for the backup."""
        if (rel, new) in self.refused:
            return
        self.original.setdefault(rel, (self.folder / rel).read_text(encoding="utf-8"))
        self.rule_ids[rel] = sorted({*self.rule_ids.get(rel, []), *rule_ids})
        changes.append(CellChange(-1, file_change_id(rel), old, new, path=rel))
        rules.extend(r for r in rule_ids if r not in rules)

    def defer_missing(self, errors: list[CellError]) -> tuple[list[CellChange], list[str]]:
        """For an import that fails at the top of a module an error was raised in (a package
        the kernel's environment lacks, a name the library removed) of names used only inside
        its functions: the import moved into them."""
        changes: list[CellChange] = []
        rules: list[str] = []
        for rel, module_errors in self.errors_by_module(errors).items():
            old = self.source(rel)
            lines = {
                frame.line
                for e in module_errors
                if e.ename == "ImportError"
                and (frame := failing_local_frame(e.traceback, self.root)) is not None
            }
            deferred = defer_missing_imports(old, module_errors, lines) if old else None
            if old and deferred is not None:
                self._offer(rel, old, deferred[0], deferred[1], changes, rules)
        return changes, rules

    def editable(self, errors: list[CellError]) -> dict[str, str]:
        """The modules the errors were raised in, with the source the kernel sees: what a
        fixer may change (FixContext.modules)."""
        found = {}
        for rel in self.errors_by_module(errors):
            source = self.source(rel)
            if source is not None:
                found[rel] = source
        return found

    def accept(self, change: CellChange) -> None:
        assert change.path is not None
        if change.path not in self.original:  # a fixer's change (the LLM's): keep what was read
            self.original[change.path] = (self.folder / change.path).read_text(encoding="utf-8")
        self.current[change.path] = change.new_source

    def refuse(self, change: CellChange) -> None:
        assert change.path is not None
        self.refused.add((change.path, change.new_source))

    # --- the kernel ----------------------------------------------------------------------------

    def setup_code(self) -> str | None:
        """Python for a fresh kernel (cwd: the notebook's folder) that makes it import the
        accepted sources; None when nothing changed."""
        if not self.current:
            return None
        return _SETUP.replace("__OVERRIDES__", repr(json.dumps(self.current)))

    def drop_changed_on_disk(self) -> list[str]:
        """Forget changes to files the user edited since the loop read them (their edit wins);
        returns notices. Called before the verdict, so it runs with what ends up on disk."""
        notices = []
        for rel in list(self.current):
            try:
                now = (self.folder / rel).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                now = None
            if now != self.original.get(rel):
                del self.current[rel]
                notices.append(
                    f"{rel} changed on disk during the run: its proposed change is dropped"
                )
        return notices

    # --- writing -------------------------------------------------------------------------------

    def write(self) -> list[dict[str, object]]:
        """Write every accepted change, keeping each original beside it; returns what was done
        per file (for the report and the provenance)."""
        done = []
        for rel, source in sorted(self.current.items()):
            target = (self.folder / rel).resolve()
            if not target.is_relative_to(self.root) or not target.is_file():
                done.append({"path": rel, "written": False, "reason": "outside the folder"})
                continue
            original = self.original[rel]
            if target.read_text(encoding="utf-8") != original:
                done.append({"path": rel, "written": False, "reason": "changed on disk"})
                continue
            backup = _first_free(target.with_name(target.name + ".orig"))
            mode = target.stat().st_mode & 0o7777
            write_text_atomic(backup, original)
            write_text_atomic(target, source)
            os.chmod(target, mode)  # an executable script stays one
            done.append(
                {
                    "path": rel,
                    "written": True,
                    "backup": Path(os.path.relpath(backup, self.folder)).as_posix(),
                    "rule_ids": self.rule_ids.get(rel, []),
                }
            )
        return done

    def summary(self) -> list[dict[str, object]]:
        """The accepted changes, not written (``--modules report``, or before writing)."""
        return [
            {"path": rel, "written": False, "rule_ids": self.rule_ids.get(rel, [])}
            for rel in sorted(self.current)
        ]


def _first_free(path: Path) -> Path:
    """NAME.orig, else NAME.orig-2, -3, ...: a backup never replaces another."""
    for n in range(1, 10_000):
        candidate = path if n == 1 else path.with_name(f"{path.name}-{n}")
        if not candidate.exists():
            return candidate
    raise OSError(f"{path}: no free backup name")  # pragma: no cover


# Runs in the kernel. A finder ahead of the others answers only for the overridden files and
# keeps their own paths, so __file__, data files beside them and tracebacks stay the module's.
_SETUP = r"""
def __mlem_overlay(overrides):
    import importlib.abc, importlib.machinery, linecache, os, sys

    base = os.path.realpath(os.getcwd())
    files = {os.path.realpath(os.path.join(base, rel)): src for rel, src in overrides.items()}
    names = set()
    for rel in overrides:
        head, tail = os.path.split(rel)
        names.add(os.path.basename(head) if tail == "__init__.py" else tail[:-3])

    class Loader(importlib.machinery.SourceFileLoader):
        def get_source(self, fullname):
            return files[os.path.realpath(self.get_filename(fullname))]

        def get_code(self, fullname):  # never the original's cached bytecode
            path = self.get_filename(fullname)
            source = self.get_source(fullname)
            linecache.cache[path] = (len(source), None, source.splitlines(True), path)
            return compile(source, path, "exec", dont_inherit=True)

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.rpartition(".")[2] not in names:
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, path, target)
            if spec is None or not spec.origin or os.path.realpath(spec.origin) not in files:
                return None
            spec.loader = Loader(name, spec.origin)
            return spec

    sys.meta_path.insert(0, Finder())


__mlem_overlay(__import__("json").loads(__OVERRIDES__))
del __mlem_overlay
"""
