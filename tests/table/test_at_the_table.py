"""At the table: `pnpkit moves` (the list, --try, --json, `start:` positions), `pnpkit rules` and
`pnpkit replay` (the page's contents and its PNG), as a user calls them."""
from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpkit.cli import cli
from pnpkit.kitfile.structs import replace

MID_TURN = """game: chestnuts
players: [Ann, Ben]
turns:
  - roll: 1
    actions: [b]
  - roll: 3
    actions: [a]
"""


def run(args, text=None, tmp_path=None):
    if text is not None:
        (tmp_path / "r.yaml").write_text(text)
        args = [a if a != "RECORD" else str(tmp_path / "r.yaml") for a in args]
    return CliRunner().invoke(cli, args)


# ---------------------------------------------------------------- moves

def test_moves_lists_every_action_with_its_cost_what_is_forced_and_whether_the_turn_may_end(tmp_path):
    r = run(["moves", "RECORD", "--json"], MID_TURN, tmp_path)
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["game"] == "chestnuts" and out["to_move"] == "Ben" and out["may_end_turn"] is False
    # roll 3: 4 points, a spent, 1 kept for the forced j (so no e 3, and no d: a is spent); each count its own entry
    assert out["legal"] == ["e 1", "e 2", "f 1", "f 2", "g 1", "j"] and out["costs"]["e 2"] == 2
    assert out["forced"][0].startswith("on a roll of 3 j) must be taken") and "try" not in out
    text = run(["moves", "RECORD"], MID_TURN, tmp_path).output
    assert "turn 2 (Ben), roll 3: 3 Nut Points left; Tongs in hand" in text
    assert "Ben to move. May end the turn here: no." in text and "Forced: on a roll of 3 j) must be taken" in text


def test_try_says_why_with_the_rule_and_its_words_and_sets_the_exit_code(tmp_path):
    legal = run(["moves", "RECORD", "--try", "j"], MID_TURN, tmp_path)
    assert legal.exit_code == 0 and legal.output.strip() == "'j': legal."
    bad = run(["moves", "RECORD", "--try", "e 3", "--json"], MID_TURN, tmp_path)
    assert bad.exit_code == 1
    tried = json.loads(bad.output)["try"]
    assert tried == {"action": "e 3", "legal": False, "rule": "PLAY 4(j); ruling C7", "quote": tried["quote"],
                     "message": tried["message"]}
    assert "j) must be taken" in tried["message"] and tried["quote"].startswith(
        "What you must do when you roll a 3: Ruling C7: On a 3, j) must be taken")
    unreadable = run(["moves", "RECORD", "--try", "e"], MID_TURN, tmp_path)
    assert unreadable.exit_code == 2 and 'write "e 1"' in unreadable.output


def test_the_first_turns_overspend_names_ruling_c3(tmp_path):
    text = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [a]\n"
    r = run(["moves", "RECORD", "--try", "e 2"], text, tmp_path)
    assert r.exit_code == 1 and "costs 2 Nut Points; 1 left (the first player's first turn has 1 less" in r.output


def test_a_complete_turn_waits_for_the_next_roll(tmp_path):
    text = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [b]\n"
    out = json.loads(run(["moves", "RECORD", "--json"], text, tmp_path).output)
    assert out["to_move"] == "Ben" and out["legal"] == [] and out["may_end_turn"] and "roll" in out["waiting"]


def test_moves_refuses_a_final_sheet_record(tmp_path):
    r = run(["moves", "RECORD"], "game: nuts\nplayers: [{name: Ann, sheet: {}, bonus: [B01]}]\n", tmp_path)
    assert r.exit_code == 2 and "not a move log" in r.output


START = """game: chestnuts
players: [Ann, Ben]
start:
  next: Ben
  basket: {Ann: 5, Ben: 6}
  fire: {Ann: {uncooked: 1, cooked: 2}, Ben: {cooked: 3}}
  burnt: {Ann: 2}
  plate: {Ben: {Ann: 1, Ben: 2}}
  chair: {Ann: {Ann: 1, Ben: 1}}
  flames: 2
  tongs: {Ben: held}
turns:
  - roll: 5
    actions: [d]
"""


