"""In the Nuts! played by the simulator (scorer/sim/match.py) and by the random legal player.

The deck is shuffled and dealt as the rulebook does (the face-up nuts, each player's first nut, the
set-aside cards); the dice are real. A player decides, one decision at a time: where its first nut
goes, where its setup squirrels sit, whether to roll (again) or stop, which space a roll's squirrel
takes, which face-up nut to take and where to store it (the card replacing it comes off the draw
pile), what to steal, and where a kept joker goes at the end. The choices are the rules' own
`legal_moves`, with chance as it fell (the dice thrown, the card dealt or drawn: `drawn`), a nut
taken written as the player chooses it (`undrawn`); each action is written as a record writes it
(`entry`), and the rules play it (`apply`). `random_record` is the random legal player's whole game
(tests, bench): its games check clean.

`value`, written down here and in docs/simulate.md: the seat's points as the storage cards stand
(ruling N3: a full card its printed points, each nut on another card 1), minus the best other
player's, plus its nuts on the way: each squirrel of the seat's in a section (or on the starting
track, in its turn) counts 1 / the squirrels a nut there needs, and a nut the seat is collecting
right now counts 1. Rolling again is rated by the average over the dice (a bad roll loses the
track), so greedy pushes its luck only while the odds favour it, and stores each nut where it scores
most.
"""
from __future__ import annotations

import random

from pnpkit.scorer import dice
from pnpkit.scorer.games.in_the_nuts.moves import (all_rolls, apply, legal_moves, may_roll, to_move, undrawn,
                                                   why_illegal)
from pnpkit.scorer.games.in_the_nuts.notation import entry
from pnpkit.scorer.games.in_the_nuts.rules import GAME
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, OVER, ROLL, ROLL_OR_STOP, SETUP_FIRST, STEAL, STOP, TAKE,
                                                   EndStore, First, Reveal, Roll, Settle, State, Steal, Take)
from pnpkit.scorer.games.in_the_nuts.storage import player_score, ranking
from pnpkit.scorer.sim.match import Moves, Summary

LENGTH = ("turns", "actions")
COOPERATIVE = False
MAX_TURNS = 1000                 # the most a record holds; a game still going then is counted unfinished
AGAIN = "roll"                   # the decision to roll (again): the dice come next
THROWS = [(Roll(g, w, None), (1 if w[0] == w[1] else 2) / dice.SIDES ** 3)   # every throw, with its chance
          for g, w in all_rolls()]


def new(kit, names, setup, rng: random.Random) -> "NutsMatch":
    """The deck shuffled and the four face-up nuts revealed; the first nuts are the players' to store."""
    m = NutsMatch(State(kit.params, list(names)), rng)
    deck = m.deck = [card for card, k in m.s.deck.have.items() for _ in range(k)]
    rng.shuffle(deck)
    for _ in m.s.faceup:
        m.write(Reveal(deck.pop()))
    return m


