"""NUTS: scoring the final score sheets (rulings U1-U7, the rulebook's FINAL SCORING).

A record is each player's sheet as it stands at the end: tokens per nut column, Salt and Squirrel
markers, goal cards claimed and bonus cards held. The sheet's numbers, the goal cards and the bonus
deck come from the kit file (kits/nuts.yaml), so the sheet printed is the sheet scored.

Impossible counts (a column with more tokens than the sheet has rows, negative counts) are
violations, not unreadable records: the sheet is then scored as the nearest sheet that could exist
(each column between 0 and the number of rows), so the scores still mean something.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.nuts import Params
from pnpkit.scorer.games.nuts.bonus import best_choice
from pnpkit.scorer.core import Line, PlayerScore, Result, TieBreaker, Violation, join_names, plural, rank
from pnpkit.scorer.games.nuts.deck import Card, deck_of, needs_text, params_of, written
from pnpkit.scorer.games.nuts.record import NUTS, Nuts, Player, Record
from pnpkit.scorer.games.nuts.rules import (DECK, DRAW, ONE_OF_A_TYPE, PLAYER_COUNT, SALT_TOKEN, SQUIRREL_TOKEN, TOKEN,
                                            U2, U4, U6, G)

if TYPE_CHECKING:  # a move log's: final sheets are scored without the factory's state or the replay
    from pnpkit.scorer.games.nuts.state import State
    from pnpkit.scorer.replay import Replay


@dataclass
class Table:
    """What the sheets add up to, player by player, for the checks across the table (goal cards
    claimed twice, a bonus card held twice) and the tie-breakers."""

    explain: bool
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scores: list[PlayerScore] = field(default_factory=list)
    nuts_total: dict[str, int] = field(default_factory=dict)
    salt_of: dict[str, int] = field(default_factory=dict)
    squirrel_of: dict[str, int] = field(default_factory=dict)
    complete: dict[str, int] = field(default_factory=dict)
    goal_holders: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    deck_holders: dict[str, list[tuple[str, int]]] = field(default_factory=dict)

    def fault(self, where: str, message: str, rule) -> None:
        self.violations.append(Violation.of(where, message, rule))


def score(record: Record, kit: Kit, explain: bool = False) -> Result:
    """Check the sheets against the rules and score them (FINAL SCORING, rulings U1-U7)."""
    params = params_of(kit)
    deck, sheet_lines = deck_of(params)
    t = Table(explain)
    n_players = len(record.players)
    if not kit.game.min_players <= n_players <= kit.game.max_players:
        t.fault("players", f"{n_players} players; NUTS is for {kit.game.players} players", PLAYER_COUNT)
    for player in record.players:
        _player(player, params, deck, sheet_lines, t)
    _goals_shared(params, t)
    for card_id, places in t.deck_holders.items():
        if len(places) == 1:  # (most cards: nothing to say, and no place to write out)
            continue
        first = "{}, bonus[{}]".format(*places[0])
        for place in places[1:]:
            t.fault("{}, bonus[{}]".format(*place), f"{card_id} is held again (also at {first}); the deck the cards "
                    f"are drawn from has one {card_id}", DRAW)
    breakers = [TieBreaker("most nuts", t.nuts_total.__getitem__),
                TieBreaker("most Salt markers", t.salt_of.__getitem__),
                TieBreaker("fewest Squirrel markers", lambda n: -t.squirrel_of[n])]
    ranking, tiebreaks = rank(t.scores, breakers, U6)
    finished = any(v >= params.end_rows for v in t.complete.values())
    if explain and not finished:
        t.notes.append(f"Unfinished: no player has {params.end_rows} complete rows (ruling U7).")
    return Result(game=G, players=t.scores, violations=t.violations, finished=finished,
                  ranking=ranking, tiebreaks=tiebreaks, explain=t.notes)


def _player(player: Player, params: Params, deck: dict[str, Card], sheet_lines: dict, t: Table) -> None:
    """One player's sheet: its counts checked, its lines, goals and bonus cards scored."""
    name = player.name
    counts, salt, squirrel = _counts(player, len(params.rows), t)
    ps = PlayerScore(name)
    lines = ps.breakdown
    full_rows = min(counts)
    lines.append(sheet_lines[("rows", full_rows)])
    lines += [sheet_lines[kind_n] for kind_n in zip(NUTS, counts)]  # (kind, n): each column's line
    salt_line = sheet_lines.get(("salt", salt))
    if salt_line is None:
        salt_line = Line(f"salt ({salt} x {params.salt_points})", salt * params.salt_points)
    lines.append(salt_line)
    if player.goals:
        _goals(player, params, sheet_lines, {"salt": salt, "squirrel": squirrel}, ps, t)
    _bonus(player, params, deck, counts, ps, t)
    if t.explain:
        t.notes.append(f"{name}: {plural(full_rows, 'complete row')}; total {plural(ps.total, 'point')}.")
    t.scores.append(ps)
    t.nuts_total[name] = sum(counts)
    t.salt_of[name] = salt
    t.squirrel_of[name] = squirrel
    t.complete[name] = full_rows


