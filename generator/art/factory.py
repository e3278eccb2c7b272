"""The NUTS factory: salt shaker, nut roaster, box robot and delivery truck."""
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
    sym,
    transform,
)
from pnpkit.generator.art.chestnuts import flame_shapes
from pnpkit.generator.shapes import Circle, Ellipse, Line, Rect, Shape, Style

STEEL = "#aeb6be"
GLASS = "#cfdde8"


@art("salt")
def salt(color: str | None = None) -> list[Shape]:
    """A salt shaker: a glass half full of salt under a holed metal cap. color: the cap."""
    cap = colour({"color": color}, STEEL)
    out: list[Shape] = [
        sym("M50 30 C60 30 70 31 71 36 L76 92 C76 96 72 98 50 98", ink(GLASS)),
        P("M30 58 C42 54 58 62 73 58 L75 91 C75 94 70 95 50 95 C30 95 25 94 25 91 Z",
          ink("#ffffff", width=1.2)),
        P("M36 40 L33 88", line("#ffffff", 4)),
        sym("M50 4 C62 4 70 14 72 28 L50 28", ink(cap)),
        Rect(26, 26, 48, 9, ink(darker(cap, 0.2)), r=2),
    ]
    out += [Circle(x, y, 1.8, Style(INK, None, 0)) for x, y in ((50, 10), (42, 16), (58, 16), (50, 20),
                                                                   (36, 22), (64, 22))]
    out += [Circle(x, y, 1.1, Style("#8a8a8a", None, 0)) for x, y in ((40, 70), (56, 74), (64, 84),
                                                                     (34, 84), (48, 88), (60, 66))]
    return out


@art("roaster")
def roaster(color: str | None = None) -> list[Shape]:
    """A nut roaster: a banded drum on a stand over a flame, with a hopper and a crank.
    color: the drum (default copper)."""
    drum = colour({"color": color}, "#c0713a")
    out: list[Shape] = transform(flame_shapes(), compose(moved(36, 62), scaled(0.3)))
    out += [poly([(20, 60), (28, 60), (18, 98), (8, 98)], ink("#5f676e")),
            poly([(72, 60), (80, 60), (92, 98), (82, 98)], ink("#5f676e")),
            Line(14, 90, 86, 90, line(INK, 3.5)),
            poly([(38, 22), (62, 22), (70, 4), (30, 4)], ink(STEEL)),
            Rect(12, 20, 76, 44, ink(drum), r=10)]
    for x in (30, 50, 70):
        out.append(Line(x, 21, x, 63, line(darker(drum, 0.4), 2.4)))
    out += [P("M18 30 C16 40 16 46 18 54", line(lighter(drum, 0.5), 3.5)),
            Ellipse(88, 42, 6, 20, ink(darker(drum, 0.2))),
            *ribbon("M94 42 L100 42 L100 24", 3, "#5f676e", edge=1.4),
            Rect(97, 14, 6, 10, ink("#8a5a30", width=1.4), r=2)]
    for x, y in ((44, 10), (54, 12), (50, 6)):
        out.append(Circle(x, y, 3, ink("#b98a55", width=1.2)))
    return out


@art("robot")
def robot(color: str | None = None) -> list[Shape]:
    """A box robot: square head with antenna and grille mouth, boxy body with a dial.
    color: the body (default blue-grey)."""
    c = colour({"color": color}, "#7fa7c9")
    d = darker(c, 0.25)
    out: list[Shape] = []
    for m in (-1, 1):  # arms and legs behind the body
        out += ribbon(f"M{50 + m * 30} 52 C{50 + m * 40} 60 {50 + m * 40} 72 {50 + m * 36} 80", 6, STEEL)
        out.append(Circle(50 + m * 36, 82, 5.5, ink(d, width=DETAIL)))
        out.append(Rect(50 + m * 14 - 6, 84, 12, 12, ink(STEEL, width=DETAIL)))
    out += [Line(50, 12, 50, 4, line(INK, 2.4)), Circle(50, 4, 4, ink("#e0552a", width=DETAIL)),
            Rect(28, 10, 44, 30, ink(c), r=6),
            Circle(40, 22, 5.5, ink("#ffffff", width=DETAIL)), Circle(60, 22, 5.5, ink("#ffffff", width=DETAIL)),
            Circle(41, 23, 2.4, Style(INK, None, 0)), Circle(61, 23, 2.4, Style(INK, None, 0)),
            Rect(38, 30, 24, 6, ink(STEEL, width=1.4), r=1),
            Line(44, 30, 44, 36, line(INK, 1.2)), Line(50, 30, 50, 36, line(INK, 1.2)),
            Line(56, 30, 56, 36, line(INK, 1.2)),
            Rect(44, 40, 12, 6, ink(STEEL, width=DETAIL)),
            Rect(20, 46, 60, 40, ink(c), r=5),
            Rect(28, 54, 44, 24, ink(lighter(c, 0.45), width=DETAIL), r=3),
            Circle(40, 66, 7, ink("#ffffff", width=DETAIL)), Line(40, 66, 44, 61, line(INK, 1.6)),
            Circle(58, 61, 3, ink("#e0552a", width=1.2)), Circle(66, 61, 3, ink("#f2c230", width=1.2)),
            Rect(54, 69, 16, 4, ink(d, width=1.2), r=1)]
    return out


@art("truck")
def truck(color: str | None = None) -> list[Shape]:
    """A delivery truck seen from the side, facing right: cargo box, cab, two wheels.
    color: the cab (default blue)."""
    cab = colour({"color": color}, "#3f72b5")
    out: list[Shape] = [
        Rect(2, 14, 64, 56, ink("#e6dcc4"), r=3),
        Line(10, 30, 58, 30, line(darker("#e6dcc4", 0.4), DETAIL)),
        P("M66 30 L84 30 C88 30 90 32 92 36 L98 50 L98 70 L66 70 Z", ink(cab)),
        P("M72 36 L83 36 C85 36 86 37 87 39 L91 50 L72 50 Z", ink("#bfe0f2", width=DETAIL)),
        Line(74, 56, 80, 56, line(INK, DETAIL)),
        Rect(2, 68, 98, 8, ink("#5f676e")),
        Rect(94, 60, 6, 5, ink("#f2c230", width=1.2), r=1),
    ]
    for x in (22, 80):
        out += [Circle(x, 78, 11, ink("#3a3a3a")), Circle(x, 78, 5, ink(STEEL, width=DETAIL))]
    return out
