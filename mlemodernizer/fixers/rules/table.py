"""Rules as data: one TOML row per rename or removal that a library's release notes announce
with its replacement (issue 39, part 3).

Most of what the notes announce is one of four shapes: a keyword renamed (``cols=`` →
``subset=``), a keyword removed, a method or attribute renamed (``sym_diff`` →
``symmetric_difference``), a module-level name renamed or moved. A shape is code once, here; a
row is its data: the names, the version that removed the old one, the notes it comes from, an
example that is the rule's fixture test, and a proof (``setup`` + the example) that the
shared test runs against the installed library: the old code must raise an error the rule's
signature recognizes, and the rewritten code must run (``tests/fixers/rules/
test_rules_proofs.py``, the one test of every rule's proofs).

``keyword-value`` keeps the keyword and maps its values (``inclusive=True`` → ``'both'``;
its ``error`` field says today's message, which names no keyword). ``values`` are TOML pairs;
``source_values`` pairs of Python source, each a literal, for what TOML cannot say
(``[["None", "'major'"]]``: ``autofmt_xdate(which=None)`` → ``which='major'``); either way a
value matches by type too (``0`` is not ``False``). ``position`` (0-based, among the positional
arguments, the receiver not counted) matches a value passed by position as well
(``set_aspect('normal')`` → ``set_aspect('auto')``).

``call`` rewrites a call into another shape from a template (``s.irow(i)`` → ``s.iloc[i]``,
``pd.save(df, p)`` → ``df.to_pickle(p)``; :mod:`.templates`). With ``attributes`` instead of
``methods``/``functions`` it rewrites an attribute read: ``attributes = ["numRows"]`` with
``new = "{self}.get_gridspec().nrows"`` (``types``/``receivers`` as a method row: a receiver
no type proves is rewritten only after a run's error names the attribute, in that cell), only
where it is read, never an assignment target (``ax.numRows = 2`` stays); qualified names
(``attributes = ["matplotlib.cm.LUTSIZE"]``, ``new = "{matplotlib.rcParams}['image.lut']"``)
are a module's attribute, rewritten however it is spelled (``from matplotlib.cm import
LUTSIZE`` too).

``default`` pins an old default in reproduce mode only (``--pin-old-defaults``), never in a
repair run: ``functions`` (qualified), or ``methods`` with ``owner`` (the qualified class whose
signature the proof reads) and ``receivers`` whose types prove the receiver (nothing
raises, so an unproven receiver is never pinned); ``value`` is Python source (a literal),
``position`` the place that already sets it, ``min_positional`` the fewest positional
arguments of the call whose default changed (the 3D ``quiver``'s six).

A table file holds ``[setups]`` (named preludes for the proofs) and ``[[rule]]`` rows::

    [[rule]]
    id = "PD201"
    kind = "keyword"                # keyword | keyword-value | drop-keyword | keyword-only
                                    # | method | function | call | default
                                    # (fields of the others: see above)
    changed_in = "0.18"             # the version whose release removed the old name
    methods = ["drop_duplicates", "duplicated"]   # or functions = ["pandas.pivot_table"]
    old = "cols"
    new = "subset"
    notes = "0.18.0: Removal of prior version deprecations"
    example = "d = df.drop_duplicates(cols=['k'])"
    fixed = "d = df.drop_duplicates(subset=['k'])"
    setup = "frame"

Where the receiver's type is proven (a DataFrame the analyzer followed), a method row is
applied before the first run; elsewhere only after a run's error names the old name, and then
only in the cells whose error it was (``Rule.confined``): a method name alone does not say
whose method it is.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import libcst as cst

from . import edits, templates
from .helpers import (
    POSITIONAL_ERROR,
    attr_renamed,
    cannot_import,
    kwarg_drop,
    kwarg_rename,
    kwarg_value,
    no_module,
    object_no_attribute,
    pin_default,
    unexpected_kwarg,
)
from .matchers import DEFAULT_FIX, Attr, Call, Matcher, Outcome, Site, Symbol, Target
from .model import REVIEW, SAFE, SAFE_IF, Rule

KINDS = (
    "keyword",
    "keyword-value",
    "drop-keyword",
    "keyword-only",
    "method",
    "function",
    "call",
    "default",
)
_ROW_FIELDS = {
    "id",
    "kind",
    "changed_in",
    "methods",
    "functions",
    "old",
    "new",
    "notes",
    "example",
    "fixed",
    "setup",
    "safety",
    "why",
    "receivers",
    "keep",
    "params",
    "owner",
    "types",
    "values",
    "error",
    "value",
    "position",
    "source_values",
    "attributes",
    "min_positional",
}
# fields only some kinds read: elsewhere they would be silently ignored
_KIND_FIELDS = {
    "source_values": ("keyword", "keyword-value"),
    "attributes": ("call",),
    "min_positional": ("default",),
}


class TableError(ValueError):
    """A row that does not describe a rule; the message names the file and the row."""


def load_rules(
    path: Path, library: str, receivers: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
) -> list[Rule]:
    """The rules of one table file. ``receivers`` maps a row's ``receivers`` name (default
    ``"default"``) to (types that prove the receiver, types that rule it out)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    setups: dict[str, str] = data.get("setups", {})
    rules = []
    for n, row in enumerate(data.get("rule", []), start=1):
        where = f"{path.name} row {n} ({row.get('id', '?')})"
        try:
            rules.append(_rule(row, library, setups, receivers))
        except (KeyError, TypeError, ValueError) as exc:
            raise TableError(f"{where}: {exc}") from None
    return rules


