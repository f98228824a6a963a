"""Assemble one modernization job from options: executor, fixers, score source, outputs.

The assembler sits above the loop: it picks the fixer families, the executor and the probe
and hands them to the loop in a ``LoopContext``, so the loop imports no fixer family.

The CLI, the server and batch mode all build jobs here, so a notebook is modernized the same
way from every face.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..contracts.errors import ExecutorError, LLMError, ModernizerError, NotebookError
from ..contracts.events import Emitter, EventSink
from ..contracts.notebook import (
    check_writable,
    default_output_path,
    load_notebook,
)
from ..contracts.options import Options
from ..environment.kernel_language import check_kernel_language
from ..execution.base import Executor
from ..fixers.base import Fixer
from ..fixers.budget import Budget
from ..fixers.llm.endpoint import effective_base_url, openai_client
from ..loop import AutoReview, LoopContext, Modernizer, ReviewGate
from ..scoring.detect import DetectedScore, detect_score
from ..scoring.score import make_score_source
from .job import Job

if TYPE_CHECKING:
    from nbformat import NotebookNode

    from ..execution.base import CellError
    from ..fixers.environment import EnvironmentFixer
    from ..fixers.llm import LLMFixer
    from ..fixers.rules import RulesFixer
    from ..fixers.runtime_reduction import RuntimeReducer


def make_executor(
    opts: Options, *, job_id: str | None = None, notebook: Path | None = None
) -> Executor:
    if opts.executor == "local":
        from ..execution.local import LocalExecutor

        return LocalExecutor(kernel=opts.kernel, root=opts.root, tag=job_id or "local")
    if opts.executor == "docker":
        from ..execution.docker.executor import make_docker_executor

        return make_docker_executor(opts, job_id=job_id, notebook=notebook)
    raise ExecutorError(
        f"executor {opts.executor!r} is not available in this version; use --executor local"
    )


@dataclass
class Fixers:
    """A job's fixers by role, each family only when the options turn it on: the rules (also
    the prepass and the module patcher), the environment family, then the LLM."""

    rules: RulesFixer | None = None
    environment: EnvironmentFixer | None = None
    # shorter training for a run over its budget (--runtime-budget), before the LLM is asked
    runtime_reduction: RuntimeReducer | None = None
    llm: LLMFixer | None = None

    def in_order(self) -> list[Fixer]:
        order = (self.rules, self.environment, self.runtime_reduction, self.llm)
        return [f for f in order if f is not None]


def make_fixers(
    opts: Options, versions: dict[str, str], budget: Budget, api_key: str | None = None
) -> Fixers:
    """The families the options turn on; the LLM spends from ``budget``."""
    fixers = Fixers()
    if opts.uses("rules"):
        from ..fixers.rules import RulesFixer

        fixers.rules = RulesFixer(versions, pin_old_defaults=opts.pin_old_defaults)
    if opts.uses("environment"):
        from ..fixers.environment import EnvironmentFixer

        fixers.environment = EnvironmentFixer()
    if opts.runtime_budget is not None:
        from ..fixers.runtime_reduction import RuntimeReducer

        fixers.runtime_reduction = RuntimeReducer()
    if opts.uses_llm:
        from ..fixers.llm import LLMFixer

        fixers.llm = LLMFixer(
            base_url=effective_base_url(opts.base_url),
            model=opts.model or "",
            api_key=api_key,
            prices={k: tuple(v) for k, v in opts.prices.items()} or None,
            max_reasks=opts.max_reasks,
            budget=budget,
            max_tokens=opts.max_tokens,
            temperature=opts.temperature,
        )
    return fixers


def check_llm_reachable(opts: Options, api_key: str | None = None) -> None:
    """Fail before any work when the configured endpoint does not answer at all."""
    import openai

    base_url = effective_base_url(opts.base_url)
    client = openai_client(base_url, api_key, timeout=10.0)
    try:
        client.models.list()
    except (openai.APIConnectionError, openai.APITimeoutError) as exc:
        raise LLMError(
            f"LLM endpoint {base_url} unreachable ({type(exc).__name__}); "
            "start it, fix --base-url, or use --offline"
        ) from None
    except openai.APIStatusError:
        pass  # it answered: some servers have no /models route


def make_probe(
    opts: Options, fixers: Fixers
) -> Callable[[list[CellError], NotebookNode, dict[str, str]], str | None] | None:
    """What the live kernel is asked after a run with errors: the grounding facts for the LLM's
    prompt, the environment family's questions; None when no family asks."""
    parts: list[Callable[[list[CellError], NotebookNode, dict[str, str]], str | None]] = []
    if opts.uses_llm:
        from ..environment.grounding import build_probe
        from ..fixers.rules.hints import catalogue_hints

        parts.append(lambda errors, nb, modules: build_probe(errors, hints=catalogue_hints))
    if fixers.environment is not None:
        parts.append(fixers.environment.probe)
    if not parts:
        return None

    def probe(errors: list[CellError], nb: NotebookNode, modules: dict[str, str]) -> str | None:
        # each part prints its own facts line; the executor merges them
        code = [c for c in (part(errors, nb, modules) for part in parts) if c]
        return "\n".join(code) or None

    return probe


