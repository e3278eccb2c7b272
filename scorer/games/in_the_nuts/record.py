"""In the Nuts!: the record's models, read and checked when the record is read.

A record is either the final storage cards (each player's cards at the end: the kind of nut, how
many real nuts and which jokers; `Store`, storage.py), or a move log: the setup (`Setup`) or the
table as it is (`Start`), the turns (`Turn`, its rolls and the `Nut`s collected) and where the kept
jokers went (`KeptJoker`). Every entry's notation is checked here with notation.py's readers, so a
typo is an unreadable record naming its line. `params_of` reads the kit's params once, as this
scorer reads them; `read_entry` reads one record entry as the action a position expects next, and
`read_line` an action written in one line (`pnpkit moves --try`).
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pnpkit.kitfile import structs
from pnpkit.kitfile.custom_types import Computed, inline_schema, keyed
from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.kitfile.structs import Invalid, Meta, convert
from pnpkit.scorer.core import Violation
from pnpkit.scorer.games.in_the_nuts.notation import (NOTATION, CardText, RollText, SectionText, StealText,
                                                      TakeText, ToText, entry, mapping, parse_card, parse_roll,
                                                      parse_section, take_action)
from pnpkit.scorer.games.in_the_nuts.rules import PLAYER_COUNT
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, ROLL, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                                   SETUP_SQUIRRELS, STEAL, STOP, TAKE, Action, AnyRoll, EndStore,
                                                   First, Pick, Reveal, Roll, RollAgain, Settle, State, Steal, Stop,
                                                   Take, expected, fits)
from pnpkit.scorer.games.in_the_nuts.storage import KINDS, Kind, Store
from pnpkit.scorer.play import cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict, distinct_players


class Stored(Strict):
    to: Annotated[Union[ToText, None], Meta(description="The storage card it went on (2, 2b, 3 ...), `keep` for a "
                                            "joker kept until the end; left out when no card could take it.")] = None
    as_: Annotated[Union[Kind, None], Meta(description="The kind a joker counts as, on an empty card.")] = \
        structs.field(default=None, name="as")


class FirstNut(Stored):
    take: Annotated[CardText, Meta(description="The nut card drawn.")]


class Nut(Stored):
    """One nut of a collection: taken from the face-up nuts (`take`), or stolen on a raccoon field."""

    take: Annotated[Union[TakeText, None], Meta(description="The nut taken: `walnut`, `walnut/acorn`, "
                                                "`walnut 8-9`.")] = None
    new: Annotated[Union[CardText, None], Meta(description="The card that replaced it (none when none was "
                                               "left).")] = None
    steal: Annotated[Union[StealText, None], Meta(description="Raccoon field: the player and the storage card the "
                                                  "nut was stolen from, `Uwe 3b`.")] = None
    by: Annotated[Union[Name, None], Meta(description="Who took it, where the table says so: checked against the "
                                          "rules' order (left out: whoever's pick it is by the rules).")] = None

    def __post_init__(self) -> None:
        if (self.take is None) == (self.steal is None):
            raise ValueError("write `take:` (a face-up nut) or `steal:` (a raccoon's theft), one of the two")
        if self.steal is not None and self.new is not None:
            raise ValueError("a stolen nut is not replaced: `new:` goes with `take:`")

    def action(self, index: dict[str, int]):
        """The action this entry writes; `index` gives a player's seat by name (for a theft)."""
        if self.by is not None and self.by not in index:
            raise ValueError(f"by: {self.by!r} is not a player ({', '.join(index)})")
        by = None if self.by is None else index[self.by]
        if self.take is not None:
            return take_action(self.take, self.new, self.to, self.as_, by)
        who, card = self.steal.rsplit(None, 1)  # type: ignore[union-attr]
        return Steal(index[who], card.lower(), self.to, self.as_, by)

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        parts = [f"take {self.take}" if self.take else f"steal {self.steal}"]
        parts += [f"{k} {v}" for k, v in (("new", self.new), ("to", self.to), ("as", self.as_), ("by", self.by)) if v]
        return ", ".join(parts)


class KeptJoker(Stored):
    joker: Annotated[CardText, Meta(description="The kept joker, by its two kinds: `walnut/acorn`.")]


