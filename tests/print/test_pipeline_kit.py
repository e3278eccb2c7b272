"""The shipped Chestnuts kit end to end: kit file -> component renderers -> pages -> files."""
from __future__ import annotations

import json
from collections import Counter

import pypdfium2
import pytest
from pypdf import PdfReader

from pnpkit.generator.build import build_kit
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.sheets import MARGIN


def _pixels(pdf, dpi: int = 72):
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            yield doc[i].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()


@pytest.fixture(scope="module")
def chestnuts(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    return build_kit("chestnuts", out, PrintOptions("letter")), out


def test_chestnuts_pieces_counted_and_sized(chestnuts):
    r, _ = chestnuts
    m = json.loads(r.manifest.read_text())
    count = Counter(e["component"] for e in m["pieces"])
    assert count["chestnuts"] == 24 and count["tongs"] == 2 and count["flames"] == 3
    assert count["board"] == len([e for e in m["pieces"] if "part" in e]) >= 2
    for e in m["pieces"]:
        if e["kind"] == "counter":
            assert (e["w_mm"], e["h_mm"]) == (19.05, 19.05)
        assert e["x_mm"] >= MARGIN and e["y_mm"] >= MARGIN
        assert e["x_mm"] + e["w_mm"] <= m["page_size_mm"][0] - MARGIN
        assert e["y_mm"] + e["h_mm"] <= m["page_size_mm"][1] - MARGIN
    chestnut_backs = [e["back"] for e in m["pieces"] if e["component"] == "chestnuts"]
    assert all(b is not None for b in chestnut_backs)  # uncooked front, cooked back
    assert all(e["back"] is None for e in m["pieces"] if e["component"] == "flames")


def test_chestnuts_pdf_fonts_embedded_size_and_clean_margins(chestnuts):
    r, _ = chestnuts
    assert r.pdf_bytes < 400 * 1024
    for page in PdfReader(r.pdf).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            assert "/FontFile2" in desc.get_object()
    edge = int(MARGIN / 25.4 * 72) - 1
    for n, img in enumerate(_pixels(r.pdf, 72), 1):
        w, h = img.size
        assert img.getextrema()[0] < 128, f"page {n} is blank"
        for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
            assert img.crop(box).getextrema()[0] >= 250, f"page {n}: ink in the margin"


def test_a_kit_file_saved_again_within_one_clock_tick_is_read_again(tmp_path):
    """The loader caches a kit by its file's version: a second save with the same modification
    time (two saves within one tick of a coarse clock) is still read again."""
    import os
    from pnpkit.kitfile.head import load_head, kit_path
    text = open(kit_path("chestnuts")[0], encoding="utf-8").read()
    kit = tmp_path / "k.yaml"
    kit.write_text(text, encoding="utf-8")
    st = os.stat(kit)
    first = load_head(str(kit)).game.title
    kit.write_text(text.replace(f"title: {first}", f"title: {first} Deluxe", 1), encoding="utf-8")
    os.utime(kit, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert load_head(str(kit)).game.title == first + " Deluxe"
