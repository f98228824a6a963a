"""Server-side configuration: ``c.MLEModernizer.<name>`` in jupyter_server_config.py.

The LLM key comes from here or from the environment, never from the browser.
"""

from __future__ import annotations

import os
from typing import Any

from traitlets import Bool, Enum, Float, Int, Unicode, default
from traitlets.config import Configurable

from ..llm_endpoint import key_for_endpoint
from ..options import DEFAULT_MAX_ITERATIONS, DEFAULT_TIMEOUT_S, DEFAULT_TOLERANCE


class MLEModernizer(Configurable):
    base_url = Unicode("", help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1").tag(
        config=True
    )
    model = Unicode("", help="model name at base_url; empty means rules only").tag(config=True)
    api_key = Unicode("", help="LLM API key; default: the OPENAI_API_KEY environment variable").tag(
        config=True
    )
    offline = Bool(False, help="deterministic rules only, never ask an LLM").tag(config=True)
    executor = Enum(["local", "docker"], "local", help="where notebooks run").tag(config=True)
    kernel = Unicode("", help="kernelspec for the local executor (default python3)").tag(
        config=True
    )
    image = Unicode("", help="container image for the docker executor").tag(config=True)
    gpus = Unicode("none", help="all | none | auto | 0,1").tag(config=True)
    max_iterations = Int(DEFAULT_MAX_ITERATIONS, help="fix iterations per job").tag(config=True)
    timeout = Float(DEFAULT_TIMEOUT_S, help="seconds per notebook run").tag(config=True)
    tolerance = Float(DEFAULT_TOLERANCE, help="relative score band").tag(config=True)
    review = Enum(["manual", "auto"], "manual", help="wait for per-cell decisions or not").tag(
        config=True
    )
    max_concurrent_jobs = Int(2, help="jobs running at once; the rest queue").tag(config=True)
    max_waiting_reviews = Int(
        4,
        help="jobs that may wait for a person's review at once, each keeping its kernel; "
        "a waiting job does not count against max_concurrent_jobs",
    ).tag(config=True)
    jobs_dir = Unicode(help="where job options, event logs and notebooks are kept").tag(config=True)

    @default("jobs_dir")
    def _default_jobs_dir(self) -> str:
        from jupyter_core.paths import jupyter_data_dir

        return os.path.join(jupyter_data_dir(), "mlemodernizer", "jobs")

    def resolved_api_key(self) -> str | None:
        return self.api_key or os.environ.get("OPENAI_API_KEY") or None

    def key_for(self, base_url: str | None) -> str | None:
        """The server's key for a job's endpoint: only the server's own endpoint gets it."""
        return key_for_endpoint(
            base_url, owner_base_url=self.base_url or None, owner_key=self.resolved_api_key()
        )

    def job_defaults(self) -> dict[str, Any]:
        """Options every job starts from; a request may override them (not the key)."""
        return {
            "base_url": self.base_url or None,
            "model": self.model or None,
            "offline": self.offline,
            "executor": self.executor,
            "kernel": self.kernel or None,
            "image": self.image or None,
            "gpus": self.gpus,
            "max_iterations": self.max_iterations,
            "timeout": self.timeout,
            "tolerance": self.tolerance,
            "review": self.review,
        }
