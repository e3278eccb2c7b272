"""The print pipeline: pieces -> pages -> PDF, SVG and manifest, as a person printing them sees it.

Built from hand-made pieces (no kit file), so these tests say what the pipeline does whatever the
component renderers draw. Builds are module-scoped: each is made once and checked many ways.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from pnpkit.generator import build as build_mod
from pnpkit.generator import calibration, inksaver
from pnpkit.generator.build import build_pieces, compose
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Circle, Group, Line, Rect, Style, Text
from pnpkit.generator.sheets import MARGIN, PAPERS, Paper

INFO = KitInfo("demo", "Demo Kit", "A. Designer", "2", "Demo Kit by A. Designer. Print-and-play by pnpkit.")
MM_PER_PT = 25.4 / 72


def counter(i: int, d: float = 15.9) -> Piece:
    front = (Circle(d / 2, d / 2, d / 2 - 0.3, Style(fill="#E69F00", stroke="#000000", width=0.3)),
             Text(d / 2, d / 2 + 1.5, str(i + 1), 9, "bold", "#000000", "middle"))
    back = (Circle(d / 2, d / 2, d / 2 - 0.3, Style(fill="#333333")),
            Text(d / 2, d / 2 + 1.5, "B", 9, "bold", "#ffffff", "middle"))
    return Piece("chips", "counter", f"Chip {i + 1}", d, d, front, back, shape="circle")


def card(i: int, bleed: float = 3.0) -> Piece:
    w, h = 63.5, 88.9
    full = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#0072B2", stroke=None))
    return Piece("deck", "card", f"Card {i + 1}", w, h,
                 (full, Text(w / 2, 20, f"Card {i + 1}", 12, "heading", "#ffffff", "middle")),
                 (full, Text(w / 2, h / 2, "BACK", 14, "title", "#ffffff", "middle")), bleed=bleed)


def board(w: float = 300.0, h: float = 230.0) -> Piece:
    items = [Rect(0, 0, w, h, Style(fill="#fdf3e0", stroke="#000000", width=0.5))]
    items += [Line(x, 0, x, h, Style(stroke="#999999", width=0.2)) for x in range(10, int(w), 20)]
    items.append(Text(w / 2, h / 2, "BOARD", 20, "title", "#000000", "middle"))
    return Piece("board", "board", "Board", w, h, tuple(items))


def aid() -> Piece:
    return Piece("aid", "reference", "Player aid", 120, 80,
                 (Rect(0, 0, 120, 80, Style(fill="#F0E442", stroke="#000000")), Text(5, 10, "Aid", 10)))


def pieces() -> list[Piece]:
    return [board()] + [counter(i) for i in range(30)] + [card(i) for i in range(5)] + [aid()]


def build(tmp: Path, paper: str = "a4", **kw):
    return build_pieces(pieces(), INFO, tmp, PrintOptions(paper, **kw))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build per paper and duplex mode."""
    out = {}
    for paper in PAPERS:
        d = tmp_path_factory.mktemp(f"b-{paper}")
        out[paper] = (build(d, paper), d)
    d = tmp_path_factory.mktemp("short")
    out["short"] = (build(d, "letter", duplex="short"), d)
    d = tmp_path_factory.mktemp("offset")
    out["offset"] = (build(d, "a4", back_offset=(1.5, -2.0)), d)
    return out


