"""A Carcassonne tile drawn from its data (kitfile.tileset), as the tile key prints it and the
replay lays it on the map.

The picture is made from the same parts the scorer reads: each city part is a walled shape over
the sides it reaches, each road and the river a band between its sides (a road that ends stops at
the junction, the monastery, the city wall or the river), a bridge where a road crosses the river,
the monastery and the shield. So a tile drawn wrong is tile data written wrong, and both show in
the key. Colour never carries the meaning alone: walls are outlined, roads have a dashed middle,
the river carries ripples, and it reads in greyscale and under --ink-saver.
"""
from __future__ import annotations

import math
from dataclasses import replace

from pnpkit.generator.shapes import Circle, Group, Path, Polygon, Rect, Shape, Style, ellipse_ops
from pnpkit.kitfile.tileset import TileType

FIELD = "#cfe3a4"
CITY, WALL = "#dcb98f", "#7a4a24"
ROAD, ROAD_EDGE = "#fbf6ea", "#6d655b"
WATER, WATER_EDGE = "#8cc2e6", "#2f6f9f"
INK = "#1a1a1a"

_MID = {0: (0.5, 0.0), 1: (1.0, 0.5), 2: (0.5, 1.0), 3: (0.0, 0.5)}   # side midpoints, unit square, y down
_OUT = {0: (0.0, -1.0), 1: (1.0, 0.0), 2: (0.0, 1.0), 3: (-1.0, 0.0)}


def draw(t: TileType, s: float, quarters: int = 0, outline: bool = True) -> tuple[Shape, ...]:
    """The tile `s` mm square at (0, 0), turned `quarters` quarter turns clockwise."""
    shapes: list[Shape] = [Rect(0, 0, 1, 1, Style(fill=FIELD, stroke=None))]
    cities = [f for f in t.features if f.kind == "city"]
    for f in cities:
        shapes.append(_city(f.sides()))
    shapes += _river(t)
    roads = [f for f in t.features if f.kind == "road"]
    junction = sum(len(f.sides()) == 1 for f in roads) >= 3
    stop = _monastery_at(t) if t.spec.monastery else None
    for f in roads:
        shapes += _road(f.sides(), t, junction, stop)
    if junction:
        shapes.append(Rect(0.43, 0.43, 0.14, 0.14, Style(fill="#8c8378", stroke=INK, width=0.02)))
    if t.spec.bridge:
        shapes += _bridge(t)
    if stop is not None:
        shapes += _monastery(*stop)
    if t.spec.shield and cities:
        shapes += _shield(*_inside(cities[0].sides()))
    inner: Shape = Group(tuple(_mm(x, s) for x in shapes))   # in mm, so --ink-saver's outlines are thin
    if quarters:                                 # about the tile's middle
        inner = Group((Group((inner,), dx=-s / 2, dy=-s / 2),), dx=s / 2, dy=s / 2, rotate=90 * quarters)
    out: list[Shape] = [inner]
    if outline:
        out.append(Rect(0, 0, s, s, Style(fill=None, stroke="#5b5249", width=0.3)))
    return tuple(out)


def _wall(width: float = 0.025) -> Style:
    return Style(fill=CITY, stroke=WALL, width=width, join="round")


def _city(sides: list[int]) -> Shape:
    """A city part over its sides: a cap, a band across, a corner, all but one side, or all. Each
    is drawn for one position and turned into place."""
    n = len(sides)
    if n == 4:
        return Rect(0, 0, 1, 1, _wall())
    if n == 1:                                   # a cap on the north side
        ops, q = [("M", 0, 0), ("L", 1, 0), ("C", 0.78, 0.36, 0.22, 0.36, 0, 0), ("Z",)], sides[0]
    elif n == 3:                                 # open to the south
        free = next(s for s in range(4) if s not in sides)
        ops = [("M", 0, 1), ("L", 0, 0), ("L", 1, 0), ("L", 1, 1), ("C", 0.68, 0.64, 0.32, 0.64, 0, 1), ("Z",)]
        q = (free - 2) % 4
    elif (sides[0] - sides[1]) % 2 == 0:         # across, west to east
        ops = [("M", 0, 0), ("C", 0.36, 0.3, 0.64, 0.3, 1, 0), ("L", 1, 1), ("C", 0.64, 0.7, 0.36, 0.7, 0, 1), ("Z",)]
        q = 0 if sides[0] % 2 else 1
    else:                                        # the north-east corner
        a, b = sorted(sides)
        ops = [("M", 0, 0), ("L", 1, 0), ("L", 1, 1), ("C", 0.56, 0.86, 0.14, 0.44, 0, 0), ("Z",)]
        q = a if b - a == 1 else b
    return _rot_path(ops, q)


