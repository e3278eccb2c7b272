"""Trim the Tree: the record format, the replay and the score, and the table where a record stops.

The rules are in trim_the_tree_moves (State, why_illegal, legal_moves, apply); this module reads a
record (from the setup or from a `start:` position), replays it through them, lists every
violation, scores each pick, draws each step in the kit's own names, and answers `pnpkit moves`.
docs/records/trim-the-tree.md describes the notation.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

import yaml

from pnpkit.scorer.core import PlayerScore, Result, plural, rank
from pnpkit.scorer.games.trim_the_tree_moves import (R_BOX, R_END, R_MUST, R_ORDER, R_SETUP, R_T4, Move, State, apply,
                                              legal_moves, legend, tree_text, why_illegal)
from pnpkit.scorer.movelog import Illegal, Replay
from pnpkit.scorer.play import Area, Option, Piece, Position, Turn, cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS, Name, Strict

GAME = "trim-the-tree"

# What kits/trim-the-tree.yaml calls what the rules move: each player's tree is the next board with a
# lattice, in the kit's order; ornaments are counters named `<colour>-<shape>`.
LATTICE, SCORE_TRACK, STARS = "tree", "score", "stars"
BOX_BOARD, BOX_REGION = "ornament-box", "box"


# ---------------------------------------------------------------- the record

@lru_cache(maxsize=256)      # records repeat a few names; 256 long ones at most are kept
def _ornament(text: str) -> str:
    words = str(text).lower().split()
    if len(words) != 2 or not all(w.isalpha() for w in words):
        raise ValueError(f"cannot read ornament {text!r}: write its colour and its shape, e.g. \"blue box\"")
    return " ".join(words)


@lru_cache(maxsize=256)
def _space(text: str) -> str:
    if not _SPACE.fullmatch(str(text)):
        raise ValueError(f"cannot read space {text!r}: write a row letter and a position, e.g. C2")
    return str(text).strip().upper()


_SPACE = re.compile(r"\s*[A-Za-z]\d{1,2}\s*")
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


class Start(Strict):
    """The trees at the start of a round: what lies on each space, and each player's score. Each
    round every player places one ornament, so every tree holds as many as rounds were played; the
    round's first picker follows from that (ruling T3)."""

    trees: dict[Name, dict[Space, Ornament]] = Field(default_factory=dict, description="Each player's tree: "
                                                     "{C2: blue box, ...}; a player left out has an empty tree.")
    scores: dict[Name, int] = Field(default_factory=dict, description="Each player's Star on the score track (default 0).")


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["trim-the-tree"]
    players: list[str] = Field(min_length=1, max_length=5, description="Seat order (clockwise); the first starts.")
    start: Start | None = Field(None, description="The trees at the start of a round, instead of empty trees.")
    rounds: list[Round] = Field(default_factory=list, max_length=MAX_TURNS)

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("the players need different names")
        return v


# ---------------------------------------------------------------- a position to start from

def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """(path, message) for every way the record's `start:` cannot exist."""
    st, p, names = record.start, kit.params, list(record.players)
    if st is None:
        return []
    out: list[tuple[tuple, str]] = []
    for key in ("trees", "scores"):
        out += [(("start", key, name), f"{name!r} is not a player ({', '.join(names)})")
                for name in getattr(st, key) if name not in names]
    for name, tree in st.trees.items():
        for space, orn in tree.items():
            if space not in p.adjacent:
                out.append((("start", "trees", name, space), f"{space} is not a space on the tree "
                            f"({p.spaces[0]} to {p.spaces[-1]}, row by row)"))
            elif orn not in p.ornaments:
                out.append((("start", "trees", name, space), State(p, 1).unknown(orn)))
        placed = set(tree) & set(p.adjacent)
        if placed and not _connected(placed, p.adjacent):
            out.append((("start", "trees", name), f"{name}'s ornaments do not hang together: after the first, each "
                        f"is placed next to one already on the tree (ruling T1)"))
    for name, points in st.scores.items():
        if points < 0:
            out.append((("start", "scores", name), f"{points}: a score cannot be negative"))
    sizes = {name: len(st.trees.get(name, {})) for name in names}
    if len(set(sizes.values())) > 1:
        told = ", ".join(f"{name} {n}" for name, n in sizes.items())
        out.append((("start", "trees"), f"the trees hold {told} ornaments; each round every player places one, "
                    f"so every tree holds as many as rounds were played"))
    have = p.in_bag(len(names))
    drawn = Counter(orn for tree in st.trees.values() for orn in tree.values())
    for orn, n in drawn.items():
        if orn in p.ornaments and n > have:
            out.append((("start", "trees"), f"{n} {orn} ornaments on the trees, but with {plural(len(names), 'player')} "
                        f"the bag holds {have}"))
    return out