def manifest(report) -> dict:
    return json.loads(report.manifest.read_text())


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_page_size_and_files(built, paper):
    r, d = built[paper]
    w, h = PAPERS[paper]
    assert r.pdf == d / "demo" / f"demo-{paper}.pdf"
    assert r.manifest == d / "demo" / f"manifest-{paper}.json"
    reader = PdfReader(r.pdf)
    assert len(reader.pages) == r.pages == manifest(r)["pages"]
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) * MM_PER_PT - w) < 0.01
        assert abs(float(box.height) * MM_PER_PT - h) < 0.01
    svgs = sorted((d / "demo" / "svg").glob(f"demo-{paper}-p*.svg"))
    assert [p.name for p in svgs] == [f"demo-{paper}-p{i:02d}.svg" for i in range(1, r.pages + 1)]
    assert f'viewBox="0 0 {w:g} {h:g}"' in svgs[0].read_text()
    m = manifest(r)
    assert list(m) == ["kit", "paper", "page_size_mm", "pages", "pieces"]
    assert m["page_size_mm"] == [w, h] and m["kit"] == "demo" and m["paper"] == paper
    doc = compose(pieces(), INFO, PrintOptions(paper))
    assert all(p.back_of.number == p.number - 1 for p in doc.pages if p.is_back)  # each back the page after its front


def test_every_font_embedded_and_no_helvetica(built):
    r, _ = built["a4"]
    reader = PdfReader(r.pdf)
    seen = 0
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for name in fonts:
            font = fonts[name].get_object()
            assert "Helvetica" not in str(font["/BaseFont"])
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            assert "/FontFile2" in desc.get_object(), f"{font['/BaseFont']} is not embedded"
            seen += 1
    assert seen > 0
    assert b"Helvetica" not in r.pdf.read_bytes()


def test_manifest_entries_are_real_pieces_inside_margins(built):
    for key in ("a4", "letter", "universal", "short", "offset"):
        r, _ = built[key]
        m = manifest(r)
        w, h = m["page_size_mm"]
        assert len(m["pieces"]) == 30 + 5 + 1 + 2  # the board comes in 2 parts
        for e in m["pieces"]:
            assert set(e) >= {"component", "kind", "name", "page", "x_mm", "y_mm", "w_mm", "h_mm", "back"}
            boxes = [(e["x_mm"], e["y_mm"])] + ([(e["back"]["x_mm"], e["back"]["y_mm"])] if e["back"] else [])
            bleed = 3.0 if e["kind"] == "card" else 0.0
            for x, y in boxes:
                assert x - bleed >= MARGIN and y - bleed >= MARGIN, e
                assert x + e["w_mm"] + bleed <= w - MARGIN and y + e["h_mm"] + bleed <= h - MARGIN, e
        counters = [e for e in m["pieces"] if e["kind"] == "counter"]
        assert all(e["w_mm"] == 15.9 and e["h_mm"] == 15.9 for e in counters)


def _pixels(pdf: Path, dpi: int = 72):
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            yield doc[i].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()


def test_every_page_has_ink_and_nothing_within_the_margin(built):
    for key in ("a4", "letter", "offset"):
        r, _ = built[key]
        dpi = 72
        edge = int(MARGIN / 25.4 * dpi) - 1  # pixels wholly inside the 6.35 mm margin
        for n, img in enumerate(_pixels(r.pdf, dpi), 1):
            w, h = img.size
            assert img.getextrema()[0] < 128, f"page {n} is blank"
            for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
                assert img.crop(box).getextrema()[0] >= 250, f"{key} page {n}: ink in the margin {box}"


def test_backs_mirrored_for_long_edge(built):
    r, _ = built["a4"]
    W, _ = PAPERS["a4"]
    m = manifest(r)
    backs = [e for e in m["pieces"] if e["back"]]
    assert len(backs) == 35  # counters and cards; the aid and the board parts are single-sided
    for e in backs:
        b = e["back"]
        assert b["page"] == e["page"] + 1
        assert b["x_mm"] == pytest.approx(W - e["x_mm"] - e["w_mm"], abs=0.011)
        assert b["y_mm"] == e["y_mm"]


