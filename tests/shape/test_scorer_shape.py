"""The scorer's shape (issues 23, 35): every game a package with the same file names, each part of
its descriptor a function that imports it, a rule stated only in the rules (a game's replay.py
builds no violation, and no game has a table of its own). No module over 400 lines, no function over
60, no private name imported across modules and no import cycle hold for every package alike:
tests/shape/test_shape.py."""
from __future__ import annotations

from pathlib import Path

from pnpkit.scorer.games import GAMES, load

SCORER = Path(__file__).resolve().parents[2] / "scorer"
FILES = {"__init__", "rules", "state", "moves", "effects", "notation", "record", "replay", "score", "position",
         "explain", "sim"}
"""Every game's files, one job each (DESIGN.md, "A game's package"); a game may add files named for
what they model (checks.py for the rules of the record's shape, map.py, deck.py, storage.py...)."""


def test_every_game_has_the_same_files_and_says_what_it_has():
    for game in GAMES:
        folder = SCORER / "games" / game.replace("-", "_")
        files = {p.stem for p in folder.glob("*.py")}
        assert FILES <= files, (game, sorted(FILES - files))
        assert "table" not in files, f"{game} has a table of its own: the one table is scorer/table.py"
        extra = files - FILES
        assert all(not name.startswith("_") for name in extra), (game, extra)


def test_every_part_of_a_descriptor_is_a_function_that_imports_it():
    """Not a string: an editor and a reader of imports follow each part to its module."""
    import inspect
    for game in GAMES:
        described = load(game)
        package = "pnpkit.scorer.games." + game.replace("-", "_")
        for name, module in (("rules", "moves"), ("explain", "explain"), ("position", "position"),
                             ("replay", "replay"), ("record", "record"), ("score", "score"), ("sim", "sim")):
            part = vars(described)[name]
            assert callable(part) and not isinstance(part, str), (game, name)
            assert f"from {package} import {module}" in inspect.getsource(part), (game, name)


def test_a_games_replay_only_makes_entries():
    """A rule is stated in the rules (moves.py, checks.py): replay.py builds no violation."""
    for path in (SCORER / "games").glob("*/replay.py"):
        text = path.read_text(encoding="utf-8")
        assert "Illegal(" not in text and "Violation" not in text, path
