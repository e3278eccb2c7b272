"""NUTS: scoring the final score sheets (rulings U1-U7, the rulebook's FINAL SCORING).

A record is each player's sheet as it stands at the end: tokens per nut column, Salt and Squirrel
markers, goal cards claimed and bonus cards held. The sheet's numbers, the goal cards and the bonus
deck come from the kit file (kits/nuts.yaml), so the sheet printed is the sheet scored.

Impossible counts (a column with more tokens than the sheet has rows, negative counts) are
violations, not unreadable records: the sheet is then scored as the nearest sheet that could exist
(each column between 0 and the number of rows), so the scores still mean something.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from pydantic import Field, field_validator, model_validator

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.nuts import Params
from pnpkit.scorer.bonus import best_choice
from pnpkit.scorer.core import Line, PlayerScore, Result, TieBreaker, Violation, join_names, plural, rank
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, Name, Strict, check_unique_names
from pnpkit.scorer.rulebook import ruling, section

GAME = "nuts"
NUTS = ("almond", "cashew", "peanut", "pistachio")

U1, U2, U3, U4, U5, U6, U7 = (ruling(f"U{i}") for i in range(1, 8))
TOKEN = section(GAME, "Score Nuts from matched Orders",
                "He adds a Score Token on his Score Sheet, placing it in the highest open space of the column")
SALT_TOKEN = section(GAME, "Score Nuts from matched Orders",
                     "he also places a Score Token in the Salt box of his Score sheet")
SQUIRREL_TOKEN = section(GAME, "Move the Squirrel",
                         "The Active Player places a Score Token on in the Squirrel box of his Score Sheet")
DECK = section(GAME, "PLAYER SETUP", "Each Player draws 3 Bonus Cards. He must keep at least one")
DRAW = section(GAME, "PLAYER SETUP", "Each Player draws 3 Bonus Cards.")
ONE_OF_A_TYPE = section(GAME, "Claim Goal Cards", "He may not have more than one Goal card of the same type.")
PLAYER_COUNT = section(GAME, "THE FACTORY", "For a 2-4 Player game, use 12 columns. For a 5-6 Player game")


class Nuts(Strict):
    """Nuts by kind; a kind left out is 0."""

    almond: int = 0
    cashew: int = 0
    peanut: int = 0
    pistachio: int = 0

    def counts(self) -> tuple[int, ...]:
        return (self.almond, self.cashew, self.peanut, self.pistachio)


class WrittenCard(Strict):
    """A bonus card written out instead of named by id: `{needs: {cashew: 3}, points: 4}`."""

    needs: Nuts = Field(description="The nuts the card needs.")
    points: int = Field(ge=1, description="Added if fulfilled, subtracted if not (ruling U5).")

    @model_validator(mode="after")
    def _needs(self) -> "WrittenCard":
        if any(n < 0 for n in self.needs.counts()) or not any(self.needs.counts()):
            raise ValueError("a bonus card needs at least one nut, and no negative number of any")
        return self


BonusEntry = Union[str, WrittenCard]


class Player(Strict):
    name: Name = Field(description="The player's name; players in seat order.")
    sheet: Nuts = Field(description="Tokens in each nut column of the score sheet.")
    salt: int = Field(0, description="Markers in the Salt box.")
    squirrel: int = Field(0, description="Markers in the Squirrel box.")
    goals: list[str] = Field(default_factory=list, max_length=MAX_ITEMS, description="Goal cards held, by id: salty-mama, squirrel-buddy.")
    bonus: list[BonusEntry] = Field(default_factory=list, max_length=MAX_ITEMS,
                                    description="Bonus cards held: an id (`B07`) or written out.")

    @field_validator("bonus", mode="before")
    @classmethod
    def _bonus(cls, v: Any) -> Any:
        if isinstance(v, list):
            for i, item in enumerate(v):
                if not isinstance(item, (str, dict)):
                    raise ValueError(f"bonus[{i}]: a bonus card is an id like B07, or written out as "
                                     f"{{needs: {{almond: 2}}, points: 3}}; got {item!r}")
        return v


class Record(Strict):
    """A NUTS record: the final score sheets, players in seat order."""

    game: Literal["nuts"]
    players: list[Player] = Field(min_length=1, max_length=MAX_PLAYERS)

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[Player]) -> list[Player]:
        check_unique_names(p.name for p in v)
        return v


@dataclass(frozen=True)
class Card:
    """A bonus card as scored: its label, needs by column, points, and its two breakdown lines."""

    label: str                     # `B07` or `{almond 2, peanut 1}`
    needs: tuple[int, ...]
    points: int
    fulfilled: Line                # the breakdown line when fulfilled (lines are immutable: shared)
    unfulfilled: Line

    @classmethod
    def make(cls, card_id: str | None, needs: tuple[int, ...], points: int) -> "Card":
        text = _needs_text(needs)
        if card_id is None:
            label = "{" + text + "}"
            return cls(label, needs, points, Line(f"bonus {label} fulfilled", points),
                       Line(f"bonus {label} not fulfilled", -points))
        return cls(card_id, needs, points, Line(f"bonus {card_id} fulfilled ({text})", points),
                   Line(f"bonus {card_id} not fulfilled ({text})", -points))


def _needs_text(needs: tuple[int, ...]) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in zip(NUTS, needs) if n)


_WRITTEN: dict[tuple[tuple[int, ...], int], Card] = {}


def _written(needs: tuple[int, ...], points: int) -> Card:
    """A written-out card (the same card written twice is made once: labels cost more than scoring)."""
    card = _WRITTEN.get((needs, points))
    if card is None:
        if len(_WRITTEN) > 4096:
            _WRITTEN.clear()
        card = _WRITTEN[(needs, points)] = Card.make(None, needs, points)
    return card


_DECKS: dict[int, tuple[Params, dict[str, Card], dict[tuple[str, int], Line]]] = {}


def _deck(params: Params) -> tuple[dict[str, Card], dict[tuple[str, int], Line]]:
    """The kit's bonus deck by id, and the score sheet's breakdown lines (rows, each column, salt)
    for every count the sheet can hold: built once per kit, shared by every record scored."""
    cached = _DECKS.get(id(params))
    if cached is None or cached[0] is not params:
        deck = {c.id: Card.make(c.id, tuple(c.needs.get(k, 0) for k in NUTS), c.points) for c in params.bonus}
        height = len(params.rows)
        lines = {("rows", n): Line(f"rows ({n} complete x {params.row_points})", n * params.row_points)
                 for n in range(height + 1)}
        for kind in NUTS:
            for n in range(height + 1):
                lines[(kind, n)] = Line(f"{kind} ({n} token{'s' if n != 1 else ''})", params.rows[n - 1] if n else 0)
        for n in range(4 * height):
            lines[("salt", n)] = Line(f"salt ({n} x {params.salt_points})", n * params.salt_points)
        cached = _DECKS[id(params)] = (params, deck, lines)
    return cached[1], cached[2]


def _params(kit: Kit) -> Params:
    params = kit.params
    if not isinstance(params, Params) or tuple(params.columns) != NUTS:
        raise SourceError(kit.file, [Problem(None, "params.columns",
                                             f"this scorer reads the columns {', '.join(NUTS)}")])
    return params


def score(record: Record, kit: Kit, explain: bool = False) -> Result:
    """Check the sheets against the rules and score them (FINAL SCORING, rulings U1-U7)."""
    params = _params(kit)
    deck, sheet_lines = _deck(params)
    rows = params.rows
    height = len(rows)
    violations: list[Violation] = []
    notes: list[str] = []
    scores: list[PlayerScore] = []
    nuts_total: dict[str, int] = {}
    salt_of: dict[str, int] = {}
    squirrel_of: dict[str, int] = {}
    complete: dict[str, int] = {}
    goal_holders: dict[str, list[tuple[str, int]]] = {}
    deck_holders: dict[str, list[tuple[str, int]]] = {}

    n_players = len(record.players)
    if not kit.game.min_players <= n_players <= kit.game.max_players:
        violations.append(Violation.of("players", f"{n_players} players; NUTS is for "
                                       f"{kit.game.players} players", PLAYER_COUNT))

    for player in record.players:
        name = player.name
        here = name + ", "
        raw = player.sheet.counts()
        for kind, n in zip(NUTS, raw):
            if n < 0:
                violations.append(Violation.of(f"{here}sheet.{kind}", f"{n} {kind} tokens: a count cannot be negative", TOKEN))
            elif n > height:
                violations.append(Violation.of(f"{here}sheet.{kind}", f"{n} {kind} tokens, but the sheet has "
                                               f"{height} rows (scored as {height})", U2))
        for field, n, rule in (("salt", player.salt, SALT_TOKEN), ("squirrel", player.squirrel, SQUIRREL_TOKEN)):
            if n < 0:
                violations.append(Violation.of(f"{here}{field}", f"{n} {field.capitalize()} markers: a count cannot be negative", rule))
        counts = tuple([0 if n < 0 else height if n > height else n for n in raw])
        salt = max(0, player.salt)
        squirrel = max(0, player.squirrel)

        ps = PlayerScore(name)
        lines = ps.breakdown
        full_rows = min(counts)
        lines.append(sheet_lines[("rows", full_rows)])
        for kind, n in zip(NUTS, counts):
            lines.append(sheet_lines[(kind, n)])
        salt_line = sheet_lines.get(("salt", salt))
        if salt_line is None:
            salt_line = Line(f"salt ({salt} x {params.salt_points})", salt * params.salt_points)
        lines.append(salt_line)

        # Goals (U4): the condition is checked; one card of each for the table.
        boxes = {"salt": salt, "squirrel": squirrel}
        held: set[str] = set()
        for i, gid in enumerate(player.goals):
            where = f"{here}goals[{i}]"
            goal = params.goal(gid)
            if goal is None:
                known = ", ".join(g.id for g in params.goals)
                violations.append(Violation.of(where, f"{gid!r} is not a goal card of this kit ({known})", U4))
                continue
            if gid in held:
                violations.append(Violation.of(where, f"{goal.title} is listed twice (scored once)", ONE_OF_A_TYPE))
                continue
            held.add(gid)
            have = boxes[goal.box]
            if have < goal.at_least:
                violations.append(Violation.of(where, f"{goal.title} needs {goal.at_least} or more markers in the "
                                               f"{goal.box.capitalize()} box; {name} has {have}", U4))
                ps.add(f"goal {goal.title} (condition not met)", 0)
                continue
            goal_holders.setdefault(gid, []).append((name, i))
            ps.add(f"goal {goal.title}", goal.points)

        # Bonus cards (U5): the best choice under the disjoint-nuts rule, exactly.
        cards: list[Card] = []
        for i, entry in enumerate(player.bonus):
            if isinstance(entry, str):
                card = deck.get(entry)
                if card is None:
                    found = params.card(entry)          # `b7` for B07
                    card = deck[found.id] if found is not None else None
                if card is None:
                    violations.append(Violation.of(f"{here}bonus[{i}]", f"{entry!r} is not a card of this kit's "
                                                   f"bonus deck ({params.bonus[0].id}-{params.bonus[-1].id}), from "
                                                   f"which the bonus cards are drawn (not scored)", DRAW))
                    continue
                deck_holders.setdefault(card.label, []).append((name, i))
                cards.append(card)
            else:
                cards.append(_written(entry.needs.counts(), entry.points))
        if not player.bonus:
            violations.append(Violation.of(name, "no bonus card: each player keeps at least one", DECK))
        # No hand holds more cards than the deck; past that, the extra cards are not fulfilled (the
        # exact choice is exponential in the hand, and the record is wrong anyway).
        deck_size = len(params.bonus)
        if len(cards) > deck_size:
            violations.append(Violation.of(f"{here}bonus", f"{len(cards)} bonus cards held; the deck they are drawn "
                                           f"from has {deck_size} (cards {deck_size + 1}-{len(cards)} are scored as "
                                           "not fulfilled)", DRAW))
        choice = best_choice(counts, [c.needs for c in cards[:deck_size]], [c.points for c in cards[:deck_size]])
        chosen = set(choice.fulfilled)
        for j, c in enumerate(cards):
            lines.append(c.fulfilled if j in chosen else c.unfulfilled)
        if explain:
            used = [sum(cards[j].needs[k] for j in chosen) for k in range(len(NUTS))]
            left = _needs_text(tuple(n - u for n, u in zip(counts, used))) or "none"
            sheet = _needs_text(counts) or "no nuts"
            if cards:
                picked = ", ".join(f"{cards[j].label} (+{cards[j].points})" for j in sorted(chosen)) or "none"
                missed = ", ".join(f"{c.label} (-{c.points})" for j, c in enumerate(cards) if j not in chosen) or "none"
                notes.append(f"{name}: sheet {sheet}; bonus cards fulfilled: {picked}; not fulfilled: {missed}; "
                             f"nuts left over: {left}. No other choice of cards scores more (ruling U5).")
            notes.append(f"{name}: {plural(full_rows, 'complete row')}; total {plural(ps.total, 'point')}.")

        scores.append(ps)
        nuts_total[name] = sum(counts)
        salt_of[name] = salt
        squirrel_of[name] = squirrel
        complete[name] = full_rows

    for gid, holders in goal_holders.items():
        goal = params.goal(gid)
        if goal is not None and len(holders) > goal.copies:
            first = join_names(name for name, _ in holders[:goal.copies])
            for other, i in holders[goal.copies:]:
                violations.append(Violation.of(f"{other}, goals[{i}]", f"{goal.title} is also claimed by {first}; "
                                               f"the table has {goal.copies} such card (scored for each as written)", U4))
                ps = next(p for p in scores if p.name == other)
                k = next(k for k, line in enumerate(ps.breakdown) if line.label == f"goal {goal.title}")
                ps.breakdown[k] = Line(f"goal {goal.title} (also claimed by {first})", ps.breakdown[k].points)
                if explain:
                    notes.append(f"{other}: {goal.title} is also claimed by {first}, but the table has "
                                 f"{goal.copies} such card (ruling U4); it is scored for each as written.")
    for card_id, places in deck_holders.items():
        first = "{}, bonus[{}]".format(*places[0])
        for place in places[1:]:
            violations.append(Violation.of("{}, bonus[{}]".format(*place), f"{card_id} is held again (also at "
                                           f"{first}); the deck the cards are drawn from has one {card_id}", DRAW))

    breakers = [TieBreaker("most nuts", nuts_total.__getitem__),
                TieBreaker("most Salt markers", salt_of.__getitem__),
                TieBreaker("fewest Squirrel markers", lambda n: -squirrel_of[n])]
    ranking, tiebreaks = rank(scores, breakers, U6)
    finished = any(v >= params.end_rows for v in complete.values())
    if explain and not finished:
        notes.append(f"Unfinished: no player has {params.end_rows} complete rows (ruling U7).")
    return Result(game=GAME, players=scores, violations=violations, finished=finished,
                  ranking=ranking, tiebreaks=tiebreaks, explain=notes)


def pictures(record: Record, kit, result: Result):
    """The final sheets drawn (scorer/play.py): loaded only by the replay page."""
    from pnpkit.scorer.games import nuts_sheets
    return nuts_sheets.pictures(record, kit, result)