def _rule(
    row: dict[str, Any],
    library: str,
    setups: Mapping[str, str],
    receivers: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]],
) -> Rule:
    unknown = set(row) - _ROW_FIELDS
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
    kind = row["kind"]
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}")
    for name, kinds in _KIND_FIELDS.items():
        if name in row and kind not in kinds:
            raise ValueError(f"{name} belongs to a {' or '.join(kinds)} row")
    methods = tuple(row.get("methods", ()))
    functions = tuple(row.get("functions", ()))
    if kind == "method":
        methods = (row["owner"],)  # the class that had the attribute, for the message
    elif kind not in ("function", "call", "default") and not (methods or functions):
        raise ValueError("a keyword row names its methods or functions")
    proving, excluded = receivers[row.get("receivers", "default")]
    setup = setups[row["setup"]] if "setup" in row else ""
    example = row["example"]
    if kind == "default":
        return _default(row, library, setup, proving, excluded)
    shaped, signature, message, replacement, safety = _shape(
        kind, library, row, methods, functions, proving, excluded
    )
    matchers = shaped if isinstance(shaped, tuple) else (shaped,)
    if kind != "function" and not proving:
        matchers = tuple(
            _unproven_on_methods(m, functions) if isinstance(m, Call | Attr) else m
            for m in matchers
        )
    safety = row.get("safety", safety)
    condition = ""
    if safety == SAFE_IF:
        condition = (
            "the receiver's type is proven; elsewhere applied only in the cells whose error "
            "names the old name"
        )
    return Rule(
        id=row["id"],
        library=library,
        changed_in=row["changed_in"],
        safety=safety,
        condition=condition,
        catalogue="release notes",
        message=message,
        replacement=replacement,
        why=row.get("why", f"{library} release notes, {row['notes']}"),
        # error: what today's library says where it does not name the old name (a keyword
        # swallowed by **kwargs and passed on fails further in)
        signatures=(signature, *((row["error"],) if "error" in row else ())),
        matchers=matchers,
        examples=((example, row["fixed"]),),
        proofs=(setup + example,),
        # a call row on functions is proven by its qualified name; methods and attributes wait
        # for their error where no type proves the receiver, and only in its cells
        confined=kind != "function"
        and not (kind == "call" and not methods and not _on_receivers(row)),
    )


