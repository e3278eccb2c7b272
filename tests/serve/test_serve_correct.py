"""A saved final-sheet game corrected: its page links to its sheets filled from its record, and
saving them is the same game's next revision (a stale page is refused, nothing lost)."""
from __future__ import annotations

import re
from pathlib import Path

from test_serve import NUTS_FORM, client, token  # noqa: F401  (the app's test client, a fixture)

CORRECT = "Correct the sheets"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "records" / "nuts.md"
MOVE_LOG = next(b for b in re.findall(r"```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S) if "rounds:" in b)


def saved(client, path: str, form: dict) -> int:
    r = client.post(path, data={**form, "token": token(client, path.replace("/save", ""))}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def test_a_nuts_game_is_opened_filled_in_and_saved_as_its_next_revision(client):
    play = saved(client, "/sheet/nuts/save", NUTS_FORM)
    assert f'href="/sheet/nuts?play={play}">{CORRECT}' in client.get(f"/play/{play}").text
    page = client.get(f"/sheet/nuts?play={play}").text
    assert re.search(r'name="p1.name" id="p1.name" value="Ann"', page)
    assert re.search(r'name="p1.almond.6" id="p1.almond.6" value="x" aria-label="[^"]*" checked', page)
    assert not re.search(r'name="p1.almond.10" id="p1.almond.10" value="x" aria-label="[^"]*" checked', page)
    assert re.search(r'name="p1.salt.3" id="p1.salt.3" value="x" aria-label="Salt marker 3" checked', page)
    assert not re.search(r'name="p1.salt.4" id="p1.salt.4" value="x" aria-label="Salt marker 4" checked', page)
    assert 'name="play" value="%d"><input type="hidden" name="revision" value="1"' % play in page
    t = token(client)
    fixed = {**NUTS_FORM, "p1.almond.10": "x", "play": str(play), "revision": "1", "token": t}
    r = client.post("/sheet/nuts/save", data=fixed, follow_redirects=False)
    assert r.headers["location"] == f"/play/{play}"
    assert "revision 2" in client.get(f"/play/{play}").text
    stale = client.post("/sheet/nuts/save", data={**fixed, "p1.salt.3": ""})        # a page showing revision 1
    assert stale.status_code == 409 and "changed on another screen" in stale.text
    assert "sheet: {almond: 4" in client.get(f"/play/{play}.yaml").text


def test_in_the_nuts_storage_cards_are_opened_filled_in(client):
    form = {"p1.name": "Uwe", "p1.card3.nut": "acorn", "p1.card3.nuts": "2", "p1.card3.jokers": "acorn/hazelnut",
            "p2.name": "Ann", "p2.card2.nut": "walnut", "p2.card2.nuts": "1"}
    play = saved(client, "/sheet/in-the-nuts/save", form)
    assert CORRECT in client.get(f"/play/{play}").text
    page = client.get(f"/sheet/in-the-nuts?play={play}").text
    assert '<option value="acorn" selected>' in page and 'value="acorn/hazelnut"' in page


def test_a_move_log_is_not_offered_as_sheets(client):
    r = client.post("/import", data={"token": token(client, "/history")},
                    files={"record": ("log.yaml", MOVE_LOG.encode(), "application/yaml")}, follow_redirects=False)
    play = int(r.headers["location"].rsplit("/", 1)[1])
    assert CORRECT not in client.get(f"/play/{play}").text
    opened = client.get(f"/sheet/nuts?play={play}")
    assert opened.status_code == 400 and "move log" in opened.text
    assert client.get("/sheet/nuts?play=999").status_code == 404


def test_a_chestnuts_end_position_is_opened_filled_in_and_saved_as_its_next_revision(client):
    form = {"p1.name": "Ann", "p2.name": "Ben", "chair1.p1": "10", "chair1.p2": "1", "burnt.p1": "2",
            "basket.p1": "0", "burnt.p2": "1", "plate2.p2": "x"}
    play = saved(client, "/end/chestnuts/save", form)
    assert f'href="/end/chestnuts?play={play}">Correct the end position' in client.get(f"/play/{play}").text
    page = client.get(f"/end/chestnuts?play={play}").text
    assert 'name="chair1.p1" id="chair1.p1" inputmode="numeric" size="3" aria-label="Player 1\'s Chair: player 1\'s chestnuts" value="10"' in page.replace("&#39;", "'")
    fixed = {**form, "burnt.p1": "1", "chair1.p1": "11", "play": str(play), "revision": "1",
             "token": token(client, "/end/chestnuts")}
    r = client.post("/end/chestnuts/save", data=fixed, follow_redirects=False)
    assert r.headers["location"] == f"/play/{play}"
    assert "revision 2" in client.get(f"/play/{play}").text
    assert client.post("/end/chestnuts/save", data=fixed).status_code == 409


def test_forest_fire_and_trim_the_tree_end_positions_are_opened_filled_in(client):
    fire = {"p1.name": "Ann", "p1.role": "hotshot", "p1.at": "2 3", "p2.name": "Ben", "p2.role": "pilot",
            "sq.4.4": "F", "sq.2.2": "3"}
    play = saved(client, "/end/forest-fire/save", fire)
    assert f'href="/end/forest-fire?play={play}">Correct the end position' in client.get(f"/play/{play}").text
    page = client.get(f"/end/forest-fire?play={play}").text
    assert re.search(r'name="sq.2.2" [^>]*value="3"', page) and re.search(r'name="p1.at" [^>]*value="2 3"', page)
    tree = {"p1.name": "Ann", "p1.score": "7", "p1.A1": "red box", "p2.name": "Ben", "p2.C1": "red bulb"}
    play = saved(client, "/end/trim-the-tree/save", tree)
    assert f'href="/end/trim-the-tree?play={play}">Correct the end position' in client.get(f"/play/{play}").text
    assert '<option value="red box" selected>' in client.get(f"/end/trim-the-tree?play={play}").text
