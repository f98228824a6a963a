"""The JSON Schema of the job events, generated from their declarations in ``events.py``.

``python -m mlemodernizer.contracts.event_schema --schema`` prints it;
``mlemodernizer/events.schema.json`` is that output, committed (a test fails when the two differ),
and the frontend's ``src/events.ts`` is checked against it. It lies at the package's top, beside
the labextension, because it is the wire contract both halves read; not in ``schema/``, because
JupyterLab loads every file there as the settings schema of a plugin.

Only the types the declarations use are translated: int, float, str, bool, None, Any, ``X | None``,
``Literal``, ``list``, ``dict[str, X]``, TypedDicts, the shapes' dataclasses (their fields as
``wire.wired`` says they travel) and the payload dataclasses.
"""

import json
import types
from dataclasses import fields, is_dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from . import events
from .wire import how, on_wire

_PRIMITIVES: dict[Any, str] = {
    int: "integer",
    float: "number",
    str: "string",
    bool: "boolean",
    type(None): "null",
}
_ENVELOPE = {
    "job": {"type": "string", "description": "The job id."},
    "seq": {"type": "integer", "minimum": 1, "description": "From 1 within the job, no gaps."},
    "time": {"type": "number", "description": "Server time, seconds since the epoch."},
}


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def of(self, tp: Any) -> dict[str, Any]:
        if tp is Any:
            return {}
        if tp in _PRIMITIVES:
            return {"type": _PRIMITIVES[tp]}
        origin = get_origin(tp)
        if origin is Literal:
            values = list(get_args(tp))
            return {"enum": values} if len(values) > 1 else {"const": values[0]}
        if origin in (Union, types.UnionType):
            members = [self.of(a) for a in get_args(tp)]
            if all(set(m) == {"type"} for m in members):
                return {"type": [m["type"] for m in members]}
            return {"anyOf": members}
        if origin is list:
            (item,) = get_args(tp)
            return {"type": "array", "items": self.of(item)}
        if origin is dict:
            key, value = get_args(tp)
            if key is not str:
                raise TypeError(f"JSON object keys are strings, not {key!r}")
            schema: dict[str, Any] = {"type": "object"}
            if value is not Any:
                schema["additionalProperties"] = self.of(value)
            return schema
        if is_typeddict(tp):
            return self._ref(tp)
        if is_dataclass(tp) and not issubclass(tp, events.Payload):
            return self._shape(tp)
        raise TypeError(f"no JSON Schema for {tp!r}: declare the event with JSON types")

    def _ref(self, tp: Any) -> dict[str, Any]:
        name = tp.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder first: a shape may refer to itself
            hints = get_type_hints(tp)
            self.defs[name] = _object(
                tp.__doc__,
                {key: self.of(hint) for key, hint in hints.items()},
                sorted(tp.__required_keys__, key=list(hints).index),
            )
        return {"$ref": f"#/$defs/{name}"}

    def _shape(self, cls: type) -> dict[str, Any]:
        """A shape's dataclass: the fields that travel; a field written only since some version,
        or left out when None, is not required."""
        name = getattr(cls, "wire_name", None) or cls.__name__
        if name not in self.defs:
            self.defs[name] = {}
            hints = get_type_hints(cls)
            wire = on_wire(cls)
            self.defs[name] = _object(
                cls.__doc__,
                {f.name: self.of(_travels_as(hints[f.name], how(f))) for f in wire},
                [f.name for f in wire if not (how(f)["older"] or how(f)["omit_none"])],
            )
        return {"$ref": f"#/$defs/{name}"}

    def event(self, cls: type[events.Payload]) -> dict[str, Any]:
        hints = get_type_hints(cls)
        properties: dict[str, Any] = {"type": {"const": cls.type}, **_ENVELOPE}
        for f in fields(cls):
            properties[f.name] = self.of(hints[f.name])
        doc = (
            cls.__doc__ if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "(") else None
        )
        return _object(doc, properties, list(properties))


def _travels_as(hint: Any, rule: dict[str, Any]) -> Any:
    """A field left out when None is never null on the wire: its type without None."""
    if rule["omit_none"] and get_origin(hint) in (Union, types.UnionType):
        kept = [a for a in get_args(hint) if a is not type(None)]
        if len(kept) == 1:
            return kept[0]
    return hint


def _object(doc: str | None, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    if doc:
        schema["description"] = " ".join(doc.split())
    schema.update(
        {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
    )
    return schema


def build() -> dict[str, Any]:
    """The schema: one of the declared events; their nested shapes under ``$defs``."""
    builder = _Builder()
    event_defs = {cls.__name__: builder.event(cls) for cls in events.EVENTS.values()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "mlemodernizer job events",
        "description": (
            "One job event as the server streams it over mlemodernizer/jobs/ID/events: "
            "{type, job, seq, time, ...payload}. Generated from mlemodernizer/contracts/events.py "
            "(python -m mlemodernizer.contracts.event_schema --schema); do not edit."
        ),
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in event_defs],
        "$defs": {**event_defs, **dict(sorted(builder.defs.items()))},
    }


def render() -> str:
    return json.dumps(build(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> None:
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m mlemodernizer.contracts.event_schema")
    parser.add_argument("--schema", action="store_true", help="print the events' JSON Schema")
    args = parser.parse_args(argv)
    if not args.schema:
        parser.error("nothing to do: pass --schema")
    sys.stdout.write(render())


if __name__ == "__main__":
    main()
