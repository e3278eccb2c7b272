"""Chestnuts Roasting on an Open Fire: the position and the action value.

The position is a flat list of 18 counts (owner x place) plus a few ints, so copying it is cheap.
What an action costs, which Tongs state and rolls it needs, and how often it may be taken come
from the kit's action table (kits/chestnuts.yaml), read once into a `Table`; what an action *does*
is moves.py's `apply`, and every rule about it moves.py's `why_illegal`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Union

from pnpkit.scorer.core import Rule, agree, plural
from pnpkit.scorer.game import EndTurn
from pnpkit.scorer.games.chestnuts.rules import FORCED_WORDS, ROLL_WORDS, G, rule_or
from pnpkit.scorer.rulebook import section
from pnpkit.scorer.seats import next_seat

# Places of a chestnut; its index in State.c is owner * NP + place. A Plate or a Chair is a
# player's; PLATE + p is player p's Plate, CHAIR + p their Chair (ruling C1).
BASKET, FIRE_U, FIRE_C, OVER, BURNT, PLATE, CHAIR = 0, 1, 2, 3, 4, 5, 7
NP = 9
TAKES_NONE = "abdl"
"""The actions that take no chestnut (the Tongs, the Flames): `State.shortage` never refuses them."""



@dataclass(frozen=True)
class Roll:
    """Chance: the die rolled at the start of a turn (its steps 1-3 come first)."""

    n: int


class Move(NamedTuple):
    """One action of the reference card, a) to l). A named tuple, not a dataclass: it is frozen and
    hashable alike, and the rules unpack it (`letter, n, m = mv`) in their inner loop."""

    letter: str
    n: int          # the count (1 when the action takes none)
    m: int          # c: how many of the opponent's chestnuts (-1: own first); i: 1 to eat one's own
    #                 back (-1: theirs first); k: free own chestnuts; else 0


Step = Union[Move, Roll, EndTurn]
"""What a record's entry holds: an action, the die, a turn's end."""


@dataclass(frozen=True)
class Spec:
    """One row of the action table, with the rules to cite about it."""

    letter: str
    bit: int
    held: bool
    on_roll: tuple  # on_roll[r] for r in 0..6
    rolls: tuple
    cost: int
    per: bool
    max_count: int
    once: bool
    forced: bool
    flame: bool
    rule: Rule          # the action's own line, with its cost
    roll_rule: Rule
    tongs_rule: Rule


class Table:
    """The kit's numbers in the shape the rules code reads fast."""

    def __init__(self, params) -> None:
        self.per_player = params.chestnuts_per_player
        self.start = (params.chestnuts_per_player - params.fire_uncooked - params.fire_cooked,
                      params.fire_uncooked, params.fire_cooked)
        self.flames = params.added_flames
        self.nut_points = tuple(params.nut_points)
        self.first_less = params.first_turn_less
        self.spec: dict[str, Spec] = {}
        for i, a in enumerate(params.actions):
            line = f"{a.letter}) {a.text}"
            full = f"{line} {plural(a.cost, 'Nut Point')}{' each' if a.per_chestnut else ''}"
            rule = rule_or(f"PLAY 4({a.letter})", full, line)
            rolls = tuple(sorted(a.rolls))
            words = ROLL_WORDS.get((rolls, a.forced))
            roll_rule = section(G, f"PLAY 4({a.letter})", words) if words else rule
            heading = "With the Tongs in your hand" if a.tongs == "held" else "With the Tongs put down"
            self.spec[a.letter] = Spec(a.letter, 1 << i, a.tongs == "held",
                                       tuple(r in rolls for r in range(7)), rolls, a.cost, a.per_chestnut,
                                       a.max_count or (99 if a.per_chestnut else 1), a.once, a.forced, a.flame,
                                       rule, roll_rule, section(G, f"PLAY 4({a.letter})", heading))
        self.flame_mask = sum(s.bit for s in self.spec.values() if s.flame)
        self.forced_flame = next((s for s in self.spec.values() if s.flame and s.forced), None)
        self.forced_rule = {k: rule_or(f"PLAY 4({k})", w, self.spec[k].rule.quote) for k, w in FORCED_WORDS.items()}
        self._open: dict[tuple[int, bool], list[tuple[str, Spec]]] = {}

    def open_on(self, roll: int, held: bool) -> list[tuple[str, Spec]]:
        """The letters allowed on this roll in this Tongs state (`why_illegal` refuses the others first)."""
        key = (roll, held)
        if key not in self._open:
            self._open[key] = [(k, sp) for k, sp in self.spec.items() if sp.on_roll[roll] and sp.held == held]
        return self._open[key]


