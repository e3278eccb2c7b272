"""Explanations that settle it, every time (issue 24): for each case a table met, the violation's
place in the record, the rule's id and the words quoted are the ones that decide it, and the
message names the player and the move. Verdicts are tested with each game; these test the words."""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.in_the_nuts.sim import random_record


def run(record: dict, explain: bool = False):
    return score_text(json.dumps(record), "t.json", explain=explain)


def invoke(args: list[str], record: dict | None = None):
    return CliRunner().invoke(cli, args, input=None if record is None else yaml.safe_dump(record, sort_keys=False))


# ---------------------------------------------------------------- In the Nuts!

ITN_NAMES = ["Anna", "Marlene", "Christine", "Uwe"]


def _finished_in_the_nuts() -> dict:
    """A legal, finished game (the simulator's, seed 5) whose last turn ends with the last picks."""
    rec = random_record(load_kit("in-the-nuts"), random.Random(5))
    assert run(rec).valid and run(rec).finished and rec["turns"][-1].get("nuts")
    return rec


def test_a_last_pick_too_many_cites_the_end_of_the_game_s_four_squirrels():
    rec = _finished_in_the_nuts()
    n, picks = len(rec["turns"]), len(rec["turns"][-1]["nuts"])
    rec["turns"][-1]["nuts"].append({"take": "walnut", "to": 2})
    v = run(rec).violations[0]
    assert v.where == f'turn {n} ({ITN_NAMES[(n - 1) % 4]}), nut {picks + 1} "take walnut, to 2"'
    assert v.rule == "The End of the Game"
    assert v.quote == "all players get one of the four face-up cards for any four squirrels they have on the board"
    assert "First, check" not in v.quote
    # every player named with the squirrels they have left there, none of them four
    left = re.search(r"no one has four left \((.*)\)$", v.message)[1]
    assert [part.split()[0] for part in left.split(", ")] == ITN_NAMES
    assert all(int(part.split()[1]) < 4 for part in left.split(", "))


def test_a_turn_written_after_the_end_names_its_player():
    rec = _finished_in_the_nuts()
    n = len(rec["turns"])
    rec["turns"].append({"rolls": ["1 1 1 > 2"]})
    v = run(rec).violations[0]
    assert v.where == f"turn {n + 1} ({ITN_NAMES[n % 4]})"
    assert v.rule == "The End of the Game" and v.quote.startswith("Now, all players get one of the four face-up cards")
    assert v.message == f"the game ended in turn {n} ({ITN_NAMES[(n - 1) % 4]}'s): no more turns are played"


def test_a_theft_left_out_says_the_kit_reads_the_raccoon_s_theft_as_compulsory_and_why():
    kit = load_kit("in-the-nuts")
    for seed in range(40):
        rec = random_record(kit, random.Random(seed))
        spot = next(((t, k) for t, turn in enumerate(rec["turns"]) for k, nut in enumerate(turn.get("nuts", []))
                     if "steal" in nut and k + 1 < len(turn["nuts"])), None)
        if spot:
            break
    t, k = spot
    del rec["turns"][t]["nuts"][k]
    v = run(rec).violations[0]
    assert v.where.startswith(f"turn {t + 1} (") and f"nut {k + 1} (" in v.where
    assert v.rule == "ruling N10"
    assert v.quote == "The player takes the face-up nut first, then steals, and must steal when a nut can be stolen"
    thief = re.search(r"nut \d+ \((\w+)\)", v.where)[1]
    assert v.message.startswith(f"{thief} steals a nut first (raccoon field)")
    assert 'the rulebook\'s "you get to pick ... one additional nut that you steal" could read as a choice' in v.message
    assert "this kit reads it as a must whenever a nut can be stolen (ruling N10)" in v.message
    assert "the theft is what the raccoon field gives" in v.message                   # the reason


