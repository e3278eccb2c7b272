"""The `Game` descriptor: one game as the scorer, the CLI, the replay page and the simulator know it.

A game is a package `scorer/games/<game>/` (DESIGN.md, "A game's package") whose `__init__.py`
holds `GAME = Game(...)` and nothing else; `scorer.games` registers the ids and `load(id)` gives the
descriptor. The CLI, the replay page and the simulator ask the descriptor what a game has (a move
log and its rules, final sheets to draw, a simulator, roles, setups) instead of probing modules for
attributes. The descriptor names each part by a function of no argument that imports it, typed with
the protocol the part keeps (scorer/protocol.py: `Rules`, `Telling`, ...): nothing is imported
until a command asks (`pnpkit score` of a NUTS record never loads In the Nuts!' rules), an editor
and a reader of imports follow the trail, and a type checker holds the part to its protocol.

The protocols and the values they trade in (`Illegal`, `END_TURN`, ...) are scorer/protocol.py's,
named here again for the games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal, Protocol

if TYPE_CHECKING:
    from types import ModuleType

    from pnpkit.scorer.core import Result, Violation
    from pnpkit.scorer.play import Position, Turn
    from pnpkit.scorer.protocol import (AGAIN, END_TURN, END_TURN_TEXT, EndTurn, Illegal, Instead, Played, Rules, Said,
                                        Stop, Telling, Told)


class Table(Protocol):
    """The position where a record stops, and the rules' answers about what may come next."""

    violations: list[Violation]     # what the record breaks up to there (its last turn still open)
    state: Any                      # the rules' state there (the `Rules`' S): what `start_of` writes,
    #                                 and where tests/scorer/test_games_conform.py asks the rules

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


Part = Callable[[], Any]
"""A part of a game: a function of no argument that imports what it names and gives it (an editor
and a reader of imports follow it; nothing is imported until a command asks)."""


