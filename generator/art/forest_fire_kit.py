"""Forest Fire's printed aids drawn as pictures: the board's ring and corners, and the small
drawing helpers the card pictures (generator/art/forest_fire_cards.py) share.

These drawings lay out their own words and numbers, so each is designed in millimetres at the
size the kit prints it (a ring strip 31 mm a space, a card face 84 x 114 mm) inside an invisible
frame: `fit` then keeps the scale at 1 and the words at their point sizes. Numbers that are rules
(how many moves, how many counters an extinguish removes, how long a Pilot's line is) arrive as
options, which the kit file fills from `params`, so the picture shows what the scorer checks.
"""
from __future__ import annotations

import math
from typing import Any

from pnpkit.generator import fonts
from pnpkit.generator.art._core import (
    INK,
    art,
    design,
    poly,
    stroke_factor,
    transform,
    whole,
)
from pnpkit.generator.shapes import Circle, Line, Rect, Shape, Style, Text

OUTER = stroke_factor(1.0)  # what `fit` does to strokes at scale 1: our own widths are divided by it
PT = 0.3528
FOREST = "#e3f0d8"  # a forest square
OFF = "#ece4d2"  # the ring off the board
BLANK = Style(fill=None, stroke=None, width=0.0)
GREY = "#5a5a5a"


def mm_width(mm: float) -> float:
    """A stroke `mm` wide as printed."""
    return mm / OUTER


def box_style(fill: str | None, color: str = INK, mm: float = 0.3) -> Style:
    return Style(fill=fill, stroke=color, width=mm_width(mm), join="round")


def frame(w: float, h: float) -> Rect:
    """The invisible box that pins the drawing's scale at 1 (mm)."""
    return Rect(0, 0, w, h, BLANK)


def put(name: str, x: float, y: float, w: float, h: float, **opts: Any) -> list[Shape]:
    """A library drawing fitted and centred in the box (x, y, w, h) mm, its strokes as the
    library would draw it at that size."""
    shapes, (x0, y0, x1, y1) = design(name, tuple(sorted(opts.items())))
    k = min(w / max(x1 - x0, 1e-9), h / max(y1 - y0, 1e-9)) * 0.94
    ox = x + (w - (x1 - x0) * k) / 2 - x0 * k
    oy = y + (h - (y1 - y0) * k) / 2 - y0 * k
    return transform(shapes, (k, 0.0, 0.0, k, ox, oy), width_k=k * stroke_factor(k) / OUTER)


def words(x: float, y: float, text: str, pt: float, font: str = "condensed", color: str = INK,
          anchor: str = "start", width: float | None = None, lead: float = 1.18) -> list[Shape]:
    """Text from its first baseline at (x, y), wrapped to `width` mm when given."""
    lines = fonts.wrap(text, font, pt, width) if width else [text]
    return [Text(x, y + i * pt * PT * lead, ln, size=pt, font=font, color=color, anchor=anchor)
            for i, ln in enumerate(lines)]


def arrow(x1: float, y1: float, x2: float, y2: float, color: str = INK, mm: float = 0.6,
          head: float = 2.2, dash: tuple[float, ...] = (), fill: str = "#8a6d3b") -> list[Shape]:
    """A line with a filled head at (x2, y2) (a mid-tone head with a dark edge: it prints grey)."""
    a = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(a), y2 - head * math.sin(a)
    left = (bx + head * 0.55 * math.sin(a), by - head * 0.55 * math.cos(a))
    right = (bx - head * 0.55 * math.sin(a), by + head * 0.55 * math.cos(a))
    return [Line(x1, y1, bx, by, Style(fill=None, stroke=color, width=mm_width(mm), cap="round", dash=dash)),
            poly([(x2, y2), left, right], Style(fill=fill, stroke=color, width=mm_width(0.3), join="round"))]


def mini_grid(x: float, y: float, rows: int, cols: int, c: float, off: set[tuple[int, int]] = frozenset(),
              hidden: set[tuple[int, int]] = frozenset()) -> list[Shape]:
    """A small piece of the board: forest squares (green), `off` squares (ring, sand)."""
    out: list[Shape] = []
    for i in range(rows):
        for j in range(cols):
            if (i, j) in hidden:
                continue
            out.append(Rect(x + j * c, y + i * c, c, c, box_style(OFF if (i, j) in off else FOREST, mm=0.25)))
    return out


def cell_centre(x: float, y: float, c: float, i: int, j: int) -> tuple[float, float]:
    return x + (j + 0.5) * c, y + (i + 0.5) * c


def fires(cx: float, cy: float, s: float, n: int) -> list[Shape]:
    """n Fire counters, each s mm across, side by side around (cx, cy): one, a pair, a triangle."""
    spots = {1: [(0.0, 0.0)], 2: [(-0.52, 0.0), (0.52, 0.0)],
             3: [(-0.52, 0.45), (0.52, 0.45), (0.0, -0.45)]}.get(n, [])
    out: list[Shape] = []
    for dx, dy in spots:
        x, y = cx + dx * s, cy + dy * s
        out.append(Circle(x, y, s / 2, box_style("#fff4e8", mm=0.25)))
        out += put("fire", x - s * 0.4, y - s * 0.4, s * 0.8, s * 0.8)
    return out


