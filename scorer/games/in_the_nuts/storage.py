"""In the Nuts!: the storage cards, what each may take, and what they score (rulings N1-N5).

Both In the Nuts! records end here: the final-storage record writes each card's contents, the move
log fills the cards nut by nut; either way a card is a `Card` and is scored by `card_line` (N3),
and players are ranked by `ranking` (N4). A nut card is written as its kind (`walnut`) or, for a
joker, its two kinds (`walnut/acorn`, in the kit's order of kinds: `joker_name`).

The final-storage record writes each player's cards at the end; a move log's `start:` writes them as
they lie at the table. Both are a list of `Store`s per player, checked here once (`check_stores`): a
card the kit does not have, a card used twice, a joker that shows no such pair or is stored as a
kind it does not show, more nuts than the card holds, more nuts of a kind (or jokers) than the game
has. Each problem comes with its path under the player's list (`(player, i)`, `(player, i,
"jokers", j)`, or `("all", kind)` for the supply), so the final storage reports it at `Uwe,
stores[0], jokers[0]` and a start position at its line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Literal, Sequence

from pydantic import Field, field_validator

from pnpkit.kitfile.params.in_the_nuts import NamedCard, Params
from pnpkit.scorer.core import Line, PlayerScore, Tiebreak, TieBreaker, plural, rank
import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer.games.in_the_nuts.rules import EIGHT_CARDS, N1, N1_ONCE, N2, N4, N5
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.records_pydantic import MAX_ITEMS, Strict
from pnpkit.scorer.rulebook import Rule
from pnpkit.scorer.supply import Supply

KINDS = ("walnut", "hazelnut", "beechnut", "acorn")
Kind = Literal["walnut", "hazelnut", "beechnut", "acorn"]
KEEP = "keep"                       # where a kept joker goes: no card yet


def nut(card: str, article: bool = False) -> str:
    """A card in words: `walnut`, `walnut/acorn joker`; with `article`, `an acorn`."""
    text = f"{card} joker" if "/" in card else card
    return (("an " if text[0] in "aeiou" else "a ") + text) if article else text


def joker_name(a: str, b: str, kinds: Sequence[str]) -> str:
    """The one way a joker is written: its two kinds in the kit's order, `walnut/acorn`."""
    return "/".join(sorted((a, b), key=kinds.index))


def parse_joker(text: str) -> tuple[str, str] | None:
    """`acorn/hazelnut` -> the two kinds as written; None if it is not two different kinds."""
    parts = [p.strip().lower() for p in text.split("/")]
    if len(parts) != 2 or parts[0] == parts[1] or not all(p in KINDS for p in parts):
        return None
    return parts[0], parts[1]


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


def takers(cards: dict[str, Card], card: str) -> list[Card]:
    """The cards of a player's that could take `card` (a joker as either of its kinds; N11)."""
    kinds = card.split("/")
    return [c for c in cards.values() if not c.full and (c.kind is None or c.kind in kinds)]


# ---------------------------------------------------------------- putting nuts in storage (N1, N2, N11)

