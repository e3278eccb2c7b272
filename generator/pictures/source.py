"""A large picture's own bytes, kept as they came rather than written again.

`raster.read` normally keeps a picture as its decoded pixels written again as PNG. For a
photograph of 6000 x 6000 (a board's art) that costs seconds (noise does not compress: a 30 MB
file takes 3-5 s to write again, and a JPEG becomes an 80 MB PNG), and every copy of it that
follows (the PDF's deflate, the SVG pages' base64) costs as much again. So a picture of more
than MIN_PIXELS whose own encoding a PDF can carry as it is keeps its own bytes, with nothing but
its pixels' data in them (what `own` drops: text, EXIF, profiles, as the re-written PNG did):
- a JPEG of RGB or grey pixels: its segments up to the image data, less APP1-APP13, APP15 and
  comments (the PDF embeds the JPEG itself: DCTDecode, what reportlab does with a JPEG file);
- a PNG of 8-bit RGB or grey, not interlaced, without a transparent colour: IHDR, IDAT and IEND
  (the PDF carries its IDAT data itself: FlateDecode with the PNG predictors, `png_stream`).
Any other picture (transparency, a palette, 16 bits, CMYK) is written again as before, and so is
every picture of at most MIN_PIXELS (4 million): no ordinary kit's output changes.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

from pnpkit.generator.pictures import limits

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_KEPT_APP = (0xE0, 0xEE)  # APP0 (JFIF) and APP14 (Adobe: how the colours are transformed)


@dataclass(frozen=True)
class PngStream:
    """A PNG's image data as a PDF image stream takes it: the zlib data of its IDAT chunks, read
    with the PNG predictors over `columns` pixels of `colors` 8-bit samples."""

    data: bytes
    width: int
    height: int
    colors: int


def own(raw: bytes, fmt: str, mode: str, w: int, h: int) -> bytes | None:
    """The picture's own bytes without what is not its pixels, when it is large and a PDF can
    carry its encoding as it is; None when it is to be written again (raster.read)."""
    if w * h <= limits.MIN_PIXELS:  # a smaller picture costs little however it is kept
        return None
    if fmt == "JPEG" and mode in ("RGB", "L"):
        return _jpeg(raw)
    if fmt == "PNG":
        return _png(raw)
    return None


def _jpeg(raw: bytes) -> bytes | None:
    """The JPEG's segments up to its scan (SOS) without metadata, and the rest as it is."""
    if raw[:2] != b"\xff\xd8":
        return None
    out, i = [raw[:2]], 2
    while i + 4 <= len(raw):
        if raw[i] != 0xFF:
            return None
        marker = raw[i + 1]
        if marker == 0xFF:  # fill bytes before a marker
            i += 1
            continue
        length = struct.unpack(">H", raw[i + 2:i + 4])[0]
        if marker == 0xDA:  # the scan: the pixels' data, to the end of the file
            out.append(raw[i:])
            return b"".join(out)
        metadata = (0xE0 <= marker <= 0xEF and marker not in _KEPT_APP) or marker == 0xFE
        if not metadata:
            out.append(raw[i:i + 2 + length])
        i += 2 + length
    return None


def _chunks(png: bytes):
    """(type, data) of each chunk of a PNG (nothing checked: the picture was decoded already)."""
    i = len(PNG_SIGNATURE)
    while i + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[i:i + 8])
        yield kind, png[i + 8:i + 8 + length]
        i += 12 + length


def _plain(png: bytes) -> tuple[int, int, int] | None:
    """(width, height, colours) of a PNG a PDF reads as it is: 8-bit grey or RGB, not interlaced,
    no transparent colour; else None."""
    if not png.startswith(PNG_SIGNATURE) or png[12:16] != b"IHDR":
        return None
    w, h, depth, kind, _, _, interlaced = struct.unpack(">IIBBBBB", png[16:29])
    if depth != 8 or kind not in (0, 2) or interlaced or b"tRNS" in png[:png.find(b"IDAT")]:
        return None
    return w, h, 3 if kind == 2 else 1


def _png(raw: bytes) -> bytes | None:
    """The PNG with only IHDR, IDAT and IEND, when a PDF can carry it as it is."""
    if _plain(raw) is None:
        return None
    kept = [PNG_SIGNATURE]
    i = len(PNG_SIGNATURE)
    while i + 8 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[i:i + 8])
        if kind in (b"IHDR", b"IDAT", b"IEND"):
            kept.append(raw[i:i + 12 + length])
        i += 12 + length
        if kind == b"IEND":
            break
    return b"".join(kept)


def png_stream(png: bytes) -> PngStream | None:
    """The image data of a large plain PNG, for a PDF to carry without decoding it; None for any
    other picture (a JPEG, a small or a transparent PNG: written as before)."""
    found = _plain(png)
    if found is None or found[0] * found[1] <= limits.MIN_PIXELS:
        return None
    data = b"".join(d for kind, d in _chunks(png) if kind == b"IDAT")
    return PngStream(data, found[0], found[1], found[2])
