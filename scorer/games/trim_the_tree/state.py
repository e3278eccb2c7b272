"""Trim the Tree: the position (the trees, the round's box, who has picked, the bag) and the
action value, a pick. The lattice (spaces, lines, triangles) comes from the kit file through
kitfile.params.trim_the_tree, the same place the printed tree is drawn from.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, Union

from pnpkit.scorer.game import EndTurn
from pnpkit.scorer.seats import clockwise_from
from pnpkit.scorer.supply import Supply


class Move(NamedTuple):
    """One pick: a player takes an ornament from the box and places it on a space of their tree.
    A named tuple, so that the rules unpack it (`who, orn, space = mv`) as they always have."""

    who: int        # the player's seat
    orn: str        # "blue box"
    space: str      # "C2"


@dataclass(frozen=True)
class Box:
    """Chance: the ornaments the starting player draws from the Bag for a round's box."""

    ornaments: tuple[str, ...]


@dataclass(frozen=True)
class Stranger:
    """A pick the record gives to someone who is not a player."""

    player: str


Step = Union[Move, Box, Stranger, EndTurn]
"""What a record's entry holds: a pick, a box, a pick by a stranger, a round's end."""


class State:
    """The trees, the round in progress (its box and who has picked) and the ornaments drawn."""

    def __init__(self, params, players: int, names: list[str] | None = None) -> None:
        self.p = params
        self.n = players
        self.names = list(names) if names else [f"player {i + 1}" for i in range(players)]
        self.trees: list[dict[str, str]] = [{} for _ in range(players)]
        self.round = -1
        self.box: list[str] = []
        self.picked: list[int] = []
        self.bag: Supply[str] = Supply({o: params.in_bag(players) for o in params.ornaments})
        self.points = [0] * players
        self.closed = True          # no round in progress: the next box is due
        self.lines: list[list[tuple[str, int]]] = [[] for _ in range(players)]   # each player's scoring picks
        self._order: tuple[int, list[int]] = (-2, [])    # (round, its pick order), worked out once a round

    def copy(self) -> "State":
        s = State.__new__(State)
        s.p, s.n, s.names, s.round, s.points = self.p, self.n, self.names, self.round, self.points[:]
        s.trees = [dict(t) for t in self.trees]
        s.box, s.picked, s.bag, s._order = self.box[:], self.picked[:], self.bag.copy(), self._order
        s.closed, s.lines = self.closed, [list(x) for x in self.lines]
        return s

    def over(self) -> bool:
        return min(map(len, self.trees)) == len(self.p.spaces)

    def order(self) -> list[int]:
        """This round's pick order: from its first player (one seat further left each round) clockwise."""
        if self._order[0] != self.round:
            self._order = (self.round, clockwise_from(self.round % self.n, self.n))
        return self._order[1]

    def to_pick(self) -> int | None:
        picked = self.picked
        if len(picked) < self.n:
            for i in self.order():
                if i not in picked:
                    return i
        return None

    def open_box(self, box: list[str]) -> None:
        """Start the next round with `box`, its ornaments taken from the bag (moves.py judges it)."""
        self.round += 1
        self.box, self.picked, self.closed = list(box), [], False
        if not self.over():
            for orn in box:
                self.bag.take(orn)

    def unknown(self, orn: str) -> str:
        return (f"{orn} is not an ornament of this kit (colours: {', '.join(self.p.colours)}; "
                f"shapes: {', '.join(self.p.shapes)})")

    def good_triangles(self, tree: dict[str, str], space: str) -> tuple[int, int]:
        """(triangles the ornament on `space` completes, how many of them differ in colour and shape)."""
        done = good = 0
        for a, b, c in self.p.triangles_at[space]:
            if a in tree and b in tree and c in tree:
                done += 1
                (ca, sa), (cb, sb), (cc, sc) = parts(tree[a]), parts(tree[b]), parts(tree[c])
                if ca != cb != cc != ca and sa != sb != sc != sa:
                    good += 1
        return done, good


@lru_cache(maxsize=256)
def parts(orn: str) -> tuple[str, str]:
    """`blue box` -> (colour, shape)."""
    colour, shape = orn.split()
    return colour, shape


