"""The tally of many simulated games, and the figures read from it.

Everything a tally holds is a whole number (counts, and how often each score or length came), so
batches played in any order, in any number of processes, add up to exactly the same tally: the
same seed gives the same report whatever `--jobs`. Means, spreads and intervals are computed once,
from the whole tally.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from pnpkit.scorer.sim.match import Summary

Z95 = 1.959963984540054   # the normal quantile for a two-sided 95% interval


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval (95%) for k successes in n trials: good near 0% and 100% too, where
    the textbook interval claims certainty from a few games (and says nothing for 0 of n)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


@dataclass
class Dist:
    """How often each whole number came (a score, a game's length)."""

    counts: Counter = field(default_factory=Counter)

    def add(self, x: int) -> None:
        self.counts[x] += 1

    def merge(self, other: "Dist") -> None:
        self.counts.update(other.counts)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def mean(self) -> float:
        n = self.n
        return sum(v * c for v, c in self.counts.items()) / n if n else float("nan")

    def sd(self) -> float:
        """The sample standard deviation (the spread), from exact integer sums."""
        n = self.n
        if n < 2:
            return 0.0
        s = sum(v * c for v, c in self.counts.items())
        ss = sum(v * v * c for v, c in self.counts.items())
        return math.sqrt(max(0, n * ss - s * s) / (n * (n - 1)))

    def quantile(self, q: float) -> int:
        """The smallest value with at least a fraction q of the games at or below it."""
        want, seen = q * self.n, 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            if seen >= want:
                return v
        return max(self.counts) if self.counts else 0

    def low(self) -> int:
        return min(self.counts) if self.counts else 0

    def high(self) -> int:
        return max(self.counts) if self.counts else 0

    def to_json(self) -> dict:
        if not self.n:
            return {"n": 0}
        return {"mean": round(self.mean(), 4), "sd": round(self.sd(), 4), "min": self.low(),
                "quartiles": [self.quantile(0.25), self.quantile(0.5), self.quantile(0.75)], "max": self.high()}


@dataclass
class Tally:
    """Every count the report needs, for one setup."""

    seats: int
    games: int = 0
    finished: int = 0
    wins: list[int] = field(default_factory=list)      # games each seat won alone
    shared: list[int] = field(default_factory=list)    # games each seat won together with another
    draws: int = 0                                     # games whose win was shared
    scores: list[Dist] = field(default_factory=list)
    turns: Dist = field(default_factory=Dist)
    actions: Dist = field(default_factory=Dist)
    outcomes: Counter = field(default_factory=Counter)     # cooperative: won, lost, unfinished
    reasons: Counter = field(default_factory=Counter)      # cooperative: why games were lost
    turns_by_outcome: dict = field(default_factory=dict)   # outcome -> Dist of turns
    figures: dict = field(default_factory=dict)        # a game's own counts: what -> Dist over games
    faulty: int = 0                                    # games the replay found fault with (a bug)
    faults: list = field(default_factory=list)         # the first few: (game number, what)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats
        self.shared = self.shared or [0] * self.seats
        self.scores = self.scores or [Dist() for _ in range(self.seats)]

    def add(self, s: Summary, length: tuple[int, int]) -> None:
        self.games += 1
        self.finished += s.finished
        if len(s.winners) == 1:
            self.wins[s.winners[0]] += 1
        elif s.winners and not s.outcome:
            self.draws += 1
            for w in s.winners:
                self.shared[w] += 1
        for seat, score in enumerate(s.scores):
            self.scores[seat].add(score)
        self.turns.add(length[0])
        self.actions.add(length[1])
        if s.outcome:
            self.outcomes[s.outcome] += 1
            self.turns_by_outcome.setdefault(s.outcome, Dist()).add(length[0])
            if s.outcome == "won":
                for seat in range(self.seats):
                    self.wins[seat] += 1
            if s.reason:
                self.reasons[s.reason] += 1
        for what, k in s.figures:
            self.figures.setdefault(what, Dist()).add(k)

    def fault(self, game: int, what: str) -> None:
        self.faulty += 1
        if len(self.faults) < 5:
            self.faults.append((game, what))

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.finished += other.finished
        self.draws += other.draws
        for seat in range(self.seats):
            self.wins[seat] += other.wins[seat]
            self.shared[seat] += other.shared[seat]
            self.scores[seat].merge(other.scores[seat])
        self.turns.merge(other.turns)
        self.actions.merge(other.actions)
        self.outcomes.update(other.outcomes)
        self.reasons.update(other.reasons)
        for k, d in other.turns_by_outcome.items():
            self.turns_by_outcome.setdefault(k, Dist()).merge(d)
        for what, d in other.figures.items():
            self.figures.setdefault(what, Dist()).merge(d)
        self.faulty += other.faulty
        self.faults = sorted(self.faults + other.faults)[:5]