def store_problem(cards: dict[str, Card], who: str, card: str, to: str | None, as_: str | None,
                  keep: bool = True) -> Illegal | None:
    """Where `who`'s nut `card` goes (N1, N2, N11) among their `cards`: a card that takes it, KEEP (a
    joker), or None when no card can. `as_` is the kind a joker is stored as, where its card does not
    say."""
    joker = "/" in card
    kinds = card.split("/")
    if as_ is not None:
        if not joker and as_ != card:
            return Illegal(f"only a joker counts as another kind; this is {nut(card, True)}", R.N2)
        if joker and as_ not in kinds:
            return Illegal(f"a {nut(card)} counts as {kinds[0]} or {kinds[1]}, not as {as_}", R.JOKER_KIND)
        if joker and to in (None, KEEP):
            return Illegal(f"`as` says which kind a joker on a card counts as; this one is "
                           f"{'kept' if to == KEEP else 'not stored'}", R.JOKER_KIND)
    if to == KEEP:
        if not joker:
            return Illegal(f"only a joker may be kept: the {card} is stored at once", R.STORE_AT_ONCE)
        return None if keep else Illegal("the game is over: a kept joker is stored now", R.STORED_AWAY)
    if to is None:
        return _unstored(cards, card, keep)
    c = cards.get(to)
    if c is None:
        return Illegal(f"there is no storage card {to!r}: each player has {len(cards)}, "
                       f"{', '.join(cards)}", R.EIGHT_CARDS)
    if (c.full or c.kind not in (None, *kinds)) and not takers(cards, card):
        return Illegal(f"no card of {who}'s can take {nut(card, True)}: it goes back in the box "
                       f"(leave out `to:`)", R.N11)
    if c.full:
        return Illegal(f"card {to} is full: it was turned over and takes no more nuts", R.FULL)
    kind = (as_ or c.kind) if joker else card
    if kind is None:
        return Illegal(f"card {to} is empty: say which kind the {nut(card)} is stored as "
                       f"(as: {kinds[0]} or as: {kinds[1]})", R.JOKER_KIND)
    if joker and kind not in kinds:
        return Illegal(f"card {to} holds {c.kind}s, and a {nut(card)} counts as {kinds[0]} or {kinds[1]}",
                       R.ONE_KIND)
    if c.kind not in (None, kind):
        return Illegal(f"card {to} holds {c.kind}s: it cannot take {nut(kind, True)}", R.ONE_KIND)
    return None


def _unstored(cards: dict[str, Card], card: str, keep: bool) -> Illegal | None:
    """A nut written as stored nowhere: allowed only where no card could take it."""
    could = takers(cards, card)
    if not could:
        return None
    names = ", ".join(c.name for c in could)
    if "/" in card:
        return Illegal(f"the {nut(card)} is stored at once{' or kept' if keep else ''}: cards {names} could "
                       f"take it", R.JOKER_KEPT if keep else R.STORED_AWAY)
    return Illegal(f"the {card} is stored at once: card{'s' * (len(could) != 1)} {names} could take it",
                   R.STORE_AT_ONCE)


def store_options(cards: dict[str, Card], card: str, keep: bool = True) -> list[tuple[str | None, str | None]]:
    """Every (to, as) `store_problem` accepts for a nut `card` among a player's `cards`."""
    out: list[tuple[str | None, str | None]] = []
    for c in takers(cards, card):
        if "/" in card and c.kind is None:
            out += [(c.name, k) for k in card.split("/")]
        else:
            out.append((c.name, None))
    if not out:
        out.append((None, None))
    if keep and "/" in card:
        out.append((KEEP, None))
    return out


# ---------------------------------------------------------------- scoring (N3, N4)

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


# ---------------------------------------------------------------- storage cards as a record writes them

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


@dataclass
class Checked:
    """Every player's cards as written: scored (N3, one line a card), as `Card`s, and the problems."""

    scores: list[PlayerScore] = field(default_factory=list)
    best: dict[str, int] = field(default_factory=dict)          # most valuable full card (N4)
    cards: list[dict[str, Card]] = field(default_factory=list)  # each player's cards by name
    problems: list[tuple[tuple, str, Rule]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)              # --explain, a line a card

    def bad(self, path: tuple, message: str, rule: Rule) -> None:
        self.problems.append((path, message, rule))


@dataclass
class _Supply:
    """The game's nuts and jokers, counted off as the written cards hold them (N5)."""

    params: Params
    n_players: int
    nuts: Supply[str] = field(init=False)
    pairs: Supply[str] = field(init=False)
    pair_over: list[tuple[tuple, str]] = field(default_factory=list)   # (path, joker) beyond its pair's count
    jokers: int = 0

    def __post_init__(self) -> None:
        self.nuts = Supply({k: self.params.supply_for(self.n_players) for k in KINDS})
        self.pairs = Supply({joker_name(*j.shows, KINDS): j.count for j in self.params.jokers})

    def problems(self, out: Checked) -> None:
        """N5: more of a kind, or more jokers (of a pair), than the game has."""
        for kind in KINDS:
            if self.nuts.taken(kind) > self.nuts.have[kind]:
                out.bad(("all", kind), f"{self.nuts.taken(kind)} {kind}s stored; the game has "
                                       f"{self.nuts.have[kind]} with {self.n_players} players", N5)
        if self.jokers > self.params.joker_count:
            out.bad(("all", "jokers"), f"{self.jokers} jokers stored; the game has {self.params.joker_count}", N5)
        reported: set[str] = set()
        for path, joker in self.pair_over:
            if joker not in reported:
                reported.add(joker)
                out.bad(path, f"{self.pairs.taken(joker)} {joker} jokers stored; the game has "
                              f"{self.pairs.have[joker]}", N5)


