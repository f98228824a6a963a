"""A parameter an estimator refuses (``Invalid parameter 'n_iter' for estimator SGDClassifier ...
Valid parameters are: [...]``). The kernel gives the class's docstring (``class_notes``); the
repair renames the parameter's key as the docstring says, or to the valid one like it."""

from __future__ import annotations

import re
from typing import Any

from nbformat import NotebookNode

from ....execution.errors import IDENT
from ..docnotes import renamed_parameter
from ..edits import ParamKeyRewrite
from ..messages import choose
from .base import REVIEW, Candidate, Drift, Failure, call_params

KIND = "invalid_param"


_INVALID_PARAM = re.compile(
    rf"Invalid parameter '?({IDENT}(?:__{IDENT})*)'? for estimator ([A-Za-z_][\w.]*)"
    r".*?Valid parameters are:?\s*\[([^\]]*)\]",
    re.DOTALL,
)


def read(at: Failure) -> dict[str, Any] | None:
    if not (m := _INVALID_PARAM.search(at.evalue)):
        return None
    param, estimator, valid = m.groups()
    names = [v.strip().strip("'\"") for v in valid.split(",") if v.strip()]
    return {
        "param": param.split("__")[-1],
        "full": param,
        "estimator": estimator.split("(")[0],
        "valid": names,
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    d = drift.detail
    return {**base, "kind": "class_notes", "class": d["estimator"], **d}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    old, valid = d["param"], d.get("valid") or []
    out: list[Candidate] = []
    if answer.get("found"):
        names = valid or [p["name"] for p in call_params(answer)]
        said = renamed_parameter(answer.get("doc") or "", names, old)
        if said:
            out.append(
                Candidate(
                    "renamed_keyword",
                    ParamKeyRewrite(old, said[0]),
                    f"the docstring of `{d['estimator']}` says: {said[1]}",
                )
            )
    picked = choose(old, valid) if valid else None
    if picked and not any(c.edit == ParamKeyRewrite(old, picked[0]) for c in out):
        out.append(
            Candidate(
                "renamed_keyword",
                ParamKeyRewrite(old, picked[0]),
                f"`{d['estimator']}` has no parameter `{old}`; of the valid ones the message "
                f"lists, `{picked[0]}` is the one like it",
                REVIEW,
                strict=True,
            )
        )
    return out
