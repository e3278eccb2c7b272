"""In the Nuts!: a player's storage cards, what each may take, and what they score (rulings N1-N4).

Both In the Nuts! records end here: the final-storage record writes each card's contents, the move
log fills the cards nut by nut; either way a card is a `Card` and is scored by `card_line` (N3),
and players are ranked by `ranking` (N4). A nut card is written as its kind (`walnut`) or, for a
joker, its two kinds (`walnut/acorn`, in the kit's order of kinds: `joker_name`).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from pnpkit.kitfile.params.in_the_nuts import NamedCard
from pnpkit.scorer.core import Line, PlayerScore, Tiebreak, TieBreaker, rank
from pnpkit.scorer.games.in_the_nuts_rules import N4


def joker_name(a: str, b: str, kinds: Sequence[str]) -> str:
    """The one way a joker is written: its two kinds in the kit's order, `walnut/acorn`."""
    return "/".join(sorted((a, b), key=kinds.index))


class Card:
    """One storage card in play: its kind (None while empty), real nuts, jokers, and whether it is
    full (turned over: its nuts went back in the box, it takes nothing more and nothing is stolen
    from it)."""

    __slots__ = ("name", "size", "points", "kind", "nuts", "jokers", "full")

    def __init__(self, spec: NamedCard) -> None:
        self.name, self.size, self.points = spec.name, spec.size, spec.points
        self.kind: str | None = None
        self.nuts = 0
        self.jokers: list[str] = []
        self.full = False

    def copy(self) -> "Card":
        c = Card.__new__(Card)
        c.name, c.size, c.points, c.kind, c.nuts, c.full = self.name, self.size, self.points, self.kind, self.nuts, self.full
        c.jokers = self.jokers[:]
        return c

    @property
    def held(self) -> int:
        return self.nuts + len(self.jokers)

    def takes(self, kind: str) -> bool:
        """N1: not full, and empty or holding this kind."""
        return not self.full and (self.kind is None or self.kind == kind)

    def put(self, kind: str, joker: str | None = None) -> None:
        """Store one nut of `kind` (a joker counting as `kind`); a card that fills is turned over."""
        self.kind = kind
        if joker:
            self.jokers.append(joker)
        else:
            self.nuts += 1
        if self.held >= self.size:
            self.full = True

    def lose(self) -> str:
        """One real nut stolen from the card; an emptied card may take any kind again (ruling N10)."""
        kind = self.kind or ""
        self.nuts -= 1
        if not self.nuts and not self.jokers:
            self.kind = None
        return kind

    def contents(self) -> str:
        """`beechnut 2/4, 1 joker`, `full (walnut)`, `empty`."""
        if self.full:
            return f"full ({self.kind})"
        if self.kind is None:
            return "empty"
        j = f", {len(self.jokers)} joker{'s' * (len(self.jokers) != 1)}" if self.jokers else ""
        return f"{self.kind} {self.held}/{self.size}{j}"

    def describe(self) -> str:
        return f"{self.name} {self.contents()}"


def new_cards(cards: Iterable[NamedCard]) -> dict[str, Card]:
    """A player's empty storage cards, by the names records use."""
    return {c.name: Card(c) for c in cards}


def card_line(name: str, kind: str, held: int, size: int, points: int) -> Line:
    """Ruling N3: a full card scores its printed points, each nut on a card that is not full 1."""
    if held >= size:
        return Line(f"card {name} ({kind}, full)", points)
    return Line(f"card {name} ({kind}, {held} of {size})", held)


def player_score(name: str, cards: Iterable[Card]) -> tuple[PlayerScore, int]:
    """A player's breakdown, one line per card that holds something, the full cards first (as the
    rulebook adds up Uwe's 5 + 10 + 15 + 2 + 1), and their most valuable full card."""
    ps = PlayerScore(name)
    best = 0
    for c in sorted(cards, key=lambda c: not c.full):
        if c.full or c.held:
            line = card_line(c.name, c.kind or "?", c.size if c.full else c.held, c.size, c.points)
            ps.breakdown.append(line)
            if c.full or c.held >= c.size:
                best = max(best, c.points)
    if not ps.breakdown:
        ps.add("no nuts stored", 0)
    return ps, best


def ranking(scores: list[PlayerScore], best_full: dict[str, int]) -> tuple[list[list[str]], list[Tiebreak]]:
    """Most points first; ruling N4 breaks ties by the most valuable full card, then they share."""
    return rank(scores, [TieBreaker("most valuable full card", best_full.__getitem__)], N4)
