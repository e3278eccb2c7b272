"""The NUTS factory floor's own pieces: conveyor belts, the Cross and Splitter/Joiner tiles, the
Order cards' faces, the nuts a bonus card needs and the Undo, Run and Action tokens.

Belts must line up across a tile's edge and the board under it, so the belt drawings are laid out
on an exact frame: an invisible 100-unit-wide box (no stroke, so it adds no padding to the fit)
that `fit` maps onto the piece's box edge to edge. A tile's two belts run at its quarter points
(x = 25 and 75): a tile is one conveyor cell, two columns wide; a board column's belt runs down its
middle, BELT units of every 100 wide, the same width in millimetres as on the tiles.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    band_points,
    colour,
    darker,
    flag,
    ink,
    lighter,
    line,
    number,
    poly,
    star_points,
    transform,
    whole,
)
from pnpkit.generator.art.nuts import almond, cashew, peanut, pistachio
from pnpkit.generator.shapes import Circle, Polygon, Rect, Shape, Style, Text

BELT = 12.0  # belt width on a 100-unit tile (two columns); a column's belt is 2 * BELT of 100
BELT_FILL = "#5f6975"  # dark on the pale floor: at least 3:1 against every floor fill (tests check it)
CHEVRON = "#f4f4f0"
# A belt's band runs on to the tile's (or the board's) edge, where the next one takes it up: like a
# background it meets the cut, so --ink-saver gives it no outline there (Style.ground).
BAND = Style(fill=BELT_FILL, stroke=None, width=0.0, ground=True)
FRAME = Style(fill=None, stroke=None, width=0.0)  # sizes the fit, prints nothing
EDGE = 1.4
END_CLEAR = 1.5  # units a belt's side edges stop short of its ends (0.6 mm on a 40 mm tile)
NUT_DRAWINGS = {"almond": almond, "cashew": cashew, "peanut": peanut, "pistachio": pistachio}


def _frame(w: float = 100.0, h: float = 100.0) -> Rect:
    return Rect(0.0, 0.0, w, h, FRAME)


def _belt(points: Sequence[tuple[float, float]], width: float, chevrons: float = 0.0) -> list[Shape]:
    """A belt along a polyline: a flat grey band (flat ends, so it stops exactly at a tile's edge),
    dark side edges kept inside the band, and pale chevrons pointing along it every `chevrons`
    units (0: none)."""
    r = width / 2
    out: list[Shape] = [Polygon(tuple(band_points(list(points), r, cap=1)), BAND)]
    edge = r - EDGE / 2
    # edges stop short of the band's ends, their round caps included: the band meets the tile's
    # cut, which a neighbour shares edge to edge, and a dark line touching it would be ink on the cut
    pts = _trimmed(points, EDGE / 2 + END_CLEAR)
    sides = band_points(pts, edge, cap=1)
    n = len(pts)
    left, right = sides[:n], sides[n:][::-1]
    for side in (left, right):
        out.append(Polygon(tuple(side), Style(fill=None, stroke=INK, width=EDGE, cap="round", join="round"), closed=False))
    if chevrons > 0:
        out += _chevrons(points, width, chevrons)
    return out


def _trimmed(points: Sequence[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    pts = list(points)

    def step(p, q):
        ln = math.dist(p, q)
        return (p[0] + (q[0] - p[0]) * d / ln, p[1] + (q[1] - p[1]) * d / ln)

    pts[0] = step(pts[0], pts[1])
    pts[-1] = step(pts[-1], pts[-2])
    return pts


def _chevrons(points: Sequence[tuple[float, float]], width: float, every: float) -> list[Shape]:
    """Pale V marks along the belt, pointing the way it runs (first point to last)."""
    out: list[Shape] = []
    segs = list(pairwise(points))
    total = sum(math.dist(p, q) for p, q in segs)
    s = every / 2
    k = width * 0.28
    while s < total - every / 4:
        acc = 0.0
        for p, q in segs:
            ln = math.dist(p, q)
            if acc + ln >= s:
                t = (s - acc) / ln
                ux, uy = (q[0] - p[0]) / ln, (q[1] - p[1]) / ln
                cx, cy = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                nx, ny = -uy, ux
                tip = (cx + ux * k * 0.6, cy + uy * k * 0.6)
                a = (cx - ux * k * 0.6 + nx * k, cy - uy * k * 0.6 + ny * k)
                b = (cx - ux * k * 0.6 - nx * k, cy - uy * k * 0.6 - ny * k)
                out.append(Polygon((a, tip, b), Style(fill=None, stroke=CHEVRON, width=width * 0.13, cap="round",
                                                      join="round"), closed=False))
                break
            acc += ln
        s += every
    return out


@art("belt", "ratio")
def belt(color: str | None = None, ratio: float = 5.0) -> list[Shape]:
    """A column's conveyor belt running down the middle of a box `ratio` times as tall as wide,
    chevrons pointing down (nuts run from the Dispensers down to the Orders). Give the box the
    column's width: the belt is then exactly as wide as a tile's belts."""
    h = 100.0 * number(ratio, "a belt's ratio (height / width)", 0.5, 50.0)
    return [_frame(100.0, h), *_belt([(50.0, 0.0), (50.0, h)], 2 * BELT, chevrons=150.0)]


def _cross() -> list[Shape]:
    a = [(25.0, 0.0), (25.0, 14.0), (75.0, 86.0), (75.0, 100.0)]
    b = [(75.0, 0.0), (75.0, 14.0), (25.0, 86.0), (25.0, 100.0)]
    over_gap = Polygon(tuple(band_points(b[1:3], BELT / 2 + 3.0, cap=1)), Style(fill="#ffffff", stroke=None, width=0.0))
    return [_frame(), *_belt(a, BELT, chevrons=26.0), over_gap, *_belt(b, BELT, chevrons=26.0)]


@art("cross-tile")
def cross_tile(color: str | None = None) -> list[Shape]:
    """A Cross tile, edge to edge: the belts of two neighbouring columns cross, one bridging the
    other, so the left column's nuts leave on the right and the right's on the left."""
    return _cross()


@art("splitter-tile", "mirror", "joiner")
def splitter_tile(color: str | None = None, mirror: bool = False, joiner: bool = False) -> list[Shape]:
    """A Splitter/Joiner tile, edge to edge, its belts running down like the floor's. The splitter:
    one belt comes in at the top and leaves by both columns at the bottom. joiner: the other face,
    both columns come in at the top and leave by one at the bottom. mirror: the single belt on the
    right column instead of the left. A small SPLIT or JOIN sits in the corner the belts leave free."""
    is_joiner = flag(joiner)
    if is_joiner:  # the splitter upside down, its belts still running down
        trunk = [(25.0, 0.0), (25.0, 100.0)]
        branch = [(75.0, 0.0), (75.0, 24.0), (25.0, 70.0), (25.0, 78.0)]
        dot, word, at = (25.0, 74.0), "JOIN", (70.0, 88.0)
    else:
        trunk = [(25.0, 0.0), (25.0, 100.0)]
        branch = [(25.0, 22.0), (25.0, 30.0), (75.0, 76.0), (75.0, 100.0)]
        dot, word, at = (25.0, 26.0), "SPLIT", (70.0, 17.0)
    shapes = [_frame(), *_belt(branch, BELT, chevrons=0.0), *_belt(trunk, BELT, chevrons=26.0)]
    shapes += _chevrons(branch[:2] if is_joiner else branch[2:], BELT, 26.0)
    shapes.append(Circle(*dot, BELT * 0.42, ink("#f2c230", width=DETAIL)))
    shapes.append(Text(*at, word, size=18, font="heading", color=INK, anchor="middle"))  # 7 pt on a 40 mm tile
    if flag(mirror):
        shapes = transform(shapes, (-1.0, 0.0, 0.0, 1.0, 100.0, 0.0))
    return shapes


@art("nut-set", "almond", "cashew", "peanut", "pistachio")
def nut_set(color: str | None = None, almond=0, cashew=0, peanut=0, pistachio=0) -> list[Shape]:
    """The nuts a bonus card needs, one picture per nut: a row for each kind (almond, cashew,
    peanut, pistachio, top to bottom), as many pictures as it needs. The frame is at least three
    by three nuts, so a card needing few nuts does not blow them up. With no counts: one of each."""
    counts = {k: whole(v, f"nut-set: {k}", 0, 6, 0)
              for k, v in (("almond", almond), ("cashew", cashew), ("peanut", peanut), ("pistachio", pistachio))}
    kinds = [(k, n) for k, n in counts.items() if n]
    if not kinds:  # no counts given: one of each (a bonus deck's emblem)
        kinds = [(k, 1) for k in counts]
    step, size = 30.0, 25.0
    cols = max(3, max(n for _, n in kinds))
    W, H = cols * step, max(3, len(kinds)) * step
    out: list[Shape] = [_frame(W, H)]
    top = (H - len(kinds) * step) / 2
    for r, (kind, n) in enumerate(kinds):
        left = (W - n * step) / 2
        nut = NUT_DRAWINGS[kind]()  # drawn once, placed n times
        for i in range(n):
            x, y = left + i * step + (step - size) / 2, top + r * step + (step - size) / 2
            out += transform(nut, (size / 100, 0.0, 0.0, size / 100, x, y))
    return out


ORDER_W, ORDER_H = 35.0, 57.0  # a 41 x 63 mm (mini) Order card's face inside its 3 mm safe zone, in mm
ORDER_STRIP = 16.0  # the index strip: what shows of a card tucked under its right neighbour (a 20 mm column, less the safe zone and 1 mm)
NUT_TINTS = {"almond": "#e6c9a5", "cashew": "#efdca4", "peanut": "#dcc493", "pistachio": "#cfe0ae"}  # as the dispensers


@art("order-card", "nut")
def order_card(color: str | None = None, nut: str = "almond") -> list[Shape]:
    """An Order card's face, laid out for the row of Orders under the floor: each card lies under
    its column with the card to its right over all but its left 20 mm, so that strip is an index
    (the nut drawn and named, reading upwards, on the nut's tint); the rest shows the nut large."""
    if nut not in NUT_DRAWINGS:
        raise ValueError(f"nut must be one of {', '.join(NUT_DRAWINGS)}, got {str(nut)[:20]!r}")
    name, drawing = nut.capitalize(), NUT_DRAWINGS[nut]()
    strip = Style(fill=NUT_TINTS[nut], stroke=None, width=0.0)
    out: list[Shape] = [_frame(ORDER_W, ORDER_H), Rect(0.0, 0.0, ORDER_STRIP, ORDER_H, strip, r=1.5)]
    for y in (1.5, ORDER_H - 14.5):  # the nut at both ends of the strip: a card turned round still shows it
        out += transform(drawing, (0.13, 0.0, 0.0, 0.13, 1.5, y))
    out.append(Text(ORDER_STRIP / 2 + 1.6, ORDER_H / 2, name, size=11.0, font="heading", color=INK, anchor="middle",
                    rotate=-90))
    big = ORDER_W - ORDER_STRIP - 1.5
    out += transform(drawing, (big / 100, 0.0, 0.0, big / 100, ORDER_STRIP + 1.0, ORDER_H / 2 - big / 2 - 4.0))
    out.append(Text(ORDER_STRIP + 1.0 + big / 2, ORDER_H / 2 + big / 2 + 2.0, name, size=8.0, font="heading",
                    color=INK, anchor="middle"))
    return out


@art("bonus-back")
def bonus_back(color: str | None = None) -> list[Shape]:
    """The back of a bonus card: a burst with a plus over a minus (won or lost at the end).
    Straight lines only, so it is cheap to draw 24 times."""
    c = colour({"color": color}, "#f2c230")
    return [poly(star_points(50, 50, 48, 34, n=12), ink(c)), Circle(50, 50, 28, ink("#ffffff", width=DETAIL)),
            Rect(38, 31, 24, 7, ink(INK, width=0.8)), Rect(46.5, 22.5, 7, 24, ink(INK, width=0.8)),
            Rect(38, 60, 24, 7, ink(INK, width=0.8))]


@art("undo")
def undo(color: str | None = None) -> list[Shape]:
    """An Undo token: an arrow curling back on itself (a change to put back)."""
    c = colour({"color": color}, "#e69f00")
    out: list[Shape] = [Circle(50, 50, 47, ink(lighter(c, 0.55)))]
    out.append(P("M30 34 C42 22 66 22 76 38 C86 56 74 78 52 80 C42 81 34 78 28 72", line(INK, 9)))
    out.append(P("M30 34 C42 22 66 22 76 38 C86 56 74 78 52 80 C42 81 34 78 28 72", line(c, 5.5)))
    out.append(poly([(14, 30), (40, 20), (36, 48)], ink(c)))
    return out


@art("run")
def run(color: str | None = None) -> list[Shape]:
    """A Run token: a green 'go' button with a play triangle."""
    c = colour({"color": color}, "#009e73")
    return [Circle(50, 50, 47, ink(c)), Circle(50, 50, 36, ink(lighter(c, 0.6), width=DETAIL)),
            poly([(40, 30), (70, 50), (40, 70)], ink(darker(c, 0.3)))]


@art("gear")
def gear(color: str | None = None) -> list[Shape]:
    """An Action token: a gear wheel."""
    c = colour({"color": color}, "#56b4e9")
    pts: list[tuple[float, float]] = []
    teeth = 8
    for k in range(teeth):
        a0 = 2 * math.pi * k / teeth
        for da, r in ((-0.17, 36), (-0.11, 47), (0.11, 47), (0.17, 36)):
            pts.append((50 + r * math.cos(a0 + da), 50 + r * math.sin(a0 + da)))
        for da in (0.25, 0.39, 0.53):
            pts.append((50 + 36 * math.cos(a0 + da), 50 + 36 * math.sin(a0 + da)))
    return [poly(pts, ink(c)), Circle(50, 50, 14, ink("#ffffff")), Circle(50, 50, 25, Style(None, darker(c, 0.35), 2.0))]


@art("first-player")
def first_player(color: str | None = None) -> list[Shape]:
    """The First Player marker: a manager's peaked cap with a star badge."""
    c = colour({"color": color}, "#0072b2")
    out: list[Shape] = [P("M14 62 C14 30 30 16 50 16 C70 16 86 30 86 62 Z", ink(c)),
                        P("M6 62 L94 62 C96 70 90 76 80 76 L20 76 C10 76 4 70 6 62 Z", ink(darker(c, 0.35))),
                        P("M20 76 C30 90 70 90 80 76 Z", ink(INK))]
    out.append(poly(star_points(50, 42, 13, 5.5), ink("#f2c230", width=DETAIL)))
    return out


__all__ = ["BELT", "belt", "bonus_back", "cross_tile", "first_player", "gear", "nut_set", "run", "splitter_tile",
           "undo"]
