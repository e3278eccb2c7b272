"""Chestnuts and fire: the chestnut (uncooked / cooked, with its owner's ring and mark), the burnt
chestnut and the flame."""
from __future__ import annotations

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    colour,
    compose,
    ink,
    line,
    moved,
    poly,
    ribbon,
    ring,
    scaled,
    star_points,
    sym,
    transform,
)
from pnpkit.generator.art.marks import mark as mark_shape
from pnpkit.generator.shapes import Circle, Shape, Style

RAW = {"shell": "#c68a4e", "scar": "#ead9b0", "grain": "#8c5a2e", "shine": "#f4e2c6"}
COOKED = {"shell": "#6e3b1e", "scar": "#b98f5c", "grain": "#3e2010", "shine": "#b8825a",
          "flesh": "#f3d27a", "flap": "#9a5a30"}
BURNT = {"shell": "#2d2622", "scar": "#4d4540", "grain": "#7f756d", "shine": "#5f5650"}

# The chestnut's silhouette (right half; the left is its mirror) and its pale base scar.
_BODY = "M50 9 C56 16 70 17 83 27 C95 37 99 56 95 72 C90 87 72 96 50 96"
_SCAR = "M5 72 C28 63 72 63 95 72 C90 87 72 96 50 96 C28 96 10 87 5 72 Z"


def nut(c: dict, cooked: bool = False) -> list[Shape]:
    """The chestnut itself, in a 100-unit box (tip at the top, scar at the bottom)."""
    out: list[Shape] = [sym(_BODY, ink(c["shell"]))]
    out.append(P(_SCAR, ink(c["scar"], width=DETAIL)))
    # grain: faint lines from the tip fanning down the shell
    for d in ("M50 14 C40 30 34 48 34 64", "M50 14 C62 30 68 48 68 64", "M50 14 C50 34 50 50 50 62"):
        out.append(P(d, line(c["grain"], 1.3)))
    # the tip's tuft
    out.append(P("M50 9 L46 2 M50 9 L50 1 M50 9 L54 2", line(INK, 1.6)))
    # base-scar speckles
    for x, y in ((30, 80), (44, 86), (58, 84), (70, 78), (50, 76), (38, 74), (64, 90)):
        out.append(Circle(x, y, 1.3, Style(c["grain"], None, 0)))
    if cooked:
        # the scored X has split open: four curled shell flaps around the roasted flesh
        flesh = star_points(50, 43, 27, 10, n=4, start=-45)
        out.append(poly(flesh, ink(c["flesh"], width=DETAIL)))
        out.append(P("M42 36 C48 42 52 42 58 36 M44 50 C48 46 52 46 56 50", line(c["flap"], 1.4)))
        out.append(P("M17 56 C16 46 19 38 24 32", line(c["shine"], 3.5)))
    else:
        out.append(P("M22 52 C22 38 30 30 40 25", line(c["shine"], 4.5)))
    return out


@art("chestnut", "cooked", "mark")
def chestnut(color: str | None = None, cooked: bool = False, mark: str | None = None) -> list[Shape]:
    """A chestnut: uncooked tan, or cooked dark-roasted with its scored shell split open.
    color: the owner's colour, drawn as a ring round the nut; mark: the owner's mark
    ("circle" or "mark-circle", "triangle", ...) on a badge at the lower right."""
    c = COOKED if cooked else RAW
    out: list[Shape] = []
    body = nut(c, cooked)
    if color or mark:
        ring_colour = colour({"color": color}, "#9a9a9a")
        out += [Circle(50, 52, 50, ink("#ffffff")), ring(50, 52, 64, 48, ink(ring_colour))]
        out += transform(body, compose(moved(50, 52), compose(scaled(0.84), moved(-50, -52))))
        if mark:
            mark = mark.removeprefix("mark-")
            badge = [Circle(50, 50, 50, ink("#ffffff", width=8))] + transform(
                mark_shape(mark, ring_colour, True), compose(moved(50, 50), compose(scaled(0.62), moved(-50, -50))))
            out += transform(badge, compose(moved(88, 92), scaled(0.32)))
    else:
        out += body
    return out


@art("burnt")
def burnt(color: str | None = None) -> list[Shape]:
    """A charred black chestnut, cracked and glowing, with wisps of smoke rising."""
    out: list[Shape] = []
    for d in ("M38 40 C28 30 46 22 36 12 C30 6 34 2 38 0",
              "M60 40 C70 30 54 22 64 12 C70 6 66 2 62 0"):
        out += ribbon(d, 5.5, "#bdb8b2", edge=1.8)
    body = nut(BURNT)
    body += [P("M30 44 L38 52 L34 60 M64 36 L60 46 L68 52 M46 66 L54 60 L58 68", line(BURNT["grain"], 1.8))]
    body += [Circle(x, y, r, Style("#e0621f", INK, 0.8)) for x, y, r in ((40, 52, 2.6), (62, 48, 2.2), (54, 64, 2.0))]
    out += transform(body, moved(0, 36))
    return out


_FLAME = ("M52 2 C60 20 80 30 84 52 C88 76 74 96 50 97 C28 97 13 82 15 62 "
          "C16 48 22 40 30 32 C30 42 34 48 38 50 C36 30 44 16 52 2 Z")
_CORE = ("M54 34 C60 50 72 58 70 74 C68 88 60 93 50 93 C39 93 31 85 32 73 "
         "C33 64 38 60 42 56 C43 62 45 66 48 67 C47 54 50 44 54 34 Z")
_HEART = "M52 62 C56 70 62 74 61 82 C60 88 56 91 51 91 C45 91 41 87 42 81 C43 75 49 72 52 62 Z"


def flame_shapes(outer: str = "#f0801e", core: str = "#ffd23c", heart: str = "#fff3b0") -> list[Shape]:
    return [P(_FLAME, ink(outer)), P(_CORE, ink(core, width=DETAIL)), P(_HEART, ink(heart, width=1.4))]


@art("flame")
def flame(color: str | None = None) -> list[Shape]:
    """A stylised flame: orange tongues round a yellow core, dark outline. color: the outer
    tongues' colour (default orange)."""
    return flame_shapes(colour({"color": color}, "#f0801e"))
