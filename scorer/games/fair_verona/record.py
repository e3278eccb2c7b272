"""Fair Verona's record: a game log (`difficulty`, `players`, `clue` or a `start:` position (the
table at the start of a turn, position.py), `turns`), or encounter checks
(`encounters`: each encounter as it was met at the table). Every entry of a turn must read
(notation.py), or the record is refused where it stands.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema,
                      field_validator, model_validator)
from pydantic_core import InitErrorDetails, PydanticCustomError

from pnpkit.kitfile.head import load_head
from pnpkit.scorer.games.fair_verona.cards import CardField
from pnpkit.scorer.games.fair_verona.encounter import Tile
from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.fair_verona.notation import KEYS, REPEATED, parse, parse_text, read_laid, read_spot, write
from pnpkit.scorer.games.fair_verona.state import DRAW, UNSEEN, Clear, State, Step
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.games.fair_verona.rules import ID
from pnpkit.scorer.records_pydantic import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict, check_unique_names


def _text(v: Any) -> Any:
    """A turn's entry as text (`place: 1 0` may read as numbers), or a list of texts."""
    if isinstance(v, list):
        return [_text(x) for x in v]
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


Entry = Annotated[str | Annotated[list[str], Field(max_length=MAX_ITEMS)], BeforeValidator(_text)]
Cards = Annotated[list[CardField], Field(min_length=1, max_length=MAX_ITEMS)]


class PlayerEntry(Strict):
    name: Name
    identity: CardField = Field(description="The Identity card dealt face up.")


class TurnEntry(Strict):
    """One turn, phase by phase (docs/records/fair-verona.md)."""

    draw: Entry | None = Field(None, description="The face-down tile drawn: its code on the tile key (R3, D).")
    take: Entry | None = Field(None, description="Instead of drawing: one of the player's own face-up tiles.")
    place: Entry | None = Field(None, description="Where it went: `E N`, `E N turned 90|180|270`, or `aside`.")
    friend: Entry | None = Field(None, description="`JK`: a Joker turned up while drawing the Friend made.")
    encounter: Entry | None = Field(None, description="The card drawn for the next player's Encounter (a Joker first: [JK, 9D]).")
    clear: Entry | None = Field(None, description="The attempt at an Encounter: `9D with Ben, Cat friend 5H`.")
    move: Entry | None = Field(None, description="The movement: `any|city|road E N`, `bank N` where the river divides the tile.")
    give: Entry | None = Field(None, description="A Clue Token handed over: `Ann to Ben` (a list for more).")
    clue: Entry | None = Field(None, description="The new Clue Card when a Clue Token came back (a Joker first: [JK, 5S]).")

    def data(self) -> dict:
        return {k: getattr(self, k) for k in KEYS if getattr(self, k) is not None}


def check_turns(turns: list[TurnEntry], names: list[str]) -> list[tuple[tuple, str]]:
    """(path, message) for every entry that cannot be read (the record is then refused)."""
    out = []
    for i, t in enumerate(turns):
        for key, value in t.data().items():
            if not isinstance(value, list):
                value = [value]
            elif len(value) > 1 and key not in ("friend", "encounter", "give", "clue"):
                out.append((("turns", i, key), f"one `{key}` a turn"))
                continue
            for v in value:
                try:
                    parse(key, v, names)
                except ValueError as e:
                    out.append((("turns", i, key), str(e)))
    return out


def _spot(v: Any) -> Any:
    """`at: [-1, 0]` as `-1 0`; then it must read as a tile's place (and bank)."""
    if isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        v = " ".join(str(x) for x in v)
    if isinstance(v, str):
        read_spot(v)
    return v


def _laid(v: str) -> str:
    read_laid(v)
    return v


Spot = Annotated[str, BeforeValidator(_spot)]
Laid = Annotated[str, AfterValidator(_laid)]
Code = Annotated[str, BeforeValidator(_text), Field(pattern=r"^[A-Za-z][A-Za-z0-9]{0,3}$")]


