"""The scratch copy a notebook runs in: whatever a run writes (a ``savefig`` PNG, a
``submission.csv``, a pickled model) lands there, never in the user's folder, for every run of
every fix and for notebooks the user never accepts.

Both executors run there: the Docker sidecar mounts it over the notebook's folder in a read-only
view of the project; the local executor lays out a folder of its own (:class:`LocalScratch`)
where the notebook's folder is a copy and everything around it (``../input``, ``../data``) a
link to the real thing, so relative paths resolve as they did. Files are copied copy-on-write
where the filesystem offers it (a reflink costs nothing), otherwise copied; a file over the copy
limit is linked, not copied (reading it is what a notebook does with its large data).

After the job, :func:`written_files` lists what the runs wrote (new or changed files of the
copy) and :func:`keep_written` keeps them where the user can bring chosen ones back
(``--bring-back``): the user's folder receives only the modernized notebook.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import fnmatch
import os
import shutil
import tempfile
from pathlib import Path

from ..contracts.shapes import WrittenFile

# larger files are linked, not copied
COPY_LIMIT_BYTES = 64 * 1024 * 1024
SCRATCH_PREFIX = "mlem-scratch-"
# what a run leaves that is no result of the notebook's
_NOT_WRITTEN = (".ipynb_checkpoints", "__pycache__", "*.pyc", ".DS_Store")
_FICLONE = 0x40049409  # linux/fs.h: share the source's blocks (btrfs, xfs, overlay on them)


def fill_scratch(
    src: Path,
    scratch: Path,
    skip: list[str],
    copy_limit: int = COPY_LIMIT_BYTES,
    link_to: str | Path | None = None,
) -> dict[str, int]:
    """Make ``scratch`` a fresh copy of ``src``: small files copied (copy-on-write where the
    filesystem offers it), large ones linked to ``link_to``'s same path (the Docker
    container's read-only view of the source; default: the source itself), ``skip`` paths left
    as empty folders (mount points)."""
    target = Path(link_to) if link_to is not None else Path(src)
    keep = set()
    for sub in skip:
        parts = Path(sub).parts
        for i in range(1, len(parts) + 1):
            keep.add(Path(*parts[:i]).as_posix())
    _clear(scratch, scratch, keep)
    stats = {"files": 0, "bytes": 0, "linked": 0, "cloned": 0}
    itself = scratch.resolve()  # a scratch under the source (TMPDIR there) is not copied
    for dirpath, dirnames, filenames in os.walk(src):
        here = Path(dirpath)
        rel_dir = here.relative_to(src)
        dest_dir = scratch / rel_dir
        dest_dir.mkdir(exist_ok=True)
        for name in list(dirnames):
            rel = (rel_dir / name).as_posix()
            if (here / name).resolve() in (itself, *itself.parents):
                dirnames.remove(name)
            elif rel in skip:
                dirnames.remove(name)
                (dest_dir / name).mkdir(parents=True, exist_ok=True)
            elif (here / name).is_symlink():
                dirnames.remove(name)
                with contextlib.suppress(OSError):
                    os.symlink(os.readlink(here / name), dest_dir / name)
        for name in filenames:
            path = here / name
            dest = dest_dir / name
            rel = (rel_dir / name).as_posix()
            try:
                if path.is_symlink():
                    os.symlink(os.readlink(path), dest)
                    continue
                size = path.stat().st_size
                if size > copy_limit:
                    os.symlink(str(target / rel), dest)
                    stats["linked"] += 1
                    continue
                stats["cloned" if copy_file(path, dest) else "files"] += 1
                stats["bytes"] += size
            except OSError:
                continue  # unreadable (a socket, a file that vanished): not part of the copy
    for sub in skip:
        (scratch / sub).mkdir(parents=True, exist_ok=True)
    return stats


def copy_file(src: Path, dest: Path) -> bool:
    """Copy ``src`` to ``dest`` with its times (what :func:`written_files` compares); True when
    the filesystem shared the blocks (a reflink) instead of copying them."""
    with open(src, "rb") as fin, open(dest, "wb") as fout:
        try:
            fcntl.ioctl(fout.fileno(), _FICLONE, fin.fileno())
            cloned = True
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EXDEV, errno.EINVAL, errno.ENOTTY):
                raise
            cloned = False
    if not cloned:
        shutil.copyfile(src, dest)
    shutil.copystat(src, dest)
    return cloned


def _clear(folder: Path, top: Path, keep: set[str]) -> None:
    for entry in list(folder.iterdir()):
        rel = entry.relative_to(top).as_posix()
        if rel in keep and entry.is_dir() and not entry.is_symlink():
            _clear(entry, top, keep)  # a mount point or on the way to one: never removed
        elif entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()


def new_scratch(tag: str) -> Path:
    """A fresh scratch folder (readable by a container's non-root user)."""
    scratch = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{tag}-"))
    os.chmod(scratch, 0o755)
    return scratch


def remove_scratch(path: str | Path | None) -> None:
    if path and Path(path).name.startswith(SCRATCH_PREFIX):
        shutil.rmtree(path, ignore_errors=True)


class LocalScratch:
    """The local executor's scratch: under one temp folder, the project around the notebook
    (its ``root``: the notebook folder's parent unless given) as links, and the notebook's
    folder as a copy, refilled for every run in a fresh kernel."""

    def __init__(self, tag: str, root: Path | None = None) -> None:
        self.tag = tag
        self.root = Path(root).resolve() if root is not None else None
        self.base: Path | None = None
        self.cwd: Path | None = None  # the copy of the notebook's folder
        self.source: Path | None = None
        self.mirrors: Path | None = None  # the folder ``base`` stands for (the project root)

    def refill(self, folder: Path) -> Path:
        """A fresh copy of ``folder`` to run in (the same place each time); its path."""
        folder = Path(folder).resolve()
        if self.base is None or not self.base.exists():
            self.base = new_scratch(self.tag)
        if self.source != folder:
            _clear(self.base, self.base, set())
            self.cwd = self._lay_out(folder)
            self.source = folder
        assert self.cwd is not None
        fill_scratch(folder, self.cwd, [])
        return self.cwd

    def _lay_out(self, folder: Path) -> Path:
        """The folders from the root down to the notebook's, each with its siblings linked."""
        parent = folder.parent
        root = self.root or (parent if parent != folder and str(parent) != "/" else folder)
        if root != folder and root not in folder.parents:
            root = folder  # a root that does not hold the notebook: its folder alone
        self.mirrors = root
        assert self.base is not None
        place, here = self.base, root
        for part in folder.relative_to(root).parts:
            _link_siblings(here, place, keep=part)
            place, here = place / part, here / part
            place.mkdir()
        return place

    def user_paths(self, text: str) -> str:
        """``text`` with the scratch's paths as the user's (a traceback, a warning): what a
        person reads names their files, and the loop finds their modules where they are."""
        if self.base is None or self.mirrors is None:
            return text
        return text.replace(str(self.base), str(self.mirrors))

    def close(self) -> None:
        remove_scratch(self.base)
        self.base = self.cwd = self.source = self.mirrors = None


def _link_siblings(folder: Path, place: Path, keep: str) -> None:
    """In ``place``, a link to each entry of ``folder`` but ``keep``."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name != keep:
            with contextlib.suppress(OSError):
                os.symlink(entry, place / entry.name)


def written_files(source: Path, scratch: Path, skip: tuple[str, ...] = ()) -> list[WrittenFile]:
    """What the runs wrote in the copy of ``source``: files that are new there, or whose size
    or time differ from the source's (the copy keeps the times); the notebook files and
    Python's and Jupyter's own leftovers are not results."""
    found: list[WrittenFile] = []
    for dirpath, dirnames, filenames in os.walk(scratch):
        dirnames[:] = sorted(d for d in dirnames if not _ignored(d))
        here = Path(dirpath)
        for name in sorted(filenames):
            path = here / name
            rel = path.relative_to(scratch).as_posix()
            if _ignored(name) or path.is_symlink() or rel in skip or name.endswith(".ipynb"):
                continue
            try:
                now = path.stat()
            except OSError:
                continue
            before = source / rel
            try:
                then = before.stat()
            except OSError:
                found.append(WrittenFile(rel, now.st_size, "new"))
                continue
            if then.st_size != now.st_size or int(then.st_mtime) != int(now.st_mtime):
                found.append(WrittenFile(rel, now.st_size, "changed"))
    return found


def keep_written(scratch: Path, written: list[WrittenFile], keep: Path) -> Path:
    """Copy the written files out of the scratch (it goes with the job) into ``keep``."""
    for item in written:
        dest = keep / item.path
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(scratch / item.path, dest)
    return keep


def bring_back(
    kept: Path, written: list[WrittenFile], patterns: list[str], folder: Path
) -> list[str]:
    """Copy the kept files matching ``patterns`` (globs on their paths) into the notebook's
    ``folder``: the user's choice, so a file there is replaced only when the run changed it
    (it was there before the job); a file that appeared since is never overwritten. Returns
    what was brought back, in words."""
    said = []
    for item in written:
        if not any(fnmatch.fnmatch(item.path, p) for p in patterns):
            continue
        dest = folder / item.path
        if item.status == "new" and dest.exists():
            said.append(f"{item.path}: not brought back (a file of that name is there now)")
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.mlem-tmp")
        shutil.copy2(kept / item.path, tmp)
        os.replace(tmp, dest)
        said.append(f"{item.path}: brought back")
    return said


def _ignored(name: str) -> bool:
    return any(fnmatch.fnmatch(name, p) for p in _NOT_WRITTEN)
