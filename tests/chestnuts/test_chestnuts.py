"""Chestnuts Roasting on an Open Fire, checked by hand: a worked eight-turn game and one test per rule.

Positions are written `Ann: basket 9, fire 2u 1c, over 0, burnt 0, plate 0, chair 0`. Both players
start with 9 in the Basket, 2 uncooked and 1 cooked on the Fire, Tongs put down, no added Flame.
"""
from __future__ import annotations

import pytest

from pnpkit.kitfile.structs import convert, replace
from pnpkit.scorer import api
from pnpkit.scorer.games.chestnuts import notation

# The eight-turn game: every action letter a)-l) and one overheat. Worked by hand:
GAME8 = [
    # T1 Ann, roll 1: 3 - 1 (first turn) = 2 points. Steps: Ann's 1 cooked -> Overcooked, 2 uncooked -> cooked.
    #   b (2): Flames 1/3.          Ann: basket 9, fire 0u 2c, over 1.
    (1, "b"),
    # T2 Ben, roll 4: 4 points. Steps: Ben: fire 0u 2c, over 1. l (1) Flames 2/3; a (1) Tongs held;
    #   f 2 (2): Ben's plate 2.     Ben: basket 9, fire 0, over 1, plate 2, Tongs held.
    (4, "l, a, f 2"),
    # T3 Ann, roll 3: 4 points. Steps: Ann over 1 -> burnt 1; 2 cooked -> over 2. j is forced and the Tongs are
    #   down, so a (1) first; j (1): Ben basket 8, Ben fire 1u; k 1 free 1 (1): Ben basket 7, fire 2u, Ann basket 8,
    #   fire 1u; g 1 (1): Ann over 1, plate 1.   Ann: basket 8, fire 1u, over 1, burnt 1, plate 1, Tongs held.
    (3, "a, j, k 1 free 1, g 1"),
    # T4 Ben, roll 5: 5 points. Steps: Ben over 1 -> burnt 1; his 2 uncooked -> cooked. He holds the Tongs, so d (1)
    #   then l (1): Flames 3/3, OVERHEAT for both: Ann over 1 -> burnt 2, fire 1u -> 1c; Ben fire 2c -> over 2;
    #   Flames 0/3. c 1 (1): Ben chair 1, plate 1; a (1) Tongs held; e 1 (1): Ben basket 6, fire 1u.
    (5, "d, l, c 1, a, e 1"),
    # T5 Ann, roll 2: 3 points. Steps: Ann 1 cooked -> over 1. d (1) Tongs down; i (2): eats Ben's one chestnut on
    #   Ben's plate: Ann's chair holds 1 of Ben's.
    (2, "d, i"),
    # T6 Ben, roll 6: 5 points. Steps: Ben over 2 -> burnt 3; fire 1u -> 1c. d (1), l (1) Flames 1/3; a (1);
    #   e 2 (2): Ben basket 4, fire 2u 1c.
    (6, "d, l, a, e 2"),
    # T7 Ann, roll 1: 3 points. Steps: Ann over 1 -> burnt 3. a (1); h (1): Ben's cooked one -> Ann's plate;
    #   e 1 (1): Ann basket 7, fire 1u.
    (1, "a, h, e 1"),
    # T8 Ben, roll 2: 3 points. Steps: Ben's 2 uncooked -> cooked. f 2 (2): Ben plate 2; d (1).
    (2, "f 2, d"),
]
# End: Ann basket 7, fire 1u, burnt 3, plate 1 own + 1 Ben's, chair 1 Ben's  -> 1 - 3 = -2.
#      Ben basket 4, burnt 3, plate 2, chair 1                                -> 1 - 3 = -2. Shared; unfinished.


def record(turns, players=("Ann", "Ben")) -> str:
    lines = ["game: chestnuts", f"players: [{', '.join(players)}]", "turns:"]
    for roll, actions in turns:
        acts = ", ".join(f'"{a.strip()}"' for a in actions.split(",")) if actions.strip() else ""
        lines.append(f"  - {{roll: {roll}, actions: [{acts}]}}")
    return "\n".join(lines) + "\n"


