"""In the Nuts!: the two records and their scores (the rulebook's scoring, rulings N1-N13).

A record is either the final storage cards (each player's cards at the end: the kind of nut, how
many real nuts and which jokers), or a move log of the whole game (in_the_nuts_log), replayed turn by
turn. Both end in the same storage scoring (in_the_nuts_storage: N3, N4). The cards' sizes and
points, the supply by player count, the joker pairs and the board come from the kit file
(kits/in-the-nuts.yaml).

In the final storage cards, impossible cards (more nuts than the card holds, a card used twice, a
joker stored as a kind it does not show, more nuts than the supply) are violations; the cards are
still scored as they are written where that makes sense (an over-full card as full, a card used a
second time not at all).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, Tag, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.scorer.core import Result, Violation
from pnpkit.scorer.games import in_the_nuts_log as log
from pnpkit.scorer.games import in_the_nuts_start
from pnpkit.scorer.games.in_the_nuts_start import Start
from pnpkit.scorer.games.in_the_nuts_notation import KINDS, KeptJoker, Setup, Turn
from pnpkit.scorer.games.in_the_nuts_rules import GAME, PLAYER_COUNT
from pnpkit.scorer.games.in_the_nuts_storage import player_score, ranking
from pnpkit.scorer.games.in_the_nuts_stores import Store, check_stores
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, Name, Strict, check_unique_names

class Player(Strict):
    name: Name = Field(description="The player's name; players in seat order.")
    stores: list[Store] = Field(default_factory=list, max_length=MAX_ITEMS, description="The player's storage cards that hold nuts.")


def _player_form(v: Any) -> str:
    return "stores" if isinstance(v, dict) else "name"


PlayerEntry = Annotated[Union[Annotated[Player, Tag("stores")], Annotated[Name, Tag("name")]],
                        Discriminator(_player_form)]


class Record(Strict):
    """An In the Nuts! record, players in seat order: either each player's storage cards at the end
    (`players` with `stores`), or a move log (`players` by name, then `setup` or `start`, `turns`
    and `end`)."""

    game: Literal["in-the-nuts"]
    players: list[PlayerEntry] = Field(min_length=1, max_length=MAX_PLAYERS, description="In seat order, the first player first: names "
                                       "(a move log) or `{name, stores}` (the final storage cards).")
    setup: Setup | None = Field(None, description="Move log: the face-up nuts, the first nuts, the setup squirrels.")
    start: Start | None = Field(None, description="Move log: the table at the start of a turn, instead of the setup.")
    turns: list[Turn] | None = Field(None, max_length=MAX_TURNS, description="Move log: one entry per turn, in order.")
    end: dict[Name, Annotated[list[KeptJoker], Field(max_length=MAX_ITEMS)]] | None = Field(None, max_length=MAX_PLAYERS, description="Move log: where each player's kept jokers "
                                                                      "went at the end.")

    @property
    def is_log(self) -> bool:
        return any(x is not None for x in (self.setup, self.start, self.turns, self.end))

    @property
    def names(self) -> list[str]:
        return [p if isinstance(p, str) else p.name for p in self.players]

    @model_validator(mode="after")
    def _consistent(self) -> "Record":
        problems: list[InitErrorDetails] = []

        def bad(loc: tuple, message: str, value: object) -> None:
            problems.append(InitErrorDetails(type=PydanticCustomError("value_error", message), loc=loc, input=value))

        names = self.names
        try:
            check_unique_names(names)
        except ValueError as e:
            bad(("players",), str(e), names)
        for i, p in enumerate(self.players):
            if self.is_log and not isinstance(p, str):
                bad(("players", i), "a move log names its players only (players: [Anna, Uwe]); the replay works "
                    "out their storage cards", p.name)
            elif not self.is_log and isinstance(p, str):
                bad(("players", i), "give each player's storage cards ({name: Ann, stores: [...]}), or write a "
                    "move log with setup: and turns:", p)
        if self.is_log:
            if (self.setup is None) == (self.start is None):
                bad(("setup",) if self.start is None else ("start",),
                    "a move log starts with its setup (the face-up nuts, the first nuts, the setup squirrels) "
                    "or from the table as it is (start:), one of the two", None)
            known = set(names)

            def player(loc: tuple, name: str) -> None:
                if name not in known:
                    bad(loc, f"no player named {name!r} (players: {', '.join(names)})", name)

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
        if problems:
            raise ValidationError.from_exception_data("Record", problems)
        return self


def _params(kit: Kit) -> Params:
    params = kit.params
    if not isinstance(params, Params) or tuple(params.kinds) != KINDS:
        raise SourceError(kit.file, [Problem(None, "params.kinds", f"this scorer reads the kinds {', '.join(KINDS)}")])
    return params


def _player_count(record: Record, kit: Kit) -> list[Violation]:
    n = len(record.players)
    if kit.game.min_players <= n <= kit.game.max_players:
        return []
    return [Violation.of("players", f"{n} players; the game is for {kit.game.players}", PLAYER_COUNT)]


def score(record: Record, kit: Kit, explain: bool = False, steps: bool = False) -> Result:
    """Check the record against the rules and score the storage cards it ends with. With `steps`, a
    move log's result holds every step with its position (scorer/play.py: the replay page)."""
    params = _params(kit)
    if record.is_log:
        picture = None
        if steps:
            from pnpkit.scorer.games.in_the_nuts_position import picture as draw   # the drawing side: only for steps
            picture = lambda s: draw(s, kit)  # noqa: E731
        return score_log(record, params, _player_count(record, kit), explain, picture)
    return score_storage(record, params, _player_count(record, kit), explain)


