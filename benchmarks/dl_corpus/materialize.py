#!/usr/bin/env python3
"""Lay out the deep-learning notebooks named in manifest.json from fetched mirrors (stdlib only).

Each repository must have been fetched first (`fetch github:OWNER/NAME`), which leaves a git
directory under MIRROR/OWNER+NAME/. For each entry the notebook and its support paths are
taken from the recorded commit with `git archive` and written to:

    OUT/<id>/<notebook_dest>     the notebook, unchanged
    OUT/<id>/<support dest>      each support file or folder

The notebook's kernel runs with working directory OUT/<id>/<cwd>.

usage: materialize.py --mirror DIR --out DIR [--manifest PATH] [--force] [ID ...]
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def is_gitdir(p: Path) -> bool:
    return (p / "HEAD").is_file() and (p / "objects").is_dir()


def find_gitdir(mirror: Path, repo: str) -> Path | None:
    base = mirror / repo.replace("/", "+")
    for cand in (base / "repo", base / "repo" / ".git", base, base / ".git"):
        if is_gitdir(cand):
            return cand
    return None


def git(gitdir: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", f"--git-dir={gitdir}", *args], capture_output=True)


def archive(gitdir: Path, commit: str, path: str) -> dict[str, bytes]:
    """Every file at or under `path` in `commit`, by its repository path."""
    r = git(gitdir, "archive", "--format=tar", commit, "--", path)
    if r.returncode != 0:
        msg = r.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{path!r} at {commit[:10]}: {msg}")
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(r.stdout)) as tf:
        for m in tf.getmembers():
            f = tf.extractfile(m) if m.isfile() else None
            if f is not None:
                files[m.name] = f.read()
    if not files:
        raise RuntimeError(f"nothing archived for {path!r} at {commit[:10]}")
    return files


def materialize(entry: dict, out: Path, mirror: Path, force: bool) -> str:
    gitdir = find_gitdir(mirror, entry["repo"])
    if gitdir is None:
        raise RuntimeError(f"no mirror of {entry['repo']} under {mirror}")
    dest_root = out / entry["id"]
    if dest_root.exists():
        if not force:
            return "exists"
        shutil.rmtree(dest_root)
    items = [{"src": entry["notebook"], "dest": entry["notebook_dest"]}, *entry["support_paths"]]
    for item in items:
        src, dst = item["src"].rstrip("/"), item["dest"].rstrip("/")
        for name, data in archive(gitdir, entry["commit"], src).items():
            rel = dst if name == src else str(Path(dst) / Path(name).relative_to(src))
            target = (dest_root / rel).resolve()
            if not target.is_relative_to(dest_root.resolve()):
                raise RuntimeError(f"destination escapes {dest_root}: {rel}")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return "ok"


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--manifest", type=Path, default=HERE / "manifest.json")
    ap.add_argument(
        "--mirror", type=Path, required=True, help="folder holding fetch's OWNER+NAME/ folders"
    )
    ap.add_argument("--out", type=Path, required=True, help="where the <id>/ folders go")
    ap.add_argument("--force", action="store_true", help="replace existing <id>/ folders")
    ap.add_argument("ids", nargs="*", help="only these ids")
    a = ap.parse_args()
    entries = json.loads(a.manifest.read_text())
    if a.ids:
        entries = [e for e in entries if e["id"] in set(a.ids)]
    failed = 0
    for e in entries:
        try:
            print(f"{materialize(e, a.out, a.mirror, a.force):6} {e['id']}")
        except RuntimeError as ex:
            failed += 1
            print(f"FAILED {e['id']}: {ex}", file=sys.stderr)
    print(f"{len(entries) - failed} laid out, {failed} failed, under {a.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
