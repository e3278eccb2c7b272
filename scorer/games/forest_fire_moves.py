"""Forest Fire's position and its rules (rulings F1-F8): what a move may do, and what it does.

`State` answers the usual questions about a move: `why_illegal` (an `Illegal` or None),
`legal_moves` (every candidate move `why_illegal` accepts, so the list and the check cannot
disagree) and `apply`; fire rolls are `why_roll_illegal` and `roll` (F3). The record and its
replay are in forest_fire.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from pnpkit.kitfile.params.forest_fire import Role
from pnpkit.scorer.movelog import Illegal
from pnpkit.scorer.rulebook import Rule, ruling, section

GAME = "forest-fire"


Square = tuple[int, int]
STEPS: dict[str, Square] = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
EIGHT: list[Square] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def _ff(section_id: str, words: str) -> Rule:
    return section(GAME, section_id, words)


R_PLAYERS = _ff("Introduction", "Forest Fire is a simple Pandemic-like (or Pandemic-lite) game for 2-4 kids")
R_SQUARES = _ff("Setup", "Make a 6×6 grid. Number the rows and columns 1-6. These are the Forest Squares.")
R_START = _ff("Setup", "Place a player piece for each kid around the outer edge of the grid, next to any square they choose.")
R_FIREBREAKS = _ff("Difficulty", "For an easier game, roll up to one Firebreak per player.")
R_SETUP_FIRES = _ff("Hotshot", "Add 2 rounds' worth of fires to the board (one roll for each player x2)")
R_OUT = _ff("End of round", "If at the end of a round anyone is still on a square with a Fire, they're out of the game.")
R_MOVE = _ff("Hotshot", "Moving 1 square N, S, E or W. Moving one square off the board, like at the beginning, is allowed.")
R_PILOT_TURNS = _ff("Pilots", "Every other turn, they must leave the board to refill their water tanks.")
R_PILOT_LINE = _ff("Pilots", "they can put out all the fire on any 3 squares in a row (N, S, E, W or diagonally)")
R_ACTIONS = {"hotshot": _ff("Hotshot", "A Hotshot gets 2 moves per round."),
             "smoke-jumper": _ff("Smoke Jumpers", "A Smoke Jumper gets 2 moves per round.")}
R_EXTINGUISH = {
    "hotshot": _ff("Hotshot", "Putting out the Fires (removing all Fire counters) from their own or an adjacent "
                              "square (N, S, E, W or diagonally)"),
    "smoke-jumper": _ff("Smoke Jumpers", "Putting out 1 fire (removing only 1 counter) from their own or an "
                                         "adjacent square (N, S, E, W or diagonally)")}
F1, F3, F4, F5, F6, F7, F8 = (ruling(f"F{i}") for i in (1, 3, 4, 5, 6, 7, 8))


# ---- notation -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """One recorded action: `move N`, `extinguish 2 3`, `jump 2 3`, `refill`, `drop 2 2 2 3 2 4`."""

    kind: Literal["move", "extinguish", "jump", "refill", "drop"]
    text: str
    direction: str = ""
    squares: tuple[Square, ...] = ()

    @property
    def square(self) -> Square:
        return self.squares[0]


NOTATION = "`move N|S|E|W`, `extinguish R C`, `jump R C`, `refill` or `drop R C R C R C`"


def parse_action(text: str) -> Action:
    """The record's words -> an Action. Raises ValueError (an unreadable record) on bad notation."""
    return _parse(" ".join(str(text).split()))


@lru_cache(maxsize=4096)     # a game repeats its few dozen actions; only texts that read are kept
def _parse(t: str) -> Action:
    low = " ".join(t.lower().replace(",", " ").split())  # `extinguish 2, 3` reads as `extinguish 2 3`
    if m := re.fullmatch(r"move ([nsew])", low):
        return Action("move", t, direction=m[1].upper())
    if m := re.fullmatch(r"(extinguish|jump) (-?\d{1,3}) (-?\d{1,3})", low):
        return Action(m[1], t, squares=((int(m[2]), int(m[3])),))  # type: ignore[arg-type]
    if low == "refill":
        return Action("refill", t)
    if m := re.fullmatch(r"drop((?: -?\d{1,3} -?\d{1,3}){1,9})", low):
        nums = [int(n) for n in m[1].split()]
        return Action("drop", t, squares=tuple(zip(nums[::2], nums[1::2])))
    shown = t if len(t) <= 40 else t[:40] + "..."
    raise ValueError(f"cannot read action {shown!r}: expected {NOTATION}")

