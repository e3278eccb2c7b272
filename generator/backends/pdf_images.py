"""A picture as a PDF image, written a band of rows at a time.

reportlab's own route (`drawImage` of an `ImageReader`) holds a picture three or four times at
once: the decoded pixels, an RGB copy, all of it as one string of bytes, that string joined to its
mask to hash it, and the deflated stream. For a 6000 x 6000 picture (the largest one pnpkit
accepts) that is 400 MB beside the rest of a build. Here the pixels are converted and deflated
256 rows at a time, so a picture costs its decoded pixels and its deflated stream, nothing more
(docs/safety.md, "A kit's budget").
"""
from __future__ import annotations

import io
import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfutils import asciiBase85Encode

BAND = 256  # rows converted and deflated at once


def _deflated(im, mode: str) -> bytes:
    """The picture's pixels in `mode` (RGB, or L for its alpha), deflated band by band."""
    out = zlib.compressobj(1)  # fast: the PDF is deflated again by nothing, and level 1 is close in size
    parts = []
    w, h = im.size
    for top in range(0, h, BAND):
        band = im.crop((0, top, w, min(h, top + BAND)))
        band = band.getchannel("A") if mode == "L" else band.convert("RGB")
        parts.append(out.compress(band.tobytes()))
        del band
    parts.append(out.flush())
    return b"".join(parts)


def _xobject(name: str, im, mode: str) -> pdfdoc.PDFImageXObject:
    img = pdfdoc.PDFImageXObject(name)  # reportlab's canned image, each field then set here
    img.name = name
    img.width, img.height = im.size
    img.bitsPerComponent = 8
    img.colorSpace = "DeviceGray" if mode == "L" else "DeviceRGB"
    stream = _deflated(im, mode)
    if rl_config.useA85:
        img.streamContent, img._filters = asciiBase85Encode(stream), ("ASCII85Decode", "FlateDecode")
    else:
        img.streamContent, img._filters = stream, ("FlateDecode",)
    img.mask = None
    return img


def image(name: str, png: bytes, pixels, key: tuple | None) -> tuple[pdfdoc.PDFImageXObject,
                                                                      pdfdoc.PDFImageXObject | None]:
    """The image XObject of a picture (its PNG bytes, or its pixels already decoded) and the soft
    mask of its alpha (None without one). `key` is a colour key (the colours drawn see-through)."""
    from PIL import Image
    im = pixels if pixels is not None else Image.open(io.BytesIO(png))
    if im.mode not in ("RGB", "RGBA"):
        im = im.convert("RGBA" if ("A" in im.mode or "transparency" in im.info) else "RGB")
    img = _xobject(name, im, "RGB")
    smask = None
    if key:
        img.mask = list(key)
    elif im.mode == "RGBA":
        smask = _xobject(name + "A", im, "L")
        smask._decode = [0, 1]
    return img, smask
