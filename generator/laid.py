"""An area of a position laid out (generator/tableau.py): the faces it shows, where, and its
captions, traces and writing. The replay page's script draws it; `Tableau.shapes` draws the same
as shapes. Both the tableau and the tile-laying games' maps (generator/tableau_tiles.py) lay areas
out as these values.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.generator.shapes import Shape


@dataclass(frozen=True)
class Item:
    """One counter (or a stack of `count`) drawn at (x, y), its top-left corner, `d` mm wide; a card
    (or a pile) is `h` mm high as well."""

    face: str
    x: float
    y: float
    d: float
    count: int = 1
    label: str = ""
    h: float | None = None          # a card's height; None: a counter, as high as it is wide
    place: str = ""                 # what the game's moves call it (a Piece's or Card's `tag`): tappable


@dataclass
class Laid:
    """An area laid out: its size, what lies on it, and (boards) which board is under it."""

    kind: str
    title: str
    w: float
    h: float
    board: str | None = None
    taps: bool = True               # a board whose places a tapped table marks (Area.taps)
    items: list[Item] = field(default_factory=list)
    texts: list[tuple[float, float, str]] = field(default_factory=list)   # captions (x, baseline y, text)
    lines: list[tuple[str, bool, list[tuple[float, float]]]] = field(default_factory=list)   # traces: colour, dashed, points
    writing: list[tuple[float, float, str, float, str]] = field(default_factory=list)   # on a sheet: x, y, text, pt, anchor
    drawing: tuple[Shape, ...] = ()   # a score sheet: the whole picture
