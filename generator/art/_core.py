"""The machinery every drawing shares: the registry, transforms, bounds and the fit (path
notation in _paths.py, styles in _style.py, both re-exported here).

A drawing is written once in its own design units (most in a 100 x 100 box, y down) as plain
shapes; `fit` scales it into the box a piece asks for. Strokes do not scale quite linearly: a
small drawing keeps relatively bolder outlines (a 4 mm mark stays legible) and a big one does not
turn heavy. Drawings return only primitive shapes (no Group), already placed in mm, so a backend
needs nothing special to draw them.
"""
from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pnpkit.generator.art._index import WHERE
from pnpkit.generator.art._paths import (  # noqa: F401  (the drawings import these from _core)
    P,
    band_points,
    holed,
    inset,
    ops,
    poly,
    polyline,
    regular,
    ribbon,
    ring,
    star_points,
    sym,
)
from pnpkit.generator.art._style import (  # noqa: F401
    DETAIL,
    INK,
    OUTLINE,
    colour,
    darker,
    ink,
    lighter,
    line,
    solid,
)
from pnpkit.generator.art._transform import (  # noqa: F401  (the drawings import these from _core)
    IDENTITY,
    Affine,
    as_path,
    bounds,
    compose,
    mirrored_x,
    moved,
    outline_extent,
    outline_points,
    outline_xy,
    rotation,
    scaled,
    transform,
)
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import Shape

# ----------------------------------------------------------------------------- options as text, drawings once
# Options filled from kit-file templates arrive as text ("3", "True", "None"): read them here.
NONE_WORDS = ("", "none", "null", "all")


def whole(value: Any, what: str, lo: int = 0, hi: int | None = None, default: int | None = None) -> int | None:
    """A whole-number option in lo..hi; None, "", "none" (or "all": no limit) give `default`."""
    if value is None or str(value).strip().lower() in NONE_WORDS:
        return default
    try:
        f = float(str(value).strip())
    except ValueError:
        f = math.nan
    if f != f or f != int(f):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    n = int(f)
    if n < lo or (hi is not None and n > hi):
        raise ValueError(f"{what} must be {lo}-{hi if hi is not None else 'more'}, got {n}")
    return n


def number(value: Any, what: str, lo: float, hi: float) -> float:
    """A number option in lo..hi (text from a template is read too)."""
    try:
        f = float(str(value).strip())
    except ValueError:
        f = math.nan
    if not lo <= f <= hi:  # NaN fails too
        raise ValueError(f"{what} must be a number from {lo:g} to {hi:g}, got {value!r}")
    return f