def resolve_detected_score(
    opts: Options, nb: object, notices: list[str]
) -> tuple[Options, DetectedScore | None]:
    """``--score detect``: the options with the printed metric as regex and target (the
    direction from its name unless given), and a notice saying what was found, or that nothing
    was (then reproducibility is judged on errors alone)."""
    if opts.score != "detect":
        return opts, None
    detected = detect_score(nb)  # type: ignore[arg-type]
    if detected is None:
        notices.append(
            "score detection: no metric (accuracy, score, auc, rmse, ...) in the notebook's "
            "stored outputs; reproducibility is judged on errors alone"
        )
        return dataclasses.replace(opts, score=None), None
    notices.append(
        f"score detected: {detected.describe()} ({detected.line!r}), target {detected.value:g}"
    )
    resolved = dataclasses.replace(
        opts,
        score=None,
        score_regex=detected.regex,
        target_score=opts.target_score if opts.target_score is not None else detected.value,
        higher_is_better=(
            opts.higher_is_better
            if opts.higher_is_better is not None
            else detected.higher_is_better
        ),
    )
    return resolved, detected


def prepare_job(
    path: Path,
    opts: Options,
    *,
    job_id: str,
    sinks: list[EventSink] | None = None,
    review: ReviewGate | None = None,
    cancel: threading.Event | None = None,
    api_key: str | None = None,
    started: float | None = None,
) -> Job:
    """Validate everything a user can get wrong before any kernel starts. ``started``: when the
    job began (``time.monotonic()``; the CLI's process start), now if not given: the deadline's
    clock, so this setup is part of the job's time."""
    started = time.monotonic() if started is None else started
    opts.validate()
    loaded = load_notebook(path)
    check_kernel_language(loaded.nb, opts.kernel, path)
    output = Path(opts.out) if opts.out else default_output_path(path)
    if output.resolve() == path.resolve():
        raise NotebookError(
            f"{output}: refusing to overwrite the input notebook; choose another --out"
        )
    # where results go is checked before any kernel starts, not found out after every iteration
    check_writable(output, "--out" if opts.out else "output")
    if opts.report:
        check_writable(Path(opts.report), "--report")
    opts, detected = resolve_detected_score(opts, loaded.nb, loaded.notices)
    score_source = make_score_source(opts)
    if score_source is not None and detected is not None:
        score_source.description = f"{detected.describe()} (detected)"
    if opts.uses_llm:
        check_llm_reachable(opts, api_key)
    elif not opts.offline and opts.base_url and not opts.model:
        raise ModernizerError("--base-url needs --model")
    executor = make_executor(opts, job_id=job_id, notebook=path)
    # one budget: the LLM fixer checks it before each request, the loop after each iteration
    budget = Budget.of(opts)
    try:
        versions = executor.installed_versions()
        fixers = make_fixers(opts, versions, budget, api_key)
    except BaseException:
        executor.close()  # a container started for nothing goes now, not at exit
        raise
    context = LoopContext(
        options=opts,
        executor=executor,
        fixers=fixers.in_order(),
        emitter=Emitter(job_id, sinks),
        score_source=score_source,
        gate=review or AutoReview(),
        cancel=cancel or threading.Event(),
        probe=make_probe(opts, fixers),
        versions=versions,
        prepass=fixers.rules.prepass if opts.prepass and fixers.rules else None,
        module_patch=fixers.rules.patch_module if fixers.rules else None,
        budget=budget,
        started=started,
    )
    modernizer = Modernizer(context)
    return Job(
        id=job_id,
        path=path,
        output=output,
        options=opts,
        modernizer=modernizer,
        notices=loaded.notices,
        _nb=loaded.nb,
    )
