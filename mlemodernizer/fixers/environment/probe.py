"""The engine side of the environment family's kernel questions: the drifts of a run's errors
as queries, sent with ``kernel/drift_probe.py``'s source to the still-live kernel after the run
(as the grounding probe is). The name index it builds is cached under :func:`cache_dir`, one file
per interpreter, distribution and version, so an environment is walked once."""

from __future__ import annotations

import functools
from pathlib import Path

from nbformat import NotebookNode

from ...contracts.paths import cache_root
from ...execution.base import CellError
from ...execution.record import FACTS_MARKER
from ...kernel.code import DRIFT_PROBE, functions_of, probe_call
from .drift import Drift, understand
from .kinds import question

PROBE_BUDGET_S = 60.0  # all questions of one run, index walks included
WALK_BUDGET_S = 30.0  # one distribution's walk (a few seconds for the scientific stack)
MAX_QUERIES = 8  # errors asked about per run, the first failing cells first
# subpackages that are not an API: never imported by the walk. ``externals``/``vendored`` hold
# another project's copy (``sklearn.externals.array_api_compat.numpy``): a name found there is
# that project's, never where the library's own name went (``load_lfw_pairs`` is no numpy.load)
SKIP = [
    "tests",
    "test",
    "testing",
    "conftest",
    "setup",
    "f2py",
    "distutils",
    "__main__",
    "externals",
    "vendored",
]


def cache_dir() -> Path:
    """Where name indexes are kept: under the tool's cache (``$MLEMODERNIZER_CACHE``)."""
    return cache_root() / "name-index"


def drifts_of(
    errors: list[CellError], nb: NotebookNode, modules: dict[str, str] | None = None
) -> list[Drift]:
    """The errors this family reads, one per failing cell (its first error), in cell order."""
    seen: set[int] = set()
    out = []
    for error in sorted(errors, key=lambda e: e.cell_index):
        if error.cell_index in seen:
            continue
        seen.add(error.cell_index)
        drift = understand(error, nb, modules)
        if drift is not None:
            out.append(drift)
    return out


def build_drift_probe(
    errors: list[CellError],
    nb: NotebookNode,
    *,
    cache: Path | None = None,
    modules: dict[str, str] | None = None,
) -> str | None:
    """Code for the live kernel that prints ``__MLEM_FACTS__{"drift": ...}``; None when no error
    needs the kernel (a message that states its fix needs no question)."""
    queries = []
    for drift in drifts_of(errors, nb, modules or None):
        q = question(drift, len(queries))
        if q is not None:
            queries.append(q)
        if len(queries) >= MAX_QUERIES:
            break
    if not queries:
        return None
    where = cache if cache is not None else cache_dir()
    params = {
        "queries": queries,
        "marker": FACTS_MARKER,
        "budget": PROBE_BUDGET_S,
        "walk_budget": WALK_BUDGET_S,
        "skip": SKIP,
        "cache_dir": str(where),
        "walker": _walker_source(),
    }
    return probe_call(DRIFT_PROBE, "__mlem_drift_main__", params)


def answers_of(facts: dict) -> list[dict]:
    """The kernel's answers in a run's facts ([] when the probe did not run or failed)."""
    drift = facts.get("drift") if isinstance(facts, dict) else None
    if not isinstance(drift, dict):
        return []
    answers = drift.get("answers")
    return answers if isinstance(answers, list) else []


def answer_for(drift: Drift, answers: list[dict]) -> dict | None:
    for a in answers:
        if a.get("cell") == drift.cell_index and a.get("error") == drift.error:
            return a
    return None


@functools.cache
def _walker_source() -> str:
    """``__mlem_walk__`` alone: what the fresh interpreter that builds an index runs."""
    text = functions_of(DRIFT_PROBE)
    return text[: text.index("\ndef __mlem_drift__")]
