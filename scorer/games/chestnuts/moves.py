"""Chestnuts Roasting on an Open Fire: the rules (scorer/protocol.py's `Rules`).

One function, `why_illegal`, holds every rule about a step: an action of the reference card, the
die rolled at a turn's start (steps 1-3 before it), a turn's end (forced actions, spend all: ruling
C4); `legal_moves` is the list of candidates it accepts. The replay, the table, the explanation
and the simulator all go through these, so a rule is written once. What a step does is
effects.py's, its words notation.py's and explain.py's, the places it touches position.py's.
"""
from __future__ import annotations

import re
from functools import lru_cache
from operator import itemgetter
from typing import Callable, Sequence

from pnpkit.scorer.core import join_names, plural
from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal
from pnpkit.scorer.games.chestnuts.effects import apply, as_played
from pnpkit.scorer.games.chestnuts.notation import parse, resolve, text_of
from pnpkit.scorer.games.chestnuts.position import places
from pnpkit.scorer.games.chestnuts.rules import (R_C4, R_C7_FORCED, R_C7_WAIVED, R_C8, R_END, R_NOTES1, R_NOTES3,
                                                 R_ONCE_AD, R_C5, R_ROLL, R_SPEND)
from pnpkit.scorer.games.chestnuts.state import (BASKET, FIRE_C, NP, OVER, PLATE, TAKES_NONE, Move, Roll, Spec, State,
                                                 Step)
from pnpkit.scorer.games.chestnuts.notation import words

__all__ = ["affordable", "apply", "as_played", "candidates", "chance", "end_of_turn", "is_over", "legal_moves",
           "places", "read", "repeats", "ruled_out", "to_move", "why_illegal", "words", "write"]

ROLLS = tuple(Roll(n) for n in range(1, 7))
_ROLL = re.compile(r"\s*roll\s+([1-6])\s*")


def to_move(s: State) -> int | None:
    """The seat to decide: None before the first roll, between turns (a roll is due) and at the end."""
    return s.player if s.open and not s.over and legal_moves(s) else None


def chance(s: State) -> tuple[Roll, ...]:
    """The die, while a turn is to begin."""
    return () if s.open or s.over else ROLLS


def is_over(s: State) -> bool:
    return s.over


def read(s: State, text: str) -> Step:
    """The record's notation -> the move it means here (a bare `c 2` or `i`: the owners it defaults to);
    `end the turn`; `roll N`, the die of the next turn."""
    said = " ".join(str(text).lower().split())
    if said == END_TURN_TEXT:
        return END_TURN
    if m := _ROLL.fullmatch(said):
        return Roll(int(m[1]))
    return resolve(s, parse(text))


def write(s: State, a: Step) -> str:
    """The step -> the shortest notation that means it here (`read(s, write(s, a)) == a`)."""
    if a.__class__ is Roll:
        return f"roll {a.n}"                                # type: ignore[union-attr]
    return END_TURN_TEXT if a is END_TURN else text_of(s, a)    # type: ignore[arg-type]


def why_illegal(s: State, mv: Step) -> Illegal | None:
    """Why step `mv` (an action of the player to move, the die, the turn's end) may not come now."""
    if mv.__class__ is not Move:
        if mv.__class__ is Roll:
            return _why_roll(s) if s.over or s.open or not s.played else None
        if not s.open and not s.over:
            return _why_between(s)
        found = end_of_turn(s)
        return found[0] if found else None
    if not s.open:
        return _why_between(s)
    sp = s.t.spec[mv[0]]
    why = _why_letter(s, sp)
    return why if why is not None else _why_count(s, sp, mv)     # type: ignore[arg-type]