class NutsMatch(Moves):
    def __init__(self, state: State, rng: random.Random | None) -> None:
        self.s, self.rng, self.names = state, rng, state.names
        self.deck: list[str] = []
        self.pile: list[str] | None = None      # the draw pile, then the set-aside cards; drawn from the end
        self.setup: dict = {"nuts": [], "first": {}, "squirrels": {}}
        self.turns: list[dict] | None = []      # None on a scratch copy
        self.end: dict[str, list] = {}
        self.card: str | None = None            # the first nut dealt to the player storing it
        self.thrown: tuple[int, tuple[int, int]] | None = None   # dice waiting for their space
        self.turn_of = 0                         # the rules' turn number of the record's last turn
        self.actions = 0
        self._legal = None

    def write(self, a) -> None:
        """Play `a` and write it where the record holds it."""
        s, names = self.s, self.names
        if self.turns is not None:
            t = type(a)
            if t is Reveal:
                self.setup["nuts"].append(entry(a, names))
            elif t is First:
                self.setup["first"][names[s.actor]] = entry(a, names)
            elif t is Settle:
                self.setup["squirrels"].setdefault(names[a.player], []).append(entry(a, names))
            elif t is Roll:
                if s.turn != self.turn_of or not self.turns:
                    self.turns.append({"rolls": []})
                    self.turn_of = s.turn
                self.turns[-1]["rolls"].append(entry(a, names))
            elif t in (Take, Steal):
                self.turns[-1].setdefault("nuts", []).append(entry(a, names))
            elif t is EndStore:
                self.end.setdefault(names[a.player], []).append(entry(a, names))
        apply(s, a)
        self.actions += type(a) is not Reveal
        self._legal = None

    # ------------------------------------------------------------ whose decision

    def to_move(self) -> int | None:
        s = self.s
        ph = s.phase
        if ph == SETUP_FIRST and self.card is None:
            self.card = self.deck.pop()
        elif ph not in (SETUP_FIRST, OVER) and self.pile is None:
            aside = [self.deck.pop() for _ in range(min(s.p.set_aside, len(self.deck)))]
            self.pile = aside + self.deck          # the draw pile on top of the set-aside cards
        if ph == OVER or (ph == ROLL and self.turns is not None and len(self.turns) >= MAX_TURNS
                          and s.turn != self.turn_of):
            return None
        return to_move(s)

    def list_moves(self) -> list:
        """The rules' legal moves of this decision, with chance as it fell: the dice thrown, the first
        nut dealt, the card the draw pile gives a nut taken (which `play` writes)."""
        s = self.s
        ph, p = s.phase, s.actor
        if ph == SETUP_FIRST:
            return legal_moves(s, self.card)
        if ph in (ROLL, ROLL_OR_STOP):
            if self.thrown is not None:
                return legal_moves(s, self.thrown)
            return [AGAIN] * (may_roll(s) is None) + [STOP] * (why_illegal(s, STOP) is None)
        if ph == TAKE:
            drawn = self.pile[-1] if s.pile and self.pile else None
            return undrawn(s, legal_moves(s, drawn))
        if ph == END_JOKERS:
            joker = s.kept[p][0]
            return [a for a in legal_moves(s) if a.player == p and a.joker == joker]
        return legal_moves(s)

    def play(self, move) -> None:
        s = self.s
        if move == AGAIN:
            if self.rng is not None:       # a scratch copy does not see the dice
                g, a, b = dice.roll(self.rng, 3)
                self.thrown = (g, (min(a, b), max(a, b)))
            self._legal = None
            return
        t = type(move)
        if t is Take and s.pile and self.pile:
            move = Take(move.card, move.place, self.pile.pop(), move.to, move.as_)
        elif t is First:
            self.card = None
        elif t is Roll:
            self.thrown = None
        self.write(move)

    def turn_done(self) -> bool:
        return True

    def copy(self) -> "NutsMatch":
        m = NutsMatch(self.s.copy(), None)
        m.deck, m.pile, m.turns = self.deck[:], None if self.pile is None else self.pile[:], None
        m.card, m.thrown, m.turn_of, m.actions = self.card, self.thrown, self.turn_of, self.actions
        return m

    # ------------------------------------------------------------ the heuristic and the end

    def _points(self, p: int) -> int:
        return sum(c.points if c.full else c.held for c in self.s.cards[p].values())

    def value(self, seat: int) -> float:
        s = self.s
        others = max((self._points(p) for p in range(s.n) if p != seat), default=0)
        needs = s.b.needs
        sets = sum(s.counts[i][seat] / need for i, need in enumerate(needs))
        if s.active == seat and s.phase in (ROLL, ROLL_OR_STOP):
            sets += sum(1 / needs[s.b.start[x]] for x in s.track)
        elif s.phase in (TAKE, STEAL):
            sets += (s.actor == seat) + s.queue.count(seat)
        return self._points(seat) - others + sets

    def expect(self, move, seat: int) -> float | None:
        """Rolling again, rated for a look-ahead without seeing the dice: the average over every
        throw of `value` after its best space (a squirrel more on the track), or after a bad roll
        (the track lost). None for any other move."""
        if move != AGAIN:
            return None
        s = self.s
        base = self.value(seat)
        if seat != s.active:
            return base
        needs, start, track = s.b.needs, s.b.start, s.track
        lost = sum(1 / needs[start[x]] for x in track)
        total = 0.0
        for throw, p in THROWS:
            free = s.free(throw)
            total += p * (base + max(1 / needs[start[x]] for x in free) if free else base - lost)
        return total

    def record(self) -> dict:
        turns = self.turns or []
        if self.s.phase == OVER and turns and "nuts" not in turns[-1]:
            turns[-1]["nuts"] = []         # the last turn stopped and collected nothing
        out = {"game": GAME, "players": list(self.names), "setup": self.setup, "turns": turns}
        if self.end:
            out["end"] = self.end
        return out

    def summary(self) -> Summary:
        scores, best = [], {}
        for p, name in enumerate(self.names):
            ps, best[name] = player_score(name, self.s.cards[p].values())
            scores.append(ps)
        ranked, _ = ranking(scores, best)
        finished = self.s.phase == OVER
        return Summary(finished, tuple(ps.total for ps in scores),
                       tuple(sorted(self.names.index(n) for n in ranked[0])) if finished else ())

    def length(self) -> tuple[int, int]:
        return len(self.turns or []), self.actions


def random_record(kit, rng: random.Random, names=("Anna", "Marlene", "Christine", "Uwe"),
                  again: float = 0.55) -> dict:
    """A whole game by random legal choices; `again` is the chance of rolling again after a squirrel,
    where the player may stop."""
    m = new(kit, names, None, rng)
    while m.to_move() is not None:
        moves = m.legal()
        if AGAIN in moves and len(moves) > 1:
            m.play(AGAIN if rng.random() < again else moves[1])
        else:
            m.play(rng.choice(moves))
    return m.record()
