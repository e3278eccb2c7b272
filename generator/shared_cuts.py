"""Shared cuts: where two pieces of a grid touch, one straight cut separates them, so a background
that runs past its cut (a bleed) stops at the neighbour's cut instead of printing over the
neighbour. generator/impose.py lays the grids out; this trims each piece's bleed to match.
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.generator.sheets import MARGIN, Paper, Placed


def shared_edges(placed: list[Placed], paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> list[Placed]:
    """Each piece with its bleed cut back to its trim on every side where a neighbour touches it
    (a shared cut): a background runs to the neighbour's cut, never over the neighbour. Outside
    the grid a bleed stops at the margin, where the page is moved by `offset` (a back page's
    --back-offset) too."""
    if not any(p.bleed for p in placed):
        return placed  # nothing runs past its cut: nothing to stop
    eps = 1e-3
    by_x0: dict[float, list[int]] = {}
    by_y0: dict[float, list[int]] = {}
    for i, p in enumerate(placed):
        by_x0.setdefault(round(p.x, 2), []).append(i)
        by_y0.setdefault(round(p.y, 2), []).append(i)

    def touches(p: Placed, q: Placed, axis: str) -> bool:
        if axis == "x":
            return q.y < p.y + p.h - eps and p.y < q.y + q.h - eps
        return q.x < p.x + p.w - eps and p.x < q.x + q.w - eps

    right = [False] * len(placed)
    below = [False] * len(placed)
    left = [False] * len(placed)
    above = [False] * len(placed)
    for i, p in enumerate(placed):
        for j in by_x0.get(round(p.x + p.w, 2), ()):
            if touches(p, placed[j], "x"):
                right[i] = left[j] = True
        for j in by_y0.get(round(p.y + p.h, 2), ()):
            if touches(p, placed[j], "y"):
                below[i] = above[j] = True
    out = []
    dx, dy = offset
    for i, p in enumerate(placed):
        b = p.bleed
        room = (p.x + dx - MARGIN, p.y + dy - MARGIN, paper.w - MARGIN - p.x - p.w - dx, paper.h - MARGIN - p.y - p.h - dy)
        sides = tuple(0.0 if shut else max(0.0, min(b, r)) for shut, r in zip((left[i], above[i], right[i], below[i]), room))
        out.append(p if not b or sides == (b, b, b, b) else replace(p, bleeds=sides))
    return out
