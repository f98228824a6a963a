"""What an API error says is missing, read once from its message (issue 41: one error reader).

Python words these errors the same whatever the library: a module that is gone, a name an
import cannot find, an attribute a module, an object or a class no longer has, a keyword a
callable no longer takes, positional arguments it no longer takes, a name not defined. Triage,
the grounding probe and the environment fixer family all read them here, so a message is parsed
one way everywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"

NO_MODULE = re.compile(r"^No module named '([\w.]+)'")
# the same said inside another message ("Unable to import required dependencies:\nnumpy: No
# module named 'numpy'"), where only what is missing matters, not what was asked for
NO_MODULE_WITHIN = re.compile(r"No module named '([\w.]+)'")
IMPORT_NAME = re.compile(rf"^cannot import name '({IDENT})' from '([\w.]+)'")
MODULE_ATTR = re.compile(rf"^module '([\w.]+)' has no attribute '({IDENT})'")
OBJECT_ATTR = re.compile(rf"^'([\w.]+)' object has no attribute '({IDENT})'")
TYPE_ATTR = re.compile(rf"^type object '([\w.]+)' has no attribute '({IDENT})'")
UNEXPECTED_KWARG = re.compile(rf"^([\w.<>]*)\(\) got an unexpected keyword argument '({IDENT})'")
# Python says "but 3 were given", or, when keywords were passed too, "but 2 positional
# arguments (and 1 keyword-only argument) were given"; C functions "too many positional ..."
POSITIONAL = re.compile(
    r"^([\w.<>]*)\(\) takes (?:from \d+ to )?(\d+) positional arguments? but (\d+) "
    r"(?:positional arguments? \(and \d+ keyword-only arguments?\) )?(?:were|was) given"
    r"|^too many positional arguments"
)
NAME_NOT_DEFINED = re.compile(rf"^name '({IDENT})' is not defined")

Kind = Literal[
    "no_module",
    "import_name",
    "module_attr",
    "object_attr",
    "type_attr",
    "kwarg",
    "positional",
    "name",
]


@dataclass(frozen=True)
class Missing:
    """What the message says is missing (``name``) and where it was looked for (``owner``: the
    module, the type as printed, or the callable's qualified name; empty where not said)."""

    kind: Kind
    name: str
    owner: str = ""


def first_line(evalue: str | None) -> str:
    text = (evalue or "").strip()
    return text.splitlines()[0] if text else ""


def read_missing(ename: str, evalue: str | None) -> Missing | None:
    """The reading of one error (its class name and message), or None where it is not one of
    the API errors above."""
    head = first_line(evalue)
    if ename in ("ModuleNotFoundError", "ImportError"):
        if m := IMPORT_NAME.match(head):
            return Missing("import_name", m.group(1), m.group(2))
        if m := NO_MODULE.match(head):
            return Missing("no_module", m.group(1))
    elif ename == "AttributeError":
        if m := MODULE_ATTR.match(head):
            return Missing("module_attr", m.group(2), m.group(1))
        if m := TYPE_ATTR.match(head):
            return Missing("type_attr", m.group(2), m.group(1))
        if m := OBJECT_ATTR.match(head):
            return Missing("object_attr", m.group(2), m.group(1))
    elif ename == "TypeError":
        if m := UNEXPECTED_KWARG.match(head):
            return Missing("kwarg", m.group(2), m.group(1))
        if m := POSITIONAL.match(head):
            return Missing("positional", "", m.group(1) or "")
    elif ename in ("NameError", "UnboundLocalError") and (m := NAME_NOT_DEFINED.match(head)):
        return Missing("name", m.group(1))
    return None
