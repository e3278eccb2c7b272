"""Trim the Tree in words (scorer/protocol.py's `Telling`): the replay's steps and --explain lines
(a pick with the triangles it completes and the tree after it), and what the table says about a
position besides the rules' answers. Nothing here judges a step (moves.py does).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import END_TURN, Illegal, Said, Told
from pnpkit.scorer.play import Draw
from pnpkit.scorer.games.trim_the_tree.position import legend, tree_text
from pnpkit.scorer.games.trim_the_tree.record import Record
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step

__all__ = ["cost", "opening", "said", "tell"]


def opening(s: State, record: Record) -> list[Told]:
    return [Told("the position written under start:" if record.start else "every tree empty", [legend(s.p)], "start")]


def tell(before: State, s: State, a: Step, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    if a.__class__ is Box:
        if refused is not None:
            return []
        box, first = ", ".join(a.ornaments), s.names[s.order()[0]]      # type: ignore[union-attr]
        return [Told(f"the box: {box}; {first} picks first", [f"{where}: box {box}; {first} picks first"])]
    if a is END_TURN:
        return [Told("the round ends")] if why is not None else []
    if refused is not None:
        return [Told("not played")]
    return [_picked(before, s, a, where, why)]      # type: ignore[arg-type]


def _picked(before: State, s: State, mv: Move, where: str, why: Illegal | None) -> Told:
    who, orn, space = mv
    placed = space in s.p.adjacent and space not in before.trees[who] and orn in s.p.ornaments
    done, good = s.good_triangles(s.trees[who], space) if placed else (0, 0)
    pts = s.points[who] - before.points[who]
    name = s.names[who]
    did = (f"{name} puts the {orn} at {space}: completes {plural(done, 'triangle')}, "
           f"{good} of different colours and shapes: +{pts}, total {s.points[who]}") if placed else \
        f"{name} takes the {orn}; not placed ({space} is not an empty space of the tree)"
    note = (f"{where}: " + ("" if not why else "ILLEGAL, played as recorded: " if placed else "ILLEGAL, not placed: ")
            + f"{orn} at {space}: completes {plural(done, 'triangle')}, "
            f"{good} of different colours and shapes: +{pts}, total {s.points[who]}")
    return Told(did, [note] + ["    " + line for line in tree_text(s.p, s.trees[who])])


def said(s: State) -> Said:
    names = s.names
    if s.over():
        return Said(waiting="every tree is full: the game is over")
    who = s.to_pick()
    if s.closed or who is None:
        first = names[(s.round + 1) % s.n]
        left = tuple((orn, s.bag.left(orn)) for orn in s.p.ornaments if s.bag.left(orn))
        return Said(to_move=first, turn=f"round {s.round + 2}",
                    waiting=f"round {s.round + 2}: draw {plural(s.n, 'ornament')} from the Bag for the box and add "
                            f"`- box: [...]` to the record; {first} picks first",
                    draw=Draw(left, min(s.n, sum(n for _, n in left))))
    forced = []
    if len(s.box) == 1:
        forced.append(f"{names[who]} picks last this round and takes the {s.box[0]} (Note: \"The last player in "
                      f"the round does not have a choice\")")
    return Said(to_move=names[who], forced=forced, turn=f"round {s.round + 1}: {names[who]} picks from {', '.join(s.box)}")


def cost(s: State, a: Step) -> None:
    return None
