"""The simulator's players, one kind per seat. Each chooses among the rules' legal moves only.

    random   every legal move equally likely.
    greedy   one move ahead: plays each legal move on a scratch copy and keeps the one whose position
             the game's `value` rates best for its seat (the score, or a written-down heuristic:
             docs/simulate.md); equally good moves are drawn at random.
    search   one whole turn ahead: every sequence of moves that finishes its turn (Chestnuts'
             actions until the Nut Points are spent, a Forest Fire player's actions), rated by the
             same `value` when the turn is over, positions reached twice searched once. Where a
             turn is a single move (Trim the Tree's pick) it plays as greedy does.

A move the dice answer (In the Nuts' roll again) is rated as its game rates it (`Match.expect`): the
average, over every throw with its chance, of the best the throw leaves. Otherwise a player never
sees what chance brings next: a copy plays no roll or draw, and a look-ahead stops where the turn
ends, before the next roll.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from pnpkit.scorer.sim import KINDS  # noqa: F401  (in the package, so the command line reads it without this module)
from pnpkit.scorer.sim.match import Match

SEARCH_NODES = 20_000   # positions one search looks at, at most; beyond them a position is rated as it stands


def choose(kind: str, match: Match, seat: int, rng: random.Random) -> Any:
    """The move player `kind` makes for `seat`, the seat to move."""
    if kind == "random":
        return match.sample(rng)
    moves = match.legal()
    if len(moves) == 1:
        return moves[0]
    rate: Callable[[Match], float]
    if kind == "greedy":
        rate = lambda m: m.value(seat)  # noqa: E731
    elif kind == "search":
        memo: dict = {}
        budget = [SEARCH_NODES]
        rate = lambda m: _finish_turn(m, seat, memo, budget)  # noqa: E731
    else:
        raise ValueError(f"unknown player {kind!r} (players: {', '.join(KINDS)})")
    best, top = [], float("-inf")
    for move in moves:
        v = _expected(match, move, seat, rate)
        if v > top:
            best, top = [move], v
        elif v == top:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def _expected(match: Match, move: Any, seat: int, rate: Callable[[Match], float]) -> float:
    """How good `move` is: the position after it, rated; a move the dice answer, as the game rates
    it over the throws (`expect`)."""
    guess = match.expect(move, seat)
    if guess is not None:
        return guess
    after = match.copy()
    after.play(move)
    return rate(after)


def _finish_turn(m: Match, seat: int, memo: dict, budget: list[int]) -> float:
    """The best `value` for `seat` that the rest of the turn can reach from `m`."""
    if m.turn_done() or budget[0] <= 0:
        return m.value(seat)
    key = m.key()
    if key is not None and key in memo:
        return memo[key]
    budget[0] -= 1
    top = float("-inf")
    for move in m.legal():
        after = m.copy()
        after.play(move)
        top = max(top, _finish_turn(after, seat, memo, budget))
    if key is not None:
        memo[key] = top
    return top


def parse(text: str, seats: int) -> tuple[str, ...]:
    """`greedy,random` -> one kind per seat; a single kind plays every seat. ValueError in one line."""
    kinds = tuple(k.strip().lower() for k in str(text).split(","))
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        shown = bad[0] if len(bad[0]) <= 30 else bad[0][:30] + "..."
        raise ValueError(f"unknown player {shown!r}: the players are {', '.join(KINDS)}")
    if len(kinds) == 1:
        return kinds * seats
    if len(kinds) != seats:
        raise ValueError(f"{len(kinds)} players given for {seats} seats: give one kind for every seat, or one for all")
    return kinds