def check(turns, **kw):
    return api.score_text(record(turns), "game.yaml", **kw)


def test_eight_turn_game_is_legal_and_scores_by_hand():
    r = check(GAME8, explain=True)
    assert r.violations == []
    assert not r.finished
    assert [(p.name, p.total, [(l.label, l.points) for l in p.breakdown]) for p in r.players] == [
        ("Ann", -2, [("chestnuts on Chair", 1), ("own chestnuts burnt", -3)]),
        ("Ben", -2, [("chestnuts on Chair", 1), ("own chestnuts burnt", -3)])]
    assert r.ranking == [["Ann", "Ben"]] and r.winners == []
    assert r.to_json()["finished"] is False


def test_eight_turn_game_explains_every_position():
    r = check(GAME8, explain=True)
    text = "\n".join(r.explain)
    overheat = next(l for l in r.explain if l.startswith('turn 4 (Ben), action 2 "l"'))
    assert "Fire Ann 0u 1c Ben 0u 0c | Overcooked Ann 0 Ben 2 | Burnt Ann 2 Ben 1" in overheat
    assert "Flames 0/3" in overheat and "score Ann -2 Ben -1 (Ann -1)" in overheat
    after_i = next(l for l in r.explain if l.startswith('turn 5 (Ann), action 2 "i"'))
    assert "Chairs Ann 0 (+1 Ben's) Ben 1" in after_i and "2 spent, 0 left" in after_i
    assert r.explain[-1].startswith("unfinished: Ann -2, Ben -2")
    assert "Tongs Ann held Ben down" in text


def test_every_letter_and_an_overheat_appear():
    letters = {a.strip()[0] for _, acts in GAME8 for a in acts.split(",")}
    assert letters == set("abcdefghijkl")


SHORT = {"chestnuts_per_player": 3}


def short_kit():
    from pnpkit.kitfile import load_kit
    kit = load_kit("chestnuts")
    return replace(kit, params=replace(kit.params, **SHORT))


def test_game_end_by_chair_and_burnt_scores_and_shares():
    """Three chestnuts each (a kit edition read from params): Basket 0, Fire 2u 1c.

    T1 Ann roll 4 (3): l (Flames 1), a, f 1 -> Ann over 1, fire 1c, plate 1.
    T2 Ben roll 1 (3): b (Flames 2), a -> Ben over 1, fire 2c.
    T3 Ann roll 5 (5): steps: Ann burnt 1, over 1. d, l: overheat -> Ann burnt 2; Ben burnt 1, over 2.
       c 1: Ann chair 1 -> all three of Ann's are burnt or eaten: the game ends. Ann 1-2 = -1, Ben 0-1 = -1.
    """
    from pnpkit.scorer.games.chestnuts import GAME, record
    rec = convert({"game": "chestnuts", "players": ["Ann", "Ben"], "turns": [
        {"roll": 4, "actions": ["l", "a", "f 1"]}, {"roll": 1, "actions": ["b", "a"]},
        {"roll": 5, "actions": ["d", "l", "c 1", "e 1"]}, {"roll": 2, "actions": []}]}, record.Record)
    r = GAME.score_record(rec, short_kit())
    assert r.finished and [p.total for p in r.players] == [-1, -1] and r.winners_as_played == ["Ann", "Ben"] and r.winners == []
    assert [(v.where, v.rule) for v in r.violations] == [('turn 3 (Ann), action 4 "e 1"', "GAME END"),]
    assert "shared" in r.tiebreaks[0].decided_by


