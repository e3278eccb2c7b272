"""A Fair Verona log from a `start:` position, as a user meets one: the documented game and a won
game, cut at the start of a turn and written as `start:` plus the turns after it, give the same
`pnpkit score --json` (its encounters from the cut on); random games cut at every turn replay
clean to the same result; every position that cannot exist is refused with one message naming its
line and what is expected (exit 2, no traceback); a position already won or lost takes nothing
after it."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnpkit.kitfile.structs import convert
from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.scorer.games import load
from pnpkit.scorer.games.fair_verona.sim import random_record
from pnpkit.scorer.games.fair_verona.position import start_of

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "records" / "fair-verona.md"
GAME = load("fair-verona")
KIT = load_kit("fair-verona", components=False)


def _documented(kind: str) -> str:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return next(b for b in blocks if ("\nstart:" in b) == (kind == "start") and "\nturns:" in b)


def _cut(record: dict, k: int) -> dict:
    """The record cut after its k-th turn: the table there as `start:`, then the turns after it."""
    head = convert({**record, "turns": record["turns"][:k]}, GAME.Record)
    state = GAME.table_of(head, KIT).state
    names = [p["name"] for p in record["players"]]
    rest = {key: v for key, v in record.items() if key != "clue"}
    return {**rest, "start": start_of(state, names), "turns": record["turns"][k:]}


def _score_json(record: dict, tmp_path) -> dict:
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True), encoding="utf-8")
    r = CliRunner().invoke(cli, ["score", "--json", str(tmp_path / "game.yaml")])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def _without_encounters(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in ("encounters", "explain")}


@pytest.mark.parametrize("which, cuts", [("log", (1, 5, 12, 18, 24)), ("won", (3, 17, 30, 44))])
def test_a_game_cut_at_a_turn_scores_as_the_whole_game(which, cuts, tmp_path):
    text = _documented("log") if which == "log" else (HERE / "fair_verona_won.yaml").read_text(encoding="utf-8")
    record = yaml.safe_load(text)
    whole = _score_json(record, tmp_path)
    assert whole["outcome"] == ("lost" if which == "log" else "won")
    for k in cuts:
        head = _score_json({**record, "turns": record["turns"][:k]}, tmp_path)
        again = _score_json(_cut(record, k), tmp_path)
        assert _without_encounters(again) == _without_encounters(whole), k
        assert again["encounters"] == whole["encounters"][len(head["encounters"]):], k


@pytest.mark.parametrize("seed", range(6))
def test_random_games_cut_at_every_turn_replay_clean_to_the_same_result(seed):
    level = ("Easy", "Medium", "Hard")[seed % 3]
    record = random_record(KIT, random.Random(seed), difficulty=level, purpose=0.6 if seed % 2 else 0.0)
    whole = GAME.score_record(convert(record, GAME.Record), KIT)
    assert whole.violations == []
    for k in range(1, len(record["turns"])):
        before = GAME.score_record(convert({**record, "turns": record["turns"][:k]}, GAME.Record), KIT)
        cut = convert(_cut(record, k), GAME.Record)
        assert GAME.problems(cut, KIT) == [], k
        again = GAME.score_record(cut, KIT)
        assert again.violations == [], (k, again.violations[:2])
        assert again.extra["encounters"] == whole.extra["encounters"][len(before.extra["encounters"]):], k
        assert {**again.extra, "encounters": []} == {**whole.extra, "encounters": []}, k


START = """\
game: fair-verona
difficulty: Medium
players:
  - {name: Ann, identity: 5D}
  - {name: Ben, identity: KD}
  - {name: Cat, identity: 9D}
  - {name: Dan, identity: 4S}