def test_backs_mirrored_and_turned_for_short_edge(built):
    r, _ = built["short"]
    _, H = PAPERS["letter"]
    for e in manifest(r)["pieces"]:
        if e["back"]:
            assert e["back"]["x_mm"] == e["x_mm"]
            assert e["back"]["y_mm"] == pytest.approx(H - e["y_mm"] - e["h_mm"], abs=0.011)
    doc = compose(pieces(), INFO, PrintOptions("letter", duplex="short"))
    back_pages = [p for p in doc.pages if p.kind == "backs"]
    fronts = {pl.slot: pl for p in doc.pages if p.kind == "pieces" for pl in p.placed}
    # turned over the short edge: an upright piece's back upside down on its page, a piece laid
    # turned (the cards, six to a page so) as its front is (tests/test_paper_rater.py says why)
    assert back_pages and all(pl.rotate == (fronts[pl.slot].rotate + (0 if fronts[pl.slot].rotate in (90, 270) else 180)) % 360
                              for p in back_pages for pl in p.placed)
    assert {fronts[pl.slot].rotate for p in back_pages for pl in p.placed} == {0, 90}


def test_back_offset_moves_every_back(built):
    plain = manifest(built["a4"][0])["pieces"]
    moved = manifest(built["offset"][0])["pieces"]
    assert [e["name"] for e in plain] == [e["name"] for e in moved]
    for a, b in zip(plain, moved):
        assert (a["x_mm"], a["y_mm"], a["page"]) == (b["x_mm"], b["y_mm"], b["page"])  # fronts stay
        if a["back"]:
            assert b["back"]["x_mm"] == pytest.approx(a["back"]["x_mm"] + 1.5, abs=0.011)
            assert b["back"]["y_mm"] == pytest.approx(a["back"]["y_mm"] - 2.0, abs=0.011)


def test_crop_marks_at_every_cut_line_and_never_on_a_piece():
    doc = compose(pieces(), INFO, PrintOptions("universal"))
    checked = 0
    for page in doc.pages:
        if page.kind != "pieces":
            continue
        lines = [m for m in page.marks if isinstance(m, Line)]
        assert lines
        for m in lines:
            assert m.style.width <= 0.3
            length = abs(m.x2 - m.x1) + abs(m.y2 - m.y1)
            assert 1.25 <= length <= 5.0  # sheets.MARK_MIN: shorter marks are left out
            for pl in page.placed:
                left, top, right, bottom = pl.reach()  # a shared cut has no bleed over the neighbour
                x0, y0, x1, y1 = pl.x - left, pl.y - top, pl.x + pl.w + right, pl.y + pl.h + bottom
                overlap = min(m.x1, m.x2) < x1 and max(m.x1, m.x2) > x0 and \
                    min(m.y1, m.y2) < y1 and max(m.y1, m.y2) > y0
                assert not overlap, (m, pl.piece.name)
        for pl in page.placed:  # each of the four trim lines is continued by some mark
            for xv in (pl.x, pl.x + pl.w):
                assert any(m.x1 == m.x2 and abs(m.x1 - round(xv, 2)) < 0.011 for m in lines), pl.piece.name
            for yv in (pl.y, pl.y + pl.h):
                assert any(m.y1 == m.y2 and abs(m.y1 - round(yv, 2)) < 0.011 for m in lines), pl.piece.name
            checked += 1
    assert checked == 38


def _steps(page) -> set[float]:
    xs = sorted({round(p.x, 3) for p in page.placed})
    ys = sorted({round(p.y, 3) for p in page.placed})
    return {round(b - a, 3) for a, b in zip(xs, xs[1:])} | {round(b - a, 3) for a, b in zip(ys, ys[1:])}


def test_same_size_pieces_share_their_cuts():
    """Edge to edge both ways: one cut separates two rows; ticks stand outside the grid only."""
    doc = compose([counter(i) for i in range(40)], INFO, PrintOptions("a4"))
    page = next(p for p in doc.pages if p.kind == "pieces")
    assert _steps(page) == {15.9}
    assert len(page.marks) >= 2 * (12 + 1) + 2 * (4 + 1)  # 12 columns x 4 rows: ticks at every line
    for m in page.marks:  # every tick stands clear of every piece, never on a cut two pieces share
        for p in page.placed:
            assert not (p.x - 0.5 < m.x1 < p.x + p.w + 0.5 and p.y - 0.5 < m.y1 < p.y + p.h + 0.5), (m, p.piece.name)
            assert not (p.x - 0.5 < m.x2 < p.x + p.w + 0.5 and p.y - 0.5 < m.y2 < p.y + p.h + 0.5), (m, p.piece.name)


