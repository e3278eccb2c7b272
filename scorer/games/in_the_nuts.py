"""In the Nuts!: the two records and their scores (the rulebook's scoring, rulings N1-N13).

A record is either the final storage cards (each player's cards at the end: the kind of nut, how
many real nuts and which jokers), or a move log of the whole game (in_the_nuts_log), replayed turn by
turn. Both end in the same storage scoring (in_the_nuts_storage: N3, N4). The cards' sizes and
points, the supply by player count, the joker pairs and the board come from the kit file
(kits/in-the-nuts.yaml).

In the final storage cards, impossible cards (more nuts than the card holds, a card used twice, a
joker stored as a kind it does not show, more nuts than the supply) are violations; the cards are
still scored as they are written where that makes sense (an over-full card as full, a card used a
second time not at all).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, Tag, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from kitfile.errors import Problem, SourceError
from kitfile.head import KitHead as Kit
from kitfile.params.in_the_nuts import NamedCard, Params
from scorer.core import PlayerScore, Result, Violation, plural
from scorer.games import in_the_nuts_log as log
from scorer.games.in_the_nuts_notation import KINDS, KeptJoker, Kind, Setup, Turn
from scorer.games.in_the_nuts_rules import EIGHT_CARDS, GAME, N1, N1_ONCE, N2, N5, PLAYER_COUNT
from scorer.games.in_the_nuts_storage import card_line, joker_name, player_score, ranking
from scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict, check_unique_names
from scorer.supply import Supply

class Store(Strict):
    """One storage card at the end of the game."""

    card: str = Field(description="The card, by its size: 2, 3, ...; a second card of a size `2b`, `3b`.")
    nut: Kind = Field(description="The kind of nut stored on it.")
    nuts: int = Field(0, description="Real nuts of that kind on the card (jokers not counted).")
    jokers: list[str] = Field(default_factory=list, max_length=MAX_ITEMS,
                              description="Jokers stored on the card, each by the two kinds it shows: `acorn/hazelnut`.")

    @field_validator("card", mode="before")
    @classmethod
    def _card(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


class Player(Strict):
    name: Name = Field(description="The player's name; players in seat order.")
    stores: list[Store] = Field(default_factory=list, max_length=MAX_ITEMS, description="The player's storage cards that hold nuts.")


def _player_form(v: Any) -> str:
    return "stores" if isinstance(v, dict) else "name"


PlayerEntry = Annotated[Union[Annotated[Player, Tag("stores")], Annotated[Name, Tag("name")]],
                        Discriminator(_player_form)]


class Record(Strict):
    """An In the Nuts! record, players in seat order: either each player's storage cards at the end
    (`players` with `stores`), or a move log (`players` by name, then `setup`, `turns` and `end`)."""

    game: Literal["in-the-nuts"]
    players: list[PlayerEntry] = Field(min_length=1, max_length=MAX_PLAYERS, description="In seat order, the first player first: names "
                                       "(a move log) or `{name, stores}` (the final storage cards).")
    setup: Setup | None = Field(None, description="Move log: the face-up nuts, the first nuts, the setup squirrels.")
    turns: list[Turn] | None = Field(None, max_length=MAX_TURNS, description="Move log: one entry per turn, in order.")
    end: dict[Name, Annotated[list[KeptJoker], Field(max_length=MAX_ITEMS)]] | None = Field(None, max_length=MAX_PLAYERS, description="Move log: where each player's kept jokers "
                                                                      "went at the end.")

    @property
    def is_log(self) -> bool:
        return self.setup is not None or self.turns is not None or self.end is not None

    @property
    def names(self) -> list[str]:
        return [p if isinstance(p, str) else p.name for p in self.players]

    @model_validator(mode="after")
    def _consistent(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str, value: object) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=value))

        names = self.names
        try:
            check_unique_names(names)
        except ValueError as e:
            bad(("players",), str(e), names)
        for i, p in enumerate(self.players):
            if self.is_log and not isinstance(p, str):
                bad(("players", i), "a move log names its players only (players: [Anna, Uwe]); the replay works "
                    "out their storage cards", p.name)
            elif not self.is_log and isinstance(p, str):
                bad(("players", i), "give each player's storage cards ({name: Ann, stores: [...]}), or write a "
                    "move log with setup: and turns:", p)
        if self.is_log:
            if self.setup is None:
                bad(("setup",), "a move log starts with its setup: the face-up nuts, the first nuts, the "
                    "setup squirrels", None)
            known = set(names)

            def player(loc: tuple, name: str) -> None:
                if name not in known:
                    bad(loc, f"no player named {name!r} (players: {', '.join(names)})", name)

            if self.setup is not None:
                for key in ("first", "squirrels"):
                    for name in getattr(self.setup, key):
                        player(("setup", key, name), name)
            for name in self.end or {}:
                player(("end", name), name)
            for t, turn in enumerate(self.turns or []):
                for k, nut in enumerate(turn.nuts or []):
                    if nut.steal is not None:
                        player(("turns", t, "nuts", k, "steal"), nut.steal.rsplit(None, 1)[0])
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self


def _params(kit: Kit) -> Params:
    params = kit.params
    if not isinstance(params, Params) or tuple(params.kinds) != KINDS:
        raise SourceError(kit.file, [Problem(None, "params.kinds", f"this scorer reads the kinds {', '.join(KINDS)}")])
    return params


def _player_count(record: Record, kit: Kit) -> list[Violation]:
    n = len(record.players)
    if kit.game.min_players <= n <= kit.game.max_players:
        return []
    return [Violation.of("players", f"{n} players; the game is for {kit.game.players}", PLAYER_COUNT)]


def score(record: Record, kit: Kit, explain: bool = False) -> Result:
    """Check the record against the rules and score the storage cards it ends with."""
    params = _params(kit)
    if record.is_log:
        return score_log(record, params, _player_count(record, kit), explain)
    return score_storage(record, params, _player_count(record, kit), explain)


def score_log(record: Record, params: Params, violations: list[Violation], explain: bool = False) -> Result:
    """Replay the move log (every rule, turn by turn), then score the storage cards it fills."""
    s, rep = log.replay(record, params, explain)
    scores, best = [], {}
    for p, name in enumerate(record.names):
        ps, best[name] = player_score(name, s.cards[p].values())
        scores.append(ps)
        if explain:
            rep.note(f"{name}: {ps.total} points; most valuable full card: {best[name] or 'none'} (ruling N4)")
    ranked, tiebreaks = ranking(scores, best)
    return Result(game=GAME, players=scores, violations=violations + rep.violations, finished=s.over,
                  ranking=ranked, tiebreaks=tiebreaks, explain=rep.explain)


def score_storage(record: Record, params: Params, violations: list[Violation], explain: bool = False) -> Result:
    """Check the final storage cards against the rules and score them (rulings N1-N5)."""
    cards: dict[str, NamedCard] = {c.name: c for c in params.cards}
    names = ", ".join(cards)
    notes: list[str] = []
    scores: list[PlayerScore] = []
    best_full: dict[str, int] = {}
    n_players = len(record.players)
    supply: Supply[str] = Supply({k: params.supply_for(n_players) for k in KINDS})
    pairs: Supply[str] = Supply({joker_name(*j.shows, KINDS): j.count for j in params.jokers})
    pair_over: list[tuple[str, str]] = []   # (where, joker) of each joker beyond its pair's count
    joker_total = 0

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
            supply.take(store.nut, real)
            kept = 0  # the jokers that count on this card
            for j, text in enumerate(store.jokers):
                pair = _joker(text)
                jwhere = f"{where}, jokers[{j}]"
                if pair is None or params.jokers_showing(*pair) == 0:
                    violations.append(Violation.of(jwhere, f"no joker shows {text!r}; a joker shows two different kinds "
                                                   f"of {', '.join(KINDS)}, written like acorn/hazelnut (not counted)", N2))
                    continue
                joker_total += 1
                name = joker_name(*pair, KINDS)
                if not pairs.take(name):
                    pair_over.append((jwhere, name))
                if store.nut not in pair:
                    violations.append(Violation.of(jwhere, f"a joker showing {pair[0]}/{pair[1]} cannot be "
                                                   f"stored as {store.nut} (not counted on the card)", N2))
                    continue
                kept += 1
            held = real + kept
            if held > card.size:
                violations.append(Violation.of(where, f"{held} nuts on card {card.name}, which holds {card.size} "
                                               f"(scored as full)", N1))
            line = card_line(card.name, store.nut, held, card.size, card.points)
            ps.breakdown.append(line)
            if held >= card.size:
                best = max(best, card.points)
            jokers_note = f" + {plural(kept, 'joker')}" if store.jokers else ""
            if len(store.jokers) > kept:
                jokers_note += f" ({len(store.jokers) - kept} not counted)"
            worth = (f"full: {plural(card.points, 'point')}" if held >= card.size else
                     f"{held} of {card.size}, not full: {plural(held, 'point')}, one a nut (ruling N3)")
            notes.append(f"{where}: card {card.name}, {store.nut}: {plural(real, 'nut')}{jokers_note}; {worth}")
        if explain:
            notes.append(f"{player.name}: {plural(ps.total, 'point')}; most valuable full card: {best or 'none'} (ruling N4).")
        best_full[player.name] = best
        scores.append(ps)

    for kind in KINDS:
        if supply.taken(kind) > supply.have[kind]:
            violations.append(Violation.of(f"all players, {kind}", f"{supply.taken(kind)} {kind}s stored; the game "
                                           f"has {supply.have[kind]} with {n_players} players", N5))
    if joker_total > params.joker_count:
        violations.append(Violation.of("all players, jokers", f"{joker_total} jokers stored; the game has "
                                       f"{params.joker_count}", N5))
    reported: set[str] = set()
    for where, name in pair_over:
        if name not in reported:
            reported.add(name)
            violations.append(Violation.of(where, f"{pairs.taken(name)} {name} jokers stored; the game has "
                                           f"{pairs.have[name]}", N5))

    ranked, tiebreaks = ranking(scores, best_full)
    return Result(game=GAME, players=scores, violations=violations, finished=True,
                  ranking=ranked, tiebreaks=tiebreaks, explain=notes if explain else [])


def _joker(text: str) -> tuple[str, str] | None:
    parts = [p.strip().lower() for p in text.split("/")]
    if len(parts) != 2 or parts[0] == parts[1] or not all(p in KINDS for p in parts):
        return None
    return parts[0], parts[1]


def pictures(record: Record, kit, result: Result):
    """The storage cards drawn (scorer/play.py): loaded only by the replay page."""
    from scorer.games import in_the_nuts_sheets
    return in_the_nuts_sheets.pictures(record, kit, result)
