"""In the Nuts!' card faces: the storage card (empty front, full back) and the joker's pair of nuts.

A storage card is drawn whole (a deck row gives its size and points): the capacity large on the
left, the owner's motif (a player mark in the player's colour, so colour is never needed to tell
two players' cards apart) and the points it is worth when full; on the right the place where the
nut cards it stores are stacked, a nut card's size. The full side shows the place taken and the
points again, larger.

Deck templates hand options over as text (`size: "{{ row.size }}"`), so every option here also
accepts its value written as text.
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.generator.art._core import (
    INK,
    art,
    colour,
    compose,
    design,
    drawing,
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
from pnpkit.generator.shapes import Circle, Line, Rect, Shape, Style, Text

# The storage card's face inside the deck's frame: a poker card (88.9 x 63.5 mm) lying landscape,
# 4.5 mm kept clear all round (the frame's safe line and its air).
CARD_W, CARD_H = 88.9, 63.5
FACE_W, FACE_H = CARD_W - 9.0, CARD_H - 9.0  # mm
U = 100.0 / FACE_W  # design units per mm
W, H = 100.0, FACE_H * U
NUT_CARD = (63.0, 41.0)  # a nut card (a mini card, 41 x 63 mm) lying sideways on the storage card
SMALL = 9.0  # the least words, in design units: 7.2 pt once the face is drawn at its size
GHOST = "#b8b0a4"


def placed_art(name: str, x: float, y: float, size: float, **opts) -> list[Shape]:
    """A registered drawing (design units) scaled into the square (x, y, size) of this drawing."""
    shapes, (x0, y0, x1, y1) = design(name, tuple(sorted(opts.items())), strokes=True)
    k = size / max(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return transform(shapes, compose(moved(x + size / 2 - cx * k, y + size / 2 - cy * k), scaled(k)), width_k=k)


@art("storage-card", "size", "points", "full", "motif")
def storage_card(color: str | None = None, size=3, points=10, full=False, motif: str = "mark-circle") -> list[Shape]:
    """A nut storage card's whole face (landscape, 80 x 55 mm inside an 89 x 64 card). size: nuts
    it holds; points: worth when full; full: the back; motif: the owner's mark (art name); color:
    the owner's colour. Left, on a band of the owner's colour: the capacity (large), the motif, the
    points. Right: the place for the stored nut cards, a nut card's size (lying sideways), so the
    stack sits on it; the full side shows the place taken and the points again."""
    n, pts, is_full = whole(size, "size", 0, 12, 0), whole(points, "points", 0, 999, 0), flag(full)
    if n < 1:
        raise ValueError("size must be at least 1")
    c = colour({"color": color}, "#8a8a8a")
    if drawing(motif) is None or not motif.startswith("mark-"):
        raise ValueError(f"motif must be a player mark (mark-circle, mark-star...), got {motif!r}")
    out: list[Shape] = [Rect(0, 0, W, H, Style(fill=None, stroke=None))]  # the face: sets the fit
    # Right: the place, a nut card's outline (1 mm larger each way), flush right, centred down.
    pw, ph = (NUT_CARD[0] + 1.0) * U, (NUT_CARD[1] + 1.0) * U
    px, py = W - pw, (H - ph) / 2
    # Left: the band (what is left of the face), the capacity, the motif, the points.
    band = px - 2.5
    out.append(Rect(0, 0, band, H, ink(lighter(c, 0.55), width=1.2), r=4.0))
    out.append(Text(band / 2, 15.0, str(n), size=30, font="title", color=INK, anchor="middle"))
    out.append(Text(band / 2, 22.0, "nut" if n == 1 else "nuts", size=SMALL, font="condensed-bold", color=INK,
                    anchor="middle"))
    out += placed_art(motif, band / 2 - 5.0, 25.0, 10.0, color=c, fill=True)
    pr = min(band / 2 - 1.5, 8.5)
    cx, cy = band / 2, 38.0 + pr
    out.append(Circle(cx, cy, pr, ink("#ffd54a" if is_full else "#ffe9ad", width=1.2)))
    out.append(Text(cx, cy + 2.0, str(pts), size=15 if pts < 100 else 11, font="title", color=INK, anchor="middle"))
    out.append(Text(cx, cy + pr + 5.0, "if full" if not is_full else "points", size=SMALL, font="condensed-bold",
                    color=INK, anchor="middle"))
    if is_full:
        out.append(Rect(px, py, pw, ph, ink(lighter(c, 0.25), width=1.4), r=4.0))
        out.append(Text(px + pw / 2, py + ph / 2 - 2.0, "FULL", size=30, font="title", color=INK, anchor="middle"))
        out.append(Text(px + pw / 2, py + ph / 2 + 10.0, f"scores {pts} points", size=11, font="heading", color=INK,
                        anchor="middle"))
        return out
    out.append(Rect(px, py, pw, ph, Style(fill="#ffffff", stroke=INK, width=1.0, dash=(3.0, 2.0)), r=4.0))
    out += [_faded(s) for s in placed_art("walnut", px + pw / 2 - 10, py + 13.0, 20)]
    out.append(Text(px + pw / 2, py + 9.0, "NUT STORAGE", size=10, font="heading", color=INK, anchor="middle"))
    out.append(Text(px + pw / 2, py + ph - 9.0, f"stack up to {n} nut card{'' if n == 1 else 's'} of one kind here",
                    size=SMALL, font="condensed-bold", color="#444444", anchor="middle"))
    out.append(Text(px + pw / 2, py + ph - 4.0, "(lying sideways)", size=SMALL, font="condensed", color="#444444",
                    anchor="middle"))
    return out


@art("nut-pair", "kinds")
def nut_pair(color: str | None = None, kinds="walnut hazelnut") -> list[Shape]:
    """A joker's two nuts, one over the other's shoulder, split by a diagonal.
    kinds: the two kinds, as a list or as text ("walnut hazelnut" or "walnut, hazelnut")."""
    names = kinds if isinstance(kinds, (list, tuple)) else str(kinds).replace(",", " ").split()
    if len(names) != 2 or any(drawing(k) is None for k in names):
        raise ValueError(f"kinds must be two nut drawings (walnut, hazelnut, beechnut, acorn...), got {kinds!r}")
    a, b = names
    out: list[Shape] = [Rect(0, 0, 100, 100, Style(fill=None, stroke=None))]
    out.append(Line(96, 4, 4, 96, line("#b0a48f", 2.0)))
    out += placed_art(a, 0, 0, 54)
    out += placed_art(b, 46, 46, 54)
    return out


@art("draw-pile")
def draw_pile(color: str | None = None) -> list[Shape]:
    """The draw pile's place on the board: a nut card's outline (41 x 63) with a faint squirrel,
    "Draw pile" and "face down" in the middle (clear of the top edge, where a seam's mark may sit).
    color: the outline's fill (default a light wood)."""
    c = colour({"color": color}, "#efe7da")
    w, h = 100.0, 100.0 * NUT_CARD[0] / NUT_CARD[1]
    out: list[Shape] = [Rect(0, 0, w, h, ink(c, width=2.0), r=7.0)]
    out += [_faded(s) for s in placed_art("squirrel", 18, 46, 64)]
    out.append(Text(w / 2, 34, "Draw pile", size=22, font="heading", color=INK, anchor="middle"))
    out.append(Text(w / 2, 126, "face down", size=18, font="condensed-bold", color="#444444", anchor="middle"))
    return out


def _faded(s: Shape) -> Shape:
    """A shape printed pale (under the cards that lie on it)."""
    st = getattr(s, "style", None)
    if st is None:
        return s
    return replace(s, style=replace(st, fill=lighter(st.fill, 0.75) if st.fill else None,
                                    stroke=lighter(st.stroke, 0.7) if st.stroke else None))
