"""Chestnuts Roasting on an Open Fire: the position, the moves, and the rules that judge them.

One function, `why_illegal`, holds every rule about a single action; `legal_moves` is the list of
candidates it accepts and `end_of_turn` (forced actions, spend all) searches the same function
from the turn's end position. The replay, the explanation and the random player all go through
these, so a rule is written once.

The position is a flat list of 18 counts (owner x place) plus a few ints, so copying it is cheap.
What an action costs, which Tongs state and rolls it needs, and how often it may be taken come
from the kit's action table (kits/chestnuts.yaml); what it *does* is the code in `apply`.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.scorer.movelog import Illegal
from pnpkit.scorer.rulebook import Rule, ruling, section
from pnpkit.scorer.seats import next_seat

G = "chestnuts"
# Places of a chestnut; its index in State.c is owner * NP + place. A Plate or a Chair is a
# player's; PLATE + p is player p's Plate, CHAIR + p their Chair (ruling C1).
BASKET, FIRE_U, FIRE_C, OVER, BURNT, PLATE, CHAIR = 0, 1, 2, 3, 4, 5, 7
NP = 9

Move = tuple  # (letter, n, m): n the count (1 when the action takes none); m: c -> how many of
# the opponent's chestnuts (-1: own first), i -> 1 to eat one's own back (-1: theirs first),
# k -> free own chestnuts.

R_END = section(G, "GAME END", "The game ends when all of one player's Chestnuts are burnt or have been eaten.")
R_SPEND = section(G, "PLAY 4", "He must spend all his points, if possible")
R_ONCE_AD = section(G, "PLAY 4", "he may perform actions a) and d) below only once per turn")
R_NOTES1 = section(G, "Notes 1", "If you must and/or want to add a Flame to the Fire, this must always be the first "
                   "action of your turn, unless you have the Tongs in your hands. In this case, putting the Tongs "
                   "down must be your first action, and adding the Flames to the Fire your second.")
R_NOTES3 = section(G, "Notes 3", "If you must put an opponents' Chestnut on the Fire, and you don't have your Tongs "
                   "in your hands, you are forced to take your Tongs first.")
R_C5, R_C7, R_C8 = ruling("C5"), ruling("C7"), ruling("C8")
_ROLL_WORDS = {((1, 2), False): "What you may do when you roll a 1 or 2:",
               ((3,), True): "What you must do when you roll a 3:",
               ((3,), False): "What you may do when you roll a 3:",
               ((4, 5, 6), True): "What you must do when you roll a 4, 5 or 6:"}
_FORCED_WORDS = {"j": "What you must do when you roll a 3: With the Tongs in your hands - j) Take up one of your "
                      "opponents' Chestnuts from the Basket and put it on the Fire.",
                 "l": "What you must do when you roll a 4, 5 or 6: With the Tongs put down - l) Increase the Fire "
                      "by adding a Flame to it."}


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
            full = f"{line} {a.cost} Nut Point{'s' if a.cost != 1 else ''}{' each' if a.per_chestnut else ''}"
            rule = _rule_or(f"PLAY 4({a.letter})", full, line)
            rolls = tuple(sorted(a.rolls))
            words = _ROLL_WORDS.get((rolls, a.forced))
            roll_rule = section(G, f"PLAY 4({a.letter})", words) if words else rule
            heading = "With the Tongs in your hand" if a.tongs == "held" else "With the Tongs put down"
            self.spec[a.letter] = Spec(a.letter, 1 << i, a.tongs == "held",
                                       tuple(r in rolls for r in range(7)), rolls, a.cost, a.per_chestnut,
                                       a.max_count or (99 if a.per_chestnut else 1), a.once, a.forced, a.flame,
                                       rule, roll_rule, section(G, f"PLAY 4({a.letter})", heading))
        self.flame_mask = sum(s.bit for s in self.spec.values() if s.flame)
        self.forced_flame = next((s for s in self.spec.values() if s.flame and s.forced), None)
        self.forced_rule = {k: _rule_or(f"PLAY 4({k})", w, self.spec[k].rule.quote) for k, w in _FORCED_WORDS.items()}
        self._open: dict[tuple[int, bool], list[tuple[str, Spec]]] = {}

    def open_on(self, roll: int, held: bool) -> list[tuple[str, Spec]]:
        """The letters allowed on this roll in this Tongs state (`why_illegal` refuses the others first)."""
        key = (roll, held)
        if key not in self._open:
            self._open[key] = [(k, sp) for k, sp in self.spec.items() if sp.on_roll[roll] and sp.held == held]
        return self._open[key]


def _rule_or(sid: str, words: str, fallback: str) -> Rule:
    """The rulebook's words if this edition's table matches them, else the table's own line."""
    try:
        return section(G, sid, words)
    except ValueError:
        return Rule(sid, fallback)


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

    __slots__ = ("t", "c", "flames", "tongs", "turn", "player", "roll", "points", "used", "n", "first", "over")

    def __init__(self, t: Table) -> None:
        self.t = t
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

    def copy(self) -> "State":
        s = State.__new__(State)
        s.t, s.c, s.flames, s.tongs, s.turn, s.player = self.t, self.c[:], self.flames, self.tongs, self.turn, self.player
        s.roll, s.points, s.used, s.n, s.first, s.over = self.roll, self.points, self.used, self.n, self.first, self.over
        return s

    def held(self, p: int) -> bool:
        return bool(self.tongs >> p & 1)

    def ended(self) -> bool:
        """C12: every chestnut of one player is in the Burnt Box or on a Chair."""
        c, total = self.c, self.t.per_player
        return any(c[o + BURNT] + c[o + CHAIR] + c[o + CHAIR + 1] == total for o in (0, NP))

    def start_turn(self, roll: int) -> tuple[int, int, int]:
        """The next player's steps 1-3 (ruling C2), then the roll's Nut Points (C3).

        Returns how many chestnuts steps 1-3 moved. If the steps end the game, no points are given.
        """
        self.turn += 1
        p = self.player = next_seat(self.player, 2)
        c, o = self.c, p * NP
        moved = (c[o + OVER], c[o + FIRE_C], c[o + FIRE_U])
        c[o + BURNT] += c[o + OVER]
        c[o + OVER] = c[o + FIRE_C]
        c[o + FIRE_C] = c[o + FIRE_U]
        c[o + FIRE_U] = 0
        self.roll, self.used, self.n, self.first, self.points = roll, 0, 0, "", 0
        if self.ended():
            self.over = True
        else:
            self.points = self.t.nut_points[roll - 1] - (self.t.first_less if self.turn == 0 else 0)
        return moved

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
            return f"only {c[p * NP + BASKET]} own chestnuts are in the Basket"
        elif letter == "f" and c[p * NP + FIRE_C] < n:
            return f"only {c[p * NP + FIRE_C]} own chestnuts lie cooked on the Fire"
        elif letter == "g" and c[p * NP + OVER] < n:
            return f"only {c[p * NP + OVER]} own chestnuts are in the Overcooked Box"
        elif letter == "h" and c[q * NP + FIRE_C] < 1:
            return "no chestnut of the opponent's lies cooked on the Fire"
        elif letter == "i":
            m = i_default(self) if m < 0 else m
            if c[(p if m else q) * NP + PLATE + q] < 1:
                return "the opponent's Plate holds no " + ("chestnut of yours" if m else "chestnut")
        elif letter in "jk" and c[q * NP + BASKET] < n:
            return f"only {c[q * NP + BASKET]} of the opponent's chestnuts are in their Basket"
        elif letter == "k":
            if m > n:
                return f"k {n} frees at most {n} own chestnuts, not {m}"
            if c[p * NP + BASKET] < m:
                return f"only {c[p * NP + BASKET]} own chestnuts are in the Basket"
        return None


