"""In the Nuts!: the move log replayed turn by turn, and the position it reaches, as text.

A move log writes what the table knows and nothing the rules decide (docs/records/in-the-nuts.md):
the setup (the four face-up nuts, each player's first nut and where it went, the setup squirrels),
then one entry per turn, its rolls (`2 1 6 > 8`: the green die, the two white dice, the space the
squirrel went to; a roll with no space is a bad roll) and the nuts collected in it, in the order the
rules collect them (`{take: acorn, new: walnut, to: 2}`, `{steal: Uwe 3b, to: 5}`), and at the end
where the kept jokers went. Pushes, who collects in which order, and which squirrels go back are the
replay's to work out, and --explain shows them. The notation is read in notation.py, the entries
in record.py; the rules are moves.py's.

The record is turned into entries (`(ACT, where, action)`) for the one replay driver
(scorer/replay.py), which checks each, reports it and plays it through `Walk`. What the record's
shape says (a setup that stops short, a turn after the game's end, a roll after a bad roll) the
entries say themselves, and stop where the record no longer follows the game. In a plain check
(no --explain, no pictures) a legal action is played at once, unnamed: most are, and a thousand
games check fast; the driver sees every action that has anything to say.
"""
from __future__ import annotations

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer.core import where_turn
from pnpkit.scorer.games.in_the_nuts.auto import settle_skip, steal_skip
from pnpkit.scorer.games.in_the_nuts.moves import apply, why_illegal
from pnpkit.scorer.games.in_the_nuts.notation import parse_card, parse_roll
from pnpkit.scorer.games.in_the_nuts.position import draw, state_from
from pnpkit.scorer.games.in_the_nuts.record import Setup, Turn
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, OVER, ROLL, ROLL_OR_STOP, SETUP_FIRST, SETUP_SQUIRRELS,
                                                   STEAL, STOP, TAKE, EndStore, First, Reveal, Settle, State, Take,
                                                   fits)
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.replay import ACT, Entry, Replay, run


# ---------------------------------------------------------------- the walk the driver plays

