"""Forest Fire's printed aids drawn as pictures: the board's ring and corners, the role cards'
kid-side faces, the round card and the fire-spread diagram.

These drawings lay out their own words and numbers, so each is designed in millimetres at the
size the kit prints it (a ring strip 31 mm a space, a card face 84 x 114 mm) inside an invisible
frame: `fit` then keeps the scale at 1 and the words at their point sizes. Numbers that are rules
(how many moves, how many counters an extinguish removes, how long a Pilot's line is) arrive as
options, which the kit file fills from `params`, so the picture shows what the scorer checks.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from generator import fonts
from generator.art._core import (
    INK,
    REGISTRY,
    art,
    bounds,
    poly,
    stroke_factor,
    transform,
)
from generator.art.forest import GREEN, WATER
from generator.shapes import Circle, Line, Path, Rect, Shape, Style, Text

OUTER = 0.7  # the stroke factor `fit` applies at scale 1: our own widths are divided by it
PT = 0.3528
FOREST = "#e3f0d8"  # a forest square
OFF = "#ece4d2"  # the ring off the board
FIRE = "#d5551e"
BLANK = Style(fill=None, stroke=None, width=0.0)
GREY = "#5a5a5a"


def _w(mm: float) -> float:
    """A stroke `mm` wide as printed."""
    return mm / OUTER


def pen(color: str = INK, mm: float = 0.35, **kw: Any) -> Style:
    return Style(fill=None, stroke=color, width=_w(mm), cap="round", join="round", **kw)


def box_style(fill: str | None, color: str = INK, mm: float = 0.3) -> Style:
    return Style(fill=fill, stroke=color, width=_w(mm), join="round")


def frame(w: float, h: float) -> Rect:
    """The invisible box that pins the drawing's scale at 1 (mm)."""
    return Rect(0, 0, w, h, BLANK)


@lru_cache(maxsize=64)
def _library(name: str, opts: tuple) -> tuple[tuple[Shape, ...], tuple[float, float, float, float]]:
    """A library drawing in its design units and its bounds (drawn once: a card draws many Fires)."""
    shapes = tuple(REGISTRY[name].fn(**dict(opts)))
    return shapes, bounds(shapes, strokes=False)


def put(name: str, x: float, y: float, w: float, h: float, **opts: Any) -> list[Shape]:
    """A library drawing fitted and centred in the box (x, y, w, h) mm, its strokes as the
    library would draw it at that size."""
    shapes, (x0, y0, x1, y1) = _library(name, tuple(sorted(opts.items())))
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


def fitted(text: str, font: str, pt: float, width: float, smallest: float = 5.0) -> float:
    while pt > smallest and fonts.text_width(text, font, pt) > width:
        pt -= 0.25
    return pt


def arrow(x1: float, y1: float, x2: float, y2: float, color: str = INK, mm: float = 0.6,
          head: float = 2.2, dash: tuple[float, ...] = (), fill: str = "#8a6d3b") -> list[Shape]:
    """A line with a filled head at (x2, y2) (a mid-tone head with a dark edge: it prints grey)."""
    a = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(a), y2 - head * math.sin(a)
    left = (bx + head * 0.55 * math.sin(a), by - head * 0.55 * math.cos(a))
    right = (bx - head * 0.55 * math.sin(a), by + head * 0.55 * math.cos(a))
    return [Line(x1, y1, bx, by, Style(fill=None, stroke=color, width=_w(mm), cap="round", dash=dash)),
            poly([(x2, y2), left, right], Style(fill=fill, stroke=color, width=_w(0.3), join="round"))]


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


def num(n: Any, default: int | None = None) -> int | None:
    """An option that may arrive as text (jinja2-filled art options are strings)."""
    if n is None or n == "" or str(n).lower() in ("none", "null", "all"):
        return default
    return int(float(n))


def truthy(v: Any) -> bool:
    return str(v).strip().lower() in ("1", "true", "yes", "on")


# ----------------------------------------------------------------------------- the board
SPACE = 31.0  # the ring strip is designed for 31 mm spaces (it scales with the box it gets)