class Setup(Strict):
    nuts: Annotated[list[CardText], Meta(max_length=MAX_ITEMS, description="The face-up nuts, left to right (under "
                                         "2-4, 5-6, 8-9, 10-12).")]
    first: Annotated[dict[Name, FirstNut], Meta(description="Each player's first nut and where it went.")]
    squirrels: Annotated[dict[Name, Annotated[list[SectionText], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_PLAYERS, description="The setup squirrels of the players after the first, by section: "
        "[2-4].")] = structs.field(default_factory=dict)

    def __post_init__(self) -> None:
        keyed(self, "first", Name)
        keyed(self, "squirrels", Name)


class Turn(Strict):
    """One turn: its rolls, and the nuts collected at its end (by anyone), in the order the rules
    collect them."""

    rolls: Annotated[list[RollText], Meta(min_length=1, max_length=MAX_ITEMS, description='"green white white > '
                                          'space", e.g. "2 1 6 > 8".')]
    nuts: Annotated[Union[Annotated[list[Nut], Meta(max_length=MAX_ITEMS)], None], Meta(
        description="The nuts collected, in order; `[]` marks a last turn that stopped with none.")] = None


# ---------------------------------------------------------------- the table as it is (start:)

class Area(structs.Plain):
    """An area by the squirrels a section of it needs: `2:` in YAML is a number; `2-squirrel` is how
    the board prints it."""

    plain, json_schema = int, {"type": "integer"}

    @classmethod
    def decode(cls, value: Any) -> int:
        if isinstance(value, str) and value.split("-")[0].isdigit():
            value = int(value.split("-")[0])
        return convert(value, int)


Counts = Annotated[dict[Name, Annotated[int, Meta(ge=0)]], Meta(max_length=MAX_PLAYERS)]


class Start(Strict):
    """The table at the start of a player's turn."""

    next: Annotated[Union[Name, None], Meta(description="Whose turn begins (default: the first player).")] = None
    squirrels: Annotated[dict[Area, Annotated[dict[SectionText, Counts], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_ITEMS, description="The squirrels on the board: by area (the squirrels a section needs: 2, 3, 4), then section as "
                    "printed (2-4, 7, 2-12), then player: {2: {2-4: {Anna: 1}}, 4: {2-12: {Uwe: 3}}}.")] = \
        structs.field(default_factory=dict)
    nuts: Annotated[list[CardText], Meta(max_length=MAX_ITEMS, description="The four face-up nuts, left to right "
                                         "(under 2-4, 5-6, 8-9, 10-12).")]
    draw_pile: Annotated[int, Meta(ge=0, description="The cards left in the draw pile.")]
    david: Annotated[Union[Name, None], Meta(description="Whom David guards (left out: no one yet).")] = None
    stores: Annotated[dict[Name, Annotated[list[Store], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_PLAYERS, description="Each player's storage cards that hold nuts or are full, as at the end: {card: 3, nut: walnut, "
                    "nuts: 2, jokers: [walnut/acorn]}.")] = structs.field(default_factory=dict)
    kept: Annotated[dict[Name, Annotated[list[CardText], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_PLAYERS, description="Each player's jokers kept for the end.")] = structs.field(default_factory=dict)

    def __post_init__(self) -> None:
        keyed(self, "squirrels", Area, SectionText, Name)
        keyed(self, "stores", Name)
        keyed(self, "kept", Name)


# ---------------------------------------------------------------- the record

class Player(Strict):
    name: Annotated[Name, Meta(description="The player's name; players in seat order.")]
    stores: Annotated[list[Store], Meta(max_length=MAX_ITEMS, description="The player's storage cards that hold "
                                        "nuts.")] = structs.field(default_factory=list)


class _PlayerOrName(type):
    def __instancecheck__(cls, value: Any) -> bool:
        return isinstance(value, (Player, Name))


class PlayerEntry(metaclass=_PlayerOrName):
    """A player: a name (a move log's) or `{name, stores}` (the final storage cards'), told apart by
    whether it is a mapping; a custom type of kitfile/structs.py, its values a Player or a Name."""

    json_schema = Computed(lambda cls: {"anyOf": [inline_schema(Player), Name.json_schema]})

    @classmethod
    def decode(cls, value: Any) -> Player | Name:
        return convert(value, Player) if isinstance(value, dict) else Name.decode(value)


class Record(Strict):
    """An In the Nuts! record, players in seat order: either each player's storage cards at the end
    (`players` with `stores`), or a move log (`players` by name, then `setup` or `start`, `turns`
    and `end`)."""

    game: Literal["in-the-nuts"]
    players: Annotated[list[PlayerEntry], Meta(min_length=1, max_length=MAX_PLAYERS, description="In seat order, the "
                                               "first player first: names (a move log) or `{name, stores}` (the "
                                               "final storage cards).")]
    setup: Annotated[Union[Setup, None], Meta(description="Move log: the face-up nuts, the first nuts, the setup "
                                              "squirrels.")] = None
    start: Annotated[Union[Start, None], Meta(description="Move log: the table at the start of a turn, instead of "
                                              "the setup.")] = None
    turns: Annotated[Union[Annotated[list[Turn], Meta(max_length=MAX_TURNS)], None], Meta(
        description="Move log: one entry per turn, in order.")] = None
    end: Annotated[Union[Annotated[dict[Name, Annotated[list[KeptJoker], Meta(max_length=MAX_ITEMS)]], Meta(
        max_length=MAX_PLAYERS)], None], Meta(description="Move log: where each player's kept jokers went at the "
                                              "end.")] = None

    @property
    def is_log(self) -> bool:
        return any(x is not None for x in (self.setup, self.start, self.turns, self.end))

    @property
    def names(self) -> list[str]:
        return [p if isinstance(p, str) else p.name for p in self.players]

    def __post_init__(self) -> None:
        """The record's parts agree: its first disagreement (Invalid, at its place)."""
        keyed(self, "end", Name)
        names = self.names
        distinct_players(names)
        for i, p in enumerate(self.players):
            if self.is_log and not isinstance(p, str):
                raise Invalid("a move log names its players only (players: [Anna, Uwe]); the replay works out "
                              "their storage cards", at=("players", i))
            if not self.is_log and isinstance(p, str):
                raise Invalid("give each player's storage cards ({name: Ann, stores: [...]}), or write a move log "
                              "with setup: and turns:", at=("players", i))
        if self.is_log:
            self._log_consistent(names)

    def _log_consistent(self, names: list[str]) -> None:
        if (self.setup is None) == (self.start is None):
            raise Invalid("a move log starts with its setup (the face-up nuts, the first nuts, the setup squirrels) "
                          "or from the table as it is (start:), one of the two",
                          at=("setup",) if self.start is None else ("start",))
        known = set(names)

        def player(at: tuple, name: str) -> None:
            if name not in known:
                raise Invalid(f"no player named {name!r} (players: {', '.join(names)})", at=at)

        if self.setup is not None:
            for key in ("first", "squirrels"):
                for name in getattr(self.setup, key):
                    player(("setup", key, name), name)
        for name in self.end or {}:
            player(("end", name), name)
        for t, turn in enumerate(self.turns or []):
            for k, nut in enumerate(turn.nuts or []):
                if nut.steal is not None:
                    player(("turns", t, "nuts", k, "steal"), nut.steal.rsplit(None, 1)[0])
                if nut.by is not None:
                    player(("turns", t, "nuts", k, "by"), nut.by)


def params_of(kit: Kit) -> Params:
    """The kit's params, read as this scorer reads them (its four kinds of nut)."""
    params = kit.params
    if not isinstance(params, Params) or tuple(params.kinds) != KINDS:
        raise SourceError(kit.file, [Problem(None, "params.kinds", f"this scorer reads the kinds {', '.join(KINDS)}")])
    return params


def player_count(record: Record, kit: Kit) -> list[Violation]:
    """The players the kit's game is for (the box: 2-4)."""
    n = len(record.players)
    if kit.game.min_players <= n <= kit.game.max_players:
        return []
    return [Violation.of("players", f"{n} players; the game is for {kit.game.players}", PLAYER_COUNT)]


def read_entry(s: State, data: Any, player: str | None = None):
    """One record entry read as the action the position `s` expects next (ValueError if it cannot
    be read): a roll or `stop`, a face-up card, a setup squirrel, or a mapping; `player` names whose
    kept joker an `end` entry stores (by default the player who stores next)."""
    ph = s.phase
    if ph in (ROLL, ROLL_OR_STOP):
        return STOP if str(data).strip().lower() == "stop" else parse_roll(str(data))
    if ph == SETUP_FACEUP:
        return Reveal(parse_card(str(data)))
    if ph == SETUP_SQUIRRELS:
        return Settle(s.actor, parse_section(str(data)))
    if ph == SETUP_FIRST:
        e = convert(data, FirstNut)
        return First(parse_card(e.take), e.to, e.as_)
    if ph in (TAKE, STEAL):
        return convert(data, Nut).action({n: i for i, n in enumerate(s.names)})
    if ph == END_JOKERS:
        e = convert(data, KeptJoker)
        return EndStore(s.names.index(player) if player else s.actor, parse_card(e.joker), e.to, e.as_)
    raise ValueError("the game is over: nothing more can be written")


_SECTION = re.compile(r"\s*\d{1,2}(?:-\d{1,2})?\s*")


def read_line(action: str, s: State) -> Action:
    """An action in one line (notation.line: `take acorn, new walnut, to 2`, `steal Uwe 3b, to 5`,
    `Christine: joker walnut/acorn, to 3`), a roll, `stop`, a setup squirrel's section, or a record's
    mapping, read as an action in the position `s` (ValueError: unreadable)."""
    text = str(action).strip()
    if text.lower() == "stop":
        return STOP
    if re.fullmatch(r"[\d\s>]+", text) and len(text.split()) >= 3:
        return parse_roll(text)
    if _SECTION.fullmatch(text):
        return Settle(s.actor, text.strip())
    player = None
    if not text.startswith("{"):
        head, sep, rest = text.partition(":")
        if sep and head.strip() in s.names:
            player, text = head.strip(), rest.strip()
    data = mapping(text)
    if data is None:
        try:
            return Reveal(parse_card(text))
        except ValueError:
            raise ValueError(f"cannot read {action!r}: expected {NOTATION}") from None
    try:
        if "joker" in data:
            e = convert(data, KeptJoker)
            return EndStore(s.names.index(player) if player else s.actor, parse_card(e.joker), e.to, e.as_)
        if s.phase == SETUP_FIRST and "take" in data:
            f = convert(data, FirstNut)
            return First(parse_card(f.take), f.to, f.as_)
        nut = convert(data, Nut)
        who = nut.steal.rsplit(None, 1)[0] if nut.steal else None
        if who is not None and who not in s.names:
            raise ValueError(f"{who!r} is not a player ({', '.join(s.names)})")
        return nut.action({n: i for i, n in enumerate(s.names)})
    except Invalid as e:
        at = ".".join(str(x) for x in e.at)
        raise ValueError(f"cannot read {action!r}: {at + ': ' if at else ''}{e.message}") from None


# ---------------------------------------------------------------- one more step written in (the table)

def extend(data: dict, s: State, a) -> dict:
    """The record with `a` written where the table writes it next: a roll (with its dice) or a stop
    into the turn in progress or a new turn, a nut into the turn's `nuts:`, the setup's entries, a
    kept joker stored at the end."""
    t = type(a)
    if t is AnyRoll or t is RollAgain:
        raise cannot_extend(f"the dice decide: write the roll with its dice, e.g. `2 1 6 > {getattr(a, 'space', 0) or 8}`")
    if t is Pick:
        if s.pile:
            raise cannot_extend("the draw pile decides the card that replaces it: write it as `new:`")
        a, t = a.taken(None), Take
    if not fits(s, a):
        raise cannot_extend(expected(s).message)
    turns = [dict(x) for x in (data.get("turns") or [])]
    played = s.turn - (s.phase == ROLL)     # the record's turns the replay has played
    if s.turn and played != len(turns):
        raise cannot_extend("the record no longer follows the game before it ends")
    names = s.names
    if t is Roll and s.phase == ROLL:
        return {**data, "turns": turns + [{"rolls": [entry(a, names)]}]}
    if t is Roll:
        turns[-1]["rolls"] = list(turns[-1]["rolls"]) + [entry(a, names)]
    elif t is Stop:
        turns[-1]["nuts"] = []
    elif t in (Take, Steal):
        if t is Take and a.new is None and s.pile:
            raise cannot_extend("the draw pile decides the card that replaces it: write it as `new:`")
        turns[-1]["nuts"] = list(turns[-1].get("nuts") or []) + [entry(a, names)]
    elif t is EndStore:
        end = {k: list(v) for k, v in (data.get("end") or {}).items()}
        end.setdefault(names[a.player], []).append(entry(a, names))
        return {**data, "end": end}
    else:
        return {**data, "setup": _setup_with(data, s, a)}
    return {**data, "turns": turns}


def _setup_with(data: dict, s: State, a) -> dict:
    """The record's setup with a face-up nut, a first nut or a setup squirrel written in."""
    setup = dict(data.get("setup") or {})
    if type(a) is Reveal:
        setup["nuts"] = list(setup.get("nuts") or []) + [a.card]
    elif type(a) is First:
        setup["first"] = {**(setup.get("first") or {}), s.names[s.actor]: entry(a, s.names)}
    else:
        squirrels = {k: list(v) for k, v in (setup.get("squirrels") or {}).items()}
        squirrels.setdefault(s.names[s.actor], []).append(a.section)
        setup["squirrels"] = squirrels
    return setup


def given(data: dict, s: State, text: str, ends) -> dict:
    """Chance is written as actions here (a roll with its dice, a nut card turned face up at the
    setup, a first nut drawn): as `extend` writes it."""
    return extend(data, s, read_line(text, s))
