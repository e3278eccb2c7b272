"""Trim the Tree: the position a record starts from (the setup, or a `start:` position, checked),
and positions drawn in the kit's own names (what a step touches in the same names) or told in words
(the trees as text for --explain).
"""
from __future__ import annotations

from collections import Counter

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.trim_the_tree.record import Record
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step
from pnpkit.scorer.play import Area, Piece, Position

# What kits/trim-the-tree.yaml calls what the rules move: each player's tree is the next board with a
# lattice, in the kit's order; ornaments are counters named `<colour>-<shape>`.
LATTICE, SCORE_TRACK, STARS = "tree", "score", "stars"
BOX_BOARD, BOX_REGION = "ornament-box", "box"


def start(record: Record, kit) -> State:
    """Every tree empty, or the trees and scores of the record's `start:` (each score a line of its
    player's breakdown), the ornaments on them out of the bag."""
    names = list(record.players)
    s = State(kit.params, len(names), names)
    if record.start is not None:
        for i, name in enumerate(names):
            s.trees[i] = dict(record.start.trees.get(name, {}))
            s.points[i] = record.start.scores.get(name, 0)
            if s.points[i]:
                s.lines[i].append(("score at the start", s.points[i]))
        s.round = len(s.trees[0]) - 1
        for orn in (orn for tree in s.trees for orn in tree.values()):
            s.bag.take(orn)
    return s


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """(path, message) for every way the record's `start:` cannot exist (Game.problems asks only of a
    record with one)."""
    st, p, names = record.start, kit.params, list(record.players)
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


def start_of(s: State, names: list[str]) -> dict:
    """The `start:` that writes down position `s` between rounds: each tree and each score."""
    return {"trees": {name: dict(s.trees[i]) for i, name in enumerate(names)},
            "scores": {name: s.points[i] for i, name in enumerate(names)}}


def _connected(spaces: set[str], adjacent: dict) -> bool:
    seen, todo = set(), [next(iter(spaces))]
    while todo:
        here = todo.pop()
        if here not in seen:
            seen.add(here)
            todo += [n for n in adjacent[here] if n in spaces]
    return seen == spaces


def picture(s: State, kit) -> Position:
    """Each player's tree board with its ornaments and Star, and the Ornament Box with what is left."""
    boards = [c.name for c in kit.components if c.kind == "board" and getattr(c, "lattices", None)]
    track = kit.params.score_track + 1
    areas = []
    picker = s.to_pick()        # only the picker's tree is tapped: every tree's spaces bear the same names
    for i, name in enumerate(s.names):
        pieces = [Piece(orn.replace(" ", "-"), f"{LATTICE} {space}") for space, orn in s.trees[i].items()]
        pieces.append(Piece(STARS, f"{SCORE_TRACK} {s.points[i] % track}"))
        areas.append(Area("board", f"{name}'s tree: {plural(s.points[i], 'point')}", boards[i % len(boards)],
                          tuple(pieces), taps=i == picker))
    # an ornament in the box is tapped by its counters' name, as `places` names it
    box = tuple(Piece(orn.replace(" ", "-"), BOX_REGION, tag=orn.replace(" ", "-")) for orn in s.box
                if orn in kit.params.ornaments)
    areas.append(Area("board", "The Ornament Box" + (f": round {s.round + 1}" if s.round >= 0 else ""),
                      BOX_BOARD, box))
    text = " | ".join(f"{name}: {len(s.trees[i])} ornaments, {s.points[i]}" for i, name in enumerate(s.names))
    return Position(tuple(areas), text)


def places(s: State, a: Step) -> tuple[str, ...]:
    """What a step touches in `picture`'s names: the ornament in the box (its counters, `red-box`) and
    a space of the picker's tree; a box drawn, the box."""
    if a.__class__ is Move:
        return (a.orn.replace(" ", "-"), f"{LATTICE} {a.space}")     # type: ignore[union-attr]
    return (BOX_REGION,) if a.__class__ is Box else ()


# ---------------------------------------------------------------- in words

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
