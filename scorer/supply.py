"""What a game has of each thing, and how much of it has come out.

A bag of ornaments, a deck of nut cards: a record may only draw what the game holds, so every draw
goes through `Supply.take`, and a draw beyond the supply is a violation of the game's supply rule
(T4, N5). Nothing here knows a game; the counts come from its kit file.
"""
from __future__ import annotations

from typing import Generic, Hashable, Mapping, TypeVar

K = TypeVar("K", bound=Hashable)


class Supply(Generic[K]):
    __slots__ = ("have", "out")

    def __init__(self, have: Mapping[K, int]) -> None:
        self.have: dict[K, int] = dict(have)
        self.out: dict[K, int] = {}

    def copy(self) -> "Supply[K]":
        other = Supply.__new__(Supply)
        other.have, other.out = self.have, dict(self.out)
        return other

    def take(self, item: K, count: int = 1) -> bool:
        """Take `count` of `item` out; False if that is more than the game has (taken all the same,
        so the next draw of it is over the supply too)."""
        n = self.out[item] = self.out.get(item, 0) + count
        return n <= self.have.get(item, 0)

    def taken(self, item: K) -> int:
        return self.out.get(item, 0)

    def left(self, item: K) -> int:
        return max(0, self.have.get(item, 0) - self.out.get(item, 0))

    def total_left(self) -> int:
        return sum(self.left(k) for k in self.have)

    def items_left(self) -> list[K]:
        """The kinds of which some are left, in the supply's order."""
        return [k for k in self.have if self.left(k)]
