"""Playing cards as a record writes them: `QS` or `Q♠`, `10H` (or `TH`), `JK` for a Joker.

A card is notation plus identity (rank and suit); what it is *worth* is a game's edition (Fair
Verona's V1 table lives in its kit file), so `Card.value` takes the table. `CardField` is the
type of a card in a record model (a custom type of kitfile/structs.py, its values Cards): a
string that is not a playing card is an unreadable-record error naming it, on its line (`game.yaml:7: encounters[0].card: 'ZZ' is not a playing card ...`).
A later full game log reads its cards through the same type.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from pnpkit.kitfile.structs import Plain

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
            "\u2665\ufe0f": "H", "\u2666\ufe0f": "D", "\u2660\ufe0f": "S", "\u2663\ufe0f": "C"}
JOKER = "Joker"
_JOKERS = {"jk", "joker", "jkr", "🃏"}
EXPECTED = "expected a rank (2-10, J, Q, K, A; T for 10) and a suit (S H D C or ♠ ♥ ♦ ♣), e.g. QS or Q♠, or JK for a Joker"


@dataclass(frozen=True, order=True)
class Card:
    """A playing card. `suit` is a letter S H D C; a Joker has rank "Joker" and no suit."""

    rank: str
    suit: str | None

    @property
    def joker(self) -> bool:
        return self.rank == JOKER

    @property
    def symbol(self) -> str:
        return SUITS[self.suit] if self.suit else ""

    def value(self, values: Mapping[str, int]) -> int:
        """The card's worth under a game's table (e.g. Fair Verona's V1)."""
        if self.joker:
            raise ValueError("a Joker has no value")
        return values[self.rank]

    def __str__(self) -> str:
        return "Joker" if self.joker else f"{self.rank}{self.symbol}"


def _not_a_card(text: Any) -> ValueError:
    shown = repr(text)
    return ValueError(f"{shown if len(shown) <= 24 else shown[:24] + '...'} is not a playing card: {EXPECTED}")


def parse_card(text: Any) -> Card:
    """`QS`, `Q♠`, `q♠`, `10H`, `TH`, `JK` -> Card. Raises ValueError naming what is not a card."""
    if not isinstance(text, str):
        raise _not_a_card(text)
    t = text.strip()
    if t.lower() in _JOKERS:
        return Card(JOKER, None)
    for sym, letter in _SYMBOLS.items():
        if t.endswith(sym):
            t = t[: -len(sym)] + letter
            break
    m = re.fullmatch(r"(10|[2-9tTjJqQkKaA])\s*([sShHdDcC])", t)
    if not m:
        raise _not_a_card(text)
    rank = m[1].upper()
    return Card("10" if rank == "T" else rank, m[2].upper())


class CardField(Plain):
    """A card in a record model: read from its notation (`parse_card`); its values are Cards."""

    plain = Card
    json_schema = {"type": "string", "description": "A playing card: rank 2-10 J Q K A (T for 10) and suit "
                   "S H D C or ♠ ♥ ♦ ♣, e.g. QS or Q♠; JK for a Joker.", "examples": ["QS", "10♥", "JK"]}

    @classmethod
    def decode(cls, value: Any) -> Card:
        return value if isinstance(value, Card) else parse_card(value)
