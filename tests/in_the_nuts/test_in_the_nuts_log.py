"""In the Nuts! move logs as records: the setup's rules, where a violation is reported, how the replay
goes on (or stops) after one, unreadable records, and the CLI."""
from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

from pnpkit.kitfile import SourceError, load_kit
from pnpkit.cli import cli
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.in_the_nuts.moves import reveal_problem
from pnpkit.scorer.games.in_the_nuts.sim import random_record
from pnpkit.scorer.games.in_the_nuts.state import State

KIT = load_kit("in-the-nuts")
NAMES = ["Anna", "Marlene", "Christine", "Uwe"]
START = {"game": "in-the-nuts", "players": NAMES,
         "setup": {"nuts": ["beechnut", "acorn", "walnut/acorn", "hazelnut"],
                   "first": {"Anna": {"take": "walnut", "to": 3}, "Marlene": {"take": "hazelnut", "to": 3},
                             "Christine": {"take": "hazelnut/acorn", "to": "keep"}, "Uwe": {"take": "acorn", "to": 2}},
                   "squirrels": {"Marlene": ["5-6"], "Christine": ["8-9", "5-6"], "Uwe": ["2-4", "5-6", "10-12"]}},
         "turns": [{"rolls": ["2 2 1 > 3", "2 4 6 > 8"]}, {"rolls": ["2 1 6 > 8", "3 5 5"]},
                   {"rolls": ["6 1 2 > 8"], "nuts": [{"take": "walnut/acorn", "new": "beechnut", "to": "keep"}]}]}


def run(rec, explain=False):
    return score_text(json.dumps(rec), "t.json", explain=explain)


def changed(**paths):
    """START with values replaced: changed(**{"setup.nuts": [...]})."""
    rec = copy.deepcopy(START)
    for path, value in paths.items():
        node = rec
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return rec


def where_rule(r):
    return [(v.where, v.rule) for v in r.violations]


def test_the_start_is_legal_and_unfinished():
    r = run(START)
    assert r.valid and not r.finished
    assert [p.total for p in r.players] == [1, 1, 0, 1]          # first nuts; Christine's joker is kept


def test_setup_face_up_nuts_first_nuts_and_squirrels():
    r = run(changed(**{"setup.nuts": ["beechnut", "acorn", "walnut"]}))
    assert where_rule(r) == [("setup, nuts", "Preparation; ruling N13")] and not r.finished
    r = run(changed(**{"setup.first": {"Anna": {"take": "walnut", "to": 3}}}))
    assert where_rule(r) == [("setup, first (Marlene)", "Preparation; ruling N13")]
    r = run(changed(**{"setup.squirrels": {"Anna": ["2-4"], "Marlene": ["7"], "Christine": ["8-9", "8-9"],
                                          "Uwe": ["2-4", "5-6"]}}))
    assert where_rule(r) == [("setup, squirrels (Anna)", "Preparation; ruling N6"),
                             ('setup, squirrels (Marlene) 1 "7"', "Preparation"),
                             ('setup, squirrels (Christine) 2 "8-9"', "Preparation"),
                             ("setup, squirrels (Uwe)", "Preparation; ruling N6")]
    assert "Uwe, seat 4, puts 3 squirrels in the 2-squirrel area; the record has 2" in r.violations[3].message


def test_the_deck_holds_two_jokers_of_a_pair_and_what_the_player_count_leaves_in_it():
    r = run(changed(**{"setup.nuts": ["walnut/acorn", "acorn/walnut", "walnut/acorn", "hazelnut"]}))
    assert where_rule(r) == [('setup, nuts 3 "walnut/acorn"', "Components; ruling N5")]
    s = State(KIT.params, ["Anna", "Marlene"])
    for _ in range(10):
        assert reveal_problem(s, "walnut") is None
        s.deck.take("walnut")
    why = reveal_problem(s, "walnut")
    assert why.rule.id == "Preparation" and "all 10 walnuts of the game with 2 players are already out" in why.message


def test_a_turn_s_nuts_left_out_stop_the_replay_there():
    rec = changed(**{"turns.2.nuts": None})
    rec["turns"].append({"rolls": ["1 1 1 > 2"]})
    r = run(rec)
    assert where_rule(r) == [("turn 3 (Christine), nuts", "Checking the 3-Squirrel-Area; ruling N8")]
    assert "Christine still collects a nut at 8-9 (2-squirrel area)" in r.violations[0].message
    assert not r.finished


def test_a_nut_no_one_collects_and_nuts_after_a_bad_roll():
    rec = changed(**{"turns.2.nuts": START["turns"][2]["nuts"] + [{"take": "acorn", "new": "walnut", "to": 2}]})
    assert where_rule(run(rec)) == [('turn 3 (Christine), nut 2 "take acorn, new walnut, to 2"', "Collecting Nuts")]
    rec = changed(**{"turns.1.nuts": [{"take": "acorn", "new": "walnut", "to": 2}]})
    assert where_rule(run(rec)) == [("turn 2 (Marlene), nut 1", "Bad Roll")]


def test_the_replay_goes_on_after_a_violation_and_lists_every_one():
    rec = changed(**{"turns.0.rolls": ["2 2 1 > 5", "2 4 6 > 8"], "turns.2.nuts.0.to": "3"})
    r = run(rec)
    assert where_rule(r) == [('turn 1 (Anna), roll 1 "2 2 1 > 5"', "Playing the Game"),
                             ('turn 3 (Christine), nut 1 (Christine) "take walnut/acorn, new beechnut, to 3"',
                              "Jokers")]


