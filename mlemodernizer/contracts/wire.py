"""One serializer for the shapes the engine sends: a dataclass becomes JSON field by field.

Each shape is declared once, as a dataclass (``shapes.py``); how a field travels is said beside
it, in its metadata, and read in two places only: :func:`to_json` here, and the schema generator
(``event_schema.py``). So a shape has no hand-written ``to_json`` and no TypedDict twin.

- ``wired(..., digits=3)``: rounded on the wire (the seconds a run took, a cost in USD);
- ``wired(..., omit_none=True)``: absent when None (a change to a cell has no ``path``);
- ``wired(..., older=True)``: always written, but readers meet reports written before it, so
  the schema does not require it;
- ``wired(..., internal=True)``: the engine's own bookkeeping, never on the wire.
"""

from dataclasses import MISSING, Field, field, fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar

_KEY = "wire"


def wired(
    default: Any = MISSING,
    *,
    default_factory: Any = MISSING,
    digits: int | None = None,
    omit_none: bool = False,
    older: bool = False,
    internal: bool = False,
) -> Any:
    """A dataclass field with how it travels (see the module's docstring)."""
    how = {"digits": digits, "omit_none": omit_none, "older": older, "internal": internal}
    return field(default=default, default_factory=default_factory, metadata={_KEY: how})


def how(f: Field[Any]) -> dict[str, Any]:
    """How a field travels: its ``wired`` metadata, or the defaults for a plain field."""
    return f.metadata.get(_KEY) or {
        "digits": None,
        "omit_none": False,
        "older": False,
        "internal": False,
    }


def on_wire(cls: type) -> list[Field[Any]]:
    """The fields of a shape that travel, in their declared order."""
    return [f for f in fields(cls) if not how(f)["internal"]]


def to_json(value: Any) -> Any:
    """``value`` as JSON: dataclasses field by field, enums by value, containers item by item;
    what is JSON already passes through (a payload may carry a shape's JSON form)."""
    if is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {}
        for f in on_wire(type(value)):
            item = getattr(value, f.name)
            rule = how(f)
            if item is None and rule["omit_none"]:
                continue
            if rule["digits"] is not None and isinstance(item, float):
                item = round(item, rule["digits"])
            data[f.name] = to_json(item)
        return data
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {key: to_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    return value


class Wire:
    """A shape that goes on the wire: ``to_json`` is :func:`to_json`; ``wire_name`` is the name
    the schema and the frontend's interfaces give it, when not the class's own."""

    wire_name: ClassVar[str | None] = None

    def to_json(self) -> Any:
        return to_json(self)
