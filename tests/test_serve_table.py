"""`pnpkit serve`: a move-log game tapped move by move; the JSON answers each tap gets (the legal
moves the rules list, what chance must say, a try refused with its rule), and the record saved."""
from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

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
    assert re.search(r"<option[^>]*>chestnuts</option>", page) and "<option >trim-the-tree</option>" in page
    assert ">nuts</option>" not in page               # a final-sheet game is filled in, not tapped
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
    assert any(f.startswith("l: on a roll of 4") for f in view["forced"])
    assert view["picture"].startswith("data:image/svg+xml;base64,")
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
    assert rolled["record"]["turns"] == [{"rolls": ["2 1 6 > 8"]}] and rolled["picture"]
