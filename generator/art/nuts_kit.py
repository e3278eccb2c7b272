"""In the Nuts!' card faces: the storage card (empty front, full back) and the joker's pair of nuts.

A storage card is drawn whole (a deck row gives its size and points): the capacity large on the
left, one empty place per nut it holds, the points it is worth when full at the bottom right, and
the owner's motif (a player mark in the player's colour) so colour is never needed to tell two
players' cards apart. The full side shows every place taken and the points again, larger.

Deck templates hand options over as text (`size: "{{ row.size }}"`), so every option here also
accepts its value written as text.
"""
from __future__ import annotations

import math
from dataclasses import replace

from generator.art._core import (
    INK,
    REGISTRY,
    art,
    colour,
    compose,
    design,
    flag,
    ink,
    lighter,
    line,
    moved,
    poly,
    scaled,
    transform,
    whole,
)
from generator.shapes import Circle, Line, Rect, Shape, Style, Text

W, H = 100.0, 100.0 * 52.0 / 82.0  # a landscape 88 x 58 mm card inside the 3 mm the deck keeps clear
GHOST = "#b8b0a4"


def placed_art(name: str, x: float, y: float, size: float, **opts) -> list[Shape]:
    """A registered drawing (design units) scaled into the square (x, y, size) of this drawing."""
    shapes, (x0, y0, x1, y1) = design(name, tuple(sorted(opts.items())), strokes=True)
    k = size / max(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return transform(shapes, compose(moved(x + size / 2 - cx * k, y + size / 2 - cy * k), scaled(k)), width_k=k)


def places(n: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float]]:
    """Centres and radius of n round places in (x, y, w, h): in one row or two (the top row the
    longer), whichever gives the larger places."""
    best = None
    for rows in (1, 2):
        cols = math.ceil(n / rows)
        cell = min(w / cols, h / rows)
        if best is None or cell > best[2]:
            best = (rows, cols, cell)
    rows, cols, cell = best
    out = []
    for i in range(n):
        row = i // cols
        in_row = cols if row < rows - 1 else n - cols * (rows - 1)
        c = i - row * cols
        out.append((x + w / 2 + (c - (in_row - 1) / 2) * cell, y + h / 2 + (row - (rows - 1) / 2) * cell, cell / 2 * 0.84))
    return out


@art("storage-card", "size", "points", "full", "motif")
def storage_card(color: str | None = None, size=3, points=10, full=False, motif: str = "mark-circle") -> list[Shape]:
    """A nut storage card's whole face (landscape). size: nuts it holds; points: worth when full;
    full: the back (every place taken); motif: the owner's mark (art name); color: the owner's colour."""
    n, pts, is_full = whole(size, "size", 0, 12, 0), whole(points, "points", 0, 999, 0), flag(full)
    if n < 1:
        raise ValueError("size must be at least 1")
    c = colour({"color": color}, "#8a8a8a")
    if motif not in REGISTRY or not motif.startswith("mark-"):
        raise ValueError(f"motif must be a player mark (mark-circle, mark-star...), got {motif!r}")
    out: list[Shape] = [Rect(0, 0, W, H, Style(fill=None, stroke=None))]  # the face: sets the fit
    # Left: the capacity, large, on a band of the owner's colour, the owner's motif at its foot.
    band = 22.0
    out.append(Rect(0, 0, band, H, ink(lighter(c, 0.55), width=1.2), r=4.0))
    out.append(Text(band / 2, 26, str(n), size=40, font="title", color=INK, anchor="middle"))
    out.append(Text(band / 2, 35, "nut" if n == 1 else "nuts", size=10, font="condensed-bold", color=INK,
                    anchor="middle"))
    out += placed_art(motif, 3.5, H - band + 3.0, band - 7, color=c, fill=True)
    # Top: what the side is.
    mid = (band + W) / 2
    out.append(Text(mid, 9.5, "FULL" if is_full else "NUT STORAGE", size=11, font="heading", color=INK, anchor="middle"))
    # The places: empty (dashed) on the front, each taken (a tick) on the back.
    for cx, cy, r in places(n, band + 1.5, 13, 76 - band - 1.5, H - 14):
        if is_full:
            out.append(Circle(cx, cy, r, ink(lighter(c, 0.25), width=1.6)))
            out.append(poly([(cx - r * 0.45, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.36), (cx + r * 0.5, cy - r * 0.34)],
                            line(INK, max(1.6, r * 0.2)), closed=False))
        else:
            out.append(Circle(cx, cy, r, Style(fill="#ffffff", stroke=INK, width=1.2, dash=(3.0, 2.0))))
            out.append(Circle(cx, cy, r * 0.3, line(GHOST, 1.0)))
    # Right: the points at the bottom right, with what they are for above them.
    pr = 10.5
    px, py = W - pr - 0.8, H - pr - 0.8
    out.append(Text(px, py - pr - 3.0, "scores" if is_full else "if full", size=8.5, font="condensed-bold",
                    color="#333333", anchor="middle"))
    out.append(Circle(px, py, pr, ink("#ffd54a" if is_full else "#ffe9ad", width=1.4)))
    out.append(Text(px, py + 3.2, str(pts), size=20 if pts < 100 else 15, font="title", color=INK, anchor="middle"))
    out.append(Text(px, py + 8.2, "points", size=7.5, font="condensed-bold", color=INK, anchor="middle"))
    return out


@art("nut-pair", "kinds")
def nut_pair(color: str | None = None, kinds="walnut hazelnut") -> list[Shape]:
    """A joker's two nuts, one over the other's shoulder, split by a diagonal.
    kinds: the two kinds, as a list or as text ("walnut hazelnut" or "walnut, hazelnut")."""
    names = kinds if isinstance(kinds, (list, tuple)) else str(kinds).replace(",", " ").split()
    if len(names) != 2 or any(k not in REGISTRY for k in names):
        raise ValueError(f"kinds must be two nut drawings (walnut, hazelnut, beechnut, acorn...), got {kinds!r}")
    a, b = names
    out: list[Shape] = [Rect(0, 0, 100, 100, Style(fill=None, stroke=None))]
    out.append(Line(96, 4, 4, 96, line("#b0a48f", 2.0)))
    out += placed_art(a, 0, 0, 54)
    out += placed_art(b, 46, 46, 54)
    return out


@art("draw-pile")
def draw_pile(color: str | None = None) -> list[Shape]:
    """The draw pile's place on the board: a nut card's outline (43 x 59) with a faint squirrel,
    "Draw pile" and "face down" in the middle (clear of the top edge, where a seam's mark may sit).
    color: the outline's fill (default a light wood)."""
    c = colour({"color": color}, "#efe7da")
    w, h = 100.0, 100.0 * 59.0 / 43.0
    out: list[Shape] = [Rect(0, 0, w, h, ink(c, width=2.0), r=7.0)]
    out += [_faded(s) for s in placed_art("squirrel", 18, 46, 64)]
    out.append(Text(w / 2, 34, "Draw pile", size=22, font="heading", color=INK, anchor="middle"))
    out.append(Text(w / 2, 126, "face down", size=16, font="condensed-bold", color="#444444", anchor="middle"))
    return out


def _faded(s: Shape) -> Shape:
    """A shape printed pale (under the cards that lie on it)."""
    st = getattr(s, "style", None)
    if st is None:
        return s
    return replace(s, style=replace(st, fill=lighter(st.fill, 0.75) if st.fill else None,
                                    stroke=lighter(st.stroke, 0.7) if st.stroke else None))
