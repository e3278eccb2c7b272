"""Pages as values: the paper, where each piece lands, the crop marks and the page furniture.

Imposition fills `Page`s with `Placed` pieces; the build adds headings, the credit line and crop
marks; backends only ever see `Page.shapes()`, a flat list of drawing commands in page millimetres
(origin top-left, y down). So the PDF and the SVG of a sheet are the same drawing by construction.

Numbers (all mm):
- MARGIN 6.35 (1/4 in): nothing is drawn closer than this to a page edge; home printers cannot.
- Pieces of one size sit edge to edge (generator/impose.py): one cut separates two rows. Between
  two grids of different sizes, GRID_SPACE 8: room for both grids' crop ticks.
- Crop ticks: 0.25 mm hairlines, up to 3 mm long, starting 1 mm (plus the piece's bleed) beyond the
  trim corner, on the extension of every cut line, outside the grid only (never in a grid, never
  a box round a piece: the first cut would take it away). The printable area leaves RING 3 round
  itself inside the margin, so a grid of three poker cards (190.5 mm) fits across A4 and Letter;
  a tick with less room than 3 mm is shortened, down to MARK_MIN.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from pnpkit.generator import fonts, legibility
from pnpkit.generator.bleed import underlay
from pnpkit.generator.options import MAX_BACK_OFFSET, PAPERS  # noqa: F401  (the papers, where the options are read)
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Group, Line, Shape, Style, Text

MARGIN = 6.35
MARK_GAP = 1.0
MARK_LEN = 3.0
RING = MARK_GAP + 2.0  # round the printable area, inside the margin: where the outer ticks stand
GRID_SPACE = 2 * (MARK_GAP + MARK_LEN)  # between two grids: both grids' ticks, end to end
MARK_MIN = 1.25  # a mark shorter than this is left out (a neighbour is too close)
MARK_WIDTH = 0.25
TOUCH = 1e-6  # mm: two edges this close are one cut (a grid's positions are sums of floats)
BAND_GAP = 0.5  # a mark's clearance from the heading and credit bands
HEADER_SIZE = 7.0  # pt
HEADER_BASELINE = MARGIN + 2.6
HEADER_BOTTOM = MARGIN + 3.5
CREDIT_SIZE = 6.0  # pt
FOOTER_TOP = MARGIN + 2.8  # distance of the footer band's top from the bottom edge

MARK_STYLE = Style(fill=None, stroke="#000000", width=MARK_WIDTH)
EDGE_TICK = Style(fill=None, stroke="#808080", width=0.2)  # a tick on the cut line itself (see edge_ticks)
INK = "#000000"
GREY = "#555555"


@dataclass(frozen=True)
class Paper:
    name: str
    w: float
    h: float

    @classmethod
    def of(cls, name: str) -> Paper:
        try:
            w, h = PAPERS[name]
        except KeyError:
            raise ValueError(f"unknown paper {name!r} (known: {', '.join(PAPERS)})") from None
        return cls(name, w, h)

    @property
    def area(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): where piece trims may go, leaving room for the outer crop marks
        between them and the margin, the heading above and the credit line below."""
        return (MARGIN + RING, HEADER_BOTTOM + RING + 0.5, self.w - MARGIN - RING,
                self.h - FOOTER_TOP - RING - 0.5)

    @property
    def area_size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.area
        return x1 - x0, y1 - y0


