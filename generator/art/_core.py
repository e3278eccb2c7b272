"""The machinery every drawing shares: the registry, path notation, transforms and the fit.

A drawing is written once in its own design units (most in a 100 x 100 box, y down) as plain
shapes; `fit` scales it into the box a piece asks for. Strokes do not scale quite linearly: a
small drawing keeps relatively bolder outlines (a 4 mm mark stays legible) and a big one does not
turn heavy. Drawings return only primitive shapes (no Group), already placed in mm, so a backend
needs nothing special to draw them.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from generator.colour import mix, rgb
from generator.shapes import (
    Circle,
    Ellipse,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
    ellipse_ops,
    rect_ops,
)

# The ink every outline is drawn with: near-black, warm, so it reads in greyscale and survives an
# ink-saver transform (fills mixed toward white, strokes kept).
INK = "#1f1915"
OUTLINE = 3.2  # design units (of a 100-unit drawing): the main silhouette
DETAIL = 2.0  # inner lines

Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e; y' = b x + d y + f
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


# ----------------------------------------------------------------------------- styles, colours
def ink(fill: str | None, width: float = OUTLINE, stroke: str | None = INK, **kw) -> Style:
    """A filled shape with a dark outline (round joins: drawings, not diagrams)."""
    return Style(fill=fill, stroke=stroke, width=width, join="round", cap="round", **kw)


def line(color: str = INK, width: float = DETAIL, **kw) -> Style:
    return Style(fill=None, stroke=color, width=width, join="round", cap="round", **kw)


def solid(fill: str) -> Style:
    return Style(fill=fill, stroke=None, width=0.0)


def _rgb(c: str) -> tuple[int, int, int]:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", c or ""):
        raise ValueError(f'colour must be "#rrggbb", got {c!r}')
    return rgb(c)


def lighter(c: str, t: float = 0.4) -> str:
    return mix(c, "#ffffff", t)


def darker(c: str, t: float = 0.4) -> str:
    return mix(c, "#000000", t)


def colour(opts: dict, default: str) -> str:
    c = opts.get("color") or default
    _rgb(c)
    return c.lower()


# ----------------------------------------------------------------------------- path notation
_TOKEN = re.compile(r"[MLCQZHVmlcqzhv]|-?\d*\.?\d+(?:e-?\d+)?")


def P(d: str, style: Style) -> Path:
    """A Path from SVG-like notation: absolute M L H V C Q Z (Q is turned into C)."""
    return Path(ops(d), style)


def ops(d: str) -> tuple[tuple, ...]:
    toks = _TOKEN.findall(d)
    out: list[tuple] = []
    i, cmd = 0, None
    x = y = sx = sy = 0.0

    def num() -> float:
        nonlocal i
        v = float(toks[i])
        i += 1
        return v

    while i < len(toks):
        t = toks[i]
        if t.isalpha():
            cmd = t.upper()
            i += 1
            if cmd == "Z":
                out.append(("Z",))
                x, y = sx, sy
                continue
        if cmd == "M":
            x, y = num(), num()
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "L"
        elif cmd == "L":
            x, y = num(), num()
            out.append(("L", x, y))
        elif cmd == "H":
            x = num()
            out.append(("L", x, y))
        elif cmd == "V":
            y = num()
            out.append(("L", x, y))
        elif cmd == "C":
            c = [num() for _ in range(6)]
            out.append(("C", *c))
            x, y = c[4], c[5]
        elif cmd == "Q":
            qx, qy, ex, ey = (num() for _ in range(4))
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
        else:
            raise ValueError(f"bad path {d!r}")
    return tuple(out)


def sym(d: str, style: Style, cx: float = 50.0) -> Path:
    """A shape symmetric about x = cx from its right half: `d` runs from a point on the axis
    down the right side to another point on the axis; the left side is its mirror, walked back."""
    half = ops(d)
    pts: list[tuple[float, float]] = []
    segs: list[tuple] = []
    for op in half:
        if op[0] == "M":
            pts.append((op[1], op[2]))
        elif op[0] == "L":
            segs.append(("L", pts[-1], (op[1], op[2])))
            pts.append((op[1], op[2]))
        elif op[0] == "C":
            segs.append(("C", pts[-1], (op[1], op[2]), (op[3], op[4]), (op[5], op[6])))
            pts.append((op[5], op[6]))
    m = lambda p: (2 * cx - p[0], p[1])
    out = list(half)
    for s in reversed(segs):
        if s[0] == "L":
            out.append(("L", *m(s[1])))
        else:
            _, p0, c1, c2, _p1 = s
            out.append(("C", *m(c2), *m(c1), *m(p0)))
    out.append(("Z",))
    return Path(tuple(out), style)


def poly(points: Iterable[tuple[float, float]], style: Style, closed: bool = True) -> Polygon:
    return Polygon(tuple((float(x), float(y)) for x, y in points), style, closed)


def regular(cx: float, cy: float, r: float, n: int, start: float = -90.0) -> list[tuple[float, float]]:
    """The corners of a regular n-gon; `start` is the first corner's angle (degrees, y down)."""
    return [(cx + r * math.cos(math.radians(start + 360 * k / n)),
             cy + r * math.sin(math.radians(start + 360 * k / n))) for k in range(n)]