start:
  turn: 12
  next: Dan
  map: [R5 -1 0 turned 90, R1 -1 1, R10 -1 -1 turned 180]
  players:
    Ann: {at: -1 0 bank E, encounters: [AC], face_up: [R3, R6]}
    Ben: {at: -1 0 bank W, face_up: [R3]}
    Cat: {at: -1 0 bank E, face_up: [R2]}
    Dan: {at: -1 0 bank E, encounters: [AS], face_up: [R4, R7]}
  clue_token: Dan
  returned: 2
  discards: [3S, 5S, 10S, 2H, 4H, 6H, 7H, JH, 4D, 3C, 5C, 6C, 10C]
turns: []
"""


def _check(text: str, tmp_path, monkeypatch, *args: str):
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(cli, ["check", *args, "game.yaml"])


def test_the_start_as_written_is_legal(tmp_path, monkeypatch):
    r = _check(START, tmp_path, monkeypatch)
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("old, new, said", [
    ("turn: 12", "turn: 0", "game.yaml:9: start.turn: expected at least 1, got 0"),
    ("next: Dan", "next: Ann", "game.yaml:10: start.next: turn 12 is Dan's (the turns go round the seats from Ann's "
                               "turn 1), not Ann's"),
    ("R1 -1 1,", "R1 -1 1 turned 45,", "game.yaml:11: start.map[1]: place: turned 45: a tile turns 90, 180 or 270"),
    ("R1 -1 1,", "R1,", "game.yaml:11: start.map[1]: 'R1': write a tile laid as its code on the tile key and its "
                        "place, e.g. `R5 -1 0 turned 90`"),
    ("R1 -1 1,", "Z9 -1 1,", "game.yaml:11: start.map[1]: Z9 is not a tile of the tile key"),
    ("R1 -1 1,", "R1 0 0,", "game.yaml:11: start.map[1]: [0, 0] already holds the Old Town"),
    ("R1 -1 1,", "R1 -1 0,", "game.yaml:11: start.map[1]: [-1, 0] already holds R5 (listed before)"),
    ("R10 -1 -1 turned 180", "R10 -1 -3", "game.yaml:11: start.map[2]: [-1, -3] is cut off from the Old Town"),
    ("R10 -1 -1 turned 180", "R10 -1 -1", "game.yaml:11: start.map[2]: its N side (field) meets the river of R5 "
                                          "at [-1, 0]: sides that touch must match (ruling V12)"),
    ("face_up: [R3]}", "face_up: [R3, R3]}", "game.yaml:14: start.players.Ben.face_up[1]: the box holds 2 R3: this "
                                             "one is too many"),
    ("face_up: [R3]}", "face_up: [D]}", "game.yaml:14: start.players.Ben.face_up[0]: D is out of the supply while "
                                        "River tiles are left (R2, R3, R8, R9): the River's tiles are drawn first (ruling V11)"),
    ("Ben: {at: -1 0 bank W,", "Ben: {at: -1 0,", "game.yaml:14: start.players.Ben.at: the river divides [-1, 0]: "
                                                  "say which bank (`bank W` or `bank E`)"),
    ("Ben: {at: -1 0 bank W,", "Ben: {at: 0 0 bank W,", "game.yaml:14: start.players.Ben.at: the river does not "
                                                        "divide [0, 0]: leave the bank out"),
    ("Ben: {at: -1 0 bank W,", "Ben: {at: -1 0 bank N,", "game.yaml:14: start.players.Ben.at: [-1, 0] has no N bank "
                                                         "(its banks: W, E)"),
    ("Ben: {at: -1 0 bank W,", "Ben: {at: 4 4,", "game.yaml:14: start.players.Ben.at: no tile lies at [4, 4]"),
    ("Ben: {at: -1 0 bank W,", "Ben: {at: north,", "game.yaml:14: start.players.Ben.at: at: 'north' is not a "
                                                   "tile's place"),
    ("    Cat: {at: -1 0 bank E, face_up: [R2]}\n", "", "game.yaml:13: start.players: where does Cat's meeple "
                                                        "stand? Give `Cat: {at: E N}`"),
    ("  clue_token", "    Eve: {at: 0 0}\n  clue_token", "game.yaml:17: start.players.Eve: 'Eve' is not a player (Ann, "
                                                          "Ben, Cat, Dan)"),
    ("encounters: [AS]", "encounters: [KD]", "game.yaml:16: start.players.Dan.encounters[0]: K♦ is also Ben's "
                                             "Identity: each card is one person"),
    ("encounters: [AS]", "encounters: [JK]", "game.yaml:16: start.players.Dan.encounters[0]: a Joker is not a "
                                             "person"),
    ("encounters: [AS]", "encounters: [AS], friends: 40", "game.yaml:13: start.players: 40 Friend cards face "
                                                          "down, and only 33 cards are neither in play nor discarded"),
    ("discards: [3S,", "jokers: 2\n  discards: [JK, 3S,", "game.yaml:19: start.jokers: 3 Jokers laid or discarded; "
                                                           "the deck has 2"),
    ("discards: [3S,", "discards: [JK, 3S,", None),
    ("returned: 2", "returned: 8", "game.yaml:18: start.returned: 8 Clue Tokens back with Verona: this game has 7"),
    ("clue_token: Dan", "clue: 9C", None),
    ("clue_token: Dan", "clue_token: Dan\n  clue: 9C", "game.yaml:17: start.clue_token: the Clue Token in play lies "
                                                       "on the Clue Card 9♣"),
    ("  clue_token: Dan\n", "", "game.yaml:9: start: where is the Clue Token in play?"),
    ("clue_token: Dan", "clue_token: Eve", "game.yaml:17: start.clue_token: 'Eve' is neither a player (Ann, Ben, "
                                           "Cat, Dan) nor an Encounter a player holds"),
    ("clue_token: Dan", "clue_token: AS", None),
    ("difficulty: Medium", "difficulty: Medium\nclue: 4H", "game.yaml:3: clue: with `start:`, the Clue Card in play "
                                                           "is `start.clue`: leave out the first Clue Card"),
])
def test_a_start_that_cannot_exist_gets_one_message_at_its_line(old, new, said, tmp_path, monkeypatch):
    assert old in START
    r = _check(START.replace(old, new, 1), tmp_path, monkeypatch)
    if said is None:        # a variation that can exist
        assert r.exit_code == 0, r.output
        return
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert r.output.startswith(f"pnpkit: {said}"), r.output


def test_a_start_already_lost_or_won_takes_nothing_after_it(tmp_path, monkeypatch):
    lost = START.replace("face_up: [R3]}", "face_up: [R3, R8]}").replace("face_up: [R2]}", "face_up: [R2, R9]}")
    r = _check(lost.replace("turns: []", "turns:\n  - {draw: D}"), tmp_path, monkeypatch, "--json")
    out = json.loads(r.output)
    assert out["outcome"] == "lost" and out["turn"] == 11 and out["why"].startswith("every player has 2 or more")
    assert [v["where"] for v in out["violations"]] == ["turn 12"]
    won = START.replace("returned: 2", "returned: 7").replace("  clue_token: Dan\n", "")
    out = json.loads(_check(won, tmp_path, monkeypatch, "--json").output)
    assert out["outcome"] == "won" and out["turn"] == 11 and out["violations"] == []


def test_explain_and_replay_begin_at_the_start(tmp_path, monkeypatch):
    text = START.replace("turns: []", "turns:\n  - {draw: R8, place: aside, encounter: [JK, QD]}")
    r = _check(text, tmp_path, monkeypatch, "--explain")
    assert r.exit_code == 0, r.output
    assert "start: the table at the start of turn 12" in r.output and 'turn 12 (Dan), draw "R8"' in r.output
    r = CliRunner().invoke(cli, ["replay", "game.yaml", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "game-replay.html").read_text(encoding="utf-8")
    assert "the table at the start of turn 12" in page
