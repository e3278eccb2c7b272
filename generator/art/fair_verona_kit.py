"""Fair Verona kit drawings: a card's place on the desk mat and a meeple (a Clue Token's place).

`card-place` is drawn in millimetres (a poker card, 63.5 x 88.9, one millimetre of room all round),
so on the mat it is printed at about its own size and a real card covers it. `meeple` is the
familiar Carcassonne figure, a silhouette only (the tokens are the players' own meeples).
"""
from __future__ import annotations

from pnpkit.generator.art._core import INK, P, art, colour, ink, poly, star_points
from pnpkit.generator.shapes import Rect, Shape, Style

CARD = (63.5 + 2.0, 88.9 + 2.0)  # a poker card with 1 mm of room on each side


@art("card-place", "turned")
def card_place(color: str | None = None, turned: bool = False) -> list[Shape]:
    """A card's place: a dashed rounded outline of a poker card (plus 1 mm of room all round) with
    a small star in each corner (a Joker's corner, where a card's index would be).
    turned: lying crosswise (landscape), e.g. a Joker laid over another card."""
    w, h = CARD if not turned else CARD[::-1]
    edge = colour({"color": color}, INK)
    out: list[Shape] = [Rect(0, 0, w, h, Style(fill=None, stroke=edge, width=0.7, dash=(3.0, 2.0), cap="round",
                                               join="round"), r=3.2)]
    for cx, cy in ((6.5, 6.5), (w - 6.5, 6.5), (6.5, h - 6.5), (w - 6.5, h - 6.5)):
        out.append(poly(star_points(cx, cy, 3.6, 1.5), ink("#b9b1a5", width=0.5)))
    return out


@art("meeple")
def meeple(color: str | None = None) -> list[Shape]:
    """A meeple: round head, arms out, legs apart. color: its fill (default a light grey)."""
    fill = colour({"color": color}, "#d9d4cc")
    return [P("M50 6 C60 6 66 13 66 22 C66 27 64 31 61 34 L90 44 C97 47 97 57 90 58 L68 58 L82 92 "
              "C84 97 80 100 76 100 L58 100 L50 82 L42 100 L24 100 C20 100 16 97 18 92 L32 58 L10 58 "
              "C3 57 3 47 10 44 L39 34 C36 31 34 27 34 22 C34 13 40 6 50 6 Z", ink(fill))]
