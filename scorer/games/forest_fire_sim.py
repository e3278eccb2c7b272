"""Until the Game descriptor: where today's simulator finds Forest Fire's simulation."""
from pnpkit.scorer.games.forest_fire.rules import ID as GAME
from pnpkit.scorer.games.forest_fire.sim import COOPERATIVE, LENGTH, new, roles, setups, summary

__all__ = ["COOPERATIVE", "GAME", "LENGTH", "new", "roles", "setups", "summary"]