@art("forest-offboard", "spaces", "text")
def offboard(color: str | None = None, spaces: Any = 6, text: str = "off the board") -> list[Shape]:
    """A side of the ring of off-board spaces: the words `text` small at the outer edge (the
    drawing's bottom) of each of `spaces` spaces, and a small arrow at the inner edge pointing into
    the forest (step on, jump in). Laid over the ring's numbered track."""
    n = num(spaces, 6) or 6
    out: list[Shape] = [frame(n * SPACE, SPACE)]
    for i in range(n):
        cx = (i + 0.5) * SPACE
        out.append(poly([(cx, 1.6), (cx - 2.6, 4.6), (cx - 1.0, 4.6), (cx - 1.0, 6.4), (cx + 1.0, 6.4),
                         (cx + 1.0, 4.6), (cx + 2.6, 4.6)], box_style("#b8a27a", "#4a3d28", mm=0.25)))
        out.append(Text(cx, SPACE - 3.0, text, size=7.5, font="condensed-bold", color="#6b5a3a", anchor="middle"))
    return out


@art("forest-key")
def key(color: str | None = None) -> list[Shape]:
    """The board's corner key: read the first Fire Die down the side, the second across the top."""
    s = SPACE
    out: list[Shape] = [frame(s, s)]
    out += words(s - 2.0, 8.0, "across", 9.0, "heading", anchor="end")
    out += arrow(4.0, 11.5, s - 1.5, 11.5, mm=0.7, head=2.4)
    out += words(2.5, 20.5, "down", 9.0, "heading")
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
    out += words(s / 2, 5.5, "Fire Dice", 8.5, "heading", anchor="middle")
    out += put("die", 3.0, 8.0, 11.0, 11.0, pips=1)
    out += put("die", 17.0, 8.0, 11.0, 11.0, pips=4)
    out += words(8.5, 23.0, "1 down", 7.0, "condensed-bold", anchor="middle")
    out += words(22.5, 23.0, "4 across", 7.0, "condensed-bold", anchor="middle")
    out += words(s / 2, 28.5, "down first", 6.5, "condensed", color=GREY, anchor="middle")
    return out


@art("forest-goal")
def goal_corner(color: str | None = None) -> list[Shape]:
    """The goal: put out every Fire (a Fire under a water drop)."""
    s = SPACE
    out: list[Shape] = [frame(s, s)]
    out += put("fire", 4.0, 7.0, 14.0, 14.0)
    out += put("water-drop", 15.0, 3.0, 11.0, 11.0)
    out += words(s / 2, 25.0, "Put out", 8.0, "heading", anchor="middle")
    out += words(s / 2, 28.8, "every Fire!", 8.0, "heading", anchor="middle")
    return out


# ----------------------------------------------------------------------------- the cards
CARD_W, CARD_H = 84.0, 114.0  # a 90 x 120 mm card's face inside its 3 mm frame margin
ROLE_ART = {"hotshot": "hotshot", "smoke-jumper": "smoke-jumper", "pilot": "pilot"}
MIME = {"hotshot": ("mime-hose", "Hold a fire hose!"),
        "smoke-jumper": ("mime-parachute", "Hold your parachute straps!"),
        "pilot": ("mime-plane", "Fly like a plane!")}


def title(text: str, y: float = 9.0, pt: float = 17.0) -> list[Shape]:
    pt = fitted(text, "heading", pt, CARD_W - 6)
    return [Text(CARD_W / 2, y, text, size=pt, font="heading", color=INK, anchor="middle")]


def caption(x: float, top: float, h: float, text: str, pt: float = 8.6, width: float | None = None) -> list[Shape]:
    """Words beside a picture, centred on the row's height; **bold** runs are not needed here:
    the first sentence is set bold as the row's name."""
    width = width or CARD_W - x - 1.0
    head, _, rest = text.partition(": ")
    lines: list[tuple[str, str]] = []
    while pt > 6.5:
        lines = [(ln, "condensed-bold") for ln in fonts.wrap(head + (":" if rest else ""), "condensed-bold", pt, width)]
        lines += [(ln, "condensed") for ln in (fonts.wrap(rest, "condensed", pt, width) if rest else [])]
        if len(lines) * pt * PT * 1.18 <= h:
            break
        pt -= 0.25
    lead = pt * PT * 1.18
    y = top + (h - len(lines) * lead) / 2 + pt * PT * 0.8
    return [Text(x, y + i * lead, ln, size=pt, font=f, color=INK) for i, (ln, f) in enumerate(lines)]


