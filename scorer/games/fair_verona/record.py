"""Fair Verona's record: a game log (`difficulty`, `players`, `clue` or a `start:` position (the
table at the start of a turn, position.py), `turns`), or encounter checks
(`encounters`: each encounter as it was met at the table). Every entry of a turn must read
(notation.py), or the record is refused where it stands.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pnpkit.kitfile.custom_types import keyed
from pnpkit.kitfile.head import load_head
from pnpkit.kitfile.structs import UNSET, Invalid, Meta, Plain, Strict, UnsetType, convert, field, written
from pnpkit.scorer.games.fair_verona.cards import CardField
from pnpkit.scorer.games.fair_verona.encounter import Tile
from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.fair_verona.notation import KEYS, REPEATED, parse, parse_text, read_laid, read_spot, write
from pnpkit.scorer.games.fair_verona.state import DRAW, UNSEEN, Clear, State, Step
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.games.fair_verona.rules import ID
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, distinct_players, notation


def _text(v: Any) -> Any:
    """A turn's entry as text (`place: 1 0` may read as numbers), or a list of texts."""
    if isinstance(v, list):
        return [_text(x) for x in v]
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


class _TextOrList(type(Plain)):  # type: ignore[misc]
    def __instancecheck__(cls, value: Any) -> bool:  # (kitfile/structs.Plain's, for two plain types)
        return type(value) in (str, list)


class Entry(Plain, metaclass=_TextOrList):
    """A turn's entry: a text, or a list of texts (numbers read as text); notation.py reads it."""

    json_schema = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "maxItems": MAX_ITEMS}]}

    @classmethod
    def decode(cls, value: Any) -> str | list[str]:
        if value.__class__ is str:  # nearly every entry: read as it is
            return value
        value = _text(value)
        if isinstance(value, list):
            return convert(value, Annotated[list[str], Meta(max_length=MAX_ITEMS)])
        return convert(value, str)


Cards = Annotated[list[CardField], Meta(min_length=1, max_length=MAX_ITEMS)]


class PlayerEntry(Strict):
    name: Name
    identity: Annotated[CardField, Meta(description="The Identity card dealt face up.")]


class TurnEntry(Strict):
    """One turn, phase by phase (docs/records/fair-verona.md)."""

    draw: Annotated[Union[Entry, None], Meta(description="The face-down tile drawn: its code on the tile key (R3, "
                                             "D).")] = None
    take: Annotated[Union[Entry, None], Meta(description="Instead of drawing: one of the player's own face-up "
                                             "tiles.")] = None
    place: Annotated[Union[Entry, None], Meta(description="Where it went: `E N`, `E N turned 90|180|270`, or "
                                              "`aside`.")] = None
    friend: Annotated[Union[Entry, None], Meta(description="`JK`: a Joker turned up while drawing the Friend "
                                               "made.")] = None
    encounter: Annotated[Union[Entry, None], Meta(description="The card drawn for the next player's Encounter (a "
                                                  "Joker first: [JK, 9D]).")] = None
    clear: Annotated[Union[Entry, None], Meta(description="The attempt at an Encounter: `9D with Ben, Cat friend "
                                              "5H`.")] = None
    move: Annotated[Union[Entry, None], Meta(description="The movement: `any|city|road E N`, `bank N` where the "
                                             "river divides the tile.")] = None
    give: Annotated[Union[Entry, None], Meta(description="A Clue Token handed over: `Ann to Ben` (a list for "
                                             "more).")] = None
    clue: Annotated[Union[Entry, None], Meta(description="The new Clue Card when a Clue Token came back (a Joker "
                                             "first: [JK, 5S]).")] = None

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


class Spot(Plain):
    """A meeple's tile, `E N` (and `bank X`); `at: [-1, 0]` is `-1 0`. It must read as one."""

    json_schema = {"type": "string"}

    @classmethod
    def decode(cls, value: Any) -> str:
        if isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value):
            value = " ".join(str(x) for x in value)
        if isinstance(value, str):
            read_spot(value)
        return convert(value, str)


