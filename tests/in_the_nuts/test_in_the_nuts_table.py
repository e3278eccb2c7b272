"""In the Nuts! at the table: `pnpkit moves` on a move log that stops mid-turn, in a collection, in the
setup (the list, what chance decides left out, --try, --json), `start:` positions and the ones that
cannot be, and `pnpkit replay` of a move log drawn on the kit's board, as a user calls them."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

HEAD = """game: in-the-nuts
players: [Anna, Marlene, Christine, Uwe]
setup:
  nuts: [beechnut, acorn, walnut/acorn, hazelnut]
  first: {Anna: {take: walnut, to: 3}, Marlene: {take: hazelnut, to: 3}, Christine: {take: hazelnut/acorn, to: keep},
          Uwe: {take: acorn, to: 2}}
  squirrels: {Marlene: [5-6], Christine: [8-9, 5-6], Uwe: [2-4, 5-6, 10-12]}
"""
ROLLING = HEAD + "turns:\n  - rolls: [2 2 1 > 3, 2 4 6 > 8]       # Anna: 3 and 8, still rolling\n"
THREE_TURNS = HEAD + """turns:
  - rolls: [2 2 1 > 3, 2 4 6 > 8]
    nuts: []
  - rolls: [2 1 6 > 8, 3 5 5]
  - rolls: [6 1 2 > 8]                  # Christine: two in 8-9, she stopped
    nuts: NUTS
