"""SVG backend (svgwrite): one SVG document per page, in millimetres (viewBox = the paper).

Same shapes as the PDF; groups become <g transform=...>, clips <clipPath> with ids numbered in
drawing order, numbers rounded to 0.001 mm, so the same page always gives the same text. Text names
its font family (DejaVu Sans / Lato, the files in fonts/); the PDF is the file that embeds them.
"""
from __future__ import annotations

import svgwrite

from generator.fonts import SVG_FAMILY
from generator.shapes import (
    MM_PER_PT,
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
)


def n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _style(st: Style) -> dict[str, str]:
    a = {"fill": st.fill or "none"}
    if st.fill and st.opacity != 1.0:
        a["fill-opacity"] = n(st.opacity)
    if st.stroke and st.width > 0:
        a["stroke"] = st.stroke
        a["stroke-width"] = n(st.width)
        if st.dash:
            a["stroke-dasharray"] = " ".join(n(d) for d in st.dash)
        if st.cap != "butt":
            a["stroke-linecap"] = st.cap
        if st.join != "miter":
            a["stroke-linejoin"] = st.join
    else:
        a["stroke"] = "none"
    return a


class _Page:
    def __init__(self, w: float, h: float):
        self.d = svgwrite.Drawing(size=(f"{n(w)}mm", f"{n(h)}mm"), viewBox=f"0 0 {n(w)} {n(h)}",
                                  profile="full", debug=False)
        self.clips = 0

    def add(self, parent, s: Shape) -> None:
        d = self.d
        t = type(s)
        if t is Group:
            tr = []
            if s.dx or s.dy:
                tr.append(f"translate({n(s.dx)} {n(s.dy)})")
            if s.rotate:
                tr.append(f"rotate({n(s.rotate)})")
            if s.scale != 1.0:
                tr.append(f"scale({n(s.scale)})")
            attrs = {}
            if tr:
                attrs["transform"] = " ".join(tr)
            if s.clip is not None:
                self.clips += 1
                cid = f"c{self.clips}"
                cp = d.defs.add(d.clipPath(id=cid))
                x, y, w, h = s.clip
                cp.add(d.rect(insert=(n(x), n(y)), size=(n(w), n(h))))
                attrs["clip-path"] = f"url(#{cid})"
            g = parent.add(d.g(**attrs))
            for item in s.items:
                self.add(g, item)
        elif t is Rect:
            extra = {"rx": n(s.r)} if s.r > 0 else {}
            parent.add(d.rect(insert=(n(s.x), n(s.y)), size=(n(s.w), n(s.h)), **extra, **_style(s.style)))
        elif t is Circle:
            parent.add(d.circle(center=(n(s.cx), n(s.cy)), r=n(s.r), **_style(s.style)))
        elif t is Ellipse:
            parent.add(d.ellipse(center=(n(s.cx), n(s.cy)), r=(n(s.rx), n(s.ry)), **_style(s.style)))
        elif t is Line:
            parent.add(d.line(start=(n(s.x1), n(s.y1)), end=(n(s.x2), n(s.y2)), **_style(s.style)))
        elif t is Polygon:
            pts = [(n(x), n(y)) for x, y in s.points]
            maker = d.polygon if s.closed else d.polyline
            st = _style(s.style) if s.closed else {**_style(s.style), "fill": "none"}
            parent.add(maker(points=pts, **st))
        elif t is Path:
            parts = []
            for op in s.ops:
                parts.append(op[0] + (" " + " ".join(n(v) for v in op[1:]) if len(op) > 1 else ""))
            parent.add(d.path(d=" ".join(parts), **_style(s.style)))
        elif t is Text:
            if not s.text:
                return
            fam, weight = SVG_FAMILY.get(s.font, ("DejaVu Sans", "normal"))
            attrs = {"font-family": fam, "font-size": n(s.size * MM_PER_PT), "fill": s.color}
            if weight != "normal":
                attrs["font-weight"] = weight
            if s.anchor != "start":
                attrs["text-anchor"] = s.anchor
            if s.rotate:
                attrs["transform"] = f"rotate({n(s.rotate)} {n(s.x)} {n(s.y)})"
            parent.add(d.text(s.text, insert=(n(s.x), n(s.y)), **attrs))
        else:
            raise TypeError(f"cannot draw {t.__name__}")


def render_page(shapes: tuple[Shape, ...], w: float, h: float, title: str = "") -> str:
    page = _Page(w, h)
    if title:
        page.d.set_desc(title=title)
    for s in shapes:
        page.add(page.d, s)
    return page.d.tostring()
