"""An argument a library call refused, and the forms its message states for it.

Libraries that check their input say how to give it, in terms of a placeholder for what was
passed: "Reshape your data either using array.reshape(-1, 1) if your data has a single feature
or array.reshape(1, -1) if it contains a single sample." The placeholder (``array``) is the
argument the refusing call got; the call is the first library frame of the traceback after the
notebook's own. :func:`refused_argument` reads the three from the error and the failing
statement; each form is a candidate, in the message's order, and the loop keeps one only when
that call takes the argument (:attr:`Candidate.refused_by`)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from ...execution.tracebacks import cell_frames, library_calls

# "using array.reshape(-1, 1) if ..., or array.reshape(1, -1) if ...": a method call on a
# placeholder, with literal arguments, after "using" (and each "or" that follows)
_FORM = re.compile(
    r"`?\b([A-Za-z_]\w*)\.([A-Za-z_]\w*\([-\w\s,.='\"]*\))`?"
    r"(?:\s+(if\b[^.,;]*?(?=\s+or\b|[.,;]|$)))?"
)
_USING = re.compile(r"\b(?:either\s+)?using\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Form:
    """One way the message says to pass the argument: ``reshape(-1, 1)`` on the placeholder,
    and when (``if your data has a single feature``)."""

    call: str
    when: str = ""


def stated_forms(evalue: str) -> tuple[str, list[Form]] | None:
    """(placeholder, forms) from a message that says "using P.m(...) [if ...] or P.m(...)",
    or None. Every form must be on the same placeholder."""
    for using in _USING.finditer(evalue or ""):
        sentence = re.split(r"(?<=[.!?])\s|\n", evalue[using.end() :], maxsplit=1)[0]
        found = list(_FORM.finditer(sentence))
        if not found or found[0].start() != 0:
            continue
        placeholder = found[0].group(1)
        if any(m.group(1) != placeholder for m in found):
            continue
        forms = [Form(m.group(2), (m.group(3) or "").strip()) for m in found]
        return placeholder, list(dict.fromkeys(forms))
    return None


def refusing_call(traceback: str) -> str | None:
    """The qualified name of the library function the notebook's failing line called: the
    first frame after the last frame in a cell ("StandardScaler.inverse_transform")."""
    if not cell_frames(traceback):
        return None
    calls = library_calls(traceback)
    return calls[0] if calls else None


def raised_through(traceback: str, qualname: str) -> bool:
    """Whether the error passed through ``qualname`` after the notebook's last frame."""
    return qualname in library_calls(traceback)


def normalized(source: str) -> str | None:
    """An expression's text as Python writes it back (spacing and line breaks aside)."""
    try:
        return ast.unparse(ast.parse(source.strip(), mode="eval"))
    except (SyntaxError, ValueError, RecursionError):
        return None


def refused_argument(stmt: ast.stmt | None, qualname: str) -> tuple[str, str] | None:
    """(method, argument) of the one call in the statement to ``qualname``'s last name with a
    first positional argument: ``sc.inverse_transform(y_pred)`` -> ("inverse_transform",
    "y_pred"). None when no call, or more than one, fits."""
    if stmt is None:
        return None
    name = qualname.rsplit(".", 1)[-1]
    found = []
    for n in ast.walk(stmt):
        if not isinstance(n, ast.Call) or not n.args or isinstance(n.args[0], ast.Starred):
            continue
        func = n.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if called == name:
            found.append(ast.unparse(n.args[0]))
    if len(set(found)) != 1:
        return None
    return name, found[0]
