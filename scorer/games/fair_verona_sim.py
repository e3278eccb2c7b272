"""Until the Game descriptor: where today's simulator finds Fair Verona's simulation."""
from pnpkit.scorer.games.fair_verona.rules import ID as GAME
from pnpkit.scorer.games.fair_verona.sim import COOPERATIVE, LENGTH, new, setups, summary

__all__ = ["COOPERATIVE", "GAME", "LENGTH", "new", "setups", "summary"]