def test_ruling_n10_is_in_the_shipped_rulings_and_the_docs():
    out = " ".join(invoke(["rules", "in-the-nuts", "N10"]).output.split())
    assert "must steal when a nut can be stolen" in out
    docs = (Path(__file__).parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert re.search(r"\*\*N10 The raccoon\.\*\*.*must steal when a nut can\s+be stolen.*\*Why:\*", docs, re.S)


# ---------------------------------------------------------------- Fair Verona

FV_NAMES = ["Ann", "Ben", "Cat", "Dan"]


def verona(*turns: dict, difficulty: str = "Medium") -> dict:
    return {"game": "fair-verona", "difficulty": difficulty, "clue": "9C",
            "players": [{"name": n, "identity": i} for n, i in zip(FV_NAMES, ("KH", "3S", "9D", "QC"))],
            "turns": list(turns)}


# Ann's R2 cannot be played: Ben is dealt the 9H; he clears it on his turn with a Friend 8D
ENCOUNTER = {"draw": "R2", "place": "aside", "encounter": "9H"}
WITH_FRIEND = {"draw": "R5", "place": "1 0 turned 270", "clear": "9H with Ann, Cat friend 8D", "clue": "QS"}


def test_a_friend_played_at_hard_cites_setup_s_no_starting_friend_cards_and_does_not_say_left():
    v = run(verona(ENCOUNTER, WITH_FRIEND, difficulty="Hard")).violations[0]
    assert v.where == 'turn 2 (Ben), clear "9H with Ann, Cat friend 8D"'
    assert v.rule == "Setup"
    assert v.quote.startswith("Hard Game:") and v.quote.endswith("Deal no starting Friend cards.")
    assert v.message.startswith("Ben has no Friend card to play") and "left" not in v.message
    assert run(verona(ENCOUNTER, WITH_FRIEND)).valid                       # at Medium he was dealt one


def test_a_river_side_against_a_city_cites_the_rulebook_first_and_ruling_v12_after():
    v = run(verona({"draw": "R5", "place": "1 0"})).violations[0]
    assert v.where == 'turn 1 (Ann), place "1 0"'
    assert v.rule == "Tile Placement"
    assert v.quote == "Tile placement rules are identical to normal Carcassonne"
    assert "its W side (river) would meet the city of C at [0, 0]" in v.message
    assert v.message.endswith("(ruling V12: city to city, road to road, field to field, river to river)")


# ---------------------------------------------------------------- Chestnuts

# Ben, roll 2: 3 Nut Points; a) and d) leave 1, i) costs 2, his Plate is empty, the Tongs are down
SPENT = {"game": "chestnuts", "players": ["Ann", "Ben"],
         "turns": [{"roll": 1, "actions": ["b"]}, {"roll": 2, "actions": ["a", "d"]}]}


def test_every_try_after_a_turn_with_nothing_affordable_says_why_it_ended():
    assert invoke(["check", "-"], SPENT).exit_code == 0                      # the turn may end there
    for action in ("a", "b", "c 1", "e 1", "i", "j", "l"):
        r = invoke(["moves", "-", "--try", action, "--json"], SPENT)
        tried = json.loads(r.output)["try"]
        assert r.exit_code == 1 and tried["rule"] == "ruling C4", (action, tried)
        assert tried["quote"] == ("After the recorded actions, if points remain and some legal action is "
                                  "affordable, the turn is illegal.")
        message = tried["message"]
        assert message.startswith("Ben's turn is over: 1 Nut Point left, but nothing left is affordable: ")
        for why in ("a) and d) already taken this turn", "i) costs 2 Nut Points", "c) the Plate holds 0 own",
                    "e), f), g) and h) need the Tongs in hand"):
            assert why in message, (why, message)
        assert message.endswith("Ann rolls the die first")


# Ben, roll 3, with Ann's Basket empty (her chestnuts burnt or eaten) and one of his own in his
WAIVED = {"game": "chestnuts", "players": ["Ann", "Ben"],
          "start": {"next": "Ben", "basket": {"Ann": 0, "Ben": 1}, "chair": {"Ann": 5, "Ben": 6},
                    "burnt": {"Ann": 6, "Ben": 5}, "plate": {"Ann": 1}},
          "turns": [{"roll": 3, "actions": ["a", "j", "e 2"]}]}


def test_j_with_the_opponent_s_basket_empty_is_waived_and_counts_agree_with_their_nouns():
    r = run(WAIVED)
    j, e = r.violations[:2]
    assert j.where == 'turn 1 (Ben), action 2 "j"' and j.rule == "ruling C7"
    assert j.quote == "j) is waived when the opponent's Basket is empty."
    assert "j) is waived" in j.message and "only 0" not in j.message
    assert e.where == 'turn 1 (Ben), action 3 "e 2"' and e.rule == "PLAY 4(e)"
    assert e.message == "only 1 own chestnut is in the Basket"


def test_a_ruling_quoted_in_part_quotes_the_deciding_sentence_and_points_to_the_whole():
    out = invoke(["check", "-"], WAIVED).output
    assert ('ruling C7: "j) is waived when the opponent\'s Basket is empty." (part of it; all of it: '
            'pnpkit rules chestnuts C7)') in out
    ff = {"game": "forest-fire",
          "players": [{"name": "Ann", "role": "hotshot", "start": [0, 1]}, {"name": "Ben", "role": "hotshot", "start": [7, 6]}],
          "setup": {"firebreaks": [], "fires": [[1, 1], [2, 2], [4, 4], [6, 6]]},
          "rounds": [{"moves": {"Ann": ["extinguish 1 2"]}}]}
    v = run(ff).violations[0]
    assert v.where == 'round 1, Ann, action 1 "extinguish 1 2"' and v.rule == "ruling F6"
    assert v.quote == "Extinguishing a square with no fire is an error."
    assert "(part of it; all of it: pnpkit rules forest-fire F6)" in invoke(["check", "-"], ff).output
    # a ruling quoted whole, or a rulebook section, gets no pointer
    assert "part of it" not in invoke(["check", "-"], SPENT | {"turns": SPENT["turns"] + [{"roll": 2, "actions": []}]}).output


# ---------------------------------------------------------------- NUTS: a tie's replay page

def test_a_tied_nuts_game_s_replay_page_says_who_won_and_by_which_tie_breaker_in_its_header(tmp_path, monkeypatch):
    even = {"almond": 2, "cashew": 2, "peanut": 2, "pistachio": 2}

    def player(name, sheet, salt, bonus):
        return {"name": name, "sheet": sheet, "salt": salt, "squirrel": 0, "goals": [],
                "bonus": [{"needs": needs, "points": points} for needs, points in bonus]}
    record = {"game": "nuts", "players": [
        player("Ann", {**even, "almond": 3}, 0, [({"pistachio": 6}, 1)]),               # 28, most nuts
        player("Ben", even, 2, [({"pistachio": 6}, 2)]),                               # 28
        player("Cat", even, 1, [({"almond": 1}, 1), ({"pistachio": 6}, 1)])]}          # 28
    (tmp_path / "tie.json").write_text(json.dumps(record))
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["replay", "tie.json"]).exit_code == 0
    page = (tmp_path / "output" / "tie-replay.html").read_text()
    header = re.search(r"<header>(.*?)</header>", page, re.S)[1]
    assert "Ann 28, Ben 28, Cat 28" in header
    assert "Ann wins, tied on 28: most nuts (ruling U6)" in header
    # a game not tied at the top says nothing more there
    record["players"][0]["sheet"]["almond"] = 4
    (tmp_path / "tie.json").write_text(json.dumps(record))
    CliRunner().invoke(cli, ["replay", "tie.json"])
    header = re.search(r"<header>(.*?)</header>", (tmp_path / "output" / "tie-replay.html").read_text(), re.S)[1]
    assert "wins" not in header and "tied" not in header
