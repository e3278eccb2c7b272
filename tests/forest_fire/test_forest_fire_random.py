"""Forest Fire: random play drawn from the legal-move list always checks clean, and the replay of
its record reaches the same position. Also the fire's own invariants after every roll."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pnpkit.kitfile import SourceError, load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.moves import apply, candidates, legal_moves, why_illegal
from pnpkit.scorer.games.forest_fire.notation import parse_action, text
from pnpkit.scorer.games.forest_fire.state import Move, Person, State

KIT = load_kit("forest-fire")
N = KIT.params.grid
RING = [(0, a) for a in range(1, N + 1)] + [(N + 1, a) for a in range(1, N + 1)] + \
       [(d, 0) for d in range(1, N + 1)] + [(d, N + 1) for d in range(1, N + 1)]
DIE = st.tuples(st.integers(1, N), st.integers(1, N))
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def roll_checked(state: State, s) -> None:
    """Roll, then check what F3 promises: a Firebreak never burns, the rolled square burns unless
    it is a Firebreak, counters only grow, and every new square lies next to the roll."""
    before = dict(state.fire)
    state.roll(s)
    assert not set(state.fire) & state.firebreaks
    if s not in state.firebreaks:
        assert state.fire[s] == before.get(s, 0) + 1
    for t, k in state.fire.items():
        assert k >= before.get(t, 0)
        if t not in before:
            assert max(abs(t[0] - s[0]), abs(t[1] - s[1])) <= 1
            assert k == 1


def fight(state: State, p: Person, legal: list) -> list:
    """The actions that fight the fire: put it out if possible, else head for the nearest fire."""
    useful = [a for a in legal if a.kind in ("extinguish", "drop")]
    if useful or not state.fire or p.at is None:
        return useful or legal

    def gap(s) -> int:
        return min(max(abs(s[0] - f[0]), abs(s[1] - f[1])) for f in state.fire)

    def after(a):
        if a.kind == "jump":
            return a.square
        step = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}[a.direction]
        return (p.at[0] + step[0], p.at[1] + step[1])

    best = min(gap(after(a)) for a in legal)
    return [a for a in legal if gap(after(a)) == best]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_checks_clean(data):
    n = data.draw(st.integers(KIT.game.min_players, KIT.game.max_players), label="players")
    roles = [data.draw(st.sampled_from(["hotshot", "smoke-jumper", "pilot"])) for _ in range(n)]
    players = []
    for name, role in zip(NAMES, roles):
        entry = {"name": name, "role": role}
        if role != "pilot":
            entry["start"] = list(data.draw(st.sampled_from(RING)))
        players.append(entry)
    state = State(N, [Person(p["name"], KIT.params.role(p["role"]), tuple(p["start"]) if "start" in p else None)
                      for p in players])
    breaks = data.draw(st.lists(DIE, max_size=n), label="firebreaks")
    state.firebreaks.update(breaks)
    setup = data.draw(st.lists(DIE, min_size=2 * n, max_size=2 * n), label="setup fires")
    for s in setup:
        roll_checked(state, s)
    state.blaze()

    rounds = []
    planned = data.draw(st.integers(0, 20), label="rounds")
    for r in range(1, planned + 1):
        if state.over:
            break
        state.round = r
        moves = {}
        for i, p in enumerate(state.people):
            if p.out or state.over:
                continue
            state.begin_turn(i)
            taken = []
            most = 1 if p.role.kind == "air" else p.role.actions
            least = 1 if p.role.kind == "air" and state.refill_turn() else 0
            want = most - data.draw(st.integers(0, most - least))  # small draws: busy players
            for _ in range(want):
                legal = [m.action for m in legal_moves(state) if m.action is not END_TURN]  # the record writes no end
                if not legal or state.over:
                    break
                if data.draw(st.integers(0, 3)) < 3:
                    legal = fight(state, p, legal)  # more often than not, so games get won
                action = data.draw(st.sampled_from(legal))
                assert why_illegal(state, Move(i, action)) is None
                apply(state, Move(i, action))
                taken.append(text(action))
            if taken:
                moves[p.name] = taken
        rnd: dict = {"moves": moves}
        rounds.append(rnd)
        if state.over:
            break
        state.end_of_moves()
        if state.over:
            break
        if r == planned and data.draw(st.booleans(), label="stop before the fires"):
            break  # a record may stop after a round's moves
        rolls = data.draw(st.lists(DIE, min_size=len(state.in_play()), max_size=len(state.in_play())))
        for s in rolls:
            roll_checked(state, s)
        rnd["fires"] = [list(s) for s in rolls]
        state.blaze()

    record = {"game": "forest-fire", "players": players,
              "setup": {"firebreaks": [list(s) for s in breaks], "fires": [list(s) for s in setup]},
              "rounds": rounds}
    explain = data.draw(st.booleans(), label="explain")
    result = score_text(yaml.safe_dump(record, sort_keys=False), "random.yaml", explain=explain)
    assert result.valid, (result.violations, record)
    assert bool(result.explain) == (explain and bool(setup or breaks))
    want_outcome = {"playing": "unfinished"}.get(state.outcome, state.outcome)
    event(f"outcome {want_outcome}, {len(rounds)} rounds")
    assert result.extra["outcome"] == want_outcome
    assert result.extra["fires"] == [[d, a, k] for (d, a), k in sorted(state.fire.items())]
    assert result.extra["out"] == [p.name for p in state.people if p.out]
    if want_outcome == "won":
        assert result.extra["fires"] == []
    if want_outcome == "lost":
        everything = all(state.burning(s) for s in state.squares() if s not in state.firebreaks)
        assert everything or all(p.out for p in state.people)



@pytest.mark.parametrize("role", ["hotshot", "smoke-jumper", "pilot"])
def test_every_candidate_reads_back_from_its_notation_and_the_legal_ones_are_those_the_rules_accept(role):
    """Each action a player could take, anywhere on the board and the ring, in a refill round and a
    drop round: parse_action(text(a)) == a, and legal_moves is exactly the candidates why_illegal
    accepts, each naming the acting seat."""
    squares = [(d, a) for d in range(N + 2) for a in range(N + 2)]
    listed = 0
    for at in ([None] if role == "pilot" else squares):
        for rnd in (1, 2):
            state = State(N, [Person("Ann", KIT.params.role("hotshot"), (0, 1)), Person("Ben", KIT.params.role(role), at)],
                          fire={(2, 2): 1, (3, 3): 2}, round=rnd)
            state.begin_turn(1)
            moves = candidates(state)
            for m in moves:
                assert m.seat == 1 and (m.action is END_TURN or parse_action(text(m.action)) == m.action)
            assert legal_moves(state) == [m for m in moves if why_illegal(state, m) is None]
            listed += len(legal_moves(state))
    assert listed > 0

# Any record, however wrong, is either scored or refused with a SourceError: never a crash.
# Malformed parts are drawn rarely (one draw in 20 or 30), so that about half the records get past
# the format check and exercise the replay with wrong moves, off-board squares and odd roles.
_num = st.integers(-3, 9)
_pair = st.lists(_num, min_size=2, max_size=2)
_square = st.tuples(st.integers(0, 19), _pair, st.lists(_num, max_size=3)).map(lambda t: t[2] if t[0] == 13 else t[1])
_action = st.one_of(
    st.sampled_from(["move N", "move S", "move E", "move W", "refill", "move X", ""]),
    st.builds(lambda k, a, b: f"{k} {a} {b}", st.sampled_from(["extinguish", "jump", "drop"]), _num, _num),
    st.builds(lambda *n: "drop " + " ".join(map(str, n)), _num, _num, _num, _num, _num, _num))


def _players(roles_starts):
    out = []
    for k, (role, start, bad) in enumerate(roles_starts):
        p = {"name": ["Ann", "Ben", "Cat", "Dan", "Eve"][k], "role": role}
        if (role != "pilot") != bad:
            p["start"] = start
        out.append(p)
    return out


_player_list = st.lists(st.tuples(st.sampled_from(["hotshot", "smoke-jumper", "pilot"]), _square,
                                  st.integers(0, 29).map(lambda n: n == 17)), min_size=1, max_size=5).map(_players)
_round = st.fixed_dictionaries({}, optional={
    "moves": st.dictionaries(st.sampled_from(["Ann", "Ben", "Cat", "Ann", "Ben", "Zed"]), st.lists(_action, max_size=3), max_size=3),
    "fires": st.lists(_square, max_size=4)})


@settings(max_examples=80, deadline=None)
@given(_player_list, st.lists(_square, max_size=5), st.lists(_square, max_size=9),
       st.lists(_round, max_size=4))
def test_any_record_is_scored_or_refused_never_crashes(players, breaks, fires, rounds):
    record = {"game": "forest-fire", "players": players, "setup": {"firebreaks": breaks, "fires": fires},
              "rounds": rounds}
    try:
        result = score_text(yaml.safe_dump(record), "fuzz.yaml", explain=True)
    except SourceError as e:
        assert str(e).startswith("fuzz.yaml")
        event("refused")
        return
    event("scored")
    assert result.extra["outcome"] in ("won", "lost", "unfinished")
