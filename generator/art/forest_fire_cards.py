"""Forest Fire's cards drawn as pictures: the role cards' kid-side faces, the round card and
the fire-spread diagram, for children who cannot read yet as much as for their parents.

Like the board drawings (generator/art/forest_fire_kit.py, whose helpers these use), each is designed
in millimetres at the size the kit prints it (a card face 84 x 114 mm) inside an invisible frame,
and the numbers that are rules arrive as options the kit file fills from `params`.
"""
from __future__ import annotations

from typing import Any

from pnpkit.generator import fonts
from pnpkit.generator.art._core import INK, art, flag, whole
from pnpkit.generator.art.forest_fire_kit import (  # the shared drawing helpers
    GREY,
    OUTER,
    PT,
    arrow,
    box_style,
    cell_centre,
    fires,
    frame,
    mini_grid,
    mm_width,
    put,
    words,
)
from pnpkit.generator.shapes import Circle, Line, Path, Rect, Shape, Style, Text

# ----------------------------------------------------------------------------- the cards
CARD_W, CARD_H = 84.0, 114.0  # the face as designed; an 80 x 120 card lays it at 0.845 (71 mm wide)
SMALL = 8.5  # the least words: 7.2 pt once laid on the card
ROLE_ART = {"hotshot": "hotshot", "smoke-jumper": "smoke-jumper", "pilot": "pilot"}
MIME = {"hotshot": ("mime-hose", "Hold a fire hose!"),
        "smoke-jumper": ("mime-parachute", "Hold your parachute straps!"),
        "pilot": ("mime-plane", "Fly like a plane!")}


def title(text: str, y: float = 9.0, pt: float = 17.0) -> list[Shape]:
    pt = fonts.fit_size(text, "heading", pt, CARD_W - 6, smallest=SMALL)
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
    red = Style(fill=None, stroke="#c8372d", width=mm_width(1.1), cap="round")
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
                    Style(fill=None, stroke=INK, width=mm_width(0.5), dash=(1.2 / OUTER, 0.9 / OUTER), cap="round")))
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
    n_actions, n_removes, n_line = whole(actions, "actions", 1, default=2), whole(removes, "removes"), whole(line, "line", 1, default=3)
    out: list[Shape] = [frame(CARD_W, CARD_H)]
    out += title(label or role.replace("-", " ").title())
    # the piece and the mime
    out += piece(ROLE_ART[role], 20.0, 27.0, 25.0, **({"full": True} if role == "pilot" else {}))
    out += words(20.0, 44.6, "your piece", SMALL, "condensed", color=GREY, anchor="middle")
    drawn, says = MIME[role]
    out += put(mime or drawn, 44.0, 12.0, 36.0, 29.0)
    out += words(62.0, 44.6, says, fonts.fit_size(says, "condensed", 9.0, 38.0, smallest=SMALL), "condensed", anchor="middle")
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
        if flag(jump):
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
            out.append(Line(2.0, top - 0.5, CARD_W - 2.0, top - 0.5, Style(fill=None, stroke="#bbbbbb", width=mm_width(0.2))))
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
    n = whole(setup_rounds, "setup_rounds", default=2)
    out: list[Shape] = [frame(CARD_W, CARD_H)]
    out += title("Each round")
    out.append(Rect(2.0, 12.5, CARD_W - 4.0, 8.0, box_style("#f3efe6", color="#8a7a5a", mm=0.25)))
    out += words(CARD_W / 2, 18.0, f"To start: {n} rounds of Fires before anyone moves", 8.6, "condensed-bold",
                 anchor="middle")
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
            out.append(Line(2.0, top, CARD_W - 2.0, top, Style(fill=None, stroke="#bbbbbb", width=mm_width(0.2))))
    return out


def new_mark(x: float, y: float, c: float, word: bool = True) -> list[Shape]:
    """The square a Fire was just rolled on: a thick red outline (and "new" above it)."""
    out: list[Shape] = [Rect(x, y, c, c, Style(fill=None, stroke="#c8372d", width=mm_width(0.9), join="round"))]
    if word:
        out.append(Text(x + c / 2, y - 1.0, "new", size=SMALL, font="condensed-bold", color="#c8372d", anchor="middle"))
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
    rule = Style(fill=None, stroke="#bbbbbb", width=mm_width(0.2))
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
