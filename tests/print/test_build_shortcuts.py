"""The build's shortcuts (issue 15) give what the plain way gives: crop marks found by bisection,
SVG markup of shared drawings written once, PDF streams compressed ahead in a thread.
(bench/same_bytes.py compares whole builds of every kit with the code before them.)"""
from __future__ import annotations

import random

import pytest

from pnpkit.generator import build as b
from pnpkit.generator import sheets
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.backends import svg as svg_backend
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import BAND_GAP, FOOTER_TOP, HEADER_BOTTOM, MARGIN, MARK_GAP, MARK_WIDTH, Paper, Placed
from pnpkit.kitfile import load_kit


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
        if d >= -1e-6:  # sheets.TOUCH: a neighbour sharing the cut
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
                        half = MARK_WIDTH / 2  # a tick on a cut at the margin's edge moves inside it
                        if axis == "x":
                            at = MARGIN + half if MARGIN <= cy < MARGIN + half else \
                                paper.h - MARGIN - half if paper.h - MARGIN - half < cy <= paper.h - MARGIN else cy
                            x1, x2, y1, y2 = cx + sgn * start, cx + sgn * room, at, at
                        else:
                            at = MARGIN + half if MARGIN <= cx < MARGIN + half else \
                                paper.w - MARGIN - half if paper.w - MARGIN - half < cx <= paper.w - MARGIN else cx
                            x1, x2, y1, y2 = at, at, cy + sgn * start, cy + sgn * room
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


def test_pdf_rects_lines_and_ellipses_written_from_their_points_are_their_ops_written(monkeypatch):
    """The PDF writer writes square-cornered rectangles, lines, circles and ellipses from their
    points (issue 15): the same bytes as painting their ops (rect_ops, ellipse_ops) as it did
    before, under any placement (random shapes, styles, rotations and scales)."""
    from pnpkit.generator.shapes import Circle, Ellipse, Group, Line, Rect, Style, ellipse_ops, rect_ops

    rng = random.Random(15)
    v = lambda: rng.choice([0.0, -0.0, rng.uniform(-200, 200), rng.randint(-5, 300) / 4])  # noqa: E731
    styles = [Style(fill="#aa3300", stroke=None), Style(fill=None, stroke="#000000", width=0.3),
              Style(fill="#ffffff", stroke="#123456", width=0.5, dash=(1.0, 0.5), cap="round", join="bevel"),
              Style(fill=None, stroke=None), Style(fill="#00ff00", stroke="#000000", width=0.0, evenodd=True)]
    pages = []
    for _ in range(40):
        shapes = []
        for _ in range(30):
            st = rng.choice(styles)
            s = rng.choice([Rect(v(), v(), v(), v(), st, r=rng.choice([0.0, -1.0, rng.uniform(0.1, 5)])), Line(v(), v(), v(), v(), st),
                            Circle(v(), v(), v(), st), Ellipse(v(), v(), v(), v(), st)])
            shapes.append(Group((s,), dx=v(), dy=v(), rotate=rng.choice([0.0, 90.0, rng.uniform(0, 360)]),
                                scale=rng.choice([1.0, rng.uniform(0.1, 3)])))
        pages.append(tuple(shapes))
    from_points = pdf_backend.render(pages, 210, 297)

    draw = pdf_backend.PdfDocument.draw

    def by_ops(self, s, m):  # the writer before: every one of them made into ops and painted
        if type(s) is Rect:
            self._paint(s.style, m, rect_ops(s.x, s.y, s.w, s.h, s.r))
        elif type(s) is Line:
            self._paint(s.style, m, (("M", s.x1, s.y1), ("L", s.x2, s.y2)), closed=False)
        elif type(s) in (Circle, Ellipse):
            rx, ry = (s.r, s.r) if type(s) is Circle else (s.rx, s.ry)
            self._paint(s.style, m, ellipse_ops(s.cx, s.cy, rx, ry))
        else:
            draw(self, s, m)

    monkeypatch.setattr(pdf_backend.PdfDocument, "draw", by_ops)
    assert pdf_backend.render(pages, 210, 297) == from_points


def test_pdf_text_runs_kept_per_document_give_the_runs_made_each_time(doc, monkeypatch):
    """The PDF writer keeps each text's font runs per document (issue 15); made again for every
    text, with characters beyond a subset's 256 codes among them, the file is the same."""
    from pnpkit.generator.shapes import Text
    extra = tuple(Text(10 + i % 50, 20 + i // 50 * 5, "".join(chr(0x100 + (i * 7 + k) % 400) for k in range(5)) + " Zoë",
                       size=8 + i % 2) for i in range(300))
    pages = doc.page_shapes() + [extra, extra[::-1]]
    kept = pdf_backend.render(pages, doc.paper.w, doc.paper.h, title="t")
    runs = pdf_backend.PdfDocument._runs

    def made_again(self, font, size, text):
        self.runs.clear()
        return runs(self, font, size, text)

    monkeypatch.setattr(pdf_backend.PdfDocument, "_runs", made_again)
    assert pdf_backend.render(pages, doc.paper.w, doc.paper.h, title="t") == kept


