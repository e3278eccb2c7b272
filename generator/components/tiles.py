"""Tiles: larger square or oblong pieces, drawn like counters (with the wider safe zone of cards)."""
from __future__ import annotations

from pnpkit.generator import pictures
from pnpkit.generator.components.faces import background, draw_face, resolved
from pnpkit.generator.pieces import Piece, safe_zone
from pnpkit.kitfile.components import Tiles


def pieces(kit, t: Tiles, index: int) -> list[Piece]:
    out: list[Piece] = []
    w, h = t.size
    safe = safe_zone("tile")
    at = ("components", index)
    for group in t.groups():
        front = resolved(t.front, group)
        back = resolved(t.back, group)
        with pictures.piece(f"{t.display} ({group.name})" if group.name else t.display):
            f = draw_face(front, w, h, "square", t.border, t.corner, safe=safe, kit=kit, where=at + ("front",))
            b = (draw_face(back, w, h, "square", t.border, t.corner, safe=safe, kit=kit, where=at + ("back",))
                 if back is not None else None)
        grounds = (background(front), background(back) if back is not None else None)
        for n in range(1, group.count + 1):
            name = f"{t.display} ({group.name}) {n}" if group.name else f"{t.display} {n}"
            out.append(Piece(component=t.name, kind="tile", name=name, w=w, h=h, front=f, back=b,
                             grounds=grounds, meta={"set": group.name or None, "cut_corner": t.cut_corner}))
    return out
