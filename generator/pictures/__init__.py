"""A designer's own pictures: SVG (kept vector) and PNG or JPEG, placed in a box by a fit mode.

Wherever a kit file names a drawing (a face's `art`, a region's `art`, a board's `art` entry,
a tile's face), it may name a picture file instead: `art: art/fox.svg`. The file is found beside
the kit file through kitfile/files.py (its own folder, links followed and checked), read within
the bounds of limits.py, and drawn as pnpkit's own shapes, so it goes through the same PDF and
SVG backends, ink saver and bleed as everything else.

How it fills its box (`art_options: {fit: ...}`, the same words as CSS's object-fit):
- `fit` (default): the whole picture, as large as fits, centred (letterboxed);
- `fill`: covers the whole box, centred, what runs over cut off;
- `stretch`: exactly the box, its proportions changed;
- `actual`: at its own size (an SVG's width and height; a PNG at the dpi it states, else 300),
  centred, cut to the box.
`crop: [x, y, w, h]` first takes that part of the picture (pixels of a PNG, user units of an
SVG's viewBox ... as the file measures itself), and the mode places that part.

A PNG printed at fewer than MIN_DPI dots per inch gets a warning that names the file and the
piece (`warnings()` collects them during a build).
"""
from __future__ import annotations

import contextvars
import math
import os
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from pnpkit.generator.pictures import budget
from pnpkit.generator.pictures.limits import MAX_PIXELS, MAX_RASTER_BYTES, MAX_SVG_BYTES, MIN_DPI, PictureError
from pnpkit.generator.shapes import MM_PER_PT, Group, Image, Shape

EXTENSIONS = {".svg": "svg", ".png": "raster", ".jpg": "raster", ".jpeg": "raster"}
FITS = ("fit", "fill", "stretch", "actual")
OPTIONS = ("fit", "crop", "color")  # `color` is given to every drawing by faces; a picture keeps its own
DEFAULT_DPI = 300.0  # a PNG that states no resolution, at `fit: actual`


def is_picture(name: Any) -> bool:
    """A drawing name that is a picture file (the art library's names have no extension)."""
    return isinstance(name, str) and os.path.splitext(name.strip().lower())[1] in EXTENSIONS


@dataclass(frozen=True)
class Picture:
    """A checked picture in its own units (SVG points or PNG pixels, y down, origin top left)."""

    name: str
    kind: str  # svg | raster
    w: float
    h: float
    shapes: tuple[Shape, ...] = ()  # an SVG's drawing
    png: bytes | None = None  # a raster's pixels
    mm_per_unit: float = MM_PER_PT  # at its own size
    density: float | None = None  # pixels per unit of its coarsest raster (a PNG: 1), None if all vector
    pixels: tuple[tuple[str, int], ...] = ()  # (key, pixels) of each distinct picture it decodes
    elements: int = 1  # shapes it draws, and numbers in them: what each copy costs the kit (budget.py)
    numbers: int = 0


