"""Trim the Tree at the table: where a record stops, for `pnpkit moves` (scorer/play.py: Table).
"""
from __future__ import annotations

import re

import yaml

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.moves import legal_moves, why_illegal
from pnpkit.scorer.games.trim_the_tree.notation import PICK_NOTATION, named, pick_of
from pnpkit.scorer.games.trim_the_tree.record import Pick, Record
from pnpkit.scorer.games.trim_the_tree.replay import replay
from pnpkit.scorer.games.trim_the_tree.rules import R_BOX
from pnpkit.scorer.games.trim_the_tree.state import Move
from pnpkit.scorer.play import Option, Turn, cannot_extend


class AtTable:
    """Where a record stops, for `pnpkit moves` (scorer/play.py: Table)."""

    def __init__(self, record: Record, kit) -> None:
        self.record, self.names = record, list(record.players)
        self.state, rep, _ = replay(record, kit)
        self.violations = rep.violations

    def _round_open(self) -> bool:
        return bool(self.record.rounds) and self.state.to_pick() is not None

    def turn(self) -> Turn:
        s, names = self.state, self.names
        if s.over():
            return Turn(to_move=None, may_end_turn=True, waiting="every tree is full: the game is over")
        if not self._round_open():
            first = names[(s.round + 1) % s.n]
            return Turn(to_move=first, may_end_turn=True, turn=f"round {s.round + 2}",
                        waiting=f"round {s.round + 2}: draw {plural(s.n, 'ornament')} from the Bag for the box and add "
                                f"`- box: [...]` to the record; {first} picks first")
        who = s.to_pick()
        options = [Option(f"{mv.orn} at {mv.space}") for mv in legal_moves(s)]
        forced = []
        if len(s.box) == 1:
            forced.append(f"{names[who]} picks last this round and takes the {s.box[0]} (Note: \"The last player in "
                          f"the round does not have a choice\")")
        return Turn(to_move=names[who], legal=options, forced=forced, may_end_turn=False,
                    turn=f"round {s.round + 1}: {names[who]} picks from {', '.join(s.box)}")

    def move(self, action: str) -> Move:
        """The record's notation -> a pick (the player to pick if none is named). ValueError: unreadable."""
        text = str(action).strip()
        if not text.startswith("{"):
            return pick_of(text, self.names, self._next_name())
        try:
            data = yaml.safe_load(text)
            pick = Pick.model_validate({"player": self._next_name(), **data} if isinstance(data, dict) else data)
        except (yaml.YAMLError, ValueError) as e:
            raise ValueError(f"cannot read {text!r}: expected {PICK_NOTATION}") from e
        return named(pick.player, pick.take, pick.at, self.names)

    def _next_name(self) -> str:
        who = self.state.to_pick() if self._round_open() else None
        return self.names[who] if who is not None else self.names[(self.state.round + 1) % self.state.n]

    def why_illegal(self, action: str) -> Illegal | None:
        mv = self.move(action)
        if not self._round_open() and not self.state.over():
            return Illegal(f"round {self.state.round + 2} has no box yet: the starting player draws it first", R_BOX)
        return why_illegal(self.state, mv)

    def extend(self, data: dict, action: str) -> dict:
        who, orn, space = self.move(action)
        rounds = list(data.get("rounds") or [])
        if not self._round_open():
            raise cannot_extend(f"round {self.state.round + 2} needs its box first")
        last = dict(rounds[-1])
        last["picks"] = list(last.get("picks") or []) + [{"player": self.names[who], "take": orn, "at": space}]
        return {**data, "rounds": rounds[:-1] + [last]}

    def chance(self, data: dict, given: str) -> dict:
        """The record with the next round begun: the ornaments drawn from the Bag for its box
        (`given`: "blue box, red star", one per player)."""
        if self.state.over() or self._round_open():
            raise cannot_extend("no box is due: the round in progress goes on")
        box = [o.strip() for o in re.split(r"[,;\n]+", str(given)) if o.strip()]
        if len(box) != self.state.n:
            raise ValueError(f"the box holds one ornament per player: {self.state.n}, separated by commas; got {len(box)}")
        return {**data, "rounds": list(data.get("rounds") or []) + [{"box": box, "picks": []}]}


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)