def flag(value: Any) -> bool:
    """A yes/no option: true/yes/on/1 or false/no/off/0/empty; anything else is an error."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0", ""):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


@lru_cache(maxsize=256)
def design(name: str, opts: tuple = (), strokes: bool = False) -> tuple[tuple[Shape, ...], tuple[float, float, float, float]]:
    """A registered drawing in its design units with its bounds (`opts` as sorted (key, value)
    pairs), drawn once however many times a sheet places it (a card of Fires, a deck of nuts)."""
    d = drawing(name)
    if d is None:
        raise ValueError(f"no drawing named {str(name)[:40]!r}")
    shapes = tuple(d.fn(**dict(opts)))
    return shapes, bounds(shapes, strokes=strokes)


# ----------------------------------------------------------------------------- registry and fit
@dataclass(frozen=True)
class Drawing:
    name: str
    fn: Callable[..., list[Shape]]
    opts: tuple[str, ...]  # the drawing's own options (besides color)
    doc: str


REGISTRY: dict[str, Drawing] = {}  # the drawings of the modules imported so far (_index.WHERE: all of them)
COMMON = ("color",)


def art(name: str, *opts: str):
    """Register a drawing function (design units, returns shapes) under `name`."""
    def deco(fn):
        if name in REGISTRY:
            raise ValueError(f"drawing {name!r} registered twice")
        REGISTRY[name] = Drawing(name, fn, tuple(opts), (fn.__doc__ or "").strip())
        return fn
    return deco


def drawing(name: str) -> Drawing | None:
    """The drawing named `name` (None: the library has none), its module imported the first time
    one of its drawings is asked for (_index.py)."""
    found = REGISTRY.get(name)
    if found is None and name in WHERE:
        importlib.import_module(f"pnpkit.generator.art.{WHERE[name]}")
        found = REGISTRY.get(name)
    return found


REF_SCALE = 0.2  # design units -> mm at which stroke widths are exactly as designed (20 mm)
MIN_WIDTH = 0.1  # mm: thinner lines do not print reliably


def stroke_factor(s: float) -> float:
    """How much a stroke is thickened (small) or thinned (large) relative to plain scaling."""
    return min(2.2, max(0.7, (REF_SCALE / s) ** 0.3))


@dataclass(frozen=True)
class Measured:
    """What fitting a drawing needs to know of it, whatever the box: its shapes flattened, the
    extreme points of each stroke width (only they can bound the ink: s > 0 keeps the order), and
    the bounds of its geometry. Measuring samples every curve; a kit places the same drawing many
    times at a few sizes, so `measured` keeps it per drawing and options."""

    flat: tuple[Shape, ...]
    extremes: tuple[tuple[float, tuple[float, float, float, float]], ...]  # (half width, x0 y0 x1 y1)
    geometry: tuple[float, float, float, float]


def measure(shapes: Sequence[Shape]) -> Measured:
    flat = transform(shapes, IDENTITY)
    extremes: dict[float, list[float]] = {}
    for sh in flat:
        st = getattr(sh, "style", None)
        p = st.width / 2 if st is not None and st.stroke else 0.0
        extent = outline_extent(sh)
        if extent is None:
            continue
        # min and max keep the first of equal values, point by point or list by list alike
        x0, y0, x1, y1 = extent
        e = extremes.get(p)
        if e is None:
            extremes[p] = [x0, y0, x1, y1]
        else:
            e[0], e[1], e[2], e[3] = min(e[0], x0), min(e[1], y0), max(e[2], x1), max(e[3], y1)
    if not extremes:
        raise ValueError("empty drawing")
    boxes = list(extremes.values())           # the geometry's bounds: `bounds(flat, strokes=False)`
    geometry = (min(e[0] for e in boxes), min(e[1] for e in boxes), max(e[2] for e in boxes), max(e[3] for e in boxes))
    return Measured(tuple(flat), tuple((p, tuple(e)) for p, e in extremes.items()), geometry)


@cached(512)
def measured(name: str, opts: tuple) -> Measured:
    """Drawing `name` with `opts` (sorted (key, value) pairs) drawn and measured once."""
    return measure(drawing(name).fn(**dict(opts)))


def fit(shapes: Sequence[Shape] | Measured, w: float, h: float) -> tuple[Shape, ...]:
    """The design-unit drawing scaled to fit the box (0,0)-(w,h) mm, aspect kept, centred.

    The ink is fitted, strokes included: each sampled point carries its shape's half stroke
    width, which scales by `stroke_factor` on top of the drawing's scale, so the scale is settled
    by a few rounds of fixed-point iteration."""
    if not (w > 0 and h > 0):
        raise ValueError(f"drawing box must have a positive size, got {w} x {h} mm")
    m = shapes if isinstance(shapes, Measured) else measure(shapes)
    extremes = m.extremes

    def box(s: float) -> tuple[float, float, float, float]:
        """Bounds in mm (before the offset) at scale s."""
        k = s * stroke_factor(s)
        pads = [(max(p * k, MIN_WIDTH / 2) if p else 0.0, e) for p, e in extremes]
        return (min(e[0] * s - q for q, e in pads), min(e[1] * s - q for q, e in pads),
                max(e[2] * s + q for q, e in pads), max(e[3] * s + q for q, e in pads))

    gx0, gy0, gx1, gy1 = m.geometry
    s = min(w / max(gx1 - gx0, 1e-9), h / max(gy1 - gy0, 1e-9))
    for _ in range(30):
        x0, y0, x1, y1 = box(s)
        r = min(w / (x1 - x0), h / (y1 - y0))
        s *= r
        if abs(r - 1) < 1e-6:
            break
    s *= 0.9995
    x0, y0, x1, y1 = box(s)
    ox, oy = (w - (x1 - x0)) / 2 - x0, (h - (y1 - y0)) / 2 - y0
    out = transform(m.flat, (s, 0.0, 0.0, s, ox, oy), width_k=s * stroke_factor(s))
    return tuple(_floor_width(x) for x in out)


def _floor_width(s: Shape) -> Shape:
    st = getattr(s, "style", None)
    if st is not None and st.stroke and st.width < MIN_WIDTH:
        return replace(s, style=replace(st, width=MIN_WIDTH))
    return s
