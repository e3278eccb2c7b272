"""Chestnuts Roasting on an Open Fire: the record's model, a move log (docs/records/chestnuts.md),
the `start:` position a record may begin from instead of the setup, and the record with one more
step written in where the table (scorer/table.py) writes it.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.structs import Meta, Strict, field
from pnpkit.scorer import dice
from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.chestnuts.notation import parse, text_of
from pnpkit.scorer.games.chestnuts.state import Roll, State, Step
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS, Name, distinct_players, notation


class Fire(Strict):
    uncooked: Annotated[int, Meta(ge=0)] = 0
    cooked: Annotated[int, Meta(ge=0)] = 0


Owners = dict[Name, int]
Action = notation(parse)      # an action as written: it must read (notation.py)


class Start(Strict):
    """The table at the start of a turn, before its steps 1-3. Counts by player name; a player's
    Basket left out holds the rest of their chestnuts. A Plate or a Chair is written as the number
    of its owner's own chestnuts, or by owner: `{Ann: 1, Ben: 2}` (ruling C1)."""

    next: Annotated[Union[Name, None], Meta(description="Whose turn comes next (default: the first player).")] = None
    basket: Annotated[Owners, Meta(description="Each player's chestnuts in the Basket.")] = field(default_factory=dict)
    fire: Annotated[dict[Name, Fire], Meta(description="Each player's chestnuts on the Fire, "
                                           "{uncooked: N, cooked: N}.")] = field(default_factory=dict)
    overcooked: Annotated[Owners, Meta(description="Each player's chestnuts in the Overcooked Box.")] = \
        field(default_factory=dict)
    burnt: Annotated[Owners, Meta(description="Each player's chestnuts in the Burnt Box.")] = field(default_factory=dict)
    plate: Annotated[dict[Name, Union[int, Owners]], Meta(description="What lies on each player's Plate.")] = \
        field(default_factory=dict)
    chair: Annotated[dict[Name, Union[int, Owners]], Meta(description="What lies on each player's Chair.")] = \
        field(default_factory=dict)
    flames: Annotated[int, Meta(ge=0, description="Added Flames on the Fire.")] = 0
    tongs: Annotated[dict[Name, Literal["held", "down"]], Meta(description="Each player's Tongs (both put down if "
                                                                         "left out).")] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for key in ("basket", "fire", "overcooked", "burnt", "plate", "chair", "tongs"):
            keyed(self, key, Name, *((Name,) if key in ("plate", "chair") else ()))  # (by owner: names too)
        for key in ("basket", "overcooked", "burnt"):
            for name, n in getattr(self, key).items():
                if n < 0:
                    raise ValueError(f"{key}: {name} {n}: a count cannot be negative")
        for key in ("plate", "chair"):
            for name, v in getattr(self, key).items():
                if any(n < 0 for n in ([v] if isinstance(v, int) else v.values())):
                    raise ValueError(f"{key}: {name}: a count cannot be negative")


class TurnEntry(Strict):
    """One turn: the die roll and every action taken, in order (forced Tongs moves included)."""

    roll: Annotated[dice.Die, Meta(description="The die roll, 1-6.")]
    actions: Annotated[list[Action], Meta(max_length=MAX_ITEMS, description='Actions a-l as on the reference card: '
                                          '"a", "c 2", "k 1 free 1".')] = field(default_factory=list)


class Record(Strict):
    """A Chestnuts move log: the two players in seat order (the first starts), then every turn."""

    game: Literal["chestnuts"]
    players: Annotated[list[Name], Meta(min_length=2, max_length=2, description="Two names; the first player "
                                        "starts.")]
    start: Annotated[Union[Start, None], Meta(description="The table at the start of a turn, instead of the game's "
                                              "setup (docs/records/chestnuts.md).")] = None
    turns: Annotated[list[TurnEntry], Meta(max_length=MAX_TURNS, description="In order; the players alternate.")] = \
        field(default_factory=list)

    def __post_init__(self) -> None:
        distinct_players(self.players, "the two players need different names")


# ---------------------------------------------------------------- one more step written in (the table)

def extend(data: dict, s: State, a: Step) -> dict:
    """The record with action `a` added to its last turn, in the record's notation."""
    turns = list(data.get("turns") or [])
    if a.__class__ is Roll:
        return given(data, s, str(a.n), None)        # type: ignore[union-attr]
    if not turns or (not s.open and not s.over):
        raise cannot_extend(f"{s.names[1 - s.player]} rolls the die: add `- roll: N` (with `actions: []`) to the record")
    if a is END_TURN:
        raise cannot_extend("a turn ends where the next one's roll is written")
    last = dict(turns[-1])
    last["actions"] = list(last.get("actions") or []) + [text_of(s, a)]       # type: ignore[arg-type]
    return {**data, "turns": turns[:-1] + [last]}


def given(data: dict, s: State, text: str, ends: Illegal | None) -> dict:
    """The record with the next turn's die roll (`text`: 1-6) begun, its actions to come: the turn in
    progress ends here, if it may (`ends`: the rules' answer)."""
    if s.over:
        raise cannot_extend("the game is over (ruling C12)")
    if s.open and ends is not None:
        raise cannot_extend(f"the turn in progress may not end yet: {ends.message} ({ends.rule.id})")
    roll = str(text).strip()
    if not roll.isdigit() or not 1 <= int(roll) <= 6:
        raise ValueError(f"a die roll is 1 to 6, got {roll!r}")
    return {**data, "turns": list(data.get("turns") or []) + [{"roll": int(roll), "actions": []}]}
