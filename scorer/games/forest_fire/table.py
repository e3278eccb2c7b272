"""Forest Fire at the table: where a record stops, for `pnpkit moves` (scorer/play.py: Table), what
the acting player may do next, and the record with one more action written in. Every answer is
moves.py's.
"""
from __future__ import annotations

import re

from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.forest_fire.moves import legal_moves, why_illegal, why_turn_short
from pnpkit.scorer.games.forest_fire.notation import parse_action, text
from pnpkit.scorer.games.forest_fire.record import Record
from pnpkit.scorer.games.forest_fire.replay import Walk, begin, round_entries, setup_entries, turn_entries
from pnpkit.scorer.games.forest_fire.rules import F4, F5
from pnpkit.scorer.games.forest_fire.state import Move, State, sq
from pnpkit.scorer.replay import Replay, run
from pnpkit.scorer.play import Dice, Option, Turn, cannot_extend


class AtTable:
    """Where a record stops, for `pnpkit moves` (scorer/play.py: Table): the round in progress and
    the player acting in it. The players act in seat order; the one acting is the last who has
    actions written in the round's `moves` (write `Ben: []` to say Ann's turn is over), or the next
    one when that player has no action left."""

    def __init__(self, record: Record, kit) -> None:
        self.record, self.kit = record, kit
        walk = self.run = Walk(record, kit)
        rep = Replay()
        self.violations = rep.violations
        begin(walk, rep)
        run(walk, setup_entries(walk), rep)
        rounds = record.rounds
        self.round, self.acting, self.fires_due = walk.first_round, None, False
        run(walk, round_entries(walk, walk.first_round, rounds[:-1], ends=False), rep)
        if walk.stopped:
            return
        st = walk.state
        if not rounds or st.over:
            self.round = walk.first_round + len(rounds) - (1 if st.over and rounds else 0)
            self._begin(0)
            return
        r = self.round = walk.first_round + len(rounds) - 1
        last = rounds[-1]
        if last.fires is not None:
            run(walk, round_entries(walk, r, [last], ends=True), rep)
            self.round = r + 1
            self._begin(0)
            return
        st.round = r
        written = [i for i, p in enumerate(st.people) if p.name in last.moves]
        upto = written[-1] if written else 0
        for i in range(upto):       # each turn on its own: one that goes on after the end is refused alone
            run(walk, turn_entries(walk, r, i, last.moves.get(st.people[i].name, [])), rep)
        if st.over:
            return
        run(walk, turn_entries(walk, r, upto, last.moves.get(st.people[upto].name, []), whole=False), rep)
        if self._left(upto) > 0:
            self.acting = upto
        else:
            self._begin(upto + 1)

    @property
    def state(self) -> State:
        """The position where the record stops, as the rules hold it (a `start:` is written from it
        between rounds: position.start_of)."""
        return self.run.state

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
        st.begin_turn(nxt)
        self.acting = nxt

    def turn(self) -> Turn:
        st = self.run.state
        if st.over:
            return Turn(to_move=None, may_end_turn=True,
                        waiting=f"the game is over: the players {st.outcome} in round {st.ended_in}")
        if self.fires_due or self.acting is None:
            n = self._rolls_due()
            return Turn(to_move=None, may_end_turn=True, turn=f"round {self.round}, fires", dice=self._fires(n),
                        waiting=f"round {self.round}'s fire rolls: add `fires:` with one roll for each player still "
                                f"in play ({n}) to the round")
        i, p = self.acting, st.people[self.acting]
        forced = []
        if p.role.kind == "air" and st.refill_turn() and not st.refilled:
            forced.append(f"refill: round {self.round} is a refill turn for {p.name} (a pilot's turns alternate, "
                          f"refill first: ruling F8)")
        where = "off the board" if p.at is None else sq(p.at)
        ends = why_turn_short(st) is None
        last = all(q.out for q in st.people[i + 1:])    # the fire rolls may end this turn
        return Turn(to_move=p.name, legal=[Option(text(m.action)) for m in legal_moves(st) if m.action is not END_TURN],
                    forced=forced,
                    may_end_turn=ends, dice=self._fires(self._rolls_due()) if ends and last else None,
                    turn=f"round {self.round}, {p.name} ({p.role.id}, {where}): {self._left(i)} of "
                         f"{1 if p.role.kind == 'air' else p.role.actions} actions left")

    def _rolls_due(self) -> int:
        """The fire rolls after this round's moves: one for each player still in play once those
        standing on a burning square have gone out (F4)."""
        after = self.run.state.copy()
        after.end_of_moves()
        return len(after.in_play())

    def _fires(self, players: int) -> Dice:
        """The fire rolls, entered die by die (the web table): one square a player in play."""
        return Dice(("down", "across"), faces=self.run.state.n, rolls=players)

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
            if not st.people[k].out and (why := self._fresh(k, k != self.acting, lambda _: why_turn_short(st))) is not None:
                return why
        return self._fresh(i, i != self.acting, lambda k: why_illegal(st, Move(k, a)))

    def _fresh(self, i: int, fresh: bool, ask):
        """`ask(i)` about player i's turn in progress, or (fresh) about a turn of theirs not yet begun."""
        st = self.run.state
        if not fresh:
            return ask(i)
        saved = st.acting, st.done, st.refilled
        st.begin_turn(i)
        try:
            return ask(i)
        finally:
            st.acting, st.done, st.refilled = saved

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

    def chance(self, data: dict, given: str) -> dict:
        """The record with the round's fire rolls (`given`: "2 3, 5 1", one square [down across]
        per player still in play) written after its moves."""
        st = self.run.state
        last = self.acting is not None and all(p.out for p in st.people[self.acting + 1:])
        if st.over or not (self.fires_due or self.acting is None or (last and why_turn_short(st) is None)):
            raise cannot_extend("no fire roll is due: the players act first")
        squares = [p.split() for p in re.split(r"[,;\n]+", str(given)) if p.strip()]
        if any(len(q) != 2 or not all(x.isdigit() and len(x) < 3 for x in q) for q in squares):
            raise ValueError(f"cannot read {given!r}: write each fire roll as `down across`, separated by commas")
        if len(squares) != (due := self._rolls_due()):
            raise ValueError(f"one fire roll for each player still in play after the moves: {due}, got {len(squares)}")
        rounds = [dict(r) for r in (data.get("rounds") or [])]
        if not rounds or rounds[-1].get("fires") is not None:
            rounds.append({"moves": {}})
        rounds[-1]["fires"] = [[int(x) for x in q] for q in squares]
        return {**data, "rounds": rounds}
