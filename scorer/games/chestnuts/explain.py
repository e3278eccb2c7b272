"""Chestnuts Roasting on an Open Fire in words (scorer/protocol.py's `Telling`): the replay's steps
and --explain lines, and what the table says about a position besides the rules' answers.

A step says what it did (the action's sentence, notation.words), what it cost, the position in one
line and how the score moved. Nothing here judges a step: a violation is the rules' (moves.py).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import END_TURN, Illegal, Said, Told
from pnpkit.scorer.games.chestnuts.moves import end_of_turn, follows
from pnpkit.scorer.games.chestnuts.notation import words
from pnpkit.scorer.games.chestnuts.position import line
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.rules import R_SPEND
from pnpkit.scorer.games.chestnuts.state import FIRE_C, FIRE_U, NP, OVER, Move, Roll, State, Step
from pnpkit.scorer.play import Dice

DIE = Dice(("the die",))        # the next turn's roll, entered at the table (web table)
FIRST_LESS = " (one less on the first player's first turn, ruling C3)"

__all__ = ["DIE", "cost", "opening", "said", "scores", "tell"]


def scores(s: State) -> tuple[int, int]:
    return tuple(a - b for a, b in (s.score(0), s.score(1)))  # type: ignore[return-value]


def _score_note(before: tuple[int, int], after: tuple[int, int], names: list[str]) -> str:
    moved = [f"{names[p]} {after[p] - before[p]:+d}" for p in (0, 1) if after[p] != before[p]]
    return f"score {names[0]} {after[0]} {names[1]} {after[1]}" + (f" ({', '.join(moved)})" if moved else "")


def overheat_words(before: list[int]) -> str:
    """Ruling C11 in words, from the counts just before the third Flame went on."""
    burn = before[OVER] + before[NP + OVER]
    over = before[FIRE_C] + before[NP + FIRE_C]
    cook = before[FIRE_U] + before[NP + FIRE_U]
    return (f"the third Flame: the Fire overheats (ruling C11): {burn} overcooked burn, {over} cooked overcook, "
            f"{cook} uncooked cook; the added Flames come off")


def opening(s: State, record: Record) -> list[Told]:
    return [Told("the game's setup" if record.start is None else "the position written under start:",
                 [f"start: {line(s)}"], "start")]


def tell(before: State, s: State, a: Step, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    if a.__class__ is Roll:
        return _rolled(before, s, where, refused)
    if a is END_TURN:
        return _ended(before, s, why)
    if refused is not None:
        if before.over:
            return [Told("not played: the game is over")]
        return [Told(f"not played: {refused}", [f"{where}: not played ({refused})"])]
    return [_played(before, s, a, where, why)]      # type: ignore[arg-type]


def _rolled(before: State, s: State, where: str, refused: str | None) -> list[Told]:
    """The die: steps 1-3, then the Nut Points (none where the steps end the game)."""
    if before.over:
        return []
    o, i, u = s.moved
    did = (f"steps 1-3: {o} overcooked to the Burnt Box, {i} cooked to the Overcooked Box, {u} turned to cooked; "
           f"roll {s.roll}: {plural(s.points, 'Nut Point')}" + (FIRST_LESS if s.turn == 0 and s.t.first_less else ""))
    return [Told(did, [f"{where}: {did} | {_score_note(scores(before), scores(s), s.names)}"])]


def _played(before: State, s: State, mv: Move, where: str, why: Illegal | None) -> Told:
    left, cost = before.points, before.cost(mv)
    did = words(before, mv)
    if s.flames < before.flames:
        did += "; " + overheat_words(before.c)
    if s.over:
        did += "; the game is over"
    paid = (f"ILLEGAL, played as recorded: it costs {plural(cost, 'Nut Point')} and {left} "
            f"{'was' if left == 1 else 'were'} left, {s.points} now" if why else
            f"{cost} spent, {s.points} left")
    return Told(did, [f"{where}: {did}; {paid} | {line(s)} | {_score_note(scores(before), scores(s), s.names)}"
                      + (" | GAME OVER" if s.over else "")])


def _ended(before: State, s: State, why: Illegal | None) -> list[Told]:
    """A turn's end: a step where it breaks a rule; the next player's steps 1-3, where they end the game."""
    out = [Told("the turn ends here")] if why is not None and not follows(before, before.reported, why) else []
    if s.over and not before.over:
        where = f"turn {s.played + 1} ({s.names[s.player]})"
        out.append(Told("steps 1-3 end the game",
                        [f"{where}: steps 1-3 end the game | {line(s)} | {_score_note(scores(before), scores(s), s.names)}"],
                        where))
    return out


def said(s: State) -> Said:
    names = s.names
    if s.over:
        return Said(waiting="the game is over (ruling C12)")
    if not s.open:
        nxt = names[1 - s.player]
        return Said(to_move=nxt, turn=f"turn {s.played + 1} ({nxt})", dice=DIE,
                    waiting=f"{nxt} rolls the die: add `- roll: N` (with `actions: []`) to the record")
    first = FIRST_LESS if s.turn == 0 and s.t.first_less else ""
    forced = [f"{why.message} ({why.rule.id})" for why in end_of_turn(s) if why.rule is not R_SPEND]
    return Said(to_move=names[s.player], forced=forced, dice=DIE,
                turn=f"turn {s.played} ({names[s.player]}), roll {s.roll}: {plural(s.points, 'Nut Point')} "
                     f"left{first}; Tongs {'in hand' if s.held(s.player) else 'put down'}")


def cost(s: State, a: Step) -> int | None:
    return s.cost(a) if a.__class__ is Move else None     # type: ignore[arg-type]
