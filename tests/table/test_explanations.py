"""The explanations that settle an argument (issue 12, part 4): each says what decided it, in the
words that decide it. Verdicts and scores are tested with each game; these test the words."""
from __future__ import annotations

import json

from pnpkit.scorer.api import score_text


def nuts(*players, explain=False):
    def player(name, sheet=None, salt=0, squirrel=0, goals=(), bonus=("B01",)):
        return {"name": name, "sheet": sheet or {}, "salt": salt, "squirrel": squirrel, "goals": list(goals),
                "bonus": list(bonus)}
    return score_text(json.dumps({"game": "nuts", "players": [player(*p) if isinstance(p, tuple) else player(**p)
                                                                for p in players]}), "t.json", explain=explain)


def card(points, **needs):
    return {"needs": needs, "points": points}


def test_each_place_of_a_three_way_tie_names_what_separated_it_from_those_still_tied():
    """Three players on 28 points: Ann has the most nuts (9); Ben and Cat have 8 each and are split
    by salt. Place 2 was decided by salt: nuts did not separate Ben from Cat."""
    even = {"almond": 2, "cashew": 2, "peanut": 2, "pistachio": 2}
    r = nuts({"name": "Ann", "sheet": {**even, "almond": 3}, "bonus": [card(1, pistachio=6)]},      # 14+15-1
             {"name": "Ben", "sheet": even, "salt": 2, "bonus": [card(2, pistachio=6)]},          # 14+12+4-2
             {"name": "Cat", "sheet": even, "salt": 1, "bonus": [card(1, almond=1), card(1, pistachio=6)]})
    assert {p.name: p.total for p in r.players} == {"Ann": 28, "Ben": 28, "Cat": 28}
    assert r.ranking == [["Ann"], ["Ben"], ["Cat"]]
    assert [(t.place, t.decided_by) for t in r.tiebreaks] == [
        (1, "most nuts"), (2, "most Salt markers"), (3, "most Salt markers")]


def test_nuts_explain_names_the_cards_left_unfulfilled_and_never_says_minus_zero():
    r = nuts({"name": "Ann", "sheet": {"cashew": 2}, "bonus": ["B02", "B05"]},
             {"name": "Ben", "sheet": {"cashew": 2}, "bonus": ["B02"]}, explain=True)
    ann = next(n for n in r.explain if n.startswith("Ann: sheet"))
    assert "fulfilled: B02 (+3); not fulfilled: B05 (-5)" in ann
    ben = next(n for n in r.explain if n.startswith("Ben: sheet"))
    assert "not fulfilled: none" in ben and "-0" not in ben
    assert any(n == "Ann: 0 complete rows; total 1 point." for n in r.explain), r.explain


def test_a_goal_claimed_by_two_players_says_so_in_the_breakdown():
    r = nuts({"name": "Ann", "salt": 3, "goals": ["salty-mama"]},
             {"name": "Ben", "salt": 3, "goals": ["salty-mama"], "bonus": ["B02"]}, explain=True)
    ben = {l.label: l.points for l in r.players[1].breakdown}
    assert ben["goal Salty Mama (also claimed by Ann)"] == 5
    assert [(v.where, v.rule) for v in r.violations] == [("Ben, goals[0]", "ruling U4")]
    assert any("also claimed by Ann" in n and "ruling U4" in n for n in r.explain)


def in_the_nuts(players, explain=False):
    record = {"game": "in-the-nuts", "players": [{"name": n, "stores": s} for n, s in players.items()]}
    return score_text(json.dumps(record), "t.json", explain=explain)


def test_an_illegal_joker_does_not_fill_its_card():
    r = in_the_nuts({"Uwe": [{"card": 3, "nut": "acorn", "nuts": 2, "jokers": ["walnut/hazelnut"]}], "Ann": []},
                    explain=True)
    assert [(l.label, l.points) for l in r.players[0].breakdown] == [("card 3 (acorn, 2 of 3)", 2)]
    assert "(not counted on the card)" in r.violations[0].message and r.violations[0].rule == "ruling N2"
    assert "Uwe, stores[0]: card 3, acorn: 2 nuts + 0 jokers (1 not counted); 2 of 3" in r.explain[0]


