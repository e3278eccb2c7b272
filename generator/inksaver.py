"""--ink-saver: the same drawing with light fills and dark lines, as a pure function of shapes.

Fills are mixed heavily toward white (a solid area prints as a pale tint), and a filled shape
with no outline gets a thin outline in a dark shade of its own colour, so shapes stay visible;
not a piece's background (Style.ground), whose outline would be a line on the cut.
Strokes and text stay dark: light ones (white text on a dark counter) turn dark, because the fill
behind them is now pale. Applied to pages before any backend, so PDF and SVG agree.
"""
from __future__ import annotations

from dataclasses import replace
from functools import cache

from pnpkit.generator.colour import luminance, rgb, to_hex
from pnpkit.generator.shapes import (
    Circle,
    Ellipse,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
)

TINT = 0.82  # share of white mixed into every fill
OUTLINE = 0.2  # mm, outline added to fills that had none


@cache
def light(c: str) -> str:
    r, g, b = rgb(c)
    return to_hex(*(v + (255 - v) * TINT for v in (r, g, b)))


@cache
def dark(c: str) -> str:
    """The colour itself if already dark, else a dark shade of it (keeps its hue)."""
    if luminance(c) <= 0.45:
        return c
    r, g, b = rgb(c)
    f = 0.45 / max(luminance(c), 1e-6) * 0.6
    return to_hex(r * f, g * f, b * f)


@cache
def style(st: Style) -> Style:
    fill = light(st.fill) if st.fill else None
    if st.stroke:
        return replace(st, fill=fill, stroke=dark(st.stroke))
    if st.fill and not st.ground:  # a piece's background meets the cut: an outline would sit on it
        return replace(st, fill=fill, stroke=dark(st.fill), width=OUTLINE)
    return replace(st, fill=fill)


def shape(s: Shape) -> Shape:
    t = type(s)
    if t is Group:
        return replace(s, items=tuple(shape(i) for i in s.items))
    if t is Text:
        return replace(s, color=dark(s.color)) if luminance(s.color) > 0.45 else s
    if t in (Rect, Circle, Ellipse, Line, Polygon, Path):
        return replace(s, style=style(s.style))
    if t is Image:  # a picture printed pale, as fills are: mostly paper shows through
        return replace(s, opacity=s.opacity * (1 - TINT))
    return s


def transform(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
    return tuple(shape(s) for s in shapes)
