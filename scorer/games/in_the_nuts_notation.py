"""In the Nuts!: the move log's notation, read into actions and written back.

The record's models (`Setup`, `Turn`, `Nut`, ...) check every entry's notation when the record is
read, so a typo is an unreadable record naming its line; `parse_roll`, `parse_card`, `parse_take`
read the notation, `entry` writes an action the way a record does, and `read_entry` reads one entry
the way the position expects it (for a tool that tries an action: `pnpkit moves --try`).
docs/records/in-the-nuts.md describes the notation.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, model_validator

from pnpkit.scorer import dice
from pnpkit.scorer.games.in_the_nuts_state import (END_JOKERS, ROLL, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                            SETUP_SQUIRRELS, STEAL, TAKE, EndStore, First, Reveal, Roll, Settle,
                                            State, Steal, Stop, Take)
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, Name, Strict

KINDS = ("walnut", "hazelnut", "beechnut", "acorn")


def _text(v: Any) -> Any:
    # `to: 2`, `- 7` in YAML are numbers; they are names and spaces here.
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


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


_SPAN = r"\d{1,2}(?:-\d{1,2})?"


@lru_cache(maxsize=4096)
def _take(take: str, new: str | None, to: str | None, as_: str | None) -> Take:
    """A record's `{take, new, to, as}` -> the Take action (the same entries recur from game to game)."""
    card, place = parse_take(take)
    return Take(card, place, parse_card(new) if new else None, to, as_)


@lru_cache(maxsize=512)
def parse_take(text: str) -> tuple[str, str | None]:
    """`walnut`, `walnut 8-9` (the place it lay under, where two walnuts could be taken)."""
    m = re.fullmatch(rf"\s*(\S+?)(?:\s+({_SPAN}))?\s*", str(text))
    if not m:
        raise ValueError(f"cannot read {text!r}: expected the nut taken, e.g. walnut, walnut/acorn or walnut 8-9")
    return parse_card(m[1]), m[2]


def _section(text: str) -> str:
    if not re.fullmatch(_SPAN, text.strip()):
        raise ValueError(f"cannot read section {text!r}: write its starting spaces as printed, e.g. 2-4")
    return text.strip()


def _to(text: str) -> str:
    t = text.strip().lower()
    if not re.fullmatch(r"keep|\d{1,2}[a-z]?", t):
        raise ValueError(f"cannot read storage card {text!r}: its name (2, 2b, 3, ...) or keep (a joker)")
    return t


def _steal(text: str) -> str:
    if len(str(text).strip().rsplit(None, 1)) != 2:
        raise ValueError(f"cannot read {text!r}: expected the player and their storage card, e.g. Uwe 3b")
    return str(text).strip()


def _check(parse):
    return lambda v: (parse(v), v)[1]


RollText = Annotated[str, BeforeValidator(_text), AfterValidator(_check(parse_roll))]
CardText = Annotated[str, AfterValidator(_check(parse_card))]
TakeText = Annotated[str, AfterValidator(_check(parse_take))]
SectionText = Annotated[str, BeforeValidator(_text), AfterValidator(_section)]
ToText = Annotated[str, BeforeValidator(_text), AfterValidator(_to)]
Kind = Literal["walnut", "hazelnut", "beechnut", "acorn"]


class Stored(Strict):
    to: ToText | None = Field(None, description="The storage card it went on (2, 2b, 3 ...), `keep` for a joker "
                                                "kept until the end; left out when no card could take it.")
    as_: Kind | None = Field(None, alias="as", description="The kind a joker counts as, on an empty card.")


class FirstNut(Stored):
    take: CardText = Field(description="The nut card drawn.")