def piece(name: str, cx: float, cy: float, d: float, **opts: Any) -> list[Shape]:
    """A role piece as printed: its drawing on a white disc."""
    return [Circle(cx, cy, d / 2, box_style("#ffffff", mm=0.3))] + put(name, cx - d * 0.38, cy - d * 0.38, d * 0.76,
                                                                       d * 0.76, **opts)


def move_pic(x: float, y: float, c: float, role: str) -> list[Shape]:
    """Three by three squares, the piece in the middle, arrows N, E, S and W."""
    out = mini_grid(x, y, 3, 3, c)
    cx, cy = cell_centre(x, y, c, 1, 1)
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        out += arrow(cx + dx * c * 0.42, cy + dy * c * 0.42, cx + dx * c * 1.3, cy + dy * c * 1.3, mm=0.55, head=1.8)
    out += piece(ROLE_ART[role], cx, cy, c * 0.8, **({"full": True} if role == "pilot" else {}))
    return out


def putout_pic(x: float, y: float, c: float, removes: int | None) -> list[Shape]:
    """Before -> after: a square with three Fires, then with none (all) or one fewer."""
    out = mini_grid(x, y, 1, 1, c) + mini_grid(x + c * 1.7, y, 1, 1, c)
    out += fires(x + c / 2, y + c / 2, c * 0.44, 3)
    left = 0 if removes is None else max(0, 3 - removes)
    if left:
        out += fires(x + c * 2.2, y + c / 2, c * 0.44, left)
    else:
        out += put("tree", x + c * 1.85, y + c * 0.15, c * 0.7, c * 0.7)
    out += put("water-drop", x + c * 1.05, y - c * 0.05, c * 0.55, c * 0.5)
    out += arrow(x + c * 1.04, y + c * 0.72, x + c * 1.64, y + c * 0.72, mm=0.5, head=1.5)
    return out


def out_pic(x: float, y: float, c: float, role: str) -> list[Shape]:
    """A piece standing on a Fire, crossed out: out of the game."""
    out = mini_grid(x, y, 1, 1, c)
    out += fires(x + c * 0.33, y + c * 0.64, c * 0.5, 1)
    out += piece(ROLE_ART[role], x + c * 0.62, y + c * 0.45, c * 0.55)
    red = Style(fill=None, stroke="#c8372d", width=_w(1.1), cap="round")
    out += [Line(x + c * 0.1, y + c * 0.1, x + c * 0.9, y + c * 0.9, red),
            Line(x + c * 0.9, y + c * 0.1, x + c * 0.1, y + c * 0.9, red)]
    return out


def jump_pic(x: float, y: float, c: float) -> list[Shape]:
    """From off the board, a parachute jump to a far square."""
    off = {(i, 0) for i in range(2)}
    out = mini_grid(x, y, 2, 4, c, off=off)
    sx, sy = cell_centre(x, y, c, 1, 0)
    tx, ty = cell_centre(x, y, c, 0, 3)
    out.append(Path((("M", sx, sy - c * 0.3), ("C", sx + c * 0.2, y - c * 0.9, tx - c * 0.4, y - c * 0.6, tx, ty - c * 0.25)),
                    Style(fill=None, stroke=INK, width=_w(0.5), dash=(1.2 / OUTER, 0.9 / OUTER), cap="round")))
    out += arrow(tx - c * 0.05, ty - c * 0.5, tx, ty - c * 0.2, mm=0.5, head=1.5)
    out += piece("smoke-jumper", sx, sy, c * 0.85)
    out += piece("smoke-jumper", tx, ty + c * 0.05, c * 0.85)
    return out


def refill_pic(x: float, y: float, w: float, h: float) -> list[Shape]:
    """The plane flies off to a lake and fills its tank."""
    out: list[Shape] = [Path((("M", x + w * 0.45, y + h * 0.78), ("C", x + w * 0.5, y + h * 0.98, x + w, y + h * 1.0,
                                                                 x + w * 0.98, y + h * 0.76),
                              ("C", x + w * 0.96, y + h * 0.56, x + w * 0.42, y + h * 0.58, x + w * 0.45, y + h * 0.78),
                              ("Z",)), box_style("#9ccbee", mm=0.3))]
    out += put("pilot", x, y, h * 0.62, h * 0.62, full=False)
    out += arrow(x + h * 0.62, y + h * 0.3, x + w * 0.62, y + h * 0.62, mm=0.5, head=1.6)
    out += put("water-drop", x + w * 0.66, y + h * 0.05, h * 0.36, h * 0.36)
    return out


