"""What a pass found and did, per cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import Rule


@dataclass
class Hit:
    rule: Rule
    node: Any  # original CST node (None for text-level hits)
    message: str
    proven: bool
    fixable: bool
    applied: bool
    line: int = 0
    col: int = 0


@dataclass
class CellOutcome:
    index: int
    cell_id: str
    old_source: str
    new_source: str
    hits: list[Hit]

    @property
    def changed(self) -> bool:
        return self.new_source != self.old_source


@dataclass
class PassResult:
    cells: list[CellOutcome]
    unparsed: list[int]  # code cells that do not parse (left alone)

    @property
    def hits(self) -> list[tuple[int, Hit]]:
        return [(c.index, h) for c in self.cells for h in c.hits]

    @property
    def changed(self) -> list[CellOutcome]:
        return [c for c in self.cells if c.changed]

    @property
    def applied_rule_ids(self) -> list[str]:
        ids = {h.rule.id for c in self.changed for h in c.hits if h.applied}
        return sorted(ids)