def sq(s: Square) -> str:
    """A square as the notation writes it: `2 3`."""
    return f"{s[0]} {s[1]}"



@dataclass
class Person:
    name: str
    role: Role
    at: Square | None  # None: a pilot, never on the board
    out_in: int | None = None  # the round they went out in
    full: bool = False  # a pilot's tank: filled by `refill`, emptied by `drop`

    @property
    def out(self) -> bool:
        return self.out_in is not None


@dataclass
class State:
    """The position. Round 0 is the setup; `done` counts the acting player's actions this turn."""

    n: int
    people: list[Person]
    fire: dict[Square, int] = field(default_factory=dict)
    firebreaks: set[Square] = field(default_factory=set)
    round: int = 0
    done: int = 0
    refilled: bool = False
    outcome: Literal["playing", "won", "lost"] = "playing"
    ended_in: int | None = None
    words: bool = True          # `apply` and `roll` say what happened; off where nobody reads it (a plain check)

    # geometry (F1)
    def on_board(self, s: Square) -> bool:
        return 1 <= s[0] <= self.n and 1 <= s[1] <= self.n

    def on_ring(self, s: Square) -> bool:
        edge, inner = (0, self.n + 1), range(1, self.n + 1)
        return (s[0] in edge and s[1] in inner) or (s[1] in edge and s[0] in inner)

    def on_edge(self, s: Square) -> bool:
        return self.on_board(s) and (s[0] in (1, self.n) or s[1] in (1, self.n))

    def burning(self, s: Square) -> bool:
        return self.fire.get(s, 0) > 0

    def squares(self) -> list[Square]:
        return [(d, a) for d in range(1, self.n + 1) for a in range(1, self.n + 1)]

    @property
    def over(self) -> bool:
        return self.outcome != "playing"

    def in_play(self) -> list[Person]:
        return [p for p in self.people if not p.out]

    def refill_turn(self) -> bool:
        """The pilot's turns alternate, refill first (F8): refill on rounds 1, 3, 5, ..."""
        return self.round % 2 == 1

    # one player's turn
    def begin_turn(self) -> None:
        self.done, self.refilled = 0, False

    def why_illegal(self, i: int, a: Action) -> Illegal | None:
        p = self.people[i]
        if self.over:
            return Illegal(f"the game is already {self.outcome} (round {self.ended_in})", F5 if self.outcome == "won" else F4)
        if p.out:
            return Illegal(f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT)
        if p.role.kind == "air":
            return self._why_air(p, a)
        return self._why_ground(p, a)

    def _why_air(self, p: Person, a: Action) -> Illegal | None:
        if self.done >= 1:
            return Illegal(f"{p.name} has already taken this turn's action: a pilot refills or drops, once a turn", F8)
        if a.kind == "refill":
            if not self.refill_turn():
                return Illegal(f"{p.name} refilled last round: this is a drop turn (turns alternate, refill first)", F8)
            return None
        if a.kind == "drop":
            if self.refill_turn():
                return Illegal(f"{p.name} must refill this turn: a pilot drops only on the turn after a refill", R_PILOT_TURNS)
            off = [s for s in a.squares if not self.on_board(s)]
            if off:
                return Illegal(f"{sq(off[0])} is not a forest square (1-{self.n} down and across)", R_SQUARES)
            if len(a.squares) != p.role.line or not in_line(a.squares):
                return Illegal(f"a drop names {p.role.line} squares in a straight line, each next to the one before; "
                               f"got {', '.join(sq(s) for s in a.squares)}", R_PILOT_LINE)
            return None
        return Illegal(f"a pilot does not {a.kind}: each turn is `refill`, then `drop R C R C R C` the next", F8)

    def _why_ground(self, p: Person, a: Action) -> Illegal | None:
        rules = F7 if p.role.jump else F6
        if self.done >= p.role.actions:
            return Illegal(f"{p.name} has already taken {p.role.actions} actions this round",
                           R_ACTIONS.get(p.role.id, rules))
        assert p.at is not None
        if a.kind == "move":
            step = STEPS[a.direction]
            to = (p.at[0] + step[0], p.at[1] + step[1])
            if not (self.on_board(to) or self.on_ring(to)):
                return Illegal(f"move {a.direction} from {sq(p.at)} leads to {sq(to)}, neither a forest square "
                               f"nor a space of the ring around the grid", F1)
            return None
        if a.kind == "extinguish":
            t = a.square
            if not self.on_board(t):
                return Illegal(f"{sq(t)} is not a forest square (1-{self.n} down and across)", R_SQUARES)
            if max(abs(t[0] - p.at[0]), abs(t[1] - p.at[1])) > 1:
                return Illegal(f"{sq(t)} is not {p.name}'s square ({sq(p.at)}) or next to it",
                               R_EXTINGUISH.get(p.role.id, rules))
            if not self.burning(t):
                return Illegal(f"{sq(t)} has no fire to put out", F6)
            return None
        if a.kind == "jump":
            if not p.role.jump:
                return Illegal(f"a {p.role.name} does not jump: their actions are move and extinguish", F6)
            if not (self.on_ring(p.at) or self.on_edge(p.at)):
                return Illegal(f"{p.name} is on {sq(p.at)}, inside the grid: a jump starts from an edge square "
                               f"or off the board", F7)
            if not self.on_board(a.square):
                return Illegal(f"{sq(a.square)} is not a forest square (1-{self.n} down and across)", R_SQUARES)
            return None
        return Illegal(f"only a pilot can {a.kind}; a {p.role.name}'s actions are move and extinguish", rules)

    def why_turn_short(self, i: int) -> Illegal | None:
        """A pilot who must refill and did not (F8); other turns may end at any time."""
        p = self.people[i]
        if p.role.kind == "air" and not self.over and self.refill_turn() and not self.refilled:
            return Illegal(f"{p.name} must refill this round (a pilot's turns alternate, starting with refill)",
                           R_PILOT_TURNS)
        return None

    def candidates(self, i: int) -> list[Action]:
        """Every action player i could take (a superset of the legal ones): a pilot's refill and every
        line of squares; a ground role's moves, extinguishing its own and the 8 neighbouring squares,
        and (a Smoke Jumper) a jump to every square. On a pilot's refill turn the drops are left out
        first (`why_illegal` refuses them all there), which changes no list, only its speed."""
        p = self.people[i]
        if p.role.kind == "air":
            return [REFILL] if self.refill_turn() else [REFILL, *_drops(self.n, p.role.line)]
        if p.at is None:
            return []
        return [*MOVES, *_extinguishes(self.n, p.at), *(_jumps(self.n) if p.role.jump else ())]

    def legal_moves(self, i: int) -> list[Action]:
        """Every action player i may take now: the candidates that `why_illegal` accepts."""
        return [a for a in self.candidates(i) if self.why_illegal(i, a) is None]

    def apply(self, i: int, a: Action) -> str:
        """Play an action `why_illegal` accepted; returns what happened, in words."""
        p = self.people[i]
        self.done += 1
        if a.kind == "move":
            step = STEPS[a.direction]
            assert p.at is not None
            p.at = (p.at[0] + step[0], p.at[1] + step[1])
            what = f"{p.name} moves {a.direction} to {sq(p.at)}" + ("" if self.on_board(p.at) else " (off the board)")
        elif a.kind == "jump":
            p.at = a.square
            what = f"{p.name} jumps to {sq(p.at)}"
        elif a.kind == "extinguish":
            have = self.fire[a.square]
            took = have if p.role.removes is None else min(p.role.removes, have)
            self._remove(a.square, took)
            what = f"{p.name} puts out {took} of {have} counter{'s' * (have != 1)} on {sq(a.square)}"
        elif a.kind == "refill":
            self.refilled = p.full = True
            what = f"{p.name} refills (off the board)"
        else:
            p.full = False
            took = sum(self.fire.get(s, 0) for s in a.squares)
            for s in a.squares:
                self._remove(s, self.fire.get(s, 0))
            what = f"{p.name} drops water on {', '.join(sq(s) for s in a.squares)}: {took} counters removed" \
                if self.words else ""
        if not self.fire and self.outcome == "playing":
            self.outcome, self.ended_in = "won", self.round
            what += ". No Fire counter is left: the players have won (F5)"
        return what

    def _remove(self, s: Square, k: int) -> None:
        left = self.fire.get(s, 0) - k
        if left > 0:
            self.fire[s] = left
        else:
            self.fire.pop(s, None)

    # the end of a round and the fire (F3, F4)
    def end_of_moves(self) -> list[Person]:
        """Players standing on a burning square go out; all players out loses (F4)."""
        gone = [p for p in self.in_play() if p.at is not None and self.burning(p.at)]
        for p in gone:
            p.out_in = self.round
        if not self.in_play() and not self.over:
            self.outcome, self.ended_in = "lost", self.round
        return gone

    def why_roll_illegal(self, s: Square) -> Illegal | None:
        if not self.on_board(s):
            return Illegal(f"[{s[0]}, {s[1]}] is not a roll of the two dice (each 1-{self.n})", R_SQUARES)
        return None

    def roll(self, s: Square) -> str:
        """One fire roll, exactly as F3; returns what happened and why."""
        if s in self.firebreaks:
            return f"fire rolled on {sq(s)}, a Firebreak: nothing happens"
        fire = self.fire   # holds burning squares only: a square put out is removed
        fire[s] = fire.get(s, 0) + 1
        spread = [(nxt, after) for nxt, after in _spreads(self.n, s)
                  if nxt not in fire and nxt not in self.firebreaks and after in fire]
        for nxt, _ in spread:
            fire[nxt] = 1
        if not self.words:
            return ""
        what = f"fire on {sq(s)} ({self.fire[s]} counter{'s' * (self.fire[s] != 1)})"
        if spread:
            what += "; spreads to " + ", ".join(f"{sq(a)} (between {sq(s)} and burning {sq(b)})" for a, b in spread)
        return what

    def blaze(self) -> bool:
        """Every non-Firebreak square burning loses (F4)."""
        if not self.over and len(self.fire) + len(self.firebreaks) >= self.n * self.n and \
                all(self.burning(s) for s in self.squares() if s not in self.firebreaks):
            self.outcome, self.ended_in = "lost", self.round
            return True
        return False


