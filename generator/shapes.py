"""Drawing commands: the vector shapes and text every piece is made of, in millimetres.

A piece is drawn once, as a list of these values, with its origin at its top-left corner and y
growing downwards (as on the page a person holds). Backends (PDF, SVG) walk the same list; a shape
never knows which backend draws it. One small class per drawing command, as Squib does.

Units: lengths in mm, font sizes in points (what a person means by "9 pt text"), angles in
degrees clockwise (as seen on the page).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Union

MM_PER_PT = 25.4 / 72.0


@dataclass(frozen=True)
class Style:
    """How a shape is painted. `fill`/`stroke` are "#rrggbb" or None (not painted)."""

    fill: str | None = None
    stroke: str | None = "#000000"
    width: float = 0.25  # stroke width, mm
    dash: tuple[float, ...] = ()  # mm on, mm off, ...
    opacity: float = 1.0  # fill opacity
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel
    evenodd: bool = False  # fill rule: even-odd (a designer's SVG may ask for it) instead of non-zero
    ground: bool = False  # a piece's background, which meets the cut: --ink-saver never outlines it

    def with_(self, **kw) -> "Style":
        return replace(self, **kw)


NONE = Style(fill=None, stroke=None)
LINE = Style()


def fill(color: str, stroke: str | None = None, width: float = 0.25) -> Style:
    return Style(fill=color, stroke=stroke, width=width)


def ground(color: str) -> Style:
    """The style of a piece's background: a fill that runs to the cut (or past it, as bleed).
    --ink-saver lightens it but never outlines it: an outline there would sit on the cut line."""
    return Style(fill=color, stroke=None, ground=True)


def stroke(color: str = "#000000", width: float = 0.25, dash: tuple[float, ...] = ()) -> Style:
    return Style(fill=None, stroke=color, width=width, dash=dash)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = LINE
    r: float = 0.0  # corner radius, mm


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = LINE


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style = LINE


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = LINE


@dataclass(frozen=True)
class Polygon:
    """A polyline; closed (and fillable) unless `closed=False`."""

    points: tuple[tuple[float, float], ...]
    style: Style = LINE
    closed: bool = True


@dataclass(frozen=True)
class Path:
    """SVG-like path: ops are ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[tuple, ...]
    style: Style = LINE


@dataclass(frozen=True)
class Text:
    """One line of text. (x, y) is the baseline point; `anchor` says which end of the line it is."""

    x: float
    y: float
    text: str
    size: float = 9.0  # pt
    font: str = "regular"  # a name from generator.fonts.FONTS
    color: str = "#000000"
    anchor: str = "start"  # start | middle | end
    rotate: float = 0.0  # degrees clockwise about (x, y)


@dataclass(frozen=True)
class Group:
    """Shapes drawn in a moved, turned and scaled frame: translate, then rotate, then scale.

    `clip` (x, y, w, h in the group's own frame) hides what falls outside it: a board split over
    pages is the same drawing clipped to each part.

    `place` names what the group draws in the game's own words (a region, a space, a piece: the
    names a game's `places` gives its moves), so a page can let a person tap it: the SVG backend
    writes it as `data-place`; paper has nothing to tap, and the PDF backend ignores it.
    """

    items: tuple["Shape", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None
    place: str = ""


@dataclass(frozen=True)
class Image:
    """A raster picture (a designer's PNG or JPEG, or one inside their SVG) stretched over the box
    (x, y, w, h). `png` is the picture as PNG bytes, already checked and bounded when it was read
    (generator/pictures); backends embed it once however often it is placed."""

    x: float
    y: float
    w: float
    h: float
    png: bytes = field(repr=False)
    opacity: float = 1.0  # faint region art and --ink-saver draw it lighter
    # A colour-key mask (PDF's /Mask [min max ...]): pixels whose every channel lies in its range are
    # not painted. The one transparency PDF/X-1a allows (generator/export/pdfx.py); () for none.
    key: tuple[int, ...] = ()


Shape = Union[Rect, Circle, Ellipse, Line, Polygon, Path, Text, Group, Image]


def evolve(s, **changes):
    """`dataclasses.replace(s, **changes)` for a shape or a Style, without replace's work on
    every call (reading the fields, calling __init__): these values have no __post_init__ and no
    slots, so copying their fields is the same value. Text layout moves thousands of them."""
    new = object.__new__(type(s))
    new.__dict__.update(s.__dict__, **changes)
    return new


def group(items: Iterable[Shape], dx: float = 0.0, dy: float = 0.0, rotate: float = 0.0,
          scale: float = 1.0, clip: tuple[float, float, float, float] | None = None) -> Group:
    return Group(tuple(items), dx, dy, rotate, scale, clip)


KAPPA = 0.5522847498  # Bezier control distance for a quarter circle of radius 1


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """An ellipse as Path ops: four Bezier quarters (ry < 0 runs it the other way round)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",))


def rect_ops(x: float, y: float, w: float, h: float, r: float = 0.0) -> tuple[tuple, ...]:
    """A rectangle, its corners rounded by `r` (clamped to half a side), as Path ops."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    k = r * (1 - KAPPA)
    return (("M", x + r, y), ("L", x + w - r, y), ("C", x + w - k, y, x + w, y + k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + k, y + h, x, y + h - k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",))


def pt(mm: float) -> float:
    """mm -> PostScript points."""
    return mm / MM_PER_PT


def mm(points: float) -> float:
    """PostScript points -> mm."""
    return points * MM_PER_PT
