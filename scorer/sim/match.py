"""What a game gives the simulator, and how a game's simulation module is found.

A game joins `pnpkit simulate` with one module beside its rules, named by its descriptor's `sim`
(scorer/game.py):

    GAME: str                      the record's `game`
    LENGTH: tuple[str, str]        what a game's length is counted in, e.g. ("turns", "actions")
    def new(kit, names, setup, rng) -> Match
        A game at its start; every chance event (dice, draws, fire rolls) comes from `rng`.

and, where the game has them, named by the descriptor's `roles`, `setups` and `summary` (the
defaults below serve a competitive game with one setup):

    def roles(kit) -> list[str]    the roles a seat may take, from the kit's params
    def setups(kit, players, setup, roles) -> list[Setup]
        The setups to play, from the kit's params: `setup` a name the kit gives (None: every one),
        `roles` one per seat (None: the kit's roles in turn). ValueError, in one line, for anything
        the kit does not have.
    def summary(result, names) -> Summary
        What the tally counts, read from the scorer's Result of the game's record.

A `Match` is one game in progress (OpenSpiel's state, with the chance nodes played inside): whose
decision it is, the legal moves (the rules' own `legal_moves`), `play` (the rules' `apply`, and the
move written into the record), and `summary` from its own position, which the simulator checks
against the replay's.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Hashable, Protocol, Sequence

from pnpkit.scorer.game import Game
from pnpkit.scorer.games import GAMES, load


@dataclass(frozen=True)
class Setup:
    """One way to set a game up, from the kit's params: a difficulty, the roles by seat."""

    name: str = "standard"
    roles: tuple[str, ...] = ()
    detail: tuple[tuple[str, Any], ...] = ()   # what else the setup fixes, shown in the report

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        out.update(self.detail)
        if self.roles:
            out["roles"] = list(self.roles)
        return out


@dataclass(frozen=True)
class Summary:
    """One finished (or cut off) game, as the tally counts it."""

    finished: bool
    scores: tuple[int, ...] = ()      # competitive: each seat's total, in seat order
    winners: tuple[int, ...] = ()     # the seats sharing first place; a cooperative game won: every seat
    outcome: str = ""                 # cooperative: won, lost or unfinished
    reason: str = ""                  # cooperative: why it was lost, or why it stopped unfinished
    figures: tuple[tuple[str, int], ...] = ()   # the game's own whole-number counts, (what, how many)


def ranked(scores: Sequence[int], finished: bool) -> Summary:
    """A competitive game whose highest score wins, equal highest sharing (no tie-breaker)."""
    best = max(scores)
    return Summary(finished, tuple(scores), tuple(i for i, s in enumerate(scores) if s == best) if finished else ())


def competitive(result, names: Sequence[str]) -> Summary:
    """The scorer's Result of a competitive game, by seat."""
    totals = {p.name: p.total for p in result.players}
    return Summary(result.finished, tuple(totals[n] for n in names),
                   tuple(sorted(names.index(w) for w in result.winners)))


class Match(Protocol):
    """One game in progress. `to_move` plays the chance events due (a roll, a box, the fire rolls)
    and says whose decision comes next; it is None once the game is over (or cut off). While it is a
    seat, `legal()` is never empty."""

    names: list[str]
    s: Any              # the position, the state the game's `Rules` (its moves.py) take

    def to_move(self) -> int | None: ...

    def legal(self) -> list: ...

    def play(self, move: Any) -> None: ...

    def sample(self, rng: random.Random) -> Any:
        """A legal move drawn uniformly (the random player; games may do it faster than `legal`)."""
        ...

    def turn_done(self) -> bool:
        """The turn in progress is over: the next decision belongs to another turn (searches stop here)."""
        ...

    def copy(self) -> "Match":
        """A scratch copy for looking ahead: it plays moves but writes no record, and plays no chance."""
        ...

    def value(self, seat: int) -> float:
        """How good the position is for `seat`: the game's score, or a heuristic written down in the
        game's simulation module (docs/simulate.md); greedy and search players maximise it."""
        ...

    def record(self) -> dict: ...

    def summary(self) -> Summary: ...

    def key(self) -> Hashable | None:
        """The position as a hashable value, so a search meets a position twice and looks at it
        once; None (`Moves`' default): the game gives none."""
        ...

    def expect(self, move: Any, seat: int) -> float | None:
        """How good a move the dice answer is (In the Nuts' roll again): the average, over every
        throw with its chance, of the best the throw leaves; None (`Moves`' default): rate the
        position after the move."""
        ...

    def length(self) -> tuple[int, int]:
        """(turns or rounds, actions) played so far, in the units of the module's LENGTH."""
        ...


class Moves:
    """What most matches share: the legal moves of the decision in progress, listed once and
    forgotten when a move is played, and uniform sampling among them."""

    _legal: list | None = None

    def legal(self) -> list:
        if self._legal is None:
            self._legal = self.list_moves()
        return self._legal

    def list_moves(self) -> list:
        raise NotImplementedError

    def sample(self, rng: random.Random) -> Any:
        return rng.choice(self.legal())

    def key(self) -> Hashable | None:
        return None

    def expect(self, move: Any, seat: int) -> float | None:
        return None


def module(game: str) -> ModuleType | None:
    """The simulation module of `game`, or None when the game has no simulation (yet)."""
    described = load(game) if game in GAMES else None
    return described.sim_module() if described is not None and described.sim is not None else None


def games() -> list[str]:
    """The games `pnpkit simulate` can play."""
    return [g for g in GAMES if load(g).sim is not None]


def chosen(levels: Sequence, setup: str | None, game: str) -> list:
    """The setups of a kit's list (each with a `name`) that `--setup` names: every one for None or
    `all`, else the one named (any case). ValueError, in one line, naming the kit's setups."""
    if setup is None or setup.strip().lower() == "all":
        return list(levels)
    picked = [s for s in levels if s.name.lower() == setup.strip().lower()]
    if not picked:
        raise ValueError(f"no setup {setup!r} in the {game} kit (setups: {', '.join(s.name for s in levels)}, or all)")
    return picked


def roles(game: Game, kit) -> list[str]:
    """The roles of a game's seats (none for most games)."""
    return game.part("roles")(kit) if game.roles else []


def setups(game: Game, kit, players: int, setup: str | None, team: Sequence[str] | None) -> list[Setup]:
    """The setups to play: the game's own, or the one setup of a game whose kit gives no choice."""
    if game.setups:
        return game.part("setups")(kit, players, setup, team)
    if setup is not None:
        raise ValueError(f"{game.id} has one setup only (--setup is for games whose kit lists setups)")
    if team:
        raise ValueError(f"{game.id} has no roles (--roles is for games with roles)")
    return [Setup()]


def summary(game: Game, result, names: Sequence[str]) -> Summary:
    """What the tally counts of a game's replayed record: the game's own, or a competitive one's."""
    return game.part("summary")(result, names) if game.summary else competitive(result, names)
