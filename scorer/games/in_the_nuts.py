"""In the Nuts!: scoring the final storage cards (rulings N1-N5, the rulebook's scoring).

A record lists, for each player, what lies on each storage card at the end: the kind of nut, how
many real nuts and which jokers. The cards' sizes and points, the supply by player count and the
joker pairs come from the kit file (kits/in-the-nuts.yaml).

Impossible cards (more nuts than the card holds, a card used twice, a joker stored as a kind it
does not show, more nuts than the supply) are violations; the cards are still scored as they are
written where that makes sense (an over-full card as full, a card used a second time not at all).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from kitfile import Kit, Problem, SourceError
from kitfile.params.in_the_nuts import NamedCard, Params
from scorer.core import PlayerScore, Result, TieBreaker, Violation, plural, rank
from scorer.records import Name, Strict, check_unique_names
from scorer.rulebook import ruling, section

GAME = "in-the-nuts"
KINDS = ("walnut", "hazelnut", "beechnut", "acorn")
Kind = Literal["walnut", "hazelnut", "beechnut", "acorn"]

N1, N2, N3, N4, N5 = (ruling(f"N{i}") for i in range(1, 6))
N1_ONCE = ruling("N1", "Each of a player's cards is used once.")
EIGHT_CARDS = section(GAME, "Preparation", "8 nut storage cards with the same motif")
PLAYER_COUNT = section(GAME, "In the Nuts!", "Spieler: 2-4 Personen")


class Store(Strict):
    """One storage card at the end of the game."""

    card: str = Field(description="The card, by its size: 2, 3, ...; a second card of a size `2b`, `3b`.")
    nut: Kind = Field(description="The kind of nut stored on it.")
    nuts: int = Field(0, description="Real nuts of that kind on the card (jokers not counted).")
    jokers: list[str] = Field(default_factory=list,
                              description="Jokers stored on the card, each by the two kinds it shows: `acorn/hazelnut`.")

    @field_validator("card", mode="before")
    @classmethod
    def _card(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


class Player(Strict):
    name: Name = Field(description="The player's name; players in seat order.")
    stores: list[Store] = Field(default_factory=list, description="The player's storage cards that hold nuts.")


class Record(Strict):
    """An In the Nuts! record: each player's storage cards at the end, players in seat order."""

    game: Literal["in-the-nuts"]
    players: list[Player] = Field(min_length=1)

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[Player]) -> list[Player]:
        check_unique_names(p.name for p in v)
        return v


def _params(kit: Kit) -> Params:
    params = kit.params
    if not isinstance(params, Params) or tuple(params.kinds) != KINDS:
        raise SourceError(kit.file, [Problem(None, "params.kinds", f"this scorer reads the kinds {', '.join(KINDS)}")])
    return params


def _joker(text: str) -> tuple[str, str] | None:
    parts = [p.strip().lower() for p in text.split("/")]
    if len(parts) != 2 or parts[0] == parts[1] or not all(p in KINDS for p in parts):
        return None
    return parts[0], parts[1]


