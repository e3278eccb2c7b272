"""`pnpkit serve --kit FILE` offers a designer's score pad as a form (issue 39, point 3): scored as
it is filled in by `pnpkit score`'s scorer, saved as the record a person would type, kept in the
history and the statistics like the six games, opened again to correct it. Through Starlette's
test client (the browser test is tests/test_serve_pad_browser.py)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from pnpkit.cli import cli
from pnpkit.serve.app import Settings, create_app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "moth-and-lamp"
KIT = EXAMPLE / "moth-and-lamp.yaml"
ANN = {"p1.name": "Ann", "p1.r1": "12", "p1.r2": "0", "p1.r3": "17", "p1.r4": "9"}
BEN = {"p2.name": "Ben", "p2.r1": "8", "p2.r2": "14", "p2.r3": "6", "p2.r4": "10"}


@pytest.fixture
def client(tmp_path) -> TestClient:
    return TestClient(create_app(Settings(tmp_path / "data", kits=(KIT,))))


def token(client: TestClient, url: str = "/pad/moth-and-lamp") -> str:
    return re.search(r'name="token" value="([^"]+)"', client.get(url).text)[1]


def test_the_home_page_offers_the_pad_and_the_pad_is_the_printed_one(client):
    assert 'href="/pad/moth-and-lamp">Moth &amp; Lamp score pad' in client.get("/").text
    page = client.get("/pad/moth-and-lamp").text
    for n in range(1, 5):
        assert f'name="p{n}.name"' in page and f'<output id="p{n}.total"' in page
        assert all(f'name="p{n}.r{r}"' in page for r in range(1, 5))
    assert "Each box holds 0 to 35" in page


def test_it_is_scored_as_it_is_filled_with_each_violation_beside_its_box(client):
    out = client.post("/pad/moth-and-lamp/score", data={"token": token(client), **ANN, **BEN, "p1.r3": "47"}).json()
    assert out["calculated"] == {"p1.total": "68", "p2.total": "38"}
    assert out["ranking"] == [["Ann"], ["Ben"]]
    assert [(v["box"], v["message"]) for v in out["violations"]] == [("p1.r3", "the Round 3 box says 47: a box holds 0 to 35")]
    assert out["yaml"].startswith("kit: moth-and-lamp.yaml\nplayers:\n")


def test_a_box_that_is_not_a_number_is_named_and_nothing_is_scored(client):
    out = client.post("/pad/moth-and-lamp/score", data={"token": token(client), **ANN, "p1.r2": "lots"}).json()
    assert out["violations"] == [{"where": "p1.r2", "message": "Round 2: expected a number, not 'lots'", "rule": "",
                                  "quote": "", "box": "p1.r2"}]


def test_saved_it_is_in_the_history_and_the_statistics_and_opens_again_to_correct(client):
    t = token(client)
    r = client.post("/pad/moth-and-lamp/save", data={"token": t, **ANN, **BEN, "played": "2026-05-01"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/play/1"
    play = client.get("/play/1").text
    assert "Moth &amp; Lamp" in play and "Won by Ben" in play and 'href="/pad/moth-and-lamp?play=1"' in play
    assert "Moth &amp; Lamp" in client.get("/history").text
    stats = client.get("/stats").text
    assert "Moth &amp; Lamp" in stats and "1 played, 1 finished" in stats
    again = client.get("/pad/moth-and-lamp?play=1").text
    assert 'name="p1.r3" id="p1.r3" inputmode="numeric" maxlength="7" value="17"' in again
    r = client.post("/pad/moth-and-lamp/save", data={"token": t, **ANN, **BEN, "p1.r3": "27", "play": "1",
                                                     "revision": "1"}, follow_redirects=False)
    assert r.status_code == 303 and "Won by Ann" in client.get("/play/1").text
    record = client.get("/play/1.yaml").text
    assert "kit: moth-and-lamp.yaml" in record and "Round 3: 27" in record


def test_the_record_downloaded_is_the_one_pnpkit_score_reads(client, tmp_path):
    client.post("/pad/moth-and-lamp/save", data={"token": token(client), **ANN, **BEN})
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    (folder / "saved.yaml").write_text(client.get("/play/1.yaml").text)
    r = CliRunner().invoke(cli, ["score", str(folder / "saved.yaml")])
    assert r.exit_code == 0 and "Winner: Ben" in r.output, r.output


def test_a_pad_game_imported_needs_its_kit_served(client, tmp_path):
    text = (EXAMPLE / "game.yaml").read_bytes()
    t = token(client)
    r = client.post("/import", data={"token": t}, files={"record": ("game.yaml", text)}, follow_redirects=False)
    assert r.status_code == 303
    bare = TestClient(create_app(Settings(tmp_path / "other")))
    t = re.search(r'name="token" value="([^"]+)"', bare.get("/history").text)[1]
    page = bare.post("/import", data={"token": t}, files={"record": ("game.yaml", text)}).text
    assert "moth-and-lamp.yaml is not a kit this server serves" in page


def test_a_saved_pad_game_shows_its_totals_when_its_kit_is_not_served(client, tmp_path):
    client.post("/pad/moth-and-lamp/save", data={"token": token(client), **ANN, **BEN})
    later = TestClient(create_app(Settings(tmp_path / "data")))      # the same history, no --kit
    page = later.get("/play/1").text
    assert "the kit is not served now" in page and "total, as saved" in page and "Won by Ben" in page


def test_no_pad_for_a_kit_not_served_is_a_404(client):
    r = client.get("/pad/tide-pools")
    assert r.status_code == 404 and "no score pad for tide-pools" in r.text


def test_serve_refuses_a_kit_without_a_pad(tmp_path):
    from pnpkit.kitfile.errors import SourceError
    with pytest.raises(SourceError, match="this kit has no score sheet with `scoring:`"):
        create_app(Settings(tmp_path, kits=(EXAMPLE.parent / "tide-pools" / "tide-pools.yaml",)))


def test_a_changing_request_needs_the_pages_token(client):
    r = client.post("/pad/moth-and-lamp/save", data={**ANN, "token": "forged"})
    assert r.status_code == 403


def test_a_kit_broken_while_served_is_said_not_crashed(tmp_path):
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    client = TestClient(create_app(Settings(tmp_path / "data", kits=(folder / "moth-and-lamp.yaml",))))
    kit = folder / "moth-and-lamp.yaml"
    kit.write_text(kit.read_text().replace("total: Total", "total: Totl"))
    r = client.get("/pad/moth-and-lamp")
    assert r.status_code == 404 and "the kit of Moth & Lamp cannot be read now" in r.text and "Totl" in r.text


def test_a_game_of_another_kind_does_not_open_in_the_pad(client):
    t = token(client)
    nuts = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [b]\n"
    client.post("/import", data={"token": t}, files={"record": ("c.yaml", nuts.encode())})
    r = client.get("/pad/moth-and-lamp?play=1")
    assert r.status_code == 400 and "is not a game of Moth & Lamp" in r.text


def test_a_refused_save_shows_the_pad_again_as_typed_with_why(client):
    r = client.post("/pad/moth-and-lamp/save", data={"token": token(client), **ANN, "p1.r2": "lots"})
    assert r.status_code == 400
    assert 'id="refused">Not saved: Round 2: expected a number, not &#39;lots&#39;' in r.text
    assert 'name="p1.r2" id="p1.r2" inputmode="numeric" maxlength="7" value="lots"' in r.text
    assert 'name="p1.name" id="p1.name" value="Ann"' in r.text