class Seat(Strict):
    """A player at the start of the turn: where their meeple stands and what lies by their Identity."""

    at: Spot = Field(description="Their meeple's tile, `E N` ([east, north] of Verona's), with `bank X` where "
                                 "the river divides it.")
    friends: int = Field(0, ge=0, le=54, description="Friend cards face down under the Identity.")
    encounters: list[CardField] = Field(default_factory=list, max_length=MAX_ITEMS,
                                        description="The Encounter cards held, not yet cleared.")
    face_up: list[Code] = Field(default_factory=list, max_length=MAX_ITEMS,
                                description="The tiles face up beside the Identity (set aside), by code.")


class Start(Strict):
    """The table at the start of a turn, instead of the setup (docs/records/fair-verona.md)."""

    turn: int = Field(ge=1, le=MAX_TURNS, description="The turn about to be played; whose it is follows from the "
                                                      "seats (turn 1 is the first player's).")
    next: Name | None = Field(None, description="Whose turn it is (a check on `turn`).")
    map: list[Laid] = Field(default_factory=list, max_length=MAX_ITEMS,
                            description="The tiles laid besides the Old Town, in the order laid: `R5 -1 0 turned 90`.")
    players: dict[Name, Seat] = Field(max_length=MAX_PLAYERS, description="Each player, by name.")
    clue: CardField | None = Field(None, description="The Clue Card in play, a Clue Token on it.")
    jokers: int = Field(0, ge=0, le=MAX_ITEMS, description="Jokers lying on Verona's desk (over the Clue Card): "
                                                          "clue hunting halts.")
    clue_token: str | None = Field(None, max_length=60, description="Where the Clue Token in play is when it is not on the Clue "
                                                     "Card: the player who holds it, or the Encounter card it lies on.")
    returned: int = Field(0, ge=0, le=MAX_ITEMS, description="Clue Tokens back with Verona.")
    discards: list[CardField] = Field(default_factory=list, max_length=MAX_ITEMS,
                                      description="The discard pile (JK: a Joker discarded).")

    @field_validator("clue_token", mode="before")
    @classmethod
    def _token_text(cls, v: Any) -> Any:
        return _text(v)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


_CARD = {"type": "string", "description": "A playing card, e.g. QS or Q♠; JK for a Joker."}
Friends = Annotated[list[CardField], WithJsonSchema({"anyOf": [_CARD, {"type": "array", "items": _CARD}]})]


class Helper(_Strict):
    identity: CardField
    at: Tile | None = Field(None, description="[east, north] of Verona's tile; the player's tile if left out.")


class Encounter(_Strict):
    identity: CardField = Field(description="The player's Identity card.")
    at: Tile = Field(description="[east, north]: tiles east and north of Verona's tile (west, south negative).")
    card: CardField = Field(description="The Encounter card.")
    helpers: list[Helper] = Field(default_factory=list, max_length=MAX_PLAYERS, description="Other players on the same tile who help.")
    friend: Friends = Field(default_factory=list, description="The Friend card played, if any (one at most).")
    clue: CardField | None = Field(None, description="The Clue Card in play when the encounter was drawn "
                                                     "(JK: a Joker covers it); leave out if not known.")

    @field_validator("friend", mode="before")
    @classmethod
    def _one_or_list(cls, v: Any) -> Any:
        return v if isinstance(v, list) else ([] if v is None else [v])


