"""In the Nuts!' numbers: the kinds of nut, each player's storage cards, the supply, the jokers.

The storage cards the generator prints and the cards the scorer fills are this one table (sizes and
points, ruling N3); the supply by player count and the joker pairs are what ruling N5 checks.
A record names a storage card by its size, a second card of the same size with `b` (`3b`): the
names come from the table here (`Params.cards`), so a different edition names its own cards.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StorageCard(_Strict):
    size: int = Field(ge=1, description="Nuts the card holds.")
    points: int = Field(ge=0, description="Points when full (ruling N3).")


class JokerPair(_Strict):
    shows: list[str] = Field(min_length=2, max_length=2, description="The two kinds shown on the joker.")
    count: int = Field(ge=1, description="Jokers showing this pair.")


@dataclass(frozen=True)
class NamedCard:
    name: str       # `3`, `3b`
    size: int
    points: int


class Params(_Strict):
    kinds: list[str] = Field(min_length=1, description="The kinds of nut, as records write them.")
    storage: list[StorageCard] = Field(min_length=1, description="Each player's storage cards.")
    supply: dict[int, int] = Field(description="Nut cards of each kind in the game, by player count (ruling N5).")
    jokers: list[JokerPair] = Field(description="The jokers, by the pair of kinds they show (ruling N2).")

    @model_validator(mode="after")
    def _consistent(self) -> "Params":
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("kinds: a kind appears twice")
        seen: set[frozenset] = set()
        for pair in self.jokers:
            a, b = pair.shows
            if a == b or a not in self.kinds or b not in self.kinds:
                raise ValueError(f"jokers: {a}/{b} must be two different kinds of {', '.join(self.kinds)}")
            if frozenset(pair.shows) in seen:
                raise ValueError(f"jokers: {a}/{b} is listed twice")
            seen.add(frozenset(pair.shows))
        sizes = [c.size for c in self.storage]
        if any(sizes.count(s) > 26 for s in sizes):
            raise ValueError("storage: too many cards of one size to name them 3, 3b, ... 3z")
        return self

    @property
    def cards(self) -> list[NamedCard]:
        """Each storage card with the name a record uses: the size, then `b`, `c`... for repeats."""
        out: list[NamedCard] = []
        count: dict[int, int] = {}
        for c in self.storage:
            n = count.get(c.size, 0)
            count[c.size] = n + 1
            out.append(NamedCard(f"{c.size}{chr(ord('a') + n) if n else ''}", c.size, c.points))
        return out

    @property
    def joker_count(self) -> int:
        return sum(p.count for p in self.jokers)

    def supply_for(self, players: int) -> int:
        """Nut cards of each kind with this many players (the nearest listed count outside the range)."""
        counts = sorted(self.supply)
        near = min(counts, key=lambda c: (abs(c - players), -c))
        return self.supply[near]

    def jokers_showing(self, a: str, b: str) -> int:
        """How many jokers show kinds `a` and `b` (0 if none does)."""
        return sum(p.count for p in self.jokers if set(p.shows) == {a, b} and a != b)
