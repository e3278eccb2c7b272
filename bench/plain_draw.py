"""The plain drawing program of bench/build.py's floors: a kit's shapes drawn with reportlab's
ordinary API, as a program written by hand would, in this process (`reportlab_alone`) or recorded
(`record_ops`) for bench/reportlab_draw.py to replay in a process of its own.

What a whole `pnpkit build KIT --paper P` draws with reportlab is two PDFs: the kit's pages, and
the score sheets to fill in on screen (the same sheets' shapes with a text field for each box).
So the recording holds both, and the replaying process writes both; the fields are made with
reportlab's own `acroForm.textfield`, what a reportlab program would use.
"""
from __future__ import annotations

import io
import marshal
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator import colour, fonts
from pnpkit.generator.shapes import (
    MM_PER_PT,
    Circle,
    Ellipse,
    Group,
    Line,
    Polygon,
    Rect,
    Text,
)
from pnpkit.generator.shapes import Path as PathShape

K = 1 / MM_PER_PT
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


class Plain:
    """Draws shapes with reportlab's ordinary API, units mm, y down (canvas flipped), setting the
    graphics state only when it changes, like a program written by hand."""

    def __init__(self, c: Canvas):
        self.c = c
        self.colours: dict[str, Color] = {}
        self.state: dict = {}
        self.saved: list[dict] = []

    def colour(self, hex_: str) -> Color:
        col = self.colours.get(hex_)
        if col is None:
            r, g, b = colour.rgb(hex_)
            col = self.colours[hex_] = Color(r / 255, g / 255, b / 255)
        return col

    def set(self, key: str, value, setter) -> None:
        if self.state.get(key, self) != value:
            setter(value)
            self.state[key] = value

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.state))

    def restore(self) -> None:
        self.c.restoreState()
        self.state = self.saved.pop()

    def style(self, st) -> tuple[int, int]:
        c = self.c
        if st.fill:
            self.set("fill", st.fill, lambda v: c.setFillColor(self.colour(v)))
            self.set("alpha", st.opacity, c.setFillAlpha)
        if st.stroke:
            self.set("stroke", st.stroke, lambda v: c.setStrokeColor(self.colour(v)))
            self.set("width", st.width, c.setLineWidth)
            self.set("dash", tuple(st.dash), lambda v: c.setDash(list(v)))
            self.set("cap", CAPS.get(st.cap, 0), c.setLineCap)
            self.set("join", JOINS.get(st.join, 0), c.setLineJoin)
        return (1 if st.fill else 0), (1 if st.stroke else 0)

    def draw(self, s) -> None:
        c = self.c
        t = type(s)
        if t is Group:
            self.save()
            c.translate(s.dx, s.dy)
            if s.rotate:
                c.rotate(s.rotate)
            if s.scale != 1:
                c.scale(s.scale, s.scale)
            if s.clip:
                p = c.beginPath()
                p.rect(*s.clip)
                c.clipPath(p, stroke=0, fill=0)
            for i in s.items:
                self.draw(i)
            self.restore()
        elif t is Rect:
            f, st = self.style(s.style)
            if s.r:
                c.roundRect(s.x, s.y, s.w, s.h, s.r, stroke=st, fill=f)
            else:
                c.rect(s.x, s.y, s.w, s.h, stroke=st, fill=f)
        elif t is Circle:
            f, st = self.style(s.style)
            c.circle(s.cx, s.cy, s.r, stroke=st, fill=f)
        elif t is Ellipse:
            f, st = self.style(s.style)
            c.ellipse(s.cx - s.rx, s.cy - s.ry, s.cx + s.rx, s.cy + s.ry, stroke=st, fill=f)
        elif t is Line:
            self.style(s.style)
            c.line(s.x1, s.y1, s.x2, s.y2)
        elif t is Polygon:
            f, st = self.style(s.style)
            p = c.beginPath()
            p.moveTo(*s.points[0])
            for pt in s.points[1:]:
                p.lineTo(*pt)
            if s.closed:
                p.close()
            c.drawPath(p, stroke=st, fill=f if s.closed else 0)
        elif t is PathShape:
            f, st = self.style(s.style)
            p = c.beginPath()
            for op in s.ops:
                if op[0] == "M":
                    p.moveTo(*op[1:])
                elif op[0] == "L":
                    p.lineTo(*op[1:])
                elif op[0] == "C":
                    p.curveTo(*op[1:])
                else:
                    p.close()
            c.drawPath(p, stroke=st, fill=f)
        elif t is Text:
            self.save()
            c.translate(s.x, s.y)
            if s.rotate:
                c.rotate(s.rotate)
            c.scale(MM_PER_PT, -MM_PER_PT)
            self.set("font", (fonts.pdf_font(s.font), s.size), lambda v: c.setFont(*v))
            self.set("fill", s.color, lambda v: c.setFillColor(self.colour(v)))
            draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[s.anchor]
            draw(0, 0, s.text)
            self.restore()