def _connected(spaces: set[str], adjacent: dict) -> bool:
    seen, todo = set(), [next(iter(spaces))]
    while todo:
        here = todo.pop()
        if here not in seen:
            seen.add(here)
            todo += [n for n in adjacent[here] if n in spaces]
    return seen == spaces


def first_state(record: Record, kit) -> State:
    names = list(record.players)
    s = State(kit.params, len(names), names)
    if record.start is not None:
        for i, name in enumerate(names):
            s.trees[i] = dict(record.start.trees.get(name, {}))
            s.points[i] = record.start.scores.get(name, 0)
        s.round = len(s.trees[0]) - 1
        for orn in (orn for tree in s.trees for orn in tree.values()):
            s.bag.take(orn)
    return s


# ---------------------------------------------------------------- the position in the kit's names

def picture(s: State, kit) -> Position:
    """Each player's tree board with its ornaments and Star, and the Ornament Box with what is left."""
    boards = [c.name for c in kit.components if c.kind == "board" and getattr(c, "lattices", None)]
    track = kit.params.score_track + 1
    areas = []
    for i, name in enumerate(s.names):
        pieces = [Piece(orn.replace(" ", "-"), f"{LATTICE} {space}") for space, orn in s.trees[i].items()]
        pieces.append(Piece(STARS, f"{SCORE_TRACK} {s.points[i] % track}"))
        areas.append(Area("board", f"{name}'s tree: {plural(s.points[i], 'point')}", boards[i % len(boards)],
                          tuple(pieces)))
    box = tuple(Piece(orn.replace(" ", "-"), BOX_REGION) for orn in s.box if orn in kit.params.ornaments)
    areas.append(Area("board", "The Ornament Box" + (f": round {s.round + 1}" if s.round >= 0 else ""),
                      BOX_BOARD, box))
    text = " | ".join(f"{name}: {len(s.trees[i])} ornaments, {s.points[i]}" for i, name in enumerate(s.names))
    return Position(tuple(areas), text)


# ---------------------------------------------------------------- replay and score

