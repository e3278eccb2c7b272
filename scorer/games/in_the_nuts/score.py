"""In the Nuts!: the two records scored (the rulebook's scoring, rulings N1-N13).

A record is either the final storage cards (each player's cards at the end: the kind of nut, how
many real nuts and which jokers), or a move log of the whole game (replay.py), replayed turn by
turn. Both end in the same storage scoring (storage.py: N3, N4). The cards' sizes and points, the
supply by player count, the joker pairs and the board come from the kit file
(kits/in-the-nuts.yaml).

In the final storage cards, impossible cards (more nuts than the card holds, a card used twice, a
joker stored as a kind it does not show, more nuts than the supply) are violations; the cards are
still scored as they are written where that makes sense (an over-full card as full, a card used a
second time not at all).
"""
from __future__ import annotations

from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.scorer.core import Result, Violation, plural
from pnpkit.scorer.games.in_the_nuts.position import draw
from pnpkit.scorer.games.in_the_nuts.record import Record, params_of, player_count
from pnpkit.scorer.games.in_the_nuts.rules import GAME
from pnpkit.scorer.games.in_the_nuts.state import State
from pnpkit.scorer.games.in_the_nuts.storage import check_stores, player_score, ranking
from pnpkit.scorer.replay import Replay


def sheets(record: Record, kit: Kit, explain: bool = False) -> Result:
    """The final storage cards checked against the rules and scored."""
    return score_storage(record, params_of(kit), player_count(record, kit), explain)


def final(record: Record, kit: Kit, s: State, rep: Replay) -> Result:
    """The move log replayed (every rule, turn by turn: scorer/replay.py), and the storage cards it
    fills scored. With steps, the result holds every step with its position (the replay page)."""
    explain = rep.explaining
    if explain:
        rep.note("position:\n" + draw(s))
    scores, best = [], {}
    for p, name in enumerate(record.names):
        ps, best[name] = player_score(name, s.cards[p].values())
        scores.append(ps)
        if explain:
            rep.note(f"{name}: {plural(ps.total, 'point')}; most valuable full card: {best[name] or 'none'} (ruling N4)")
    ranked, tiebreaks = ranking(scores, best)
    return Result(game=GAME, players=scores, violations=rep.violations, finished=s.over,
                  ranking=ranked, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)


def score_storage(record: Record, params: Params, violations: list[Violation], explain: bool = False) -> Result:
    """Check the final storage cards against the rules and score them (rulings N1-N5)."""
    names = record.names

    def where(path: tuple) -> str:
        if path[0] == "all":
            return f"all players, {path[1]}"
        return f"{names[path[0]]}, stores[{path[1]}]" + (f", jokers[{path[3]}]" if len(path) > 2 else "")

    checked = check_stores([(p.name, p.stores) for p in record.players], params, len(names), where)
    violations += [Violation.of(where(path), message, rule) for path, message, rule in checked.problems]
    ranked, tiebreaks = ranking(checked.scores, checked.best)
    return Result(game=GAME, players=checked.scores, violations=violations, finished=True,
                  ranking=ranked, tiebreaks=tiebreaks, explain=checked.notes if explain else [])
