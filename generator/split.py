"""A board larger than the printable area, split into parts that are glued together.

The board is drawn once; each part is that same drawing clipped to its region (shapes.Group
clip), so parts match to the hundredth of a millimetre. Neighbouring parts overlap by OVERLAP mm:
the later part (right of or below its neighbour) carries the shared strip, hatched and labelled
"glue here"; the earlier part is cut at the seam and laid over the strip. Alignment marks sit on the
board drawing itself, on every seam: a diamond split by the seam, with the same letter on both sides,
so each half lands on a different part and the two halves must meet again. Seams are placed
where they cut the fewest track spaces, grid squares and text blocks the board lists in
`meta["keep_whole"]`, as near an even split as that allows.

The board is turned 90 degrees when that needs fewer parts (landscape use of a portrait page).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnpkit.generator import fonts, legibility
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Group, Line, Polygon, Rect, Shape, Style, Text

OVERLAP = 10.0
CLEAR = 1.5  # mm a seam keeps, where it can, from the spaces and texts it passes between
SEAM_CLEAR = 0.5  # mm a part's drawing stops short of a seam it is cut along
INSIDE = 3.5  # mm the part's number keeps from an outer cut: the safe zone (pieces.SAFE_DEFAULT) and its frame
HATCH = Style(fill=None, stroke="#7a7a7a", width=0.3)
VEIL = Style(fill="#ffffff", stroke=None, opacity=0.7, ground=True)  # on the cut: never outlined
MARK = Style(fill="#000000", stroke="#ffffff", width=0.3)


@dataclass(frozen=True)
class Split:
    """How one board is cut up. `parts` are ordinary pieces (one per part, `meta["part"]` "2/4",
    `meta["region"]` the part's (x, y, w, h) on the turned board)."""

    board: Piece
    rotated: bool
    cols: int
    rows: int
    parts: tuple[Piece, ...]
    w: float  # board size as printed (after turning)
    h: float


def _count(length: float, room: float) -> int:
    """The fewest parts `room` long that cover `length` with an OVERLAP between neighbours:
    n parts cover n room - (n - 1) OVERLAP."""
    if length <= room + 1e-9:
        return 1
    return math.ceil((length - OVERLAP) / (room - OVERLAP) - 1e-9)


def fits(w: float, h: float, room_w: float, room_h: float) -> bool:
    return w <= room_w + 1e-9 and h <= room_h + 1e-9


def plan(w: float, h: float, room_w: float, room_h: float) -> tuple[bool, int, int]:
    """(rotated, cols, rows) with the fewest parts; ties keep the board as drawn."""
    upright = (False, _count(w, room_w), _count(h, room_h))
    turned = (True, _count(h, room_w), _count(w, room_h))
    return turned if turned[1] * turned[2] < upright[1] * upright[2] else upright


def _turn(shapes: tuple[Shape, ...], h: float) -> tuple[Shape, ...]:
    """Turn a drawing of a board h tall by 90 degrees clockwise: (x, y) -> (h - y, x)."""
    return (Group(tuple(shapes), dx=h, rotate=90),)


def _letters(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def _cuts(length: float, n: int, room: float, keep: list[tuple[float, float]] = ()) -> list[float]:
    """Where the n parts along one side meet. Each seam goes where it cuts the fewest of the
    `keep` spans (track spaces, grid squares, text blocks: (start, end) along this side), nearest
    the even split among those, within what the page allows: every part (with its glue strip)
    at most `room` long, and the parts still to come able to hold the rest."""
    if n == 1:
        return [0.0, length]
    # The best seam is at the even split, at a bound, on an edge, CLEAR from an edge, or halfway
    # between two edges closer than 2 CLEAR: those are the only places to try.
    edges = sorted({e for a, b in keep for e in (a, b)})
    places = {e + d for e in edges for d in (-CLEAR, 0.0, CLEAR)} | {(a + b) / 2 for a, b in zip(edges, edges[1:])}
    cuts = [0.0]
    for k in range(1, n):
        left = n - k  # parts after this seam
        lo = max(cuts[-1] + 1.0, length + OVERLAP * left - left * room)
        hi = min(length - 1.0, cuts[-1] + room - (OVERLAP if k > 1 else 0.0))
        even = min(max(length * k / n, lo), hi)
        best, best_key = even, None
        for c in [even, lo, hi] + sorted(c for c in places if lo <= c <= hi):
            crossed = sum(1 for a, b in keep if a + 0.01 < c < b - 0.01)
            clear = min([CLEAR] + [min(abs(c - a), abs(c - b)) for a, b in keep])
            key = (crossed, -clear, abs(c - even))  # on a grid line beats through a square
            if best_key is None or key < best_key:
                best, best_key = c, key
        cuts.append(round(best, 2))
    cuts.append(length)
    return cuts


def alignment_marks(xs: list[float], ys: list[float], first: int = 0) -> list[Shape]:
    """Diamonds on every seam, with a letter on each side of it (so on both parts); the letters
    start at the `first`-th (A = 0)."""
    out: list[Shape] = []
    k = first
    r = 2.2
    for c in xs[1:-1]:  # vertical seams
        for j in range(len(ys) - 1):
            for f in (0.25, 0.75):
                y = ys[j] + (ys[j + 1] - ys[j]) * f
                out.append(Polygon(((c - r, y), (c, y - r), (c + r, y), (c, y + r)), MARK))
                label = _letters(k)
                k += 1
                out.append(Text(c - r - 1.2, y + 1.1, label, 8, "bold", "#000000", "end"))
                out.append(Text(c + r + 1.2, y + 1.1, label, 8, "bold", "#000000", "start"))
    for c in ys[1:-1]:  # horizontal seams
        for i in range(len(xs) - 1):
            for f in (0.25, 0.75):
                x = xs[i] + (xs[i + 1] - xs[i]) * f
                out.append(Polygon(((x - r, c), (x, c - r), (x + r, c), (x, c + r)), MARK))
                label = _letters(k)
                k += 1
                out.append(Text(x, c - r - 1.0, label, 8, "bold", "#000000", "middle"))
                out.append(Text(x, c + r + 3.6, label, 8, "bold", "#000000", "middle"))
    return out


def glue_strip(w: float, h: float, vertical: bool, text: str) -> list[Shape]:
    """The hatched strip along a part's left edge (vertical) or top edge, in the part's frame."""
    sw, sh = (OVERLAP, h) if vertical else (w, OVERLAP)
    out: list[Shape] = [Rect(0, 0, sw, sh, VEIL)]
    step = 4.0
    # 45-degree hatching clipped to the strip
    lines: list[Shape] = []
    t = -max(sw, sh)
    while t < max(sw, sh) * 2:
        lines.append(Line(t, 0, t + sh, sh, HATCH))
        t += step
    inset = SEAM_CLEAR + 0.3  # the hatching keeps off the strip's cut (its lines would cross it)
    out.append(Group(tuple(lines), clip=(inset, 0, sw - inset, sh) if vertical else (0, inset, sw, sh - inset)))
    if vertical:
        out.append(Text(OVERLAP / 2 + 1.2, h / 2, text, 7, "bold", "#333333", "middle", rotate=-90))
    else:
        out.append(Text(w / 2, OVERLAP / 2 + 1.2, text, 7, "bold", "#333333", "middle"))
    return out


def _part_label(label: str, x: float, y: float) -> list[Shape]:
    text = f"part {label}"
    w = fonts.text_width(text, "bold", 7) + 2
    return [Rect(x, y, w, 4.2, Style(fill="#ffffff", stroke="#000000", width=0.2), r=0.8),
            Text(x + 1, y + 3.2, text, 7, "bold", "#000000")]


def split_board(board: Piece, room_w: float, room_h: float) -> Split:
    """Cut `board` into parts that each fit room_w x room_h (the page's piece area)."""
    rotated, cols, rows = plan(board.w, board.h, room_w, room_h)
    if rotated:
        w, h = board.h, board.w
        front = _turn(board.front, board.h)
        back = _turn(board.back, board.h) if board.back is not None else None
    else:
        w, h = board.w, board.h
        front, back = tuple(board.front), (tuple(board.back) if board.back is not None else None)
    keep = [(board.h - y - bh, x, bh, bw) if rotated else (x, y, bw, bh)
            for x, y, bw, bh in board.meta.get("keep_whole", ())]
    xs = _cuts(w, cols, room_w, [(x, x + bw) for x, _, bw, _ in keep])
    ys = _cuts(h, rows, room_h, [(y, y + bh) for _, y, _, bh in keep])
    marks = tuple(alignment_marks(xs, ys))
    turned = {"left": "top", "top": "right", "right": "bottom", "bottom": "left"}  # as the board is turned
    joined = {turned[e] if rotated else e for e in board.meta.get("seams", ())}  # edges a panel meets
    front = tuple(front) + marks
    parts = [_part(board, front, back, w, (xs, ys), (c, r, cols, rows), joined)
             for r in range(rows) for c in range(cols)]
    return Split(board, rotated, cols, rows, tuple(parts), w, h)


def _part(board: Piece, front: tuple[Shape, ...], back, w: float, cuts: tuple[list[float], list[float]],
          at: tuple[int, int, int, int], joined: set[str]) -> Piece:
    """Part (c, r) of a board cut along `cuts` into cols x rows: its region of the drawing (the
    background to its cut, the rest clear of its seams), its glue strips, its label and its back."""
    xs, ys = cuts
    c, r, cols, rows = at
    label = f"{r * cols + c + 1}/{cols * rows}"
    x0 = xs[c] - (OVERLAP if c > 0 else 0.0)
    y0 = ys[r] - (OVERLAP if r > 0 else 0.0)
    pw, ph = xs[c + 1] - x0, ys[r + 1] - y0
    # the edges laid over a neighbour's glue strip are cut along the seam, and a glue strip's
    # outer edge is cut too: the drawing stops SEAM_CLEAR short of them, so no line lies on
    # a cut (the neighbour shows the rest; the drawing under the strip is hidden once glued)
    over = {"right": c < cols - 1 or "right" in joined, "bottom": r < rows - 1 or "bottom" in joined,
            "left": c > 0 or "left" in joined, "top": r > 0 or "top" in joined}
    cx0, cy0 = x0 + SEAM_CLEAR * over["left"], y0 + SEAM_CLEAR * over["top"]
    cw = pw - SEAM_CLEAR * (over["left"] + over["right"])
    ch = ph - SEAM_CLEAR * (over["top"] + over["bottom"])
    grounds = tuple(g for g in front if getattr(getattr(g, "style", None), "ground", False))
    drawn = tuple(g for g in front if not getattr(getattr(g, "style", None), "ground", False))
    art: list[Shape] = [Group(grounds, dx=-x0, dy=-y0, clip=(x0, y0, pw, ph)),  # the background to the cut
                        Group(drawn, dx=-x0, dy=-y0, clip=(cx0, cy0, cw, ch))]
    glue = f"glue here: part {label} goes under its neighbour"
    if c > 0:
        art += glue_strip(pw, ph, True, glue)
    if r > 0:
        art += glue_strip(pw, ph, False, glue)
    lx = OVERLAP + 1.5 if c > 0 else INSIDE
    ly = OVERLAP + 1.5 if r > 0 else INSIDE
    if c == 0 and r == 0:
        art += _part_label(label, lx, ly)
    else:  # on the strip: hidden once glued
        art += _part_label(label, 1.0 if c > 0 else lx, 1.0 if r > 0 else ly)
    back_art = None
    if back is not None:  # the back of this region, seen through the paper (long edge)
        bx0 = w - (x0 + pw)
        back_art = (Group(back, dx=-bx0, dy=-y0, clip=(bx0, y0, pw, ph)),)
    return replace(
        board, name=f"{board.name} part {label}", w=pw, h=ph, front=tuple(art),
        back=back_art, bleed=0.0,
        meta={**board.meta, "part": label, "region": (x0, y0, pw, ph), "board": board.name,
              "seams": tuple(side for side, inner in (("left", c > 0), ("top", r > 0), ("right", c < cols - 1),
                                                      ("bottom", r < rows - 1)) if inner or side in joined)})


@dataclass(frozen=True)
class Panel:
    """A board laid against a split board's edge (kit file `attach`), for its assembly picture."""

    drawing: tuple[Shape, ...]  # the panel's own drawing, without its glue strip
    w: float
    h: float
    edge: str  # the split board's edge it goes against: left | right | top | bottom
    title: str
    note: str = ""


def _panel_box(board: Piece, p: Panel) -> tuple[float, float]:
    """Where a panel's drawing starts, in the board's own (unturned) frame."""
    return {"right": (board.w, 0.0), "left": (-p.w, 0.0), "bottom": (0.0, board.h), "top": (0.0, -p.h)}[p.edge]


def thumbnail(split: Split, x: float, y: float, w: float, h: float, panels: tuple[Panel, ...] = ()) -> list[Shape]:
    """The whole board scaled into (x, y, w, h), each part outlined and numbered, in the order
    they are glued; a panel laid against it (`panels`) drawn in its place, dashed, with its note."""
    b = split.board
    # everything in the board's own frame: the board, then each panel beside it
    boxes = [(0.0, 0.0, b.w, b.h)] + [(*_panel_box(b, p), p.w, p.h) for p in panels]
    if split.rotated:  # as the board is turned: (u, v) -> (H - v, u)
        boxes = [(b.h - by - bh, bx, bh, bw) for bx, by, bw, bh in boxes]
    x0, y0 = min(bx for bx, _, _, _ in boxes), min(by for _, by, _, _ in boxes)
    x1, y1 = max(bx + bw for bx, _, bw, _ in boxes), max(by + bh for _, by, _, bh in boxes)
    s = min(w / (x1 - x0), h / (y1 - y0))
    ox = x + (w - (x1 - x0) * s) / 2 - x0 * s
    oy = y + (h - (y1 - y0) * s) / 2 - y0 * s
    layers: list[Shape] = [Group(tuple(b.front), clip=(0, 0, b.w, b.h))]
    for p in panels:
        px, py = _panel_box(b, p)
        layers.append(Group((Group(tuple(p.drawing), clip=(0, 0, p.w, p.h)),), dx=px, dy=py))
    drawn = _turn(tuple(layers), b.h) if split.rotated else tuple(layers)
    out: list[Shape] = [Group(legibility.without_small(drawn, legibility.PAGE_PT, s), dx=ox, dy=oy, scale=s)]
    out.append(Rect(ox, oy, split.w * s, split.h * s, Style(fill=None, stroke="#000000", width=0.3)))
    for p, (bx, by, bw, bh) in zip(panels, boxes[1:]):
        rx, ry = ox + bx * s, oy + by * s
        out.append(Rect(rx, ry, bw * s, bh * s, Style(fill=None, stroke="#555555", width=0.5, dash=(1.5, 1.0))))
        cx, cy = rx + bw * s / 2, ry + bh * s / 2
        words = p.note if p.note else p.title
        lines = fonts.wrap(words, "bold", 8, max(bw * s - 4, 12))
        tw = max(fonts.text_width(line, "bold", 8) for line in lines) + 3
        out.append(Rect(cx - tw / 2, cy - 4.0, tw, 3.6 * len(lines) + 2.2, Style(fill="#ffffff", stroke="#555555",
                                                                                 width=0.3), r=1))
        for k, line in enumerate(lines):
            out.append(Text(cx, cy + k * 3.6, line, 8, "bold", "#000000", "middle"))
    for part in split.parts:
        px, py, pw, ph = part.meta["region"]
        rx, ry = ox + px * s, oy + py * s
        out.append(Rect(rx + 0.4, ry + 0.4, pw * s - 0.8, ph * s - 0.8,
                        Style(fill=None, stroke="#0072B2", width=0.5, dash=(2.0, 1.0))))
        label = part.meta["part"]
        cx, cy = rx + pw * s / 2, ry + ph * s / 2
        tw = fonts.text_width(label, "bold", 14) + 4
        out.append(Rect(cx - tw / 2, cy - 4.5, tw, 7.5, Style(fill="#ffffff", stroke="#0072B2", width=0.4), r=1))
        out.append(Text(cx, cy + 1.6, label, 14, "bold", "#000000", "middle"))
    return out
