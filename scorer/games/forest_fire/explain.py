"""Forest Fire in words (scorer/protocol.py's `Telling`): the replay's steps and --explain lines (what
a step did, told from the position before and after it, with the board drawn), and what the table
says about a position besides the rules' answers. Nothing here judges a step (moves.py does).
"""
from __future__ import annotations

from pnpkit.scorer.core import join_names
from pnpkit.scorer.game import END_TURN, Illegal, Said, Told
from pnpkit.scorer.games.forest_fire.moves import why_turn_short
from pnpkit.scorer.games.forest_fire.position import draw
from pnpkit.scorer.games.forest_fire.state import (Begin, Drop, Extinguish, Jump, Move, Place, Placed, Play, Refill, Roll,
                                                   State, Step, sq)
from pnpkit.scorer.play import Dice

__all__ = ["cost", "opening", "said", "tell"]


def opening(st: State, record) -> list[Told]:
    return []           # the setup's steps tell it (the players placed, or the board under `start:`)


def tell(before: State, st: State, m: Play, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    kind = m.__class__
    if refused is not None and why is not None:
        told = [Told(f"not played: {why.message}", [f"{where}: not played: {why.message} ({why.rule.id})"])]
        return told + (_blaze(before, st, where.rsplit(", roll ", 1)[0]) if kind is Roll else [])
    if kind is Placed:
        return [Told("the players at their places on the ring", (), "setup")]
    if kind is Begin:
        what = f"the board written under start:, round {m.round} to play"     # type: ignore[union-attr]
        return [_shown(st, "start", what, f"start: {what}")]
    if kind is Roll:
        return [_shown(st, where, _rolled(before, m.square))] + _blaze(before, st, where.rsplit(", roll ", 1)[0])  # type: ignore[union-attr]
    if kind is not Move:
        return []
    a = m.action        # type: ignore[union-attr]
    if a is END_TURN:
        out = [Told("the turn ends here")] if why is not None and not before.refused else []
        gone = [p.name for p, q in zip(before.people, st.people) if q.out and not p.out]
        if gone:
            what = f"{join_names(gone)} on a burning square: out" + \
                (". Every player is out: the game is lost (F4)" if st.over and not before.over else "")
            out.append(_shown(st, f"round {before.round}, end of moves", what))
        return out
    if a.__class__ is Place:
        return []
    what = _acted(before, st, m)        # type: ignore[arg-type]
    return [_shown(st, where, what, f"{where}: {what}")]


def _shown(st: State, where: str, what: str, note: str | None = None) -> Told:
    """A step with its words, and (--explain) its note with the board drawn after it."""
    line = f"{where}: {what}" if note is None else note
    return Told(what, lambda: [f"{line}\n{draw(st)}"], where)


def _rolled(before: State, s: tuple[int, int]) -> str:
    """One roll: a Firebreak, or a fire exactly as F3 spreads it (played again on a copy)."""
    if before.due and before.due[0] == "firebreak":
        return f"Firebreak on {sq(s)}"
    if s in before.firebreaks:
        return f"fire rolled on {sq(s)}, a Firebreak: nothing happens"
    after = before.copy()
    spread = after.roll(s)
    what = f"fire on {sq(s)} ({after.fire[s]} counter{'s' * (after.fire[s] != 1)})"
    if spread:
        what += "; spreads to " + ", ".join(f"{sq(a)} (between {sq(s)} and burning {sq(b)})" for a, b in spread)
    return what


def _blaze(before: State, st: State, where: str) -> list[Told]:
    if st.over and not before.over:
        return [_shown(st, where, "every square that is not a Firebreak is burning: the game is lost (F4)")]
    return []


def _acted(before: State, st: State, m: Move) -> str:
    """What a player's action did (F5: no Fire counter left wins)."""
    p, a = st.people[m.seat], m.action
    kind = a.__class__
    if kind is Drop:
        took = sum(before.fire.get(s, 0) for s in a.squares)
        what = f"{p.name} drops water on {', '.join(sq(s) for s in a.squares)}: {took} counters removed"
    elif kind is Refill:
        what = f"{p.name} refills (off the board)"
    elif kind is Step:
        assert p.at is not None
        what = f"{p.name} moves {a.direction} to {sq(p.at)}" + ("" if st.on_board(p.at) else " (off the board)")
    elif kind is Jump:
        what = f"{p.name} jumps to {sq(p.at)}"      # type: ignore[arg-type]
    else:
        assert kind is Extinguish
        have = before.fire[a.square]
        took = have - st.fire.get(a.square, 0)
        what = f"{p.name} puts out {took} of {have} counter{'s' * (have != 1)} on {sq(a.square)}"
    if st.outcome == "won" and before.outcome == "playing":
        what += ". No Fire counter is left: the players have won (F5)"
    return what


def said(st: State) -> Said:
    if st.over:
        return Said(waiting=f"the game is over: the players {st.outcome} in round {st.ended_in}")
    if st.acting is None:
        n = len(st.due)
        return Said(turn=f"round {st.round}, fires", dice=_fires(st, n),
                    waiting=f"round {st.round}'s fire rolls: add `fires:` with one roll for each player still in "
                            f"play ({n}) to the round")
    i, p = st.acting, st.people[st.acting]
    why = why_turn_short(st)
    allowed = 1 if p.role.kind == "air" else p.role.actions
    where = "off the board" if p.at is None else sq(p.at)
    last = all(q.out for q in st.people[i + 1:])    # the fire rolls may end this turn
    return Said(to_move=p.name, forced=[f"{why.message} ({why.rule.id})"] if why else [],
                dice=_fires(st, rolls_due(st)) if last else None,
                turn=f"round {st.round}, {p.name} ({p.role.id}, {where}): {allowed - st.done} of {allowed} actions left")


def rolls_due(st: State) -> int:
    """The fire rolls after this round's moves: one for each player still in play once those
    standing on a burning square have gone out (F4)."""
    if st.acting is None:
        return len(st.due)
    after = st.copy()
    after.end_of_moves()
    return len(after.in_play())


def _fires(st: State, players: int) -> Dice:
    """The fire rolls, entered die by die (the web table): one square a player in play."""
    return Dice(("down", "across"), faces=st.n, rolls=players)


def cost(st: State, m: Play) -> None:
    return None
