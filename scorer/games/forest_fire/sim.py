"""Forest Fire played by the simulator (scorer/sim/match.py): a team against the Fire Dice.

The setups come from the kit's params: a difficulty (`setups`: how many Firebreaks are rolled for
this many players) and a role for each seat (`roles`; by default the kit's roles in turn, the
rulebook's "Mixed Game"). As the rulebook tells it, each player on the ground first chooses a space
of the ring to start from, then the Firebreaks and two rounds' worth of fires are rolled (chance);
then every round each player in play acts (one decision per action, from the rules' `legal_moves`,
or ends the turn where the rules allow), those on a burning square go out, and one fire is rolled
per player still in play (F4). A game still burning after MAX_ROUNDS rounds is counted unfinished.

`value`, the team's heuristic (written down here and in docs/simulate.md), for every seat alike:

    won +1000, lost -1000; otherwise
    -3 for every burning square and -1 for every Fire counter,
    -20 for every player out, -10 for every player in play standing on a burning square
    (they go out at the end of the moves), and for every burning square -0.5 for each step
    between it and the nearest player on the ground, beyond the one a player may put out from
    (so the ground players spread over the fires rather than crowd one).
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement

from pnpkit.scorer import dice
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.moves import apply, candidates, chance, legal_moves, settle, to_move, why_illegal
from pnpkit.scorer.games.forest_fire.notation import text
from pnpkit.scorer.games.forest_fire.rules import ID
from pnpkit.scorer.games.forest_fire.state import Move, Person, Place, Roll, State
from pnpkit.scorer.sim.match import Moves, Setup, Summary, chosen

LENGTH = ("rounds", "actions")
MAX_ROUNDS = 200

WON, LOST = 1000.0, -1000.0
BURNING, COUNTER, OUT, ON_FIRE, STEP = 3.0, 1.0, 20.0, 10.0, 0.5

EVERYONE_OUT, ABLAZE, AT_SETUP, STILL_BURNING = (
    "every player went out", "every square burning", "the forest burned down during the setup",
    f"still burning after {MAX_ROUNDS} rounds")


@lru_cache(maxsize=256)
def _around(n: int, at: tuple[int, int]) -> tuple[tuple[int, tuple[int, int]], ...]:
    """Every place a piece can stand (the forest and its ring), with its distance in steps from `at`
    (the 8 neighbours are 1), nearest first."""
    return tuple(sorted((max(abs(d - at[0]), abs(a - at[1])), (d, a))
                        for d in range(n + 2) for a in range(n + 2)))


def roles(kit) -> list[str]:
    return [r.id for r in kit.params.roles]


def setups(kit, players: int, setup: str | None, team: list[str] | None) -> list[Setup]:
    """The kit's difficulties (all, or the one named) with a team: roles by seat, one role for all,
    `all` (every team of that many players), or the kit's roles in turn."""
    params, ids = kit.params, roles(kit)
    levels = chosen(params.setups, setup, ID)
    for level in levels:
        if players not in level.firebreaks:
            raise ValueError(f"setup {level.name} does not say how many Firebreaks {players} players roll")
    if team == ["all"]:
        teams = [list(t) for t in combinations_with_replacement(ids, players)]
    elif team:
        bad = [r for r in team if r not in ids]
        if bad:
            raise ValueError(f"no role {bad[0][:30]!r} in the {ID} kit (roles: {', '.join(ids)}, or all)")
        if len(team) not in (1, players):
            raise ValueError(f"{len(team)} roles given for {players} players: give one per player, or one for all")
        teams = [team * players if len(team) == 1 else list(team)]
    else:
        teams = [[ids[i % len(ids)] for i in range(players)]]
    return [Setup(level.name, tuple(t), (("firebreaks", level.firebreaks[players]),))
            for level in levels for t in teams]


def reason(outcome: str, out: int, people: int, round_: int) -> str:
    """Why a game was lost (or stopped unfinished), in the report's words."""
    if outcome == "lost":
        return AT_SETUP if round_ == 0 else EVERYONE_OUT if out == people else ABLAZE
    return STILL_BURNING if outcome == "unfinished" else ""


def summary(result, names) -> Summary:
    x = result.extra
    seats = tuple(range(len(names))) if x["outcome"] == "won" else ()
    return Summary(result.finished, (), seats, x["outcome"], reason(x["outcome"], len(x["out"]), len(names), x["round"]))


def new(kit, names, setup: Setup, rng: random.Random) -> "ForestMatch":
    params = kit.params
    people = [Person(name, params.role(r), None) for name, r in zip(names, setup.roles)]
    st = State(params.grid, people)
    st.due = ["firebreak"] * dict(setup.detail)["firebreaks"] + ["fire"] * (params.setup_rounds * len(people))
    settle(st)                  # no start to choose and nothing to roll: round 1 begins
    m = ForestMatch(st, rng)
    m.players = [{"name": p.name, "role": p.role.id} for p in people]
    return m


