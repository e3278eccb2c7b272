"""Trim the Tree: the position (the trees, the round's box, who has picked, the bag) and the
action value, a pick. The lattice (spaces, lines, triangles) comes from the kit file through
kitfile.params.trim_the_tree, the same place the printed tree is drawn from.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.rules import R_BOX, R_END, R_KINDS, R_SETUP, R_T4
from pnpkit.scorer.seats import clockwise_from
from pnpkit.scorer.supply import Supply


class Move(NamedTuple):
    """One pick: a player takes an ornament from the box and places it on a space of their tree.
    A named tuple, so that the rules unpack it (`who, orn, space = mv`) as they always have."""

    who: int        # the player's seat
    orn: str        # "blue box"
    space: str      # "C2"


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
        self._order: tuple[int, list[int]] = (-2, [])    # (round, its pick order), worked out once a round

    def copy(self) -> "State":
        s = State.__new__(State)
        s.p, s.n, s.names, s.round, s.points = self.p, self.n, self.names, self.round, self.points[:]
        s.trees = [dict(t) for t in self.trees]
        s.box, s.picked, s.bag, s._order = self.box[:], self.picked[:], self.bag.copy(), self._order
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

    def open_box(self, box: list[str]) -> list[Illegal]:
        """Start the next round with `box`; what is wrong with the box (its size, the bag's supply)."""
        self.round += 1
        self.box, self.picked = list(box), []
        out = []
        if self.over():
            return [Illegal("every tree is full: the game is over", R_END)]
        if len(box) != self.n:
            out.append(Illegal(f"the box holds {len(box)} ornaments; it must hold one per player ({self.n})", R_BOX))
        for orn in dict.fromkeys(box):
            if orn not in self.p.ornaments:
                out.append(Illegal(self.unknown(orn), R_KINDS))
        over = {orn for orn in box if not self.bag.take(orn)}
        have = self.p.in_bag(self.n)
        for orn in dict.fromkeys(box):
            if orn in self.p.ornaments and orn in over:
                out_sets = self.p.sets - have
                why = f"{out_sets} of {self.p.sets} sets taken out" if out_sets else f"all {self.p.sets} sets in"
                out.append(Illegal(f"{self.bag.taken(orn)} {orn} ornaments drawn so far, but with {self.n} player"
                                   f"{'s' if self.n != 1 else ''} the bag holds {have} ({why})", R_SETUP.get(self.n, R_T4)))
        return out

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