def _counts(player: Player, height: int, t: Table) -> tuple[tuple[int, ...], int, int]:
    """The sheet's counts as scored (each column between 0 and the rows; U2), the Salt and Squirrel
    markers; an impossible count is a violation."""
    raw = player.sheet.counts()
    salt, squirrel = player.salt, player.squirrel
    if min(raw) >= 0 and max(raw) <= height and salt >= 0 and squirrel >= 0:
        return raw, salt, squirrel  # (most sheets: nothing to say)
    here = player.name + ", "
    for kind, n in zip(NUTS, raw):
        if n < 0:
            t.fault(f"{here}sheet.{kind}", f"{n} {kind} tokens: a count cannot be negative", TOKEN)
        elif n > height:
            t.fault(f"{here}sheet.{kind}", f"{n} {kind} tokens, but the sheet has {height} rows (scored as {height})", U2)
    for name, n, rule in (("salt", player.salt, SALT_TOKEN), ("squirrel", player.squirrel, SQUIRREL_TOKEN)):
        if n < 0:
            t.fault(f"{here}{name}", f"{n} {name.capitalize()} markers: a count cannot be negative", rule)
    counts = tuple([0 if n < 0 else height if n > height else n for n in raw])
    return counts, max(0, player.salt), max(0, player.squirrel)


def _goals(player: Player, params: Params, sheet_lines: dict, boxes: dict[str, int], ps: PlayerScore,
           t: Table) -> None:
    """Goals (U4): the condition is checked; one card of each for the table (`_goals_shared`)."""
    held: set[str] = set()
    for i, gid in enumerate(player.goals):
        where = f"{player.name}, goals[{i}]"
        goal = params.goal(gid)
        if goal is None:
            known = ", ".join(g.id for g in params.goals)
            t.fault(where, f"{gid!r} is not a goal card of this kit ({known})", U4)
            continue
        if gid in held:
            t.fault(where, f"{goal.title} is listed twice (scored once)", ONE_OF_A_TYPE)
            continue
        held.add(gid)
        have = boxes[goal.box]
        if have < goal.at_least:
            t.fault(where, f"{goal.title} needs {goal.at_least} or more markers in the {goal.box.capitalize()} box; "
                    f"{player.name} has {have}", U4)
            ps.add(f"goal {goal.title} (condition not met)", 0)
            continue
        t.goal_holders.setdefault(gid, []).append((player.name, i))
        ps.breakdown.append(sheet_lines[("goal", gid)])


def _bonus(player: Player, params: Params, deck: dict[str, Card], counts: tuple[int, ...], ps: PlayerScore,
           t: Table) -> None:
    """Bonus cards (U5): the best choice under the disjoint-nuts rule, exactly."""
    name, here = player.name, player.name + ", "
    cards = _cards(player, params, deck, t)
    if not player.bonus:
        t.fault(name, "no bonus card: each player keeps at least one", DECK)
    # No hand holds more cards than the deck; past that, the extra cards are not fulfilled (the
    # exact choice is exponential in the hand, and the record is wrong anyway).
    deck_size = len(params.bonus)
    if len(cards) > deck_size:
        t.fault(f"{here}bonus", f"{len(cards)} bonus cards held; the deck they are drawn from has {deck_size} (cards "
                f"{deck_size + 1}-{len(cards)} are scored as not fulfilled)", DRAW)
    choice = best_choice(counts, [c.needs for c in cards[:deck_size]], [c.points for c in cards[:deck_size]])
    chosen = set(choice.fulfilled)
    ps.breakdown += [c.fulfilled if j in chosen else c.unfulfilled for j, c in enumerate(cards)]
    if t.explain and cards:
        used = [sum(cards[j].needs[k] for j in chosen) for k in range(len(NUTS))]
        left = needs_text(tuple(n - u for n, u in zip(counts, used))) or "none"
        sheet = needs_text(counts) or "no nuts"
        picked = ", ".join(f"{cards[j].label} (+{cards[j].points})" for j in sorted(chosen)) or "none"
        missed = ", ".join(f"{c.label} (-{c.points})" for j, c in enumerate(cards) if j not in chosen) or "none"
        t.notes.append(f"{name}: sheet {sheet}; bonus cards fulfilled: {picked}; not fulfilled: {missed}; "
                       f"nuts left over: {left}. No other choice of cards scores more (ruling U5).")


