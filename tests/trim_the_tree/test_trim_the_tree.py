"""Trim the Tree: the lattice derived from the kit, a hand-scored game, and one test per rule."""
from __future__ import annotations

import pytest

from pnpkit.kitfile.structs import convert
from pnpkit.kitfile import SourceError, load_kit
from pnpkit.scorer import api

P = load_kit("trim-the-tree").params

# Nine rounds, worked by hand (2 players: the bag holds 3 of each ornament). Ann picks first in odd rounds.
#   Ann: A1 red box; B1 blue bell; B2 yellow candle completes A1-B1-B2 (all differ): +1; C2 purple bulb
#   completes B1-B2-C2: +1; C1 red candle completes B1-C1-C2: +1; C3 blue box completes B2-C2-C3: +1;
#   D1 blue bell: nothing; D3 blue candle completes C2-C3-D3 (two blues): 0; D2 yellow box completes
#   C1-D1-D2, C1-C2-D2 and C2-D2-D3, all three good: 2*3-1 = +5.  Ann: 9.
#   Ben: E1 blue bell; E2 yellow candle; D1 purple bulb completes D1-E1-E2: +1; D2 red box completes
#   D1-D2-E2: +1; E3 yellow bell completes D2-E2-E3 (two yellows): 0; D3 blue candle completes D2-D3-E3:
#   +1; C1 red candle completes C1-D1-D2 (two reds): 0; C2 yellow box completes C1-C2-D2 (two reds) and
#   C2-D2-D3 (two boxes): 0; B1 purple bell completes B1-C1-C2: +1.  Ben: 4.
ANN = [("red box", "A1"), ("blue bell", "B1"), ("yellow candle", "B2"), ("purple bulb", "C2"), ("red candle", "C1"),
       ("blue box", "C3"), ("blue bell", "D1"), ("blue candle", "D3"), ("yellow box", "D2")]
BEN = [("blue bell", "E1"), ("yellow candle", "E2"), ("purple bulb", "D1"), ("red box", "D2"), ("yellow bell", "E3"),
       ("blue candle", "D3"), ("red candle", "C1"), ("yellow box", "C2"), ("purple bell", "B1")]


def rounds_of(ann=ANN, ben=BEN):
    out = []
    for r, (a, b) in enumerate(zip(ann, ben)):
        picks = [("Ann", *a), ("Ben", *b)]
        if r % 2:
            picks.reverse()
        out.append(([a[0], b[0]], picks))
    return out


def record(rounds, players=("Ann", "Ben")) -> str:
    lines = ["game: trim-the-tree", f"players: [{', '.join(players)}]", "rounds:"]
    for box, picks in rounds:
        lines.append(f"  - box: [{', '.join(box)}]")
        lines.append("    picks: [" + ", ".join(f"{{player: {p}, take: {o}, at: {s}}}" for p, o, s in picks) + "]")
    return "\n".join(lines) + "\n"


def check(rounds, players=("Ann", "Ben"), **kw):
    return api.score_text(record(rounds, players), "tree.yaml", **kw)


def test_lattice_is_derived_from_the_rows():
    assert P.spaces == ["A1", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "D3", "D4", "E1", "E2", "E3", "E4", "E5"]
    assert len(P.triangles) == 16
    assert P.adjacent["A1"] == {"B1", "B2"}
    assert P.adjacent["C2"] == {"C1", "C3", "B1", "B2", "D2", "D3"}
    assert P.adjacent["E5"] == {"E4", "D4"}
    assert sum(len(v) for v in P.adjacent.values()) == 2 * 30  # 30 lines in a 5-row triangle
    assert ("C2", "D2", "D3") in P.triangles and ("C1", "C2", "D2") in P.triangles
    assert max(len(t) for t in P.triangles_at.values()) == 6
    assert P.in_bag(2) == 3 and P.in_bag(3) == 4 and P.in_bag(4) == 5 and P.in_bag(1) == 2


def test_hand_scored_game():
    r = check(rounds_of(), explain=True)
    assert r.violations == []
    assert [p.total for p in r.players] == [9, 4] and not r.finished
    ann = r.players[0]
    assert [(l.label, l.points) for l in ann.breakdown][-1] == ("round 9: yellow box at D2, 3 triangles", 5)
    assert r.ranking == [["Ann"], ["Ben"]] and r.winners == []
    text = "\n".join(r.explain)
    assert "round 9, Ann: yellow box at D2: completes 3 triangles, 3 of different colours and shapes: +5, total 9" in text
    assert "round 2: box blue bell, yellow candle; Ben picks first" in text


def test_explain_draws_the_tree():
    r = check(rounds_of()[:1], explain=True)
    i = r.explain.index("round 1, Ann: red box at A1: completes 0 triangles, 0 of different colours and shapes: +0, total 0")
    assert r.explain[i + 1].split() == ["A", "Rbo"]
    e_row = r.explain[i + 5]
    e3 = [k for k, ch in enumerate(e_row) if ch == "."][2]
    assert r.explain[i + 1].index("Rbo") + 1 == e3  # the apex sits over E3
    assert r.explain[i + 5].split() == ["E", ".", ".", ".", ".", "."]


def test_one_player_full_tree_is_finished():
    import random
    from pnpkit.scorer.games.trim_the_tree import moves, record, sim, state
    from pnpkit.scorer.games.trim_the_tree import GAME
    rec = sim.random_record(load_kit("trim-the-tree"), random.Random(3), ["Ann"])
    r = GAME.score_record(convert(rec, record.Record), load_kit("trim-the-tree"))
    assert r.valid and r.finished and r.winners == ["Ann"] and len(rec["rounds"]) == 15


