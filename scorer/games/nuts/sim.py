"""NUTS played by the simulator (scorer/sim/match.py): the rules' own moves, dice and a shuffled
Order deck for chance. The record is the move log `pnpkit check` reads.

Chance is played here: the setup (the Squirrel's die, 3 Bonus cards each), each round's Hunger and
Order flips, and the squirrel's dice after `end`. The players choose among the rules' legal moves
with two limits, written down here and in docs/simulate.md:

- a configuring action is offered only when one Matching Path passes every configuring action of
  the turn right after it (U12 holds at every step, so a turn can always end);
- Plan and Refill (whose cards are chance) are not played, and each player keeps the one setup
  Bonus card needing the fewest nuts.

`value` (greedy): the seat's final-sheet points as they stand (rows x 7, column values, Salt x 2,
goals held) plus 2 for each Matching Path now on the floor (a nut about to be scored), minus the
best other player's points.
"""
from __future__ import annotations

import random

from pnpkit.scorer.games.nuts import auto, moves
from pnpkit.scorer.games.nuts.deck import params_of
from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.floor import SHORT
from pnpkit.scorer.games.nuts.notation import die_text, write
from pnpkit.scorer.games.nuts.state import Action, State
from pnpkit.scorer.games.nuts import score as sheets
from pnpkit.scorer.games.nuts.replay import final_sheets
from pnpkit.scorer.sim.match import Moves, competitive

LENGTH = ("rounds", "actions")
COOPERATIVE = False
MAX_ROUNDS = 40         # a random game ends in about 10; a game still going here is counted unfinished
PATH_VALUE = 2.0
COLUMN = (0, 1, 3, 6, 10, 15, 21)


def new(kit, names, setup, rng: random.Random) -> "NutsMatch":
    params = params_of(kit)
    s = State.setup(list(names), 1, factory_of(kit, len(names)))
    s.squirrel = rng.randint(1, s.columns)
    needs = {c.id: sum(c.needs.values()) for c in params.bonus}
    bonus = {}
    for p in s.players:
        drawn = rng.sample(sorted(s.bonus_deck), s.f.setup_draw)
        keep = min(drawn, key=lambda c: (needs[c], c))
        bonus[p.name] = {"keep": [keep], "drop": [c for c in drawn if c != keep]}
        s.bonus_deck -= set(drawn)
        p.bonus.append(keep)
        s.bonus_discards |= set(drawn) - {keep}
    m = NutsMatch(s, list(names), rng, kit)
    m.setup = {"squirrel": s.squirrel, "bonus": bonus}
    return m


class NutsMatch(Moves):
    def __init__(self, state: State, names: list[str], rng: random.Random | None, kit=None) -> None:
        self.s, self.names, self.rng, self.kit = state, names, rng, kit
        self.setup: dict = {}
        self.rounds: list[dict] | None = []
        self.n_actions = 0
        self._legal = None

    def list_moves(self) -> list:
        s = self.s
        out = []
        for a in moves.legal_moves(s):
            if a.verb in s.f.configuring:
                after = s.copy()
                moves.apply(after, a)
                if auto.end_problem(after) is not None:
                    continue
            out.append(a)
        return out

    def to_move(self) -> int | None:
        s = self.s
        while not s.over and self.rng is not None:
            if s.round_over:
                if s.round >= MAX_ROUNDS:
                    return None
                hunger, cards = self.rng.randint(1, s.f.hunger), []
                auto.start_round(s, hunger, cards, self.rng)
                if self.rounds is not None:
                    self.rounds.append({"hunger": hunger, "orders": [SHORT[c] for c in cards], "turns": []})
            elif s.turn.ended and s.turn.ran is None:
                dice: list = []
                auto.run(s, dice, rng=self.rng)
                if self.rounds is not None:
                    self.rounds[-1]["turns"][-1]["sq"] = [die_text(d) for d in dice]
                if not any(moves.why_illegal(s, Action("claim", (g,))) is None for g in s.goals):
                    auto.end_turn(s)
            else:
                break
            self._legal = None
        return moves.to_move(s)

    def play(self, move: Action) -> None:
        s, turns = self.s, self.rounds[-1]["turns"] if self.rounds else None
        if turns is not None:
            if move.verb == "pass":
                turns.append("pass")
            elif move.verb == "claim":
                turns[-1].setdefault("claim", []).append(move.args[0])
            elif move.verb not in ("end", "done"):
                if s.turn.acted == 0:
                    turns.append({"do": []})
                turns[-1]["do"].append(write(move))
        moves.apply(s, move)
        if move.verb == "claim" and not any(moves.why_illegal(s, Action("claim", (g,))) is None for g in s.goals):
            auto.end_turn(s)
        self.n_actions += 1
        self._legal = None

    def turn_done(self) -> bool:
        s = self.s
        return s.over or s.round_over or (s.turn.acted == 0 and s.turn.ran is None) or s.turn.ended

    def copy(self) -> "NutsMatch":
        m = NutsMatch(self.s.copy(), self.names, None, self.kit)
        m.rounds, m.n_actions = None, self.n_actions
        return m

    def value(self, seat: int) -> float:
        mine = self._points(seat) + PATH_VALUE * len(self.s.paths())
        return mine - max(self._points(p) for p in range(len(self.names)) if p != seat)

    def _points(self, p: int) -> int:
        pl = self.s.players[p]
        goals = sum(5 for _ in pl.goals)
        return 7 * min(pl.sheet) + sum(COLUMN[n] for n in pl.sheet) + 2 * pl.salt + goals

    def record(self) -> dict:
        return {"game": "nuts", "players": list(self.names), "setup": self.setup, "rounds": self.rounds}

    def summary(self):
        """The final-sheet scorer on the sheets as they stand (the replay scores the same way)."""
        result = sheets.score(final_sheets(self.s), self.kit)
        result.finished = self.s.over
        return competitive(result, self.names)

    def length(self) -> tuple[int, int]:
        return self.s.round, self.n_actions
