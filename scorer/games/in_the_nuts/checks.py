"""In the Nuts!: the rules about the record's shape (`Shape` steps, state.py), each once: how many
players and face-up nuts it writes (N13), a first nut left out, the setup squirrels each player puts
(N6), a turn written after the game's end, a turn that ends while a nut is still to collect (N8,
N10), what it writes after a bad roll, the nuts it writes when no one collects any more (the check
order; the last picks). moves.why_illegal asks these for a `Shape`; `pnpkit moves` and the replay
alike.
"""
from __future__ import annotations

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.in_the_nuts.state import END_JOKERS, OVER, ROLL, SETUP_SQUIRRELS, TAKE, Shape, State

__all__ = ["shape_problem", "STOPS"]

STOPS = ("setup-nuts-short", "first-missing", "turn-begins", "turn-ends")
"""The shapes after which the record no longer follows the game: its turns are not played."""


def shape_problem(s: State, a: Shape) -> Illegal | None:
    kind = a.kind
    if kind == "turn-done" or (kind == "turn-begins" and s.phase == ROLL) or (kind == "turn-ends" and s.phase == ROLL):
        return None             # (most of a record's shape: every turn's)
    if kind == "players":
        lo, hi, text = s.seats
        return None if lo <= a.count <= hi else Illegal(f"{a.count} players; the game is for {text}", R.PLAYER_COUNT)
    if kind in ("setup-nuts", "setup-nuts-short"):
        want = len(s.faceup)
        if a.count == want:
            return None
        return Illegal(f"{a.count} face-up nuts; the setup turns {want} face up, one under each of "
                       f"{', '.join(p.label for p in s.b.places)}", R.N13)
    if kind == "first-missing":
        return Illegal(f"{a.name}'s first nut is not written: each player draws one, in seat order, after the "
                       f"face-up nuts", R.N13)
    if kind == "no-setup-squirrel":
        return Illegal(f"{a.name} goes first and puts no setup squirrel", R.N6)
    if kind == "settle-count":
        left = s.settle_left if s.phase == SETUP_SQUIRRELS and s.actor == a.who else 0
        return None if a.count == left else Illegal(
            f"{s.names[a.who]}, seat {a.who + 1}, puts {left} squirrel{'s' * (left != 1)} in the "
            f"{s.b.sections[0].need}-squirrel area; the record has {a.count}", R.N6)
    if kind == "turn-begins" and s.phase in (END_JOKERS, OVER):
        return Illegal(f"the game ended in turn {s.turn} ({s.names[s.active]}'s): no more turns are played",
                       R.LAST_PICKS)
    if kind == "turn-ends" and s.phase not in (ROLL, END_JOKERS, OVER):
        return Illegal(f"the record's nuts for this turn end, but {_missing(s)}", R.N8 if s.phase == TAKE else R.N10_MUST)
    if kind == "bad-roll-roll":
        return Illegal("the turn already ended with a bad roll: no more rolls", R.BAD_ROLL)
    if kind == "bad-roll-nuts":
        return Illegal("a turn that ends with a bad roll collects no nuts", R.BAD_ROLL)
    if kind == "nuts-after":
        if s.phase in (END_JOKERS, OVER):
            return Illegal(f"the last picks are over: {_left_on_board(s)}", R.FOUR_SQUIRRELS)
        return Illegal("no one collects any more nuts this turn", R.CHECK_ORDER)
    return None


def _left_on_board(s: State) -> str:
    """Why no one picks again at the end: each player's squirrels left on the board, fewer than four."""
    left = ", ".join(f"{name} {sum(c[p] for c in s.counts)}" for p, name in enumerate(s.names))
    return f"a player picks once for every four squirrels they have on the board, and no one has four left ({left})"


def _missing(s: State) -> str:
    who = s.names[s.actor]
    if s.phase == TAKE:
        return f"{who} still collects a nut at {s.section().name}"
    return f"{who} still steals a nut on the raccoon field; {R.MUST_STEAL}"