def test_record_that_stops_before_the_steps_that_end_it_is_finished():
    """The next player's steps 1-3 take no decision: if they end the game, the record is finished.

    T1 Ann (2): steps: over 1, fire 2c; a, f 1 -> plate 1, fire 1c.   T2 Ben (3): a, f 1, d.
    T3 Ann (3): steps: burnt 1, over 1; d, c 1 (chair 1), a.          T4 Ben (3): steps: burnt 1, over 1;
    c 1 (chair 1), a, g 1.  Then Ann's steps for T5: over 1 -> burnt 2; with 1 eaten that is all three.
    Ann 1 - 2 = -1, Ben 1 - 1 = 0.
    """
    from pnpkit.scorer.games.chestnuts import GAME, record
    rec = convert({"game": "chestnuts", "players": ["Ann", "Ben"], "turns": [
        {"roll": 1, "actions": ["a", "f 1"]}, {"roll": 1, "actions": ["a", "f 1", "d"]},
        {"roll": 2, "actions": ["d", "c 1", "a"]}, {"roll": 2, "actions": ["c 1", "a", "g 1"]}]}, record.Record)
    r = GAME.score_record(rec, short_kit(), explain=True)
    assert r.violations == [] and r.finished
    assert [p.total for p in r.players] == [-1, 0]
    assert r.ranking == [["Ben"], ["Ann"]] and r.winners == ["Ben"]
    assert any(l.startswith("turn 5 (Ann): steps 1-3 end the game") for l in r.explain)
    r3 = GAME.score_record(replace(rec, turns=rec.turns[:3]), short_kit())
    assert not r3.finished and r3.winners == []


# ------------------------------------------------------------ one test per rule

def one(turns, where=None):
    r = check(turns)
    assert len(r.violations) == 1, r.violations
    v = r.violations[0]
    if where:
        assert v.where == where
    return v


def test_roll_limits_actions():
    v = one([(3, "a, j, h")], 'turn 1 (Ann), action 3 "h"')
    assert v.rule == "PLAY 4(h)" and v.quote == "What you may do when you roll a 1 or 2:"


def test_no_chosen_flame_on_a_forced_flame_roll():
    v = one([(4, "b, a")], 'turn 1 (Ann), action 1 "b"')
    assert v.rule == "PLAY 4(b); ruling C5" and "b) is not available" in v.message


def test_a_and_d_only_once():
    v = one(GAME8[:1] + [(4, "l, a, d, a")], 'turn 2 (Ben), action 4 "a"')
    assert v.rule == "PLAY 4" and "only once per turn" in v.quote


def test_one_flame_a_turn():
    v = one(GAME8[:1] + [(2, "b, b")], 'turn 2 (Ben), action 2 "b"')
    assert v.rule == "PLAY 4(b); ruling C5"


def test_flame_comes_first():
    v = one(GAME8[:1] + [(1, "a, d, b")], 'turn 2 (Ben), action 3 "b"')
    assert v.rule == "Notes 1" and v.quote.startswith("If you must and/or want to add a Flame")


def test_forced_flame_blocks_other_first_actions_and_is_reported_once():
    r = check(GAME8[:1] + [(5, "a, f 2, d, l")])
    assert [(v.where, v.rule) for v in r.violations] == [('turn 2 (Ben), action 1 "a"', "Notes 1")]


def test_holding_tongs_put_them_down_before_the_flame():
    v = one(GAME8[:4] + [(2, "b, d")], 'turn 5 (Ann), action 1 "b"')
    assert v.rule == "Notes 1" and "put them down (d) first" in v.message


def test_tongs_state():
    # Ben holds the Tongs and has 2 on his Plate (after T2): the first c 1 is wrong, but played as the table did.
    v = one(GAME8[:3] + [(1, "c 1, d, c 1")], 'turn 4 (Ben), action 1 "c 1"')
    assert v.rule == "PLAY 4(c)" and v.quote == "With the Tongs put down"


def test_tongs_first_for_a_forced_j():
    v = one([(3, "j, a, e 1")], 'turn 1 (Ann), action 1 "j"')
    assert v.rule == "Notes 3"


def test_cost_over_the_points_left():
    v = one([(1, "a, e 2")], 'turn 1 (Ann), action 2 "e 2"')
    assert v.rule == "PLAY 4(e)" and v.message == ("costs 2 Nut Points; 1 left (the first player's first turn "
                                                   "has 1 less: a roll of 1 gives 3 - 1 = 2, ruling C3)")
    v = one([(1, "b"), (1, "a, e 3")], 'turn 2 (Ben), action 2 "e 3"')
    assert v.message == "costs 3 Nut Points; 2 left"          # Ben's first turn has all its points
    assert v.quote.endswith("1 Nut Point each")


