"""The shapes inside the events and the report, each declared once.

A shape the engine builds as an object (a cell's error, a run's summary, the report) is a
dataclass here, with its wire form said beside each field (``wire.wired``) and serialized by the
one ``wire.to_json``; the engine imports it from here (``execution.base.CellError`` is this
module's). A shape the engine builds as a plain dict (a model's reply, a cell's fidelity) is a
TypedDict. Either way ``event_schema.py`` reads the declaration, and the frontend's
``src/events.ts`` is checked against the schema it writes: named as the frontend's interfaces
without their "I" (``TokenUsage`` here, ``ITokenUsage`` there).
"""

from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict

from .notebook import shown_cell_number
from .wire import Wire, wired

# --- what a run found --------------------------------------------------------------------------


@dataclass
class CellError(Wire):
    """One error of an execution (a cell's, with its traceback)."""

    wire_name = "ExecutionError"

    cell_index: int
    cell_id: str
    ename: str
    evalue: str
    traceback: str  # ANSI stripped, one string

    def summary(self) -> str:
        return f"{self.ename}: {self.evalue}".strip()


class FailingCell(TypedDict):
    """A failing cell of a run (``judgement.cell_report``), new since the baseline or not."""

    cell_index: int
    cell_id: str
    error: str | None
    new: bool


class BrokenCell(TypedDict):
    """A cell that a rolled back fix broke."""

    cell_index: int
    cell_id: str
    error: str | None


TriageState = Literal["fixable", "blocked", "knock_on"]
BlockedKind = Literal["environment", "helper_file", "given_up", "as_stored"]


@dataclass
class CellTriage(Wire):
    """A failing cell of a run told apart (``loop.triage``)."""

    cell_index: int
    cell_id: str
    error: str
    state: TriageState
    kind: BlockedKind | None = None  # blocked only
    reason: str = ""
    package: str | None = None  # the distribution to install (environment)
    after: int | None = None  # knock-on: the earlier failing cell it depends on
    # why it still fails, in the words the report uses: environment | no rule |
    # behaviour change | fix undone | author's code | author's run | helper file | knock-on
    cause: str = ""


@dataclass
class RunSummary(Wire):
    """One run in the report (``loop.report.summarize_run``)."""

    error_cells: int
    first_error: str | None
    runtime_s: float
    score: float | None
    timed_out: bool = False
    kernel_died: bool = False
    errors: list[str] = field(default_factory=list)
    # each failing cell (0-based cell_index, first error line, new since the baseline) and the
    # baseline's failing cells that now run clean (judgement.cell_report)
    failing_cells: list[FailingCell] = field(default_factory=list)
    fixed_cells: list[int] = field(default_factory=list)

    def describe(self, target: float | None = None) -> str:
        """For the model's prompt: cells by the number its prompt shows (``# %% cell N``, from
        1)."""
        parts = []
        if self.timed_out:
            parts.append("timed out")
        if self.kernel_died:
            parts.append("kernel died")
        parts.append(f"{self.error_cells} error cell(s)")
        if self.failing_cells:
            first = self.failing_cells[0]
            parts.append(f"first: cell {shown_cell_number(first['cell_index'])}: {first['error']}")
        elif self.first_error:
            parts.append(f"first: {self.first_error}")
        if self.score is not None or target is not None:
            parts.append(f"score {self.score} (target {target})")
        parts.append(f"{self.runtime_s:.1f} s")
        return "; ".join(parts)


class RandomLoss(TypedDict):
    """A working cell that showed fewer of its author's numbers after a fix (``found`` of
    ``total``), or the score's cell whose score moved away, but is random, so no evidence
    against the fix (``report.IterationRecord.lost_in_random_cells``)."""

    cell_index: int
    found: NotRequired[int]
    total: NotRequired[int]
    why: str


@dataclass
class WrittenFile(Wire):
    """A file a run wrote in its scratch copy of the notebook's folder (``scratch``)."""

    path: str  # relative to the notebook's folder
    bytes: int
    status: Literal["new", "changed"]


class RandomCell(TypedDict):
    """A cell whose numbers may differ between two runs of the same code (``Randomness``)."""

    cell_index: int
    why: str
    basis: Literal["measured", "reading"]


# --- what a fixer proposed ---------------------------------------------------------------------