def test_a_bleed_opens_the_grid_by_twice_the_bleed():
    cards = [replace(card(i, 0.0), grounds=("#336699", "#993366")) for i in range(6)]
    page = next(p for p in compose(cards, INFO, PrintOptions("a4", bleed=3.0)).pages if p.kind == "pieces")
    assert _steps(page) == {63.5 + 6.0, 88.9 + 6.0}  # 3 across, 2 down
    assert all(pl.reach() == (3.0,) * 4 for pl in page.placed)  # each piece keeps all of its bleed


def test_a_back_colour_runs_to_the_neighbours_cut():
    cards = [replace(card(i, 0.0), grounds=("#ffffff", "#993366")) for i in range(6)]
    doc = compose(cards, INFO, PrintOptions("a4"))
    backs = next(p for p in doc.pages if p.kind == "backs")
    assert _steps(backs) <= {63.5, 88.9}  # no gutter: the 1.5 mm of a back does not open the grid
    for pl in backs.placed:
        left, top, right, bottom = pl.reach()
        assert {left, right} <= {0.0, 1.5} and {top, bottom} <= {0.0, 1.5}
        neighbours = [q for q in backs.placed if q is not pl and abs(q.y - pl.y) < 0.01]
        assert (right == 0.0) == any(abs(q.x - pl.x - pl.w) < 0.01 for q in neighbours)


def test_two_builds_are_byte_identical(tmp_path):
    a, b = build(tmp_path / "a"), build(tmp_path / "b")
    assert a.pdf.stat().st_mode & 0o044  # readable by others, like any file the user makes
    assert a.pdf.read_bytes() == b.pdf.read_bytes()
    assert a.manifest.read_text() == b.manifest.read_text()
    for x, y in zip(a.svgs, b.svgs):
        assert x.read_bytes() == y.read_bytes()


def test_split_board_parts_overlap_and_thumbnail(built):
    r, _ = built["a4"]
    parts = [e for e in manifest(r)["pieces"] if e["component"] == "board"]
    assert [e["part"] for e in parts] == ["1/2", "2/2"]
    assert parts[0]["name"] == "Board part 1/2"
    # the two parts cover the 300 mm board with a 10 mm overlap
    assert parts[0]["w_mm"] + parts[1]["w_mm"] - 10 == pytest.approx(300, abs=0.02)
    assert all(e["h_mm"] == 230 for e in parts)
    assert parts[0]["page"] != parts[1]["page"]
    area_w, area_h = Paper.of("a4").area_size
    assert all(e["w_mm"] <= area_w and e["h_mm"] <= area_h for e in parts)
    doc = compose(pieces(), INFO, PrintOptions("a4"))
    assembly = doc.pages[1]
    assert assembly.kind == "assembly"
    texts = [s.text for s in assembly.furniture if isinstance(s, Text)]
    assert "1/2" in texts and "2/2" in texts  # the thumbnail numbers the parts
    part2 = next(p for p in doc.pages if p.placed and p.placed[0].piece.meta.get("part") == "2/2")
    art = part2.placed[0].piece.front
    clipped = art[0]
    assert isinstance(clipped, Group) and clipped.clip == (140.0, 0.0, 160.0, 230.0)
    words = [s.text for s in art if isinstance(s, Text)]
    assert any("glue here" in w for w in words) and "part 2/2" in words


