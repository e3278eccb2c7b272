"""The table's board (pnpkit/serve/tapping.py `board`): the position drawn as SVG from the kit's own
pieces, every place a legal move names drawn and marked (`data-place`), and a record's names in it
only ever text. The page makes the marked places buttons; tests/test_serve_board_browser.py taps them."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from pnpkit.generator.backends import pdf, svg
from pnpkit.generator.shapes import Group, Rect, Text
from pnpkit.serve import tapping

SVG = "{http://www.w3.org/2000/svg}"
# what pnpkit's SVG backend writes, and nothing else: no script, no foreignObject, no event attribute
ELEMENTS = {f"{SVG}{t}" for t in ("svg", "defs", "g", "rect", "circle", "ellipse", "line", "polygon", "polyline", "path",
                                  "text", "clipPath", "image", "use", "title")}
HOSTILE = ['<script>alert(1)</script>', '"><svg onload=alert(1)>', "Ann & 'Ben'", "]]><x>"]


def drawn(view: dict) -> list[ET.Element]:
    """Each area's SVG, parsed as XML (as the page parses it)."""
    return [ET.fromstring(a["svg"]) for a in view["board"]]


def places_drawn(view: dict) -> set[str]:
    return {e.get("data-place") for root in drawn(view) for e in root.iter() if e.get("data-place")}


def test_a_players_name_is_text_in_the_board_never_markup():
    record = tapping.new_record("forest-fire", HOSTILE[:3], {
        "players.0.role": "pilot", "players.0.start": "", "players.1.role": "hotshot", "players.1.start": "0 1",
        "players.2.role": "smoke-jumper", "players.2.start": "7 2", "setup.fires": "1 1, 2 2, 3 3, 4 4, 5 5, 6 6"})
    view = tapping.view(record)
    texts = []
    for root in drawn(view):
        for e in root.iter():
            assert e.tag in ELEMENTS, e.tag
            assert not any(k.lower().startswith("on") for k in e.attrib), e.attrib
            texts.append(e.text or "")
    assert HOSTILE[0] in texts and HOSTILE[1] in texts and HOSTILE[2] in texts      # the names' tags, as text
    assert HOSTILE[0] in places_drawn(view)                 # the pilot off the board is tapped by name: an attribute


def test_group_place_is_an_svg_attribute_and_nothing_on_paper():
    inner = (Rect(1, 1, 5, 5), Text(2, 4, "x"))
    tagged, plain = Group(inner, 3, 4, place=HOSTILE[1]), Group(inner, 3, 4)
    markup = svg.render_page((tagged,), 20, 20)
    assert ET.fromstring(markup).find(f"{SVG}g").get("data-place") == HOSTILE[1]
    assert svg.render_page((plain,), 20, 20) == markup.replace(""" data-place='"&gt;&lt;svg onload=alert(1)&gt;'""", "")
    assert pdf.render([(tagged,)], 20, 20) == pdf.render([(plain,)], 20, 20)      # paper: the same bytes


GAMES = {
    "chestnuts": (["Ann", "Ben"], {}),
    "trim-the-tree": (["Ann", "Ben", "Cy"], {}),
    "forest-fire": (["Ann", "Ben", "Cy"], {"players.0.role": "hotshot", "players.0.start": "0 1",
                                           "players.1.role": "smoke-jumper", "players.1.start": "7 2",
                                           "players.2.role": "pilot", "players.2.start": "",
                                           "setup.firebreaks": "2 3, 4 5", "setup.fires": "1 1, 2 2, 3 3, 4 4, 5 5, 6 6"}),
    "in-the-nuts": (["Ann", "Ben"], {}),
}


