"""One assembled job: run its loop, then write what it produced (the modernized notebook, the
notebook's own modules with --modules apply, the report) without ever replacing the user's
files, and keep what the runs wrote apart from the user's folder."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..contracts.events import JobFailed, JobFinished
from ..contracts.notebook import write_notebook_new, write_text_atomic
from ..contracts.options import Options
from ..contracts.paths import cache_root
from ..execution.scratch import bring_back, keep_written, written_files
from ..loop import JobResult, Modernizer


@dataclass
class Job:
    id: str
    path: Path
    output: Path  # where the copy goes (report.output: where it went, None when not written)
    options: Options
    modernizer: Modernizer
    notices: list[str] = field(default_factory=list)
    _nb: object = None

    def _keep_written(self, result: JobResult) -> None:
        """List what the runs wrote in their scratch copy and keep it apart (the user's folder
        receives the modernized notebook only, and what they bring back)."""
        workdir = result.workdir
        if workdir is None or workdir.resolve() == self.path.parent.resolve():
            return
        written = written_files(self.path.parent, workdir)
        result.report.written_files = written
        if written:
            kept = keep_written(workdir, written, kept_runs_dir() / self.id)
            result.report.written_kept_in = str(kept)

    def run(self) -> JobResult:
        """Run the loop, then write the modernized notebook (and report) atomically."""
        try:
            result = self.modernizer.run(self._nb, self.path, notices=self.notices)
            # before the scratch goes with the executor: what the runs wrote, kept apart
            self._keep_written(result)
        except Exception as exc:
            self.modernizer.ctx.emitter.emit(JobFailed(error=f"{type(exc).__name__}: {exc}"))
            raise
        finally:
            self.modernizer.ctx.executor.close()
        if result.modules is not None and self.options.modules == "apply":
            # the accepted changes to the notebook's own modules, each original kept beside it
            result.report.modules = result.modules.write()
            for item in result.report.modules:
                if not item["written"]:
                    result.report.notices.append(
                        f"{item['path']}: not written ({item['reason']}); the result was "
                        "checked with the change, so the notebook may fail without it"
                    )
            provenance = result.notebook.metadata.get("mlemodernizer", {})
            provenance["modules"] = result.report.modules
        # with unchanged_copy off (JupyterLab's jobs, --no-unchanged-copy) a notebook with
        # nothing to modernize gets no copy: the report says why, and its output stays None
        if self.options.unchanged_copy or not result.report.nothing_to_modernize:
            # the copy names the kernel it was checked in (a local one; a container's kernel
            # is not one JupyterLab could start)
            kernel = getattr(self.modernizer.ctx.executor, "notebook_metadata", None)
            if kernel is not None:
                result.notebook.metadata.update(kernel())
            written = write_notebook_new(result.notebook, self.output)
            if written != self.output:
                result.report.notices.append(
                    f"{self.output.name} already exists and is kept (an earlier result); "
                    f"this result is {written.name}"
                )
            self.output = written
            result.report.output = str(written)
        if self.options.bring_back and result.report.written_kept_in:
            brought = bring_back(
                Path(result.report.written_kept_in),
                result.report.written_files,
                self.options.bring_back,
                self.path.parent,
            )
            result.report.notices.extend(f"--bring-back {line}" for line in brought)
        report = result.report.to_json()
        if self.options.report:
            write_text_atomic(Path(self.options.report), json.dumps(report, indent=2) + "\n")
        self.modernizer.ctx.emitter.emit(JobFinished(report=report))
        return result


def kept_runs_dir() -> Path:
    """Where each job keeps what its runs wrote: under the tool's cache, a folder per job."""
    return cache_root() / "runs"