def test_board_turned_when_that_needs_fewer_parts():
    tall = compose([board(180, 500)], INFO, PrintOptions("a4"))  # upright: 1 x 2 parts
    wide = compose([board(500, 180)], INFO, PrintOptions("a4"))  # turned: also 1 x 2 (upright would be 3 x 1)
    n_tall = sum(1 for e in tall.manifest["pieces"] if "part" in e)
    n_wide = sum(1 for e in wide.manifest["pieces"] if "part" in e)
    assert n_tall == 2 and n_wide == 2


def test_atomic_build_leaves_nothing_when_it_fails(tmp_path, monkeypatch):
    calls = {"n": 0}
    real = build_mod.svg_backend.render_page

    def failing(*a, **kw):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("disk on fire")
        return real(*a, **kw)

    monkeypatch.setattr(build_mod.svg_backend, "render_page", failing)
    with pytest.raises(RuntimeError):
        build(tmp_path)
    left = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert left == []
    # an earlier good build stays whole when the next one fails
    monkeypatch.setattr(build_mod.svg_backend, "render_page", real)
    good = build(tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    calls["n"] = 0
    monkeypatch.setattr(build_mod.svg_backend, "render_page", failing)
    with pytest.raises(RuntimeError):
        build(tmp_path, ink_saver=True)
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before and good.pdf in after


def test_ink_saver_lightens_fills_and_keeps_text_dark():
    dark_rect = Rect(0, 0, 50, 50, Style(fill="#0072B2", stroke=None))
    white_text = Text(1, 1, "x", color="#ffffff")
    out = inksaver.transform((Group((dark_rect, white_text)),))
    r, t = out[0].items
    assert inksaver.luminance(r.style.fill) > 0.8 and r.style.stroke is not None
    assert inksaver.luminance(t.color) < 0.5
    assert dark_rect.style.fill == "#0072B2"  # the input is untouched


def test_ink_saver_build_uses_less_ink(tmp_path):
    plain = build(tmp_path / "p", "a4")
    saver = build(tmp_path / "s", "a4", ink_saver=True)

    def ink(pdf):
        return sum(255 * img.size[0] * img.size[1] - sum(img.histogram()[i] * i for i in range(256)) for img in _pixels(pdf, 20))

    assert ink(saver.pdf) < 0.6 * ink(plain.pdf)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("shift", [-3.0, -1.5, 0.0, 0.5, 2.0, 3.0])
def test_calibration_vernier_reads_the_offset_to_pass(duplex, shift):
    """A printer moving backs by `shift` (x and y) makes the line labelled -shift meet a front line."""
    paper = Paper.of("a4")
    front_lines = calibration.front(paper)
    back = calibration.back(paper, duplex)
    (_, fxy), _ = calibration.centres(paper)
    fronts_x = [paper.w - l.x1 if duplex == "long" else l.x1 for l in front_lines
                if isinstance(l, Line) and l.x1 == l.x2 and abs(l.y1 + l.y2 - 2 * fxy) < 1e-6]
    assert len(fronts_x) == 13
    backs = [l for l in back if isinstance(l, Line) and l.x1 == l.x2]
    labels = [t for t in back if isinstance(t, Text) and t.anchor == "middle"]
    hits = [l for l in backs if any(abs(l.x1 + shift - f) < 1e-6 for f in fronts_x)]
    assert len(hits) == 1
    label = next(t.text for t in labels if abs(t.x - hits[0].x1) < 1e-6)
    assert float(label) == pytest.approx(-shift)


def test_every_page_carries_the_credit_line(built):
    r, _ = built["letter"]
    reader = PdfReader(r.pdf)
    for page in reader.pages:
        assert "Demo Kit by A. Designer" in page.extract_text()


def test_svg_pages_draw_the_same_shapes_as_the_pdf(built):
    """Each SVG is well-formed, in mm, names its fonts, and holds the page's texts and clips."""
    import xml.etree.ElementTree as ET

    r, _ = built["a4"]
    doc = compose(pieces(), INFO, PrintOptions("a4"))
    ns = "{http://www.w3.org/2000/svg}"

    def texts(shapes):
        for s in shapes:
            if isinstance(s, Group):
                yield from texts(s.items)
            elif isinstance(s, Text) and s.text:
                yield s.text

    for page, path in zip(doc.pages, r.svgs):
        root = ET.parse(path).getroot()
        assert root.get("width") == "210mm" and root.get("height") == "297mm"
        svg_texts = [t.text for t in root.iter(f"{ns}text")]
        assert svg_texts == list(texts(page.shapes()))
        clips = {c.get("id") for c in root.iter(f"{ns}clipPath")}
        used = {g.get("clip-path")[5:-1] for g in root.iter(f"{ns}g") if g.get("clip-path")}
        assert used == clips
        assert all(t.get("font-family") in ("DejaVu Sans", "DejaVu Sans Condensed", "Lato")
                   for t in root.iter(f"{ns}text"))


def test_printed_size_is_exact_to_a_tenth_of_a_millimetre(tmp_path):
    """A 50 x 30 mm black piece measures 50 x 30 mm on the rendered page (at 20 px per mm)."""
    solid = Piece("slab", "tile", "Slab", 50.0, 30.0, (Rect(0, 0, 50, 30, Style(fill="#000000", stroke=None)),))
    r = build_pieces([solid], INFO, tmp_path)
    e = manifest(r)["pieces"][0]
    doc = pypdfium2.PdfDocument(str(r.pdf))
    try:
        img = doc[e["page"] - 1].render(scale=20 * 25.4 / 72).to_pil().convert("L")
    finally:
        doc.close()
    x0, y0 = int(e["x_mm"] * 20) - 10, int(e["y_mm"] * 20) - 10  # 0.5 mm around: crop marks start 1 mm out
    box = img.crop((x0, y0, x0 + 50 * 20 + 20, y0 + 30 * 20 + 20)).point(lambda v: 255 if v < 128 else 0)
    left, top, right, bottom = box.getbbox()
    assert abs((right - left) / 20 - 50.0) <= 0.1 and abs((bottom - top) / 20 - 30.0) <= 0.1
    assert abs((x0 + left) / 20 - e["x_mm"]) <= 0.1 and abs((y0 + top) / 20 - e["y_mm"]) <= 0.1


def test_score_sheets_are_also_written_fillable_once_each_in_the_embedded_font(tmp_path):
    """The kit PDF is for printing (no form fields); KIT-PAPER-fillable.pdf has each score sheet
    once, centred, with a text field in every box, at the box's place."""
    sheet = Piece("pad", "score-sheet", "Pad", 100, 60, (Rect(0, 0, 100, 60, Style(fill=None)),),
                  meta={"fields": [("name", 10, 5, 50, 6), ("score-1", 10, 20, 20, 10)]})
    other = Piece("tally", "score-sheet", "Tally", 40, 30, (Rect(0, 0, 40, 30, Style(fill=None)),),
                  meta={"fields": [("total", 5, 5, 30, 8)]})
    r = build_pieces([sheet, sheet, other], INFO, tmp_path)
    assert PdfReader(r.pdf).get_fields() is None
    assert r.fillable == tmp_path / INFO.id / f"{INFO.id}-a4-fillable.pdf" and r.fillable in r.paths
    assert manifest(r)["fillable"] == r.fillable.name
    reader = PdfReader(r.fillable)
    assert len(reader.pages) == 2  # one page per score sheet, not per copy
    assert set(reader.get_fields()) == {"name", "score-1", "total"}
    form = reader.trailer["/Root"]["/AcroForm"]
    da_font = str(form["/DA"]).split()[0]
    font = form["/DR"]["/Font"][da_font].get_object()
    assert "/FontFile2" in font["/FontDescriptor"].get_object()
    page = reader.pages[0]
    assert [float(v) for v in page.mediabox[2:]] == pytest.approx([210 / MM_PER_PT, 297 / MM_PER_PT], abs=0.01)
    widget = next(a.get_object() for a in page["/Annots"] if a.get_object()["/T"] == "name")
    x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in widget["/Rect"])
    left = (210 - 100) / 2  # centred across the page
    assert abs(x0 - (left + 10)) < 0.02 and abs(x1 - x0 - 50) < 0.02 and abs(y1 - y0 - 6) < 0.02
    assert "fill in on screen" in page.extract_text()
    # a kit without score sheets has no fillable file, and a stale one is removed
    r2 = build_pieces([Piece("x", "tile", "X", 20, 20, ())], INFO, tmp_path)
    assert r2.fillable is None and not (tmp_path / INFO.id / f"{INFO.id}-a4-fillable.pdf").exists()


