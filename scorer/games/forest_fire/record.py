"""Forest Fire's record: the players with their roles and starts, the setup's rolls or a `start:`
position (the board at the start of a round), and each round's moves and fire rolls. An action that
cannot be read (notation.py) refuses the record where it stands. The table (scorer/table.py) writes
one more action, or a round's fire rolls, into a record here.
"""
from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.forest_fire.notation import NOTATION, parse_action, text
from pnpkit.scorer.games.forest_fire.state import Move, Play, Square, State
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.records_pydantic import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict


def _entries(what: str, k: int):
    """A list of `k` numbers, or one clear message naming them (`what`): pydantic's own for a list
    one short is "this field is required", at an index the user did not write."""
    def check(v: object) -> object:
        if isinstance(v, (list, tuple)) and len(v) != k:
            raise PydanticCustomError("value_error", f"expected {what}, {k} whole numbers; got {len(v)} entries")
        return v
    return BeforeValidator(check)


Burning = Annotated[tuple[int, int, int], _entries("[down, across, counters]", 3)]
Spot = Annotated[Square, _entries("[down, across]", 2)]


class Start(Strict):
    """The board at the start of a round."""

    round: int = Field(1, ge=1, description="The round about to be played (a pilot refills in rounds 1, 3, 5, ...).")
    fires: list[Burning] = Field(default_factory=list, max_length=MAX_ITEMS,
                                 description="Burning squares: [down, across, counters].")
    firebreaks: list[Spot] = Field(default_factory=list, max_length=MAX_ITEMS,
                                   description="Squares with a Firebreak: [down, across].")
    at: dict[Name, Spot] = Field(default_factory=dict, max_length=MAX_PLAYERS,
                                 description="Where each hotshot and smoke jumper stands: a square or a space of "
                                             "the ring.")
    out: list[Name] = Field(default_factory=list, max_length=MAX_PLAYERS, description="Players already out.")


def _action_text(v: str) -> str:
    parse_action(v)
    return v


class PlayerEntry(Strict):
    name: Name
    role: Literal["hotshot", "smoke-jumper", "pilot"]
    start: Square | None = Field(None, description="[down, across] on the ring (0 or 7); not for a pilot, nor "
                                 "with a `start:` position (it says where everyone stands).")


class RoundEntry(Strict):
    moves: dict[Name, Annotated[list[Annotated[str, AfterValidator(_action_text)]], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_PLAYERS, description=f"Each player's actions this round: {NOTATION}.")
    fires: list[Square] | None = Field(None, max_length=MAX_ITEMS, description="The fire rolls after the moves, one per player still in "
                                                         "play; leave out if the record stops after the moves.")


class Setup(Strict):
    firebreaks: list[Square] = Field(default_factory=list, max_length=MAX_ITEMS, description="Firebreak rolls, before the fires.")
    fires: list[Square] = Field(max_length=MAX_ITEMS, description="The setup fire rolls, in order.")


class Record(Strict):
    game: Literal["forest-fire"]
    players: list[PlayerEntry] = Field(min_length=1, max_length=MAX_PLAYERS)
    setup: Setup | None = Field(None, description="The setup's rolls (not with `start:`).")
    start: Start | None = Field(None, description="The board at the start of a round, instead of the setup.")
    rounds: list[RoundEntry] = Field(default_factory=list, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _names(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str, value: object) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=value))

        seen: set[str] = set()
        if (self.setup is None) == (self.start is None):
            bad(("setup",), "give `setup` (the rolls before the first round) or `start` (the board at the start of "
                            "a round), one of them", None)
        for i, p in enumerate(self.players):
            if p.name in seen:
                bad(("players", i, "name"), f"{p.name!r} is named twice", p.name)
            seen.add(p.name)
            if p.role == "pilot" and p.start is not None:
                bad(("players", i, "start"), "a pilot is never on the board: leave `start` out", p.start)
            elif self.start is not None and p.start is not None:
                bad(("players", i, "start"), "with a `start:` position, say where each player stands in `start.at`", p.start)
            if p.role != "pilot" and p.start is None and self.start is None:
                bad(("players", i, "start"), f"a {p.role} needs `start: [down, across]`, a space of the ring", None)
        for r, rnd in enumerate(self.rounds):
            for name in rnd.moves:
                if name not in seen:
                    bad(("rounds", r, "moves", name), f"no player named {name!r} (players: {', '.join(p.name for p in self.players)})", name)
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self


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
