"""In the Nuts!' storage cards as printed: each player's cards, the nuts on them, what each scored.

A player's storage cards are the kit's `storage-*` decks in order (the first player's motif
first); a card is a row of that deck (`3b` is the second card holding 3). A full card lies on its
full side; the nut cards and jokers on a card that is not full lie on it (the kit's `nuts` deck, a
row per kind, and `jokers`, a row per pair). The note under each card is the scorer's breakdown
line. `pictures` draws the final-storage record; the move log's replay draws its cards the same way
(`stored`, in_the_nuts_position).
"""
from __future__ import annotations

from pnpkit.scorer.core import Result, plural
from pnpkit.scorer.games.in_the_nuts import KINDS, Record, _params
from pnpkit.scorer.games.in_the_nuts_stores import parse_joker
from pnpkit.scorer.play import Area, Card, Position

NUT_CARDS, JOKER_CARDS, STORAGE = "nuts", "jokers", "storage-"
SHOWN = 6                           # nut cards drawn on a card at the most (a 6-card holds 6)


def storage_decks(kit) -> list[str]:
    """Each player's storage cards, by seat: the kit's `storage-*` decks in order (one a motif)."""
    decks = [c.name for c in kit.components if c.kind == "cards" and c.name.startswith(STORAGE)]
    return decks or [STORAGE + "cards"]         # none in the kit: the drawing names what is missing


def nut_card(card: str, pairs: list[frozenset]) -> Card | None:
    """A nut card (`walnut`) or a joker (`walnut/acorn`) as a card of the kit's decks."""
    if "/" not in card:
        return Card(NUT_CARDS, KINDS.index(card)) if card in KINDS else None
    pair = frozenset(card.split("/"))
    return Card(JOKER_CARDS, pairs.index(pair)) if pair in pairs else None


def joker_pairs(params) -> list[frozenset]:
    """The jokers deck's rows, each a pair of kinds (the kit's params.jokers, the deck printed)."""
    return [frozenset(p.shows) for p in params.jokers]


def stored(deck: str, row: int, full: bool, kind: str, nuts: int, jokers: list[str], pairs: list[frozenset],
           note: str) -> Card:
    """One storage card as it lies: full on its full side, else with its nut cards and jokers on it."""
    on: list[Card] = []
    if not full:
        on += [Card(NUT_CARDS, KINDS.index(kind))] * max(0, min(nuts, SHOWN)) if kind in KINDS else []
        on += [c for c in (nut_card(j, pairs) for j in jokers) if c is not None]
    return Card(deck, row, back=full, on=tuple(on), note=note)


def pictures(record: Record, kit, result: Result) -> Position:
    params = _params(kit)
    names = [c.name for c in params.cards]
    decks = storage_decks(kit)
    pairs = joker_pairs(params)
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
            jokers = ["/".join(p) for p in (parse_joker(text) for text in store.jokers) if p is not None]
            cards.append(stored(deck, names.index(name), "full" in line.label, store.nut, store.nuts, jokers, pairs,
                                f"{line.label.removeprefix('card ')}: {line.points}"))
        cards.sort(key=lambda c: not c.back)        # the full cards, turned over, stacked first
        areas.append(Area("cards", f"{player.name}: {plural(score.total, 'point')}", cards=tuple(cards)))
    return Position(tuple(areas))
