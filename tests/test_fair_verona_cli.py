"""Fair Verona through `pnpkit score | check`: exit codes and each encounter's arithmetic."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnpkit.cli import cli

RECORD = """\
game: fair-verona
encounters:
  - identity: K♥
    at: [5, 0]
    card: 9D
    helpers: [{identity: 3S, at: [5, 0]}]
"""


def invoke(args, text):
    return CliRunner().invoke(cli, args, input=text)


def test_score_prints_the_arithmetic():
    r = invoke(["score", "-"], RECORD)
    assert r.exit_code == 0, r.output
    assert "Outcome: unfinished" in r.output
    assert "K♥ 13 - 5 tiles = 8; helper 3♠: max(3, 5 tiles) = 5; total 13 > 9♦: cleared" in r.output


def test_json():
    out = json.loads(invoke(["score", "-", "--json"], RECORD).output)
    assert out["outcome"] == "unfinished" and out["finished"] is False
    assert out["encounters"][0]["strength"] == 13 and out["encounters"][0]["cleared"] is True


def test_a_helper_elsewhere_exits_1():
    r = invoke(["check", "-"], RECORD.replace("{identity: 3S, at: [5, 0]}", "{identity: 3S, at: [4, 0]}"))
    assert r.exit_code == 1
    assert 'encounter 1, helper 1 "3♠": 3♠ is on [4, 0], not on the player\'s tile [5, 0]' in r.output


def test_not_a_card_exits_2_naming_it_and_its_line():
    r = invoke(["check", "-"], RECORD.replace("card: 9D", "card: 9X"))
    assert r.exit_code == 2
    assert "<stdin>:5: encounters[0].card: '9X' is not a playing card" in r.output