def _why_letter(s: State, sp: Spec) -> Illegal | None:
    """The rules about an action that its count and owners do not change (the roll, once a turn,
    the Flame's place in the turn, the Tongs), in the order `why_illegal` asks them: `legal_moves`
    asks them once for a letter, not once for each of its counts."""
    if s.over:
        return Illegal("the game is over: nothing more may be done", R_END)
    t, letter, roll = s.t, sp.letter, s.roll
    if not sp.on_roll[roll]:
        return Illegal(f"{letter}) is only for a roll of {' or '.join(map(str, sp.rolls))}, not {roll}", sp.roll_rule)
    ff = t.forced_flame
    if sp.flame and ff is not None and sp is not ff and ff.on_roll[roll]:
        return Illegal(f"on a roll of {roll} the Flame is {ff.letter}), so {letter}) is not available", R_C5)
    if sp.once and s.used & sp.bit:
        return Illegal(f"{letter}) was already taken this turn", R_ONCE_AD if letter in "ad" else R_C5)
    if sp.flame and s.used & t.flame_mask:
        return Illegal("a Flame was already added this turn (one Flame a turn)", R_C5)
    if letter == "j" and not s.c[(1 - s.player) * NP + BASKET]:
        return Illegal("the opponent's Basket is empty, so j) is waived this turn: there is no chestnut of theirs "
                       "to put on the Fire", R_C7_WAIVED)
    held = bool(s.tongs >> s.player & 1)        # s.held(s.player), without a call on every action
    if sp.flame:
        if not s.flame_window():
            return Illegal("a Flame must be the turn's first action (second, after d), if the Tongs were held)", R_NOTES1)
        if held:
            return Illegal("the Tongs are in hand: put them down (d) first, then add the Flame", R_NOTES1)
    elif s.flame_pending() and s.flame_window() and not (letter == "d" and s.n == 0 and held):
        first = "put the Tongs down (d), then add the Flame (l)" if held else "add the Flame (l)"
        return Illegal(f"on a roll of {roll} the turn must begin: {first}", R_NOTES1)
    if sp.held != held:
        if letter in "jk" and not held:
            return Illegal(f"{letter}) needs the Tongs in hand: pick them up (a) first", R_NOTES3)
        return Illegal(f"{letter}) needs the Tongs " + ("in hand; they are put down" if sp.held else "put down; they are in hand"),
                       sp.tongs_rule)
    return None


def _why_count(s: State, sp: Spec, mv: Move) -> Illegal | None:
    """The rest of `why_illegal`, once `_why_letter` accepts the letter: what the count costs and
    takes, and whether a forced j) could still follow it."""
    letter, n = sp.letter, mv[1]
    t = s.t
    if n > sp.max_count:
        return Illegal(f"{letter}) moves at most {sp.max_count} chestnuts", sp.rule)
    cost = sp.cost * n if sp.per else sp.cost
    if cost > s.points:
        return Illegal(f"costs {plural(cost, 'Nut Point')}; {s.points} left{_first_less(s)}", sp.rule)
    if letter == "k" and not s.used & t.spec["j"].bit:
        return Illegal("k) comes after the forced j)", R_C8)
    short = s.shortage(mv)
    if short:
        return Illegal(short, sp.rule)
    if letter != "j" and s.j_pending():
        held = bool(s.tongs >> s.player & 1)
        a_used = s.used & t.spec["a"].bit
        if j_reachable(s.points, held, a_used):
            after_held = True if letter == "a" else False if letter == "d" else held
            if not j_reachable(s.points - cost, after_held, letter == "a" or a_used):
                return Illegal("on a roll of 3 j) must be taken; after this it no longer could be "
                               "(it needs the Tongs in hand and 1 Nut Point, picking them up 1 more)", R_C7_FORCED)
    return None


def _first_less(s: State) -> str:
    t, roll = s.t, s.roll
    full = t.nut_points[roll - 1]
    return (f" (the first player's first turn has {t.first_less} less: a roll of {roll} gives {full} - "
            f"{t.first_less} = {full - t.first_less}, ruling C3)" if s.turn == 0 and t.first_less else "")


