"""Trim the Tree: the rules of one pick (scorer/game.py's `Rules`), rulings T1-T4.

One function, `why_illegal`, holds every rule about a pick; `legal_moves` is the candidates it
accepts (every ornament in the box on every space `open_spaces` gives); the replay reports what it
returns, `pnpkit moves` lists and tries the same, and the simulator chooses among `legal_moves`.
"""
from __future__ import annotations

from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.notation import read, write
from pnpkit.scorer.games.trim_the_tree.rules import (R_ADJ, R_EMPTY, R_END, R_FROM_BOX, R_KINDS, R_ORDER, R_ROTATION,
                                                     R_SPACE, R_T3)
from pnpkit.scorer.games.trim_the_tree.state import Move, State

__all__ = ["apply", "is_over", "legal_moves", "open_spaces", "read", "to_move", "why_illegal", "write"]


def to_move(s: State) -> int | None:
    """The seat to pick; None while a box is due (between rounds) and once every tree is full."""
    return None if s.over() else s.to_pick()


def is_over(s: State) -> bool:
    return s.over()


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
    return [mv for orn in dict.fromkeys(s.box) for sp in spaces
            if why_illegal(s, mv := Move(who, orn, sp)) is None]


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
