"""Pictures are written into the PDF a band of rows at a time (generator/backends/pdf_images.py),
and the objects written are reportlab's own, byte for byte: every colour mode a picture arrives
in (the clean RGB and RGBA of generator/pictures, the print-shop's CMYK with its colour key, and
whatever else PIL opens), with its soft mask and its transparent colour."""
from __future__ import annotations

import io

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc

from pnpkit.generator.backends import pdf_images


def _picture(mode: str, size=(37, 53)) -> Image.Image:
    """A picture with something different in every pixel (so a band cut wrongly shows)."""
    w, h = size
    rgba = Image.frombytes("RGBA", size, bytes((x * 7 + y * 3 + c * 50) % 256 for y in range(h) for x in range(w)
                                                for c in range(4)))
    return rgba.convert(mode) if mode != "RGBA" else rgba


def _bytes(obj, doc=None) -> bytes:
    return obj.format(doc or pdfdoc.PDFDocument())


def _reportlab(picture, mask):
    img = pdfdoc.PDFImageXObject("n", ImageReader(picture), mask=mask)
    return img, getattr(img, "_smask", None)


def _as_file(im: Image.Image, fmt: str, **kw) -> bytes:
    out = io.BytesIO()
    im.save(out, format=fmt, **kw)
    return out.getvalue()


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "LA", "CMYK", "P", "1", "I;16"])
@pytest.mark.parametrize("band", [1, 5, 1 << 20])
def test_band_by_band_is_reportlabs_image_byte_for_byte(monkeypatch, mode, band):
    monkeypatch.setattr(pdf_images, "BAND_BYTES", band)  # 1 byte: a row at a time
    im = _picture(mode)
    for source, theirs in ((im, im), (_as_file(im, "TIFF" if mode == "CMYK" else "PNG"), None)):
        theirs = theirs if theirs is not None else io.BytesIO(source)
        for mask in ("auto", [1, 1, 1, 1, 1, 1, 0, 0]):
            img, smask = pdf_images.xobjects("n", source, mask)
            ref, ref_smask = _reportlab(theirs, mask)
            assert _bytes(img) == _bytes(ref), (mode, mask)
            assert (smask is None) == (ref_smask is None)
            if smask is not None:
                assert smask.name == ref_smask.name and _bytes(smask) == _bytes(ref_smask)
            if isinstance(theirs, io.BytesIO):
                theirs.seek(0)


def test_a_transparent_colour_becomes_the_same_mask():
    """A palette PNG with a transparent entry (reportlab: an alpha soft mask) and an RGB picture
    whose transparent colour is stated (reportlab: nothing)."""
    pal = _picture("P")
    data = _as_file(pal, "PNG", transparency=3)
    img, smask = pdf_images.xobjects("n", data, "auto")
    ref, ref_smask = _reportlab(io.BytesIO(data), "auto")
    assert _bytes(img) == _bytes(ref) and _bytes(smask) == _bytes(ref_smask)


def test_a_jpeg_is_embedded_as_its_own_bytes():
    data = _as_file(_picture("RGB"), "JPEG")
    img, smask = pdf_images.xobjects("n", data, "auto")
    assert smask is None and img._filters[-1] == "DCTDecode" and (img.width, img.height) == (37, 53)


def test_a_large_picture_is_held_once(monkeypatch):
    """What is converted at once is one band, not the picture: no RGB copy of all of it."""
    sizes = []
    real = Image.Image.tobytes

    def spy(self, *a, **k):
        out = real(self, *a, **k)
        sizes.append(len(out))
        return out
    monkeypatch.setattr(Image.Image, "tobytes", spy)
    im = Image.new("RGBA", (2000, 3000), (10, 20, 30, 128))
    pdf_images.xobjects("n", im, "auto")
    assert sizes and max(sizes) <= pdf_images.BAND_BYTES