Laid = notation(read_laid)      # a tile laid: `R5 -1 0 turned 90`


class Code(Plain):
    """A tile's code on the tile key (a number read as text)."""

    json_schema = {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]{0,3}$"}

    @classmethod
    def decode(cls, value: Any) -> str:
        return convert(_text(value), Annotated[str, Meta(pattern=r"^[A-Za-z][A-Za-z0-9]{0,3}$")])


class Token(Plain):
    """Where the Clue Token lies: a player's name or a card (a number read as text)."""

    json_schema = {"type": "string", "maxLength": 60}

    @classmethod
    def decode(cls, value: Any) -> str:
        return convert(_text(value), Annotated[str, Meta(max_length=60)])


class Seat(Strict):
    """A player at the start of the turn: where their meeple stands and what lies by their Identity."""

    at: Annotated[Spot, Meta(description="Their meeple's tile, `E N` ([east, north] of Verona's), with `bank X` "
                                         "where the river divides it.")]
    friends: Annotated[int, Meta(ge=0, le=54, description="Friend cards face down under the Identity.")] = 0
    encounters: Annotated[list[CardField], Meta(max_length=MAX_ITEMS, description="The Encounter cards held, not yet "
                                                "cleared.")] = field(default_factory=list)
    face_up: Annotated[list[Code], Meta(max_length=MAX_ITEMS, description="The tiles face up beside the Identity (set "
                                        "aside), by code.")] = field(default_factory=list)


class Start(Strict):
    """The table at the start of a turn, instead of the setup (docs/records/fair-verona.md)."""

    turn: Annotated[int, Meta(ge=1, le=MAX_TURNS, description="The turn about to be played; whose it is follows "
                                                              "from the seats (turn 1 is the first player's).")]
    next: Annotated[Union[Name, None], Meta(description="Whose turn it is (a check on `turn`).")] = None
    map: Annotated[list[Laid], Meta(max_length=MAX_ITEMS, description="The tiles laid besides the Old Town, in the "
                                    "order laid: `R5 -1 0 turned 90`.")] = field(default_factory=list)
    players: Annotated[dict[Name, Seat], Meta(max_length=MAX_PLAYERS, description="Each player, by name.")]
    clue: Annotated[Union[CardField, None], Meta(description="The Clue Card in play, a Clue Token on it.")] = None
    jokers: Annotated[int, Meta(ge=0, le=MAX_ITEMS, description="Jokers lying on Verona's desk (over the Clue "
                                                                "Card): clue hunting halts.")] = 0
    clue_token: Annotated[Union[Token, None], Meta(description="Where the Clue Token in play is when it is not on "
                                                   "the Clue Card: the player who holds it, or the Encounter card it "
                                                   "lies on.")] = None
    returned: Annotated[int, Meta(ge=0, le=MAX_ITEMS, description="Clue Tokens back with Verona.")] = 0
    discards: Annotated[list[CardField], Meta(max_length=MAX_ITEMS, description="The discard pile (JK: a Joker "
                                              "discarded).")] = field(default_factory=list)

    def __post_init__(self) -> None:
        keyed(self, "players", Name)


_CARD = {"type": "string", "description": "A playing card, e.g. QS or Q♠; JK for a Joker."}


class Friends(Plain):
    """Cards written as one card or a list of them (a Joker first: [JK, 7H])."""

    plain = list
    json_schema = {"anyOf": [_CARD, {"type": "array", "items": _CARD}]}

    @classmethod
    def decode(cls, value: Any) -> list:
        if isinstance(value, list):
            return convert(value, list[CardField])
        return [] if value is None else [CardField.decode(value)]  # a card not read is said where it is written


class Helper(Strict):
    identity: CardField
    at: Annotated[Union[Tile, None], Meta(description="[east, north] of Verona's tile; the player's tile if left "
                                          "out.")] = None