class ForestMatch(Moves):
    """The rules' own game (moves.py: the starts, the actions and the turns' ends, chance's rolls),
    played with the simulator's dice and written into a record. A turn ends when its player can
    act no more; a player who ends it early writes nothing (the next player's actions say so)."""

    @property
    def s(self) -> State:
        """The position (the rules' state)."""
        return self.st

    def __init__(self, state: State, rng: random.Random | None) -> None:
        self.st, self.rng = state, rng
        self.names = [p.name for p in state.people]
        self.players: list[dict] = []
        self.setup: dict | None = None             # the record's setup, once rolled
        self.rounds: list[dict] | None = []        # None on a scratch copy
        self.acting: int | None = None             # the seat whose turn it is in the round
        self.n_rounds = self.actions = 0
        self.passed = False
        self._legal = None

    # ------------------------------------------------------------ whose decision

    def to_move(self) -> int | None:
        st = self.st
        while not st.over:
            if st.acting is None:
                seat = to_move(st)
                if seat is not None or self.rng is None or self.rounds is None:
                    return seat                    # a start to choose; a scratch copy plays no chance
                self._roll()
                continue
            if self.setup is None:                 # a setup with nothing to roll
                self.setup = {"firebreaks": [], "fires": []}
            if self.n_rounds < st.round:           # a round begins: its record
                if self.n_rounds >= MAX_ROUNDS:
                    return None
                self.n_rounds += 1
                self.rounds.append({"moves": {}})
            self.acting = st.acting
            if self._can_act(st.acting):
                return st.acting
            if self.rng is None and all(p.out for p in st.people[st.acting + 1:]):
                self.acting = None                 # the end of the moves is the real game's
                return None
            self._end_turn()
        return None

    def _can_act(self, i: int) -> bool:
        p, st = self.st.people[i], self.st
        allowed = 1 if p.role.kind == "air" else p.role.actions
        return not self.passed and not p.out and st.done < allowed

    def _end_turn(self) -> None:
        apply(self.st, Move(self.st.acting, END_TURN))
        self.acting, self.passed, self._legal = self.st.acting, False, None

    def _roll(self) -> None:
        """What chance gives, each roll as `chance` offers it, into the record: the setup's Firebreaks
        and fires, or a round's fires."""
        st, rolls, breaks = self.st, [], []
        setup = self.setup is None
        while chance(st):
            kind = st.due[0]
            s = dice.roll(self.rng, 2)
            apply(st, Roll(s))
            (breaks if kind == "firebreak" else rolls).append(list(s))
        if setup:
            self.setup = {"firebreaks": breaks, "fires": rolls}
        else:
            self.rounds[-1]["fires"] = rolls

    # ------------------------------------------------------------ moves

    def list_moves(self) -> list:
        return legal_moves(self.st)

    def sample(self, rng: random.Random):
        st = self.st
        if st.acting is None:
            return rng.choice(self.legal())
        options: list = candidates(st)
        for k in range(len(options)):     # a random order, stopping at the first legal: evenly drawn
            j = rng.randrange(k, len(options))
            options[k], options[j] = options[j], options[k]
            if why_illegal(st, options[k]) is None:
                return options[k]
        raise AssertionError("a turn with nothing legal and no end")

    def play(self, move) -> None:
        self._legal = None
        a = move.action
        if a.__class__ is Place:
            apply(self.st, move)
            self.players[move.seat]["start"] = list(a.square)
            return
        if a is END_TURN:
            self.passed = True
            return
        apply(self.st, move)
        self.actions += 1
        if self.rounds is not None:
            self.rounds[-1]["moves"].setdefault(self.names[move.seat], []).append(text(a))

    def turn_done(self) -> bool:
        """A start chosen is a turn of its own; a round's turn ends when its player can act no more."""
        return self.setup is None or self.st.over or self.acting is None or not self._can_act(self.acting)

    def copy(self) -> "ForestMatch":
        st = self.st
        people = [Person(p.name, p.role, p.at, p.out_in, p.full) for p in st.people]
        m = ForestMatch(State(st.n, people, dict(st.fire), st.firebreaks, st.round, st.done, st.refilled,
                              st.outcome, st.ended_in, False, st.acting, list(st.due)), None)
        m.players, m.setup, m.rounds = self.players, self.setup, None
        m.acting, m.passed, m.n_rounds, m.actions = self.acting, self.passed, self.n_rounds, self.actions
        return m

    def key(self) -> tuple:
        """The position, for a search that meets it twice (move N then E, or E then N)."""
        st = self.st
        return (tuple(sorted(st.fire.items())), tuple((p.at, p.out_in, p.full) for p in st.people),
                st.done, st.refilled, st.outcome, self.acting, self.passed)

    # ------------------------------------------------------------ the team's heuristic

    def value(self, seat: int) -> float:
        st = self.st
        if st.outcome == "won":
            return WON
        if st.outcome == "lost":
            return LOST
        fire = st.fire
        v = -BURNING * len(fire) - COUNTER * sum(fire.values())
        ground = set()
        for p in st.people:
            if p.out:
                v -= OUT
            elif p.at is not None:
                ground.add(p.at)
                if p.at in fire:
                    v -= ON_FIRE
        if ground:
            for f in fire:
                v -= STEP * next(max(0, d - 1) for d, s in _around(st.n, f) if s in ground)
        return v

    # ------------------------------------------------------------ the record and the result

    def record(self) -> dict:
        """The record so far. In a round, the player acting who has not acted yet is written with no
        action (`Ben: []`), which is how a record says the turn before theirs is over (it may have
        ended early); a finished game's record has no such entry."""
        rounds, st = self.rounds or [], self.st
        if rounds and st.acting is not None and not st.over and "fires" not in rounds[-1] \
                and self.names[st.acting] not in rounds[-1]["moves"]:
            rounds = rounds[:-1] + [{**rounds[-1], "moves": {**rounds[-1]["moves"], self.names[st.acting]: []}}]
        return {"game": ID, "players": self.players, "setup": self.setup or {"fires": []}, "rounds": rounds}

    def summary(self) -> Summary:
        st = self.st
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        out = sum(p.out for p in st.people)
        ended = st.ended_in if st.ended_in is not None else st.round
        return Summary(outcome != "unfinished", (), tuple(range(len(self.names))) if outcome == "won" else (),
                       outcome, reason(outcome, out, len(st.people), ended))

    def length(self) -> tuple[int, int]:
        return self.n_rounds, self.actions
