"""A picture as a PDF image, converted and deflated a band of rows at a time.

reportlab's own route (`PDFImageXObject` of an `ImageReader`) holds a picture four times at once:
the decoded pixels, an RGB copy without the alpha, all of that as one string of bytes, and the
alpha as an image and as bytes (6000 x 6000 RGBA: 144 + 108 + 108 + 72 MB beside the rest of a
build). Here each band of rows is converted and fed to one deflate stream, so a picture costs its
decoded pixels and its deflated stream. The objects are the ones reportlab makes, byte for byte:
the same conversions (RGBA to RGB and an alpha soft mask named by the md5 of its bytes, CMYK kept
for the print-shop file, any other mode to RGB), and zlib's stream does not depend on how its input
is cut (zlib.compress of the whole equals a compressobj fed band by band).

A large plain PNG kept as its own bytes (pictures/source.py: a 6000 x 6000 photograph) is not
decoded at all: its IDAT data is already a deflated stream a PDF reads with the PNG predictors, so
it goes in as it is (deflating 108 MB of a photograph's noise again took 3 s).
"""
from __future__ import annotations

import hashlib
import io
import zlib

from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfutils import asciiBase85Encode

from pnpkit.generator.pictures import source

BAND_BYTES = 8 << 20  # pixels converted and deflated at once (about 500 rows of a 6000-pixel picture)
SPACES = {"RGB": "DeviceRGB", "L": "DeviceGray", "CMYK": "DeviceCMYK"}  # reportlab's _mode2CS


def _stream(img: pdfdoc.PDFImageXObject, deflated: bytes) -> None:
    if rl_config.useA85:
        img.streamContent, img._filters = asciiBase85Encode(deflated), ("ASCII85Decode", "FlateDecode")
    else:
        img.streamContent, img._filters = deflated, ("FlateDecode",)


def _empty(name: str, size: tuple[int, int], mode: str) -> pdfdoc.PDFImageXObject:
    img = pdfdoc.PDFImageXObject(name)  # reportlab's canned image, each field then set here
    img.width, img.height = size
    img.bitsPerComponent = 8
    img.colorSpace = SPACES[mode]
    return img


def _split(im):
    """(how a band of `im` becomes its colour pixels, its colour mode, how a band gives its alpha or
    None): ImageReader.getRGBData's choices, made for one band at a time."""
    mode = im.mode
    if mode in ("LA", "RGBA"):
        return (lambda b: b.convert(mode[:-1])), mode[:-1], (lambda b: b.getchannel("A"))
    if mode in ("L", "RGB", "CMYK"):
        return (lambda b: b), mode, None
    if im.format == "PNG" and mode == "P" and "transparency" in im.info:
        return (lambda b: b.convert("RGBA").convert("RGB")), "RGB", (lambda b: b.convert("RGBA").getchannel("A"))
    return (lambda b: b.convert("RGB")), "RGB", None


class _Predicted(pdfdoc.PDFImageXObject):
    """An image XObject whose stream is a PNG's own image data: FlateDecode read with the PNG
    predictors (the DecodeParms reportlab's image objects never write)."""

    def format(self, document):
        stream = pdfdoc.PDFStream(content=self.streamContent)
        d = stream.dictionary
        d["Type"], d["Subtype"] = pdfdoc.PDFName("XObject"), pdfdoc.PDFName("Image")
        d["Width"], d["Height"], d["BitsPerComponent"] = self.width, self.height, 8
        d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        d["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f) for f in self._filters])
        d["DecodeParms"] = pdfdoc.PDFArray([pdfdoc.PDFnull] * (len(self._filters) - 1) + [pdfdoc.PDFDictionary(
            {"Predictor": 15, "Colors": self.colors, "BitsPerComponent": 8, "Columns": self.width})])
        d["Length"] = len(self.streamContent)
        return stream.format(document)


def _predicted(name: str, carried: source.PngStream) -> _Predicted:
    img = _Predicted(name)
    img.width, img.height, img.colors = carried.width, carried.height, carried.colors
    img.bitsPerComponent, img.colorSpace, img.mask = 8, "DeviceRGB" if carried.colors == 3 else "DeviceGray", None
    _stream(img, carried.data)
    return img


def xobjects(name: str, picture, mask) -> tuple[pdfdoc.PDFImageXObject, pdfdoc.PDFImageXObject | None]:
    """The image XObject of `picture` (a PIL image, or PNG/TIFF bytes) and its soft mask (None
    without one), as `PDFImageXObject(name, ImageReader(picture), mask)` makes them. `mask` is
    "auto" (the picture's own alpha, or its transparent colour) or a colour key."""
    from PIL import Image
    if isinstance(picture, bytes) and mask == "auto":
        carried = source.png_stream(picture)
        if carried is not None:  # a large plain PNG: its own image data, neither decoded nor deflated again
            return _predicted(name, carried), None
    im = picture if isinstance(picture, Image.Image) else Image.open(io.BytesIO(picture))
    if im.format == "JPEG":  # reportlab embeds a JPEG's own bytes: nothing decoded to hold
        img = pdfdoc.PDFImageXObject(name, ImageReader(io.BytesIO(picture) if isinstance(picture, bytes) else im),
                                     mask=mask)
        return img, getattr(img, "_smask", None)
    colour, mode, alpha = _split(im)
    w, h = im.size
    img = _empty(name, (w, h), mode)
    img.mask = mask
    deflate = zlib.compressobj()
    parts, alpha_parts = [], []
    a_deflate, a_digest = (zlib.compressobj(), hashlib.md5(usedforsecurity=False)) if alpha and mask == "auto" else (None, None)
    rows = max(1, BAND_BYTES // max(1, w * 4))
    for top in range(0, h, rows):
        band = im.crop((0, top, w, min(h, top + rows)))
        parts.append(deflate.compress(colour(band).tobytes()))
        if a_deflate is not None:
            data = alpha(band).tobytes()
            a_digest.update(data)
            alpha_parts.append(a_deflate.compress(data))
        del band
    parts.append(deflate.flush())
    _stream(img, b"".join(parts))
    del parts
    smask = None
    if mask == "auto":
        img.mask = None
        if a_deflate is not None:
            alpha_parts.append(a_deflate.flush())
            smask = _empty(a_digest.hexdigest(), (w, h), "L")
            smask.mask = None
            _stream(smask, b"".join(alpha_parts))
            smask._decode = [0, 1]
        else:
            tc = ImageReader(im).getTransparent()
            img.mask = (tc[0], tc[0], tc[1], tc[1], tc[2], tc[2]) if tc else None
    return img, smask
