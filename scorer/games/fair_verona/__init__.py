"""Fair Verona (rulings V1-V20): a game log replayed turn by turn on the kit's Carcassonne tiles, or
encounter checks. For now the names today's glue reads (GAME, Record, score, table), until the
Game descriptor (scorer/game.py) takes their place.
"""
from __future__ import annotations

from pnpkit.scorer.games.fair_verona.record import Record
from pnpkit.scorer.games.fair_verona.rules import ID as GAME
from pnpkit.scorer.games.fair_verona.score import score
from pnpkit.scorer.games.fair_verona.sim import random_record
from pnpkit.scorer.games.fair_verona.table import AtTable as table

__all__ = ["GAME", "Record", "random_record", "score", "table"]
