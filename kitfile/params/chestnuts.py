"""Chestnuts' numbers: counts, the Nut Point table and the action table a)-l).

The action table is what the reference card prints and what the scorer charges: one table, so a
cost printed is a cost checked. What each action *does* is rules code (scorer.games.chestnuts);
which state of the Tongs it needs, on which rolls, what it costs and how often it may be taken are
numbers, and live here.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pnpkit.kitfile.structs import Meta, Strict, field


class Action(Strict):
    letter: Annotated[str, Meta(pattern=r"^[a-l]$")]
    text: Annotated[str, Meta(description="The rulebook's words for the action, as printed on the reference card.")]
    tongs: Annotated[Literal["down", "held"], Meta(description="The Tongs state the action needs.")]
    rolls: Annotated[list[int], Meta(
        description="Die rolls on which it is allowed.")] = field(default_factory=lambda: [1, 2, 3, 4, 5, 6])
    cost: Annotated[int, Meta(ge=0, description="Nut Points, per chestnut if `per_chestnut`.")]
    per_chestnut: bool = False
    max_count: Annotated[int | None, Meta(description="Most chestnuts the action may move (k: 2).")] = None
    once: Annotated[bool, Meta(description="At most once a turn (ruling C5).")] = False
    forced: Annotated[bool, Meta(description="Must be taken on its rolls (j, l; ruling C7).")] = False
    flame: Annotated[bool, Meta(description="Adds a Flame to the Fire.")] = False


class Params(Strict):
    chestnuts_per_player: Annotated[int, Meta(ge=1)] = 12
    fire_uncooked: Annotated[int, Meta(ge=0,
        description="Each player's uncooked chestnuts on the Fire at the start.")] = 2
    fire_cooked: Annotated[int, Meta(ge=0,
        description="Each player's cooked chestnuts on the Fire at the start.")] = 1
    added_flames: Annotated[int, Meta(ge=1, description="Flame counters; the Fire overheats when all are added.")] = 3
    nut_points: Annotated[list[int], Meta(min_length=6, max_length=6,
        description="Nut Points for a roll of 1, 2, ... 6.")]
    first_turn_less: Annotated[int, Meta(ge=0, description="The first player's first turn gets this many fewer.")] = 1
    actions: list[Action]

    def __post_init__(self) -> None:
        letters = [a.letter for a in self.actions]
        if letters != [chr(ord("a") + i) for i in range(12)]:
            raise ValueError(f"actions must be a) to l) in order, got {', '.join(letters)}")

    def action(self, letter: str) -> Action:
        return self.actions[ord(letter) - ord("a")]
