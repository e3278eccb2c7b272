"""In the Nuts! positions for tests: the start of a turn with squirrels where a test needs them.

The rulebook's pictures (and the rare corners of the rules) start from positions no short game from
the setup reaches exactly; these build them on a real `State` after a real setup, so everything a
test then plays goes through the same `why_illegal` / `apply` as a replay.
"""
from __future__ import annotations

from pnpkit.kitfile import load_kit
from pnpkit.scorer.games.in_the_nuts.collection import settle_skip
from pnpkit.scorer.games.in_the_nuts.moves import apply
from pnpkit.scorer.games.in_the_nuts.state import SETUP_SQUIRRELS, First, Reveal, State

KIT = load_kit("in-the-nuts")
P = KIT.params
FACE_UP = ("acorn", "walnut", "hazelnut", "beechnut")      # under 2-4, 5-6, 8-9, 10-12


def after_setup(names, face_up=FACE_UP, first=("walnut", "6")) -> State:
    s = State(P, names)
    for card in face_up:
        apply(s, Reveal(card))
    for _ in names:
        apply(s, First(*first))
    while s.phase == SETUP_SQUIRRELS:
        settle_skip(s)
    return s


def position(names, active, squirrels=None, **setup) -> State:
    """The start of `active`'s turn with squirrels {(squirrels a row needs, section): {player: n}}."""
    s = after_setup(names, **setup)
    s.active = s.actor = names.index(active)
    for (need, label), who in (squirrels or {}).items():
        sec = P.board.find(need, label)
        for name, k in who.items():
            p = names.index(name)
            s.counts[sec.index][p] += k
            s.supply[p] -= k
    return s


def squirrels(s: State, need: int, label: str) -> dict[str, int]:
    c = s.counts[P.board.find(need, label).index]
    return {s.names[p]: k for p, k in enumerate(c) if k}


def store(s: State, name: str, card: str, kind: str, nuts: int = 1, jokers=()) -> None:
    """Put nuts on a player's storage card as a game would have."""
    c = s.cards[s.names.index(name)][card]
    for _ in range(nuts):
        c.put(kind)
    for j in jokers:
        c.put(kind, j)
