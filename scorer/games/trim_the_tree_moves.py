"""Trim the Tree: the position, the picks, and the rules that judge them (rulings T1-T4).

One function, `why_illegal`, holds every rule about a pick; `legal_moves` is the picks it accepts,
the replay (trim_the_tree.py) reports what it returns, `pnpkit moves` lists and tries the same,
and the random player chooses among `legal_moves`. The lattice (spaces, lines, triangles) comes from
the kit file through kitfile.params.trim_the_tree, the same place the printed tree is drawn from.
"""
from __future__ import annotations

from functools import lru_cache

from pnpkit.scorer.movelog import Illegal
from pnpkit.scorer.seats import clockwise_from
from pnpkit.scorer.supply import Supply
from pnpkit.scorer.rulebook import ruling, section

GAME = "trim-the-tree"
G = GAME

R_ORDER = section(G, "2) Trimming the Tree", "starting with the starting player and continuing clockwise, each player chooses an "
                  "Ornament from the Box")
R_ROTATION = ruling("T3", "After the last Ornament is taken from the Box, pass the Bag to the player on the left.", rulebook=G)
R_FROM_BOX = section(G, "2) Trimming the Tree", "each player chooses an Ornament from the Box and places it on an empty space on her Tree")
R_SPACE = section(G, "2) Trimming the Tree", "A space is represented by the intersection of 2 or 3 lines on the Tree.")
R_EMPTY = section(G, "2) Trimming the Tree", "places it on an empty space on her Tree")
R_ADJ = section(G, "2) Trimming the Tree", "After the first Ornament is placed, players must place each new Ornament on a space "
                "adjacent to an Ornament already on her Tree.")
R_BOX = section(G, "1) Open a box", "the starting player draws as many Ornaments from the Bag as the number of players and "
                "places them on the Box.")
R_MUST = section(G, "Note", "a player must always place an Ornament from the Box.")
R_END = section(G, "Game end", "When all the Christmas Trees are filled with Ornaments, the game ends.")
R_KINDS = section(G, "Components", "80 Ornament counters (in 4 different shapes and 4 different colors)")
R_T3, R_T4 = ruling("T3"), ruling("T4")
_SETUP = {1: "If playing solataire, take out 3 sets (or 4 sets for a more calculating version).",
          2: "With only 2 players, take out two sets (32 Ornaments total).",
          3: "With only 3 players, take one set of 16 Ornaments out of the game."}
R_SETUP = {n: section(G, "Setup", w) for n, w in _SETUP.items()}


# ---------------------------------------------------------------- the state

Move = tuple  # (player index, ornament "blue box", space "C2")


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
                (ca, sa), (cb, sb), (cc, sc) = _parts(tree[a]), _parts(tree[b]), _parts(tree[c])
                if ca != cb != cc != ca and sa != sb != sc != sa:
                    good += 1
        return done, good


@lru_cache(maxsize=256)
def _parts(orn: str) -> tuple[str, str]:
    """`blue box` -> (colour, shape)."""
    colour, shape = orn.split()
    return colour, shape


def why_illegal(s: State, mv: Move) -> Illegal | None:
    """Why this pick may not be made now (None: it may)."""
    who, orn, space = mv
    if s.over():
        return Illegal("every tree is full: the game is over", R_END)
    nxt = s.to_pick()
    if who != nxt:
        if who in s.picked:
            return Illegal(f"{s.names[who]} has already taken an ornament this round", R_T3)
        if nxt is None:
            return Illegal("every player has taken an ornament this round", R_T3)
        if s.round == 0:
            return Illegal(f"out of turn: {s.names[nxt]} takes next", R_ORDER)
        first, bag = s.names[s.order()[0]], "the Bag passes one seat to the left each round, ruling T3"
        if s.names[nxt] == first:
            return Illegal(f"out of turn: round {s.round + 1} begins with {first} ({bag})", R_ROTATION)
        return Illegal(f"out of turn: {s.names[nxt]} takes next; round {s.round + 1} began with {first} ({bag})",
                       R_ROTATION)
    if orn not in s.p.ornaments:
        return Illegal(s.unknown(orn), R_KINDS)
    if orn not in s.box:
        left = ", ".join(s.box) or "nothing"
        return Illegal(f"no {orn} is in the box (it holds {left})", R_FROM_BOX)
    if space not in s.p.adjacent:
        return Illegal(f"{space} is not a space on the tree (spaces: {s.p.spaces[0]} to {s.p.spaces[-1]}, "
                       f"row by row)", R_SPACE)
    tree = s.trees[who]
    if space in tree:
        return Illegal(f"{space} already holds a {tree[space]}", R_EMPTY)
    if tree and not s.p.adjacent[space] & tree.keys():
        return Illegal(f"{space} is not next to an ornament on the tree", R_ADJ)
    return None


def legal_moves(s: State) -> list[Move]:
    who = s.to_pick()
    if who is None or s.over():
        return []
    spaces = open_spaces(s, who)
    return [(who, orn, sp) for orn in dict.fromkeys(s.box) for sp in spaces if why_illegal(s, (who, orn, sp)) is None]


def open_spaces(s: State, who: int) -> list[str]:
    """The spaces player `who` could fill now: empty, and next to an ornament if any is placed (the
    candidates `legal_moves` asks `why_illegal` about, with every ornament in the box)."""
    tree, adjacent = s.trees[who], s.p.adjacent
    if not tree:
        return list(s.p.spaces)
    return [sp for sp in s.p.spaces if sp not in tree and not adjacent[sp].isdisjoint(tree)]


def apply(s: State, mv: Move) -> tuple[int, int, int]:
    """Place the ornament (if its space is empty and on the tree); returns (triangles, good, points)."""
    who, orn, space = mv
    if orn in s.box:
        s.box.remove(orn)
    if who not in s.picked:
        s.picked.append(who)
    tree = s.trees[who]
    if space not in s.p.adjacent or space in tree or orn not in s.p.ornaments:
        return 0, 0, 0
    tree[space] = orn
    done, good = s.good_triangles(tree, space)
    pts = s.p.points(good)
    s.points[who] += pts
    return done, good, pts


# ---------------------------------------------------------------- explanation

def _prefix_len(words: list[str]) -> int:
    return next(k for k in range(1, 20) if len({w[:k] for w in words}) == len(words))


def tree_text(params, tree: dict[str, str]) -> list[str]:
    """The tree as text, one line per row: `Bbo` a blue box, `.` an empty space."""
    lc, ls = _prefix_len(params.colours), _prefix_len(params.shapes)
    w = lc + ls
    rows = params.rows
    out = []
    for r, row in enumerate(rows):
        cells = []
        for i in range(1, row.spaces + 1):
            orn = tree.get(f"{row.row}{i}")
            cells.append((orn.split()[0][:lc].upper() + orn.split()[1][:ls]) if orn else ".".center(w))
        out.append(f"{row.row} " + " " * ((w + 1) // 2 * (len(rows) - 1 - r)) + " ".join(c.ljust(w) for c in cells).rstrip())
    return out


def legend(params) -> str:
    lc, ls = _prefix_len(params.colours), _prefix_len(params.shapes)
    return ("ornaments: " + ", ".join(f"{c[:lc].upper()} {c}" for c in params.colours) + "; "
            + ", ".join(f"{s[:ls]} {s}" for s in params.shapes))
