"""PDF backend (reportlab): draws pages of shapes with raw path operators.

Lean on purpose: coordinates are transformed here (one affine matrix per group, points mapped in
Python), so a group costs no graphics-state push unless it clips; colours, widths and dashes are
only written when they change; text goes through reportlab's text object (which subsets and embeds
the TrueType fonts) with a text matrix, again without a state push. The objects written around
reportlab's (form fields, page streams compressed ahead) are in pdf_objects.py.

The canvas starts in one of our own embedded fonts (initialFontName), so reportlab never adds
Helvetica to a page's resources; `invariant=1` keeps the file free of dates and random ids, so the
same pages give the same bytes.
"""
from __future__ import annotations

import hashlib
import io
import math
import zlib
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator import colour, fonts
from pnpkit.generator.backends import pdf_images
from pnpkit.generator.backends.pdf_objects import FIELD_FONT, Deflated, Field, Widget, acroform, form_node
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import (
    KAPPA,
    MM_PER_PT,
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
    rect_ops,
)

K = 1.0 / MM_PER_PT  # points per mm
Matrix = tuple[float, float, float, float, float, float]


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m after n: apply n first, then m (PDF row-vector convention)."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def group_matrix(g: Group) -> Matrix:
    m: Matrix = (1.0, 0.0, 0.0, 1.0, g.dx, g.dy)
    if g.rotate:
        t = math.radians(g.rotate)
        co, si = math.cos(t), math.sin(t)
        if abs(co) < 1e-12:
            co = 0.0
        if abs(si) < 1e-12:
            si = 0.0
        m = mul(m, (co, si, -si, co, 0.0, 0.0))
    if g.scale != 1.0:
        m = mul(m, (g.scale, 0.0, 0.0, g.scale, 0.0, 0.0))
    return m


@lru_cache(maxsize=None)
def rgb(c: str) -> tuple[float, float, float]:
    r, g, b = colour.rgb(c)
    return r / 255, g / 255, b / 255


@lru_cache(maxsize=None)
def _rgb_op(c: str, stroke: bool) -> str:
    return "%.4f %.4f %.4f %s" % (*rgb(c), "RG" if stroke else "rg")


@lru_cache(maxsize=None)
def _cmyk_op(c: str, stroke: bool) -> str:
    """The colour as DeviceCMYK (a print shop's PDF/X: generator/export/pdfx.py)."""
    return "%.4f %.4f %.4f %.4f %s" % (*colour.cmyk(c), "K" if stroke else "k")


_MOVE, _LINE, _CURVE = "%.2f %.2f m", "%.2f %.2f l", "%.2f %.2f %.2f %.2f %.2f %.2f c"
_RECT = " ".join([_MOVE, _LINE, _LINE, _LINE, "h"])        # rect_ops(..., r=0)
_SEGMENT = " ".join([_MOVE, _LINE])
_ELLIPSE = " ".join([_MOVE, _CURVE, _CURVE, _CURVE, _CURVE, "h"])  # ellipse_ops


_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


