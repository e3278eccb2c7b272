"""NUTS' move log through the one replay driver (scorer/replay.py), and its score: the final sheets
the log ends with, scored by the final-sheet scorer (score.py), so the two record forms can never
score differently (docs/records/nuts.md).

Entries: the setup (chance: the Squirrel's die, the Bonus cards drawn); each round's start
(chance: the Hunger die and the Order cards flipped); each turn's actions (ACT), its run (CHANCE:
the squirrel's dice; the one-path rule U12 is judged there, at the end of the actions), its goal
claims (ACT) and its end (TURN_END).
"""
from __future__ import annotations

from typing import Iterator

from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.scorer.core import Result, plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.nuts import auto, explain, figures, moves, picture
from pnpkit.scorer.games.nuts import score as sheets
from pnpkit.scorer.games.nuts import rules as R
from pnpkit.scorer.games.nuts.deck import params_of
from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.floor import NUTS, SHORT, cell_text
from pnpkit.scorer.games.nuts.notation import card, die, nut, parse
from pnpkit.scorer.games.nuts.record import Nuts, Player, Record, Setup
from pnpkit.scorer.games.nuts.start import state_from
from pnpkit.scorer.games.nuts.state import Action, State
from pnpkit.scorer.play import Position
from pnpkit.scorer.replay import ACT, CHANCE, TURN_END, Entry, Replay, run


def first_state(record: Record, kit: Kit) -> State:
    """The setup's factory (its chance played as the first entry), or the `start:` position."""
    if record.start is not None:
        return state_from(record, kit)
    return State.setup(record.names, record.setup.squirrel, factory_of(kit, len(record.names)))


def entries(walk: "Walk", record: Record, open_end: bool = False) -> Iterator[Entry]:
    """The record as the driver plays it (lazily: a turn's player is the state's active seat).
    `open_end`: the last turn is in progress at the table, its actions played, its end not yet."""
    if record.start is None:
        yield CHANCE, "setup", ("setup", record.setup)
    rounds = record.rounds or []
    done, going = walk.s.round, not walk.s.round_over      # a `start:` in the middle of round `done`
    if going:
        done -= 1
    for k, rnd in enumerate(rounds, start=done + 1):
        first = 1
        if going and k == done + 1:
            first = walk.s.index + 1                        # the round goes on: no start of its own
        else:
            yield CHANCE, f"round {k}", ("round", rnd.hunger, [nut(x) for x in rnd.orders])
        for ti, turn in enumerate(rnd.turns, start=first):
            where = f"round {k}, turn {ti} ({walk.names[walk.s.active]})"
            if turn == "pass":
                yield ACT, where, Action("pass")
                continue
            last = open_end and k == done + len(rounds) and ti == first - 1 + len(rnd.turns)
            for ai, text in enumerate(turn.do, start=1):
                yield ACT, f'{where}, action {ai} "{text}"', parse(text)
            if last and "sq" not in turn.model_fields_set:
                return                      # at the table: the actions go on
            yield CHANCE, f"{where}, run", ("run", [die(x) for x in turn.sq], last)
            for item in turn.claim:
                yield ACT, f'{where}, claim "{item}"', _claim(item)
            if not last:
                yield TURN_END, where, False, "the turn ends here"


def _claim(item: str) -> Action:
    """A goal claimed (`salty-mama`), or (written after the run) any other action."""
    try:
        return parse(item)
    except ValueError:
        return Action("claim", (item.strip().lower(),))


