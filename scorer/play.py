"""At the table: what a move-log game offers `pnpkit moves` and `pnpkit replay`, whatever the game.

A move-log game's descriptor (scorer/game.py, `Game`) names, besides its record and `score`:

    table(record, kit) -> Table
        The position where the record stops, as a `Table`: whose turn it is, every action that may
        come next (in the record's own notation), what is forced, whether the turn may end,
        `why_illegal(action)` (the same function the replay asks, so `moves --try` and `check`
        cannot disagree) and `extend(data, action)`, the record with the action written in.
    score(record, kit, explain=False, steps=False) -> Result
        With `steps`, `Result.steps` holds every step of the replay: where it is in the record,
        what it did, the violations found there and the position after it.
    start_problems(record, kit) -> list[tuple[path, message]]
        What makes the record's `start:` position impossible (counts that do not add up, a piece
        in two places); the record is then refused, each problem on its line.

A final-sheet game (the record is the sheets at the end) names `pictures(record, kit, result) ->
Position`. A game whose records may be either says so (`records="either"`) and the record says
which it is with `record.is_log` (In the Nuts' final storage cards and Fair Verona's encounter
checks are not logs): `Game.is_move_log`. The `Table` protocol is in scorer/game.py.

A `Position` names everything the way the kit file does: a board component and a place on it (a
region `basket`, a track's space `added-flames 2`, a lattice's space `tree C2`, a grid's square
`forest 2 3`), a counters component, its set and the side up; a score sheet's fields by the names
the generator gives them; a card by its deck's row; a tile-laying game's map as the tiles laid (by
their codes in the kit's tile data, where and how turned), with the meeples on them. The generator draws it with the kit's own art
(generator/tableau.py); the scorer never imports the generator, the CLI joins the two.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pnpkit.scorer.core import Violation


# ---------------------------------------------------------------- positions


@dataclass(frozen=True)
class Piece:
    """Counters of one kind lying at one place.

    On a board `place` is a place the kit file names there; beside the board (an `aside` area) it is
    what the table calls that spot ("Ann's Tongs"), shown as a label."""

    counters: str                   # a counters component of the kit ("chestnuts")
    place: str
    set: str | None = None          # the counters' set ("Orange"); None: the component's first
    back: bool = False              # the back face up (a cooked chestnut, a pilot who must refill)
    count: int = 1
    label: str = ""                 # a name tag for a piece that stands for a player ("Ann")
    tag: str = ""                   # beside the board: the name the game's `places` gives it ("tongs"),
    #                                 which a tapped table's picture marks it with (on a board: its place)


@dataclass(frozen=True)
class Card:
    """One card of a cards component, by its deck row (0-based), with cards lying on it. In a row of
    cards it lies in turn; on a board at `place` (a face-up card under the track); beside the board
    as a group of its own, `note` its caption."""

    component: str
    row: int
    back: bool = False
    on: tuple["Card", ...] = ()
    note: str = ""                  # a line under it ("acorn, 2 of 3: 2 points")
    place: str = ""                 # on a board: the place it lies at
    count: int = 1                  # a pile of cards (a draw pile, face down)
    tag: str = ""                   # the name the game's `places` gives it, where `place` does not say it


@dataclass(frozen=True)
class Tile:
    """A tile laid on a map: its code in the kit's tile data, [east, north], quarter turns clockwise."""

    code: str
    x: int = 0
    y: int = 0
    quarters: int = 0
    ghost: str = ""                 # a place the tile in hand may be laid, by the name its move's `places`
    #                                 gives it: a tapped table draws it faint, a button (nothing elsewhere)
    spots: tuple[str, ...] = ()     # a laid tile's places a meeple may stand on ("1 0", or its banks
    #                                 "1 0 N", "1 0 S"): a tapped table's buttons


