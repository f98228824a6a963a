"""``mlemodernizer`` command line: run, lint, rules (architecture.md's CLI contract).

User errors end with one clear line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import LOADED_AT, __version__
from .contracts.errors import ModernizerError
from .contracts.events import Event
from .contracts.options import GROUPS, Options, OptionSpec, base_type, option_specs
from .fixers.llm.endpoint import environment_key

# nbformat imports jsonschema, whose format checker imports rfc3987_syntax when installed (it
# comes with jupyter_server): that compiles ~35 Lark grammars at import, 2-3 s of every command
# (python-jsonschema/jsonschema#1428). No notebook schema uses the `iri` formats it checks, so
# the command's own process goes without it; a server process is left as it is.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mlemodernizer",
        description="Bring old machine-learning notebooks back to life in today's stack.",
    )
    parser.add_argument("--version", action="version", version=f"mlemodernizer {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="modernize one notebook")
    run.add_argument("notebook", help="the .ipynb to modernize (never modified)")
    add_run_options(run)

    batch = sub.add_parser("batch", help="modernize every notebook in a folder or list")
    batch.add_argument("target", help="a folder, a notebook, or a text file listing notebooks")
    batch.add_argument("--workers", type=int, default=1, help="notebooks at once (default 1)")
    batch.add_argument(
        "--scheduler", help="Dask scheduler tcp://HOST:PORT, or local:N for a LocalCluster"
    )
    batch.add_argument("--out-dir", help="write outputs here (mirroring the folder layout)")
    batch.add_argument("--state", help="state file (default: REPORT.state.jsonl)")
    # --skip-finished was --resume, read as the opposite of --no-resume (now --restart-kernel)
    batch.add_argument(
        "--skip-finished",
        action="store_true",
        help="skip the notebooks the state file records as finished (go on after a stop)",
    )
    batch.add_argument(
        "--resume",
        dest="skip_finished",
        action=DeprecatedFlag,
        new="--skip-finished",
        nargs=0,
        const=True,
    )
    batch.add_argument(
        "--notebook-budget-usd",
        type=float,
        help="LLM cost cap per notebook (--budget-usd caps the batch)",
    )
    add_run_options(batch)

    lint = sub.add_parser("lint", help="report API-drift findings without changing anything")
    lint.add_argument("notebook")
    lint.add_argument("--select", default=None, help="comma-separated rule ids or prefixes")
    lint.add_argument("--ignore", default=None, help="comma-separated rule ids or prefixes")
    lint.add_argument("--json", action="store_true", help="print findings as JSON")
    lint.add_argument(
        "--all",
        action="store_true",
        help="also list what is fixed only if a run shows its error (a condition not proven "
        "here: the code may run as it is)",
    )

    rules = sub.add_parser(
        "rules", help="list the rule catalogue, or print one rule's documentation"
    )
    rules.add_argument(
        "rule", nargs="?", help="a rule id (its documentation) or id prefix (those rules)"
    )
    rules.add_argument("--json", action="store_true")
    rules.add_argument(
        "--coverage",
        action="store_true",
        help="how the catalogue answers what each library announced it removed or changed "
        "(docs/coverage.md): the totals per library",
    )

    add_sidecar_parser(sub)
    return parser


class DeprecatedFlag(argparse.Action):
    """An old spelling of a flag: does what the new one does, and says so on stderr once."""

    def __init__(self, option_strings: list[str], dest: str, new: str, **kwargs: Any) -> None:
        self.new = new
        kwargs.setdefault("help", argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        value = self.const if self.nargs == 0 else values
        setattr(namespace, self.dest, value)
        print(f"mlemodernizer: {option_string} is deprecated; use {self.new}", file=sys.stderr)


def add_run_options(p: argparse.ArgumentParser) -> None:
    """The options of `run` and `batch`, one argument per option declared in options.py."""
    for name in GROUPS:
        group = p.add_argument_group(name)
        for spec in option_specs():
            if spec.cli and spec.group == name:
                _add_option(group, spec)
        if name == "output":  # how the CLI itself reports: no job option
            group.add_argument(
                "--json", action="store_true", help="print the JSON report on stdout"
            )
            group.add_argument(
                "--quiet", "-q", action="store_true", help="no progress lines on stderr"
            )
            group.add_argument(
                "--verbose", "-v", action="store_true", help="also stream the model's text"
            )


def _add_option(group: Any, spec: OptionSpec) -> None:
    help_ = spec.cli_help or spec.help
    kind, _ = base_type(spec.type)
    if kind is bool:
        flags = [(f, True) for f in spec.cli_flags] + [(f, False) for f in spec.false_flags]
        if len(flags) > 1:  # --higher-is-better | --lower-is-better
            group = group.add_mutually_exclusive_group()
        for i, (flag, value) in enumerate(flags):
            group.add_argument(
                flag,
                dest=spec.name,
                action="store_const",
                const=value,
                default=spec.default,
                help=help_ if i == 0 else f"the opposite of {flags[0][0]}",
            )
        for old in spec.deprecated_flags:
            flag, value = flags[0]
            group.add_argument(
                old, dest=spec.name, action=DeprecatedFlag, new=flag, nargs=0, const=value
            )
        return
    kwargs: dict[str, Any] = {"dest": spec.name, "help": help_, "metavar": spec.metavar}
    if kind in (list, dict):  # repeatable; --price's values are parsed into prices later
        kwargs.update(action="append", default=[])
    else:
        # a value the option parses itself (--deadline 15m) reaches it as written
        kwargs.update(type=str if spec.from_cli else kind, default=spec.default)
    if spec.choices:
        kwargs["choices"] = list(spec.cli_choices or spec.choices)
    if spec.bare_value is not None:
        kwargs.update(nargs="?", const=spec.bare_value)
    group.add_argument(*spec.cli_flags, **kwargs)
    for old in spec.deprecated_flags:
        group.add_argument(old, action=DeprecatedFlag, new=spec.cli_flags[0], **kwargs)


def options_from_args(args: argparse.Namespace) -> Options:
    """The Options the CLI's arguments give (options without a flag keep their defaults)."""
    values = {}
    for spec in option_specs():
        if spec.cli:
            value = getattr(args, spec.name)
            values[spec.name] = spec.from_cli(value) if spec.from_cli else value
    opts = Options(**values)
    opts.validate()
    return opts