def star_points(cx: float, cy: float, r: float, inner: float, n: int = 5,
                start: float = -90.0) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        rr = r if k % 2 == 0 else inner
        a = math.radians(start + 180 * k / n)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def ribbon(d: str, width: float, fill: str, edge: float = DETAIL) -> list[Polygon]:
    """A band along a path (a hose, a wisp, a handle) as one filled outline with a dark edge, not
    a coloured stroke over a dark one: under --ink-saver its fill turns pale and its edge stays
    dark, where a stroked band would turn solid dark."""
    return [poly(band_points(polyline(ops(d)), width / 2 + edge / 2), ink(fill, width=edge))]


def polyline(o: Sequence[tuple], n: int = 12) -> list[tuple[float, float]]:
    """A path's first subpath as points (curves sampled)."""
    pts: list[tuple[float, float]] = []
    for op in o:
        if op[0] == "M":
            if pts:
                break
            pts.append((op[1], op[2]))
        elif op[0] == "L":
            pts.append((op[1], op[2]))
        elif op[0] == "C":
            pts.extend(list(_bezier(pts[-1], (op[1], op[2]), (op[3], op[4]), (op[5], op[6]), n))[1:])
    out = [pts[0]]
    for p in pts[1:]:
        if math.dist(p, out[-1]) > 1e-6:
            out.append(p)
    return out


def band_points(pts: Sequence[tuple[float, float]], r: float, cap: int = 8) -> list[tuple[float, float]]:
    """The outline of a polyline thickened to half-width r, with round ends and mitred bends."""
    def normal(p, q):
        dx, dy = q[0] - p[0], q[1] - p[1]
        ln = math.hypot(dx, dy)
        return -dy / ln, dx / ln

    segs = [normal(p, q) for p, q in zip(pts, pts[1:])]
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, p in enumerate(pts):
        if i == 0:
            nx, ny = segs[0]
        elif i == len(pts) - 1:
            nx, ny = segs[-1]
        else:
            ax, ay = segs[i - 1]
            bx, by = segs[i]
            mx, my = ax + bx, ay + by
            ml = math.hypot(mx, my)
            if ml < 1e-6:
                nx, ny = ax, ay
            else:
                k = min(1 / max((mx / ml) * ax + (my / ml) * ay, 1e-6), 2.5)
                nx, ny = mx / ml * k, my / ml * k
        left.append((p[0] + nx * r, p[1] + ny * r))
        right.append((p[0] - nx * r, p[1] - ny * r))

    def arc(c, n, flip):
        a0 = math.atan2(n[1], n[0])
        return [(c[0] + r * math.cos(a0 + flip * math.pi * j / cap),
                 c[1] + r * math.sin(a0 + flip * math.pi * j / cap)) for j in range(1, cap)]

    end = arc(pts[-1], segs[-1], -1)
    start = arc(pts[0], (-segs[0][0], -segs[0][1]), -1)
    return left + end + right[::-1] + start


