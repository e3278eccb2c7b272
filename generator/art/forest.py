"""Forest Fire: trees, fire, the firebreak, the three roles (hotshot, smoke jumper, pilot) and
water."""
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
    mirrored_x,
    moved,
    poly,
    ribbon,
    rotation,
    scaled,
    sym,
    transform,
)
from pnpkit.generator.art.chestnuts import flame_shapes
from pnpkit.generator.shapes import Circle, Ellipse, Line, Rect, Shape, Style

GREEN = "#3f8f4a"
SKIN = "#e9b48a"
HELMET = "#f2c230"
WATER = "#4a9fe0"
EARTH = "#8a5a32"


def conifer(green: str = GREEN) -> list[Shape]:
    """Three tiers of drooping boughs on a trunk, each tier's top hidden under the one above."""
    out: list[Shape] = [Rect(42, 82, 16, 16, ink("#8a5a30"))]
    for i, (apex, bottom, half) in enumerate([(36, 86, 46), (18, 64, 36), (2, 42, 26)]):
        q = half / 2
        out.append(P(f"M50 {apex} C{50 + q * 0.6} {apex + 10} {50 + half - 4} {bottom - 12} {50 + half} {bottom} "
                     f"C{50 + q} {bottom - 4} {50 + q * 0.5} {bottom + 2} 50 {bottom} "
                     f"C{50 - q * 0.5} {bottom + 2} {50 - q} {bottom - 4} {50 - half} {bottom} "
                     f"C{50 - half + 4} {bottom - 12} {50 - q * 0.6} {apex + 10} 50 {apex} Z",
                     ink(lighter(green, 0.1 * i))))
    return out


def round_tree(green: str = GREEN) -> list[Shape]:
    crown = ("M50 4 C62 2 72 10 74 18 C86 18 96 30 92 42 C100 50 98 66 86 70 C84 80 72 84 62 80 "
             "C56 86 44 86 38 80 C28 84 16 80 14 70 C2 66 0 50 8 42 C4 30 14 18 26 18 C28 10 38 2 50 4 Z")
    return [P("M42 98 L45 72 L55 72 L58 98 Z", ink("#8a5a30")),
            P(crown, ink(green)),
            P("M30 40 C34 34 40 32 46 32 M60 50 C66 48 72 50 76 54 M34 62 C38 58 44 58 48 60",
              line(darker(green, 0.45), DETAIL))]


@art("tree", "kind")
def tree(color: str | None = None, kind: str = "conifer") -> list[Shape]:
    """A forest tree. kind: "conifer" (default) or "round"; color: the foliage."""
    green = colour({"color": color}, GREEN)
    if kind == "conifer":
        return conifer(green)
    if kind == "round":
        return round_tree(green)
    raise ValueError(f'tree: kind must be "conifer" or "round", got {kind!r}')


def _logs() -> list[Shape]:
    """Two crossed logs, cut ends showing."""
    log = [Rect(10, 84, 80, 12, ink("#8a5a30"), r=6), Ellipse(84, 90, 5, 6, ink("#d9ab72", width=DETAIL)),
           Circle(84, 90, 2, Style(None, "#8a5a30", 1))]
    return transform(log, rotation(-14, 50, 90)) + transform(log, compose(mirrored_x(50), rotation(-14, 50, 90)))


@art("fire")
def fire(color: str | None = None) -> list[Shape]:
    """Fire on a square: a blaze of three flames over crossed logs. color: the outer flames."""
    c = colour({"color": color}, "#e8641e")
    side = flame_shapes(lighter(c, 0.15))
    out = transform(side, compose(moved(2, 30), scaled(0.6)))
    out += transform(side, compose(moved(100, 28), compose(scaled(-0.62, sy=0.62), moved(0, 0))))
    out += transform(flame_shapes(c), compose(moved(18, 0), scaled(0.68, sy=0.9)))
    out += _logs()
    return out


