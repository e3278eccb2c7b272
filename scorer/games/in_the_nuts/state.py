"""In the Nuts!: the position and the actions a record writes.

An action is one entry of a record, a small frozen value: a setup card turned face up (`Reveal`), a
player's first nut (`First`), a setup squirrel (`Settle`), a roll with the space its squirrel went to
(`Roll`), the end of a successful turn (`Stop`, which the record implies), a nut taken in a
collection with the card that replaced it and where it was stored (`Take`), a theft on a raccoon
field (`Steal`), and a kept joker stored at the end (`EndStore`). `State.phase` says what kind of
action comes next and `State.actor` whose it is; `expected` says it in words (the violation of an
action that is something else) and `fits` whether an action is of the kind that comes next.

The record writes chance inside its entries (a roll's dice with the space, a nut taken with the card
that replaces it, a first nut with where it went); the rules (moves.py, the `Rules` protocol of
scorer/game.py) play it apart, as OpenSpiel's chance nodes: `Throw` (the three dice), `Draw` (a card
dealt as a first nut, or drawn to replace a nut taken) and `Reveal` (a setup card turned face up)
are chance outcomes; `ROLL_AGAIN` (the decision to roll), `Roll` (the space the thrown dice offer),
`Pick` (a nut taken, its new card to come) and `END_TURN` (stopping: the record's `stop`) are
decisions. The phases DICE, PLACE and DRAWING and `State.dealt` (a first nut dealt) say where in such a step
the rules are; `thrown` and `picked` hold its dice, its nut.
The rules live in moves.py (what a player may do) and auto.py (what the rules do by themselves); the
storage cards in storage.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer.games.in_the_nuts.storage import Card, joker_name, new_cards
from pnpkit.scorer.game import END_TURN, EndTurn, Illegal
from pnpkit.scorer.supply import Supply

SETUP_FACEUP, SETUP_FIRST, SETUP_SQUIRRELS, ROLL, ROLL_OR_STOP, TAKE, STEAL, END_JOKERS, OVER = range(9)
DICE, PLACE, DRAWING = range(9, 12)
"""The rules' own steps inside a record's entry (never a replay's): the dice due after ROLL_AGAIN,
the space the thrown dice offer to choose, the card that replaces the nut picked due."""
CHECKS, LAST, DONE = range(3)   # the collection's stage: the turn's checks, the last picks, after them


@dataclass(frozen=True, slots=True)
class Reveal:
    card: str                   # `walnut`, a joker `walnut/acorn`


@dataclass(frozen=True, slots=True)
class First:
    card: str
    to: str | None = None       # a storage card's name, KEEP (a joker), None: no card can take it
    as_: str | None = None      # the kind a joker counts as, where its card does not say


@dataclass(frozen=True, slots=True)
class Settle:
    player: int
    section: str                # `2-4`


@dataclass(frozen=True, slots=True)
class Roll:
    green: int
    white: tuple[int, int]
    space: int | None           # None: no squirrel placed (a bad roll)
    sums: tuple[int, ...] = field(init=False, compare=False, repr=False)   # the spaces it offers

    def __post_init__(self) -> None:
        a, b = self.green + self.white[0], self.green + self.white[1]
        object.__setattr__(self, "sums", (a,) if a == b else (min(a, b), max(a, b)))


Stop = EndTurn
STOP = END_TURN
"""Stopping (ending a turn successfully) is the rules' END_TURN: the record writes it `stop` (by the
turn's `nuts:` that follow), the rules `END_TURN_TEXT`."""


@dataclass(frozen=True, slots=True)
class RollAgain:
    """The decision to roll (the turn's first roll, or again): the dice, chance, answer it."""


ROLL_AGAIN = RollAgain()
ROLL_AGAIN_TEXT = "roll"


@dataclass(frozen=True, slots=True)
class Throw:
    """Chance: the three dice thrown (white dice unordered), their space still to choose."""

    green: int
    white: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: a card off the deck, dealt as a first nut or drawn to replace a nut taken."""

    card: str


@dataclass(frozen=True, slots=True)
class Pick:
    """A nut taken in a collection as the player chooses it: the card that replaces it is chance
    (`Draw`), which the record writes with it as `new:`. `place` only where two such cards lie (N9)."""

    card: str
    place: str | None
    to: str | None = None
    as_: str | None = None

    def taken(self, new: str | None) -> "Take":
        return Take(self.card, self.place, new, self.to, self.as_)


@dataclass(frozen=True, slots=True)
class Take:
    card: str
    place: str | None           # where it lay (`8-9`), needed only where two such cards lie
    new: str | None             # the card that replaced it; None when none was left
    to: str | None = None
    as_: str | None = None
    by: int | None = None       # the seat the record names as taking it (None: the rules' taker)


@dataclass(frozen=True, slots=True)
class Steal:
    victim: int
    card: str                   # the victim's storage card
    to: str | None = None
    as_: str | None = None
    by: int | None = None       # the seat the record names as stealing (None: the rules' taker)


@dataclass(frozen=True, slots=True)
class EndStore:
    player: int
    joker: str
    to: str | None = None
    as_: str | None = None


Action = Reveal | First | Settle | Roll | Stop | Take | Steal | EndStore | RollAgain | Pick | Throw | Draw


@dataclass(frozen=True, slots=True)
class AnyRoll:
    """At the table, `roll > 8`: a roll the dice have not decided yet, its squirrel on `space`
    (`roll`: any space)."""

    space: int | None


@dataclass(frozen=True, slots=True)
class Shape:
    """A fact of the record's shape, judged by the rules as an action is (checks.py): how many players
    and face-up nuts it writes, a first nut left out, a player's setup squirrels, a turn begun or
    ended, what it writes after a bad roll or after the collections. `kind` says which."""

    kind: str
    who: int = -1           # the player it is about (a seat)
    count: int = 0          # what the record writes of it
    name: str = ""


def taker(s: "State", a: "Take | Steal") -> int:
    """Who takes the nut `a`: the player the record names, else the one whose pick it is by the rules."""
    return s.actor if a.by is None else a.by


def or_join(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


class State:
    """The whole position: squirrels, the face-up nuts, the deck, the storage cards, David, and
    where the turn and its collection stand."""

    __slots__ = ("p", "b", "names", "n", "phase", "actor", "active", "turn", "supply", "track", "counts",
                 "faceup", "deck", "pile", "aside", "ending", "cards", "kept", "david", "stage", "sec",
                 "next_sec", "queue", "again", "fresh", "settle_left", "steal_due", "narrate", "events",
                 "thrown", "dealt", "picked", "seats", "once", "diverged")

    def __init__(self, params, names) -> None:
        self.p, self.b = params, params.board
        self.names = list(names)
        n = self.n = len(self.names)
        self.phase, self.actor, self.active, self.turn = SETUP_FACEUP, 0, 0, 0
        self.supply = [params.squirrels] * n
        self.track: list[int] = []              # the active player's squirrels on the starting track
        self.counts = [[0] * n for _ in self.b.sections]
        self.faceup: list[str | None] = [None] * len(self.b.places)
        have = {k: params.supply_for(n) for k in params.kinds}
        for j in params.jokers:
            have[joker_name(*j.shows, params.kinds)] = j.count
        self.deck: Supply[str] = Supply(have)
        self.aside = params.set_aside
        self.pile = max(0, sum(have.values()) - len(self.faceup) - n - self.aside)
        self.ending = False
        self.cards: list[dict[str, Card]] = [new_cards(params.cards) for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.david: int | None = None
        self.stage, self.sec, self.next_sec, self.queue = CHECKS, -1, 0, []
        self.again, self.fresh = False, True       # a player's second set in a section; a section just begun
        self.settle_left, self.steal_due = 0, False
        self.narrate, self.events = False, []
        # the rules' steps inside a record's entry: the dice thrown (PLACE), the first nut dealt, the
        # nut picked (DRAWING)
        self.thrown: tuple[int, tuple[int, int]] = (0, (0, 0))
        self.dealt: str | None = None
        self.picked: Pick | None = None
        self.seats = (2, 4, "2-4")             # the players the game is for (the kit's least, most, in words)
        self.once: set[str] = set()            # the rules reported this turn that a turn reports once
        self.diverged = False                  # the record no longer follows the game (its turns are not played)

    def copy(self) -> "State":
        s = State.__new__(State)
        for k in State.__slots__:
            setattr(s, k, getattr(self, k))
        s.supply, s.track, s.faceup, s.queue = self.supply[:], self.track[:], self.faceup[:], self.queue[:]
        s.counts = [c[:] for c in self.counts]
        s.deck = self.deck.copy()
        s.cards = [{k: c.copy() for k, c in cs.items()} for cs in self.cards]
        s.kept = [k[:] for k in self.kept]
        s.events, s.once = [], set(self.once)
        return s

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def say(self, text: str) -> None:
        self.events.append(text)

    # ------------------------------------------------------------ what the rules allow

    def section(self):
        return self.b.sections[self.sec]

    # One squirrel a space on the starting track: the rule is these two methods, which every check,
    # every move played, the table and the simulator ask.
    def taken(self, space: int) -> bool:
        """Whether a squirrel lies on `space` of the starting track."""
        return space in self.track

    def free(self, roll: Roll) -> list[int]:
        """The spaces a roll offers (green plus either white die) that no squirrel holds yet."""
        track = self.track
        return [x for x in roll.sums if x not in track]

    def places(self) -> list[int]:
        """The face-up nuts the collection in progress may take (N9: an empty place gives nothing)."""
        return [i for i in self.section().places if self.faceup[i] is not None]

    def victims(self) -> list[tuple[int, Card]]:
        """What the raccoon may steal: a real nut on another player's card that is not full, never
        from the player David guards (N10)."""
        return [(v, c) for v in range(self.n) if v != self.actor and v != self.david
                for c in self.cards[v].values() if not c.full and c.nuts]

    def collect_rule(self):
        sec = self.section()
        if self.stage == LAST:
            return R.LAST_PICKS
        if sec.raccoon:
            return R.RACCOON
        if sec.row == 0:
            return R.DOUBLE_NUT if self.again else R.ROW_2
        return R.ROW_4 if sec.above is None else R.ROW_3


# ---------------------------------------------------------------- what comes next

def expected(s: State) -> Illegal:
    """What comes next, as the violation of an action that is something else."""
    who = s.names[s.actor]
    ph = s.phase
    if ph == SETUP_FACEUP:
        return Illegal(f"the setup first turns {len(s.faceup)} nuts face up", R.FACE_UP)
    if ph == SETUP_FIRST:
        return Illegal(f"{who} draws a first nut and stores it", R.FIRST_NUT)
    if ph == SETUP_SQUIRRELS:
        return Illegal(f"{who} puts {s.settle_left} more squirrel{'s' * (s.settle_left != 1)} in the "
                       f"{s.b.sections[0].need}-squirrel area first", R.SETUP_SQUIRRELS)
    if ph == ROLL:
        return Illegal(f"{who}'s turn begins with a roll", R.ROLL)
    if ph == DICE or ph == PLACE:
        return Illegal(f"{who}'s dice fall first" if ph == DICE else f"{who} puts the squirrel on a space the dice "
                       "offer first", R.ROLL)
    if ph == DRAWING:
        return Illegal(f"the draw pile replaces the {s.picked.card if s.picked else 'nut'} taken first", R.REPLACED)
    if ph == ROLL_OR_STOP:
        return Illegal(f"{who} rolls again or stops", R.AGAIN)
    if ph == TAKE:
        return Illegal(f"{who} collects at {s.section().name} and takes a nut first", s.collect_rule())
    if ph == STEAL:
        return Illegal(f"{who} steals a nut first (raccoon field): `steal:` comes before this; {R.MUST_STEAL}",
                       R.N10_MUST)
    if ph == END_JOKERS:
        left = ", ".join(f"{s.names[p]} {', '.join(k)}" for p, k in enumerate(s.kept) if k)
        return Illegal(f"the kept jokers are stored now ({left})", R.STORED_AWAY)
    return Illegal("the game is over: nothing more is played", R.STORED_AWAY)


_FITS = {Reveal: (SETUP_FACEUP,), First: (SETUP_FIRST,), Settle: (SETUP_SQUIRRELS,), Roll: (ROLL, ROLL_OR_STOP),
         Stop: (ROLL_OR_STOP,), Take: (TAKE,), Steal: (STEAL,), EndStore: (END_JOKERS,),
         RollAgain: (ROLL, ROLL_OR_STOP), Pick: (TAKE,), Throw: (DICE,), Draw: (SETUP_FIRST, DRAWING),
         AnyRoll: (ROLL, ROLL_OR_STOP)}


def fits(s: State, a: Action) -> bool:
    """Whether `a` is the kind of action that comes next (legal or not); one that is not is not played."""
    if type(a) is Shape or type(a) is EndTurn:
        return True
    return s.phase in _FITS[type(a)] and (type(a) is not Settle or a.player == s.actor)


Step = Action | AnyRoll | Shape
"""What a record's entry (or `pnpkit moves --try`) holds: an action, a roll the dice have not decided,
a fact of the record's shape."""
