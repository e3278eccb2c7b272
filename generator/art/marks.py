"""Player marks: seven bold shapes that tell players apart without colour (legible at 4 mm).

Filled (default): the shape in the player's colour with a dark outline. Hollow (`fill=False`): a
coloured band with dark edges on both sides (a filled outline with a hole, not a thick stroke, so
--ink-saver turns it pale with dark edges), so a pale colour still shows in greyscale.
"""
from __future__ import annotations

import math

from pnpkit.generator.art._core import (
    art,
    colour,
    holed,
    ink,
    inset,
    poly,
    regular,
    ring,
    star_points,
)
from pnpkit.generator.shapes import Circle, Shape

DEFAULT = "#8a8a8a"
MARKS = ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon")


def _cross(cx: float, cy: float, r: float, t: float) -> list[tuple[float, float]]:
    """A saltire (X) with arms of half-thickness t reaching r from the centre along diagonals."""
    plus = [(t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r), (-t, t), (-r, t), (-r, -t),
            (-t, -t), (-t, -r)]
    c, s = math.cos(math.radians(45)), math.sin(math.radians(45))
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in plus]


def outline(kind: str) -> list[tuple[float, float]] | None:
    """The mark's corners in a 100-unit box (None for the circle)."""
    if kind == "circle":
        return None
    if kind == "triangle":
        return regular(50, 56, 50, 3)
    if kind == "square":
        return [(12, 12), (88, 12), (88, 88), (12, 88)]
    if kind == "diamond":
        return [(50, 0), (92, 50), (50, 100), (8, 50)]
    if kind == "star":
        return star_points(50, 52, 52, 22)
    if kind == "cross":
        return _cross(50, 50, 52, 13)
    if kind == "hexagon":
        return regular(50, 50, 50, 6, start=0)
    raise ValueError(f"unknown mark {kind!r}; known: {', '.join(MARKS)}")


def mark(kind: str, color: str = DEFAULT, filled: bool = True) -> list[Shape]:
    pts = outline(kind)
    if filled:
        st = ink(color, width=6.5)
        return [Circle(50, 50, 46, st)] if pts is None else [poly(pts, st)]
    edge = ink(color, width=5.0)
    if pts is None:
        return [ring(50, 50, 47.5, 31, edge)]
    if kind == "cross":  # thicker arms, so the hollow X keeps an opening
        pts = _cross(50, 50, 52, 18)
    return [holed(pts, inset(pts, 11.0 if kind == "triangle" else 13.0), edge)]


def _register(kind: str) -> None:
    def _draw(color: str | None = None, fill: bool = True) -> list[Shape]:
        return mark(kind, colour({"color": color}, DEFAULT), bool(fill))
    _draw.__doc__ = f"Player mark: a bold {kind}. Opts: color, fill (False: hollow band)."
    art(f"mark-{kind}", "fill")(_draw)


for _k in MARKS:
    _register(_k)
