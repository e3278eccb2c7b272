"""Trim the Tree's board art: the tree drawn round the lattice, and the triangle pictures of the
Ornament Box tile.

`trim-tree` is drawn to go UNDER a lattice the board draws from the game's params: its tiers, one
per row, end in bough tips just beyond each row's outer spaces. So that the board can place it
exactly, the drawing has a fixed frame (an unpainted rectangle, `tree_frame(rows)`) in design
units where one lattice line is `UNIT` long; the kit places it in a box `frame x spacing / UNIT`
with the frame's apex point on the lattice's top space (tests/test_kit_trim_the_tree.py checks it).
"""
from __future__ import annotations

import math

from pnpkit.generator.art._core import (
    INK,
    P,
    art,
    colour,
    compose,
    drawing,
    ink,
    lighter,
    line,
    moved,
    poly,
    scaled,
    transform,
)
from pnpkit.generator.art.marks import MARKS
from pnpkit.generator.art.marks import mark as mark_shape
from pnpkit.generator.art.ornaments import star_shapes
from pnpkit.generator.shapes import NONE, Circle, Line, Rect, Shape

UNIT = 20.0  # design units per lattice line
ROW_H = UNIT * math.sqrt(3) / 2
TOP = 36.0  # design y of the top space's centre (room above for the star)
TIP = 9.0  # how far a tier's bough tips reach beyond its row's outer space centres
FOLIAGE = "#5da86b"
EDGE = "#1e5a2c"
BARK = "#8a5a30"


def tree_frame(rows: int) -> tuple[float, float, float, float]:
    """(width, height, apex x, apex y) of `trim-tree`'s frame in design units: the apex is where
    the lattice's top space's centre goes."""
    w = (rows - 1) * UNIT + 2 * TIP + 4
    h = TOP + (rows - 1) * ROW_H + 10 + 22
    return w, h, w / 2, TOP


def _tier(cx: float, apex: float, bottom: float, half: float, fill: str) -> Shape:
    """One tier of boughs: concave sides from the apex to upturned tips, a scalloped hem."""
    tip = bottom - 3
    n = max(2, round(half / 9))  # scallops across the hem
    d = (f"M{cx} {apex} C{cx + half * 0.22} {apex + (bottom - apex) * 0.5} {cx + half * 0.72} {bottom - 7} "
         f"{cx + half} {tip} ")
    xs = [cx + half - 2 * half * k / n for k in range(n + 1)]
    for k in range(n):
        a, b = xs[k], xs[k + 1]
        ya = tip if k == 0 else bottom
        yb = tip if k == n - 1 else bottom
        d += f"C{a - (a - b) * 0.2} {ya + 5} {b + (a - b) * 0.2} {yb + 5} {b} {yb} "
    d += f"C{cx - half * 0.72} {bottom - 7} {cx - half * 0.22} {apex + (bottom - apex) * 0.5} {cx} {apex} Z"
    return P(d, ink(fill, width=1.3, stroke=EDGE))


