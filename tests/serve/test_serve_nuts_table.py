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


ISSUE_37 = {"setup.squirrel": "7", "setup.bonus.0.keep": "B01 B09", "setup.bonus.0.drop": "B17",
            "setup.bonus.1.keep": "B05", "setup.bonus.1.drop": "B02 B04", "setup.bonus.2.keep": "B03 B07 B16",
            "setup.bonus.2.drop": ""}


def test_order_cards_typed_beyond_filling_are_refused_and_no_dead_end_swap_is_offered(client):
    """Issue 37, defects 2 and 3, as the family met them: 3 players, Squirrel 7, Hunger 1. Typing
    more Order cards than the open slots need is refused as typed, saying which and why; once the
    slots are full, `swap 3 10` (Ann's last 3 tokens, no Matching Path after it) is not offered, and
    tapped anyway it is refused with the one-path rule: the table is never left with no way on."""
    page = client.get("/table", params={"game": "nuts", "player": ["Ann", "Ben", "Cara"], "begun": "1",
                                        **ISSUE_37}).text
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    record = json.loads(html.unescape(re.search(r'id="record" value="([^"]+)"', page)[1]))
    for cards in ("1", "al ca pe pi", "al ca pe pi", "pe al pi ca"):
        record = tap(client, token, record, chance=cards)["record"]
    too_many = client.post("/table/tap", data={"token": token, "record": json.dumps(record),
                                               "chance": "ca ca pi al pe ca al pi"})
    said = too_many.json()["error"]
    assert too_many.status_code == 400 and "3 more Order cards flipped than filling needs (ca al pi)" in said
    assert "Filling Order Slots" in said
    after = tap(client, token, record, chance="ca ca pi al pe")
    assert after["to_move"] == "Ann" and after["score"]["violations"] == []
    offered = [o["text"] for o in after["legal"]]
    assert "swap 3 10" not in offered and "swap 3 12" in offered
    refused = tap(client, token, after["record"], action="swap 3 10")
    assert refused["refusal"] and "could not end" in refused["refusal"]["message"], refused["refusal"]
    assert refused["record"] == after["record"]
    played = tap(client, token, after["record"], action="swap 3 12")       # a swap that makes a path
    assert played["refusal"] is None and "end" in [o["text"] for o in played["legal"]]


# Ann has built once (2 tokens left) and no Matching Path passes her tile yet: most actions now
# spend one token and leave none that could make the one path U12 needs (issue 37, defect 2's rest)
DEAD_ENDS = {"game": "nuts", "players": ["Ann", "Ben", "Cara"],
             "setup": {"squirrel": 7, "bonus": {"Ann": {"keep": ["B01", "B09"], "drop": ["B17"]},
                                                "Ben": {"keep": ["B05"], "drop": ["B22"]},
                                                "Cara": {"keep": ["B03", "B07", "B16"], "drop": ["B02"]}}},
             "rounds": [{"hunger": 1, "orders": "ca pe al pe ca pe pe ca pe pi al ca pi pi al".split(),
                         "turns": [{"do": ["build SR 3:3-4"]}]}]}


def test_a_move_after_which_nothing_would_be_legal_is_marked_in_words_and_only_those(client):
    """Each offered move is played one step ahead: marked "leads to a dead end" exactly when the
    table after it offers no move, no end of the turn and no chance to wait for (only Undo), which
    the rules do not forbid (U12 is judged at the end of the actions), so it is marked, not hidden.
    The look-ahead has a CPU budget per answer; the page asks again until every move is looked past."""
    from pnpkit.serve import tapping
    tapping._AHEAD.clear()
    token = re.search(r'name="token" value="([^"]+)"', begin(client, SETUP))[1]
    answers, view = 0, {"not_looked_ahead": 1}
    while view["not_looked_ahead"]:
        view = client.post("/table/view", data={"token": token, "record": json.dumps(DEAD_ENDS)}).json()
        answers += 1
    assert 1 < answers < 20                         # ~7 ms a dead end proved: several answers of ~0.1 s
    marked = {o["text"] for o in view["legal"] if o["dead_end"]}
    assert "build X 1:1-2" in marked and "feed" not in marked and "end" not in marked
    for o in view["legal"]:
        assert o["dead_end"] == o["words"].endswith(f"({tapping.DEAD_END})")
        if o["draw"] or o["dice"]:
            continue
        after = tap(client, token, DEAD_ENDS, action=o["text"])
        stuck = not after["legal"] and not after["waiting"] and not after["end_turn"] and after["to_move"]
        assert o["dead_end"] == bool(stuck), o["text"]


def test_a_table_answer_with_the_look_ahead_stays_under_150_ms_of_cpu(client):
    import time

    from measure import cpu_bound          # the load margin every timed test takes (issue 34)
    from pnpkit.serve import tapping
    tapping.view(DEAD_ENDS)                          # the kit's board drawn once
    tapping._AHEAD.clear()
    while True:
        t0 = time.process_time()
        view = tapping.view(DEAD_ENDS)
        assert time.process_time() - t0 < cpu_bound(0.15)
        if not view["not_looked_ahead"]:
            break
