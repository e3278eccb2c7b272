"""What the CLI calls: read a record, find its game, check and score it.

Each game is described by its descriptor (scorer/game.py, `Game`), found with
`scorer.games.load(id)`; adding a game is adding a package and its id, and the CLI never changes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pnpkit.kitfile.errors import Problem, SourceError, did_you_mean
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.head import load_head
from pnpkit.kitfile.source import Source, field_name, load_file, parse, validate
from pnpkit.scorer.core import Result
from pnpkit.scorer.game import Game
from pnpkit.scorer.records import compared_record
from pnpkit.scorer.games import GAMES, load, log_games


class KitFile(SourceError):
    """A kit file read as a record: in a folder of records (a designer's game, its records beside
    its kit) it is passed over, not counted as a record that cannot be read."""


def game_of(game: object) -> Game | None:
    """The descriptor of `game`, or None if pnpkit does not score that game."""
    return load(game) if isinstance(game, str) and game in GAMES else None


def scored_games() -> list[str]:
    return list(GAMES)


def read_record(source: Source, heads: dict[str, Kit] | None = None, folder: Path | None = None,
                pad_kit: Any = None):
    """Validate a parsed record against its game's format -> (game, record, kit).

    `heads`, when given, keeps each game's kit once read: many records scored in one run are all
    scored against the kit as it was when the first of them was read (pnpkit/many.py). A record of
    a designer's score pad (`kit:`) is read by scorer/pad.py, its kit found in `folder` (default:
    the record's own), or given (`pad_kit`: scorer/pad.py `read`)."""
    data = source.data
    if not isinstance(data, dict):
        raise SourceError(source.file, [Problem(source.line_of(()), "", "expected a mapping with a `game:` key")])
    if "kit" in data:
        from pnpkit.scorer import pad
        return pad.read(source, folder, pad_kit)
    if isinstance(data.get("game"), dict):   # a kit file's `game:` is its mapping of id, title, players
        raise KitFile(source.file, [Problem(source.line_of(("game",)), "", "this is a kit file, not a record "
                                            "(`pnpkit build` prints it; a record says `game: ID` or `kit: FILE`)")])
    if "game" not in data:
        raise SourceError(source.file, [Problem(1, "game", f"this field is required (one of: {', '.join(scored_games())})")])
    game = data["game"]
    described = game_of(game)
    if described is None:
        raise SourceError(source.file, [Problem(source.line_of(("game",)), "game",
                                                f"unknown game {game!r}{did_you_mean(game, scored_games())} "
                                                f"(expected one of: {', '.join(scored_games())})")])
    record = validate(described.Record, source, data=data if source.ascii else _compared(source))
    kit = heads.get(game) if heads is not None else None
    if kit is None:
        kit = load_head(game)  # the game's params; the print components are not read
        if heads is not None:
            heads[game] = kit
    problems = described.problems(record, kit)
    if problems:  # a `start:` position that cannot exist: refused, each problem on its line
        raise SourceError(source.file, [Problem(source.line_of(path), field_name(path), message)
                                        for path, message in problems])
    return described, record, kit


def _compared(source: Source) -> object:
    """The record's data with its texts as names are compared (scorer/records.py), or SourceError
    where two keys of one mapping are one name written in two ways."""
    try:
        return compared_record(source.data)
    except KeyError as e:
        raise source.error(e.args[0], "this name is written twice in this mapping, in two ways that look "
                                      "alike (full-width letters, a ligature, an accent typed apart)") from None


def move_log_games() -> list[str]:
    """The games whose records are move logs that `moves` and `replay` can step through."""
    return log_games()


def score_file(path: str | Path, explain: bool = False) -> Result:
    """Check and score the record in `path`. Raises SourceError if it cannot be read."""
    source = load_file(path)
    game, record, kit = read_record(source)
    return game.score_record(record, kit, explain=explain)


def score_text(text: str, file: str = "<record>", explain: bool = False, folder: Path | None = None) -> Result:
    source = parse(text, file)
    game, record, kit = read_record(source, folder=folder)
    return game.score_record(record, kit, explain=explain)


def record_schema(game: str) -> dict:
    described = game_of(game)
    if described is None:
        raise SourceError(game, [Problem(None, "", f"unknown game{did_you_mean(game, scored_games())} "
                                                   f"(expected one of: {', '.join(scored_games())})")])
    if getattr(described.Record, "__struct_fields__", None) is not None:  # msgspec (kitfile/structs.py)
        from pnpkit.kitfile.structs import schema
        return schema(described.Record)
    return described.Record.model_json_schema()


__all__ = ["GAMES", "Kit", "game_of", "move_log_games", "read_record", "record_schema", "score_file", "score_text", "scored_games"]
