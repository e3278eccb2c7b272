"""NUTS' one-path rule (U12), which the end of a turn's actions and the table's search both ask, the
setup's cards (PLAYER SETUP), where the record may end a round (U18), and what of an illegal action
the table cannot have played: rules moves.py and effects.py share.
"""
from __future__ import annotations

from pnpkit.scorer.core import join_names, plural
from pnpkit.scorer.game import Illegal
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.floor import Path
from pnpkit.scorer.games.nuts.notation import card
from pnpkit.scorer.games.nuts.state import Action, State

__all__ = ["NO_ACTION", "end_problem", "one_path", "places", "setup_problems", "unplayable", "why_round_open"]


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


def why_round_open(s: State) -> Illegal | None:
    """Why the round may not end where the record's turns of it end: the players who could still
    play (who hold Action tokens) and did not pass after the last play (U18: "A Round ends when no
    Players want to (or can) play anymore"). A player without tokens cannot: they are not named."""
    if s.round_over or s.over:
        return None
    n = len(s.players)
    due = [s.players[(s.active + k) % n] for k in range(n - s.passes)]
    could = [p for p in due if p.tokens > 0] or due
    return Illegal(f"round {s.round} ends here, but {join_names(p.name for p in could)} could still play ("
                   + ", ".join(f"{p.name} {plural(p.tokens, 'Action token')}" for p in could)
                   + f") and did not pass after the last play", R.ROUND_END)


def unplayable(s: State, a: Action) -> str | None:
    """Why an illegal action cannot be played even as the table played it (its pieces are not
    there); None: it is applied as written."""
    if a.verb in ("pass", "end", "done"):
        return f"{a.verb} is not played here"
    if a.verb == "build" and a.args[0] == "-" and (a.args[1], a.args[2]) not in s.tiles:
        return "no tile to remove"
    if a.verb == "build" and not a.args[0].startswith("-") and (a.args[1], a.args[2]) in s.tiles:
        return "a tile lies there already"
    if a.verb == "salt" and (a.args[0] not in s.salters or a.args[1] in s.salters):
        return "no Salter to move there"
    if a.verb == "repo" and not (1 <= a.args[0] <= s.columns and 1 <= a.args[1] <= s.columns
                                 and s.orders[a.args[0] - 1] is not None and s.orders[a.args[1] - 1] is None):
        return "no Order to move there"
    if a.verb == "swap" and not all(1 <= d <= s.columns for d in a.args):
        return "no such Dispenser"
    if a.verb == "claim" and (a.args[0] not in s.goals or a.args[0] in s.claimed):
        return "no such card to claim"
    return None
