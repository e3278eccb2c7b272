"""PDF/X-1a for the print shops that ask for it: every colour CMYK, nothing transparent, the
printing condition named.

What this makes, and what it does not claim:

- Every colour is DeviceCMYK: the shapes' colours are converted when the page is written
  (generator/backends/pdf.py, `cmyk=True`, by generator/colour.py's `cmyk`) and every picture is converted to a
  CMYK image before it is placed (`flattened()`). The conversion is the plain arithmetic one
  (k = 1 - max(r, g, b), c = (1 - r - k) / (1 - k), ...), not a colour-managed one: there is no ICC
  profile here, so colours print close to, not exactly as, the screen's. Black stays pure K.
- Nothing is transparent: a faint fill is mixed with the paper's white instead; a picture's pixels
  are either painted (at least half opaque) or left out by a colour-key mask (the binary masking
  PDF/X-1a allows), so soft edges turn hard and a see-through wash over a colour is lost. The
  pages hold no soft masks and no transparency groups.
- The document names its printing condition: an OutputIntent (/S /GTS_PDFX) for CGATS TR 001
  (SWOP, registered with the ICC, so no profile need be embedded), /GTS_PDFXVersion (PDF/X-1:2003)
  and /Trapped /False in its Info, and a TrimBox and a BleedBox on every page.

That is what PDF/X-1a:2003 asks of a file like ours (fonts are embedded by every pnpkit PDF). It is
not checked by a certified preflight (Acrobat, callas pdfToolbox); the tests check what can be
checked without one (tests/test_print_shop_template.py): no RGB operator or RGB image in any page,
the OutputIntent and the version key.
"""
from __future__ import annotations

import io
from functools import lru_cache

from reportlab.pdfbase import pdfdoc

from pnpkit.generator import colour
from pnpkit.generator.shapes import Group, Image, Shape, Text, evolve

CONDITION = "CGATS TR 001"  # = US Web Coated (SWOP) v2, the condition DriveThruCards names
CONDITION_INFO = "U.S. Web Coated (SWOP) v2"
REGISTRY = "http://www.color.org"
VERSION = "PDF/X-1:2003"


def flattened(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
    """The shapes with nothing transparent: a fill's opacity mixed into its colour over white, a
    picture laid on white (its alpha and opacity) and made a CMYK image."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            out.append(evolve(s, items=flattened(s.items)))
        elif isinstance(s, Image):
            data, keyed = _cmyk_picture(s.png, s.opacity)
            out.append(evolve(s, png=data, opacity=1.0, key=KEY if keyed else ()))
        elif not isinstance(s, Text) and getattr(s, "style", None) is not None and s.style.opacity < 1.0:
            st = s.style
            fill = colour.mix(st.fill, "#ffffff", 1.0 - st.opacity) if st.fill else None
            out.append(evolve(s, style=evolve(st, fill=fill, opacity=1.0)))
        else:
            out.append(s)
    return tuple(out)


# The colour-key of a picture's clear pixels: c, m and y all 1 (of 255), which the conversion never
# gives (the largest of r, g, b always becomes 0), so no painted pixel is ever keyed out.
KEY = (1, 1, 1, 1, 1, 1, 0, 0)


@lru_cache(maxsize=64)
def _cmyk_picture(data: bytes, opacity: float) -> tuple[bytes, bool]:
    """A picture as a CMYK TIFF (reportlab embeds it as DeviceCMYK), and whether it has clear
    pixels (KEY marks them). PDF/X-1a has no partial transparency: a pixel at least half opaque is
    painted in its own colour, the rest are clear; `opacity` (faint art) mixes the colours with the
    paper's white."""
    from PIL import Image as PILImage
    from PIL import ImageMath
    with PILImage.open(io.BytesIO(data)) as im:
        rgba = im.convert("RGBA")
    clear = rgba.getchannel("A").point(lambda a: 255 if a < 128 else 0)
    rgb = rgba.convert("RGB")
    if opacity < 1.0:
        rgb = PILImage.blend(PILImage.new("RGB", rgb.size, "#ffffff"), rgb, opacity)
    r, g, b = rgb.split()
    evaluate = getattr(ImageMath, "lambda_eval", None)
    if evaluate is not None:
        def channel(v):
            return evaluate(lambda a: a["convert"]((a["m"] - a["v"]) * 255 / (a["m"] + (a["m"] == 0)), "L"),
                            m=top, v=v)
    else:  # pragma: no cover - Pillow before 10.3
        def channel(v):
            return ImageMath.eval("convert((m - v) * 255 / (m + (m == 0)), 'L')", m=top, v=v)
    from PIL import ImageChops
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)  # max(r, g, b): 255 - k
    k = top.point(lambda v: 255 - v)
    out = PILImage.merge("CMYK", (channel(r), channel(g), channel(b), k))
    keyed = clear.getbbox() is not None
    if keyed:
        out.paste((KEY[0], KEY[2], KEY[4], KEY[6]), mask=clear)
    buf = io.BytesIO()
    out.save(buf, format="TIFF", compression="tiff_deflate")
    return buf.getvalue(), keyed


def mark(canvas) -> None:
    """Make the reportlab canvas's document a PDF/X one: the OutputIntent in its catalog, the
    version key in its Info (reportlab writes PDF 1.3, /Trapped /False and, invariant, a fixed /ID)."""
    doc = canvas._doc
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(CONDITION), "RegistryName": pdfdoc.PDFString(REGISTRY),
        "Info": pdfdoc.PDFString(CONDITION_INFO)})
    catalog = doc.Catalog
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]  # the keys it writes
    doc.info.__class__ = Info


class Info(pdfdoc.PDFInfo):
    """reportlab's Info dictionary with /GTS_PDFXVersion added before its end."""

    def format(self, document):
        text = super().format(document)
        if not text.endswith(b">>"):  # pragma: no cover - reportlab writes a dictionary
            raise ValueError("unexpected PDF Info dictionary")
        return text[:-2] + b"/GTS_PDFXVersion " + pdfdoc.PDFString(VERSION).format(document) + b"\n>>"