def test_a_record_may_start_from_the_table_as_it_is(tmp_path):
    out = json.loads(run(["moves", "RECORD", "--json"], START, tmp_path).output)
    # Ben held the Tongs: d first, now the forced Flame (the third: it will overheat the Fire)
    assert out["to_move"] == "Ben" and out["legal"] == ["l"] and "5 Nut Points" not in out["turn"]
    assert "4 Nut Points left" in out["turn"]
    check = run(["check", "RECORD", "--explain"], START.replace("[d]", "[d, l, a, e 2]"), tmp_path)
    assert check.exit_code == 0, check.output
    assert "the third Flame: the Fire overheats (ruling C11)" in check.output


@pytest.mark.parametrize("change, line, words", [
    ("basket: {Ann: 5, Ben: 6}", 5, "Ann's chestnuts add up to 13"),
    ("flames: 2", 10, "at most 2 lie on it"),
    ("next: Ben", 4, "'Cat' is not a player"),
])
def test_a_position_that_cannot_exist_is_refused_with_its_line(tmp_path, change, line, words):
    broken = {"basket: {Ann: 5, Ben: 6}": "basket: {Ann: 6, Ben: 6}", "flames: 2": "flames: 3",
              "next: Ben": "next: Cat"}[change]
    r = run(["moves", "RECORD"], START.replace(change, broken), tmp_path)
    assert r.exit_code == 2 and f"r.yaml:{line}: start." in r.output and words in r.output, r.output


TRIM_START = """game: trim-the-tree
players: [Ann, Ben]
start:
  trees: {Ann: {A1: red box, B1: blue bell}, Ben: {E1: blue bell, E2: yellow candle}}
  scores: {Ann: 3}
rounds:
  - box: [purple bulb, yellow box]
"""


def test_trim_the_tree_starts_from_its_trees_and_quotes_the_rotation_out_of_turn(tmp_path):
    out = json.loads(run(["moves", "RECORD", "--json", "--try", "Ann: purple bulb at B2"], TRIM_START, tmp_path).output)
    assert out["to_move"] == "Ann" and out["turn"] == "round 3: Ann picks from purple bulb, yellow box"
    assert "purple bulb at B2" in out["legal"] and "purple bulb at E3" not in out["legal"]
    assert out["try"]["legal"] is True
    bad = json.loads(run(["moves", "RECORD", "--json", "--try", "Ben: yellow box at D1"], TRIM_START, tmp_path).output)
    assert bad["try"]["rule"] == "2) Trimming the Tree" or bad["try"]["rule"] == "Passing the Bag; ruling T3"
    assert bad["try"]["quote"].startswith("After the last Ornament is taken from the Box, pass the Bag to the player on "
                                          "the left. Ruling T3:")
    score = run(["score", "RECORD", "--json"], TRIM_START.replace("yellow box]", "yellow box]\n    picks: "
                "[{player: Ann, take: purple bulb, at: B2}, {player: Ben, take: yellow box, at: D1}]"), tmp_path)
    totals = {p["name"]: p["total"] for p in json.loads(score.output)["players"]}
    assert totals == {"Ann": 3 + 1, "Ben": 0}          # A1 B1 B2: red box, blue bell, purple bulb


def test_trim_the_tree_refuses_trees_that_could_not_have_been_trimmed(tmp_path):
    r = run(["moves", "RECORD"], TRIM_START.replace("E2: yellow candle", "C3: yellow candle"), tmp_path)
    assert r.exit_code == 2 and "Ben's ornaments do not hang together" in r.output
    r = run(["moves", "RECORD"], TRIM_START.replace(", E2: yellow candle", ""), tmp_path)
    assert r.exit_code == 2 and "the trees hold Ann 2, Ben 1 ornaments" in r.output


FOREST_START = """game: forest-fire
players:
  - {name: Ann, role: hotshot}
  - {name: Cat, role: pilot}
start:
  round: 4
  fires: [[2, 2, 3], [2, 3, 1]]
  firebreaks: [[5, 5]]
  at: {Ann: [2, 1]}
rounds:
  - moves:
      Ann: [extinguish 2 2]
"""


