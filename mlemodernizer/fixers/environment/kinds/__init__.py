"""The environment family's drift kinds, one module each: how the kind is read from an error and
the failing code (``read``), the question the kernel answers about it (``question``; the
answers are ``kernel/drift_probe.py``'s), and the repairs it offers (``candidates``). The edits
they make are the family's shared vocabulary (``edits.py``).

An error is read by the kinds in :data:`READERS`' order, the library's own words first; a reader
may end the reading (``base.STOP``) when the error is its kind's but not one it can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nbformat import NotebookNode

from . import (
    argument_form,
    encoding,
    invalid_param,
    kwarg,
    message,
    object_attr,
    option_pattern,
    positional,
    relocate,
    setting,
    value,
)
from .base import REVIEW, SAFE, STOP, Candidate, Drift, Failure

__all__ = ["REVIEW", "SAFE", "Candidate", "Drift", "Failure", "candidates", "question", "read"]

Reader = Callable[[Failure], dict[str, Any] | None]

READERS: tuple[tuple[str, Reader], ...] = (
    (message.KIND, message.read),
    (relocate.KIND, relocate.read_import),
    (setting.KIND, setting.read),
    (option_pattern.KIND, option_pattern.read),
    (encoding.KIND, encoding.read),
    (relocate.KIND, relocate.read_attribute),
    (object_attr.KIND, object_attr.read),
    (kwarg.KIND, kwarg.read),
    (positional.KIND, positional.read),
    (invalid_param.KIND, invalid_param.read),
    (value.KIND, value.read),
)

KINDS = {
    kind.KIND: kind
    for kind in (
        relocate,
        object_attr,
        kwarg,
        positional,
        invalid_param,
        message,
        setting,
        option_pattern,
        encoding,
        value,
        argument_form,
    )
}


def read(at: Failure) -> tuple[str, dict[str, Any]] | None:
    """(kind, what the error and the code say) for the first kind that reads the error."""
    for kind, reader in READERS:
        found = reader(at)
        if found is STOP:
            return None
        if found is not None:
            return kind, found
    return None


def question(drift: Drift, qid: int) -> dict[str, Any] | None:
    """The question for the live kernel, or None when the code and the message suffice."""
    base: dict[str, Any] = {"id": qid, "cell": drift.cell_index, "error": drift.error}
    if drift.path:
        base["module_file"] = drift.path  # names are looked up in that module
    kind = KINDS.get(drift.kind)
    return kind.question(drift, base) if kind else None


def candidates(drift: Drift, answer: dict[str, Any] | None, nb: NotebookNode) -> list[Candidate]:
    """The repairs for ``drift``, best first ([] when the environment says nothing)."""
    answer = answer or {}
    if answer.get("failed"):
        return []
    kind = KINDS.get(drift.kind)
    return kind.candidates(drift, answer, nb) if kind else []
