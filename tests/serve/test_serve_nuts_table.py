"""`pnpkit serve`: a NUTS move log tapped at the table: the opening asks the Squirrel's square and
the setup Bonus cards; each round's Hunger die and Order cards flipped, and the squirrel's dice, are
what the table waits for (chance) between the moves it offers; the saved record is one `pnpkit
check` accepts. The round tapped is docs/records/nuts.md's whole game's first round."""
from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from pnpkit.cli import cli
from pnpkit.serve.app import Settings, create_app

SETUP = {"setup.squirrel": "10", "setup.bonus.0.keep": "B01 B09", "setup.bonus.0.drop": "B17",
         "setup.bonus.1.keep": "b3, B10", "setup.bonus.1.drop": "B22"}

# (chance or action, what is tapped): round 1 of the doc's game, Ann and Ben
ROUND_1 = [("chance", "2"), ("chance", "al ca al pi pe pe al pi"), ("chance", "ca ca al pi pe"),
           ("action", "build X 1:1-2"), ("action", "end"), ("chance", "2"),
           ("action", "build X 1:3-4"), ("action", "end"), ("chance", "5"), ("chance", "1"),
           ("action", "pass"), ("action", "repo 8>1"), ("action", "end"), ("chance", "6"), ("chance", "4 > 1"),
           ("action", "refill ca al ca"), ("action", "build - 1:1-2"), ("action", "end"), ("chance", "4 > 5"),
           ("action", "pass"), ("action", "pass")]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(Settings(tmp_path / "data"))) as c:
        yield c


def begin(c: TestClient, answers: dict) -> str:
    return c.get("/table", params={"game": "nuts", "player": ["Ann", "Ben"], "begun": "1", **answers}).text


def tap(c: TestClient, token: str, record: dict, **fields) -> dict:
    return c.post("/table/tap", data={"token": token, "record": json.dumps(record), **fields}).json()


def test_the_opening_asks_the_squirrels_square_and_each_players_setup_bonus_cards(client):
    page = client.get("/table", params={"game": "nuts", "player": ["Ann", "Ben"]}).text
    for field in ("setup.squirrel", "setup.bonus.0.keep", "setup.bonus.1.drop"):
        assert f'name="{field}"' in page
    assert "the D12" in page
    assert "1 to 12" in begin(client, {**SETUP, "setup.squirrel": "13"})
    assert "not a bonus card id" in begin(client, {**SETUP, "setup.bonus.1.keep": "X3"})
    assert "at least one card kept" in begin(client, {**SETUP, "setup.bonus.0.keep": ""})


def test_a_nuts_round_is_tapped_with_its_chance_and_pnpkit_check_accepts_the_record(client, tmp_path):
    page = begin(client, SETUP)
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', page)[1]))
    assert record["setup"] == {"squirrel": 10, "bonus": {"Ann": {"keep": ["B01", "B09"], "drop": ["B17"]},
                                                         "Ben": {"keep": ["B03", "B10"], "drop": ["B22"]}}}
    view = client.post("/table/view", data={"token": token, "record": json.dumps(record)}).json()
    assert view["waiting"].startswith("round 1 starts") and view["dice"]["faces"] == 4 and view["legal"] == []
    for kind, given in ROUND_1:
        after = tap(client, token, record, **{kind: given})
        assert "error" not in after and after["refusal"] is None, (given, after)
        assert after["score"]["violations"] == [], (given, after["score"]["violations"])
        if given == "al ca al pi pe pe al pi":        # slots still open: the table waits for more cards
            assert "open slots" in after["waiting"] and after["to_move"] is None
        if (kind, given) == ("action", "build X 1:1-2"):
            assert "end" in [o["text"] for o in after["legal"]]
        if (kind, given) == ("action", "end"):        # the run: the squirrel's D6 is what chance says next
            assert "squirrel's next D6" in after["waiting"] and after["dice"]["dice"] == ["squirrel D6"]
            # hunger 2: a 4 Scampers; the face alone is refused, saying what to write with it
            bare = client.post("/table/tap", data={"token": token, "record": json.dumps(after["record"]), "chance": "4"})
            assert bare.status_code == 400 and "is a Scamper" in bare.json()["error"] and "`4 > 9`" in bare.json()["error"]
        record = after["record"]
    assert after["waiting"].startswith("round 2 starts") and after["dice"]["dice"] == ["Hunger D4"]
    turns = record["rounds"][0]["turns"]
    assert turns[0] == {"do": ["build X 1:1-2"], "sq": [2]} and turns[3]["sq"] == [6, "4 > 1"]
    refused = tap(client, token, record, action="feed")
    assert refused["refusal"] and refused["refusal"]["quote"] and refused["record"] == record, refused["refusal"]
    saved = client.post("/table/save", data={"token": token, "record": json.dumps(record)}, follow_redirects=False)
    text = client.get(saved.headers["location"] + ".yaml").text
    (tmp_path / "r.yaml").write_text(text)
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "r.yaml")])
    assert checked.exit_code == 0, checked.output


def test_chance_the_table_does_not_wait_for_is_refused(client):
    page = begin(client, SETUP)
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', page)[1]))
    bad = client.post("/table/tap", data={"token": token, "record": json.dumps(record), "chance": "5"})
    assert bad.status_code == 400 and "1 to 4" in bad.json()["error"]
    record = tap(client, token, record, chance="2")["record"]
    bad = client.post("/table/tap", data={"token": token, "record": json.dumps(record), "chance": "al xx"})
    assert bad.status_code == 400
    record = tap(client, token, record, chance="al ca al pi pe pe al pi ca ca al pi pe")["record"]
    bad = client.post("/table/tap", data={"token": token, "record": json.dumps(record), "chance": "3"})
    assert bad.status_code == 400 and "waits for no chance" in bad.json()["error"]