class Walk:
    """In the Nuts! for the replay driver: its rules on its state, its words, its pictures."""

    def __init__(self, s: State, rep: Replay, watch=None, picture=None) -> None:
        self.s, self.rep, self.watch, self.draw = s, rep, watch, picture
        self.names = s.names
        self.index = {n: i for i, n in enumerate(self.names)}
        self.fast = not s.narrate and watch is None     # a plain check: legal actions played unnamed
        self.again: Illegal | None = None               # the verdict on a nut re-read after a theft left out

    def after_end(self, entry) -> Illegal | None:
        return None             # the entries say where a turn follows the game's end

    def why_illegal(self, a) -> Illegal | None:
        return why_illegal(self.s, a)

    def reported(self, why: Illegal) -> bool:
        return True

    def unplayable(self, where: str, a, why: Illegal) -> tuple[str, list[str]] | None:
        """An action of the wrong kind for the moment is not played; a nut taken where a theft was
        due is played as the table did, with no theft (and reported again if still illegal)."""
        s = self.s
        while not fits(s, a):
            if type(a) is not Take or s.phase != STEAL:
                return "not played: " + why.message, [f"{where}: not played"]
            steal_skip(s)
            if self.watch is not None:
                self.watch(where, s, a)
            why = why_illegal(s, a)         # type: ignore[assignment]
            if why is None:
                break
            self.rep.illegal(where, why)
        self.again = why
        return None

    def play(self, where: str, a, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        s = self.s
        why, self.again = self.again if why is not None else None, None
        apply(s, a)
        if not s.narrate:
            return "", []
        did = "; ".join(s.events)
        s.events.clear()
        return (("played as the table did: " if why else "") + did,
                [f"{where}: " + ("ILLEGAL, played as the table did: " if why else "") + did])

    def turn_problems(self) -> list[Illegal]:
        return []

    def epilogue(self, open_end: bool) -> None:
        return None

    def picture(self):
        return self.draw(self.s)

    def act(self, where, a) -> Entry:
        """The entry of an action, its place in the record (or a format and its values) made a
        string here: a plain check names only the actions it reports."""
        where = _where(where)
        if self.watch is not None:
            self.watch(where, self.s, a)
        return ACT, where, a

    def entry(self, where, a):
        """`act` as a generator of no entry or one: a plain check plays a legal action at once."""
        if self.fast and why_illegal(self.s, a) is None:
            apply(self.s, a)
        else:
            yield self.act(where, a)

    def stop_here(self, where: str, why: Illegal) -> None:
        self.rep.illegal(where, why)
        self.rep.note(f"{where}: the record no longer follows the game; the replay stops here")


def _where(where) -> str:
    return where if isinstance(where, str) else where[0].format(*where[1:])


def replay(record, params, explain: bool = False, watch=None, picture=None,
           open_end: bool = False) -> tuple[State, Replay]:
    """Play the move log through the rules, collecting every violation (and, explaining, the notes).

    `watch(where, state, action)`, if given, sees every action the record writes just before it is
    checked (a test that wants the position at one). `picture(state)`, if given, draws the position
    after every action: the replay's steps (scorer/play.py). With `open_end` the record stops where
    the table is (`pnpkit moves`): a setup written only so far is the setup in progress, not a
    violation."""
    names = [str(p) for p in record.players]
    s = State(params, names) if record.start is None else state_from(record.start, names, params)
    s.narrate = explain or picture is not None          # a step says what it did
    rep = Replay(explaining=explain, recording=picture is not None)
    walk = Walk(s, rep, watch, picture)
    if record.start is not None and explain:
        rep.note("start:\n" + draw(s))
    rep.step("start", "the position written under start:" if record.start is not None else
             "before the setup: every squirrel in its player's supply", walk.picture)
    run(walk, _entries(walk, record, open_end), rep, open_end)
    if explain:
        rep.note("position:\n" + draw(s))
    return s, rep


def _entries(walk: Walk, record, open_end: bool):
    """The record's actions in the order the table played them, as the driver's entries."""
    if record.start is not None or (yield from _setup(walk, record.setup, open_end and not record.turns)):
        yield from _turns(walk, record.turns or [])
    for p, name in enumerate(walk.names):
        for k, e in enumerate((record.end or {}).get(name, [])):
            yield from walk.entry(f"end, {name}, joker {k + 1} \"{e.joker}\"",
                                  EndStore(p, parse_card(e.joker), e.to, e.as_))


def _setup(walk: Walk, st: Setup, open_end: bool = False):
    """The setup; False where the record stops in it. With `open_end` (no turns written) a setup
    that stops part way, with nothing written after that point, is the table setting up."""
    s, names = walk.s, walk.names
    want = len(s.faceup)
    for i, text in enumerate(st.nuts[:want]):
        yield from walk.entry(f"setup, nuts {i + 1} \"{text}\"", Reveal(parse_card(text)))
    if len(st.nuts) < want and open_end and not st.first and not st.squirrels:
        return False
    if len(st.nuts) != want:
        walk.stop_here("setup, nuts", Illegal(f"{len(st.nuts)} face-up nuts; the setup turns {want} face up, "
                                             f"one under each of {', '.join(p.label for p in s.b.places)}", R.N13))
        if len(st.nuts) < want:
            return False
    for p, name in enumerate(names):
        e = st.first.get(name)
        if e is None and open_end and s.phase == SETUP_FIRST and not st.squirrels \
                and not any(n in st.first for n in names[p:]):
            return False
        if e is None or s.phase != SETUP_FIRST:
            walk.stop_here(f"setup, first ({name})", Illegal(f"{name}'s first nut is not written: each player draws "
                                                            f"one, in seat order, after the face-up nuts", R.N13))
            return False
        yield from walk.entry(f"setup, first ({name}) \"{e.take}{' > ' + e.to if e.to else ''}\"",
                         First(parse_card(e.take), e.to, e.as_))
    for name in st.squirrels:
        if walk.index[name] == 0:
            walk.rep.illegal(f"setup, squirrels ({name})", Illegal(f"{name} goes first and puts no setup squirrel",
                                                                  R.N6))
    while s.phase == SETUP_SQUIRRELS:
        p, left = s.actor, s.settle_left
        got = st.squirrels.get(names[p], [])
        if len(got) < left and open_end and not any(n in st.squirrels for n in names[p + 1:]):
            for k, text in enumerate(got):
                yield from walk.entry(f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text))
            return False                    # the table is putting out the setup squirrels
        if len(got) != left:
            walk.rep.illegal(f"setup, squirrels ({names[p]})", Illegal(
                f"{names[p]}, seat {p + 1}, puts {left} squirrel{'s' * (left != 1)} in the "
                f"{s.b.sections[0].need}-squirrel area; the record has {len(got)}", R.N6))
        for k, text in enumerate(got[:left]):
            yield from walk.entry(f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text))
        if s.phase == SETUP_SQUIRRELS and s.actor == p:
            settle_skip(s)
    if walk.rep.explaining:
        walk.rep.note("after the setup:\n" + draw(s))
    return True


