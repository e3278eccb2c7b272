"""What the CLI calls: read a record, find its game, check and score it.

Every game module in `scorer.games` has the same small surface:

    GAME: str                      # the record's `game` value, e.g. "nuts"
    Record: type[pydantic.BaseModel]   # the record format (unknown keys forbidden)
    def score(record, kit, explain=False) -> scorer.core.Result

so adding a game is adding a module, and the CLI never changes.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.head import load_head
from pnpkit.kitfile.source import Source, field_name, load_file, parse, validate
from pnpkit.scorer.core import Result

GAMES = ("chestnuts", "forest-fire", "fair-verona", "in-the-nuts", "trim-the-tree", "nuts")


def game_module(game: str) -> ModuleType | None:
    """The scoring module of `game`, or None if pnpkit does not score that game (yet)."""
    if game not in GAMES:
        return None
    try:
        return importlib.import_module("pnpkit.scorer.games." + game.replace("-", "_"))
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("pnpkit.scorer.games"):
            return None
        raise


def scored_games() -> list[str]:
    return [g for g in GAMES if game_module(g) is not None]


def read_record(source: Source, heads: dict[str, Kit] | None = None):
    """Validate a parsed record against its game's format -> (module, record, kit).

    `heads`, when given, keeps each game's kit once read: many records scored in one run are all
    scored against the kit as it was when the first of them was read (pnpkit/many.py)."""
    data = source.data
    if not isinstance(data, dict):
        raise SourceError(source.file, [Problem(source.line_of(()), "", "expected a mapping with a `game:` key")])
    if "game" not in data:
        raise SourceError(source.file, [Problem(1, "game", f"this field is required (one of: {', '.join(scored_games())})")])
    game = data["game"]
    module = game_module(game) if isinstance(game, str) else None
    if module is None:
        raise SourceError(source.file, [Problem(source.line_of(("game",)), "game",
                                                f"unknown game {game!r} (expected one of: {', '.join(scored_games())})")])
    record = validate(module.Record, source)
    kit = heads.get(game) if heads is not None else None
    if kit is None:
        kit = load_head(game)  # the game's params; the print components are not read
        if heads is not None:
            heads[game] = kit
    impossible = getattr(module, "start_problems", None)
    problems = impossible(record, kit) if impossible else []
    if problems:  # a `start:` position that cannot exist: refused, each problem on its line
        raise SourceError(source.file, [Problem(source.line_of(path), field_name(path), message)
                                        for path, message in problems])
    return module, record, kit


def move_log_games() -> list[str]:
    """The games whose records are move logs that `moves` and `replay` can step through."""
    return [g for g in scored_games() if hasattr(game_module(g), "table")]


def score_file(path: str | Path, explain: bool = False) -> Result:
    """Check and score the record in `path`. Raises SourceError if it cannot be read."""
    source = load_file(path)
    module, record, kit = read_record(source)
    return module.score(record, kit, explain=explain)


def score_text(text: str, file: str = "<record>", explain: bool = False) -> Result:
    source = parse(text, file)
    module, record, kit = read_record(source)
    return module.score(record, kit, explain=explain)


def record_schema(game: str) -> dict:
    module = game_module(game)
    if module is None:
        raise SourceError(game, [Problem(None, "", f"unknown game (expected one of: {', '.join(scored_games())})")])
    return module.Record.model_json_schema()


__all__ = ["GAMES", "Kit", "game_module", "move_log_games", "read_record", "record_schema", "score_file", "score_text", "scored_games"]