def load(path: Path, name: str) -> Picture:
    """The picture at `path` (already resolved inside the kit's folder), read once per version."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise PictureError(e.strerror or "cannot be read") from None
    return _load(str(path), name, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=64)
def _load(path: str, name: str, version: int, size: int) -> Picture:
    kind = EXTENSIONS[os.path.splitext(path.lower())[1]]
    limit = MAX_SVG_BYTES if kind == "svg" else MAX_RASTER_BYTES
    if size > limit:
        raise PictureError(f"is {size / 1e6:.1f} MB: a picture may be at most {limit // 1_000_000} MB")
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise PictureError(f"is larger than {limit // 1_000_000} MB")
    if kind == "svg":
        from pnpkit.generator.pictures import svgdraw
        d = svgdraw.drawn(raw)
        return Picture(name, "svg", d.w, d.h, shapes=d.shapes, density=d.density, pixels=d.pixels,
                       elements=d.elements, numbers=d.numbers)
    from pnpkit.generator.pictures import raster
    key = budget.key_of(raw)
    try:
        w, h = raster.size_of(raw)
    except PictureError:
        w = h = 0  # raster.read says what is wrong with it
    if 0 < w * h <= MAX_PIXELS:
        budget.admit(key, w * h)  # from its header, before it is decoded
    png, w, h, dpi = raster.read(raw)
    return Picture(name, "raster", float(w), float(h), png=png, mm_per_unit=25.4 / (dpi or DEFAULT_DPI), density=1.0,
                   pixels=((key, w * h),))


def draw(pic: Picture, w: float, h: float, fit: str = "fit", crop: tuple[float, float, float, float] | None = None
         ) -> tuple[tuple[Shape, ...], float | None]:
    """The picture placed in the box (0, 0, w, h) mm, and the dpi its coarsest pixels print at
    (None for a picture without pixels)."""
    cx, cy, cw, ch = crop if crop is not None else (0.0, 0.0, pic.w, pic.h)
    if fit == "stretch":
        sx, sy = w / cw, h / ch
    else:
        s = {"fit": min(w / cw, h / ch), "fill": max(w / cw, h / ch), "actual": pic.mm_per_unit}[fit]
        sx = sy = s
    dw, dh = cw * sx, ch * sy
    ox, oy = (w - dw) / 2, (h - dh) / 2  # the shown part's top-left corner in the box
    if pic.kind == "raster":
        inner: tuple[Shape, ...] = (Image(ox - cx * sx, oy - cy * sy, pic.w * sx, pic.h * sy, pic.png),)
    elif sx == sy:
        inner = (Group(pic.shapes, dx=ox - cx * sx, dy=oy - cy * sy, scale=sx),)
    else:
        from pnpkit.generator.art._core import transform
        inner = tuple(transform(pic.shapes, (sx, 0.0, 0.0, sy, ox - cx * sx, oy - cy * sy), math.sqrt(sx * sy)))
    # what shows: the chosen part, and never more than the box
    x0, y0 = max(0.0, ox), max(0.0, oy)
    x1, y1 = min(w, ox + dw), min(h, oy + dh)
    dpi = 25.4 * pic.density / min(sx, sy) if pic.density else None
    if pic.density:  # its pixels: no more than the part that shows needs (resolution.py)
        from pnpkit.generator.pictures.resolution import printed
        inner = printed(inner, (x0, y0, x1, y1))
    return (Group(inner, clip=(x0, y0, x1 - x0, y1 - y0)),), dpi


def place(kit: Any, where: tuple, name: str, w: float, h: float, options: dict[str, Any],
          where_options: tuple) -> tuple[Shape, ...]:
    """The picture file `name` that the kit file names at `where`, drawn in (0, 0, w, h) with its
    options; every problem is the kit file's error at its line (exit 2), never a traceback."""
    from pnpkit.kitfile.head import error_at as error
    from pnpkit.kitfile.files import OutsideKit, kit_folder, resolve
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise error(kit, where_options, f"a picture takes no option {', '.join(map(repr, unknown))}; it takes "
                    "fit (fit, fill, stretch or actual) and crop [x, y, w, h]")
    fit = options.get("fit") or "fit"
    if fit not in FITS:
        raise error(kit, where_options + ("fit",), f"expected one of {', '.join(FITS)}, got {fit!r}")
    folder = kit_folder(kit)
    try:
        path = resolve(name.strip(), [folder] if folder else [], "picture")
    except OutsideKit as e:
        raise error(kit, where, str(e)) from None
    if path is None:
        raise error(kit, where, f"no picture {name!r} beside the kit file" + (f" (in {folder})" if folder else ""))
    from pnpkit.generator.templating import not_counted
    try:
        with not_counted():  # decoding a picture is not the templates' time
            pic = load(path, name)
        for key, pixels in pic.pixels:  # a picture read before (by an earlier kit) is charged here
            budget.admit(key, pixels)
        budget.draw(pic.elements, pic.numbers)
    except PictureError as e:
        raise error(kit, where, f"{name}: {e}") from None
    crop = options.get("crop")
    if crop is not None:
        ok = (isinstance(crop, (list, tuple)) and len(crop) == 4
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in crop))
        if not ok or crop[0] < 0 or crop[1] < 0 or crop[2] <= 0 or crop[3] <= 0 \
                or crop[0] + crop[2] > pic.w + 1e-6 or crop[1] + crop[3] > pic.h + 1e-6:
            raise error(kit, where_options + ("crop",), f"expected [x, y, w, h] inside the picture's "
                        f"{pic.w:g} x {pic.h:g} ({'pixels' if pic.kind == 'raster' else 'units'}), got {crop!r}")
        crop = tuple(float(v) for v in crop)
    shapes, dpi = draw(pic, w, h, fit, crop)
    from pnpkit.kitfile.source import field_name
    low_dpi(f"{getattr(kit, 'file', '') or 'kit'}: {field_name(where)}", name, dpi)
    return shapes


# --- warnings: pictures that print coarse -----------------------------------------------------

_WARNINGS: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("picture_warnings", default=None)
_PIECE: contextvars.ContextVar[str] = contextvars.ContextVar("picture_piece", default="")


@contextmanager
def collecting() -> Iterator[list[str]]:
    """Collect the warnings of the pictures drawn inside (one line each, no repeats)."""
    found: list[str] = []
    token = _WARNINGS.set(found)
    try:
        yield found
    finally:
        _WARNINGS.reset(token)


@contextmanager
def piece(name: str) -> Iterator[None]:
    """Name the piece being drawn, for the warnings of the pictures on it."""
    token = _PIECE.set(name)
    try:
        yield
    finally:
        _PIECE.reset(token)


def warn(message: str) -> None:
    found = _WARNINGS.get()
    if found is not None and message not in found:
        found.append(message)


def low_dpi(where: str, name: str, dpi: float | None) -> None:
    if dpi is not None and dpi < MIN_DPI - 0.5:
        on = _PIECE.get()
        warn(f"{where}: {name} prints at {dpi:.0f} dpi" + (f" on {on}" if on else "")
             + f" (under {MIN_DPI}: it may look blurred; give it more pixels)")


__all__ = ["FITS", "Picture", "PictureError", "collecting", "draw", "is_picture", "load", "piece", "warn"]
