"""Trim the Tree: the record turned into entries for the one replay driver (scorer/replay.py), and
nothing else: each round is its box (chance), its picks and its end; the last round recorded is
where the record stops, so it has no end of its own.
"""
from __future__ import annotations

from functools import partial
from typing import Iterator

from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.trim_the_tree.record import Record
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step, Stranger

move = partial(tuple.__new__, Move)
"""`Move` made from a tuple of its fields without its Python constructor (a named tuple's `__new__`
is a Python call; a check makes a Move for every pick of a thousand games)."""


def entries(record: Record, s: State, open_end: bool = False) -> Iterator[tuple[str, Step]]:
    """The record as the driver plays it: each round's box, its picks, its end."""
    names = list(record.players)
    last = len(record.rounds) - 1
    for ri, rnd in enumerate(record.rounds):
        where_r = f"round {s.round + 2}"        # the round the box opens (a `start:` may begin later)
        yield where_r, Box(tuple(rnd.box))
        for pick in rnd.picks:
            yield (f"{where_r}, {pick.player}", move((names.index(pick.player), pick.take, pick.at))
                   if pick.player in names else Stranger(pick.player))
        if ri != last:
            yield where_r, END_TURN