_TABLES: dict[int, tuple] = {}


def table(params) -> Table:
    hit = _TABLES.get(id(params))
    if hit is None or hit[0] is not params:
        hit = _TABLES[id(params)] = (params, Table(params))
    return hit[1]


def c_default(s: "State", n: int) -> int:
    own = s.c[s.player * NP + PLATE + s.player]
    return max(0, n - own)


def i_default(s: "State") -> int:
    q = 1 - s.player
    return 0 if s.c[q * NP + PLATE + q] else 1


# ---------------------------------------------------------------- the position

class State:
    """Where every counter lies, the Flames, the Tongs, and the turn in progress."""

    __slots__ = ("t", "c", "flames", "tongs", "turn", "player", "roll", "points", "used", "n", "first", "over",
                 "names", "open", "played", "reported", "moved", "by_steps")

    def __init__(self, t: Table, names: list[str] | None = None) -> None:
        self.t = t
        self.names = list(names) if names else ["player 1", "player 2"]
        b, u, k = t.start
        self.c = [b, u, k, 0, 0, 0, 0, 0, 0] * 2
        self.flames = 0
        self.tongs = 0          # bit p set: player p holds their Tongs (both start put down)
        self.turn = -1          # index of the turn in progress
        self.player = 1
        self.roll = 0
        self.points = 0
        self.used = 0           # bits of the letters taken this turn
        self.n = 0              # actions taken this turn
        self.first = ""         # the turn's first action's letter
        self.over = False
        self.open = False       # a turn is in progress: rolled, not yet ended
        self.played = 0         # turns begun from this position on (the record's turns)
        self.reported: set[str] = set()     # the rules reported this turn (one mistake, one report)
        self.moved = (0, 0, 0)  # what the last steps 1-3 moved (overcooked, cooked, uncooked)
        self.by_steps = False   # the game ended at a turn's steps 1-3

    def copy(self) -> "State":
        s = State.__new__(State)
        s.t, s.c, s.flames, s.tongs, s.turn, s.player = self.t, self.c[:], self.flames, self.tongs, self.turn, self.player
        s.roll, s.points, s.used, s.n, s.first, s.over = self.roll, self.points, self.used, self.n, self.first, self.over
        s.names, s.open, s.played, s.reported = self.names, self.open, self.played, set(self.reported)
        s.moved, s.by_steps = self.moved, self.by_steps
        return s

    def held(self, p: int) -> bool:
        return bool(self.tongs >> p & 1)

    def ended(self) -> bool:
        """C12: every chestnut of one player is in the Burnt Box or on a Chair. (The two owners
        written out, not any() over a generator: a check asks this after most actions.)"""
        c, total = self.c, self.t.per_player
        return (c[BURNT] + c[CHAIR] + c[CHAIR + 1] == total
                or c[NP + BURNT] + c[NP + CHAIR] + c[NP + CHAIR + 1] == total)

    def start_turn(self, roll: int) -> tuple[int, int, int]:
        """The next player's steps 1-3 (ruling C2), then the roll's Nut Points (C3).

        Returns how many chestnuts steps 1-3 moved. If the steps end the game, no points are given.
        """
        moved = self.steps()
        self.turn += 1
        self.played += 1
        self.roll, self.used, self.n, self.first, self.points = roll, 0, 0, "", 0
        self.open = not self.over
        if self.reported:
            self.reported = set()
        if not self.over:
            self.points = self.t.nut_points[roll - 1] - (self.t.first_less if self.turn == 0 else 0)
        return moved

    def steps(self) -> tuple[int, int, int]:
        """The next player's steps 1-3 (ruling C2), which take no decision: the turn passes to them."""
        p = self.player = next_seat(self.player, 2)
        c, o = self.c, p * NP
        moved = self.moved = (c[o + OVER], c[o + FIRE_C], c[o + FIRE_U])
        c[o + BURNT] += c[o + OVER]
        c[o + OVER] = c[o + FIRE_C]
        c[o + FIRE_C] = c[o + FIRE_U]
        c[o + FIRE_U] = 0
        if self.ended():
            self.over = self.by_steps = True
        return moved

    def steps_end(self) -> bool:
        """Whether the next player's steps 1-3 end the game, whatever the roll (ruling C12)."""
        c, o = self.c, next_seat(self.player, 2) * NP
        return self.ended() or c[o + BURNT] + c[o + OVER] + c[o + CHAIR] + c[o + CHAIR + 1] == self.t.per_player

    def score(self, p: int) -> tuple[int, int]:
        """(chestnuts on p's Chair, p's own chestnuts in the Burnt Box)."""
        return self.c[CHAIR + p] + self.c[NP + CHAIR + p], self.c[p * NP + BURNT]

    def cost(self, mv: Move) -> int:
        sp = self.t.spec[mv[0]]
        return sp.cost * mv[1] if sp.per else sp.cost

    # ------------------------------------------------------------ rules

    def flame_pending(self) -> bool:
        ff = self.t.forced_flame
        return ff is not None and ff.on_roll[self.roll] and not self.used & self.t.flame_mask

    def flame_window(self) -> bool:
        """Notes 1: a Flame may go on as the first action, or second after putting the Tongs down."""
        return self.n == 0 or (self.n == 1 and self.first == "d")

    def j_pending(self) -> bool:
        j = self.t.spec["j"]
        return j.forced and j.on_roll[self.roll] and not self.used & j.bit and self.c[(1 - self.player) * NP + BASKET] > 0

    def shortage(self, mv: Move) -> str | None:
        """Why the counters a move needs are not where it takes them from (None: they are)."""
        letter, n, m = mv
        if letter in TAKES_NONE:
            return None
        p = self.player
        q = 1 - p
        c = self.c
        if letter == "c":
            own, theirs = c[p * NP + PLATE + p], c[q * NP + PLATE + p]
            m = max(0, n - own) if m < 0 else m
            if m > n:
                return f"c {n} cannot eat {m} of the opponent's chestnuts"
            if n - m > own or m > theirs:
                return f"the Plate holds {own} own and {theirs} of the opponent's chestnuts"
        elif letter == "e" and c[p * NP + BASKET] < n:
            return f"only {plural(c[p * NP + BASKET], 'own chestnut', 'are')} in the Basket"
        elif letter == "f" and c[p * NP + FIRE_C] < n:
            return f"only {plural(c[p * NP + FIRE_C], 'own chestnut', 'lie')} cooked on the Fire"
        elif letter == "g" and c[p * NP + OVER] < n:
            return f"only {plural(c[p * NP + OVER], 'own chestnut', 'are')} in the Overcooked Box"
        elif letter == "h" and c[q * NP + FIRE_C] < 1:
            return "no chestnut of the opponent's lies cooked on the Fire"
        elif letter == "i":
            m = i_default(self) if m < 0 else m
            if c[(p if m else q) * NP + PLATE + q] < 1:
                return "the opponent's Plate holds no " + ("chestnut of yours" if m else "chestnut")
        elif letter in "jk" and c[q * NP + BASKET] < n:
            return f"only {c[q * NP + BASKET]} of the opponent's chestnuts {agree(c[q * NP + BASKET], 'are')} in their Basket"
        elif letter == "k":
            if m > n:
                return f"k {n} frees at most {n} own chestnuts, not {m}"
            if c[p * NP + BASKET] < m:
                return f"only {plural(c[p * NP + BASKET], 'own chestnut', 'are')} in the Basket"
        return None


