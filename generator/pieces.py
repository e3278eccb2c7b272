"""A piece: one physical thing a person cuts out, drawn once, front and (maybe) back.

Component renderers (generator/components/) turn a kit file's components into pieces; imposition
puts pieces on sheets; backends draw the sheets. A piece knows its trim size and its drawing, never
where it lands on a page nor which backend draws it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnpkit.generator.shapes import Rect, Shape, Style

# How far inside the cut a piece's frame lines, words and important art keep (mm), so a crooked cut
# never shaves them: 1/8 in on cards, tiles and boards (the safe zone print shops ask for:
# generator/export/printshop.py), 1.5 mm on counters, which are too small to give up 3 mm a side.
SAFE = {"counter": 1.5}
SAFE_DEFAULT = 3.175
WORDS_IN = 4.5  # mm inside a card's cut: its words, clear of its frame line


def safe_zone(kind: str) -> float:
    return SAFE.get(kind, SAFE_DEFAULT)


def frame(w: float, h: float, safe: float, style: Style, r: float = 0.0) -> Rect:
    """A face's frame line, its whole stroke inside the safe line (`safe` mm in from a w x h cut):
    a print shop's proof shows none of it in the band a crooked cut may take."""
    inset = safe + style.width / 2
    return Rect(inset, inset, w - 2 * inset, h - 2 * inset, style, r=r)


@dataclass(frozen=True)
class Piece:
    component: str  # the component's name in the kit file
    kind: str  # board | counter | card | tile | score-sheet | reference | ...
    name: str  # e.g. "Chestnut (Red, uncooked) 3"
    w: float  # trim width, mm
    h: float  # trim height, mm
    front: tuple[Shape, ...]
    back: tuple[Shape, ...] | None = None  # None: single-sided
    bleed: float = 0.0  # mm the front's background runs past the trim on every side
    shape: str = "rect"  # rect | circle: how it is cut (crop marks sit outside either way)
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    # The colour of each side's background where it meets the cut ("#ffffff": paper), or None when
    # the drawing itself says (a hand-made piece that draws its own bleed). A known, coloured
    # background is run past the cut by the pipeline (generator/bleed.py), so the renderers draw
    # every piece at its trim size and never need to know the print options.
    grounds: tuple[str | None, str | None] = (None, None)
    back_bleed: float | None = None  # mm the back's background runs past the trim (None: as `bleed`)

    @property
    def double_sided(self) -> bool:
        return self.back is not None

    @property
    def reach(self) -> float:
        """How far past the trim either side is drawn: what the imposition keeps clear."""
        return max(self.bleed, self.back_bleed or 0.0)

    def bleed_of(self, side: str) -> float:
        if side == "back" and self.back_bleed is not None:
            return self.back_bleed
        return self.bleed

    def ground_of(self, side: str) -> str | None:
        return self.grounds[0 if side == "front" else 1]
