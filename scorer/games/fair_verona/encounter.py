"""Fair Verona's encounter arithmetic (rulings V2-V7), with the working shown.

Written apart from the record format so that a full game log can call it for every encounter it
replays. Numbers come from the kit's params (values, which ranks fall with distance, the suit
multiplier); the rules of how they combine are here, once, and each step explains itself:
`K♥ 13 - 5 tiles = 8; helper 3♠: max(3, 5 tiles) = 5; total 13 > 9♦: cleared`.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.kitfile.params.fair_verona import Params
from pnpkit.scorer.games.fair_verona.cards import Card

Tile = tuple[int, int]  # (east, north) of Verona's tile


def distance(at: Tile) -> int:
    """V2: the larger of the east-west and north-south distances to Verona's tile."""
    return max(abs(at[0]), abs(at[1]))


def _tiles(d: int) -> str:
    return f"{d} tile" if d == 1 else f"{d} tiles"


@dataclass(frozen=True)
class Count:
    """One person's count in an encounter (V3, V4) and how it was made."""

    card: Card
    value: int
    working: str  # e.g. "13 - 5 tiles = 8" or "max(3, 5 tiles) = 5, × 2 for ♠ = 10"


def count(card: Card, at: Tile, against: Card, params: Params) -> Count:
    """A person's count: V3 distance bonus, then V4's suit multiplier."""
    v, d = card.value(params.values), distance(at)
    if card.rank in params.falling:
        n = max(v - d, 0)
        working = f"{v} - {_tiles(d)} = {n}" + (" (never below 0)" if v - d < 0 else "")
    else:
        n = max(v, d)
        working = f"max({v}, {_tiles(d)}) = {n}"
    if card.suit is not None and card.suit == against.suit and params.suit_multiplier != 1:
        n *= params.suit_multiplier
        working += f", × {params.suit_multiplier} for {card.symbol} = {n}"
    return Count(card, n, working)


@dataclass(frozen=True)
class Outcome:
    """An encounter's strength, whether it clears (V6), whether it carries the Clue Token (V7)."""

    strength: int
    cleared: bool
    clue: bool | None  # None: no Clue Card in play (none stated, or a Joker covers it)
    explain: str

    def to_json(self) -> dict:
        return {"strength": self.strength, "cleared": self.cleared, "clue": self.clue, "explain": self.explain}


def clue_match(card: Card, clue: Card | None) -> str | None:
    """V7: how the encounter card matches the Clue Card ("rank", "suit"), or None."""
    if clue is None or clue.joker or card.joker:
        return None
    if card.rank == clue.rank:
        return "rank"
    if card.suit == clue.suit:
        return "suit"
    return None


def resolve(identity: Card, at: Tile, card: Card, helpers: list[tuple[Card, Tile]], friend: Card | None,
            params: Params, clue: Card | None = None) -> Outcome:
    """V5 strength (the player, each helper from their own tile, one Friend's printed value),
    V6 clearing (strictly greater), V7 clue. The caller has already set aside anyone who may not
    count (a Joker, a helper on another tile, a second Friend)."""
    me = count(identity, at, card, params)
    parts = [f"{identity} {me.working}"]
    strength = me.value
    for h_card, h_at in helpers:
        h = count(h_card, h_at, card, params)
        parts.append(f"helper {h_card}: {h.working}")
        strength += h.value
    if friend is not None:
        fv = friend.value(params.values)
        parts.append(f"friend {friend}: {fv} (no bonus or multiplier)")
        strength += fv
    target = card.value(params.values)
    shown = str(card) if card.rank not in params.falling else f"{card} ({target})"
    cleared = strength > target
    sign = ">" if cleared else ("=" if strength == target else "<")
    parts.append(f"total {strength} {sign} {shown}: " + ("cleared" if cleared else "not cleared"))
    text = "; ".join(parts)
    match = clue_match(card, clue)
    if clue is not None and clue.joker:
        text += "; a Joker covers the Clue Card: no Clue Token at stake"
    elif clue is not None:
        if match:
            text += (f"; {card} matches the Clue Card {clue} in {match}: the Clue Token "
                     + ("is won" if cleared else "stays on the encounter"))
        else:
            text += f"; {card} does not match the Clue Card {clue}"
    return Outcome(strength, cleared, None if clue is None or clue.joker else match is not None, text)
