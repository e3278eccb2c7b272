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

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnpkit.generator import fonts
from pnpkit.generator.backends import pdf_images
from pnpkit.generator.backends.pdf_objects import FIELD_FONT, Deflated, Deflater, Field, Widget, acroform, form_node
from pnpkit.generator.backends.pdf_ops import K, Matrix, cmyk_op, font_size, mul, rgb_op
from pnpkit.generator.backends.pdf_paint import Painter
from pnpkit.generator.shapes import MM_PER_PT, Image, Shape, Text


class PdfDocument(Painter):
    """Pages in, PDF bytes out."""

    def __init__(self, w_mm: float, h_mm: float, title: str = "", author: str = "", subject: str = "",
                 ahead: bool = True, cmyk: bool = False):
        self.buf = io.BytesIO()
        self.colour_op = cmyk_op if cmyk else rgb_op  # (colour, stroke?) -> its operator
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
        self.deflate = Deflater() if ahead else None
        self._reset_state()

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
        stream.filters = [Deflated(self.deflate.submit(page.stream.encode("utf8")))]
        stream.content = page.stream
        stream.__Comment__ = "page stream"
        page.Contents = stream

    def close(self) -> None:
        if self.deflate is not None:
            self.deflate.shutdown()

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

    # -- text and pictures -----------------------------------------------------------------
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
                        size_text = font_size(size)
                    out.append(f"{font.getSubsetInternalName(subset, doc)} {size_text}")
                    current = subset
                out.append(f"({self.c._escape(part)}) Tj")
            out.append("ET")
            got = self.runs[key] = " ".join(out)
        return got


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
