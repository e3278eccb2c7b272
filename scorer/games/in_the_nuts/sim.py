"""In the Nuts! played by the simulator (scorer/sim/match.py) and by the random legal player.

The rules' own game (moves.py): the decisions are the rules' `legal_moves` (where a first nut goes,
where a setup squirrel sits, ROLL_AGAIN or END_TURN, which space the thrown dice offer, which face-up
nut to pick and where to store it, what to steal, where a kept joker goes), and chance is the rules'
`chance`, played by `to_move` from the chance rng before each decision: the deck is shuffled and
dealt as the rulebook does (the face-up nuts, each player's first nut, the set-aside cards under the
draw pile), each card coming off it, and the dice are real. Each action is written as a record
writes it (`entry`; a roll with its dice, a nut with the card that replaced it), and the rules play
it (`apply`). `random_record` is the random legal player's whole game (tests, bench): its games
check clean.

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
from pnpkit.scorer.games.in_the_nuts.moves import THROWS, apply, chance, legal_moves, to_move
from pnpkit.scorer.games.in_the_nuts.notation import entry
from pnpkit.scorer.games.in_the_nuts.rules import GAME
from pnpkit.scorer.games.in_the_nuts.state import (DICE, DRAWING, END_JOKERS, OVER, PLACE, ROLL, ROLL_AGAIN,
                                                   ROLL_OR_STOP, SETUP_FACEUP, STEAL, TAKE, Draw, EndStore, First,
                                                   Pick, Reveal, Roll, Settle, State, Steal, Take, Throw)
from pnpkit.scorer.games.in_the_nuts.storage import player_score, ranking
from pnpkit.scorer.sim.match import Moves, Summary

LENGTH = ("turns", "actions")
MAX_TURNS = 1000                 # the most a record holds; a game still going then is counted unfinished
AGAIN = ROLL_AGAIN               # the decision to roll (again): the dice come next
CHANCES = [(Roll(t.green, t.white, None), (1 if t.white[0] == t.white[1] else 2) / dice.SIDES ** 3)
           for t in THROWS]      # every throw, with its chance


def new(kit, names, setup, rng: random.Random) -> "InTheNutsMatch":
    """The deck shuffled; the four face-up nuts come off it as the rules' first chance."""
    m = InTheNutsMatch(State(kit.params, list(names)), rng)
    deck = m.deck = [card for card, k in m.s.deck.have.items() for _ in range(k)]
    rng.shuffle(deck)
    return m


class InTheNutsMatch(Moves):
    def __init__(self, state: State, rng: random.Random | None) -> None:
        self.s, self.rng, self.names = state, rng, state.names
        self.deck: list[str] = []
        self.pile: list[str] | None = None      # the draw pile, then the set-aside cards; drawn from the end
        self.setup: dict = {"nuts": [], "first": {}, "squirrels": {}}
        self.turns: list[dict] | None = []      # None on a scratch copy
        self.end: dict[str, list] = {}
        self.turn_of = 0                         # the rules' turn number of the record's last turn
        self.actions = 0
        self._legal = None

    def write(self, a) -> None:
        """Play `a` (a decision, or chance's outcome) and write the record's entry it completes."""
        s, names = self.s, self.names
        t = type(a)
        if t is Draw and s.phase == DRAWING:
            t, a_entry = Take, s.picked.taken(a.card)
        else:
            a_entry = a
        if self.turns is not None:
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
            elif t is Steal or t is Take or (t is Pick and not s.pile):
                self.turns[-1].setdefault("nuts", []).append(entry(a.taken(None) if t is Pick else a_entry, names))
            elif t is EndStore:
                self.end.setdefault(names[a.player], []).append(entry(a, names))
        apply(s, a)
        self._legal = None

    # ------------------------------------------------------------ whose decision

    def to_move(self) -> int | None:
        """Chance played as it falls (each outcome one of the rules' `chance`), then the seat to decide."""
        s = self.s
        while self.rng is not None and chance(s):
            self.write(self._chance())
        if s.phase not in (SETUP_FACEUP, OVER) and s.turn and self.pile is None:
            aside = [self.deck.pop() for _ in range(min(s.p.set_aside, len(self.deck)))]
            self.pile = aside + self.deck          # the draw pile on top of the set-aside cards
        if s.phase == OVER or (s.phase == ROLL and self.turns is not None
                               and len(self.turns) >= MAX_TURNS and s.turn != self.turn_of):
            return None
        return to_move(s)

    def _chance(self):
        s = self.s
        if s.phase == DICE:
            g, a, b = dice.roll(self.rng, 3)
            return Throw(g, (min(a, b), max(a, b)))
        card = (self.pile if s.phase == DRAWING else self.deck).pop()
        return Reveal(card) if s.phase == SETUP_FACEUP else Draw(card)

    def list_moves(self) -> list:
        """The rules' legal moves of this decision (a kept joker: the first of the player's)."""
        s = self.s
        if s.phase == END_JOKERS:
            joker = s.kept[s.actor][0]
            return [a for a in legal_moves(s) if a.player == s.actor and a.joker == joker]
        return legal_moves(s)

    def play(self, move) -> None:
        """The decision, then the chance it calls for at once (the dice, a nut's new card). A scratch
        copy throws no dice; it draws a nut's new card from its copy of the pile, as the table would."""
        self.actions += move is not AGAIN
        self.write(move)
        s = self.s
        while chance(s) and (self.rng is not None or (s.phase == DRAWING and self.pile)):
            self.write(self._chance())

    def turn_done(self) -> bool:
        return True

    def copy(self) -> "InTheNutsMatch":
        m = InTheNutsMatch(self.s.copy(), None)
        m.deck, m.pile, m.turns = self.deck[:], None if self.pile is None else self.pile[:], None
        m.turn_of, m.actions = self.turn_of, self.actions
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
        for throw, p in CHANCES:
            free = s.free(throw)
            total += p * (base + max(1 / needs[start[x]] for x in free) if free else base - lost)
        return total

    def record(self) -> dict:
        """The record so far. A last turn that stopped (its checks running, or over) and has collected
        nothing yet is written with `nuts: []`, which is how a record says that it stopped."""
        turns, s = self.turns or [], self.s
        if turns and "nuts" not in turns[-1] and ">" in turns[-1]["rolls"][-1] \
                and not (s.turn == self.turn_of and s.phase in (ROLL, ROLL_OR_STOP, DICE, PLACE)):
            turns = turns[:-1] + [{**turns[-1], "nuts": []}]
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
