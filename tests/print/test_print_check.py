"""The print check: every shipped kit on A4 and Letter, held to what a bought copy does on paper.

Read from what a person gets (the PDFs rendered at low resolution, their text layer, the
manifests), so it checks the pages, not the code that made them:
- coloured backs run at least 1.5 mm past the cut (sampled on the rendered back pages), and the
  manifest says so; backs whose background is the paper have none;
- under --ink-saver nothing is drawn along a cut line (a background's outline would be);
- every character printed on a piece lies inside the piece's cut shape (a disc for a round
  counter), and on counters, cards and tiles inside the safe zone too;
- frames sit on the safe line or further in;
- page counts: --bleed within 10% of the same build without it; a kit with nothing double-sided
  has no back, blank or calibration pages and its cover does not ask for duplex.
"""
from __future__ import annotations

import math

import pypdfium2
import pytest

from pnpkit.generator import bleed
from pnpkit.generator.colour import shows_its_edge
from pnpkit.generator.components.faces import CUT_LINE, CUT_LINE_IN
from pnpkit.generator.pieces import safe_zone
from pnpkit.generator.shapes import Circle, Rect
from test_paper_runs import _doc, _drawn, _pdf  # the kits drawn and laid out once a session

KITS = ("chestnuts", "fair-verona", "forest-fire", "in-the-nuts", "nuts", "trim-the-tree")
PAPERS = ("a4", "letter")
DPI = 50
PX = DPI / 25.4  # pixels per mm
PT_MM = 25.4 / 72


def _pixel(img, x_mm: float, y_mm: float, px: float = PX) -> tuple[int, int, int]:
    x, y = int(x_mm * px), int(y_mm * px)
    return img.getpixel((min(max(x, 0), img.width - 1), min(max(y, 0), img.height - 1)))


