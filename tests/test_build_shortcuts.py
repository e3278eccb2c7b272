"""The build's shortcuts (issue 15) give what the plain way gives: crop marks found by bisection,
SVG markup of shared drawings written once, PDF streams compressed ahead in a thread.
(bench/same_bytes.py compares whole builds of every kit with the code before them.)"""
from __future__ import annotations

import random

import pytest

from generator import build as b
from generator import sheets
from generator.backends import pdf as pdf_backend
from generator.backends import svg as svg_backend
from generator.cover import KitInfo
from generator.options import PrintOptions
from generator.pieces import Piece
from generator.sheets import BAND_GAP, FOOTER_TOP, HEADER_BOTTOM, MARGIN, MARK_GAP, MARK_WIDTH, Paper, Placed
from kitfile import load_kit


def plain_room(paper: Paper, placed: list[Placed], i: int, axis: str, sgn: float, cx: float, cy: float) -> float:
    """How far a mark from corner (cx, cy) of piece i may run, by looking at every other box."""
    boxes = [(p.x - p.bleed, p.y - p.bleed, p.x + p.w + p.bleed, p.y + p.h + p.bleed) for p in placed]
    bands = len(boxes)
    boxes += [(0.0, 0.0, paper.w, HEADER_BOTTOM), (0.0, paper.h - FOOTER_TOP, paper.w, paper.h)]
    start = placed[i].bleed + MARK_GAP
    room = start + sheets.MARK_LEN
    for j, (x0, y0, x1, y1) in enumerate(boxes):
        gap = MARK_GAP if j < bands else BAND_GAP
        if j == i:
            continue
        if axis == "x" and y0 - MARK_WIDTH <= cy <= y1 + MARK_WIDTH:
            d = (x0 - cx) if sgn > 0 else (cx - x1)
        elif axis == "y" and x0 - MARK_WIDTH <= cx <= x1 + MARK_WIDTH:
            d = (y0 - cy) if sgn > 0 else (cy - y1)
        else:
            continue
        if d >= 0:
            room = min(room, d - gap)
    half = MARK_WIDTH / 2
    if axis == "x":
        return min(room, (paper.w - MARGIN - half - cx) if sgn > 0 else (cx - MARGIN - half))
    return min(room, (paper.h - MARGIN - half - cy) if sgn > 0 else (cy - MARGIN - half))


def test_crop_marks_stop_where_a_scan_of_every_box_stops_them():
    rng = random.Random(15)
    paper = Paper.of("a4")
    marks = 0
    for _ in range(150):
        placed = []
        grid = rng.random() < 0.6
        for k in range(rng.randint(1, 24)):
            w, h = rng.choice([10.0, 15.0, 20.5, 63.0]), rng.choice([10.0, 15.0, 20.5, 88.0])
            if grid:
                x, y = 12 + (k % 5) * (w + rng.choice([0.0, 2.5, 5.0])), 20 + (k // 5) * (h + 5)
            else:
                x, y = rng.uniform(10, 190), rng.uniform(15, 270)
            piece = Piece(component="c", kind="counter", name=f"p{k}", w=w, h=h, front=(),
                          bleed=rng.choice([0.0, 0.0, 3.0]))
            placed.append(Placed(piece, x, y, w, h))
        got = {(round(m.x1, 2), round(m.y1, 2), round(m.x2, 2), round(m.y2, 2)) for m in sheets.crop_marks(paper, placed)}
        want = set()
        for i, p in enumerate(placed):
            for cx in (p.x, p.x + p.w):
                for cy in (p.y, p.y + p.h):
                    for axis, sgn in (("x", -1.0 if cx == p.x else 1.0), ("y", -1.0 if cy == p.y else 1.0)):
                        start = p.bleed + MARK_GAP
                        room = plain_room(paper, placed, i, axis, sgn, cx, cy)
                        if room - start < sheets.MARK_MIN:
                            continue
                        if axis == "x":
                            x1, x2, y1, y2 = cx + sgn * start, cx + sgn * room, cy, cy
                        else:
                            x1, x2, y1, y2 = cx, cx, cy + sgn * start, cy + sgn * room
                        want.add((round(min(x1, x2), 2), round(min(y1, y2), 2), round(max(x1, x2), 2),
                                  round(max(y1, y2), 2)))
        assert got == want
        marks += len(got)
    assert marks > 1000


@pytest.fixture(scope="module")
def doc():
    kit = load_kit("chestnuts")
    return b.compose(b.pieces_of(kit), KitInfo.of(kit), PrintOptions("a4", bleed=3.0), b.titles_of(kit))


def test_svg_pages_sharing_written_markup_are_the_pages_written_alone(doc):
    shared: dict = {}
    for shapes in doc.page_shapes():
        alone = svg_backend.render_page(shapes, doc.paper.w, doc.paper.h, title="t")
        assert svg_backend.render_page(shapes, doc.paper.w, doc.paper.h, title="t", written=shared) == alone
    assert len(shared) > 100  # the copies' drawings were written once and repeated


def test_pdf_streams_compressed_ahead_give_reportlabs_own_bytes(doc, monkeypatch):
    pages = doc.page_shapes()
    ahead = pdf_backend.render(pages, doc.paper.w, doc.paper.h, title="t")
    monkeypatch.setattr(pdf_backend.PdfDocument, "_deflate_ahead", lambda self, page: None)
    assert pdf_backend.render(pages, doc.paper.w, doc.paper.h, title="t") == ahead
