"""Fair Verona's numbers: card values, how a person's count is made, the difficulty setups.

The encounter arithmetic (scorer.encounter) reads these, and the player aid prints them, so the
strength a player aid teaches is the strength the scorer computes. Which cards lose value with
distance (face cards and Aces) and which gain (number cards) is a table here, not code.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Difficulty(_Strict):
    name: str
    clue_tokens: int = Field(ge=1, description="Clue Tokens in play in all, the first one's included.")
    friends: int = Field(ge=0, description="Friend cards dealt to each player at the start.")


class Movement(_Strict):
    by: str = Field(description="How the meeple moves, as the player aid prints it.")
    tiles: int = Field(ge=1)


class Params(_Strict):
    values: dict[str, int] = Field(description="Each rank's value (ruling V1), keys 2-10 J Q K A.")
    falling: list[str] = Field(description="Ranks that lose 1 a tile from Verona, never below 0 (face cards "
                                           "and Aces); the others count the larger of value and distance (V3).")
    suit_multiplier: int = Field(2, ge=1, description="A person whose suit matches the encounter's (V4).")
    friends_per_encounter: int = Field(1, ge=0, description="Friend cards one encounter may call on (V5).")
    jokers: int = Field(2, ge=0, description="Jokers shuffled into the deck.")
    difficulties: list[Difficulty]
    movement: list[Movement]
    tile_mm: float = Field(45, gt=0, description="A Carcassonne tile's side, for the desk mat.")

    @model_validator(mode="after")
    def _ranks(self) -> "Params":
        if sorted(self.values) != sorted(RANKS):
            raise ValueError(f"values must give each rank {' '.join(RANKS)} once, got {' '.join(self.values)}")
        odd = [r for r in self.falling if r not in RANKS]
        if odd:
            raise ValueError(f"falling: not a rank: {', '.join(odd)}")
        return self
