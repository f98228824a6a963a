"""On-disk history: ``<jobs_dir>/<id>/`` holds job.json, events.jsonl and the notebooks; a
batch's folder holds batch.json (and its runner's state file)."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

from ..contracts.notebook import write_text_atomic


class JobStore:
    def __init__(self, root: Path, meta_name: str = "job.json") -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.meta_name = meta_name
        self._lock = threading.Lock()

    def dir(self, job_id: str) -> Path:
        return self.root / job_id

    def save_meta(self, job_id: str, meta: dict[str, Any]) -> None:
        folder = self.dir(job_id)
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(folder / self.meta_name, json.dumps(meta, indent=2) + "\n")

    def append_event(self, job_id: str, event: dict[str, Any]) -> None:
        line = json.dumps(event, separators=(",", ":")) + "\n"
        with self._lock, (self.dir(job_id) / "events.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()

    def save_notebook(self, job_id: str, name: str, source: Path) -> None:
        if source.exists():
            shutil.copyfile(source, self.dir(job_id) / name)

    def load_all(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Every stored job with its events; a torn last line (a crash mid-write) is dropped."""
        jobs = []
        for folder in sorted(self.root.iterdir()):
            meta_path = folder / self.meta_name
            if not meta_path.is_file():
                continue
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError):
                continue
            events = []
            log = folder / "events.jsonl"
            if log.is_file():
                for line in log.read_text(encoding="utf-8").splitlines():
                    try:
                        events.append(json.loads(line))
                    except json.JSONDecodeError:
                        break
            jobs.append((meta, events))
        return jobs
