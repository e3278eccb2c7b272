"""Chestnuts played by the simulator (scorer/sim/match.py): the rules' own moves, a die for chance.

A turn is the roll (chance), then the player's actions one decision at a time, each from the rules'
`legal_moves`, until nothing legal is left (the rulebook: "He must spend all his points, if
possible"). The record is the move log `pnpkit check` reads.

The greedy and search players maximise `value`, written down here and in docs/simulate.md: the
game's score (ruling C12: chestnuts on the Chair, minus one's own burnt) for the seat, minus the
opponent's, plus what the position promises, counted for both sides alike:

    a chestnut on one's Plate     +0.8   eaten next turn for 1 Nut Point, unless stolen (i)
    one's own on the Fire         +0.5   cooked or about to be: to the Plate, then eaten
    one's own Overcooked          -1     it burns at the owner's next steps 1-3
"""
from __future__ import annotations

import random

from pnpkit.scorer import dice
from pnpkit.scorer.games.chestnuts.moves import apply, legal_moves
from pnpkit.scorer.games.chestnuts.notation import text_of
from pnpkit.scorer.games.chestnuts.rules import G
from pnpkit.scorer.games.chestnuts.state import BURNT, CHAIR, FIRE_C, FIRE_U, NP, OVER, PLATE, State, table
from pnpkit.scorer.sim.match import Moves, ranked

LENGTH = ("turns", "actions")
MAX_TURNS = 400       # a random game ends in about 20; a game still going here is counted unfinished

ON_PLATE, ON_FIRE, OVERCOOKED = 0.8, 0.5, -1.0



def new(kit, names, setup, rng: random.Random) -> "ChestnutsMatch":
    return ChestnutsMatch(State(table(kit.params)), list(names), rng)


class ChestnutsMatch(Moves):
    def __init__(self, state: State, names: list[str], rng: random.Random | None) -> None:
        self.s, self.names, self.rng = state, names, rng
        self.turns: list[dict] | None = []      # the record's turns; None on a scratch copy
        self.n_turns = self.n_actions = 0
        self._legal = None
        self._actions: list[str] = []           # the record's turn in progress

    def list_moves(self) -> list:
        return legal_moves(self.s)

    def sample(self, rng: random.Random):
        """A legal move drawn uniformly, from the list `to_move` has just made."""
        return rng.choice(self._legal if self._legal is not None else self.legal())

    def legal(self) -> list:
        """`Moves.legal` without its hook's call between: a random game asks it twice an action."""
        got = self._legal
        if got is None:
            got = self._legal = legal_moves(self.s)
        return got

    def to_move(self) -> int | None:
        s = self.s
        while not s.over:
            if self.legal():
                return s.player
            if self.n_turns >= MAX_TURNS or self.rng is None:
                return None
            roll, = dice.roll(self.rng)
            s.start_turn(roll)
            self._legal = None
            if s.over:      # steps 1-3 ended it: the replay applies them by itself (ruling C12)
                break
            self.n_turns += 1
            if self.turns is not None:
                self._actions = []
                self.turns.append({"roll": roll, "actions": self._actions})
        return None

    def play(self, move) -> None:
        if self.turns is not None:
            self._actions.append(text_of(self.s, move))
        apply(self.s, move)
        self.n_actions += 1
        self._legal = None

    def turn_done(self) -> bool:
        return self.s.over or not self.legal()

    def copy(self) -> "ChestnutsMatch":
        m = ChestnutsMatch(self.s.copy(), self.names, None)
        m.turns, m.n_turns, m.n_actions, m._legal = None, self.n_turns, self.n_actions, self._legal
        return m

    def key(self) -> tuple:
        """The position, for a search that meets it twice (e 1 then f 1, or f 1 then e 1)."""
        s = self.s
        return (*s.c, s.flames, s.tongs, s.points, s.used, s.n, s.first, s.over)

    def value(self, seat: int) -> float:
        return self._side(seat) - self._side(1 - seat)

    def _side(self, p: int) -> float:
        c, o = self.s.c, p * NP
        chair, burnt = c[CHAIR + p] + c[NP + CHAIR + p], c[o + BURNT]
        return (chair - burnt + ON_PLATE * (c[PLATE + p] + c[NP + PLATE + p])
                + ON_FIRE * (c[o + FIRE_U] + c[o + FIRE_C]) + OVERCOOKED * c[o + OVER])

    def record(self) -> dict:
        return {"game": G, "players": list(self.names), "turns": self.turns}

    def summary(self):
        return ranked([chair - burnt for chair, burnt in (self.s.score(0), self.s.score(1))], self.s.over)

    def length(self) -> tuple[int, int]:
        return self.n_turns, self.n_actions


# ---------------------------------------------------------------- a random legal game, as a record

def random_record(kit, rng: random.Random, names: tuple[str, str] = ("Ann", "Ben"), max_turns: int = 400) -> dict:
    """A record of a game played by choosing uniformly among the legal moves (tests, bench)."""
    s = State(table(kit.params))
    turns: list[dict] = []
    while not s.over and len(turns) < max_turns:
        roll, = dice.roll(rng)
        s.start_turn(roll)
        if s.over:
            break
        actions = []
        while True:
            moves = legal_moves(s)
            if not moves:
                break
            mv = rng.choice(moves)
            actions.append(text_of(s, mv))
            apply(s, mv)
        turns.append({"roll": roll, "actions": actions})
    return {"game": G, "players": list(names), "turns": turns}