class Walk:
    """NUTS for the replay driver: its rules on its state, its words."""

    def __init__(self, s: State, record: Record, kit: Kit) -> None:
        self.s, self.kit, self.names = s, kit, record.names
        self.once: set[str] = set()           # rules reported this turn, that a turn reports once

    def after_end(self, entry) -> Illegal | None:
        if not self.s.over:
            return None
        return Illegal("the game is over: the round ended with a player holding 2 complete rows; nothing more "
                       "is played", R.GAME_END)

    def chance(self, where: str, event, telling: bool) -> tuple[str, list[str], list[Illegal], bool]:
        kind = event[0]
        if kind == "setup":
            found = _setup(self.s, event[1])
            return "the game's setup", [], found, False
        if kind == "round":
            found = [] if self.s.round_over else [Illegal(
                f"round {self.s.round} ends here, but not every player passed in succession", R.ROUND_END)]
            more, said = auto.start_round(self.s, event[1], event[2])
            self.once = set()
            head, flips = f"hunger {self.s.hunger}, {self.names[self.s.first]} first", ", ".join(said)
            return (f"{head}; orders flipped: {flips}", ([f"{where} ({head}): orders flipped: {flips}"] if telling else []),
                    found + more, False)
        found, said = auto.run(self.s, event[1], open_=event[2])
        did = explain.run(said)
        return did.replace(explain.INDENT, " "), ([f"{where}: {did}"] if telling else []), found, False

    def why_illegal(self, a: Action) -> Illegal | None:
        return moves.why_illegal(self.s, a)

    def reported(self, why: Illegal) -> bool:
        if why.rule in (R.ROUND_END,):
            if why.rule.id in self.once:
                return False
            self.once.add(why.rule.id)
        return True

    def unplayable(self, where: str, a: Action, why: Illegal) -> tuple[str, list[str]] | None:
        short = moves.unplayable(self.s, a)
        return (f"not played: {short}", [f"{where}: not played ({short})"]) if short else None

    def play(self, where: str, a: Action, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        s = self.s
        me = s.me()
        prior = explain.before(s, a) if telling and a.verb != "pass" else None
        moves.apply(s, a)
        if a.verb == "pass" and s.round_over:
            self.once = set()
        if not telling:
            return "", []
        did = explain.action(s, a, prior, me.name) + (f"; {explain.tokens_left(me.tokens)}" if a.verb in s.f.cost else "")
        said = [f"{where}: {did}" + (" (ILLEGAL, played as recorded)" if why else "")]
        if a.verb == "pass" and s.round_over:
            did += ("; every player passed: the round ends, complete rows "
                    + ", ".join(f"{p.name} {min(p.sheet)}" for p in s.players) + ("; the game is over" if s.over else ""))
            said = [said[0] + "; every player passed", explain.round_end(s)]
        return did, said

    def turn_problems(self) -> list[Illegal]:
        auto.end_turn(self.s)
        self.once = set()
        return []

    def epilogue(self, open_end: bool):
        return None

    def picture(self) -> Position:
        """The factory drawn with the kit's pieces, the paths that ran marked (picture.py), and in words."""
        return picture.position(self.s, [str(r) for r in params_of(self.kit).rows], words(self.s))


def words(s: State) -> list[str]:
    """The floor, the decks and each player, in words."""
    tiles = ", ".join(f"{cell_text(c)} {k}" for c, k in sorted(s.tiles.items())) or "none"
    out = [f"Dispensers (columns 1-{s.columns}): {' '.join(SHORT[d] for d in s.dispensers)}",
           f"Tiles: {tiles}",
           f"Salters on {', '.join(map(str, sorted(s.salters)))}; the Squirrel on {s.squirrel}",
           f"Orders (slots 1-{s.columns}): {' '.join('-' if o is None else SHORT[o] for o in s.orders)}",
           f"Order deck: {', '.join(f'{SHORT[i]} {n}' for i, n in enumerate(s.order_deck))}; round {s.round}, "
           f"hunger {s.hunger}"]
    for p in s.players:
        out.append(f"{p.name}: {plural(p.tokens, 'token')}; sheet "
                   + " ".join(f"{SHORT[i]} {n}" for i, n in enumerate(p.sheet))
                   + f"; Salt {p.salt}, Squirrel {p.squirrel}" + (f"; {', '.join(p.goals)}" if p.goals else "")
                   + f"; bonus {' '.join(p.bonus) or '-'}")
    return out


def _setup(s: State, setup: Setup) -> list[Illegal]:
    """PLAYER SETUP: each player's 3 Bonus cards drawn, at least one kept; the Squirrel's square."""
    found = []
    if not 1 <= setup.squirrel <= s.columns:
        found.append(Illegal(f"the Squirrel's square is 1-{s.columns}, not {setup.squirrel}", R.SETUP_SQUIRREL))
    else:
        s.squirrel = setup.squirrel
    for p in s.players:
        hand = setup.bonus.get(p.name)
        if hand is None:
            found.append(Illegal(f"{p.name}'s setup Bonus cards are not written", R.DRAW))
            continue
        try:
            keep, drop = [card(c) for c in hand.keep], [card(c) for c in hand.drop]
        except ValueError as e:
            found.append(Illegal(f"{p.name}: {e}", R.DRAW))
            continue
        if len(keep) + len(drop) != s.f.setup_draw:
            found.append(Illegal(f"{p.name} drew {len(keep) + len(drop)} Bonus cards, not {s.f.setup_draw}", R.DRAW))
        if len(set(keep)) < s.f.keep_at_least:
            found.append(Illegal(f"{p.name} kept no Bonus card" if not keep else
                                 f"{p.name} kept {len(set(keep))} Bonus cards, not at least {s.f.keep_at_least}", R.DECK))
        for c in keep + drop:
            if c not in s.bonus_deck:
                found.append(Illegal(f"{p.name}: {c} is not in the Bonus deck (drawn already, or not a card of it)",
                                     R.DRAW))
        s.bonus_deck -= set(keep + drop)
        p.bonus.extend(keep)
        s.bonus_discards |= set(drop)
    return found


def replay(record: Record, kit: Kit, explain: bool = False, steps: bool = False,
           open_end: bool = False) -> tuple[State, Replay]:
    s = first_state(record, kit)
    walk = Walk(s, record, kit)
    rep = Replay(explaining=explain, recording=steps)
    rep.step("start", "the game's setup" if record.start is None else "the position written under start:",
             walk.picture)
    run(walk, entries(walk, record, open_end), rep, open_end)
    return walk.s, rep


def final_sheets(s: State) -> Record:
    """The log's end position as the final-sheet record (what the players' sheets then hold)."""
    return Record(game="nuts", players=[
        Player(name=p.name, sheet=Nuts(**dict(zip(NUTS, p.sheet))),
               salt=p.salt, squirrel=p.squirrel, goals=list(p.goals), bonus=list(p.bonus)) for p in s.players])


def score_log(record: Record, kit: Kit, explain: bool = False, steps: bool = False) -> Result:
    """Replay the log, then score its end position with the final-sheet scorer."""
    s, rep = replay(record, kit, explain, steps)
    result = sheets.score(final_sheets(s), kit, explain=explain)
    result.violations[:0] = rep.violations
    result.finished = s.over
    result.extra.update(figures.counts(s))         # what the squirrel ate: `pnpkit simulate`'s figures
    result.explain[:0] = rep.explain
    result.steps = rep.steps
    return result


def score(record: Record, kit: Kit, explain: bool = False, steps: bool = False) -> Result:
    """A NUTS record scored: the final sheets as they are (score.py), or a move log replayed and its
    end position scored the same way."""
    if record.is_log:
        return score_log(record, kit, explain, steps)
    return sheets.score(record, kit, explain=explain)


__all__ = ["final_sheets", "replay", "score", "score_log"]
