"""In the Nuts!: the move log's notation, read into actions and written back (a round trip).

`parse_roll`, `parse_card`, `parse_take`, `parse_section`, `parse_to`, `parse_steal` read the
notation of one entry (the record's models in record.py check every entry with them when the
record is read, so a typo is an unreadable record naming its line); `entry` writes an action the
way a record does (a string or a mapping), `line` writes it in one line as `pnpkit moves --try`
reads it, and `mapping` reads such a line back into a record entry. docs/records/in-the-nuts.md
describes the notation.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

from pnpkit.scorer import dice
from pnpkit.scorer.games.in_the_nuts.state import (AnyRoll, EndStore, First, Pick, Reveal, Roll, RollAgain, Settle,
                                                   Shape, Steal, Stop, Take, Throw)
from pnpkit.scorer.games.in_the_nuts.storage import KEEP, KINDS
from pnpkit.scorer.records import notation

NOTATION = ("a roll `2 1 6 > 8` or `roll > 8`, `stop`, `take acorn, new walnut, to 2` (or the record's "
            "{take: acorn, new: walnut, to: 2}), `steal Uwe 3b, to 5`, `Christine: joker walnut/acorn, to 3`, "
            "a setup squirrel's section `5-6`")
_SPAN = r"\d{1,2}(?:-\d{1,2})?"


@lru_cache(maxsize=256)
def parse_card(text: str) -> str:
    """`walnut`, a joker `walnut/acorn` (either order) -> the card as the replay writes it."""
    parts = [p.strip().lower() for p in str(text).split("/")]
    if len(parts) == 1 and parts[0] in KINDS:
        return parts[0]
    if len(parts) == 2 and parts[0] != parts[1] and all(p in KINDS for p in parts):
        return "/".join(sorted(parts, key=KINDS.index))
    raise ValueError(f"cannot read nut card {text!r}: expected a kind ({', '.join(KINDS)}) or a joker's two "
                     f"kinds, e.g. walnut/acorn")


@lru_cache(maxsize=4096)
def parse_roll(text: str) -> Roll:
    """`2 1 6 > 8`: green, white, white, then the space the squirrel went to (none: a bad roll)."""
    m = re.fullmatch(r"\s*(\d+)\s+(\d+)\s+(\d+)\s*(?:>\s*(\d+)\s*)?", str(text))
    if not m:
        raise ValueError(f"cannot read roll {text!r}: expected the green die, the two white dice and the space "
                         f"the squirrel went to, e.g. \"2 1 6 > 8\" (a bad roll: \"4 5 6\")")
    g, a, b = (dice.check(int(x)) for x in m.group(1, 2, 3))
    return Roll(g, (min(a, b), max(a, b)), int(m[4]) if m[4] else None)


@lru_cache(maxsize=4096)
def take_action(take: str, new: str | None, to: str | None, as_: str | None, by: int | None = None) -> Take:
    """A record's `{take, new, to, as, by}` -> the Take action (the same entries recur from game to game)."""
    card, place = parse_take(take)
    return Take(card, place, parse_card(new) if new else None, to, as_, by)


@lru_cache(maxsize=512)
def parse_take(text: str) -> tuple[str, str | None]:
    """`walnut`, `walnut 8-9` (the place it lay under, where two walnuts could be taken)."""
    m = re.fullmatch(rf"\s*(\S+?)(?:\s+({_SPAN}))?\s*", str(text))
    if not m:
        raise ValueError(f"cannot read {text!r}: expected the nut taken, e.g. walnut, walnut/acorn or walnut 8-9")
    return parse_card(m[1]), m[2]


def parse_section(text: str) -> str:
    """A section by its starting spaces, as printed: `2-4`, `7`."""
    if not re.fullmatch(_SPAN, text.strip()):
        raise ValueError(f"cannot read section {text!r}: write its starting spaces as printed, e.g. 2-4")
    return text.strip()


def parse_to(text: str) -> str:
    """A storage card's name (`2`, `2b`) or `keep` (a joker)."""
    t = text.strip().lower()
    if not re.fullmatch(r"keep|\d{1,2}[a-z]?", t):
        raise ValueError(f"cannot read storage card {text!r}: its name (2, 2b, 3, ...) or keep (a joker)")
    return t


def parse_steal(text: str) -> str:
    """`Uwe 3b`: the player stolen from and their storage card."""
    if len(str(text).strip().rsplit(None, 1)) != 2:
        raise ValueError(f"cannot read {text!r}: expected the player and their storage card, e.g. Uwe 3b")
    return str(text).strip()


# ---------------------------------------------------------------- the notation as a record's texts

# record.py's models check each text with its reader above when the record is read; `numbers`: a
# YAML number is read as its text (`to: 2`), `as_read`: the text kept is the reader's (`2B` is card `2b`)
RollText = notation(parse_roll, numbers=True)
CardText = notation(parse_card)
TakeText = notation(parse_take)
SectionText = notation(parse_section, as_read=True, numbers=True)
ToText = notation(parse_to, as_read=True, numbers=True)
StealText = notation(parse_steal, as_read=True)