def test_k_moves_at_most_two():
    v = one(GAME8[:1] + [(3, "a, j, k 3")], 'turn 2 (Ben), action 3 "k 3"')
    assert v.rule == "PLAY 4(k)"


def test_k_after_j():
    r = check(GAME8[:1] + [(3, "a, k 1, j, e 1")])
    assert [(v.where, v.rule) for v in r.violations] == [('turn 2 (Ben), action 2 "k 1"', "PLAY 4(k); ruling C8")]


def test_counters_must_be_there():
    # Ben (T2, roll 1, 3 points): 1 in his Overcooked Box; g 2 is not played, and f 2 spends what is left.
    v = one(GAME8[:1] + [(1, "a, g 2, f 2")], 'turn 2 (Ben), action 2 "g 2"')
    assert v.rule == "PLAY 4(g)" and v.message == "only 1 own chestnut is in the Overcooked Box"


def test_forced_j_must_stay_possible():
    v = one(GAME8[:1] + [(3, "a, d")], 'turn 2 (Ben), action 2 "d"')
    assert v.rule == "PLAY 4(j); ruling C7"
    v = one(GAME8[:1] + [(3, "a, e 3")], 'turn 2 (Ben), action 2 "e 3"')
    assert v.rule == "PLAY 4(j); ruling C7"


def test_forced_j_missing():
    v = one(GAME8[:1] + [(3, "a, e 1")], "turn 2 (Ben)")
    assert v.rule == "PLAY 4(j)" and v.quote.startswith("What you must do when you roll a 3:")


def test_forced_l_missing():
    v = one(GAME8[:1] + [(6, "")], "turn 2 (Ben)")
    assert v.rule == "PLAY 4(l)"


def test_spend_all_searches_the_end_position():
    v = one(GAME8[:1] + [(2, "a, f 1")], "turn 2 (Ben)")
    assert v.rule == "PLAY 4" and v.quote == "He must spend all his points, if possible"
    assert '1 Nut Point left unspent, and "' in v.message and "(ruling C4)" in v.message


def test_spend_all_is_met_when_nothing_affordable_is_legal():
    # Ben, roll 5, 5 points: l, a, g 1, d -> 1 left, Tongs down, Plate 1: c 1 is legal, so he must eat it.
    v = one(GAME8[:1] + [(5, "l, a, g 1, d")], "turn 2 (Ben)")
    assert v.message == '1 Nut Point left unspent, and "c 1" could still be taken (ruling C4)'
    assert check(GAME8[:1] + [(5, "l, a, g 1, d, c 1")]).violations == []
    # Roll 1, 3 points: a, d -> 1 left, but nothing is legal (b not first, a and d used, Plate empty, i costs 2).
    assert check(GAME8[:1] + [(1, "a, d")]).violations == []


def test_game_over_then_more_turns():
    from pnpkit.scorer.games.chestnuts import GAME, record
    rec = convert({"game": "chestnuts", "players": ["Ann", "Ben"], "turns": [
        {"roll": 4, "actions": ["l", "a", "f 1"]}, {"roll": 1, "actions": ["b", "a"]},
        {"roll": 5, "actions": ["d", "l", "c 1"]}, {"roll": 2, "actions": ["a"]}]}, record.Record)
    r = GAME.score_record(rec, short_kit())
    assert [(v.where, v.rule) for v in r.violations] == [("turn 4 (Ben)", "GAME END")]


