"""Fair Verona's position and its action values.

A turn is the rulebook's three phases, each an action of the log's notation (notation.py): the tile
(`Draw`/`Take`, then `Place`, with the `Friend` card it makes or the `Encounter` it deals), the one
attempt at an Encounter (`Clear`), the movement (`Move`), and the hand-offs (`Give`); a `Clue` draw
comes whenever a Clue Token is back with Verona. What chance gives is an action too (the tile of a
`draw`, `DRAW` being the decision; the Friend turned up, `UNSEEN` before it is; a card drawn; the
Friend's card going `FACE_DOWN`). What each action may do and does is moves.py's.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import ClassVar, Union

from pnpkit.kitfile.params.fair_verona import Params
from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.games.fair_verona.encounter import resolve
from pnpkit.scorer.game import EndTurn
from pnpkit.scorer.games.fair_verona.deck import Deck, Desk
from pnpkit.scorer.games.fair_verona.map import XY, Spot, TileMap

VERONA = (0, 0)


# ---- the actions: one small value per entry of a turn; `key` is the turn's key, `phase` its phase

@dataclass(frozen=True)
class Draw:
    """The face-down tile drawn: its code on the tile key (None: the decision to draw, unseen)."""
    code: str | None
    key: ClassVar[str] = "draw"
    phase: ClassVar[int] = 0


@dataclass(frozen=True)
class Take:
    """Instead of drawing: one of the player's own face-up tiles."""
    code: str
    key: ClassVar[str] = "take"
    phase: ClassVar[int] = 0


@dataclass(frozen=True)
class Place:
    """Where the tile in hand went, turned `quarters` quarter turns clockwise; `xy` None: aside."""
    xy: XY | None
    quarters: int = 0
    key: ClassVar[str] = "place"
    phase: ClassVar[int] = 1


@dataclass(frozen=True)
class Friend:
    """A card shown while drawing the Friend a placement made (only a Joker is ever shown)."""
    card: Card
    key: ClassVar[str] = "friend"
    phase: ClassVar[int] = 2


@dataclass(frozen=True)
class Encounter:
    """The card drawn for the next player's Encounter after a tile went aside."""
    card: Card
    key: ClassVar[str] = "encounter"
    phase: ClassVar[int] = 2


@dataclass(frozen=True)
class Clear:
    """The one attempt at an Encounter: its card, the helpers on the tile, the Friend played.
    `aside`: helpers the record names who could not help, left out as the table played it (not
    counted; effects.as_played)."""
    card: Card
    helpers: tuple[str, ...] = ()
    friend: Card | None = None
    aside: tuple[str, ...] = field(default=(), compare=False)
    key: ClassVar[str] = "clear"
    phase: ClassVar[int] = 3


@dataclass(frozen=True)
class Move:
    """The movement: the way (the kit's code), the tile reached, its bank where the river divides it."""
    way: str
    xy: XY
    bank: str | None = None
    key: ClassVar[str] = "move"
    phase: ClassVar[int] = 4


@dataclass(frozen=True)
class Give:
    """A Clue Token handed over on a shared tile."""
    giver: str
    to: str
    key: ClassVar[str] = "give"
    phase: ClassVar[int] = 5


@dataclass(frozen=True)
class Clue:
    """The new Clue Card drawn when a Clue Token came back to Verona (a Joker first, if one came)."""
    card: Card
    key: ClassVar[str] = "clue"
    phase: ClassVar[int] = 6


@dataclass(frozen=True)
class FaceDown:
    """Chance's other outcome while a Friend is drawn: the card drawn is a person, and it lies face
    down under the Identity (the record writes nothing of it; it writes only a Joker shown first)."""
    key: ClassVar[str] = "friend"
    phase: ClassVar[int] = 2


DRAW = Draw(None)       # the decision to draw a face-down tile; which one comes is chance's (`Draw(code)`)
UNSEEN = Card("?", None)
"""The Friend card a player chooses to turn up, before it is seen: `Clear(card, helpers, UNSEEN)` is
the decision, `Clear(card, helpers, 5H)` what chance turns up (and how the record writes both)."""
FACE_DOWN = FaceDown()

Action = Union[Draw, Take, Place, Friend, Encounter, Clear, Move, Give, Clue, FaceDown]
KINDS: tuple[type, ...] = (Draw, Take, Place, Friend, Encounter, Clear, Move, Give, Clue)


# ---- the setup's steps and the record's shape: judged by the rules as the actions are

@dataclass(frozen=True)
class Players:
    """The record's players: how many play."""
    count: int


@dataclass(frozen=True)
class Identity:
    """A player's Identity card, dealt face up at the setup."""
    name: str
    card: Card


@dataclass(frozen=True)
class ClueCard:
    """The setup's first Clue Card (`last`), or a Joker that turned up before it (V9)."""
    card: Card
    last: bool


@dataclass(frozen=True)
class Deal:
    """The setup's Friends dealt face down (the difficulty's): the game begins."""


@dataclass(frozen=True)
class Begin:
    """The record begins at the table written under `start:`."""


@dataclass(frozen=True)
class FirstTurn:
    """The record's first turn begins (turn 1, or the turn a `start:` is at)."""


@dataclass(frozen=True)
class AfterEnd:
    """A turn the record writes after the game ended."""


SETUP_STEPS: tuple[type, ...] = (Players, Identity, ClueCard, Deal, Begin, FirstTurn)
AFTER_END, DEAL, BEGIN, FIRST_TURN = AfterEnd(), Deal(), Begin(), FirstTurn()
Step = Union[Action, EndTurn, Players, Identity, ClueCard, Deal, Begin, FirstTurn, AfterEnd]
"""What a record's entry holds: an action (a decision, or what chance gave), a turn's end, a step of
the setup, a turn written after the game ended."""


