"""Jobs: one notebook's modernization assembled from options (``assemble.prepare_job``: the
executor, the fixer families, the score source, the review gate, handed to the loop) and run
(``job.Job``: the loop, then the result written). The CLI, the server and batches all build
their jobs here, so a notebook is modernized the same way from every face."""

from .assemble import prepare_job
from .job import Job, kept_runs_dir

__all__ = ["Job", "kept_runs_dir", "prepare_job"]
