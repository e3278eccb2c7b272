"""NUTS: the record's model (docs/records/nuts.md): each player's final score sheet, or a move log
(players by name, `setup`, then `rounds` of Order flips and turns).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pnpkit.kitfile.custom_types import expected, keyed
from pnpkit.kitfile.structs import Invalid, Meta, Strict, field, force_setattr
from pnpkit.scorer.games.nuts.floor import NUTS
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, distinct_players

if TYPE_CHECKING:  # the table's (extend, given): a record is read without the factory's state, nor the protocol
    from pnpkit.scorer.game import Illegal
    from pnpkit.scorer.games.nuts.state import State, Step

__all__ = ["NUTS", "Nuts", "Player", "Record", "extend", "given", "more_than_a_face"]


class Nuts(Strict):
    """Nuts by kind; a kind left out is 0."""

    almond: int = 0
    cashew: int = 0
    peanut: int = 0
    pistachio: int = 0

    def counts(self) -> tuple[int, ...]:
        return (self.almond, self.cashew, self.peanut, self.pistachio)


class WrittenCard(Strict):
    """A bonus card written out instead of named by id: `{needs: {cashew: 3}, points: 4}`."""

    needs: Annotated[Nuts, Meta(description="The nuts the card needs.")]
    points: Annotated[int, Meta(ge=1, description="Added if fulfilled, subtracted if not (ruling U5).")]

    def __post_init__(self) -> None:
        if any(n < 0 for n in self.needs.counts()) or not any(self.needs.counts()):
            raise ValueError("a bonus card needs at least one nut, and no negative number of any")


BonusEntry = Union[str, WrittenCard]


class Player(Strict):
    name: Annotated[Name, Meta(description="The player's name; players in seat order.")]
    sheet: Annotated[Nuts, Meta(description="Tokens in each nut column of the score sheet.")]
    salt: Annotated[int, Meta(description="Markers in the Salt box.")] = 0
    squirrel: Annotated[int, Meta(description="Markers in the Squirrel box.")] = 0
    goals: Annotated[list[str], Meta(max_length=MAX_ITEMS, description="Goal cards held, by id: salty-mama, "
                                     "squirrel-buddy.")] = field(default_factory=list)
    bonus: Annotated[list[BonusEntry], Meta(max_length=MAX_ITEMS, description="Bonus cards held: an id (`B07`) or "
                                            "written out.")] = field(default_factory=list)
    photo: Annotated[Union[Annotated[str, Meta(max_length=255)], None], Meta(
        description="A photo of the player's printed score sheet, beside the record (`ann.jpg`): `pnpkit score "
                    "RECORD` reads its boxes into the keys above, a key typed beside it winning (needs "
                    "pnpkit[photo]).")] = None


def _said_of(entry: Any) -> tuple[tuple, str] | None:
    """A player written wrongly, in NUTS' words (where msgspec would say less): not a name or a
    mapping, a photo without its sheet, a bonus card that is neither an id nor written out."""
    if not isinstance(entry, (str, dict)):
        return (), expected("a mapping", entry)
    if isinstance(entry, str):
        return None
    if "photo" in entry and "sheet" not in entry:
        return (), ("a photo of a sheet is read by `pnpkit score RECORD`, from the record's own folder (in pnpkit "
                    "serve: the NUTS form's Photograph the sheet); here, write the sheet: {almond: N, ...}")
    bonus = entry.get("bonus")
    for i, item in enumerate(bonus if isinstance(bonus, list) else ()):
        if not isinstance(item, (str, dict)):
            return ("bonus",), (f"bonus[{i}]: a bonus card is an id like B07, or written out as "
                                f"{{needs: {{almond: 2}}, points: 3}}; got {item!r}")
    return None


def _read(reader: str, items: list, at: str) -> None:
    """A move log's words read by notation's `reader`, each raising ValueError saying what is
    expected (the record is unreadable), at its place: the notation (and the factory's state it
    reads into) is imported by the first move log, never for final sheets, the records `pnpkit
    score` reads by the thousand."""
    import pnpkit.scorer.games.nuts.notation as notation
    read = getattr(notation, reader)
    for i, item in enumerate(items):
        try:
            read(item)
        except ValueError as e:
            raise Invalid(str(e), at=(at, i)) from None


Bound = Annotated[int, Meta(ge=0, le=6)]


class Sheet(Strict):
    al: Bound = 0
    ca: Bound = 0
    pe: Bound = 0
    pi: Bound = 0
    salt: Annotated[int, Meta(ge=0, le=1000)] = 0
    squirrel: Annotated[int, Meta(ge=0, le=1000)] = 0
    goals: Annotated[list[str], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    bonus: Annotated[list[str], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)


class Start(Strict):
    """The table after round `round` ended (the next round's start follows in `rounds:`), or, with
    `hunger` and `next`, in round `round` at the start of `next`'s turn (the round's other turns follow
    in the first entry of `rounds:`, which has no `hunger` or `orders` of its own)."""

    round: Annotated[int, Meta(ge=1, le=1000, description="The last round started: ended, or in progress (with "
                                                          "`hunger`).")]
    hunger: Annotated[Union[int, None], Meta(description="The round in progress: its Hunger (absent between "
                                                         "rounds).")] = None
    next: Annotated[Union[Name, None], Meta(description="The round in progress: the player whose turn it is.")] = None
    passes: Annotated[Union[Annotated[int, Meta(ge=0, le=1000)], None], Meta(
        description="The round in progress: passes in a row just before `next`'s turn (the round ends when every "
                    "player has passed in succession); 0 if not written.")] = None
    tokens: Annotated[dict[Name, int], Meta(max_length=MAX_PLAYERS, description="Unspent Action tokens.")] = \
        field(default_factory=dict)
    dispensers: Annotated[str, Meta(description='The Dispensers\' nuts, column 1 first: "al ca pe pi ...".')]
    tiles: Annotated[dict[str, str], Meta(max_length=MAX_ITEMS, description='{"1:3-4": X}')] = field(default_factory=dict)
    salters: Annotated[list[int], Meta(max_length=MAX_ITEMS, description="The Salters' squares.")]
    squirrel: int
    orders: Annotated[str, Meta(description='The Order slots, slot 1 first, `-` for an empty one: "ca al - pe ...".')]
    sheets: Annotated[dict[Name, Sheet], Meta(max_length=MAX_PLAYERS)] = field(default_factory=dict)
    order_deck: Annotated[dict[str, int], Meta(description="Order cards left in the deck, by nut: {al: 9, ...}.")]
    bonus_seen: Annotated[list[str], Meta(max_length=MAX_ITEMS, description="Bonus cards drawn since the deck was "
                                                                             "last shuffled.")] = field(default_factory=list)

    def __post_init__(self) -> None:
        keyed(self, "tokens", Name)
        keyed(self, "sheets", Name)


class SetupBonus(Strict):
    keep: Annotated[list[str], Meta(max_length=MAX_ITEMS, description="The setup Bonus cards kept.")]
    drop: Annotated[list[str], Meta(max_length=MAX_ITEMS, description="Those discarded.")] = field(default_factory=list)


class Setup(Strict):
    squirrel: Annotated[int, Meta(description="The D12/D16: the Squirrel's square.")]
    bonus: Annotated[dict[Name, SetupBonus], Meta(max_length=MAX_PLAYERS, description="Each player's 3 setup Bonus "
                                                                                      "cards.")]

    def __post_init__(self) -> None:
        keyed(self, "bonus", Name)


class Play(Strict):
    """A turn that plays: its actions in order, the squirrel's dice, the goal cards claimed. `sq` and
    `claim` not written (None) tell the table the turn goes on (scorer/games/nuts/replay.py)."""

    do: Annotated[list[str], Meta(max_length=MAX_ITEMS, description='The actions: "build X 1:3-4", "salt 7>8" ...')]
    sq: Annotated[Union[Annotated[list[Union[int, str]], Meta(max_length=MAX_ITEMS)], None], Meta(
        description="The squirrel's D6s: 4, `4 > 9` (Scamper to 9), `5 L` (a Hunt tie's choice).")] = None
    claim: Annotated[Union[Annotated[list[str], Meta(max_length=MAX_ITEMS)], None], Meta(
        description="Goal cards claimed.")] = None

    def __post_init__(self) -> None:
        _read("parse", self.do, "do")
        _read("die", self.sq or (), "sq")


class Round(Strict):
    hunger: Annotated[Union[int, None], Meta(description="The D4 (required; absent only in the round a `start:` is "
                                                         "in the middle of, whose Hunger the start gives).")] = None
    orders: Annotated[Union[Annotated[list[str], Meta(max_length=MAX_ITEMS)], None], Meta(
        description="Every Order card flipped to fill the open slots, in order (discarded ones too).")] = None
    turns: Annotated[list[Union[Literal["pass"], Play]], Meta(max_length=MAX_TURNS, description="`pass` or `{do, "
                                                              "sq, claim}`, in turn order.")] = field(default_factory=list)

    def __post_init__(self) -> None:
        _read("nut", self.orders or (), "orders")


class Record(Strict):
    """A NUTS record, players in seat order: the final score sheets (`players` with `sheet`), or a
    move log (`players` by name, `setup`, `rounds`)."""

    game: Literal["nuts"]
    players: Annotated[list[Union[Player, str]], Meta(min_length=1, max_length=MAX_PLAYERS, description="In seat "
                       "order: each a final sheet (`{name: Ann, sheet: {...}}`), or in a move log each a name.")]
    setup: Annotated[Union[Setup, None], Meta(description="Move log: the Squirrel's square and the setup Bonus "
                                                          "cards.")] = None
    start: Annotated[Union[Start, None], Meta(description="Move log: the table between two rounds, instead of the "
                                                          "setup.")] = None
    rounds: Annotated[Union[Annotated[list[Round], Meta(max_length=MAX_TURNS)], None], Meta(
        description="Move log: one entry per round.")] = None

    @property
    def is_log(self) -> bool:
        return self.setup is not None or self.rounds is not None or self.start is not None

    @property
    def names(self) -> list[str]:
        return [p if isinstance(p, str) else p.name for p in self.players]

    @classmethod
    def said(cls, data: Any, path: tuple, message: str) -> tuple[tuple, str]:
        """A problem msgspec found in a player, said in NUTS' words where it has them (kitfile/structs.py
        asks): the players are read by msgspec itself, a final sheet or a name."""
        players = data.get("players") if isinstance(data, dict) else None
        if len(path) >= 2 and path[0] == "players" and isinstance(players, list) and isinstance(path[1], int):
            better = _said_of(players[path[1]])
            if better is not None:
                return ("players", path[1], *better[0]), better[1]
        return path, message

    def __post_init__(self) -> None:
        for i, p in enumerate(self.players):
            if isinstance(p, str):        # a move log's player: a name (a final sheet's is its Player's)
                try:
                    name = Name.decode(p)
                except ValueError as e:
                    raise Invalid(str(e), at=("players", i)) from None
                if name != p:
                    force_setattr(self, "players", [*self.players[:i], name, *self.players[i + 1:]])
        distinct_players(p if isinstance(p, str) else p.name for p in self.players)
        log = self.is_log
        for p in self.players:
            if log and not isinstance(p, str):
                raise ValueError("a move log names its players only (players: [Ann, Ben]); the replay works out "
                                 "their sheets")
            if not log and isinstance(p, str):
                raise ValueError("give each player's final sheet ({name: Ann, sheet: {...}}), or write a move log "
                                 "with setup: and rounds:")
        if self.is_log and self.setup is None and self.start is None:
            raise ValueError("a move log starts with its setup: (the Squirrel's square, the setup Bonus cards), "
                             "or from the table between two rounds (start:)")
        mid = self.start is not None and self.start.hunger is not None
        for i, rnd in enumerate(self.rounds or []):
            if i == 0 and mid and (rnd.hunger is not None or rnd.orders is not None):
                raise ValueError("rounds[0] goes on with the round in progress at `start:` (its hunger and orders "
                                 "were before it): write its turns only")
            if rnd.hunger is None and not (i == 0 and mid):
                raise ValueError(f"rounds[{i}]: each round starts with its hunger: (the D4)")
        if self.setup is not None:
            for name in self.setup.bonus:
                if name not in self.names:
                    raise ValueError(f"setup.bonus: no player named {name!r} (players: {', '.join(self.names)})")


# ---------------------------------------------------------------- one more step written in (the table)

def _in_turn(s: State) -> bool:
    """Whether the position is inside the record's last turn (a play begun), not at a new one."""
    t = s.turn
    return bool(t.acted or t.fed or t.ended or t.waiting or t.ran is not None)


