"""Trim the Tree's end position as a form: each player's tree as it hangs when the game ends, a box
per space (A1 at the top to E5), and the score each player's Star shows on the track; the record
is docs/records/trim-the-tree.md's `start:` with no round after it.

A Trim the Tree score depends on the order the ornaments were hung (a triangle scores when it is
completed), so the scorer takes the scores as written and checks the trees: every space on the
tree, ornaments the kit has and no more of one than the bag holds, each tree hanging together
(ruling T1), all trees the same size. The game is over when every tree is full.

    pN.name, pN.score       the players in seat order, and the score their Star shows
    pN.A1 ... pN.E5         the ornament on that space of their tree (`red box`), or blank
"""
from __future__ import annotations

from pnpkit.kitfile.forms import Field, FormProblem, Layout, Values, count, text

TITLE = "the trees when the game ends"


def fields(kit) -> list[Field]:
    p, out = kit.params, []
    choices = tuple((o, o) for o in p.ornaments)
    for n in range(1, kit.game.max_players + 1):
        out += [Field(f"p{n}.name", f"Player {n}", "name"), Field(f"p{n}.score", "Score on the track", "count")]
        out += [Field(f"p{n}.{s}", s, "pick", choices) for s in p.spaces]
    return out


def players(kit) -> Layout:
    rows = tuple((str(n), (f"p{n}.name", f"p{n}.score")) for n in range(1, kit.game.max_players + 1))
    return Layout(("Name", "Score"), rows, (), row_head="Seat")


def boards(kit) -> list[tuple[str, Layout]]:
    """A tree per player, row A (one space) at the top to row E."""
    p, widest = kit.params, max(r.spaces for r in kit.params.rows)
    out = []
    for n in range(1, kit.game.max_players + 1):
        rows = tuple((r.row, tuple(f"p{n}.{r.row}{i}" if i <= r.spaces else None for i in range(1, widest + 1)))
                     for r in p.rows)
        out.append((f"Player {n}'s tree", Layout(tuple(str(i) for i in range(1, widest + 1)), rows, (), row_head="")))
    return out


def record(values: Values, kit) -> dict:
    """The players who have a name, what hangs on their trees, and their scores as written."""
    names, trees, scores = [], {}, {}
    for n in range(1, kit.game.max_players + 1):
        name = text(values, f"p{n}.name")
        if not name:
            continue
        names.append(name)
        tree = {s: text(values, f"p{n}.{s}") for s in kit.params.spaces if text(values, f"p{n}.{s}")}
        if tree:
            trees[name] = tree
        if text(values, f"p{n}.score"):
            scores[name] = count(values, f"p{n}.score", "points on the score track", None)
    if not names:
        raise FormProblem(None, "p1.name", "write the players' names, in seat order")
    return {"game": "trim-the-tree", "players": names, "start": {"trees": trees, "scores": scores}, "rounds": []}


def fields_of(data: dict, kit) -> dict[str, str]:
    """The inverse of `record`: each player's name, score and tree of a `start:` record with no
    round after it (a saved game opened again to correct it); FormProblem for any other record."""
    names, start = data.get("players") or [], data.get("start")
    if data.get("rounds") or not isinstance(start, dict) or set(start) - {"trees", "scores"}:
        raise FormProblem(None, "start", "only an end position (a `start:` of the trees and scores, no round after "
                                         "it) opens as this form")
    out: dict[str, str] = {}
    try:
        for n, name in enumerate(names, 1):
            out[f"p{n}.name"] = str(name)
            if name in (start.get("scores") or {}):
                out[f"p{n}.score"] = str(start["scores"][name])
            out |= {f"p{n}.{space}": str(o) for space, o in ((start.get("trees") or {}).get(name) or {}).items()}
    except (TypeError, AttributeError) as e:
        raise FormProblem(None, "start", f"the end position cannot be shown as this form ({e})") from None
    return out


def box(where: str, message: str, seats: dict[str, int]) -> str | None:
    """`start.trees.Ann.C2` -> that space of Ann's tree; `start.trees.Ann` -> her tree's first space."""
    parts = where.split(".")
    if len(parts) >= 3 and parts[0] == "start" and parts[2] in seats:
        seat = seats[parts[2]]
        if parts[1] == "scores":
            return f"p{seat}.score"
        return f"p{seat}.{parts[3]}" if len(parts) > 3 else f"p{seat}.name"
    return None
