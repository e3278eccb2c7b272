"""Every shipped kit that has components, end to end, held to the same print conventions.

A new kit file is checked here without a line of test code: pieces inside the 6.35 mm margins
(and no ink there), backs mirrored for a long-edge flip on the page after their fronts, every
font embedded, the cover listing every component, fillable score sheets, byte-identical rebuilds.
Each kit's own test file checks what is particular to it (counts and numbers from its params).
"""
from __future__ import annotations

import re

import pypdfium2
import pytest
from pypdf import PdfReader

from pnpkit.generator.build import build_kit, printable_kits, titles_of
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.sheets import MARGIN
from pnpkit.kitfile import load_kit

KITS = printable_kits()
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def built(kit_build):
    return {(k, p): kit_build(k, p) for k in KITS for p in PAPERS}


def _fonts_embedded(reader: PdfReader) -> None:
    for n, page in enumerate(reader.pages, 1):
        for name, ref in page["/Resources"].get("/Font", {}).items():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            assert "/FontFile2" in desc.get_object(), f"page {n}: font {name} is not embedded"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_pieces_inside_margins_and_backs_mirrored(built, kit, paper):
    m = built[kit, paper].manifest
    W, H = m["page_size_mm"]
    assert m["pages"] == len(built[kit, paper].reader.pages) and len(m["pieces"]) > 0
    # two runs: the double-sided one (fronts on odd pages, backs after them), then the single-sided one
    last_back = max((e["back"]["page"] for e in m["pieces"] if e["back"]), default=0)
    for e in m["pieces"]:
        where = f"{e['name']} on page {e['page']}"
        assert e["x_mm"] >= MARGIN - 1e-6 and e["y_mm"] >= MARGIN - 1e-6, where
        assert e["x_mm"] + e["w_mm"] <= W - MARGIN + 1e-6 and e["y_mm"] + e["h_mm"] <= H - MARGIN + 1e-6, where
        if e["page"] < last_back:
            assert e["page"] % 2 == 1, f"{where}: a front on an even page of the double-sided run"
        if e["back"]:
            assert e["back"]["page"] == e["page"] + 1, where
            assert e["back"]["x_mm"] == pytest.approx(W - e["x_mm"] - e["w_mm"], abs=0.01), where
            assert e["back"]["y_mm"] == pytest.approx(e["y_mm"], abs=0.01), where


@pytest.mark.parametrize("kit", KITS)
def test_cover_lists_every_component_and_fonts_are_embedded(built, kit):
    reader = built[kit, "a4"].reader
    _fonts_embedded(reader)
    cover = " ".join(reader.pages[0].extract_text().split())
    assert "Print at 100% scale" in cover
    for title in titles_of(load_kit(kit)).values():
        assert title in cover, f"{title!r} missing from the cover's contents"


@pytest.mark.parametrize("kit", KITS)
def test_cover_says_what_else_you_need(built, kit):
    """Every shipped kit says on its cover what it does not print (dice, a bag, a game...)."""
    needs = load_kit(kit).game.needs
    assert needs, f"{kit}: the kit file lists nothing under game.needs"
    cover = " ".join(built[kit, "a4"].reader.pages[0].extract_text().split())
    assert "You also need" in cover
    for item in needs:
        assert " ".join(item.split()[:4]) in cover, item


TABLE_FACING = ("reference", "card")  # player aids, role and reference cards: read at the table
NOT_FOR_PLAYERS = re.compile(r"\bruling\b|\brecord\b|pnpkit|\bwrite:", re.IGNORECASE)


@pytest.mark.parametrize("kit", KITS)
def test_table_facing_pieces_speak_to_players(built, kit):
    """No ruling ids and no record notation where players read: those are for the scorekeeper
    (docs/records)."""
    r = built[kit, "a4"]
    sides = [(e, e["page"], e["x_mm"], e["y_mm"]) for e in r.manifest["pieces"] if e["kind"] in TABLE_FACING]
    sides += [(e, e["back"]["page"], e["back"]["x_mm"], e["back"]["y_mm"]) for e, *_ in list(sides) if e["back"]]
    doc = pypdfium2.PdfDocument(str(r.pdf))
    pt = 72 / 25.4
    try:
        for e, n, x, y in sides:
            page = doc[n - 1]
            top = page.get_height()
            box = (x * pt, top - (y + e["h_mm"]) * pt, (x + e["w_mm"]) * pt, top - y * pt)
            text = " ".join(page.get_textpage().get_text_bounded(*box).split())
            found = NOT_FOR_PLAYERS.search(text)
            assert not found, f"{kit}: {e['name']}: {found[0]!r} in {text[max(0, found.start() - 60):found.end() + 40]!r}"
    finally:
        doc.close()


@pytest.mark.parametrize("kit", KITS)
def test_no_ink_in_the_margins_and_no_empty_page(built, kit):
    r = built[kit, "a4"]
    edge = int(MARGIN / 25.4 * 36) - 1
    doc = pypdfium2.PdfDocument(str(r.pdf))
    try:
        for n in range(len(doc)):
            img = doc[n].render(scale=36 / 72).to_pil().convert("L")
            w, h = img.size
            assert img.getextrema()[0] < 128, f"page {n + 1} is empty"
            for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
                assert img.crop(box).getextrema()[0] >= 250, f"page {n + 1}: ink in the margin"
    finally:
        doc.close()


@pytest.mark.parametrize("kit", KITS)
def test_score_sheets_are_fillable_on_their_own(built, kit):
    r = built[kit, "a4"]
    sheets = [c for c in load_kit(kit).components if c.kind == "score-sheet" and c.fillable]   # not a pencil pad
    assert r.reader.get_fields() is None  # the kit PDF is for the printer
    if not sheets:
        assert r.fillable is None
        return
    reader = PdfReader(r.fillable)
    # a sheet each, or a page per player where each fills their own (NUTS: scorer/games/nuts/form.py)
    per_player = load_kit(kit).game.max_players if kit == "nuts" else 1
    assert len(reader.pages) == len(sheets) * per_player
    assert len(reader.get_fields()) >= 4 * len(reader.pages)


@pytest.mark.parametrize("kit", KITS)
def test_rebuild_is_byte_identical(built, kit, tmp_path):
    again = build_kit(kit, tmp_path, PrintOptions("a4"))
    assert again.pdf.read_bytes() == built[kit, "a4"].pdf.read_bytes()
    assert f"{kit} (a4): {again.pages} pages, {again.pieces} pieces" in built[kit, "a4"].output
