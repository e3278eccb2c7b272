"""`pnpkit export KIT --to print-shop --shop drivethrucards` (issue 25, item 6): the shop's poker
card template (DriveThruCards: 2.5 x 3.5 in cards, 1/8 in bleed and safe zone) as PDF/X-1a, every
colour CMYK. Checked on a designer's kit with a row colour and a transparent PNG picture."""
from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnpkit.cli import cli
from pnpkit.generator import colour
from pnpkit.generator.export import pdfx

RGB_OPERATOR = re.compile(rb"(?<![A-Za-z/])(rg|RG|sc|SC|scn|SCN|cs|CS)(?![A-Za-z])")


def rgb_uses(pdf: bytes) -> list[str]:
    """Where a PDF uses RGB, read as a preflight would: a page's colour operators (rg, RG, and any
    switch of colour space), its images' colour spaces and soft masks, a colour-space resource."""
    reader = PdfReader(io.BytesIO(pdf))
    found: list[str] = []
    for n, page in enumerate(reader.pages, 1):
        for m in RGB_OPERATOR.finditer(page.get_contents().get_data() if page.get_contents() else b""):
            found.append(f"page {n}: operator {m[1].decode()}")
        resources = page.get("/Resources") or {}
        for name, ref in (resources.get("/XObject") or {}).items():
            obj = ref.get_object()
            if obj.get("/ColorSpace") != "/DeviceCMYK" or "/SMask" in obj:
                found.append(f"page {n}: image {name} in {obj.get('/ColorSpace')}")
        if "/ColorSpace" in resources:
            found.append(f"page {n}: a colour space resource")
    return found


