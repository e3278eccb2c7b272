"""In the Nuts! (scorer/games/in_the_nuts/): the record, the rules, the replay, the simulator.

Until the Game descriptor (scorer/game.py) exists, the package shows the surface the command line
reads (scorer/api.py): the game's id, its Record, `score`, `start_problems`, `table` and `pictures`.
"""
from pnpkit.scorer.games.in_the_nuts.position import pictures, start_problems
from pnpkit.scorer.games.in_the_nuts.record import Record
from pnpkit.scorer.games.in_the_nuts.rules import GAME
from pnpkit.scorer.games.in_the_nuts.score import score
from pnpkit.scorer.games.in_the_nuts.table import table

__all__ = ["GAME", "Record", "pictures", "score", "start_problems", "table"]
