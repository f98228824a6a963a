"""The one serializer (``contracts/wire.py``) and the schema it agrees with: a shape's JSON is
what its fields say, and the generated schema requires exactly what a filled shape writes."""

from __future__ import annotations

import dataclasses
from enum import StrEnum

import jsonschema

from mlemodernizer.contracts import event_schema, shapes
from mlemodernizer.contracts.wire import Wire, to_json, wired


class _Colour(StrEnum):
    RED = "red"


@dataclasses.dataclass
class _Inner(Wire):
    seconds: float = wired(digits=2)
    colour: _Colour = _Colour.RED


@dataclasses.dataclass
class _Outer(Wire):
    name: str
    inner: list[_Inner]
    note: str | None = wired(None, omit_none=True)
    scratch: dict = wired(default_factory=dict, internal=True)
    by_key: dict[str, _Inner] = dataclasses.field(default_factory=dict)


def test_fields_travel_as_their_declaration_says() -> None:
    outer = _Outer("a", [_Inner(1.23456)], scratch={"x": 1}, by_key={"k": _Inner(2.0)})
    assert outer.to_json() == {
        "name": "a",
        "inner": [{"seconds": 1.23, "colour": "red"}],  # rounded, the enum by value
        "by_key": {"k": {"seconds": 2.0, "colour": "red"}},
    }  # no "note" (None), no "scratch" (internal)
    assert to_json(_Outer("b", [], note="n"))["note"] == "n"


def test_json_already_passes_through() -> None:
    """A payload rebuilt from the wire (``Event.from_json``) carries dicts, not shapes."""
    data = {"cell_index": 1, "items": [{"a": 1.23456}], "t": (1, 2)}
    assert to_json(data) == {"cell_index": 1, "items": [{"a": 1.23456}], "t": [1, 2]}


def _filled(cls: type) -> object:
    """An instance with every field set to a value of its type (None only where it may be)."""
    samples = {
        shapes.CellError: shapes.CellError(1, "c", "E", "v", "tb"),
        shapes.CellTriage: shapes.CellTriage(1, "c", "E: v", "blocked", "environment", "r"),
        shapes.RunSummary: shapes.RunSummary(2, "cell 2: E: v", 1.5, 0.9, errors=["e"]),
        shapes.TokenUsage: shapes.TokenUsage(1, 10, 5, 0.000123456),
        shapes.CellChange: shapes.CellChange(-1, "file:m.py", "a", "b", "m.py"),
        shapes.WrittenFile: shapes.WrittenFile("out.csv", 3, "new"),
        shapes.EnvironmentTrial: shapes.EnvironmentTrial(
            cell_index=1,
            cell_id="c",
            error="E: v",
            kind="moved",
            evidence="e",
            safety="safe",
            key="k",
        ),
        shapes.IterationRecord: shapes.IterationRecord(
            1, "error", "error_repair", "rule", ["NPY001"], [1], 1.0, 0, None, 0
        ),
    }
    if cls in samples:
        return samples[cls]
    if cls is shapes.FixerNotes:
        return shapes.FixerNotes(
            _filled(shapes.TokenUsage), ["x"], [_filled(shapes.EnvironmentTrial)]
        )
    assert cls is shapes.Report
    run = _filled(shapes.RunSummary)
    return shapes.Report(
        notebook="nb.ipynb",
        output="nb.modernized.ipynb",
        outcome="error_free_reproducible",
        error_free=True,
        reproducible=True,
        reproducibility_basis="errors",
        stop_reason="reproduced",
        target_score=None,
        tolerance=0.1,
        score_source=None,
        baseline=run,  # type: ignore[arg-type]
        final=run,  # type: ignore[arg-type]
        iterations=[_filled(shapes.IterationRecord)],  # type: ignore[list-item]
        execution_seconds_total=3.14159,
        llm=_filled(shapes.TokenUsage),  # type: ignore[arg-type]
        cells=[_filled(shapes.CellTriage)],  # type: ignore[list-item]
        fixers={"environment": _filled(shapes.FixerNotes)},  # type: ignore[dict-item]
        written_files=[_filled(shapes.WrittenFile)],  # type: ignore[list-item]
    )


SHAPES = [
    v
    for v in vars(shapes).values()
    if isinstance(v, type) and v.__module__ == shapes.__name__ and dataclasses.is_dataclass(v)
]


def test_every_shape_writes_what_the_schema_says() -> None:
    schema = event_schema.build()
    assert len(SHAPES) == 10
    for cls in SHAPES:
        name = getattr(cls, "wire_name", None) or cls.__name__
        shape = schema["$defs"][name]
        data = _filled(cls).to_json()  # type: ignore[attr-defined]
        assert set(shape["required"]) <= set(data) <= set(shape["properties"]), name
        jsonschema.validate(data, {**shape, "$defs": schema["$defs"]})


def test_the_reports_numbers_are_rounded_on_the_wire_only() -> None:
    report = _filled(shapes.Report)
    data = report.to_json()  # type: ignore[attr-defined]
    assert data["execution_seconds_total"] == 3.142 and data["llm"]["cost_usd"] == 0.000123
    assert report.execution_seconds_total == 3.14159  # type: ignore[attr-defined]
    assert data["fixers"]["environment"]["items"][0]["kind"] == "moved"
