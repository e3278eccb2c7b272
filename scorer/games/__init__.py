"""The games pnpkit scores: their ids, defined here once, and `load(id)`, each game's descriptor.

A game is the package `scorer/games/<id with _>/` whose `__init__.py` holds `GAME = Game(...)`
(scorer/game.py says what a descriptor holds). `load` imports only that `__init__`, never the
game's rules, so listing games and reading a record's `game:` stay cheap. docs/new-game.md says how
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
    if game in _UNTIL_PACKAGED:
        return _UNTIL_PACKAGED[game]
    descriptor = vars(importlib.import_module(__name__ + "." + game.replace("-", "_")))["GAME"]
    assert descriptor.id == game, (descriptor.id, game)
    return descriptor


def packaged(game: str) -> bool:
    """Whether `game` has its package yet (not a descriptor of the block below)."""
    return game not in _UNTIL_PACKAGED


def log_games() -> list[str]:
    """The games whose records are (or may be) move logs that `moves` and `replay` step through."""
    return [g for g in GAMES if load(g).table is not None]


# ------------------------------------------------------------ until the game's package exists
# The descriptors of the games still kept in flat modules (scorer/games/<game>*.py). Whoever moves
# a game into its package writes its descriptor in the package's __init__.py and deletes it here.

_UNTIL_PACKAGED: dict[str, Game] = {g.id: g for g in (
)}
