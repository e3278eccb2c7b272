"""In the Nuts!: the move log turned into entries for the one replay driver (scorer/replay.py), and
nothing else.

A move log writes what the table knows and nothing the rules decide (docs/records/in-the-nuts.md):
the setup (the four face-up nuts, each player's first nut and where it went, the setup squirrels),
then one entry per turn, its rolls (`2 1 6 > 8`: the green die, the two white dice, the space the
squirrel went to; a roll with no space is a bad roll) and the nuts collected in it, in the order the
rules collect them, and at the end where the kept jokers went. Pushes, who collects in which order,
and which squirrels go back are the rules' to work out, and --explain shows them. The notation is
read in notation.py, the entries in record.py; the rules (moves.py, checks.py for the record's
shape) judge every step.

The entries are made as the driver asks for them, after the one before is played: where a turn
ends, whether a roll still belongs to its turn (not after a bad roll) and whether a nut is still
collected are the position's, read there; what the record writes of its shape is a `Shape` step.
A place in the record is made a string only where it is read (a format and its values): a check of
a thousand games names only the steps it reports.
"""
from __future__ import annotations

from typing import Iterator, Union

from pnpkit.scorer.core import where_turn
from pnpkit.scorer.games.in_the_nuts.notation import parse_card, parse_roll
from pnpkit.scorer.games.in_the_nuts.record import Setup, Turn
from pnpkit.scorer.games.in_the_nuts.state import (ROLL_OR_STOP, SETUP_FIRST, SETUP_SQUIRRELS, STEAL, STOP, TAKE, EndStore,
                                                   First, Reveal, Settle, Shape, State, Step)

Where = Union[str, tuple]
TURN_BEGINS, TURN_ENDS, TURN_DONE = Shape("turn-begins"), Shape("turn-ends"), Shape("turn-done")


def entries(record, s: State, open_end: bool) -> Iterator[tuple[Where, Step]]:
    """The record's steps in the order the table played them. With `open_end` the record stops where
    the table is: a setup written only so far is the setup in progress."""
    yield "players", Shape("players", count=len(record.players))
    if record.start is not None or (yield from _setup(record.setup, s, open_end and not record.turns)):
        yield from _turns(record.turns or [], s)
    for p, name in enumerate(s.names):
        for k, e in enumerate((record.end or {}).get(name, [])):
            yield f"end, {name}, joker {k + 1} \"{e.joker}\"", EndStore(p, parse_card(e.joker), e.to, e.as_)


def _setup(st: Setup, s: State, open_end: bool):
    """The setup; False where the record stops in it (at the table, or where it no longer follows)."""
    names, want = s.names, len(s.faceup)
    for i, text in enumerate(st.nuts[:want]):
        yield f"setup, nuts {i + 1} \"{text}\"", Reveal(parse_card(text))
    if len(st.nuts) < want and open_end and not st.first and not st.squirrels:
        return False
    if len(st.nuts) != want:
        yield "setup, nuts", Shape("setup-nuts-short" if len(st.nuts) < want else "setup-nuts", count=len(st.nuts))
        if s.diverged:
            return False
    for p, name in enumerate(names):
        e = st.first.get(name)
        if e is None and open_end and s.phase == SETUP_FIRST and not st.squirrels \
                and not any(n in st.first for n in names[p:]):
            return False
        if e is None:
            yield f"setup, first ({name})", Shape("first-missing", p, name=name)
            return False
        else:
            yield f"setup, first ({name}) \"{e.take}{' > ' + e.to if e.to else ''}\"", First(parse_card(e.take), e.to, e.as_)
    for name in st.squirrels:
        if names.index(name) == 0:
            yield f"setup, squirrels ({name})", Shape("no-setup-squirrel", 0, name=name)
    while s.phase == SETUP_SQUIRRELS:
        p = s.actor
        got = st.squirrels.get(names[p], [])
        if len(got) < s.settle_left and open_end and not any(n in st.squirrels for n in names[p + 1:]):
            for k, text in enumerate(got):
                yield f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text)
            return False                    # the table is putting out the setup squirrels
        yield f"setup, squirrels ({names[p]})", Shape("settle-count", p, len(got))
        for k, text in enumerate(got[:s.settle_left]):
            yield f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text)
        yield f"setup, squirrels ({names[p]})", Shape("settle-end", p)
    yield "after the setup", Shape("setup-done")
    return True


def _turns(turns: list[Turn], s: State) -> Iterator[tuple[Where, Step]]:
    names = s.names
    index = {n: i for i, n in enumerate(names)}
    for ti, turn in enumerate(turns):
        t, who = s.turn, names[s.active]
        yield ("turn {} ({})", s.turn + 1, names[(s.active + 1) % s.n]), TURN_BEGINS
        yield ("turn {} ({}), nuts", t, who), TURN_ENDS
        if s.diverged:
            return
        for ri, text in enumerate(turn.rolls):
            if s.turn != t:                         # the turn ended with a bad roll
                yield f'{where_turn(t, who)}, roll {ri + 1} "{text}"', Shape("bad-roll-roll")
                break
            yield ('turn {} ({}), roll {} "{}"', t, who, ri + 1, text), parse_roll(text)
        if s.turn != t:
            if turn.nuts:
                yield f"{where_turn(t, who)}, nut 1", Shape("bad-roll-nuts")
            continue
        if s.phase == ROLL_OR_STOP and (turn.nuts is not None or ti < len(turns) - 1):
            yield ("turn {} ({}), stop", t, who), STOP
        for ni, nut in enumerate(turn.nuts or ()):
            if s.phase != TAKE and s.phase != STEAL:
                yield f'{where_turn(t, who)}, nut {ni + 1} "{nut.text()}"', Shape("nuts-after")
                break
            yield ('turn {} ({}), nut {} ({}) "{}"', t, who, ni + 1, names[s.actor], nut), nut.action(index)
        yield ("after turn {} ({})", t, who), TURN_DONE
