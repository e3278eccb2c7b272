"""NUTS' one-path rule (U12), which the end of a turn's actions and the table's search both ask, and
the setup's cards (PLAYER SETUP): rules moves.py and effects.py share.
"""
from __future__ import annotations

from pnpkit.scorer.game import Illegal
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.floor import Path
from pnpkit.scorer.games.nuts.notation import card
from pnpkit.scorer.games.nuts.state import State

__all__ = ["NO_ACTION", "end_problem", "one_path", "places", "setup_problems"]


def places(s: State) -> list[set[tuple]]:
    """The places of each configuring action this turn (U12), as they stand at its end."""
    out = []
    for ref in s.turn.places:
        if ref[0] == "salter":
            out.append({("col", s.turn.salter_from.get(ref[1], s.salters[ref[1]])), ("col", s.salters[ref[1]])})
        elif ref[0] == "order":
            out.append({("col", ref[1]), ("col", s.turn.order_at.get(ref[1], ref[1]))})
        elif ref[0] == "swap":
            out.append({("disp", ref[1]), ("disp", ref[2])})
        else:
            out.append({ref})
    return out


def one_path(s: State, paths: list[Path]) -> Illegal | None:
    """U12: one Matching Path passes a place of every configuring action."""
    wanted = places(s)
    if not wanted or any(all(any(p.passes(x) for x in w) for w in wanted) for p in paths):
        return None
    if not paths:
        return Illegal("the floor was configured but no Matching Path results", R.ONE_PATH_END)
    return Illegal("no one Matching Path passes a place of every action that configured the floor "
                   f"(paths: {', '.join(p.text() for p in paths)})", R.ONE_PATH)


NO_ACTION = "a play spends at least one token (a play of nothing is a pass)"


def end_problem(s: State, paths: list[Path] | None = None) -> Illegal | None:
    """What ending the actions here breaks: a play of nothing (U18), the one-path rule (U12).
    `paths`: the floor's Matching Paths, when the caller has them."""
    if s.turn.acted == 0:
        return Illegal(NO_ACTION, R.U18)
    return one_path(s, s.paths() if paths is None else paths)


def setup_problems(s: State, setup) -> list[Illegal]:
    """PLAYER SETUP: the Squirrel's square on his row; each player's 3 Bonus cards drawn from the deck,
    at least one kept."""
    found = []
    if not 1 <= setup.squirrel <= s.columns:
        found.append(Illegal(f"the Squirrel's square is 1-{s.columns}, not {setup.squirrel}", R.SETUP_SQUIRREL))
    deck = set(s.bonus_deck)
    for p in s.players:
        hand = setup.bonus.get(p.name)
        if hand is None:
            found.append(Illegal(f"{p.name}'s setup Bonus cards are not written", R.DRAW))
            continue
        try:
            keep, drop = [card(c) for c in hand.keep], [card(c) for c in hand.drop]
        except ValueError as e:
            found.append(Illegal(f"{p.name}: {e}", R.DRAW))
            continue
        if len(keep) + len(drop) != s.f.setup_draw:
            found.append(Illegal(f"{p.name} drew {len(keep) + len(drop)} Bonus cards, not {s.f.setup_draw}", R.DRAW))
        if len(set(keep)) < s.f.keep_at_least:
            found.append(Illegal(f"{p.name} kept no Bonus card" if not keep else
                                 f"{p.name} kept {len(set(keep))} Bonus cards, not at least {s.f.keep_at_least}", R.DECK))
        for c in keep + drop:
            if c not in deck:
                found.append(Illegal(f"{p.name}: {c} is not in the Bonus deck (drawn already, or not a card of it)",
                                     R.DRAW))
        deck -= set(keep + drop)
    return found
