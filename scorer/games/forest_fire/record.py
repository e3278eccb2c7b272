"""Forest Fire's record: the players with their roles and starts, the setup's rolls or a `start:`
position (the board at the start of a round), and each round's moves and fire rolls. An action that
cannot be read (notation.py) refuses the record where it stands. The table (scorer/table.py) writes
one more action, or a round's fire rolls, into a record here.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.structs import UNSET, Invalid, Meta, Plain, Strict, UnsetType, convert, field, written
from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.forest_fire.notation import NOTATION, parse_action, text
from pnpkit.scorer.games.forest_fire.state import Move, Play, Square, State
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, notation


def _entries(what: str, k: int) -> type:
    """A list of `k` whole numbers, or one clear message naming them (`what`): the words for a list
    one short are otherwise "this field is required", at an index the user did not write."""

    class Entries(Plain):
        plain = tuple
        json_schema = {"type": "array", "items": {"type": "integer"}, "minItems": k, "maxItems": k}

        @classmethod
        def decode(cls, value: Any) -> tuple:
            if isinstance(value, (list, tuple)) and len(value) != k:
                raise ValueError(f"expected {what}, {k} whole numbers; got {len(value)} entries")
            return convert(value, tuple[(int,) * k])      # type: ignore[misc]
    return Entries


Burning = _entries("[down, across, counters]", 3)
Spot = _entries("[down, across]", 2)


class Start(Strict):
    """The board at the start of a round."""

    round: Annotated[int, Meta(ge=1, description="The round about to be played (a pilot refills in rounds 1, 3, 5, "
                                                 "...).")] = 1
    fires: Annotated[list[Burning], Meta(max_length=MAX_ITEMS, description="Burning squares: [down, across, "
                                         "counters].")] = field(default_factory=list)
    firebreaks: Annotated[list[Spot], Meta(max_length=MAX_ITEMS, description="Squares with a Firebreak: [down, "
                                           "across].")] = field(default_factory=list)
    at: Annotated[dict[Name, Spot], Meta(max_length=MAX_PLAYERS, description="Where each hotshot and smoke jumper "
                                         "stands: a square or a space of the ring.")] = field(default_factory=dict)
    out: Annotated[list[Name], Meta(max_length=MAX_PLAYERS, description="Players already out.")] = \
        field(default_factory=list)

    def __post_init__(self) -> None:
        keyed(self, "at", Name)


Action = notation(parse_action)      # an action as written: it must read (notation.py)


class PlayerEntry(Strict):
    name: Name
    role: Literal["hotshot", "smoke-jumper", "pilot"]
    start: Annotated[Union[Square, None, UnsetType], Meta(description="[down, across] on the ring (0 or 7); not for a "
                                                          "pilot, nor with a `start:` position (it says where everyone "
                                                          "stands).")] = UNSET  # None once the record is read


class RoundEntry(Strict):
    moves: Annotated[dict[Name, Annotated[list[Action], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_PLAYERS, description=f"Each player's actions this round: {NOTATION}.")] = field(default_factory=dict)
    fires: Annotated[Union[Annotated[list[Square], Meta(max_length=MAX_ITEMS)], None], Meta(
        description="The fire rolls after the moves, one per player still in play; leave out if the record stops "
                    "after the moves.")] = None

    def __post_init__(self) -> None:
        keyed(self, "moves", Name)


class Setup(Strict):
    firebreaks: Annotated[list[Square], Meta(max_length=MAX_ITEMS, description="Firebreak rolls, before the fires.")] = \
        field(default_factory=list)
    fires: Annotated[list[Square], Meta(max_length=MAX_ITEMS, description="The setup fire rolls, in order.")]


class Record(Strict):
    game: Literal["forest-fire"]
    players: Annotated[list[PlayerEntry], Meta(min_length=1, max_length=MAX_PLAYERS)]
    setup: Annotated[Union[Setup, None, UnsetType], Meta(description="The setup's rolls (not with `start:`).")] = UNSET
    start: Annotated[Union[Start, None, UnsetType], Meta(description="The board at the start of a round, instead of the "
                                                         "setup.")] = UNSET
    rounds: Annotated[list[RoundEntry], Meta(max_length=MAX_TURNS)] = field(default_factory=list)

    def __post_init__(self) -> None:
        problem = _first_problem(self, written(self, "setup", "start"), [bool(written(p, "start")) for p in self.players])
        if problem is not None:
            raise Invalid(problem[1], at=problem[0])


def _first_problem(r: Record, keys: set[str], starts: list[bool]) -> tuple[tuple, str] | None:
    """What makes the record unreadable, with its place (in what the record wrote: `keys`, and the
    players who wrote a `start`, if only `start:`): one problem, the first (a check of the whole
    record; the replay checks the rules)."""
    if (r.setup is None) == (r.start is None):
        return ("setup",) if "setup" in keys else (), "give `setup` (the rolls before the first round) or " \
                                                     "`start` (the board at the start of a round), one of them"
    seen: set[str] = set()
    for i, p in enumerate(r.players):
        if p.name in seen:
            return ("players", i, "name"), f"{p.name!r} is named twice"
        seen.add(p.name)
        if p.role == "pilot" and p.start is not None:
            return ("players", i, "start"), "a pilot is never on the board: leave `start` out"
        if r.start is not None and p.start is not None:
            return ("players", i, "start"), "with a `start:` position, say where each player stands in `start.at`"
        if p.role != "pilot" and p.start is None and r.start is None:
            return ("players", i, "start")[:3 if starts[i] else 2], f"a {p.role} needs `start: [down, across]`, a space of the ring"
    for k, rnd in enumerate(r.rounds):
        for name in rnd.moves:
            if name not in seen:
                return ("rounds", k, "moves", name), f"no player named {name!r} (players: " \
                                                     f"{', '.join(p.name for p in r.players)})"
    return None


# ---------------------------------------------------------------- one more step written in (the table)

def extend(data: dict, st: State, m: Play) -> dict:
    """The record with the action written into its player's moves of the round in progress (a round
    the record has not begun yet is begun)."""
    if m.__class__ is not Move:
        raise cannot_extend("a roll is written with the round's fires")
    if st.over or st.acting is None:
        raise cannot_extend("the game is over" if st.over else f"round {st.round}'s fire rolls come next")
    rounds = [dict(r) for r in (data.get("rounds") or [])]
    if not rounds or rounds[-1].get("fires") is not None:
        rounds.append({"moves": {}})
    moves = dict(rounds[-1].get("moves") or {})
    if m.action is END_TURN:        # type: ignore[union-attr]
        nxt = next((p.name for p in st.people[m.seat + 1:] if not p.out), None)     # type: ignore[union-attr]
        if nxt is None:
            raise cannot_extend("the last player's turn ends where the round's fire rolls are written")
        moves[nxt] = list(moves.get(nxt) or [])         # `Ben: []`: Ann's turn is over
    else:
        name = st.people[m.seat].name       # type: ignore[union-attr]
        moves[name] = list(moves.get(name) or []) + [text(m.action)]    # type: ignore[union-attr, arg-type]
    rounds[-1]["moves"] = moves
    return {**data, "rounds": rounds}


def given(data: dict, st: State, typed: str, ends: Illegal | None) -> dict:
    """The record with the round's fire rolls (`typed`: "2 3, 5 1", one square [down across] per
    player still in play) written after its moves; `ends`: whether the acting player's turn may end."""
    last = st.acting is not None and all(p.out for p in st.people[st.acting + 1:])
    if st.over or not (st.acting is None or (last and ends is None)):
        raise cannot_extend("no fire roll is due: the players act first")
    squares = [p.split() for p in re.split(r"[,;\n]+", str(typed)) if p.strip()]
    if any(len(q) != 2 or not all(x.isdigit() and len(x) < 3 for x in q) for q in squares):
        raise ValueError(f"cannot read {typed!r}: write each fire roll as `down across`, separated by commas")
    after = st.copy()
    if after.acting is not None:
        after.end_of_moves()
    due = len(after.due) if st.acting is None else len(after.in_play())
    if len(squares) != due:
        raise ValueError(f"one fire roll for each player still in play after the moves: {due}, got {len(squares)}")
    rounds = [dict(r) for r in (data.get("rounds") or [])]
    if not rounds or rounds[-1].get("fires") is not None:
        rounds.append({"moves": {}})
    rounds[-1]["fires"] = [[int(x) for x in q] for q in squares]
    return {**data, "rounds": rounds}