@art("trim-tree", "rows", "mark")
def trim_tree(color: str | None = None, rows: int = 5, mark: str | None = None) -> list[Shape]:
    """Trim the Tree's board tree: one tier of boughs per lattice row, a star on top, a trunk and a
    tub in the player's colour bearing the player's mark. color: the tub; rows: the lattice's rows;
    mark: a player mark (circle, triangle, ...) on the tub. Its frame is `tree_frame(rows)`."""
    if not isinstance(rows, int) or isinstance(rows, bool) or rows < 1:
        raise ValueError(f"trim-tree: rows must be a whole number, 1 or more, got {rows!r}")
    tub = colour({"color": color}, "#b8433a")
    w, h, cx, top = tree_frame(rows)
    last = top + (rows - 1) * ROW_H + 10  # the lowest hem
    out: list[Shape] = [Rect(0, 0, w, h, NONE),  # the frame (unpainted): fixes the drawing's box
                        Rect(cx - 6, last - 6, 12, 12, ink(BARK, width=1.3))]
    for r in reversed(range(rows)):  # lowest tier first: each is overlapped by the one above
        y = top + r * ROW_H
        apex = top - 21 if r == 0 else y - ROW_H - 2
        out.append(_tier(cx, apex, y + 10, r * UNIT / 2 + TIP, lighter(FOLIAGE, 0.12 * (r % 2))))
    # the tub: a rim over a tapered pot, the player's mark on a white disc
    out.append(P(f"M{cx - 17} {last + 8} L{cx + 17} {last + 8} L{cx + 13} {h - 1} L{cx - 13} {h - 1} Z", ink(tub, width=1.3)))
    out.append(Rect(cx - 20, last + 4, 40, 5, ink(lighter(tub, 0.25), width=1.3), r=1.5))
    if mark:
        kind = mark.removeprefix("mark-") if isinstance(mark, str) else mark
        if kind not in MARKS:
            raise ValueError(f"trim-tree: unknown mark {mark!r}; known: {', '.join(MARKS)}")
        my = (last + 9 + h - 1) / 2
        out.append(Circle(cx, my, 5.2, ink("#ffffff", width=0.9)))
        out += transform(mark_shape(kind, tub), compose(moved(cx - 3.7, my - 3.7), scaled(0.074)))
    out += transform(star_shapes(), compose(moved(cx, top - 24), compose(scaled(0.2), moved(-50, -53))))
    return out


# ------------------------------------------------------------------ the Ornament Box's pictures

def _ornament(shape: str, color: str, cx: float, cy: float, r: float) -> list[Shape]:
    """An ornament counter seen from above: a white disc with the ornament drawn on it."""
    name = f"ornament-{shape}"
    if not isinstance(shape, str) or drawing(name) is None:
        raise ValueError(f"ornament-triangle: unknown shape {shape!r}")
    body = drawing(name).fn(color=color)
    s = r * 1.25 / 100  # the ornament drawings are about 100 units tall
    return [Circle(cx, cy, r, ink("#ffffff", width=1.4)),
            *transform(body, compose(moved(cx - 50 * s, cy - 58 * s), scaled(s)))]


@art("ornament-triangle", "shapes", "colors", "scores")
def ornament_triangle(color: str | None = None, shapes: list[str] | None = None, colors: list[str] | None = None,
                      scores: bool = True) -> list[Shape]:
    """Three ornaments on a small triangle of the tree, with a tick (it scores) or a cross (it does
    not). shapes: three of box, bell, candle, bulb; colors: three "#rrggbb"; scores: tick or cross."""
    shapes = shapes or ["box", "bell", "candle"]
    colors = colors or ["#D55E00", "#0072B2", "#F0E442"]
    if not (isinstance(shapes, list) and isinstance(colors, list) and len(shapes) == 3 and len(colors) == 3):
        raise ValueError("ornament-triangle: give three shapes and three colors, e.g. shapes: [box, bell, candle]")
    for c in colors:
        if not isinstance(c, str):
            raise ValueError(f'ornament-triangle: colors must be "#rrggbb", got {c!r}')
        colour({"color": c}, "#000000")
    r, a = 20.0, 37.0  # an ornament's radius; half the triangle's side
    pts = [(50.0, 20.0), (50.0 - a, 20.0 + a * math.sqrt(3)), (50.0 + a, 20.0 + a * math.sqrt(3))]
    out: list[Shape] = [poly(pts, ink(lighter(FOLIAGE, 0.45), width=2.2, stroke="#555555"))]
    for (x, y), s, c in zip(pts, shapes, colors):
        out += _ornament(s, c, x, y, r)
    bx, by = 50.0, 20.0 + a * math.sqrt(3) * 0.64  # the badge inside the triangle
    if scores:
        out += [Circle(bx, by, 9.5, ink("#ffffff", width=1.6)),
                P(f"M{bx - 5} {by} L{bx - 1.5} {by + 4} L{bx + 5.5} {by - 5}", line(INK, 3.2))]
    else:
        out += [Circle(bx, by, 9.5, ink("#ffffff", width=1.6)),
                Line(bx - 4.5, by - 4.5, bx + 4.5, by + 4.5, line(INK, 3.2)),
                Line(bx - 4.5, by + 4.5, bx + 4.5, by - 4.5, line(INK, 3.2))]
    return out


