"""NUTS' move log turned into entries for the one replay driver (scorer/replay.py), and nothing else
(docs/records/nuts.md). Its score is the final sheets the log ends with, scored by the final-sheet
scorer (score.py), so the two record forms can never score differently.

Entries: the setup (chance: the Squirrel's square, the Bonus cards drawn); each round's start
(chance: the Hunger die and the Order cards flipped); each turn's actions, its run (chance: the
squirrel's dice; the one-path rule U12 is judged there, at the end of the actions), its goal
claims and its end; the passes a round leaves out, of players with no Action token (passes.py says
whose turn each line is); and, where another round follows, the round's end (RoundEnd: the rules
say who could still play). With `open_end` the last turn is in progress at the table: its actions
are played, its run and end not yet (a `claim: []` written says the turn is done); a round with no
turn yet is having its Order cards written.
"""
from __future__ import annotations

from typing import Iterator

from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.nuts.notation import die, nut, parse
from pnpkit.scorer.games.nuts.record import Record
from pnpkit.scorer.games.nuts.passes import LEFT_OUT, costs, style
from pnpkit.scorer.games.nuts.state import Action, RoundEnd, Run, Setup, Start, State, Step

ROUND_END = RoundEnd()


def entries(record: Record, s: State, open_end: bool) -> Iterator[tuple[str, Step]]:
    """The record as the driver plays it (lazily: a turn's player is the state's active seat)."""
    if record.start is None:
        yield "setup", Setup(record.setup)
    rounds = record.rounds or []
    done, going = s.round, not s.round_over      # a `start:` in the middle of round `done`
    if going:
        done -= 1
    for k, rnd in enumerate(rounds, start=done + 1):
        first = 1
        if going and k == done + 1:
            first = s.index + 1                     # the round goes on: no start of its own
        else:
            flipping = open_end and k == done + len(rounds) and not rnd.turns
            yield f"round {k} ({record.names[(k - 1) % len(record.names)]} first)", \
                Start(rnd.hunger, tuple(nut(x) for x in rnd.orders or ()), flipping)
        more = k < done + len(rounds)
        way = style(costs(rnd.turns, s.f), [p.tokens for p in s.players], s.active, s.passes, more)
        for ti, turn in enumerate(rnd.turns, start=first):
            if way == LEFT_OUT:
                yield from _out(record, s, k)
            where = f"round {k}, turn {ti} ({record.names[s.active]})"
            if turn == "pass":
                yield where, Action("pass")
                continue
            last = open_end and k == done + len(rounds) and ti == first - 1 + len(rnd.turns)
            for ai, text in enumerate(turn.do, start=1):
                yield f'{where}, action {ai} "{text}"', parse(text)
            if last and turn.sq is None:
                return                      # at the table: the actions go on
            yield f"{where}, run", Run(tuple(die(x) for x in turn.sq or ()), last)
            for item in turn.claim or ():
                yield f'{where}, claim "{item}"', _claim(item)
            if not last:
                yield where, END_TURN
            elif turn.claim is not None and not turn.claim:
                yield where, Action("done")     # `claim: []`: nothing claimed, the turn is over
        if more or not open_end and _all_out(s):    # (at the table, the players without tokens pass)
            yield from _out(record, s, k)
        if more and not s.round_over and not s.over:
            yield f"round {k}, turn {first + len(rnd.turns)} ({record.names[s.active]})", ROUND_END


def _all_out(s: State) -> bool:
    """Whether no player still due in the round holds an Action token: the round has ended for all."""
    n = len(s.players)
    return all(s.players[(s.active + i) % n].tokens == 0 for i in range(n - s.passes))


def _out(record: Record, s: State, k: int) -> Iterator[tuple[str, Step]]:
    """The passes left out of players without Action tokens, whose round has ended (U18), up to the
    next player who holds one."""
    for _ in s.players:                 # (a full circle of passes ends the round)
        if s.round_over or s.over or s.me().tokens or s.turn.acted or s.turn.ran is not None:
            return
        yield f"round {k}, {record.names[s.active]}'s pass (not written: no Action token)", Action("pass")


def _claim(item: str) -> Action:
    """A goal claimed (`salty-mama`), or (written after the run) any other action."""
    try:
        return parse(item)
    except ValueError:
        return Action("claim", (item.strip().lower(),))