@dataclass(frozen=True)
class Placed:
    """A piece's front or back at its place on a page. (x, y, w, h) is the trim box on the page;
    `rotate` (0, 90, 180) is how the piece's own drawing is turned to sit in that box. `bleeds`
    (left, top, right, bottom on the page) is how far the background runs past each cut when it
    is not `bleed` all round: 0 on a side shared with a neighbour (generator/impose.py)."""

    piece: Piece
    x: float
    y: float
    w: float
    h: float
    side: str = "front"  # front | back
    rotate: int = 0
    slot: int = -1  # the piece's place in the imposed list: pairs a back with its front
    bleeds: tuple[float, float, float, float] | None = None

    @property
    def bleed(self) -> float:
        """How far this side's background runs past the trim (at most: see `bleeds`)."""
        return self.piece.bleed_of(self.side)

    def reach(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom): how far the drawing runs past each cut, on the page."""
        return self.bleeds if self.bleeds is not None else (self.bleed,) * 4

    def shape(self) -> Shape:
        p = self.piece
        art = p.front if self.side == "front" else (p.back or ())
        page = self.reach()
        turn = (self.rotate // 90) % 4  # the piece's left side is the page's side `turn` (L, T, R, B)
        left, top, right, bottom = (page[(k + turn) % 4] for k in range(4))
        inner = Group(underlay(p, self.side) + tuple(art), clip=(-left, -top, p.w + left + right, p.h + top + bottom))
        if self.rotate == 180:
            inner = Group((inner,), dx=self.w, dy=self.h, rotate=180)
        elif self.rotate == 90:
            inner = Group((inner,), dx=self.w, rotate=90)
        elif self.rotate == 270:
            inner = Group((inner,), dy=self.h, rotate=270)
        return Group((inner,), dx=self.x, dy=self.y)

    def box_on_page(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """A box of the piece's own drawing (x, y, w, h), where it lands on the page: turned as
        `shape` turns the drawing (90: (u, v) -> (w - v, u); 180: (w - u, h - v); 270: (v, h - u))."""
        corners = [(x, y), (x + w, y + h)]
        if self.rotate == 90:
            corners = [(self.w - v, u) for u, v in corners]
        elif self.rotate == 180:
            corners = [(self.w - u, self.h - v) for u, v in corners]
        elif self.rotate == 270:
            corners = [(v, self.h - u) for u, v in corners]
        (x0, x1), (y0, y1) = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        return self.x + x0, self.y + y0, x1 - x0, y1 - y0


@dataclass
class Page:
    """One printed page. `placed` and `marks` move by `offset` (a back page's --back-offset);
    `furniture` (headings, credit, cover text) never moves."""

    kind: str  # cover | assembly | calibration | pieces | backs | blank | thumbnail
    title: str = ""
    placed: list[Placed] = field(default_factory=list)
    marks: list[Shape] = field(default_factory=list)
    furniture: list[Shape] = field(default_factory=list)
    offset: tuple[float, float] = (0.0, 0.0)
    back_of: Page | None = None  # for a back page: its front
    number: int = 0  # 1-based, set when the document is put in order
    tall: bool = False  # its grid runs from the top margin to the bottom one: heading in the side margins

    @property
    def is_back(self) -> bool:
        return self.back_of is not None

    def shapes(self) -> tuple[Shape, ...]:
        moving: list[Shape] = [p.shape() for p in self.placed] + list(self.marks)
        dx, dy = self.offset
        if dx or dy:
            moving = [Group(tuple(moving), dx=dx, dy=dy)]
        return tuple(moving) + tuple(self.furniture)


def furniture(paper: Paper, left: str, right: str, credit: str) -> list[Shape]:
    """The heading (left: what is on the page, right: page number) and the credit line, all
    inside the margins."""
    out: list[Shape] = []
    width = paper.w - 2 * MARGIN
    rsize = HEADER_SIZE
    rwidth = fonts.text_width(right, "condensed", rsize) if right else 0.0
    if left:
        room = width - rwidth - 4
        left, size = line_that_fits(left, room, smallest=HEADER_SIZE)
        out.append(Text(MARGIN, HEADER_BASELINE, left, size, "condensed-bold", INK))
    if right:
        out.append(Text(paper.w - MARGIN, HEADER_BASELINE, right, rsize, "condensed", INK, "end"))
    if credit:
        credit, size = line_that_fits(credit, width, "condensed", CREDIT_SIZE, listed=False)
        out.append(Text(paper.w / 2, paper.h - MARGIN - 0.7, credit, size, "condensed", GREY, "middle"))
    return out


def side_furniture(paper: Paper, left: str, right: str, rows: list[float]) -> list[Shape]:
    """The heading of a page whose grid runs from margin to margin: turned, in the side margins
    (what is on the page on the left, reading upwards; the page number on the right, reading
    downwards), in the widest gap between the grid's row lines `rows`, clear of their ticks."""
    ys = sorted({MARGIN, paper.h - MARGIN, *rows})
    a, b = max(zip(ys, ys[1:]), key=lambda g: g[1] - g[0])
    room, mid = b - a - 2 * (MARK_GAP + MARK_LEN), (a + b) / 2
    left, size = line_that_fits(left, room, "condensed-bold", HEADER_SIZE, smallest=HEADER_SIZE)
    return [Text(MARGIN + 2.0, mid, left, size, "condensed-bold", INK, "middle", rotate=-90),
            Text(paper.w - MARGIN - 2.0, mid, right, HEADER_SIZE, "condensed", INK, "middle", rotate=90)]


def edge_ticks(paper: Paper, placed: list[Placed]) -> list[Shape]:
    """On a page whose grid runs from margin to margin, the column lines have no margin above or
    below the grid for a tick: a short grey tick on the line itself, inside the grid's top and
    bottom edges, which the cut takes away."""
    out: list[Shape] = []
    top = min(p.y for p in placed)
    bottom = max(p.y + p.h for p in placed)
    seen: set[tuple[float, float]] = set()
    for p in placed:
        for y, sgn in ((top, 1.0), (bottom, -1.0)):
            if abs((p.y if sgn > 0 else p.y + p.h) - y) > 1e-6:
                continue
            for x in (p.x, p.x + p.w):
                if (round(x, 2), y) not in seen:
                    seen.add((round(x, 2), y))
                    out.append(Line(x, min(y, y + sgn * MARK_LEN), x, max(y, y + sgn * MARK_LEN), EDGE_TICK))
    return out


def line_that_fits(text: str, room: float, font: str = "condensed-bold", pt: float = HEADER_SIZE,
                   listed: bool = True, smallest: float = legibility.PAGE_PT) -> tuple[str, float]:
    """A page's heading (or credit line) and its size: the whole line if it fits `room` at
    `smallest` (PAGE_PT; a page's heading HEADER_SIZE: it never shrinks) or larger, else (`listed`)
    its list ("A x5, B x5, ...") cut after a whole item with how many more there are, or its words
    cut after a whole one; never a word cut in two nor a size under `smallest`."""

    def fits(t: str) -> float | None:
        try:
            return fonts.fit_size(t, font, pt, room, smallest=smallest)
        except fonts.TextFitError:
            return None

    tries = [text]
    body, suffix = text, ""
    if text.endswith(")") and " (" in text:
        body, suffix = text[:text.rindex(" (")], text[text.rindex(" ("):]
    items = body.split(", ") if listed else [body]
    tries += [", ".join(items[:keep]) + f" and {len(items) - keep} more" + suffix for keep in range(len(items) - 1, 0, -1)]
    words = text.split()
    tries += [" ".join(words[:n]) + " …" for n in range(len(words) - 1, 0, -1)]  # no list: whole words
    for t in tries:
        got = fits(t)
        if got is not None:
            return t, got
    return tries[-1], smallest


Rect4 = tuple[float, float, float, float]


def mark_clearance(bleed: float) -> float:
    """How far inside Paper.area a trim with this much bleed must sit, so the crop marks that
    continue its cut lines still fit (bleed, gap, a short mark) between it and the margin."""
    need = bleed + MARK_GAP + MARK_MIN + MARK_WIDTH / 2
    return max(0.0, round(need - RING, 3))


class _Lines:
    """The boxes a crop mark can run into, per line: which boxes can stop a mark along a line
    depends only on the line, and pieces in a grid share their rows and columns (a page of 70
    counters has 560 marks but a few dozen lines). Along a line the nearest box ahead is found
    by bisection in the boxes sorted by their near edge, one search per kind of gap: the room it
    leaves, (edge - c) - gap, only grows with the edge, so the nearest box is the one that stops
    the mark, and the room is computed from it exactly as from every box."""

    def __init__(self, boxes: list[Rect4], bands: int, eps: float):
        self.boxes, self.bands, self.eps = boxes, bands, eps
        self.cache: dict[tuple[str, float], list] = {}

    def _along(self, axis: str, at: float) -> list:
        """Per kind of gap: (gap, near edges sorted ascending with the box index, far edges too)."""
        got = self.cache.get((axis, at))
        if got is None:
            eps, kinds = self.eps, {}
            for j, (x0, y0, x1, y1) in enumerate(self.boxes):
                a0, a1, b0, b1 = (x0, x1, y0, y1) if axis == "x" else (y0, y1, x0, x1)
                if b0 - eps <= at <= b1 + eps:
                    lo, hi = kinds.setdefault(MARK_GAP if j < self.bands else BAND_GAP, ([], []))
                    lo.append((a0, j))
                    hi.append((a1, j))
            got = self.cache[axis, at] = [(gap, sorted(lo), sorted(hi)) for gap, (lo, hi) in kinds.items()]
        return got

    def room(self, axis: str, at: float, c: float, sgn: float, me: int, room: float) -> float:
        """`room` cut to the first box (not box `me`) from c in the direction sgn along the line."""
        for gap, lo, hi in self._along(axis, at):
            if sgn > 0:   # the smallest near edge at or past c (a neighbour sharing the cut at c too)
                k = bisect.bisect_left(lo, (c - TOUCH, -1))
                while k < len(lo) and lo[k][1] == me:
                    k += 1
                if k < len(lo):
                    room = min(room, (lo[k][0] - c) - gap)
            else:         # the largest far edge at or before c
                k = bisect.bisect_right(hi, (c + TOUCH, len(self.boxes))) - 1
                while k >= 0 and hi[k][1] == me:
                    k -= 1
                if k >= 0:
                    room = min(room, (c - hi[k][0]) - gap)
        return room


def inside(at: float, lo: float, hi: float) -> float:
    """A tick along a cut at the margin's very edge (a grid from margin to margin) would put half
    its hairline in the margin: it moves inside by that half, and only then."""
    if lo - MARK_WIDTH / 2 - 1e-9 <= at < lo:
        return lo
    if hi < at <= hi + MARK_WIDTH / 2 + 1e-9:
        return hi
    return at


def crop_marks(paper: Paper, placed: list[Placed], offset: tuple[float, float] = (0.0, 0.0)) -> list[Shape]:
    """Short hairlines on the extension of every trim edge, beyond each corner, stopping short of
    any other piece (with its bleed), the heading, the credit line and the margin (where the
    page moves by `offset`, a back page's --back-offset, too). Marks that two neighbours share are
    drawn once; a line shared by two pieces of a grid has its marks outside the grid only."""
    boxes: list[Rect4] = []
    for p in placed:
        left, top, right, bottom = p.reach()
        boxes.append((p.x - left, p.y - top, p.x + p.w + right, p.y + p.h + bottom))
    # the heading and credit bands are obstacles too (a mark may come closer to them than to a
    # piece: their text sits at the far side of the band)
    bands = len(boxes)
    boxes.append((0.0, 0.0, paper.w, HEADER_BOTTOM))
    boxes.append((0.0, paper.h - FOOTER_TOP, paper.w, paper.h))
    half = MARK_WIDTH / 2  # a line's ink reaches half its width past its end points' box
    dx, dy = offset
    lo_x, lo_y = MARGIN + half - dx, MARGIN + half - dy
    hi_x, hi_y = paper.w - MARGIN - half - dx, paper.h - MARGIN - half - dy
    eps = MARK_WIDTH
    lines = _Lines(boxes, bands, eps)
    seen: set[tuple[float, float, float, float]] = set()
    out: list[Shape] = []
    for i, p in enumerate(placed):
        b = p.bleed
        xs, ys = (p.x, p.x + p.w), (p.y, p.y + p.h)
        for cx in xs:
            for cy in ys:
                # along the horizontal edge through (cx, cy), outward in x
                sx = -1.0 if cx == xs[0] else 1.0
                sy = -1.0 if cy == ys[0] else 1.0
                for axis, sgn in (("x", sx), ("y", sy)):
                    start = b + MARK_GAP
                    room = start + MARK_LEN
                    room = lines.room(axis, cy if axis == "x" else cx, cx if axis == "x" else cy, sgn, i, room)
                    if axis == "x":
                        room = min(room, (hi_x - cx) if sgn > 0 else (cx - lo_x))
                    else:
                        room = min(room, (hi_y - cy) if sgn > 0 else (cy - lo_y))
                    if room - start < MARK_MIN:
                        continue
                    if axis == "x":
                        at = inside(cy, lo_y, hi_y)
                        seg = (cx + sgn * start, at, cx + sgn * room, at)
                    else:
                        at = inside(cx, lo_x, hi_x)
                        seg = (at, cy + sgn * start, at, cy + sgn * room)
                    x1, y1, x2, y2 = seg
                    key = (round(min(x1, x2), 2), round(min(y1, y2), 2), round(max(x1, x2), 2),
                           round(max(y1, y2), 2))
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(Line(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2), MARK_STYLE))
    return out
