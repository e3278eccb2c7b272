"""The games pnpkit scores: their ids, defined here once, and `load(id)`, each game's descriptor.

A game is the package `scorer/games/<id with _>/` whose `__init__.py` holds `GAME = Game(...)`
(scorer/game.py says what a descriptor holds). `load` imports only that `__init__`, never the
game's rules, so listing games and reading a record's `game:` stay cheap. docs/scoring-a-new-game.md says how
a seventh game joins: copy a package, fill in its files, add its id to GAMES.
"""
from __future__ import annotations

import importlib

from pnpkit.scorer.game import Game

GAMES = ("chestnuts", "forest-fire", "fair-verona", "in-the-nuts", "trim-the-tree", "nuts")
"""Every game, in the order the CLI lists them."""


def load(game: str) -> Game:
    """The descriptor of `game` (one of GAMES); KeyError for any other."""
    if game not in GAMES:
        raise KeyError(game)
    descriptor = vars(importlib.import_module(__name__ + "." + game.replace("-", "_")))["GAME"]
    assert descriptor.id == game, (descriptor.id, game)
    return descriptor


def log_games() -> list[str]:
    """The games whose records are (or may be) move logs that `moves` and `replay` step through."""
    return [g for g in GAMES if load(g).rules is not None]

