"""Paper a rater gives 9 (issue 38): each point the rater of every kit (A4 and Letter, ink-saver,
gutter, bleed, and the exports) found between 8 and 9, read from the manifests, the PDFs' text and
the exports' files."""
from __future__ import annotations

import pytest

from pnpkit.generator.build import printable_kits
from pnpkit.generator.sheets import HEADER_BOTTOM, MARGIN
from test_print_legible import _printed_lines

KITS = printable_kits()
PAPERS = ("a4", "letter")


# --- 6. headings never shrink under 7 pt --------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_every_page_heading_prints_at_7_pt(kit_build, kit, paper):
    """What is on a page and its number, over it or (a grid from margin to margin) turned in the
    side margins, at 7 pt: a long list is cut after a whole item ("and 9 more"), never shrunk
    (Trim the Tree p8 and NUTS p30 printed theirs at 6.25 pt)."""
    built = kit_build(kit, paper)
    width = built.manifest["page_size_mm"][0]
    headings = 0
    for page, runs in _printed_lines(str(built.pdf)).items():
        for pt, x, y, text in runs:
            if y <= HEADER_BOTTOM or x <= MARGIN + 3 or x >= width - MARGIN - 3:
                headings += 1
                assert pt >= 7.0 - 0.01, f"{kit} {paper} page {page}: heading {text!r} at {pt:.2f} pt"
    assert headings >= built.manifest["pages"]  # at least each page's number