def why_illegal(s: State, mv: Move) -> Illegal | None:
    """Why action `mv` may not be taken now by the player to move (None: it may)."""
    letter, n, m = mv
    t = s.t
    sp = t.spec[letter]
    if s.over:
        return Illegal("the game is over: nothing more may be done", R_END)
    roll = s.roll
    if not sp.on_roll[roll]:
        return Illegal(f"{letter}) is only for a roll of {' or '.join(map(str, sp.rolls))}, not {roll}", sp.roll_rule)
    ff = t.forced_flame
    if sp.flame and ff is not None and sp is not ff and ff.on_roll[roll]:
        return Illegal(f"on a roll of {roll} the Flame is {ff.letter}), so {letter}) is not available", R_C5)
    if sp.once and s.used & sp.bit:
        return Illegal(f"{letter}) was already taken this turn", R_ONCE_AD if letter in "ad" else R_C5)
    if sp.flame and s.used & t.flame_mask:
        return Illegal("a Flame was already added this turn (one Flame a turn)", R_C5)
    held = s.held(s.player)
    if sp.flame:
        if not s.flame_window():
            return Illegal("a Flame must be the turn's first action (second, after d), if the Tongs were held)", R_NOTES1)
        if held:
            return Illegal("the Tongs are in hand: put them down (d) first, then add the Flame", R_NOTES1)
    elif s.flame_pending() and s.flame_window() and not (letter == "d" and s.n == 0 and held):
        first = "put the Tongs down (d), then add the Flame (l)" if held else "add the Flame (l)"
        return Illegal(f"on a roll of {roll} the turn must begin: {first}", R_NOTES1)
    if sp.held != held:
        if letter in "jk" and not held:
            return Illegal(f"{letter}) needs the Tongs in hand: pick them up (a) first", R_NOTES3)
        return Illegal(f"{letter}) needs the Tongs " + ("in hand; they are put down" if sp.held else "put down; they are in hand"),
                       sp.tongs_rule)
    if n > sp.max_count:
        return Illegal(f"{letter}) moves at most {sp.max_count} chestnuts", sp.rule)
    cost = sp.cost * n if sp.per else sp.cost
    if cost > s.points:
        full = t.nut_points[roll - 1]
        first = (f" (the first player's first turn has {t.first_less} less: a roll of {roll} gives {full} - "
                 f"{t.first_less} = {full - t.first_less}, ruling C3)" if s.turn == 0 and t.first_less else "")
        return Illegal(f"costs {cost} Nut Point{'s' if cost != 1 else ''}; {s.points} left{first}", sp.rule)
    if letter == "k" and not s.used & t.spec["j"].bit:
        return Illegal("k) comes after the forced j)", R_C8)
    short = s.shortage(mv)
    if short:
        return Illegal(short, sp.rule)
    if letter != "j" and s.j_pending() and _j_reachable(s.points, held, s.used & t.spec["a"].bit):
        after_held = True if letter == "a" else False if letter == "d" else held
        if not _j_reachable(s.points - cost, after_held, letter == "a" or s.used & t.spec["a"].bit):
            return Illegal("on a roll of 3 j) must be taken; after this it no longer could be "
                           "(it needs the Tongs in hand and 1 Nut Point, picking them up 1 more)", R_C7)
    return None