REFILL = Action("refill", "refill")
MOVES = tuple(Action("move", f"move {d}", direction=d) for d in STEPS)


@lru_cache(maxsize=16)
def _board(n: int) -> tuple[Square, ...]:
    return tuple((d, a) for d in range(1, n + 1) for a in range(1, n + 1))


@lru_cache(maxsize=1024)
def _spreads(n: int, s: Square) -> tuple[tuple[Square, Square], ...]:
    """F3's pairs around square s: (the next square, the one after it) in each of 8 directions,
    both on the board."""
    out = []
    for d in EIGHT:
        nxt, after = (s[0] + d[0], s[1] + d[1]), (s[0] + 2 * d[0], s[1] + 2 * d[1])
        if 1 <= after[0] <= n and 1 <= after[1] <= n:
            out.append((nxt, after))
    return tuple(out)


@lru_cache(maxsize=16)
def _drops(n: int, length: int) -> tuple[Action, ...]:
    """Every line of `length` squares on an n x n board, from each square in each of 8 directions."""
    out = []
    for s in _board(n):
        for d in EIGHT:
            line = tuple((s[0] + k * d[0], s[1] + k * d[1]) for k in range(length))
            if all(1 <= x[0] <= n and 1 <= x[1] <= n for x in line):
                out.append(Action("drop", "drop " + " ".join(sq(x) for x in line), squares=line))
    return tuple(out)


@lru_cache(maxsize=1024)
def _extinguishes(n: int, at: Square) -> tuple[Action, ...]:
    return tuple(Action("extinguish", f"extinguish {sq(s)}", squares=(s,)) for s in _board(n)
                 if max(abs(s[0] - at[0]), abs(s[1] - at[1])) <= 1)


@lru_cache(maxsize=16)
def _jumps(n: int) -> tuple[Action, ...]:
    return tuple(Action("jump", f"jump {sq(s)}", squares=(s,)) for s in _board(n))


def in_line(squares: tuple[Square, ...]) -> bool:
    """Squares in a straight line (row, column or diagonal), each next to the one before."""
    if len(squares) < 2:
        return True
    d = (squares[1][0] - squares[0][0], squares[1][1] - squares[0][1])
    if d not in EIGHT:
        return False
    return all((b[0] - a[0], b[1] - a[1]) == d for a, b in zip(squares, squares[1:]))
