"""Forest Fire: a cooperative move log, replayed round by round (rulings F1-F8).

The record (players with roles and starts, the setup rolls or a `start:` position, each round's
moves and fire rolls) is replayed with forest_fire_moves.State in the order of F4, and reports the
outcome: won, lost or unfinished, with the fires left and who is out. Each step can be drawn
(forest_fire_position.picture), and `table` answers `pnpkit moves` where the record stops.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from pnpkit.kitfile.params.forest_fire import Params
from pnpkit.scorer.core import Result, Violation, join_names
from pnpkit.scorer.games.forest_fire_moves import (F4, F5, GAME, NOTATION, R_FIREBREAKS, R_OUT, R_PLAYERS, R_SETUP_FIRES,
                                            R_START, Person, Square, State, parse_action, sq)
from pnpkit.scorer.games import forest_fire_position
from pnpkit.scorer.games.forest_fire_position import Start, draw, picture, state_from
from pnpkit.scorer.movelog import Illegal, Replay
from pnpkit.scorer.play import Option, Turn, cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict
from pnpkit.scorer.rulebook import Rule


def _action_text(v: str) -> str:
    parse_action(v)
    return v



class PlayerEntry(Strict):
    name: Name
    role: Literal["hotshot", "smoke-jumper", "pilot"]
    start: Square | None = Field(None, description="[down, across] on the ring (0 or 7); not for a pilot, nor "
                                 "with a `start:` position (it says where everyone stands).")


class RoundEntry(Strict):
    moves: dict[str, Annotated[list[Annotated[str, AfterValidator(_action_text)]], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_PLAYERS, description=f"Each player's actions this round: {NOTATION}.")
    fires: list[Square] | None = Field(None, max_length=MAX_ITEMS, description="The fire rolls after the moves, one per player still in "
                                                         "play; leave out if the record stops after the moves.")


class Setup(Strict):
    firebreaks: list[Square] = Field(default_factory=list, max_length=MAX_ITEMS, description="Firebreak rolls, before the fires.")
    fires: list[Square] = Field(max_length=MAX_ITEMS, description="The setup fire rolls, in order.")


class Record(Strict):
    game: Literal["forest-fire"]
    players: list[PlayerEntry] = Field(min_length=1, max_length=MAX_PLAYERS)
    setup: Setup | None = Field(None, description="The setup's rolls (not with `start:`).")
    start: Start | None = Field(None, description="The board at the start of a round, instead of the setup.")
    rounds: list[RoundEntry] = Field(default_factory=list, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _names(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str, value: object) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=value))

        seen: set[str] = set()
        if (self.setup is None) == (self.start is None):
            bad(("setup",), "give `setup` (the rolls before the first round) or `start` (the board at the start of "
                            "a round), one of them", None)
        for i, p in enumerate(self.players):
            if p.name in seen:
                bad(("players", i, "name"), f"{p.name!r} is named twice", p.name)
            seen.add(p.name)
            if p.role == "pilot" and p.start is not None:
                bad(("players", i, "start"), "a pilot is never on the board: leave `start` out", p.start)
            elif self.start is not None and p.start is not None:
                bad(("players", i, "start"), "with a `start:` position, say where each player stands in `start.at`", p.start)
            if p.role != "pilot" and p.start is None and self.start is None:
                bad(("players", i, "start"), f"a {p.role} needs `start: [down, across]`, a space of the ring", None)
        for r, rnd in enumerate(self.rounds):
            for name in rnd.moves:
                if name not in seen:
                    bad(("rounds", r, "moves", name), f"no player named {name!r} (players: {', '.join(p.name for p in self.players)})", name)
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self


# ---- the replay -------------------------------------------------------------------------------

def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    run = _Run(record, kit, Replay(explaining=explain, recording=steps))
    run.setup()
    for r, rnd in enumerate(record.rounds, run.first_round):
        if not run.round(r, rnd, last=r == run.first_round + len(record.rounds) - 1):
            break
    run.replay.finish("end", "the record ends here", lambda: picture(run.state))
    return run.result()


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    if record.start is None:
        return []
    people = [(p.name, p.role) for p in record.players]
    return [(("start",) + path, message) for path, message in
            forest_fire_position.start_problems(record.start, people, kit.params)]


class _Run:
    """One replay of a record: the position, the violations and notes, and the record's steps."""

    def __init__(self, record: Record, kit, replay: Replay):
        self.record, self.kit, self.replay = record, kit, replay
        self.params: Params = kit.params
        people = [Person(p.name, self.params.role(p.role), p.start) for p in record.players]
        if record.start is None:
            self.state, self.first_round = State(self.params.grid, people), 1
        else:
            self.state, self.first_round = state_from(record.start, people, self.params.grid), record.start.round
        self.state.words = replay.explaining or replay.recording

    def show(self, where: str, what: str) -> None:
        if self.replay.explaining:
            self.replay.note(f"{where}: {what}\n{draw(self.state)}")
        self.replay.step(where, what, lambda: picture(self.state))

    def illegal(self, where: str, why: Illegal) -> None:
        """A violation; --explain also says the step was not played (the board is unchanged)."""
        self.replay.not_played(where, why, lambda: picture(self.state))

    def after_end(self, where: str) -> bool:
        """Anything recorded after the game ended is one violation, and the replay stops there."""
        st = self.state
        when = "during the setup" if st.ended_in == 0 else f"in round {st.ended_in}"
        self.illegal(where, Illegal(f"the game was already {st.outcome} {when}; nothing after that is played",
                                    F5 if st.outcome == "won" else F4))
        return False

    def setup(self) -> None:
        st, params, game, players = self.state, self.params, self.kit.game, len(self.record.players)
        if not game.min_players <= players <= game.max_players:
            self.replay.violations.append(Violation.of(
                "setup, players", f"{players} players; the game is for {game.players}", R_PLAYERS))
        if self.record.setup is None:
            self.show("start", f"the board written under start:, round {self.first_round} to play")
            return
        for p in st.people:
            if p.at is not None and not st.on_ring(p.at):
                self.replay.illegal(f"setup, {p.name} start [{p.at[0]}, {p.at[1]}]", Illegal(
                    f"{p.name} starts on {sq(p.at)}; a piece starts on the ring around the grid, next to a forest "
                    f"square (one coordinate 0 or {st.n + 1}, the other 1-{st.n})", R_START))
        self.replay.step("setup", "the players at their places on the ring", lambda: picture(st))
        breaks = self.record.setup.firebreaks
        if len(breaks) > min(players, params.firebreaks):
            self.replay.illegal("setup, firebreaks", Illegal(
                f"{len(breaks)} Firebreak rolls for {players} players (and {params.firebreaks} Firebreak counters)",
                R_FIREBREAKS))
        for j, s in enumerate(breaks, 1):
            where = f"setup, firebreaks, roll {j} [{s[0]}, {s[1]}]"
            if (why := st.why_roll_illegal(s)) is not None:
                self.illegal(where, why)
                continue
            st.firebreaks.add(s)  # a repeated roll adds nothing (F2)
            self.show(where, f"Firebreak on {sq(s)}")
        k = params.setup_rounds
        self.fires(self.record.setup.fires, "setup", k * players, R_SETUP_FIRES,
                   f"{k} rounds' worth: one roll for each of the {players} players, {k} times")

    def round(self, r: int, rnd: RoundEntry, last: bool) -> bool:
        """F4's order. False when the replay stops (the game ended, or the record does)."""
        st = self.state
        if st.over:
            return self.after_end(f"round {r}")
        st.round = r
        for i, p in enumerate(st.people):
            if not self.turn(r, i, rnd.moves.get(p.name, [])):
                return False
        if not st.over:
            self.end_of_moves(r)
        if st.over:
            return self.after_end(f"round {r}, fires") if rnd.fires else True  # a next round is reported
        if rnd.fires is None and last:
            return False  # the record stops after this round's moves
        names = join_names(p.name for p in st.in_play())
        self.fires(rnd.fires or [], f"round {r}", len(st.in_play()), F4,
                   f"one fire roll for each player still in play ({names})")
        return True

    def end_of_moves(self, r: int) -> None:
        gone = self.state.end_of_moves()
        if gone:
            self.show(f"round {r}, end of moves", f"{join_names(p.name for p in gone)} on a burning square: out"
                      + (". Every player is out: the game is lost (F4)" if self.state.over else ""))

    def turn(self, r: int, i: int, acts: list[str], whole: bool = True) -> bool:
        """Player i's turn in round r; with `whole` False the turn may go on (`pnpkit moves`)."""
        st, p = self.state, self.state.people[i]
        if p.out and acts:
            self.illegal(f"round {r}, {p.name}", Illegal(
                f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT))
            return True
        st.begin_turn()
        flagged = False
        for k, text in enumerate(acts, 1):
            where = f'round {r}, {p.name}, action {k} "{text}"'
            if st.over:
                return self.after_end(where)
            st.done = k - 1  # a recorded action uses one up, even an illegal one
            action = parse_action(text)
            if (why := st.why_illegal(i, action)) is not None:
                self.illegal(where, why)
                flagged = True
                continue
            self.show(where, st.apply(i, action))
        st.done = len(acts)
        if whole and not flagged and (why := st.why_turn_short(i)) is not None:  # else already said
            self.replay.illegal(f"round {r}, {p.name}", why)
            self.replay.step(f"round {r}, {p.name}", "the turn ends here", lambda: picture(st))
        return True

    def fires(self, rolls: list[Square], where: str, want: int, rule: Rule, why_want: str) -> None:
        st = self.state
        if len(rolls) != want:
            self.replay.illegal(f"{where}, fires", Illegal(
                f"{len(rolls)} fire roll{'s' * (len(rolls) != 1)}; expected {want}: {why_want}", rule))
        for j, s in enumerate(rolls, 1):
            at = f"{where}, fires, roll {j} [{s[0]}, {s[1]}]"
            if (why := st.why_roll_illegal(s)) is not None:
                self.illegal(at, why)
                continue
            self.show(at, st.roll(s))
        if st.blaze():
            self.show(f"{where}, fires", "every square that is not a Firebreak is burning: the game is lost (F4)")

    def result(self) -> Result:
        st = self.state
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        extra = {
            "outcome": outcome,
            "fires": [[s[0], s[1], k] for s, k in sorted(st.fire.items())],
            "out": [p.name for p in st.people if p.out],
            "round": st.ended_in if st.ended_in is not None else st.round,
        }
        return Result(game=GAME, violations=self.replay.violations, finished=outcome != "unfinished",
                      extra=extra, explain=self.replay.explain, cooperative=True, steps=self.replay.steps)