def test_a_width_measured_at_1pt_and_scaled_is_reportlabs_width_at_every_size():
    """Text layout measures a word once, at 1 pt, and scales it to each size it tries (issue 15):
    the same float reportlab gives at that size, for any characters (missing glyphs included)."""
    from reportlab.pdfbase import pdfmetrics

    from pnpkit.generator import fonts, memo
    from pnpkit.generator.shapes import MM_PER_PT

    if not fonts.LINEAR:
        pytest.skip("reportlab's C accelerator is not installed: every size is measured by reportlab")
    rng = random.Random(15)
    pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()-–—'\"éüßøæœ€£→•★李♠"
    sizes = [s / 4 for s in range(16, 64)] + [rng.uniform(3, 30) for _ in range(20)] + [7, 10]
    memo.clear()
    for _ in range(400):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 90)))
        style = rng.choice(list(fonts.FONTS))
        for pt in rng.sample(sizes, 12):
            plain = pdfmetrics.stringWidth(text, fonts.pdf_font(style), pt) * MM_PER_PT
            assert fonts.per_pt(text, style) * pt * MM_PER_PT == plain
            assert fonts.text_width(text, style, pt) == plain


def test_pdf_style_set_by_the_shape_before_is_the_style_written_again(doc, monkeypatch):
    """The PDF writer does not look again at a style the shape before set under the same
    placement (issue 15); checking every shape's style against the state, as before, gives the same
    file, with texts, pictures, clips and opacity between shapes that share a style."""
    from pnpkit.generator.shapes import Circle, Group, Line, Path, Polygon, Rect, Style, Text

    rng = random.Random(15)
    styles = [Style(fill="#aa3300", stroke=None), Style(fill=None, stroke="#000000", width=0.3),
              Style(fill="#ffffff", stroke="#123456", width=0.5, dash=(1.0, 0.5), cap="round", join="bevel"),
              Style(fill="#00ff00", stroke="#000000", width=0.2, opacity=0.5)]
    pages = []
    for _ in range(20):
        items = []
        for _ in range(60):
            st = rng.choice(styles)
            x, y = rng.uniform(0, 150), rng.uniform(0, 250)
            items.append(rng.choice([
                Rect(x, y, 5, 5, st), Line(x, y, x + 9, y, st), Circle(x, y, 3, st),
                Polygon(((x, y), (x + 4, y), (x, y + 4)), st), Path((("M", x, y), ("L", x + 3, y + 3)), st),
                Text(x, y, "ab", color=rng.choice(["#000000", "#aa3300"])),
                Group((Rect(x, y, 4, 4, st), Circle(x, y, 2, st)), dx=1.0, clip=(x, y, 3, 3)),
            ]))
        pages.append((Group(tuple(items), dx=2.0),))
    pages += doc.page_shapes()
    kept = pdf_backend.render(pages, 210, 297)
    set_style = pdf_backend.PdfDocument._set_style

    def every_time(self, st, m):
        self.unstyled()
        return set_style(self, st, m)

    monkeypatch.setattr(pdf_backend.PdfDocument, "_set_style", every_time)
    assert pdf_backend.render(pages, 210, 297) == kept


def test_svg_text_from_its_template_is_the_tag_written_for_it():
    """SVG texts are written from a template per font, size, colour and anchor (issue 15): the
    same markup `_tag` writes, for texts that need escaping, rotated texts and every anchor."""
    from pnpkit.generator.fonts import SVG_FAMILY
    from pnpkit.generator.shapes import MM_PER_PT, Text

    n = svg_backend.n
    rng = random.Random(15)
    for _ in range(500):
        t = Text(rng.uniform(-50, 300), rng.choice([0.0, -0.0, rng.uniform(-50, 300)]),
                 "".join(rng.choice("ab <&>\"'%s\n李") for _ in range(rng.randint(1, 12))),
                 size=rng.choice([6.5, 8.0, rng.uniform(4, 20)]), font=rng.choice(list(SVG_FAMILY) + ["unknown"]),
                 anchor=rng.choice(["start", "middle", "end"]), rotate=rng.choice([0.0, 90.0, rng.uniform(-180, 180)]),
                 color=rng.choice(["#000000", "#a%b&c"]))
        fam, weight = SVG_FAMILY.get(t.font, ("DejaVu Sans", "normal"))
        attrs = [("x", n(t.x)), ("y", n(t.y)), ("font-family", fam), ("font-size", n(t.size * MM_PER_PT)), ("fill", t.color)]
        if weight != "normal":
            attrs.append(("font-weight", weight))
        if t.anchor != "start":
            attrs.append(("text-anchor", t.anchor))
        if t.rotate:
            attrs.append(("transform", f"rotate({n(t.rotate)} {n(t.x)} {n(t.y)})"))
        page = svg_backend._Page()
        page.add(t)
        assert page.out == [svg_backend._tag("text", attrs, t.text)]
