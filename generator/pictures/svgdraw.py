"""A checked SVG, read by svglib, as pnpkit's own shapes: vector in the PDF and in the SVG pages.

svglib turns the SVG (its CSS, transforms, arcs, <use>, clip paths, text) into a reportlab
Drawing; this module walks that drawing once and writes it in generator.shapes' vocabulary, with
every transform applied to the points, in the picture's own units (points, y down, origin top
left). So a designer's picture goes through the same backends, the ink saver and the fading of
region art as everything pnpkit draws itself, and nothing of the stranger's file reaches the
output but paths, colours, text and checked pixels.

An embedded picture is decoded once per distinct picture (svgsafe lists them, raster.read_once
keeps them), however many `<use>` copies draw it: svglib only ever sees its size. Every number
that comes out is checked (MAX_DRAWN, after the transforms) before any backend writes it.

Approximations (docs/new-game.md says so): a gradient is filled with the average of its stops;
a clip path clips to its bounding box; text is set in pnpkit's embedded fonts (regular or bold).
"""
from __future__ import annotations

import logging
import math
from typing import Any

from dataclasses import dataclass

from pnpkit.generator.pictures import raster, svgsafe
from pnpkit.generator.pictures.limits import MAX_DRAWN, MAX_ELEMENTS, MAX_PIXELS, MAX_TEXT, PictureError
from pnpkit.generator.shapes import MM_PER_PT, Group, Image, Path, Shape, Style, Text, ellipse_ops, rect_ops

logging.getLogger("svglib").setLevel(logging.CRITICAL)  # its warnings are for its own callers, not ours
Matrix = tuple[float, float, float, float, float, float]
CAPS = {0: "butt", 1: "round", 2: "square"}
JOINS = {0: "miter", 1: "round", 2: "bevel"}