# ---- at the table: what may come next ---------------------------------------------------------

class AtTable:
    """Where a record stops, for `pnpkit moves` (scorer/play.py: Table): the round in progress and
    the player acting in it. The players act in seat order; the one acting is the last who has
    actions written in the round's `moves` (write `Ben: []` to say Ann's turn is over), or the next
    one when that player has no action left."""

    def __init__(self, record: Record, kit) -> None:
        self.record, self.kit = record, kit
        run = self.run = _Run(record, kit, Replay())
        self.violations = run.replay.violations
        run.setup()
        rounds = record.rounds
        self.round, self.acting, self.fires_due = run.first_round, None, False
        for r, rnd in enumerate(rounds[:-1], run.first_round):
            if not run.round(r, rnd, last=False):
                return
        st = run.state
        if not rounds or st.over:
            self.round = run.first_round + len(rounds) - (1 if st.over and rounds else 0)
            self._begin(0)
            return
        r = self.round = run.first_round + len(rounds) - 1
        last = rounds[-1]
        if last.fires is not None:
            run.round(r, last, last=True)
            self.round = r + 1
            self._begin(0)
            return
        if st.over:
            return
        st.round = r
        written = [i for i, p in enumerate(st.people) if p.name in last.moves]
        upto = written[-1] if written else 0
        for i in range(upto):
            run.turn(r, i, last.moves.get(st.people[i].name, []))
        if st.over:
            return
        run.turn(r, upto, last.moves.get(st.people[upto].name, []), whole=False)
        if self._left(upto) > 0:
            self.acting = upto
        else:
            self._begin(upto + 1)

    def _left(self, i: int) -> int:
        """Actions player i may still take this turn."""
        st, p = self.run.state, self.run.state.people[i]
        if st.over or p.out:
            return 0
        allowed = 1 if p.role.kind == "air" else p.role.actions
        return allowed - st.done

    def _begin(self, i: int) -> None:
        """The turn of the first player in play from seat i on, or the fire rolls if none is left."""
        st = self.run.state
        st.round = self.round
        nxt = next((k for k in range(i, len(st.people)) if not st.people[k].out), None)
        if st.over:
            return
        if nxt is None:
            self.fires_due = True
            return
        st.begin_turn()
        self.acting = nxt

    def turn(self) -> Turn:
        st = self.run.state
        if st.over:
            return Turn(to_move=None, may_end_turn=True,
                        waiting=f"the game is over: the players {st.outcome} in round {st.ended_in}")
        if self.fires_due or self.acting is None:
            n = len(st.in_play())
            return Turn(to_move=None, may_end_turn=True, turn=f"round {self.round}, fires",
                        waiting=f"round {self.round}'s fire rolls: add `fires:` with one roll for each player still "
                                f"in play ({n}) to the round")
        i, p = self.acting, st.people[self.acting]
        forced = []
        if p.role.kind == "air" and st.refill_turn() and not st.refilled:
            forced.append(f"refill: round {self.round} is a refill turn for {p.name} (a pilot's turns alternate, "
                          f"refill first: ruling F8)")
        where = "off the board" if p.at is None else sq(p.at)
        return Turn(to_move=p.name, legal=[Option(a.text) for a in st.legal_moves(i)], forced=forced,
                    may_end_turn=st.why_turn_short(i) is None,
                    turn=f"round {self.round}, {p.name} ({p.role.id}, {where}): {self._left(i)} of "
                         f"{1 if p.role.kind == 'air' else p.role.actions} actions left")

    def _split(self, action: str) -> tuple[int | None, str]:
        """`Ben: move N` -> (Ben's seat, `move N`); no name: the player acting."""
        names = [p.name for p in self.run.state.people]
        head, sep, rest = str(action).partition(":")
        if sep and head.strip() in names:
            return names.index(head.strip()), rest.strip()
        return self.acting, str(action).strip()

    def why_illegal(self, action: str) -> Illegal | None:
        i, text = self._split(action)
        a = parse_action(text)
        st = self.run.state
        if st.over:
            return Illegal(f"the game is already {st.outcome} (round {st.ended_in})", F5 if st.outcome == "won" else F4)
        if self.fires_due or i is None:
            return Illegal(f"every player has acted in round {self.round}: the fire rolls come next", F4)
        if i < self.acting:
            return Illegal(f"{st.people[i].name} has already acted in round {self.round}; the players act in seat "
                           f"order, and it is {st.people[self.acting].name}'s turn", F4)
        for k in range(self.acting, i):   # the turns before player i's end first
            if not st.people[k].out and (why := self._fresh(k, k != self.acting, st.why_turn_short)) is not None:
                return why
        return self._fresh(i, i != self.acting, lambda k: st.why_illegal(k, a))

    def _fresh(self, i: int, fresh: bool, ask):
        """`ask(i)` about player i's turn in progress, or (fresh) about a turn of theirs not yet begun."""
        st = self.run.state
        if not fresh:
            return ask(i)
        saved = st.done, st.refilled
        st.begin_turn()
        try:
            return ask(i)
        finally:
            st.done, st.refilled = saved

    def extend(self, data: dict, action: str) -> dict:
        i, text = self._split(action)
        parse_action(text)
        if self.fires_due or i is None or self.run.state.over:
            raise cannot_extend(self.turn().waiting or "")
        name = self.run.state.people[i].name
        rounds = [dict(r) for r in (data.get("rounds") or [])]
        if not rounds or rounds[-1].get("fires") is not None:
            rounds.append({"moves": {}})
        moves = dict(rounds[-1].get("moves") or {})
        moves[name] = list(moves.get(name) or []) + [text]
        rounds[-1]["moves"] = moves
        return {**data, "rounds": rounds}


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)
