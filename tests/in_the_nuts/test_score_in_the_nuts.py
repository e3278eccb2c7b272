"""In the Nuts! final scoring: the rulebook's example (33), hand-scored games, the N4 tie-break,
and every violation (N1, N2, N5)."""
from __future__ import annotations

import json

from pnpkit.scorer.api import score_text


def run(players: dict):
    record = {"game": "in-the-nuts", "players": [{"name": n, "stores": s} for n, s in players.items()]}
    return score_text(json.dumps(record), "t.json")


def store(card, nut, nuts=0, jokers=()):
    return {"card": card, "nut": nut, "nuts": nuts, "jokers": list(jokers)}


UWE = [store(2, "walnut", 2), store(3, "acorn", 2, ["acorn/hazelnut"]), store(4, "hazelnut", 4),
       store("3b", "beechnut", 2), store(5, "walnut", 1)]


def test_rulebook_example_scores_33():
    r = run({"Uwe": UWE, "Ann": []})
    uwe = r.players[0]
    assert [l.points for l in uwe.breakdown] == [5, 10, 15, 2, 1] and uwe.total == 33
    assert uwe.breakdown[1].label == "card 3 (acorn, full)"
    assert uwe.breakdown[3].label == "card 3b (beechnut, 2 of 3)"
    assert r.valid and r.finished and r.winners == ["Uwe"]


def test_hand_scored_game():
    r = run({"Ann": [store(6, "acorn", 4, ["beechnut/acorn", "acorn/walnut"]), store(5, "walnut", 3),
                     store("2b", "hazelnut", 1, ["hazelnut/beechnut"])],
             "Ben": [store(4, "beechnut", 4), store("4b", "hazelnut", 4), store(2, "acorn", 1)],
             "Cat": [store(3, "walnut", 1)]})
    assert r.valid
    assert [p.total for p in r.players] == [30 + 3 + 5, 15 + 15 + 1, 1]
    assert r.ranking == [["Ann"], ["Ben"], ["Cat"]] and r.tiebreaks == []


def test_tiebreak_most_valuable_full_card():
    r = run({"Ben": [store(2, "walnut", 2), store("2b", "acorn", 2)], "Ann": [store(3, "walnut", 3)]})
    assert [p.total for p in r.players] == [10, 10]
    assert r.ranking == [["Ann"], ["Ben"]] and r.winners == ["Ann"]
    assert r.tiebreaks[0].decided_by == "most valuable full card" and r.tiebreaks[0].rule == "ruling N4"


def test_tiebreak_shared():
    r = run({"Ann": [store(3, "walnut", 3)], "Ben": [store("3b", "acorn", 3)]})
    assert r.ranking == [["Ann", "Ben"]] and r.winners == ["Ann", "Ben"]
    assert "shared" in r.tiebreaks[0].decided_by


def test_no_full_card_on_either_side_is_shared():
    r = run({"Ann": [store(6, "walnut", 2)], "Ben": [store(4, "acorn", 1), store(3, "walnut", 1)]})
    assert r.ranking == [["Ann", "Ben"]]


def where_rule(r):
    return [(v.where, v.rule) for v in r.violations]


def test_more_nuts_than_the_card_holds():
    r = run({"Ann": [store(2, "walnut", 2, ["walnut/acorn"])], "Ben": []})
    assert where_rule(r) == [("Ann, stores[0]", "ruling N1")]
    assert r.players[0].breakdown[0].points == 5          # scored as full
    assert "3 nuts on card 2, which holds 2" in r.violations[0].message


def test_a_card_used_twice():
    r = run({"Ann": [store(3, "walnut", 3), store("3", "acorn", 1)], "Ben": []})
    assert where_rule(r) == [("Ann, stores[1]", "ruling N1")]
    assert r.players[0].total == 10


def test_joker_stored_as_a_kind_it_does_not_show():
    r = run({"Ann": [store(2, "walnut", 1, ["acorn/hazelnut"])], "Ben": []})
    assert where_rule(r) == [("Ann, stores[0], jokers[0]", "ruling N2")]
    assert r.violations[0].quote.startswith("Jokers count as one of the two kinds shown on them")


def test_no_such_joker_or_card():
    r = run({"Ann": [store(2, "walnut", 1, ["acorn/acorn"]), store(7, "acorn", 1), store("5b", "acorn", 1)],
             "Ben": []})
    assert where_rule(r) == [("Ann, stores[0], jokers[0]", "ruling N2"), ("Ann, stores[1]", "Preparation"),
                             ("Ann, stores[2]", "Preparation")]


def test_more_of_a_kind_than_the_supply_for_the_player_count():
    # 2 players: 10 of each kind. 6 + 5 = 11 walnuts.
    two = {"Ann": [store(6, "walnut", 6)], "Ben": [store(5, "walnut", 5)]}
    r = run(two)
    assert where_rule(r) == [("all players, walnut", "ruling N5")]
    assert "11 walnuts stored; the game has 10 with 2 players" in r.violations[0].message
    three = dict(two, Cat=[])
    assert run(three).valid                              # 11 with 3 players
    four = dict(two, Cat=[store(2, "walnut", 1)], Dan=[])
    assert run(four).valid                               # 12 with 4 players


def test_more_than_twelve_jokers_and_more_of_a_pair_than_printed():
    pairs = ["walnut/hazelnut", "walnut/beechnut", "walnut/acorn"] * 2 + ["walnut/acorn"]
    r = run({"Ann": [store(6, "walnut", 0, pairs[:6]), store(5, "walnut", 0, pairs[6:7])],
             "Ben": [store(6, "hazelnut", 0, ["hazelnut/beechnut", "hazelnut/acorn"] * 2 + ["hazelnut/acorn"]),
                     store(2, "beechnut", 0, ["beechnut/acorn"])]})
    assert ("all players, jokers", "ruling N5") in where_rule(r)
    assert ("Ann, stores[1], jokers[0]", "ruling N5") in where_rule(r)      # a third walnut/acorn
    assert ("Ben, stores[0], jokers[4]", "ruling N5") in where_rule(r)      # a third hazelnut/acorn
    assert len(r.violations) == 3


def test_negative_nuts_and_player_count():
    r = run({"Ann": [store(4, "acorn", -2)]})
    assert where_rule(r) == [("players", "In the Nuts!"), ("Ann, stores[0]", "ruling N1")]


def test_every_violation_is_listed():
    r = run({"Ann": [store(2, "walnut", 5), store(2, "acorn", 1), store(3, "walnut", 1, ["acorn/beechnut"])],
             "Ben": [store(9, "acorn", 1)]})
    assert len(r.violations) == 4 and all(v.quote for v in r.violations)