def reportlab_alone(pages, w: float, h: float) -> bytes:
    """Same stream filters as the backend (Flate, no ASCII85), so the two write the same kind of file."""
    from reportlab import rl_config
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        return _reportlab_alone(pages, w, h)
    finally:
        rl_config.useA85 = a85


def _reportlab_alone(pages, w: float, h: float) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w * K, h * K), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_font("regular"), initialFontSize=8)
    draw_pages(c, pages, h)
    return buf.getvalue()


def draw_pages(c, pages, h: float, fields=None) -> None:
    """The pages drawn by `Plain` on canvas `c` (a reportlab Canvas, or a `Recorder`), then saved.
    `fields[i]`: page i's fillable text fields, (name, x, y, w, h, ...) in page mm, y down."""
    for i, shapes in enumerate(pages):
        plain = Plain(c)                  # a new page starts from reportlab's initial state
        plain.save()
        c.translate(0, h * K)
        c.scale(K, -K)
        for s in shapes:
            plain.draw(s)
        plain.restore()
        for name, x, y, w, fh, *_ in (fields[i] if fields else ()):
            text_field(c, name=name, x=x * K, y=(h - y - fh) * K, width=w * K, height=fh * K,
                       borderWidth=0, fontSize=10)
        c.showPage()
    c.save()


def text_field(c, **kwargs) -> None:
    """A fillable text field, made by reportlab's acroForm (recorded as a call of its own)."""
    if isinstance(c, Recorder):
        c.ops.append(("acroForm.textfield", (), kwargs, None))
    else:
        c.acroForm.textfield(**kwargs)


class _PathRecorder:
    def __init__(self) -> None:
        self.ops: list[tuple] = []

    def __getattr__(self, name: str):
        return lambda *args: self.ops.append((name, *args))


class Recorder:
    """Stands for a reportlab Canvas under `Plain`: keeps each call (colours as RGB, paths as
    their own calls) for bench/reportlab_draw.py to make again in a process of its own."""

    def __init__(self) -> None:
        self.ops: list[tuple] = []
        self.fonts: set[str] = set()

    def beginPath(self) -> _PathRecorder:  # noqa: N802 (reportlab's name)
        return _PathRecorder()

    def __getattr__(self, name: str):
        def call(*args, **kwargs):
            if args and isinstance(args[0], _PathRecorder):
                self.ops.append((name, args[1:], kwargs, args[0].ops))
            elif name in ("setFillColor", "setStrokeColor"):
                col = args[0]
                self.ops.append((name + "RGB", (col.red, col.green, col.blue), {}, None))
            else:
                if name == "setFont":
                    self.fonts.add(args[0])
                self.ops.append((name, args, kwargs, None))
        return call


def record_ops(docs, file: Path) -> None:
    """Write what bench/reportlab_draw.py needs to draw `docs` with reportlab alone: each a
    (pages, w mm, h mm, fields per page or None, file-name suffix: "" for the kit's PDF)."""
    initial = fonts.pdf_font("regular")
    used, out = {initial}, []
    for pages, w, h, fields, suffix in docs:
        rec = Recorder()
        draw_pages(rec, pages, h, fields)
        used |= rec.fonts
        out.append(((w * K, h * K), rec.ops, suffix))
    paths = {name: fonts.font_path(filename) for name, filename in fonts.FONTS.values()}
    with open(file, "wb") as f:
        marshal.dump(([(n, paths[n]) for n in sorted(used)], initial, out), f)