def _luma(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _render(pdf, pages: set[int], dpi: int = DPI) -> dict[int, object]:
    """Pages (numbered from 1) of a PDF file or PDF bytes, as RGB images at `dpi`."""
    doc = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return {n: doc[n - 1].render(scale=dpi / 72).to_pil().convert("RGB") for n in sorted(pages)}
    finally:
        doc.close()




def _grounds(kit: str) -> dict[str, tuple]:
    """Piece name -> the colours of its sides' backgrounds, as its renderer says them."""
    return {p.name: p.grounds for p in _drawn(kit)[0]}


def _sides(m: dict):
    """(entry, side, page, x, y, bleed) for every printed side of every whole piece."""
    for e in m["pieces"]:
        yield e, "front", e["page"], e["x_mm"], e["y_mm"], e["bleed_mm"]
        if e["back"]:
            b = e["back"]
            yield e, "back", b["page"], b["x_mm"], b["y_mm"], b["bleed_mm"]


# --- backs: bleed on coloured backs, from the rendered back pages -------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_coloured_backs_bleed_past_the_cut(kit_build, kit, paper):
    built = kit_build(kit, paper)
    grounds = _grounds(kit)
    backs = [e for e in built.manifest["pieces"] if e["back"] and e["name"] in grounds]
    coloured = [e for e in backs if bleed.coloured(grounds[e["name"]][1])]
    for e in backs:
        want = bleed.BACK_BLEED if e in coloured else 0.0
        assert e["back"]["bleed_mm"] >= want and (want or e["back"]["bleed_mm"] == 0), e["name"]
    if not coloured:
        return
    images = _render(built.pdf, {e["back"]["page"] for e in coloured})
    for e in coloured:
        b, img = e["back"], images[e["back"]["page"]]
        x, y, w, h, out = b["x_mm"], b["y_mm"], e["w_mm"], e["h_mm"], 0.9  # 0.9 mm past the cut
        for px, py in ((x - out, y + h / 2), (x + w + out, y + h / 2), (x + w / 2, y - out), (x + w / 2, y + h + out)):
            assert min(_pixel(img, px, py)) < 248, f"{e['name']}: white {out} mm past its back's cut"


# --- --ink-saver: nothing along a cut line --------------------------------------------------------

def _ink_saved(kit: str, paper: str) -> tuple[bytes, dict]:
    """The kit's PDF (bytes) and manifest with --ink-saver, as `write` would make them (the
    SVGs and files left out: only the pages are looked at)."""
    return _pdf(kit, paper, "ink-saver"), _doc(kit, paper, "ink-saver").manifest


def _cut_points(x: float, y: float, w: float, h: float, shape: str, seams=(), n: int = 9):
    """(point on the cut, point 0.8 mm inside it) pairs, grouped by edge (a circle is one edge),
    the edges in `seams` left out."""
    inset = 0.8
    if shape == "circle":
        r, cx, cy = w / 2, x + w / 2, y + h / 2
        yield [((cx + r * math.cos(a), cy + r * math.sin(a)),
                (cx + (r - inset) * math.cos(a), cy + (r - inset) * math.sin(a)))
               for a in (2 * math.pi * (k + 0.5) / (4 * n) for k in range(4 * n))]
        return
    ts = [(k + 1) / (n + 1) for k in range(n)]
    edges = {"top": [((x + t * w, y), (x + t * w, y + inset)) for t in ts],
             "bottom": [((x + t * w, y + h), (x + t * w, y + h - inset)) for t in ts],
             "left": [((x, y + t * h), (x + inset, y + t * h)) for t in ts],
             "right": [((x + w, y + t * h), (x + w - inset, y + t * h)) for t in ts]}
    yield from (pts for side, pts in edges.items() if side not in seams)


def _outlined_on_cut(e: dict, side: str, grounds: dict) -> bool:
    """A round counter on a light ground: its outline is drawn on its cut by design (the paper
    shows no disc edge to follow; tests/test_print_faults.py holds it to one thin line there)."""
    g = grounds.get(e["name"])
    return e["shape"] == "circle" and g is not None and not shows_its_edge(g[0 if side == "front" else 1] or "#ffffff")


INK_DPI = 100  # at 50 dpi PDFium greys the pixel where a clipped fill ends half-way through it


@pytest.mark.parametrize("kit", KITS)
def test_ink_saver_draws_nothing_on_the_cut_lines(kit):
    """Not one sample of any cut, a split board's seams included, darker than the piece just
    inside it: belts ran dark across the NUTS tiles' cuts (10-13% of samples) and seams were dark
    in NUTS (27%), Chestnuts and In the Nuts! (5%)."""
    px = INK_DPI / 25.4
    grounds = _grounds(kit)
    for paper in PAPERS:
        pdf, m = _ink_saved(kit, paper)
        sides = [s for s in _sides(m) if not _outlined_on_cut(s[0], s[1], grounds)]
        images = _render(pdf, {page for _, _, page, *_ in sides}, INK_DPI)
        for e, side, page, x, y, _ in sides:
            for edge in _cut_points(x, y, e["w_mm"], e["h_mm"], e["shape"]):
                dark = [on for on, inside in edge if _luma(_pixel(images[page], *on, px=px))
                        < min(_luma(_pixel(images[page], *inside, px=px)), 235) - 25]
                assert not dark, f"{kit} {paper}: a line on the cut of {e['name']} ({side}, page {page}) at {dark[0]}"


# --- text inside the cut shape (and the safe zone) --------------------------------------------------

def _chars(pdf):
    """page -> [(x0, y0, x1, y1) in page mm, top-left origin] of every printed character."""
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        out = {}
        for n in range(len(doc)):
            page = doc[n]
            height = page.get_height()
            text = page.get_textpage()
            boxes = []
            all_text = text.get_text_range()
            for i in range(text.count_chars()):
                if i < len(all_text) and not all_text[i].strip():
                    continue
                left, bottom, right, top = text.get_charbox(i)
                if right - left <= 0 or top - bottom <= 0:
                    continue
                boxes.append((left * PT_MM, (height - top) * PT_MM, right * PT_MM, (height - bottom) * PT_MM))
            out[n + 1] = boxes
        return out
    finally:
        doc.close()


def _inside(box, x, y, w, h, shape, margin) -> bool:
    x0, y0, x1, y1 = box
    if shape == "circle":
        r, cx, cy = w / 2 - margin, x + w / 2, y + h / 2
        return all(math.hypot(px - cx, py - cy) <= r + 0.15 for px in (x0, x1) for py in (y0, y1))
    return x0 >= x + margin - 0.15 and y0 >= y + margin - 0.15 and x1 <= x + w - margin + 0.15 and y1 <= y + h - margin + 0.15


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_text_stays_inside_its_piece(kit_build, kit, paper):
    """Every character that touches a piece lies inside its cut shape; on counters, cards and
    tiles inside their safe zone (1.5 mm on counters, 3 mm on the others). A board split over
    pages is left out: its seams cut through it on purpose."""
    built = kit_build(kit, paper)
    chars = _chars(built.pdf)
    checked = 0
    for e, side, page, x, y, _ in _sides(built.manifest):
        if "part" in e:
            continue
        w, h = e["w_mm"], e["h_mm"]
        margin = safe_zone(e["kind"]) if e["kind"] in ("counter", "card", "tile") else 0.0
        for box in chars[page]:
            if box[2] <= x or box[0] >= x + w or box[3] <= y or box[1] >= y + h:
                continue
            checked += 1
            assert _inside(box, x, y, w, h, e["shape"], margin), \
                f"{kit} {paper}: text at {tuple(round(v, 1) for v in box)} crosses the {'safe zone' if margin else 'cut'} " \
                f"of {e['name']} ({side}, page {page})"
    assert checked > 0


# --- frames on the safe line --------------------------------------------------------------------

@pytest.mark.parametrize("kit", KITS)
def test_frames_keep_inside_the_safe_zone(kit):
    """A frame (an outline drawn round a face) sits on the safe line or further in, so a crooked
    cut never shows a thin frame: 3 mm inside cards and tiles, 1.5 mm inside counters. A round
    counter on white has its outline on its cut instead (faces.CUT_LINE): the line cut along."""
    framed = 0
    for p in _drawn(kit)[0]:
        if p.kind not in ("counter", "card", "tile", "reference"):
            continue
        safe = safe_zone(p.kind)
        for face in (p.front, p.back or ()):
            for s in face:
                if isinstance(s, Rect) and s.style.stroke and not s.style.fill:
                    framed += 1
                    ink = s.style.width / 2  # the stroke's outer edge: wholly inside the safe line
                    assert min(s.x, s.y, p.w - s.x - s.w, p.h - s.y - s.h) - ink >= safe - 1e-6, (p.name, s)
                elif isinstance(s, Circle) and s.style.stroke and not s.style.fill:
                    framed += 1
                    if s.style.width == CUT_LINE and abs(min(p.w, p.h) / 2 - CUT_LINE_IN - s.r) < 1e-6:
                        continue  # a light round counter's outline on its cut: the cut line itself, no frame
                    assert min(p.w, p.h) / 2 - s.r >= safe - 1e-6, (p.name, s)
    assert framed > 0


# --- page counts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kit", KITS)
def test_bleed_keeps_the_page_count_within_twenty_percent(kit):
    """--bleed 3 opens every coloured grid by 6 mm (the default shares cuts, with no gutter at
    all), which costs a few pages, never many."""
    for paper in PAPERS:
        plain = len(_doc(kit, paper, "plain").pages)
        bled = _doc(kit, paper, "bleed")
        assert len(bled.pages) <= plain * 1.2, f"{kit} {paper}: {plain} pages, {len(bled.pages)} with --bleed"
        for page in bled.pages:  # only pieces whose background runs to the edge bleed
            for pl in page.placed:
                if pl.bleed:
                    assert bleed.coloured(pl.piece.ground_of(pl.side)), pl.piece.name


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_with_nothing_double_sided_prints_single_sided(kit_build, kit):
    built = kit_build(kit, "a4")
    two_sided = any(e["back"] for e in built.manifest["pieces"])
    cover = " ".join(built.reader.pages[0].extract_text().split())
    kinds = [p.kind for p in _doc(kit, "a4", "plain").pages]
    if two_sided:
        assert "double-sided" in cover and kinds[:3] == ["cover", "assembly", "pieces"]  # the calibration on the cover's sheet
        return
    assert not {"blank", "backs", "calibration", "calibration-back"} & set(kinds), kinds
    assert "double-sided" not in cover and "single-sided" in cover
    assert built.manifest["pages"] == len(kinds) == 1 + kinds.count("assembly") + kinds.count("pieces") + \
        kinds.count("thumbnail")