def test_replay_goes_on_and_lists_every_problem():
    r = check([(1, "a, c 1"), (2, "a, f 5"), (4, "a, l")])
    # Turn 3: Ann still holds the Tongs; "a" breaks Notes 1 (the Flame first, after d) and "l" out of place is
    # the same mistake, reported once; both are played as the table did, leaving 2 points and d affordable.
    assert [(v.where, v.rule) for v in r.violations] == [
        ('turn 1 (Ann), action 2 "c 1"', "PLAY 4(c)"), ("turn 1 (Ann)", "PLAY 4"),
        ('turn 2 (Ben), action 2 "f 5"', "PLAY 4(f)"), ("turn 2 (Ben)", "PLAY 4"),
        ('turn 3 (Ann), action 1 "a"', "Notes 1"), ("turn 3 (Ann)", "PLAY 4")]


# ------------------------------------------------------------ notation

@pytest.mark.parametrize("text, move", [
    ("a", ("a", 1, 0)), ("c 2", ("c", 2, -1)), ("c 2 opp 1", ("c", 2, 1)), ("e 3", ("e", 3, 0)),
    ("i", ("i", 1, -1)), ("i own", ("i", 1, 1)), ("i opp", ("i", 1, 0)), ("k 2 free 1", ("k", 2, 1)),
    ("k 1", ("k", 1, 0)), (" L ", ("l", 1, 0))])
def test_notation(text, move):
    assert notation.parse(text) == move


@pytest.mark.parametrize("text", ["c", "e", "a 1", "k 1 opp 1", "c 0", "m", "i 2", "f 1 free 1", "", "b b"])
def test_bad_notation_is_unreadable_with_its_line(text):
    from pnpkit.kitfile import SourceError
    with pytest.raises(SourceError) as e:
        api.score_text(f'game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [a, "{text}"]\n', "g.yaml")
    assert str(e.value).startswith("g.yaml:5: turns[0].actions[1]")


@pytest.mark.parametrize("roll", [0, 7, "six"])
def test_roll_outside_the_die_is_unreadable(roll):
    from pnpkit.kitfile import SourceError
    with pytest.raises(SourceError) as e:
        api.score_text(f"game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: {roll}\n    actions: []\n", "g.yaml")
    assert "g.yaml:4: turns[0].roll" in str(e.value)


def test_players_are_two_different_names():
    from pnpkit.kitfile import SourceError
    for players in ("[Ann]", "[Ann, Ann]", "[Ann, Ben, Cat]"):
        with pytest.raises(SourceError):
            api.score_text(f"game: chestnuts\nplayers: {players}\nturns: []\n")


def test_the_docs_example_scores_as_it_says():
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "records" / "chestnuts.md").read_text()
    example = doc.split("```yaml\n")[1].split("```")[0]
    r = api.score_text(example, "chestnuts.md", explain=True)
    assert r.valid and not r.finished and [p.total for p in r.players] == [-2, -2]
    assert r.explain == check(GAME8, explain=True).explain
    line = next(l for l in r.explain if l.startswith('turn 4 (Ben), action 2 "l"'))
    shown = " ".join(doc.split("```\nturn 4 (Ben)")[1].split("```")[0].split())
    assert " ".join(line.split()).endswith(shown)


def test_costs_come_from_the_kit_file():
    """Another edition's action table (e at 2 a chestnut) is checked by its own numbers."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games.chestnuts import GAME, record
    kit = load_kit("chestnuts")
    actions = [replace(a, cost=2) if a.letter == "e" else a for a in kit.params.actions]
    dear = replace(kit, params=replace(kit.params, actions=actions))
    rec = convert({"game": "chestnuts", "players": ["Ann", "Ben"],
                   "turns": [{"roll": 5, "actions": ["l", "a", "e 2"]}]}, record.Record)
    assert GAME.score_record(rec, kit).violations == []   # 5 - 1 = 4 points: 1 + 1 + 2
    v = GAME.score_record(rec, dear).violations
    assert [(x.where, x.rule, x.message) for x in v] == [('turn 1 (Ann), action 3 "e 2"', "PLAY 4(e)",
        "costs 4 Nut Points; 2 left (the first player's first turn has 1 less: a roll of 5 gives 5 - 1 = 4, ruling C3)")]
    # The rulebook says 1 a chestnut, so the quote is the edition's own line, not a misquote.
    assert "1 Nut Point" not in v[0].quote
