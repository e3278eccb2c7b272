"""A placed picture carries at most the pixels its printed part needs at 600 dpi
(generator/pictures/resolution.py): a picture far finer than it prints is resampled, a picture
mostly hidden is cut to the part that shows, and what is left prints the same; a picture within
600 dpi that mostly shows is the very same bytes (no ordinary kit's output changes)."""
from __future__ import annotations

import base64
import io

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from pnpkit.generator import pictures
from pnpkit.generator.backends.pdf import PdfDocument
from pnpkit.generator.pictures import limits, raster, resolution
from pnpkit.generator.shapes import Group, Image as ImageShape


def _png(w: int, h: int) -> bytes:
    """A picture with a different colour in every region (so a wrong cut or shift shows)."""
    checker = Image.new("L", (8, 8))
    checker.putdata([((x + y) % 2) * 255 for y in range(8) for x in range(8)])
    im = Image.merge("RGB", (Image.linear_gradient("L").resize((w, h)),
                             Image.linear_gradient("L").rotate(90).resize((w, h)),
                             checker.resize((w, h), Image.Resampling.NEAREST)))
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()


def _picture(w: int, h: int, dpi: float = 300) -> pictures.Picture:
    png, pw, ph, _ = raster.read(_png(w, h))
    return pictures.Picture("p.png", "raster", pw, ph, png=png, mm_per_unit=25.4 / dpi, density=1.0)


def _image(shapes) -> ImageShape:
    (group,) = shapes
    (img,) = group.items
    return img


def _rendered(shapes, w: float, h: float) -> Image.Image:
    """The shapes on a PDF page of their box's size, as a printer's 150 dpi sees them."""
    doc = PdfDocument(w, h)
    doc.page(tuple(shapes))
    return pypdfium2.PdfDocument(doc.finish())[0].render(scale=150 / 72).to_pil().convert("RGB")


@pytest.fixture
def any_size(monkeypatch):
    """Pictures of every size reduced (the rule's own threshold, 4 million pixels, makes slow tests)."""
    monkeypatch.setattr(limits, "MIN_PIXELS", 0)


def test_a_picture_finer_than_600_dpi_is_resampled_to_600(any_size):
    pic = _picture(2000, 2000)  # 2000 px over 40 mm: 1270 dpi
    shapes, dpi = pictures.draw(pic, 40, 40, "fit")
    img = _image(shapes)
    assert dpi == pytest.approx(1270, abs=1)  # the warning's dpi is the file's, not the kept one's
    assert resolution.png_size(img.png) == (945, 945)  # 40 mm at 600 dpi
    assert (img.x, img.y, img.w, img.h) == pytest.approx((0, 0, 40, 40))
    again, _ = pictures.draw(pic, 40, 40, "fit")
    assert _image(again).png is img.png  # made once


def test_a_picture_mostly_hidden_keeps_the_part_that_shows(any_size):
    pic = _picture(1600, 1600)  # at its own size (300 dpi): 135 mm, on a 40 x 20 mm box
    shapes, _ = pictures.draw(pic, 40, 20, "actual")
    img = _image(shapes)
    w, h = resolution.png_size(img.png)
    assert 473 <= w <= 474 and 237 <= h <= 238  # 40 x 20 mm at 300 dpi: 472.4 x 236.2, whole pixels
    (group,) = shapes
    x0, y0, cw, ch = group.clip
    # the kept part covers the box that shows, and no more than a pixel beyond it
    assert img.x <= x0 + 1e-9 and img.y <= y0 + 1e-9
    assert img.x + img.w >= x0 + cw - 1e-9 and img.y + img.h >= y0 + ch - 1e-9
    assert img.w - cw < 2 * 25.4 / 300 and img.h - ch < 2 * 25.4 / 300
    # the very pixels of that part
    full = Image.open(io.BytesIO(pic.png))
    px = round((img.x - (40 - 1600 * 25.4 / 300) / 2) / (25.4 / 300))
    py = round((img.y - (20 - 1600 * 25.4 / 300) / 2) / (25.4 / 300))
    part = full.crop((px, py, px + w, py + h))
    assert ImageChops.difference(part.convert("RGB"), Image.open(io.BytesIO(img.png)).convert("RGB")).getbbox() is None


