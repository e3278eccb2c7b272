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
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from pnpkit.scorer.core import Violation
from pnpkit.scorer.protocol import (AGAIN, END_TURN, END_TURN_TEXT, EndTurn, Illegal, Played, Rules, Said, Stop,
                                    Telling, Told)

if TYPE_CHECKING:
    from types import ModuleType

    from pnpkit.scorer.core import Result
    from pnpkit.scorer.play import Position, Turn


S = TypeVar("S")        # a game's state (mutable)
A = TypeVar("A")        # a game's action (frozen, hashable)


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


Part = Any
"""A part of a game: a function of no argument that imports what it names and gives it (an editor
and a reader of imports follow it; nothing is imported until a command asks), or (while the games
move to loaders) a reference "module:name"."""


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
    score: Part                             # score.py: score(record, kit, state, replay) of a replayed log,
    #                                         sheets(record, kit, explain) of a record that is not a log
    records: Literal["log", "sheets", "either"] = "log"
    # what a record is: a move log, the final sheets, or either (the record's `is_log` says which)
    sheets: Part | None = None
    start_problems: Part | None = None
    start_of: Part | None = None
    table: Part | None = None
    opening: Part | None = None             # opening.py: asks(kit, names) -> [play.Ask], what a move log
    #                                         says before its first move besides the names (roles, the
    #                                         setup's rolls, the cards dealt), and record(kit, names,
    #                                         answers) -> the record before its first move (None: the
    #                                         game and the players are the whole beginning)
    pictures: Part | None = None            # (record, kit, result) -> Position: final sheets drawn
    rules: Part | None = None               # moves.py: the `Rules` (scorer/protocol.py)
    sim: Part | None = None                 # sim.py: LENGTH, COOPERATIVE, new(kit, names, setup, rng)
    roles: Part | None = None               # (kit) -> [role]: the roles a seat may take
    setups: Part | None = None              # (kit, players, setup, roles) -> [Setup]
    summary: Part | None = None             # (result, names) -> Summary; None: a competitive game's
    explain: Part | None = None             # explain.py: the `Telling` (scorer/protocol.py)
    position: Part | None = None            # position.py: start, picture, start_of, start_problems
    replay: Part | None = None              # replay.py: entries(record, state, open_end)

    def part(self, name: str) -> Any:
        """The part called `name` (a field above, or a function of the game's position module:
        start_of, start_problems), loaded; LookupError if the game has none."""
        if self.explain is not None and name in ("start_of", "start_problems"):
            return getattr(self.position_of(), name)
        ref = vars(self)[name]
        if ref is None:
            raise LookupError(f"{self.id} has no {name}")
        got = _loaded(self.id, name, ref)
        if self.explain is not None and name == "record":
            return got.Record
        return got

    def rules_of(self) -> Any:
        return self.part("rules")

    def explain_of(self) -> Any:
        return self.part("explain")

    def position_of(self) -> Any:
        return _loaded(self.id, "position", self.position)

    def replay_of(self) -> Any:
        return _loaded(self.id, "replay", self.replay)

    def record_of(self) -> Any:
        """The record module (its `Record`, and the table's `extend` and `given`)."""
        return _loaded(self.id, "record", self.record)

    @property
    def Record(self) -> type:  # noqa: N802  (a class, named as one)
        return self.part("record")

    def score_record(self, record, kit, **options) -> "Result":
        if self.sheets is not None and not self.is_log(record):
            return self.part("sheets")(record, kit, explain=options.get("explain", False))
        if self.explain is None:
            return self.part("score")(record, kit, **options)
        if self.records != "log" and not self.is_log(record):
            return self.part("score").sheets(record, kit, explain=options.get("explain", False))
        from pnpkit.scorer.replay import replay
        s, rep = replay(self, record, kit, explain=options.get("explain", False), steps=options.get("steps", False))
        return self.part("score").final(record, kit, s, rep)

    def problems(self, record, kit) -> list[tuple[tuple, str]]:
        """What makes the record's `start:` position impossible (none for a game without one, or a
        record that begins with the setup: its position code is not even imported then)."""
        if not (self.start_problems or self.position) or getattr(record, "start", None) is None:
            return []
        return self.part("start_problems")(record, kit)

    def is_log(self, record) -> bool:
        """Whether `record` is a move log (`moves` and `replay` step through it)."""
        return record.is_log if self.records == "either" else self.records == "log"

    def is_move_log(self, record) -> bool:
        """Whether `moves` and `replay` step through `record`: the game has rules, and the record is
        a move log, not the final sheets (nor Fair Verona's encounter checks)."""
        return (self.table is not None or self.explain is not None) and self.is_log(record)

    def table_of(self, record, kit) -> "Table":
        if self.explain is None:
            return self.part("table")(record, kit)
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


_CACHE: dict[tuple[str, str], Any] = {}


def _loaded(game: str, name: str, ref: Part) -> Any:
    key = (game, name)
    if key not in _CACHE:
        _CACHE[key] = ref() if callable(ref) else load_part(ref)
    return _CACHE[key]


def has(game: Game, part: str) -> bool:
    """Whether `game` declares `part` (a field of Game)."""
    return vars(game)[part] is not None


__all__ = ["AGAIN", "END_TURN", "END_TURN_TEXT", "EndTurn", "Game", "Illegal", "Played", "Rules", "Said", "Stop", "Table",
           "Telling", "Told", "has", "load_part"]
