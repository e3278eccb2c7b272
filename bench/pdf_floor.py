"""An independent floor for a build: the page content of a PDF pnpkit wrote, read back from the PDF
itself and drawn again by a plain reportlab program in a process of its own.

    python bench/pdf_floor.py read KIT.pdf CONTENT      (pypdfium2: what the PDF holds, written out)
    python bench/pdf_floor.py draw CONTENT OUT.pdf       (reportlab alone: draws it, writes OUT.pdf)

Unlike bench/plain_draw.py (which replays the shapes pnpkit itself draws), nothing here comes from
pnpkit's code: `read` asks PDFium for every page's text objects (the string, its font, size and
place) and path objects (their segments, fill and stroke, colours, width, dash, caps and joins),
as they are in the file a person prints; `draw` imports reportlab only, registers the TrueType files
of the fonts the PDF embeds, and draws the same pages with reportlab's ordinary canvas API: text
with `drawString`, paths with `beginPath`/`drawPath`, the graphics state set only when it changes,
pages compressed, as a program written by hand would. `counts` says what was read (pages, text
lines, subpaths, paints, fonts), to print beside the figures: the issue's audit counted the same
things (12 pages, 653 text lines, ~2,400 subpaths, 2,206 paints, six fonts for Chestnuts on A4).
"""
from __future__ import annotations

import marshal
import sys
from pathlib import Path

FONTS = Path(__file__).resolve().parents[1] / "fonts"


