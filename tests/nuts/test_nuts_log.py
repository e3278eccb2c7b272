"""The NUTS move log (docs/records/nuts.md, issue 27): the whole game on the page scores 40 and 24
through the final-sheet scorer, and each illegal move of the spec is caught at its move with its
rule and the words that decide it."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from click.testing import CliRunner

import msgspec

from pnpkit.kitfile.source import as_model
from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.nuts.floor import cells, routes
from pnpkit.scorer.games.nuts import GAME as NUTS_GAME
from pnpkit.scorer.games.nuts.score import final_sheets
from pnpkit.scorer.replay import replay as _driven
from pnpkit.scorer.games.nuts.record import Record


def replay(record, kit):
    """The move log through the one replay driver: (the position where it stops, what it found)."""
    return _driven(NUTS_GAME, record, kit)


DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "nuts.md"
GAME = re.search(r"### A whole game.*?```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]


def _game() -> dict:
    return yaml.safe_load(GAME)


def _check(data: dict):
    return score_text(yaml.safe_dump(data, sort_keys=False), "nuts.yaml")


def test_the_whole_game_on_the_page_is_legal_and_scores_40_and_24():
    r = score_text(GAME, "nuts.md", explain=True)
    assert r.valid, r.violations[:3]
    assert r.finished
    assert {p.name: p.total for p in r.players} == {"Ann": 40, "Ben": 24}
    assert r.winners == ["Ann"]
    said = "\n".join(r.explain)
    assert "eats the cashew Order in slot 1 (Squirrel box 1)" in said
    assert "end of round 3: complete rows Ann 2, Ben 1; tokens Ann 0, Ben 0; the game is over" in said


def test_the_log_scores_through_its_final_sheets_and_its_decks_are_the_specs():
    kit = load_kit("nuts", components=False)
    s, rep = replay(as_model(Record, _game()), kit)
    sheets = final_sheets(s)
    assert [p.sheet.counts() for p in sheets.players] == [(2, 2, 2, 2), (2, 1, 2, 2)]
    assert s.order_deck == [5, 6, 6, 4] and s.order_discards == [5, 5, 4, 7]
    assert len(s.bonus_deck) == 16
    sheet_data = {"game": "nuts", "players": [msgspec.to_builtins(p) for p in sheets.players]}
    assert [p.total for p in _check(sheet_data).players] == [40, 24]


ILLEGAL = re.findall(r"^\d+\. \*\*(.*?)\*\*.*?```yaml change=(\S+)\n\s*(.*?)\n\s*```\n\n\s*```\n(.*?)\n\s*```",
                     DOC.read_text(encoding="utf-8"), re.S | re.M)


def _mutated(i: int) -> dict:
    """The whole game with the page's illegal move `i` (1-10) written in: its key replaced."""
    _, path, text, _ = ILLEGAL[i - 1]
    data = copy.deepcopy(_game())
    keys = [int(b) if b else a for a, b in re.findall(r"(\w+)|\[(\d+)\]", path)]
    node = data
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = yaml.safe_load(text)
    return data


def test_the_page_has_the_specs_ten_illegal_moves():
    assert len(ILLEGAL) == 10


@pytest.mark.parametrize("i", range(1, len(ILLEGAL) + 1), ids=[t for t, *_ in ILLEGAL])
def test_each_illegal_move_on_the_page_is_caught_at_its_move_with_its_rule(i):
    """What `pnpkit check` prints first is what the page shows: where (the move changed), what, and
    the rule with the words that decide it."""
    *_, shown = ILLEGAL[i - 1]
    done = CliRunner().invoke(cli, ["check", "-"], input=yaml.safe_dump(_mutated(i), sort_keys=False))
    assert done.exit_code == 1, done.output
    lines = done.output.splitlines()
    first = lines[lines.index(next(x for x in lines if x.startswith("Violations"))) + 1:][:2]
    assert [x.strip() for x in first] == [x.strip() for x in shown.splitlines()]
    where = first[0].split(": ")[0].split(". ", 1)[1]
    path = ILLEGAL[i - 1][1]
    rnd = int(re.match(r"rounds\[(\d+)\]", path)[1]) + 1
    assert where.startswith(f"round {rnd}")          # caught in the round the change is in, at its move
    turn = re.match(r"rounds\[\d+\]\.turns\[(\d+)\]", path)
    assert turn is None or where.startswith(f"round {rnd}, turn {int(turn[1]) + 1} ")


