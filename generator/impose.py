"""Imposition: pieces packed onto pages, fronts on one page and their backs on the next.

Pieces keep the kit's order. Consecutive pieces of one size form a grid (rows of equal columns,
GUTTER apart, centred across the page); a new size starts a new row under the last one. A page
with any double-sided piece is followed by its back page (single-sided pieces on it just have
nothing behind them); a page of single-sided pieces only is followed by a blank page.
A piece too big for the page is turned if that makes it fit; a board that still does not fit is
split (generator/split.py).

Backs: long edge x' = W - x - w (same y); short edge y' = H - y - h (same x), art turned 180
degrees so it is upright when the piece is turned over like a page. Back pages move by
--back-offset (in the back page's own coordinates, as drawn in the PDF).
"""
from __future__ import annotations

from dataclasses import dataclass

from generator import split as splitting
from generator.pieces import Piece
from generator.sheets import GUTTER, Page, Paper, Placed

DUPLEX = ("long", "short")


@dataclass
class Imposed:
    pages: list[Page]  # fronts, each double-sided page followed by its backs (blank backs too)
    splits: list[splitting.Split]


def _gutter(piece: Piece) -> float:
    return GUTTER + 2 * piece.bleed


def _key(p: Piece, rotate: int) -> tuple:
    return (round(p.w, 3), round(p.h, 3), p.bleed, rotate, p.double_sided)


def _prepare(pieces: list[Piece], paper: Paper) -> tuple[list[tuple[Piece, int]], list[splitting.Split]]:
    """Each piece with the turn (0 or 90) it is printed at; boards too big are split."""
    aw, ah = paper.area_size
    out: list[tuple[Piece, int]] = []
    splits: list[splitting.Split] = []
    for p in pieces:
        b2 = 2 * p.bleed
        if splitting.fits(p.w + b2, p.h + b2, aw, ah):
            out.append((p, 0))
        elif splitting.fits(p.h + b2, p.w + b2, aw, ah):
            out.append((p, 90))
        else:
            s = splitting.split_board(p, aw, ah)
            splits.append(s)
            out.extend((part, 0) for part in s.parts)
    return out, splits


def _back_place(f: Placed, paper: Paper, duplex: str) -> Placed:
    if duplex == "long":
        return Placed(f.piece, paper.w - f.x - f.w, f.y, f.w, f.h, "back", f.rotate, f.slot)
    return Placed(f.piece, f.x, paper.h - f.y - f.h, f.w, f.h, "back", (f.rotate + 180) % 360, f.slot)


def impose(pieces: list[Piece], paper: Paper, duplex: str = "long",
           back_offset: tuple[float, float] = (0.0, 0.0), blank_backs: bool = True) -> Imposed:
    """Pack `pieces` on pages. `blank_backs=False` (a file printed single-sided, --backs gutter)
    leaves out the blank page after a page of single-sided pieces."""
    if duplex not in DUPLEX:
        raise ValueError(f"duplex must be one of {DUPLEX}, got {duplex!r}")
    prepared, splits = _prepare(pieces, paper)
    x0, y0, x1, y1 = paper.area
    aw = x1 - x0
    fronts: list[list[Placed]] = []
    current: list[Placed] = []
    cursor = y0  # top of the next row
    last_key: tuple | None = None
    last_gutter = 0.0
    i = 0
    n = len(prepared)

    def new_page() -> None:
        nonlocal current, cursor, last_key
        if current:
            fronts.append(current)
        current = []
        cursor = y0
        last_key = None

    while i < n:
        piece, rot = prepared[i]
        key = _key(piece, rot)
        w, h = (piece.h, piece.w) if rot == 90 else (piece.w, piece.h)
        b, g = piece.bleed, _gutter(piece)
        if "part" in piece.meta:  # a board part: a page of its own
            new_page()
        # one row of this size
        cols = max(1, int((aw - 2 * b + g + 1e-9) // (w + g)))
        run = 1
        while run < cols and i + run < n and _key(prepared[i + run][0], prepared[i + run][1]) == key \
                and "part" not in prepared[i + run][0].meta:
            run += 1
        gap = g if last_key == key else max(g, last_gutter) + (3.0 if last_key is not None else 0.0)
        top = cursor + (gap if current else 0.0) + b
        if top + h + b > y1 + 1e-9 and current:
            new_page()
            top = cursor + b
        grid_w = cols * w + (cols - 1) * g
        left = x0 + (aw - grid_w) / 2
        for k in range(run):
            current.append(Placed(prepared[i + k][0], round(left + k * (w + g), 4), round(top, 4), w, h,
                                  "front", rot, i + k))
        cursor = top + h + b
        last_key, last_gutter = key, g
        i += run
        if "part" in piece.meta:
            new_page()
    if current:
        fronts.append(current)

    pages: list[Page] = []
    for placed in fronts:
        front = Page("pieces", placed=placed)
        pages.append(front)
        if any(p.piece.double_sided for p in placed):
            backs = [_back_place(p, paper, duplex) for p in placed if p.piece.double_sided]
            pages.append(Page("backs", placed=backs, offset=back_offset, back_of=front))
        elif blank_backs:
            pages.append(Page("blank", back_of=front))
    return Imposed(pages, splits)