def test_a_turn_after_the_end_and_the_end_s_jokers():
    rec = random_record(KIT, random.Random(5))
    assert run(rec).valid
    over = copy.deepcopy(rec)
    over["turns"].append({"rolls": ["1 1 1 > 2"]})
    r = run(over)
    n = len(rec["turns"])
    assert where_rule(r) == [(f"turn {n + 1} ({NAMES[n % 4]})", "The End of the Game")]
    if rec.get("end"):
        name, jokers = next(iter(rec["end"].items()))
        left = copy.deepcopy(rec)
        del left["end"]
        assert run(left).valid and not run(left).finished          # kept jokers not yet stored
        wrong = copy.deepcopy(rec)
        wrong["end"][name][0]["to"] = "keep"
        assert where_rule(run(wrong))[0] == (f'end, {name}, joker 1 "{jokers[0]["joker"]}"', "The End of the Game")


@pytest.mark.parametrize("change, field", [
    ({"turns.0.rolls": ["2 2 7 > 3"]}, "turns[0].rolls[0]"),
    ({"turns.0.rolls": ["2 2 > 3"]}, "turns[0].rolls[0]"),
    ({"turns.2.nuts.0.take": "peanut"}, "turns[2].nuts[0].take"),
    ({"turns.2.nuts.0.steal": "Anna 3"}, "turns[2].nuts[0]"),
    ({"turns.2.nuts.0": {"steal": "Zoe 3"}}, "turns[2].nuts[0].steal"),
    ({"turns.2.nuts.0.to": "top"}, "turns[2].nuts[0].to"),
    ({"turns.2.nuts.0.as": "peanut"}, "turns[2].nuts[0].as"),
    ({"setup.squirrels": {"Zoe": ["2-4"]}}, "setup.squirrels.Zoe"),
    ({"setup.squirrels": {"Marlene": ["middle"]}}, "setup.squirrels.Marlene[0]"),
    ({"players": [{"name": "Anna", "stores": []}, "Marlene"]}, "players[0]"),
    ({"setup": None}, "setup"),
    ({"turns.0.roll": ["2 2 1 > 3"]}, "turns[0].roll"),
])
def test_unreadable_move_logs_name_the_field(change, field):
    with pytest.raises(SourceError) as e:
        run(changed(**change))
    assert any(p.field == field for p in e.value.problems), [(p.field, p.message) for p in e.value.problems]


@pytest.mark.parametrize("change, field, words", [
    # a number where the notation has a text is read as its text (`to: 2`), a decimal too: the
    # reader says what it expected (it was "expected a text, got 2.5")
    ({"turns.0.rolls": [2.5]}, "turns[0].rolls[0]", "cannot read roll '2.5': expected the green die"),
    ({"turns.2.nuts.0.to": 2.5}, "turns[2].nuts[0].to", "cannot read storage card '2.5'"),
    ({"turns.2.nuts.0.take": 7}, "turns[2].nuts[0].take", "expected a text, got 7"),
    ({"turns.2.nuts.0.take": True}, "turns[2].nuts[0].take", "expected a text, got True"),
    ({"turns.0.rolls": [[2, 2, 1]]}, "turns[0].rolls[0]", "expected a text"),
])
def test_a_notation_text_that_is_a_number_or_no_text(change, field, words):
    with pytest.raises(SourceError) as e:
        run(changed(**change))
    said = [(p.field, p.message) for p in e.value.problems]
    assert any(f == field and words in m for f, m in said), said
    assert run(changed(**{"turns.2.nuts.0.to": 2})).violations == run(changed(**{"turns.2.nuts.0.to": "2"})).violations


def test_final_storage_record_is_still_read_as_before():
    r = run({"game": "in-the-nuts", "players": [{"name": "Uwe", "stores": [{"card": 2, "nut": "walnut", "nuts": 2}]},
                                               {"name": "Ann"}]})
    assert r.valid and r.finished and r.players[0].total == 5


def test_cli_check_explain_json_and_schema():
    body = json.dumps(START)
    r = CliRunner().invoke(cli, ["check", "-", "--explain"], input=body)
    assert r.exit_code == 0, r.output
    assert "Marlene rolls green 3, white 5 and 5: 8 taken: a bad roll" in r.output
    assert "Christine keeps the walnut/acorn joker" in r.output
    r = CliRunner().invoke(cli, ["score", "-", "--json"], input=json.dumps(changed(**{"turns.0.rolls": ["2 2 1 > 9"]})))
    assert r.exit_code == 1
    out = json.loads(r.output)
    assert out["valid"] is False and out["finished"] is False
    assert out["violations"][0]["where"] == 'turn 1 (Anna), roll 1 "2 2 1 > 9"'
    schema = json.loads(CliRunner().invoke(cli, ["schema", "record", "in-the-nuts"]).output)
    assert {"setup", "turns", "end", "players"} <= set(schema["properties"])


def test_a_theft_left_out_is_one_violation_and_the_replay_goes_on():
    for seed in range(40):
        rec = random_record(KIT, random.Random(seed))
        spot = next(((t, k) for t, turn in enumerate(rec["turns"]) for k, nut in enumerate(turn.get("nuts", []))
                     if "steal" in nut and k + 1 < len(turn["nuts"])), None)
        if spot:
            break
    t, k = spot
    del rec["turns"][t]["nuts"][k]
    r = run(rec)
    # Reported once, where the record goes on without it; later differences (the victim keeps the nut)
    # are the record's own, and the replay still reaches the end.
    first = r.violations[0]
    assert first.rule == "The Raccoon Fields; ruling N10" and "`steal:` comes before this" in first.message
    assert first.where.startswith(f"turn {t + 1} (") and f"nut {k + 1} (" in first.where
    assert sum(v.rule == "The Raccoon Fields; ruling N10" for v in r.violations) == 1 and r.finished
