"""Forest Fire: a cooperative move log, replayed round by round (rulings F1-F8).

The record (players with roles and starts, the setup rolls, each round's moves and fire rolls) is
replayed with forest_fire_moves.State in the order of F4, and reports the outcome: won, lost or
unfinished, with the fires left and who is out.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from kitfile.params.forest_fire import Params
from scorer.core import Result, Violation, join_names
from scorer.games.forest_fire_moves import (
    F4,
    F5,
    GAME,
    NOTATION,
    R_FIREBREAKS,
    R_OUT,
    R_PLAYERS,
    R_SETUP_FIRES,
    R_START,
    Person,
    Square,
    State,
    draw,
    parse_action,
    sq,
)
from scorer.movelog import Illegal, Replay
from scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict
from scorer.rulebook import Rule


def _action_text(v: str) -> str:
    parse_action(v)
    return v



class PlayerEntry(Strict):
    name: Name
    role: Literal["hotshot", "smoke-jumper", "pilot"]
    start: Square | None = Field(None, description="[down, across] on the ring (0 or 7); not for a pilot.")


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
    setup: Setup
    rounds: list[RoundEntry] = Field(default_factory=list, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _names(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str, value: object) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=value))

        seen: set[str] = set()
        for i, p in enumerate(self.players):
            if p.name in seen:
                bad(("players", i, "name"), f"{p.name!r} is named twice", p.name)
            seen.add(p.name)
            if p.role == "pilot" and p.start is not None:
                bad(("players", i, "start"), "a pilot is never on the board: leave `start` out", p.start)
            if p.role != "pilot" and p.start is None:
                bad(("players", i, "start"), f"a {p.role} needs `start: [down, across]`, a space of the ring", None)
        for r, rnd in enumerate(self.rounds):
            for name in rnd.moves:
                if name not in seen:
                    bad(("rounds", r, "moves", name), f"no player named {name!r} (players: {', '.join(p.name for p in self.players)})", name)
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self




# ---- the replay -------------------------------------------------------------------------------

def score(record: Record, kit, explain: bool = False) -> Result:
    run = _Run(record, kit, Replay(explaining=explain))
    run.setup()
    for r, rnd in enumerate(record.rounds, 1):
        if not run.round(r, rnd, last=r == len(record.rounds)):
            break
    return run.result()


class _Run:
    """One replay of a record: the position, the violations and notes, and the record's steps."""

    def __init__(self, record: Record, kit, replay: Replay):
        self.record, self.kit, self.replay = record, kit, replay
        self.params: Params = kit.params
        self.state = State(self.params.grid, [Person(p.name, self.params.role(p.role), p.start)
                                              for p in record.players])

    def show(self, where: str, what: str) -> None:
        if self.replay.explaining:
            self.replay.note(f"{where}: {what}\n{draw(self.state)}")

    def illegal(self, where: str, why: Illegal) -> None:
        """A violation; --explain also says the step was not played (the board is unchanged)."""
        self.replay.illegal(where, why)
        self.replay.note(f"{where}: not played: {why.message} ({why.rule.id})")

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
        for p in st.people:
            if p.at is not None and not st.on_ring(p.at):
                self.replay.illegal(f"setup, {p.name} start [{p.at[0]}, {p.at[1]}]", Illegal(
                    f"{p.name} starts on {sq(p.at)}; a piece starts on the ring around the grid, next to a forest "
                    f"square (one coordinate 0 or {st.n + 1}, the other 1-{st.n})", R_START))
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
            gone = st.end_of_moves()
            if gone:
                self.show(f"round {r}, end of moves", f"{join_names(p.name for p in gone)} on a burning square: out"
                          + (". Every player is out: the game is lost (F4)" if st.over else ""))
        if st.over:
            return self.after_end(f"round {r}, fires") if rnd.fires else True  # a next round is reported
        if rnd.fires is None and last:
            return False  # the record stops after this round's moves
        names = join_names(p.name for p in st.in_play())
        self.fires(rnd.fires or [], f"round {r}", len(st.in_play()), F4,
                   f"one fire roll for each player still in play ({names})")
        return True

    def turn(self, r: int, i: int, acts: list[str]) -> bool:
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
        if not flagged and (why := st.why_turn_short(i)) is not None:  # else already said
            self.replay.illegal(f"round {r}, {p.name}", why)
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
                      extra=extra, explain=self.replay.explain, cooperative=True)
