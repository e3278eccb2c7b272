"""NUTS: the record's model, each player's final score sheet (docs/records/nuts.md).
"""
from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, field_validator, model_validator

from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, Name, Strict, check_unique_names

NUTS = ("almond", "cashew", "peanut", "pistachio")
"""The score sheet's columns, in its order (the kit's `params.columns` must be these)."""


class Nuts(Strict):
    """Nuts by kind; a kind left out is 0."""

    almond: int = 0
    cashew: int = 0
    peanut: int = 0
    pistachio: int = 0

    def counts(self) -> tuple[int, ...]:
        return (self.almond, self.cashew, self.peanut, self.pistachio)


class WrittenCard(Strict):
    """A bonus card written out instead of named by id: `{needs: {cashew: 3}, points: 4}`."""

    needs: Nuts = Field(description="The nuts the card needs.")
    points: int = Field(ge=1, description="Added if fulfilled, subtracted if not (ruling U5).")

    @model_validator(mode="after")
    def _needs(self) -> "WrittenCard":
        if any(n < 0 for n in self.needs.counts()) or not any(self.needs.counts()):
            raise ValueError("a bonus card needs at least one nut, and no negative number of any")
        return self


BonusEntry = Union[str, WrittenCard]


class Player(Strict):
    name: Name = Field(description="The player's name; players in seat order.")
    sheet: Nuts = Field(description="Tokens in each nut column of the score sheet.")
    salt: int = Field(0, description="Markers in the Salt box.")
    squirrel: int = Field(0, description="Markers in the Squirrel box.")
    goals: list[str] = Field(default_factory=list, max_length=MAX_ITEMS, description="Goal cards held, by id: salty-mama, squirrel-buddy.")
    bonus: list[BonusEntry] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Bonus cards held: an id (`B07`) or written out.")

    @field_validator("bonus", mode="before")
    @classmethod
    def _bonus(cls, v: Any) -> Any:
        if isinstance(v, list):
            for i, item in enumerate(v):
                if not isinstance(item, (str, dict)):
                    raise ValueError(f"bonus[{i}]: a bonus card is an id like B07, or written out as "
                                     f"{{needs: {{almond: 2}}, points: 3}}; got {item!r}")
        return v


class Record(Strict):
    """A NUTS record: the final score sheets, players in seat order."""

    game: Literal["nuts"]
    players: list[Player] = Field(min_length=1, max_length=MAX_PLAYERS)

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[Player]) -> list[Player]:
        check_unique_names(p.name for p in v)
        return v