def _stump(x: float, y: float, r: float) -> list[Shape]:
    wood, top = "#9a6536", "#e2b57c"
    return [P(f"M{x - r} {y} L{x - r - 3} {y + r * 1.3} L{x + r + 3} {y + r * 1.3} L{x + r} {y} Z", ink(wood)),
            Ellipse(x, y, r, r * 0.42, ink(top)),
            Ellipse(x, y, r * 0.55, r * 0.22, Style(None, wood, 1.4)),
            Line(x - r * 0.6, y + r * 0.4, x - r * 0.6, y + r * 1.2, line(darker(wood, 0.4), 1.4)),
            Line(x + r * 0.3, y + r * 0.5, x + r * 0.3, y + r * 1.2, line(darker(wood, 0.4), 1.4))]


@art("firebreak")
def firebreak(color: str | None = None) -> list[Shape]:
    """A firebreak: a dug strip of bare earth with cut stumps and a shovel. color: the earth."""
    earth = colour({"color": color}, EARTH)
    out: list[Shape] = [P("M2 58 C20 52 80 52 98 58 L98 90 C80 96 20 96 2 90 Z", ink(earth))]
    out += [P("M10 74 C30 70 70 70 90 74", line(darker(earth, 0.45), DETAIL)),
            P("M14 84 C34 80 66 80 86 84", line(darker(earth, 0.45), DETAIL))]
    for x, y in ((20, 64), (44, 78), (70, 66), (84, 82), (30, 86), (58, 88)):
        out.append(Circle(x, y, 2.2, ink(lighter(earth, 0.3), width=1)))
    out += _stump(24, 46, 14) + _stump(72, 42, 12)
    shovel = [*ribbon("M50 4 L50 50", 4, "#c28a4a", edge=1.6),
              P("M43 4 L57 4", line(INK, 4.5)),
              P("M42 48 L58 48 L58 62 C58 70 50 74 50 74 C50 74 42 70 42 62 Z", ink("#9aa3ab"))]
    out += transform(shovel, rotation(24, 50, 60))
    return out


def _person(jacket: str, helmet: str = HELMET) -> list[Shape]:
    """A firefighter from the waist up, facing a little right: body, head, helmet (100-unit box)."""
    return [
        P("M20 100 C20 72 30 60 50 60 C70 60 80 72 80 100 Z", ink(jacket)),
        *ribbon("M27 86 L73 86", 4, "#f4f0c8", edge=1.6),
        Circle(50, 40, 17, ink(SKIN)),
        Circle(56, 40, 2.2, Style(INK, None, 0)),
        P("M54 49 C57 51 60 50 62 48", line(INK, 1.6)),
        P("M30 34 C30 14 70 14 70 34 Z", ink(helmet)),
        P("M22 35 C36 30 64 30 82 35 L80 39 C64 35 36 35 24 39 Z", ink(helmet)),
        P("M50 16 L50 33", line(darker(helmet, 0.5), DETAIL)),
        Rect(44, 22, 12, 8, ink("#ffffff", width=1.2), r=2),
    ]


@art("hotshot")
def hotshot(color: str | None = None) -> list[Shape]:
    """A Hotshot: a firefighter in helmet and jacket aiming a hose that sprays water.
    color: the jacket (default orange-red)."""
    jacket = colour({"color": color}, "#d5551e")
    out: list[Shape] = []
    out += ribbon("M40 100 C40 88 52 80 66 76", 7, "#6d6d6d")
    out += _person(jacket)
    out += ribbon("M58 78 L92 66", 6, "#6d6d6d")
    out.append(poly([(88, 60), (106, 56), (108, 66), (92, 72)], ink("#c8ccd0", width=DETAIL)))
    out.append(Circle(62, 78, 7, ink(SKIN, width=DETAIL)))
    for d in ("M112 52 C118 48 124 46 130 46", "M112 60 C120 60 126 62 132 64",
              "M112 68 C118 72 122 76 126 82"):
        out += ribbon(d, 3.5, WATER, edge=1.3)
    return out


