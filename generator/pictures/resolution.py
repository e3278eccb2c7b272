"""A placed picture carries no more pixels than its printed part needs: at most MAX_DPI.

A 6000 x 6000 picture fitted on a 63 mm card prints at 2,400 dpi; no printer or eye uses more
than 600, so the card needs 1,500 x 1,500 of it. And a picture at its own size (`fit: actual`)
on a card shows only the card's part of it. Every raster a placed picture draws (a PNG or JPEG,
or one embedded in an SVG) of more than 4 million pixels is replaced, when that saves at least
half of them, by the part that shows, resampled to at most MAX_DPI at its printed size. So what
reaches the PDF, the SVG pages, the previews, the print-shop's CMYK conversion and the exports is
the printed picture, not the file (a 6000 x 6000 picture drawn 200 times by `<use>` once cost
11 s of preview rendering, and a DriveThruCards export of it ran out of 1 GB).

A picture of at most 4 million pixels (2000 x 2000; a poker card's art at 300 dpi is 0.8
million), or one within MAX_DPI that shows at least half of itself, is left as it is, byte for
byte: no ordinary kit's output changes (a sprite sheet cut by `crop:` included). Each reduction
is made once (`_reduced` is cached by the picture, the part and the size), from the pixels
`raster.read` decoded.
"""
from __future__ import annotations

import io
import math
import struct
from dataclasses import replace
from functools import lru_cache

from pnpkit.generator.pictures import limits
from pnpkit.generator.shapes import Group, Image, Shape

MAX_DPI = 600       # the most a printed picture keeps (a print shop asks for 300)
MM_PER_INCH = 25.4
SAVES = 0.5         # a picture is replaced only when the replacement holds at most this share of its pixels
#                     ... and only a picture larger than MIN_PIXELS (limits.py)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's pixel size from its header (every picture pnpkit keeps is a PNG: raster.read)."""
    if png[12:16] == b"IHDR":
        return struct.unpack(">II", png[16:24])
    from PIL import Image as PILImage
    with PILImage.open(io.BytesIO(png)) as im:
        return im.size


def printed(shapes: tuple[Shape, ...], visible: Box) -> tuple[Shape, ...]:
    """`shapes` (in mm of a box, of which `visible` shows) with every Image at most MAX_DPI over
    the part of it that shows."""
    return tuple(_walk(shapes, (1.0, 1.0, 0.0, 0.0), False, visible))


def _walk(shapes, m: tuple[float, float, float, float], turned: bool, visible: Box) -> list[Shape]:
    """m = (sx, sy, tx, ty): the frame's scale and offset in the box's mm; `turned` once a group
    rotates (then only the scale is known, and a picture is only resampled, never cut)."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            sx, sy, tx, ty = m
            if turned or s.rotate % 360:
                k = max(sx, sy) * s.scale  # the larger: a picture keeps pixels rather than loses them
                inner = _walk(s.items, (k, k, 0.0, 0.0), True, visible)
            else:
                inner = _walk(s.items, (sx * s.scale, sy * s.scale, tx + sx * s.dx, ty + sy * s.dy), False, visible)
            out.append(s if all(a is b for a, b in zip(inner, s.items)) else replace(s, items=tuple(inner)))
        elif isinstance(s, Image):
            fitted = _fitted(s, m, turned, visible)
            if fitted is not None:
                out.append(fitted)
        else:
            out.append(s)
    return out


def _fitted(s: Image, m, turned: bool, visible: Box) -> Image | None:
    """The Image, or its printed part at most MAX_DPI (None when none of it shows)."""
    sx, sy, tx, ty = m
    pw, ph = png_size(s.png)
    if pw * ph <= limits.MIN_PIXELS:
        return s
    w_mm, h_mm = abs(sx * s.w), abs(sy * s.h)
    if w_mm <= 0 or h_mm <= 0 or pw < 1 or ph < 1:
        return s
    box = (0, 0, pw, ph)
    if not turned and sx > 0 and sy > 0 and s.w > 0 and s.h > 0:
        x0, y0 = tx + sx * s.x, ty + sy * s.y  # the picture's box in the box's mm
        vx0, vy0 = max(visible[0], x0), max(visible[1], y0)
        vx1, vy1 = min(visible[2], x0 + w_mm), min(visible[3], y0 + h_mm)
        if vx1 <= vx0 or vy1 <= vy0:
            return None  # nothing of it shows
        box = (max(0, math.floor((vx0 - x0) / w_mm * pw)), max(0, math.floor((vy0 - y0) / h_mm * ph)),
               min(pw, math.ceil((vx1 - x0) / w_mm * pw)), min(ph, math.ceil((vy1 - y0) / h_mm * ph)))
    cw, ch = box[2] - box[0], box[3] - box[1]
    # the part's printed size at MAX_DPI, never more pixels than it has
    tw = min(cw, max(1, math.ceil(w_mm * cw / pw / MM_PER_INCH * MAX_DPI)))
    th = min(ch, max(1, math.ceil(h_mm * ch / ph / MM_PER_INCH * MAX_DPI)))
    if tw * th > SAVES * pw * ph:
        return s
    png = _reduced(s.png, box, (tw, th))
    return replace(s, x=s.x + s.w * box[0] / pw, y=s.y + s.h * box[1] / ph, w=s.w * cw / pw, h=s.h * ch / ph, png=png)


@lru_cache(maxsize=64)
def _reduced(png: bytes, box: tuple[int, int, int, int], size: tuple[int, int]) -> bytes:
    """The part `box` (pixels) of a picture, resampled to `size`, as PNG bytes (its mode kept)."""
    from pnpkit.generator.pictures import raster
    im = raster.pixels(png)
    part = im.crop(box) if size == (box[2] - box[0], box[3] - box[1]) else _resampled(im, box, size)
    del im
    out = io.BytesIO()
    part.save(out, format="PNG", compress_level=1)
    return out.getvalue()


BAND_ROWS = 512  # rows of the picture read at once (a band of the resampled one is as many fewer as it shrinks)


def _resampled(im, box: tuple[int, int, int, int], size: tuple[int, int]):
    """The part `box` of `im` resampled (Lanczos) to `size`, a band of rows at a time: Pillow
    resamples a picture with an alpha channel through a premultiplied copy of all of it (144 MB
    for 6000 x 6000), where a band's copy is a few MB. Each band is cut with the filter's reach
    around it, so it is resampled from the very pixels the whole would be."""
    from PIL import Image as PILImage
    x0, y0, x1, y1 = box
    tw, th = size
    sx, sy = (x1 - x0) / tw, (y1 - y0) / th
    reach_x, reach_y = math.ceil(3 * max(1.0, sx)) + 1, math.ceil(3 * max(1.0, sy)) + 1  # Lanczos: 3 lobes
    W, H = im.size
    cx0, cx1 = max(0, x0 - reach_x), min(W, x1 + reach_x)
    out = PILImage.new(im.mode, size)
    rows = max(1, int(BAND_ROWS / max(1.0, sy)))
    for top in range(0, th, rows):
        bottom = min(th, top + rows)
        fy0, fy1 = y0 + top * sy, y0 + bottom * sy
        cy0, cy1 = max(0, math.floor(fy0) - reach_y), min(H, math.ceil(fy1) + reach_y)
        band = im.crop((cx0, cy0, cx1, cy1))
        out.paste(band.resize((tw, bottom - top), PILImage.Resampling.LANCZOS,
                              box=(x0 - cx0, fy0 - cy0, x1 - cx0, fy1 - cy0)), (0, top))
        del band
    return out