def test_a_storage_card_used_twice_quotes_the_rule_about_storage_cards():
    r = in_the_nuts({"Uwe": [{"card": 2, "nut": "walnut", "nuts": 2}, {"card": 2, "nut": "acorn", "nuts": 1}],
                     "Ann": []})
    v = r.violations[0]
    assert (v.rule, v.quote) == ("ruling N1", "Each of a player's cards is used once.")


def test_in_the_nuts_explain_has_a_line_per_storage_card_and_counts_agree():
    r = in_the_nuts({"Uwe": [{"card": 2, "nut": "walnut", "nuts": 2}, {"card": 5, "nut": "acorn", "nuts": 1}],
                     "Ann": [{"card": "3b", "nut": "hazelnut", "nuts": 1}]}, explain=True)
    assert r.explain == [
        "Uwe, stores[0]: card 2, walnut: 2 nuts; full: 5 points",
        "Uwe, stores[1]: card 5, acorn: 1 nut; 1 of 5, not full: 1 point, one a nut (ruling N3)",
        "Uwe: 6 points; most valuable full card: 5 (ruling N4).",
        "Ann, stores[0]: card 3b, hazelnut: 1 nut; 1 of 3, not full: 1 point, one a nut (ruling N3)",
        "Ann: 1 point; most valuable full card: none (ruling N4)."]


def chestnuts(turns, explain=True):
    record = {"game": "chestnuts", "players": ["Ann", "Ben"],
              "turns": [{"roll": r, "actions": a} for r, a in turns]}
    return score_text(json.dumps(record), "t.json", explain=explain)


def test_chestnuts_explain_says_what_an_illegal_action_cost_and_that_the_fire_overheats():
    r = chestnuts([(1, ["a", "e 2"]), (4, ["l", "a", "f 2"]), (5, ["l"]), (5, ["d", "l"])])
    over = next(n for n in r.explain if n.startswith('turn 1 (Ann), action 2 "e 2"'))
    assert "ILLEGAL, played as recorded: it costs 2 Nut Points and 1 was left, 0 now" in over
    third = next(n for n in r.explain if n.startswith('turn 4 (Ben), action 2 "l"'))
    assert "the third Flame: the Fire overheats (ruling C11):" in third and "the added Flames come off" in third
    assert r.violations[0].message.endswith("(the first player's first turn has 1 less: a roll of 1 gives "
                                            "3 - 1 = 2, ruling C3)")


def test_a_replay_page_refuses_a_record_of_more_steps_than_it_draws(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from pnpkit import replay
    from pnpkit.cli import cli
    from pnpkit.scorer import replay as driver
    monkeypatch.setattr(driver, "STEP_LIMIT", 3)
    monkeypatch.setattr(replay, "STEP_LIMIT", 3)
    (tmp_path / "r.yaml").write_text("game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - {roll: 1, actions: [b]}\n"
                                     "  - {roll: 1, actions: [b]}\n")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "r.yaml"), "--out", str(tmp_path)])
    assert r.exit_code == 2 and "more than 3 steps" in r.output and not list(tmp_path.glob("*.html"))


def test_in_the_nuts_move_log_explain_says_1_point_not_1_points():
    """Issue 36: "Ben: 1 points". Each player's first nut, stored at the setup, is 1 point."""
    record = {"game": "in-the-nuts", "players": ["Anna", "Marlene"],
              "setup": {"nuts": ["beechnut", "acorn", "hazelnut/acorn", "beechnut"],
                        "first": {"Anna": {"take": "walnut", "to": "3b"}, "Marlene": {"take": "hazelnut", "to": "3b"}},
                        "squirrels": {"Marlene": ["5-6"]}},
              "turns": []}
    r = score_text(json.dumps(record), "t.json", explain=True)
    assert any(n.startswith("Anna: 1 point; most valuable full card: none") for n in r.explain)
    assert not any("1 points" in n for n in r.explain)