def inset(pts: Sequence[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """A simple polygon's outline moved inward by d (edges offset, corners mitred)."""
    n = len(pts)
    area = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    sgn = 1.0 if area > 0 else -1.0
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        ln = math.hypot(x2 - x1, y2 - y1)
        nx, ny = -(y2 - y1) / ln * sgn, (x2 - x1) / ln * sgn  # points inward
        lines.append(((x1 + nx * d, y1 + ny * d), (x2 - x1, y2 - y1)))
    out = []
    for i in range(n):
        (p, r), (q, s) = lines[i - 1], lines[i]
        den = r[0] * s[1] - r[1] * s[0]
        t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / den
        out.append((p[0] + t * r[0], p[1] + t * r[1]))
    return out


def holed(outer: Sequence[tuple[float, float]], inner: Sequence[tuple[float, float]], style: Style) -> Path:
    """A filled outline with a hole (the inner outline walked the other way, for nonzero fill)."""
    def area(p):
        return sum(p[i][0] * p[(i + 1) % len(p)][1] - p[(i + 1) % len(p)][0] * p[i][1] for i in range(len(p)))
    inner = list(inner)
    if (area(outer) > 0) == (area(inner) > 0):
        inner = inner[::-1]
    o: list[tuple] = [("M", *outer[0]), *(("L", *p) for p in outer[1:]), ("Z",),
                      ("M", *inner[0]), *(("L", *p) for p in inner[1:]), ("Z",)]
    return Path(tuple(o), style)


def ring(cx: float, cy: float, r_out: float, r_in: float, style: Style) -> Path:
    """An annulus: a filled band between two circles (nonzero fill: the inner one reversed)."""
    return Path(ellipse_ops(cx, cy, r_out, r_out) + ellipse_ops(cx, cy, r_in, -r_in), style)


# ----------------------------------------------------------------------------- transforms
def compose(outer: Affine, inner: Affine) -> Affine:
    a, b, c, d, e, f = outer
    A, B, C, D, E, F = inner
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
            a * E + c * F + e, b * E + d * F + f)


def rotation(deg: float, cx: float = 0.0, cy: float = 0.0) -> Affine:
    t = math.radians(deg)
    co, si = math.cos(t), math.sin(t)
    return (co, si, -si, co, cx - co * cx + si * cy, cy - si * cx - co * cy)


def moved(dx: float, dy: float) -> Affine:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scaled(s: float, cx: float = 0.0, cy: float = 0.0, sy: float | None = None) -> Affine:
    sy = s if sy is None else sy
    return (s, 0.0, 0.0, sy, cx - s * cx, cy - sy * cy)


def mirrored_x(cx: float) -> Affine:
    return (-1.0, 0.0, 0.0, 1.0, 2 * cx, 0.0)


def _apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def as_path(s: Shape) -> Path | Shape:
    if isinstance(s, Circle):
        return Path(ellipse_ops(s.cx, s.cy, s.r, s.r), s.style)
    if isinstance(s, Ellipse):
        return Path(ellipse_ops(s.cx, s.cy, s.rx, s.ry), s.style)
    if isinstance(s, Rect):
        return Path(rect_ops(s.x, s.y, s.w, s.h, s.r), s.style)
    return s


def _restyle(st: Style, k: float) -> Style:
    if st.stroke is None or k == 1.0:
        return st
    return replace(st, width=st.width * k, dash=tuple(v * k for v in st.dash))


def transform(shapes: Iterable[Shape], m: Affine, width_k: float | None = None) -> list[Shape]:
    """Shapes moved by the affine `m`; stroke widths scale by `width_k` (default: the linear
    scale of `m`). Groups are flattened; circles, ellipses and rectangles become paths when `m`
    turns or skews them."""
    a, b, c, d, e, f = m
    lin = math.sqrt(abs(a * d - b * c))
    wk = lin if width_k is None else width_k
    simple = abs(b) < 1e-12 and abs(c) < 1e-12 and a > 0 and abs(a - d) < 1e-12
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            g = compose(moved(s.dx, s.dy), compose(rotation(s.rotate), scaled(s.scale)))
            out.extend(transform(s.items, compose(m, g), None if width_k is None else width_k * s.scale))
            continue
        if not simple:
            s = as_path(s)
        st = getattr(s, "style", None)
        if isinstance(s, Rect):
            x, y = _apply(m, s.x, s.y)
            out.append(Rect(x, y, s.w * a, s.h * a, _restyle(st, wk), s.r * a))
        elif isinstance(s, Circle):
            x, y = _apply(m, s.cx, s.cy)
            out.append(Circle(x, y, s.r * a, _restyle(st, wk)))
        elif isinstance(s, Ellipse):
            x, y = _apply(m, s.cx, s.cy)
            out.append(Ellipse(x, y, s.rx * a, s.ry * a, _restyle(st, wk)))
        elif isinstance(s, Line):
            x1, y1 = _apply(m, s.x1, s.y1)
            x2, y2 = _apply(m, s.x2, s.y2)
            out.append(Line(x1, y1, x2, y2, _restyle(st, wk)))
        elif isinstance(s, Polygon):
            out.append(Polygon(tuple(_apply(m, x, y) for x, y in s.points), _restyle(st, wk), s.closed))
        elif isinstance(s, Path):
            new = []
            for op in s.ops:
                if op[0] == "Z":
                    new.append(op)
                else:
                    vals: list[float] = []
                    for i in range(1, len(op), 2):
                        vals.extend(_apply(m, op[i], op[i + 1]))
                    new.append((op[0], *vals))
            out.append(Path(tuple(new), _restyle(st, wk)))
        elif isinstance(s, Text):
            x, y = _apply(m, s.x, s.y)
            out.append(replace(s, x=x, y=y, size=s.size * lin))
        else:  # pragma: no cover - every Shape kind is handled above
            raise TypeError(f"not a shape: {s!r}")
    return out


# ----------------------------------------------------------------------------- bounds
def _bezier(p0, p1, p2, p3, n: int = 12):
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        yield (u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
               u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1])


