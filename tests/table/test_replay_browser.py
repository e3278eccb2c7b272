"""The replay page in a real browser (headless Chromium, one for the session): it steps with the
keys, the buttons and the list, shows each step's position and violations, and draws the board and
the counters (a screenshot test that fails on a blank board or a board without its counters)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from pnpkit.cli import cli

BROKEN = """game: chestnuts
players: [Ann, Ben]
turns:
  - roll: 1
    actions: [b]
  - roll: 4
    actions: [a, l, f 2]      # a before the forced Flame: Notes 1
  - roll: 2
    actions: [a, e 1]         # 1 Nut Point left unspent: PLAY 4 (ruling C4)
"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The replay pages of a broken Chestnuts log and of the Trim the Tree, Forest Fire, In the Nuts!
    and Fair Verona examples (each record page's first; Fair Verona's first game log)."""
    out = tmp_path_factory.mktemp("replay")
    docs = Path(__file__).parents[2] / "docs" / "records"
    records = {"chestnuts": BROKEN}
    for game in ("trim-the-tree", "forest-fire", "in-the-nuts"):
        records[game] = (docs / f"{game}.md").read_text().split("```yaml\n")[1].split("```")[0]
    records["fair-verona"] = next(b.split("```")[0] for b in (docs / "fair-verona.md").read_text().split("```yaml\n")
                                  if "\nturns:" in b.split("```")[0])
    made = {}
    for game, text in records.items():
        (out / f"{game}.yaml").write_text(text)
        r = CliRunner().invoke(cli, ["replay", str(out / f"{game}.yaml"), "--out", str(out)])
        assert r.exit_code in (0, 1), r.output
        made[game] = out / f"{game}-replay.html"
    return made


def shown(browser) -> dict:
    return browser.js("""(() => ({
        count: document.getElementById('count').textContent,
        where: document.querySelector('#now .where').textContent,
        rules: [...document.querySelectorAll('#now .violation b')].map(b => b.textContent),
        messages: document.querySelector('#now .violations').textContent,
        captions: [...document.querySelectorAll('figure.area figcaption')].map(f => f.textContent),
        uses: [...document.querySelectorAll('figure.area')].map(f => f.querySelectorAll('g.pieces use').length),
        texts: [...document.querySelectorAll('figure.area g.pieces text')].map(t => t.textContent),
        current: document.querySelector('#list li.current').dataset.step,
    }))()""")


def test_the_keys_step_to_the_last_action_and_the_dom_shows_its_position_and_violation(browser, pages):
    browser.open(pages["chestnuts"])
    data = json.loads(browser.js("document.getElementById('data').textContent"))
    n = len(data["steps"])
    assert shown(browser)["count"] == f"1 / {n}"
    browser.key("End")
    last = shown(browser)
    assert last["count"] == f"{n} / {n}" and last["current"] == str(n - 1)
    assert last["where"] == "turn 3 (Ann)"                     # the turn's end, where C4 is broken
    assert last["rules"] == ["PLAY 4"] and "left unspent" in last["messages"]
    # the position: all 24 chestnuts and the 2 Flames on the Fire's track; beside it 2 Tongs and 1 Flame
    assert last["uses"] == [26, 3]
    assert "Ann's Tongs: in hand" in last["texts"] and "Ben's Tongs: in hand" in last["texts"]
    browser.key("ArrowLeft")
    assert shown(browser)["count"] == f"{n - 1} / {n}"
    browser.key("Home")
    first = shown(browser)
    assert first["count"] == f"1 / {n}" and first["where"] == "start" and first["rules"] == []


def test_a_violation_is_marked_at_its_move_with_the_rules_words(browser, pages):
    browser.open(pages["chestnuts"])
    marked = browser.js("[...document.querySelectorAll('#list li.bad')].map(li => li.dataset.step)")
    assert len(marked) == 2
    browser.js(f"document.querySelector('#list li[data-step=\"{marked[0]}\"]').click()")
    now = shown(browser)
    assert now["where"] == 'turn 2 (Ben), action 1 "a"' and now["rules"] == ["Notes 1"]
    quote = browser.js("document.querySelector('#now .violation q').textContent")
    assert quote.startswith("If you must and/or want to add a Flame to the Fire")


def test_the_address_opens_a_step_and_the_buttons_step(browser, pages):
    browser.open(pages["forest-fire"], "#step=12")
    assert shown(browser)["count"].startswith("12 / ")
    browser.js("document.getElementById('next').click()")
    now = shown(browser)
    assert now["count"].startswith("13 / ") and now["where"] == 'round 1, Cat, action 1 "refill"'
    assert "Ann" in now["texts"] and "Ben" in now["texts"]   # name tags under the players' pieces
    browser.js("document.getElementById('last').click()")
    assert "won" in shown(browser)["where"] + browser.js("document.querySelector('#now .did').textContent")


def test_trim_the_tree_shows_each_players_tree(browser, pages):
    browser.open(pages["trim-the-tree"], "#step=last")
    now = shown(browser)
    assert now["captions"] == ["Ann's tree: 18 points", "Ben's tree: 15 points", "The Ornament Box: round 15"]
    assert now["uses"] == [16, 16, 0]                        # 15 ornaments and the Star on each tree


def test_in_the_nuts_shows_the_board_with_its_cards_and_each_players_storage_cards(browser, pages):
    browser.open(pages["in-the-nuts"], "#step=last")
    now = shown(browser)
    assert now["where"] == 'turn 3 (Christine), nut 1 (Christine) "take walnut/acorn, new beechnut, to keep"'
    assert now["captions"] == ["The board: turn 4, Uwe's", "Beside the board", "Anna (Black): 1 point; 13 in the supply",
                               "Marlene (Red): 1 point; 14 in the supply",
                               "Christine (Blue): 0 points; 14 in the supply", "Uwe (White): 1 point; 12 in the supply"]
    # the board: 7 squirrels in their sections, 4 face-up nut cards and the draw pile; David and the
    # cards set aside beside it; each player's supply and cards (a card with a nut card on it: 2)
    assert now["uses"] == [12, 2, 3, 3, 3, 3]
    assert "kept" in now["texts"] and "3 (walnut, 1 of 3): 1" in now["texts"]
    browser.js("document.getElementById('first').click()")
    assert shown(browser)["uses"][0] == 1                   # before the setup: only the draw pile on the board
    browser.key("ArrowRight")
    now = shown(browser)
    assert now["where"] == 'setup, nuts 1 "beechnut"' and now["uses"][0] == 2   # the card and the draw pile
    fresh = browser.js("document.querySelectorAll('figure.area g.pieces rect.fresh').length")
    assert fresh == 1                                        # the card that arrived, ringed as a card


def test_screenshot_of_in_the_nuts_shows_the_squirrels_and_the_nut_cards(browser, pages):
    browser.open(pages["in-the-nuts"], "#step=last")
    with_pieces, _ = _colours(browser.screenshot("figure.area"))
    browser.js("document.querySelector('figure.area g.pieces').style.display = 'none'")
    board_only, board_colours = _colours(browser.screenshot("figure.area"))
    assert board_colours > 200, "the board is blank"
    changed = ImageChops.difference(with_pieces, board_only).convert("L").point(lambda v: 255 if v > 40 else 0)
    share = sum(changed.histogram()[255:]) / (with_pieces.width * with_pieces.height)
    assert share > 0.04, f"the squirrels and cards change only {share:.1%} of the board"
    # the players' squirrels in the rulebook's colours, more of each than the board alone has: black,
    # red and blue (the white squirrels are as white as every squirrel's disc)
    for colour in ((17, 17, 17), (229, 57, 53), (20, 60, 140)):
        assert _near(with_pieces, colour) - _near(board_only, colour) > 30, colour


def _colours(png: bytes) -> tuple[Image.Image, int]:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img, len(img.getcolors(1 << 20) or [])


def test_screenshot_of_the_board_shows_the_board_and_its_counters(browser, pages):
    """Fails on a blank board (nothing drawn), and on a board drawn without its counters."""
    browser.open(pages["chestnuts"], "#step=last")
    with_pieces, colours = _colours(browser.screenshot("figure.area"))
    browser.js("document.querySelector('figure.area g.pieces').style.display = 'none'")
    board_only, board_colours = _colours(browser.screenshot("figure.area"))
    assert with_pieces.width > 600 and with_pieces.height > 400
    assert board_colours > 200, "the board is blank"
    changed = ImageChops.difference(with_pieces, board_only).convert("L").point(lambda v: 255 if v > 40 else 0)
    share = sum(changed.histogram()[255:]) / (with_pieces.width * with_pieces.height)
    assert share > 0.04, f"the counters change only {share:.1%} of the board"
    # the two players' colours (Okabe-Ito orange and blue rims) are on the counters
    assert _near(with_pieces, (230, 159, 0)) > 2000 and _near(with_pieces, (0, 114, 178)) > 2000


def _near(img: Image.Image, colour: tuple[int, int, int]) -> int:
    """Pixels within 25 of `colour` in each channel."""
    bands = [ImageChops.difference(band, Image.new("L", img.size, c)).point(lambda v: 255 if v <= 25 else 0)
             for band, c in zip(img.split(), colour)]
    both = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    return both.histogram()[255]


def test_fair_verona_draws_the_map_tile_by_tile_with_the_meeples_and_the_desk(browser, pages):
    """The map grows tile by tile (each tile drawn from the kit's tile data, the grid over it), the
    meeples stand on their tiles, and the desk beside it lists each player's hand and face-up tiles."""
    browser.open(pages["fair-verona"], "#step=1")
    first = shown(browser)
    assert first["captions"] == ["The map", "Verona's desk and the players"]
    assert first["uses"][0] == 2 + 4                       # the Old Town and its frame, four meeples
    assert {"Ann", "Ben", "Cat", "Dan"} <= set(first["texts"])
    browser.key("End")
    last = shown(browser)
    assert last["where"] == "turn 27 (Cat)" and "the game is lost" in browser.js("document.querySelector('#now .did').textContent")
    assert last["uses"][0] == 2 * 12 + 4                   # 12 tiles laid, each with its frame; the meeples
    assert last["uses"][1] == 13                           # the face-up tiles beside the players: 5 + 2 + 2 + 4
    assert any(t.startswith("Ann (5♦) at [-1, 0] (E bank)") for t in last["texts"])
    shot, _ = _colours(browser.screenshot("figure.area"))
    assert _near(shot, (207, 227, 164)) > 20000            # fields
    assert _near(shot, (140, 194, 230)) > 1000             # the river
    assert _near(shot, (220, 185, 143)) > 5000             # the cities
    for colour in ((230, 159, 0), (86, 180, 233), (0, 158, 115), (204, 121, 167)):   # the four meeples
        assert _near(shot, colour) > 40, colour