def extend(data: dict, s: State, a: Step) -> dict:
    """The record with action `a` added: to the turn in progress, or as the next turn."""
    from pnpkit.scorer.games.nuts.notation import write
    from pnpkit.scorer.games.nuts.state import Action
    from pnpkit.scorer.play import cannot_extend
    rounds = [dict(r) for r in data.get("rounds") or []]
    if not rounds and not s.round_over and data.get("start"):
        rounds = [{"turns": []}]            # the first turn after a `start:` in the middle of a round
    if s.over or s.round_over or not rounds:
        raise cannot_extend("the game is over" if s.over else "a round starts first: its `hunger:` and `orders:`")
    turns = list(rounds[-1].get("turns") or [])
    if a.__class__ is not Action:
        raise cannot_extend("chance and a turn's end are written by what the record writes after them")
    text = "pass" if a.verb == "pass" else write(a)     # type: ignore[union-attr, arg-type]
    if _in_turn(s):
        last = dict(turns[-1])
        if s.turn.ran is not None:          # after the run: claims (`done` with none writes `claim: []`)
            last["claim"] = list(last.get("claim") or [])
            if a.verb != "done":
                last["claim"].append(a.args[0] if a.verb == "claim" else text)
        elif s.turn.waiting:
            raise cannot_extend("the squirrel's next die is written first (the turn's `sq:`)")
        elif a.verb == "end":
            last["sq"] = []
        else:
            last["do"] = list(last.get("do") or []) + [text]
        turns[-1] = last
    else:
        turns.append("pass" if a.verb == "pass" else {"do": [], "sq": []} if a.verb == "end" else {"do": [text]})
    rounds[-1]["turns"] = turns
    return {**data, "rounds": rounds}