def _why_roll(s: State) -> Illegal | None:
    if s.over:
        if s.by_steps:
            return Illegal("the game ended at the start of this turn (steps 1-3); no roll or action follows", R_END)
        return Illegal("the game is over: no more turns are played", R_END)
    if s.open:
        why = why_turn_ends(s)
        return None if why is None else Illegal(f"the turn in progress may not end yet: {why.message}", why.rule)
    if not s.played and s.steps_end():      # (a turn's end plays the steps that end the game: effects.py)
        return Illegal("the game ended at the start of this turn (steps 1-3); no roll or action follows", R_END)
    return None


def _why_between(s: State) -> Illegal:
    """An action while no turn is in progress: the turn is over, and the next player rolls first."""
    if s.over:
        return Illegal("the game is over: nothing more may be done", R_END)
    who, nxt = s.names[s.player], s.names[1 - s.player]
    if s.played and s.points > 0:
        return Illegal(f"{who}'s turn is over: {plural(s.points, 'Nut Point')} left, but nothing left is "
                       f"affordable: {ruled_out(s)}. {nxt} rolls the die first", R_C4)
    return Illegal(f"{who}'s turn is over; {nxt} rolls the die first", R_ROLL)


def why_turn_ends(s: State) -> Illegal | None:
    """What is wrong with ending the turn here (None: it may end): a forced action not taken, points
    unspent; nothing once the game is over."""
    found = end_of_turn(s)
    return found[0] if found else None


def repeats(s: State, why: Illegal) -> bool:
    """Notes 1 is reported once a turn; a forced action already reported as made impossible (C7,
    Notes 1) is not reported again at the turn's end."""
    again = follows(s, s.reported, why)
    s.reported.add(why.rule.id)
    return again


def follows(s: State, reported: set[str], why: Illegal) -> bool:
    """Whether `why` follows from a rule already reported this turn (`reported`: their ids)."""
    rule, forced = why.rule, s.t.forced_rule
    return ((rule is R_NOTES1 or rule is forced["l"]) and R_NOTES1.id in reported) or \
        (rule is forced["j"] and R_C7_FORCED.id in reported)


def ruled_out(s: State) -> str:
    """Why nothing more is affordable (ruling C4), each action of this roll with what rules it out,
    in why_illegal's own words: `a) and d) already taken this turn; i) costs 2 Nut Points, 1 left`."""
    why: dict[str, list[str]] = {}
    s = s.copy()
    s.open = True           # (asked between turns: the turn just ended, as it stood)
    for mv in candidates(s, smallest=True, cut=False):
        letter = mv[0]
        refused = s.t.spec[letter].on_roll[s.roll] and why_illegal(s, mv)
        if refused:
            text = refused.message.removeprefix(f"{letter}) ").removeprefix("was ").replace("; ", ", ")
            why.setdefault(text, []).append(f"{letter})")
    return "; ".join(f"{join_names(letters)} " + (text.replace("needs ", "need ", 1) if len(letters) > 1 else text)
                     for text, letters in why.items())


def j_reachable(points: int, held: bool, a_used) -> bool:
    """Notes 3: j) needs the Tongs in hand; if they are down, a) (once a turn) picks them up first."""
    return points >= 1 if held else (not a_used and points >= 2)


# ---------------------------------------------------------------- lists and searches

def candidates(s: State, smallest: bool = False, cut: bool = True) -> list[Move]:
    """Every move that could be legal here (a superset); with `smallest`, one per letter, the
    cheapest, since a larger count is legal only if the smallest is (costs and needs only grow).

    With `cut`, letters `why_illegal` refuses whatever their count are left out first: the wrong
    roll, the Tongs in the other state, taken already (once a turn), or dearer than the points left.
    It changes no list, only its speed (tests/chestnuts/test_chestnuts_props.py compares it with no cut)."""
    out: list[Move] = []
    for letter, sp in (_open(s) if cut else s.t.spec.items()):
        out += _counts(s, letter, sp, smallest)
    return out


def _open(s: State) -> list[tuple[str, Spec]]:
    """The letters `candidates` lists with `cut`: allowed on this roll in this Tongs state, not
    taken already if once a turn, not dearer than the points left."""
    used, points = s.used, s.points
    return [(letter, sp) for letter, sp in s.t.open_on(s.roll, s.held(s.player))
            if not ((sp.once and used & sp.bit) or sp.cost > points)]


