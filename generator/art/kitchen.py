"""Things round the Chestnuts fire: tongs, a chair, a plate, a basket, an open box and a die."""
from __future__ import annotations

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    colour,
    darker,
    ink,
    lighter,
    line,
    poly,
    ribbon,
    rotation,
    transform,
)
from pnpkit.generator.shapes import Circle, Line, Rect, Shape, Style

STEEL = "#aeb6be"
WOOD = "#b87838"


@art("tongs")
def tongs(color: str | None = None) -> list[Shape]:
    """Kitchen tongs, hinge up, lying on a slant. color: the grips (default red)."""
    grip = colour({"color": color}, "#cf4a3c")
    out: list[Shape] = []
    for side in (-1, 1):
        out += ribbon(f"M{50 + side * 4} 12 C{50 + side * 10} 40 {50 + side * 15} 70 {50 + side * 15} 92",
                      6.5, STEEL)
    out += ribbon("M44 10 C40 -4 60 -4 56 10", 2.4, STEEL, edge=1.6)
    out.append(Rect(41, 8, 18, 8, ink(STEEL, width=DETAIL), r=3))
    for side in (-1, 1):
        x = 50 + side * 9.5
        out.append(poly([(x - 5.5, 22), (x + 5.5, 22), (x + 6.5 + side * 3, 50), (x - 4.5 + side * 3, 50)],
                        ink(grip, width=DETAIL)))
        # scalloped gripping paddles, turned in to meet
        px = 50 + side * 14
        out.append(P(f"M{px - 5} 86 C{px - 6} 94 {px + 6} 94 {px + 5} 86 L{px + 6} 104 "
                     f"C{px + 2} 108 {px - 2} 108 {px - 6} 104 Z", ink(STEEL, width=DETAIL)))
        for y in (92, 97, 102):
            out.append(Line(px - 3.5, y, px + 3.5, y, line(INK, 1.2)))
    return transform(out, rotation(-32, 50, 55))


@art("chair")
def chair(color: str | None = None) -> list[Shape]:
    """A wooden chair seen from the front: slatted back, seat, four legs. color: the wood."""
    wood = colour({"color": color}, WOOD)
    dark, light = darker(wood, 0.25), lighter(wood, 0.2)
    out: list[Shape] = []
    for x in (26, 74):  # back legs, behind the seat
        out.append(Rect(x - 3.5, 66, 7, 24, ink(dark, width=DETAIL)))
    for x in (25, 75):  # back posts
        out.append(Rect(x - 4, 6, 8, 54, ink(wood)))
    for x in (40, 50, 60):
        out.append(Rect(x - 3, 14, 6, 40, ink(light, width=DETAIL)))
    out.append(Rect(18, 2, 64, 14, ink(wood), r=4))
    out.append(poly([(22, 54), (78, 54), (90, 68), (10, 68)], ink(light)))
    out.append(Rect(10, 68, 80, 8, ink(wood)))
    for x in (15, 85):  # front legs
        out.append(Rect(x - 4.5, 76, 9, 22, ink(wood)))
    return out


@art("plate")
def plate(color: str | None = None) -> list[Shape]:
    """A round plate seen from above: rim, well and a coloured band (color, default blue)."""
    band = colour({"color": color}, "#3f72b5")
    return [Circle(50, 50, 48, ink("#d5e0ea")),
            Circle(50, 50, 41, Style(None, band, 3.2)),
            Circle(50, 50, 33, ink("#eef3f7", width=DETAIL)),
            P("M26 40 C30 30 38 24 48 22", line("#ffffff", 3.5))]


@art("basket")
def basket(color: str | None = None) -> list[Shape]:
    """A woven wicker basket with a handle. color: the wicker."""
    wicker = colour({"color": color}, "#c8914a")
    weave = darker(wicker, 0.45)
    out: list[Shape] = []
    out += ribbon("M20 40 C20 2 80 2 80 40", 6.5, lighter(wicker, 0.15))
    top, bot = 44.0, 96.0
    xl = lambda y: 12 + (y - top) * 10 / (bot - top)
    out.append(P(f"M12 {top} L88 {top} L78 {bot - 6} C77 {bot} 74 {bot} 70 {bot} L30 {bot} "
                 f"C26 {bot} 23 {bot} 22 {bot - 6} Z", ink(wicker)))
    rows = [44, 57, 70, 83, 96]
    for y in rows[1:-1]:
        out.append(Line(xl(y), y, 100 - xl(y), y, line(weave, 1.6)))
    for i, (y0, y1) in enumerate(zip(rows, rows[1:])):
        a, b = xl(y0), xl(y1)
        n = 6
        for j in range(n):
            t = (j + (0.25 if i % 2 else 0.75)) / n
            xa, xb = a + (100 - 2 * a) * t, b + (100 - 2 * b) * t
            out.append(Line(xa, y0 + 3, xb, y1 - 3, line(weave, 1.6)))
    out.append(Rect(7, 37, 86, 11, ink(lighter(wicker, 0.15)), r=5.5))
    for x in range(14, 90, 8):
        out.append(Line(x, 39, x + 4, 46, line(weave, 1.3)))
    return out


@art("box")
def box(color: str | None = None) -> list[Shape]:
    """An open cardboard box, flaps folded out. color: the cardboard."""
    card = colour({"color": color}, "#c99a5c")
    side, flap, inside = darker(card, 0.2), lighter(card, 0.2), darker(card, 0.5)
    return [
        poly([(30, 38), (90, 38), (86, 14), (34, 14)], ink(flap)),            # back flap, up
        poly([(14, 48), (30, 38), (16, 22), (2, 32)], ink(flap)),             # left flap, out
        poly([(14, 48), (30, 38), (90, 38), (74, 48)], ink(inside)),          # the opening
        poly([(74, 48), (90, 38), (100, 50), (84, 60)], ink(flap)),           # right flap, out
        poly([(74, 48), (90, 38), (90, 84), (74, 96)], ink(side)),            # side face
        poly([(14, 48), (74, 48), (74, 96), (14, 96)], ink(card)),            # front face
        poly([(14, 48), (74, 48), (70, 62), (18, 62)], ink(flap, width=DETAIL)),  # front flap, down
        Line(36, 76, 52, 76, line(INK, DETAIL)), Line(36, 82, 48, 82, line(INK, DETAIL)),
    ]


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@art("die", "pips")
def die(color: str | None = None, pips: int = 6) -> list[Shape]:
    """A six-sided die showing one face. pips: 1-6; color: the die (default ivory)."""
    if pips not in PIPS:
        raise ValueError(f"die: pips must be 1-6, got {pips!r}")
    body = colour({"color": color}, "#efe6cf")
    dot = INK if ((int(body[1:3], 16) * 299 + int(body[3:5], 16) * 587 + int(body[5:7], 16) * 114)
                  / 255000) > 0.45 else "#ffffff"
    out: list[Shape] = [Rect(9, 9, 88, 88, ink(darker(body, 0.35)), r=16),
                        Rect(3, 3, 88, 88, ink(body), r=16)]
    for i, j in PIPS[pips]:
        out.append(Circle(47 + 25 * i, 47 + 25 * j, 8.5 if pips > 1 else 11, ink(dot, width=1.2)))
    return out
