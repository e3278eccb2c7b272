"""No page of pieces under FULL of its paper: a run that would end on a sparse page is evened out.

Imposition (generator/impose.py) fills pages in the kit's order and empties a run's last page into
the room the others leave when all of it fits there. When it does not, that page may still hold a
few pieces alone (Chestnuts' 29 counters on 19% of a page, and their backs on the next). Then
whole rows are moved onto it from the bottom of the run's other pages, its own kind first (the
Fires of a board's page join the Fires of the last), as long as each page they leave keeps FULL of
its paper; the last page is laid again with its rows and theirs, tallest first.

What counts on a page of the double-sided run is what has a back: its back page shows nothing else,
and a person cuts and reads both. A single-sided piece that went into a double-sided page's room may
move to the single-sided run's last page; a double-sided one never leaves its run.
"""
from __future__ import annotations

from pnpkit.generator import packing as impose  # the rows and sheets imposition fills
from pnpkit.generator.sheets import MARGIN, Paper

FULL = 0.30  # of the page inside its margins (a rater's measure: pieces' area over that)


def share(sheet: impose.Sheet, paper: Paper, double: bool) -> float:
    """How much of the page inside its margins `sheet`'s pieces cover; on a page of the double-sided
    run, only those with a back (what its back page shows)."""
    area = sum(p.w * p.h for p in sheet.placed if p.piece.double_sided or not double)
    return area / ((paper.w - 2 * MARGIN) * (paper.h - 2 * MARGIN))


def _slots(row: impose.Row) -> set[int]:
    return {slot for _, slot in row.items}


def _without(sheet: impose.Sheet, row: impose.Row) -> impose.Sheet:
    """`sheet` with `row` (its last) taken off: where its next row would start is its rows' bottom."""
    gone = _slots(row)
    placed = [p for p in sheet.placed if p.slot not in gone]
    rest = impose.replace(sheet, placed=placed, rows=sheet.rows[:-1])
    rest.cursor = max((p.y + p.h for p in placed), default=sheet.bottom)
    rest.last_key = impose.row_key(rest.rows[-1].piece, rest.rows[-1].rot) if rest.rows else None
    rest.last_reach = max((p.piece.reach for p in placed), default=0.0)
    rest.lo = min((p.x - impose.piece_edge(p.piece) for p in placed), default=float("inf"))
    rest.hi = max((p.x + p.w + p.piece.reach for p in placed), default=float("-inf"))
    return rest


def _laid(sheet: impose.Sheet, row: impose.Row, paper: Paper) -> impose.Sheet | None:
    """`sheet` with `row` too: under its rows as they lie, or all laid afresh on one page, tallest
    first (None if they need more)."""
    top = impose.top_under(sheet, row)
    if top is not None:
        more = impose.replace(sheet, placed=list(sheet.placed), rows=list(sheet.rows))
        impose.put_row(more, row, top, paper)
        return more
    made = impose.fill_sheets(sorted(sheet.rows + [row], key=lambda r: -r.h), paper, [])
    return made[0] if len(made) == 1 else None


def even_out(sheets: list[impose.Sheet], paper: Paper, double: bool, doubles: list[impose.Sheet] = ()) -> None:
    """The run's last sheet, if under FULL, topped up in place with rows from the bottom of the run's
    other sheets; the single-sided run's from the double-sided run's (`doubles`) too."""
    if not sheets or sheets[-1].closed or sheets[-1].tall is not None:
        return
    donors = list(doubles) + sheets[:-1]
    while share(sheets[-1], paper, double) < FULL:
        if not _top_up(sheets[-1], donors, paper, double, doubles):
            return
    while _top_up(sheets[-1], donors, paper, double, doubles, gather=True):
        pass  # a kind split between the last page and another put together where it fits
    if not double:
        gather(sheets[-1], donors, paper)


def _top_up(last: impose.Sheet, donors: list[impose.Sheet], paper: Paper, double: bool,
            doubles: list[impose.Sheet], backed: bool = False, gather: bool = False) -> bool:
    """One row moved onto `last` from the bottom of a donor that keeps FULL without it: a row of
    `last`'s own kinds first (`gather`: only one whose every piece is of them). Single-sided rows
    only onto a page of the single-sided run, unless `backed` (the page goes into the double-sided
    run): then double-sided ones only."""
    kinds = {p.piece.component for p in last.placed}
    for own_kind in ((True,) if gather else (True, False)):
        for donor in reversed(donors):
            if donor is last or donor.closed or donor.tall is not None or len(donor.rows) < 2:
                continue
            row = donor.rows[-1]
            if gather and not all(p.component in kinds for p, _ in row.items):
                continue
            if (own_kind and row.piece.component not in kinds) or (row.piece.double_sided != (double or backed)
                                                                    and not double):
                continue
            rest = _without(donor, row)
            if share(rest, paper, double or any(donor is d for d in doubles)) < FULL:
                continue
            fresh = _laid(last, row, paper)
            if fresh is None:
                continue
            donor.__dict__.update(rest.__dict__)
            last.__dict__.update(fresh.__dict__)
            return True
    return False


