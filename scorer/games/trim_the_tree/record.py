"""Trim the Tree: the record's model, a move log of rounds (a box drawn, then the picks), and the
`start:` position a record may begin from instead of empty trees.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from pnpkit.scorer.games.trim_the_tree.notation import ornament, space
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS, Name, Strict, distinct_players

Ornament = Annotated[str, AfterValidator(ornament)]
Space = Annotated[str, AfterValidator(space)]


class Pick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: Name = Field(description="Who took the ornament.")
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
    players: list[Name] = Field(min_length=1, max_length=5, description="Seat order (clockwise); the first starts.")
    start: Start | None = Field(None, description="The trees at the start of a round, instead of empty trees.")
    rounds: list[Round] = Field(default_factory=list, max_length=MAX_TURNS)

    _distinct = distinct_players("the players need different names")
