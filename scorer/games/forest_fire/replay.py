"""Forest Fire: the record turned into entries for the one replay driver (scorer/replay.py), round
by round in the order of F4: each player's actions (`ACT`, checked by moves.why_illegal and played,
or not played), the turn's end (`TURN_END`: a pilot who had to refill), then the end of the moves
(`CHANCE`: those on fire go out, no step if none) and the fire rolls (`CHANCE`: a wrong count of
rolls, each roll, the forest ablaze). Each step can be drawn (position.picture); --explain also
shows the board as text.

The entries are made as the driver asks for them, after the one before is played, so they see the
position: the round's number and the turn passing to each player (nothing to check or show, and
most turns of a long game are empty) are set on it as they are reached, and what the record writes
after the game's end (a round, its fires, an action) is one violation, not played, after which no
entry is made.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Iterable, Iterator, Sequence

from pnpkit.kitfile.params.forest_fire import Params
from pnpkit.scorer.core import Rule, Violation, join_names
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.forest_fire.moves import apply, why_illegal, why_start_illegal, why_turn_short
from pnpkit.scorer.games.forest_fire.notation import parse_action
from pnpkit.scorer.games.forest_fire.position import draw, picture, state_from
from pnpkit.scorer.games.forest_fire.record import Record, RoundEntry
from pnpkit.scorer.games.forest_fire.rules import F4, F5, R_FIREBREAKS, R_OUT, R_PLAYERS, R_SETUP_FIRES
from pnpkit.scorer.games.forest_fire.state import Move, Person, Square, State, sq
from pnpkit.scorer.replay import ACT, CHANCE, TURN_END, Entry, Replay, run


@dataclass(frozen=True)
class Late:
    """What the record writes after the game's end: refused, and the replay stops there."""


@dataclass(frozen=True)
class Gone:
    """Actions written for the player in `seat`, who is out: refused, none of them played."""

    seat: int


LATE = Late()
NOTHING: tuple[None, list[str], list[Illegal], bool] = (None, [], [], False)
"""A chance event that did nothing to show (never changed: the driver only reads what it gets)."""
MOVES_OVER, COUNT, FIREBREAK, FIRE, BLAZE = ("end of moves", "count", "firebreak", "fire", "blaze")
"""The kinds of Forest Fire's `CHANCE` events (what no one chooses), each a tuple with its kind first."""