class PdfDocument:
    """Pages in, PDF bytes out."""

    def __init__(self, w_mm: float, h_mm: float, title: str = "", author: str = "", subject: str = "",
                 ahead: bool = True, cmyk: bool = False):
        self.buf = io.BytesIO()
        self.colour_op = _cmyk_op if cmyk else _rgb_op  # (colour, stroke?) -> its operator
        self.h_pt = h_mm * K
        first = fonts.pdf_font("regular")
        for style in fonts.FONTS:
            fonts.pdf_font(style)
        self.c = Canvas(self.buf, pagesize=(w_mm * K, h_mm * K), invariant=1, pageCompression=1,
                        initialFontName=first, initialFontSize=8, initialLeading=9.6)
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setSubject(subject)
        self.c.setCreator("pnpkit")
        self.c.setProducer("pnpkit (reportlab)")
        self.fields: list = []   # the form's top-level fields, in the order met
        self.calculated: list = []   # the fields with a calculate script: the calculation order
        self.nodes: dict[str, tuple] = {}   # a dotted name's groups: name -> (reference, its /Kids)
        self.widgets = 0
        self.images: dict[tuple, str] = {}  # (PNG bytes, colour key) -> its image's name: decoded and hashed once
        self.runs: dict[tuple[str, float, str], str] = {}  # (font, size, text) -> its operators (_runs)
        self.paths: dict[int, tuple] = {}  # id(ops) -> (ops, template, closes) (_path)
        # pages compressed in a thread while the next are drawn; a document of one page (the
        # score sheets) has nothing to draw meanwhile, so reportlab compresses it at save time
        self.deflate = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pnpkit-deflate") if ahead else None
        self._reset_state()

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

    # -- page ------------------------------------------------------------------------------
    def page(self, shapes: tuple[Shape, ...], fields: list[Field] = ()) -> None:
        self.code = self.c._code
        base: Matrix = (K, 0.0, 0.0, -K, 0.0, self.h_pt)
        for s in shapes:
            self.draw(s, base)
        for name, x, y, w, h, *script in fields:
            self._field(name, x, y, w, h, script[0] if script else None)
        self.c.showPage()
        self._deflate_ahead(self.c._doc.Pages.pages[-1])
        self._reset_state()

    def _deflate_ahead(self, page: pdfdoc.PDFPage) -> None:
        """Give the page the content stream PDFPage.check_format would make at save time, its
        compression already started (see _Deflated)."""
        if self.deflate is None or page.Contents or not page.stream or not page.compression or rl_config.useA85:
            return  # reportlab's own way
        stream = pdfdoc.PDFStream()
        stream.filters = [Deflated(self.deflate.submit(zlib.compress, page.stream.encode("utf8")))]
        stream.content = page.stream
        stream.__Comment__ = "page stream"
        page.Contents = stream

    def close(self) -> None:
        if self.deflate is not None:
            self.deflate.shutdown(wait=True, cancel_futures=True)

    def _field(self, name: str, x: float, y: float, w: float, h: float, script: str | None = None) -> None:
        doc = self.c._doc
        font = pdfmetrics.getFont(fonts.pdf_font(FIELD_FONT)).getSubsetInternalName(0, doc)[1:]
        rect = (x * K, self.h_pt - (y + h) * K, (x + w) * K, self.h_pt - y * K)
        self.widgets += 1
        key = f"field{self.widgets}"
        group, _, last = name.rpartition(".")
        parent = self._form_node(group) if group else None
        self.c._addAnnotation(Widget(last, rect, font, parent, script), key)
        (self.nodes[group][1].sequence if group else self.fields).append(doc.refAnnotation(key))
        if script is not None:
            self.calculated.append(doc.refAnnotation(key))
        self.field_font = font

    def _form_node(self, name: str):
        """The field `name` groups (`p1.almond` of `p1.almond.3`), made the first time it is met."""
        if name not in self.nodes:
            group, _, last = name.rpartition(".")
            up = self._form_node(group) if group else None
            node, kids = form_node(last, up)
            ref = self.c._doc.Reference(node, f"FormNode{len(self.nodes) + 1}")
            (self.nodes[group][1].sequence if group else self.fields).append(ref)
            self.nodes[name] = (ref, kids)
        return self.nodes[name][0]

    def finish(self) -> bytes:
        if self.fields:
            self.c._doc._catalog.AcroForm = acroform(self.fields, self.field_font, self.calculated)
        self.c.save()
        return self.buf.getvalue()

    # -- state -----------------------------------------------------------------------------
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
            cap = _CAPS.get(st.cap, 0)
            if cap != self.cap:
                code.append("%d J" % cap)
                self.cap = cap
            join = _JOINS.get(st.join, 0)
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
            known = (ops, *_template(ops))
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
        self.code.append(_polygon(len(s.points), s.closed)
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
        self.code.append(_RECT % (ax + cy + e, bx + dy + f, ax2 + cy + e, bx2 + dy + f,
                                  ax2 + cy2 + e, bx2 + dy2 + f, ax + cy2 + e, bx + dy2 + f))
        self._close(s.style, do_fill, do_stroke, True)

    def _line(self, s: Line, m: Matrix) -> None:
        """A line as `_paint` of its ops would write it, from its two points."""
        do_fill, do_stroke = self._set_style(s.style, m)
        if not do_fill and not do_stroke:
            return
        a, b, c, d, e, f = m
        x1, y1, x2, y2 = s.x1, s.y1, s.x2, s.y2
        self.code.append(_SEGMENT % (a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x2 + c * y2 + e, b * x2 + d * y2 + f))
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
        self.code.append(_ELLIPSE % (
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

    # -- shapes ----------------------------------------------------------------------------
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

    def _image(self, s: Image, m: Matrix) -> None:
        """A raster picture over its box: reportlab embeds it (once per picture, its alpha as a soft
        mask) and draws it in a unit square, which this matrix stretches over the box (y down)."""
        a, b, c, d, e, f = mul(m, (s.w, 0.0, 0.0, -s.h, s.x, s.y + s.h))
        self.code.append("q %s cm" % fp_str(a, b, c, d, e, f))
        self.unstyled()
        if s.opacity != 1.0:
            self._fill_alpha(s.opacity)
        key = (s.png, s.key)
        name = self.images.get(key)
        if name is None:
            from pnpkit.generator.pictures.raster import decoded
            pixels = decoded(s.png)  # the picture's pixels as pnpkit read them: not decoded again
            name = self._embed(pixels if pixels is not None else s.png, s)
            del pixels
            self.images[key] = name
        # what drawImage writes for an image it has (it would hash all its pixels again to find it)
        self.c._currentPageHasImages = 1
        self.c.saveState()
        self.c.translate(0, 0)
        self.c.scale(1, 1)
        self.code.append("/%s Do" % self.c._doc.getXObjectName(name))
        self.c.restoreState()
        self.c._formsinuse.append(name)
        self.code.append("Q")  # puts the colour and alpha back as this document tracks them

    def _embed(self, picture: object, s: Image) -> str:
        """Embed a picture (its decoded pixels, or its bytes) as reportlab's drawImage does, but named
        by its PNG bytes rather than by a hash of all its pixels joined to its mask (drawImage copies
        the 108 MB of a 6000 x 6000 picture to hash them), and written a band of rows at a time
        (pdf_images.py): the image XObject and its soft mask, registered once."""
        mask = list(s.key) if s.key else "auto"
        name = "pnpkit" + hashlib.md5(s.png + repr(mask).encode()).hexdigest()
        doc = self.c._doc
        reg = doc.getXObjectName(name)
        if doc.idToObject.get(reg) is None:
            img, smask = pdf_images.xobjects(name, picture, mask)
            self.c._setXObjects(img)
            doc.Reference(img, reg)
            doc.addForm(name, img)
            if smask:
                mreg = doc.getXObjectName(smask.name)
                if doc.idToObject.get(mreg) is None:
                    self.c._setXObjects(smask)
                    img.smask = doc.Reference(smask, mreg)
                else:
                    img.smask = pdfdoc.PDFObjectReference(mreg)
                img.__dict__.pop("_smask", None)
        return name

    def _text(self, s: Text, m: Matrix) -> None:
        if not s.text:
            return
        name = fonts.pdf_font(s.font)
        shift = 0.0
        if s.anchor != "start":  # fonts.per_pt: reportlab's width, the same float, kept per text
            wpt = fonts.per_pt(s.text, s.font) * s.size if fonts.LINEAR else pdfmetrics.stringWidth(s.text, name, s.size)
            shift = wpt / 2 if s.anchor == "middle" else wpt
        # text space (pt, y up) -> local mm (y down): scale, flip; then rotate, then move
        tm: Matrix = (MM_PER_PT, 0.0, 0.0, -MM_PER_PT, -shift * MM_PER_PT, 0.0)
        if s.rotate:
            r = math.radians(s.rotate)
            co, si = math.cos(r), math.sin(r)
            tm = mul((co, si, -si, co, 0.0, 0.0), tm)
        tm = mul((1.0, 0.0, 0.0, 1.0, s.x, s.y), tm)
        tm = mul(m, tm)
        if s.color != self.fill:
            self.code.append(self.colour_op(s.color, False))
            self.fill = s.color
            self.unstyled()
        if self.alpha != 1.0:
            self._fill_alpha(1.0)
            self.alpha = 1.0
            self.unstyled()
        font = pdfmetrics.getFont(name)
        if not font._dynamicFont:                          # pragma: no cover - every font is embedded TrueType
            to = self.c.beginText()
            to.setFont(name, s.size)
            to.setTextTransform(*tm)
            to.textOut(s.text)
            self.c.drawText(to)
            return
        # What beginText / setFont / setTextTransform / textOut / drawText write for a TrueType
        # font, written directly: the same bytes, without the text object and the text width it
        # computes and drops.
        self.code.append("BT 1 0 0 1 0 0 Tm " + fp_str(*tm) + " Tm " + self._runs(font, s.size, s.text))

    def _runs(self, font, size: float, text: str) -> str:
        """The operators after the text matrix: each run of one font subset, then ET. Kept per
        document: a page repeats its labels, and once a text's characters have their codes in the
        document's subsets (splitString gives them codes the first time) the same text always
        gives the same runs."""
        key = (font.fontName, size, text)
        got = self.runs.get(key)
        if got is None:
            doc = self.c._doc
            out = []
            size_text = None
            current = -1
            for subset, part in font.splitString(text, doc):
                if subset != current:
                    if size_text is None:
                        size_text = _font_size(size)
                    out.append(f"{font.getSubsetInternalName(subset, doc)} {size_text}")
                    current = subset
                out.append(f"({self.c._escape(part)}) Tj")
            out.append("ET")
            got = self.runs[key] = " ".join(out)
        return got


def _template(ops) -> tuple[str, bool]:
    """The operators of a path, a `%.2f` where each number goes, and whether it closes."""
    parts = []
    for op in ops:
        t = op[0]
        if t == "L" or t == "M":
            parts.append(_LINE if t == "L" else _MOVE)
        elif t == "C":
            parts.append(_CURVE)
        elif t == "Z":
            parts.append("h")
        else:
            raise ValueError(f"unknown path op {t!r}")
    return " ".join(parts), "h" in parts


@cached(1024)
def _polygon(n: int, closed: bool) -> str:
    """The operators of a polygon of n points, a `%.2f` where each number goes."""
    return " ".join([_MOVE] + [_LINE] * (n - 1) + (["h"] if closed else []))


@cached(1024)
def _font_size(size: float) -> str:
    """The size and leading setFont writes (a page sets a few sizes many times)."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


def render(pages: list[tuple[Shape, ...]], w_mm: float, h_mm: float, title: str = "",
           author: str = "", subject: str = "", fields: list[list[Field]] | None = None,
           boxes: dict[str, tuple[float, float, float, float]] | None = None, cmyk: bool = False,
           mark=None) -> bytes:
    """`fields[i]`: the fillable text fields of page i (score sheets), in page mm. `boxes`: the
    PDF page boxes print shops read ("trim", "bleed", "art": x0, y0, x1, y1 in page mm from the
    top-left corner), the same on every page. `cmyk`: every colour written as DeviceCMYK (the shapes
    must hold nothing transparent: generator/export/pdfx.py flattens them); `mark(canvas)` adds to
    the document before it is written (pdfx.mark: a PDF/X file's output intent).

    Streams are Flate-compressed only: reportlab's default also wraps them in ASCII85, which makes
    the file a quarter larger and, without its C accelerator, costs a third of the PDF's time."""
    a85 = rl_config.useA85
    rl_config.useA85 = 0
    try:
        doc = PdfDocument(w_mm, h_mm, title, author, subject, ahead=len(pages) > 1, cmyk=cmyk)
        if mark is not None:
            mark(doc.c)
        try:
            for name, (x0, y0, x1, y1) in (boxes or {}).items():
                doc.c.setCropBox((round(x0 * K, 3), round((h_mm - y1) * K, 3), round(x1 * K, 3), round((h_mm - y0) * K, 3)), name)
            for i, shapes in enumerate(pages):
                doc.page(shapes, fields[i] if fields else ())
            return doc.finish()
        finally:
            doc.close()
    finally:
        rl_config.useA85 = a85