def given(data: dict, s: State, text: str, ends: Illegal | None) -> dict:
    """What chance gave written where the table waits for it: a round's Hunger die (a new round), the
    Order cards flipped (its `orders:`), the squirrel's next die (the turn's `sq:`)."""
    from pnpkit.scorer.games.nuts.floor import SHORT
    from pnpkit.scorer.games.nuts.notation import die, die_text, nut
    from pnpkit.scorer.play import Dice
    rounds = [dict(r) for r in data.get("rounds") or []]
    if s.round_over and not s.over:
        hunger = Dice((f"Hunger D{s.f.hunger}",), faces=s.f.hunger).read(text)[0][0]
        return {**data, "rounds": rounds + [{"hunger": hunger, "orders": [], "turns": []}]}
    if s.flipping:
        cards = [nut(x) for x in text.replace(",", " ").split()]
        if not cards:
            raise ValueError("write the Order cards flipped, in order: `al ca pe pi`")
        if more := _too_many(s, cards):
            raise ValueError(more)
        rounds[-1]["orders"] = list(rounds[-1].get("orders") or []) + [SHORT[c] for c in cards]
        return {**data, "rounds": rounds}
    if _in_turn(s) and s.turn.waiting:
        rolled = [die(x) for x in text.split(",") if x.strip()]
        if len(rolled) == 1 and rolled[0][1] is None and (more := more_than_a_face(s, rolled[0][0])):
            raise ValueError(more)
        dice = [d[0] if d[1] is None else die_text(d) for d in rolled]
        if not dice:
            raise ValueError("write the squirrel's D6: `4`, `4 > 9` or `5 L`")
        turns = list(rounds[-1]["turns"])
        turns[-1] = {**turns[-1], "sq": list(turns[-1].get("sq") or []) + dice}
        rounds[-1]["turns"] = turns
        return {**data, "rounds": rounds}
    raise ValueError("the table waits for no chance now: tap a move")


