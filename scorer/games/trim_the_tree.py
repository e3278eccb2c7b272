"""Trim the Tree: the record format, the state, the moves, the replay and the score.

The lattice (spaces, lines, triangles) comes from the kit file through kitfile.params.trim_the_tree,
the same place the printed tree is drawn from. One function, `why_illegal`, holds every rule about a
pick; `legal_moves` is the picks it accepts, the replay reports what it returns, and the random
player chooses among `legal_moves`. docs/records/trim-the-tree.md describes the notation.
"""
from __future__ import annotations

import random
import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from scorer.core import PlayerScore, Result, rank
from scorer.movelog import Illegal, Replay
from scorer.records import MAX_ITEMS, MAX_TURNS
from scorer.rulebook import ruling, section
from scorer.seats import clockwise_from
from scorer.supply import Supply

GAME = "trim-the-tree"
G = GAME

R_ORDER = section(G, "2) Trimming the Tree", "starting with the starting player and continuing clockwise, each player chooses an "
                  "Ornament from the Box")
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


# ---------------------------------------------------------------- the record

def _ornament(text: str) -> str:
    words = str(text).lower().split()
    if len(words) != 2 or not all(w.isalpha() for w in words):
        raise ValueError(f"cannot read ornament {text!r}: write its colour and its shape, e.g. \"blue box\"")
    return " ".join(words)


def _space(text: str) -> str:
    if not re.fullmatch(r"\s*[A-Za-z]\d{1,2}\s*", str(text)):
        raise ValueError(f"cannot read space {text!r}: write a row letter and a position, e.g. C2")
    return str(text).strip().upper()


Ornament = Annotated[str, AfterValidator(_ornament)]
Space = Annotated[str, AfterValidator(_space)]


class Pick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str = Field(description="Who took the ornament.")
    take: Ornament = Field(description='The ornament taken from the box, e.g. "blue box".')
    at: Space = Field(description="The space on the player's tree, A1 (top) to E5.")


class Round(BaseModel):
    """One box: the ornaments drawn, then the picks in the order they were made."""

    model_config = ConfigDict(extra="forbid")
    box: list[Ornament] = Field(max_length=MAX_ITEMS, description="The ornaments drawn for this round, one per player.")
    picks: list[Pick] = Field(default_factory=list, max_length=MAX_ITEMS)


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["trim-the-tree"]
    players: list[str] = Field(min_length=1, max_length=5, description="Seat order (clockwise); the first starts.")
    rounds: list[Round] = Field(default_factory=list, max_length=MAX_TURNS)

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("the players need different names")
        return v


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

    def copy(self) -> "State":
        s = State.__new__(State)
        s.p, s.n, s.names, s.round, s.points = self.p, self.n, self.names, self.round, self.points[:]
        s.trees = [dict(t) for t in self.trees]
        s.box, s.picked, s.bag = self.box[:], self.picked[:], self.bag.copy()
        return s

    def over(self) -> bool:
        return all(len(t) == len(self.p.spaces) for t in self.trees)

    def order(self) -> list[int]:
        """This round's pick order: from its first player (one seat further left each round) clockwise."""
        return clockwise_from(self.round % self.n, self.n)

    def to_pick(self) -> int | None:
        return next((i for i in self.order() if i not in self.picked), None)

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
        for tri in self.p.triangles_at[space]:
            if all(s in tree for s in tri):
                done += 1
                orns = [tree[s].split() for s in tri]
                if len({o[0] for o in orns}) == 3 and len({o[1] for o in orns}) == 3:
                    good += 1
        return done, good


def why_illegal(s: State, mv: Move) -> Illegal | None:
    """Why this pick may not be made now (None: it may)."""
    who, orn, space = mv
    if s.over():
        return Illegal("every tree is full: the game is over", R_END)
    nxt = s.to_pick()
    if who != nxt:
        if who in s.picked:
            return Illegal("has already taken an ornament this round", R_T3)
        if nxt is None:
            return Illegal("every player has taken an ornament this round", R_T3)
        return Illegal(f"out of turn: {s.names[nxt]} takes next", R_ORDER)
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
    tree = s.trees[who]
    spaces = [sp for sp in s.p.spaces if sp not in tree and (not tree or s.p.adjacent[sp] & tree.keys())]
    return [(who, orn, sp) for orn in dict.fromkeys(s.box) for sp in spaces if why_illegal(s, (who, orn, sp)) is None]


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


def picture(params, tree: dict[str, str]) -> list[str]:
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


# ---------------------------------------------------------------- replay and score

def score(record: Record, kit, explain: bool = False) -> Result:
    names = list(record.players)
    s = State(kit.params, len(names), names)
    rep = Replay(explaining=explain)
    rep.note(legend(kit.params))
    lines: list[list[tuple[str, int]]] = [[] for _ in names]
    last = len(record.rounds) - 1
    for ri, rnd in enumerate(record.rounds):
        where_r = f"round {ri + 1}"
        if s.over():
            rep.illegal(where_r, Illegal("every tree is full: the game is over", R_END))
            break
        for why in s.open_box(rnd.box):
            rep.illegal(where_r, why)
        rep.note(f"{where_r}: box {', '.join(rnd.box)}; {names[s.order()[0]]} picks first")
        for pick in rnd.picks:
            where = f"{where_r}, {pick.player}"
            if pick.player not in names:
                rep.illegal(where, Illegal(f"{pick.player} is not a player ({', '.join(names)})", R_ORDER))
                continue
            mv = (names.index(pick.player), pick.take, pick.at)
            why = why_illegal(s, mv)
            if why is not None:
                rep.illegal(where, why)
            placed = pick.at in s.p.adjacent and pick.at not in s.trees[mv[0]] and pick.take in s.p.ornaments
            done, good, pts = apply(s, mv)
            if pts:
                lines[mv[0]].append((f"round {ri + 1}: {pick.take} at {pick.at}, {good} triangle{'s' if good != 1 else ''}", pts))
            if explain:
                rep.note(f"{where}: " + ("" if not why else "ILLEGAL, played as recorded: " if placed else "ILLEGAL, not placed: ") + f"{pick.take} at {pick.at}: completes {done} triangle{'s' if done != 1 else ''}, "
                         f"{good} of different colours and shapes: +{pts}, total {s.points[mv[0]]}")
                for line in picture(kit.params, s.trees[mv[0]]):
                    rep.note("    " + line)
        missing = [names[i] for i in s.order() if i not in s.picked]
        if missing and ri != last:
            rep.illegal(where_r, Illegal(f"{', '.join(missing)} took no ornament (each player takes one)", R_MUST))
    players = []
    for i, name in enumerate(names):
        ps = PlayerScore(name)
        for label, pts in lines[i]:
            ps.add(label, pts)
        if not lines[i]:
            ps.add("no triangle scored", 0)
        players.append(ps)
    ranking, tiebreaks = rank(players, [], R_T4)
    finished = s.over()
    if explain:
        for i, name in enumerate(names):
            rep.note(f"{name}'s tree, {s.points[i]} points:")
            for line in picture(kit.params, s.trees[i]):
                rep.note("    " + line)
    rep.note(("game over" if finished else "unfinished") + ": " + ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=GAME, players=players, violations=rep.violations, finished=finished,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain)


# ---------------------------------------------------------------- random legal player

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
            apply(s, (who, orn, space))
            picks.append({"player": names[who], "take": orn, "at": space})
        rounds.append({"box": box, "picks": picks})
    return {"game": GAME, "players": list(names), "rounds": rounds}