@dataclass(frozen=True)
class Game:
    """One game as the scorer, the CLI and the simulator know it. Every part is read when first asked
    for; None where the game has nothing of that kind. The modules of a game's package are parts
    (`rules` its moves.py, `explain`, `position`, `replay`, `record`, `score`, `sim`): the same file
    names in every game, the same names in them (scorer/protocol.py)."""

    id: str                                 # the record's `game:`, the kit's id ("chestnuts")
    ruling_letter: str                      # this kit's rulings for the game: C1, C2, ...
    rulebook: str                           # its text in scorer/texts/
    record: Part                            # record.py: `Record` (unknown keys forbidden), `extend`, `given`
    score: Part                             # score.py: final(record, kit, state, replay) of a replayed log,
    #                                         sheets(record, kit, explain) of a record that is not a log
    records: Literal["log", "sheets", "either"] = "log"
    # what a record is: a move log, the final sheets, or either (the record's `is_log` says which)
    opening: Part | None = None             # opening.py: asks(kit, names) -> [play.Ask], what a move log
    #                                         says before its first move besides the names (roles, the
    #                                         setup's rolls, the cards dealt), and record(kit, names,
    #                                         answers) -> the record before its first move (None: the
    #                                         game and the players are the whole beginning)
    pictures: Part | None = None            # (record, kit, result) -> Position: final sheets drawn
    rules: Part | None = None               # moves.py: the `Rules` (scorer/protocol.py)
    sim: Part | None = None                 # sim.py: LENGTH, new(kit, names, setup, rng)
    roles: Part | None = None               # (kit) -> [role]: the roles a seat may take
    setups: Part | None = None              # (kit, players, setup, roles) -> [Setup]
    summary: Part | None = None             # (result, names) -> Summary; None: a competitive game's
    explain: Part | None = None             # explain.py: the `Telling` (scorer/protocol.py)
    position: Part | None = None            # position.py: start, picture, start_of, start_problems
    replay: Part | None = None              # replay.py: entries(record, state, open_end)
    cooperative: bool = False               # everyone wins or loses together (no ranking, an outcome)
    first_player: str = "the first player"  # what the rulebook calls the seat that plays first
    form: Part | None = None                # form.py (kitfile/forms): the final sheet's boxes, if a record
    #                                         may be the final sheets ("sheets", "either"); else the end
    #                                         position's (a `start:` with no turn after it)

    def part(self, name: str) -> Any:
        """The part called `name` (a field above, or a function of the game's position module:
        start_of, start_problems), loaded; LookupError if the game has none."""
        if name in ("start_of", "start_problems"):
            return getattr(self.position_of(), name)
        ref = vars(self)[name]
        if ref is None:
            raise LookupError(f"{self.id} has no {name}")
        got = _loaded(self.id, name, ref)
        return got.Record if name == "record" else got

    def rules_of(self) -> Any:
        return self.part("rules")

    def explain_of(self) -> Any:
        return self.part("explain")

    def position_of(self) -> Any:
        return self.part("position")

    def replay_of(self) -> Any:
        return self.part("replay")

    def record_of(self) -> Any:
        """The record module (its `Record`, and the table's `extend` and `given`)."""
        return _loaded(self.id, "record", self.record)

    @property
    def Record(self) -> type:  # noqa: N802  (a class, named as one)
        return self.part("record")

    def score_record(self, record, kit, **options) -> "Result":
        """The record checked and scored: a move log replayed through its rules (scorer/replay.py)
        and its end position scored, or final sheets scored as they are."""
        if self.records != "log" and not self.is_log(record):
            return self.part("score").sheets(record, kit, explain=options.get("explain", False))
        from pnpkit.scorer.replay import replay
        s, rep = replay(self, record, kit, explain=options.get("explain", False), steps=options.get("steps", False))
        return self.part("score").final(record, kit, s, rep)

    def problems(self, record, kit) -> list[tuple[tuple, str]]:
        """What makes the record's `start:` position impossible (none for a game without one, or a
        record that begins with the setup: its position code is not even imported then)."""
        if self.position is None or getattr(record, "start", None) is None:
            return []
        return self.part("start_problems")(record, kit)

    def is_log(self, record) -> bool:
        """Whether `record` is a move log (`moves` and `replay` step through it)."""
        return record.is_log if self.records == "either" else self.records == "log"

    def is_move_log(self, record) -> bool:
        """Whether `moves` and `replay` step through `record`: the game has rules, and the record is
        a move log, not the final sheets (nor Fair Verona's encounter checks)."""
        return self.rules is not None and self.is_log(record)

    def table_of(self, record, kit) -> "Table":
        """Where a move log stops, and what may come next there: the one table (scorer/table.py)."""
        from pnpkit.scorer.table import AtTable
        return AtTable(self, record, kit)

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


_CACHE: dict[tuple[str, str], Any] = {}


def _loaded(game: str, name: str, ref: Part) -> Any:
    key = (game, name)
    if key not in _CACHE:
        _CACHE[key] = ref()
    return _CACHE[key]


def has(game: Game, part: str) -> bool:
    """Whether `game` declares `part` (a field of Game)."""
    return vars(game)[part] is not None


_PROTOCOL = {"AGAIN", "END_TURN", "END_TURN_TEXT", "EndTurn", "Illegal", "Instead", "Played", "Rules", "Said", "Stop",
             "Telling", "Told"}


def __getattr__(name: str) -> Any:
    """The protocol's names, as the rules import them from here, imported at the first asked for:
    a descriptor alone (what `pnpkit build` reads for a game's fillable sheet) needs neither
    scorer/protocol.py nor scorer/core.py (5 ms of CPU, issue 40)."""
    if name in _PROTOCOL:
        from pnpkit.scorer import protocol
        return getattr(protocol, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AGAIN", "END_TURN", "END_TURN_TEXT", "EndTurn", "Game", "Illegal", "Instead", "Played", "Rules", "Said",
           "Stop", "Table", "Telling", "Told", "has"]
