"""One typed options object shared by every face: CLI flags, server job options, batch options.

Each option is declared once, as a field of ``Options`` with an ``OptionSpec`` beside it: its
help, its CLI flag(s) and help group, and who may set it (the CLI, the server's configuration
``c.MLEModernizer.NAME``, a browser's request, a JupyterLab setting of the same name). The CLI's
arguments (cli.py), the server's traitlets and job defaults (server/config.py) and the options a
browser may not set (server/manager.py) are derived from these declarations;
``tests/contracts/test_options_contract.py`` checks the settings schema and the TypeScript types
against them. A field's CLI flag is its name with ``_`` turned into ``-`` unless its spec names
others.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from .errors import ModernizerError

DEFAULT_TIMEOUT_S = 600.0  # the paper's budget per notebook run
DEFAULT_MAX_ITERATIONS = 16
DEFAULT_TOLERANCE = 0.10
# the fixer families, in the order the loop asks them
FIXER_FAMILIES = ("rules", "environment", "llm")

# the CLI's help groups, in the order `mlemodernizer run --help` shows them
GROUPS = ("output", "fixers", "execution", "loop", "scoring")
_AS_DECLARED: Any = object()  # server_default: the dataclass's default


@dataclass(frozen=True)
class OptionSpec:
    """What an option is and who may set it; ``name``, ``type`` and ``default`` come from the
    ``Options`` field it is declared on (``option_specs()`` fills them in)."""

    help: str
    group: str
    cli: bool = True  # an argument of `run` and `batch`
    flags: tuple[str, ...] = ()  # its flags (default: --NAME); a bool's flags set it to True
    false_flags: tuple[str, ...] = ()  # a bool's flags that set it to False
    deprecated_flags: tuple[str, ...] = ()  # old spellings, still accepted with a notice
    cli_help: str | None = None  # where the CLI says it differently
    cli_choices: tuple[str, ...] | None = None  # where the CLI offers fewer choices
    metavar: str | None = None
    bare_value: str | None = None  # the value of the flag given without one (--network)
    # turns what the CLI parsed into the option's value (--price MODEL=IN,OUT -> prices)
    from_cli: Callable[[Any], Any] | None = None
    server: bool = False  # a traitlet c.MLEModernizer.NAME, and a default of every server job
    server_default: Any = (
        _AS_DECLARED  # the server's default, where it differs from the dataclass's
    )
    client: bool = True  # a browser's request may set it (False: the server's configuration)
    setting: bool = False  # a JupyterLab setting of the same name (schema/plugin.json)
    choices: tuple[str, ...] = ()
    # filled from the Options field
    name: str = ""
    type: Any = None
    default: Any = None

    @property
    def cli_flags(self) -> tuple[str, ...]:
        if not self.cli:
            return ()
        if self.flags or self.false_flags:
            return self.flags
        return ("--" + self.name.replace("_", "-"),)

    @property
    def job_default(self) -> Any:
        """The default of a job the server runs (c.MLEModernizer.NAME unset)."""
        return self.default if self.server_default is _AS_DECLARED else self.server_default


def _option(
    default: Any = MISSING, *, factory: Callable[[], Any] | None = None, **spec: Any
) -> Any:
    meta = {"option": OptionSpec(**spec)}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


def _parse_prices(items: list[str]) -> dict[str, list[float]]:
    prices: dict[str, list[float]] = {}
    for item in items:
        try:
            model, values = item.split("=", 1)
            inp, outp = (float(v) for v in values.split(","))
        except ValueError:
            raise ModernizerError(
                f"--price {item!r}: expected MODEL=IN,OUT (USD per 1M tokens)"
            ) from None
        prices[model] = [inp, outp]
    return prices


def parse_duration(text: Any, flag: str) -> float | None:
    """Seconds from ``900``, ``90s``, ``15m``, ``1.5h``; ``none`` is 0 (None stays None)."""
    if text is None or isinstance(text, (int, float)):
        return None if text is None else float(text)
    units = {"s": 1.0, "m": 60.0, "h": 3600.0}
    value = text.strip().lower()
    if value == "none":
        return 0.0
    scale = units.get(value[-1:])
    try:
        seconds = float(value[:-1] if scale else value) * (scale or 1.0)
    except ValueError:
        raise ModernizerError(
            f"{flag} {text!r}: expected seconds or a duration such as 90s, 15m, 1h"
        ) from None
    return seconds


@dataclass
class Options:
    # --- output
    out: str | None = _option(
        None,
        help="where to write the modernized notebook (default NAME.modernized.ipynb)",
        group="output",
        client=False,
    )
    report: str | None = _option(
        None, help="also write the JSON report to this path", group="output", client=False
    )
    # the runs execute in a scratch copy: what they wrote is kept apart and listed in the report
    bring_back: list[str] = _option(
        factory=list,
        help="after the job, copy the files the runs wrote that match this glob (submission.csv, "
        "figures/*.png) from where they are kept into the notebook's folder (repeatable)",
        group="output",
        metavar="GLOB",
        client=False,
    )
    # a measured corpus compares every notebook's copy, controls too: the CLI writes one; a
    # person asking from JupyterLab gets "nothing to modernize" and no useless file
    unchanged_copy: bool = _option(
        True,
        help="write NAME.modernized.ipynb also when there is nothing to modernize (the notebook "
        "ran clean at once and nothing was proposed)",
        group="output",
        false_flags=("--no-unchanged-copy",),
        cli_help="write no copy when there is nothing to modernize (default: an unchanged "
        "copy, so that every notebook of a measured corpus has one)",
        server=True,
        server_default=False,
    )
    # --- fixers
    fixers: str = _option(
        "rules,environment,llm",
        help="the fixer families to use, comma-separated: rules (the API-drift catalogue), "
        "environment (what the installed libraries say about themselves: where a name moved, "
        "renamed keywords, keyword-only arguments, fixes an error states), llm (with --model); "
        "they are asked in that order",
        group="fixers",
        metavar="rules,environment,llm",
        server=True,
        setting=True,
    )
    offline: bool = _option(
        False,
        help="deterministic rules only, never ask an LLM",
        group="fixers",
        server=True,
        setting=True,
    )
    base_url: str | None = _option(
        None,
        help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 (key from OPENAI_API_KEY)",
        group="fixers",
        server=True,
        setting=True,
    )
    model: str | None = _option(
        None,
        help="model name at that endpoint; none: rules only",
        group="fixers",
        server=True,
        setting=True,
    )
    budget_usd: float | None = _option(
        None, help="stop when the LLM cost reaches this", group="fixers"
    )
    budget_tokens: int | None = _option(
        None, help="stop when LLM tokens reach this", group="fixers"
    )
    prices: dict[str, list[float]] = _option(  # model -> [usd/1M in, usd/1M out]
        factory=dict,
        help="USD per 1M prompt,completion tokens for MODEL (repeatable)",
        group="fixers",
        flags=("--price",),
        metavar="MODEL=IN,OUT",
        from_cli=_parse_prices,
        client=False,
    )
    pin_old_defaults: bool = _option(
        False,
        help="allow pinning changed library defaults to recover old scores",
        group="fixers",
    )
    max_reasks: int = _option(
        2,
        help="how often an unusable LLM reply is sent back with the reason",
        group="fixers",
        cli=False,
    )
    # a small local model can ramble for minutes at a token a second (benchmarks/real_model.md)
    max_tokens: int | None = _option(
        None, help="cap on each LLM reply's tokens (default: the server's)", group="fixers"
    )
    temperature: float | None = _option(
        None,
        help="the LLM's sampling temperature (0: the same reply every time; default: the server's)",
        group="fixers",
    )
    # --- execution
    executor: str = _option(
        "local",
        help="where notebooks run",
        group="execution",
        choices=("local", "docker"),
        server=True,
        setting=True,
    )
    kernel: str | None = _option(
        None,
        help="kernelspec name for the local executor (default python3)",
        group="execution",
        server=True,
        client=False,
    )
    image: str | None = _option(
        None,
        help="container image for the docker executor",
        group="execution",
        server=True,
        setting=True,
    )
    gpus: str = _option(
        "none", help="all | none | auto | 0,1", group="execution", server=True, setting=True
    )
    timeout: float = _option(
        DEFAULT_TIMEOUT_S,
        help="seconds per notebook run",
        group="execution",
        server=True,
        setting=True,
    )
    cell_timeout: float | None = _option(None, help="seconds per cell", group="execution")
    # a server slot or a batch worker is held no longer than this by one notebook: three full
    # runs of the default --timeout; the CLI waits as long as its user lets it
    deadline: float | None = _option(
        None,
        help="seconds the whole job may take, all runs and fixes together (900, 15m, 1h; 0 or "
        "none: no deadline; default: the larger of 15 minutes and 5 times the baseline's run); "
        "at the deadline the running execution stops, no new fix starts, and the best state so "
        "far is the result",
        group="loop",
        metavar="DURATION",
        from_cli=lambda text: parse_duration(text, "--deadline"),
        server=True,
        server_default=1800.0,
        setting=True,
    )
    runtime_budget: float | None = _option(
        None,
        help="seconds a whole run may take (instead of --timeout); a run that takes longer gets "
        "its training shortened (fewer epochs or steps, each said in the plan with what it may "
        "cost the score, for review)",
        group="execution",
    )
    # docker executor: project root, read-only data folders, network, limits (execution/docker.py)
    root: str | None = _option(
        None,
        help="the project root: the notebook's own modules under it may be fixed (default: the "
        "notebook's folder); docker mounts it read-only (default there: ..)",
        group="execution",
        client=False,
    )
    data: list[str] = _option(
        factory=list,
        help="docker: read-only data folder (repeatable)",
        group="execution",
        metavar="DIR",
        client=False,
    )
    kaggle_input: bool = _option(  # --data folders at /kaggle/input/NAME, scratch /kaggle/working
        False, help="docker: --data folders at /kaggle/input/NAME", group="execution"
    )
    network: str = _option(
        "none",
        help="docker: give the container a network (default none; bare flag: bridge)",
        group="execution",
        bare_value="bridge",
        client=False,
    )
    memory: str | None = _option(None, help="docker: memory limit, e.g. 8g", group="execution")
    cpus: float | None = _option(None, help="docker: CPU limit, e.g. 2", group="execution")
    # --- loop
    max_iterations: int = _option(
        DEFAULT_MAX_ITERATIONS,
        help="fix iterations per notebook",
        group="loop",
        server=True,
        setting=True,
    )
    prepass: bool = _option(  # static SAFE rules before the first run (no baseline of the original)
        False,
        help="apply SAFE rules before the first run (saves a run; no baseline of the original)",
        group="loop",
    )
    resume: bool = _option(  # search iterations resume in the live kernel when it is safe
        True,
        help="restart the kernel and rerun every cell after each fix (default: resume in the "
        "live kernel when safe)",
        group="loop",
        false_flags=("--restart-kernel",),
        deprecated_flags=("--no-resume",),
    )
    review: str = _option(
        "auto",
        help="manual: wait for a person's decision on each fix, cell by cell; auto: apply them",
        group="loop",
        choices=("auto", "manual"),
        cli_choices=("auto",),
        cli_help="the CLI applies every fix (the JupyterLab panel reviews per cell)",
        server=True,
        server_default="manual",
        setting=True,
    )
    # apply: local .py modules an error is raised in are fixed and written (originals kept);
    # report: their diffs are only reported
    modules: str = _option(
        "apply",
        help="the notebook's own .py files an error is raised in: fix them like cells and "
        "write them (originals kept as NAME.orig; default), or only report a diff",
        group="loop",
        choices=("apply", "report"),
    )
    # a package the kernel's environment lacks is pip-installed into it (the user's consent)
    install_missing: bool = _option(
        False,
        help="pip-install a package the notebook imports and the kernel's environment lacks "
        "(into that environment), then run again; without it the package is only named",
        group="loop",
    )
    # --- scoring
    target_score: float | None = _option(
        None, help="the score to reproduce (default: read from the stored outputs)", group="scoring"
    )
    score: str | None = _option(
        None,
        help="detect: the metric the notebook printed last in its stored outputs (accuracy, "
        "score, auc, rmse, ...) is the score to reproduce, its value the target",
        group="scoring",
        choices=("detect",),
    )
    score_regex: str | None = _option(
        None, help="regex with one group, matched over cell outputs (last match)", group="scoring"
    )
    grader: str | None = _option(
        None,
        help="command run on the submission, e.g. 'mlebench grade-sample {submission} COMP'",
        group="scoring",
        client=False,
    )
    metric: str | None = _option(
        None, help="accuracy, f1, roc_auc, rmse, mae, logloss", group="scoring"
    )
    answers: str | None = _option(None, help="answers CSV for --metric", group="scoring")
    submission: str | None = _option(
        None,
        help="submission file the notebook writes (default submission.csv)",
        group="scoring",
    )
    tolerance: float = _option(
        DEFAULT_TOLERANCE,
        help="relative score band",
        group="scoring",
        server=True,
        setting=True,
    )
    reruns: int = _option(0, help="extra runs of the final notebook for a t-test", group="scoring")
    fidelity_tolerance: float = _option(
        0.1,
        help="relative tolerance for the author's stored numbers found again in today's outputs "
        "(a shape or count that moved still marks its cell drifted)",
        group="scoring",
    )
    fidelity_threshold: float = _option(
        0.95,
        help="the share of the author's stored numbers found again at which the verdict calls "
        "the notebook reproducible by fidelity",
        group="scoring",
    )
    noise_run: bool = _option(
        True,
        help="runs with another seed that tell random cells (unseeded) apart: the unchanged "
        "notebook once more after a short baseline, a second look before a rollback on lost "
        "author numbers, and the result once more when its outputs drift from the stored ones",
        group="scoring",
        false_flags=("--no-noise-run",),
        cli_help="no runs with another seed to tell random cells apart (default: the unchanged "
        "notebook once more after a baseline of 15 s at most; a second look before a rollback "
        "on lost author numbers; the result once more when its outputs drift)",
    )
    higher_is_better: bool | None = _option(  # None: inferred (rmse/mae/logloss: lower)
        None,
        help="the score's direction (default: inferred from the metric)",
        group="scoring",
        flags=("--higher-is-better",),
        false_flags=("--lower-is-better",),
    )

    def validate(self) -> None:
        families = [f.strip() for f in self.fixers.split(",") if f.strip()]
        unknown = [f for f in families if f not in FIXER_FAMILIES]
        if not families or unknown:
            raise ModernizerError(
                f"--fixers takes a comma-separated list of {', '.join(FIXER_FAMILIES)}; "
                f"not {self.fixers!r}"
            )
        for spec in option_specs():
            value = getattr(self, spec.name)
            if spec.choices and value is not None and value not in spec.choices:
                raise ModernizerError(
                    f"--{spec.name.replace('_', '-')} must be {' or '.join(spec.choices)}, "
                    f"not {value!r}"
                )
        if self.max_iterations < 0:
            raise ModernizerError("--max-iterations must be >= 0")
        if self.timeout <= 0:
            raise ModernizerError("--timeout must be > 0 seconds")
        if self.runtime_budget is not None and self.runtime_budget <= 0:
            raise ModernizerError("--runtime-budget must be > 0 seconds")
        if not 0 <= self.tolerance < 1:
            raise ModernizerError("--tolerance is a relative band in [0, 1), e.g. 0.10")
        if self.reruns < 0:
            raise ModernizerError("--reruns must be >= 0")
        if not 0 <= self.fidelity_tolerance < 1:
            raise ModernizerError("--fidelity-tolerance is a relative band in [0, 1), e.g. 0.10")
        if self.deadline is not None and self.deadline < 0:
            raise ModernizerError("--deadline must be 0 (none) or more seconds")
        if not 0 < self.fidelity_threshold <= 1:
            raise ModernizerError("--fidelity-threshold is a share in (0, 1], e.g. 0.95")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ModernizerError("--max-tokens must be >= 1")
        if self.temperature is not None and not 0 <= self.temperature <= 2:
            raise ModernizerError("--temperature must be between 0 and 2")
        if not self.offline and bool(self.base_url) != bool(self.model) and self.model is None:
            raise ModernizerError("--base-url needs --model (or use --offline)")
        if self.metric and not self.answers:
            raise ModernizerError("--metric needs --answers CSV")
        sources = [s for s in (self.score, self.score_regex, self.grader, self.metric) if s]
        if len(sources) > 1:
            raise ModernizerError(
                "give one score source: --score detect, --score-regex, --grader or --metric"
            )

    @property
    def uses_llm(self) -> bool:
        return not self.offline and bool(self.model) and self.uses("llm")

    @property
    def run_limit_s(self) -> float:
        """How long one run of the notebook may take: the runtime budget when one is set."""
        return self.runtime_budget if self.runtime_budget is not None else self.timeout

    def uses(self, family: str) -> bool:
        """Whether the fixer family ``family`` (rules, environment, llm) is on."""
        return family in {f.strip() for f in self.fixers.split(",")}

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


@cache
def option_specs() -> tuple[OptionSpec, ...]:
    """Every option's declaration, in the order of the ``Options`` fields."""
    hints = get_type_hints(Options)
    specs = []
    for f in fields(Options):
        default = f.default_factory() if f.default is MISSING else f.default  # type: ignore[misc]
        specs.append(
            replace(f.metadata["option"], name=f.name, type=hints[f.name], default=default)
        )
    return tuple(specs)


def server_only_options() -> tuple[str, ...]:
    """Options a browser may not set: where files go, what runs (a grader is a shell command),
    the sandbox's reach, and prices; the key is no option at all."""
    return tuple(s.name for s in option_specs() if not s.client)


def base_type(annotation: Any) -> tuple[type, bool]:
    """``(T, optional)`` for an annotation ``T`` or ``T | None``; ``list[str]`` gives list."""
    optional = False
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        optional = len(args) < len(get_args(annotation))
        (annotation,) = args
    return (get_origin(annotation) or annotation), optional


def _check_types(opts: Options) -> None:
    for spec in option_specs():
        value = getattr(opts, spec.name)
        kind, optional = base_type(spec.type)
        if value is None and optional:
            continue
        if kind in (int, float):
            # a JSON number is fine for a float; a bool is no number, a float no count
            ok = (int, float) if kind is float else (int,)
            if isinstance(value, bool) or not isinstance(value, ok):
                raise ModernizerError(f"option {spec.name} must be a number, not {value!r}")
        elif not isinstance(value, kind):
            raise ModernizerError(f"option {spec.name} has the wrong type: {value!r}")
