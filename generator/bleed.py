"""Bleed: backgrounds that run past the cut, so a crooked cut or a back that lands a little off
shows no white sliver.

- A double-sided piece whose back has a coloured background gets BACK_BLEED (1.5 mm) on its back
  in every build: a duplex printer that shifts its backs by up to that much leaves no white edge.
- `--bleed MM` (or a deck's own `bleed`) runs the backgrounds of pieces whose background is
  coloured MM past the cut, front and back. A piece on white (paper) gets none: nothing would show.

The renderers say each side's background colour (Piece.grounds) and draw the piece at its trim
size; `resolve` decides a build's bleeds and `underlay` draws the background past the cut, under
the drawing, in the piece's cut shape (a disc for a round counter).
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.generator import colour
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Circle, Rect, Shape, ground

BACK_BLEED = 1.5  # mm: the duplex shift a back survives without a white edge
MAX_REACH = 5.0  # mm: the most bleed any build asks for (options.MAX_BLEED)
ART = "art"  # a side's ground that is a picture covering the face and MAX_REACH past its cut
# (`art_box: full`): it bleeds like a coloured background, and needs no underlay


def coloured(c: str | None) -> bool:
    """A background that is not the paper's white (and so would show a white sliver if short)."""
    return c == ART or (c is not None and colour.rgb(c) != (255, 255, 255))


def resolve(piece: Piece, asked: float | None = None) -> Piece:
    """The piece with the bleeds this build prints: `asked` (--bleed, mm) overrides the piece's
    own where its background is coloured. A side whose ground is unknown keeps what it has (its
    drawing draws its own bleed)."""
    fg, bg = piece.grounds
    want = piece.bleed if asked is None else asked
    front = piece.bleed if fg is None else (want if coloured(fg) else 0.0)
    back = piece.back_bleed
    if piece.back is not None and bg is not None:
        back = max(want, BACK_BLEED) if coloured(bg) else 0.0
    if front == piece.bleed and back == piece.back_bleed:
        return piece
    return replace(piece, bleed=front, back_bleed=back)


def underlay(piece: Piece, side: str) -> tuple[Shape, ...]:
    """The side's background from its cut to its bleed, drawn under the piece's own drawing."""
    b, c = piece.bleed_of(side), piece.ground_of(side)
    if b <= 0 or not coloured(c) or c == ART:
        return ()
    w, h = piece.w, piece.h
    if piece.shape == "circle":
        return (Circle(w / 2, h / 2, min(w, h) / 2 + b, ground(c)),)
    return (Rect(-b, -b, w + 2 * b, h + 2 * b, ground(c)),)