def test_check_json_names_the_move_the_rule_and_its_words():
    data = _mutated(2)
    done = CliRunner().invoke(cli, ["check", "-", "--json"], input=yaml.safe_dump(data, sort_keys=False))
    assert done.exit_code == 1, done.output
    out = json.loads(done.output)
    v = out["violations"][0]
    assert v["where"] == 'round 2, turn 2 (Ann), action 2 "salt 12>1"' and v["rule"] == "Salt"
    assert 'cannot "Teleport"' in v["quote"]


def test_the_replay_goes_on_after_a_violation_as_the_table_played():
    data = _mutated(2)         # the Salter goes 12 -> 1 as written: Ann's later paths are not salted
    r = _check(data)
    assert [(v.rule, v.where) for v in r.violations] == [
        ("Salt", 'round 2, turn 2 (Ann), action 2 "salt 12>1"'),
        ("One Matching Path", 'round 2, turn 2 (Ann), action 3 "feed"'),     # her last token: no way to end
        ("Claim Goal Cards", 'round 2, turn 2 (Ann), claim "salty-mama"')]   # not again at "Ann, goals[0]"
    ann, ben = r.players
    assert "salt (2 x 2)" in [line.label for line in ann.breakdown]
    assert "salt (3 x 2)" in [line.label for line in ben.breakdown]    # round 3: slots 1 and 2 both salted now


def test_every_tile_routes_as_its_printed_face():
    assert len(cells((1, 2, 1), 12)) == 17 and len(cells((1, 2, 1), 16)) == 23
    assert [r.slot for r in routes({(1, 3): "X"}, 3, 3)] == [4]
    assert sorted(r.slot for r in routes({(1, 3): "SL"}, 3, 3)) == [3, 4] and routes({(1, 3): "SL"}, 4, 3) == []
    assert sorted(r.slot for r in routes({(1, 3): "SR"}, 4, 3)) == [3, 4] and routes({(1, 3): "SR"}, 3, 3) == []
    assert [r.slot for r in routes({(2, 8): "JL"}, 9, 3)] == [8] and [r.slot for r in routes({(2, 8): "JR"}, 8, 3)] == [9]


def _cut(rounds: int, turns: list) -> str:
    data = copy.deepcopy(_game())
    data["rounds"] = data["rounds"][:rounds]
    data["rounds"][-1]["turns"] = turns
    return yaml.safe_dump(data, sort_keys=False)


def _moves(text: str, *args: str):
    return CliRunner().invoke(cli, ["moves", "-", *args], input=text)


def test_moves_lists_what_may_come_next_by_its_tokens_and_try_refuses_with_the_rule():
    r = _moves(_cut(2, []), "--json")
    out = json.loads(r.output)
    assert out["to_move"] == "Ben"
    assert {"pass", "feed", "swap 11 12", "build - 1:3-4", "build JL 2:8-9", "salt 7>8"} <= set(out["legal"])
    assert "build X 1:3-4" not in out["legal"]          # Ben's Cross lies there
    r = _moves(_cut(2, []), "--try", "salt 12>1")
    assert r.exit_code == 1 and "Salt" in r.output and '"Teleport"' in r.output
    text = _moves(_cut(2, [])).output
    assert "3 Action tokens:" in text and "swap 11 12" in text


def test_moves_says_whether_one_path_through_every_configuring_action_can_still_be_made():
    assert "can still be made, e.g. with build X 1:7-8" in _moves(_cut(2, [{"do": ["salt 7>8"]}])).output
    said = " ".join(_moves(_cut(2, [{"do": ["salt 7>8", "salt 2>3"]}])).output.split())
    assert "no Matching Path through every configuring action (U12) can be made with the tokens left" in said
    assert "the turn may end here" in _moves(_cut(2, [{"do": ["build X 1:7-8"]}])).output


def test_moves_after_a_round_asks_for_the_next_rounds_chance():
    said = _moves(_cut(1, _game()["rounds"][0]["turns"])).output
    assert "round 2 starts: write its `hunger:`" in said


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), greedy=st.integers(0, 6))
def test_random_legal_games_end_and_score_as_their_final_sheets(seed, players, greedy):
    """A property: a legal game (the simulator's random players, greedy in seat `greedy` when there
    is one) ends, replays clean, and its end position's sheets, written as a final-sheet record and
    read back, are a legal record that scores exactly as the log does: one scoring, two forms."""
    import random

    from pnpkit.scorer.games.nuts import sim
    from pnpkit.scorer.sim.players import choose
    kit = load_kit("nuts", components=False)
    chance, choices = random.Random(seed), random.Random(seed + 1)
    m = sim.new(kit, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players], None, chance)
    while (seat := m.to_move()) is not None:
        m.play(choose("greedy" if seat == greedy else "random", m, seat, choices))
    assert m.s.over, f"the game did not end in {m.s.round} rounds"
    log = _check(m.record())
    assert log.valid and log.finished, log.violations[:3]
    sheets = {"game": "nuts", "players": [msgspec.to_builtins(p) for p in final_sheets(m.s).players]}
    final = _check(sheets)
    assert final.valid, final.violations[:3]         # what the log guarantees: sheets not overfilled, goals met ...
    assert [(p.name, p.total, p.breakdown) for p in log.players] == [(p.name, p.total, p.breakdown) for p in final.players]
    assert log.ranking == final.ranking and final.finished
    assert [p.total for p in log.players] == list(m.summary().scores)