@pytest.mark.parametrize("kw, words", [({"paper": "a3"}, "unknown paper 'a3'"), ({"duplex": "side"}, "duplex"),
                                       ({"backs": "glue"}, "backs"), ({"back_offset": (3.5, 0)}, "±3 mm"),
                                       ({"bleed": 6.0}, "bleed must be 0 to 5 mm")])
def test_print_options_are_checked_once_when_made(kw, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        PrintOptions(**kw)
    assert PrintOptions(back_offset=(1, -2)).back_offset == (1.0, -2.0)
    assert PrintOptions(ink_saver=True).on("letter") == PrintOptions("letter", ink_saver=True)


def test_a_row_goes_on_the_first_page_with_room_for_it():
    """First fit: a short piece after a tall one that needed a new page fills the gap on the
    earlier page instead of starting under the tall one."""
    def tile(name, h):
        return Piece(name, "tile", name, 150, h, (Rect(0, 0, 150, h, Style(fill=None)),))
    doc = compose([tile("a", 200), tile("b", 150), tile("c", 50)], INFO, PrintOptions("a4"))
    where = {pl.piece.component: page.number for page in doc.pages if page.kind == "pieces" for pl in page.placed}
    assert where["a"] == where["c"] != where["b"]
    assert len([p for p in doc.pages if p.kind == "pieces"]) == 2


@pytest.mark.parametrize("cells, seam", [
    ([(x, 0, 20, 20) for x in range(0, 300, 20)], (140.0, 140.0)),  # a grid: on the line nearest the middle
    ([(130, 50, 23, 23), (157, 50, 23, 23)], (154.5, 155.5)),  # spaces 4 mm apart: between, 1.5 mm clear
    ([], (150.0, 150.0)),  # nothing to keep whole: the even split
])
def test_a_split_board_is_cut_between_its_spaces_not_through_them(cells, seam):
    b = Piece("b", "board", "B", 300, 230, (Rect(0, 0, 300, 230, Style(fill=None)),), meta={"keep_whole": cells})
    doc = compose([b], INFO, PrintOptions("a4"))
    parts = [pl for page in doc.pages if page.kind == "pieces" for pl in page.placed]
    assert len(parts) == 2 and seam[0] - 1e-6 <= parts[0].piece.w <= seam[1] + 1e-6


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_a_box_of_a_piece_lands_where_its_drawing_does(rotate):
    """Placed.box_on_page (form fields) agrees with Placed.shape (the drawing) for every turn."""
    from pnpkit.generator.sheets import Placed
    piece = Piece("p", "score-sheet", "P", 40, 20, (Rect(5, 3, 10, 4, Style(fill="#000000")),))
    w, h = (20, 40) if rotate in (90, 270) else (40, 20)
    pl = Placed(piece, 30, 50, w, h, rotate=rotate)
    drawn = _drawn_box(pl.shape())
    assert pl.box_on_page(5, 3, 10, 4) == pytest.approx(drawn, abs=1e-9)


def _drawn_box(shape):
    from pnpkit.generator.art._core import IDENTITY, bounds, transform
    x0, y0, x1, y1 = bounds(transform((shape,), IDENTITY), strokes=False)
    return x0, y0, x1 - x0, y1 - y0
