"""Where a printed sheet's corner marks and tick boxes lie, in mm from its top-left corner.

The generator draws the sheet and lists each box's rectangle (piece.meta["fields"]) and its corner
marks (meta["marks"]); the form description (the game's form.py) names each box for what it holds. So a
box is read where it is printed, and named as the web form and the fillable PDF name it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnpkit.scorer import games

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Sheet:
    """One printed sheet as a camera reads it: its size, its four corner marks (ArUco id, x, y, side,
    in the order top-left, top-right, bottom-right, bottom-left) and its tick boxes by form name."""

    game: str
    w: float
    h: float
    marks: tuple[tuple[int, float, float, float], ...]
    ticks: tuple[tuple[str, Rect], ...]

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(m[0] for m in self.marks)


@lru_cache(maxsize=None)
def sheet(game: str) -> Sheet:
    """The sheet of `game` (a game with final sheets whose form component prints corner marks)."""
    from pnpkit.generator.components import score_sheet
    from pnpkit.kitfile.model import load_kit
    kit = load_kit(game)
    form = games.form(game, "sheets")
    if form is None:
        raise LookupError(f"{game} has no final score sheet")
    for i, c in enumerate(kit.components):
        if c.name == form.COMPONENT:
            piece = score_sheet.pieces(kit, c, i)[0]
            break
    else:
        raise LookupError(f"{game}: no component {form.COMPONENT!r}")
    rects = {n: (x, y, w, h) for n, x, y, w, h in piece.meta["fields"]}
    ticks = tuple((form.name(n), rects[n]) for n in piece.meta.get("ticks", []) if form.name(n) is not None)
    ticks = tuple((n, r) for n, r in ticks if not n.startswith(("row-complete.", "points.")))   # the person's, not read
    return Sheet(game, piece.w, piece.h, tuple(piece.meta.get("marks", ())), ticks)


def readable() -> dict[int, str]:
    """Each corner mark id printed by a sheet pnpkit reads from a photo, and that sheet's game."""
    out: dict[int, str] = {}
    for game in games.forms("sheets"):
        try:
            s = sheet(game)
        except LookupError:
            continue
        out |= {i: game for i in s.ids}
    return out
