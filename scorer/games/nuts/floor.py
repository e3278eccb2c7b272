"""NUTS' factory floor: its cells (ruling U8), how a nut flows through each tile (U10), where each
Dispenser's nut ends (its routes), and the Matching Paths with the places they pass (U11, U12).

The floor is the kit's edition (docs/records/nuts.md): 12 columns for 2-4 players, 16 for 5-6;
three conveyor rows whose two-column cells start at columns 1, 2, 1; Dispensers almond, cashew,
peanut, pistachio repeating; Salters at 2, 7, 12 (and 14). Columns are numbered from 1.
"""
from __future__ import annotations

from dataclasses import dataclass

NUTS = ("almond", "cashew", "peanut", "pistachio")
"""The nuts: the Dispensers', the Orders' and the score sheet's columns, in its order (index = nut)."""
SHORT = ("al", "ca", "pe", "pi")
"""The nuts in the record's shorthand, in the score sheet's order (index = nut)."""
TILES = ("X", "SL", "SR", "JL", "JR")
FACE_OF = {"X": "cross", "SL": "A", "JR": "A", "SR": "B", "JL": "B"}
"""Which physical tile a face is (U9): the supply counts tiles, a tile lies as one of its faces."""
SUPPLY = {"cross": 16, "A": 6, "B": 6}
CONVEYOR = (1, 2, 1)            # the first column of each conveyor row's first cell (U8)
SALTERS = {12: (2, 7, 12), 16: (2, 7, 12, 14)}


def columns_for(players: int) -> int:
    return 12 if players <= 4 else 16


def first_dispensers(columns: int) -> list[int]:
    """Column c (1-based) holds nut (c - 1) mod 4: almond, cashew, peanut, pistachio, repeating."""
    return [c % 4 for c in range(columns)]


def cells(columns: int) -> frozenset[tuple[int, int]]:
    """Every printed cell (row, left column), U8."""
    return frozenset((r + 1, a) for r, first in enumerate(CONVEYOR) for a in range(first, columns, 2))


def cell_text(cell: tuple[int, int]) -> str:
    return f"{cell[0]}:{cell[1]}-{cell[1] + 1}"


def _through(tile: str | None, a: int, c: int) -> tuple[int, ...]:
    """The columns a nut entering column `c` of the cell (., a) leaves it in (U10)."""
    left = c == a
    if tile is None:
        return (c,)
    if tile == "X":
        return (a + 1,) if left else (a,)
    if tile == "SL":
        return (a, a + 1) if left else ()
    if tile == "SR":
        return () if left else (a, a + 1)
    if tile == "JL":
        return (a,)
    return (a + 1,)                                  # JR


@dataclass(frozen=True)
class Route:
    """One nut's way down: the column it enters each conveyor row in, and the slot it ends in."""

    entered: tuple[int, int, int]
    slot: int


def routes(tiles: dict[tuple[int, int], str], dispenser: int) -> list[Route]:
    """Every way a nut from `dispenser` runs down the three conveyor rows (a splitter makes two)."""
    ways: list[tuple[int, ...]] = [(dispenser,)]
    for row in (1, 2, 3):
        nxt = []
        for way in ways:
            c = way[-1]
            a = c if (row, c) in tiles else c - 1 if (row, c - 1) in tiles else None
            outs = (c,) if a is None else _through(tiles[(row, a)], a, c)
            nxt.extend(way + (o,) for o in outs)
        ways = nxt
    return [Route(way[:3], way[3]) for way in ways]   # type: ignore[arg-type]


def arriving(tiles: dict[tuple[int, int], str], dispensers: list[int]) -> dict[int, set[int]]:
    """slot -> the nuts that reach it along the belts (U16's "would create a match")."""
    out: dict[int, set[int]] = {}
    for d, nut in enumerate(dispensers, start=1):
        for r in routes(tiles, d):
            out.setdefault(r.slot, set()).add(nut)
    return out


@dataclass(frozen=True)
class Path:
    """A Matching Path (U11): Dispenser `dispenser` to slot `slot`, an Order of its nut there."""

    dispenser: int
    slot: int
    nut: int
    cells: frozenset[tuple[int, int]]   # the cells whose row its routes enter in one of their columns

    def passes(self, place: tuple) -> bool:
        """Whether the path passes a configuring action's place (U12): ("cell", row, a),
        ("col", c) for a Salter square or an Order slot, ("disp", d)."""
        if place[0] == "cell":
            return (place[1], place[2]) in self.cells
        if place[0] == "col":
            return place[1] == self.slot
        return place[1] == self.dispenser

    def text(self) -> str:
        return f"{self.dispenser}->{self.slot} {SHORT[self.nut]}"


def matching_paths(tiles: dict[tuple[int, int], str], dispensers: list[int], orders: list[int | None]) -> list[Path]:
    """All Matching Paths on the floor, by Dispenser then slot."""
    out = []
    for d, nut in enumerate(dispensers, start=1):
        by_slot: dict[int, set[tuple[int, int]]] = {}
        for r in routes(tiles, d):
            if orders[r.slot - 1] == nut:
                mine = by_slot.setdefault(r.slot, set())
                for row, c in zip((1, 2, 3), r.entered):
                    mine.update({(row, c), (row, c - 1)})
        out.extend(Path(d, slot, nut, frozenset(cs)) for slot, cs in sorted(by_slot.items()))
    return out