def _j_reachable(points: int, held: bool, a_used) -> bool:
    """Notes 3: j) needs the Tongs in hand; if they are down, a) (once a turn) picks them up first."""
    return points >= 1 if held else (not a_used and points >= 2)


def apply(s: State, mv: Move) -> None:
    """Play `mv` (the caller has checked it, or knows its counters are there)."""
    letter, n, m = mv
    t = s.t
    sp = t.spec[letter]
    p = s.player
    q = 1 - p
    c = s.c
    po, qo = p * NP, q * NP
    if letter == "a":
        s.tongs |= 1 << p
    elif letter == "d":
        s.tongs &= ~(1 << p)
    elif sp.flame:
        s.flames += 1
        if s.flames >= t.flames:
            overheat(s)
    elif letter == "c":
        m = max(0, n - c[po + PLATE + p]) if m < 0 else m
        c[po + PLATE + p] -= n - m
        c[po + CHAIR + p] += n - m
        c[qo + PLATE + p] -= m
        c[qo + CHAIR + p] += m
    elif letter == "e":
        c[po + BASKET] -= n
        c[po + FIRE_U] += n
    elif letter == "f":
        c[po + FIRE_C] -= n
        c[po + PLATE + p] += n
    elif letter == "g":
        c[po + OVER] -= n
        c[po + PLATE + p] += n
    elif letter == "h":
        c[qo + FIRE_C] -= 1
        c[qo + PLATE + p] += 1
    elif letter == "i":
        o = (p if (i_default(s) if m < 0 else m) else q) * NP
        c[o + PLATE + q] -= 1
        c[o + CHAIR + p] += 1
    elif letter in "jk":
        c[qo + BASKET] -= n
        c[qo + FIRE_U] += n
        if letter == "k" and m:
            c[po + BASKET] -= m
            c[po + FIRE_U] += m
    cost = sp.cost * n if sp.per else sp.cost
    s.points = max(0, s.points - cost)
    s.used |= sp.bit
    if s.n == 0:
        s.first = letter
    s.n += 1
    if letter in "ceghi" or sp.flame:
        s.over = s.ended()


