"""A random legal Fair Verona player, writing the record of the game it plays (tests, bench).

It plays the simulator's match (fair_verona_sim: a real table with a shuffled deck and its Jokers,
the tiles face down, Friends hidden until played; every choice from the rules' own `options`), so
there is one dealing and playing loop, and its games check clean. Every choice is uniform among the
legal ones; with `purpose` > 0 it sometimes plays with an aim (an attempt with every helper and a
Friend, the way home with a Clue Token), so games are also won.
"""
from __future__ import annotations

import random

from pnpkit.scorer.encounter import distance
from pnpkit.scorer.games.fair_verona_sim import FRIEND, new
from pnpkit.scorer.sim.match import Setup


def random_record(kit, rng: random.Random, names: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan"),
                  difficulty: str = "Medium", max_turns: int = 120, purpose: float = 0.0) -> dict:
    """A record of a game played at random (legal at every step), up to `max_turns` turns."""
    m = new(kit, list(names), Setup(difficulty), rng)
    m.max_turns = max_turns
    while m.to_move() is not None:
        moves = m.legal()
        aimed = _aim(m, moves) if purpose and rng.random() < purpose else None
        m.play(aimed or rng.choice(moves))
    return m.record()


def _aim(m, moves: list[str]) -> str | None:
    """The attempt with the most help and a Friend, or the move nearest Verona with a Clue Token."""
    clears = [c for c in moves if c.startswith("clear ")]
    if clears:
        return max(clears, key=lambda c: (c.endswith(FRIEND), len(c)))
    steps = [o for o in moves if o.startswith("move ")]
    if m.st.player.token and steps:
        return min(steps, key=lambda o: _far(o))
    return None


def _far(move: str) -> int:
    """How far a `move` ends from Verona (V2's distance)."""
    x, y = (int(v) for v in move.split()[2:4])
    return distance((x, y))
