"""Server-side configuration: ``c.MLEModernizer.<name>`` in jupyter_server_config.py.

The LLM key comes from here or from the environment, never from the browser.
"""

from __future__ import annotations

import os
from typing import Any

from traitlets import Bool, Enum, Float, HasTraits, Int, TraitType, Unicode, default
from traitlets.config import Configurable

from ..contracts.options import OptionSpec, base_type, option_specs
from ..fixers.llm.endpoint import key_for_endpoint


def option_trait(spec: OptionSpec) -> TraitType:
    """The traitlet of a job option the server's configuration sets (``""``: none)."""
    kind, _ = base_type(spec.type)
    value = spec.job_default
    if spec.choices:
        trait: TraitType = Enum(list(spec.choices), value, help=spec.help)
    elif kind is bool:
        trait = Bool(value, help=spec.help)
    elif kind is int:
        trait = Int(value, help=spec.help)
    elif kind is float:
        trait = Float(value, help=spec.help)
    elif kind is str:
        trait = Unicode("" if value is None else value, help=spec.help)
    else:
        raise TypeError(f"option {spec.name}: no traitlet for {spec.type}")
    return trait.tag(config=True)


# the job options of c.MLEModernizer, one traitlet per option options.py marks server=True
# (a mixin, not a Configurable: it adds no config section of its own)
JobOptionTraits = type(
    "JobOptionTraits",
    (HasTraits,),
    {spec.name: option_trait(spec) for spec in option_specs() if spec.server},
)


class MLEModernizer(Configurable, JobOptionTraits):
    api_key = Unicode("", help="LLM API key; default: the OPENAI_API_KEY environment variable").tag(
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
        defaults = {}
        for spec in option_specs():
            if spec.server:
                value = getattr(self, spec.name)
                optional = base_type(spec.type)[1]
                # an empty string in the configuration: no value, for an optional text option
                defaults[spec.name] = None if optional and value == "" else value
        return defaults
