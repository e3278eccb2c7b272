"""Trim the Tree by random legal play: clean for 1-5 players; a pick moved off the lattice, away from
the ornaments, to the wrong player or to an ornament not in the box is always caught."""
from __future__ import annotations

import random

from hypothesis import assume, given, settings, strategies as st

from pnpkit.kitfile.structs import convert
from pnpkit.kitfile import load_kit
from pnpkit.scorer.games.trim_the_tree import moves, record, sim, state
from pnpkit.scorer.games.trim_the_tree import GAME

KIT = load_kit("trim-the-tree")
P = KIT.params
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
SETTINGS = settings(max_examples=50, deadline=None)


def game(seed: int, n: int) -> dict:
    return sim.random_record(KIT, random.Random(seed), NAMES[:n])


def score(rec: dict):
    return GAME.score_record(convert(rec, record.Record), KIT)


def state_before(rec: dict, r: int, k: int) -> state.State:
    names = rec["players"]
    s = state.State(P, len(names), names)
    for ri, rnd in enumerate(rec["rounds"][:r + 1]):
        s.open_box(rnd["box"])
        for pick in rnd["picks"][:k if ri == r else None]:
            moves.apply(s, state.Move(names.index(pick["player"]), pick["take"], pick["at"]))
    return s


def spot(rec: dict, pick: int) -> tuple[int, int]:
    spots = [(r, k) for r, rnd in enumerate(rec["rounds"]) for k in range(len(rnd["picks"]))]
    return spots[pick % len(spots)]


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 5))
def test_random_legal_game_checks_clean(seed, n):
    rec = game(seed, n)
    r = score(rec)
    assert r.valid and r.finished
    assert all(p.total == sum(l.points for l in p.breakdown) for p in r.players)
    # A recount written separately: each pick scores 2k-1 for the k triangles it completes whose
    # three ornaments differ in colour and in shape.
    trees = {name: {} for name in rec["players"]}
    totals = dict.fromkeys(rec["players"], 0)
    for rnd in rec["rounds"]:
        for pick in rnd["picks"]:
            tree = trees[pick["player"]]
            tree[pick["at"]] = pick["take"].split()
            k = sum(1 for tri in P.triangles if pick["at"] in tri and all(x in tree for x in tri)
                    and len({tree[x][0] for x in tri}) == 3 and len({tree[x][1] for x in tri}) == 3)
            totals[pick["player"]] += 2 * k - 1 if k else 0
    assert {p.name: p.total for p in r.players} == totals


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 5), st.integers(0, 10**6), st.sampled_from(["A2", "F1", "E6", "C4", "B0", "Z9"]))
def test_off_lattice_is_caught(seed, n, pick, space):
    rec = game(seed, n)
    r, k = spot(rec, pick)
    rec["rounds"][r]["picks"][k]["at"] = space
    p = rec["rounds"][r]["picks"][k]["player"]
    res = score(rec)
    assert (f"round {r + 1}, {p}", "2) Trimming the Tree") in [(v.where, v.rule) for v in res.violations]


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 5), st.integers(0, 10**6), st.integers(0, 100))
def test_not_adjacent_is_caught(seed, n, pick, choice):
    rec = game(seed, n)
    r, k = spot(rec, pick)
    s = state_before(rec, r, k)
    who = rec["players"].index(rec["rounds"][r]["picks"][k]["player"])
    tree = s.trees[who]
    far = [sp for sp in P.spaces if sp not in tree and not P.adjacent[sp] & tree.keys()]
    assume(tree and far)
    rec["rounds"][r]["picks"][k]["at"] = far[choice % len(far)]
    res = score(rec)
    assert any(v.where == f"round {r + 1}, {rec['players'][who]}" and "not next to" in v.message for v in res.violations)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(2, 5), st.integers(0, 10**6), st.integers(1, 4))
def test_wrong_picker_is_caught(seed, n, pick, shift):
    rec = game(seed, n)
    r, k = spot(rec, pick)
    p = rec["rounds"][r]["picks"][k]
    other = rec["players"][(rec["players"].index(p["player"]) + shift % (n - 1) + 1) % n]
    p["player"] = other
    res = score(rec)
    assert f"round {r + 1}, {other}" in [v.where for v in res.violations]


@SETTINGS
@given(st.integers(0, 10**9), st.integers(1, 5), st.integers(0, 10**6), st.integers(0, 100))
def test_ornament_not_in_the_box_is_caught(seed, n, pick, choice):
    rec = game(seed, n)
    r, k = spot(rec, pick)
    box_left = list(rec["rounds"][r]["box"])
    for q in rec["rounds"][r]["picks"][:k]:
        box_left.remove(q["take"])
    absent = [o for o in P.ornaments if o not in box_left]
    rec["rounds"][r]["picks"][k]["take"] = absent[choice % len(absent)]
    res = score(rec)
    p = rec["rounds"][r]["picks"][k]["player"]
    assert any(v.where == f"round {r + 1}, {p}" and "in the box" in v.message for v in res.violations)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 5), st.integers(0, 10**6))
def test_legal_list_agrees_with_why_illegal(seed, n, pick):
    rec = game(seed, n)
    r, k = spot(rec, pick)
    s = state_before(rec, r, k)
    legal = set(moves.legal_moves(s))
    for who in range(n):
        for orn in P.ornaments:
            for sp in P.spaces + ["F1"]:
                assert (moves.why_illegal(s, state.Move(who, orn, sp)) is None) == ((who, orn, sp) in legal)
