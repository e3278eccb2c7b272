"""What an SVG page carries of a picture: a screen copy of a large one, the picture itself otherwise.

The PDF is the file that is printed, and it keeps every pixel a picture brings (up to 600 dpi,
resolution.py). An SVG page is for looking at, on a screen or in a cutting machine's software
(Cricut's and Silhouette's print-then-cut print at most 300 dpi), and its pictures travel as
base64 text: a 6000 x 6000 photograph on a 250 mm board (610 dpi) was 38-81 MB of text on each
page it crosses, seconds to write and gigabytes to hold. So a picture of more than
limits.MIN_PIXELS is shown at most SCREEN_DPI at the size it is drawn, and more than half of it:
reduced by the smallest whole factor that brings it there (Pillow's `reduce`, each pixel the mean
of a k x k square: 3,000 pixels across that board, drawn 260 mm with its bleed, 293 dpi). A
whole factor is the cheapest resampling there is (a tenth of Lanczos's time) and one copy serves
every size that needs that factor. Made once per picture and factor:
- an opaque one as a JPEG (quality 90): such a picture is a photograph, and its screen copy needs
  no lossless encoding (the noise of a photo makes a PNG ten times larger and slower to write);
- one with transparency as a PNG (JPEG has no alpha).
A large picture already within SCREEN_DPI, or whose file is at most AS_IS_BYTES (6000 x 6000 of line
art is a few KB), goes as it is (a photograph kept as its own JPEG,
source.py, as image/jpeg). A picture of at most MIN_PIXELS goes as it is, byte for byte: no
ordinary kit's SVG pages change.
"""
from __future__ import annotations

import base64
import io
import math
from functools import lru_cache

from pnpkit.generator.pictures import limits, resolution

SCREEN_DPI = 300
JPEG_QUALITY = 90
AS_IS_BYTES = 2_000_000  # a large picture whose file is this small goes as it is (what a copy would save is little)


def href(picture: bytes, w_mm: float, h_mm: float) -> str:
    """The data: address an SVG page shows `picture` (PNG or JPEG bytes) by, drawn w_mm x h_mm."""
    pw, ph = resolution.png_size(picture)  # from the header (a JPEG kept as its own bytes: Pillow's)
    if pw * ph <= limits.MIN_PIXELS and picture[12:16] == b"IHDR":
        return _data("image/png", picture)  # as it always was, made again for each page (no cache to hold)
    most = SCREEN_DPI / resolution.MM_PER_INCH  # pixels per mm
    factor = max(1, math.ceil(pw / max(abs(w_mm) * most, 1.0)), math.ceil(ph / max(abs(h_mm) * most, 1.0)))
    small_file = len(picture) <= AS_IS_BYTES  # many pixels in few bytes (line art): cheap to carry as it is
    return _copy(picture, 1 if small_file else factor)


def _data(mime: str, data: bytes) -> str:
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


@lru_cache(maxsize=4)
def _copy(picture: bytes, factor: int) -> str:
    """The picture reduced by a whole `factor` (1: as it is), as a data: address; made once per
    picture and factor however many pages show it, at whatever sizes that factor serves."""
    if factor == 1:
        return _data("image/png" if picture[12:16] == b"IHDR" else "image/jpeg", picture)
    from pnpkit.generator.pictures import raster
    small = raster.pixels(picture).reduce(factor)
    out = io.BytesIO()
    if "A" in small.mode or "transparency" in small.info:
        small.save(out, format="PNG", compress_level=1)
        return _data("image/png", out.getvalue())
    (small if small.mode in ("RGB", "L") else small.convert("RGB")).save(out, format="JPEG", quality=JPEG_QUALITY)
    return _data("image/jpeg", out.getvalue())
