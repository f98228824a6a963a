"""One typed options object shared by every face: CLI flags, server job options, batch options.

Field names are the CLI's long option names with ``-`` turned into ``_`` (architecture.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .errors import ModernizerError

DEFAULT_TIMEOUT_S = 600.0  # the paper's budget per notebook run
DEFAULT_MAX_ITERATIONS = 16
DEFAULT_TOLERANCE = 0.10


@dataclass
class Options:
    # output
    out: str | None = None
    report: str | None = None
    # fixers
    offline: bool = False
    base_url: str | None = None
    model: str | None = None
    prices: dict[str, list[float]] = field(default_factory=dict)  # model -> [usd/1M in, usd/1M out]
    budget_usd: float | None = None
    budget_tokens: int | None = None
    max_reasks: int = 2
    pin_old_defaults: bool = False
    # execution
    executor: str = "local"
    kernel: str | None = None
    image: str | None = None
    gpus: str = "none"
    timeout: float = DEFAULT_TIMEOUT_S
    cell_timeout: float | None = None
    # docker executor: project root, read-only data folders, network, limits (execution/docker.py)
    root: str | None = None  # default: the notebook folder's parent
    data: list[str] = field(default_factory=list)
    kaggle_input: bool = False  # --data folders at /kaggle/input/NAME, scratch at /kaggle/working
    network: str = "none"
    memory: str | None = None  # e.g. 8g
    cpus: float | None = None
    # loop
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    prepass: bool = False  # static SAFE rules before the first run (no baseline of the original)
    resume: bool = True  # search iterations resume in the live kernel when it is safe
    review: str = "auto"  # auto | manual
    # apply: local .py modules an error is raised in are fixed and written (originals kept);
    # report: their diffs are only reported
    modules: str = "apply"
    # a package the kernel's environment lacks is pip-installed into it (the user's consent)
    install_missing: bool = False
    # scoring
    target_score: float | None = None
    score_regex: str | None = None
    grader: str | None = None
    metric: str | None = None
    answers: str | None = None
    submission: str | None = None
    tolerance: float = DEFAULT_TOLERANCE
    reruns: int = 0
    higher_is_better: bool | None = None  # None: inferred from the metric (rmse/mae/logloss: lower)

    def validate(self) -> None:
        if self.executor not in ("local", "docker"):
            raise ModernizerError(f"--executor must be local or docker, not {self.executor!r}")
        if self.review not in ("auto", "manual"):
            raise ModernizerError(f"--review must be auto or manual, not {self.review!r}")
        if self.modules not in ("apply", "report"):
            raise ModernizerError(f"--modules must be apply or report, not {self.modules!r}")
        if self.max_iterations < 0:
            raise ModernizerError("--max-iterations must be >= 0")
        if self.timeout <= 0:
            raise ModernizerError("--timeout must be > 0 seconds")
        if not 0 <= self.tolerance < 1:
            raise ModernizerError("--tolerance is a relative band in [0, 1), e.g. 0.10")
        if self.reruns < 0:
            raise ModernizerError("--reruns must be >= 0")
        if not self.offline and bool(self.base_url) != bool(self.model) and self.model is None:
            raise ModernizerError("--base-url needs --model (or use --offline)")
        if self.metric and not self.answers:
            raise ModernizerError("--metric needs --answers CSV")
        sources = [s for s in (self.score_regex, self.grader, self.metric) if s]
        if len(sources) > 1:
            raise ModernizerError("give one score source: --score-regex, --grader or --metric")

    @property
    def uses_llm(self) -> bool:
        return not self.offline and bool(self.model)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        """Build from a JSON object, refusing unknown keys and wrong types with a clear message."""
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ModernizerError(f"unknown option(s): {', '.join(unknown)}")
        opts = cls(**data)
        _check_types(opts)
        opts.validate()
        return opts


def _check_types(opts: Options) -> None:
    expected: dict[str, tuple[type, ...]] = {
        "offline": (bool,),
        "pin_old_defaults": (bool,),
        "resume": (bool,),
        "prepass": (bool,),
        "timeout": (int, float),
        "max_iterations": (int,),
        "tolerance": (int, float),
        "reruns": (int,),
        "max_reasks": (int,),
    }
    for name, types in expected.items():
        value = getattr(opts, name)
        if isinstance(value, bool) and bool not in types:
            raise ModernizerError(f"option {name} must be a number, not {value!r}")
        if not isinstance(value, types):
            raise ModernizerError(f"option {name} has the wrong type: {value!r}")
    for name in ("target_score", "budget_usd", "cell_timeout"):
        value = getattr(opts, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ModernizerError(f"option {name} must be a number, not {value!r}")