def test_forest_fire_starts_from_the_board_and_lists_the_acting_players_actions(tmp_path):
    out = json.loads(run(["moves", "RECORD", "--json"], FOREST_START, tmp_path).output)
    assert out["to_move"] == "Ann" and out["may_end_turn"] is True
    assert out["turn"] == "round 4, Ann (hotshot, 2 1): 1 of 2 actions left"
    assert set(out["legal"]) == {"move N", "move S", "move E", "move W"}     # 2 3 burns, two squares off
    # Cat: round 4 is a drop turn (even); the drop ends the game, the fire being out
    r = run(["moves", "RECORD", "--try", "Cat: drop 2 3 2 4 2 5"], FOREST_START, tmp_path)
    assert r.exit_code == 0, r.output
    r = run(["moves", "RECORD", "--try", "Cat: refill"], FOREST_START, tmp_path)
    assert r.exit_code == 1 and "Pilots; ruling F8" in r.output


def test_forest_fire_refuses_a_square_listed_twice(tmp_path):
    r = run(["moves", "RECORD"], FOREST_START.replace("[2, 3, 1]", "[2, 2, 1]"), tmp_path)
    assert r.exit_code == 2 and "r.yaml:" in r.output and "2 2 is listed twice" in r.output


# ---------------------------------------------------------------- rules

def test_rules_finds_the_sections_and_rulings_the_violations_quote():
    r = CliRunner().invoke(cli, ["rules", "chestnuts", "tongs", "--json"])
    assert r.exit_code == 0
    found = {e["id"]: e["text"] for e in json.loads(r.output)}
    assert {"Notes 1", "Notes 3", "Notes 4", "PLAY 4(a)", "ruling C6", "ruling C7"} <= set(found)
    from pnpkit.scorer.games.chestnuts.rules import R_NOTES3
    assert R_NOTES3.quote in found["Notes 3"]                 # the same words the violation quotes
    one = CliRunner().invoke(cli, ["rules", "chestnuts", "C6"])
    assert one.output.startswith("ruling C6:\n    Flame first.") and "Notes 1" in one.output
    notes = CliRunner().invoke(cli, ["rules", "chestnuts", "notes", "3"])
    assert notes.output.startswith("Notes 3:")


def test_rules_without_words_lists_sections_and_rulings_and_a_miss_exits_1():
    r = CliRunner().invoke(cli, ["rules", "trim-the-tree"])
    assert r.exit_code == 0 and "Passing the Bag" in r.output and "ruling T3" in r.output
    miss = CliRunner().invoke(cli, ["rules", "trim-the-tree", "dragon"])
    assert miss.exit_code == 1 and "No section or ruling" in miss.output
    unknown = CliRunner().invoke(cli, ["rules", "chess"])
    assert unknown.exit_code == 2 and "no rulebook" in unknown.output


def test_every_quote_the_scorer_cites_lies_in_the_section_it_names():
    """Every rule a scorer module cites (scorer.rulebook.CITED, filled as they are imported) quotes
    words of the section it names, and every game has its sections."""
    import importlib
    import pkgutil

    import pnpkit.scorer.games as games
    from pnpkit.scorer import api, rulebook
    for info in pkgutil.iter_modules(games.__path__):
        importlib.import_module(f"pnpkit.scorer.games.{info.name}")
    assert len(rulebook.CITED) > 50
    for game, section_id, quote in rulebook.CITED:
        rulebook.check_section(game, section_id, quote)
    for game in api.GAMES:
        assert rulebook.sections(game)
    with pytest.raises(ValueError, match="not in that section"):   # the check can fail
        rulebook.check_section("chestnuts", "Overheating", "The game ends when all of one player's Chestnuts are burnt")


# ---------------------------------------------------------------- replay (the page's contents)