def _shape(
    kind: str,
    library: str,
    row: dict[str, Any],
    methods: tuple[str, ...],
    functions: tuple[str, ...],
    proving: tuple[str, ...],
    excluded: tuple[str, ...],
) -> tuple[Matcher | tuple[Matcher, ...], str, str, str, str]:
    """(matcher or matchers, error signature, message, replacement, default safety) of one
    shape."""
    owners = ", ".join(_short_names(methods, functions))
    since = f"{library} {row['changed_in']}"
    if kind == "call":
        return _call(row, since, methods, functions, proving, excluded)
    if kind == "keyword-only":
        check, signature, message, replacement = _keyword_only(
            row, _short_names(methods, functions)
        )
        matcher = Call(
            check=check, functions=functions, methods=methods, receivers=proving, exclude=excluded
        )
        return matcher, signature, f"{owners}: {message} since {since}", replacement, SAFE_IF
    old, new = row["old"], row.get("new", "")
    if kind == "keyword":
        if not new:
            raise ValueError("a keyword row names the new keyword")
        # values: [old, new] pairs where the meaning's spelling changed too (True -> 'infer')
        values = _value_pairs(row, required=False)
        matcher = kwarg_rename(
            old,
            new,
            methods=methods,
            functions=functions,
            receivers=proving,
            exclude=excluded,
            values=values or None,
        )
        return (
            matcher,
            unexpected_kwarg([old]),
            f"{owners}({old}=) was removed in {since}; the keyword is {new}=",
            f"{new}=",
            SAFE_IF,
        )
    if kind == "keyword-value":
        # the keyword stays, the spelling of its values changed (inclusive=True -> 'both');
        # source_values: pairs of Python source where TOML cannot say the value (None)
        pairs = _value_pairs(row)
        position = row.get("position")
        if position is not None and (not isinstance(position, int) or position < 0):
            raise ValueError("position is the 0-based place among the positional arguments")
        matcher = kwarg_value(
            old,
            pairs,
            methods=methods,
            functions=functions,
            receivers=proving,
            position=position,
        )
        spelled = ", ".join(f"{a!r} -> {b!r}" for a, b in pairs.items())
        return (
            matcher,
            unexpected_kwarg([old]),
            f"{owners}({old}=) takes other values since {since}: {spelled}",
            spelled,
            SAFE_IF,
        )
    if kind == "drop-keyword":
        matcher = kwarg_drop(
            old, methods=methods, functions=functions, receivers=proving, exclude=excluded
        )
        return (
            matcher,
            unexpected_kwarg([old]),
            f"{owners}({old}=) was removed in {since}; {new or 'the call works without it'}",
            f"drop {old}=",
            REVIEW,
        )
    if kind == "method":
        if not new:
            raise ValueError("a method row names the new name")
        matcher = Attr(names=(old,), receivers=proving, exclude=excluded, check=attr_renamed(new))
        return (
            matcher,
            # types: whose attribute it was, as the error names it ('Categorical'), so that a
            # common name (labels, pad) is not taken for another object's
            object_no_attribute([old], row.get("types", r"\w+")),
            f"{owners}.{old} was removed in {since}; use .{new}",
            f".{new}",
            SAFE_IF,
        )
    # a module-level name: module.old -> its new home
    module, name = old.rsplit(".", 1)
    if not new:
        raise ValueError("a function row names the new qualified name")
    signature = "|".join(f"(?:{sig})" for sig in _gone(old))
    return (
        Symbol(old=old, new=new),
        signature,
        f"{old} was removed in {since}; use {new}",
        new,
        SAFE,
    )


