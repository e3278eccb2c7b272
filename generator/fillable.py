"""The fillable score sheets: one of each, on its own page, with a text field in every box.

The kit PDF is for the printer: the score pad's copies are imposed with the other pieces, and it
carries no form fields (a form field is an on-screen thing; some printers and readers print its
highlight or lose its text). A family that keeps score on a tablet or a laptop wants the sheet on
its own instead: this file, `KIT-PAPER-fillable.pdf`, has each score-sheet component once, centred
on a page of the same paper, at 100% (so it can also be printed after filling it in), with the
fields the score-sheet renderer lists in `piece.meta["fields"]` (one per cell, name and box).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Shape
from pnpkit.generator.sheets import Paper, Placed, furniture

Field = tuple[str, float, float, float, float]


@dataclass(frozen=True)
class Sheet:
    """One page of the fillable file: its drawing and its fields, both in page mm."""

    shapes: tuple[Shape, ...]
    fields: tuple[Field, ...]


def sheets(pieces: list[Piece], paper: Paper, title: str, credit: str, titles: dict[str, str]) -> list[Sheet]:
    """A page for the first copy of every piece that has fields (score sheets), in kit order.
    A sheet too large for the printable area turns a quarter if that fits (it is never scaled)."""
    firsts: dict[str, Piece] = {}
    for p in pieces:
        if p.meta.get("fields") and p.component not in firsts:
            firsts[p.component] = p
    x0, y0, x1, y1 = paper.area
    aw, ah = x1 - x0, y1 - y0
    out: list[Sheet] = []
    for n, p in enumerate(firsts.values(), 1):
        turned = (p.w > aw + 1e-6 or p.h > ah + 1e-6) and p.h <= aw and p.w <= ah
        w, h = (p.h, p.w) if turned else (p.w, p.h)
        x, y = x0 + (aw - w) / 2, y0 + (ah - h) / 2
        placed = Placed(p, x, y, w, h, rotate=90 if turned else 0)
        fields = tuple((name, *placed.box_on_page(fx, fy, fw, fh)) for name, fx, fy, fw, fh in p.meta["fields"])
        left = f"{title}: {titles.get(p.component, p.component)}: fill in on screen, then save or print at 100%"
        shapes = (placed.shape(),) + tuple(furniture(paper, left, f"page {n} of {len(firsts)}", credit))
        out.append(Sheet(shapes, fields))
    return out

