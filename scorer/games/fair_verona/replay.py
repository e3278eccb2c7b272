"""Fair Verona's game log turned into entries for the one replay driver (scorer/replay.py), and
nothing else (rulings V1-V20).

The record says what only the table saw (the setup's cards, each tile drawn and where it went, the
cards drawn, the attempt at an Encounter, the move, the hand-offs); the rules work out the rest
(Friends made, the Clue Token's prize, Jokers laid and discarded, the end). The setup is steps too:
the players, each Identity, the first Clue Card (with the Jokers before it), the Friends dealt. What
chance gave that the record writes on its own (a Joker shown while a Friend is drawn, the next
player's Encounter, the next Clue Card) is a step where the table took it, and so is the card a
Friend made going face down (written nowhere); a decision written with what chance gave it (`draw
R3`, `clear 9D friend 5H`) is one step. A turn's end is a step (END_TURN), and a turn written after
the game ended is one (`AfterEnd`).
"""
from __future__ import annotations

from typing import Iterator

from pnpkit.scorer.core import where_turn
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.fair_verona.notation import entries as written_actions
from pnpkit.scorer.games.fair_verona.notation import entry
from pnpkit.scorer.games.fair_verona.state import (AFTER_END, BEGIN, DEAL, FACE_DOWN, FIRST_TURN, ClueCard, Identity,
                                                   Players, State, Step)


def entries(record, s: State, open_end: bool) -> Iterator[tuple[str, Step]]:
    """The setup and the record's turns as the driver plays them, read as the game goes (a turn's
    entries are made when the one before it has ended): each action where the table took it, a
    `clue` card where the Clue Token came back, the card a Friend made going face down after the
    Jokers shown drawing it, the turn's end (not the last turn's with `open_end`: it is in progress
    at the table)."""
    yield "setup, players", Players(len(record.players))
    for p in record.players:
        yield f'setup, {p.name} "{p.identity}"', Identity(p.name, p.identity)
    if record.start is None:
        clues = record.clue if isinstance(record.clue, list) else [record.clue]
        for k, card in enumerate(clues, 1):
            yield f'setup, Clue Card "{card}"', ClueCard(card, k == len(clues))
        yield "setup", DEAL
    else:
        yield "start", BEGIN
    yield from _turns(record, s, open_end)


def _turns(record, s: State, open_end: bool) -> Iterator[tuple[str, Step]]:
    turns, names = record.turns, [p.name for p in record.players]
    first = s.turn_no + 1           # the record's first turn: 1, or the turn a `start:` is at
    if (turns or open_end) and not s.over:
        yield f"turn {first}", FIRST_TURN
    for k, written in enumerate(turns, first):
        if s.over:
            if written.data():
                yield f"turn {k}", AFTER_END
            continue
        where = where_turn(k, s.player.name)
        actions = written_actions(written.data(), names)
        clues = [a for a in actions if a.key == "clue"]
        for a in [a for a in actions if a.key != "clue"]:
            if s.friend_due and a.key != "friend":
                yield where, FACE_DOWN
            while s.clue_due and clues:
                c = clues.pop(0)
                yield f'{where}, {c.key} "{entry(c)}"', c
            yield f'{where}, {a.key} "{entry(a)}"', a
        if s.friend_due:
            yield where, FACE_DOWN
        for a in clues:
            yield f'{where}, {a.key} "{entry(a)}"', a
        if not (open_end and k == first - 1 + len(turns)):
            yield where, END_TURN