def test_a_start_between_rounds_scores_as_the_whole_game_and_an_impossible_one_is_refused():
    from pnpkit.scorer.games.nuts.position import start_of
    kit = load_kit("nuts", components=False)
    data = _game()
    head = as_model(Record, {**data, "rounds": data["rounds"][:2]})
    s, _ = replay(head, kit)
    cut = {"game": "nuts", "players": data["players"], "start": start_of(s, data["players"]),
           "rounds": data["rounds"][2:]}
    r = _check(cut)
    assert r.valid and [p.total for p in r.players] == [40, 24]
    cut["start"]["salters"] = [2, 2, 12]
    bad = CliRunner().invoke(cli, ["check", "-"], input=yaml.safe_dump(cut, sort_keys=False))
    assert bad.exit_code == 2 and "start.salters" in bad.output and "different squares" in bad.output


# Issue 37's table: 3 players, Squirrel 7, Hunger 1, the Order cards the family flipped.
ISSUE_37 = {"game": "nuts", "players": ["Ann", "Ben", "Cara"],
            "setup": {"squirrel": 7, "bonus": {"Ann": {"keep": ["B01", "B09"], "drop": ["B17"]},
                                               "Ben": {"keep": ["B05"], "drop": ["B02", "B04"]},
                                               "Cara": {"keep": ["B03", "B07", "B16"], "drop": []}}},
            "rounds": [{"hunger": 1, "orders": "al ca pe pi al ca pe pi pe al pi ca ca ca pi al pe".split(),
                        "turns": []}]}


def _issue_37(turns: list, orders_more: list | None = None) -> str:
    data = copy.deepcopy(ISSUE_37)
    data["rounds"][0]["turns"] = turns
    data["rounds"][0]["orders"] += orders_more or []
    return yaml.safe_dump(data, sort_keys=False)


def test_an_action_spending_the_last_token_with_no_one_path_is_not_offered_and_refused_with_u12():
    """Issue 37, defect 2: `swap 3 10` with Ann's 3 tokens leaves no Matching Path and no token to
    make one; `end` would break U12 and a pass comes too late: the table was stuck. It is not offered,
    `--try` refuses it citing One Matching Path, and a record that plays it is told once, at the swap."""
    out = json.loads(_moves(_issue_37([]), "--json").output)
    assert "swap 3 10" not in out["legal"] and "swap 3 12" in out["legal"]      # 3 12 makes a path
    tried = _moves(_issue_37([]), "--try", "swap 3 10")
    said = " ".join(tried.output.split())
    assert tried.exit_code == 1 and "spends the last of Ann's Action tokens" in said and "could not end" in said
    assert "One Matching Path" in said
    r = _check(yaml.safe_load(_issue_37([{"do": ["swap 3 10"], "sq": []}])))
    assert [v.where for v in r.violations] == ['round 1, turn 1 (Ann), action 1 "swap 3 10"'], r.violations
    # a Feed or Plan with the last token where U12 does not hold is refused the same way
    three = _issue_37([{"do": ["salt 7>8"]}])
    legal = json.loads(_moves(three, "--json").output)["legal"]
    assert "feed" in legal                      # 2 tokens left: the path may still be made
    four = _issue_37([{"do": ["salt 7>8", "salt 2>3"]}])
    tried = _moves(four, "--try", "feed")
    assert tried.exit_code == 1 and "spends the last of Ann's Action tokens" in " ".join(tried.output.split())


def test_order_cards_beyond_what_filling_needs_are_a_violation_of_the_round_in_the_check():
    """Issue 37, defect 3, the record's side: the cards the table typed too many are named."""
    r = _check(yaml.safe_load(_issue_37([], ["ca", "al", "pi"])))
    assert [(v.where, v.rule) for v in r.violations] == [('round 1 (Ann first), Order card 18 "ca"', "Filling Order Slots")]
    assert "3 more Order cards flipped than filling needs (ca al pi)" in r.violations[0].message  # placed at the first
