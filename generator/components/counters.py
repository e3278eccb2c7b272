"""Counters: small round or square pieces, one per physical counter, sets in their owner's colour."""
from __future__ import annotations

from pnpkit.generator import pictures
from pnpkit.generator.components.faces import background, draw_face, resolved
from pnpkit.generator.pieces import Piece, safe_zone
from pnpkit.kitfile.components import Counters


def pieces(kit, c: Counters, index: int) -> list[Piece]:
    out: list[Piece] = []
    d = c.size
    shape = "circle" if c.shape == "round" else "rect"
    safe = safe_zone("counter")
    at = ("components", index)
    for group in c.groups():
        front = resolved(c.front, group)
        back = resolved(c.back, group)
        with pictures.piece(f"{c.display} ({group.name})" if group.name else c.display):
            f = draw_face(front, d, d, c.shape, c.border, safe=safe, kit=kit, where=at + ("front",))
            b = draw_face(back, d, d, c.shape, c.border, safe=safe, kit=kit, where=at + ("back",)) if back is not None else None
        grounds = (background(front), background(back) if back is not None else None)
        for n in range(1, group.count + 1):
            name = f"{c.display} ({group.name}) {n}" if group.name else f"{c.display} {n}"
            out.append(Piece(component=c.name, kind="counter", name=name, w=d, h=d, front=f, back=b,
                             shape=shape, grounds=grounds,
                             meta={"set": group.name or None, "cut_corner": c.cut_corner, "cut_square": c.cut_square}))
    return out
