"""In the Nuts!: storage cards as a record writes them, checked (rulings N1, N2, N5) and scored.

The final-storage record writes each player's cards at the end; a move log's `start:` writes them as
they lie at the table. Both are a list of `Store`s per player, checked here once: a card the kit
does not have, a card used twice, a joker that shows no such pair or is stored as a kind it does not
show, more nuts than the card holds, more nuts of a kind (or jokers) than the game has. Each problem
comes with its path under the player's list (`(player, i)`, `(player, i, "jokers", j)`, or
`("all", kind)` for the supply), so the final storage reports it at `Uwe, stores[0], jokers[0]` and
a start position at its line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field, field_validator

from pnpkit.kitfile.params.in_the_nuts import NamedCard, Params
from pnpkit.scorer.core import PlayerScore, plural
from pnpkit.scorer.games.in_the_nuts_notation import KINDS, Kind
from pnpkit.scorer.games.in_the_nuts_rules import EIGHT_CARDS, N1, N1_ONCE, N2, N5
from pnpkit.scorer.games.in_the_nuts_storage import Card, card_line, joker_name
from pnpkit.scorer.records import MAX_ITEMS, Strict
from pnpkit.scorer.rulebook import Rule
from pnpkit.scorer.supply import Supply


class Store(Strict):
    """One storage card and what lies on it."""

    card: str = Field(description="The card, by its size: 2, 3, ...; a second card of a size `2b`, `3b`.")
    nut: Kind = Field(description="The kind of nut stored on it.")
    nuts: int = Field(0, description="Real nuts of that kind on the card (jokers not counted).")
    jokers: list[str] = Field(default_factory=list, max_length=MAX_ITEMS,
                              description="Jokers stored on the card, each by the two kinds it shows: `acorn/hazelnut`.")

    @field_validator("card", mode="before")
    @classmethod
    def _card(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


def parse_joker(text: str) -> tuple[str, str] | None:
    """`acorn/hazelnut` -> the two kinds as written; None if it is not two different kinds."""
    parts = [p.strip().lower() for p in text.split("/")]
    if len(parts) != 2 or parts[0] == parts[1] or not all(p in KINDS for p in parts):
        return None
    return parts[0], parts[1]


@dataclass
class Checked:
    """Every player's cards as written: scored (N3, one line a card), as `Card`s, and the problems."""

    scores: list[PlayerScore] = field(default_factory=list)
    best: dict[str, int] = field(default_factory=dict)          # most valuable full card (N4)
    cards: list[dict[str, Card]] = field(default_factory=list)  # each player's cards by name
    problems: list[tuple[tuple, str, Rule]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)              # --explain, a line a card


def check_stores(players: list[tuple[str, list[Store]]], params: Params, n_players: int, where) -> Checked:
    """Check and score each player's storage cards. `where(path)` names a card in the notes."""
    specs: dict[str, NamedCard] = {c.name: c for c in params.cards}
    names = ", ".join(specs)
    out = Checked()
    supply: Supply[str] = Supply({k: params.supply_for(n_players) for k in KINDS})
    pairs: Supply[str] = Supply({joker_name(*j.shows, KINDS): j.count for j in params.jokers})
    pair_over: list[tuple[tuple, str]] = []   # (path, joker) of each joker beyond its pair's count
    joker_total = 0

    def bad(path: tuple, message: str, rule: Rule) -> None:
        out.problems.append((path, message, rule))

    for p, (name, stores) in enumerate(players):
        ps = PlayerScore(name)
        cards = {c.name: Card(c) for c in params.cards}
        used: dict[str, int] = {}
        best = 0
        for i, store in enumerate(stores):
            spec = specs.get(store.card.strip().lower())
            if spec is None:
                bad((p, i), f"there is no storage card {store.card!r}; each player has {len(specs)}: {names}",
                    EIGHT_CARDS)
                continue
            if spec.name in used:
                bad((p, i), f"card {spec.name} is used again (also stores[{used[spec.name]}]); not scored twice",
                    N1_ONCE)
                ps.add(f"card {spec.name} again (not scored)", 0)
                out.notes.append(f"{where((p, i))}: card {spec.name} again: not scored (each card is used once)")
                continue
            used[spec.name] = i
            real = store.nuts
            if real < 0:
                bad((p, i), f"{real} nuts: a count cannot be negative", N1)
                real = 0
            supply.take(store.nut, real)
            card = cards[spec.name]
            card.kind, card.nuts = store.nut, real
            for j, text in enumerate(store.jokers):
                pair = parse_joker(text)
                if pair is None or params.jokers_showing(*pair) == 0:
                    bad((p, i, "jokers", j), f"no joker shows {text!r}; a joker shows two different kinds of "
                                             f"{', '.join(KINDS)}, written like acorn/hazelnut (not counted)", N2)
                    continue
                joker_total += 1
                joker = joker_name(*pair, KINDS)
                if not pairs.take(joker):
                    pair_over.append(((p, i, "jokers", j), joker))
                if store.nut not in pair:
                    bad((p, i, "jokers", j), f"a joker showing {pair[0]}/{pair[1]} cannot be stored as "
                                             f"{store.nut} (not counted on the card)", N2)
                    continue
                card.jokers.append(joker)
            held = card.held
            if held > spec.size:
                bad((p, i), f"{held} nuts on card {spec.name}, which holds {spec.size} (scored as full)", N1)
            card.full = held >= spec.size
            ps.breakdown.append(card_line(spec.name, store.nut, held, spec.size, spec.points))
            if card.full:
                best = max(best, spec.points)
            kept = len(card.jokers)
            jokers_note = f" + {plural(kept, 'joker')}" if store.jokers else ""
            if len(store.jokers) > kept:
                jokers_note += f" ({len(store.jokers) - kept} not counted)"
            worth = (f"full: {plural(spec.points, 'point')}" if card.full else
                     f"{held} of {spec.size}, not full: {plural(held, 'point')}, one a nut (ruling N3)")
            out.notes.append(f"{where((p, i))}: card {spec.name}, {store.nut}: {plural(real, 'nut')}{jokers_note}; {worth}")
        out.notes.append(f"{name}: {plural(ps.total, 'point')}; most valuable full card: {best or 'none'} (ruling N4).")
        out.best[name] = best
        out.scores.append(ps)
        out.cards.append(cards)

    for kind in KINDS:
        if supply.taken(kind) > supply.have[kind]:
            bad(("all", kind), f"{supply.taken(kind)} {kind}s stored; the game has {supply.have[kind]} with "
                               f"{n_players} players", N5)
    if joker_total > params.joker_count:
        bad(("all", "jokers"), f"{joker_total} jokers stored; the game has {params.joker_count}", N5)
    reported: set[str] = set()
    for path, joker in pair_over:
        if joker not in reported:
            reported.add(joker)
            bad(path, f"{pairs.taken(joker)} {joker} jokers stored; the game has {pairs.have[joker]}", N5)
    return out
