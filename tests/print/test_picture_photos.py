"""A large photograph is not written again (generator/pictures/source.py, screen.py): a JPEG or a
plain PNG of more than 4 million pixels keeps its own bytes (without its metadata), the PDF carries
them as they came with every pixel, and an SVG page shows a screen copy of at most 300 dpi at the
size the picture is drawn. Pictures of any size are treated as large here (the rule's own
threshold makes slow tests); tests/test_budget.py builds the real 6000 x 6000 ones."""
from __future__ import annotations

import base64
import io
import random
import re

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat
from PIL.PngImagePlugin import PngInfo

from pnpkit.generator.backends import svg
from pnpkit.generator.backends.pdf import PdfDocument
from pnpkit.generator.pictures import limits, raster, screen, source
from pnpkit.generator.shapes import Group, Image as ImageShape

W, H = 1200, 900  # drawn 63 mm wide: 484 dpi


@pytest.fixture
def large(monkeypatch):
    monkeypatch.setattr(limits, "MIN_PIXELS", 0)
    monkeypatch.setattr(screen, "AS_IS_BYTES", 0)


def _photo(mode: str = "RGB") -> Image.Image:
    """Colour fields with noise over them, as a camera gives (no two neighbours alike)."""
    rng = random.Random(3)
    im = Image.frombytes("RGB", (12, 9), rng.randbytes(12 * 9 * 3)).resize((W, H), Image.Resampling.BICUBIC)
    noise = Image.effect_noise((W, H), 12)
    im = Image.merge("RGB", [ImageChops.add(c, noise, 1, -128) for c in im.split()])
    if mode == "RGBA":
        im.putalpha(Image.linear_gradient("L").resize((W, H)))
    return im.convert(mode) if mode not in ("RGB", "RGBA") else im


def _file(im: Image.Image, fmt: str, **kw) -> bytes:
    out = io.BytesIO()
    im.save(out, format=fmt, **kw)
    return out.getvalue()


def _jpeg() -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    return _file(_photo(), "JPEG", quality=90, exif=exif.tobytes(), comment=b"a secret comment")


def _png(**kw) -> bytes:
    info = PngInfo()
    info.add_text("Author", "a secret name")
    return _file(_photo(), "PNG", pnginfo=info, **kw)


def _same_pixels(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(Image.open(io.BytesIO(a)).convert("RGB"),
                                 Image.open(io.BytesIO(b)).convert("RGB")).getbbox() is None


def test_a_large_jpeg_keeps_its_own_bytes_without_its_metadata(large):
    raw = _jpeg()
    kept, w, h, _ = raster.read(raw)
    assert (w, h) == (W, H) and kept[:2] == b"\xff\xd8"
    assert b"SecretCam" in raw and b"SecretCam" not in kept and b"a secret comment" not in kept
    assert kept.endswith(raw[raw.index(b"\xff\xda"):])  # its image data as it came, not encoded again
    assert _same_pixels(kept, raw)


def test_a_large_plain_png_keeps_its_own_image_data_without_its_text(large):
    raw = _png()
    kept, w, h, _ = raster.read(raw)
    assert (w, h) == (W, H) and b"a secret name" in raw and b"a secret name" not in kept
    assert source.png_stream(kept).data == b"".join(d for k, d in source._chunks(raw) if k == b"IDAT")
    assert _same_pixels(kept, raw)


@pytest.mark.parametrize("make", [lambda: _file(_photo("RGBA"), "PNG"), lambda: _file(_photo("I;16"), "PNG"),
                                  lambda: _file(_photo("P"), "PNG", transparency=0)],
                         ids=["alpha", "16-bit", "palette-transparent"])
def test_a_png_a_pdf_cannot_carry_as_it_is_is_written_again(large, make):
    raw = make()
    kept = raster.read(raw)[0]
    assert kept != raw and source.own(raw, "PNG", Image.open(io.BytesIO(raw)).mode, W, H) is None
    assert Image.open(io.BytesIO(kept)).mode in ("RGB", "RGBA")


def test_an_ordinary_picture_is_written_again_as_before():
    """At most 4 million pixels: the decoded pixels written as PNG, whatever the file was."""
    for raw in (_jpeg(), _png()):
        kept = raster.read(raw)[0]
        assert kept[12:16] == b"IHDR" and b"secret" not in kept and kept != raw


def _pdf_image(kept: bytes):
    doc = PdfDocument(70, 60)
    doc.page((ImageShape(2, 2, 63, 63 * H / W, kept),))
    page = pypdfium2.PdfDocument(doc.finish())[0]
    (obj,) = [o for o in page.get_objects() if o.type == pypdfium2.raw.FPDF_PAGEOBJ_IMAGE]
    return obj


@pytest.mark.parametrize("fmt, stream", [("JPEG", "DCTDecode"), ("PNG", "FlateDecode")])
def test_the_pdf_carries_a_photograph_as_it_came_every_pixel(large, fmt, stream):
    raw = _jpeg() if fmt == "JPEG" else _png()
    kept = raster.read(raw)[0]
    obj = _pdf_image(kept)
    assert obj.get_filters()[-1] == stream  # (after ASCII85 where reportlab is set to write it)
    printed = obj.get_bitmap(render=False).to_pil().convert("RGB")
    assert printed.size == (W, H)
    assert ImageChops.difference(printed, Image.open(io.BytesIO(raw)).convert("RGB")).getbbox() is None


def _shown(page: str) -> tuple[str, Image.Image]:
    (mime, data), = re.findall(r'xlink:href="data:image/(\w+);base64,([^"]+)"', page)
    return mime, Image.open(io.BytesIO(base64.b64decode(data)))


def _dpi(im: Image.Image, mm: float) -> float:
    return im.size[0] / (mm / 25.4)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_an_svg_page_shows_a_photograph_at_screen_resolution(large, fmt):
    raw = _jpeg() if fmt == "JPEG" else _png()
    kept = raster.read(raw)[0]
    mime, shown = _shown(svg.render_page((ImageShape(2, 2, 63, 63 * H / W, kept),), 70, 60))
    assert mime == "jpeg"  # an opaque picture: a photograph's screen copy
    assert screen.SCREEN_DPI / 2 < _dpi(shown, 63) <= screen.SCREEN_DPI
    whole = Image.open(io.BytesIO(raw)).convert("RGB").resize(shown.size, Image.Resampling.BOX)
    assert max(ImageStat.Stat(ImageChops.difference(whole, shown.convert("RGB"))).mean) < 4  # the same picture


def test_a_picture_drawn_smaller_by_its_group_is_shown_smaller(large):
    kept = raster.read(_jpeg())[0]
    drawn = Group((ImageShape(0, 0, 63, 63 * H / W, kept),), scale=0.25)  # 15.75 mm across: 1,935 dpi
    _, shown = _shown(svg.render_page((drawn,), 70, 60))
    assert _dpi(shown, 63 * 0.25) <= screen.SCREEN_DPI


def test_a_transparent_picture_is_shown_as_a_png_with_its_alpha(large):
    kept = raster.read(_file(_photo("RGBA"), "PNG"))[0]
    mime, shown = _shown(svg.render_page((ImageShape(2, 2, 63, 63 * H / W, kept),), 70, 60))
    assert mime == "png" and shown.mode == "RGBA" and _dpi(shown, 63) <= screen.SCREEN_DPI


def test_an_ordinary_picture_is_shown_as_it_is():
    kept = raster.read(_png())[0]
    page = svg.render_page((ImageShape(2, 2, 63, 63 * H / W, kept),), 70, 60)
    assert f'xlink:href="data:image/png;base64,{base64.b64encode(kept).decode()}"' in page
