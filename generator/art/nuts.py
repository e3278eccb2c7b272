"""Nuts, each with its own silhouette so colour is never needed to tell them apart:
walnut (round, wrinkled, seamed), hazelnut (round in a frilled green husk), beechnut (three-sided,
in a spiky cup), acorn (capped), almond (flat teardrop), cashew (curved kidney), peanut (waisted
pod) and pistachio (gaping shell, green kernel)."""
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
    ribbon,
    rotation,
    sym,
    transform,
)
from pnpkit.generator.shapes import Circle, Line, Shape, Style


def _dots(pts, c: str, r: float = 1.4) -> list[Shape]:
    return [Circle(x, y, r, Style(c, None, 0)) for x, y in pts]


@art("walnut")
def walnut(color: str | None = None) -> list[Shape]:
    """A walnut in its shell: round, deeply wrinkled, with a ridged seam and a little point."""
    c = colour({"color": color}, "#b98a55")
    d = darker(c, 0.5)
    out: list[Shape] = [sym("M50 6 C54 10 58 12 64 12 C84 14 96 34 96 54 C96 80 76 96 50 96", ink(c))]
    out.append(P("M50 6 C46 30 54 70 50 96", line(INK, 3.4)))
    for s in (
        "M20 40 C26 34 30 40 36 34", "M16 58 C24 52 28 60 36 54", "M22 76 C28 70 34 78 40 72",
        "M30 24 C34 20 38 24 42 20", "M34 46 C38 50 36 58 42 62", "M30 86 C34 82 38 88 42 84",
        "M80 40 C74 34 70 40 64 34", "M84 58 C76 52 72 60 64 54", "M78 76 C72 70 66 78 60 72",
        "M70 24 C66 20 62 24 58 20", "M66 46 C62 50 64 58 58 62", "M70 86 C66 82 62 88 58 84",
    ):
        out.append(P(s, line(d, 1.8)))
    return out


@art("hazelnut")
def hazelnut(color: str | None = None) -> list[Shape]:
    """A round hazelnut with a striped shell and pale base, in its frilled green husk."""
    c = colour({"color": color}, "#a8683a")
    out: list[Shape] = [P("M14 40 L4 22 L20 26 L18 8 L34 18 L40 2 L50 16 L60 2 L66 18 L82 8 L80 26 "
                          "L96 22 L86 40 C70 46 30 46 14 40 Z", ink("#7cae4a"))]
    out.append(sym("M50 28 C78 28 94 46 94 66 C94 86 76 98 50 98", ink(c)))
    out.append(P("M14 78 C30 70 70 70 86 78 C80 92 66 98 50 98 C34 98 20 92 14 78 Z",
                 ink(lighter(c, 0.5), width=DETAIL)))
    for s in ("M36 36 C30 48 30 60 32 72", "M64 36 C70 48 70 60 68 72", "M50 34 L50 70"):
        out.append(P(s, line(darker(c, 0.4), 1.6)))
    out.append(P("M22 62 C22 52 26 44 32 40", line(lighter(c, 0.55), 3.5)))
    out.append(P("M22 40 L30 30 M50 42 L50 28 M78 40 L70 30", line(darker("#7cae4a", 0.4), 1.6)))
    return out


@art("beechnut")
def beechnut(color: str | None = None) -> list[Shape]:
    """A beechnut: a three-sided pointed nut rising from its open spiky husk."""
    c = colour({"color": color}, "#9a5d34")
    husk = "#b79a62"
    out: list[Shape] = []
    for x0, y0, x1, y1 in ((8, 64, 0, 56), (14, 76, 4, 74), (22, 88, 14, 94), (92, 64, 100, 56),
                           (86, 76, 96, 74), (78, 88, 86, 94), (36, 96, 34, 104), (64, 96, 66, 104), (50, 98, 50, 106)):
        out.append(Line(x0, y0, x1, y1, line(INK, 2)))
    out.append(P("M6 58 C4 50 12 48 18 56 C24 62 30 64 50 64 C70 64 76 62 82 56 C88 48 96 50 94 58 "
                 "C90 82 74 98 50 98 C26 98 10 82 6 58 Z", ink(husk)))
    out.append(P("M50 4 C60 22 76 42 80 62 C70 70 30 70 20 62 C24 42 40 22 50 4 Z", ink(c)))
    out.append(P("M50 4 C54 30 56 48 58 66", line(INK, DETAIL)))
    out.append(P("M40 20 C34 34 30 46 30 58", line(lighter(c, 0.5), 3)))
    out.append(P("M20 74 C36 80 64 80 80 74", line(darker(husk, 0.45), 1.5)))
    return out


