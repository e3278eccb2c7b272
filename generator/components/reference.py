"""Reference cards: text and tables from a jinja2 template that reads the kit's params.

The template sees `params`, `game` and `kit`, so the action table a player reads is the one the
scorer charges; the text is laid at the largest size that fits (textblock), or the build stops.
"""
from __future__ import annotations

from pnpkit.generator.components.common import error, render_template
from pnpkit.generator.pieces import Piece, frame as frame_line, safe_zone
from pnpkit.generator.shapes import Rect, Shape, Style, ground
from pnpkit.generator.textblock import TextFitError, layout
from pnpkit.kitfile.components import Reference, TextBlock


def side(kit, r: Reference, block: TextBlock, where: tuple) -> tuple[tuple[Shape, ...], float]:
    """One side of the card and the size its text was set at."""
    w, h = r.size
    m = max(r.margin, safe_zone("reference") + 1.0)  # the words inside the frame, the frame on the safe line
    text = render_template(kit, block, where)
    try:
        laid = layout(text, w - 2 * m, h - 2 * m, x=m, y=m, max_pt=block.max_pt, min_pt=block.min_pt,
                      columns=block.columns, where=f"{r.name}")
    except TextFitError as e:
        raise error(kit, where, str(e)) from None
    safe = safe_zone("reference")
    frame = frame_line(w, h, safe, Style(fill=None, stroke="#9a9a9a", width=0.25), r=2.0)
    return (Rect(0, 0, w, h, ground("#ffffff")), frame) + laid.shapes, laid.pt


def pieces(kit, r: Reference, index: int) -> list[Piece]:
    where = ("components", index)
    front, front_pt = side(kit, r, r.front, where + ("front",))
    back, back_pt = side(kit, r, r.back, where + ("back",)) if r.back is not None else (None, None)
    w, h = r.size
    return [Piece(component=r.name, kind="reference", name=f"{r.display} {n}" if r.count > 1 else r.display,
                  w=w, h=h, front=front, back=back, grounds=("#ffffff", "#ffffff" if back else None),
                  meta={"pt": front_pt, "back_pt": back_pt})
            for n in range(1, r.count + 1)]