# ----------------------------------------------------------------------------- the board
SPACE = 31.0  # the ring strip is designed for 31 mm spaces (it scales with the box it gets)
SMALL = 9.5  # its least words: 7 pt once a 31 mm space is laid on the board's 23 mm square


@art("forest-offboard", "spaces", "text")
def offboard(color: str | None = None, spaces: Any = 6, text: str = "off the board") -> list[Shape]:
    """A side of the ring of off-board spaces: the words `text` small at the outer edge (the
    drawing's bottom) of each of `spaces` spaces, and a small arrow at the inner edge pointing into
    the forest (step on, jump in). Laid over the ring's numbered track."""
    n = whole(spaces, "spaces", 1, default=6)
    out: list[Shape] = [frame(n * SPACE, SPACE)]
    for i in range(n):
        cx = (i + 0.5) * SPACE
        out.append(poly([(cx, 1.6), (cx - 2.6, 4.6), (cx - 1.0, 4.6), (cx - 1.0, 6.4), (cx + 1.0, 6.4),
                         (cx + 1.0, 4.6), (cx + 2.6, 4.6)], box_style("#b8a27a", "#4a3d28", mm=0.25)))
        out.append(Text(cx, SPACE - 3.0, text, size=SMALL, font="condensed-bold", color="#6b5a3a", anchor="middle"))
    return out


@art("forest-key")
def key(color: str | None = None) -> list[Shape]:
    """The board's corner key: read the first Fire Die down the side, the second across the top."""
    s = SPACE
    out: list[Shape] = [frame(s, s)]
    out += words(s - 2.0, 8.0, "across", SMALL, "heading", anchor="end")
    out += arrow(4.0, 11.5, s - 1.5, 11.5, mm=0.7, head=2.4)
    out += words(2.5, 20.5, "down", SMALL, "heading")
    out += arrow(19.0, 15.5, 19.0, s - 1.5, mm=0.7, head=2.4)
    return out


@art("forest-compass")
def compass_nesw(color: str | None = None) -> list[Shape]:
    """A compass with N E S W written: the Hotshot and the Smoke Jumper move N, S, E or W."""
    s = SPACE
    c = s / 2
    out: list[Shape] = [frame(s, s), Circle(c, c, 7.6, box_style("#f6f0e0", mm=0.35))]
    north = color or "#c8372d"
    for ang, fill in ((0, north), (90, "#ffffff"), (180, "#ffffff"), (270, "#ffffff")):
        a = math.radians(ang - 90)
        tip = (c + 7.2 * math.cos(a), c + 7.2 * math.sin(a))
        side1 = (c + 1.9 * math.cos(a + math.pi / 2), c + 1.9 * math.sin(a + math.pi / 2))
        side2 = (c - 1.9 * math.cos(a + math.pi / 2), c - 1.9 * math.sin(a + math.pi / 2))
        out.append(poly([tip, side1, (c, c), side2], box_style(fill, mm=0.3)))
    for letter, (x, y) in {"N": (c, 6.6), "S": (c, s - 2.4), "E": (s - 3.8, c + 1.4), "W": (3.8, c + 1.4)}.items():
        out.append(Text(x, y, letter, size=10.0, font="title", color=INK, anchor="middle"))
    return out


@art("forest-dice")
def dice_corner(color: str | None = None) -> list[Shape]:
    """Fire Dice: the first die is down, the second across ("1 down, 4 across")."""
    s = SPACE
    out: list[Shape] = [frame(s, s)]
    out += words(s / 2, 5.5, "Fire Dice", SMALL, "heading", anchor="middle")
    out += put("die", 3.0, 8.0, 11.0, 11.0, pips=1)
    out += put("die", 17.0, 8.0, 11.0, 11.0, pips=4)
    out += words(8.0, 23.0, "1 down", SMALL, "condensed-bold", anchor="middle")
    out += words(23.2, 23.0, "4 across", SMALL, "condensed-bold", anchor="middle")
    out += words(s / 2, 28.0, "down first", SMALL, "condensed", color=GREY, anchor="middle")  # 3 mm clear of the cut
    return out


@art("forest-goal")
def goal_corner(color: str | None = None) -> list[Shape]:
    """The goal: put out every Fire (a Fire under a water drop)."""
    s = SPACE
    out: list[Shape] = [frame(s, s)]
    out += put("fire", 4.0, 7.0, 14.0, 14.0)
    out += put("water-drop", 15.0, 3.0, 11.0, 11.0)
    out += words(s / 2, 24.5, "Put out", SMALL, "heading", anchor="middle")
    out += words(s / 2, 28.3, "every Fire!", SMALL, "heading", anchor="middle")  # 3 mm clear of the cut
    return out
