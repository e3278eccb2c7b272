"""Trim the Tree: what a step does to the position, once the rules have judged it (moves.py), and
how the table evidently played one they refused: a pick is played as recorded (an ornament that
cannot hang where it is written is taken from the box, not placed), a box is opened as drawn.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal, Played, Stop
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step, Stranger

__all__ = ["apply", "as_played"]


def apply(s: State, mv: Step) -> None:
    """Place the ornament (if its space is empty and on the tree), its points and its line of the
    breakdown; open a box; end a round."""
    if mv.__class__ is not Move:
        if mv.__class__ is Box:
            s.open_box(list(mv.ornaments))     # type: ignore[union-attr]
        else:                                   # END_TURN: the round is over
            s.closed = True
        return
    who, orn, space = mv        # type: ignore[misc]
    if orn in s.box:
        s.box.remove(orn)
    if who not in s.picked:
        s.picked.append(who)
    tree = s.trees[who]
    if space not in s.p.adjacent or space in tree or orn not in s.p.ornaments:
        return
    tree[space] = orn
    _, good = s.good_triangles(tree, space)
    pts = s.p.points(good)
    s.points[who] += pts
    if pts:
        s.lines[who].append((f"round {s.round + 1}: {orn} at {space}, {plural(good, 'triangle')}", pts))


def as_played(s: State, mv: Step, why: Illegal) -> Played:
    """A pick is played as recorded; nothing is after the game's end; a stranger's pick is not."""
    if mv.__class__ is Box and s.over():
        return Stop()
    return "" if mv.__class__ is Stranger else None