# as the panel says them (src/views/labels.ts fixTypeLabel)
_FIX_TYPE_WORDS = {
    "error_repair": "error repair",
    "runtime_reduction": "runtime reduction",
    "score_calibration": "score calibration",
}

# the runs with another seed, each in a few words
_CHECK_RUNS = {
    "noise-baseline": "the unchanged notebook with another seed, to tell random cells apart",
    "second-look": "the fix's notebook with another seed, before rolling it back on lost numbers",
}

_CELLS_LISTED = 10  # failing cells named one per line; the rest counted
_UNWRAPPED = 10_000  # the summary's width off a terminal: a sentence stays on its line

# each kind of run as the panel names it (src/views/labels.ts runLabel)
_RUN_WORDS = {
    "baseline": "baseline",
    "verdict": "verdict run",
    "noise-baseline": "randomness check",
    "second-look": "second look",
    "noise-run": "noise run",
}

# why the loop stopped at an iteration without a fix (src/views/labels.ts stopLabel)
_LOOP_STOP_WORDS = {
    "budget": "the budget is spent",
    "llm_error": "the model's server failed",
    "no_fix": "no fix found",
}


def _run_words(kind: str, iteration: int) -> str:
    """ "baseline", "iteration 3", "randomness check", "rerun 2"."""
    if kind == "iteration":
        return f"iteration {iteration}"
    if kind.startswith("rerun-"):
        return f"rerun {kind.removeprefix('rerun-')}"
    return _RUN_WORDS.get(kind, kind.replace("-", " "))


