"""NUTS' factory floor: its cells (ruling U8), how a nut flows through each tile (U10), where each
Dispenser's nut ends (its routes), and the Matching Paths with the places they pass (U11, U12).

The floor's numbers (its columns, the conveyor rows' first cells, the Salters, the tile supply) are
the kit's `params.factory` (factory.py); columns are numbered from 1.
"""
from __future__ import annotations

from dataclasses import dataclass

NUTS = ("almond", "cashew", "peanut", "pistachio")
"""The nuts: the Dispensers', the Orders' and the score sheet's columns, in its order (index = nut)."""
SHORT = ("al", "ca", "pe", "pi")
"""The nuts in the record's shorthand, in the score sheet's order (index = nut)."""
TILES = ("X", "SL", "SR", "JL", "JR")
"""The tile faces whose belts `_through` knows (U10)."""


def cells(conveyor: tuple[int, ...], columns: int) -> frozenset[tuple[int, int]]:
    """Every printed cell (row, left column), U8: `conveyor` holds each row's first cell's column."""
    return frozenset((r + 1, a) for r, first in enumerate(conveyor) for a in range(first, columns, 2))


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

    entered: tuple[int, ...]           # per conveyor row, top first
    slot: int


def routes(tiles: dict[tuple[int, int], str], dispenser: int, rows: int) -> list[Route]:
    """Every way a nut from `dispenser` runs down the `rows` conveyor rows (a splitter makes two)."""
    ways: list[tuple[int, ...]] = [(dispenser,)]
    for row in range(1, rows + 1):
        nxt = []
        for way in ways:
            c = way[-1]
            a = c if (row, c) in tiles else c - 1 if (row, c - 1) in tiles else None
            outs = (c,) if a is None else _through(tiles[(row, a)], a, c)
            nxt.extend(way + (o,) for o in outs)
        ways = nxt
    return [Route(way[:-1], way[-1]) for way in ways]


_ROUTES: dict[tuple, tuple[tuple[Route, ...], ...]] = {}
"""Each floor's routes, by its tiles: the tiles change only when a tile is built or taken away, and
the routes were followed again at every check of a turn (a replay of 300 games: 190,000 times)."""


def all_routes(tiles: dict[tuple[int, int], str], columns: int, rows: int,
               laid: frozenset | None = None) -> tuple[tuple[Route, ...], ...]:
    """`routes` from each Dispenser's column, 1 to `columns` (index = column - 1); `laid`: the
    tiles' items as a frozenset, when the caller has made it."""
    key = (laid if laid is not None else frozenset(tiles.items()), columns, rows)
    known = _ROUTES.get(key)
    if known is None:
        if len(_ROUTES) >= 4096:
            _ROUTES.clear()
        known = _ROUTES[key] = tuple(tuple(routes(tiles, d, rows)) for d in range(1, columns + 1))
    return known


def arriving(tiles: dict[tuple[int, int], str], dispensers: list[int], rows: int) -> dict[int, set[int]]:
    """slot -> the nuts that reach it along the belts (U16's "would create a match")."""
    out: dict[int, set[int]] = {}
    ways = all_routes(tiles, len(dispensers), rows)
    for d, nut in enumerate(dispensers, start=1):
        for r in ways[d - 1]:
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


_PATHS: dict[tuple, tuple[Path, ...]] = {}
"""Floors whose Matching Paths are known: a turn asks for one floor's paths several times (U12 at
the last token, on a copy; the turn's end; the run)."""


def matching_paths(tiles: dict[tuple[int, int], str], dispensers: list[int], orders: list[int | None],
                   rows: int) -> list[Path]:
    """All Matching Paths on the floor, by Dispenser then slot."""
    laid = frozenset(tiles.items())
    key = (laid, tuple(dispensers), tuple(orders), rows)
    known = _PATHS.get(key)
    if known is None:
        if len(_PATHS) >= 4096:
            _PATHS.clear()
        known = _PATHS[key] = tuple(_paths(_reach(tiles, len(dispensers), rows, laid), dispensers, orders))
    return list(known)


_REACH: dict[tuple, tuple[tuple[tuple[int, frozenset[tuple[int, int]]], ...], ...]] = {}
"""Each floor's slots by Dispenser column, with the cells passed on the way: the Matching Paths of
every Dispensers and Orders on that floor (a Swap or a Reposition tried at the last token, U12) are
then a look-up per Dispenser, not the routes followed again."""


def _reach(tiles: dict[tuple[int, int], str], columns: int, rows: int,
           laid: frozenset) -> tuple[tuple[tuple[int, frozenset[tuple[int, int]]], ...], ...]:
    """Per Dispenser column, each slot its routes end in (by slot) and the cells whose row those
    routes enter in one of the cell's columns (a path to that slot passes them, U12)."""
    key = (laid, columns, rows)
    known = _REACH.get(key)
    if known is None:
        if len(_REACH) >= 4096:
            _REACH.clear()
        out = []
        for ways in all_routes(tiles, columns, rows, laid):
            by_slot: dict[int, set[tuple[int, int]]] = {}
            for r in ways:
                mine = by_slot.setdefault(r.slot, set())
                for row, c in enumerate(r.entered, start=1):
                    mine.add((row, c))
                    mine.add((row, c - 1))
            out.append(tuple((slot, frozenset(cs)) for slot, cs in sorted(by_slot.items())))
        known = _REACH[key] = tuple(out)
    return known


def _paths(reach: tuple[tuple[tuple[int, frozenset[tuple[int, int]]], ...], ...], dispensers: list[int],
           orders: list[int | None]) -> list[Path]:
    """The Matching Paths the floor's `reach` (by Dispenser column) makes with these Dispensers and Orders."""
    return [Path(d, slot, nut, cs) for d, nut in enumerate(dispensers, start=1) for slot, cs in reach[d - 1]
            if orders[slot - 1] == nut]
