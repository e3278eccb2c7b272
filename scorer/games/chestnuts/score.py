"""Chestnuts Roasting on an Open Fire: the final score (ruling C12: chestnuts on one's Chair,
minus one's own burnt), finished or not, of the position the replay reaches (scorer/replay.py).
"""
from __future__ import annotations

from pnpkit.scorer.core import PlayerScore, Result, rank
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.rules import G, R_C12
from pnpkit.scorer.games.chestnuts.state import State
from pnpkit.scorer.replay import Replay


def final(record: Record, kit, s: State, rep: Replay) -> Result:
    """The record's end position `s` scored by ruling C12, finished or not, with what its replay found."""
    names = list(record.players)
    players = []
    for p, name in enumerate(names):
        chair, burnt = s.score(p)
        ps = PlayerScore(name)
        ps.add("chestnuts on Chair", chair)
        ps.add("own chestnuts burnt", -burnt)
        players.append(ps)
    ranking, tiebreaks = rank(players, [], R_C12)
    if rep.explaining:
        rep.note(("game over" if s.over else "unfinished") + ": " +
                 ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=G, players=players, violations=rep.violations, finished=s.over,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)
