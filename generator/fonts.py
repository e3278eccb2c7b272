"""The fonts every page uses, from fonts/, and text measured the way the PDF will set it.

Pieces lay text out themselves (wrapping a rule onto a card), so they need real glyph widths;
reportlab's metrics for the embedded TrueType files give them without drawing anything.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

from reportlab.pdfbase import pdfmetrics, ttfonts

from pnpkit.generator import fontcache
from pnpkit.generator.legibility import PLAY_PT
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import MM_PER_PT
from pnpkit.kitfile.errors import InputError


class TextFitError(InputError, ValueError):
    """The text does not fit its box at the smallest readable size."""

# Style name used in shapes.Text.font -> (PDF font name, file in fonts/)
FONTS: dict[str, tuple[str, str]] = {
    "regular": ("PnpSans", "DejaVuSans.ttf"),
    "bold": ("PnpSans-Bold", "DejaVuSans-Bold.ttf"),
    "condensed": ("PnpSansCond", "DejaVuSansCondensed.ttf"),
    "condensed-bold": ("PnpSansCond-Bold", "DejaVuSansCondensed-Bold.ttf"),
    "title": ("PnpTitle", "Lato-Black.ttf"),
    "heading": ("PnpHeading", "Lato-Bold.ttf"),
    "body": ("PnpBody", "Lato-Regular.ttf"),
}
# SVG font-family for each style (the SVG sheets name fonts; the PDFs embed them).
SVG_FAMILY: dict[str, tuple[str, str]] = {
    "regular": ("DejaVu Sans", "normal"),
    "bold": ("DejaVu Sans", "bold"),
    "condensed": ("DejaVu Sans Condensed", "normal"),
    "condensed-bold": ("DejaVu Sans Condensed", "bold"),
    "title": ("Lato", "900"),
    "heading": ("Lato", "bold"),
    "body": ("Lato", "normal"),
}


def font_path(filename: str) -> str:
    return str(resources.files("pnpkit.fonts") / filename)


@lru_cache(maxsize=None)
def pdf_font(style: str) -> str:
    """Register the style's TrueType font with reportlab (once) and return its PDF name."""
    try:
        name, filename = FONTS[style]
    except KeyError:
        raise ValueError(f"unknown font style {style!r} (known: {', '.join(FONTS)})") from None
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(fontcache.ttfont(name, font_path(filename)))  # parsed once per machine
    return name


def text_width(text: str, style: str, size_pt: float) -> float:
    """Width in mm of `text` set in `style` at `size_pt`."""
    if len(text) <= SHORT:
        return _short_width(text, style, size_pt)
    return pdfmetrics.stringWidth(text, pdf_font(style), size_pt) * MM_PER_PT


SHORT = 64  # words and short lines: laying out a deck measures the same few thousand again and again


@cached(16384)  # at most 16,384 x 64 characters, whatever a kit file holds
def _short_width(text: str, style: str, size_pt: float) -> float:
    if LINEAR:  # the same float (below): a word tried at several sizes is measured once
        return _per_pt(text, style) * size_pt * MM_PER_PT
    return pdfmetrics.stringWidth(text, pdf_font(style), size_pt) * MM_PER_PT


# reportlab's C accelerator measures a TrueType text as (the sum of its glyph widths * 0.001) *
# size, so one measure at 1 pt gives the width at every size, the same float: `per_pt(...) *
# size_pt * MM_PER_PT` is `text_width(...)`. (reportlab's Python fallback multiplies in another
# order, so without the accelerator every size is measured by reportlab itself.)
LINEAR = type(ttfonts.instanceStringWidthTTF) is type(len)


def per_pt(text: str, style: str) -> float:
    """`text`'s width at 1 pt, in pt: the factor of `text_width` (only when LINEAR)."""
    return (_per_pt if len(text) <= SHORT else _per_pt.__wrapped__)(text, style)


@cached(16384)
def _per_pt(text: str, style: str) -> float:
    return pdfmetrics.stringWidth(text, pdf_font(style), 1.0)


def fit_size(text: str, style: str, size_pt: float, width_mm: float, smallest: float = PLAY_PT) -> float:
    """The largest size <= `size_pt` (and never under `smallest`), in quarter points, at which one line of `text` fits
    `width_mm`. A line that does not fit even at `smallest` (by default the size text read during
    play may not go under) raises TextFitError: words are never set too small to read, nor left to
    run over their box."""
    size_pt = max(size_pt, smallest)
    while size_pt > smallest and text_width(text, style, size_pt) > width_mm:
        size_pt = max(size_pt - 0.25, smallest)
    if text_width(text, style, size_pt) > width_mm + 1e-6:
        raise TextFitError(f"{text!r} does not fit its {width_mm:.1f} mm line even at {size_pt:g} pt "
                           f"(text may not be smaller): shorten it or give it more room")
    return size_pt


def wrap(text: str, style: str, size_pt: float, width_mm: float) -> list[str]:
    """Greedy word wrap to `width_mm`; explicit newlines are kept. A word too long for the line
    stands alone (callers choose sizes so that does not happen)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if text_width(candidate, style, size_pt) <= width_mm:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def line_height(size_pt: float, leading: float = 1.2) -> float:
    """Baseline-to-baseline distance in mm."""
    return size_pt * leading * MM_PER_PT