class ProgressPrinter:
    """Turns events into short progress lines (stderr), the CLI's face of the event stream."""

    def __init__(self, stream: TextIO, verbose: bool = False) -> None:
        self.stream = stream
        self.verbose = verbose

    def __call__(self, event: Event) -> None:
        d = event.data
        line = None
        what = _run_words(d.get("kind", ""), d.get("iteration", 0))
        if event.type == "execution_finished" and d["kind"] in _CHECK_RUNS:
            # a run with another seed, to tell random cells apart: its time, not its errors
            line = f"[{what}] {d['runtime_s']:.1f} s: {_CHECK_RUNS[d['kind']]}"
        elif event.type == "execution_finished":
            line = f"[{what}] {d['runtime_s']:.1f} s, {_run_state(d)}"
            if d.get("score") is not None:
                line += f", score {d['score']}"
            if d["kind"] == "iteration" and d.get("deadline_left_s") is not None:
                line += f"; at most {_duration(d['deadline_left_s'])} left"
            # each failing cell, as JupyterLab numbers it, new since the baseline or not
            failing = d.get("failing_cells") or []
            for cell in failing[:_CELLS_LISTED]:
                mark = " (new)" if cell["new"] and d["kind"] != "baseline" else ""
                error = _clipped(" ".join((cell["error"] or "").split()), 120)
                line += f"\n    cell {cell['cell_index'] + 1}{mark}: {error}"
            if len(failing) > _CELLS_LISTED:
                line += f"\n    and {len(failing) - _CELLS_LISTED} more cells with errors"
            if d.get("fixed_cells"):
                fixed = d["fixed_cells"]
                cells = "cell" if len(fixed) == 1 else "cells"
                line += f"\n    fixed since the baseline: {cells} {_listed(fixed)}"
            if d["kind"] == "baseline" and d.get("deadline_s"):
                line += (
                    f"\n    the job ends within {_duration(d.get('deadline_left_s') or 0)} (its "
                    f"deadline: {_duration(d['deadline_s'])} from the start; --deadline changes "
                    "it, --deadline none lifts it)"
                )
        elif event.type == "loop_stopped" and d.get("summary"):
            # the model's reply in plain words (what it was told: the report's fixers.llm.items)
            line = f"[iteration {d['iteration']}] no fix: {d['summary']}"
        elif event.type == "loop_stopped":
            # a stop (budget, llm_error, no_fix) in the panel's words, the fixer's reason after
            said = _LOOP_STOP_WORDS.get(d["reason"], d["reason"].replace("_", " "))
            line = f"[iteration {d['iteration']}] {said}"
            if d.get("detail"):
                line += f": {_clipped(' '.join(d['detail'].split()), 200)}"
        elif event.type == "issue_detected":
            line = f"[iteration {d['iteration']}] issue: {_issue_words(d)}"
            if d.get("drift"):
                line += f": {d['drift']}"
        elif event.type == "fix_proposed":
            rules = f" {','.join(d['rule_ids'])}" if d["rule_ids"] else ""
            who = d["model"] or d["source"]
            where = [c.get("path") or f"cell {c['cell_index'] + 1}" for c in d["changes"]]
            plan = _clipped(" ".join(d["plan"].split()), 160)
            kind = _FIX_TYPE_WORDS.get(d["fix_type"], d["fix_type"])
            line = f"[{d['fix_id']}] {kind} by {who}{rules}: {', '.join(where)}: {plan}"
            if d["source"] == "rule" and d.get("rules"):
                # the rules in the panel's sentences (loop.rule_notes), one line each
                head = f"[{d['fix_id']}] {kind} by the rules, in {', '.join(where)}:"
                said = [
                    f"{n['id']}" + (f" ({n['library']})" if n["library"] else "") + ": "
                    + (n["message"] or "see `mlemodernizer rules " + n["id"] + "`")
                    for n in d["rules"]
                ]  # fmt: skip
                line = "\n    ".join([head, *said])
            if d["source"] == "environment":
                # what was found where, one line per cell: the evidence is the point
                head = f"[{d['fix_id']}] {kind} from the installed libraries:"
                line = "\n    ".join([head, *d["plan"].splitlines()])
        elif event.type == "fix_rolled_back":
            line = f"[{d['fix_id']}] rolled back: {d['reason']}"
        elif event.type == "llm_stream" and self.verbose:
            self.stream.write(d["text"])
            self.stream.flush()
        elif event.type == "verdict":
            # the outcome, what it rests on and what still fails: the summary at the end says
            # it, from the report (print_summary); the raw terms are in --json
            pass
        if line:
            print(line, file=self.stream, flush=True)