def _too_many(s: State, cards: list[int]) -> str | None:
    """Order cards typed beyond what filling the open slots needs (or of a nut the deck has no more
    of): refused as typed, played on a copy as the record's check plays them."""
    from pnpkit.scorer.games.nuts.effects import fill
    import pnpkit.scorer.games.nuts.rules as R
    found, _ = fill(s.copy(), cards, None, R.FILL)
    found = [w for w in found if "left open" not in w.message]      # more cards may follow
    return f"{found[0].message} ({found[0].rule.id}: {found[0].rule.quote})" if found else None


def more_than_a_face(s: State, d: int) -> str | None:
    """What the squirrel's D6 `d` needs written besides its face, from where he stands: a Scamper's
    square (the D12/D16 rolled), a Hunt tie's side (the player's choice); None if nothing."""
    move = s.f.move(d + s.hunger)
    if move == "scamper":
        return (f"{d}+{s.hunger}={d + s.hunger} is a Scamper: write where the D{s.columns} sent him too, "
                f"`{d} > 9` (square 9)")
    slots = {p.slot for p in s.turn.paths}
    dist = min((abs(s.squirrel - x) for x in slots), default=0)
    if move == "hunt" and dist and s.squirrel - dist in slots and s.squirrel + dist in slots:
        return (f"{d}+{s.hunger}={d + s.hunger} is a Hunt and the nearest paths lie {dist} to either side: write "
                f"the player's choice too, `{d} L` or `{d} R`")
    return None