"""
COLLECTING = THREE_TURNS.replace("NUTS", "[]")
TOOK = THREE_TURNS.replace("NUTS", "[{take: walnut/acorn, new: beechnut, to: keep}]")
DOCS = Path(__file__).parents[2] / "docs" / "records" / "in-the-nuts.md"


def run(args, text, tmp_path):
    (tmp_path / "r.yaml").write_text(text)
    return CliRunner().invoke(cli, [a if a != "RECORD" else str(tmp_path / "r.yaml") for a in args])


def moves(text, tmp_path, *more):
    r = run(["moves", "RECORD", "--json", *more], text, tmp_path)
    assert r.exit_code in (0, 1), r.output
    return json.loads(r.output)


# ---------------------------------------------------------------- moves

def test_mid_turn_the_rolls_are_listed_by_the_space_they_may_take_and_stopping(tmp_path):
    out = moves(ROLLING, tmp_path)
    assert out["game"] == "in-the-nuts" and out["to_move"] == "Anna" and out["may_end_turn"] is True
    assert out["legal"] == ["stop"] + [f"roll > {x}" for x in (2, 4, 5, 6, 7, 9, 10, 11, 12)]   # 3 and 8 taken
    assert out["violations_before"] == 0 and out["forced"] == []
    # a bad roll: green + each white die in {3, 8}: (1,2,2), (2,1|6,1|6), (3,5,5), (4,4,4), (5,3,3), (6,2,2)
    assert any("9 of the 216 rolls (4%)" in n for n in out["notes"])
    text = run(["moves", "RECORD"], ROLLING, tmp_path).output
    assert "turn 1 (Anna): squirrels on 3 8; 13 in the supply; roll again or stop" in text
    assert "May end the turn here: yes." in text and "roll > 12" in text and "the record\n  writes" not in text


@pytest.mark.parametrize("action, code, rule, words", [
    ("roll > 9", 0, None, None),
    ("4 1 3 > 7", 0, None, None),                            # 4 + 3
    ("stop", 0, None, None),
    ("roll > 8", 1, "Playing the Game", "8 already holds a squirrel"),
    ("1 2 2 > 3", 1, "Bad Roll", "a bad roll"),              # 1 + 2 = 3 only, and 3 is taken
    ("2 1 6 > 7", 1, "Playing the Game", "7 is not green 2 + a white die (3 or 8)"),
    ("roll > 13", 1, "Playing the Game", "no roll offers 13"),
    ("take walnut, to 2", 1, "Playing the Game", "Anna rolls again or stops"),
])
def test_try_judges_a_roll_with_or_without_its_dice(tmp_path, action, code, rule, words):
    r = run(["moves", "RECORD", "--try", action, "--json"], ROLLING, tmp_path)
    assert r.exit_code == code, r.output
    tried = json.loads(r.output)["try"]
    assert tried["legal"] is (code == 0) and tried["rule"] == rule
    assert words is None or words in tried["message"]


def test_an_unreadable_action_is_exit_2_with_the_notation(tmp_path):
    r = run(["moves", "RECORD", "--try", "put one on 8"], ROLLING, tmp_path)
    assert r.exit_code == 2 and "expected a roll `2 1 6 > 8` or `roll > 8`, `stop`" in r.output
    r = run(["moves", "RECORD", "--try", "steal Ulf 3"], ROLLING, tmp_path)
    assert r.exit_code == 2 and "'Ulf' is not a player" in r.output
    # a record entry's problem in pnpkit's words, at its key (issue 40: not pydantic's own English)
    r = run(["moves", "RECORD", "--try", "{take: 7, new: walnut}"], ROLLING, tmp_path)
    assert r.exit_code == 2 and "take: expected a text, got 7" in r.output, r.output
    r = run(["moves", "RECORD", "--try", "{take: acorn, too: 2}"], ROLLING, tmp_path)
    assert r.exit_code == 2 and "too: unknown key 'too' (did you mean 'to'?)" in r.output, r.output


def test_in_a_collection_the_nuts_are_listed_without_the_card_that_replaces_them(tmp_path):
    out = moves(COLLECTING, tmp_path)
    assert out["to_move"] == "Christine" and out["turn"] == "turn 3 (Christine): Christine collects at 8-9 (2-squirrel area)"
    # the joker under 8-9: kept, or on an empty card as either kind (no card of hers holds a kind yet)
    assert "take walnut/acorn, to keep" in out["legal"] and "take walnut/acorn, to 5, as acorn" in out["legal"]
    assert not any("new" in a for a in out["legal"]) and len(out["legal"]) == 17
    assert out["notes"][0].startswith("The draw pile replaces the nut taken at once (44 cards left)")
    for action in ("take walnut/acorn, to keep", "{take: walnut/acorn, new: beechnut, to: keep}",
                   "take walnut/acorn, new beechnut, to 2, as walnut"):
        assert moves(COLLECTING, tmp_path, "--try", action)["try"]["legal"], action
    wrong = moves(COLLECTING, tmp_path, "--try", "take beechnut, to 2")["try"]
    assert wrong["rule"] == "Checking the 2-Squirrel-Area" and "no beechnut lies face up" in wrong["message"]
    odd = moves(COLLECTING, tmp_path, "--try", "take walnut/acorn, to 2")["try"]
    assert odd["rule"] == "Jokers" and "say which kind" in odd["message"]


def test_in_the_setup_the_squirrels_are_listed_and_the_deck_is_waited_for(tmp_path):
    squirrels = HEAD.replace("Christine: [8-9, 5-6], Uwe: [2-4, 5-6, 10-12]", "Christine: [8-9]")
    out = moves(squirrels, tmp_path)
    assert out["to_move"] == "Christine" and out["legal"] == ["2-4", "5-6", "10-12"]     # not 8-9 again, not 7
    assert out["violations_before"] == 0
    faceup = "game: in-the-nuts\nplayers: [Anna, Uwe]\nsetup: {nuts: [beechnut], first: {}}\n"
    out = moves(faceup, tmp_path)
    assert out["waiting"] == "the setup turns the next nut card face up, under 5-6: add it to `setup: nuts:`"
    assert out["violations_before"] == 0 and out["legal"] == []


def test_the_final_storage_cards_are_no_move_log(tmp_path):
    final = "game: in-the-nuts\nplayers:\n  - {name: Uwe, stores: [{card: 3, nut: acorn, nuts: 3}]}\n  - {name: Ann}\n"
    r = run(["moves", "RECORD"], final, tmp_path)
    assert r.exit_code == 2 and "this in-the-nuts record holds the final sheets, not a move log" in r.output


# ---------------------------------------------------------------- start: positions

def start_example() -> str:
    return re.search(r"### Starting from the table.*?```yaml\n(.*?)```", DOCS.read_text(), re.S)[1]


def test_the_start_example_on_the_page_is_legal_and_plays_on_from_there(tmp_path):
    r = run(["check", "RECORD", "--explain"], start_example(), tmp_path)
    assert r.exit_code == 0 and "legal (unfinished)" in r.output, r.output
    assert "U Uwe: 12 squirrels in the supply | cards nothing stored | kept hazelnut/acorn" in r.output
    out = moves(start_example(), tmp_path)
    assert out["to_move"] == "Anna" and out["turn"].startswith("turn 1 (Anna): squirrels on 7; 12 in the supply")


@pytest.mark.parametrize("change, line, words", [
    (("{Marlene: 3, Anna: 1}", "{Marlene: 4, Anna: 1}"), 8,
     "Marlene has 4 in 2-12 (4-squirrel area): 4 collect a nut at a turn's end, so at most 3 lie there"),
    (("2-4: {Marlene", "2-5: {Marlene"), 6, "no section 2-5 in the 2-squirrel area (2-4, 5-6, 7, 8-9, 10-12)"),
    (("draw_pile: 30", "draw_pile: 0"), 10, "never empty when a turn begins"),
    (("draw_pile: 30", "draw_pile: 45"), 10, "45 cards in the draw pile, 8 set aside and 9 in sight make 62"),
    (("david: Uwe", "david: Ulf"), 11, "'Ulf' is not a player"),
    (("{card: 3, nut: walnut, nuts: 2}", "{card: 3, nut: walnut, nuts: 4}"), 13, "4 nuts on card 3, which holds 3"),
    (("acorn, walnut/acorn, hazelnut]", "acorn, hazelnut]"), 9, "3 face-up nuts; 4 lie face up"),
    (("kept: {Uwe: [hazelnut/acorn]}", "kept: {Uwe: [acorn]}"), 15, "only a joker is kept"),
])
def test_a_start_that_cannot_be_is_refused_at_its_line(tmp_path, change, line, words):
    text = start_example().replace(*change)
    assert text != start_example()
    r = run(["check", "RECORD"], text, tmp_path)
    assert r.exit_code == 2 and f"r.yaml:{line}: " in r.output and words in r.output, r.output


# ---------------------------------------------------------------- replay

def test_the_replay_draws_every_step_on_the_kits_board(tmp_path):
    r = run(["replay", "RECORD", "--out", str(tmp_path / "out"), "--png", "last"], TOOK, tmp_path)
    assert r.exit_code == 0, r.output
    page = (tmp_path / "out" / "r-replay.html").read_text()
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S)[1])
    steps = data["steps"]
    # the table before the setup, 4 face-up nuts, 4 first nuts, 6 setup squirrels, then each action
    assert len(steps) == 1 + 4 + 4 + 6 + 3 + 2 + 3 and steps[0]["where"] == "start"
    assert steps[-1]["where"] == 'turn 3 (Christine), nut 1 (Christine) "take walnut/acorn, new beechnut, to keep"'
    assert steps[-2]["did"].startswith("Christine stops: squirrels from 8 pushed up into 8-9; Christine collects at 8-9")
    titles = [a["title"] for a in steps[-1]["areas"]]
    assert titles == ["The board: turn 4, Uwe's", "Beside the board", "Anna (Black): 1 point; 13 in the supply",
                      "Marlene (Red): 1 point; 14 in the supply", "Christine (Blue): 0 points; 14 in the supply",
                      "Uwe (White): 1 point; 12 in the supply"]
    board = steps[-1]["areas"][0]["items"]
    cards = [it for it in board if len(it) == 7]        # cards carry their height: 4 face up, the draw pile
    assert len(cards) == 5 and cards[-1][4] == 60 - 4 - 4 - 8 - 1     # the draw pile, one card drawn
    assert len(board) - len(cards) == 7         # the squirrels: 6 of the setup + Anna's 2 + Christine's 1 - the 2 she collected with
    rolled = steps[16]["areas"][0]["items"]               # Anna's first roll: one squirrel on the track
    assert len(rolled) == len(steps[15]["areas"][0]["items"]) + 1
    assert [t[2] for t in steps[-1]["areas"][4]["texts"]] == ["kept", "kept"]    # Christine's two jokers
    assert (tmp_path / "out" / f"r-step-{len(steps)}.png").stat().st_size > 50_000


def test_a_card_the_board_has_no_place_for_is_the_kit_files_error():
    from pnpkit.generator.tableau import Tableau
    from pnpkit.kitfile import SourceError, load_kit
    from pnpkit.scorer.play import Area, Card
    with pytest.raises(SourceError, match="has no place 'pantry', where the scorer puts a card of nuts"):
        Tableau(load_kit("in-the-nuts")).lay(Area("board", "b", "board", cards=(Card("nuts", 0, place="pantry"),)))