class Encounter(Strict):
    identity: Annotated[CardField, Meta(description="The player's Identity card.")]
    at: Annotated[Tile, Meta(description="[east, north]: tiles east and north of Verona's tile (west, south "
                                         "negative).")]
    card: Annotated[CardField, Meta(description="The Encounter card.")]
    helpers: Annotated[list[Helper], Meta(max_length=MAX_PLAYERS, description="Other players on the same tile who "
                                          "help.")] = field(default_factory=list)
    friend: Annotated[Friends, Meta(description="The Friend card played, if any (one at most).")] = \
        field(default_factory=list)
    clue: Annotated[Union[CardField, None], Meta(description="The Clue Card in play when the encounter was drawn "
                                                 "(JK: a Joker covers it); leave out if not known.")] = None


class Record(Strict):
    game: Literal["fair-verona"]
    encounters: Annotated[Union[Annotated[list[Encounter], Meta(min_length=1, max_length=MAX_TURNS)], None], Meta(
        description="Encounter checks: each encounter as it was met.")] = None
    # a game log's keys: UNSET where left out (None once read), None where written empty (`turns:`)
    difficulty: Annotated[Union[str, None, UnsetType], Meta(description="A game log: Easy, Medium or Hard (the "
                                                            "kit's difficulties).")] = UNSET
    players: Annotated[Union[Annotated[list[PlayerEntry], Meta(min_length=1, max_length=MAX_PLAYERS)], None,
                             UnsetType], Meta(description="A game log: the players in turn order, each with the "
                                                          "Identity card dealt.")] = UNSET
    clue: Annotated[Union[Friends, None, UnsetType], Meta(description="A game log: the first Clue Card (Jokers that "
                                                          "turned up while dealing before it: [JK, 7H]).")] = UNSET
    start: Annotated[Union[Start, None, UnsetType], Meta(description="A game log from the table at the start of a "
                                                         "turn, instead of the setup's `clue`.")] = UNSET
    turns: Annotated[Union[Annotated[list[TurnEntry], Meta(max_length=MAX_TURNS)], None, UnsetType], Meta(
        description="A game log: one entry per turn.")] = UNSET

    @property
    def is_log(self) -> bool:
        """A game log (`moves` and `replay` step through it), not encounter checks."""
        return self.encounters is None

    def __post_init__(self) -> None:
        problem = _first_problem(self, written(self, *LOG))
        if problem is not None:
            raise Invalid(problem[1], at=problem[0])


LOG = ("difficulty", "players", "clue", "turns", "start")  # in the order their problems are said


def _first_problem(r: Record, keys: set[str]) -> tuple[tuple, str] | None:
    """What makes the record unreadable, with its place (in what it wrote: `keys`): one problem, the
    first (a check of the whole record; the replay checks the rules)."""
    log = {k: getattr(r, k) for k in LOG}
    if r.encounters is not None:
        for k, v in log.items():
            if v is not None:
                return (k,), "a record of encounters lists `encounters` only; a game log has no `encounters`"
        return None
    if all(v is None for v in log.values()):
        return (), "give `encounters` (encounter checks) or a game log: `difficulty`, `players`, `clue` and `turns`"
    if r.start is not None and r.clue is not None:
        return ("clue",), "with `start:`, the Clue Card in play is `start.clue`: leave out the first Clue Card"
    for k, v in log.items():
        if v is None and not (k == "start" or k == "clue" and r.start is not None):
            return (k,) if k in keys else (), f"a game log needs `{k}`" + (" (`turns: []` before the first turn)" if k == "turns" else "")
    if r.difficulty is not None:
        names = [d.name for d in load_head(ID).params.difficulties]
        if r.difficulty.lower() not in [n.lower() for n in names]:
            return ("difficulty",), f"{r.difficulty!r} is not a difficulty (one of: {', '.join(names)})"
    if r.players is not None:
        try:
            distinct_players(p.name for p in r.players)
        except Invalid as e:
            return e.at, e.message
        if r.turns is not None:
            return next(iter(check_turns(r.turns, [p.name for p in r.players])), None)
    return None


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
