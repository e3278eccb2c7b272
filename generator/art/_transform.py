"""Transforms and bounds of a drawing's shapes (generator/art/_core.py re-exports them): an
affine map applied to every point (groups flattened, strokes scaled with the map or as the fit
asks), each shape's outline sampled, and the bounds of a drawing with or without its strokes.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from pnpkit.generator.art._paths import bezier_points, bernstein_weights
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import (
    Circle,
    Ellipse,
    Group,
    Image,
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

Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e; y' = b x + d y + f
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


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


def _mapped(path_ops: tuple[tuple, ...], m: Affine) -> tuple[tuple, ...]:
    """Path ops with every point mapped by `m` (what `_apply` computes, written out: drawings
    are mostly paths, and a kit places thousands of them)."""
    a, b, c, d, e, f = m
    new = []
    for op in path_ops:
        n = len(op)
        if n == 3:
            x, y = op[1], op[2]
            new.append((op[0], a * x + c * y + e, b * x + d * y + f))
        elif n == 7:
            _, x1, y1, x2, y2, x3, y3 = op
            new.append((op[0], a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x2 + c * y2 + e,
                        b * x2 + d * y2 + f, a * x3 + c * y3 + e, b * x3 + d * y3 + f))
        elif op[0] == "Z":
            new.append(op)
        else:
            vals: list[float] = []
            for i in range(1, n, 2):
                vals.extend(_apply(m, op[i], op[i + 1]))
            new.append((op[0], *vals))
    return tuple(new)


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
    return _scaled_style(st, k)


@cached(4096)
def _scaled_style(st: Style, k: float) -> Style:
    """A drawing's few styles at the scale of one placement: made once each (a placed drawing
    has hundreds of shapes and a handful of styles; `replace` is slow)."""
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
            out.append(Polygon(tuple([(a * x + c * y + e, b * x + d * y + f) for x, y in s.points]),
                               _restyle(st, wk), s.closed))
        elif isinstance(s, Path):
            out.append(Path(_mapped(s.ops, m), _restyle(st, wk)))
        elif isinstance(s, Text):
            x, y = _apply(m, s.x, s.y)
            out.append(replace(s, x=x, y=y, size=s.size * lin))
        elif isinstance(s, Image):  # a designer's picture stretched to its box: the box mapped
            x0, y0 = _apply(m, s.x, s.y)
            x1, y1 = _apply(m, s.x + s.w, s.y + s.h)
            out.append(replace(s, x=min(x0, x1), y=min(y0, y1), w=abs(x1 - x0), h=abs(y1 - y0)))
        else:  # pragma: no cover - every Shape kind is handled above
            raise TypeError(f"not a shape: {s!r}")
    return out


# ----------------------------------------------------------------------------- bounds
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
                pts.extend(bezier_points(cur, (op[1], op[2]), (op[3], op[4]), (op[5], op[6])))
                cur = (op[5], op[6])
        return pts
    if isinstance(s, Text):
        return [(s.x, s.y)]
    raise TypeError(f"not a primitive shape: {s!r}")


def outline_extent(s: Shape) -> tuple[float, float, float, float] | None:
    """(min x, min y, max x, max y) of outline_points(s), the very same floats, or None if it
    has no points."""
    xs, ys = outline_xy(s)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def outline_xy(s: Shape) -> tuple[list[float], list[float]]:
    """outline_points(s) as its x's and its y's: the same products in the same order, so the same
    floats, gathered per axis rather than made into a tuple per point to be taken apart again
    (measuring and fitting a NUTS kit's drawings samples some 2,600 curves)."""
    s = as_path(s)
    if isinstance(s, Path):
        xs: list[float] = []
        ys: list[float] = []
        cx = cy = 0.0
        weights = bernstein_weights(12)
        for op in s.ops:
            if op[0] in ("M", "L"):
                cx, cy = op[1], op[2]
                xs.append(cx)
                ys.append(cy)
            elif op[0] == "C":
                x1, y1, x2, y2, x3, y3 = op[1:7]
                xs += [a * cx + b * x1 + c * x2 + d * x3 for a, b, c, d in weights]
                ys += [a * cy + b * y1 + c * y2 + d * y3 for a, b, c, d in weights]
                cx, cy = x3, y3
        return xs, ys
    pts = outline_points(s)
    return [q[0] for q in pts], [q[1] for q in pts]


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