def _default(
    row: dict[str, Any],
    library: str,
    setup: str,
    proving: tuple[str, ...] = (),
    excluded: tuple[str, ...] = (),
) -> Rule:
    """A default that changed without an error: pinned to the old value in reproduce mode
    (``--pin-old-defaults``, score calibration), as the release note gives it. ``value`` is the
    old default as Python source (TOML has no None); ``position``, where the parameter could be
    passed by position, the 0-based place that already sets it; ``min_positional``, the fewest
    positional arguments a call must pass to be the one whose default changed (the 3D quiver's
    six). ``methods`` (with ``owner``, the qualified class today's default is read from, and
    ``receivers``) pin a method's default, only where a type proves the receiver: nothing
    raises, so no error would ever say whose method it was. Its proof proves the default
    moved: today's signature has another default, and the pinned call runs."""
    functions = tuple(row.get("functions", ()))
    methods = tuple(row.get("methods", ()))
    if not functions and not methods:
        raise ValueError(
            "a default row names the functions, classes or methods whose default changed"
        )
    if methods and "." not in row.get("owner", ""):
        raise ValueError("a default row on methods names its owner, the qualified class")
    if methods and not proving:
        raise ValueError("a default row on methods names receivers whose types prove them")
    name, source = row["old"], row["value"]
    try:
        value = ast.literal_eval(source)
    except (SyntaxError, ValueError):
        raise ValueError(f"value {source!r} is not a Python literal") from None
    since = f"{library} {row['changed_in']}"
    shown = ", ".join(_short_names(methods, functions))
    pinned = {"position": row.get("position"), "min_positional": int(row.get("min_positional", 0))}
    matchers: list[Matcher] = []
    if functions:
        matchers.append(pin_default(name, value, functions=functions, **pinned))
    if methods:
        matchers.append(
            pin_default(name, value, methods=methods, receivers=proving, exclude=excluded, **pinned)
        )
    # (module, path in it) of each callable whose signature says today's default
    owners = [tuple(f.rsplit(".", 1)) for f in functions]
    if methods:
        module, cls = row["owner"].rsplit(".", 1)
        owners += [(module, f"{cls}.{m}") for m in methods]
    proof = "".join(
        f"import importlib, inspect\n"
        f"_owner = importlib.import_module({m!r})\n"
        f"for _part in {n.split('.')!r}:\n"
        f"    _owner = getattr(_owner, _part)\n"
        f"_default = inspect.signature(_owner).parameters[{name!r}].default\n"
        f"assert _default != {source}, f'the default is still {{_default!r}}'\n"
        for m, n in owners
    )
    return Rule(
        id=row["id"],
        library=library,
        changed_in=row["changed_in"],
        safety=row.get("safety", REVIEW),
        catalogue="release notes",
        silent=True,
        pin=True,
        message=f"{shown}: the default of {name}= changed in {since}; pin {name}={source} to "
        "reproduce the old results",
        replacement=f"{name}={source}",
        why=row.get("why", f"{library} release notes, {row['notes']}"),
        matchers=tuple(matchers),
        examples=((row["example"], row["fixed"]),),
        proofs=(proof + setup + row["example"],),
    )


def _call(
    row: dict[str, Any],
    since: str,
    methods: tuple[str, ...],
    functions: tuple[str, ...],
    proving: tuple[str, ...],
    excluded: tuple[str, ...],
) -> tuple[Matcher | tuple[Matcher, ...], str, str, str, str]:
    """A call whose replacement has another shape: a template (see :mod:`.templates`); or,
    with ``attributes``, an attribute read whose replacement is an expression on ``{self}``."""
    if "attributes" in row:
        if methods or functions or row.get("params"):
            raise ValueError(
                "an attribute row names attributes only (no methods, functions, params)"
            )
        return _attribute(row, since, proving, excluded)
    if bool(methods) == bool(functions):
        raise ValueError("a call row names its methods or its functions")
    template = templates.parse(row.get("params", ()), row["new"])
    params = ", ".join(p.name for p in template.params)
    if methods:
        if "self" not in template.slots:
            raise ValueError("a method's template uses {self}")
        owner = row.get("owner", "")
        shown = "/".join(f"{owner}.{m}" if owner else f".{m}" for m in methods)
        signature = object_no_attribute(methods, row.get("types", r"\w+"))
        matcher = Call(check=template.check, methods=methods, receivers=proving, exclude=excluded)
        now = template.shown("obj")
        return (
            matcher,
            signature,
            f"{shown}({params}) was removed in {since}; use {now}",
            now,
            (SAFE_IF),
        )
    signature = "|".join(f"(?:{sig})" for f in functions for sig in _gone(f))
    now = template.shown()
    shown = "/".join(functions)
    return (
        (
            Call(check=template.check, functions=functions),
            # `from m import old` would still fail: the name goes from the import (the calls
            # are rewritten; a use the template cannot hold was undefined anyway, since the
            # import raised before it). A function still there, whose row names the error its
            # old call raises today (PeriodIndex(year=...)), keeps its import: other calls use it
            *(Symbol(old=f, check=_import_only) for f in functions if "error" not in row),
        ),
        signature,
        f"{shown}({params}) was removed in {since}; use {now}",
        now,
        SAFE,
    )


