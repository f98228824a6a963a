"""An argument a library call refused, where the message states the forms to pass it in
(``forms.py``: "Reshape your data either using array.reshape(-1, 1) if ..."). Read last, and in
cells only; nothing to ask the kernel: each stated form is a candidate, and the run keeps the
one the call takes."""

from __future__ import annotations

import ast
from typing import Any

from nbformat import NotebookNode

from ....execution.base import CellError
from ..edits import ArgumentForm
from ..forms import refused_argument, refusing_call, stated_forms
from .base import REVIEW, Candidate, Drift

KIND = "argument_form"


def read_refusal(error: CellError, stmt: ast.stmt | None) -> dict[str, Any] | None:
    """A library call refused its argument and the message states the forms to pass it in
    (``forms.py``)."""
    stated = stated_forms(error.evalue or "")
    entry = refusing_call(error.traceback or "") if stated else None
    found = refused_argument(stmt, entry) if entry else None
    if stated is None or entry is None or found is None:
        return None
    placeholder, forms = stated
    method, argument = found
    return {
        "refused_by": entry,
        "method": method,
        "argument": argument,
        "placeholder": placeholder,
        "forms": [{"call": f.call, "when": f.when} for f in forms],
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return None


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """Each form the message states for the refused argument, in its order; the loop keeps the
    one the call then takes. REVIEW: the forms differ in meaning (one feature, one sample)."""
    d = drift.detail
    out = []
    for form in d["forms"]:
        when = f" {form['when']}" if form["when"] else ""
        out.append(
            Candidate(
                "stated_form",
                ArgumentForm(d["method"], d["argument"], form["call"]),
                f"`{d['refused_by']}` refused `{d['argument']}`; the error says to pass "
                f"`{d['placeholder']}.{form['call']}`{when}",
                REVIEW,
                refused_by=(d["refused_by"], form["call"].split("(")[0]),
            )
        )
    return out
