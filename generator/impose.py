"""Imposition: pieces packed onto pages, fronts on one page and their backs on the next.

Pieces keep the kit's order. Consecutive pieces of one size form a grid (rows of equal columns,
GUTTER apart, centred across the page); a new size starts a new row under the last one. Each row
goes on the first page with room for it (first fit), so a large piece that did not fit under the
counters does not leave the rest of that page empty for everything after it. A page
with any double-sided piece is followed by its back page (single-sided pieces on it just have
nothing behind them); a page of single-sided pieces only is followed by a blank page.
A piece too big for the page is turned if that makes it fit; a board that still does not fit is
split (generator/split.py).

Backs: long edge x' = W - x - w (same y); short edge y' = H - y - h (same x), art turned 180
degrees so it is upright when the piece is turned over like a page. Back pages move by
--back-offset (in the back page's own coordinates, as drawn in the PDF).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnpkit.generator import split as splitting
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import GUTTER, Page, Paper, Placed, mark_clearance


@dataclass
class Imposed:
    pages: list[Page]  # fronts, each double-sided page followed by its backs (blank backs too)
    splits: list[splitting.Split]


def _gutter(piece: Piece) -> float:
    """Between two pieces of one grid (one key: the same size, bleeds and backgrounds): GUTTER.
    Their facing backgrounds are the same colour, so their bleeds may overlap in the gutter and
    each piece's cut is still inside its own colour; crop marks then sit at the grid's outer
    edges, which is where a ruler cut across the sheet starts. A piece that draws its own bleed
    (its ground unknown) keeps its bleed clear of its neighbour's."""
    sides = piece.grounds[: 2 if piece.double_sided else 1]
    return max(GUTTER, 2 * piece.reach) if piece.reach and None in sides else GUTTER


def _edge(piece: Piece) -> float:
    """How far inside the printable area a piece's trim must sit: room for its bleed and a crop
    mark beyond it, less the ring the area already leaves round itself for marks."""
    return mark_clearance(piece.reach)


@dataclass
class _Sheet:
    """A page being filled: its pieces and where its next row may start."""

    cursor: float  # the trim's bottom of the last row (the area's top while empty)
    placed: list[Placed] = field(default_factory=list)
    last_key: tuple | None = None
    last_gutter: float = 0.0
    last_reach: float = 0.0
    closed: bool = False  # a board part's page takes nothing else

    def top_for(self, key: tuple, gutter: float, edge: float, reach: float) -> float:
        """Where a row of pieces of `key` would start: `edge` under the area's top on an empty
        page, a gutter under a row of the same kind, a little more under a row of another kind
        (so the two grids read apart, and their bleeds never meet)."""
        if not self.placed:
            return self.cursor + edge
        if self.last_key == key:
            return self.cursor + gutter
        return self.cursor + max(gutter, self.last_gutter, self.last_reach + reach) + 3.0


def _key(p: Piece, rotate: int) -> tuple:
    # Backgrounds only part grids when something bleeds: then neighbours' bleeds meet in the gutter.
    return (round(p.w, 3), round(p.h, 3), p.bleed, p.back_bleed, p.grounds if p.reach else None, rotate,
            p.double_sided)


def _prepare(pieces: list[Piece], paper: Paper) -> tuple[list[tuple[Piece, int]], list[splitting.Split]]:
    """Each piece with the turn (0 or 90) it is printed at; boards too big are split."""
    aw, ah = paper.area_size
    out: list[tuple[Piece, int]] = []
    splits: list[splitting.Split] = []
    for p in pieces:
        if p.reach and not splitting.fits(p.w + 2 * _edge(p), p.h + 2 * _edge(p), aw, ah) and (
                splitting.fits(p.w, p.h, aw, ah) or splitting.fits(p.h, p.w, aw, ah)):
            p = replace(p, bleed=0.0, back_bleed=0.0 if p.back is not None else None)  # its bleed alone would split it
        b2 = 2 * _edge(p)
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
    prepared, splits = _prepare(pieces, paper)
    x0, y0, x1, y1 = paper.area
    aw = x1 - x0
    sheets: list[_Sheet] = []
    i = 0
    n = len(prepared)
    while i < n:
        piece, rot = prepared[i]
        key = _key(piece, rot)
        w, h = (piece.h, piece.w) if rot == 90 else (piece.w, piece.h)
        b, g = _edge(piece), _gutter(piece)
        part = "part" in piece.meta
        # one row of this size
        cols = max(1, int((aw - 2 * b + g + 1e-9) // (w + g)))
        run = 1
        while run < cols and i + run < n and _key(prepared[i + run][0], prepared[i + run][1]) == key \
                and "part" not in prepared[i + run][0].meta:
            run += 1
        # first fit: the first page with room under its last row (a board part has a page of its own)
        sheet, top = None, 0.0
        for candidate in ([] if part else sheets):
            if candidate.closed:
                continue
            t = candidate.top_for(key, g, b, piece.reach)
            if t + h + b <= y1 + 1e-9:
                sheet, top = candidate, t
                break
        if sheet is None:
            sheet = _Sheet(y0)
            sheets.append(sheet)
            top = sheet.top_for(key, g, b, piece.reach)
        grid_w = cols * w + (cols - 1) * g
        left = x0 + (aw - grid_w) / 2
        for k in range(run):
            sheet.placed.append(Placed(prepared[i + k][0], round(left + k * (w + g), 4), round(top, 4), w, h,
                                       "front", rot, i + k))
        sheet.cursor, sheet.last_key, sheet.last_gutter, sheet.closed = top + h, key, g, part
        sheet.last_reach = piece.reach
        i += run
    fronts = [s.placed for s in sheets]

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