@pytest.mark.parametrize("fit, size, box", [("fit", (900, 900), (69.5, 69.5)),    # tide-pools' pool tile: 329 dpi
                                            ("fill", (700, 1000), (63, 88)),     # a card's art, cut a little
                                            ("actual", (600, 600), (63, 88))])   # smaller than its box
def test_an_ordinary_picture_is_kept_byte_for_byte(any_size, fit, size, box):
    pic = _picture(*size)
    img = _image(pictures.draw(pic, *box, fit)[0])
    assert img.png is pic.png


def test_an_embedded_picture_drawn_small_is_resampled_once(any_size, tmp_path):
    """An SVG's embedded picture, scaled by the SVG's frame: its printed size counts."""
    big = _png(1000, 1000)
    data = "data:image/png;base64," + base64.b64encode(big).decode()
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" '
           f'height="100" viewBox="0 0 100 100"><defs><image id="p" width="10" height="10" xlink:href="{data}"/>'
           '</defs>' + "".join(f'<use xlink:href="#p" x="{i * 10}"/>' for i in range(10)) + "</svg>").encode()
    path = tmp_path / "a.svg"
    path.write_bytes(svg)
    pic = pictures.load(path, "a.svg")
    shapes, _ = pictures.draw(pic, 50, 50, "fit")
    found = []

    def walk(items):
        for s in items:
            if isinstance(s, Group):
                walk(s.items)
            elif isinstance(s, ImageShape):
                found.append(s)
    walk(shapes)
    assert len(found) == 10 and len({id(s.png) for s in found}) == 1  # one picture, resampled once
    assert resolution.png_size(found[0].png) == (119, 119)  # 5 mm at 600 dpi


def test_what_prints_is_the_same_picture(any_size):
    """The resampled picture, printed: the same as the file's at a printer's resolution."""
    pic = _picture(1600, 1600)
    shapes, _ = pictures.draw(pic, 40, 40, "fit")
    assert resolution.png_size(_image(shapes).png) == (945, 945)
    full = (Group((ImageShape(0, 0, 40, 40, pic.png),), clip=(0, 0, 40, 40)),)
    diff = ImageStat.Stat(ImageChops.difference(_rendered(shapes, 40, 40), _rendered(full, 40, 40)))
    assert max(diff.mean) < 2.0


def test_a_picture_of_at_most_4_million_pixels_is_kept_however_it_prints():
    """A sprite sheet cut by `crop:`, a small picture drawn tiny: the bytes the kit gave."""
    pic = _picture(1000, 1000)
    for fit, crop in (("fit", None), ("fit", (0.0, 0.0, 100.0, 100.0)), ("actual", None)):
        img = _image(pictures.draw(pic, 10, 10, fit, crop)[0])
        assert img.png is pic.png


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_resampling_a_band_at_a_time_is_resampling_the_whole(monkeypatch, mode):
    """Bands cut with the filter's reach: the pixels of one resampling of the whole picture, but
    for the rounding between the two passes (a few levels of 255 at a pixel, a tenth on average)."""
    monkeypatch.setattr(resolution, "BAND_ROWS", 16)
    rgb = Image.effect_noise((900, 700), 80).convert("RGB")
    im = rgb if mode == "RGB" else Image.merge("RGBA", (*rgb.split(), Image.linear_gradient("L").resize((900, 700))))
    for box, size in (((50, 30, 850, 690), (211, 190)), ((0, 0, 900, 700), (300, 233))):
        whole = im.resize(size, Image.Resampling.LANCZOS, box=box)
        diff = ImageChops.difference(whole, resolution._resampled(im, box, size))
        assert max(high for _, high in diff.getextrema()) <= 8
        assert max(ImageStat.Stat(diff).mean) < 0.1
