"""Fair Verona's numbers: card values, how a person's count is made, the difficulty setups, the
movement allowances, and the Carcassonne tiles the game is played on.

The encounter arithmetic (scorer/games/fair_verona/encounter.py) reads these, and the player aid prints them, so the
strength a player aid teaches is the strength the scorer computes. Which cards lose value with
distance (face cards and Aces) and which gain (number cards) is a table here, not code. The tiles
(kitfile.tileset) are what the tile key prints and what the game log is replayed on.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pnpkit.kitfile.structs import Meta, Strict
from pnpkit.kitfile.tileset import Tiles

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Difficulty(Strict):
    name: str
    clue_tokens: Annotated[int, Meta(ge=1, description="Clue Tokens in play in all, the first one's included.")]
    friends: Annotated[int, Meta(ge=0, description="Friend cards dealt to each player at the start.")]


class Movement(Strict):
    by: Annotated[str, Meta(description="How the meeple moves, as the player aid prints it.")]
    tiles: Annotated[int, Meta(ge=1, description="Tiles it may move, at the most.")]
    code: Annotated[str, Meta(pattern=r"^[a-z]+$", description="What a record writes for it: `move: road 3 0`.")]
    along: Annotated[Literal["city", "road"] | None, Meta(
        description="The feature it must follow (no barrier crossed); none: any terrain.")] = None


class Params(Strict):
    values: Annotated[dict[str, int], Meta(description="Each rank's value (ruling V1), keys 2-10 J Q K A.")]
    falling: Annotated[list[str], Meta(
        description="Ranks that lose 1 a tile from Verona, never below 0 (face cards and Aces); the others count "
                    "the larger of value and distance (V3).")]
    suit_multiplier: Annotated[int, Meta(ge=1, description="A person whose suit matches the encounter's (V4).")] = 2
    friends_per_encounter: Annotated[int, Meta(ge=0, description="Friend cards one encounter may call on (V5).")] = 1
    jokers: Annotated[int, Meta(ge=0, description="Jokers shuffled into the deck.")] = 2
    difficulties: list[Difficulty]
    movement: list[Movement]
    tile_mm: Annotated[float, Meta(gt=0, description="A Carcassonne tile's side, for the desk mat.")] = 45
    tiles: Annotated[Tiles, Meta(description="The tiles of the box, set by set (kitfile/tileset.py).")]
    old_town: Annotated[str, Meta(
        description="The code of the Old Town, Verona's tile, laid in the centre at the start.")]
    first: Annotated[str, Meta(description="The tile set drawn first (the River).")]

    def __post_init__(self) -> None:
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

    def moving(self, code: str) -> Movement | None:
        return next((m for m in self.movement if m.code == code), None)
