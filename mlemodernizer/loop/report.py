"""The run report: the CLI's ``--json`` output, ``job_finished``'s report and the provenance."""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, field
from typing import Any

from ..contracts.notebook import shown_cell_number
from ..execution.base import ExecutionResult
from ..fixers.base import TokenUsage


@dataclass
class RunSummary:
    error_cells: int
    first_error: str | None
    runtime_s: float
    score: float | None
    timed_out: bool = False
    kernel_died: bool = False
    errors: list[str] = field(default_factory=list)
    # each failing cell (0-based cell_index, first error line, new since the baseline) and the
    # baseline's failing cells that now run clean (judgement.cell_report)
    failing_cells: list[dict[str, Any]] = field(default_factory=list)
    fixed_cells: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, result: ExecutionResult, score: float | None) -> RunSummary:
        first = result.first_error
        return cls(
            error_cells=len({e.cell_index for e in result.errors}),
            # people read cell numbers as JupyterLab counts them: from 1
            first_error=(
                f"cell {shown_cell_number(first.cell_index)}: {first.summary()}" if first else None
            ),
            runtime_s=round(result.runtime_s, 3),
            score=score,
            timed_out=result.timed_out,
            kernel_died=result.kernel_died,
            errors=[
                f"cell {shown_cell_number(e.cell_index)}: {e.summary()}" for e in result.errors
            ],
        )

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


@dataclass
class IterationRecord:
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
    lost_in_random_cells: list[dict[str, Any]] = field(default_factory=list)
    # what a second run with another seed said of a loss in a cell not known to be random
    second_look: str = ""


def edit_similarity(a: str, b: str) -> float:
    return round(difflib.SequenceMatcher(None, a, b).ratio(), 4)


@dataclass
class Report:
    notebook: str
    output: str | None
    outcome: str
    error_free: bool
    reproducible: bool
    reproducibility_basis: str  # "score" | "t-test" | "errors"
    stop_reason: str
    target_score: float | None
    tolerance: float
    score_source: str | None
    baseline: RunSummary
    final: RunSummary
    iterations: list[IterationRecord]
    execution_seconds_total: float
    llm: TokenUsage
    p_value: float | None = None
    rerun_scores: list[float] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    # the notebook's own .py files the run changed: path, rule_ids, written, backup
    modules: list[dict[str, Any]] = field(default_factory=list)
    # the final run's failing cells told apart (triage.CellTriage: fixable, blocked with its
    # reason, knock-on), and their one-line count
    cells: list[dict[str, Any]] = field(default_factory=list)
    error_summary: str | None = None
    # why the notebook needs no change (it ran clean on the first run, nothing was proposed),
    # or None; a face may then write no copy (Options.unchanged_copy)
    nothing_to_modernize: str | None = None
    # every model reply: its iteration, accepted or why not, its tokens (LLMFixer.replies)
    llm_replies: list[dict[str, Any]] = field(default_factory=list)
    # every candidate the environment family tried: its evidence, kept or why not
    environment_trials: list[dict[str, Any]] = field(default_factory=list)
    # the author's stored outputs against the final run's (output_fidelity.NotebookFidelity)
    fidelity: dict[str, Any] | None = None
    # what "reproducible" rests on: both | score | fidelity | errors | neither (scoring.basis),
    # and in words
    reproduced_by: str = ""
    reproduced_words: str = ""
    # the cells whose numbers are no evidence of what a fix changed: index, why, and whether
    # two runs measured it or the code says so (scoring.randomness)
    random_cells: list[dict[str, Any]] = field(default_factory=list)
    # where the runs' time went: seconds by kind of run (baseline, iteration, noise-baseline,
    # second-look, verdict, noise-run, rerun); they add up to execution_seconds_total
    run_seconds: dict[str, float] = field(default_factory=dict)
    # what the runs wrote in their scratch copy of the notebook's folder (path, bytes, new or
    # changed), kept in ``written_kept_in``: never in the user's folder unless brought back
    written_files: list[dict[str, Any]] = field(default_factory=list)
    written_kept_in: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["llm"] = self.llm.to_json()
        data["execution_seconds_total"] = round(self.execution_seconds_total, 3)
        return data