def replay(record: Record, kit, explain: bool = False, steps: bool = False):
    """Play the record through the rules: the state at its end, the replay's findings, and each
    player's scoring picks (the breakdown)."""
    names = list(record.players)
    s = first_state(record, kit)
    rep = Replay(explaining=explain, recording=steps)
    rep.note(legend(kit.params))
    lines: list[list[tuple[str, int]]] = [[] for _ in names]
    if record.start is not None:
        for i, name in enumerate(names):
            if s.points[i]:
                lines[i].append(("score at the start", s.points[i]))
    rep.step("start", "the position written under start:" if record.start else "every tree empty",
             lambda: picture(s, kit))
    last = len(record.rounds) - 1
    for ri, rnd in enumerate(record.rounds):
        where_r = f"round {s.round + 2}"
        if s.over():
            rep.illegal(where_r, Illegal("every tree is full: the game is over", R_END))
            break
        for why in s.open_box(rnd.box):
            rep.illegal(where_r, why)
        did = f"the box: {', '.join(rnd.box)}; {names[s.order()[0]]} picks first"
        rep.note(f"{where_r}: box {', '.join(rnd.box)}; {names[s.order()[0]]} picks first")
        rep.step(where_r, did, lambda: picture(s, kit))
        for pick in rnd.picks:
            where = f"{where_r}, {pick.player}"
            if pick.player not in names:
                rep.illegal(where, Illegal(f"{pick.player} is not a player ({', '.join(names)})", R_ORDER))
                rep.step(where, "not played", lambda: picture(s, kit))
                continue
            mv = (names.index(pick.player), pick.take, pick.at)
            why = why_illegal(s, mv)
            if why is not None:
                rep.illegal(where, why)
            placed = pick.at in s.p.adjacent and pick.at not in s.trees[mv[0]] and pick.take in s.p.ornaments
            done, good, pts = apply(s, mv)
            if pts:
                lines[mv[0]].append((f"round {s.round + 1}: {pick.take} at {pick.at}, {plural(good, 'triangle')}", pts))
            if not (explain or steps):
                continue
            did = (f"{pick.player} puts the {pick.take} at {pick.at}: completes {plural(done, 'triangle')}, "
                   f"{good} of different colours and shapes: +{pts}, total {s.points[mv[0]]}") if placed else \
                f"{pick.player} takes the {pick.take}; not placed ({pick.at} is not an empty space of the tree)"
            if explain:
                rep.note(f"{where}: " + ("" if not why else "ILLEGAL, played as recorded: " if placed else "ILLEGAL, not placed: ")
                         + f"{pick.take} at {pick.at}: completes {plural(done, 'triangle')}, "
                         f"{good} of different colours and shapes: +{pts}, total {s.points[mv[0]]}")
                for line in tree_text(kit.params, s.trees[mv[0]]):
                    rep.note("    " + line)
            rep.step(where, did, lambda: picture(s, kit))
        missing = [names[i] for i in s.order() if i not in s.picked]
        if missing and ri != last:
            rep.illegal(where_r, Illegal(f"{', '.join(missing)} took no ornament (each player takes one)", R_MUST))
            rep.step(where_r, "the round ends", lambda: picture(s, kit))
    rep.finish("end", "the record ends here", lambda: picture(s, kit))
    return s, rep, lines


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    names = list(record.players)
    s, rep, lines = replay(record, kit, explain, steps)
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
            rep.note(f"{name}'s tree, {plural(s.points[i], 'point')}:")
            for line in tree_text(kit.params, s.trees[i]):
                rep.note("    " + line)
    rep.note(("game over" if finished else "unfinished") + ": " + ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=GAME, players=players, violations=rep.violations, finished=finished,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)


# ---------------------------------------------------------------- at the table: what may come next

_PICK = re.compile(r"\s*(?:(?P<player>[^:{}]+?)\s*:\s*)?(?P<orn>[A-Za-z]+\s+[A-Za-z]+)\s+at\s+(?P<at>\S+)\s*")
PICK_NOTATION = 'COLOUR SHAPE at SPACE ("blue box at C2"), "Ann: blue box at C2" or {player: Ann, take: blue box, at: C2}'


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
        options = [Option(f"{orn} at {space}") for _, orn, space in legal_moves(s)]
        forced = []
        if len(s.box) == 1:
            forced.append(f"{names[who]} picks last this round and takes the {s.box[0]} (Note: \"The last player in "
                          f"the round does not have a choice\")")
        return Turn(to_move=names[who], legal=options, forced=forced, may_end_turn=False,
                    turn=f"round {s.round + 1}: {names[who]} picks from {', '.join(s.box)}")

    def move(self, action: str) -> Move:
        """The record's notation -> a pick (the player to pick if none is named). ValueError: unreadable."""
        text = str(action).strip()
        if text.startswith("{"):
            try:
                data = yaml.safe_load(text)
                pick = Pick.model_validate({"player": self._next_name(), **data} if isinstance(data, dict) else data)
            except (yaml.YAMLError, ValueError) as e:
                raise ValueError(f"cannot read {text!r}: expected {PICK_NOTATION}") from e
            player, orn, space = pick.player, pick.take, pick.at
        else:
            m = _PICK.fullmatch(text)
            if not m:
                raise ValueError(f"cannot read {text!r}: expected {PICK_NOTATION}")
            player, orn, space = m["player"] or self._next_name(), _ornament(m["orn"]), _space(m["at"])
        if player not in self.names:
            raise ValueError(f"{player!r} is not a player ({', '.join(self.names)})")
        return (self.names.index(player), orn, space)

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


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)


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
