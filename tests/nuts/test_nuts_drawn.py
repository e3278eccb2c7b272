"""The NUTS factory drawn on the replay page (issue 27): the floor with the kit's own tiles,
Salters, Squirrel, Dispensers and Order cards at every step, the Matching Paths that ran drawn over
it in red with what each scored written in its slot, a path standing before the run dashed."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpkit.cli import cli
from pnpkit.generator.tableau import Tableau
from pnpkit.kitfile import load_kit
from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.picture import RAN, WOULD, conveyor_place, panel

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "nuts.md"
GAME = re.search(r"### A whole game.*?```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("nuts-replay")
    (out / "game.yaml").write_text(GAME, encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(out / "game.yaml"), "--out", str(out), "--png", "5"])
    assert r.exit_code == 0, r.output
    html = (out / "game-replay.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)[1])
    return data, out


def _step(data, where: str) -> dict:
    return next(s for s in data["steps"] if s["where"] == where)


def test_the_run_draws_its_paths_in_red_with_what_each_scored(page):
    data, _ = page
    floor = _step(data, "round 1, turn 1 (Ann), run")["areas"][0]
    assert floor["title"] == "The factory floor (columns 1-12)"
    assert [c for c, dashed, _ in floor["lines"]] == [RAN, RAN]           # 1->2 almond and 2->1 cashew
    words = [t for _, _, t in floor["texts"]]
    assert words == ["almond", "+ Salt", "cashew"]                      # slot 2 is salted
    eaten = _step(data, "round 3, turn 3 (Ann), run")["areas"][0]
    assert "eaten" in [t for _, _, t in eaten["texts"]]


def test_a_path_standing_before_the_run_is_dashed_and_the_start_has_none(page):
    data, _ = page
    built = _step(data, 'round 1, turn 1 (Ann), action 1 "build X 1:1-2"')["areas"][0]
    assert [(c, d) for c, d, _ in built["lines"]] == [(WOULD, 1), (WOULD, 1)]
    assert not built["texts"]
    assert not data["steps"][0]["areas"][0]["lines"]


def test_the_floor_holds_the_kits_pieces_where_the_state_puts_them(page):
    data, _ = page
    start, built = data["steps"][2]["areas"][0], _step(data, 'round 1, turn 1 (Ann), action 1 "build X 1:1-2"')["areas"][0]
    # 12 Dispenser markers, 3 Salters, the Squirrel; 12 Order cards once round 1 has filled the slots
    assert len(start["items"]) == 12 + 3 + 1 + 12
    assert len(built["items"]) == len(start["items"]) + 1               # the Cross tile
    side = data["steps"][2]["areas"][1]
    assert side["title"] == "Beside the floor"
    assert "Hunger 2" in [t for _, _, t in side["texts"]]


def test_the_png_of_a_run_shows_the_red_path(page):
    _, out = page
    img = Image.open(io.BytesIO((out / "game-step-5.png").read_bytes())).convert("RGB")
    px = img.tobytes()
    red = sum(1 for i in range(0, len(px), 3) if px[i] > 180 and px[i + 1] < 70 and px[i + 2] < 70)
    assert red > 2000


@pytest.mark.parametrize("columns", [12, 16])
def test_every_belt_crossing_is_a_place_of_the_printed_floor(columns):
    """Where each column's belt crosses each conveyor row (and the Dispenser, Salter, Squirrel and
    Order places of each column) is a place the kit's boards name, for 2-4 and 5-6 players."""
    kit = load_kit("nuts")
    tab = Tableau(kit)
    f = factory_of(kit, 2 if columns == 12 else 5)
    assert f.columns == columns
    for c in range(1, columns + 1):
        k, local = panel(f, c)
        places = tab.places(f.panels[k][0])
        assert {f"dispenser-{c} 1 1", f"salters 1 {local}", f"squirrel-row 1 {local}", f"order-{c}"} <= set(places)
        for row in range(1, f.rows + 1):
            k2, place, _ = conveyor_place(f, row, c)
            assert place in tab.places(f.panels[k2][0]), (row, c, place)


def test_the_page_in_a_browser_draws_the_paths_and_the_scores(browser, page):
    data, out = page
    n = 1 + next(i for i, s in enumerate(data["steps"]) if s["where"] == "round 1, turn 1 (Ann), run")
    browser.open(out / "game-replay.html", f"#step={n}")
    floor = browser.js("""(() => { const f = document.querySelector('figure.area');
        return {caption: f.querySelector('figcaption').textContent,
                traces: [...f.querySelectorAll('polyline.trace')].map(p => p.getAttribute('stroke')),
                texts: [...f.querySelectorAll('g.pieces text')].map(t => t.textContent)}; })()""")
    assert floor["caption"] == "The factory floor (columns 1-12)"
    assert floor["traces"] == [RAN, RAN]
    assert {"almond", "+ Salt", "cashew"} <= set(floor["texts"])


def test_each_step_writes_the_sheets_as_they_stand(page):
    """The sheet is drawn once; what is written in it is each step's own (tokens, markers, cards)."""
    data, _ = page
    def ann(step):
        sheet = next(a for a in step["areas"] if a["title"] == "Ann's score sheet")
        return [t for _, _, t, _, _ in sheet["writing"]]
    assert ann(data["steps"][0]) == ["Ann"]                                    # before the setup's cards
    after = ann(_step(data, "round 1, turn 1 (Ann), run"))
    assert after.count("\u25cf") == 3 and after.count("\u2713") == 2           # cashew, almond, a Salt marker; B01, B09
    assert ann(data["steps"][-1]).count("\u2713") == 5                         # two complete rows, Salty Mama, B01, B09


@pytest.mark.parametrize("act, said", [("build X 9:3-4", "off the printed cells: 9:3-4 X"),
                                       ("salt 2>0", "off the Salter row: 0")])
def test_a_piece_the_table_put_off_the_floor_is_said_beside_it(tmp_path, act, said):
    """An illegal move applied as the table made it (a tile on no printed cell, a Salter off its row)
    is drawn as words beside the floor: the page is still made (exit 1: the record breaks the rules)."""
    text = GAME.replace("{do: [build X 1:1-2], sq: [2]}", "{do: [%s], sq: [2]}" % act, 1)
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "bad.yaml"), "--out", str(tmp_path), "--png", "4"])
    assert r.exit_code == 1, r.output
    html = (tmp_path / "bad-replay.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)[1])
    assert said in [t for _, _, t in data["steps"][3]["areas"][1]["texts"]]
