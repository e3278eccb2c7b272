"""Trim the Tree: the record turned into entries for the one replay driver (scorer/replay.py):
each round is its box (a `CHANCE`), its picks (`ACT`) and its end (`TURN_END`: a player who took
no ornament). Each scoring pick is a line of its player's breakdown.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Iterator

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.moves import apply, why_illegal
from pnpkit.scorer.games.trim_the_tree.position import legend, picture, tree_text
from pnpkit.scorer.games.trim_the_tree.record import Record
from pnpkit.scorer.games.trim_the_tree.rules import R_END, R_MUST, R_ORDER
from pnpkit.scorer.games.trim_the_tree.state import Move, State
from pnpkit.scorer.replay import ACT, CHANCE, TURN_END, Entry, Replay, run


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


@dataclass(frozen=True)
class Stranger:
    """A pick the record gives to someone who is not a player: reported, not played."""

    player: str


move = partial(tuple.__new__, Move)
"""`Move` made from a tuple of its fields without its Python constructor (a named tuple's `__new__`
is a Python call; a check makes a Move for every pick of a thousand games)."""


def entries(record: Record, s: State, open_end: bool = False) -> Iterator[Entry]:
    """The record as the driver plays it: each round's box, its picks, its end."""
    names = list(record.players)
    last = len(record.rounds) - 1
    for ri, rnd in enumerate(record.rounds):
        where_r = f"round {s.round + 2}"        # the round the box opens (a `start:` may begin later)
        yield CHANCE, where_r, rnd.box
        for pick in rnd.picks:
            where = f"{where_r}, {pick.player}"
            yield ACT, where, (move((names.index(pick.player), pick.take, pick.at)) if pick.player in names
                               else Stranger(pick.player))
        yield TURN_END, where_r, ri == last, "the round ends"


_NONE: list = []
"""(Never appended to.) A plain check's answers, shared: a new list for each pick is time."""
_QUIET: tuple[str, list[str]] = ("", _NONE)


class Walk:
    """Trim the Tree for the replay driver: its rules on its state, its words, the breakdown."""

    def __init__(self, s: State, record: Record, kit) -> None:
        self.s, self.kit, self.names = s, kit, list(record.players)
        self.lines: list[list[tuple[str, int]]] = [[] for _ in self.names]

    def after_end(self, entry: Entry) -> Illegal | None:
        if entry[0] is CHANCE and self.s.over():
            return Illegal("every tree is full: the game is over", R_END)
        return None

    def chance(self, where: str, box: list[str], telling: bool) -> tuple[str, list[str], list[Illegal], bool]:
        s, names = self.s, self.names
        found = s.open_box(box)
        if not telling:
            return "", _NONE, found, False
        first = names[s.order()[0]]
        return (f"the box: {', '.join(box)}; {first} picks first", [f"{where}: box {', '.join(box)}; {first} picks first"],
                found, False)

    def why_illegal(self, mv: Move | Stranger) -> Illegal | None:
        if type(mv) is Stranger:
            return Illegal(f"{mv.player} is not a player ({', '.join(self.names)})", R_ORDER)
        return why_illegal(self.s, mv)

    def reported(self, why: Illegal) -> bool:
        return True

    def unplayable(self, where: str, mv: Move | Stranger, why: Illegal) -> tuple[str, list[str]] | None:
        return ("not played", []) if isinstance(mv, Stranger) else None

    def play(self, where: str, mv: Move, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        s, who = self.s, mv[0]
        placed = telling and mv.space in s.p.adjacent and mv.space not in s.trees[who] and mv.orn in s.p.ornaments
        done, good, pts = apply(s, mv)
        if pts:
            self.lines[who].append((f"round {s.round + 1}: {mv.orn} at {mv.space}, {plural(good, 'triangle')}", pts))
        if not telling:
            return _QUIET
        name = self.names[who]
        did = (f"{name} puts the {mv.orn} at {mv.space}: completes {plural(done, 'triangle')}, "
               f"{good} of different colours and shapes: +{pts}, total {s.points[who]}") if placed else \
            f"{name} takes the {mv.orn}; not placed ({mv.space} is not an empty space of the tree)"
        note = (f"{where}: " + ("" if not why else "ILLEGAL, played as recorded: " if placed else "ILLEGAL, not placed: ")
                + f"{mv.orn} at {mv.space}: completes {plural(done, 'triangle')}, "
                f"{good} of different colours and shapes: +{pts}, total {s.points[who]}")
        return did, [note] + ["    " + line for line in tree_text(self.kit.params, s.trees[who])]

    def turn_problems(self) -> list[Illegal]:
        s = self.s
        missing = [self.names[i] for i in s.order() if i not in s.picked]
        return [Illegal(f"{', '.join(missing)} took no ornament (each player takes one)", R_MUST)] if missing else []

    def epilogue(self, open_end: bool) -> None:
        return None

    def picture(self):
        return picture(self.s, self.kit)


def replay(record: Record, kit, explain: bool = False, steps: bool = False):
    """Play the record through the rules: the state at its end, the replay's findings, and each
    player's scoring picks (the breakdown)."""
    s = first_state(record, kit)
    walk = Walk(s, record, kit)
    rep = Replay(explaining=explain, recording=steps)
    if explain:                     # (a plain check of a thousand games says nothing: no words made)
        rep.note(legend(kit.params))
    if record.start is not None:
        for i in range(len(walk.names)):
            if s.points[i]:
                walk.lines[i].append(("score at the start", s.points[i]))
    rep.step("start", "the position written under start:" if record.start else "every tree empty", walk.picture)
    run(walk, entries(record, s), rep)
    return s, rep, walk.lines