def test_replay_writes_one_self_contained_page_and_a_png(tmp_path):
    whole = MID_TURN.replace("[a]", "[a, j, e 2]")
    r = run(["replay", "RECORD", "--out", str(tmp_path / "out"), "--png", "last"], whole, tmp_path)
    assert r.exit_code == 0, r.output
    page = (tmp_path / "out" / "r-replay.html").read_text()
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page) and "<link" not in page
    assert "@font-face" in page and "data:font/woff;base64," in page
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)[1])
    assert [s["where"] for s in data["steps"]] == ["start", "turn 1 (Ann)", 'turn 1 (Ann), action 1 "b"',
                                                   "turn 2 (Ben)", 'turn 2 (Ben), action 1 "a"',
                                                   'turn 2 (Ben), action 2 "j"', 'turn 2 (Ben), action 3 "e 2"']
    assert data["steps"][2]["did"] == "Ann adds a Flame (1 of 3)"
    assert data["steps"][5]["did"] == "Ben puts one of Ann's chestnuts from Ann's Basket on the Fire"
    png = Image.open(io.BytesIO((tmp_path / "out" / "r-step-7.png").read_bytes()))
    assert png.width > 1500 and len(png.getcolors(1 << 20)) > 500
    bad = run(["replay", "RECORD", "--out", str(tmp_path / "out"), "--png", "9"], whole, tmp_path)
    assert bad.exit_code == 2 and "STEP must be 1 to 7" in bad.output
    broken = run(["replay", "RECORD", "--out", str(tmp_path / "out")], MID_TURN, tmp_path)
    assert broken.exit_code == 1          # as `check`: the record's last turn leaves its forced j out


def test_the_replay_follows_the_kit_files_board():
    """Move the Basket on the kit's board: its chestnuts move with it."""
    from pnpkit.kitfile import load_kit
    from pnpkit.generator.tableau import Tableau
    from pnpkit.scorer.play import Area, Piece
    kit = load_kit("chestnuts")
    area = Area("board", "b", "board", (Piece("chestnuts", "basket", "Orange", count=3),))
    before = Tableau(kit).lay(area).items
    board = kit.components[0]
    moved = board.model_copy(update={"regions": [r.model_copy(update={"at": (r.at[0] + 1.5, r.at[1] + 2.0)})
                                                 if r.name == "basket" else r for r in board.regions]})
    after = Tableau(replace(kit, components=[moved] + kit.components[1:])).lay(area).items
    assert [(round(b.x + 1.5, 3), round(b.y + 2.0, 3)) for b in before] == [(round(a.x, 3), round(a.y, 3)) for a in after]


def test_a_place_the_kit_does_not_have_is_the_kit_files_error():
    from pnpkit.kitfile import SourceError, load_kit
    from pnpkit.generator.tableau import Tableau
    from pnpkit.scorer.play import Area, Piece
    with pytest.raises(SourceError, match="has no place 'pantry'"):
        Tableau(load_kit("chestnuts")).lay(Area("board", "b", "board", (Piece("chestnuts", "pantry"),)))


def test_final_sheet_records_show_the_sheets_with_the_breakdown(tmp_path):
    nuts = ("game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3, cashew: 2, peanut: 2, pistachio: 2}, salt: 3,"
            " goals: [salty-mama], bonus: [B05, B02]}\n  - {name: Ben, sheet: {almond: 1}, bonus: [B01]}\n")
    r = run(["replay", "RECORD", "--out", str(tmp_path)], nuts, tmp_path)
    assert r.exit_code == 0, r.output
    page = (tmp_path / "r-replay.html").read_text()
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S)[1])
    assert len(data["steps"]) == 1 and [a["title"] for a in data["steps"][0]["areas"]] == [
        "Ann: 48 points", "Ann's goal and bonus cards", "Ben: -2 points", "Ben's goal and bonus cards"]
    assert "NUTS: score sheet" in page and "bonus B05 fulfilled (almond 3)" in page    # the sheet and the breakdown
    nuts_in = ("game: in-the-nuts\nplayers:\n  - {name: Uwe, stores: [{card: 3, nut: acorn, nuts: 2, jokers: "
               "[acorn/hazelnut]}, {card: 5, nut: walnut, nuts: 1}]}\n  - {name: Ann, stores: []}\n")
    r = run(["replay", "RECORD", "--out", str(tmp_path)], nuts_in, tmp_path)
    page = (tmp_path / "r-replay.html").read_text()
    assert r.exit_code == 0 and "3 (acorn, full): 10" in page and "5 (walnut, 1 of 5): 1" in page
    verona = run(["replay", "RECORD"], "game: fair-verona\nencounters: [{identity: 9C, at: [1, 0], card: 8C}]\n", tmp_path)
    assert verona.exit_code == 2 and "nothing to draw" in verona.output
