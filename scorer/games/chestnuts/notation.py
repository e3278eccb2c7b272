"""Chestnuts Roasting on an Open Fire: actions read from and written to the record's notation
(docs/records/chestnuts.md): "a", "c 2", "c 2 opp 1", "i own", "k 1 free 1".

`parse` and `text` are a round trip; `text_of` writes the shortest form that means a move in a
given position (a `c` eating one's own first needs no `opp 0`), as the table lists moves; `words`
says a step in the one sentence a person reads.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.chestnuts.state import Move, Roll, State, Step, c_default, i_default

_MOVE = re.compile(r"\s*([a-l])(?:\s+(\d+))?(?:\s+(free|opp|own)(?:\s+(\d+))?)?\s*")
NOTATION = ('a, b, d, h, j, l; "c N" or "c N opp M"; "e N"; "f N"; "g N"; "i", "i own" or "i opp"; '
            '"k N" or "k N free M" (N, M whole numbers)')


@lru_cache(maxsize=4096)
def parse(text: str) -> Move:
    """Record notation -> Move. Raises ValueError (the record is unreadable) on bad notation."""
    m = _MOVE.fullmatch(str(text).lower())
    bad = ValueError(f"cannot read action {text!r}: expected {NOTATION}")
    if not m:
        raise bad
    letter, n, word, k = m[1], m[2], m[3], m[4]
    if letter in "abdhjl":
        if n or word:
            raise ValueError(f"action {letter} takes no count: write just {letter!r}")
        return Move(letter, 1, 0)
    if letter == "i":
        if n or (word and (k or word == "free")):
            raise ValueError(f'cannot read {text!r}: write "i", "i own" or "i opp"')
        return Move("i", 1, 1 if word == "own" else 0 if word == "opp" else -1)
    if not n:
        raise ValueError(f'action {letter} needs a count: write "{letter} 1", "{letter} 2", ...')
    if int(n) < 1:
        raise ValueError(f"action {letter}: the count must be 1 or more, got {n}")
    want = {"c": "opp", "k": "free"}.get(letter)
    if word and (word != want or k is None):
        raise ValueError(f'cannot read {text!r}: expected "{letter} N"' + (f' or "{letter} N {want} M"' if want else ""))
    if letter == "c":
        return Move("c", int(n), int(k) if word else -1)
    return Move(letter, int(n), int(k) if word else 0)


def text(mv: Move) -> str:
    """Move -> record notation, whatever the position: owner choices written out when made
    (`parse(text(mv)) == mv` for every move parse gives and every move the rules list)."""
    letter, n, m = mv
    if letter in "abdhjl":
        return letter
    if letter == "i":
        return "i own" if m == 1 else "i opp" if m == 0 else "i"
    if letter == "c":
        return f"c {n}" if m < 0 else f"c {n} opp {m}"
    if letter == "k":
        return f"k {n}" + (f" free {m}" if m else "")
    return f"{letter} {n}"


def text_of(s: "State", mv: Move) -> str:
    """Move -> record notation, the shortest form that means it in position `s`."""
    letter, n, m = mv
    if letter in "abdhjl":
        return letter
    if letter == "i":
        return "i own" if m == 1 else "i"
    if letter == "c":
        return f"c {n}" if m < 0 or m == c_default(s, n) else f"c {n} opp {m}"
    if letter == "k":
        return f"k {n}" + (f" free {m}" if m else "")
    return f"{letter} {n}"


def resolve(s: "State", mv: Move) -> Move:
    """Fill in a default owner choice (c without opp, bare i) for this position."""
    letter, n, m = mv
    if m < 0:
        return Move(letter, n, c_default(s, n) if letter == "c" else i_default(s))
    return mv


def words(s: State, a: Step) -> str:
    """What step `a` does, in one sentence, in position `s` (before it is played)."""
    if a.__class__ is not Move:
        if a.__class__ is Roll:
            return f"{s.names[1 - s.player]} rolls {a.n}"     # type: ignore[union-attr]
        return f"{s.names[s.player]} ends the turn"
    letter, n, m = resolve(s, a)        # type: ignore[arg-type]
    me, them = s.names[s.player], s.names[1 - s.player]
    if letter in "bl":
        return f"{me} adds a Flame ({s.flames + 1} of {s.t.flames})"
    return {
        "a": f"{me} picks up the Tongs",
        "c": f"{me} eats {plural(n, 'chestnut')} from the Plate" + (f" ({m} of them {them}'s)" if m else ""),
        "d": f"{me} puts down the Tongs",
        "e": f"{me} puts {plural(n, 'chestnut')} from the Basket on the Fire",
        "f": f"{me} takes {plural(n, 'cooked chestnut')} from the Fire to the Plate",
        "g": f"{me} takes {plural(n, 'chestnut')} from the Overcooked Box to the Plate",
        "h": f"{me} takes one of {them}'s cooked chestnuts from the Fire to the Plate",
        "i": f"{me} eats one of " + ("their own chestnuts" if m else f"{them}'s chestnuts") + f" from {them}'s Plate",
        "j": f"{me} puts one of {them}'s chestnuts from {them}'s Basket on the Fire",
        "k": f"{me} puts {plural(n, 'more chestnut')} of {them}'s on the Fire" + (f", and {m} own free" if m else ""),
    }[letter]