def _clipped(text: str, limit: int) -> str:
    """``text`` cut at a word before ``limit`` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def _run_state(d: dict[str, Any]) -> str:
    """ "ran without errors", "3 cells with errors", "timed out", "the kernel died"."""
    if d.get("timed_out"):
        return "timed out"
    if d.get("kernel_died"):
        return "the kernel died"
    if d.get("cancelled"):
        return "cancelled"
    n = d.get("error_cells") or 0
    if n == 0:
        return "ran without errors"
    return f"{n} cell with errors" if n == 1 else f"{n} cells with errors"


def _listed(indices: Sequence[int]) -> str:
    """ "2, 4 and 5" (cells from 1)."""
    shown = [str(i + 1) for i in indices]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _issue_words(d: dict[str, Any]) -> str:
    """What the iteration answers, as the panel's header says it: "an error in cell 4 (and 2
    more cells)", "a timeout after 600.0 s", "the score off target: 0.71"."""
    if d["issue"] == "error" and d.get("cell_index") is not None:
        more = len(d.get("cells") or []) - 1
        tail = f" (and {more} more cell{'s' if more > 1 else ''})" if more > 0 else ""
        return f"an error in cell {d['cell_index'] + 1}{tail}"
    if d["issue"] == "timeout":
        ran = d.get("runtime_s")
        return "a timeout" + (f" after {ran:.1f} s" if ran is not None else "")
    if d["issue"] == "score_deviation":
        score = d.get("score")
        return "the score off target" + (f": {score}" if score is not None else "")
    if d["issue"] == "error" and d.get("first_error"):
        return f"an error: {_clipped(' '.join(d['first_error'].split()), 160)}"
    if d["issue"] == "error":
        # no cell raised it: the run itself failed
        return "the run failed outside any cell (the kernel died)"
    return str(d["issue"]).replace("_", " ")


def cmd_run(args: argparse.Namespace) -> int:
    from .jobs import prepare_job

    opts = options_from_args(args)
    sinks = [] if args.quiet else [ProgressPrinter(sys.stderr, verbose=args.verbose)]
    job = prepare_job(
        Path(args.notebook),
        opts,
        job_id=uuid.uuid4().hex[:12],
        sinks=sinks,
        api_key=environment_key(),  # the CLI's user names the endpoint: their key goes there
        # the deadline counts from the process's start: a loaded machine spent 13 s importing
        started=LOADED_AT,
    )
    for notice in job.notices:
        print(f"notice: {notice}", file=sys.stderr)
    result = job.run()
    report = result.report.to_json()
    if args.json:
        print(json.dumps(report, indent=2))
    elif not args.quiet:
        for notice in report["notices"][len(job.notices) :]:  # what the run found
            print(f"notice: {notice}", file=sys.stderr)
    if not args.quiet:
        print_summary(report, sys.stderr)
    return 0


