"""NUTS as a state machine (docs/records/nuts.md, "The move log"): the floor, the players, the
decks and the turn in progress. Actions are values (`Action`), and so is what chance gives as the
record writes it (the setup's cards, a round's start, a run's dice); what they do is effects.py's,
what is wrong with them moves.py's."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from pnpkit.scorer.game import EndTurn

from pnpkit.scorer.games.nuts.factory import Factory
from pnpkit.scorer.games.nuts.floor import Path, arriving, matching_paths


@dataclass(frozen=True)
class Action:
    """One thing a player does: `verb` is pass, plan, feed, refill, build, salt, repo, swap, end (the
    actions end: the run follows), claim or done (the turn ends); `args` as notation.py reads them."""

    verb: str
    args: tuple = ()


@dataclass(frozen=True)
class Setup:
    """Chance at the setup, as the record writes it: the Squirrel's square, each player's Bonus cards."""

    setup: Any          # record.Setup


@dataclass(frozen=True)
class Start:
    """A round's start: the Hunger die and the Order cards flipped to fill the open slots (`open`:
    at the table, the cards are still being written)."""

    hunger: int
    orders: tuple[int, ...]
    open: bool = False


@dataclass(frozen=True)
class Run:
    """The end of a turn's actions and the run: the squirrel's dice (`open`: at the table, more to come)."""

    dice: tuple
    open: bool = False


@dataclass(frozen=True)
class RoundEnd:
    """The record's round ends here: its turns are all written, and another round follows."""


Step = Union[Action, Setup, Start, Run, RoundEnd, EndTurn]
"""What a record's entry holds: an action, what chance gave, a turn's end."""


@dataclass
class Player:
    name: str
    tokens: int = 0
    sheet: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    salt: int = 0
    squirrel: int = 0
    goals: list[str] = field(default_factory=list)
    bonus: list[str] = field(default_factory=list)


@dataclass
class Turn:
    """The turn in progress: what the one-path rule (U12) and the run need to know."""

    acted: int = 0                     # actions taken (a Play has at least one, U18)
    fed: bool = False
    places: list[tuple] = field(default_factory=list)     # per configuring action: a place ref
    salter_from: dict[int, int] = field(default_factory=dict)   # salter index -> its square at the start
    order_at: dict[int, int] = field(default_factory=dict)      # an Order's start slot -> its slot now
    ended: bool = False                # the player said `end`: the run (chance) is due
    waiting: bool = False              # at the table: the run waits for the squirrel's next die
    ran: bool | None = None            # None: the run has not happened; else whether the factory ran
    paths: list[Path] = field(default_factory=list)


@dataclass
class State:
    f: Factory                         # the kit's numbers for this game (shared by every copy)
    players: list[Player]
    dispensers: list[int]
    salters: list[int]
    squirrel: int
    orders: list[int | None]
    tiles: dict[tuple[int, int], str] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)          # tiles left, by kind
    order_deck: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    order_discards: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bonus_deck: set[str] = field(default_factory=set)
    bonus_discards: set[str] = field(default_factory=set)
    claimed: dict[str, str] = field(default_factory=dict)       # goal id -> who holds it
    goals: dict[str, tuple[str, int]] = field(default_factory=dict)   # the kit's goal cards: box, markers (U4)
    round: int = 0                     # 0: before round 1
    hunger: int = 0
    index: int = 0                     # turns played this round
    passes: int = 0                    # consecutive passes
    turn: Turn = field(default_factory=Turn)
    round_over: bool = True
    over: bool = False
    once: set = field(default_factory=set)     # the rules reported this turn that a turn reports once
    judged: tuple = (None, (), None)    # a step of chance, everything wrong with it (moves.why_illegal), and
    #                                     what playing it may reuse (a run's paths, a round's start played)
    skip: int = 0                       # how many of those are reported
    said: list[str] = field(default_factory=list)   # what the last step of chance did, in words
    flipping: bool = False              # at the table: the round's Order cards are being written

    @classmethod
    def setup(cls, names: list[str], squirrel: int, f: Factory) -> "State":
        """The factory before round 1, as the kit sets it up for this many players."""
        return cls(f, [Player(x) for x in names], list(f.dispensers), list(f.salters), squirrel, [None] * f.columns,
                   supply=dict(f.supply), order_deck=[f.orders_per_nut] * 4, bonus_deck=set(f.bonus),
                   goals={g: (box, n) for g, box, n in f.goals})

    @property
    def columns(self) -> int:
        return len(self.dispensers)

    @property
    def first(self) -> int:
        return (self.round - 1) % len(self.players)

    @property
    def active(self) -> int:
        return (self.first + self.index) % len(self.players)

    def me(self) -> Player:
        return self.players[self.active]

    def arriving(self) -> dict[int, set[int]]:
        return arriving(self.tiles, self.dispensers, self.f.rows)

    def paths(self) -> list[Path]:
        return matching_paths(self.tiles, self.dispensers, self.orders, self.f.rows)

    def fillable(self, arr: dict[int, set[int]] | None = None) -> list[int]:
        """The empty slots that can be filled, left to right: a slot all four nuts reach cannot (U16).
        `arr`: the floor's `arriving()`, when the caller has it (filling does not change the belts)."""
        arr = self.arriving() if arr is None else arr
        return [s for s in range(1, self.columns + 1) if self.orders[s - 1] is None and len(arr.get(s, ())) < 4]

    def copy(self) -> "State":
        """A copy to play on (by hand, not deepcopy: the simulator and U12 at the last token copy for
        every candidate; `_clone`, not dataclasses.replace, which ran each copy's __init__)."""
        t = self.turn
        return _clone(self, players=[_clone(p, sheet=list(p.sheet), goals=list(p.goals), bonus=list(p.bonus))
                                     for p in self.players],
                      dispensers=list(self.dispensers), salters=list(self.salters), orders=list(self.orders),
                      tiles=dict(self.tiles), supply=dict(self.supply), claimed=dict(self.claimed),
                      order_deck=list(self.order_deck), order_discards=list(self.order_discards),
                      bonus_deck=set(self.bonus_deck), bonus_discards=set(self.bonus_discards),
                      once=set(self.once), said=list(self.said),
                      turn=_clone(t, places=list(t.places), salter_from=dict(t.salter_from), order_at=dict(t.order_at),
                                  paths=list(t.paths)))

    def floor_copy(self) -> "State":
        """A copy a configuring action (build, salt, repo, swap) may be played on, for U12's look-ahead
        at the last token, one copy a candidate: the floor, the tile supply, the turn and each player's
        tokens are its own; the decks, hands, sheets and the rest are this state's, shared, which no
        configuring action writes (tests/nuts/test_nuts_moves_fast.py holds it to that)."""
        t = self.turn
        return _clone(self, players=[_clone(p) for p in self.players], dispensers=list(self.dispensers),
                      salters=list(self.salters), orders=list(self.orders), tiles=dict(self.tiles),
                      supply=dict(self.supply), turn=_clone(t, places=list(t.places), salter_from=dict(t.salter_from),
                                                            order_at=dict(t.order_at)))


def _clone(o, **fresh):
    """A shallow copy of a dataclass instance with the fields `fresh` given anew."""
    out = object.__new__(o.__class__)
    out.__dict__.update(o.__dict__)
    out.__dict__.update(fresh)
    return out
