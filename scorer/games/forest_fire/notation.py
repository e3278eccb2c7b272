"""Forest Fire's notation: each player's actions of a round as the record writes them, `move N`,
`extinguish 2 3`, `jump 2 3`, `refill`, `drop 2 2 2 3 2 4` (parse(text(a)) == a).
"""
from __future__ import annotations

import re
from functools import lru_cache

from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.state import (Action, Drop, Extinguish, Jump, Move, Place, Play, Refill, Roll, State,
                                                   Step, sq)

NOTATION = "`move N|S|E|W`, `extinguish R C`, `jump R C`, `refill` or `drop R C R C R C`"


def parse_action(text: str) -> Action:
    """The record's words -> an Action. Raises ValueError (an unreadable record) on bad notation."""
    return _parse(" ".join(str(text).split()))


@lru_cache(maxsize=4096)     # a game repeats its few dozen actions; only texts that read are kept
def _parse(t: str) -> Action:
    low = " ".join(t.lower().replace(",", " ").split())  # `extinguish 2, 3` reads as `extinguish 2 3`
    if m := re.fullmatch(r"move ([nsew])", low):
        return Step(m[1].upper())
    if m := re.fullmatch(r"(extinguish|jump) (-?\d{1,3}) (-?\d{1,3})", low):
        return (Extinguish if m[1] == "extinguish" else Jump)((int(m[2]), int(m[3])))
    if low == "refill":
        return Refill()
    if m := re.fullmatch(r"drop((?: -?\d{1,3} -?\d{1,3}){1,9})", low):
        nums = [int(n) for n in m[1].split()]
        return Drop(tuple(zip(nums[::2], nums[1::2])))
    shown = t if len(t) <= 40 else t[:40] + "..."
    raise ValueError(f"cannot read action {shown!r}: expected {NOTATION}")


def text(a: Action) -> str:
    """The action as the record writes it and `pnpkit moves` lists it."""
    if isinstance(a, Step):
        return f"move {a.direction}"
    if isinstance(a, (Extinguish, Jump)):
        return f"{a.kind} {sq(a.square)}"
    if isinstance(a, Drop):
        return "drop " + " ".join(sq(s) for s in a.squares)
    return "refill"


def words(st: State, m: Play) -> str:
    """What step `m` does, in one sentence, in position `st` (before it is played)."""
    if m.__class__ is Roll:
        kind = st.due[0] if st.due else "fire"
        return f"{'a Firebreak' if kind == 'firebreak' else 'fire'} rolled on {sq(m.square)}"    # type: ignore[union-attr]
    if m.__class__ is not Move:
        return ""
    p, a = st.people[m.seat], m.action      # type: ignore[union-attr]
    if a is END_TURN:
        return f"{p.name} ends the turn"
    if a.__class__ is Place:
        return f"{p.name} starts on {sq(a.square)}"
    if a.__class__ is Step:
        return f"{p.name} moves {a.direction}"
    if a.__class__ is Extinguish:
        return f"{p.name} puts out the fire on {sq(a.square)}"
    if a.__class__ is Jump:
        return f"{p.name} jumps to {sq(a.square)}"
    if a.__class__ is Drop:
        return f"{p.name} drops water on {', '.join(sq(s) for s in a.squares)}"
    return f"{p.name} refills (off the board)"
