"""Chestnuts Roasting on an Open Fire: the record turned into entries for the one replay driver
(scorer/replay.py), and nothing else: each turn is its roll (the die: steps 1-3, then the Nut
Points), its actions and its end (the rules judge what ending it there breaks); the last turn of a
record the table is still playing (`open_end`) has no end yet.
"""
from __future__ import annotations

from typing import Iterator

from pnpkit.scorer.core import WHERE_ACTION, WHERE_TURN
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.chestnuts.notation import parse
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.state import Roll, State, Step

_ROLLS = {n: Roll(n) for n in range(1, 7)}     # (a frozen dataclass is slow to make; a roll is one of six)


def entries(record: Record, s: State, open_end: bool) -> Iterator[tuple[str | tuple, Step]]:
    """The record as the driver plays it: each turn's roll, its actions, its end. (A place is a
    format and its values, written out only if it is reported.)"""
    names, first = record.players, 1 - s.player
    last = len(record.turns) - 1
    for ti, turn in enumerate(record.turns):
        n, name = ti + 1, names[(first + ti) % 2]
        where = (WHERE_TURN, n, name)
        yield where, _ROLLS.get(turn.roll) or Roll(turn.roll)
        for ai, text in enumerate(turn.actions, 1):
            yield (WHERE_ACTION, n, name, ai, text), parse(text)
        if not (open_end and ti == last):
            yield where, END_TURN