def _turns(walk: Walk, turns: list[Turn]):
    s, names, fast = walk.s, walk.names, walk.fast
    for ti, turn in enumerate(turns):
        t, who = s.turn, names[s.active]
        if s.phase in (END_JOKERS, OVER):
            walk.stop_here(where_turn(s.turn + 1, names[(s.active + 1) % s.n]), Illegal(
                f"the game ended in turn {s.turn} ({who}'s): no more turns are played", R.LAST_PICKS))
            return
        if s.phase != ROLL:
            walk.stop_here(f"{where_turn(t, who)}, nuts", Illegal(
                f"the record's nuts for this turn end, but {_missing(s)}", R.N8 if s.phase == TAKE else R.N10_MUST))
            return
        for ri, text in enumerate(turn.rolls):
            if s.turn != t:
                walk.rep.illegal(f'{where_turn(t, who)}, roll {ri + 1} "{text}"', Illegal(
                    "the turn already ended with a bad roll: no more rolls", R.BAD_ROLL))
                break
            a = parse_roll(text)
            if fast and why_illegal(s, a) is None:
                apply(s, a)             # a legal action in a plain check: played at once, unnamed
            else:
                yield walk.act(('turn {} ({}), roll {} "{}"', t, who, ri + 1, text), a)
        if s.turn != t:
            if turn.nuts:
                walk.rep.illegal(f"{where_turn(t, who)}, nut 1", Illegal(
                    "a turn that ends with a bad roll collects no nuts", R.BAD_ROLL))
            continue
        if s.phase == ROLL_OR_STOP and (turn.nuts is not None or ti < len(turns) - 1):
            if fast:
                apply(s, STOP)          # always allowed here
            else:
                yield walk.act(("turn {} ({}), stop", t, who), STOP)
        for ni, nut in enumerate(turn.nuts or ()):
            if s.phase != TAKE and s.phase != STEAL:
                walk.rep.illegal(f'{where_turn(t, who)}, nut {ni + 1} "{nut.text()}"', Illegal(
                    f"the last picks are over: {_left_on_board(s)}", R.FOUR_SQUIRRELS) if s.phase in (END_JOKERS, OVER)
                    else Illegal("no one collects any more nuts this turn", R.CHECK_ORDER))
                break
            a = nut.action(walk.index)
            if fast and why_illegal(s, a) is None:
                apply(s, a)
            else:
                yield walk.act(('turn {} ({}), nut {} ({}) "{}"', t, who, ni + 1, names[s.actor], nut), a)
        if walk.rep.explaining:
            walk.rep.note(f"after {where_turn(t, who)}:\n" + draw(s))


def _left_on_board(s: State) -> str:
    """Why no one picks again at the end: each player's squirrels left on the board, fewer than four."""
    left = ", ".join(f"{name} {sum(c[p] for c in s.counts)}" for p, name in enumerate(s.names))
    return f"a player picks once for every four squirrels they have on the board, and no one has four left ({left})"


def _missing(s: State) -> str:
    who = s.names[s.actor]
    if s.phase == TAKE:
        return f"{who} still collects a nut at {s.section().name}"
    return f"{who} still steals a nut on the raccoon field; {R.MUST_STEAL}"
