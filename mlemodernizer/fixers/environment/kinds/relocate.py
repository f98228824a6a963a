"""A name that moved or was renamed: ``from a.old import f`` and ``a.old.f`` where ``a.old`` lost
``f`` (``ImportError``, ``ModuleNotFoundError``, a module's ``AttributeError``). The kernel
finds where the name lives today (``kernel/drift_probe.py``: ``relocate``); the repair imports it
from there, or a name that took its place."""

from __future__ import annotations

import ast
import difflib
from typing import Any

from nbformat import NotebookNode

from ....execution.errors import IMPORT_NAME, MODULE_ATTR, NO_MODULE
from ..docnotes import replacement_note, says_deprecated
from ..edits import AttributeRewrite, ImportFromRewrite, ModuleRebind
from ..names import keeps_every_word, keeps_words, took_the_place_of
from ..source import attributes_used, imported_from, module_alias, parse_cell, use_of
from .base import REVIEW, SAFE, STOP, Candidate, Drift, Failure, attr_use, fits, receiver_of

KIND = "relocate"


def read_import(at: Failure) -> dict[str, Any] | None:
    """An import that fails: the names it imports, and how the notebook uses them."""
    if at.ename not in ("ModuleNotFoundError", "ImportError"):
        return None
    found = _import_detail(at.head, at.stmt, at.nb)
    return STOP if found is None else found


def read_attribute(at: Failure) -> dict[str, Any] | None:
    """A module's attribute that is gone (``pd.scatter_matrix``, now in ``pandas.plotting``)."""
    if at.ename != "AttributeError" or not (m := MODULE_ATTR.match(at.head)):
        return None
    module, attr = m.groups()
    receiver = receiver_of(at.stmt, attr)
    return {
        "module": module,
        "top": module.split(".")[0],
        "names": [{"name": attr, "use": attr_use(at.stmt, attr)}],
        "receiver": receiver,
        "via": "attribute",
    }


def question(drift: Drift, base: dict[str, Any]) -> dict[str, Any] | None:
    return {**base, "kind": "relocate", **drift.detail}


def candidates(drift: Drift, answer: dict[str, Any], nb: NotebookNode) -> list[Candidate]:
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
            fit = " and takes the call's arguments" if fits(h, use) else ""
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
            fits(h, use) is False,
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
            if fits(h, use) is False:
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
            fit = fits(h, use)
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


def _import_detail(head: str, stmt: ast.stmt | None, nb: NotebookNode) -> dict[str, Any] | None:
    if m := IMPORT_NAME.match(head):
        name, module = m.groups()
        names = imported_from(stmt, module) or [name]
        return {
            "module": module,
            "top": module.split(".")[0],
            "names": [{"name": n, **_name_use(nb, stmt, n)} for n in names],
            "attrs_of": {n: attributes_used(nb, _bound(stmt, n)) for n in names},
            "via": "from",
        }
    if m := NO_MODULE.match(head):
        missing = m.group(1)
        related = (
            isinstance(stmt, ast.ImportFrom)
            and stmt.module
            and (stmt.module == missing or stmt.module.startswith(missing + "."))
        )
        if related and isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            names = imported_from(stmt, stmt.module)
            return {
                "module": stmt.module,
                "top": stmt.module.split(".")[0],
                "names": [{"name": n, **_name_use(nb, stmt, n)} for n in names],
                "attrs_of": {n: attributes_used(nb, _bound(stmt, n)) for n in names},
                "via": "from",
                "missing": missing,
            }
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name == missing or a.name.startswith(missing + "."):
                    if not a.asname:
                        return None  # `import a.b` then `a.b.x`: not read here
                    used = attributes_used(nb, a.asname)
                    return {
                        "module": a.name,
                        "top": a.name.split(".")[0],
                        "names": [{"name": n} for n in used],
                        "as_module": True,
                        "alias": a.asname,
                        "via": "import",
                    }
    return None


def _bound(stmt: ast.stmt | None, name: str) -> str:
    if isinstance(stmt, ast.ImportFrom):
        for a in stmt.names:
            if a.name == name:
                return a.asname or a.name
    return name


def _name_use(nb: NotebookNode, stmt: ast.stmt | None, name: str) -> dict[str, Any]:
    """How the notebook uses an imported name: the first cell that calls or reads it."""
    bound = _bound(stmt, name)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        use = use_of(parse_cell(cell.source), bound)
        if use.get("call"):
            return {"use": use}
    return {"use": {}}
