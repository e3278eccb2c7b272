"""Fair Verona's numbers: card values, how a person's count is made, the difficulty setups, the
movement allowances, and the Carcassonne tiles the game is played on.

The encounter arithmetic (scorer/games/fair_verona/encounter.py) reads these, and the player aid prints them, so the
strength a player aid teaches is the strength the scorer computes. Which cards lose value with
distance (face cards and Aces) and which gain (number cards) is a table here, not code. The tiles
(kitfile.tileset) are what the tile key prints and what the game log is replayed on.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pnpkit.kitfile.tileset import Tiles

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Difficulty(_Strict):
    name: str
    clue_tokens: int = Field(ge=1, description="Clue Tokens in play in all, the first one's included.")
    friends: int = Field(ge=0, description="Friend cards dealt to each player at the start.")


class Movement(_Strict):
    by: str = Field(description="How the meeple moves, as the player aid prints it.")
    tiles: int = Field(ge=1, description="Tiles it may move, at the most.")
    code: str = Field(pattern=r"^[a-z]+$", description="What a record writes for it: `move: road 3 0`.")
    along: Literal["city", "road"] | None = Field(None, description="The feature it must follow (no barrier "
                                                  "crossed); none: any terrain.")


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
    tiles: Tiles = Field(description="The tiles of the box, set by set (kitfile/tileset.py).")
    old_town: str = Field(description="The code of the Old Town, Verona's tile, laid in the centre at the start.")
    first: str = Field(description="The tile set drawn first (the River).")

    @model_validator(mode="after")
    def _ranks(self) -> "Params":
        if sorted(self.values) != sorted(RANKS):
            raise ValueError(f"values must give each rank {' '.join(RANKS)} once, got {' '.join(self.values)}")
        odd = [r for r in self.falling if r not in RANKS]
        if odd:
            raise ValueError(f"falling: not a rank: {', '.join(odd)}")
        if self.old_town not in self.tiles.types:
            raise ValueError(f"old_town: no tile {self.old_town!r} in the tile data")
        if self.first not in [t.id for t in self.tiles.sets]:
            raise ValueError(f"first: no tile set {self.first!r}")
        codes = [m.code for m in self.movement]
        if len(set(codes)) != len(codes):
            raise ValueError("movement: each way of moving needs its own code")
        return self

    def moving(self, code: str) -> Movement | None:
        return next((m for m in self.movement if m.code == code), None)
