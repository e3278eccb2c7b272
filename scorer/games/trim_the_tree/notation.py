"""Trim the Tree: picks read from and written to the record's notation (docs/records/trim-the-tree.md).

A record writes a pick as a mapping {player: Ann, take: blue box, at: C2}; at the table (`pnpkit
moves --try`) it is also "Ann: blue box at C2" or, for the player to pick, "blue box at C2".
`pick_of` and `pick_text` are a round trip.
"""
from __future__ import annotations

import re
from functools import lru_cache

import yaml

from pnpkit.scorer.game import END_TURN, END_TURN_TEXT
from pnpkit.scorer.games.trim_the_tree.state import Box, Move, State, Step, Stranger


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


def read(s: State, text: str) -> Step:
    """The Rules protocol's reading: the pick in position `s` (the player to pick by default), `end
    the turn` (the round's end)."""
    if " ".join(str(text).lower().split()) == END_TURN_TEXT:
        return END_TURN
    who = s.to_pick()
    default = s.names[who if who is not None else (s.round + 1) % s.n]
    if str(text).strip().startswith("{"):
        return _mapping(str(text).strip(), s.names, default)
    return pick_of(text, s.names, default)


def _mapping(text: str, names: list[str], default: str) -> Move:
    """`{player: Ann, take: blue box, at: C2}`, as the record writes a pick (the player to pick by default)."""
    try:
        data = yaml.safe_load(text)
        if not isinstance(data, dict) or set(data) - {"player", "take", "at"} or not {"take", "at"} <= set(data):
            raise ValueError("not a pick")
        return named(str(data.get("player", default)), ornament(data["take"]), space(data["at"]), names)
    except (yaml.YAMLError, ValueError) as e:
        if "is not a player" in str(e):
            raise
        raise ValueError(f"cannot read {text!r}: expected {PICK_NOTATION}") from e


def write(s: State, mv: Step) -> str:
    """A pick -> "blue box at C2" for the player to pick, "Ann: blue box at C2" for another."""
    if mv.__class__ is not Move:
        if mv is END_TURN:
            return END_TURN_TEXT
        raise ValueError(f"{mv} is not written on a line of its own")
    if mv.who == s.to_pick():       # type: ignore[union-attr]
        return f"{mv.orn} at {mv.space}"        # type: ignore[union-attr]
    return pick_text(mv, s.names)       # type: ignore[arg-type]


def words(s: State, mv: Step) -> str:
    """What a step does, in one sentence, in position `s` (before it is played)."""
    if mv.__class__ is Box:
        return f"{s.names[(s.round + 1) % s.n]} draws {', '.join(mv.ornaments)} for the box"   # type: ignore[union-attr]
    if mv.__class__ is Stranger:
        return f"{mv.player} picks"     # type: ignore[union-attr]
    if mv is END_TURN:
        return f"round {s.round + 1} ends"
    who, orn, space = mv    # type: ignore[misc]
    return f"{s.names[who]} puts the {orn} at {space}"
