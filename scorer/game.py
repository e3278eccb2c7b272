"""The one interface every game implements, written down once: the `Game` descriptor, the `Rules`
protocol and `Illegal`.

A game is a package `scorer/games/<game>/` (DESIGN.md, "A game's package") whose `__init__.py`
holds `GAME = Game(...)` and nothing else; `scorer.games` registers the ids and `load(id)` gives the
descriptor. The CLI, the replay page and the simulator ask the descriptor what a game has (a move
log and its table, final sheets to draw, a simulator, roles, setups) instead of probing modules
for attributes. The descriptor names each part by its import path, as text, and imports it only when a
command asks for it, so `pnpkit score` of a NUTS record never loads In the Nuts!' rules.

A part is written "module" or "module:name"; a module path may start with "." (relative to
`pnpkit.scorer.games`).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, Sequence, TypeVar

if TYPE_CHECKING:  # a descriptor loads without the scorer's values: `pnpkit build` asks one for its form
    from types import ModuleType

    from pnpkit.scorer.core import Result, Rule, Violation
    from pnpkit.scorer.play import Position, Turn


@dataclass(frozen=True)
class Illegal:
    """Why a move cannot be played here: the message and the rule that forbids it."""

    message: str
    rule: Rule

    def at(self, where: str) -> Violation:
        from pnpkit.scorer.core import Violation
        return Violation.of(where, self.message, self.rule)


@dataclass(frozen=True)
class EndTurn:
    """Ending the turn, in a game whose turns end when their player says so (Forest Fire, Fair
    Verona): an action like any other, in `legal_moves` where the rules allow it, refused by
    `why_illegal` with the rule that forbids it (a pilot who must refill first), written
    END_TURN_TEXT by the rules' `write`."""

    kind = "end the turn"


END_TURN = EndTurn()
END_TURN_TEXT = EndTurn.kind
"""How every game writes END_TURN (`pnpkit moves` and the simulator say it so too)."""


S = TypeVar("S")        # a game's state (mutable)
A = TypeVar("A")        # a game's action (frozen, hashable)


class Rules(Protocol[S, A]):
    """What a game's `moves.py` gives (module-level functions; PEP 544 lets a module satisfy a
    Protocol): the rules of one move, apart from the record. `legal_moves(s)` is exactly the
    candidates `why_illegal` accepts, so the list and the check cannot disagree; tests/
    test_games_conform.py checks every registered game against this."""

    def to_move(self, s: S) -> int | None:
        """The seat to decide; None while chance is due or once the game is over."""
        ...

    def chance(self, s: S) -> Sequence[Any]:
        """The outcomes chance may give now (OpenSpiel's chance node: `to_move` is None and the game
        is not over), each played by `apply` as the record writes it; () at a decision. Only a game
        whose rules hold its chance has it (Forest Fire's rolls); the simulator plays Chestnuts'
        die and Trim's bag outside their rules."""
        ...

    def is_over(self, s: S) -> bool: ...

    def why_illegal(self, s: S, a: A) -> Illegal | None:
        """Every rule about one action, in one place: None if `a` may be played now."""
        ...

    def legal_moves(self, s: S) -> list[A]: ...

    def apply(self, s: S, a: A) -> None:
        """Play `a` (an illegal one as far as the table did)."""
        ...

    def read(self, s: S, text: str) -> A:
        """The record's notation -> the action it means in position `s` (a notation may leave out
        what the position says: the player to pick, an owner by default); ValueError naming what
        is wrong."""
        ...

    def write(self, s: S, a: A) -> str:
        """An action -> the record's notation in position `s`; read(s, write(s, a)) == a."""
        ...


class Table(Protocol):
    """The position where a record stops, and the rules' answers about what may come next."""

    violations: list[Violation]     # what the record breaks up to there (its last turn still open)
    state: Any                      # the rules' state there (the `Rules`' S): what `start_of` writes,
    #                                 and where tests/test_games_conform.py asks the rules

    def turn(self) -> "Turn": ...

    def why_illegal(self, action: str) -> "Illegal | None":
        """None if `action` (the record's notation) may be taken now; ValueError if unreadable."""
        ...

    def extend(self, data: dict, action: str) -> dict:
        """The record as read (plain data) with `action` written where the table writes it next;
        ValueError when the record needs something first (a roll, a box, the fire rolls)."""
        ...

    def chance(self, data: dict, given: str) -> dict:
        """The record as read with what chance gave (`given`: a roll `4`, a box drawn `red blue`,
        fire rolls `2 3, 5 1`) written where `turn().waiting` asks for it; ValueError when it is
        unreadable or the table is not waiting for chance (a game whose notation writes chance as
        actions, such as In the Nuts!' rolls, takes it as `extend` does)."""
        ...


def load_part(ref: str) -> Any:
    """The module "pkg.mod", or the name in it "pkg.mod:name"; "." starts a path in scorer.games."""
    module, _, name = ref.partition(":")
    if module.startswith("."):
        module = "pnpkit.scorer.games" + module
    loaded = importlib.import_module(module)
    return vars(loaded)[name] if name else loaded