class Walk:
    """Forest Fire for the replay driver: the position, its rules, its words and pictures."""

    def __init__(self, record: Record, kit, explaining: bool = False, recording: bool = False) -> None:
        self.record, self.kit, self.explaining = record, kit, explaining
        self.params: Params = kit.params
        people = [Person(p.name, self.params.role(p.role), p.start) for p in record.players]
        if record.start is None:
            self.state, self.first_round = State(self.params.grid, people), 1
        else:
            self.state, self.first_round = state_from(record.start, people, self.params.grid), record.start.round
        self.state.words = explaining or recording
        self.flagged = False        # an action of this turn was refused (its end is then not judged)
        self.stopped = False        # the record went on after the game's end

    def begin_turn(self, i: int) -> None:
        self.state.begin_turn(i)
        self.flagged = False

    def after_end(self, entry: Entry) -> Illegal | None:
        return None         # the entries write what comes after the end as a `Late`, refused by why_illegal

    def ended(self) -> Illegal:
        st = self.state
        when = "during the setup" if st.ended_in == 0 else f"in round {st.ended_in}"
        return Illegal(f"the game was already {st.outcome} {when}; nothing after that is played",
                       F5 if st.outcome == "won" else F4)

    def chance(self, where: str, event: tuple, telling: bool) -> tuple[str | None, list[str], list[Illegal], bool]:
        st, kind = self.state, event[0]
        if kind is FIRE:                        # (the kinds in the order of how often they come)
            return self._roll(where, kind, event[1], telling)
        elif kind is MOVES_OVER:
            gone = st.end_of_moves()
            if gone:
                return self._show(where, f"{join_names(p.name for p in gone)} on a burning square: out"
                                  + (". Every player is out: the game is lost (F4)" if st.over else ""), telling)
        elif kind is BLAZE:
            if st.blaze():
                return self._show(where, "every square that is not a Firebreak is burning: the game is lost (F4)",
                                  telling)
        elif kind is COUNT:
            _, got, want, rule, why_want = event
            return None, [], [Illegal(f"{got} fire roll{'s' * (got != 1)}; expected {want}: {why_want}", rule)], False
        else:
            return self._roll(where, kind, event[1], telling)
        return NOTHING

    def _roll(self, where: str, kind: str, s: Square, telling: bool) -> tuple[str, list[str], list[Illegal], bool]:
        st = self.state
        if (why := st.why_roll_illegal(s)) is not None:
            did, notes = refused(where, why)
            return did, notes, [why], False
        if kind is FIREBREAK:
            st.firebreaks.add(s)  # a repeated roll adds nothing (F2)
            return self._show(where, f"Firebreak on {sq(s)}", telling)
        if not telling:
            return st.roll(s), [], [], False
        return self._show(where, st.roll(s), telling)

    def _show(self, where: str, what: str, telling: bool) -> tuple[str, list[str], list[Illegal], bool]:
        if telling and self.explaining:
            return what, [f"{where}: {what}\n{draw(self.state)}"], [], False
        return what, [], [], False

    def why_illegal(self, a: Move | Late | Gone) -> Illegal | None:
        if a.__class__ is Move:
            return why_illegal(self.state, a)
        if a is LATE:
            self.stopped = True
            return self.ended()
        p = self.state.people[a.seat]
        return Illegal(f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT)

    def reported(self, why: Illegal) -> bool:
        return True

    def unplayable(self, where: str, a: Move | Late | Gone, why: Illegal) -> tuple[str, list[str]]:
        """Every refused action is not played; a refused action of a turn still uses one of its actions."""
        if a.__class__ is Move:
            self.state.done += 1
            self.flagged = True
        return refused(where, why)

    def play(self, where: str, m: Move, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        what = apply(self.state, m)
        if not telling:
            return "", []
        return what, self._show(where, what, telling)[1]

    def turn_problems(self) -> list[Illegal]:
        why = None if self.flagged else why_turn_short(self.state)     # else already said
        return [] if why is None else [why]

    def epilogue(self, open_end: bool) -> None:
        return None

    def picture(self):
        return picture(self.state)


def refused(where: str, why: Illegal) -> tuple[str, list[str]]:
    """A step not played: its words and its --explain note (the board is unchanged)."""
    return f"not played: {why.message}", [f"{where}: not played: {why.message} ({why.rule.id})"]


def begin(walk: Walk, rep: Replay) -> None:
    """The setup before its rolls: the number of players, the starts, the Firebreaks' count, with
    the first step (or the `start:` position)."""
    st, params, record = walk.state, walk.params, walk.record
    game, players = walk.kit.game, len(record.players)
    if not game.min_players <= players <= game.max_players:
        rep.violations.append(Violation.of("setup, players", f"{players} players; the game is for {game.players}",
                                           R_PLAYERS))
    if record.setup is None:
        what = f"the board written under start:, round {walk.first_round} to play"
        rep.note(f"start: {what}\n{draw(st)}")
        rep.step("start", what, walk.picture)
        return
    for p in st.people:
        if p.at is not None and (why := why_start_illegal(st, p, p.at)) is not None:
            rep.illegal(f"setup, {p.name} start [{p.at[0]}, {p.at[1]}]", why)
    rep.step("setup", "the players at their places on the ring", walk.picture)
    breaks = record.setup.firebreaks
    if len(breaks) > min(players, params.firebreaks):
        rep.illegal("setup, firebreaks", Illegal(
            f"{len(breaks)} Firebreak rolls for {players} players (and {params.firebreaks} Firebreak counters)",
            R_FIREBREAKS))


def setup_entries(walk: Walk) -> Iterator[Entry]:
    """The setup's rolls: the Firebreaks, then two rounds' worth of fires."""
    setup, players, k = walk.record.setup, len(walk.record.players), walk.params.setup_rounds
    if setup is None:
        return
    for j, s in enumerate(setup.firebreaks, 1):
        yield CHANCE, f"setup, firebreaks, roll {j} [{s[0]}, {s[1]}]", (FIREBREAK, s)
    yield from fires(walk, setup.fires, "setup", k * players, R_SETUP_FIRES,
                     f"{k} rounds' worth: one roll for each of the {players} players, {k} times")


def fires(walk: Walk, rolls: list[Square], where: str, want: int, rule: Rule, why_want: str) -> Iterator[Entry]:
    if len(rolls) != want:
        yield CHANCE, f"{where}, fires", (COUNT, len(rolls), want, rule, why_want)
    for j, s in enumerate(rolls, 1):
        yield CHANCE, f"{where}, fires, roll {j} [{s[0]}, {s[1]}]", (FIRE, s)
    if walk.state.ablaze():                     # (asked after the rolls are played)
        yield CHANCE, f"{where}, fires", (BLAZE,)


def entries(walk: Walk) -> Iterator[Entry]:
    """The whole record: the setup's rolls and every round, up to the game's end."""
    return chain(setup_entries(walk), round_entries(walk, walk.first_round, walk.record.rounds, True))


def round_entries(walk: Walk, first: int, rounds: list[RoundEntry], ends: bool) -> Iterator[Entry]:
    """Rounds `first`, `first + 1`, ... in F4's order: each player's turn, the end of the moves, the
    fire rolls (left out when the record stops after its last round's moves: `ends`, these rounds
    end the record). They stop, `walk.stopped`, where the record goes on after the game's end."""
    st = walk.state
    for r, rnd in enumerate(rounds, first):
        if st.over:
            yield ACT, f"round {r}", LATE
            return
        st.round = r                            # (the round's first turn passes to its player next)
        for i, p in enumerate(st.people):
            yield from turn_entries(walk, r, i, rnd.moves.get(p.name, ()))
            if walk.stopped:
                return
        if st.moves_over_acts():
            yield CHANCE, f"round {r}, end of moves", (MOVES_OVER,)
        if st.over:
            if rnd.fires:
                yield ACT, f"round {r}, fires", LATE
                return
            continue                            # a next round is reported
        if rnd.fires is None and ends and r == first + len(rounds) - 1:
            return                              # the record stops after this round's moves
        rolls, live = rnd.fires or [], st.in_play()
        why_want = "" if len(rolls) == len(live) else \
            f"one fire roll for each player still in play ({join_names(p.name for p in live)})"  # said if wrong
        yield from fires(walk, rolls, f"round {r}", len(live), F4, why_want)


def turn_entries(walk: Walk, r: int, i: int, acts: Sequence[str], whole: bool = True) -> Iterable[Entry]:
    """Player i's turn in round r; with `whole` False the turn may go on (`pnpkit moves`). (A turn
    with no action, most turns of a long game, takes no generator.)"""
    p = walk.state.people[i]
    if not acts:
        walk.begin_turn(i)
        return turn_end(walk, r, p.name, whole)
    if p.out:
        return ((ACT, f"round {r}, {p.name}", Gone(i)),)
    return _actions(walk, r, i, acts, whole)


def _actions(walk: Walk, r: int, i: int, acts: Sequence[str], whole: bool) -> Iterator[Entry]:
    st, where = walk.state, f"round {r}, {walk.state.people[i].name}"
    walk.begin_turn(i)
    for k, text in enumerate(acts, 1):
        at = f'{where}, action {k} "{text}"'
        if st.over:
            yield ACT, at, LATE
            return
        yield ACT, at, Move(i, parse_action(text))
    yield from turn_end(walk, r, walk.state.people[i].name, whole)


def turn_end(walk: Walk, r: int, name: str, whole: bool) -> tuple[Entry, ...]:
    """The turn's end, an entry only where ending the whole turn here breaks a rule (asked once
    its actions are played: entries are made as the driver reaches them). The driver finds nothing
    in any other turn's end, an open one's included, and most turns of a long game end so: a check
    of 600 long games made half a million entries that did nothing."""
    if whole and not walk.flagged and why_turn_short(walk.state) is not None:   # walk.turn_problems()
        return ((TURN_END, f"round {r}, {name}", False, "the turn ends here"),)
    return ()


def replay(record: Record, kit, explain: bool = False, steps: bool = False) -> tuple[Walk, Replay]:
    """Play the whole record through the rules: the position at its end, and the replay's findings."""
    walk, rep = Walk(record, kit, explain, steps), Replay(explaining=explain, recording=steps)
    begin(walk, rep)
    run(walk, entries(walk), rep)
    return walk, rep
