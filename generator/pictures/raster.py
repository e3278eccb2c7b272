"""PNG and JPEG pictures: checked before they are decoded, then kept as clean PNG bytes.

A picture's header says how many pixels it holds before any are decoded, so a decompression bomb
(a small file that unpacks to billions of pixels) is refused from its header. What is kept is the
decoded pixels written again as PNG (RGB or RGBA), so nothing else of the file (text chunks,
profiles, EXIF) travels into the PDF or the SVG pages; a large photograph keeps its own bytes with
the same things taken out of them (source.py), since writing it again costs seconds.
"""
from __future__ import annotations

import io
import warnings

from pnpkit.generator.pictures import source
from pnpkit.generator.pictures.limits import MAX_PIXELS, MAX_SIDE, PictureError

FORMATS = {"PNG": "PNG", "JPEG": "JPEG"}


def _pil():
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is a dependency
        raise PictureError("reading PNG or JPEG pictures needs Pillow (pip install pillow)") from None
    return Image


def read(raw: bytes) -> tuple[bytes, int, int, float | None]:
    """(PNG bytes, width px, height px, the dpi the file states or None) of a PNG or JPEG; a large
    photograph's own bytes (a JPEG's or a plain PNG's, source.py) instead of PNG bytes written again."""
    Image = _pil()
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            im = Image.open(io.BytesIO(raw), formats=list(FORMATS))
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise PictureError(f"the picture holds more than {MAX_PIXELS:,} pixels (a decompression bomb?)") from None
        except MemoryError:  # the worker's limit, said as such (pnpkit/worker.py)
            raise
        except Exception:  # noqa: BLE001 - a stranger's bytes fail in many ways; say it once
            raise PictureError("is not a PNG or JPEG picture pnpkit can read") from None
    w, h = im.size
    check_size(w, h, "the picture is")
    dpi = None
    stated = im.info.get("dpi")
    if isinstance(stated, tuple) and stated and isinstance(stated[0], (int, float)) and 30 <= stated[0] <= 10000:
        dpi = float(stated[0])
    try:
        im.load()  # decoded whether or not it is kept as it came: a damaged file is refused here
        own = source.own(raw, im.format, im.mode, w, h)
        if own is not None:  # a large photograph: its own bytes, not written again (source.py)
            _keep_decoded(own, im)
            _OWN[own] = None
            while len(_OWN) > ONCE_KEPT:
                _OWN.pop(next(iter(_OWN)))
            return own, w, h, dpi
        mode = "RGBA" if ("A" in im.mode or "transparency" in im.info) else "RGB"
        clean = im if im.mode == mode and not im.info.get("transparency") else im.convert(mode)
        del im  # the file's own pixels, once converted, are not held while the clean ones are written
    except MemoryError:  # the worker's limit, said as such (pnpkit/worker.py)
        raise
    except Exception:  # noqa: BLE001
        raise PictureError("the picture's data is damaged (it could not be decoded)") from None
    out = io.BytesIO()
    clean.save(out, format="PNG", compress_level=1)  # fast: a 6000 x 6000 picture is written in 0.3 s, not 1.5 s
    png = out.getvalue()
    _keep_decoded(png, clean)
    return png, w, h, dpi


_OWN: dict[bytes, None] = {}  # pictures kept as their own bytes (source.py), the last read: the PDF carries those


_DECODED: dict[bytes, object] = {}  # clean PNG bytes -> its pixels, the pictures read last


def _keep_decoded(png: bytes, image: object) -> None:
    """Keep the pixels just decoded for the PDF writer (`decoded`), so it does not decode the
    picture again; at most a kit's budget of pixels is kept, the oldest let go first."""
    from pnpkit.generator.pictures.limits import MAX_KIT_PIXELS
    _DECODED[png] = image
    while sum(i.size[0] * i.size[1] for i in _DECODED.values()) > MAX_KIT_PIXELS and len(_DECODED) > 1:
        _DECODED.pop(next(iter(_DECODED)))


def kept_own(picture: bytes) -> bool:
    """Whether `read` kept these bytes as the picture's own (source.py), not written again."""
    return picture in _OWN


def decoded(png: bytes) -> object | None:
    """The pixels of clean PNG bytes that `read` made, if still kept (a PIL image), else None; they
    are handed over, not kept: the PDF writer writes a picture once, and holding its pixels for the
    rest of the build (the SVG pages, the previews) would add 100 MB per large picture. A picture
    kept as its own bytes gives None: the PDF carries those bytes (pdf_images.py), and its pixels
    stay for the SVG pages' screen copy (screen.py)."""
    if kept_own(png):
        return None
    return _DECODED.pop(png, None)


def pixels(png: bytes) -> object:
    """The pixels of clean PNG bytes (a PIL image), kept for the next part of the same picture that
    is cut or resampled (resolution.py): the decoded picture if `read` still keeps it, else decoded
    again (a picture drawn again after its pixels were let go)."""
    found = _DECODED.get(png)
    if found is None:
        Image = _pil()
        found = Image.open(io.BytesIO(png))
        found.load()
        _keep_decoded(png, found)
    return found


_ONCE: dict[str, tuple[bytes, int, int, float | None]] = {}
ONCE_KEPT = 16  # distinct embedded pictures kept decoded (a kit's budget holds at most one at full size)


def read_once(key: str, raw: bytes) -> tuple[bytes, int, int, float | None]:
    """`read(raw)` of the picture known as `key` (budget.key_of), decoded once however often it is
    drawn: every copy gets the very same PNG bytes (and so one image in the PDF)."""
    found = _ONCE.get(key)
    if found is None:
        found = read(raw)
        while len(_ONCE) >= ONCE_KEPT:
            _ONCE.pop(next(iter(_ONCE)))
        _ONCE[key] = found
    return found


def check_size(w: int, h: int, what: str) -> None:
    """A picture's pixels and sides within MAX_PIXELS and MAX_SIDE (a PNG is decoded a row at a
    time: 36 million rows of one pixel cost seconds where 6000 rows of 6000 cost a fraction)."""
    if w < 1 or h < 1 or w * h > MAX_PIXELS:
        raise PictureError(f"{what} {w} x {h} pixels: at most {MAX_PIXELS:,} pixels "
                           "(6000 x 6000); scale it down to 300 dpi at its printed size")
    if max(w, h) > MAX_SIDE:
        raise PictureError(f"{what} {w} x {h} pixels: a side may be at most {MAX_SIDE:,} pixels "
                           "(the long side of A0 at 300 dpi)")


def size_of(raw: bytes) -> tuple[int, int]:
    """A picture's pixel size from its header alone (nothing decoded)."""
    Image = _pil()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            im = Image.open(io.BytesIO(raw), formats=list(FORMATS))
            return im.size
    except MemoryError:  # the worker's limit, said as such (pnpkit/worker.py)
        raise
    except Exception:  # noqa: BLE001
        raise PictureError("holds an embedded picture that is not a PNG or JPEG pnpkit can read") from None


def shows_photo(shapes) -> bool:
    """Whether the shapes draw a picture kept as its own bytes (a large photograph): an export
    writes their image at zlib's fastest level, since a photograph's noise does not compress (a
    2953 x 2953 board took 3.7 s at the default level and 0.6 s at the fastest, 7% larger);
    every other export's images are written as they always were."""
    from pnpkit.generator.shapes import Group, Image
    stack = list(shapes)
    while stack:
        s = stack.pop()
        if isinstance(s, Group):
            stack.extend(s.items)
        elif isinstance(s, Image) and kept_own(s.png):
            return True
    return False
