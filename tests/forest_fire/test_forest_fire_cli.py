"""Forest Fire through `pnpkit score | check`: exit codes, the outcome, --explain's board."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnpkit.cli import cli

RECORD = """\
game: forest-fire
players:
  - {name: Ann, role: hotshot, start: [0, 1]}
  - {name: Ben, role: hotshot, start: [7, 6]}
setup:
  fires: [[1, 1], [1, 1], [6, 6], [6, 6]]
rounds:
  - moves: {Ann: [extinguish 1 1], Ben: [extinguish 6 6]}
"""


def invoke(args, text):
    return CliRunner().invoke(cli, args, input=text)


def test_score_a_won_game():
    r = invoke(["score", "-"], RECORD)
    assert r.exit_code == 0, r.output
    assert "legal" in r.output and "Outcome: won" in r.output and "round: 1" in r.output


def test_check_json_and_explain():
    r = invoke(["check", "-", "--json", "--explain"], RECORD)
    out = json.loads(r.output)
    assert out["outcome"] == "won" and out["fires"] == [] and out["out"] == [] and out["round"] == 1
    assert "ranking" not in out and out["valid"]
    assert any('round 1, Ben, action 1 "extinguish 6 6"' in n and "the players have won" in n for n in out["explain"])


def test_a_violation_exits_1_with_where_and_rule():
    r = invoke(["check", "-"], RECORD.replace("[extinguish 1 1]", "[extinguish 1 2]"))
    assert r.exit_code == 1
    assert 'round 1, Ann, action 1 "extinguish 1 2": 1 2 has no fire to put out' in r.output
    assert 'ruling F6: "' in r.output


def test_an_unreadable_action_exits_2_naming_the_line():
    r = invoke(["check", "-"], RECORD.replace("[extinguish 1 1]", "[hose 1 1]"))
    assert r.exit_code == 2
    assert "<stdin>:8: rounds[0].moves.Ann[0]: cannot read action 'hose 1 1'" in r.output


def test_explain_prints_the_board():
    r = invoke(["check", "-", "--explain"], RECORD.replace("Ben: [extinguish 6 6]", "Ben: [move N]"))
    assert r.exit_code == 0
    assert "Ben moves N to 6 6" in r.output
    assert "B Ben (hotshot) 6 6, out in round 1" in r.output