@dataclass
class TokenUsage(Wire):
    """LLM usage of one proposal, of one fixer family, or of the whole job."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = wired(0.0, digits=6)

    def add(self, other: "TokenUsage") -> None:
        self.requests += other.requests
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cost_usd += other.cost_usd

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass
class CellChange(Wire):
    """One proposed change to one cell, or to a .py module beside the notebook."""

    cell_index: int  # -1 for a file
    cell_id: str  # a cell's id, or "file:PATH" for a file (reviewed like a cell)
    old_source: str
    new_source: str
    # a .py module beside the notebook (relative to its folder) instead of a cell
    path: str | None = wired(None, omit_none=True)


class RuleNote(TypedDict):
    """A rule of a rules fix, as people read it (``loop.rule_notes``)."""

    id: str
    library: str  # the library whose API changed; "" when the catalogue lacks the id
    message: str  # one line: what changed and what replaces it; "" when unknown


# what was wrong with a model's reply (``fixers.llm.problems`` says each in plain words)
ReplyProblem = Literal[
    "truncated",
    "no_code",
    "no_header",
    "wrong_cells",
    "placeholder",
    "invalid_python",
    "changes_nothing",
    "breaks_names",
    "refused_by_guard",
    "repeats_refused",
    "unusable",  # none of the above (a reason without its kind)
]


class LLMReply(TypedDict):
    """One reply the model sent (``LLMFixer.replies``): used, or why not."""

    iteration: int  # the loop's iteration it was asked for
    attempt: int  # 1, then each re-ask
    accepted: bool
    reason: str | None  # why it was refused (the re-ask's reason), or None
    problem: NotRequired[ReplyProblem | None]  # the reason's kind (absent in older reports)
    cells: list[int]  # the cells it changed (0-based), when accepted
    finish_reason: str | None
    prompt_tokens: int
    completion_tokens: int
    seconds: float


TrialOutcome = Literal["pending", "kept", "dropped", "rolled back", "rejected"]


@dataclass
class EnvironmentTrial(Wire):
    """One candidate the environment family tried (``EnvironmentFixer.trials``): for which
    cell's error, what it was and why, and how the run ended it."""

    cell_index: int  # the failing cell (0-based)
    cell_id: str = wired(internal=True)
    error: str = wired()
    kind: str = wired()  # moved, renamed, keyword_only, renamed_keyword, removed_keyword, ...
    evidence: str = wired()  # what the installed library says ("`split` is in `pkg.selection`")
    safety: Literal["safe", "review"] = wired()
    key: str = wired(internal=True)  # the candidate, told apart from the others tried
    cells_changed: list[int] = field(default_factory=list)
    file: str | None = None  # the notebook's own module it changed, when it was one
    outcome: TrialOutcome = "pending"
    why: str = ""


@dataclass
class FixerNotes(Wire):
    """What one fixer family says of its work in a job (``Fixer.notes``): what it spent, what
    it found for the families asked after it, and its items: the model's replies (``llm``),
    the environment's candidates (``environment``)."""

    usage: TokenUsage = field(default_factory=TokenUsage)
    evidence: list[str] = field(default_factory=list)
    items: list[LLMReply] | list[EnvironmentTrial] = field(default_factory=list)


# --- the author's outputs found again ----------------------------------------------------------


class CellFidelity(TypedDict):
    """One code cell's stored outputs against today's (``scoring.output_fidelity``)."""

    cell_index: int  # 0-based
    cell_id: str
    status: Literal[
        "same", "drifted", "new_output", "lost_output", "no_stored_output", "random", "machine"
    ]
    numbers_total: int  # the numbers the author's output shows
    numbers_found: int  # of those, found again today (within the tolerance)
    # the first not found again: {"old": ..., "new": ...}, and "where" ("row / column") for a
    # value of a table compared cell by cell
    drift: list[dict[str, str]]
    words_lost: list[str]  # words the author's output shows that today's does not
    figures_stored: int
    figures_same: int  # by size and an average hash of the picture
    random_why: str  # for a random or machine cell: how that was decided
    tables_compared: int  # frames displayed both then and now, compared value by value
    # found within the tolerance, yet changed in the digits the author printed
    moved_in_print: NotRequired[list[dict[str, str]]]


class Fidelity(TypedDict):
    """The author's outputs found again: the second judge, beside the score."""

    found: int  # stored numbers found again, random cells left out
    total: int
    share: float | None
    found_all: int  # random cells included: what an independent re-run counts
    total_all: int
    first_drift_cell: int | None  # 0-based
    tolerance: float  # relative
    noise_measured: bool  # a second fresh run told random cells apart
    random_cells: list[int]
    machine_cells: list[int]  # cells that print the machine's versions and dates
    summary: str  # "461 of 466 stored numbers found again; drift starts at cell 14"
    cells: list[CellFidelity]