@art("acorn")
def acorn(color: str | None = None) -> list[Shape]:
    """An acorn: a smooth nut under a scaly cap with a stalk."""
    c = colour({"color": color}, "#c58b3e")
    cap = "#8a5a30"
    out: list[Shape] = [sym("M50 34 C70 34 82 44 82 60 C82 80 64 94 50 100", ink(c))]
    out.append(P("M30 56 C30 70 36 80 42 86", line(lighter(c, 0.5), 3.5)))
    out.append(P("M8 40 C8 20 28 12 50 12 C72 12 92 20 92 40 C84 46 16 46 8 40 Z", ink(cap)))
    hatch = lighter(cap, 0.35)
    for x in (22, 36, 50, 64, 78):
        out.append(P(f"M{x - 10} {42} L{x + 6} {16}", line(hatch, 1.5)))
        out.append(P(f"M{x + 10} {42} L{x - 6} {16}", line(hatch, 1.5)))
    out.append(P("M8 40 C8 20 28 12 50 12 C72 12 92 20 92 40 C84 46 16 46 8 40 Z", Style(None, INK, 3.2, join="round")))
    out += ribbon("M50 14 C50 6 54 2 60 1", 2.4, cap, edge=1.6)
    return out


@art("almond")
def almond(color: str | None = None) -> list[Shape]:
    """An almond: a flat, pointed teardrop with a pitted skin."""
    c = colour({"color": color}, "#c68a55")
    out: list[Shape] = [P("M44 2 C60 14 76 40 76 66 C76 88 64 98 48 98 C32 98 22 86 24 66 "
                          "C26 40 34 16 44 2 Z", ink(c))]
    out.append(P("M44 6 C48 30 50 60 48 94", line(darker(c, 0.35), 1.5)))
    out += _dots([(38, 40), (58, 36), (34, 62), (62, 58), (42, 80), (58, 80), (50, 24), (40, 54), (60, 72)],
                 darker(c, 0.45), 1.6)
    out.append(P("M32 70 C30 56 32 42 36 32", line(lighter(c, 0.5), 3.2)))
    return out


@art("cashew")
def cashew(color: str | None = None) -> list[Shape]:
    """A cashew: a plump curved kidney, like a fat comma."""
    c = colour({"color": color}, "#e2c48a")
    out: list[Shape] = [P("M30 8 C56 0 90 18 94 50 C98 80 76 98 52 96 C40 95 32 88 34 78 "
                          "C36 68 48 68 56 62 C64 54 62 40 50 34 C40 29 26 36 18 30 C10 24 16 12 30 8 Z",
                          ink(c))]
    out.append(P("M74 30 C84 44 84 66 72 80", line(lighter(c, 0.6), 3.5)))
    out.append(P("M28 18 C44 14 58 18 68 28", line(darker(c, 0.35), 1.5)))
    return out


@art("peanut")
def peanut(color: str | None = None) -> list[Shape]:
    """A peanut in its pod: two lobes with a waist, netted shell."""
    c = colour({"color": color}, "#d3aa6a")
    out: list[Shape] = [sym("M50 2 C70 2 82 14 82 30 C82 42 74 46 74 52 C74 58 84 64 84 76 "
                            "C84 92 70 100 50 100", ink(c))]
    d = darker(c, 0.4)
    for y in (16, 30, 42, 62, 76, 90):
        out.append(P(f"M{26 if y not in (42, 62) else 30} {y} C40 {y + 3} 60 {y + 3} {74 if y not in (42, 62) else 70} {y}",
                     line(d, 1.4)))
    for x in (36, 50, 64):
        out.append(P(f"M{x} 6 C{x - 2} 20 {x + 2} 34 {x} 46 M{x} 58 C{x - 2} 72 {x + 2} 86 {x} 96", line(d, 1.4)))
    return out


@art("pistachio")
def pistachio(color: str | None = None) -> list[Shape]:
    """A pistachio: a smooth shell gaping open at the top on its green kernel."""
    c = colour({"color": color}, "#e0cb9b")
    kernel = "#8cbf4a"
    shapes: list[Shape] = [
        sym("M50 2 C68 2 80 28 80 54 C80 80 64 96 50 98", ink(c)),
        P("M50 5 C70 16 72 48 50 76 C28 48 30 16 50 5 Z", ink(kernel, width=DETAIL)),
        P("M56 14 C62 26 62 42 56 56", line("#a0668a", 3)),
        P("M50 76 C49 82 50 90 50 97", line(darker(c, 0.4), 1.6)),
        P("M26 70 C24 56 26 40 32 28", line(lighter(c, 0.6), 3.2)),
    ]
    return transform(shapes, rotation(28, 50, 50))
