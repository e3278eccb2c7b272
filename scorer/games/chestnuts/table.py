"""Chestnuts Roasting on an Open Fire at the table: where a record stops, for `pnpkit moves`
(scorer/play.py: Table). The position is the replay's with the last turn left open.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.chestnuts.moves import end_of_turn, legal_moves, ruled_out, why_illegal
from pnpkit.scorer.games.chestnuts.notation import parse, text_of
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.replay import replay
from pnpkit.scorer.games.chestnuts.rules import R_C4, R_ROLL
from pnpkit.scorer.play import Dice, Option, Turn, cannot_extend

DIE = Dice(("the die",))        # the next turn's roll, entered at the table (web table)


class AtTable:
    """Where a record stops, for `pnpkit moves` (scorer/play.py: Table)."""

    def __init__(self, record: Record, kit) -> None:
        self.names = list(record.players)
        self.record = record
        self.state, rep = replay(record, kit, open_end=True)
        self.violations = rep.violations

    def _complete(self) -> bool:
        s = self.state
        return not self.record.turns or s.over or not (legal_moves(s) or end_of_turn(s))

    def turn(self) -> Turn:
        s, names = self.state, self.names
        if s.over:
            return Turn(to_move=None, may_end_turn=True, waiting="the game is over (ruling C12)")
        if self._complete():
            nxt = names[1 - s.player]
            return Turn(to_move=nxt, may_end_turn=True,
                        turn=f"turn {len(self.record.turns) + 1} ({nxt})",
                        waiting=f"{nxt} rolls the die: add `- roll: N` (with `actions: []`) to the record", dice=DIE)
        options = [Option(text_of(s, mv), s.cost(mv)) for mv in legal_moves(s)]
        forced = []
        if s.flame_pending():
            first = "put the Tongs down (d), then add the Flame (l)" if s.held(s.player) else "add the Flame (l)"
            forced.append(f"l: on a roll of {s.roll} a Flame must be added, as the turn's first action: {first} (Notes 1, ruling C7)")
        if s.j_pending():
            how = "" if s.held(s.player) else "; the Tongs are put down: pick them up (a) first (Notes 3)"
            them = names[1 - s.player]
            forced.append(f"j: on a roll of 3 one of {them}'s chestnuts must go from {them}'s Basket to the Fire "
                          f"(ruling C7){how}")
        first = " (one less on the first player's first turn, ruling C3)" if s.turn == 0 and s.t.first_less else ""
        where = (f"turn {len(self.record.turns)} ({names[s.player]}), roll {s.roll}: {plural(s.points, 'Nut Point')} "
                 f"left{first}; Tongs {'in hand' if s.held(s.player) else 'put down'}")
        ends = not end_of_turn(s)
        return Turn(to_move=names[s.player], legal=options, forced=forced, may_end_turn=ends, turn=where,
                    dice=DIE if ends else None)

    def why_illegal(self, action: str) -> Illegal | None:
        mv = parse(action)
        s = self.state
        if self._complete() and not s.over:
            who, nxt = self.names[s.player], self.names[1 - s.player]
            if self.record.turns and s.points > 0:
                return Illegal(f"{who}'s turn is over: {plural(s.points, 'Nut Point')} left, but nothing left is "
                               f"affordable: {ruled_out(s)}. {nxt} rolls the die first", R_C4)
            return Illegal(f"{who}'s turn is over; {nxt} rolls the die first", R_ROLL)
        return why_illegal(s, mv)

    def extend(self, data: dict, action: str) -> dict:
        """The record with `action` added to its last turn."""
        parse(action)
        turns = list(data.get("turns") or [])
        if not turns or (self._complete() and not self.state.over):
            raise cannot_extend(f"{self.turn().waiting}")
        last = dict(turns[-1])
        last["actions"] = list(last.get("actions") or []) + [action]
        return {**data, "turns": turns[:-1] + [last]}

    def chance(self, data: dict, given: str) -> dict:
        """The record with the next turn's die roll (`given`: 1-6) begun, its actions to come: the
        turn in progress ends here, if it may."""
        if self.state.over:
            raise cannot_extend("the game is over (ruling C12)")
        if not self._complete() and (why := end_of_turn(self.state)):
            raise cannot_extend(f"the turn in progress may not end yet: {why[0].message} ({why[0].rule.id})")
        roll = str(given).strip()
        if not roll.isdigit() or not 1 <= int(roll) <= 6:
            raise ValueError(f"a die roll is 1 to 6, got {roll!r}")
        return {**data, "turns": list(data.get("turns") or []) + [{"roll": int(roll), "actions": []}]}


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)
