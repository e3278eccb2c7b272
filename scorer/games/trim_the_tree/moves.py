"""Trim the Tree: the rules (scorer/protocol.py's `Rules`), rulings T1-T4.

One function, `why_illegal`, holds every rule about a step: a pick, a round's box drawn from the Bag,
a round's end (every player takes one), a pick the record gives a stranger. `legal_moves` is the
candidates it accepts (every ornament in the box on every space `open_spaces` gives); the replay
reports what it returns, `pnpkit moves` lists and tries the same, and the simulator chooses among
`legal_moves`. What a step does is effects.py's.
"""
from __future__ import annotations

from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.effects import apply, as_played
from pnpkit.scorer.games.trim_the_tree.notation import read, words, write
from pnpkit.scorer.games.trim_the_tree.position import places
from pnpkit.scorer.games.trim_the_tree.rules import (R_ADJ, R_BOX, R_EMPTY, R_END, R_FROM_BOX, R_KINDS, R_MUST, R_ORDER,
                                                     R_ROTATION, R_SETUP, R_SPACE, R_T3, R_T4_SUPPLY)
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step, Stranger

__all__ = ["apply", "as_played", "candidates", "chance", "is_over", "legal_moves", "open_spaces", "places", "read",
           "repeats", "to_move", "why_illegal", "words", "write"]


def to_move(s: State) -> int | None:
    """The seat to pick; None while a box is due (between rounds) and once every tree is full."""
    return None if s.over() or s.closed else s.to_pick()


def chance(s: State) -> tuple[Box, ...]:
    """A box is due between rounds; its ornaments are the Bag's (too many to list: the record says)."""
    return ()


def is_over(s: State) -> bool:
    return s.over()


def why_illegal(s: State, mv: Step) -> Illegal | None:
    """Why this step may not come now (None: it may)."""
    if mv.__class__ is not Move:
        return _why_other(s, mv)
    who, orn, space = mv        # type: ignore[misc]
    if s.over():
        return Illegal("every tree is full: the game is over", R_END)
    if s.closed:
        return Illegal(f"round {s.round + 2} has no box yet: the starting player draws it first", R_BOX)
    nxt = s.to_pick()
    if who != nxt:
        return _out_of_turn(s, who, nxt)
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


def _out_of_turn(s: State, who: int, nxt: int | None) -> Illegal:
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


def _why_other(s: State, a: Step) -> Illegal | None:
    if a.__class__ is Box:
        return _why_box(s, a.ornaments)     # type: ignore[union-attr]
    if a.__class__ is Stranger:
        return Illegal(f"{a.player} is not a player ({', '.join(s.names)})", R_ORDER)     # type: ignore[union-attr]
    if s.closed and not s.over():       # END_TURN between rounds
        return Illegal(f"round {s.round + 2} has no box yet: the starting player draws it first", R_BOX)
    if len(s.picked) == s.n:
        return None
    missing = [s.names[i] for i in s.order() if i not in s.picked]
    return Illegal(f"{', '.join(missing)} took no ornament (each player takes one)", R_MUST) if missing else None


def _why_box(s: State, box: tuple[str, ...]) -> Illegal | None:
    """A round's box: one ornament per player, each of the kit's, no more of one than the bag holds
    with this many players (T4)."""
    if s.over():
        return Illegal("every tree is full: the game is over", R_END)
    if not s.closed:
        missing = [s.names[i] for i in s.order() if i not in s.picked]
        return Illegal(f"{', '.join(missing)} took no ornament (each player takes one)", R_MUST)
    if len(box) != s.n:
        return Illegal(f"the box holds {len(box)} ornaments; it must hold one per player ({s.n})", R_BOX)
    kinds, out, have = s.p.ornaments, s.bag.out, s.bag.have
    for orn in box:
        if orn not in kinds:
            return Illegal(s.unknown(orn), R_KINDS)
    for orn in box:
        if out.get(orn, 0) + box.count(orn) > have.get(orn, 0):
            return _over_bag(s, orn, out.get(orn, 0) + box.count(orn))
    return None


def _over_bag(s: State, orn: str, drawn: int) -> Illegal:
    have = s.p.in_bag(s.n)
    out_sets = s.p.sets - have
    why = f"{out_sets} of {s.p.sets} sets taken out" if out_sets else f"all {s.p.sets} sets in"
    return Illegal(f"{drawn} {orn} ornaments drawn so far, but with {s.n} player{'s' if s.n != 1 else ''} the bag "
                   f"holds {have} ({why})", R_SETUP.get(s.n, R_T4_SUPPLY))


def repeats(s: State, why: Illegal) -> bool:
    return False


def candidates(s: State) -> list[Move]:
    """Every ornament in the box on every space the player to pick could fill."""
    who = s.to_pick()
    if who is None or s.over() or s.closed:
        return []
    spaces = open_spaces(s, who)
    return [Move(who, orn, sp) for orn in dict.fromkeys(s.box) for sp in spaces]


def legal_moves(s: State) -> list[Move]:
    return [mv for mv in candidates(s) if why_illegal(s, mv) is None]


def open_spaces(s: State, who: int) -> list[str]:
    """The spaces player `who` could fill now: empty, and next to an ornament if any is placed (the
    candidates `legal_moves` asks `why_illegal` about, with every ornament in the box)."""
    tree, adjacent = s.trees[who], s.p.adjacent
    if not tree:
        return list(s.p.spaces)
    return [sp for sp in s.p.spaces if sp not in tree and not adjacent[sp].isdisjoint(tree)]
