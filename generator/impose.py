"""Imposition: pieces packed onto pages in grids that share their cuts, fronts on one page and
their backs on the next.

Pieces keep the kit's order. Consecutive pieces of one size form a grid: rows of equal columns,
edge to edge, so one straight cut separates two rows and one two columns (as professional
print-and-play files are laid out), centred across the page; a new size starts a new grid under
the last one, far enough below for the crop ticks of both. A piece whose background runs past
its cut by choice (`--bleed`, a deck's own bleed) opens its grid by twice that bleed, so each
piece keeps all of its bleed and gets its own cut lines. Otherwise a background that runs past
the cut (the 1.5 mm of a coloured back) stops at the neighbour's cut: it runs to the grid's
outside only (`Placed.bleeds`).

Each row goes on the first of the last few open pages with room for it (first fit within a
window, so a large piece that did not fit under the counters does not leave the rest of that page
empty, and the search stays linear in the pieces). A piece too big for the page is turned if that
makes it fit; a board that still does not fit is split (generator/split.py). A run's last page,
if its pieces fit in the room the other pages leave, is emptied into it: under their rows, or
beside their grids (moved to the left, the newcomers in a lane on their right, GRID_SPACE between
the two grids: each component whole in one place, as a block at least two pieces wide), so
unlike pieces share a page side by side rather than one sitting alone.

Two runs: pages with double-sided pieces, each followed by its backs (printed double-sided), then
pages of single-sided pieces (printed single-sided): no page is blank on purpose.

Backs: long edge x' = W - x - w (same y); short edge y' = H - y - h (same x), art turned 180
degrees so it is upright when the piece is turned over like a page. Back pages move by
--back-offset (in the back page's own coordinates, as drawn in the PDF).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.generator import sparse
from pnpkit.generator import split as splitting
from pnpkit.generator.packing import WINDOW, back_place, empty_last, fill_sheets, prepare, rows_of
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shared_cuts import shared_edges
from pnpkit.generator.sheets import Page, Paper


@dataclass
class Imposed:
    pages: list[Page]  # the double-sided run (fronts, each followed by its backs), then the single-sided run
    splits: list[splitting.Split]
    double_run: int = 0  # how many of `pages` make the double-sided run (the rest print single-sided)


def impose(pieces: list[Piece], paper: Paper, duplex: str = "long",
           back_offset: tuple[float, float] = (0.0, 0.0)) -> Imposed:
    """Pack `pieces` on pages: the double-sided pieces first (fronts, each page followed by its
    backs: printed double-sided), single-sided pieces in the room those pages leave (nothing
    behind them), the rest on pages of their own (printed single-sided)."""
    prepared, splits = prepare(pieces, paper)
    two = [pr for pr in prepared if pr[0].double_sided]
    one = [pr for pr in prepared if not pr[0].double_sided]
    aw = paper.area_size[0]
    double = fill_sheets(rows_of([(p, r, k) for k, (p, r) in enumerate(two)], aw), paper, [])
    double = empty_last(double, [], paper)
    sparse.even_out(double, paper, True)
    roomiest = sorted((s for s in double if s.tall is None), key=lambda s: s.cursor)[:WINDOW][::-1]  # the single-sided rows try these first
    single = fill_sheets(rows_of([(p, r, len(two) + k) for k, (p, r) in enumerate(one)], aw), paper,
                   [s for s in roomiest if not s.closed])
    single = empty_last(single, double, paper)
    sparse.even_out(single, paper, False, double)
    sparse.backed(single, double, paper)
    pages: list[Page] = []
    for sheet in double:
        front = Page("pieces", placed=shared_edges(sheet.placed, paper), tall=sheet.tall is not None)
        backs = [back_place(p, paper, duplex) for p in sheet.placed if p.piece.double_sided]
        pages += [front, Page("backs", placed=shared_edges(backs, paper, back_offset), offset=back_offset, back_of=front,
                              tall=front.tall)]
    double_run = len(pages)
    pages += [Page("pieces", placed=shared_edges(s.placed, paper), tall=s.tall is not None) for s in single]
    return Imposed(pages, splits, double_run)