def start_problems(record: Record, kit: Kit) -> list[tuple[tuple, str]]:
    """What makes the record's `start:` position impossible (in_the_nuts_start), by path."""
    if record.start is None:
        return []
    return [(("start",) + path, message)
            for path, message in in_the_nuts_start.start_problems(record.start, record.names, _params(kit))]


def table(record: Record, kit: Kit):
    """Where a move log stops, for `pnpkit moves` (in_the_nuts_table; scorer/play.py: Table)."""
    from pnpkit.scorer.games.in_the_nuts_table import AtTable
    return AtTable(record, _params(kit), _player_count(record, kit))


def score_log(record: Record, params: Params, violations: list[Violation], explain: bool = False,
              picture=None) -> Result:
    """Replay the move log (every rule, turn by turn), then score the storage cards it fills."""
    s, rep = log.replay(record, params, explain, picture=picture)
    scores, best = [], {}
    for p, name in enumerate(record.names):
        ps, best[name] = player_score(name, s.cards[p].values())
        scores.append(ps)
        if explain:
            rep.note(f"{name}: {ps.total} points; most valuable full card: {best[name] or 'none'} (ruling N4)")
    ranked, tiebreaks = ranking(scores, best)
    return Result(game=GAME, players=scores, violations=violations + rep.violations, finished=s.over,
                  ranking=ranked, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)


def score_storage(record: Record, params: Params, violations: list[Violation], explain: bool = False) -> Result:
    """Check the final storage cards against the rules and score them (rulings N1-N5)."""
    names = record.names

    def where(path: tuple) -> str:
        if path[0] == "all":
            return f"all players, {path[1]}"
        return f"{names[path[0]]}, stores[{path[1]}]" + (f", jokers[{path[3]}]" if len(path) > 2 else "")

    checked = check_stores([(p.name, p.stores) for p in record.players], params, len(names), where)
    violations += [Violation.of(where(path), message, rule) for path, message, rule in checked.problems]
    ranked, tiebreaks = ranking(checked.scores, checked.best)
    return Result(game=GAME, players=checked.scores, violations=violations, finished=True,
                  ranking=ranked, tiebreaks=tiebreaks, explain=checked.notes if explain else [])


def pictures(record: Record, kit, result: Result):
    """The storage cards drawn (scorer/play.py): loaded only by the replay page."""
    from pnpkit.scorer.games import in_the_nuts_sheets
    return in_the_nuts_sheets.pictures(record, kit, result)