def _value_pairs(row: dict[str, Any], required: bool = True) -> dict[Any, Any]:
    """A keyword-value row's map: ``values`` (TOML values) and ``source_values`` (Python
    source, each a literal: ``[["None", "'major'"]]``, since TOML has no None)."""
    pairs: dict[Any, Any] = {a: b for a, b in row.get("values", ())}
    for old, new in row.get("source_values", ()):
        try:
            pairs[ast.literal_eval(old)] = ast.literal_eval(new)
        except (SyntaxError, ValueError):
            raise ValueError(f"source_values [{old!r}, {new!r}]: not Python literals") from None
    if required and not pairs:
        raise ValueError("a keyword-value row maps values (values or source_values)")
    return pairs


def _attribute(
    row: dict[str, Any], since: str, proving: tuple[str, ...], excluded: tuple[str, ...]
) -> tuple[tuple[Matcher, ...], str, str, str, str]:
    """An attribute read that became an expression (``ax.numRows`` →
    ``ax.get_gridspec().nrows``), only where it is read: an assignment target stays (a Target
    matcher marks it before its attribute is visited)."""
    names = tuple(row["attributes"])
    if any("." in n for n in names):
        return _module_attribute(row, names, since)
    shape = templates.attribute(names, row["new"])
    owner = row.get("owner", "")
    shown = "/".join(f"{owner}.{n}" if owner else f".{n}" for n in names)
    now = shape.shape.shown("obj")
    return (
        (
            Target(check=shape.stored),
            Attr(names=names, receivers=proving, exclude=excluded, check=shape.check),
        ),
        object_no_attribute(names, row.get("types", r"\w+")),
        f"{shown} was removed in {since}; use {now}",
        now,
        SAFE_IF,
    )


def _on_receivers(row: dict[str, Any]) -> bool:
    """Whether a call row's attributes are read on receivers (``ax.numRows``), not names of a
    module (``matplotlib.cm.LUTSIZE``, proven by its qualified name)."""
    names = row.get("attributes", ())
    return bool(names) and not any("." in n for n in names)


def _module_attribute(
    row: dict[str, Any], names: tuple[str, ...], since: str
) -> tuple[tuple[Matcher, ...], str, str, str, str]:
    """A module's attribute that became an expression (``matplotlib.cm.LUTSIZE`` →
    ``{matplotlib.rcParams}['image.lut']``): every spelling of the qualified name (``cm.LUTSIZE``,
    ``from matplotlib.cm import LUTSIZE``) is a :class:`Symbol` whose template refers to the
    one dotted placeholder (imported where the notebook has no binding for it)."""
    if not all("." in n for n in names):
        raise ValueError("attributes are all qualified module names or all attribute names")
    shape = templates.parse((), row["new"])
    if "self" in shape.slots or len(shape.qualified) != 1 or len(shape.slots) != 1:
        raise ValueError("a module attribute's template refers to one qualified name, no {self}")
    (ref,) = shape.qualified
    template = row["new"].replace("{", "{{").replace("}", "}}").replace(f"{{{{{ref}}}}}", "{}")
    signature = "|".join(f"(?:{sig})" for n in names for sig in _gone(n))
    now = shape.shown()
    return (
        tuple(Symbol(old=n, new=ref, template=template) for n in names),
        signature,
        f"{'/'.join(names)} was removed in {since}; use {now}",
        now,
        SAFE,
    )