@art("smoke-jumper")
def smoke_jumper(color: str | None = None) -> list[Shape]:
    """A Smoke Jumper under an open parachute, holding the straps. color: the canopy."""
    canopy = colour({"color": color}, "#d5551e")
    out: list[Shape] = []
    for x0, x1 in ((8, 42), (30, 46), (70, 54), (92, 58)):
        out.append(Line(x0, 40, x1, 78, line(INK, 1.3)))
    out.append(P("M4 42 C4 2 96 2 96 42 C88 36 80 36 72 42 C64 36 58 36 50 42 C42 36 36 36 28 42 "
                 "C20 36 12 36 4 42 Z", ink(canopy)))
    for d in ("M28 42 C30 22 40 8 50 6", "M72 42 C70 22 60 8 50 6"):
        out.append(P(d, line(INK, DETAIL)))
    out += [P("M50 6 L50 42", line(INK, DETAIL))]
    out.append(P("M28 42 C30 22 40 8 50 6 C60 8 70 22 72 42 C64 36 58 36 50 42 C42 36 36 36 28 42 Z",
                 ink(lighter(canopy, 0.55), width=DETAIL)))
    # the jumper: helmet, body, arms up to the straps, legs
    out += [*ribbon("M44 80 L42 70", 2.5, SKIN, edge=1.4), *ribbon("M56 80 L58 70", 2.5, SKIN, edge=1.4),
            P("M42 80 C42 76 58 76 58 80 L58 96 L42 96 Z", ink("#5f7f4a")),
            *ribbon("M44 96 L40 110", 3.6, "#4b5d3c", edge=1.6), *ribbon("M56 96 L60 110", 3.6, "#4b5d3c", edge=1.6),
            Circle(50, 72, 6, ink(SKIN, width=DETAIL)),
            P("M43 71 C43 62 57 62 57 71 Z", ink(HELMET, width=DETAIL))]
    return out


@art("pilot", "full")
def pilot(color: str | None = None, full: bool = True) -> list[Shape]:
    """The Pilot's water bomber: a seaplane seen from above with its water tank, full (blue) or
    empty (full=False). color: the plane (default yellow)."""
    body = colour({"color": color}, "#f2c230")
    dark = darker(body, 0.35)
    out: list[Shape] = [
        P("M30 90 L70 90 L66 98 L34 98 Z", ink(body)),                                        # tailplane
        P("M2 38 L98 38 L98 50 L2 50 Z", ink(body)),                                           # wing
        P("M50 2 C58 2 60 14 60 24 L58 92 C58 98 42 98 42 92 L40 24 C40 14 42 2 50 2 Z", ink(body)),
        P("M45 10 C47 6 53 6 55 10 L55 16 L45 16 Z", ink("#9ed0ef", width=DETAIL)),            # canopy
        P("M50 84 L50 100", line(INK, 3)),                                                     # fin
    ]
    for x in (24, 76):  # engines and propellers
        out += [Rect(x - 4, 28, 8, 18, ink(dark, width=DETAIL), r=3),
                Line(x - 9, 27, x + 9, 27, line(INK, 2.6))]
    tank = WATER if full else "#ffffff"
    out.append(Rect(43, 44, 14, 30, ink(tank, width=DETAIL), r=4))
    if full:
        out.append(P("M45 52 C47 50 49 54 51 52 C53 50 55 54 57 52", line("#ffffff", 1.6)))
    else:
        out.append(P("M45 68 L55 50", line(INK, 1.4)))
    return out


@art("water-drop")
def water_drop(color: str | None = None) -> list[Shape]:
    """A drop of water. color: the water (default blue)."""
    water = colour({"color": color}, WATER)
    return [sym("M50 2 C56 20 80 44 80 66 C80 86 66 98 50 98", ink(water), cx=50),
            P("M34 62 C32 72 38 82 46 84", line(lighter(water, 0.7), 4))]
