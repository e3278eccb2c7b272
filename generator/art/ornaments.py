"""Trim the Tree: the tree, its top star, the four ornament shapes and the bag they are drawn from.

The four ornaments differ by silhouette first (a square box, a flared bell, a tall candle, a round
bulb) so a player who cannot tell red from purple still tells them apart; `color` only paints them.
"""
from __future__ import annotations

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    colour,
    compose,
    darker,
    ink,
    lighter,
    line,
    moved,
    poly,
    ribbon,
    scaled,
    star_points,
    sym,
    transform,
)
from pnpkit.generator.art.forest import conifer
from pnpkit.generator.shapes import Circle, Line, Rect, Shape

RED = "#d23a3a"
GOLD = "#f2c230"
CREAM = "#f6ecc8"


def star_shapes(c: str = GOLD) -> list[Shape]:
    pts = star_points(50, 53, 50, 21)
    out: list[Shape] = [poly(pts, ink(c))]
    for i in range(1, 10, 2):  # facets: a line from the centre to each inner corner
        out.append(Line(50, 53, *pts[i], line(darker(c, 0.35), 1.5)))
    return out


@art("star")
def star(color: str | None = None) -> list[Shape]:
    """The tree-top star: five points, faceted. color: default gold."""
    return star_shapes(colour({"color": color}, GOLD))


@art("christmas-tree")
def christmas_tree(color: str | None = None) -> list[Shape]:
    """A decorated Christmas tree with its star, baubles and a tub. color: the foliage."""
    green = colour({"color": color}, "#2f8a46")
    out = transform(conifer(green), compose(moved(0, 18), scaled(1, sy=0.85)))
    out.append(P("M34 98 L66 98 L62 112 L38 112 Z", ink("#b8433a")))
    for d in ("M34 46 C44 52 56 52 66 44", "M26 66 C40 74 60 74 76 64", "M18 88 C36 96 64 96 84 86"):
        out += ribbon(d, 1.8, GOLD, edge=1.2)
    for (x, y), c in zip(((44, 56), (62, 62), (32, 76), (54, 80), (72, 82), (24, 96), (46, 100), (76, 100)),
                         (RED, "#3f72b5", GOLD, "#8e4fb3", RED, GOLD, "#3f72b5", RED)):
        out.append(Circle(x, y - 4, 3.6, ink(c, width=1.5)))
    out += transform(star_shapes(), compose(moved(50, 12), compose(scaled(0.26), moved(-50, -53))))
    return out


def _hanger(y: float) -> list[Shape]:
    return [P(f"M50 {y} C44 {y - 8} 56 {y - 12} 50 {y - 14} C44 {y - 16} 46 {y - 20} 50 {y - 21}",
              line(INK, DETAIL))]


@art("ornament-box")
def ornament_box(color: str | None = None) -> list[Shape]:
    """A gift-box ornament: a square box tied with a cross of ribbon and a bow. color: the box."""
    c = colour({"color": color}, RED)
    return [
        Rect(8, 26, 84, 72, ink(c), r=3),
        Rect(4, 20, 92, 18, ink(lighter(c, 0.2)), r=3),
        Rect(42, 20, 16, 78, ink(CREAM, width=DETAIL)),
        P("M50 20 C40 4 20 6 26 16 C30 22 42 22 50 20 Z", ink(CREAM, width=DETAIL)),
        P("M50 20 C60 4 80 6 74 16 C70 22 58 22 50 20 Z", ink(CREAM, width=DETAIL)),
        Circle(50, 19, 5, ink(CREAM, width=DETAIL)),
    ]


@art("ornament-bell")
def ornament_bell(color: str | None = None) -> list[Shape]:
    """A bell ornament: a flared bell with its clapper and a bow. color: the bell."""
    c = colour({"color": color}, RED)
    return [
        *_hanger(16),
        Circle(50, 86, 9, ink(GOLD)),
        sym("M50 14 C66 14 72 26 73 42 C74 60 78 72 94 80 C96 82 94 86 90 86 L50 86", ink(c)),
        P("M20 78 C40 74 60 74 80 78", line(lighter(c, 0.55), 3.5)),
        P("M34 60 C34 44 38 32 46 26", line(lighter(c, 0.55), 3.5)),
        P("M50 16 C40 4 30 8 34 16 Z M50 16 C60 4 70 8 66 16 Z", ink(GOLD, width=DETAIL)),
    ]


@art("ornament-candle")
def ornament_candle(color: str | None = None) -> list[Shape]:
    """A candle ornament: a tall candle with a drip and a lit flame, on a clip. color: the wax."""
    c = colour({"color": color}, RED)
    from pnpkit.generator.art.chestnuts import flame_shapes
    out: list[Shape] = transform(flame_shapes(), compose(moved(38, 0), scaled(0.24, sy=0.3)))
    out += [Line(50, 28, 50, 36, line(INK, 2.4)),
            Rect(36, 34, 28, 66, ink(c), r=3),
            P("M36 40 C36 34 64 34 64 40 L64 46 C60 46 60 56 56 56 C52 56 54 46 50 46 L36 46 Z",
              ink(lighter(c, 0.45), width=DETAIL)),
            P("M42 52 L42 92", line(lighter(c, 0.55), 3.5)),
            P("M28 100 L72 100 L66 110 L34 110 Z", ink(GOLD))]
    return out


@art("ornament-bulb")
def ornament_bulb(color: str | None = None) -> list[Shape]:
    """A round bauble with its cap and hook. color: the glass."""
    c = colour({"color": color}, RED)
    return [
        *_hanger(16),
        Circle(50, 60, 40, ink(c)),
        *ribbon("M13 56 C30 64 70 64 87 56", 2.8, GOLD, edge=1.6),
        P("M28 44 C30 36 36 30 44 28", line(lighter(c, 0.6), 4.5)),
        Rect(40, 14, 20, 10, ink(GOLD, width=DETAIL), r=2),
        Line(45, 16, 45, 22, line(INK, 1.2)), Line(50, 16, 50, 22, line(INK, 1.2)), Line(55, 16, 55, 22, line(INK, 1.2)),
    ]


@art("bag")
def bag(color: str | None = None) -> list[Shape]:
    """A cloth bag tied at the neck with a drawstring. color: the cloth."""
    c = colour({"color": color}, "#8e4f2e")
    return [
        P("M38 46 C30 32 28 22 32 14 L41 22 L50 10 L59 22 L68 14 C72 22 70 32 62 46 Z", ink(lighter(c, 0.2))),
        sym("M50 44 C56 44 62 43 64 44 C80 54 94 70 92 86 C90 96 80 100 50 100", ink(c)),
        *ribbon("M36 42 C44 46 56 46 64 42", 2.8, CREAM, edge=1.6),
        P("M54 45 C60 54 66 56 72 54 M54 45 C56 56 54 64 50 68", line(INK, 2.4)),
        P("M26 70 C26 62 30 56 36 52", line(lighter(c, 0.45), 3.5)),
        P("M46 64 C46 70 50 86 44 94 M62 70 C64 80 70 86 74 90", line(darker(c, 0.4), 1.5)),
    ]