def outline_points(s: Shape) -> list[tuple[float, float]]:
    """Points on a primitive's geometry (curves sampled), without its stroke."""
    s = as_path(s)
    if isinstance(s, Line):
        return [(s.x1, s.y1), (s.x2, s.y2)]
    if isinstance(s, Polygon):
        return list(s.points)
    if isinstance(s, Path):
        pts: list[tuple[float, float]] = []
        cur = (0.0, 0.0)
        for op in s.ops:
            if op[0] in ("M", "L"):
                cur = (op[1], op[2])
                pts.append(cur)
            elif op[0] == "C":
                pts.extend(_bezier(cur, (op[1], op[2]), (op[3], op[4]), (op[5], op[6])))
                cur = (op[5], op[6])
        return pts
    if isinstance(s, Text):
        return [(s.x, s.y)]
    raise TypeError(f"not a primitive shape: {s!r}")


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
    shapes = tuple(REGISTRY[name].fn(**dict(opts)))
    return shapes, bounds(shapes, strokes=strokes)


def bounds(shapes: Sequence[Shape], strokes: bool = True) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink, strokes included (half a width each side, mitres ignored:
    the drawings use round joins)."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for s in transform(shapes, IDENTITY):
        st = getattr(s, "style", None)
        pad = st.width / 2 if (strokes and st is not None and st.stroke) else 0.0
        for x, y in outline_points(s):
            x0, y0, x1, y1 = min(x0, x - pad), min(y0, y - pad), max(x1, x + pad), max(y1, y + pad)
    return x0, y0, x1, y1


# ----------------------------------------------------------------------------- registry and fit
@dataclass(frozen=True)
class Drawing:
    name: str
    fn: Callable[..., list[Shape]]
    opts: tuple[str, ...]  # the drawing's own options (besides color)
    doc: str


REGISTRY: dict[str, Drawing] = {}
COMMON = ("color",)


def art(name: str, *opts: str):
    """Register a drawing function (design units, returns shapes) under `name`."""
    def deco(fn):
        if name in REGISTRY:
            raise ValueError(f"drawing {name!r} registered twice")
        REGISTRY[name] = Drawing(name, fn, tuple(opts), (fn.__doc__ or "").strip())
        return fn
    return deco


REF_SCALE = 0.2  # design units -> mm at which stroke widths are exactly as designed (20 mm)
MIN_WIDTH = 0.1  # mm: thinner lines do not print reliably


def stroke_factor(s: float) -> float:
    """How much a stroke is thickened (small) or thinned (large) relative to plain scaling."""
    return min(2.2, max(0.7, (REF_SCALE / s) ** 0.3))


def fit(shapes: Sequence[Shape], w: float, h: float) -> tuple[Shape, ...]:
    """The design-unit drawing scaled to fit the box (0,0)-(w,h) mm, aspect kept, centred.

    The ink is fitted, strokes included: each sampled point carries its shape's half stroke
    width, which scales by `stroke_factor` on top of the drawing's scale, so the scale is settled
    by a few rounds of fixed-point iteration."""
    if not (w > 0 and h > 0):
        raise ValueError(f"drawing box must have a positive size, got {w} x {h} mm")
    flat = transform(shapes, IDENTITY)
    samples = []  # (x, y, half stroke width in design units)
    for sh in flat:
        st = getattr(sh, "style", None)
        pad = st.width / 2 if st is not None and st.stroke else 0.0
        samples += [(x, y, pad) for x, y in outline_points(sh)]
    if not samples:
        raise ValueError("empty drawing")
    # Only the extreme points of each stroke width can bound the ink (s > 0 keeps the order), so
    # the fixed-point rounds below look at a handful of points, not every sampled one.
    extremes: dict[float, list[float]] = {}
    for x, y, p in samples:
        e = extremes.get(p)
        if e is None:
            extremes[p] = [x, y, x, y]
        else:
            e[0], e[1], e[2], e[3] = min(e[0], x), min(e[1], y), max(e[2], x), max(e[3], y)

    def box(s: float) -> tuple[float, float, float, float]:
        """Bounds in mm (before the offset) at scale s."""
        k = s * stroke_factor(s)
        pads = [(max(p * k, MIN_WIDTH / 2) if p else 0.0, e) for p, e in extremes.items()]
        return (min(e[0] * s - q for q, e in pads), min(e[1] * s - q for q, e in pads),
                max(e[2] * s + q for q, e in pads), max(e[3] * s + q for q, e in pads))

    gx0, gy0, gx1, gy1 = bounds(flat, strokes=False)
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
    out = transform(flat, (s, 0.0, 0.0, s, ox, oy), width_k=s * stroke_factor(s))
    return tuple(_floor_width(x) for x in out)


def _floor_width(s: Shape) -> Shape:
    st = getattr(s, "style", None)
    if st is not None and st.stroke and st.width < MIN_WIDTH:
        return replace(s, style=replace(st, width=MIN_WIDTH))
    return s