@dataclass(frozen=True)
class Game:
    """One game as the scorer, the CLI and the simulator know it. Every part is a reference
    ("module:name", see load_part) read when first asked for; None where the game has nothing of
    that kind (NUTS has no move log, no table and no simulator)."""

    id: str                                 # the record's `game:`, the kit's id ("chestnuts")
    ruling_letter: str                      # this kit's rulings for the game: C1, C2, ...
    rulebook: str                           # its text in scorer/texts/
    record: str                             # the record's pydantic model (unknown keys forbidden)
    score: str                              # score(record, kit, explain=False[, steps=False]) -> Result
    records: Literal["log", "sheets", "either"] = "log"
    # what a record is: a move log, the final sheets, or either (the record's `is_log` says which)
    sheets: str | None = None               # "either": score(record, kit, explain=False) of the final
    #                                         sheets, loaded without the move log's rules (start-up)
    start_problems: str | None = None       # (record, kit) -> [(path, message)]: an impossible `start:`
    start_of: str | None = None             # (state, names) -> the `start:` mapping of a table's position
    #                                         (between turns): a record may begin there
    table: str | None = None                # (record, kit) -> play.Table: `pnpkit moves`, the web table
    opening: str | None = None              # a module: asks(kit, names) -> [play.Ask], what a move log
    #                                         says before its first move besides the names (roles, the
    #                                         setup's rolls, the cards dealt), and record(kit, names,
    #                                         answers) -> the record before its first move (None: the
    #                                         game and the players are the whole beginning)
    pictures: str | None = None             # (record, kit, result) -> Position: final sheets drawn
    rules: str | None = None                # the module implementing `Rules`
    sim: str | None = None                  # the simulator's module: LENGTH, new(kit, names, setup, rng)
    roles: str | None = None                # (kit) -> [role]: the roles a seat may take
    setups: str | None = None               # (kit, players, setup, roles) -> [Setup]
    summary: str | None = None              # (result, names) -> Summary; None: a competitive game's
    cooperative: bool = False               # everyone wins or loses together (no ranking, an outcome)
    first_player: str = "the first player"  # what the rulebook calls the seat that plays first
    form: str | None = None                 # form.py (kitfile/forms): the final sheet's boxes, if a record
    #                                         may be the final sheets ("sheets", "either"); else the end
    #                                         position's (a `start:` with no turn after it)

    def part(self, name: str) -> Any:
        """The part called `name` (a field above), loaded; LookupError if the game has none."""
        ref = vars(self)[name]
        if ref is None:
            raise LookupError(f"{self.id} has no {name}")
        return _loaded(ref)

    @property
    def Record(self) -> type:  # noqa: N802  (a class, named as one)
        return self.part("record")

    def score_record(self, record, kit, **options) -> "Result":
        if self.sheets is not None and not self.is_log(record):
            return self.part("sheets")(record, kit, explain=options.get("explain", False))
        return self.part("score")(record, kit, **options)

    def problems(self, record, kit) -> list[tuple[tuple, str]]:
        """What makes the record's `start:` position impossible (none for a game without one, or a
        record that begins with the setup: its position code is not even imported then)."""
        if not self.start_problems or getattr(record, "start", None) is None:
            return []
        return self.part("start_problems")(record, kit)

    def is_log(self, record) -> bool:
        """Whether `record` is a move log (`moves` and `replay` step through it)."""
        return record.is_log if self.records == "either" else self.records == "log"

    def is_move_log(self, record) -> bool:
        """Whether `moves` and `replay` step through `record`: the game has a table, and the record
        is a move log, not the final sheets (nor Fair Verona's encounter checks)."""
        return self.table is not None and self.is_log(record)

    def table_of(self, record, kit) -> "Table":
        return self.part("table")(record, kit)

    def pictures_of(self, record, kit, result) -> "Position":
        return self.part("pictures")(record, kit, result)

    def opening_asks(self, kit, names: list[str]) -> list:
        """What the table asks before the first move (scorer/play.py: Ask); none by default."""
        return self.part("opening").asks(kit, names) if self.opening else []

    def opening_record(self, kit, names: list[str], answers: dict[str, str]) -> dict:
        """The record before its first move, with the answers to `opening_asks` written in
        (ValueError naming the answer that cannot be read)."""
        if self.opening:
            return self.part("opening").record(kit, names, answers)
        return {"game": self.id, "players": list(names)}

    def sim_module(self) -> "ModuleType":
        return self.part("sim")

    @property
    def form_kind(self) -> Literal["sheets", "end"] | None:
        """What the game's form is of: its final sheets (a record may be them: the fillable PDF,
        `pnpkit serve`'s /sheet/) or its end position (a move log's `start:`: /end/); None if none."""
        if self.form is None:
            return None
        return "end" if self.records == "log" else "sheets"


_CACHE: dict[str, Any] = {}


def _loaded(ref: str) -> Any:
    if ref not in _CACHE:
        _CACHE[ref] = load_part(ref)
    return _CACHE[ref]


def has(game: Game, part: str) -> bool:
    """Whether `game` declares `part` (a field of Game)."""
    return vars(game)[part] is not None


__all__ = ["END_TURN", "END_TURN_TEXT", "EndTurn", "Game", "Illegal", "Rules", "Table", "has", "load_part"]
