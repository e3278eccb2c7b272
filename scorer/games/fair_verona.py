"""Fair Verona: a whole game replayed from its log (rulings V1-V20), or its encounters alone.

A record is one of two things:
- a game log (`difficulty`, `players`, `clue`, `turns`): the game replayed turn by turn on the kit's
  Carcassonne tiles, every rule checked (fair_verona_log; the rules in fair_verona_state, the map
  in fair_verona_map), with `moves` and `replay` served through `table`;
- encounter checks (`encounters`): each encounter as it was met at the table, checked for who may
  take part (people on the player's tile, one Friend, no card twice, no Joker as a person) and
  resolved by scorer.encounter, which the game log calls the same way. Such a record does not play
  the game out, so its outcome is "unfinished".
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from pnpkit.kitfile.params.fair_verona import Params
from pnpkit.scorer.cards import Card, CardField
from pnpkit.scorer.core import Result
from pnpkit.scorer.encounter import Tile, resolve
from pnpkit.scorer.games.fair_verona_log import AtTable, PlayerEntry, TurnEntry, check_turns, score_log
from pnpkit.scorer.games.fair_verona_random import random_record  # noqa: F401  (a random legal game: tests, bench, simulate)
from pnpkit.scorer.records import MAX_PLAYERS, MAX_TURNS, check_unique_names
from pnpkit.scorer.movelog import Illegal, Replay
from pnpkit.scorer.rulebook import ruling, section

GAME = "fair-verona"

R_SAME_TILE = section(GAME, "Encounters", "If you are on the same tile as a player with an Encounter card, you may "
                                          "help clear one of theirs.")
R_UNIQUE = section(GAME, "The Identity Card", "Each card in play represents a unique person.")
R_JOKER = section(GAME, "Jokers", "If at any time in play a Joker is drawn, all Clue hunting halts. Cover any Clue "
                                  "Card in play with the Joker.")
R_FOUR = section(GAME, "Objective", "Four players cooperate")
V5 = ruling("V5")


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

        log = {k: getattr(self, k) for k in ("difficulty", "players", "clue", "turns")}
        if self.encounters is not None:
            for k, v in log.items():
                if v is not None:
                    bad((k,), "a record of encounters lists `encounters` only; a game log has no `encounters`")
        elif all(v is None for v in log.values()):
            bad((), "give `encounters` (encounter checks) or a game log: `difficulty`, `players`, `clue` and `turns`")
        else:
            for k, v in log.items():
                if v is None:
                    bad((k,), f"a game log needs `{k}`" + (" (`turns: []` before the first turn)" if k == "turns" else ""))
            if self.difficulty is not None:
                from pnpkit.kitfile.head import load_head
                names = [d.name for d in load_head(GAME).params.difficulties]
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


def check(e: Encounter, where: str, params: Params, players: int, replay: Replay) -> dict:
    """One encounter: set aside whoever may not count (each a violation), then resolve it.
    `players` is the game's player count (the kit's `game.players`): the others may help."""
    def bad(part: str, message: str, rule) -> None:
        replay.illegal(f"{where}, {part}", Illegal(message, rule))

    seen: dict[Card, str] = {}
    named = [("identity", e.identity), ("card", e.card)] + \
            [(f"helper {k}", h.identity) for k, h in enumerate(e.helpers, 1)] + \
            [("friend", f) for f in e.friend] + ([("clue", e.clue)] if e.clue else [])
    for part, c in named:
        if c.joker:
            continue
        if c in seen:
            bad(f'{part} "{c}"', f"{c} is also the {seen[c]}: one deck has each card once", R_UNIQUE)
        else:
            seen[c] = part
    for part, c in named[:2]:
        if c.joker:
            bad(f'{part} "{c}"', f"a Joker is not a person and has no value: when drawn it covers the Clue Card",
                R_JOKER)
    helpers: list[tuple[Card, Tile]] = []
    aside: list[str] = []  # who may not count, for the explanation
    for k, h in enumerate(e.helpers, 1):
        part, tile = f'helper {k} "{h.identity}"', h.at if h.at is not None else e.at
        if h.identity.joker:
            bad(part, "a Joker is not a person and cannot help", R_JOKER)
            aside.append(f"helper {h.identity}")
        elif tile != e.at:
            bad(part, f"{h.identity} is on [{tile[0]}, {tile[1]}], not on the player's tile [{e.at[0]}, {e.at[1]}]: "
                      f"only people on the same tile help", R_SAME_TILE)
            aside.append(f"helper {h.identity} (another tile)")
        elif len(helpers) >= players - 1:
            bad(part, f"more helpers than the other {players - 1} players", R_FOUR)
            aside.append(f"helper {h.identity} (one too many)")
        else:
            helpers.append((h.identity, tile))
    friend = None
    for k, f in enumerate(e.friend, 1):
        part = f'friend "{f}"' if len(e.friend) == 1 else f'friend {k} "{f}"'
        if f.joker:
            bad(part, "a Joker is not a Friend: when drawn it covers the Clue Card", R_JOKER)
            aside.append(f"friend {f}")
        elif k > params.friends_per_encounter:
            bad(part, f"{len(e.friend)} Friends in one encounter; a player may call on "
                      f"{params.friends_per_encounter}", V5)
            aside.append(f"friend {f} (one too many)")
        elif friend is None:
            friend = f
    if e.identity.joker or e.card.joker:
        return {"strength": 0, "cleared": False, "clue": None,
                "explain": "a Joker is not a person and has no value: nothing to resolve"}
    out = resolve(e.identity, e.at, e.card, helpers, friend, params, e.clue).to_json()
    if aside:
        out["explain"] += "; not counted: " + ", ".join(aside)
    return out


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    if record.encounters is None:
        return score_log(record, kit, explain=explain, steps=steps)
    params: Params = kit.params
    replay = Replay(explaining=explain)
    results = []
    for i, e in enumerate(record.encounters, 1):
        out = check(e, f"encounter {i}", params, kit.game.max_players, replay)
        results.append(out)
        replay.note(f"encounter {i}: {out['explain']}")
    return Result(game=GAME, violations=replay.violations, finished=False,
                  extra={"outcome": "unfinished", "encounters": results},
                  explain=replay.explain, cooperative=True)


def table(record: Record, kit) -> AtTable:
    """Where a game log stops, for `pnpkit moves` (scorer/play.py)."""
    return AtTable(record, kit)
