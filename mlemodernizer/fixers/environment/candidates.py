"""From a drift and what the kernel answered, the candidate repairs, best first, each with the
evidence for it in words ("`train_test_split` is in `sklearn.model_selection`"). Nothing here
names a library: the evidence is the installed distribution's own layout, signatures,
docstrings and messages."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from nbformat import NotebookNode

from .docnotes import (
    admits,
    counting_parameter,
    documented_kinds,
    keyword_for_value,
    parameter_types,
    removed_without_effect,
    renamed_parameter,
    replacement_note,
    replacing_member,
    says_deprecated,
    takers_of_value,
)
from .drift import Drift
from .edits import (
    ArgumentForm,
    AttributeRewrite,
    DropSetting,
    Edit,
    ImportFromRewrite,
    KeywordAdd,
    KeywordRewrite,
    MethodForKeyword,
    ModuleRebind,
    ParamKeyRewrite,
    PositionalRewrite,
    PrintStatements,
    StringRewrite,
    WholeNumberKeyword,
)
from .messages import choose
from .names import keeps_every_word, keeps_words, took_the_place_of
from .source import module_alias

SAFE, REVIEW = "safe", "review"
_POSITIONAL_KINDS = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")


@dataclass(frozen=True)
class Candidate:
    """One repair to try: the edit, what it is (``kind``), why (``evidence``, for people and
    the report), and its safety (``review``: it may change what the code computes)."""

    kind: str
    edit: Edit
    evidence: str
    safety: str = SAFE
    # chosen by spelling alone (no note, no message naming it): kept only when its cell then
    # runs clean, not merely when the error moves on
    strict: bool = False
    # a form stated for an argument a library function refused: (that function, the form's
    # method); kept only when the error comes neither from that function nor from the
    # argument lacking the method (the other form may be the one it takes)
    refused_by: tuple[str, str] | None = None

    @property
    def key(self) -> str:
        return repr(self.edit)


def candidates(drift: Drift, answer: dict[str, Any] | None, nb: NotebookNode) -> list[Candidate]:
    """The repairs for ``drift``, best first ([] when the environment says nothing)."""
    answer = answer or {}
    if answer.get("failed"):
        return []
    reader = {
        "relocate": _relocate,
        "object_attr": _object_attr,
        "kwarg": _kwarg,
        "positional": _positional,
        "invalid_param": _invalid_param,
        "message": _message,
        "setting": _setting,
        "option_pattern": _option_pattern,
        "encoding": _encoding,
        "value": _value,
        "argument_form": _argument_form,
    }.get(drift.kind)
    return reader(drift, answer, nb) if reader else []


# --- where a name lives today ------------------------------------------------------------------


def _fits(hit: dict[str, Any], use: dict[str, Any]) -> bool | None:
    """Whether the signature takes the call as the notebook writes it (None: unknown)."""
    params = hit.get("params")
    if not use.get("call") or params is None:
        return None
    names = {p["name"] for p in params}
    var_kw = any(p["kind"] == "VAR_KEYWORD" for p in params)
    var_pos = any(p["kind"] == "VAR_POSITIONAL" for p in params)
    positional = sum(1 for p in params if p["kind"] in _POSITIONAL_KINDS)
    if not var_pos and use.get("args", 0) > positional:
        return False
    return var_kw or all(k in names for k in use.get("keywords", []))


def _home(
    hits: list[dict[str, Any]], old_module: str, use: dict[str, Any], *, elsewhere: bool = True
) -> list[dict]:
    """The distinct objects a name is found as, each at its most public path, best first: the
    old module's own package before a dependency's, the kind the notebook uses it as (called:
    a class or function), then the path closest to the old module, then the shortest."""
    by_ident: dict[str, list[dict]] = {}
    for h in hits:
        if elsewhere and h["module"] == old_module:
            continue  # the same name in the old module is what is missing
        by_ident.setdefault(h["ident"], []).append(h)
    top = old_module.split(".")[0]
    homes = []
    for ident, group in by_ident.items():
        # the defining package's public face (``sklearn.model_selection`` for an object of
        # ``sklearn.model_selection._split``) before a module that merely imports it
        defined_in = ident.rpartition(".")[0]

        def face(h: dict, defined_in: str = defined_in) -> tuple:
            inside = defined_in == h["module"] or defined_in.startswith(h["module"] + ".")
            return (not inside, h["module"].count("."), len(h["module"]), h["module"])

        homes.append(min(group, key=face))
    called = bool(use.get("call"))

    def order(h: dict) -> tuple:
        common = 0
        for a, b in zip(h["module"].split("."), old_module.split("."), strict=False):
            if a != b:
                break
            common += 1
        return (
            h["top"] != top,
            _fits(h, use) is False,
            -common,
            h["module"].count("."),
            h["module"],
        )

    if called:
        # called in the notebook: a module or a plain value cannot be what it was
        # (keras.backend.function is no module keras.src.ops.function)
        homes = [h for h in homes if h["kind"] in ("class", "function")]
    return sorted(homes, key=order)


def _renamed(
    name: str, close: dict[str, list[dict]], old_module: str, use: dict[str, Any]
) -> list[tuple[dict, str]]:
    """Names that took ``name``'s place (``Imputer`` -> ``SimpleImputer``): by their words
    (:func:`took_the_place_of`) or their docstring, and taking the call as written. The clear
    best only."""
    scored = []
    noted = []
    for other, hits in close.items():
        for h in _home(hits, old_module, use, elsewhere=False)[:1]:
            if _fits(h, use) is False:
                continue
            if use.get("call") and h["kind"] not in ("class", "function"):
                continue  # called: a module or a value cannot be what it was
            if replacement_note(h.get("doc") or "", [f"{old_module}.{name}", name]):
                noted.append(h)
            if says_deprecated(h.get("doc") or ""):
                continue  # on its way out too: not where the old name landed
            if not took_the_place_of(name, other, called=bool(use.get("call"))):
                continue  # a name spelled alike is no rename
            ratio = difflib.SequenceMatcher(None, name.lower(), other.lower()).ratio()
            fit = _fits(h, use)
            # every word kept before some dropped: merge_ordered, not merge, for ordered_merge
            score = (2.0 if keeps_every_word(name, other) else 1.0) + ratio / 2
            score += 0.3 if fit else 0
            why = "starts with" if other.lower().startswith(name.lower()) else "keeps words of"
            scored.append((score, h, why))
    if len(noted) == 1:  # its docstring says it took the old name's place: no tie to break
        return [(noted[0], "is named in its docstring as replacing")]
    scored.sort(key=lambda s: -s[0])
    if not scored or (len(scored) > 1 and scored[0][0] - scored[1][0] < 0.15):
        return []
    score, h, why = scored[0]
    return [(h, why)] if score >= 0.9 else []


def _relocate(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    module = d["module"]
    present = set(answer.get("present") or [])
    found = answer.get("names") or {}
    renamed = answer.get("renamed") or {}
    alone = answer.get("standalone")
    if alone and d.get("via") in ("from", "import"):
        used = ", ".join(f"`{i['name']}`" for i in d["names"][:4])
        names = [i["name"] for i in d["names"]]
        return [
            Candidate(
                "moved",
                ModuleRebind(module, alone)
                if d["via"] == "import"
                else ImportFromRewrite(module, tuple((n, alone, n) for n in names)),
                f"`{module}` is gone; `{alone}` is installed as a module of its own and has "
                f"{used} (what the notebook reads from it)",
            )
        ]
    if d.get("via") == "import":
        mods = answer.get("modules") or []
        if not mods:
            return []
        used = ", ".join(f"`{i['name']}`" for i in d["names"][:4])
        return [
            Candidate(
                "moved",
                ModuleRebind(module, mods[0]),
                f"`{module}` is gone; {used} (what the notebook reads from it) are in `{mods[0]}`",
            )
        ]
    if d.get("via") == "attribute":
        return _relocate_attribute(drift, found, renamed, nb)
    moves: list[tuple[str, str, str]] = []
    said: list[str] = []
    rebinds: list[Candidate] = []
    strict = False
    for item in d["names"]:
        name, use = item["name"], item.get("use") or {}
        if name in present:
            continue
        homes = _home(found.get(name) or [], module, use)
        if homes and homes[0]["kind"] == "module":
            # a module that was vendored or re-exported (sklearn.externals.joblib): itself
            real = homes[0]["ident"]
            rebinds.append(
                Candidate(
                    "moved",
                    ModuleRebind(f"{module}.{name}", real),
                    f"`{module}.{name}` is gone; the module `{real}` is installed (it is what "
                    f"`{homes[0]['module']}` imports)",
                )
            )
            continue
        if homes:
            h = homes[0]
            moves.append((name, h["module"], name))
            said.append(f"`{name}` is in `{h['module']}`")
            strict = strict or _another_library(h["module"], module)
            continue
        holders = (answer.get("holders") or {}).get(name) or []
        attrs = (d.get("attrs_of") or {}).get(name) or []
        if len(attrs) < 2:
            # one attribute is found in many modules: only a module named like the old one
            holders = [h for h in holders if keeps_words(name, h.rsplit(".", 1)[-1])]
        if holders:
            shown = ", ".join(f"`{a}`" for a in attrs[:4])
            rebinds.append(
                Candidate(
                    "moved",
                    ModuleRebind(f"{module}.{name}", holders[0]),
                    f"`{module}.{name}` is gone; {shown} (what the notebook reads from it) "
                    f"are in `{holders[0]}`",
                )
            )
            continue
        for h, why in _renamed(name, renamed.get(name) or {}, module, use):
            moves.append((name, h["module"], h["name"]))
            strict = True
            fit = " and takes the call's arguments" if _fits(h, use) else ""
            said.append(f"`{name}` is gone; `{h['module']}.{h['name']}` {why} the old name{fit}")
    out = list(rebinds)
    if moves:
        out.insert(
            0,
            Candidate(
                "moved" if all(m[0] == m[2] for m in moves) else "renamed",
                ImportFromRewrite(module, tuple(moves)),
                "; ".join(said),
                SAFE if all(m[0] == m[2] for m in moves) and not strict else REVIEW,
                strict=strict,
            ),
        )
    return out


def _relocate_attribute(
    drift: Drift, found: dict, renamed: dict, nb: NotebookNode
) -> list[Candidate]:
    d = drift.detail
    module, receiver = d["module"], d.get("receiver")
    item = d["names"][0]
    name, use = item["name"], item.get("use") or {}
    if not receiver:
        return []
    options = [(h, name, "moved") for h in _home(found.get(name) or [], module, use)[:2]]
    if not options:
        options = [
            (h, h["name"], "renamed")
            for h, _ in _renamed(name, renamed.get(name) or {}, module, use)
        ]
    out = []
    for h, new_name, kind in options:
        target = h["module"]
        if target == module:
            replacement, add = f"{receiver}.{new_name}", None
        else:
            alias = module_alias(nb, target)
            replacement = f"{alias}.{new_name}" if alias else f"{target}.{new_name}"
            add = None if alias else target
        where = f"`{target}`"
        evidence = (
            f"`{module}.{name}` is gone; `{name}` is in {where}"
            if kind == "moved"
            else f"`{module}.{name}` is gone; {where} has `{new_name}`, a name like it"
        )
        # a name found in another library is another function that shares the name
        # (`pandas.load` is no `numpy.load`) unless its cell then runs clean
        strict = kind != "moved" or _another_library(target, module)
        out.append(
            Candidate(
                kind,
                AttributeRewrite(receiver, name, replacement, add),
                evidence,
                REVIEW if strict else SAFE,
                strict=strict,
            )
        )
    return out


def _another_library(target: str, module: str) -> bool:
    """``target`` lies in another top-level package than ``module``."""
    return target.split(".")[0] != module.split(".")[0]


# --- an object's attribute, a call's keywords and arguments ------------------------------------


def _member_fits(info: dict, use: dict, on_class: bool) -> bool | None:
    params = info.get("params")
    if info.get("kind") != "method" or params is None:
        return None if info.get("kind") == "method" else not use.get("call")
    if params and params[0]["name"] in ("self", "cls") and not on_class:
        params = params[1:]
    return _fits({"params": params}, use)


def _object_attr(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
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


def _call_params(answer: dict[str, Any]) -> list[dict]:
    params = answer.get("params") or []
    if params and params[0]["name"] in ("self", "cls"):
        params = params[1:]
    return params


def _kwarg(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    old, callee = d["keyword"], d["callee"]
    out: list[Candidate] = []
    if answer.get("found"):
        params = _call_params(answer)
        names = [p["name"] for p in params if p["kind"] not in ("VAR_POSITIONAL", "VAR_KEYWORD")]
        doc = answer.get("doc") or ""
        shown = answer.get("name") or callee
        said = renamed_parameter(doc, names, old)
        if said and said[0] not in d.get("given", []):
            new, sentence = said
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, new),
                    f"the docstring of `{shown}` says: {sentence}",
                )
            )
        gone = removed_without_effect(doc, old)
        if gone:
            out.append(
                Candidate(
                    "removed_keyword",
                    KeywordRewrite(callee, old, None),
                    f"the docstring of `{shown}` says: {gone} (so the keyword is dropped)",
                    REVIEW,
                )
            )
        # a keyword whose string value names a method of the same object
        for value in d.get("values") or []:
            sibling = (answer.get("siblings") or {}).get(value)
            if sibling is None:
                continue
            rest = [k for k in d.get("given", [])]
            accepts = {p["name"] for p in sibling} | (
                {"*"} if any(p["kind"] == "VAR_KEYWORD" for p in sibling) else set()
            )
            if "*" in accepts or all(k in accepts for k in rest):
                out.append(
                    Candidate(
                        "method_for_keyword",
                        MethodForKeyword(callee, old, value),
                        f"`{shown}` takes no `{old}` today; `{value}`, the value passed, is a "
                        f"method of the same object that takes the call's other keywords",
                        REVIEW,
                    )
                )
        free = [n for n in names[d.get("args", 0) :] if n not in d.get("given", []) and n != old]
        # a count renamed (n_folds= -> n_splits=): the one parameter the call leaves unset
        # whose description opens by counting what the old keyword named
        counted = counting_parameter(doc, free, old)
        known = {c.edit for c in out}
        if counted and KeywordRewrite(callee, old, counted[0]) not in known:
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, counted[0]),
                    f"`{shown}` takes no `{old}`; its docstring describes `{counted[0]}` as "
                    f'"{counted[1]}", the only parameter the call leaves unset that counts '
                    "what the old keyword named",
                    REVIEW,
                    strict=True,
                )
            )
        # the one parameter spelled like it that the call does not pass yet
        scored = sorted(
            ((difflib.SequenceMatcher(None, old, n).ratio(), n) for n in free), reverse=True
        )
        if (
            scored
            and scored[0][0] >= 0.5
            and (len(scored) == 1 or scored[0][0] - scored[1][0] >= 0.1)
        ):
            new = scored[0][1]
            if not any(
                c.kind == "renamed_keyword" and c.edit == KeywordRewrite(callee, old, new)
                for c in out
            ):
                out.append(
                    Candidate(
                        "renamed_keyword",
                        KeywordRewrite(callee, old, new),
                        f"`{shown}` takes no `{old}`; `{new}` is its only parameter spelled like "
                        "it that the call does not pass",
                        REVIEW,
                        strict=True,
                    )
                )
        # an abbreviation spelled out: the old keyword is the initials of the words of exactly
        # one parameter the call leaves unset (lr= -> learning_rate=)
        short = [n for n in free if _initials(n) == old.lower()] if len(old) >= 2 else []
        known = {c.edit for c in out}
        if len(short) == 1 and KeywordRewrite(callee, old, short[0]) not in known:
            out.append(
                Candidate(
                    "renamed_keyword",
                    KeywordRewrite(callee, old, short[0]),
                    f"`{shown}` takes no `{old}`; `{old}` is the initials of `{short[0]}`, the "
                    "only parameter the call leaves unset that they spell",
                    REVIEW,
                    strict=True,
                )
            )
        # a keyword renamed with no note and no likeness (affinity= -> metric=): its string
        # value is one the docstring names for exactly one parameter the call leaves unset
        if not out:
            for value in d.get("values") or []:
                takers = takers_of_value(doc, free, value)
                if len(takers) != 1:
                    continue
                out.append(
                    Candidate(
                        "renamed_keyword",
                        KeywordRewrite(callee, old, takers[0]),
                        f"`{shown}` takes no `{old}`; '{value}', the value passed, is one its "
                        f"docstring names for `{takers[0]}`, the only parameter the call leaves "
                        "unset that takes it",
                        REVIEW,
                        strict=True,
                    )
                )
                break
    return out


def _value(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """A value refused for one keyword that the docstring names for exactly one other: the
    value moved when the old keyword stopped taking it (``linestyle='steps'`` ->
    ``drawstyle='steps'``)."""
    if not answer.get("found"):
        return []
    d = drift.detail
    params = _call_params(answer)
    forwards = {p["name"] for p in params if p["kind"] in ("VAR_POSITIONAL", "VAR_KEYWORD")}
    new = keyword_for_value(
        answer.get("doc") or "", d["keyword"], d["value"], set(d["given"]), forwards
    )
    takes_any = any(p["kind"] == "VAR_KEYWORD" for p in params)
    if new is None or not (takes_any or new in {p["name"] for p in params}):
        return []
    shown = answer.get("name") or d["callee"]
    return [
        Candidate(
            "moved_value",
            KeywordRewrite(d["callee"], d["keyword"], new),
            f"`{d['keyword']}` refuses '{d['value']}' (the error says so); the docstring of "
            f"`{shown}` names '{d['value']}' as a value of `{new}`, the only keyword the call "
            "does not pass that takes it",
            REVIEW,
            strict=True,
        )
    ]


def _initials(name: str) -> str:
    """``learning_rate`` -> ``lr``; a one-word name has none."""
    parts = [p for p in name.lower().split("_") if p]
    return "".join(p[0] for p in parts) if len(parts) > 1 else ""


def _positional(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    out: list[Candidate] = []
    for call in answer.get("calls") or []:
        if not call.get("found"):
            continue
        params = _call_params(call)
        if any(p["kind"] == "VAR_POSITIONAL" for p in params):
            continue
        capacity = sum(1 for p in params if p["kind"] in _POSITIONAL_KINDS)
        extra = call["args"] - capacity
        keyword_only = [
            p["name"]
            for p in params
            if p["kind"] == "KEYWORD_ONLY" and p["name"] not in call.get("keywords", [])
        ]
        if extra <= 0 or extra > len(keyword_only):
            continue
        given = (drift.detail.get("positional") or {}).get(call["callee"]) or []
        names = _bind_extra(given, capacity, extra, keyword_only, params, call.get("doc") or "")
        if names is None:
            continue
        bound = ", ".join(f"`{n}`" for n in names)
        out.append(
            Candidate(
                "keyword_only",
                PositionalRewrite(call["callee"], capacity, tuple(names)),
                f"`{call.get('name') or call['callee']}` takes "
                + (
                    f"{capacity} positional argument{'s' if capacity != 1 else ''}"
                    if capacity
                    else "no positional argument"
                )
                + f" today, the rest are keyword-only: the {extra} extra "
                f"argument{'s' if extra != 1 else ''} bind to {bound}, in the signature's order "
                "where nothing says the library reordered them",
            )
        )
    return out


def _bind_extra(
    given: list[list],
    capacity: int,
    extra: int,
    keyword_only: list[str],
    params: list[dict],
    doc: str,
) -> list[str] | None:
    """The keyword-only parameters the positionals past ``capacity`` bind to: in today's order,
    unless the evidence says the library reordered or dropped parameters when it made them
    keyword-only (pandas' ``pivot(index, columns, values)`` is ``pivot(*, columns, index,
    values)`` today, ``fillna`` lost ``method``), where an order guessed wrongly is silent (a
    transposed table). None then. The evidence: a parameter made required (it moved), a name
    passed in another parameter's place (``ColorbarBase(ax, cmap, norm)`` where ``mappable`` is
    second today), a literal the next parameter cannot take (by its default's kind, or its
    docstring's type line: ``'ffill'`` is none of ``{0 or 'index', 1 or 'columns'}``). A value
    the next cannot take goes to the one other whose default or docstring says it takes it
    (a dict is no flag: ``fontdict``), and a plain name to the parameter it spells."""
    by_name = {p["name"]: p for p in params}
    types = parameter_types(doc)
    positional = [p["name"] for p in params if p["kind"] in _POSITIONAL_KINDS]
    for i, (_, _, name) in enumerate(given[:capacity]):
        if name and name in by_name and name != positional[i]:
            return None  # `cmap` where `mappable` stands today: the order changed
    required = {n for n in keyword_only if not by_name[n].get("default", True)}

    def takes(row: list, name: str) -> bool | None:
        """Whether parameter ``name`` takes the value (None: nothing says)."""
        kind, value, _ = row
        if kind is None:
            return None
        default = by_name[name].get("default_type")
        said = documented_kinds(types[name]) if name in types else None
        if (default is not None and not _may_be(kind, default)) or (
            said is not None and not admits(said, kind, value)
        ):
            return False
        return True if default is not None or said is not None else None

    left, bound = list(keyword_only), []
    for i in range(extra):
        row = given[capacity + i] if capacity + i < len(given) else [None, None, None]
        sure = [n for n in left if takes(row, n)]
        if row[2] in left:
            choice = row[2]  # `norm` passed where `norm` is a keyword-only parameter
        elif required and left and left[0] not in required:
            # required and optional parameters both take positionals: one made required moved
            # to the front (pivot's `columns`); where only required ones do, they were required
            # before too (fbeta_score's `beta`, compute_class_weight's `classes, y`)
            return None
        elif left and takes(row, left[0]) is not False:
            choice = left[0]
        elif len(sure) == 1:
            choice = sure[0]  # the next refuses it; one other says it takes it
        else:
            return None
        bound.append(choice)
        left.remove(choice)
    return bound


def _may_be(literal: str | None, default: str | None) -> bool:
    """Whether a literal of kind ``literal`` may be given to a parameter whose default is of
    kind ``default`` (unknown either way: yes; numbers stand in for each other)."""
    if literal is None or default is None:
        return True
    numbers = {"int", "float", "bool"}
    if default == "bool":
        return literal == "bool"
    if default in numbers:
        return literal in numbers
    return literal == default


def _invalid_param(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    old, valid = d["param"], d.get("valid") or []
    out: list[Candidate] = []
    if answer.get("found"):
        names = valid or [p["name"] for p in _call_params(answer)]
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


def _message(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    d = drift.detail
    quote = drift.evalue.strip().splitlines()
    said = " ".join(quote)[:240]
    if d["how"] == "print_call":
        return [
            Candidate("stated_fix", PrintStatements(), f"Python says: {quote[0] if quote else ''}")
        ]
    if d["how"] == "whole_number":
        return [
            Candidate(
                "whole_number",
                WholeNumberKeyword(d["keyword"], d["value"]),
                f"the error says `{d['keyword']}` must be an int and got {d['value']}.0: the "
                f"same whole number, written {d['value']}",
            )
        ]
    if d["how"] == "choose":
        valid = d.get("valid") or (answer.get("values") if answer.get("found") else None) or []
        picked = choose(d["old"], valid)
        if not picked:
            return []
        source = f"`{d['listed']}`" if d.get("listed") else "the message"
        return [
            Candidate(
                "valid_choice",
                StringRewrite(d["old"], picked[0]),
                f"'{d['old']}' is not a valid value; of those {source} lists, '{picked[0]}' is "
                f"the one like it",
                REVIEW,
                strict=True,
            )
        ]
    if d.get("where") == "string":
        return [
            Candidate("stated_fix", StringRewrite(d["old"], d["new"]), f"the error says: {said}")
        ]
    out = []
    new = d["new"].removesuffix("(...)")
    for receiver in dict.fromkeys(d.get("receivers") or []):
        old_head = d["old"].split(".")[0]
        if "." in new and new.split(".")[0] == old_head:
            replacement, add = f"{receiver}.{new.split('.', 1)[1]}", None
        elif "." not in new:
            replacement, add = new, None
        else:
            module = new.rpartition(".")[0]
            alias = module_alias(nb, module)
            replacement = f"{alias}.{new.rpartition('.')[2]}" if alias else new
            add = None if alias else module
        out.append(
            Candidate(
                "stated_fix",
                AttributeRewrite(receiver, d["attr"], replacement, add),
                f"the error says: {said}",
            )
        )
    return out


def _argument_form(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
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


def _setting(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    key = drift.detail["key"]
    return [
        Candidate(
            "removed_setting",
            DropSetting(key),
            f"the library has no option `{key}` today (the error says so); a display option "
            "changes how results are shown, never what they are, so the setting is dropped",
            REVIEW,
        )
    ]


def _option_pattern(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """A short option name now matches several keys: each full key, the shallowest first (a
    namespace added later nests deeper, as ``styler.format.precision`` beside
    ``display.precision``); the run, and the author's outputs, judge which was meant."""
    pattern = drift.detail["pattern"]
    keys = sorted(answer.get("keys") or [], key=lambda k: (k.count("."), len(k), k))
    if len(keys) < 2:
        return []
    listed = ", ".join(f"`{k}`" for k in keys[:4])
    return [
        Candidate(
            "ambiguous_option",
            StringRewrite(pattern, key),
            f"`'{pattern}'` matches {len(keys)} options today ({listed}); it named one when "
            f"the notebook was written: `{key}`"
            + (", the shallowest, first" if n == 0 else ", the next one"),
            REVIEW,
        )
        for n, key in enumerate(keys[:3])
    ]


def _encoding(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
    """The text is not UTF-8: a callee of the statement that takes ``encoding`` reads it as
    Latin-1, which decodes every byte as the one character Python 2's bytes showed."""
    out = []
    for call in answer.get("calls") or []:
        params = call.get("params") or []
        if not any(p["name"] == "encoding" for p in params):
            continue
        callee = call["callee"]
        out.append(
            Candidate(
                "encoding",
                KeywordAdd(callee, "encoding", "'latin-1'"),
                f"`{callee}` takes `encoding`; the text is not "
                f"{drift.detail['codec'].upper()} (the error says byte {drift.detail['byte']} "
                "cannot be decoded); Latin-1 reads each byte as one character, as Python 2 did",
                REVIEW,
            )
        )
    return out[:2]
