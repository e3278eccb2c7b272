"""NUTS played by the simulator (scorer/sim/match.py): the rules' own moves, dice and a shuffled
Order deck for chance. The record is the move log `pnpkit check` reads.

Chance is played here: the setup (the Squirrel's die, the Bonus cards each draws), each round's
Hunger and Order flips, the squirrel's dice after `end`, and the cards of Plan and Refill. The
numbers are the kit's (params.factory). The players choose among the rules' legal moves with two
limits, written down here and in docs/simulate.md:

- a configuring action is offered only when one Matching Path passes every configuring action of
  the turn right after it (U12 holds at every step, so a turn can always end);
- Plan and Refill are offered with the cards chance gives them at this decision (the Bonus deck's
  top cards, the Order cards a Refill flips), drawn before the player chooses, as a shuffled deck's
  top is fixed before anyone looks: one Refill, and a Plan for each choice of cards to keep. A
  player who looks ahead (greedy) sees which cards a Plan keeps, which is the choice the rules give
  after the draw; a Refill never makes a Matching Path (filling skips matching Orders), so looking
  at its flips gains nothing. Each player keeps the one setup Bonus card needing the fewest nuts.

`value` (greedy): the seat's final-sheet points as they stand (rows, column values, Salt, goals
held, and the bonus cards held scored on the sheet as it stands, ruling U5) plus 2 for each Matching
Path now on the floor (a nut about to be scored), minus the best other player's points.
"""
from __future__ import annotations

import random
from itertools import combinations

from pnpkit.scorer.games.nuts.bonus import best_choice
import pnpkit.scorer.games.nuts.effects as auto
import pnpkit.scorer.games.nuts.moves as moves
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.deck import deck_of, params_of
from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.floor import SHORT
from pnpkit.scorer.games.nuts.notation import die_text, write
from pnpkit.scorer.games.nuts.state import Action, State
import pnpkit.scorer.games.nuts.score as sheets
from pnpkit.scorer.games.nuts.score import final_sheets
import pnpkit.scorer.games.nuts.figures as figures
from pnpkit.scorer.sim.match import Moves

LENGTH = ("rounds", "actions")
MAX_ROUNDS = 40         # a random game ends in about 10; a game still going here is counted unfinished
PATH_VALUE = 2.0


def new(kit, names, setup, rng: random.Random) -> "NutsMatch":
    params = params_of(kit)
    s = State.setup(list(names), 1, factory_of(kit, len(names)))
    s.squirrel = rng.randint(1, s.columns)
    needs = {c.id: sum(c.needs.values()) for c in params.bonus}
    bonus = {}
    for p in s.players:
        drawn = rng.sample(sorted(s.bonus_deck), s.f.setup_draw)
        keep = min(drawn, key=lambda c: (needs[c], c))
        bonus[p.name] = {"keep": [keep], "drop": [c for c in drawn if c != keep]}
        s.bonus_deck -= set(drawn)
        p.bonus.append(keep)
        s.bonus_discards |= set(drawn) - {keep}
    m = NutsMatch(s, list(names), rng, kit)
    m.setup = {"squirrel": s.squirrel, "bonus": bonus}
    return m


