"""Chestnuts' numbers: counts, the Nut Point table and the action table a)-l).

The action table is what the reference card prints and what the scorer charges: one table, so a
cost printed is a cost checked. What each action *does* is rules code (scorer.games.chestnuts);
which state of the Tongs it needs, on which rolls, what it costs and how often it may be taken are
numbers, and live here.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    letter: str = Field(pattern=r"^[a-l]$")
    text: str = Field(description="The rulebook's words for the action, as printed on the reference card.")
    tongs: Literal["down", "held"] = Field(description="The Tongs state the action needs.")
    rolls: list[int] = Field(default=[1, 2, 3, 4, 5, 6], description="Die rolls on which it is allowed.")
    cost: int = Field(ge=0, description="Nut Points, per chestnut if `per_chestnut`.")
    per_chestnut: bool = False
    max_count: int | None = Field(None, description="Most chestnuts the action may move (k: 2).")
    once: bool = Field(False, description="At most once a turn (ruling C5).")
    forced: bool = Field(False, description="Must be taken on its rolls (j, l; ruling C7).")
    flame: bool = Field(False, description="Adds a Flame to the Fire.")


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    chestnuts_per_player: int = Field(12, ge=1)
    fire_uncooked: int = Field(2, ge=0, description="Each player's uncooked chestnuts on the Fire at the start.")
    fire_cooked: int = Field(1, ge=0, description="Each player's cooked chestnuts on the Fire at the start.")
    added_flames: int = Field(3, ge=1, description="Flame counters; the Fire overheats when all are added.")
    nut_points: list[int] = Field(description="Nut Points for a roll of 1, 2, ... 6.", min_length=6, max_length=6)
    first_turn_less: int = Field(1, ge=0, description="The first player's first turn gets this many fewer.")
    actions: list[Action]

    @model_validator(mode="after")
    def _letters(self) -> "Params":
        letters = [a.letter for a in self.actions]
        if letters != [chr(ord("a") + i) for i in range(12)]:
            raise ValueError(f"actions must be a) to l) in order, got {', '.join(letters)}")
        return self

    def action(self, letter: str) -> Action:
        return self.actions[ord(letter) - ord("a")]
