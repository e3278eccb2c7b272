"""Fair Verona: a compass rose and the city of Verona (the Arena and the swallowtail towers)."""
from __future__ import annotations

import math

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    colour,
    darker,
    ink,
    line,
    poly,
)
from pnpkit.generator.shapes import Circle, Rect, Shape, Style

STONE = "#e2b48a"


def _point(angle: float, r: float, w: float, dark: str, light: str) -> list[Shape]:
    """One point of the rose: two triangles, lit and shaded, meeting along its spine."""
    a = math.radians(angle)
    tip = (50 + r * math.cos(a), 50 + r * math.sin(a))
    left = (50 + w * math.cos(a - math.pi / 2), 50 + w * math.sin(a - math.pi / 2))
    right = (50 + w * math.cos(a + math.pi / 2), 50 + w * math.sin(a + math.pi / 2))
    return [poly([(50, 50), left, tip], ink(light, width=DETAIL)),
            poly([(50, 50), tip, right], ink(dark, width=DETAIL))]


@art("compass")
def compass(color: str | None = None) -> list[Shape]:
    """A compass rose with eight points; the north point in colour (default red)."""
    north = colour({"color": color}, "#c8372d")
    out: list[Shape] = [Circle(50, 50, 38, ink("#f1e6cc", width=DETAIL)),
                        Circle(50, 50, 32, Style(None, INK, 1.2))]
    for k in range(4):
        out += _point(-45 + 90 * k, 36, 7, "#8a8a8a", "#d8d8d8")
    for k in range(4):
        dark, light = (darker(north, 0.2), north) if k == 0 else ("#4a4a4a", "#cfcfcf")
        out += _point(-90 + 90 * k, 50, 11, dark, light)
    out.append(Circle(50, 50, 5, ink("#f2c230", width=DETAIL)))
    return out


def _tower(x: float, top: float, w: float, stone: str) -> list[Shape]:
    """A tower crowned with Verona's swallowtail (Ghibelline) merlons."""
    out: list[Shape] = [Rect(x, top, w, 100 - top, ink(stone))]
    n = 3
    mw = w / (2 * n - 1)
    for i in range(n):
        x0 = x + 2 * i * mw
        out.append(poly([(x0, top), (x0, top - 7), (x0 + mw / 2, top - 4), (x0 + mw, top - 7),
                         (x0 + mw, top)], ink(stone, width=DETAIL)))
    out.append(Rect(x + w / 2 - 2.5, top + 8, 5, 8, ink("#4a3a30", width=1.2), r=2.5))
    return out


@art("verona")
def verona(color: str | None = None) -> list[Shape]:
    """Verona: swallowtail-crenellated towers and the bell tower behind the arched Arena.
    color: the stone (default warm pink)."""
    stone = colour({"color": color}, STONE)
    back = darker(stone, 0.15)
    out: list[Shape] = []
    out += _tower(8, 34, 18, back) + _tower(72, 28, 20, back)
    out += [Rect(42, 10, 16, 90, ink(back)),
            P("M40 10 L50 0 L60 10 Z", ink("#9a5a3a", width=DETAIL)),
            Rect(46, 16, 8, 10, ink("#4a3a30", width=1.2), r=4)]
    out += _tower(26, 46, 14, stone)
    out.append(P("M2 64 C30 56 70 56 98 64 L98 100 L2 100 Z", ink(stone)))
    out.append(P("M2 80 C30 74 70 74 98 80", line(INK, DETAIL)))
    for row, (y0, y1, h) in enumerate(((62, 78, 11), (80, 98, 12))):
        for i in range(7):
            x = 8 + i * 13.6
            yb = (y0 + y1) / 2 + abs(x - 50) * 0.08 * (1 if row == 0 else 0.6)
            out.append(P(f"M{x - 4} {yb + h / 2} L{x - 4} {yb - h / 2 + 4} C{x - 4} {yb - h / 2} "
                         f"{x + 4} {yb - h / 2} {x + 4} {yb - h / 2 + 4} L{x + 4} {yb + h / 2} Z",
                         ink("#4a3a30", width=1.2)))
    return out
