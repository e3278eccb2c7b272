"""The faults a hobbyist found on paper, each read back from the rendered pages: a ring inside a
round piece's cut that scissors would follow, lines drawn across cut lines under --ink-saver
(board seams included), and colours that vanish in greyscale or past the cut.
"""
from __future__ import annotations

import math

import pypdfium2
import pytest

from pnpkit.generator import bleed
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.build import compose, pieces_of, printable_kits, titles_of
from pnpkit.generator.colour import luminance
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import load_kit

KITS = printable_kits()
PAPERS = ("a4", "letter")
DPI = 100
PX = DPI / 25.4


def _render(pdf, pages) -> dict[int, object]:
    doc = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return {n: doc[n - 1].render(scale=DPI / 72).to_pil().convert("L") for n in sorted(pages)}
    finally:
        doc.close()


def _grey(img, x_mm: float, y_mm: float) -> int:
    x, y = int(round(x_mm * PX)), int(round(y_mm * PX))
    return img.getpixel((min(max(x, 0), img.width - 1), min(max(y, 0), img.height - 1)))


def test_ornaments_have_no_ring_inside_their_cut(kit_build):
    """Trim the Tree's 22 mm ornaments: nothing dark on the circle 1.5 mm inside the cut, where
    a black ring (19 mm) used to invite the scissors; the disc's own colour shows the cut."""
    built = kit_build("trim-the-tree", "a4")
    ornaments = [e for e in built.manifest["pieces"] if e["shape"] == "circle" and e["w_mm"] == pytest.approx(22.0)]
    assert len(ornaments) == 80
    images = _render(built.pdf, {e["page"] for e in ornaments})
    for e in ornaments:
        r, cx, cy = e["w_mm"] / 2 - 1.45, e["x_mm"] + e["w_mm"] / 2, e["y_mm"] + e["h_mm"] / 2
        ring = [_grey(images[e["page"]], cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (2 * math.pi * k / 48 for k in range(48))]
        dark = sum(1 for g in ring if g < 120)
        assert dark <= 2, f"{e['name']}: {dark} of 48 points dark on the circle 1.5 mm inside its cut"