def test_equal_scores_share():
    # Both build the same first triangle: 1 point each.
    same = [("red box", "A1"), ("blue bell", "B1"), ("yellow candle", "B2")]
    other = [("purple box", "A1"), ("red bell", "B1"), ("blue candle", "B2")]
    r = check(rounds_of(same, other))
    assert [p.total for p in r.players] == [1, 1] and r.ranking == [["Ann", "Ben"]]


# ------------------------------------------------------------ one test per rule

def only(rounds, players=("Ann", "Ben")):
    r = check(rounds, players)
    assert len(r.violations) == 1, r.violations
    return r.violations[0]


def test_wrong_picker():
    rounds = rounds_of()[:2]
    rounds[1] = (rounds[1][0], list(reversed(rounds[1][1])))  # Ann picks first in round 2: Ben's turn
    v = only(rounds)
    # In a later round the deciding words are the rotation, not "starting with the starting player"
    # (which would support Ann, the starting player).
    assert (v.where, v.rule) == ("round 2, Ann", "Passing the Bag; ruling T3")
    assert v.quote.startswith("After the last Ornament is taken from the Box, pass the Bag to the player on the left. "
                              "Ruling T3: Players take in seat order from the round's first player")
    assert "round 2 begins with Ben" in v.message


def test_wrong_picker_in_the_first_round_quotes_the_starting_player():
    rounds = rounds_of()[:1]
    rounds[0] = (rounds[0][0], list(reversed(rounds[0][1])))
    v = only(rounds)
    assert (v.where, v.rule) == ("round 1, Ben", "2) Trimming the Tree") and "Ann takes next" in v.message
    assert v.quote.startswith("starting with the starting player and continuing clockwise")


def test_picking_twice():
    box, picks = rounds_of()[0]
    v = only([(box, picks[:1] + [("Ann", "blue bell", "B1")])])
    assert v.where == "round 1, Ann" and v.rule == "1) Open a box; ruling T3"


def test_ornament_not_in_the_box():
    box, picks = rounds_of()[0]
    v = only([(box, [("Ann", "purple bell", "A1"), picks[1]])])
    assert v.where == "round 1, Ann" and "no purple bell is in the box" in v.message


@pytest.mark.parametrize("space", ["A2", "F1", "E6", "B0"])
def test_off_the_lattice(space):
    box, picks = rounds_of()[0]
    v = only([(box, [("Ann", "red box", space), picks[1]])])
    assert v.where == "round 1, Ann" and v.quote == "A space is represented by the intersection of 2 or 3 lines on the Tree."


def test_occupied_space():
    rounds = rounds_of()[:2]
    rounds[1][1][1] = ("Ann", "blue bell", "A1")
    v = only(rounds)
    assert v.where == "round 2, Ann" and "already holds a red box" in v.message


def test_not_adjacent():
    rounds = rounds_of()[:2]
    rounds[1][1][1] = ("Ann", "blue bell", "C2")
    v = only(rounds)
    assert v.where == "round 2, Ann" and v.quote.startswith("After the first Ornament is placed")


def test_box_holds_one_per_player():
    box, picks = rounds_of()[0]
    v = only([(box + ["red bell"], picks)])
    assert v.where == "round 1" and v.rule == "1) Open a box"


def test_bag_supply_by_player_count():
    # With 2 players the bag holds 3 of each: a fourth blue bell cannot be drawn.
    ann = ANN[:2] + [("blue bell", "B2"), ("blue bell", "C2")]
    v = only(rounds_of(ann, BEN[:4]))
    assert v.where == "round 4" and v.rule == "Setup" and "4 blue bell ornaments drawn" in v.message


def test_missing_pick_mid_record():
    rounds = rounds_of()[:2]
    rounds[0] = (rounds[0][0], rounds[0][1][:1])
    r = check(rounds)
    assert ("round 1", "Note") in [(v.where, v.rule) for v in r.violations]
    # The same gap in the last round recorded is just where the record stops.
    assert check(rounds[:1]).violations == []


def test_game_over_after_full_trees():
    import random
    from pnpkit.scorer.games.trim_the_tree import moves, record, sim, state
    from pnpkit.scorer.games.trim_the_tree import GAME
    kit = load_kit("trim-the-tree")
    rec = sim.random_record(kit, random.Random(1), ["Ann", "Ben"])
    rec["rounds"].append({"box": ["red box", "red bell"], "picks": []})
    r = GAME.score_record(convert(rec, record.Record), kit)
    assert [(v.where, v.rule) for v in r.violations] == [("round 16", "Game end")]


def test_unknown_player_is_reported():
    box, picks = rounds_of()[0]
    r = check([(box, [("Bob", "red box", "A1"), picks[1]])])
    assert r.violations[0].where == "round 1, Bob"


@pytest.mark.parametrize("bad, field", [("blue", "take"), ("blue box 2", "take"), ("C", "at"), ("22", "at")])
def test_unreadable_ornament_or_space(bad, field):
    text = record([(["red box", "blue bell"], [("Ann", "red box", "A1"), ("Ben", "blue bell", "E1")])])
    text = text.replace("take: red box" if field == "take" else "at: A1", f"{field}: {bad}")
    with pytest.raises(SourceError) as e:
        api.score_text(text, "tree.yaml")
    assert f"tree.yaml:5: rounds[0].picks[0].{field}" in str(e.value)


def test_an_ornament_this_kit_does_not_have():
    r = check([(["pink box", "blue bell"], [("Ann", "pink box", "A1"), ("Ben", "blue bell", "E1")])])
    assert [(v.where, v.rule) for v in r.violations] == [("round 1", "Components"), ("round 1, Ann", "Components")]
    assert r.violations[0].message.startswith("pink box is not an ornament of this kit (colours: red, blue")
    assert r.violations[0].quote == "80 Ornament counters (in 4 different shapes and 4 different colors)"
