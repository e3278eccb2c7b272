"""Trim the Tree played by the simulator (scorer/sim/match.py): the rules' own picks, a bag for chance.

The bag holds the sets this player count plays with (ruling T4), shuffled; each round the box is
drawn from it (chance), then every player picks in the round's order, one decision each, from the
rules' `legal_moves`. The record is the move log `pnpkit check` reads.

`value`, written down here and in docs/simulate.md: the seat's points minus the best other
player's, plus 0.1 for every triangle of its tree with two ornaments of different colours and
shapes and its third space still empty (a triangle that may still score). A pick changes only the
picker's tree, so greedy takes the pick that scores most now, and among equals the one that leaves
most such triangles.
"""
from __future__ import annotations

import random

from pnpkit.scorer.games.trim_the_tree.moves import apply, legal_moves, open_spaces, why_illegal
from pnpkit.scorer.games.trim_the_tree.rules import G
from pnpkit.scorer.games.trim_the_tree.state import Move, State
from pnpkit.scorer.sim.match import Moves, ranked

LENGTH = ("rounds", "picks")
OPEN_PAIR = 0.1



def new(kit, names, setup, rng: random.Random) -> "TrimMatch":
    p = kit.params
    bag = [orn for orn in p.ornaments for _ in range(p.in_bag(len(names)))]
    rng.shuffle(bag)
    return TrimMatch(State(p, len(names), list(names)), bag, rng)


class TrimMatch(Moves):
    def __init__(self, state: State, bag: list[str], rng: random.Random | None) -> None:
        self.s, self.names, self.bag, self.rng = state, state.names, bag, rng
        self.rounds: list[dict] | None = []
        self.picks = 0
        self._legal = None

    def list_moves(self) -> list:
        return legal_moves(self.s)

    def to_move(self) -> int | None:
        s = self.s
        if s.over():
            return None
        if s.round < 0 or s.to_pick() is None:     # a new round: the starting player draws the box (chance)
            if self.rng is None:
                return None
            box = [self.bag.pop() for _ in self.names]
            s.open_box(box)
            self._legal = None
            if self.rounds is not None:
                self.rounds.append({"box": box, "picks": []})
        return s.to_pick()

    def sample(self, rng: random.Random):
        """Every ornament in the box goes on every open space: a pick is one of each, drawn evenly."""
        s = self.s
        who = s.to_pick()
        move = Move(who, rng.choice(list(dict.fromkeys(s.box))), rng.choice(open_spaces(s, who)))
        return move if why_illegal(s, move) is None else rng.choice(self.legal())

    def play(self, move) -> None:
        who, orn, space = move
        if self.rounds is not None:
            self.rounds[-1]["picks"].append({"player": self.names[who], "take": orn, "at": space})
        apply(self.s, move)
        self.picks += 1
        self._legal = None

    def turn_done(self) -> bool:
        return True

    def copy(self) -> "TrimMatch":
        m = TrimMatch(self.s.copy(), self.bag, None)
        m.rounds, m.picks = None, self.picks
        return m

    def value(self, seat: int) -> float:
        s = self.s
        others = max((pts for i, pts in enumerate(s.points) if i != seat), default=0)
        tree, pairs = s.trees[seat], 0
        for tri in s.p.triangles:
            placed = [tree[x] for x in tri if x in tree]
            if len(placed) == 2:
                (c1, h1), (c2, h2) = placed[0].split(), placed[1].split()
                pairs += c1 != c2 and h1 != h2
        return s.points[seat] - others + OPEN_PAIR * pairs

    def record(self) -> dict:
        return {"game": G, "players": list(self.names), "rounds": self.rounds}

    def summary(self):
        return ranked(self.s.points, self.s.over())

    def length(self) -> tuple[int, int]:
        return self.s.round + 1, self.picks


# ---------------------------------------------------------------- a random legal game, as a record

def random_record(kit, rng: random.Random, names: list[str]) -> dict:
    """A whole game by random legal picks, boxes drawn from the bag this player count fills."""
    p = kit.params
    bag = [o for o in p.ornaments for _ in range(p.in_bag(len(names)))]
    rng.shuffle(bag)
    s = State(p, len(names), names)
    rounds = []
    while not s.over():
        box = [bag.pop() for _ in names]
        s.open_box(box)
        picks = []
        while True:
            moves = legal_moves(s)
            if not moves:
                break
            who, orn, space = rng.choice(moves)
            apply(s, Move(who, orn, space))
            picks.append({"player": names[who], "take": orn, "at": space})
        rounds.append({"box": box, "picks": picks})
    return {"game": G, "players": list(names), "rounds": rounds}