def _counts(s: State, letter: str, sp: Spec, smallest: bool) -> Sequence[Move]:
    """A letter's candidates: each count (and owners) the counters there and the points allow."""
    if smallest or not sp.per:
        return _fixed(letter, sp.per, smallest)
    c, p = s.c, s.player
    q = 1 - p
    top = min(sp.max_count, s.points // sp.cost if sp.cost else 99)
    if letter == "c":
        own, theirs = c[p * NP + PLATE + p], c[q * NP + PLATE + p]
        return _eats(min(top, own + theirs), own, theirs)
    if letter == "k":
        return _frees(min(top, c[q * NP + BASKET]), c[p * NP + BASKET])
    return _run(letter, max(0, min(top, c[p * NP + _TAKES_FROM.get(letter, BASKET)])))


@lru_cache(maxsize=64)
def _fixed(letter: str, per: bool, smallest: bool) -> tuple[Move, ...]:
    """The candidates of a letter without a count (i: each owner), or a counted letter's smallest."""
    if per:
        return (Move(letter, 1, -1 if letter == "c" else 0),)
    if letter == "i":
        return (Move("i", 1, -1),) if smallest else (Move("i", 1, 0), Move("i", 1, 1))
    return (Move(letter, 1, 0),)


@lru_cache(maxsize=1024)
def _eats(top: int, own: int, theirs: int) -> tuple[Move, ...]:
    """c's candidates (`n` eaten, `m` of them the opponent's): the same few lists over and over."""
    return tuple(Move("c", n, m) for n in range(1, top + 1) for m in range(max(0, n - own), min(n, theirs) + 1))


@lru_cache(maxsize=1024)
def _frees(top: int, own: int) -> tuple[Move, ...]:
    """k's candidates (`n` of the opponent's, `m` own freed)."""
    return tuple(Move("k", n, m) for n in range(1, top + 1) for m in range(0, min(n, own) + 1))


def _run(letter: str, k: int) -> list[Move]:
    """`letter` 1 to `letter` k (e 1, e 2, ...), made once for each letter and sliced."""
    run = _RUNS.get(letter)
    if run is None or len(run) < k:
        run = _RUNS[letter] = [Move(letter, n, 0) for n in range(1, max(k, 20) + 1)]
    return run[:k]


_RUNS: dict[str, list[Move]] = {}
_TAKES_FROM = {"e": BASKET, "f": FIRE_C, "g": OVER}


def legal_moves(s: State) -> list[Move]:
    """The moves `why_illegal` accepts, owner choices written out (c's opp M, i's own). The turn's
    end is never a choice: it comes when nothing is left to spend (ruling C4).

    `why_illegal` is asked in its two halves, and no more often than it must be. The letter's
    (`_why_letter`) is asked once for each letter, its answer kept for the next position that
    holds the same of what it reads (`_letters`). The count's (`_why_count`) is asked of each
    count that `_counts` lists, its answers kept with the letter's for the next position whose
    counters where they look (`_reads`) are the same. tests/chestnuts/test_chestnuts_props.py compares this
    list with every candidate `why_illegal` accepts, over random positions and their counters
    moved about."""
    if s.over or s.points <= 0 or not s.open:
        return []
    out: list[Move] = []
    c = s.c
    for letter, sp, reads, kept in _letters(s):
        seen = reads(c) if reads is not None else None
        got = kept.get(seen)
        if got is None:
            got = kept[seen] = _accepted(s, letter, sp)
        out += got
    return out


def _accepted(s: State, letter: str, sp: Spec) -> tuple[Move, ...]:
    """The counts of `letter` that `_why_count` accepts, asking a counted letter's largest first:
    each of its rules only grows stricter as the count grows (more points, more chestnuts where
    `_counts` already found them, less left for a forced j), so if the largest passes, every
    smaller one does. (Not so for i's two owners: each is asked.)"""
    moves = _counts(s, letter, sp, False)
    if sp.per and len(moves) > 1 and _why_count(s, sp, moves[-1]) is None:
        return tuple(moves)
    return tuple(mv for mv in moves if _why_count(s, sp, mv) is None)


def _letters(s: State) -> list[tuple[str, Spec, Callable | None, dict]]:
    """The letters of `_open` that `_why_letter` accepts here, kept by what they read, each with
    what reads its counters (`_reads`) and the counts accepted by what it read.

    Kept by all that `_open`, `_why_letter` and `_why_count` read of a position but its counters:
    the kit's table, the roll, the letters taken, the turn's actions so far and its first, the
    player and the Tongs in their hand, the points, the game's end, whether the opponent's Basket
    is empty (j, and whether a forced j is due)."""
    p = s.player
    key = (s.t, s.roll, s.used, s.n, s.first, p, s.tongs >> p & 1, s.points, s.over, s.c[(1 - p) * NP + BASKET] == 0)
    kept = _LETTERS.get(key)
    if kept is None:
        if len(_LETTERS) > 4096:
            _LETTERS.clear()
        kept = _LETTERS[key] = [(letter, sp, _reads(letter, p), {}) for letter, sp in _open(s)
                                if _why_letter(s, sp) is None]
    return kept


def _reads(letter: str, p: int) -> Callable | None:
    """What reads the counters in `State.c` that the count's rules of `letter` look at (`_counts`,
    `State.shortage`), for player p to move: c their Plate (own and the opponent's chestnuts); e,
    f, g their Basket, Fire (cooked), Overcooked Box; h the opponent's cooked; i the opponent's
    Plate; j, k the Baskets; None for the Tongs and the Flames, which look at none."""
    q = 1 - p
    po, qo = p * NP, q * NP
    if letter in TAKES_NONE:
        return None
    at = {"c": (po + PLATE + p, qo + PLATE + p), "h": (qo + FIRE_C,), "i": (po + PLATE + q, qo + PLATE + q),
          "j": (qo + BASKET,), "k": (qo + BASKET, po + BASKET)}
    return itemgetter(*at.get(letter, (po + _TAKES_FROM.get(letter, BASKET),)))


_LETTERS: dict[tuple, list[tuple[str, Spec, Callable | None, dict]]] = {}


def affordable(s: State) -> list[Move]:
    """Ruling C4's search: the legal actions the remaining points can still pay for, the smallest
    of each letter (an empty list: the turn may end). It is empty exactly when `legal_moves` is,
    in a turn in progress (a larger count is legal only if the smallest is; tests compare them over
    random positions), whose list a check has at hand: a turn's end is asked for it once a turn."""
    if s.over or s.points <= 0 or (s.open and not legal_moves(s)):
        return []
    return smallest_legal(s)


def smallest_legal(s: State) -> list[Move]:
    """`affordable`'s list, every letter's smallest candidate asked of `why_illegal`."""
    out: list[Move] = []
    letters: set[str] = set()
    for mv in candidates(s, smallest=True):
        if mv[0] not in letters and why_illegal(s, mv) is None:
            letters.add(mv[0])
            out.append(mv)
    return out


def end_of_turn(s: State) -> list[Illegal]:
    """What is wrong with stopping the turn here: a forced action not taken, points unspent."""
    if s.over or not s.open:
        return []
    out: list[Illegal] = []
    if s.j_pending():
        out.append(Illegal("on a roll of 3 j) must be taken (the opponent's Basket is not empty)", s.t.forced_rule["j"]))
    if s.flame_pending():
        out.append(Illegal(f"on a roll of {s.roll} a Flame (l) must be added", s.t.forced_rule["l"]))
    if not out:
        moves = affordable(s)
        if moves:
            shown = ", ".join(f'"{mv[0]}"' if mv[0] in "abdhijl" else f'"{mv[0]} 1"' for mv in moves)
            out.append(Illegal(f"{plural(s.points, 'Nut Point')} left unspent, and "
                               f"{shown} could still be taken (ruling C4)", R_SPEND))
    return out
