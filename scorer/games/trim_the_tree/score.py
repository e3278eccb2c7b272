"""Trim the Tree: the final score of the position the replay reaches, each scoring pick a line of
the breakdown (ruling T4 ranks).
"""
from __future__ import annotations

from pnpkit.scorer.core import PlayerScore, Result, plural, rank
from pnpkit.scorer.games.trim_the_tree.position import tree_text
from pnpkit.scorer.games.trim_the_tree.record import Record
from pnpkit.scorer.games.trim_the_tree.rules import G, R_T4
from pnpkit.scorer.games.trim_the_tree.state import State
from pnpkit.scorer.replay import Replay


def final(record: Record, kit, s: State, rep: Replay) -> Result:
    names, lines, explain = list(record.players), s.lines, rep.explaining
    players = []
    for i, name in enumerate(names):
        ps = PlayerScore(name)
        for label, pts in lines[i]:
            ps.add(label, pts)
        if not lines[i]:
            ps.add("no triangle scored", 0)
        players.append(ps)
    ranking, tiebreaks = rank(players, [], R_T4)
    finished = s.over()
    if explain:
        for i, name in enumerate(names):
            rep.note(f"{name}'s tree, {plural(s.points[i], 'point')}:")
            for line in tree_text(kit.params, s.trees[i]):
                rep.note("    " + line)
    if explain:
        rep.note(("game over" if finished else "unfinished") + ": " + ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=G, players=players, violations=rep.violations, finished=finished,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)
