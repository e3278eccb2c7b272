"""The contract every game keeps, written down once: `Rules` (a game's moves.py), `Telling` (its
explain.py) and the values they trade in (`Illegal`, `END_TURN`, `Told`, `Said`).

It lies below the descriptor (scorer/game.py), the one replay driver (scorer/replay.py) and the one
table (scorer/table.py), which all three read it; scorer/game.py names it again for the games.

A step is whatever a record's entry holds: a player's decision, what chance gave (a roll, a card),
or a fact of the record's shape (the end of a turn, the number of setup nuts written). The rules
judge every step with one function, `why_illegal`, and play it with one, `apply`; the driver, the
table (`pnpkit moves`), the replay page and the simulator all ask these, so a rule is stated once.
A type checker holds every game to these protocols (.ci/typecheck), through the typed loaders of
its descriptor.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Protocol, Sequence, TypeVar, Union

from pnpkit.scorer.core import Rule, Violation

if TYPE_CHECKING:
    from pnpkit.scorer.play import Dice, Option, Position


@dataclass(frozen=True)
class Illegal:
    """Why a move cannot be played here: the message and the rule that forbids it."""

    message: str
    rule: Rule

    def at(self, where: str) -> Violation:
        return Violation.of(where, self.message, self.rule)


@dataclass(frozen=True)
class EndTurn:
    """Ending the turn: an action like any other, refused by `why_illegal` with the rule that forbids
    it (a pilot who must refill first, a Flame still to add), written END_TURN_TEXT by the rules'
    `write`. A record writes a turn's end by what follows it; the replay's entries give it."""

    kind = "end the turn"


END_TURN = EndTurn()
END_TURN_TEXT = EndTurn.kind
"""How every game writes END_TURN (`pnpkit moves` and the simulator say it so too)."""


@dataclass(frozen=True)
class Stop:
    """`as_played`'s answer where the record no longer follows the game: the step is not played and
    the replay stops there. `words`: what its step says ("" for no step of its own)."""

    words: str = ""


@dataclass(frozen=True)
class Again:
    """`as_played`'s answer where the table evidently moved the game on first (a theft it left out):
    the step is judged again in the position that follows."""


AGAIN = Again()
Played = Union[str, Stop, Again, None]
"""How the table evidently played an illegal step: None, as written (`apply` plays it); a str, not
at all (the words of why not); `Stop`; `AGAIN`."""


@dataclass(frozen=True)
class Told:
    """One step of a replay as a person reads it: what it did and its --explain lines (or a function
    that makes them, called only for --explain: a board drawn as text). `where`: told at another
    place of the record than its entry's (the next turn's steps, the end of the moves)."""

    did: str | None                         # None: --explain lines only, no step of its own
    notes: Sequence[str] | Callable[[], Sequence[str]] = ()
    where: str | None = None


@dataclass(frozen=True)
class Said:
    """What the table (scorer/table.py) says about a position besides the rules' answers: the turn in
    words, what chance must give first and how the record writes it, notes, the dice to roll next."""

    turn: str = ""
    waiting: str | None = None              # what the record must say before anything can be chosen
    to_move: str | None = None              # who takes what chance gives (the one to roll), if anyone
    notes: Sequence[str] = ()
    dice: "Dice | None" = None
    cost_unit: str = "Nut Point"
    options: "Sequence[Option] | None" = None
    # the options as the record writes them, where a listed option is not one legal move (In the
    # Nuts!' `roll > 8`, a roll the dice decide; Fair Verona's cards that may come); None: the moves
    forced: Sequence[str] = field(default_factory=tuple)   # what the turn owes besides its end
    may_end_turn: bool = True               # while waiting: whether the turn in progress may end


S = TypeVar("S")
A = TypeVar("A")
S_in = TypeVar("S_in", contravariant=True)     # a state the functions only take
A_in = TypeVar("A_in", contravariant=True)     # a step the functions only take


class Rules(Protocol[S_in, A]):
    """What a game's `moves.py` gives, as module-level functions (PEP 544 lets a module satisfy a
    Protocol; the game's descriptor returns the module typed as `Rules[State, Step]`, so the type
    checker holds it to this). `legal_moves(s)` is exactly the candidates `why_illegal` accepts, so
    the list and the check cannot disagree; tests/scorer/test_games_conform.py checks every game."""

    def to_move(self, s: S_in, /) -> int | None:
        """The seat to decide; None while chance is due or once the game is over."""
        ...

    def chance(self, s: S_in, /) -> Sequence[A]:
        """The outcomes chance may give now (OpenSpiel's chance node); () at a decision."""
        ...

    def is_over(self, s: S_in, /) -> bool: ...

    def candidates(self, s: S_in, /) -> Iterable[A]:
        """Every decision worth asking `why_illegal` about here (a superset of the legal ones)."""
        ...

    def why_illegal(self, s: S_in, a: A, /) -> Illegal | None:
        """Every rule about one step, in one place: None if `a` may come now."""
        ...

    def legal_moves(self, s: S_in, /) -> Sequence[A]: ...

    def apply(self, s: S_in, a: A, /) -> None:
        """Play `a`: mutates `s`, returns nothing."""
        ...

    def as_played(self, s: S_in, a: A, why: Illegal, /) -> Played:
        """An illegal `a` as the table evidently played it (`Played`); it may change `s` as the table
        did (a refused action still uses one of the turn's actions)."""
        ...

    def repeats(self, s: S_in, why: Illegal, /) -> bool:
        """Whether `why` follows from a mistake already reported this turn (one mistake, one
        report); the state notes it otherwise."""
        ...

    def read(self, s: S_in, text: str, /) -> A:
        """The record's notation -> the step it means in position `s`; ValueError naming what is wrong."""
        ...

    def write(self, s: S_in, a: A, /) -> str:
        """A step -> the record's notation in position `s`: read(s, write(s, a)) == a."""
        ...

    def words(self, s: S_in, a: A, /) -> str:
        """The one sentence a person reads for `a` in position `s` ("Ann eats 2 chestnuts from the
        Plate"): `pnpkit moves`, the web table's buttons and --explain all use it."""
        ...

    def places(self, s: S_in, a: A, /) -> tuple[str, ...]:
        """What `a` touches, in the kit's own names (a region, a square, a space, a card): the names
        the game's position.py gives the pictures."""
        ...


class Telling(Protocol[S_in, A_in]):
    """What a game's `explain.py` gives: the replay's steps in words, and the table's words (the
    sentence for one action is the Rules' `words`)."""

    def opening(self, s: S_in, record: Any, /) -> Sequence[Told]:
        """The replay's first step(s): the setup, or the position written under `start:`."""
        ...

    def tell(self, before: S_in, s: S_in, a: A_in, where: str, why: Illegal | None, refused: str | None, /) -> Sequence[Told]:
        """Step `a` at `where` (position `before`, now `s`; `why`: what it broke, `refused`: why it
        was not played): its steps; none for a step with nothing to show."""
        ...

    def said(self, s: S_in, /) -> Said: ...

    def cost(self, s: S_in, a: A_in, /) -> int | None:
        """What `a` costs in the game's unit (Said.cost_unit), where it has costs."""
        ...


class Positions(Protocol[S]):
    """What a game's `position.py` gives the driver and the table."""

    def start(self, record: Any, kit: Any, /) -> S:
        """The position before the record's first entry: the setup, or its `start:`."""
        ...

    def picture(self, s: S, kit: Any, /) -> "Position": ...

    def start_of(self, s: S, names: list[str], /) -> dict:
        """The `start:` that writes position `s` down (between turns)."""
        ...

    def start_problems(self, record: Any, kit: Any, /) -> list[tuple[tuple, str]]: ...


class Entries(Protocol[S_in]):
    """What a game's `replay.py` gives: the record turned into entries, and nothing else."""

    def entries(self, record: Any, s: S_in, open_end: bool, /) -> Iterable[tuple[Any, Any]]:
        """(where, step) in the order the table played them, made as the driver asks for them
        (`where` a str, or a format and its values, made a str only where it is read). With
        `open_end` the record's last turn is the one in progress at the table: its end is not given."""
        ...


class Writes(Protocol[S_in, A_in]):
    """What a game's `record.py` gives the table: one more step written into a record (plain data)."""

    def extend(self, data: dict, s: S_in, a: A_in, /) -> dict:
        """The record with decision `a` written where the table writes it next; ValueError when the
        record needs something first."""
        ...

    def given(self, data: dict, s: S_in, text: str, ends: Illegal | None, /) -> dict:
        """The record with what chance gave (`text`, as the web table's dice pad or draw writes it);
        `ends`: the rules' answer to ending the turn in progress here (None: it may end)."""
        ...


__all__ = ["AGAIN", "END_TURN", "END_TURN_TEXT", "Again", "EndTurn", "Entries", "Illegal", "Played", "Positions",
           "Rules", "Said", "Stop", "Telling", "Told", "Writes"]