def overheat(s: State) -> None:
    """Ruling C11: both players' chestnuts move one step on at once; the added Flames come off."""
    c = s.c
    for o in (0, NP):
        c[o + BURNT] += c[o + OVER]
        c[o + OVER] = c[o + FIRE_C]
        c[o + FIRE_C] = c[o + FIRE_U]
        c[o + FIRE_U] = 0
    s.flames = 0


# ---------------------------------------------------------------- lists and searches

def candidates(s: State, smallest: bool = False, cut: bool = True) -> list[Move]:
    """Every move that could be legal here (a superset); with `smallest`, one per letter, the
    cheapest, since a larger count is legal only if the smallest is (costs and needs only grow).

    With `cut`, letters `why_illegal` refuses whatever their count are left out first: the wrong
    roll, the Tongs in the other state, taken already (once a turn), or dearer than the points left.
    It changes no list, only its speed (tests/test_chestnuts_props.py compares it with no cut)."""
    out: list[Move] = []
    t = s.t
    c, p = s.c, s.player
    q = 1 - p
    roll, held, used, points = s.roll, s.held(p), s.used, s.points
    for letter, sp in (t.open_on(roll, held) if cut else t.spec.items()):
        if cut and ((sp.once and used & sp.bit) or sp.cost > points):
            continue
        if not sp.per:
            if letter == "i":
                out.append(("i", 1, -1) if smallest else ("i", 1, 0))
                if not smallest:
                    out.append(("i", 1, 1))
            else:
                out.append((letter, 1, 0))
            continue
        if smallest:
            out.append((letter, 1, -1 if letter == "c" else 0))
            continue
        top = min(sp.max_count, s.points // sp.cost if sp.cost else 99)
        if letter == "c":
            own, theirs = c[p * NP + PLATE + p], c[q * NP + PLATE + p]
            for n in range(1, min(top, own + theirs) + 1):
                for m in range(max(0, n - own), min(n, theirs) + 1):
                    out.append(("c", n, m))
        elif letter == "k":
            for n in range(1, min(top, c[q * NP + BASKET]) + 1):
                for m in range(0, min(n, c[p * NP + BASKET]) + 1):
                    out.append(("k", n, m))
        else:
            have = c[p * NP + _TAKES_FROM.get(letter, BASKET)]
            out.extend((letter, n, 0) for n in range(1, min(top, have) + 1))
    return out


_TAKES_FROM = {"e": BASKET, "f": FIRE_C, "g": OVER}


def legal_moves(s: State) -> list[Move]:
    """The moves `why_illegal` accepts, owner choices written out (c's opp M, i's own)."""
    if s.over or s.points <= 0:
        return []
    return [mv for mv in candidates(s) if why_illegal(s, mv) is None]


def affordable(s: State) -> list[Move]:
    """Ruling C4's search: the legal actions the remaining points can still pay for, the smallest
    of each letter (an empty list: the turn may end)."""
    if s.over or s.points <= 0:
        return []
    out: list[Move] = []
    letters: set[str] = set()
    for mv in candidates(s, smallest=True):
        if mv[0] not in letters and why_illegal(s, mv) is None:
            letters.add(mv[0])
            out.append(mv)
    return out


def end_of_turn(s: State) -> list[Illegal]:
    """What is wrong with stopping the turn here: a forced action not taken, points unspent."""
    if s.over:
        return []
    out: list[Illegal] = []
    if s.j_pending():
        out.append(Illegal("on a roll of 3 j) must be taken (the opponent's Basket is not empty)", s.t.forced_rule["j"]))
    if s.flame_pending():
        out.append(Illegal(f"on a roll of {s.roll} a Flame (l) must be added", s.t.forced_rule["l"]))
    if not out:
        moves = affordable(s)
        if moves:
            shown = ", ".join(f'"{mv[0]}"' if mv[0] in "abdhijl" else f'"{mv[0]} 1"' for mv in moves)
            out.append(Illegal(f"{s.points} Nut Point{'s' if s.points != 1 else ''} left unspent, and "
                               f"{shown} could still be taken (ruling C4)", R_SPEND))
    return out
