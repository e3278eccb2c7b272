"""`--backs gutter`: each double-sided piece printed as a front-and-back pair, to fold and glue.

For a printer without duplex, or one whose backs never line up, a double-sided piece is printed
once as a pair: its front, and beside it its back, the two sharing one edge, the fold. Cut round
the pair, fold on the dashed line, glue the halves together; the piece is then at its trim size
(a round one is cut round after gluing). Nothing needs a second page, so the file prints
single-sided and no back page or blank page is made.

Which way the back is drawn: folding about a vertical line and then turning the piece over
left-to-right brings the back round upright, so it is drawn as it is. Folding about a horizontal
line leaves it upside down, so it is drawn turned 180 degrees. A vertical fold is used where the
pair fits the page side by side, else a horizontal one.
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Group, Line, Style

FOLD_STYLE = Style(fill=None, stroke="#9a9a9a", width=0.2, dash=(1.2, 1.2))


def fold(piece: Piece, room_w: float, room_h: float) -> Piece:
    """The pair to print for a double-sided piece; a single-sided piece is returned as it is.

    A pair that fits neither way is returned as it is too, and prints with a back page."""
    if not piece.double_sided:
        return piece
    w, h = piece.w, piece.h
    front = Group(tuple(piece.front), clip=(0.0, 0.0, w, h))
    back = Group(tuple(piece.back or ()), clip=(0.0, 0.0, w, h))
    if 2 * w <= room_w + 1e-9 and h <= room_h + 1e-9:
        along, pair_w, pair_h = "x", 2 * w, h
        drawn = (front, Group((back,), dx=w), Line(w, 0.0, w, h, FOLD_STYLE))
    elif w <= room_w + 1e-9 and 2 * h <= room_h + 1e-9:
        along, pair_w, pair_h = "y", w, 2 * h
        drawn = (front, Group((back,), dx=w, dy=2 * h, rotate=180), Line(0.0, h, w, h, FOLD_STYLE))
    else:
        return piece
    meta = dict(piece.meta, fold=(along, w if along == "x" else h))
    return replace(piece, w=pair_w, h=pair_h, front=drawn, back=None, bleed=0.0, shape="rect", meta=meta)


def halves(w: float, h: float, meta: dict) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """For a pair w x h as drawn: its front's box and its back's, in the pair's own frame (a pair laid
    turned on the page turns them with it: sheets.Placed.box_on_page)."""
    along, at = meta["fold"]
    if along == "x":
        return (0.0, 0.0, at, h), (at, 0.0, w - at, h)
    return (0.0, 0.0, w, at), (0.0, at, w, h - at)
