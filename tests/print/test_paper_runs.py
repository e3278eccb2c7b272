"""Paper like a professional print-and-play release (issue 25, items 1 and 2): every margin kept on
every page of every kit, paper and option; no page with nothing on it but its heading; the file in
two runs (double-sided, then single-sided) as the cover says; a poker deck nine to a sheet."""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pypdfium2
import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.build import Document, compose, pieces_of, printable_kits, titles_of
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.sheets import FOOTER_TOP, HEADER_BOTTOM, MARGIN
from pnpkit.kitfile import load_kit

KITS = printable_kits()
PAPERS = ("a4", "letter", "universal")
OPTIONS = {"plain": {}, "bleed": {"bleed": 3.0}, "gutter": {"backs": "gutter"}, "ink-saver": {"ink_saver": True},
           "short": {"duplex": "short"}}
DPI = 36


@lru_cache(maxsize=None)
def _drawn(kit: str):
    k = load_kit(kit)
    return pieces_of(k), KitInfo.of(k), titles_of(k)


@lru_cache(maxsize=None)
def _doc(kit: str, paper: str, option: str) -> Document:
    """The kit laid out on `paper` with `option`: composed once a session, read only (this
    module's tests, test_paper_rater's and test_print_check's ask for the same ones)."""
    pieces, info, titles = _drawn(kit)
    return compose(pieces, info, PrintOptions(paper, **OPTIONS[option]), titles)


@lru_cache(maxsize=None)
def _pdf(kit: str, paper: str, option: str) -> bytes:
    """_doc's pages as the PDF backend writes them (made once: here and for test_print_check)."""
    doc = _doc(kit, paper, option)
    return pdf_backend.render(doc.page_shapes(), doc.paper.w, doc.paper.h, title="t")


def _images(kit: str, paper: str, option: str):
    pdf = pypdfium2.PdfDocument(_pdf(kit, paper, option))
    try:
        for n in range(len(pdf)):
            yield pdf[n].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        pdf.close()


def _px(mm: float) -> int:
    return int(mm / 25.4 * DPI)


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("kit", KITS)
def test_no_ink_in_the_margins_on_any_paper_and_no_page_with_only_a_heading(kit, option):
    """Every page of every paper: nothing printed within 6.35 mm of an edge, and something on the
    page besides its heading and credit line (no page blank on purpose)."""
    for paper in PAPERS:
        doc = _doc(kit, paper, option)
        assert not any(p.kind == "blank" for p in doc.pages)
        for page, img in zip(doc.pages, _images(kit, paper, option)):
            w, h = img.size
            edge = _px(MARGIN) - 1
            where = f"{kit} {paper} {option} page {page.number}"
            for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
                if page.kind == "cover":  # how much the cover's text takes is the cover's own test (issue 25, 4)
                    break
                assert img.crop(box).getextrema()[0] >= 250, f"{where}: ink in the margin"
            if page.tall:  # its heading stands in the side margins: look between them
                body = (_px(MARGIN + 4), 0, w - _px(MARGIN + 4), h)
            else:
                body = (0, _px(HEADER_BOTTOM) + 1, w, h - _px(FOOTER_TOP) - 1)
            assert img.crop(body).getextrema()[0] < 128, f"{where}: nothing on it but its heading"


def _runs(cover: str) -> tuple[str, str]:
    double = re.search(r"Print pages ([\d-]+) double-sided", cover)
    single = re.search(r"Then print pages ([\d-]+) single-sided", cover)
    return double.group(1) if double else "", single.group(1) if single else ""


def _span(r: str) -> range:
    a, _, b = r.partition("-")
    return range(int(a), int(b or a) + 1)


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("kit", KITS)
def test_two_runs_as_the_cover_says(kit, paper):
    """The double-sided run holds every back (each the page after its front) and ends on an even
    page; the single-sided run after it holds no back; the cover names both page ranges."""
    doc = _doc(kit, paper, "plain")
    cover = " ".join(t.text for t in doc.pages[0].furniture if hasattr(t, "text"))
    cover = re.sub(r"\s+", " ", cover)
    backs = [p for p in doc.pages if p.is_back]
    if not backs:
        assert "single-sided" in cover
        return
    double, single = _runs(cover)
    assert double and _span(double)[0] == 1 and len(_span(double)) % 2 == 0, cover
    for p in backs:
        assert p.number in _span(double) and p.back_of.number == p.number - 1
    rest = [p.number for p in doc.pages if p.number not in _span(double)]
    assert (single and list(_span(single)) == rest) or (not single and not rest), (cover, rest)


def _poker(tmp_path, paper: str) -> dict:
    kit = tmp_path / "poker.yaml"
    kit.write_text('game: {id: poker, title: Poker deck, players: "2"}\ncomponents:\n'
                   "  - {kind: cards, name: deck, count: 18, size: 63.5x88.9mm}\n")
    r = CliRunner().invoke(cli, ["build", str(kit), "--paper", paper, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    return json.loads((tmp_path / "poker" / f"manifest-{paper}.json").read_text())


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_a_poker_deck_prints_nine_to_a_sheet_with_shared_cuts(tmp_path, paper):
    m = _poker(tmp_path, paper)
    W, H = m["page_size_mm"]
    pages: dict[int, list] = {}
    for e in m["pieces"]:
        assert (e["w_mm"], e["h_mm"]) == (63.5, 88.9)
        assert MARGIN <= e["x_mm"] and e["x_mm"] + e["w_mm"] <= W - MARGIN + 1e-6
        assert MARGIN <= e["y_mm"] and e["y_mm"] + e["h_mm"] <= H - MARGIN + 1e-6
        pages.setdefault(e["page"], []).append(e)
    assert sorted(len(v) for v in pages.values()) == [9, 9]
    for on_page in pages.values():  # 3 x 3 edge to edge: 4 cut lines each way, 8 cuts for 9 cards
        xs = {round(v, 1) for e in on_page for v in (e["x_mm"], e["x_mm"] + e["w_mm"])}
        ys = {round(v, 1) for e in on_page for v in (e["y_mm"], e["y_mm"] + e["h_mm"])}
        assert len(xs) == 4 and len(ys) == 4


@pytest.mark.parametrize("option", ("plain", "bleed", "gutter"))
@pytest.mark.parametrize("kit", KITS)
def test_the_manifest_still_lists_every_physical_piece(kit, option):
    """One entry per piece a person cuts out: a score-sheet pad's pair is one sheet, a board split
    over pages one entry per part, every entry on a page of pieces with its back (if any) on the
    page after it (or beside it, folded)."""
    pieces, _, _ = _drawn(kit)
    doc = _doc(kit, "a4", option)
    entries = doc.manifest["pieces"]
    whole = [e for e in entries if "part" not in e]
    boards = {e["name"].rsplit(" part ", 1)[0]: e["part"].split("/")[1] for e in entries if "part" in e}
    assert sum(1 for e in entries if "part" in e) == sum(int(n) for n in boards.values())
    pairs = sum(1 for e in whole if "on its back)" in e["name"])  # build.pads: two copies, one sheet
    assert len(whole) + len(boards) + pairs == len(pieces)
    kinds = {p.number: p.kind for p in doc.pages}
    for e in entries:
        assert kinds[e["page"]] == "pieces"
        if e["back"]:
            assert e["back"]["page"] in (e["page"], e["page"] + 1)