def _import_only(site: Site) -> Outcome | None:
    """A removed function's name in an import: dropped from it. Elsewhere not this matcher's
    (the call's template rewrites the call)."""
    return Outcome(fix=DEFAULT_FIX) if isinstance(site.node, cst.ImportAlias) else None


def _keyword_only(row: dict[str, Any], called: list[str]) -> tuple[Any, str, str, str]:
    """Arguments after the first ``keep`` became keyword-only: the positions are bound to the
    names of the old signature (``params``, in its order), never today's (which may differ).
    (check, error signature, what changed, replacement)."""
    keep = int(row.get("keep", 1))
    params = list(row["params"])
    if not params:
        raise ValueError("a keyword-only row lists the old signature's params")

    def check(site: Site) -> Outcome | None:
        pos = site.positional()
        if len(pos) <= keep or site.has_star():
            return None
        if len(pos) - keep > len(params):
            return Outcome(fix=None)  # more positions than the old signature had
        return Outcome(
            fix=lambda node, refs: edits.positional_to_keywords(node, params, start=keep),
            proven=site.proven,
        )

    # the error names the method ("DataFrame.any() takes 1 positional argument but 2 were
    # given"): a user's function that got too many arguments does not trigger the row; a
    # class's error names its __init__ ("LineCollection.__init__() takes 2 positional ...",
    # or a wrapper's "MultiCursor.__init__.<locals>.<lambda>()")
    names = "|".join(rf"{re.escape(n)}(?:\.__init__(?:\.<locals>\.<lambda>)?)?" for n in called)
    # types: whose method it is, as the error prints it ("PartialDependenceDisplay.plot()"),
    # where the name alone (plot) is everyone's
    owner = rf"(?:{row['types']})\." if "types" in row else r"\b"
    return (
        check,
        rf"{owner}(?:{names})\(\) {POSITIONAL_ERROR}",
        f"{_after_first(keep)} keyword-only",
        "keywords, in the old order: " + ", ".join(f"{p}=" for p in params),
    )


def _short_names(methods: tuple[str, ...], functions: tuple[str, ...]) -> list[str]:
    """The names a message shows, each once (``statsmodels.tsa.api.adfuller`` and
    ``statsmodels.tsa.stattools.adfuller`` are one ``adfuller``)."""
    return list(dict.fromkeys([*methods, *(f.rsplit(".", 1)[-1] for f in functions)]))


def _after_first(keep: int) -> str:
    if keep == 0:
        return "every argument is"
    return f"the arguments after the first{'' if keep == 1 else f' {keep}'} are"


def _unproven_on_methods(matcher: Any, functions: tuple[str, ...]) -> Any:
    """Where no type proves the receiver (``str.split`` of pandas, or Python's?), a method
    match is never proven: the rule then waits for the error that names the old name, and
    rewrites only that cell. A qualified function match stays proven."""
    check = matcher.check

    def unproven(site: Site) -> Outcome | None:
        outcome = check(site)
        if outcome is not None and site.qname not in functions:
            outcome = replace(outcome, proven=False)
        return outcome

    return replace(matcher, check=unproven)


def _gone(qualified: str) -> tuple[str, ...]:
    """What Python says when ``qualified`` (or a module on its way) is gone: the module has no
    attribute (as the library names the module: TensorFlow says 'tensorflow._api.v2.image',
    Keras 'keras.mixed_precision'), a class has none (``Series.from_array``), an import fails."""
    parts = qualified.split(".")
    found = [no_module(".".join(parts[:-1]))]
    for i in range(1, len(parts)):
        parent, name = re.escape(parts[i - 1]), re.escape(parts[i])
        found += [
            rf"module '(?:[\w.]+\.)?{parent}' has no attribute '{name}'",
            rf"type object '{parent}' has no attribute '{name}'",
            cannot_import([parts[i]], ".".join(parts[:i])),
        ]
    return tuple(found)
