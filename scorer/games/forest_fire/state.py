"""Forest Fire's position (rulings F1-F8): the board, the players and the fire, and the action values.

A round is every player's turn in seat order, then the end of the moves (whoever stands on fire
goes out) and one fire roll per player still in play (F3, F4); the fire's own rules (`roll`,
`blaze`) are the position's. What a player may do and does is moves.py's. Several players act in a
round, so an action names its seat: `Move(seat, action)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Literal, Union

from pnpkit.kitfile.params.forest_fire import Role
from pnpkit.scorer.game import EndTurn, Illegal
from pnpkit.scorer.games.forest_fire.rules import R_SQUARES

Square = tuple[int, int]
STEPS: dict[str, Square] = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
EIGHT: list[Square] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


# ---- the actions: what one player does, one action at a time (`kind` is the notation's word)

@dataclass(frozen=True)
class Step:
    """One square N, S, E or W (onto the ring, too)."""
    direction: str
    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class Extinguish:
    """Fire put out on the player's own square or one next to it."""
    square: Square
    kind: ClassVar[str] = "extinguish"


@dataclass(frozen=True)
class Jump:
    """A Smoke Jumper's jump from the edge or the ring to any forest square."""
    square: Square
    kind: ClassVar[str] = "jump"


@dataclass(frozen=True)
class Refill:
    """A pilot off the board, filling the tank."""
    kind: ClassVar[str] = "refill"


@dataclass(frozen=True)
class Drop:
    """A pilot's water on a line of squares."""
    squares: tuple[Square, ...]
    kind: ClassVar[str] = "drop"


@dataclass(frozen=True)
class Place:
    """A ground player's start, chosen before the setup's rolls: a space of the ring (the record
    writes it as the player's `start`)."""
    square: Square
    kind: ClassVar[str] = "start"


@dataclass(frozen=True)
class Roll:
    """Chance: one roll of the two dice, a square (a Firebreak's or a fire's, as `State.due` says)."""
    square: Square


Action = Union[Step, Extinguish, Jump, Refill, Drop, Place, EndTurn]


@dataclass(frozen=True)
class Move:
    """One action of the player in seat `seat` (players act in turn within a round)."""
    seat: int
    action: Action


# ---- the record's shape, judged by the rules as the actions are

@dataclass(frozen=True)
class Players:
    """The record's players: how many play."""
    count: int


@dataclass(frozen=True)
class Placed:
    """Every start is chosen: the setup's rolls come next."""


@dataclass(frozen=True)
class Rolls:
    """The record writes `count` rolls of `kind` ("firebreak", "fire") here: the setup's, or a round's
    fires after its moves."""
    kind: str
    count: int
    setup: bool = False     # the setup's rolls (not a round's)


@dataclass(frozen=True)
class Begin:
    """The record begins at the board written under `start:`, round `round` to play."""
    round: int


@dataclass(frozen=True)
class Late:
    """A round, or its fire rolls, written after the game's end."""


@dataclass(frozen=True)
class Gone:
    """Actions written for the player in `seat`, who is out: one step, none of them played."""
    seat: int


PLACED, LATE = Placed(), Late()
Play = Union[Move, Roll, Players, Placed, Rolls, Begin, Late, Gone]
"""What a record's entry holds: a player's action (or the end of their turn), a roll, a fact of the
record's shape."""


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
    acting: int | None = None   # the seat whose turn it is in the round
    due: list[str] = field(default_factory=list)
    # the rolls chance gives next, in order ("firebreak", "fire"): the setup's, or a round's fires
    refused: bool = False       # an action of this turn was refused (its end is then not judged again)
    seats: tuple[int, int, str] = (1, 9, "")    # the players the game is for (the kit's least, most, in words)
    setup_rounds: int = 2       # the rounds' worth of fires the setup rolls (the kit's)
    firebreak_counters: int = 0     # the kit's Firebreak counters

    def copy(self) -> "State":
        """A copy to try things on (the roles are shared, never changed)."""
        people = [Person(p.name, p.role, p.at, p.out_in, p.full) for p in self.people]
        return State(self.n, people, dict(self.fire), set(self.firebreaks), self.round, self.done, self.refilled,
                     self.outcome, self.ended_in, self.acting, list(self.due), self.refused, self.seats,
                     self.setup_rounds, self.firebreak_counters)

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
        return [p for p in self.people if p.out_in is None]

    def refill_turn(self) -> bool:
        """The pilot's turns alternate, refill first (F8): refill on rounds 1, 3, 5, ..."""
        return self.round % 2 == 1

    # one player's turn
    def begin_turn(self, seat: int) -> None:
        self.acting, self.done, self.refilled, self.refused = seat, 0, False, False

    def remove(self, s: Square, k: int) -> None:
        left = self.fire.get(s, 0) - k
        if left > 0:
            self.fire[s] = left
        else:
            self.fire.pop(s, None)

    # the end of a round and the fire (F3, F4)
    def end_of_moves(self) -> int:
        """Players standing on a burning square go out; all players out loses (F4). Returns how many
        players are still in play. (One pass: asked at the end of every round.)"""
        fire, live = self.fire, 0         # `fire` holds burning squares only
        for p in self.people:
            if p.out_in is None:
                if p.at in fire:
                    p.out_in = self.round
                else:
                    live += 1
        if not live and self.outcome == "playing":
            self.outcome, self.ended_in = "lost", self.round
        return live

    def on_fire(self) -> list[Person]:
        """The players in play standing on a burning square (out at the end of the moves)."""
        return [p for p in self.people if p.at is not None and not p.out and self.burning(p.at)]

    def moves_over_acts(self) -> bool:
        """Whether the end of the moves changes anything now: someone goes out, or no one is left."""
        if self.over:
            return False
        fire, live = self.fire, False       # (one pass: asked once a round)
        for p in self.people:
            if p.out_in is None:
                if p.at in fire:            # `fire` holds burning squares only
                    return True
                live = True
        return not live

    def why_roll_illegal(self, s: Square) -> Illegal | None:
        if not self.on_board(s):
            return Illegal(f"[{s[0]}, {s[1]}] is not a roll of the two dice (each 1-{self.n})", R_SQUARES)
        return None

    def roll(self, s: Square) -> list[tuple[Square, Square]]:
        """One fire roll, exactly as F3: a counter on `s` (nothing on a Firebreak), and the fire
        spreads to each empty square between it and a burning one; returns those spreads (the square,
        the burning one beyond it)."""
        if s in self.firebreaks:
            return []
        fire = self.fire   # holds burning squares only: a square put out is removed
        fire[s] = fire.get(s, 0) + 1
        spread = [(nxt, after) for nxt, after in _spreads(self.n, s)
                  if nxt not in fire and nxt not in self.firebreaks and after in fire]
        for nxt, _ in spread:
            fire[nxt] = 1
        return spread

    def blaze(self) -> bool:
        """Every non-Firebreak square burning loses (F4)."""
        if self.ablaze():
            self.outcome, self.ended_in = "lost", self.round
            return True
        return False

    def ablaze(self) -> bool:
        """Whether every non-Firebreak square burns while the game goes on (what `blaze` ends)."""
        return not self.over and len(self.fire) + len(self.firebreaks) >= self.n * self.n and \
            all(self.burning(s) for s in self.squares() if s not in self.firebreaks)


@lru_cache(maxsize=16)
def board(n: int) -> tuple[Square, ...]:
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
