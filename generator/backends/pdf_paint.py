"""Shapes painted into a PDF page's content stream (generator/backends/pdf.py): every point
mapped by the placement's matrix here, in Python, and the graphics state (colours, width, dash,
caps, joins, fill opacity) written only when it changes, so a group costs no state push unless it
clips.
"""
from __future__ import annotations

import math

from reportlab.lib.rl_accel import fp_str

from pnpkit.generator.backends.pdf_ops import (
    CAPS,
    ELLIPSE,
    JOINS,
    RECT,
    SEGMENT,
    K,
    Matrix,
    group_matrix,
    mul,
    polygon_ops,
    template,
)
from pnpkit.generator.shapes import KAPPA, Circle, Ellipse, Group, Image, Line, Path, Polygon, Rect, Shape, Style, Text, rect_ops


class Painter:
    """The page's content stream (`code`) and the graphics state written into it so far. The
    document (pdf.PdfDocument) sets `code`, `c` (reportlab's canvas), `colour_op` and `paths`, and
    draws text and pictures (`_text`, `_image`)."""

    # -- state -----------------------------------------------------------------------------
    def _reset_state(self) -> None:
        self.fill: str | None = None
        self.stroke: str | None = None
        self.width: float | None = None
        self.dash: tuple | None = ()
        self.alpha: float = 1.0
        self.cap = 0
        self.join = 0
        self.unstyled()

    def unstyled(self) -> None:
        """Forget the style `_set_style` set last: the state it wrote has changed since (a text's
        colour, a clip's restore, a picture's alpha, a new page)."""
        self.styled: tuple = (None, None, (False, False))

    def _fill_alpha(self, alpha: float) -> None:
        """Set the fill's opacity, always written: reportlab skips a value it set last, but a clip's
        Q (written here, unseen by it) may have brought back another since (a shadow's 0.22 drawn
        before a clipped piece left every piece after it at 0.22)."""
        self.c._extgstate._d["ca"] = None
        self.c.setFillAlpha(alpha)

    def _set_style(self, st: Style, m: Matrix) -> tuple[bool, bool]:
        if st is self.styled[0] and m is self.styled[1]:  # the shape before set it: nothing to write
            return self.styled[2]
        code = self.code
        do_fill = st.fill is not None
        do_stroke = st.stroke is not None and st.width > 0
        if do_fill and st.fill != self.fill:
            code.append(self.colour_op(st.fill, False))
            self.fill = st.fill
        if do_fill and st.opacity != self.alpha:
            self._fill_alpha(st.opacity)
            self.alpha = st.opacity
        if do_stroke:
            if st.stroke != self.stroke:
                code.append(self.colour_op(st.stroke, True))
                self.stroke = st.stroke
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) / K  # the placement's scale, for widths
            w = st.width * K * scale
            if w != self.width:
                code.append("%.3f w" % w)
                self.width = w
            dash = tuple([d * K * scale for d in st.dash]) if st.dash else ()
            if dash != self.dash:
                code.append("[%s] 0 d" % (fp_str(*dash) if dash else ""))
                self.dash = dash
            cap = CAPS.get(st.cap, 0)
            if cap != self.cap:
                code.append("%d J" % cap)
                self.cap = cap
            join = JOINS.get(st.join, 0)
            if join != self.join:
                code.append("%d j" % join)
                self.join = join
        self.styled = (st, m, (do_fill, do_stroke))
        return do_fill, do_stroke

    def _path(self, ops, m: Matrix, shared: bool = True) -> bool:
        """Write the path `ops` placed by `m`; whether it closes (a Z). Points are mapped here and
        the whole path is formatted by one `%` (its operators joined into one template, kept per
        document for `shared` ops: the copies of a drawing share their shapes): per point, only
        the arithmetic is left in Python."""
        a, b, c, d, e, f = m
        vals: list[float] = []
        add = vals.append
        for op in ops:
            t = op[0]
            if t == "C":
                x1, y1, x2, y2, x3, y3 = op[1:7]
                vals += (a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x2 + c * y2 + e,
                         b * x2 + d * y2 + f, a * x3 + c * y3 + e, b * x3 + d * y3 + f)
            elif t == "L" or t == "M":
                x, y = op[1], op[2]
                add(a * x + c * y + e)
                add(b * x + d * y + f)
        known = self.paths.get(id(ops)) if shared else None
        if known is None or known[0] is not ops:
            known = (ops, *template(ops))
            if shared:  # the entry holds ops, so its id is not reused while the document lives
                self.paths[id(ops)] = known
        self.code.append(known[1] % tuple(vals))
        return known[2]

    def _paint(self, st: Style, m: Matrix, ops, closed: bool = True) -> None:
        do_fill, do_stroke = self._set_style(st, m)
        if not do_fill and not do_stroke:
            return
        self._path(ops, m, shared=False)
        self._close(st, do_fill, do_stroke, closed)

    def _polygon(self, s: Polygon, m: Matrix) -> None:
        """A polygon as `_paint` of its ops (M, L..., Z if closed) would write it, from its points."""
        do_fill, do_stroke = self._set_style(s.style, m)
        if not do_fill and not do_stroke:
            return
        a, b, c, d, e, f = m
        self.code.append(polygon_ops(len(s.points), s.closed)
                         % tuple([v for x, y in s.points for v in (a * x + c * y + e, b * x + d * y + f)]))
        self._close(s.style, do_fill, do_stroke, s.closed)

    def _rect(self, s: Rect, m: Matrix) -> None:
        """A square-cornered rectangle as `_paint` of rect_ops would write it, from its points
        (x, y) (x2, y) (x2, y2) (x, y2), each product made once: the same floats, as
        `a * x + c * y + e` is `(a * x) + (c * y) + e` either way."""
        do_fill, do_stroke = self._set_style(s.style, m)
        if not do_fill and not do_stroke:
            return
        a, b, c, d, e, f = m
        x, y = s.x, s.y
        x2, y2 = x + s.w, y + s.h
        ax, bx, ax2, bx2, cy, dy, cy2, dy2 = a * x, b * x, a * x2, b * x2, c * y, d * y, c * y2, d * y2
        self.code.append(RECT % (ax + cy + e, bx + dy + f, ax2 + cy + e, bx2 + dy + f,
                                  ax2 + cy2 + e, bx2 + dy2 + f, ax + cy2 + e, bx + dy2 + f))
        self._close(s.style, do_fill, do_stroke, True)

    def _line(self, s: Line, m: Matrix) -> None:
        """A line as `_paint` of its ops would write it, from its two points."""
        do_fill, do_stroke = self._set_style(s.style, m)
        if not do_fill and not do_stroke:
            return
        a, b, c, d, e, f = m
        x1, y1, x2, y2 = s.x1, s.y1, s.x2, s.y2
        self.code.append(SEGMENT % (a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x2 + c * y2 + e, b * x2 + d * y2 + f))
        self._close(s.style, do_fill, do_stroke, False)

    def _ellipse(self, st: Style, m: Matrix, cx: float, cy: float, rx: float, ry: float) -> None:
        """An ellipse as `_paint` of ellipse_ops would write it: its 13 points take 5 x's and
        5 y's, so each product is made once (the same floats, as in `_rect`)."""
        do_fill, do_stroke = self._set_style(st, m)
        if not do_fill and not do_stroke:
            return
        a, b, c, d, e, f = m
        kx, ky = rx * KAPPA, ry * KAPPA
        x0, x1, x2, x3, x4 = cx + rx, cx + kx, cx, cx - kx, cx - rx
        y0, y1, y2, y3, y4 = cy, cy + ky, cy + ry, cy - ky, cy - ry
        ax0, ax1, ax2, ax3, ax4 = a * x0, a * x1, a * x2, a * x3, a * x4
        bx0, bx1, bx2, bx3, bx4 = b * x0, b * x1, b * x2, b * x3, b * x4
        cy0, cy1, cy2, cy3, cy4 = c * y0, c * y1, c * y2, c * y3, c * y4
        dy0, dy1, dy2, dy3, dy4 = d * y0, d * y1, d * y2, d * y3, d * y4
        start = (ax0 + cy0 + e, bx0 + dy0 + f)
        self.code.append(ELLIPSE % (
            start + (ax0 + cy1 + e, bx0 + dy1 + f, ax1 + cy2 + e, bx1 + dy2 + f, ax2 + cy2 + e, bx2 + dy2 + f,
                     ax3 + cy2 + e, bx3 + dy2 + f, ax4 + cy1 + e, bx4 + dy1 + f, ax4 + cy0 + e, bx4 + dy0 + f,
                     ax4 + cy3 + e, bx4 + dy3 + f, ax3 + cy4 + e, bx3 + dy4 + f, ax2 + cy4 + e, bx2 + dy4 + f,
                     ax1 + cy4 + e, bx1 + dy4 + f, ax0 + cy3 + e, bx0 + dy3 + f) + start))
        self._close(st, do_fill, do_stroke, True)

    def _close(self, st: Style, do_fill: bool, do_stroke: bool, closed: bool) -> None:
        if do_fill and closed:
            self.code.append(("B" if do_stroke else "f") + ("*" if st.evenodd else ""))
        elif do_stroke:
            self.code.append("S")
        else:
            self.code.append("n")

    def draw(self, s: Shape, m: Matrix) -> None:
        t = type(s)
        if t is Group:
            gm = mul(m, group_matrix(s))
            if s.clip is not None:
                self.code.append("q")
                saved = (self.fill, self.stroke, self.width, self.dash, self.alpha, self.cap, self.join)
                x, y, w, h = s.clip
                self._path(rect_ops(x, y, w, h, 0), gm, shared=False)
                self.code.append("W n")
                for item in s.items:
                    self.draw(item, gm)
                self.code.append("Q")
                (self.fill, self.stroke, self.width, self.dash, self.alpha, self.cap,
                 self.join) = saved
                self.unstyled()
            else:
                for item in s.items:
                    self.draw(item, gm)
        elif t is Rect:
            if s.r <= 0.0:  # rect_ops' square corners
                self._rect(s, m)
            else:
                self._paint(s.style, m, rect_ops(s.x, s.y, s.w, s.h, s.r))
        elif t is Line:
            self._line(s, m)
        elif t is Circle:
            self._ellipse(s.style, m, s.cx, s.cy, s.r, s.r)
        elif t is Ellipse:
            self._ellipse(s.style, m, s.cx, s.cy, s.rx, s.ry)
        elif t is Polygon:
            if s.points:
                self._polygon(s, m)
        elif t is Path:
            do_fill, do_stroke = self._set_style(s.style, m)
            if do_fill or do_stroke:
                closed = self._path(s.ops, m)
                self._close(s.style, do_fill, do_stroke, closed or s.style.fill is not None)
        elif t is Text:
            self._text(s, m)
        elif t is Image:
            self._image(s, m)
        else:
            raise TypeError(f"cannot draw {t.__name__}")