def drop_pic(x: float, y: float, c: float, line: int) -> list[Shape]:
    """`line` squares in a row on a diagonal, each under a drop."""
    n = max(3, line)
    out = mini_grid(x, y, n, n, c)
    for k in range(line):
        out.append(Rect(x + k * c, y + k * c, c, c, box_style("#bfe0f7", mm=0.3)))
        out += put("water-drop", x + k * c + c * 0.2, y + k * c + c * 0.12, c * 0.6, c * 0.76)
    out += put("pilot", x + c * (n - 1), y, c, c, full=True)
    return out


def sky_pic(x: float, y: float, c: float) -> list[Shape]:
    """The plane over the forest: never on a square."""
    out = mini_grid(x, y + c * 1.2, 1, 3, c)
    for j in range(3):
        out += put("tree", x + j * c + c * 0.15, y + c * 1.3, c * 0.7, c * 0.8)
    out += put("pilot", x + c * 0.9, y - c * 0.1, c * 1.2, c * 1.2, full=True)
    return out


@art("forest-role", "role", "label", "mime", "actions", "removes", "jump", "line")
def role_card(color: str | None = None, role: str = "hotshot", label: str = "", mime: str = "", actions: Any = 2,
              removes: Any = None, jump: Any = False, line: Any = 3) -> list[Shape]:
    """A role card's picture side (a whole 84 x 114 mm face): the role's piece and mime, what a
    round gives them and each action as a picture with a few words. The numbers (actions, counters
    removed, the drop's line) come from the kit's params."""
    if role not in ROLE_ART:
        raise ValueError(f"forest-role: role must be one of {', '.join(ROLE_ART)}, got {role!r}")
    n_actions, n_removes, n_line = num(actions, 2) or 2, num(removes), num(line, 3) or 3
    out: list[Shape] = [frame(CARD_W, CARD_H)]
    out += title(label or role.replace("-", " ").title())
    # the piece and the mime
    out += piece(ROLE_ART[role], 20.0, 27.0, 25.0, **({"full": True} if role == "pilot" else {}))
    out += words(20.0, 44.6, "your piece", 7.0, "condensed", color=GREY, anchor="middle")
    drawn, says = MIME[role]
    out += put(mime or drawn, 44.0, 12.0, 36.0, 29.0)
    out += words(62.0, 44.6, says, fitted(says, "condensed-bold", 8.0, 38.0), "condensed-bold", anchor="middle")
    # the round
    out.append(Rect(2.0, 47.5, CARD_W - 4.0, 8.0, box_style("#f3efe6", color="#8a7a5a", mm=0.25)))
    if role == "pilot":
        out += words(CARD_W / 2, 53.0, "Turn by turn: refill, drop, refill, drop...", 9.5, "heading", anchor="middle")
    else:
        band = f"Each round: {n_actions} moves"
        out += words(5.0, 53.0, band, 9.5, "heading")
        x = 5.0 + fonts.text_width(band, "heading", 9.5) + 3.0
        for k in range(n_actions):
            out += [Circle(x + 3.0 + k * 7.0, 51.5, 2.8, box_style("#ffd9a8", mm=0.3)),
                    Text(x + 3.0 + k * 7.0, 52.9, str(k + 1), size=8.5, font="title", anchor="middle")]
    # three rows: a picture and its words
    rows: list[tuple[list[Shape], str]] = []
    c = 5.4
    if role == "pilot":
        rows.append((refill_pic(2.0, 59.0, 27.0, 16.0),
                     "Refill: fly off to fill up with water. Hold your plane in your hand."))
        rows.append((drop_pic(7.0, 76.7, c, n_line),
                     f"Drop: the next turn, put out ALL the Fires on {n_line} squares in a row (N, S, E, W or diagonal)."))
        rows.append((sky_pic(4.5, 95.2, 7.0),
                     "Special: a Pilot is never on the board, so a Fire can never put you out."))
    else:
        rows.append((move_pic(7.0, 58.7, c, role),
                     "Move: one square N, S, E or W. Off the board and back on is OK."))
        what = "ALL the Fires" if n_removes is None else (f"{n_removes} Fire" + ("" if n_removes == 1 else "s"))
        rows.append((putout_pic(2.5, 79.5, 10.0, n_removes),
                     f"Put out: {what} on your square or a square next to you (diagonals too)."))
        if truthy(jump):
            rows.append((jump_pic(4.0, 100.0, c),
                         "Special: from the edge or off the board, jump to ANY square. That is one move."))
        else:
            rows.append((out_pic(8.0, 96.5, 14.0, role),
                         "Careful: anyone on a Fire when all the turns are done is out!"))
    for k, (pic, text) in enumerate(rows):
        top = 57.5 + k * 18.5
        out += pic
        out += caption(32.0, top, 17.5, text)
        if k:
            out.append(Line(2.0, top - 0.5, CARD_W - 2.0, top - 0.5, Style(fill=None, stroke="#bbbbbb", width=_w(0.2))))
    return out


