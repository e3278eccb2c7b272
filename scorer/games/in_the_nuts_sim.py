"""In the Nuts!' simulation, where scorer/sim/match.py looks for it until the Game descriptor says
where it is (scorer/games/in_the_nuts/sim.py)."""
from pnpkit.scorer.games.in_the_nuts.sim import COOPERATIVE, GAME, LENGTH, new

__all__ = ["COOPERATIVE", "GAME", "LENGTH", "new"]
