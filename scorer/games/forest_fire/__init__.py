"""Forest Fire (rulings F1-F8): a cooperative move log replayed round by round. For now the names
today's glue reads (GAME, Record, score, start_problems, table), until the Game descriptor
(scorer/game.py) takes their place.
"""
from __future__ import annotations

from pnpkit.scorer.games.forest_fire.position import start_problems
from pnpkit.scorer.games.forest_fire.record import Record
from pnpkit.scorer.games.forest_fire.rules import ID as GAME
from pnpkit.scorer.games.forest_fire.score import score
from pnpkit.scorer.games.forest_fire.table import AtTable as table

__all__ = ["GAME", "Record", "score", "start_problems", "table"]
