"""A piece: one physical thing a person cuts out, drawn once, front and (maybe) back.

Component renderers (generator/components/) turn a kit file's components into pieces; imposition
puts pieces on sheets; backends draw the sheets. A piece knows its trim size and its drawing, never
where it lands on a page nor which backend draws it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.shapes import Shape


@dataclass(frozen=True)
class Piece:
    component: str  # the component's name in the kit file
    kind: str  # board | counter | card | tile | score-sheet | reference | ...
    name: str  # e.g. "Chestnut (Red, uncooked) 3"
    w: float  # trim width, mm
    h: float  # trim height, mm
    front: tuple[Shape, ...]
    back: tuple[Shape, ...] | None = None  # None: single-sided
    bleed: float = 0.0  # mm the art extends past the trim on every side (drawn in front/back)
    shape: str = "rect"  # rect | circle: how it is cut (crop marks sit outside either way)
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def double_sided(self) -> bool:
        return self.back is not None
