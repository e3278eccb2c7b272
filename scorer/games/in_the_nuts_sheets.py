"""In the Nuts!' final storage cards as printed: each player's cards, the nuts on them, what each scored.

A player's storage cards are the kit's `storage-*` decks in order (the first player's motif
first); a card is a row of that deck (`3b` is the second card holding 3). A full card lies on its
full side; the nut cards and jokers on a card that is not full lie on it (the kit's `nuts` deck, a
row per kind, and `jokers`, a row per pair). The note under each card is the scorer's breakdown line.
"""
from __future__ import annotations

from scorer.core import Result, plural
from scorer.games.in_the_nuts import KINDS, Record, _joker, _params
from scorer.play import Area, Card, Position

NUT_CARDS, JOKER_CARDS, STORAGE = "nuts", "jokers", "storage-"


def pictures(record: Record, kit, result: Result) -> Position:
    params = _params(kit)
    names = [c.name for c in params.cards]
    decks = [c.name for c in kit.components if c.kind == "cards" and c.name.startswith(STORAGE)]
    pairs = [frozenset(p.shows) for p in params.jokers]
    areas = []
    for i, (player, score) in enumerate(zip(record.players, result.players)):
        deck = decks[i % len(decks)]
        lines = iter(score.breakdown)
        cards = []
        for store in player.stores:
            name = store.card.strip().lower()
            if name not in names:
                continue
            line = next(lines, None)
            if line is None:
                break
            if "again" in line.label:          # a card used twice: scored once, drawn once
                continue
            full = "full" in line.label
            on: list[Card] = []
            if not full:
                on += [Card(NUT_CARDS, KINDS.index(store.nut))] * max(0, min(store.nuts, 6))
                for text in store.jokers:
                    pair = _joker(text)
                    if pair is not None and frozenset(pair) in pairs:
                        on.append(Card(JOKER_CARDS, pairs.index(frozenset(pair))))
            cards.append(Card(deck, names.index(name), back=full, on=tuple(on),
                              note=f"{line.label.removeprefix('card ')}: {line.points}"))
        areas.append(Area("cards", f"{player.name}: {plural(score.total, 'point')}", cards=tuple(cards)))
    return Position(tuple(areas))
