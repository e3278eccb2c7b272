"""`pnpkit serve`: a move-log game tapped move by move; the JSON answers each tap gets (the legal
moves the rules list, what chance must say, a try refused with its rule), and the record saved."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from pnpkit.kitfile.source import as_model
from pnpkit.cli import cli
from pnpkit.serve import tapping
from pnpkit.serve.app import Settings, create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(Settings(tmp_path / "data"))) as c:
        yield c


def start(c: TestClient, game: str, *players: str) -> tuple[str, dict]:
    """The table page of a new game: its token and the record it holds."""
    page = c.get("/table", params={"game": game, "player": list(players)}).text
    record = re.search(r'id="record" value="([^"]*)"', page)[1]
    return re.search(r'name="token" value="([^"]+)"', page)[1], json.loads(html.unescape(record))


def tap(c: TestClient, token: str, record: dict, **fields) -> dict:
    return c.post("/table/tap", data={"token": token, "record": json.dumps(record), **fields}).json()


def test_the_start_page_offers_the_games_a_table_can_be_tapped_through(client):
    page = client.get("/table").text
    offered = re.findall(r'<option value="([a-z-]+)"', page)
    assert offered == ["chestnuts", "forest-fire", "fair-verona", "in-the-nuts", "trim-the-tree", "nuts"]
    assert "Forest Fire: A Game for Kids (2-4 players)" in page and "Fair Verona (4 players)" in page
    assert "write the players" in client.get("/table", params={"game": "chestnuts"}).text


def test_a_chestnuts_turn_is_tapped_as_the_rules_allow(client):
    token, record = start(client, "chestnuts", "Ann", "<script>Ben")
    assert record == {"game": "chestnuts", "players": ["Ann", "<script>Ben"]}
    assert "<script>Ben" not in client.get("/table", params={"game": "chestnuts", "player": ["Ann", "<script>Ben"]}).text
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert view["waiting"].startswith("Ann rolls the die") and view["legal"] == [] and view["to_move"] == "Ann"
    view = tap(client, token, record, chance="4")
    assert view["record"]["turns"] == [{"roll": 4, "actions": []}]
    assert [o["text"] for o in view["legal"]] == ["l"] and view["legal"][0]["cost"] == 1   # the Flame first
    assert any(f.startswith("on a roll of 4 a Flame (l) must be added") for f in view["forced"])
    assert [a["title"] for a in view["board"]] == ["The board", "Beside the board"]     # drawn, its places marked
    assert view["board"][0]["svg"].startswith("<svg") and 'data-place="added-flames 1"' in view["board"][0]["svg"]
    assert view["legal"][0]["words"] == "Ann adds a Flame (1 of 3)" and view["legal"][0]["places"] == ["added-flames 1"]
    refused = tap(client, token, view["record"], action="e 5")
    assert refused["refusal"]["rule"] == "Notes 1" and "first action" in refused["refusal"]["quote"]
    assert refused["record"] == view["record"]                # nothing written
    after = tap(client, token, view["record"], action="l")
    assert after["record"]["turns"][0]["actions"] == ["l"] and after["refusal"] is None
    assert "- roll: 4\n  actions: [l]\n" in after["yaml"]


def test_what_is_not_a_move_is_refused_with_what_is_expected(client):
    token, record = start(client, "chestnuts", "Ann", "Ben")
    bad = client.post("/table/tap", data={"token": token, "record": json.dumps(record), "chance": "7"})
    assert bad.status_code == 400 and "1 to 6" in bad.json()["error"]
    early = tap(client, token, record, action="e 2")["refusal"]
    assert "rolls the die first" in early["message"] and early["rule"] and early["quote"]
    bad = client.post("/table/tap", data={"token": token, "record": json.dumps(record), "action": "z 2"})
    assert bad.status_code == 400 and "expected" in bad.json()["error"]
    bad = client.post("/table/tap", data={"token": token, "record": "{not json", "action": "a"})
    assert bad.status_code == 400 and "reload" in bad.json()["error"]
    foreign = client.post("/table/tap", data={"token": token, "record": json.dumps({"game": "nuts", "players": []}),
                                              "action": "a"})
    assert foreign.status_code == 400


def test_every_tap_carries_the_page_token(client):
    _, record = start(client, "chestnuts", "Ann", "Ben")
    for path in ("/table/tap", "/table/view", "/table/save"):
        assert client.post(path, data={"record": json.dumps(record), "chance": "4"}).status_code == 403


def test_the_saved_record_is_the_one_pnpkit_check_reads(client, tmp_path):
    token, record = start(client, "chestnuts", "Ann", "Ben")
    record = tap(client, token, record, chance="2")["record"]
    saved = client.post("/table/save", data={"token": token, "record": json.dumps(record)}, follow_redirects=False)
    assert saved.status_code == 303 and saved.headers["location"].startswith("/play/")
    text = client.get(saved.headers["location"] + ".yaml").text
    (tmp_path / "r.yaml").write_text(text)
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "r.yaml")])
    assert "roll: 2" in text
    assert checked.exit_code == 1 and "C4" in checked.output   # stopped with Nut Points unspent, as check says


def test_trim_the_tree_waits_for_the_box_then_offers_its_picks():
    record = tapping.new_record("trim-the-tree", ["Ann", "Ben"])
    assert "box" in tapping.view(record)["waiting"]
    with pytest.raises(tapping.Refused, match="one ornament per player"):
        tapping.tap(record, "blue box", chance=True)
    after = tapping.tap(record, "blue box, red star", chance=True).data
    assert after["rounds"] == [{"box": ["blue box", "red star"], "picks": []}]
    view = tapping.view(after)
    assert view["to_move"] == "Ann" and view["legal"]
    picked = tapping.tap(after, view["legal"][0]["text"]).data
    assert picked["rounds"][0]["picks"][0]["player"] == "Ann"


def test_in_the_nuts_setup_is_entered_then_its_squirrels_tapped_and_a_roll_written_with_its_dice(client):
    token, record = start(client, "in-the-nuts", "Ann", "Ben")
    for given in ("hazelnut", "acorn", "walnut", "beechnut", "take walnut, to 3", "take acorn, to 2"):
        view = tap(client, token, record, chance=given)
        record = view["record"]
    assert record["setup"]["nuts"] == ["hazelnut", "acorn", "walnut", "beechnut"]
    assert [o["text"] for o in view["legal"]] == ["2-4", "5-6", "8-9", "10-12"]    # Ben's setup squirrel
    view = tap(client, token, record, action="5-6")
    assert "roll > 8" in [o["text"] for o in view["legal"]] and view["to_move"] == "Ann"
    dice = client.post("/table/tap", data={"token": token, "record": json.dumps(view["record"]), "action": "roll > 8"})
    assert dice.status_code == 400 and "2 1 6 > 8" in dice.json()["error"]           # the dice decide: written out
    rolled = tap(client, token, view["record"], action="2 1 6 > 8")
    assert rolled["record"]["turns"] == [{"rolls": ["2 1 6 > 8"]}] and rolled["board"]


def _start_form(c: TestClient, game: str, *names: str) -> str:
    return c.get("/table", params={"game": game, "player": list(names), "t": "x"}).text


def test_forest_fire_asks_the_roles_the_starts_and_the_setup_rolls_before_its_first_round(client):
    page = _start_form(client, "forest-fire", "Ann", "Ben", "Cat")
    for field in ("players.0.role", "players.2.start", "setup.firebreaks", "setup.fires"):
        assert f'name="{field}"' in page
    assert "data-dice=" in page and "6)" in page                  # 2 rounds' worth for 3 players: 6 rolls
    answers = {"players.0.role": "hotshot", "players.0.start": "0 3", "players.1.role": "smoke-jumper",
               "players.1.start": "5 0", "players.2.role": "pilot", "players.2.start": "",
               "setup.firebreaks": "2 5", "setup.fires": "1 3, 1 3, 5 1"}
    short = client.get("/table", params={"game": "forest-fire", "player": ["Ann", "Ben", "Cat"], "begun": "1",
                                         **answers}).text
    assert "6 roll(s) of down and across, got 3" in short       # refused, the answers kept
    answers["setup.fires"] += ", 4 4, 4 6, 4 4"
    table = client.get("/table", params={"game": "forest-fire", "player": ["Ann", "Ben", "Cat"], "begun": "1",
                                         **answers}).text
    assert 'id="table"' in table
    token = re.search(r'name="token" value="([^"]+)"', table)[1]
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', table)[1]))
    assert record["setup"]["fires"][-1] == [4, 4] and "start" not in record["players"][2]
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert view["to_move"] == "Ann" and "extinguish 1 3" in [o["text"] for o in view["legal"]]


def test_fair_verona_asks_the_difficulty_the_identities_and_the_first_clue(client):
    names = ["Ann", "Ben", "Cat", "Dan"]
    page = _start_form(client, "fair-verona", *names)
    assert 'name="difficulty"' in page and 'name="players.3.identity"' in page and 'name="clue"' in page
    answers = {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
               "players.2.identity": "2S", "players.3.identity": "AD", "clue": "JK ZZ"}
    refused = client.get("/table", params={"game": "fair-verona", "player": names, "begun": "1", **answers}).text
    assert "the first Clue Card: &#39;ZZ&#39; is not a playing card" in refused
    answers["clue"] = "JK 5S"
    table = client.get("/table", params={"game": "fair-verona", "player": names, "begun": "1", **answers}).text
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', table)[1]))
    assert record["clue"] == ["JK", "5S"] and record["turns"] == []


def test_a_chestnuts_roll_and_the_fire_rolls_are_dice_the_page_draws_a_button_per_face(client):
    token, record = start(client, "chestnuts", "Ann", "Ben")
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert view["dice"] == {"dice": ["the die"], "faces": 6, "rolls": 1, "fewest": 1, "written": "{}", "then": {}}


def test_saving_a_tapped_game_again_is_its_next_revision_and_a_stale_screen_is_refused(client):
    token, record = start(client, "chestnuts", "Ann", "Ben")
    first = tap(client, token, record, chance="4")["record"]
    saved = client.post("/table/save", data={"token": token, "record": json.dumps(first)},
                        headers={"x-pnpkit-json": "1"}).json()
    assert saved["revision"] == 1
    more = tap(client, token, first, action="l")["record"]
    again = client.post("/table/save", data={"token": token, "record": json.dumps(more), "play": saved["play"],
                                             "revision": "1"}, headers={"x-pnpkit-json": "1"}).json()
    assert again == {"play": saved["play"], "revision": 2, "href": f"/play/{saved['play']}"}   # the same game
    store = client.app.state.store
    assert [p.id for p in store.plays()] == [saved["play"]]                                # not a second game
    assert "actions: [l]" in store.get(saved["play"]).record
    assert [r for r, _ in store.earlier(saved["play"])] == [1] and "actions: []" in store.earlier(saved["play"])[0][1]
    # a second screen that took up revision 1 saves after the first screen saved revision 2: refused
    stale = client.post("/table/save", data={"token": token, "record": json.dumps(first), "play": saved["play"],
                                             "revision": "1"}, headers={"x-pnpkit-json": "1"})
    assert stale.status_code == 409 and "changed on another screen" in stale.text and "nothing was saved" in stale.text
    assert "actions: [l]" in store.get(saved["play"]).record and store.get(saved["play"]).revision == 2
    page = client.get(f"/play/{saved['play']}").text
    assert f'href="/table?play={saved["play"]}"' in page and "revision 2" in page
    taken_up = client.get("/table", params={"play": saved["play"]}).text
    assert f'id="play" value="{saved["play"]}"' in taken_up and 'id="revision" value="2"' in taken_up
    assert "Save again" in taken_up


def test_fair_verona_is_tapped_turn_by_turn_with_the_moves_the_table_offers(client):
    """Each tap one the screen offers (`end the turn` among them, where the turn may end); the tile
    drawn and the Friend turned up are written with the offered `draw` and `clear ... friend`, as
    the screen asks when they are tapped (here: what the box holds, as a player sees it)."""
    import random
    names = ["Ann", "Ben", "Cat", "Dan"]
    answers = {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
               "players.2.identity": "2S", "players.3.identity": "AD", "clue": "5S"}
    table = client.get("/table", params={"game": "fair-verona", "player": names, "begun": "1", **answers}).text
    token = re.search(r'name="token" value="([^"]+)"', table)[1]
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', table)[1]))
    rng, kinds = random.Random(5), set()
    for k in range(200):
        view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
        if view["score"]["finished"] or (k >= 60 and view["may_end_turn"]):     # (a record that may stop here)
            break
        offered = [o["text"] for o in view["legal"]] + (["end the turn"] if view["end_turn"] else [])
        assert offered, view["turn"]                               # the screen always says what may be done
        pick = rng.choice(offered)
        after = tap(client, token, record, action=pick)
        if pick == "draw" or pick.endswith(" friend"):             # chance completes it: the screen asks
            assert "is written with it" in after["error"]
            after = tap(client, token, record, action=f"{pick} {_unseen(record, pick)}")
        assert after.get("refusal") is None and "error" not in after, (pick, after)
        kinds.add(pick.split()[0])
        record = after["record"]
    assert {"draw", "place", "encounter", "clear", "end"} <= kinds  # tiles drawn and laid, encounters dealt and met
    assert after["score"]["violations"] == []
    checked = CliRunner().invoke(cli, ["check", "-", "--json"], input=after["yaml"])
    assert checked.exit_code == 0, checked.output


def _unseen(record: dict, pick: str) -> str:
    """What the player sees after `draw` (a tile of the face-down stack) or `clear ... friend` (a
    card no one has seen), as the table's rules offer them."""
    from pnpkit.scorer.games import load
    from pnpkit.scorer.games.fair_verona import moves
    game = load("fair-verona")
    st = game.table_of(as_model(game.Record, record), tapping._kit("fair-verona")).state.copy()
    moves.apply(st, moves.read(st, pick))
    return moves.write(st, moves.chance(st)[0]).split()[-1]


