"""Path notation and outline geometry for drawings in design units (re-exported by
generator.art._core): SVG-like path strings, mirrored halves, polygons, stars, bands, rings."""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from pnpkit.generator.art._style import DETAIL, ink
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import Path, Polygon, Style, ellipse_ops

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


@cached(8)
def bernstein_weights(n: int) -> tuple[tuple[float, float, float, float], ...]:
    """The Bernstein weights of n + 1 evenly spaced points on a cubic: a curve is sampled by a
    few multiplications per point (the same products, in the same order, as computing the weights
    on every curve, so the same floats)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3))
    return tuple(out)


def bezier_points(p0, p1, p2, p3, n: int = 12) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
    return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)
            for a, b, c, d in bernstein_weights(n)]


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
            pts.extend(list(bezier_points(pts[-1], (op[1], op[2]), (op[3], op[4]), (op[5], op[6]), n))[1:])
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
