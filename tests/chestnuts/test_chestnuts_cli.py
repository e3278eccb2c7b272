"""Chestnuts and Trim the Tree through `pnpkit score | check`: exit codes, JSON, --explain, bad input."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pnpkit.cli import cli

DOCS = Path(__file__).parents[2] / "docs" / "records"


def example(name: str) -> str:
    return (DOCS / name).read_text().split("```yaml\n")[1].split("```")[0]


def invoke(args, text):
    return CliRunner().invoke(cli, args, input=text)


def test_score_chestnuts_example():
    r = invoke(["score", "-"], example("chestnuts.md"))
    assert r.exit_code == 0, r.output
    assert "chestnuts on Chair" in r.output and "own chestnuts burnt" in r.output
    assert "unfinished" in r.output


def test_check_chestnuts_json_explain():
    r = invoke(["check", "-", "--json", "--explain"], example("chestnuts.md"))
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["valid"] and out["finished"] is False
    assert [p["total"] for p in out["players"]] == [-2, -2] and out["ranking"] == [["Ann", "Ben"]]
    assert any(n.startswith('turn 4 (Ben), action 2 "l"') and "Flames 0/3" in n for n in out["explain"])


def test_chestnuts_violation_exits_1_with_where_rule_and_quote():
    text = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - {roll: 1, actions: [a, e 2]}\n"
    r = invoke(["check", "-"], text)
    assert r.exit_code == 1
    assert 'turn 1 (Ann), action 2 "e 2": costs 2 Nut Points; 1 left' in r.output
    assert 'PLAY 4(e): "e) Take up one or more of your Chestnuts from the Basket' in r.output


def test_chestnuts_bad_notation_exits_2_with_line():
    text = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [a, e]\n"
    r = invoke(["check", "-"], text)
    assert r.exit_code == 2
    assert "<stdin>:5: turns[0].actions[1]" in r.output and 'write "e 1"' in r.output
    assert "Traceback" not in r.output


def test_score_trim_example():
    r = invoke(["score", "-", "--json"], example("trim-the-tree.md"))
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["winners"] == ["Ann"] and [p["total"] for p in out["players"]] == [18, 15]


def test_trim_violation_and_explain():
    text = ("game: trim-the-tree\nplayers: [Ann, Ben]\nrounds:\n"
            "  - box: [red box, blue bell]\n"
            "    picks: [{player: Ann, take: red box, at: A1}, {player: Ben, take: blue bell, at: E1}]\n"
            "  - box: [red bell, blue box]\n"
            "    picks: [{player: Ann, take: red bell, at: C2}, {player: Ben, take: blue box, at: A2}]\n")
    r = invoke(["check", "-", "--explain"], text)
    assert r.exit_code == 1
    assert "round 2, Ann: out of turn: round 2 begins with Ben" in r.output
    assert "round 2, Ann: C2 is not next to an ornament on the tree" not in r.output  # one problem per pick
    assert "round 2, Ben: A2 is not a space on the tree" in r.output
    assert "      A         Rbo" in r.output  # the tree, in the explain section


def test_trim_unreadable_ornament_exits_2():
    text = "game: trim-the-tree\nplayers: [Ann]\nrounds:\n  - box: [bluebox]\n"
    r = invoke(["score", "-"], text)
    assert r.exit_code == 2 and "<stdin>:4: rounds[0].box[0]" in r.output and 'e.g. \\"blue box\\"' not in r.output
    assert "write its colour and its shape" in r.output


def test_trim_unknown_ornament_is_a_violation():
    text = "game: trim-the-tree\nplayers: [Ann]\nrounds:\n  - box: [pink box]\n"
    r = invoke(["check", "-"], text)
    assert r.exit_code == 1 and "round 1: pink box is not an ornament of this kit" in r.output
