"""A Forest Fire record replayed round by round in the order of F4: each player's actions checked
with moves.why_illegal and played, those on fire out at the end of the moves, then the fire rolls.
Each step can be drawn (position.picture); --explain also shows the board as text.
"""
from __future__ import annotations

from pnpkit.kitfile.params.forest_fire import Params
from pnpkit.scorer.core import Violation, join_names
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.forest_fire.moves import apply, why_illegal, why_turn_short
from pnpkit.scorer.games.forest_fire.notation import parse_action
from pnpkit.scorer.games.forest_fire.position import draw, picture, state_from
from pnpkit.scorer.games.forest_fire.record import Record, RoundEntry
from pnpkit.scorer.games.forest_fire.rules import F4, F5, R_FIREBREAKS, R_OUT, R_PLAYERS, R_SETUP_FIRES, R_START
from pnpkit.scorer.games.forest_fire.state import Move, Person, Square, State, sq
from pnpkit.scorer.replay import Replay
from pnpkit.scorer.core import Rule


class Run:
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
        st.begin_turn(i)
        flagged = False
        for k, text in enumerate(acts, 1):
            where = f'round {r}, {p.name}, action {k} "{text}"'
            if st.over:
                return self.after_end(where)
            st.done = k - 1  # a recorded action uses one up, even an illegal one
            move = Move(i, parse_action(text))
            if (why := why_illegal(st, move)) is not None:
                self.illegal(where, why)
                flagged = True
                continue
            self.show(where, apply(st, move))
        st.done = len(acts)
        if whole and not flagged and (why := why_turn_short(st)) is not None:  # else already said
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