def summary_rows(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The report in words, one (heading, text) row each, as the panel says it: the outcome,
    what it rests on (``reproduced_words``), the author's numbers and what changed in them,
    what still fails, why the loop stopped, what was written. The raw terms stay in --json."""
    from .loop.triage import CAUSE_WORDS
    from .scoring.output_fidelity import changed_words
    from .scoring.score import judged_on, outcome_label, stop_words

    basis = report.get("reproducibility_basis") or "errors"
    words = report.get("reproduced_words") or ""
    outcome = _sentence(outcome_label(report["outcome"]))
    rows = [("Outcome", f"{outcome} ({judged_on(basis, numbers_said=bool(words))})")]
    if words:
        rows.append(("Reproduced", _sentence(words) + "."))
    fidelity = report.get("fidelity")
    if fidelity:
        rows.append(("Author's numbers", _sentence(fidelity["summary"])))
        # a cell that fails today lost its output to the error: "Still failing" tells it
        failed = {c["cell_index"] for c in report.get("cells") or []}
        changed = [
            c
            for c in fidelity.get("cells") or []
            if c["status"] == "drifted"
            or (c["status"] == "lost_output" and c["cell_index"] not in failed)
            or (c["status"] == "same" and c.get("moved_in_print"))
        ]
        told = [f"cell {c['cell_index'] + 1}: {changed_words(c)}" for c in changed[:5]]
        if len(changed) > 5:
            told.append(f"and {len(changed) - 5} more cells")
        if told:
            rows.append(("Changed output", "\n".join(told)))
    failing = [report["error_summary"]] if report.get("error_summary") else []
    cells = report.get("cells") or []
    # a cell that fails only because an earlier one did is counted in the line above
    own = [c for c in cells if c.get("state") != "knock_on"] or cells
    for cell in own[:_CELLS_LISTED]:
        said = cell.get("reason") or CAUSE_WORDS.get(cell.get("cause") or "", "an error")
        error = _clipped(" ".join((cell.get("error") or "").split()), 120)
        failing.append(f"cell {cell['cell_index'] + 1}: {said}: {error}")
    if len(own) > _CELLS_LISTED:
        failing.append(f"and {len(own) - _CELLS_LISTED} more cells")
    if failing:
        rows.append(("Still failing", "\n".join(failing)))
    iterations = report.get("iterations") or []
    if iterations:
        back = sum(1 for it in iterations if it.get("rolled_back"))
        kept = sum(
            1
            for it in iterations
            if not it.get("rolled_back") and (it.get("cells_changed") or it.get("files_changed"))
        )
        said = [f"{len(iterations)} tried", f"{kept} kept"]
        said += [f"{back} rolled back"] if back else []
        rows.append(("Fixes", ", ".join(said)))
    rows.append(("Stopped", _sentence(stop_words(report["stop_reason"], basis))))
    if report.get("nothing_to_modernize"):
        rows.append(("Nothing to modernize", _sentence(report["nothing_to_modernize"])))
    rows.append(("Run time", f"{_duration(report.get('execution_seconds_total') or 0)} in all"))
    return rows


def written_lines(report: dict[str, Any]) -> list[str]:
    """What the job wrote, one line each, paths whole (never wrapped inside a path)."""
    lines = []
    if report.get("output"):
        unchanged = " (an unchanged copy)" if report.get("nothing_to_modernize") else ""
        lines.append(f"wrote {report['output']}{unchanged}")
    for module in report.get("modules") or []:
        if module.get("written"):
            lines.append(f"changed {module['path']} (original kept as {module['backup']})")
    if report.get("written_files"):
        lines.append(written_line(report))
    return lines


def print_summary(report: dict[str, Any], stream: TextIO, width: int | None = None) -> None:
    """The report's words as an aligned block (rich), then what was written. On a terminal:
    colour, and lines wrapped at word boundaries to its width (or ``width``), a word too long
    for its line cut with an ellipsis; in a pipe or a log: no colour, one line a sentence (what
    a grep finds is never split)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for heading, text in summary_rows(report):
        grid.add_row(heading, Text(text, overflow="ellipsis"))
    console = Console(file=stream, highlight=False, soft_wrap=False)
    if width is not None:
        console.width = width
    elif not console.is_terminal:
        console.width = _UNWRAPPED
    with console.capture() as captured:
        console.print(grid)
    # the grid pads each line to its width: no trailing blanks
    stream.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    for line in written_lines(report):
        print(line, file=stream)
    stream.flush()


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _duration(seconds: float) -> str:
    """ "14 min", "50 s", "1 min 30 s", "1 h 5 min" """
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 600 and seconds % 60:
        # a deadline of 90 s is not "2 min"
        return f"{seconds // 60} min {seconds % 60} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def written_line(report: dict) -> str:
    """ "the runs wrote submission.csv (new), ... in their own copy of the folder; kept in DIR
    (--bring-back GLOB copies chosen ones beside the notebook)" """
    files = report["written_files"]
    shown = ", ".join(f"{w['path']} ({w['status']})" for w in files[:5])
    more = f" and {len(files) - 5} more" if len(files) > 5 else ""
    return (
        f"the runs wrote {shown}{more} in their own copy of the notebook's folder; kept in "
        f"{report['written_kept_in']} (--bring-back GLOB copies chosen ones beside the notebook)"
    )


def cmd_batch(args: argparse.Namespace) -> int:
    from .batches.report import summarize, write_reports
    from .batches.runner import BatchSettings, run_batch

    if args.out:
        raise ModernizerError("batch writes one output per notebook: use --out-dir, not --out")
    if args.workers < 1:
        raise ModernizerError("--workers must be >= 1")
    batch_budget = args.budget_usd
    report = Path(args.report or "mlemodernizer-batch.json")
    args.budget_usd, args.report = args.notebook_budget_usd, None
    opts = options_from_args(args)
    settings = BatchSettings(
        target=Path(args.target),
        options=opts,
        workers=args.workers,
        scheduler=args.scheduler,
        out_dir=Path(args.out_dir) if args.out_dir else None,
        state=Path(args.state) if args.state else report.with_suffix(".state.jsonl"),
        resume=args.skip_finished,
        budget_usd=batch_budget,
        api_key=environment_key(),
    )
    progress_view = None if args.quiet else BatchProgressView(sys.stderr)
    try:
        rows, progress = run_batch(settings, on_progress=progress_view)
    except KeyboardInterrupt:
        print(
            f"mlemodernizer: batch interrupted; finished notebooks are in {settings.state}; "
            "rerun with --skip-finished to go on",
            file=sys.stderr,
        )
        return 130
    finally:
        if progress_view:
            progress_view.close()
    paths = write_reports(rows, report)
    summary = summarize(rows)
    if args.json:
        print(json.dumps({"summary": summary, "rows": rows}, indent=2))
    elif not args.quiet:
        from .scoring.score import outcome_label

        counts = "; ".join(f"{outcome_label(k)}: {v}" for k, v in summary["outcomes"].items() if v)
        print(f"{summary['notebooks']} notebooks: {counts}", file=sys.stderr)
        if progress.stopped_by_budget:
            print("the batch budget is spent: the rest were skipped", file=sys.stderr)
        print("wrote " + ", ".join(str(p) for p in paths), file=sys.stderr)
    return 0


class BatchProgressView:
    """A live progress line (rich) on stderr: done/failed/running, ETA, tokens, cost."""

    def __init__(self, stream: TextIO) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._progress = Progress(
            TextColumn("[bold]batch"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[status]}"),
            console=Console(file=stream),
            transient=False,
        )
        self._task = None
        self._progress.start()

    def __call__(self, p: Any, row: dict[str, Any] | None) -> None:
        eta = p.eta_s()
        status = (
            f"done {p.done} failed {p.failed} running {p.running}"
            f" | ETA {'-' if eta is None else f'{eta:.0f}s'} | {p.tokens} tok ${p.cost_usd:.4f}"
        )
        if self._task is None:
            self._task = self._progress.add_task("batch", total=p.total, status=status)
        self._progress.update(self._task, completed=p.done + p.failed, status=status)
        if row is not None:
            name = Path(row["notebook"]).name
            from .scoring.score import outcome_label

            said = outcome_label(row["outcome"]) if row.get("outcome") else "no outcome"
            self._progress.console.print(f"{name}: {said}", highlight=False)

    def close(self) -> None:
        self._progress.stop()


def cmd_lint(args: argparse.Namespace) -> int:
    from .contracts.notebook import load_notebook
    from .fixers.rules import lint

    loaded = load_notebook(args.notebook)
    findings = lint(loaded.nb, select=_split(args.select), ignore=_split(args.ignore))
    if args.json:  # every finding, with its raw safety and whether it waits for an error
        print(json.dumps([f.to_json() for f in findings], indent=2))
        return 1 if any(not f.after_error_only for f in findings) else 0
    shown = [f for f in findings if args.all or not f.after_error_only]
    for f in shown:
        print(f"{args.notebook}: {f}")
    hidden = len(findings) - len(shown)
    more = (
        f"; {hidden} more would be fixed only if a run shows their error (--all lists them)"
        if hidden
        else ""
    )
    print(f"{len(shown)} finding(s){more}", file=sys.stderr)
    return 1 if any(not f.after_error_only for f in shown) else 0


def _coverage_json(cov: Any) -> dict[str, Any]:
    statuses = ("rule", "environment", "compat", "none")
    return {
        "library": cov.library,
        "items": len(cov.items),
        **{s: cov.count(s) for s in statuses},
        "covered": cov.covered,
    }


def cmd_rules(args: argparse.Namespace) -> int:
    from .fixers.rules import all_rules, pack_of
    from .fixers.rules.docs import rule_doc, summary_line

    if args.coverage:
        from .fixers.rules import extracted
        from .fixers.rules.coverage import coverage_lists, totals_table

        lists = coverage_lists()
        rows = extracted.totals(extracted.load())
        if args.json:
            hand = [_coverage_json(c) for c in lists]
            print(json.dumps({"extracted": [t.to_json() for t in rows], "hand_lists": hand}))
        else:
            print("Items extracted from the libraries' release notes (handled / reachable):\n")
            print(extracted.table(rows))
            print("\nItems chosen by hand (the lists beside the rule packs):\n")
            print(totals_table(lists))
        return 0
    rules = all_rules()
    if args.rule:
        code = args.rule.strip().upper()
        exact = [r for r in rules if r.id == code]
        if exact:
            rule, pack = exact[0], pack_of(code)
            if args.json:
                examples = [list(pair) for pair in rule.examples]
                print(json.dumps({**rule.to_json(), "pack": pack.name, "examples": examples}))
            else:
                print(rule_doc(rule, pack), end="")
            return 0
        rules = [r for r in rules if r.id.startswith(code)]
        if not rules:
            raise ModernizerError(f"no rule {args.rule}: `mlemodernizer rules` lists them")
    if args.json:
        print(json.dumps([r.to_json() for r in rules], indent=2))
        return 0
    for r in rules:
        print(summary_line(r))
    print(f"{len(rules)} rules", file=sys.stderr)
    return 0


def add_sidecar_parser(sub: Any) -> None:
    from .execution.docker.image import DEFAULT_BASE, DEFAULT_IMAGE

    sidecar = sub.add_parser("sidecar", help="the container image for --executor docker")
    commands = sidecar.add_subparsers(dest="sidecar_command", required=True)
    build = commands.add_parser(
        "build", help="build the sidecar image (python, ipykernel, the stack)"
    )
    build.add_argument(
        "--base", default=None, help=f"base image with python3 (default {DEFAULT_BASE})"
    )
    build.add_argument("--tag", default=DEFAULT_IMAGE, help=f"image name (default {DEFAULT_IMAGE})")
    build.add_argument(
        "--network", default=None, help="network for the build's pip (e.g. host); default: docker's"
    )
    build.add_argument(
        "--packages", default=None, help="space-separated pip requirements instead of the default"
    )
    build.add_argument(
        "--frameworks",
        choices=("cpu", "gpu"),
        default=None,
        help="add TensorFlow (Keras 3) and PyTorch: CPU builds, or CUDA builds for --gpus "
        "(the image grows by about 1.5 GB, or several GB for gpu)",
    )
    build.add_argument(
        "--build-arg", action="append", default=[], metavar="KEY=VALUE", help="repeatable"
    )
    build.add_argument("--no-cache", action="store_true")
    build.add_argument("--pull", action="store_true", help="pull a newer base first")
    build.add_argument("--quiet", "-q", action="store_true", help="no build log on stderr")
    commands.add_parser("dockerfile", help="print the sidecar Dockerfile")


def cmd_sidecar(args: argparse.Namespace) -> int:
    from .execution.docker.image import DOCKERFILE, build_image, image_packages, image_summary

    if args.sidecar_command == "dockerfile":
        print(DOCKERFILE.read_text(), end="")
        return 0
    build_args: dict[str, str] = {}
    for item in args.build_arg:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ModernizerError(f"--build-arg {item!r}: expected KEY=VALUE")
        build_args[key] = value
    packages = image_packages(args.packages, args.frameworks)
    if packages:
        build_args["PACKAGES"] = packages
    t0 = time.monotonic()
    image_id = build_image(
        base=args.base,
        tag=args.tag,
        network=args.network,
        build_args=build_args,
        no_cache=args.no_cache,
        pull=args.pull,
        log=(lambda line: None) if args.quiet else _stderr,
    )
    seconds = time.monotonic() - t0
    summary = image_summary(args.tag)
    listed = ", ".join(f"{k} {v}" for k, v in summary.items())
    print(f"built {args.tag} ({image_id[:19]}) in {seconds:.0f} s: {listed}", file=sys.stderr)
    print(json.dumps({"tag": args.tag, "id": image_id, "seconds": round(seconds, 1), **summary}))
    return 0


def _stderr(line: str) -> None:
    sys.stderr.write(line)
    sys.stderr.flush()


def _split(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = {
        "run": cmd_run,
        "batch": cmd_batch,
        "lint": cmd_lint,
        "rules": cmd_rules,
        "sidecar": cmd_sidecar,
    }
    try:
        return handlers[args.command](args)
    except ModernizerError as exc:
        print(f"mlemodernizer: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("mlemodernizer: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
