"""Trim the Tree: picks read from and written to the record's notation (docs/records/trim-the-tree.md).

A record writes a pick as a mapping {player: Ann, take: blue box, at: C2}; at the table (`pnpkit
moves --try`) it is also "Ann: blue box at C2" or, for the player to pick, "blue box at C2".
`pick_of` and `pick_text` are a round trip.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pnpkit.scorer.games.trim_the_tree.state import Move


@lru_cache(maxsize=256)      # records repeat a few names; 256 long ones at most are kept
def ornament(text: str) -> str:
    words = str(text).lower().split()
    if len(words) != 2 or not all(w.isalpha() for w in words):
        raise ValueError(f"cannot read ornament {text!r}: write its colour and its shape, e.g. \"blue box\"")
    return " ".join(words)


@lru_cache(maxsize=256)
def space(text: str) -> str:
    if not SPACE_RE.fullmatch(str(text)):
        raise ValueError(f"cannot read space {text!r}: write a row letter and a position, e.g. C2")
    return str(text).strip().upper()


SPACE_RE = re.compile(r"\s*[A-Za-z]\d{1,2}\s*")


PICK_RE = re.compile(r"\s*(?:(?P<player>[^:{}]+?)\s*:\s*)?(?P<orn>[A-Za-z]+\s+[A-Za-z]+)\s+at\s+(?P<at>\S+)\s*")
PICK_NOTATION = 'COLOUR SHAPE at SPACE ("blue box at C2"), "Ann: blue box at C2" or {player: Ann, take: blue box, at: C2}'


def pick_of(text: str, names: list[str], default: str) -> Move:
    """"Ann: blue box at C2" (or without the player: `default` picks) -> a pick. ValueError: unreadable."""
    m = PICK_RE.fullmatch(str(text).strip())
    if not m:
        raise ValueError(f"cannot read {text!r}: expected {PICK_NOTATION}")
    return named(m["player"] or default, ornament(m["orn"]), space(m["at"]), names)


def named(player: str, orn: str, at: str, names: list[str]) -> Move:
    if player not in names:
        raise ValueError(f"{player!r} is not a player ({', '.join(names)})")
    return Move(names.index(player), orn, at)


def pick_text(mv: Move, names: list[str]) -> str:
    """A pick -> "Ann: blue box at C2"."""
    return f"{names[mv.who]}: {mv.orn} at {mv.space}"


def read(s, text: str) -> Move:
    """The Rules protocol's reading: the pick in position `s` (the player to pick by default)."""
    who = s.to_pick()
    return pick_of(text, s.names, s.names[who if who is not None else (s.round + 1) % s.n])


def write(s, mv: Move) -> str:
    return pick_text(mv, s.names)
