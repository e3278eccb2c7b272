"""Chestnuts by random legal play: such a game always checks clean, and any action the legal-move
list does not contain, put in place of a recorded one, is always caught where it stands."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from pnpkit.kitfile.structs import convert
from pnpkit.kitfile import load_kit
from pnpkit.scorer.core import where_turn
from pnpkit.scorer.games.chestnuts import moves as M
from pnpkit.scorer.games.chestnuts import notation, record, sim, state
from pnpkit.scorer.games.chestnuts import GAME

KIT = load_kit("chestnuts")
SETTINGS = settings(max_examples=60, deadline=None)

# Every action a record could write (counts up to 4), legal or not somewhere.
UNIVERSE = (["a", "b", "d", "h", "i", "i own", "i opp", "j", "l"]
            + [f"{x} {n}" for x in "cefgk" for n in range(1, 5)]
            + [f"c {n} opp {m}" for n in range(1, 4) for m in range(0, n + 1)]
            + [f"k {n} free {m}" for n in range(1, 4) for m in range(0, n + 1)])


def game(seed: int) -> dict:
    return sim.random_record(KIT, random.Random(seed))


def position_before(rec: dict, t: int, a: int) -> state.State:
    """The position just before action a of turn t (0-based), the record being legal up to there."""
    s = state.State(state.table(KIT.params))
    for ti, turn in enumerate(rec["turns"][:t + 1]):
        s.start_turn(turn["roll"])
        for text in turn["actions"][:a if ti == t else None]:
            M.apply(s, notation.parse(text))
    return s


@SETTINGS
@given(st.integers(0, 10**9))
def test_random_legal_game_checks_clean(seed):
    rec = game(seed)
    r = GAME.score_record(convert(rec, record.Record), KIT)
    assert r.violations == []
    assert r.finished  # random games end well within the turn cap
    for p in r.players:
        assert p.total == sum(l.points for l in p.breakdown)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(0, 10**6), st.integers(0, 10**6))
def test_an_action_not_in_the_legal_list_is_caught(seed, pick, choice):
    rec = game(seed)
    spots = [(t, a) for t, turn in enumerate(rec["turns"]) for a in range(len(turn["actions"]))]
    t, a = spots[pick % len(spots)]
    s = position_before(rec, t, a)
    legal = {notation.resolve(s, m) for m in M.legal_moves(s)}
    assert notation.resolve(s, notation.parse(rec["turns"][t]["actions"][a])) in legal
    wrong = [x for x in UNIVERSE if notation.resolve(s, notation.parse(x)) not in legal]
    bad = wrong[choice % len(wrong)]
    rec["turns"][t]["actions"][a] = bad
    r = GAME.score_record(convert(rec, record.Record), KIT)
    where = where_turn(t + 1, rec["players"][t % 2], a + 1, bad)
    assert where in [v.where for v in r.violations], (bad, r.violations[:3])


@SETTINGS
@given(st.integers(0, 10**9), st.integers(0, 10**6))
def test_legal_list_agrees_with_why_illegal(seed, pick):
    rec = game(seed)
    spots = [(t, a) for t, turn in enumerate(rec["turns"]) for a in range(len(turn["actions"]))]
    t, a = spots[pick % len(spots)]
    s = position_before(rec, t, a)
    legal = {notation.resolve(s, m) for m in M.legal_moves(s)}
    for x in UNIVERSE:
        mv = notation.parse(x)
        assert (M.why_illegal(s, mv) is None) == (notation.resolve(s, mv) in legal), x
    # The spend-all search finds something exactly when the list is not empty.
    assert (not M.affordable(s)) == (not legal)


def counters(draw, per_player: int) -> list[int]:
    """Each owner's chestnuts anywhere (any of the nine places)."""
    out: list[int] = []
    for _ in range(2):
        cuts = sorted(draw(st.lists(st.integers(0, per_player), min_size=8, max_size=8)))
        out += [b - a for a, b in zip([0, *cuts], [*cuts, per_player])]
    return out


@st.composite
def positions(draw) -> tuple[state.State, list[list[int]]]:
    """Any position a turn could be in, reachable or not: each owner's chestnuts anywhere, the
    Tongs, the letters taken, the actions so far, the points left, the roll; with other counters
    for the same turn (legal_moves keeps what it found by what it read: the same turn with the
    counters moved must not be answered from it wrongly)."""
    t = state.table(KIT.params)
    s = state.State(t)
    s.c = counters(draw, t.per_player)
    s.player, s.tongs, s.roll = draw(st.integers(0, 1)), draw(st.integers(0, 3)), draw(st.integers(1, 6))
    s.used = draw(st.sampled_from([0, 1, 8, 9, 1 << 9, 1 << 11])) if draw(st.booleans()) else \
        draw(st.integers(0, (1 << len(t.spec)) - 1))
    s.n = draw(st.integers(0, 4))
    s.first = draw(st.sampled_from(["", *t.spec])) if s.n else ""
    s.points, s.turn = draw(st.integers(0, 9)), draw(st.integers(0, 3))
    s.open = True
    return s, [counters(draw, t.per_player) for _ in range(draw(st.integers(1, 4)))]


@settings(max_examples=400, deadline=None)
@given(positions())
def test_legal_moves_is_the_candidates_why_illegal_accepts(drawn):
    """legal_moves asks why_illegal in two halves and keeps its answers: the list, in its order,
    is the one the definition gives, every candidate asked whole."""
    s, others = drawn
    for c in [s.c, *others]:
        s.c = c
        every = [mv for mv in M.candidates(s, cut=False) if M.why_illegal(s, mv) is None]
        assert M.legal_moves(s) == (every if s.points > 0 else [])
        if s.points > 0:
            assert (not M.smallest_legal(s)) == (not every), "affordable's search and the list disagree"