class NutsMatch(Moves):
    def __init__(self, state: State, names: list[str], rng: random.Random | None, kit=None) -> None:
        self.s, self.names, self.rng, self.kit = state, names, rng, kit
        self.params = params_of(kit)
        self.setup: dict = {}
        self.rounds: list[dict] | None = []
        self.n_actions = 0
        self._legal = None
        self._cards: list[Action] | None = None     # this decision's Refill and Plans, with their cards

    def list_moves(self) -> list:
        return [a for a in moves.legal_moves(self.s) if self._keeps_one_path(a)] + self._with_cards()

    def sample(self, rng: random.Random) -> Action:
        """A legal move drawn uniformly, without listing them all: the first legal one of the
        candidates shuffled (the U12 look-ahead of every configuring action is most of a list's cost)."""
        s = self.s
        pool = moves.candidates(s) + self._with_cards()
        for i in range(len(pool)):          # a shuffle, drawn only as far as the first legal move
            j = rng.randrange(i, len(pool))
            pool[i], pool[j] = pool[j], pool[i]
            a = pool[i]
            if (moves.holds_chance(a) or moves.why_illegal(s, a) is None) and self._keeps_one_path(a):
                return a
        raise AssertionError("no legal move: the rules always allow a pass, `end` or `done`")

    def _keeps_one_path(self, a: Action) -> bool:
        """A configuring action is offered only when U12 holds right after it (a turn can always end)."""
        if a.verb not in self.s.f.configuring:
            return True
        after = self.s.floor_copy()
        moves.apply(after, a)
        return auto.end_problem(after) is None

    def _with_cards(self) -> list[Action]:
        """Refill and Plan with the cards chance gives them at this decision, drawn once (a copy
        looking ahead plays no chance, and offers neither)."""
        s = self.s
        if self.rng is None or s.turn.ran is not None or s.turn.ended or s.over or s.round_over:
            return []
        if self._cards is None:
            self._cards = self._draw()
        return list(self._cards)

    def _draw(self) -> list[Action]:
        s, out = self.s, []
        tokens = s.me().tokens
        if tokens >= s.f.cost["refill"] and s.fillable():
            cards: list[int] = []
            auto.fill(s.copy(), cards, s.f.refill, R.REFILL, self.rng)
            out.append(Action("refill", tuple(cards)))
        if tokens >= s.f.cost["plan"]:
            deck = s.bonus_deck if len(s.bonus_deck) >= s.f.plan_draw else s.bonus_deck | s.bonus_discards
            drawn = tuple(self.rng.sample(sorted(deck), min(s.f.plan_draw, len(deck))))
            out += [Action("plan", (drawn, kept)) for n in range(min(s.f.keep_at_least, len(drawn)), len(drawn) + 1)
                    for kept in combinations(drawn, n) if kept]
        return [a for a in out if moves.why_illegal(s, a) is None]

    def to_move(self) -> int | None:
        s = self.s
        while not s.over and self.rng is not None:
            if s.round_over:
                if s.round >= MAX_ROUNDS:
                    return None
                hunger, cards = self.rng.randint(1, s.f.hunger), []
                auto.start_round(s, hunger, cards, self.rng)
                if self.rounds is not None:
                    self.rounds.append({"hunger": hunger, "orders": [SHORT[c] for c in cards], "turns": []})
            elif s.turn.ended and s.turn.ran is None:
                dice: list = []
                auto.run(s, dice, rng=self.rng)
                if self.rounds is not None:
                    self.rounds[-1]["turns"][-1]["sq"] = [die_text(d) for d in dice]
                if not any(moves.why_illegal(s, Action("claim", (g,))) is None for g in s.goals):
                    auto.end_turn(s)
            else:
                break
            self._legal = self._cards = None
        return moves.to_move(s)

    def play(self, move: Action) -> None:
        s, turns = self.s, self.rounds[-1]["turns"] if self.rounds else None
        if turns is not None:
            if move.verb == "pass":
                turns.append("pass")
            elif move.verb == "claim":
                turns[-1].setdefault("claim", []).append(move.args[0])
            elif move.verb == "done":
                turns[-1].setdefault("claim", [])       # `claim: []`: a goal could be claimed, and is not
            elif move.verb not in ("end", "done"):
                if s.turn.acted == 0:
                    turns.append({"do": []})
                turns[-1]["do"].append(write(move))
        moves.apply(s, move)
        if move.verb == "claim" and not any(moves.why_illegal(s, Action("claim", (g,))) is None for g in s.goals):
            auto.end_turn(s)
        self.n_actions += 1
        self._legal = self._cards = None

    def turn_done(self) -> bool:
        s = self.s
        return s.over or s.round_over or (s.turn.acted == 0 and s.turn.ran is None) or s.turn.ended

    def copy(self) -> "NutsMatch":
        m = NutsMatch(self.s.copy(), self.names, None, self.kit)
        m.rounds, m.n_actions = None, self.n_actions
        return m

    def value(self, seat: int) -> float:
        mine = self._points(seat) + PATH_VALUE * len(self.s.paths())
        return mine - max(self._points(p) for p in range(len(self.names)) if p != seat)

    def _points(self, p: int) -> int:
        """The final-sheet points of player `p`'s sheet, goals and bonus cards as they stand."""
        pl, params = self.s.players[p], self.params
        deck = deck_of(params)[0]
        cards = [deck[c] for c in pl.bonus if c in deck]
        bonus = best_choice(pl.sheet, [c.needs for c in cards], [c.points for c in cards]).net if cards else 0
        goals = sum(g.points for g in params.goals if g.id in pl.goals)
        return (params.row_points * min(pl.sheet) + sum(params.rows[n - 1] for n in pl.sheet if n)
                + params.salt_points * pl.salt + goals + bonus)

    def record(self) -> dict:
        return {"game": "nuts", "players": list(self.names), "setup": self.setup, "rounds": self.rounds}

    def summary(self):
        """The final-sheet scorer on the sheets as they stand (the replay scores the same way)."""
        result = sheets.score(final_sheets(self.s), self.kit)
        result.finished = self.s.over
        result.extra.update(figures.counts(self.s))
        return figures.summary(result, self.names)

    def length(self) -> tuple[int, int]:
        return self.s.round, self.n_actions
