"""Kit-file components -> pieces: one small renderer module per kind.

`pieces_for(kit)` returns every physical piece of the kit, in the kit's component order, each at
its real size and count; the pipeline (generator.build) puts them on sheets.
"""
from __future__ import annotations

from generator.components import board, cards, counters, reference, score_sheet, tiles
from generator.components.common import MISSING_ART, error
from generator.pieces import Piece

RENDERERS = {
    "board": board.pieces,
    "counters": counters.pieces,
    "tiles": tiles.pieces,
    "cards": cards.pieces,
    "score-sheet": score_sheet.pieces,
    "reference": reference.pieces,
}


def pieces_for(kit) -> list[Piece]:
    """All the kit's pieces, component by component, in the order the kit file lists them."""
    seen: dict[str, int] = {}
    out: list[Piece] = []
    for i, c in enumerate(kit.components):
        if c.name in seen:
            raise error(kit, ("components", i, "name"), f"the name {c.name!r} is already used by components[{seen[c.name]}]")
        seen[c.name] = i
        out.extend(RENDERERS[c.kind](kit, c, i))
    return out


__all__ = ["pieces_for", "RENDERERS", "MISSING_ART"]