def backed(single: list[impose.Sheet], doubles: list[impose.Sheet], paper: Paper) -> None:
    """The single-sided run's last sheet, still under FULL (In the Nuts!' 60 squirrels fill 28% of
    Letter, and no room elsewhere holds them), made a page of the double-sided run: double-sided
    rows moved onto it until its back page, showing only theirs, fills FULL too. One page more,
    none sparse. Left as it is when no donor can spare them."""
    if not single or not doubles or single[-1].closed or single[-1].tall is not None:
        return
    last = single[-1]
    if share(last, paper, False) >= FULL:
        return
    trial = impose.replace(last, placed=list(last.placed), rows=list(last.rows))
    saved = [dict(d.__dict__) for d in doubles]
    while share(trial, paper, True) < FULL:
        if not _top_up(trial, doubles, paper, False, doubles, backed=True):
            for d, state in zip(doubles, saved):  # not enough to spare: as it was
                d.__dict__.clear()
                d.__dict__.update(state)
            return
    single.pop()
    doubles.append(trial)


def _positions(sheet: impose.Sheet, row: impose.Row, paper: Paper) -> list[tuple[float, float]]:
    """Where pieces of `row`'s kind may stand in its place on `sheet`: its first piece's place and
    on along its line, as long as each is clear of the sheet's other pieces (a grid of another kind
    GRID_SPACE away) and inside the printable area."""
    slots = _slots(row)
    mine = [p for p in sheet.placed if p.slot in slots]
    others = [p for p in sheet.placed if p.slot not in slots]
    x, y = min(p.x for p in mine), mine[0].y
    w, h, g = mine[0].w, mine[0].h, impose.piece_gutter(row.piece)
    key = impose.row_key(row.piece, row.rot)
    right = paper.area[2] - impose.piece_edge(row.piece)
    out = []
    while x + w <= right + 1e-6:
        for o in others:
            space = 0.0 if impose.row_key(o.piece, o.rotate) == key else impose.GRID_SPACE
            if x < o.x + o.w + space - 1e-6 and o.x < x + w + space - 1e-6 and y < o.y + o.h + space - 1e-6 \
                    and o.y < y + h + space - 1e-6:
                return out
        out.append((round(x, 4), y))
        x += w + g
    return out


def _swapped(sheet: impose.Sheet, old: impose.Row, new: impose.Row, paper: Paper) -> bool:
    """`old`'s pieces on `sheet` replaced by `new`'s, from the same first place on (False, and
    nothing changed, if they do not all fit there)."""
    spots = _positions(sheet, old, paper)
    if len(new.items) > len(spots):
        return False
    gone = _slots(old)
    template = next(p for p in sheet.placed if p.slot in gone)
    placed = [p for p in sheet.placed if p.slot not in gone]
    placed += [impose.replace(template, piece=piece, slot=slot, x=x, y=y)
               for (piece, slot), (x, y) in zip(new.items, spots)]
    sheet.placed = placed
    sheet.rows = [new if r is old else r for r in sheet.rows]
    return True


def gather(last: impose.Sheet, donors: list[impose.Sheet], paper: Paper) -> None:
    """A single-sided kind split between the run's last sheet and a row on another that the last
    has no room for: that row changes places with a row of the last sheet of the same size whose
    kinds lie on it alone (NUTS' 36 Action tokens: 8 under a page of Bonus cards and 28 on the last
    page; the 12 Undo tokens go under the Bonus cards instead). Each kind is then on one page."""
    def whole(row: impose.Row, sheet: impose.Sheet) -> bool:
        kinds = {p.component for p, _ in row.items}
        slots = _slots(row)
        return all(p.slot in slots for s in [sheet] for p in s.placed if p.piece.component in kinds) and \
            not any(p.piece.component in kinds for d in donors if d is not sheet for p in d.placed)
    for donor in donors:
        if donor is last or donor.closed:
            continue
        for row in list(donor.rows):
            kinds = {p.component for p, _ in row.items}
            if row.piece.double_sided or not kinds <= {p.piece.component for p in last.placed}:
                continue
            key = impose.row_key(row.piece, row.rot)
            for other in list(last.rows):
                if impose.row_key(other.piece, other.rot) != key or other.piece.double_sided or kinds & {
                        p.component for p, _ in other.items} or not whole(other, last):
                    continue
                before = (list(donor.placed), list(donor.rows), list(last.placed), list(last.rows))
                if _swapped(donor, row, other, paper) and _swapped(last, other, row, paper):
                    break
                donor.placed, donor.rows, last.placed, last.rows = before