def badge_num(cx: float, cy: float, n: int) -> list[Shape]:
    return [Circle(cx, cy, 3.4, box_style("#ffd9a8", mm=0.35)),
            Text(cx, cy + 1.5, str(n), size=11.0, font="title", anchor="middle")]


def dice_pic(x: float, y: float, h: float) -> list[Shape]:
    out = put("die", x, y, h * 0.62, h * 0.62, pips=2) + put("die", x + h * 0.66, y, h * 0.62, h * 0.62, pips=5)
    out += arrow(x + h * 0.62, y + h * 0.7, x + h * 0.95, y + h * 0.95, mm=0.5, head=1.4)
    out += mini_grid(x + h * 0.98, y + h * 0.42, 1, 1, h * 0.58)
    out += fires(x + h * 1.27, y + h * 0.71, h * 0.42, 1)
    return out


def ends_pic(x: float, y: float, c: float) -> list[Shape]:
    """Won: a forest with no Fire. Lost: every square burning."""
    out = mini_grid(x, y, 2, 2, c) + mini_grid(x + 2 * c + 3.0, y, 2, 2, c)
    for i in range(2):
        for j in range(2):
            out += put("tree", x + j * c + c * 0.12, y + i * c + c * 0.1, c * 0.76, c * 0.8)
            out += fires(x + 2 * c + 3.0 + (j + 0.5) * c, y + (i + 0.5) * c, c * 0.8, 1)
    return out


@art("forest-round", "setup_rounds")
def round_card(color: str | None = None, setup_rounds: Any = 2) -> list[Shape]:
    """The round card's front (a whole 84 x 114 mm face): the four steps of a round in pictures
    (ruling F4), with the setup's rounds of Fires (from params) and the two ends."""
    n = num(setup_rounds, 2)
    out: list[Shape] = [frame(CARD_W, CARD_H)]
    out += title("Each round")
    out.append(Rect(2.0, 12.5, CARD_W - 4.0, 8.0, box_style("#f3efe6", color="#8a7a5a", mm=0.25)))
    out += words(CARD_W / 2, 18.0, f"To start: {n} rounds of Fires before anyone moves", 8.6, "condensed-bold",
                 anchor="middle")
    c = 5.4
    tops = [22.0 + k * 22.5 for k in range(4)]
    t1, t2, t3, t4 = tops
    steps: list[tuple[list[Shape], str]] = [
        (piece("hotshot", 17.5, t1 + 13.5, 10.5) + piece("smoke-jumper", 26.5, t1 + 8.5, 10.5)
         + piece("pilot", 35.5, t1 + 13.5, 10.5, full=True),
         "Your turns: one after the other, everyone does what their card shows."),
        (out_pic(19.0, t2 + 3.5, 15.0, "hotshot"), "Out: anyone standing on a Fire is out of the game!"),
        (dice_pic(14.0, t3 + 2.5, 17.0), "Fires: roll the Fire Dice once for each player still in, down then across."),
        (ends_pic(11.5, t4 + 4.0, 6.8), "The end: no Fire left: you win! Every square burning: the fire wins."),
    ]
    for k, (pic, text) in enumerate(steps):
        top = tops[k]
        out += badge_num(6.0, top + 11.0, k + 1)
        out += pic
        out += caption(44.0, top, 22.0, text, pt=9.0)
        if k:
            out.append(Line(2.0, top, CARD_W - 2.0, top, Style(fill=None, stroke="#bbbbbb", width=_w(0.2))))
    return out


