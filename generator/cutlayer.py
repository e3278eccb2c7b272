"""Cut paths for cutting machines (Cricut, Silhouette, a laser): each piece's outline, as cut.

Every SVG page carries them in a layer of their own ("Cut", above the "Print" layer), so a
cutting machine's software can cut along them and print (or ignore) the rest; `pnpkit build
--cut-layer-only` writes that layer alone. A round piece is a circle, a card or tile with a
`cut_corner` a rounded rectangle, anything else a rectangle, each at its trim size exactly where
the page prints it (a back page's --back-offset included). A board in parts has one outline per
part; a folded pair (--backs gutter) one outline round both halves.
"""
from __future__ import annotations

from pnpkit.generator.sheets import Page
from pnpkit.generator.shapes import Circle, Rect, Shape, Style

CUT = Style(fill=None, stroke="#ff0000", width=0.1)  # a hairline: cutting software reads it as a cut


def outlines(page: Page) -> tuple[Shape, ...]:
    dx, dy = page.offset
    out: list[Shape] = []
    for p in page.placed:
        x, y = p.x + dx, p.y + dy
        if p.piece.shape == "circle":
            out.append(Circle(x + p.w / 2, y + p.h / 2, min(p.w, p.h) / 2, CUT))
        else:
            out.append(Rect(x, y, p.w, p.h, CUT, r=float(p.piece.meta.get("cut_corner", 0.0) or 0.0)))
    return tuple(out)
