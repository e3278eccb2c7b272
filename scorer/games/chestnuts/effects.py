"""Chestnuts Roasting on an Open Fire: what a step does to the position, once the rules have judged
it (moves.py), and how the table evidently played one they refused.

A turn's end passes the turn on; where the next player's steps 1-3, which take no decision, end
the game (ruling C12), they are played at once. The die then starts the next turn: steps 1-3, and
the roll's Nut Points (C2, C3).
"""
from __future__ import annotations

from pnpkit.scorer.game import END_TURN, Illegal, Played, Stop
from pnpkit.scorer.games.chestnuts.state import (BASKET, BURNT, CHAIR, FIRE_C, FIRE_U, NP, OVER, PLATE, Move, Roll, State,
                                                 Step, i_default)

__all__ = ["apply", "as_played", "overheat"]


def apply(s: State, mv: Step) -> None:
    """Play `mv` (the caller has checked it, or knows its counters are there)."""
    if mv.__class__ is not Move:
        return _turn(s, mv)
    letter, n, m = mv       # type: ignore[misc]
    t = s.t
    sp = t.spec[letter]
    p = s.player
    q = 1 - p
    c = s.c
    po, qo = p * NP, q * NP
    if letter == "a":
        s.tongs |= 1 << p
    elif letter == "d":
        s.tongs &= ~(1 << p)
    elif sp.flame:
        s.flames += 1
        if s.flames >= t.flames:
            overheat(s)
    elif letter == "c":
        m = max(0, n - c[po + PLATE + p]) if m < 0 else m
        c[po + PLATE + p] -= n - m
        c[po + CHAIR + p] += n - m
        c[qo + PLATE + p] -= m
        c[qo + CHAIR + p] += m
    elif letter == "e":
        c[po + BASKET] -= n
        c[po + FIRE_U] += n
    elif letter == "f":
        c[po + FIRE_C] -= n
        c[po + PLATE + p] += n
    elif letter == "g":
        c[po + OVER] -= n
        c[po + PLATE + p] += n
    elif letter == "h":
        c[qo + FIRE_C] -= 1
        c[qo + PLATE + p] += 1
    elif letter == "i":
        o = (p if (i_default(s) if m < 0 else m) else q) * NP
        c[o + PLATE + q] -= 1
        c[o + CHAIR + p] += 1
    elif letter in "jk":
        c[qo + BASKET] -= n
        c[qo + FIRE_U] += n
        if letter == "k" and m:
            c[po + BASKET] -= m
            c[po + FIRE_U] += m
    left = s.points - (sp.cost * n if sp.per else sp.cost)
    s.points = left if left > 0 else 0
    s.used |= sp.bit
    if s.n == 0:
        s.first = letter
    s.n += 1
    if letter in "ceghi" or sp.flame:
        s.over = s.ended()


def _turn(s: State, a: Step) -> None:
    """The die starts a turn; a turn's end passes it on (the next steps 1-3 played if they end the game)."""
    if a.__class__ is Roll:
        s.start_turn(a.n)           # type: ignore[union-attr]
    elif not s.over:                # END_TURN
        s.open = False
        if s.steps_end():
            s.steps()


def overheat(s: State) -> None:
    """Ruling C11: both players' chestnuts move one step on at once; the added Flames come off."""
    c = s.c
    for o in (0, NP):
        c[o + BURNT] += c[o + OVER]
        c[o + OVER] = c[o + FIRE_C]
        c[o + FIRE_C] = c[o + FIRE_U]
        c[o + FIRE_U] = 0
    s.flames = 0


def as_played(s: State, mv: Step, why: Illegal) -> Played:
    """A refused action is played as the table played it where its counters are there (not where
    they are not: its shortage says why); nothing is played once the game is over; a die the next
    player's steps 1-3 make void still has those steps played (they end the game)."""
    if s.over:
        return Stop("the game is over")
    if mv.__class__ is Roll and not s.open:
        s.start_turn(mv.n)          # type: ignore[union-attr]
        return Stop("steps 1-3 end the game")
    if mv is END_TURN:
        return None
    return s.shortage(mv)       # type: ignore[arg-type]