def test_a_fair_verona_game_lost_by_a_tile_set_aside_ends_with_that_turn_and_checks_clean(client):
    """The aside that leaves every player 2 or more face-up tiles loses the game at the end of the
    turn (ruling V20): the next player's Encounter is still drawn (Tile Placement), and the turn may
    still move. The screen says the game is over only then, and the saved record checks clean."""
    docs = (Path(__file__).parents[2] / "docs" / "records" / "fair-verona.md").read_text(encoding="utf-8")
    from pnpkit.kitfile.source import parse
    record = parse(re.findall(r"```yaml\n(.*?)```", docs, re.S)[0], "docs").data
    record["turns"][-1] = {}                        # turn 27, Cat's: draw P, set it aside, 6D for Dan, move
    answers = {"difficulty": "Medium", "players.0.identity": "5D", "players.1.identity": "KD",
               "players.2.identity": "9D", "players.3.identity": "4S", "clue": "4H"}
    page = client.get("/table", params={"game": "fair-verona", "player": ["Ann", "Ben", "Cat", "Dan"], "begun": "1",
                                        **answers}).text
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    for pick in ("draw P", "place aside"):
        record = tap(client, token, record, action=pick)["record"]
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert not view["score"]["finished"] and view["score"]["violations"] == []      # not over: the Encounter first
    assert view["to_move"] == "Cat" and "encounter 6D" in [o["text"] for o in view["legal"]]
    after = tap(client, token, record, action="encounter 6D")
    assert not after["score"]["finished"] and after["end_turn"] and "move city 0 0" in [o["text"] for o in after["legal"]]
    ended = tap(client, token, after["record"], action="end the turn")
    assert ended["score"]["finished"] and ended["score"]["outcome"] == "lost" and ended["score"]["violations"] == []
    assert ended["to_move"] is None and ended["waiting"].startswith("the game is over: lost (every player has 2")
    checked = CliRunner().invoke(cli, ["check", "-", "--json"], input=ended["yaml"])
    assert checked.exit_code == 0 and json.loads(checked.output)["outcome"] == "lost", checked.output
    moves = CliRunner().invoke(cli, ["moves", "-", "--json"], input=ended["yaml"])
    assert json.loads(moves.output)["waiting"].startswith("the game is over: lost"), moves.output


def test_in_the_nuts_rolls_are_offered_with_their_three_dice(client):
    from pnpkit.scorer.play import Dice
    assert Dice(("green die", "white die", "white die"), written="{} > 8").text([[2, 1, 6]]) == "2 1 6 > 8"
    token, record = start(client, "in-the-nuts", "Ann", "Ben")
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert view["waiting"] and view["legal"] == []                 # the setup's nuts first: typed, no dice
    assert view["dice"] is None
    from pnpkit.kitfile.source import parse
    docs = (Path(__file__).parents[2] / "docs" / "records" / "in-the-nuts.md").read_text(encoding="utf-8")
    record = parse(re.findall(r"```yaml\n(.*?)```", docs, re.S)[0], "docs").data      # stops before a roll
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    rolls = [o for o in view["legal"] if o["text"].startswith("roll > ")]
    assert rolls and all(o["dice"]["dice"] == ["green die", "white die", "white die"] for o in rolls)
    eight = next(o for o in rolls if o["text"] == "roll > 8")
    after = tap(client, token, record, action=eight["dice"]["written"].replace("{}", "2 1 6"))
    assert after.get("refusal") is None and "2 1 6 > 8" in after["yaml"]
