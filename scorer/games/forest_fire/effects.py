"""What a Forest Fire step does to the position, once the rules have judged it (moves.py), and how
the table evidently played one they refused: a refused action is not played but uses one of the
turn's actions; a start off the ring, a turn's end that owes a refill and the rolls the record
writes are played as written; a roll that is not a square is not played.

A start chosen, or a turn ended: the next player's turn, or (after the last) the end of the moves
(F4: whoever stands on fire goes out) and the round's fire rolls due. The rolls: a Firebreak or a
fire (F2, F3); after the last of them, every square burning loses (F4), else the next round begins.
"""
from __future__ import annotations

from pnpkit.scorer.game import END_TURN, Illegal, Played, Stop
from pnpkit.scorer.games.forest_fire.state import (STEPS, Drop, Jump, Move, Person, Place, Play, Players, Refill, Roll, Rolls,
                                                   Square, State, Step)

__all__ = ["apply", "as_played", "settle"]


def apply(st: State, m: Play) -> None:
    """Play a step `why_illegal` accepted (or as the table played it: `as_played`)."""
    kind = m.__class__
    if kind is Roll:
        _rolled(st, m.square)       # type: ignore[union-attr]
        return
    if kind is not Move:
        if kind is Rolls:
            _due(st, m.kind, m.count)       # type: ignore[union-attr]
        return
    p, a = st.people[m.seat], m.action      # type: ignore[union-attr]
    if a is END_TURN or a.__class__ is Place:
        if st.outcome == "playing":
            _between(st, p, a)
        return
    st.done += 1
    kind = a.__class__                  # (a pilot's actions first: most actions of a long game)
    if kind is Drop:
        p.full = False
        for s in a.squares:
            st.remove(s, st.fire.get(s, 0))
    elif kind is Refill:
        st.refilled = p.full = True
    elif kind is Step:
        step = STEPS[a.direction]
        assert p.at is not None
        p.at = (p.at[0] + step[0], p.at[1] + step[1])
    elif kind is Jump:
        p.at = a.square
    else:                              # Extinguish
        have = st.fire[a.square]
        st.remove(a.square, have if p.role.removes is None else min(p.role.removes, have))
    if not st.fire and st.outcome == "playing":
        st.outcome, st.ended_in = "won", st.round


def as_played(st: State, m: Play, why: Illegal) -> Played:
    if st.over:
        return Stop(why.message)
    if m.__class__ is Roll:         # not a square: not played, but it was the roll due
        st.due.pop(0)
        settle(st)
        return why.message
    if m.__class__ is not Move:
        return None if m.__class__ is Rolls or m.__class__ is Players else why.message
    a = m.action        # type: ignore[union-attr]
    if a is END_TURN or a.__class__ is Place:
        return None
    st.done += 1
    st.refused = True
    return why.message


def _due(st: State, kind: str, count: int) -> None:
    """The rolls of `kind` due are as many as the record writes (the Firebreaks before the fires)."""
    if st.due.count(kind) == count:
        return
    others = [k for k in st.due if k != kind]
    st.due = [kind] * count + others if kind == "firebreak" else others + [kind] * count
    settle(st)


def _between(st: State, p: Person, a) -> None:
    """A start chosen, or a turn ended: the next player's turn, or (after the last) the end of the
    moves (F4: whoever stands on fire goes out) and the round's fire rolls due."""
    if a.__class__ is Place:
        p.at = a.square
        settle(st)
        return
    assert st.acting is not None      # why_illegal refuses an end of turn while no player acts
    people = st.people
    for k in range(st.acting + 1, len(people)):
        if people[k].out_in is None:
            st.begin_turn(k)
            return
    st.acting = None
    live = st.end_of_moves()
    if st.outcome == "playing":
        st.due = ["fire"] * live


def _rolled(st: State, s: Square) -> None:
    """One roll of `State.due`: a Firebreak or a fire (F2, F3); after the last of them, every
    square burning loses (F4), else the next round begins."""
    if st.due.pop(0) == "firebreak":
        st.firebreaks.add(s)      # a repeated roll adds nothing (F2)
    else:
        st.roll(s)
    settle(st)


def settle(st: State) -> None:
    """Nothing left to choose or roll before the next round (the starts chosen, the rolls due
    rolled, if any): every square burning loses (F4), else the next round begins with its first
    player in play."""
    if st.acting is None and not st.due and placing(st) is None and st.outcome == "playing" and not st.blaze():
        st.round += 1
        for k, q in enumerate(st.people):
            if q.out_in is None:
                st.begin_turn(k)
                return


def placing(st: State) -> int | None:
    """The seat whose start is to be chosen (before the setup's rolls), or None."""
    if st.round or st.acting is not None:
        return None
    return next((i for i, p in enumerate(st.people) if p.at is None and p.role.kind != "air"), None)
