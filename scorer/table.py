"""The one table: where a move log stops, what may come next, for `pnpkit moves` and the table in a
browser, whatever the game (scorer/game.py's `Table`).

Everything it says about the rules is the rules' own answer (scorer/protocol.py's `Rules`): the
legal moves, each with its words and the places it touches, whether the turn may end and why not,
`why_illegal` of an action tried (the function the replay asks, so `moves --try` and `check` cannot
disagree). The game's words (its `Telling.said`) add what the rules do not decide: the turn in words,
what chance must give first and how the record writes it, the dice. The record is written on by
the game's record module (`Writes`).
"""
from __future__ import annotations

import time
from typing import Any

from pnpkit.scorer.play import Option, Turn, cannot_extend
from pnpkit.scorer.protocol import END_TURN_TEXT, Illegal
from pnpkit.scorer.replay import replay


class AtTable:
    """Where a record stops: the replay run with an open end (its last turn in progress), and the
    rules' answers about what may come next there. A turn with nothing left but its end ends by
    itself: the table is then where chance or the next player takes over."""

    def __init__(self, game, record, kit) -> None:
        self.rules, self.explain, self.writes = game.rules_of(), game.explain_of(), game.record_of()
        self.state, rep = replay(game, record, kit, open_end=True)
        self.violations = rep.violations
        rules, s = self.rules, self.state
        end = self.end()
        if (end is not None and not rules.is_over(s) and all(a == end for a in rules.legal_moves(s))
                and rules.why_illegal(s, end) is None):
            rules.apply(s, end)

    def end(self) -> Any:
        """The rules' step that ends the turn in progress here (END_TURN, or the acting player's end
        of turn where a step names its player); None where no turn is in progress."""
        try:
            return self.rules.read(self.state, END_TURN_TEXT)
        except ValueError:
            return None

    def ends(self) -> Illegal | None:
        """Why the turn in progress may not end here (None: it may, or none is in progress)."""
        end = self.end()
        return None if end is None else self.rules.why_illegal(self.state, end)

    def option(self, a: Any) -> Option:
        """A legal move as the table lists it: the record's notation, its cost, its words and places."""
        s, rules = self.state, self.rules
        return Option(rules.write(s, a), self.explain.cost(s, a), words=rules.words(s, a), places=rules.places(s, a))

    def turn(self) -> Turn:
        s, rules = self.state, self.rules
        said = self.explain.said(s)
        if rules.is_over(s):
            return Turn(to_move=None, may_end_turn=True, waiting=said.waiting)
        if said.waiting is not None:         # chance, or the record, must say something first
            return Turn(to_move=said.to_move, may_end_turn=said.may_end_turn, turn=said.turn, waiting=said.waiting,
                        dice=said.dice, draw=said.draw)
        why, end = self.ends(), self.end()
        legal = (list(said.options) if said.options is not None else
                 [self.option(a) for a in rules.legal_moves(s) if a != end or rules.write(s, a) != END_TURN_TEXT])
        legal += said.more
        return Turn(to_move=said.to_move, legal=legal, forced=list(said.forced), may_end_turn=why is None,
                    turn=said.turn, notes=list(said.notes), cost_unit=said.cost_unit,
                    dice=said.dice if why is None else None)    # the dice chance rolls once the turn ends

    def dead_ends(self, legal: list[Option], budget: float = 0.1) -> tuple[set[str], list[Option]]:
        """The listed moves after which nothing would be legal (issue 37, defect 2): no move, no end of
        the turn, no chance to wait for, only Undo out (NUTS: an action leaving one token where no
        single action then makes the one Matching Path U12 needs). One step ahead, each move played on
        a copy; the rules do not forbid such a move (U12 is judged at the end of the actions), so the
        table marks it rather than hide it. Moves written with dice or a draw are not looked past.
        Proving a dead end asks the whole legal list of the position after it (~7 ms in NUTS, with
        its words), so the look-ahead stops after `budget` seconds of CPU: also the moves not yet
        looked past, for the next answer to go on with."""
        rules, s = self.rules, self.state
        if self.explain.said(s).options is not None:
            return set(), []                 # the game lists its own options: none is played ahead here
        out, left = set(), [o for o in legal if o.dice is None and o.draw is None]
        stop = time.process_time() + budget
        while left and time.process_time() < stop:
            o = left.pop(0)
            if self._stuck_after(rules.read(s, o.text)):
                out.add(o.text)
        return out, left

    def _stuck_after(self, a: Any) -> bool:
        rules, after = self.rules, self.state.copy()
        rules.apply(after, a)
        if rules.is_over(after) or rules.to_move(after) is None:
            return False
        if any(rules.why_illegal(after, b) is None for b in rules.candidates(after)):
            return False
        said = self.explain.said(after)
        if said.waiting is not None or said.more or said.options:
            return False
        try:
            end = rules.read(after, END_TURN_TEXT)
        except ValueError:
            return True
        return rules.why_illegal(after, end) is not None

    def why_illegal(self, action: str) -> Illegal | None:
        """None if `action` (the record's notation) may be taken now; ValueError if unreadable."""
        return self.rules.why_illegal(self.state, self.rules.read(self.state, action))

    def extend(self, data: dict, action: str) -> dict:
        """The record as read (plain data) with `action` written where the table writes it next;
        ValueError when the record needs something first (a roll, a box, the fire rolls)."""
        s, a = self.state, self.rules.read(self.state, action)
        if a == self.end() and (why := self.rules.why_illegal(s, a)) is not None:
            raise cannot_extend(why.message)
        return self.writes.extend(data, s, a)

    def chance(self, data: dict, given: str) -> dict:
        """The record as read with what chance gave (`given`: a roll `4`, a box drawn `red blue`,
        fire rolls `2 3, 5 1`) written where `turn().waiting` asks for it; ValueError when it is
        unreadable or the table is not waiting for chance."""
        s = self.state
        return self.writes.given(data, s, given, None if self.rules.is_over(s) else self.ends())


__all__ = ["AtTable"]