def _cards(player: Player, params: Params, deck: dict[str, Card], t: Table) -> list[Card]:
    """The bonus cards a player holds, as scored: a deck card by id, or one written out."""
    cards: list[Card] = []
    for i, entry in enumerate(player.bonus):
        if not isinstance(entry, str):
            cards.append(written(entry.needs.counts(), entry.points))
            continue
        card = deck.get(entry)
        if card is None:
            found = params.card(entry)          # `b7` for B07
            card = deck[found.id] if found is not None else None
        if card is None:
            t.fault(f"{player.name}, bonus[{i}]", f"{entry!r} is not a card of this kit's bonus deck "
                    f"({params.bonus[0].id}-{params.bonus[-1].id}), from which the bonus cards are drawn (not scored)",
                    DRAW)
            continue
        t.deck_holders.setdefault(card.label, []).append((player.name, i))
        cards.append(card)
    return cards


def _goals_shared(params: Params, t: Table) -> None:
    """U4: a goal card claimed by more players than the table has copies: each later claim is a
    violation (scored as written, its line saying who else claims it)."""
    for gid, holders in t.goal_holders.items():
        if len(holders) == 1:  # (most goals: one holder, and a goal has one copy at least)
            continue
        goal = params.goal(gid)
        if goal is None or len(holders) <= goal.copies:
            continue
        first = join_names(name for name, _ in holders[:goal.copies])
        for other, i in holders[goal.copies:]:
            t.fault(f"{other}, goals[{i}]", f"{goal.title} is also claimed by {first}; the table has {goal.copies} "
                    "such card (scored for each as written)", U4)
            ps = next(p for p in t.scores if p.name == other)
            k = next(k for k, line in enumerate(ps.breakdown) if line.label == f"goal {goal.title}")
            ps.breakdown[k] = Line(f"goal {goal.title} (also claimed by {first})", ps.breakdown[k].points)
            if t.explain:
                t.notes.append(f"{other}: {goal.title} is also claimed by {first}, but the table has "
                               f"{goal.copies} such card (ruling U4); it is scored for each as written.")


def final(record: Record, kit: Kit, s: State, rep: Replay) -> Result:
    """A move log's end position scored by the final-sheet scorer (the sheets its players then hold),
    with what its replay found. The replay judged each claim, each Bonus card drawn and each nut
    marked where the record writes it, and played a mistake as the table did: the sheets' own checks
    of these would report the same mistake again at "Ann, goals[0]" (one mistake, one report). Only
    the number of players is no step of the log."""
    from pnpkit.scorer.games.nuts.figures import counts
    result = score(final_sheets(s), kit, explain=rep.explaining)
    result.violations[:] = rep.violations + [v for v in result.violations if v.rule == PLAYER_COUNT.id]
    result.finished = s.over
    result.extra.update(counts(s))          # what the squirrel ate: `pnpkit simulate`'s figures
    result.explain[:0] = rep.explain
    result.steps = rep.steps
    return result


def final_sheets(s: State) -> Record:
    """The log's end position as the final-sheet record (what the players' sheets then hold)."""
    return Record(game="nuts", players=[
        Player(name=p.name, sheet=Nuts(**dict(zip(NUTS, p.sheet))),
               salt=p.salt, squirrel=p.squirrel, goals=list(p.goals), bonus=list(p.bonus)) for p in s.players])


sheets = score
"""A record of the final sheets, scored as they are (scorer/game.py asks for `sheets`)."""
