"""The games pnpkit scores: their ids, defined here once, and `load(id)`, each game's descriptor.

A game is the package `scorer/games/<id with _>/` whose `__init__.py` holds `GAME = Game(...)`
(scorer/game.py says what a descriptor holds). `load` imports only that `__init__`, never the
game's rules, so listing games and reading a record's `game:` stay cheap. docs/scoring-a-new-game.md says how
a seventh game joins: copy a package, fill in its files, add its id to GAMES.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Literal

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


def forms(kind: Literal["sheets", "end"]) -> list[str]:
    """The games whose form (scorer/game.py: Game.form_kind) is of their final sheets or of their
    end position, in the order of GAMES; no form module is imported."""
    return [g for g in GAMES if load(g).form_kind == kind]


def form(game: str, kind: Literal["sheets", "end"]) -> ModuleType | None:
    """`game`'s form if it is of `kind` (kitfile/forms: a SheetForm or an EndForm), or None: a
    game with no form of that kind, or a kit that is none of GAMES (a designer's)."""
    if game not in GAMES or load(game).form_kind != kind:
        return None
    return load(game).part("form")


def pad_calcs(game: str, component: str, printed: list[str]) -> dict:
    """The boxes of `game`'s score pad `component` that add themselves up on the fillable sheet, by
    their printed names (kitfile/forms: Pads): a game whose form keeps such a pad (Chestnuts' PAD)."""
    if game not in GAMES or load(game).form is None:
        return {}
    f = load(game).part("form")
    return f.pad_calcs(printed) if getattr(f, "PAD", None) == component else {}


def sheet_form(game: str) -> ModuleType | None:
    """`game`'s final-sheet form, if it has one: what the commands that build hand the generator
    (kitfile/forms: Forms), which names the fillable PDF's boxes by it and never imports the scorer."""
    return form(game, "sheets")
