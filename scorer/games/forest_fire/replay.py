"""Forest Fire: the record turned into entries for the one replay driver (scorer/replay.py), and
nothing else, in the order of F4: the setup (the players, each start on the ring, the Firebreaks'
and the fires' rolls, each preceded by how many the record writes), then round by round each
player's actions and the end of their turn (the last one's ends the moves: those on fire go out),
how many fire rolls the round writes, and the rolls.

The entries are made as the driver asks for them, after the one before is played, so they see the
position: who is out (their actions are one step, refused), and where the record goes on after the
game's end (a round, or its fires: one step, after which no entry is made). With `open_end` the
record's last round is the one in progress at the table: the last player with actions written is
acting, and the fire rolls are not due yet.
"""
from __future__ import annotations

from typing import Iterator, Union

from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.notation import parse_action
from pnpkit.scorer.games.forest_fire.record import Record, RoundEntry
from pnpkit.scorer.games.forest_fire.state import (LATE, PLACED, Begin, Gone, Move, Place, Play, Players, Roll, Rolls,
                                                   Square, State)


Where = Union[str, tuple]


def entries(record: Record, s: State, open_end: bool) -> Iterator[tuple[Where, Play]]:
    """The whole record: the setup (or its `start:`) and every round, up to the game's end."""
    yield "setup, players", Players(len(record.players))
    if record.setup is None:
        assert record.start is not None
        yield "start", Begin(record.start.round)
    else:
        for i, p in enumerate(record.players):
            if p.start is not None:
                yield f"setup, {p.name} start [{p.start[0]}, {p.start[1]}]", Move(i, Place(tuple(p.start)))  # type: ignore[arg-type]
        yield "setup", PLACED
        yield from _rolls("setup, firebreaks", "firebreak", record.setup.firebreaks, setup=True)
        yield from _rolls("setup, fires", "fire", record.setup.fires, setup=True)
    first = record.start.round if record.start is not None else 1
    for r, rnd in enumerate(record.rounds, first):
        if s.over:
            yield f"round {r}", LATE
            return
        last = r == first + len(record.rounds) - 1
        going = open_end and last and rnd.fires is None     # the round in progress at the table
        upto = _acting(s, rnd) if going else len(s.people)
        moves = rnd.moves
        for i, p in enumerate(s.people):    # (the places in the record are made strings only where read)
            if i > upto:
                break
            acts = moves.get(p.name, ()) if moves else ()
            if p.out_in is not None:
                if acts:
                    yield ("round {}, {}", r, p.name), Gone(i)
                continue
            for k, text in enumerate(acts, 1):
                yield ('round {}, {}, action {} "{}"', r, p.name, k, text), Move(i, parse_action(text))
            if i != upto:
                yield ("round {}, {}", r, p.name), Move(i, END_TURN)
        if going:
            return
        if s.over:
            if rnd.fires:
                yield f"round {r}, fires", LATE
                return
            continue                        # a next round is refused
        if rnd.fires is None and last:
            return                          # the record stops after this round's moves
        where, rolls = f"round {r}, fires", rnd.fires or []
        yield where, Rolls("fire", len(rolls))
        for j, sq in enumerate(rolls, 1):
            yield ("{}, roll {} [{}, {}]", where, j, sq[0], sq[1]), Roll(tuple(sq))    # type: ignore[arg-type]


def _acting(s: State, rnd: RoundEntry) -> int:
    """The seat acting in the round in progress: the last with actions written (the first if none)."""
    written = [i for i, p in enumerate(s.people) if p.name in rnd.moves]
    return written[-1] if written else 0


def _rolls(where: str, kind: str, rolls: list[Square], setup: bool) -> Iterator[tuple[Where, Play]]:
    yield where, Rolls(kind, len(rolls), setup)
    for j, sq in enumerate(rolls, 1):
        yield ("{}, roll {} [{}, {}]", where, j, sq[0], sq[1]), Roll(tuple(sq))    # type: ignore[arg-type]
