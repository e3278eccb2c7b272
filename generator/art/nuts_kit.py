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

from generator.art._core import (
    INK,
    REGISTRY,
    art,
    bounds,
    colour,
    compose,
    ink,
    lighter,
    line,
    moved,
    poly,
    scaled,
    transform,
)
from generator.shapes import Circle, Rect, Shape, Style, Text

W, H = 100.0, 100.0 * 82.9 / 57.5  # a poker card inside the 3 mm the deck keeps clear: 57.5 x 82.9 mm
GHOST = "#b8b0a4"


def _int(value, name: str) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {value!r}") from None
    if n < 1 or n > 12:
        raise ValueError(f"{name} must be 1-12, got {n}")
    return n


def _bool(value) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1"):
        return True
    if text in ("false", "no", "0", ""):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def placed_art(name: str, x: float, y: float, size: float, **opts) -> list[Shape]:
    """A registered drawing (design units) scaled into the square (x, y, size) of this drawing."""
    shapes = REGISTRY[name].fn(**opts)
    x0, y0, x1, y1 = bounds(shapes)
    k = size / max(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return transform(shapes, compose(moved(x + size / 2 - cx * k, y + size / 2 - cy * k), scaled(k)), width_k=k)


def places(n: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float]]:
    """Centres and radius of n round places laid in one column (up to 3) or two, filling (x, y, w, h)."""
    cols = 1 if n <= 3 else 2
    rows = math.ceil(n / cols)
    r = min(w / cols, h / rows) / 2 * 0.86
    out = []
    for i in range(n):
        c, rw = (i % cols, i // cols)
        last_alone = cols == 2 and n % 2 == 1 and rw == rows - 1
        cx = x + w / 2 if last_alone else x + (c + 0.5) * w / cols
        out.append((cx, y + (rw + 0.5) * h / rows, r))
    return out


@art("storage-card", "size", "points", "full", "motif")
def storage_card(color: str | None = None, size=3, points=10, full=False, motif: str = "mark-circle") -> list[Shape]:
    """A nut storage card's whole face. size: nuts it holds; points: worth when full;
    full: the back (every place taken); motif: the owner's mark (art name); color: the owner's colour."""
    n, pts, is_full = _int(size, "size"), int(str(points).strip()), _bool(full)
    c = colour({"color": color}, "#8a8a8a")
    if motif not in REGISTRY or not motif.startswith("mark-"):
        raise ValueError(f"motif must be a player mark (mark-circle, mark-star...), got {motif!r}")
    out: list[Shape] = [Rect(0, 0, W, H, Style(fill=None, stroke=None))]  # the face: sets the fit
    # The left band: capacity, the word, the owner's motif at its foot.
    band = 27.0
    out.append(Rect(0, 0, band, H, ink(lighter(c, 0.55), width=1.6), r=5.0))
    out.append(Text(band / 2, 36, str(n), size=58, font="title", color=INK, anchor="middle"))
    out.append(Text(band / 2, 48, "nuts" if n != 1 else "nut", size=15, font="condensed-bold", color=INK, anchor="middle"))
    for i in range(n):  # the capacity again as tally pips, for a glance at a fanned hand
        col, row = i % 2, i // 2
        out.append(Circle(band / 2 - 4.5 + col * 9, 58 + row * 9, 3.2, ink("#ffffff" if not is_full else c, width=1.2)))
    out += placed_art(motif, 2.5, H - band + 2.5, band - 5, color=c, fill=True)
    # The right side: a heading, the places, the points at the bottom right.
    x0 = band + 5
    heading = "FULL" if is_full else "NUT STORAGE"
    out.append(Text((x0 + W) / 2, 11, heading, size=16 if is_full else 12.5, font="heading", color=INK, anchor="middle"))
    out.append(Text((x0 + W) / 2, 20, "turn over when full" if not is_full else f"{n} nuts stored", size=10,
                    font="condensed", color="#444444", anchor="middle"))
    for cx, cy, r in places(n, x0, 24, W - x0, H - 24 - 36):
        if is_full:
            out.append(Circle(cx, cy, r, ink(lighter(c, 0.35), width=2.2)))
            out += placed_art("acorn", cx - r * 0.62, cy - r * 0.62, r * 1.24)
        else:
            out.append(Circle(cx, cy, r, Style(fill="#ffffff", stroke=INK, width=1.6, dash=(4.0, 2.6))))
            out.append(Circle(cx, cy, r * 0.42, line(GHOST, 1.2)))
    # points, bottom right: a round seal with the number
    pr = 17.0 if is_full else 14.5
    px, py = W - pr - 1.5, H - pr - 1.5
    out.append(Circle(px, py, pr, ink("#ffe7a8" if not is_full else "#ffd54a", width=2.0)))
    out.append(Circle(px, py, pr - 3.2, line(INK, 0.9)))
    out.append(Text(px, py + (7.0 if is_full else 5.5), str(pts), size=30 if is_full else 24, font="title", color=INK,
                    anchor="middle"))
    out.append(Text(px - pr - 3, py + 4, "points" if not is_full else "points", size=11, font="condensed-bold",
                    color=INK, anchor="end"))
    out.append(Text(px - pr - 3, py - 8, "if full:" if not is_full else "scores", size=10, font="condensed",
                    color="#444444", anchor="end"))
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
    out.append(poly([(100, 0), (100, 8), (8, 100), (0, 100), (0, 92), (92, 0)], ink("#efe6d6", width=1.0)))
    out += placed_art(a, 2, 2, 50)
    out += placed_art(b, 48, 48, 50)
    return out
