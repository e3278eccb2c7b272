"""What `pnpkit simulate nuts` counts of each game beyond who won (docs/simulate.md): how often the
squirrel ate, and how the bonus cards and goals decided the game.

Read from the scorer's Result of the replayed record (the replay writes what the squirrel ate into
`extra`, `counts`), so the figures are the replay's, as the simulator's are; every figure is a
whole number, so batches add up the same in any order (scorer/sim/stats.py).
"""
from __future__ import annotations

from typing import Sequence

from pnpkit.scorer.sim.match import Summary, competitive

ATE, SCORED = "squirrel_ate", "nuts_scored"


def counts(s) -> dict[str, int]:
    """A move log's end position (state.State): Orders the squirrel ate (the Squirrel markers of every
    sheet) and nuts on every sheet."""
    return {ATE: sum(p.squirrel for p in s.players), SCORED: sum(sum(p.sheet) for p in s.players)}


def _top(totals: Sequence[int]) -> set[int]:
    best = max(totals)
    return {i for i, t in enumerate(totals) if t == best}


def _points(result, prefix: str) -> list[int]:
    """Each player's points from the breakdown lines whose label starts with `prefix`."""
    return [sum(line.points for line in p.breakdown if line.label.startswith(prefix)) for p in result.players]


def summary(result, names: Sequence[str]) -> Summary:
    """The competitive summary, with NUTS' own figures: what the squirrel ate, the bonus cards held
    and fulfilled, the goals claimed, and whether the bonus cards or the goals changed the winner
    (the highest total without them is another player, or more or fewer players)."""
    base = competitive(result, names)
    totals = [p.total for p in result.players]
    bonus, goals = _points(result, "bonus "), _points(result, "goal ")
    held = sum(1 for p in result.players for line in p.breakdown if line.label.startswith("bonus "))
    kept = sum(1 for p in result.players for line in p.breakdown
               if line.label.startswith("bonus ") and " fulfilled" in line.label and "not fulfilled" not in line.label)
    won = _top(totals)
    figures = (("Orders the squirrel ate", result.extra.get(ATE, 0)),
               ("nuts scored", result.extra.get(SCORED, 0)),
               ("bonus cards held", held),
               ("bonus cards fulfilled", kept),
               ("bonus points, net", sum(bonus)),
               ("goals claimed", sum(1 for p in result.players for line in p.breakdown
                                     if line.label.startswith("goal ") and "not met" not in line.label)),
               ("won by the bonus cards", int(_top([t - b for t, b in zip(totals, bonus)]) != won)),
               ("won by the goals", int(_top([t - g for t, g in zip(totals, goals)]) != won)))
    return Summary(base.finished, base.scores, base.winners, figures=figures)
