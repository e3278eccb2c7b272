"""Trim the Tree: the record's model, a move log of rounds (a box drawn, then the picks), the
`start:` position a record may begin from instead of empty trees, and the record with one more step
written in where the table (scorer/table.py) writes it.
"""
from __future__ import annotations

import re
from typing import Annotated, Literal, Union

from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.structs import Meta, Strict, field
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.trim_the_tree.notation import ornament, space
from pnpkit.scorer.games.trim_the_tree.state import Move, State, Step
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS, Name, distinct_players, notation


Ornament = notation(ornament, as_read=True)   # colour then shape: `Blue  box` is "blue box"
Space = notation(space, as_read=True)         # row letter and position: `c2` is "C2"


class Pick(Strict):
    player: Annotated[Name, Meta(description="Who took the ornament.")]
    take: Annotated[Ornament, Meta(description='The ornament taken from the box, e.g. "blue box".')]
    at: Annotated[Space, Meta(description="The space on the player's tree, A1 (top) to E5.")]


class Round(Strict):
    """One box: the ornaments drawn, then the picks in the order they were made."""

    box: Annotated[list[Ornament], Meta(max_length=MAX_ITEMS, description="The ornaments drawn for this round, one "
                                        "per player.")]
    picks: Annotated[list[Pick], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)


class Start(Strict):
    """The trees at the start of a round: what lies on each space, and each player's score. Each
    round every player places one ornament, so every tree holds as many as rounds were played; the
    round's first picker follows from that (ruling T3)."""

    trees: Annotated[dict[Name, dict[Space, Ornament]], Meta(description="Each player's tree: {C2: blue box, ...}; a "
                                                             "player left out has an empty tree.")] = \
        field(default_factory=dict)
    scores: Annotated[dict[Name, int], Meta(description="Each player's Star on the score track (default 0).")] = \
        field(default_factory=dict)

    def __post_init__(self) -> None:
        keyed(self, "trees", Name, Space)
        keyed(self, "scores", Name)


class Record(Strict):
    game: Literal["trim-the-tree"]
    players: Annotated[list[Name], Meta(min_length=1, max_length=5, description="Seat order (clockwise); the first "
                                        "starts.")]
    start: Annotated[Union[Start, None], Meta(description="The trees at the start of a round, instead of empty "
                                              "trees.")] = None
    rounds: Annotated[list[Round], Meta(max_length=MAX_TURNS)] = field(default_factory=list)

    def __post_init__(self) -> None:
        distinct_players(self.players, "the players need different names")


# ---------------------------------------------------------------- one more step written in (the table)

def extend(data: dict, s: State, a: Step) -> dict:
    """The record with pick `a` added to the round in progress."""
    if a.__class__ is not Move:
        raise cannot_extend("a round's box is drawn (chance), and a round ends where the next box is written")
    who, orn, at = a        # type: ignore[misc]
    rounds = list(data.get("rounds") or [])
    if not rounds or s.closed or s.over():
        raise cannot_extend(f"round {s.round + 2} needs its box first")
    last = dict(rounds[-1])
    last["picks"] = list(last.get("picks") or []) + [{"player": s.names[who], "take": orn, "at": at}]
    return {**data, "rounds": rounds[:-1] + [last]}


def given(data: dict, s: State, text: str, ends: Illegal | None) -> dict:
    """The record with the next round begun: the ornaments drawn from the Bag for its box (`text`:
    "blue box, red star", one per player)."""
    if s.over() or not s.closed:
        raise cannot_extend("no box is due: the round in progress goes on")
    box = [o.strip() for o in re.split(r"[,;\n]+", str(text)) if o.strip()]
    if len(box) != s.n:
        raise ValueError(f"the box holds one ornament per player: {s.n}, separated by commas; got {len(box)}")
    return {**data, "rounds": list(data.get("rounds") or []) + [{"box": box, "picks": []}]}
