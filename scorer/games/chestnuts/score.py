"""Chestnuts Roasting on an Open Fire: the final score (ruling C12: chestnuts on one's Chair,
minus one's own burnt), finished or not.
"""
from __future__ import annotations

from pnpkit.scorer.core import PlayerScore, Result, rank
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.replay import replay
from pnpkit.scorer.games.chestnuts.rules import G, R_C12


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    """Check the record and score it by ruling C12, finished or not."""
    s, rep = replay(record, kit, explain, steps)
    names = list(record.players)
    players = []
    for p, name in enumerate(names):
        chair, burnt = s.score(p)
        ps = PlayerScore(name)
        ps.add("chestnuts on Chair", chair)
        ps.add("own chestnuts burnt", -burnt)
        players.append(ps)
    ranking, tiebreaks = rank(players, [], R_C12)
    if explain:
        rep.note(("game over" if s.over else "unfinished") + ": " +
                 ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=G, players=players, violations=rep.violations, finished=s.over,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)
