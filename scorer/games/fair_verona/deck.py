"""Fair Verona's deck and Verona's desk: which cards can still be drawn, the Clue Card, the Jokers
over it and where the Clue Token is (rulings V9, V10, V16).

The table sees most cards (Identities, Encounters, Clue Cards, Friends once played); Friends are
held face down, so the deck is known only in part: `Deck` keeps the cards known to be out of it and
how many unknown ones players hold. A card a record names is refused only where it certainly cannot
come (it is in play or discarded); that is enough to catch a card written twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnpkit.scorer.games.fair_verona.cards import RANKS, SUITS, Card

CARDS = tuple(Card(r, s) for s in SUITS for r in RANKS)
JOKER = Card("Joker", None)


@dataclass
class Deck:
    jokers: int                                   # in the game (the kit's params)
    out: set[Card] = field(default_factory=set)   # in play: Identities, the Clue Card, Encounters held
    discards: set[Card] = field(default_factory=set)
    hidden: int = 0                               # Friend cards held face down
    jokers_out: int = 0                           # on the desk, over the Clue Card
    jokers_discarded: int = 0

    def copy(self) -> "Deck":
        """A copy to try things on (cards are values: the sets are copied, not the cards)."""
        return Deck(self.jokers, set(self.out), set(self.discards), self.hidden, self.jokers_out, self.jokers_discarded)

    @property
    def size(self) -> int:
        return 52 + self.jokers - len(self.out) - len(self.discards) - self.hidden - self.jokers_out - self.jokers_discarded

    def refill(self) -> bool:
        """Before a draw: an empty deck is made again from the discards (V10). False: no card at all."""
        if self.size <= 0 and (self.discards or self.jokers_discarded):
            self.discards.clear()
            self.jokers_discarded = 0
        return self.size > 0

    def _aside(self) -> tuple[set[Card], int]:
        """The discards (cards, Jokers) a draw now cannot bring: none once the deck is empty, as the
        discards are shuffled in first. Asking changes nothing: the shuffle happens at the draw
        (a question asked earlier must not move it, or a card discarded in between is lost)."""
        return (set(), 0) if self.size <= 0 else (self.discards, self.jokers_discarded)

    def can_draw(self) -> bool:
        return self.size > 0 or bool(self.discards or self.jokers_discarded)

    def why_not(self, card: Card) -> str | None:
        """Why `card` cannot be the one drawn now, or None."""
        if not self.can_draw():
            return "no card is left to draw, even with the discards shuffled in"
        discards, jokers = self._aside()
        if card.joker:
            if self.jokers_out + jokers >= self.jokers:
                return f"the deck has {self.jokers} Jokers and none is left in it"
            return None
        if card in self.out:
            return f"{card} is in play"
        if card in discards:
            return f"{card} was discarded (the discards come back only when the deck runs out)"
        return None

    def draw(self, card: Card) -> None:
        self.refill()
        if card.joker:
            self.jokers_out += 1
        else:
            self.out.add(card)

    def draw_hidden(self) -> bool:
        """A card drawn face down (a Friend). False when there was none."""
        if not self.refill():
            return False
        self.hidden += 1
        return True

    def discard(self, card: Card) -> None:
        self.out.discard(card)
        self.discards.add(card)

    def discard_jokers(self) -> int:
        n, self.jokers_out = self.jokers_out, 0
        self.jokers_discarded += n
        return n

    def may_come(self) -> list[Card]:
        """Every card that may be drawn now (the Joker once, if one may come)."""
        if not self.can_draw():
            return []
        discards, jokers = self._aside()
        out = [c for c in CARDS if c not in self.out and c not in discards]
        if self.jokers_out + jokers < self.jokers:
            out.append(JOKER)
        return out


@dataclass
class Desk:
    """Verona's desk: the Clue Card in play (None while its Clue Token is at stake or held), the
    Jokers over it, the Clue Tokens returned and in all, and where the one in play is."""

    total: int
    clue: Card | None = None
    returned: int = 0
    token: str = "clue"           # clue | encounter | held | none

    def copy(self) -> "Desk":
        return Desk(self.total, self.clue, self.returned, self.token)
