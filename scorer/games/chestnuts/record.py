"""Chestnuts Roasting on an Open Fire: the record's model, a move log (docs/records/chestnuts.md),
and the `start:` position a record may begin from instead of the setup.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from pnpkit.scorer import dice
from pnpkit.scorer.games.chestnuts.notation import parse
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS, Name, Strict, distinct_players

class Fire(Strict):
    uncooked: int = Field(0, ge=0)
    cooked: int = Field(0, ge=0)


Owners = dict[Name, int]


class Start(Strict):
    """The table at the start of a turn, before its steps 1-3. Counts by player name; a player's
    Basket left out holds the rest of their chestnuts. A Plate or a Chair is written as the number
    of its owner's own chestnuts, or by owner: `{Ann: 1, Ben: 2}` (ruling C1)."""

    next: Name | None = Field(None, description="Whose turn comes next (default: the first player).")
    basket: Owners = Field(default_factory=dict, description="Each player's chestnuts in the Basket.")
    fire: dict[Name, Fire] = Field(default_factory=dict, description="Each player's chestnuts on the Fire, "
                                   "{uncooked: N, cooked: N}.")
    overcooked: Owners = Field(default_factory=dict, description="Each player's chestnuts in the Overcooked Box.")
    burnt: Owners = Field(default_factory=dict, description="Each player's chestnuts in the Burnt Box.")
    plate: dict[Name, int | Owners] = Field(default_factory=dict, description="What lies on each player's Plate.")
    chair: dict[Name, int | Owners] = Field(default_factory=dict, description="What lies on each player's Chair.")
    flames: int = Field(0, ge=0, description="Added Flames on the Fire.")
    tongs: dict[Name, Literal["held", "down"]] = Field(default_factory=dict, description="Each player's Tongs "
                                                       "(both put down if left out).")

    @model_validator(mode="after")
    def _counts(self) -> "Start":
        for key in ("basket", "overcooked", "burnt"):
            for name, n in getattr(self, key).items():
                if n < 0:
                    raise ValueError(f"{key}: {name} {n}: a count cannot be negative")
        for key in ("plate", "chair"):
            for name, v in getattr(self, key).items():
                if any(n < 0 for n in ([v] if isinstance(v, int) else v.values())):
                    raise ValueError(f"{key}: {name}: a count cannot be negative")
        return self


def _action(text: str) -> str:
    parse(text)  # raises ValueError with the notation expected: the record is unreadable
    return text


Action = Annotated[str, AfterValidator(_action)]


class TurnEntry(BaseModel):
    """One turn: the die roll and every action taken, in order (forced Tongs moves included)."""

    model_config = ConfigDict(extra="forbid")
    roll: dice.Die = Field(description="The die roll, 1-6.")
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ITEMS, description='Actions a-l as on the reference card: "a", "c 2", "k 1 free 1".')

    @field_validator("roll")
    @classmethod
    def _die(cls, v: int) -> int:
        if not 1 <= v <= 6:
            raise ValueError(f"a die roll is 1 to 6, got {v}")
        return v


class Record(BaseModel):
    """A Chestnuts move log: the two players in seat order (the first starts), then every turn."""

    model_config = ConfigDict(extra="forbid")
    game: Literal["chestnuts"]
    players: list[Name] = Field(min_length=2, max_length=2, description="Two names; the first player starts.")
    start: Start | None = Field(None, description="The table at the start of a turn, instead of the game's setup "
                                "(docs/records/chestnuts.md).")
    turns: list[TurnEntry] = Field(default_factory=list, max_length=MAX_TURNS, description="In order; the players alternate.")

    _distinct = distinct_players("the two players need different names")