def read(pdf_path: str) -> dict:
    """The pages of a PDF as plain data: size, then ("t", font, size, matrix, text, colour) and
    ("p", fill, stroke, width, dash, cap, join, segments) in drawing order."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(pdf_path)
    pages, fonts = [], set()
    for page in pdf:
        textpage = page.get_textpage()
        items = []
        for obj in page.get_objects(max_depth=15):
            o = obj.raw
            if obj.type == raw.FPDF_PAGEOBJ_TEXT:
                n = raw.FPDFTextObj_GetText(o, textpage.raw, None, 0)
                buf = (ctypes.c_ushort * (n // 2 + 1))()
                raw.FPDFTextObj_GetText(o, textpage.raw, buf, n)
                text = bytes(buf)[:n].decode("utf-16-le").rstrip("\x00")
                name = (ctypes.c_char * 256)()
                raw.FPDFFont_GetBaseFontName(raw.FPDFTextObj_GetFont(o), name, 256)
                font = name.value.decode().split("+")[-1]
                size = ctypes.c_float()
                raw.FPDFTextObj_GetFontSize(o, size)
                rgba = [ctypes.c_uint() for _ in range(4)]
                raw.FPDFPageObj_GetFillColor(o, *rgba)
                fonts.add(font)
                items.append(("t", font, round(size.value, 3), tuple(round(x, 3) for x in obj.get_matrix().get()),
                              text, tuple(v.value for v in rgba)))
            elif obj.type == raw.FPDF_PAGEOBJ_PATH:
                items.append(_path(obj, raw, ctypes))
        pages.append(((page.get_width(), page.get_height()), items))
    return {"fonts": sorted(fonts), "pages": pages}


def _path(obj, raw, ctypes) -> tuple:
    o = obj.raw
    a, b, c, d, e, f = obj.get_matrix().get()
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(o, mode, stroke)
    rgba = [ctypes.c_uint() for _ in range(4)]
    raw.FPDFPageObj_GetFillColor(o, *rgba)
    fill = tuple(v.value for v in rgba) if mode.value else None
    raw.FPDFPageObj_GetStrokeColor(o, *rgba)
    line = tuple(v.value for v in rgba) if stroke.value else None
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(o, width)
    dash = []
    count = raw.FPDFPageObj_GetDashCount(o)
    if count > 0:
        arr = (ctypes.c_float * count)()
        raw.FPDFPageObj_GetDashArray(o, arr, count)
        dash = [round(x, 3) for x in arr]
    segments = []
    x = ctypes.c_float()
    y = ctypes.c_float()
    for i in range(raw.FPDFPath_CountSegments(o)):
        seg = raw.FPDFPath_GetPathSegment(o, i)
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        px, py = a * x.value + c * y.value + e, b * x.value + d * y.value + f
        segments.append((raw.FPDFPathSegment_GetType(seg), round(px, 3), round(py, 3),
                         bool(raw.FPDFPathSegment_GetClose(seg))))
    return ("p", fill, line, round(width.value * (abs(a * d - b * c) ** 0.5), 3), dash,
            raw.FPDFPageObj_GetLineCap(o), raw.FPDFPageObj_GetLineJoin(o), segments)


def counts(content: dict) -> dict:
    """What the floor draws: pages, text lines, subpaths, paints and fonts."""
    items = [i for _, page in content["pages"] for i in page]
    return {"pages": len(content["pages"]), "text lines": sum(i[0] == "t" for i in items),
            "subpaths": sum(s[0] == 2 for i in items if i[0] == "p" for s in i[7]),  # 2: FPDF_SEGMENT_MOVETO
            "paints": sum(i[0] == "p" for i in items), "fonts": len(content["fonts"])}


def draw(content_file: str, out: str) -> None:
    """reportlab alone: the same pages, drawn and written (the `draw` process's whole work)."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    with open(content_file, "rb") as fh:
        content = marshal.load(fh)
    for font in content["fonts"]:
        pdfmetrics.registerFont(TTFont(font, str(FONTS / f"{font}.ttf")))
    rl_config.useA85 = 0
    c = Canvas(out, pagesize=content["pages"][0][0], invariant=1, pageCompression=1)
    for size, items in content["pages"]:
        c.setPageSize(size)
        state: dict = {}

        def set_fill(v):
            c.setFillColorRGB(v[0] / 255, v[1] / 255, v[2] / 255)
            c.setFillAlpha(v[3] / 255)

        def put(key, value, setter):
            if state.get(key) != value:
                setter(value)
                state[key] = value
        for item in items:
            if item[0] == "t":
                _, font, pt, (a, b, cc, d, e, f), text, colour = item
                put("font", (font, pt), lambda v: c.setFont(*v))
                put("fill", colour, set_fill)
                if (a, b, cc, d) == (1, 0, 0, 1):
                    c.drawString(e, f, text)
                else:
                    c.saveState()
                    c.transform(a, b, cc, d, e, f)
                    c.drawString(0, 0, text)
                    c.restoreState()
                continue
            _, fill, line, width, dash, cap, join, segments = item
            if fill:
                put("fill", fill, set_fill)
            if line:
                put("stroke", line, lambda v: (c.setStrokeColorRGB(v[0] / 255, v[1] / 255, v[2] / 255),
                                               c.setStrokeAlpha(v[3] / 255)))
                put("width", width, c.setLineWidth)
                put("dash", tuple(dash), lambda v: c.setDash(list(v)))
                put("cap", cap, c.setLineCap)
                put("join", join, c.setLineJoin)
            p = c.beginPath()
            curve: list = []
            for kind, x, y, close in segments:
                if kind == 2:      # move
                    p.moveTo(x, y)
                elif kind == 0:    # line
                    p.lineTo(x, y)
                else:              # a Bézier point: three make a curve
                    curve += (x, y)
                    if len(curve) == 6:
                        p.curveTo(*curve)
                        curve = []
                if close:
                    p.close()
            c.drawPath(p, stroke=1 if line else 0, fill=1 if fill else 0)
        c.showPage()
    c.save()


if __name__ == "__main__":
    if sys.argv[1] == "read":
        with open(sys.argv[3], "wb") as fh:
            marshal.dump(read(sys.argv[2]), fh)
    elif sys.argv[1] == "draw":
        draw(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)
