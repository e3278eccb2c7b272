"""The machinery of imposition (generator/impose.py): a page being filled (`Sheet`), a row of
pieces of one size (`Row`), first fit within a window of open pages, and a run's last page emptied
into the room the others leave. generator/sparse.py evens a run's last page out with the same rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnpkit.generator import split as splitting
from pnpkit.generator.bleed import BACK_BLEED
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shared_cuts import shared_edges
from pnpkit.generator.sheets import GRID_SPACE, MARGIN, RING, Page, Paper, Placed, mark_clearance

WINDOW = 4  # open pages a row may go on: the last few (first fit among them), so the search is linear


def piece_gutter(piece: Piece) -> float:
    """Between two pieces of one grid: nothing (they share their cut), or twice the bleed a
    person asked for (--bleed, a deck's own bleed), so each keeps all of it. The 1.5 mm every
    coloured back runs past its cut (bleed.BACK_BLEED) does not open the grid: it stops at the
    neighbour's cut, whose back is the same kind of piece."""
    back = piece.back_bleed or 0.0
    opened = piece.bleed if piece.bleed > 0 else (back if back > BACK_BLEED else 0.0)
    return round(2 * opened, 4)


def piece_edge(piece: Piece) -> float:
    """How far inside the printable area a piece's trim must sit: room for its front's bleed and a
    crop mark beyond it, less the ring the area already leaves round itself for marks. A back's
    own overrun (the 1.5 mm of a coloured or full-art back) only has to stay inside that ring, not
    clear of the front's marks: the marks that matter are the fronts', and a back page draws its
    own where they fit. So a poker deck with a printed back still goes three across A4 and Letter."""
    return max(mark_clearance(piece.bleed), round((piece.back_bleed or 0.0) - RING, 3), 0.0)


@dataclass
class Sheet:
    """A page being filled: its pieces and where its next row may start."""

    cursor: float  # the trim's bottom of the last row (the area's top while empty)
    placed: list[Placed] = field(default_factory=list)
    last_key: tuple | None = None
    last_reach: float = 0.0
    closed: bool = False  # a board part's page takes nothing else
    tall: tuple | None = None  # the key of the one grid that runs from margin to margin (see `_tall`)
    bottom: float = 0.0  # how far down its rows may go (set when it is made)
    rows: list = field(default_factory=list)  # the _Rows on it, in the order placed (see `empty_last`)
    left: float = 0.0  # the x range its rows are centred in: the area's, or a lane beside other grids
    right: float = 0.0
    lo: float = float("inf")  # how far left its pieces reach (less the room their marks need) and right (their bleed)
    hi: float = float("-inf")

    def top_for(self, key: tuple, gutter: float, edge: float, reach: float) -> float:
        """Where a row of pieces of `key` would start: `edge` under the area's top on an empty
        page, a gutter (usually none: a shared cut) under a row of the same kind, and under a
        row of another kind room for both grids' crop ticks (and their bleeds) between them."""
        if not self.placed:
            return self.cursor + edge
        if self.last_key == key:
            return self.cursor + gutter
        return self.cursor + self.last_reach + reach + GRID_SPACE


def row_key(p: Piece, rotate: int) -> tuple:
    return (round(p.w, 3), round(p.h, 3), p.bleed, p.back_bleed, rotate, p.double_sided)


def prepare(pieces: list[Piece], paper: Paper) -> tuple[list[tuple[Piece, int]], list[splitting.Split]]:
    """Each piece with the turn (0 or 90) it is printed at; boards too big are split."""
    aw, ah = paper.area_size
    out: list[tuple[Piece, int]] = []
    splits: list[splitting.Split] = []
    kinds: dict[tuple, int] = {}
    for p in pieces:
        kinds[p.w, p.h] = kinds.get((p.w, p.h), 0) + 1  # pieces of one size make one grid
    for p in pieces:
        if p.reach and not splitting.fits(p.w + 2 * piece_edge(p), p.h + 2 * piece_edge(p), aw, ah) and (
                splitting.fits(p.w, p.h, aw, ah) or splitting.fits(p.h, p.w, aw, ah)):
            p = replace(p, bleed=0.0, back_bleed=0.0 if p.back is not None else None)  # its bleed alone would split it
        b2 = 2 * piece_edge(p)
        upright, turned = splitting.fits(p.w + b2, p.h + b2, aw, ah), splitting.fits(p.h + b2, p.w + b2, aw, ah)
        if upright and turned and "part" not in p.meta and _turns(p, kinds[p.w, p.h], paper):
            out.append((p, 90))  # more to a page turned: 41 x 63 mm cards 18 a page, not 16
        elif upright:
            out.append((p, 0))
        elif turned:
            out.append((p, 90))
        else:
            s = splitting.split_board(p, aw, ah)
            splits.append(s)
            out.extend((part, 0) for part in s.parts)
    return out, splits


def _per_page(p: Piece, w: float, h: float, paper: Paper) -> int:
    """How many pieces like `p`, w x h as laid, one page holds in a grid (running from margin to
    margin where no bleed keeps it from it: `_tall`)."""
    aw, ah = paper.area_size
    g, e = piece_gutter(p), piece_edge(p)
    cols = int((aw - 2 * e + g + 1e-9) // (w + g))
    rows = int((ah - 2 * e + g + 1e-9) // (h + g))
    if not p.bleed:
        rows = max(rows, int((paper.h - 2 * MARGIN + g + 1e-9) // (h + g)))
    return cols * rows


def _turns(p: Piece, n: int, paper: Paper) -> bool:
    """Whether `n` pieces like `p`, more than a page holds upright, go turned a quarter because a
    page then holds more of them."""
    upright = _per_page(p, p.w, p.h, paper)
    return n > upright and _per_page(p, p.h, p.w, paper) > upright


def back_place(f: Placed, paper: Paper, duplex: str) -> Placed:
    """The back of a front placed at `f`. A piece turned a quarter on the page meets the flip
    across its own height: its back turns half a turn more on a long-edge flip and not on a short
    one, so that the piece turned over (as a card is, about its own long side) shows it upright."""
    quarter = f.rotate in (90, 270)
    if duplex == "long":
        return Placed(f.piece, paper.w - f.x - f.w, f.y, f.w, f.h, "back", (f.rotate + 180 * quarter) % 360, f.slot)
    return Placed(f.piece, f.x, paper.h - f.y - f.h, f.w, f.h, "back", (f.rotate + 180 * (not quarter)) % 360, f.slot)


@dataclass(frozen=True)
class Row:
    """Pieces of one kind side by side: the unit the sheets are filled with."""

    items: list[tuple[Piece, int]]  # (piece, its slot)
    rot: int
    w: float
    h: float

    @property
    def piece(self) -> Piece:
        return self.items[0][0]


def rows_of(items: list[tuple[Piece, int, int]], aw: float) -> list[Row]:
    """Consecutive pieces (piece, turn, slot) of one kind, as many to a row as fit across `aw`,
    tallest rows first (stable: a kind's rows stay together, in the kit's order), so the big pieces
    are placed while there are whole pages for them and the small ones fill what is left."""
    rows: list[Row] = []
    i, n = 0, len(items)
    while i < n:
        piece, rot, _ = items[i]
        key = row_key(piece, rot)
        w, h = (piece.h, piece.w) if rot == 90 else (piece.w, piece.h)
        g = piece_gutter(piece)
        cols = max(1, int((aw - 2 * piece_edge(piece) + g + 1e-9) // (w + g)))
        run = 1
        while run < cols and i + run < n and row_key(*items[i + run][:2]) == key and "part" not in items[i + run][0].meta:
            run += 1
        rows.append(Row([(items[i + k][0], items[i + k][2]) for k in range(run)], rot, w, h))
        i += run
    parts = [r for r in rows if "part" in r.piece.meta]  # a board's parts keep their order, first
    return parts + sorted((r for r in rows if "part" not in r.piece.meta), key=lambda r: -r.h)


def _tall(row: Row, ahead: int, paper: Paper, y0: float, y1: float) -> float | None:
    """Where a grid of `row`'s kind starts on a page of its own that it fills from the top margin
    to the bottom one, if that holds more rows than the area under the heading does (three poker
    cards, 266.7 mm, down Letter's 279.4) and `ahead` (this row and the rows of its kind after it)
    needs them, else None. Its heading then stands in the side margin and its top and bottom cuts
    are the margins' edges (generator/build.py, sheets.py)."""
    p = row.piece
    g, b = piece_gutter(p), piece_edge(p)
    if p.bleed or "part" in p.meta:  # a back's overrun is stopped at the margin (sheets.margin_bleeds)
        return None
    usual = int((y1 - y0 - 2 * b + g + 1e-9) // (row.h + g))
    tall = int((paper.h - 2 * MARGIN + g + 1e-9) // (row.h + g))
    if tall <= usual or tall < 2 or ahead <= usual:
        return None
    return round((paper.h - tall * row.h - (tall - 1) * g) / 2, 4)


def fill_sheets(rows: list[Row], paper: Paper, window: list[Sheet]) -> list[Sheet]:
    """`rows` on sheets: each on the first of the WINDOW open sheets (those given, then the last
    ones made) with room under its last row; a board part has a page of its own. Returns the
    sheets made."""
    y0, y1 = paper.area[1], paper.area[3]
    sheets: list[Sheet] = []
    window = list(window[-WINDOW:])
    keys = [row_key(r.piece, r.rot) for r in rows]
    ahead = [1] * len(rows)  # rows of the same kind from this one on, in a run
    for k in range(len(rows) - 2, -1, -1):
        if keys[k] == keys[k + 1]:
            ahead[k] = ahead[k + 1] + 1
    for index, row in enumerate(rows):
        piece = row.piece
        key = row_key(piece, row.rot)
        b, g = piece_edge(piece), piece_gutter(piece)
        part = "part" in piece.meta
        sheet, top = None, 0.0
        for candidate in ([] if part else window):
            t = top_under(candidate, row)
            if t is not None:
                sheet, top = candidate, t
                break
        if sheet is None:
            tall = _tall(row, ahead[index], paper, y0, y1)
            x0, x1 = paper.area[0], paper.area[2]
            sheet = (Sheet(y0, bottom=y1, left=x0, right=x1) if tall is None
                     else Sheet(tall, tall=key, bottom=paper.h - MARGIN, left=x0, right=x1))
            sheets.append(sheet)
            top = tall if tall is not None else sheet.top_for(key, g, b, piece.reach)
            window = [s for s in window if not s.closed][-(WINDOW - 1):] + ([] if part else [sheet])
        put_row(sheet, row, top, paper)
    return sheets


def put_row(sheet: Sheet, row: Row, top: float, paper: Paper) -> None:
    """`row` on `sheet` with its top at `top`, centred across the sheet's width as its grid's columns are."""
    x0, x1 = sheet.left, sheet.right
    piece, w, h = row.piece, row.w, row.h
    b, g = piece_edge(piece), piece_gutter(piece)
    cols = max(1, int((x1 - x0 - 2 * b + g + 1e-9) // (w + g)))
    left = x0 + (x1 - x0 - (cols * w + (cols - 1) * g)) / 2
    for k, (p, slot) in enumerate(row.items):
        sheet.placed.append(Placed(p, round(left + k * (w + g), 4), round(top, 4), w, h, "front", row.rot, slot))
    sheet.lo = min(sheet.lo, left - b)
    sheet.hi = max(sheet.hi, left + len(row.items) * (w + g) - g + piece.reach)
    sheet.rows.append(row)
    sheet.cursor, sheet.last_key, sheet.closed, sheet.last_reach = top + h, row_key(piece, row.rot), "part" in piece.meta, piece.reach


def top_under(sheet: Sheet, row: Row) -> float | None:
    """Where `row` starts under `sheet`'s last row, if it fits there (None if not)."""
    piece = row.piece
    key, b = row_key(piece, row.rot), piece_edge(piece)
    if sheet.closed or "part" in piece.meta or (sheet.tall is not None and sheet.tall != key):
        return None
    t = sheet.top_for(key, piece_gutter(piece), b, piece.reach)
    return t if t + row.h + b <= sheet.bottom + 1e-9 else None


def _lane(host: Sheet, paper: Paper) -> tuple[float, float] | None:
    """The room beside `host`'s grids once they are moved to the area's left: (how far they
    move left, where the room starts: past their right reach and GRID_SPACE for both grids'
    ticks). None if the host holds nothing that may share its page."""
    if host.closed or host.tall is not None or not host.placed:
        return None
    shift = host.lo - paper.area[0]
    return shift, host.hi - shift + GRID_SPACE


def _moved(placed: list[Placed], dx: float) -> list[Placed]:
    return [replace(p, x=round(p.x + dx, 4)) for p in placed]


@dataclass
class _Room:
    """Where the last sheet's pieces may go instead: under an earlier sheet's rows (`lane` None)
    or in the lane beside its grids (`lane`: how far its grids move left, and where the lane
    starts). Its trial sheet is made when first tried, and kept until all of the last sheet fits."""

    host: Sheet
    free: float  # the area it leaves (mm²): the largest rooms are tried first
    lane: tuple[float, float] | None = None
    twin: _Room | None = None  # the same host's other room: once one is used, the other is not
    made: Sheet | None = None

    def trial(self, paper: Paper) -> Sheet:
        if self.made is None:
            h = self.host
            self.made = (replace(h, placed=list(h.placed), rows=list(h.rows)) if self.lane is None else
                         Sheet(paper.area[1], bottom=paper.area[3], left=self.lane[1], right=paper.area[2]))
        return self.made

    @property
    def used(self) -> bool:
        return self.made is not None and len(self.made.placed) > (0 if self.lane is not None else len(self.host.placed))


def _rooms(hosts: list[Sheet], paper: Paper, narrowest: float) -> list[_Room]:
    """Under each host (the page as it was) and beside each (its grids moved left), the largest
    room first (the earlier one of two alike), so the pieces moved stay together on few pages."""
    x0, y0, x1, y1 = paper.area
    rooms = []
    for h in hosts:
        under = _Room(h, max(0.0, h.bottom - h.cursor - h.last_reach - GRID_SPACE) * (h.right - h.left))
        rooms.append(under)
        lane = _lane(h, paper)
        if lane is not None and x1 - lane[1] >= narrowest:
            under.twin = _Room(h, (x1 - lane[1]) * (y1 - y0), lane, under)
            rooms.append(under.twin)
    return sorted(rooms, key=lambda r: -r.free)


def _take(room: _Room, row: Row, paper: Paper, least: int = 1, most: int = 1 << 30) -> int:
    """As many of `row`'s pieces as fit across `room` (at most `most`) put in one row there; how
    many. A lane takes none unless `least` fit across it (no column one piece wide beside grids)."""
    if room.twin is not None and room.twin.used:
        return 0
    piece, g = row.piece, piece_gutter(row.piece)
    seen = room.made or (room.host if room.lane is None else room.trial(paper))  # a host is copied only to put something on it
    cols = int((seen.right - seen.left - 2 * piece_edge(piece) + g + 1e-9) // (row.w + g))
    if cols < (least if room.lane is not None else 1):
        return 0
    part = replace(row, items=row.items[:min(cols, most) if room.lane is not None else cols])
    top = top_under(seen, part)
    if top is None:
        return 0
    put_row(room.trial(paper), part, top, paper)
    return len(part.items)


def _whole(room: _Room, row: Row, paper: Paper) -> bool:
    """All of `row`'s pieces put in `room`, or (if they do not all fit) none: the room's trial as
    it was. A component moved from the last page so lands on one page, as on its own it did, and
    beside other grids in a block at least two columns wide and (if it has four pieces) two rows."""
    made = room.made
    state = made and (len(made.placed), len(made.rows), made.cursor, made.last_key, made.last_reach, made.lo, made.hi)
    least, most = min(2, len(row.items)), max(2, (len(row.items) + 1) // 2)  # two columns and two rows at least
    while row.items and (n := _take(room, row, paper, least, most)):
        row = replace(row, items=row.items[n:])
    if row.items:  # not all of it: the room as it was
        room.made = made
        if made:
            del made.placed[state[0]:], made.rows[state[1]:]
            made.cursor, made.last_key, made.last_reach, made.lo, made.hi = state[2:]
    return not row.items


def _commit(room: _Room, paper: Paper) -> None:
    """A used room's trial made real: the host's pieces, and in a lane, the host's grids moved
    left and the newcomers beside them, the two centred together across the area."""
    host, t = room.host, room.trial(paper)
    if room.lane is None:
        host.placed, host.rows, host.cursor, host.last_key, host.last_reach = t.placed, t.rows, t.cursor, t.last_key, t.last_reach
        host.lo, host.hi = t.lo, t.hi
        return
    extra = min(p.x - t.left - p.piece.reach for p in t.placed)  # the lane's rows as far left as they may go
    placed = _moved(host.placed, -room.lane[0]) + _moved(t.placed, -extra)
    slack = min(paper.area[2] - piece_edge(p.piece) - p.x - p.w for p in placed)
    host.placed, host.rows = _moved(placed, slack / 2), host.rows + t.rows
    host.cursor = max(p.y + p.h for p in host.placed)
    host.last_key, host.last_reach = None, max(p.piece.reach for p in host.placed)
    host.lo = min(p.x - piece_edge(p.piece) for p in host.placed)
    host.hi = max(p.x + p.w + p.piece.reach for p in host.placed)


def _under(last: Sheet, hosts: list[Sheet], paper: Paper) -> list[_Room] | None:
    """The last sheet's rows, each whole, under the first host's rows with room for it (as they
    were before pieces went side by side); the rooms to commit, or None if one does not fit."""
    rooms = [_Room(h, 0.0) for h in hosts]
    return rooms if all(any(_whole(room, row, paper) for room in rooms) for row in last.rows) else None


def _beside(last: Sheet, hosts: list[Sheet], paper: Paper) -> list[_Room] | None:
    """Each component's pieces of the last sheet (largest first, into the largest room that holds
    them) whole in one room, under other grids or beside them; the rooms to commit, or None."""
    kinds: dict[tuple, Row] = {}  # each component's pieces of one size, as one long row
    for row in last.rows:
        for item in row.items:
            kinds.setdefault((row_key(row.piece, row.rot), item[0].component), replace(row, items=[])).items.append(item)
    rooms = _rooms(hosts, paper, min(min(2, len(r.items)) * r.w for r in kinds.values()))
    largest = sorted(kinds.values(), key=lambda r: -len(r.items) * r.w * r.h)
    return rooms if all(any(_whole(room, row, paper) for room in rooms) for row in largest) else None


def empty_last(sheets: list[Sheet], others: list[Sheet], paper: Paper) -> list[Sheet]:
    """The run's last sheet emptied into the room its earlier sheets (and `others`, pages the run
    may share) leave, if every one of its pieces fits there, so that a run does not end on a page
    holding a few pieces alone: first its rows under their rows; failing that each component whole
    into one room, under their rows or beside their grids (moved left). A person cutting wants few
    cuts and a kind together: a component is not spread over lanes (forest-fire's 48 Fires went
    over 5 Letter pages one wide, 68 cuts -> 109 to save a page), and goes beside other grids as a
    block two pieces wide, two tall if it has four. Each earlier sheet is looked at a few times
    per row of the last: linear."""
    if not sheets or sheets[-1].tall is not None or sheets[-1].closed:
        return sheets
    hosts = [s for s in others + sheets[:-1] if not s.closed and s.tall is None]
    rooms = _under(sheets[-1], hosts, paper) or _beside(sheets[-1], hosts, paper)
    if rooms is None:
        return sheets  # not all of it fits elsewhere: the page stays
    for room in rooms:
        if room.used:
            _commit(room, paper)
    return sheets[:-1]
