"""NUTS final scoring: the rulebook's example, hand-scored games, every tie-break step, every
violation, and the bonus-card choice checked against brute force."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.nuts.bonus import best_choice, brute_force

UNMET = {"needs": {"pistachio": 6}, "points": 1}   # a written-out card nobody fulfils here: -1


def player(name, sheet=None, salt=0, squirrel=0, goals=(), bonus=None):
    return {"name": name, "sheet": sheet or {}, "salt": salt, "squirrel": squirrel,
            "goals": list(goals), "bonus": [UNMET] if bonus is None else bonus}


def run(*players):
    return score_text(json.dumps({"game": "nuts", "players": list(players)}), "t.json")


def lines(result, name):
    p = next(p for p in result.players if p.name == name)
    return {l.label: l.points for l in p.breakdown}


def test_rulebook_example_three_almonds_score_six():
    r = run(player("Ann", {"almond": 3}))
    assert lines(r, "Ann")["almond (3 tokens)"] == 6


def test_every_column_scores_the_row_number_of_its_bottom_token():
    rows = load_kit("nuts").params.rows
    assert rows == [1, 3, 6, 10, 15, 21]
    for n in range(7):
        r = run(player("Ann", {"cashew": n}))
        assert lines(r, "Ann")[f"cashew ({n} token{'s' if n != 1 else ''})"] == (rows[n - 1] if n else 0)


def test_hand_scored_game():
    r = run(player("Ann", {"almond": 4, "cashew": 3, "peanut": 2, "pistachio": 2}, salt=3,
                   goals=["salty-mama"], bonus=["B05", "B11", "B16"]),
            player("Ben", {"almond": 2, "cashew": 2, "peanut": 2, "pistachio": 3}, salt=1, squirrel=3,
                   goals=["squirrel-buddy"], bonus=["B19", "B12"]),
            player("Cat", {"almond": 1, "cashew": 1, "peanut": 1, "pistachio": 1}, bonus=["B09"]))
    assert r.valid and r.finished
    ann = lines(r, "Ann")
    # rows 2x7; columns 10+6+3+3; salt 3x2; goal 5; bonus: B05 and B16 (+11), B11 cannot share the
    # almonds with B05 nor the peanuts with B16 (-4).
    assert ann == {"rows (2 complete x 7)": 14, "almond (4 tokens)": 10, "cashew (3 tokens)": 6,
                   "peanut (2 tokens)": 3, "pistachio (2 tokens)": 3, "salt (3 x 2)": 6,
                   "goal Salty Mama": 5, "bonus B05 fulfilled (almond 3)": 5,
                   "bonus B11 not fulfilled (almond 2, peanut 1)": -4,
                   "bonus B16 fulfilled (peanut 2, pistachio 2)": 6}
    totals = {p.name: p.total for p in r.players}
    assert totals == {"Ann": 54, "Ben": 14 + 15 + 2 + 5 + 6 - 4, "Cat": 7 + 4 + 2}
    for p in r.players:
        assert p.total == sum(l.points for l in p.breakdown)
    assert r.ranking == [["Ann"], ["Ben"], ["Cat"]] and r.winners == ["Ann"] and r.tiebreaks == []
    out = r.to_json()
    assert out["players"][0]["total"] == 54 and out["winners"] == ["Ann"] and out["valid"] is True


def test_greedy_is_not_enough():
    # Four almonds; B05 (almond 3, 5 points) first by points, but the two 2-almond cards worth 4
    # each (8 together) beat it: a greedy choice would take B05 and lose both others.
    two = {"needs": {"almond": 2}, "points": 4}
    r = run(player("Ann", {"almond": 4}, bonus=["B05", two, two]))
    ann = lines(r, "Ann")
    assert ann["bonus B05 not fulfilled (almond 3)"] == -5
    assert ann["bonus {almond 2} fulfilled"] == 4
    assert r.players[0].total == 10 + 8 - 5


def test_end_condition_two_complete_rows():
    one_row = {"almond": 1, "cashew": 2, "peanut": 3, "pistachio": 1}
    assert not run(player("Ann", one_row), player("Ben", one_row)).finished
    r = run(player("Ann", one_row), player("Ben", {k: 2 for k in one_row}))
    assert r.finished and r.winners
    unfinished = run(player("Ann", one_row), player("Ben"))
    assert unfinished.winners == [] and unfinished.ranking == [["Ann"], ["Ben"]]


def test_tiebreak_most_nuts():
    r = run(player("Ben", {"almond": 1}, salt=1), player("Ann", {"almond": 2}))
    assert [p.total for p in r.players] == [2, 2]
    assert r.ranking == [["Ann"], ["Ben"]]
    assert r.tiebreaks[0].decided_by == "most nuts" and r.tiebreaks[0].rule == "ruling U6"


def test_tiebreak_most_salt():
    r = run(player("Ann", {"almond": 2}, salt=1),
            player("Ben", {"almond": 1, "cashew": 1}, bonus=[{"needs": {"almond": 1}, "points": 2}]))
    assert [p.total for p in r.players] == [4, 4]
    assert r.ranking == [["Ann"], ["Ben"]] and r.tiebreaks[0].decided_by == "most Salt markers"


def test_tiebreak_fewest_squirrels():
    sheet = {"almond": 2, "peanut": 1}
    r = run(player("Ann", sheet, squirrel=2), player("Ben", sheet, squirrel=0))
    assert r.ranking == [["Ben"], ["Ann"]]
    assert [t.decided_by for t in r.tiebreaks] == ["fewest Squirrel markers", "fewest Squirrel markers"]


def test_tie_on_everything_is_shared():
    sheet = {k: 2 for k in ("almond", "cashew", "peanut", "pistachio")}
    r = run(player("Ann", sheet, squirrel=1), player("Ben", sheet, squirrel=1), player("Cat", {}))
    assert r.ranking == [["Ann", "Ben"], ["Cat"]] and r.winners == ["Ann", "Ben"]
    assert r.tiebreaks[0].players == ["Ann", "Ben"] and "shared" in r.tiebreaks[0].decided_by


def violations(result):
    return [(v.where, v.rule) for v in result.violations]


def test_column_beyond_the_sheet():
    r = run(player("Ann", {"almond": 7}), player("Zed"))
    assert violations(r) == [("Ann, sheet.almond", "ruling U2")]
    assert lines(r, "Ann")["almond (6 tokens)"] == 21          # scored as the sheet allows
    assert "6 rows" in r.violations[0].message and r.violations[0].quote.startswith("Each column scores")


def test_goal_without_its_condition():
    r = run(player("Ann", {}, salt=2, goals=["salty-mama"]), player("Ben", {}, squirrel=3, goals=["squirrel-buddy"]))
    assert violations(r) == [("Ann, goals[0]", "ruling U4")]
    assert lines(r, "Ann")["goal Salty Mama (condition not met)"] == 0
    assert lines(r, "Ben")["goal Squirrel Buddy"] == 5


def test_goal_claimed_by_two_players_and_twice_by_one():
    r = run(player("Ann", {}, salt=3, goals=["salty-mama", "salty-mama"]), player("Ben", {}, salt=4, goals=["salty-mama"]))
    assert violations(r) == [("Ann, goals[1]", "Claim Goal Cards"), ("Ben, goals[0]", "ruling U4")]
    assert "also claimed by Ann" in r.violations[1].message


def test_unknown_goal_and_bonus_ids_and_a_deck_card_held_twice():
    r = run(player("Ann", {}, goals=["nutty-professor"], bonus=["B07", "B99", "b7"]), player("Zed"))
    assert violations(r) == [("Ann, goals[0]", "ruling U4"), ("Ann, bonus[1]", "PLAYER SETUP"),
                             ("Ann, bonus[2]", "PLAYER SETUP")]
    assert "'B99' is not a card" in r.violations[1].message
    # the deck the cards are drawn from, not "He must keep at least one" (about keeping a card)
    assert r.violations[1].quote == r.violations[2].quote == "Each Player draws 3 Bonus Cards."


def test_negative_counts_are_violations_with_rules():
    r = run(player("Ann", {"cashew": -1}, salt=-2, squirrel=-1), player("Zed"))
    assert violations(r) == [("Ann, sheet.cashew", "Score Nuts from matched Orders"),
                             ("Ann, salt", "Score Nuts from matched Orders"), ("Ann, squirrel", "Move the Squirrel")]
    assert lines(r, "Ann")["salt (0 x 2)"] == 0


def test_no_bonus_card_and_player_count():
    r = run(player("Ann", {}, bonus=[]))
    assert violations(r) == [("players", "THE FACTORY"), ("Ann", "PLAYER SETUP")]


def test_every_violation_is_listed():
    r = run(player("Ann", {"almond": 9, "peanut": -3}, salt=1, goals=["salty-mama"], bonus=["B77"]),
            player("Ben", {"pistachio": 8}, bonus=["B00", "B01"]))
    assert len(r.violations) == 6 and not r.valid
    assert all(v.where and v.message and v.rule and v.quote for v in r.violations)


needs = st.lists(st.integers(0, 3), min_size=4, max_size=4)


@settings(max_examples=150, deadline=None)
@given(counts=st.lists(st.integers(0, 6), min_size=4, max_size=4),
       cards=st.lists(st.tuples(needs, st.integers(1, 12)), max_size=9))
def test_bonus_choice_is_never_beaten_by_any_subset(counts, cards):
    need = [c[0] for c in cards]
    pts = [c[1] for c in cards]
    choice = best_choice(counts, need, pts)
    want = brute_force(counts, need, pts)
    assert choice.net == want.net
    assert choice == want                     # the same cards: ties broken as the docstring says
    for method in ("table", "search"):        # both methods, whichever the hand would get
        assert best_choice(counts, need, pts, method=method) == want
    for k in range(4):
        assert sum(need[c][k] for c in choice.fulfilled) <= counts[k]
    assert choice.gained == sum(pts[c] for c in choice.fulfilled)
    assert choice.gained + choice.lost == sum(pts)