@dataclass(frozen=True)
class Row:
    """A line beside a map: words, and the tiles lying there (a player's face-up tiles)."""

    text: str
    tiles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Trace:
    """A line drawn over a board through `points`, each a place of the board and where in it (the
    fractions of its width and height): a way goods run (NUTS' Matching Paths). `note` is written in
    `note_at` (a place of the board), from its top left, a line a row."""

    points: tuple[tuple[str, float, float], ...]
    color: str = "#d1241b"
    note: str = ""
    note_at: str = ""
    dashed: bool = False


@dataclass(frozen=True)
class Area:
    """One picture of a position: a board with pieces (and cards) at its places, pieces and cards
    beside the board, a score sheet with what is written in its fields, a row of cards (a player's
    storage cards, with the pieces that lie by them: David), a map of tiles, or rows of words with
    tiles.

    On a `tiles` map, `name` is the kit's tile-key component (whose tile data draws the tiles) and a
    piece is a drawing of the art library (`counters: meeple`, its colour in `set`) standing at
    `place` "E N", or "E N BANK" on one bank of a tile the river divides."""

    kind: Literal["board", "aside", "sheet", "cards", "tiles", "rows"]
    title: str
    name: str = ""                  # the board or score-sheet component; the tile key of a map
    pieces: tuple[Piece, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()   # sheet: (field name, text written in it)
    cards: tuple[Card, ...] = ()
    tiles: tuple[Tile, ...] = ()    # tiles: the map, in the order laid
    rows: tuple[Row, ...] = ()      # rows: lines of words and tiles
    traces: tuple[Trace, ...] = ()  # board: lines drawn over it (paths), with their notes
    taps: bool = True               # board: its places may be tapped (False: another player's tree, whose
    #                                 places the moves name as the tree of the player to move is named)


@dataclass(frozen=True)
class Position:
    areas: tuple[Area, ...]
    text: str = ""                  # the position in words, as --explain prints it


@dataclass(frozen=True)
class Step:
    """One step of a replay: an action, a roll, a turn's start; the position after it."""

    where: str                      # `turn 3 (Ann), action 2 "c 1"`
    did: str                        # what it did, in words
    violations: tuple[Violation, ...]
    position: Position


# ---------------------------------------------------------------- what may come next


@dataclass(frozen=True)
class Dice:
    """Dice the rules roll here, entered face by face (the web table shows a button per face, per
    die): the name of each die of one roll, its faces, how many rolls, and how the record writes
    them (`written`'s `{}` is the rolls, each roll's faces with spaces, the rolls with ", ")."""

    dice: tuple[str, ...] = ("die",)
    faces: int = 6
    rolls: int = 1
    fewest: int | None = None       # fewer rolls may be written, at least this many (None: exactly `rolls`)
    written: str = "{}"
    # what completes a roll, where the record writes a choice or a second die with it (NUTS' Scamper,
    # `4 > 9`: the D12's square; a Hunt tie's side, `5 L`): by the roll's text, the moves to choose between
    then: tuple[tuple[str, tuple["Option", ...]], ...] = ()

    def read(self, text: str) -> list[list[int]]:
        """Rolls as typed ("2 3, 5 1": a roll's faces with spaces, rolls with commas), checked
        against these dice; ValueError saying what is expected."""
        rolls = [part.split() for part in str(text).replace(";", ",").split(",") if part.strip()]
        if any(not all(f.isdigit() and len(f) < 3 for f in r) for r in rolls):
            raise ValueError(f"cannot read {str(text)[:40]!r}: write each roll as its {len(self.dice)} dice "
                             f"({' '.join(self.dice)}), rolls separated by commas")
        out = [[int(f) for f in r] for r in rolls]
        self.text(out)
        return out

    def text(self, rolls: list[list[int]]) -> str:
        """The record's text of these rolls; ValueError if they are not rolls of these dice."""
        fewest = self.rolls if self.fewest is None else self.fewest
        if not fewest <= len(rolls) <= self.rolls:
            want = self.rolls if fewest == self.rolls else f"{fewest} to {self.rolls}"
            raise ValueError(f"{want} roll(s) of {' and '.join(self.dice)}, got {len(rolls)}")
        for r in rolls:
            if len(r) != len(self.dice) or not all(1 <= f <= self.faces for f in r):
                raise ValueError(f"a roll is {len(self.dice)} dice, each 1 to {self.faces}: got {r}")
        return self.written.format(", ".join(" ".join(map(str, r)) for r in rolls))


@dataclass(frozen=True)
class Draw:
    """Things chance draws here, tapped one by one as dice are (the web table shows a button for each
    kind that is left, with how many): the kinds and how many of each are left, how many are drawn,
    and how the record writes them (`written`'s `{}` is the things drawn, separated by ", ")."""

    kinds: tuple[tuple[str, int], ...]
    count: int
    written: str = "{}"
    # what completes a kind drawn, where the record writes a choice with it (In the Nuts!' first nut
    # and the storage card it goes on): the moves to choose between, each written whole; () none
    then: tuple[tuple[str, tuple["Option", ...]], ...] = ()
    fewest: int | None = None       # fewer may be drawn, at least this many (NUTS' Refill: how many Orders
    #                                 its discards take is not known ahead); None: exactly `count`
    keep: tuple[tuple[str, str], ...] = ()   # then a choice among all drawn: (the record's text, its words),
    #                                 `{0}` `{1}` the things drawn (NUTS' Plan keeps one card or both)


@dataclass(frozen=True)
class Option:
    """One action that may come next, written as the record writes it."""

    text: str
    cost: int | None = None         # where the game has costs (Chestnuts' Nut Points)
    dice: Dice | None = None        # the action is written with dice rolled when it is taken
    #                                 (In the Nuts!' `roll > 8` is written `2 1 6 > 8`)
    words: str = ""                 # the rules' sentence for it ("Ann puts 2 chestnuts from the Basket on the Fire")
    places: tuple[str, ...] = ()    # what it touches, in the kit's names (the picture's places)
    draw: Draw | None = None        # the action is written with what chance draws when it is taken
    #                                 (In the Nuts!' nut picked, with the card that replaces it; NUTS' Refill)


@dataclass(frozen=True)
class Ask:
    """One thing a record says before its first move that only the table knows: a choice (a role,
    a difficulty, a square, a card dealt face up), dice rolled, or words written as the record
    writes them. `field` is where the answer goes: the game's `opening` writes it in."""

    field: str                      # "players.1.role", "setup.fires"
    label: str
    choices: tuple[str, ...] = ()   # one of these ("" offered as "none" where it is allowed)
    dice: Dice | None = None
    hint: str = ""                  # how the record writes it, for a typed answer
    default: str = ""
    draw: Draw | None = None        # things drawn, tapped on buttons of what the deck holds (NUTS' setup
    #                                 Bonus cards), written into the answer's box as the record writes them


@dataclass
class Turn:
    """What `pnpkit moves` reports about the turn in progress."""

    to_move: str | None
    legal: list[Option] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    may_end_turn: bool = False
    turn: str = ""                  # which turn this is, in the record's terms ("turn 5 (Ben), roll 3: 2 Nut Points left")
    waiting: str | None = None      # what the record must say before anything can be chosen (a roll,
    # a box, the fire rolls), or that the game is over
    notes: list[str] = field(default_factory=list)   # what chance decides in the listed actions, and
    # how to write it (In the Nuts!: the dice of `roll > 8`, the card that replaces a nut taken)
    cost_unit: str = "Nut Point"    # what the costs count (NUTS: Action tokens)
    draw: Draw | None = None        # what chance draws next, when `waiting` asks for it (a box of ornaments)
    dice: Dice | None = None        # the dice chance rolls next, when `waiting` asks for them or they
    #                                 would end the turn (Chestnuts' next roll, Forest Fire's fire rolls)


def cannot_extend(why: str) -> ValueError:
    """`extend` when the record needs something first that no action gives (a roll, a box)."""
    return ValueError(f"no action can be written here: {why}")
