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


LOG = """\
game: fair-verona
difficulty: Medium
players:
  - {name: Ann, identity: KH}
  - {name: Ben, identity: 3S}
  - {name: Cat, identity: 9D}
  - {name: Dan, identity: QC}
clue: 9C
turns:
  - draw: R5
    place: 1 0 turned 270
"""


def test_a_game_log_scores_as_a_cooperative_game_in_json():
    out = json.loads(invoke(["score", "-", "--json"], LOG).output)
    assert out["valid"] and out["outcome"] == "unfinished" and out["clue_tokens"] == {"returned": 0, "total": 7}
    assert out["encounters"] == [] and out["turn"] == 1


def test_moves_lists_the_turn_in_progress_and_try_judges_a_placement():
    r = invoke(["moves", "-", "--json"], LOG + "  - {draw: R2}\n")
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["to_move"] == "Ben" and out["legal"] == ["place 1 1 turned 90", "place 1 -1 turned 90"]
    assert out["may_end_turn"] is False and "R2 in hand" in out["turn"]
    r = invoke(["moves", "-", "--try", "place 1 1"], LOG + "  - {draw: R2}\n")
    assert r.exit_code == 1 and "ruling V12" in r.output
    r = invoke(["moves", "-", "--try", "place 1 1 turned 45"], LOG + "  - {draw: R2}\n")
    assert r.exit_code == 2 and "a tile turns 90, 180 or 270" in r.output
    r = invoke(["moves", "-", "--json"], LOG)               # Ann may still move, or end the turn
    out = json.loads(r.output)
    assert out["to_move"] == "Ann" and out["may_end_turn"] and out["legal"] == ["move any 1 0", "move city 1 0"]
    r = invoke(["moves", "-", "--json"], LOG + "  - {}\n")    # Ben's turn has begun: he draws (the tile is chance's)
    out = json.loads(r.output)
    assert out["to_move"] == "Ben" and out["legal"] == ["draw"] and "`draw R3`" in out["notes"][0]
    r = invoke(["moves", "-", "--try", "draw R2"], LOG + "  - {}\n")
    assert r.exit_code == 0
    r = invoke(["moves", "-", "--try", "move any 1 0"], LOG)
    assert r.exit_code == 0
    r = invoke(["moves", "-", "--try", "draw R2"], LOG)     # too late in Ann's turn: the table does not end it
    assert r.exit_code == 1 and "comes too late in Ann's turn" in r.output


def test_an_unreadable_entry_is_refused_at_its_line(tmp_path):
    bad = tmp_path / "log.yaml"
    bad.write_text(LOG.replace("place: 1 0 turned 270", "place: here"))
    r = CliRunner().invoke(cli, ["check", str(bad)])
    assert r.exit_code == 2 and "log.yaml:11: turns[0].place" in r.output and "east and north" in r.output
    bad.write_text(LOG.replace("difficulty: Medium", "difficulty: Nightmare"))
    r = CliRunner().invoke(cli, ["check", str(bad)])
    assert r.exit_code == 2 and "log.yaml:2: difficulty" in r.output and "Easy, Medium, Hard" in r.output
    r = CliRunner().invoke(cli, ["moves", "-"], input=RECORD)
    assert r.exit_code == 2 and "this fair-verona record is not a move log" in r.output


def test_replay_draws_the_map(tmp_path):
    (tmp_path / "log.yaml").write_text(LOG)
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "log.yaml"), "--out", str(tmp_path), "--png", "last"])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "log-replay.html").read_text()
    assert "The map" in page and "Verona's desk and the players" in page      # the areas, in the data
    assert (tmp_path / "log-step-4.png").read_bytes()[:4] == b"\x89PNG"   # setup, draw, place, the turn's end
