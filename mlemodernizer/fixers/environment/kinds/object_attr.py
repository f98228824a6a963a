"""An object's attribute that is gone (``'DataFrame' object has no attribute 'ix'``, a class's
attribute). The kernel lists the type's members (``object_attr``); the repair is the member its
docstring names as the replacement, or the one public name like it that takes the call."""

from __future__ import annotations

from typing import Any

from nbformat import NotebookNode

from ....execution.errors import OBJECT_ATTR, TYPE_ATTR
from ..docnotes import replacing_member
from ..edits import AttributeRewrite
from ..names import keeps_every_word, took_the_place_of
from .base import REVIEW, Candidate, Drift, Failure, attr_use, fits, receiver_of

KIND = "object_attr"


def read(at: Failure) -> dict[str, Any] | None:
    if at.ename != "AttributeError":
        return None
    m = OBJECT_ATTR.match(at.head) or TYPE_ATTR.match(at.head)
    if not m:
        return None
    type_name, attr = m.groups()
    return {
        "type": type_name,
        "attr": attr,
        "expr": receiver_of(at.stmt, attr),
        "use": attr_use(at.stmt, attr),
        "on_class": at.head.startswith("type object"),
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return {**base, "kind": "object_attr", **drift.detail}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    if not answer.get("found"):
        return []
    d = drift.detail
    old, expr, use = d["attr"], d.get("expr"), d.get("use") or {}
    members: dict[str, dict] = answer.get("members") or {}
    type_name = answer.get("type", d["type"]).rsplit(".", 1)[-1]
    receiver = expr or "*"

    def replacement(new: str) -> str:
        return f"{expr}.{new}" if expr else "{receiver}." + new

    out: list[Candidate] = []
    said = replacing_member(members, old)
    if said and _member_fits(members[said[0]], use, d.get("on_class", False)) is not False:
        new, sentence = said
        out.append(
            Candidate(
                "renamed_attribute",
                AttributeRewrite(receiver, old, replacement(new)),
                f"the docstring of `{type_name}.{new}` says: {sentence}",
            )
        )
    # a unique close name that takes the call (``get_feature_names`` -> ``..._out``)
    pool = []
    for name, info in members.items():
        if name == old or (said and name == said[0]):
            continue
        low, nlow = old.lower(), name.lower()
        if not (nlow.startswith(low) or low.startswith(nlow) or keeps_every_word(old, name)):
            continue
        if not took_the_place_of(old, name, called=bool(use.get("call"))):
            continue  # a name spelled alike, or an attribute shortened to another noun
        if _member_fits(info, use, d.get("on_class", False)) is False:
            continue
        pool.append(name)
    if len(pool) == 1:
        name = pool[0]
        out.append(
            Candidate(
                "renamed_attribute",
                AttributeRewrite(receiver, old, replacement(name)),
                f"`{type_name}` has `{name}`, the only public name like `{old}`"
                + (" that takes the call's arguments" if use.get("call") else ""),
                REVIEW,
                strict=True,
            )
        )
    return out


def _member_fits(info: dict, use: dict, on_class: bool) -> bool | None:
    params = info.get("params")
    if info.get("kind") != "method" or params is None:
        return None if info.get("kind") == "method" else not use.get("call")
    if params and params[0]["name"] in ("self", "cls") and not on_class:
        params = params[1:]
    return fits({"params": params}, use)