def _rot(x: float, y: float, quarters: int) -> tuple[float, float]:
    for _ in range(quarters % 4):
        x, y = 1 - y, x
    return x, y


def _rot_path(ops, quarters: int) -> Path:
    out = []
    for op in ops:
        if op[0] == "Z":
            out.append(op)
            continue
        nums = op[1:]
        pts = [_rot(nums[i], nums[i + 1], quarters) for i in range(0, len(nums), 2)]
        out.append((op[0], *[v for p in pts for v in p]))
    return Path(tuple(out), _wall())


def _centre(sides: list[int], end: tuple[float, float] | None, n: int = 16) -> list[tuple[float, float]]:
    """A band's middle line as points: between two sides (straight, or bending through the middle
    as a cubic), or from one side to `end`."""
    a = _MID[sides[0]]
    if len(sides) == 1:
        return [a, end or (0.5, 0.5)]
    b = _MID[sides[1]]
    if (sides[0] - sides[1]) % 2 == 0:
        return [a, b]
    ca = (a[0] + (0.5 - a[0]) * 0.55, a[1] + (0.5 - a[1]) * 0.55)
    cb = (b[0] + (0.5 - b[0]) * 0.55, b[1] + (0.5 - b[1]) * 0.55)
    out = []
    for k in range(n + 1):
        u = k / n
        w = ((1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3)
        out.append((w[0] * a[0] + w[1] * ca[0] + w[2] * cb[0] + w[3] * b[0],
                    w[0] * a[1] + w[1] * ca[1] + w[2] * cb[1] + w[3] * b[1]))
    return out


def _band(line: list[tuple[float, float]], width: float, style: Style) -> Polygon:
    """A band `width` wide along a line of points: an outlined shape (so --ink-saver keeps it pale
    with a dark edge, where a thick line would print solid)."""
    left, right = [], []
    ends = {m: side for side, m in _MID.items()}
    for k, (x, y) in enumerate(line):
        (x0, y0), (x1, y1) = line[max(k - 1, 0)], line[min(k + 1, len(line) - 1)]
        if (k == 0 or k == len(line) - 1) and (x, y) in ends:     # square to the side it meets
            ox, oy = _OUT[ends[(x, y)]]
            x0, y0, x1, y1 = (0.0, 0.0, -ox, -oy) if k == 0 else (0.0, 0.0, ox, oy)
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / d * width / 2, (x1 - x0) / d * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return Polygon(tuple(left + right[::-1]), style)


def _river(t: TileType) -> list[Shape]:
    if not t.river:
        return []
    line = _centre(list(t.river), None)
    out: list[Shape] = [_band(line, 0.17, Style(fill=WATER, stroke=WATER_EDGE, width=0.02, join="round")),
                        Polygon(tuple(line), Style(stroke="#ffffff", width=0.012, dash=(0.05, 0.09), cap="round"),
                                closed=False)]
    if t.spec.end == "spring":
        out += [Circle(0.5, 0.5, 0.12, Style(fill=WATER, stroke=WATER_EDGE, width=0.02)),
                Circle(0.5, 0.5, 0.05, Style(fill="#ffffff", stroke=WATER_EDGE, width=0.012))]
    elif t.spec.end == "lake":
        out.append(Path(ellipse_ops(0.5, 0.52, 0.3, 0.2), Style(fill=WATER, stroke=WATER_EDGE, width=0.02)))
        out.append(Path((("M", 0.36, 0.5), ("C", 0.42, 0.46, 0.48, 0.54, 0.54, 0.5), ("C", 0.6, 0.46, 0.64, 0.52, 0.66, 0.5)),
                        Style(stroke="#ffffff", width=0.015, cap="round")))
    return out


def _monastery_at(t: TileType) -> tuple[float, float]:
    """The monastery stands in the middle, or, beside the river, in the middle of its bank."""
    if not t.river:
        return 0.5, 0.5
    road = next((f.sides()[0] for f in t.features if f.kind == "road"), (t.river[0] + 1) % 4)
    dx, dy = _OUT[road]
    return 0.5 + 0.25 * dx, 0.5 + 0.25 * dy


def _road(sides: list[int], t: TileType, junction: bool, monastery) -> list[Shape]:
    end = None
    if len(sides) == 1:
        s = sides[0]
        dx, dy = _OUT[s]
        if monastery is not None:
            end = monastery
        elif junction:
            end = (0.5, 0.5)
        elif t.river:                           # it ends on the bank
            end = (0.5 + 0.14 * dx, 0.5 + 0.14 * dy)
        else:                                   # it ends at a city's wall
            end = (0.5 + 0.22 * dx, 0.5 + 0.22 * dy)
    line = _centre(sides, end)
    return [_band(line, 0.11, Style(fill=ROAD, stroke=ROAD_EDGE, width=0.018, join="round")),
            Polygon(tuple(line), Style(stroke="#9a9186", width=0.012, dash=(0.04, 0.04)), closed=False)]


def _bridge(t: TileType) -> list[Shape]:
    road = next(f for f in t.features if f.kind == "road")
    a, b = road.sides()
    ax, ay = _MID[a]
    bx, by = _MID[b]
    along = (bx - ax, by - ay)
    n = math.hypot(*along)
    ux, uy = along[0] / n, along[1] / n
    px, py = -uy, ux
    out: list[Shape] = []
    for side in (-1, 1):
        ox, oy = 0.5 + px * 0.075 * side, 0.5 + py * 0.075 * side
        out.append(Polygon(((ox - ux * 0.15, oy - uy * 0.15), (ox + ux * 0.15, oy + uy * 0.15)),
                           Style(stroke="#4a4038", width=0.03, cap="round"), closed=False))
    return out


def _mm(shape: Shape, s: float) -> Shape:
    """A shape drawn on the unit tile, at `s` mm: points and line widths times `s`."""
    st = shape.style
    style = replace(st, width=st.width * s, dash=tuple(d * s for d in st.dash))
    if isinstance(shape, Rect):
        return Rect(shape.x * s, shape.y * s, shape.w * s, shape.h * s, style, shape.r * s)
    if isinstance(shape, Circle):
        return Circle(shape.cx * s, shape.cy * s, shape.r * s, style)
    if isinstance(shape, Polygon):
        return Polygon(tuple((x * s, y * s) for x, y in shape.points), style, shape.closed)
    assert isinstance(shape, Path)
    return Path(tuple(op if op[0] == "Z" else (op[0], *(v * s for v in op[1:])) for op in shape.ops), style)


def _monastery(cx: float, cy: float) -> list[Shape]:
    w, h = 0.2, 0.15
    x, y = cx - w / 2, cy - h / 2 + 0.03
    body = Style(fill="#e9dcc7", stroke=INK, width=0.018, join="round")
    return [Rect(x, y, w, h, body),
            Polygon(((x - 0.02, y), (cx, y - 0.09), (x + w + 0.02, y)), Style(fill="#b5654a", stroke=INK, width=0.018,
                                                                             join="round")),
            Rect(cx - 0.025, y + h - 0.075, 0.05, 0.075, Style(fill="#5b4636", stroke=None)),
            Polygon(((cx, y - 0.09), (cx, y - 0.16)), Style(stroke=INK, width=0.018), closed=False),
            Polygon(((cx - 0.025, y - 0.135), (cx + 0.025, y - 0.135)), Style(stroke=INK, width=0.018), closed=False)]


def _inside(sides: list[int]) -> tuple[float, float]:
    """A point well inside a city part, for its shield."""
    dx = sum(_OUT[s][0] for s in sides)
    dy = sum(_OUT[s][1] for s in sides)
    if len(sides) == 2 and dx == dy == 0:
        return 0.22 if sides[0] % 2 else 0.5, 0.5 if sides[0] % 2 else 0.22
    k = 0.3 if len(sides) < 3 else 0.22
    return 0.5 + k * max(-1, min(1, dx)), 0.5 + k * max(-1, min(1, dy))


def _shield(cx: float, cy: float) -> list[Shape]:
    w, h = 0.15, 0.17
    x, y = cx - w / 2, cy - h / 2
    ops = (("M", x, y), ("L", x + w, y), ("L", x + w, y + h * 0.5), ("C", x + w, y + h * 0.85, cx, y + h, cx, y + h),
           ("C", cx, y + h, x, y + h * 0.85, x, y + h * 0.5), ("Z",))
    return [Path(ops, Style(fill="#ffffff", stroke="#1d3f8f", width=0.02, join="round")),
            Path((("M", cx, y), ("L", x + w, y), ("L", x + w, y + h * 0.5), ("C", x + w, y + h * 0.85, cx, y + h, cx, y + h),
                  ("Z",)), Style(fill="#2f5fbf", stroke=None))]