# ---------------------------------------------------------------- actions as a record writes them

def _stored(a, d: dict, names=()) -> dict:
    if a.to is not None:
        d["to"] = a.to
    if a.as_ is not None:
        d["as"] = a.as_
    if getattr(a, "by", None) is not None:
        d["by"] = names[a.by]
    return d


def entry(a, names) -> Any:
    """An action as a record writes it: a string (a roll, a face-up card, a setup squirrel) or a
    mapping (a first nut, a nut taken or stolen, a kept joker stored at the end)."""
    t = type(a)
    if t is Reveal:
        return a.card
    if t is Settle:
        return a.section
    if t is Roll:
        return f"{a.green} {a.white[0]} {a.white[1]}" + (f" > {a.space}" if a.space is not None else "")
    if t is Stop:
        return "stop"
    if t is First:
        return _stored(a, {"take": a.card})
    if t is Take:
        d = {"take": a.card + (f" {a.place}" if a.place else "")}
        if a.new:
            d["new"] = a.new
        return _stored(a, d, names)
    if t is Steal:
        return _stored(a, {"steal": f"{names[a.victim]} {a.card}"}, names)
    return _stored(a, {"joker": a.joker})


def line(a, names) -> str:
    """An action in one line, as `--try` reads it."""
    t = type(a)
    if t is Stop:
        return "stop"
    e = entry(a, names)
    if isinstance(e, str):
        return e
    head = next(iter(e))
    words = [f"{head} {e[head]}"] + [f"{k} {v}" for k, v in e.items() if k != head]
    return (f"{names[a.player]}: " if t is EndStore else "") + ", ".join(words)


def mapping(text: str) -> dict[str, Any] | None:
    """`{take: acorn, to: 2}` or `take acorn, new walnut, to 2` -> a record entry; None: neither."""
    if text.startswith("{"):
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            raise ValueError(f"cannot read {text!r}: expected {NOTATION}") from None
        if not isinstance(data, dict):
            raise ValueError(f"cannot read {text!r}: expected {NOTATION}")
        return data
    head, *rest = [p.strip() for p in text.split(",")]
    verb, _, what = head.partition(" ")
    if verb.lower() not in ("take", "steal", "joker") or not what.strip():
        return None
    out = {verb.lower(): what.strip()}
    for part in rest:
        key, _, value = part.partition(" ")
        if key.lower() not in ("new", "to", "as") or not value.strip() or key.lower() in out:
            raise ValueError(f"cannot read {part!r} in {text!r}: after the nut come `new CARD`, `to CARD` and "
                             f"`as KIND`, each once")
        out[key.lower()] = value.strip()
    return out


def words(s, a) -> str:
    """What step `a` does, in one sentence, in position `s` (before it is played)."""
    who, t = s.names[s.actor], type(a)
    if t is Roll:
        return f"{s.names[s.active]} rolls {a.green} {a.white[0]} {a.white[1]}" + (
            f" and puts a squirrel on {a.space}" if a.space is not None else ": a bad roll")
    if t is AnyRoll or t is RollAgain:
        return f"{s.names[s.active]} rolls" + (f" for {a.space}" if t is AnyRoll and a.space is not None else "")
    if t is Take or t is Pick:
        return f"{who} takes the {a.card}" + _where(a)
    if t is Steal:
        return f"{who} steals from {s.names[a.victim]}'s card {a.card}"
    if t is Settle:
        return f"{s.names[a.player]} puts a setup squirrel in {a.section}"
    if t is Reveal:
        return f"the setup turns {a.card} face up"
    if t is First:
        return f"{who} stores the first nut, {a.card}" + _where(a).replace(", stores it on", ", on")
    if t is EndStore:
        return f"{s.names[a.player]} stores the kept joker {a.joker}"
    if t is Throw:
        return f"the dice show {a.green} {a.white[0]} {a.white[1]}"
    if t is Shape:
        return f"the record: {a.kind}"
    return f"{s.names[s.active]} stops" if t is Stop else f"{who}: {a}"


def _where(a) -> str:
    """Where a nut taken goes: `, stores it on 3b` (as the kind a joker counts as), `, keeps it`."""
    if a.to is None:
        return ""
    return ", keeps it" if a.to == KEEP else f", stores it on {a.to}" + (f" as {a.as_}" if a.as_ else "")


def places(s, a) -> tuple[str, ...]:
    """What step `a` touches, in the picture's names (position.py): a space of the starting track, a
    section, the place of a face-up nut (a nut picked)."""
    b, t = s.b, type(a)
    if t is Pick and a.place is None:
        return tuple(p.region for p in b.places if p.index in s.places() and s.faceup[p.index] == a.card)
    if t is Pick:
        return tuple(p.region for p in b.places if p.label == a.place)
    if t is Roll and a.space is not None and a.space in b.printed:
        return (b.printed[a.space],)
    if t is Settle and (sec := b.first_row(a.section)) is not None:
        return (sec.region,)
    if t is Take and a.place is not None:
        return tuple(p.region for p in b.places if p.label == a.place)
    return ()