def new_mark(x: float, y: float, c: float, word: bool = True) -> list[Shape]:
    """The square a Fire was just rolled on: a thick red outline (and "new" above it)."""
    out: list[Shape] = [Rect(x, y, c, c, Style(fill=None, stroke="#c8372d", width=_w(0.9), join="round"))]
    if word:
        out.append(Text(x + c / 2, y - 1.0, "new", size=8.0, font="condensed-bold", color="#c8372d", anchor="middle"))
    return out


def caught(x: float, y: float, c: float) -> list[Shape]:
    """A square that caught: orange, with its new Fire."""
    return [Rect(x, y, c, c, box_style("#ffc98a", mm=0.3))] + fires(x + c / 2, y + c / 2, c * 0.62, 1)


@art("forest-spread")
def spread_card(color: str | None = None) -> list[Shape]:
    """How fire spreads (ruling F3), as pictures: a new Fire with one empty square between it and a
    Fire makes that square catch, in all 8 directions; a Firebreak or a burning square between
    stops it."""
    out: list[Shape] = [frame(CARD_W, CARD_H)]
    out += title("How fire spreads")
    rule = Style(fill=None, stroke="#bbbbbb", width=_w(0.2))
    # 1: a row of three squares, before and after
    c = 12.0
    x0, y1, y2 = 4.0, 18.5, 36.0
    for y in (y1, y2):
        out += mini_grid(x0, y, 1, 3, c)
        out += fires(x0 + c / 2, y + c / 2, c * 0.62, 1)
        out += fires(x0 + 2.5 * c, y + c / 2, c * 0.62, 1)
    out += new_mark(x0 + 2 * c, y1, c)
    out.append(Text(x0 + 1.5 * c, y1 + c * 0.68, "?", size=16.0, font="title", color="#8a7a5a", anchor="middle"))
    out += caught(x0 + c, y2, c)
    out += arrow(x0 + 1.5 * c, y1 + c + 0.8, x0 + 1.5 * c, y2 - 0.8, mm=0.6, head=1.8)
    out += caption(43.0, 15.0, 34.0, "A new Fire lands: if ONE empty square is between it and a Fire, "
                   "that square catches too.", pt=9.0, width=CARD_W - 44.0)
    out.append(Line(2.0, 50.5, CARD_W - 2.0, 50.5, rule))
    # 2: all 8 directions from a new Fire in the middle of a 5 x 5 piece of forest
    c = 8.0
    gx, gy = 3.0, 55.0
    out += mini_grid(gx, gy, 5, 5, c)
    burning = [(2, 2), (0, 2), (0, 4), (2, 4), (2, 1), (2, 0)]
    for i, j in burning:
        out += fires(*cell_centre(gx, gy, c, i, j), c * 0.66, 1)
    for i, j in ((1, 2), (1, 3)):  # N and NE: an empty square, then a Fire: caught
        out += caught(gx + j * c, gy + i * c, c)
    out += put("firebreak", gx + 3 * c + c * 0.1, gy + 2 * c + c * 0.1, c * 0.8, c * 0.8)  # E: stopped
    out += new_mark(gx + 2 * c, gy + 2 * c, c, word=False)
    notes = ["Red: the new Fire. Look all 8 ways, diagonals too: the orange squares caught.",
             "A Firebreak between them stops it.",
             "A square already burning between them: nothing new."]
    nx, y = gx + 5 * c + 3.0, gy - 1.0
    for text in notes:
        lines = fonts.wrap(text, "condensed", 8.4, CARD_W - nx - 3.6)
        out.append(Circle(nx + 0.8, y + 1.6, 0.7, Style(fill=INK, stroke=None)))
        out += words(nx + 2.6, y + 2.6, text, 8.4, "condensed", width=CARD_W - nx - 3.6)
        y += len(lines) * 8.4 * PT * 1.18 + 2.2
    out.append(Line(2.0, gy + 5 * c + 2.0, CARD_W - 2.0, gy + 5 * c + 2.0, rule))
    out += caption(3.0, gy + 5 * c + 2.5, CARD_H - gy - 5 * c - 3.0,
                   "Remember: a Fire rolled on a Firebreak does nothing. A square that caught does not "
                   "spread again. A square may hold many Fires.", pt=8.6, width=CARD_W - 5.0)
    return out