class Record(_Strict):
    game: Literal["fair-verona"]
    encounters: list[Encounter] | None = Field(None, min_length=1, max_length=MAX_TURNS,
                                               description="Encounter checks: each encounter as it was met.")
    difficulty: str | None = Field(None, description="A game log: Easy, Medium or Hard (the kit's difficulties).")
    players: list[PlayerEntry] | None = Field(None, min_length=1, max_length=MAX_PLAYERS,
                                              description="A game log: the players in turn order, each with the "
                                                          "Identity card dealt.")
    clue: Friends | None = Field(None, description="A game log: the first Clue Card (Jokers that turned up while "
                                                   "dealing before it: [JK, 7H]).")
    start: Start | None = Field(None, description="A game log from the table at the start of a turn, instead of "
                                                   "the setup's `clue`.")
    turns: list[TurnEntry] | None = Field(None, max_length=MAX_TURNS, description="A game log: one entry per turn.")

    @property
    def is_log(self) -> bool:
        """A game log (`moves` and `replay` step through it), not encounter checks."""
        return self.encounters is None

    @field_validator("clue", mode="before")
    @classmethod
    def _clue_list(cls, v: Any) -> Any:
        return v if isinstance(v, list) or v is None else [v]

    @model_validator(mode="after")
    def _form(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=None))

        log = {k: getattr(self, k) for k in ("difficulty", "players", "clue", "turns", "start")}
        if self.encounters is not None:
            for k, v in log.items():
                if v is not None:
                    bad((k,), "a record of encounters lists `encounters` only; a game log has no `encounters`")
        elif all(v is None for v in log.values()):
            bad((), "give `encounters` (encounter checks) or a game log: `difficulty`, `players`, `clue` and `turns`")
        else:
            if self.start is not None and self.clue is not None:
                bad(("clue",), "with `start:`, the Clue Card in play is `start.clue`: leave out the first Clue Card")
            for k, v in log.items():
                if v is None and not (k == "start" or k == "clue" and self.start is not None):
                    bad((k,), f"a game log needs `{k}`" + (" (`turns: []` before the first turn)" if k == "turns" else ""))
            if self.difficulty is not None:
                names = [d.name for d in load_head(ID).params.difficulties]
                if self.difficulty.lower() not in [n.lower() for n in names]:
                    bad(("difficulty",), f"{self.difficulty!r} is not a difficulty (one of: {', '.join(names)})")
            if self.players is not None:
                try:
                    check_unique_names(p.name for p in self.players)
                except ValueError as e:
                    bad(("players",), str(e))
                if self.turns is not None:
                    for path, message in check_turns(self.turns, [p.name for p in self.players]):
                        bad(path, message)
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self


# ---------------------------------------------------------------- one more step written in (the table)

def extend(data: dict, st: State, a: Step) -> dict:
    """The record with action `a` written into the turn in progress (a turn the record has not begun
    yet is begun: `{}`); a decision that chance completes is written with what chance gave."""
    turns = [dict(t) for t in (data.get("turns") or [])]
    if a == DRAW or (isinstance(a, Clear) and a.friend == UNSEEN):
        raise cannot_extend("the tile drawn is written with it, by its code on the tile key (`draw R3`)" if a == DRAW
                            else "the Friend card turned up is written with it (`clear 9D friend 5H`)")
    start = data.get("start")
    first = start.get("turn", 1) if isinstance(start, dict) else 1
    if not turns or ((st.over or st.turn_no >= first + len(turns)) and turns[-1]):
        turns.append({})            # the turn the table is at is not in the record yet (or the game is over)
    if a is END_TURN:
        return {**data, "turns": turns + [{}]}      # the next player's turn has begun
    key = a.key     # type: ignore[union-attr]
    if key in turns[-1] and key not in REPEATED:
        raise cannot_extend(f"the turn already has its `{key}` (a turn has one)")
    later = [k for k in turns[-1] if k != "clue" and KEYS.index(k) > KEYS.index(key)]
    if later and key != "clue":
        raise cannot_extend(f"a turn's `{key}` comes before its `{later[-1]}`")
    turns[-1] = write(turns[-1], a)     # type: ignore[arg-type]
    return {**data, "turns": turns}


def given(data: dict, st: State, text: str, ends: Illegal | None) -> dict:
    """Chance is written as the record writes it (a tile drawn, a card dealt): as `extend` writes it."""
    return extend(data, st, parse_text(text, [p.name for p in st.people]))
