"""In the Nuts!: the move log replayed turn by turn, and the position it reaches, as text.

A move log writes what the table knows and nothing the rules decide (docs/records/in-the-nuts.md):
the setup (the four face-up nuts, each player's first nut and where it went, the setup squirrels),
then one entry per turn, its rolls (`2 1 6 > 8`: the green die, the two white dice, the space the
squirrel went to; a roll with no space is a bad roll) and the nuts collected in it, in the order the
rules collect them (`{take: acorn, new: walnut, to: 2}`, `{steal: Uwe 3b, to: 5}`), and at the end
where the kept jokers went. Pushes, who collects in which order, and which squirrels go back are the
replay's to work out, and --explain shows them. The notation is read in notation.py, the entries
in record.py; the rules are moves.py's.
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
from pnpkit.scorer.movelog import Replay


# ---------------------------------------------------------------- the replay

class _Run:
    def __init__(self, record, params, explain: bool, watch, picture=None, open_end: bool = False) -> None:
        self.watch = watch
        self.names = [str(p) for p in record.players]
        self.s = State(params, self.names)
        self.s.narrate = explain or picture is not None     # a step says what it did
        self.rep = Replay(explaining=explain, recording=picture is not None)
        self.picture = picture
        self.open_end = open_end
        self.index = {n: i for i, n in enumerate(self.names)}

    def step(self, where, did: str) -> None:
        if self.picture is not None:
            s = self.s
            self.rep.step(_where(where), did, lambda: self.picture(s))

    def play(self, where, a) -> bool:
        """Check and play one action; an action of the wrong kind for the moment is not played.
        `where` is the place in the record, or a (format, values...) tuple made into one only when
        it is shown (most actions are legal and never named)."""
        s = self.s
        if self.watch is not None:
            where = _where(where)
            self.watch(where, s, a)
        why = why_illegal(s, a)
        if why is not None:
            where = _where(where)
            self.rep.illegal(where, why)
            if not fits(s, a):
                if type(a) is Take and s.phase == STEAL:
                    steal_skip(s)               # no theft written: go on as the table did, with this nut
                    return self.play(where, a)
                self.rep.note(f"{where}: not played")
                self.step(where, "not played: " + why.message)
                return False
        apply(s, a)
        if s.narrate:
            did = "; ".join(s.events)
            self.rep.note(f"{_where(where)}: " + ("ILLEGAL, played as the table did: " if why else "") + did)
            s.events.clear()
            self.step(where, ("played as the table did: " if why else "") + did)
        return True

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
    run = _Run(record, params, explain, watch, picture, open_end)
    if record.start is not None:
        run.s = state_from(record.start, run.names, params)
        run.s.narrate = explain or picture is not None
        if explain:
            run.rep.note("start:\n" + draw(run.s))
    run.step("start", "the position written under start:" if record.start is not None else
             "before the setup: every squirrel in its player's supply")
    if record.start is not None or _setup(run, record.setup, open_end and not record.turns):
        _turns(run, record.turns or [])
    if record.end:
        for p, name in enumerate(run.names):
            for k, e in enumerate(record.end.get(name, [])):
                run.play(f"end, {name}, joker {k + 1} \"{e.joker}\"",
                         EndStore(p, parse_card(e.joker), e.to, e.as_))
    if explain:
        run.rep.note("position:\n" + draw(run.s))
    if picture is not None:
        run.rep.finish("end", "the record ends here", lambda: picture(run.s))
    return run.s, run.rep


def _setup(run: _Run, st: Setup, open_end: bool = False) -> bool:
    """The setup; False where the record stops in it. With `open_end` (no turns written) a setup
    that stops part way, with nothing written after that point, is the table setting up."""
    s, names = run.s, run.names
    want = len(s.faceup)
    for i, text in enumerate(st.nuts[:want]):
        run.play(f"setup, nuts {i + 1} \"{text}\"", Reveal(parse_card(text)))
    if len(st.nuts) < want and open_end and not st.first and not st.squirrels:
        return False
    if len(st.nuts) != want:
        run.stop_here("setup, nuts", Illegal(f"{len(st.nuts)} face-up nuts; the setup turns {want} face up, "
                                             f"one under each of {', '.join(p.label for p in s.b.places)}", R.N13))
        if len(st.nuts) < want:
            return False
    for p, name in enumerate(names):
        e = st.first.get(name)
        if e is None and open_end and s.phase == SETUP_FIRST and not st.squirrels \
                and not any(n in st.first for n in names[p:]):
            return False
        if e is None or s.phase != SETUP_FIRST:
            run.stop_here(f"setup, first ({name})", Illegal(f"{name}'s first nut is not written: each player draws "
                                                            f"one, in seat order, after the face-up nuts", R.N13))
            return False
        run.play(f"setup, first ({name}) \"{e.take}{' > ' + e.to if e.to else ''}\"",
                 First(parse_card(e.take), e.to, e.as_))
    for name in st.squirrels:
        if run.index[name] == 0:
            run.rep.illegal(f"setup, squirrels ({name})", Illegal(f"{name} goes first and puts no setup squirrel",
                                                                  R.N6))
    while s.phase == SETUP_SQUIRRELS:
        p, left = s.actor, s.settle_left
        got = st.squirrels.get(names[p], [])
        if len(got) < left and open_end and not any(n in st.squirrels for n in names[p + 1:]):
            for k, text in enumerate(got):
                run.play(f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text))
            return False                    # the table is putting out the setup squirrels
        if len(got) != left:
            run.rep.illegal(f"setup, squirrels ({names[p]})", Illegal(
                f"{names[p]}, seat {p + 1}, puts {left} squirrel{'s' * (left != 1)} in the "
                f"{s.b.sections[0].need}-squirrel area; the record has {len(got)}", R.N6))
        for k, text in enumerate(got[:left]):
            run.play(f"setup, squirrels ({names[p]}) {k + 1} \"{text}\"", Settle(p, text))
        if s.phase == SETUP_SQUIRRELS and s.actor == p:
            settle_skip(s)
    if run.rep.explaining:
        run.rep.note("after the setup:\n" + draw(s))
    return True



def _turns(run: _Run, turns: list[Turn]) -> None:
    s, names = run.s, run.names
    fast = not s.narrate and run.watch is None      # legal actions are played without naming them (a plain check)
    for ti, turn in enumerate(turns):
        t, who = s.turn, names[s.active]
        if s.phase in (END_JOKERS, OVER):
            run.stop_here(f"turn {ti + 1}", Illegal("the game is over: no more turns are played", R.LAST_PICKS))
            return
        if s.phase != ROLL:
            run.stop_here(f"{where_turn(t, who)}, nuts", Illegal(
                f"the record's nuts for this turn end, but {_missing(s)}", R.N8 if s.phase == TAKE else R.N10))
            return
        for ri, text in enumerate(turn.rolls):
            if s.turn != t:
                run.rep.illegal(f'{where_turn(t, who)}, roll {ri + 1} "{text}"', Illegal(
                    "the turn already ended with a bad roll: no more rolls", R.BAD_ROLL))
                break
            a = parse_roll(text)
            if fast and why_illegal(s, a) is None:
                apply(s, a)
            else:
                run.play(('turn {} ({}), roll {} "{}"', t, who, ri + 1, text), a)
        if s.turn != t:
            if turn.nuts:
                run.rep.illegal(f"{where_turn(t, who)}, nut 1", Illegal(
                    "a turn that ends with a bad roll collects no nuts", R.BAD_ROLL))
            continue
        if s.phase == ROLL_OR_STOP and (turn.nuts is not None or ti < len(turns) - 1):
            apply(s, STOP) if fast else run.play(("turn {} ({}), stop", t, who), STOP)   # always allowed here
        for ni, nut in enumerate(turn.nuts or ()):
            if s.phase != TAKE and s.phase != STEAL:
                run.rep.illegal(f'{where_turn(t, who)}, nut {ni + 1} "{nut.text()}"', Illegal(
                    "no one collects any more nuts this turn", R.CHECK_ORDER))
                break
            a = nut.action(run.index)
            if fast and why_illegal(s, a) is None:
                apply(s, a)
            else:
                run.play(('turn {} ({}), nut {} ({}) "{}"', t, who, ni + 1, names[s.actor], nut), a)
        if run.rep.explaining:
            run.rep.note(f"after {where_turn(t, who)}:\n" + draw(s))


def _missing(s: State) -> str:
    who = s.names[s.actor]
    if s.phase == TAKE:
        return f"{who} still collects a nut at {s.section().name}"
    return f"{who} still steals a nut on the raccoon field"
