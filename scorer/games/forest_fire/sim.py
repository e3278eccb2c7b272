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
from pnpkit.scorer.games.forest_fire.moves import apply, candidates, legal_moves, why_illegal, why_turn_short
from pnpkit.scorer.games.forest_fire.notation import text
from pnpkit.scorer.games.forest_fire.rules import ID
from pnpkit.scorer.games.forest_fire.state import Person, State
from pnpkit.scorer.sim.match import Moves, Setup, Summary, chosen

LENGTH = ("rounds", "actions")
COOPERATIVE = True
MAX_ROUNDS = 200
PASS = "end the turn"    # ends a ground player's turn early, or a pilot's drop turn unused

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
    m = ForestMatch(State(params.grid, people, words=False), rng)
    m.firebreaks, m.setup_rounds = dict(setup.detail)["firebreaks"], params.setup_rounds
    m.players = [{"name": p.name, "role": p.role.id} for p in people]
    m.placing = [i for i, p in enumerate(people) if p.role.kind != "air"]
    return m


class ForestMatch(Moves):

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
        self.placing: list[int] = []               # seats still to choose their start
        self.acting: int | None = None             # the seat whose turn it is in the round
        self.firebreaks = self.setup_rounds = 0
        self.n_rounds = self.actions = 0
        self.passed = False
        self._legal = None

    # ------------------------------------------------------------ whose decision

    def to_move(self) -> int | None:
        st = self.st
        if self.placing:
            return self.placing[0]
        if self.setup is None:
            if self.rng is None:
                return None
            self._roll_setup()
        while not st.over:
            if self.acting is not None:
                if self._can_act(self.acting):
                    return self.acting
                self._next_actor(self.acting + 1)
                continue
            if self.rounds is None or self.rng is None:
                return None
            if self.rounds and "fires" not in self.rounds[-1]:
                self._end_round()
                continue
            if self.n_rounds >= MAX_ROUNDS:
                return None
            self.n_rounds += 1
            st.round = self.n_rounds
            self.rounds.append({"moves": {}})
            self._next_actor(0)
        return None

    def _can_act(self, i: int) -> bool:
        p, st = self.st.people[i], self.st
        allowed = 1 if p.role.kind == "air" else p.role.actions
        return not self.passed and not p.out and st.done < allowed

    def _next_actor(self, k: int) -> None:
        st = self.st
        self.acting = next((i for i in range(k, len(st.people)) if not st.people[i].out), None)
        self.passed, self._legal = False, None
        if self.acting is not None:
            st.begin_turn(self.acting)

    def _roll_setup(self) -> None:
        st, rng = self.st, self.rng
        breaks = [dice.roll(rng, 2) for _ in range(self.firebreaks)]
        st.firebreaks.update(breaks)
        fires = [dice.roll(rng, 2) for _ in range(self.setup_rounds * len(st.people))]
        for s in fires:
            st.roll(s)
        st.blaze()
        self.setup = {"firebreaks": [list(s) for s in breaks], "fires": [list(s) for s in fires]}

    def _end_round(self) -> None:
        """The round's moves are over: who stands on fire goes out, then one fire per player in play."""
        st = self.st
        st.end_of_moves()
        if st.over:
            return
        rolls = [dice.roll(self.rng, 2) for _ in st.in_play()]
        for s in rolls:
            st.roll(s)
        st.blaze()
        self.rounds[-1]["fires"] = [list(s) for s in rolls]

    # ------------------------------------------------------------ moves

    def list_moves(self) -> list:
        if self.placing:
            n = self.st.n
            return [(0, a) for a in range(1, n + 1)] + [(d, n + 1) for d in range(1, n + 1)] + \
                   [(n + 1, a) for a in range(n, 0, -1)] + [(d, 0) for d in range(n, 0, -1)]
        st = self.st
        moves: list = legal_moves(st)
        return moves + [PASS] if why_turn_short(st) is None else moves

    def sample(self, rng: random.Random):
        if self.placing:
            return rng.choice(self.legal())
        st = self.st
        options: list = candidates(st)
        if why_turn_short(st) is None:
            options = options + [PASS]
        for k in range(len(options)):     # a random order, stopping at the first legal: evenly drawn
            j = rng.randrange(k, len(options))
            options[k], options[j] = options[j], options[k]
            a = options[k]
            if a is PASS or why_illegal(st, a) is None:
                return a
        raise AssertionError("a turn with nothing legal and no end")

    def play(self, move) -> None:
        self._legal = None
        if self.placing:
            i = self.placing.pop(0)
            self.st.people[i].at = move
            self.players[i]["start"] = list(move)
            return
        i = self.acting
        if move is PASS:
            self.passed = True
            return
        apply(self.st, move)
        self.actions += 1
        if self.rounds is not None:
            self.rounds[-1]["moves"].setdefault(self.names[i], []).append(text(move.action))

    def turn_done(self) -> bool:
        """A start chosen is a turn of its own; a round's turn ends when its player can act no more."""
        return self.setup is None or self.st.over or self.acting is None or not self._can_act(self.acting)

    def copy(self) -> "ForestMatch":
        st = self.st
        people = [Person(p.name, p.role, p.at, p.out_in, p.full) for p in st.people]
        m = ForestMatch(State(st.n, people, dict(st.fire), st.firebreaks, st.round, st.done, st.refilled,
                              st.outcome, st.ended_in, False, st.acting), None)
        m.players, m.setup, m.rounds, m.placing = self.players, self.setup, None, self.placing[:]
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
        return {"game": ID, "players": self.players, "setup": self.setup or {"fires": []}, "rounds": self.rounds or []}

    def summary(self) -> Summary:
        st = self.st
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        out = sum(p.out for p in st.people)
        ended = st.ended_in if st.ended_in is not None else st.round
        return Summary(outcome != "unfinished", (), tuple(range(len(self.names))) if outcome == "won" else (),
                       outcome, reason(outcome, out, len(st.people), ended))

    def length(self) -> tuple[int, int]:
        return self.n_rounds, self.actions