@dataclass
class Held:
    card: Card
    token: bool = False          # the Clue Token lies on it


@dataclass
class Person:
    name: str
    identity: Card
    spot: Spot = (0, 0, 0)
    encounters: list[Held] = field(default_factory=list)
    friends: int = 0             # Friend cards face down under the Identity
    face_up: list[str] = field(default_factory=list)
    token: bool = False
    had: int = 0                 # Friend cards ever under the Identity, dealt or made (so "none left" is true)

    @property
    def xy(self) -> tuple[int, int]:
        return self.spot[0], self.spot[1]


def person_copy(p: Person) -> Person:
    return Person(p.name, p.identity, p.spot, [Held(h.card, h.token) for h in p.encounters], p.friends,
                  list(p.face_up), p.token, p.had)


class State:
    """The position: the map, the people, the deck and Verona's desk, the stacks of tiles, and the
    turn in progress (its phase, the tile in hand, what is due)."""

    def __init__(self, params: Params, people: list[Person], clue_tokens: int) -> None:
        self.params = params
        self.map = TileMap(params.tiles)
        self.map.place(params.old_town, 0, VERONA, 0)
        self.people = people
        self.deck = Deck(params.jokers)
        for p in people:
            if not p.identity.joker:
                self.deck.out.add(p.identity)
        self.desk = Desk(clue_tokens)
        sets = [params.first] + [s.id for s in params.tiles.sets if s.id != params.first]
        self.set_of = {t.code: t.set for t in params.tiles.kinds}
        self.stacks: dict[str, dict[str, int]] = {s: {t.code: t.count for t in params.tiles.kinds if t.set == s}
                                                  for s in sets}
        self.stacks[self.set_of[params.old_town]][params.old_town] -= 1     # on the table from the start
        self.last_outcome = None       # the last attempt's arithmetic (encounter.py: Outcome)
        self.outcome, self.ended, self.why_ended = "playing", 0, ""
        self.turn_no, self.seat = 0, 0
        self.dealt: int | None = None  # Friend cards dealt to each player at the start (the difficulty's)
        self.level = None              # the difficulty played (the kit's: its Clue Tokens and Friends dealt)
        self.seats = (1, len(people), "")   # the players the game is for (the kit's least, most, in words)
        self.said = ""                 # what the last step played did, in words
        self.face_down_last = False    # the last step played was a Friend's card going face down
        self.log: list[dict] = []      # each attempt at an Encounter: its arithmetic, and the Clue Token's prize
        self.reset()

    def copy(self) -> "State":
        """A copy to try things on (the params and the tile data are shared, never changed)."""
        out = copy.copy(self)
        out.map = self.map.copy()
        out.people = [person_copy(p) for p in self.people]
        out.deck = self.deck.copy()
        out.desk = self.desk.copy()
        out.stacks = {k: dict(v) for k, v in self.stacks.items()}
        out.log = list(self.log)
        return out

    # ------------------------------------------------------------ the setup's cards

    def deal_friends(self, n: int) -> None:
        self.dealt = n
        for p in self.people:
            for _ in range(n):
                if self.deck.draw_hidden():
                    p.friends += 1
                    p.had += 1

    # ------------------------------------------------------------ a turn

    def reset(self) -> None:
        self.stage = 0                       # the phase the next action may come from (an action's `phase`)
        self.hand: str | None = None         # the tile drawn or taken, not yet placed
        self.took = False
        self.drawing = False                 # a face-down tile is drawn: chance says which (`Draw(code)`)
        self.friend_due = False              # the placement made a Friend: a Joker may turn up drawing it
        self.pending: Clear | None = None    # an attempt with a Friend: chance turns the Friend card up
        self.deal_to: int | None = None      # a tile set aside: the next player's Encounter is drawn
        self.clue_due = False                # a Clue Token came back: the next Clue Card is drawn
        self.attempted = False

    def begin_turn(self, seat: int) -> None:
        self.turn_no += 1
        self.seat = seat
        self.reset()

    def first_turn(self) -> None:
        """The record's first turn begins: turn 1 after the setup, or the turn a `start:` is at;
        whose it is follows from the seats, as every turn's does."""
        self.begin_turn(self.turn_no % len(self.people))

    @property
    def player(self) -> Person:
        return self.people[self.seat]

    @property
    def over(self) -> bool:
        return self.outcome != "playing"

    def stack(self) -> dict[str, int] | None:
        """The face-down tiles drawn from now: the River's while any is left (V11)."""
        return next((s for s in self.stacks.values() if sum(s.values())), None)

    def face_down(self) -> int:
        return sum(sum(s.values()) for s in self.stacks.values())

    def fits(self, code: str) -> list[tuple[tuple[int, int], int]]:
        return self.map.fits_around(self.params.tiles.types[code], self.player.xy)

    def playable_face_up(self) -> list[str]:
        return sorted({c for c in self.player.face_up if self.fits(c)})

    def can_attempt(self) -> bool:
        return self.stack() is not None or bool(self.playable_face_up())

    # ------------------------------------------------------------ the end of a turn

    def mired(self, p: Person) -> bool:
        """V19: an Encounter that the player and everyone on their tile cannot beat, and no Friend."""
        if not p.encounters or p.friends:
            return False
        others = [(q.identity, q.xy) for q in self.people if q is not p and q.xy == p.xy]
        return any(not resolve(p.identity, p.xy, h.card, others, None, self.params).cleared for h in p.encounters)

    def person(self, name: str) -> Person:
        return next(p for p in self.people if p.name == name)