class Nut(Stored):
    """One nut of a collection: taken from the face-up nuts (`take`), or stolen on a raccoon field."""

    take: TakeText | None = Field(None, description="The nut taken: `walnut`, `walnut/acorn`, `walnut 8-9`.")
    new: CardText | None = Field(None, description="The card that replaced it (none when none was left).")
    steal: Annotated[str, AfterValidator(_steal)] | None = Field(
        None, description="Raccoon field: the player and the storage card the nut was stolen from, `Uwe 3b`.")

    @model_validator(mode="after")
    def _one(self) -> "Nut":
        if (self.take is None) == (self.steal is None):
            raise ValueError("write `take:` (a face-up nut) or `steal:` (a raccoon's theft), one of the two")
        if self.steal is not None and self.new is not None:
            raise ValueError("a stolen nut is not replaced: `new:` goes with `take:`")
        return self

    def action(self, index: dict[str, int]):
        """The action this entry writes; `index` gives a player's seat by name (for a theft)."""
        if self.take is not None:
            return _take(self.take, self.new, self.to, self.as_)
        who, card = self.steal.rsplit(None, 1)  # type: ignore[union-attr]
        return Steal(index[who], card.lower(), self.to, self.as_)

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        parts = [f"take {self.take}" if self.take else f"steal {self.steal}"]
        parts += [f"{k} {v}" for k, v in (("new", self.new), ("to", self.to), ("as", self.as_)) if v]
        return ", ".join(parts)


class KeptJoker(Stored):
    joker: CardText = Field(description="The kept joker, by its two kinds: `walnut/acorn`.")


class Setup(Strict):
    nuts: list[CardText] = Field(max_length=MAX_ITEMS, description="The face-up nuts, left to right (under 2-4, 5-6, 8-9, 10-12).")
    first: dict[Name, FirstNut] = Field(description="Each player's first nut and where it went.")
    squirrels: dict[Name, Annotated[list[SectionText], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_PLAYERS, description="The setup squirrels of the players after the first, by section: [2-4].")


class Turn(Strict):
    """One turn: its rolls, and the nuts collected at its end (by anyone), in the order the rules
    collect them."""

    rolls: list[RollText] = Field(min_length=1, max_length=MAX_ITEMS, description='"green white white > space", e.g. "2 1 6 > 8".')
    nuts: list[Nut] | None = Field(None, max_length=MAX_ITEMS, description="The nuts collected, in order; `[]` marks a last turn that "
                                                     "stopped with none.")


# ---------------------------------------------------------------- actions as a record writes them

def entry(a, names) -> Any:
    """An action as a record writes it: a string (a roll, a face-up card, a setup squirrel) or a
    mapping (a first nut, a nut taken or stolen, a kept joker stored at the end)."""
    def stored(d: dict) -> dict:
        if a.to is not None:
            d["to"] = a.to
        if a.as_ is not None:
            d["as"] = a.as_
        return d

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
        return stored({"take": a.card})
    if t is Take:
        d = {"take": a.card + (f" {a.place}" if a.place else "")}
        if a.new:
            d["new"] = a.new
        return stored(d)
    if t is Steal:
        return stored({"steal": f"{names[a.victim]} {a.card}"})
    return stored({"joker": a.joker})


def read_entry(s: State, data: Any, player: str | None = None):
    """One record entry read as the action the position `s` expects next (ValueError if it cannot
    be read): a roll or `stop`, a face-up card, a setup squirrel, or a mapping; `player` names whose
    kept joker an `end` entry stores (by default the player who stores next)."""
    ph = s.phase
    if ph in (ROLL, ROLL_OR_STOP):
        return Stop() if str(data).strip().lower() == "stop" else parse_roll(str(data))
    if ph == SETUP_FACEUP:
        return Reveal(parse_card(str(data)))
    if ph == SETUP_SQUIRRELS:
        return Settle(s.actor, _section(str(_text(data))))
    if ph == SETUP_FIRST:
        e = FirstNut.model_validate(data)
        return First(parse_card(e.take), e.to, e.as_)
    if ph in (TAKE, STEAL):
        return Nut.model_validate(data).action({n: i for i, n in enumerate(s.names)})
    if ph == END_JOKERS:
        e = KeptJoker.model_validate(data)
        return EndStore(s.names.index(player) if player else s.actor, parse_card(e.joker), e.to, e.as_)
    raise ValueError("the game is over: nothing more can be written")