def _jokers(out: Checked, supply: _Supply, path: tuple, store: Store, card: Card) -> None:
    """The jokers written on one card: each a pair the game has, stored as one of its kinds (N2)."""
    for j, text in enumerate(store.jokers):
        pair = parse_joker(text)
        if pair is None or supply.params.jokers_showing(*pair) == 0:
            out.bad(path + ("jokers", j), f"no joker shows {text!r}; a joker shows two different kinds of "
                                          f"{', '.join(KINDS)}, written like acorn/hazelnut (not counted)", N2)
            continue
        supply.jokers += 1
        joker = joker_name(*pair, KINDS)
        if not supply.pairs.take(joker):
            supply.pair_over.append((path + ("jokers", j), joker))
        if store.nut not in pair:
            out.bad(path + ("jokers", j), f"a joker showing {pair[0]}/{pair[1]} cannot be stored as "
                                          f"{store.nut} (not counted on the card)", N2)
            continue
        card.jokers.append(joker)


def _card(out: Checked, supply: _Supply, path: tuple, store: Store, spec: NamedCard, card: Card, ps: PlayerScore,
          where) -> None:
    """One written card, checked (N1, N2) and scored (N3)."""
    real = store.nuts
    if real < 0:
        out.bad(path, f"{real} nuts: a count cannot be negative", N1)
        real = 0
    supply.nuts.take(store.nut, real)
    card.kind, card.nuts = store.nut, real
    _jokers(out, supply, path, store, card)
    held = card.held
    if held > spec.size:
        out.bad(path, f"{held} nuts on card {spec.name}, which holds {spec.size} (scored as full)", N1)
    card.full = held >= spec.size
    ps.breakdown.append(card_line(spec.name, store.nut, held, spec.size, spec.points))
    kept = len(card.jokers)
    jokers_note = f" + {plural(kept, 'joker')}" if store.jokers else ""
    if len(store.jokers) > kept:
        jokers_note += f" ({len(store.jokers) - kept} not counted)"
    worth = (f"full: {plural(spec.points, 'point')}" if card.full else
             f"{held} of {spec.size}, not full: {plural(held, 'point')}, one a nut (ruling N3)")
    out.notes.append(f"{where(path)}: card {spec.name}, {store.nut}: {plural(real, 'nut')}{jokers_note}; {worth}")


def check_stores(players: list[tuple[str, list[Store]]], params: Params, n_players: int, where) -> Checked:
    """Check and score each player's storage cards. `where(path)` names a card in the notes."""
    specs: dict[str, NamedCard] = {c.name: c for c in params.cards}
    names = ", ".join(specs)
    out = Checked()
    supply = _Supply(params, n_players)
    for p, (name, stores) in enumerate(players):
        ps = PlayerScore(name)
        cards = new_cards(params.cards)
        used: dict[str, int] = {}
        best = 0
        for i, store in enumerate(stores):
            spec = specs.get(store.card.strip().lower())
            if spec is None:
                out.bad((p, i), f"there is no storage card {store.card!r}; each player has {len(specs)}: {names}",
                        EIGHT_CARDS)
                continue
            if spec.name in used:
                out.bad((p, i), f"card {spec.name} is used again (also stores[{used[spec.name]}]); not scored twice",
                        N1_ONCE)
                ps.add(f"card {spec.name} again (not scored)", 0)
                out.notes.append(f"{where((p, i))}: card {spec.name} again: not scored (each card is used once)")
                continue
            used[spec.name] = i
            _card(out, supply, (p, i), store, spec, cards[spec.name], ps, where)
            if cards[spec.name].full:
                best = max(best, spec.points)
        out.notes.append(f"{name}: {plural(ps.total, 'point')}; most valuable full card: {best or 'none'} (ruling N4).")
        out.best[name] = best
        out.scores.append(ps)
        out.cards.append(cards)
    supply.problems(out)
    return out