KIT = """\
game: {id: shop, title: Shop Test, players: "2"}
components:
  - kind: cards
    name: deck
    size: poker
    deck:
      - {id: A, hex: "#cc3311"}
      - {id: B, hex: "#0077bb", count: 2}
    front: {fill: "{{ row.hex }}", art: art/dot.png, title: "Card {{ row.id }}"}
    back: {fill: "#2f3e4d", label: Shop}
  - kind: tiles
    name: tiles
    size: 30x30mm
    count: 2
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shop")
    (folder / "art").mkdir()
    dot = Image.new("RGBA", (300, 300), (0, 0, 0, 0))  # a half-transparent green disc on nothing
    dot.paste(Image.new("RGBA", (200, 200), (0, 160, 80, 128)), (50, 50), Image.new("L", (200, 200), 255))
    dot.save(folder / "art" / "dot.png", dpi=(600, 600))
    (folder / "shop.yaml").write_text(KIT)
    r = CliRunner().invoke(cli, ["export", str(folder / "shop.yaml"), "--to", "print-shop", "--shop", "drivethrucards",
                                 "--out", str(folder / "out")])
    assert r.exit_code == 1, r.output  # the tiles are none of the shop's cards: left out, said, exit 1
    return folder / "out" / "shop" / "print-shop", r.output


def test_the_shops_poker_template_sizes(shop):
    out, _ = shop
    reader = PdfReader(str(out / "deck.pdf"))
    assert len(reader.pages) == 6  # 3 cards, front then back
    pt = 72.0
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(2.75 * pt, abs=0.01)   # 2.5 x 3.5 in + 1/8 in each side
    assert float(page.mediabox.height) == pytest.approx(3.75 * pt, abs=0.01)
    assert float(page.bleedbox.width) == pytest.approx(2.75 * pt, abs=0.01)
    assert float(page.trimbox.left) == pytest.approx(0.125 * pt, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(2.5 * pt, abs=0.01)
    assert "/ArtBox" not in page  # PDF/X: a TrimBox, not a TrimBox and an ArtBox
    readme = (out / "README.txt").read_text()
    assert "DriveThruCards's poker card template" in readme and "PDF/X-1a:2003" in readme


def test_pdfx_cmyk_only_with_an_output_intent(shop):
    out, _ = shop
    data = (out / "deck.pdf").read_bytes()
    assert data[:8] in (b"%PDF-1.3", b"%PDF-1.4")  # PDF/X-1a:2003 allows up to PDF 1.4
    assert rgb_uses(data) == []
    reader = PdfReader(io.BytesIO(data))
    (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003" and info["/Trapped"] == "/False"
    images = [x.get_object() for pg in reader.pages for x in (pg["/Resources"].get("/XObject") or {}).values()]
    assert images and all(i["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in i for i in images)
    for pg in reader.pages:  # nothing transparent: no graphics state with an alpha
        for gs in (pg["/Resources"].get("/ExtGState") or {}).values():
            assert gs.get_object().get("/ca", 1) == 1 and gs.get_object().get("/CA", 1) == 1
    contents = reader.pages[0].get_contents().get_data()
    assert re.search(rb"0\.0000 0\.7500 0\.9167 0\.2000 k", contents)  # #cc3311 as CMYK: the row's colour


def test_the_cmyk_colours_are_the_rgb_ones():
    """The conversion is the exact inverse of the plain model r = (1 - c)(1 - k): nothing lost."""
    for hexa in ("#cc3311", "#0077bb", "#2f3e4d", "#ffffff", "#000000", "#1a1a1a", "#e69f00"):
        c, m, y, k = colour.cmyk(hexa)
        back = "#" + "".join(f"{round(255 * (1 - v) * (1 - k)):02x}" for v in (c, m, y))
        assert back == hexa, (hexa, back)
    assert colour.cmyk("#1a1a1a")[:3] == (0, 0, 0)  # greys and black are K alone


def test_a_transparent_picture_becomes_cmyk_with_its_clear_pixels_keyed_out(shop):
    import pypdfium2
    out, _ = shop
    reader = PdfReader(str(out / "deck.pdf"))
    (image,) = [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    assert list(image["/Mask"]) == list(pdfx.KEY)
    data = image.get_data()
    w, h = image["/Width"], image["/Height"]
    px = lambda x, y: tuple(data[4 * (y * w + x):4 * (y * w + x) + 4])  # noqa: E731
    assert px(2, 2) == (1, 1, 1, 0)  # clear: the key
    green = tuple(round(255 * v) for v in colour.cmyk("#00a050"))  # the half-opaque green, painted whole
    assert all(abs(a - b) <= 1 for a, b in zip(px(w // 2, h // 2), green)), (px(w // 2, h // 2), green)
    doc = pypdfium2.PdfDocument(str(out / "deck.pdf"))
    img = doc[0].render(scale=2).to_pil().convert("RGB")
    doc.close()
    inside = img.getpixel((img.width // 2, img.height // 2 - 20))
    around = img.getpixel((img.width // 2, int(img.height * 0.22)))  # in the picture's box, above the green
    assert inside[1] > inside[0] + 40  # green
    assert around[0] > around[1] + 60  # the card's own red-orange shows where the picture is clear


def test_the_rest_is_left_out_with_a_warning_and_plain_exports_stay_rgb(shop, tmp_path):
    out, output = shop
    assert "left out: tiles (tile 30 x 30 mm): DriveThruCards prints poker cards (63.5 x 88.9 mm)" in output
    assert "--only deck exports just what DriveThruCards takes" in output
    assert not (out / "tiles.pdf").exists()
    r = CliRunner().invoke(cli, ["export", str(out.parent.parent.parent / "shop.yaml"), "--to", "print-shop",
                                 "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    plain = (tmp_path / "shop" / "print-shop" / "deck.pdf").read_bytes()
    assert rgb_uses(plain)  # the checker finds RGB where there is some
    assert (tmp_path / "shop" / "print-shop" / "tiles.pdf").exists()


def test_the_same_kit_gives_the_same_bytes(shop, tmp_path):
    out, _ = shop
    r = CliRunner().invoke(cli, ["export", str(out.parent.parent.parent / "shop.yaml"), "--to", "print-shop",
                                 "--shop", "drivethrucards", "--out", str(tmp_path)])
    assert r.exit_code == 1, r.output
    assert (tmp_path / "shop" / "print-shop" / "deck.pdf").read_bytes() == (out / "deck.pdf").read_bytes()