def _chance(view: dict, rng: random.Random) -> str:
    """What chance gives, as the page's pads write it: the dice, or what is drawn (and what completes it)."""
    if view["dice"]:
        d = view["dice"]
        return d["written"].replace("{}", ", ".join(" ".join(str(rng.randint(1, d["faces"])) for _ in d["dice"])
                                                  for _ in range(d["rolls"])))
    d = view["draw"]
    kinds = [k for k, n in d["kinds"] for _ in range(n)]
    got = rng.sample(kinds, d["count"])
    then = d["then"].get(got[0])
    return rng.choice(then)["text"] if then else d["written"].replace("{}", ", ".join(got))


@pytest.mark.parametrize("game", GAMES)
def test_every_place_a_legal_move_names_is_drawn_to_be_tapped(game):
    """One source of truth: the places each game's `places` gives its moves are the places its
    position.py draws (a board's place, a piece's tag), at every step of a game played at random;
    and while chance is due, the table offers the dice or the draw to tap (nothing left to type)."""
    names, answers = GAMES[game]
    rng = random.Random(37)
    record = tapping.new_record(game, names, answers)
    moves = 0
    for _ in range(40):
        view = tapping.view(record)
        if view["score"]["finished"]:
            break
        there = places_drawn(view)
        for o in view["legal"]:
            assert set(o["places"]) <= there, (game, o["words"], set(o["places"]) - there)
            moves += bool(o["places"])
        if view["waiting"] or not view["legal"]:
            assert view["dice"] or view["draw"], (game, view["waiting"])
            record = tapping.tap(record, _chance(view, rng), chance=True).data
            continue
        o = rng.choice(view["legal"])
        for _ in range(100):        # a move written with its dice: rolled until they offer it
            text = (o["dice"]["written"].replace("{}", " ".join(str(rng.randint(1, 6)) for _ in o["dice"]["dice"]))
                    if o["dice"] else o["draw"]["written"].replace("{}", rng.choice(o["draw"]["kinds"])[0])
                    if o["draw"] else o["text"])
            tapped = tapping.tap(record, text)
            if tapped.refusal is None or not o["dice"]:
                break
        assert tapped.refusal is None, (game, text, tapped.refusal)
        record = tapped.data
    assert moves > 15


def test_without_a_script_a_move_is_typed_and_the_server_draws_the_table_again(tmp_path):
    """The typed form is the page's own form: with no script it posts to /table/try, and the answer
    is the table with the record after it (the board and the legal moves in words in <noscript>), or
    the try refused with its rule, nothing written."""
    import html
    import json
    import re

    from starlette.testclient import TestClient

    from pnpkit.serve.app import Settings, create_app

    def fields(page: str) -> dict:
        record = html.unescape(re.search(r'id="record" value="([^"]*)"', page)[1])
        return {"token": re.search(r'name="token" value="([^"]+)"', page)[1], "record": record}

    with TestClient(create_app(Settings(tmp_path / "data"))) as c:
        page = c.get("/table", params={"game": "chestnuts", "player": ["Ann", "<i>Ben</i>"]}).text
        assert 'formaction="/table/try"' in page and "Ann rolls the die" in page    # what chance must say, shown
        page = c.post("/table/try", data={**fields(page), "do": "chance", "chance": "6"}).text
        assert json.loads(fields(page)["record"])["turns"] == [{"roll": 6, "actions": []}]
        assert "<li>Ann adds a Flame (1 of 3): <code>l</code></li>" in page             # the moves in words
        assert page.count("<svg ") >= 2 and 'data-place="added-flames 1"' in page       # the board, drawn
        refused = c.post("/table/try", data={**fields(page), "do": "try", "try": "e 5"}).text
        assert "“e 5” is refused" in refused and "(Notes 1)" in refused and "<details class=\"try\" open>" in refused
        assert fields(refused)["record"] == fields(page)["record"]                      # nothing written
        page = c.post("/table/try", data={**fields(refused), "do": "try", "try": "l"}).text
        assert json.loads(fields(page)["record"])["turns"] == [{"roll": 6, "actions": ["l"]}]
        assert "<i>Ben</i>" not in page                                                 # a name is text
        assert c.post("/table/try", data={**fields(page), "record": "{", "do": "try", "try": "l"}).status_code == 400