def score(record: Record, kit: Kit, explain: bool = False) -> Result:
    """Check the storage cards against the rules and score them (rulings N1-N5)."""
    params = _params(kit)
    cards: dict[str, NamedCard] = {c.name: c for c in params.cards}
    names = ", ".join(cards)
    violations: list[Violation] = []
    notes: list[str] = []
    scores: list[PlayerScore] = []
    best_full: dict[str, int] = {}
    stored = {k: 0 for k in KINDS}
    jokers_used: dict[frozenset, list[str]] = {}
    joker_total = 0

    n_players = len(record.players)
    if not kit.game.min_players <= n_players <= kit.game.max_players:
        violations.append(Violation.of("players", f"{n_players} players; the game is for {kit.game.players}", PLAYER_COUNT))

    for player in record.players:
        ps = PlayerScore(player.name)
        used: dict[str, int] = {}
        best = 0
        for i, store in enumerate(player.stores):
            where = f"{player.name}, stores[{i}]"
            card = cards.get(store.card.strip().lower())
            if card is None:
                violations.append(Violation.of(where, f"there is no storage card {store.card!r}; each player has "
                                               f"{len(cards)}: {names}", EIGHT_CARDS))
                continue
            if card.name in used:
                violations.append(Violation.of(where, f"card {card.name} is used again (also stores[{used[card.name]}]); "
                                               f"not scored twice", N1_ONCE))
                ps.add(f"card {card.name} again (not scored)", 0)
                notes.append(f"{where}: card {card.name} again: not scored (each card is used once)")
                continue
            used[card.name] = i
            real = store.nuts
            if real < 0:
                violations.append(Violation.of(where, f"{real} nuts: a count cannot be negative", N1))
                real = 0
            stored[store.nut] += real
            kept = 0
            for j, text in enumerate(store.jokers):
                pair = _joker(text)
                jwhere = f"{where}, jokers[{j}]"
                if pair is None or params.jokers_showing(*pair) == 0:
                    violations.append(Violation.of(jwhere, f"no joker shows {text!r}; a joker shows two different kinds "
                                                   f"of {', '.join(KINDS)}, written like acorn/hazelnut (not counted)", N2))
                    continue
                joker_total += 1
                jokers_used.setdefault(frozenset(pair), []).append(jwhere)
                if store.nut not in pair:
                    violations.append(Violation.of(jwhere, f"a joker showing {pair[0]}/{pair[1]} cannot be "
                                                   f"stored as {store.nut} (not counted on the card)", N2))
                    continue
                kept += 1
            held = real + kept
            jokers_note = f" + {plural(kept, 'joker')}" if store.jokers else ""
            if len(store.jokers) > kept:
                jokers_note += f" ({len(store.jokers) - kept} not counted)"
            if held > card.size:
                violations.append(Violation.of(where, f"{held} nuts on card {card.name}, which holds {card.size} "
                                               f"(scored as full)", N1))
            if held >= card.size:
                ps.add(f"card {card.name} ({store.nut}, full)", card.points)
                best = max(best, card.points)
                worth = f"full: {plural(card.points, 'point')}"
            else:
                ps.add(f"card {card.name} ({store.nut}, {held} of {card.size})", held)
                worth = f"{held} of {card.size}, not full: {plural(held, 'point')}, one a nut (ruling N3)"
            notes.append(f"{where}: card {card.name}, {store.nut}: {plural(real, 'nut')}{jokers_note}; {worth}")
        if explain:
            notes.append(f"{player.name}: {plural(ps.total, 'point')}; most valuable full card: {best or 'none'} (ruling N4).")
        best_full[player.name] = best
        scores.append(ps)

    supply = params.supply_for(n_players)
    for kind, n in stored.items():
        if n > supply:
            violations.append(Violation.of(f"all players, {kind}", f"{n} {kind}s stored; the game has {supply} with "
                                           f"{n_players} players", N5))
    if joker_total > params.joker_count:
        violations.append(Violation.of("all players, jokers", f"{joker_total} jokers stored; the game has "
                                       f"{params.joker_count}", N5))
    for pair, places in jokers_used.items():
        a, b = sorted(pair)
        have = params.jokers_showing(a, b)
        if len(places) > have:
            violations.append(Violation.of(places[have], f"{len(places)} {a}/{b} jokers stored; the game has {have}", N5))

    ranking, tiebreaks = rank(scores, [TieBreaker("most valuable full card", best_full.__getitem__)], N4)
    return Result(game=GAME, players=scores, violations=violations, finished=True,
                  ranking=ranking, tiebreaks=tiebreaks, explain=notes if explain else [])


from scorer.games.in_the_nuts_sheets import pictures  # noqa: E402,F401  (the storage cards drawn: scorer/play.py)
