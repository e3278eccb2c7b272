"""In the Nuts!: a random legal player, writing the record of the game it plays (tests, bench).

It plays the simulator's match (in_the_nuts_sim: the deck dealt as the rulebook does, real dice,
the rules' own choices at every decision, each action written as a record does) choosing at random,
so its games check clean.
"""
from __future__ import annotations

import random

from pnpkit.scorer.games.in_the_nuts_sim import AGAIN, new

GAME = "in-the-nuts"


def random_record(kit, rng: random.Random, names=("Anna", "Marlene", "Christine", "Uwe"),
                  again: float = 0.55) -> dict:
    """A whole game by random legal choices; `again` is the chance of rolling again after a squirrel,
    where the player may stop."""
    m = new(kit, names, None, rng)
    while m.to_move() is not None:
        moves = m.legal()
        if AGAIN in moves and len(moves) > 1:
            m.play(AGAIN if rng.random() < again else moves[1])
        else:
            m.play(rng.choice(moves))
    return m.record()