class _Fonts:
    """svglib's font lookup reads font files named by the SVG and runs fc-match; a stranger's SVG
    gets neither. Text only needs to say whether it is bold: pnpkit sets it in its own fonts."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        bold = str(weight).lower() in ("bold", "bolder", "600", "700", "800", "900")
        return ("Helvetica-Bold" if bold else "Helvetica"), True


@dataclass(frozen=True)
class Drawn:
    """An SVG drawn: its shapes in its own units, its size, the pixels per unit of its coarsest
    embedded picture (None if all vector), and what it costs the kit (budget.py)."""

    shapes: tuple[Shape, ...]
    w: float
    h: float
    density: float | None
    elements: int
    numbers: int
    pixels: tuple[tuple[str, int], ...]  # (key, pixels) of each distinct embedded picture


def read(raw: bytes) -> tuple[tuple[Shape, ...], float, float, float | None]:
    """(shapes, width, height, pixels per unit of its coarsest embedded picture or None)."""
    d = drawn(raw)
    return d.shapes, d.w, d.h, d.density


def drawn(raw: bytes) -> Drawn:
    """The checked SVG `raw`, drawn as pnpkit's shapes."""
    checked = svgsafe.check(raw)
    from svglib.svglib import SvgRenderer  # loaded when a kit has SVG art: it costs 0.1 s

    class Renderer(SvgRenderer):
        def xlink_href_target(self, node: Any, group: Any = None) -> Any:
            """An embedded picture as svgsafe found it (its size, not yet decoded); the rest as svglib."""
            href = node.attrib.get(svgsafe.XLINK) or node.attrib.get("href")
            found = checked.embedded.get(href) if href else None
            return found if found is not None else super().xlink_href_target(node, group)

    try:
        drawing = Renderer("", font_map=_Fonts()).render(checked.root)
    except PictureError:
        raise
    except MemoryError:  # the worker's limit, said as such (pnpkit/worker.py)
        raise
    except Exception as e:  # noqa: BLE001 - svglib on a stranger's file: one line, never a traceback
        raise PictureError(f"could not be drawn by svglib ({type(e).__name__}: {str(e)[:100]})") from None
    w, h = float(drawing.width), float(drawing.height)
    if not (math.isfinite(w) and math.isfinite(h)) or w <= 0 or h <= 0:
        raise PictureError("has no size: give the <svg> a width and height or a viewBox")
    walker = _Walker(h)
    walker.walk(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return Drawn(tuple(walker.out), w, h, walker.density, walker.count, walker.numbers, checked.pixels)


def _bounded(values: Any, what: str) -> None:
    """Every number of a shape within MAX_DRAWN (NaN fails too), so no backend meets one it
    cannot write."""
    for v in values:
        if not abs(v) <= MAX_DRAWN:
            raise PictureError(f"draws {what} at {v:.3g} once its transforms are applied: every number in a "
                               f"picture must be within {MAX_DRAWN:,.0f}")


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """n first, then m."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _hex(c: Any) -> tuple[str, float] | None:
    """A reportlab colour as ("#rrggbb", alpha), or None for no paint."""
    if c is None:
        return None
    try:
        r, g, b = c.rgb()
        alpha = float(getattr(c, "alpha", 1.0) or 0.0)
    except MemoryError:  # the worker's limit, said as such (pnpkit/worker.py)
        raise
    except Exception:  # noqa: BLE001
        return None
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(v * 255))) for v in (r, g, b)), alpha


class _Walker:
    def __init__(self, height: float):
        self.h = height
        self.out: list[Shape] = []
        self.stack: list[list[Shape]] = [self.out]
        self.count = 0
        self.numbers = 0
        self.density: float | None = None

    def pt(self, m: Matrix, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = m
        return a * x + c * y + e, self.h - (b * x + d * y + f)

    def add(self, shape: Shape) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise PictureError(f"draws more than {MAX_ELEMENTS:,} shapes")
        if isinstance(shape, Path):
            for op in shape.ops:
                _bounded(op[1:], "a shape")
                self.numbers += len(op) - 1
            _bounded((shape.style.width,), "a line's width")
        elif isinstance(shape, Text):
            _bounded((shape.x, shape.y), "text")
            _bounded((shape.size,), "text's size")
        elif isinstance(shape, Image):
            _bounded((shape.x, shape.y, shape.w, shape.h), "a picture")
        self.stack[-1].append(shape)

    def walk(self, node: Any, m: Matrix) -> None:
        kind = type(node).__name__
        if hasattr(node, "contents"):  # Drawing, Group
            gm = _mul(m, tuple(getattr(node, "transform", (1, 0, 0, 1, 0, 0))))
            items = list(node.contents)
            clip = next((i for i in items if getattr(i, "isClipPath", False)), None)
            if clip is not None:
                self.stack.append([])
                for item in items:
                    if item is not clip:
                        self.walk(item, gm)
                inner = self.stack.pop()
                x0, y0, x1, y1 = self._box(clip, gm)
                if inner:
                    self.stack[-1].append(Group(tuple(inner), clip=(x0, y0, x1 - x0, y1 - y0)))
                return
            for item in items:
                self.walk(item, gm)
        elif kind in ("LinearGradientShape", "RadialGradientShape"):
            self._gradient(node, m)
        elif kind == "String":
            self._text(node, m)
        elif kind == "Image":
            self._image(node, m)
        else:
            ops = self._ops(node, m)
            if ops:
                st = self._style(node, m)
                if st is not None:
                    self.add(Path(ops, st))

    # -- geometry ------------------------------------------------------------------------------
    def _ops(self, node: Any, m: Matrix) -> tuple[tuple, ...]:
        kind = type(node).__name__
        local: tuple[tuple, ...]
        if kind == "Rect":
            rx = float(getattr(node, "rx", 0) or 0)
            local = rect_ops(node.x, node.y, node.width, node.height, rx)
        elif kind == "Circle":
            local = ellipse_ops(node.cx, node.cy, node.r, node.r)
        elif kind == "Ellipse":
            local = ellipse_ops(node.cx, node.cy, node.rx, node.ry)
        elif kind == "Line":
            local = (("M", node.x1, node.y1), ("L", node.x2, node.y2))
        elif kind in ("PolyLine", "Polygon"):
            p = list(node.points)
            if len(p) < 4:
                return ()
            local = (("M", p[0], p[1]),) + tuple(("L", p[i], p[i + 1]) for i in range(2, len(p) - 1, 2))
            if kind == "Polygon":
                local += (("Z",),)
        elif hasattr(node, "operators") and hasattr(node, "points"):  # Path (and ArcPath)
            local = self._path(node)
        else:
            return ()
        out = []
        for op in local:
            if op[0] == "Z":
                out.append(op)
                continue
            vals: list[float] = []
            for i in range(1, len(op), 2):
                vals.extend(self.pt(m, op[i], op[i + 1]))
            out.append((op[0], *vals))
        return tuple(out)

    @staticmethod
    def _path(node: Any) -> tuple[tuple, ...]:
        pts, ops, i = list(node.points), [], 0
        for code in node.operators:
            if code == 0 and i + 1 < len(pts):
                ops.append(("M", pts[i], pts[i + 1]))
                i += 2
            elif code == 1 and i + 1 < len(pts):
                ops.append(("L", pts[i], pts[i + 1]))
                i += 2
            elif code == 2 and i + 5 < len(pts):
                ops.append(("C", *pts[i:i + 6]))
                i += 6
            elif code == 3:
                ops.append(("Z",))
        return tuple(ops)

    def _box(self, node: Any, m: Matrix) -> tuple[float, float, float, float]:
        pts = [(op[i], op[i + 1]) for op in self._ops(node, m) if op[0] != "Z" for i in range(1, len(op), 2)]
        if not pts:
            return 0.0, 0.0, 0.0, 0.0
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def _style(self, node: Any, m: Matrix) -> Style | None:
        fill = _hex(getattr(node, "fillColor", None))
        stroke = _hex(getattr(node, "strokeColor", None))
        if type(node).__name__ in ("Line", "PolyLine"):
            fill = None
        width = float(getattr(node, "strokeWidth", 1) or 0) * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        f_op = float(getattr(node, "fillOpacity", 1.0) if getattr(node, "fillOpacity", None) is not None else 1.0)
        s_op = float(getattr(node, "strokeOpacity", 1.0) if getattr(node, "strokeOpacity", None) is not None else 1.0)
        fill_c = fill[0] if fill and fill[1] * f_op > 0 else None
        stroke_c = stroke[0] if stroke and stroke[1] * s_op > 0 and width > 0 else None
        if fill_c is None and stroke_c is None:
            return None
        if stroke_c is not None and stroke[1] * s_op < 1:  # a see-through line: as light as it prints on paper
            from pnpkit.generator.colour import mix
            stroke_c = mix(stroke_c, "#ffffff", 1 - stroke[1] * s_op)
        scale = width / max(float(getattr(node, "strokeWidth", 1) or 1), 1e-9)
        dash: tuple[float, ...] = ()
        raw = getattr(node, "strokeDashArray", None)
        if raw and stroke_c is not None:
            flat = raw[1] if isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[1], (list, tuple)) else raw
            try:
                dash = tuple(abs(float(v)) * scale for v in flat)[:16]
            except (TypeError, ValueError):
                dash = ()
            if sum(dash) < max(self.h, 1.0) * 1e-3:  # dashes too fine to print (and slow to draw): solid
                dash = ()
        return Style(fill=fill_c, stroke=stroke_c, width=width if stroke_c else 0.0, dash=dash,
                     opacity=round(fill[1] * f_op, 4) if fill_c else 1.0,
                     cap=CAPS.get(getattr(node, "strokeLineCap", 0), "butt"),
                     join=JOINS.get(getattr(node, "strokeLineJoin", 0), "miter"),
                     evenodd=getattr(node, "fillMode", 1) == 0)

    # -- the rest ------------------------------------------------------------------------------
    def _gradient(self, node: Any, m: Matrix) -> None:
        """A gradient fill, printed as the average of its stops (pnpkit's shapes have no gradients)."""
        shape = getattr(node, "_clip_shape", None)
        stops = [_hex(c) for c in getattr(node, "_rl_colors", [])]
        stops = [s for s in stops if s]
        if shape is None or not stops:
            return
        from pnpkit.generator import colour
        rgb = [colour.rgb(c) for c, _ in stops]
        avg = "#%02x%02x%02x" % tuple(round(sum(v[i] for v in rgb) / len(rgb)) for i in range(3))
        ops = self._ops(shape, m)
        if ops:
            self.add(Path(ops, Style(fill=avg, stroke=None, evenodd=getattr(shape, "fillMode", 1) == 0)))

    def _text(self, node: Any, m: Matrix) -> None:
        text = str(getattr(node, "text", "") or "")[:MAX_TEXT]
        fill = _hex(getattr(node, "fillColor", None))
        if not text.strip() or fill is None:
            return
        x, y = self.pt(m, node.x, node.y)
        a, b, c, d, _, _ = m
        scale = math.sqrt(abs(a * d - b * c))
        angle = math.degrees(math.atan2(-b, a))  # clockwise on a page whose y runs down
        bold = "Bold" in str(getattr(node, "fontName", ""))
        size = float(getattr(node, "fontSize", 12) or 12) * scale / MM_PER_PT
        self.add(Text(x, y, text, size=size, font="bold" if bold else "regular", color=fill[0],
                      anchor=getattr(node, "textAnchor", "start") or "start", rotate=round(angle, 3)))

    def _image(self, node: Any, m: Matrix) -> None:
        """A picture embedded in the SVG (svglib has decoded the data: URI): kept as PNG pixels over
        the box its corners span."""
        img = getattr(node, "path", None)
        if not isinstance(img, svgsafe.Embedded):
            return  # a file reference: svgsafe refused those already
        pw, ph = img.size
        if pw * ph > MAX_PIXELS:
            raise PictureError(f"holds an embedded picture of {pw} x {ph} pixels: at most {MAX_PIXELS:,}")
        png = raster.read_once(img.key, img.raw)[0]  # decoded once, however many copies draw it
        corners = [self.pt(m, node.x, node.y), self.pt(m, node.x + node.width, node.y + node.height)]
        x0, x1 = sorted(p[0] for p in corners)
        y0, y1 = sorted(p[1] for p in corners)
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            return
        density = min(pw / (x1 - x0), ph / (y1 - y0))
        self.density = density if self.density is None else min(self.density, density)
        self.add(Image(x0, y0, x1 - x0, y1 - y0, png))