# --- the report --------------------------------------------------------------------------------


class ModuleChange(TypedDict):
    """A module beside the notebook that the job changed (``ModuleEdits.write``/``summary``)."""

    path: str
    written: bool
    backup: NotRequired[str]
    reason: NotRequired[str]
    rule_ids: NotRequired[list[str]]


Outcome = Literal[
    "error_free_reproducible",
    "error_reproducible",
    "error_free_non_reproducible",
    "error_non_reproducible",
    "failed",
]
Basis = Literal["score", "t-test", "errors"]
ReproducedBy = Literal["both", "score", "fidelity", "errors", "neither"]


@dataclass
class IterationRecord(Wire):
    """One iteration in the report."""

    wire_name = "ReportIteration"

    index: int
    issue: str
    fix_type: str
    source: str
    rule_ids: list[str]
    cells_changed: list[int]
    runtime_s: float | None
    error_cells: int | None
    score: float | None
    tokens: int
    resumed: bool = False  # ran in the kept kernel from the failing cell instead of restarting
    resume_reason: str = ""
    cells_run: list[int] = field(default_factory=list)
    plan: str = ""
    model: str | None = None
    cells_rejected: list[int] = field(default_factory=list)
    # the fix's run was worse than the best so far (judgement.judge): its changes were undone
    rolled_back: bool = False
    rollback_reason: str = ""
    # the notebook's own .py files changed (accepted) or refused, relative to its folder
    files_changed: list[str] = field(default_factory=list)
    files_rejected: list[str] = field(default_factory=list)
    # difflib ratio of each changed cell to its previous and its original source
    similarity: dict[str, dict[str, float]] = field(default_factory=dict)
    # working cells that showed fewer of their author's numbers after the fix but are random
    # (read from the code, or measured), so no evidence against it: index, found, total, why
    lost_in_random_cells: list[RandomLoss] = wired(default_factory=list, older=True)
    # what a second run with another seed said of a loss in a cell not known to be random
    second_look: str = wired("", older=True)


@dataclass
class Report(Wire):
    """The report of a job: the CLI's ``--json``, ``job_finished``'s report."""

    notebook: str
    output: str | None
    outcome: Outcome
    error_free: bool
    reproducible: bool
    reproducibility_basis: Basis
    stop_reason: str
    target_score: float | None
    tolerance: float
    score_source: str | None
    baseline: RunSummary
    final: RunSummary
    iterations: list[IterationRecord]
    execution_seconds_total: float = wired(digits=3)
    llm: TokenUsage  # the whole job's
    p_value: float | None = None
    rerun_scores: list[float] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    # the notebook's own .py files the run changed: path, rule_ids, written, backup
    modules: list[ModuleChange] = field(default_factory=list)
    # the final run's failing cells told apart (fixable, blocked with its reason, knock-on), and
    # their one-line count
    cells: list[CellTriage] = field(default_factory=list)
    error_summary: str | None = None
    # why the notebook needs no change (it ran clean on the first run, nothing was proposed),
    # or None; a face may then write no copy (Options.unchanged_copy)
    nothing_to_modernize: str | None = None
    # each fixer family asked in the job, by its name (rules, environment, llm, runtime): what
    # it spent, found and tried (the model's replies, the environment's candidates)
    fixers: dict[str, FixerNotes] = wired(default_factory=dict, older=True)
    # the author's stored outputs against the final run's, cell by cell (None when the run did
    # not complete)
    fidelity: Fidelity | None = wired(None, older=True)
    # what "reproducible" rests on: both | score | fidelity | errors | neither (scoring.basis),
    # and in words
    reproduced_by: ReproducedBy = wired("errors", older=True)
    reproduced_words: str = wired("", older=True)
    # the cells whose numbers are no evidence of what a fix changed: index, why, and whether
    # two runs measured it or the code says so (scoring.randomness)
    random_cells: list[RandomCell] = wired(default_factory=list, older=True)
    # where the runs' time went: seconds by kind of run (baseline, iteration, noise-baseline,
    # second-look, verdict, noise-run, rerun); they add up to execution_seconds_total
    run_seconds: dict[str, float] = wired(default_factory=dict, older=True)
    # what the runs wrote in their scratch copy of the notebook's folder (path, bytes, new or
    # changed), kept in ``written_kept_in``: never in the user's folder unless brought back
    written_files: list[WrittenFile] = wired(default_factory=list, older=True)
    written_kept_in: str | None = wired(None, older=True)
