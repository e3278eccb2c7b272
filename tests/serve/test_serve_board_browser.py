"""The table played by touching the board drawn from the kit's own pieces (issue 37), in a real
browser: a whole Trim the Tree game and the first round of Forest Fire tapped on the board, the dice
and the Bag alone; the board by keyboard (Enter, Space, Escape); what a screen reader is told."""
from __future__ import annotations

import json
import random

from click.testing import CliRunner

import board_taps
from pnpkit.cli import cli
from test_serve_browser import SIZES, server  # noqa: F401  (the served app, a fixture)
from test_serve_table_browser import READY, act, begin, download, roll, settle, start, tap_rolls

OVER = "!document.getElementById('over').hidden"


def record(browser) -> dict:
    return browser.js("JSON.parse(document.getElementById('record').value)")


def checked(browser, tmp_path, name: str) -> dict:
    """`pnpkit check --json` of the page's download."""
    (tmp_path / name).write_text(download(browser))
    out = CliRunner().invoke(cli, ["check", str(tmp_path / name), "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_a_whole_trim_the_tree_game_on_the_board_and_the_bag(browser, server, tmp_path):
    """Each round's box drawn by tapping the ornaments out of the Bag; each pick an ornament in the box,
    then a lit space of the picker's own tree (the other trees' spaces are not buttons)."""
    begin(browser, server, "laptop", "trim-the-tree", ["Ann", "Ben"], f"location.pathname === '/table' && ({READY})")
    rng = random.Random(37)
    draws = picks = 0
    while not browser.js(OVER):
        did = board_taps.tap_a_move(browser, rng)
        if did.startswith("draw "):
            draws += 1
            assert len(did.split(", ")) == 2                     # one ornament a player
        else:
            picks += 1
            ornament, space = did.split(" / ")[:2]
            assert space.startswith("tree ") and "-" in ornament, did
        if picks == 1:          # the picker's tree alone is lit: one tree's spaces, never two trees'
            browser.js("window.scrollTo(0, 0)")
        assert draws + picks < 200, "the game does not end"
    assert draws == 15 and picks == 30                           # 15 rounds: a full tree of 15 spaces each
    result = checked(browser, tmp_path, "trim.yaml")
    assert result["valid"] and result["finished"]
    over = browser.js("document.getElementById('over').textContent")
    assert all(f"{p['name']} {p['total']}" in over for p in result["players"])


def test_only_the_pickers_tree_and_the_box_are_buttons(browser, server):
    begin(browser, server, "laptop", "trim-the-tree", ["Ann", "Ben"], f"location.pathname === '/table' && ({READY})")
    assert board_taps.buttons(browser) == []                      # the box is drawn first: nothing to tap on the board
    assert browser.js("document.getElementById('typedchance').hidden")    # drawn by tapping, not typed
    box = [b for b in browser.js("[...document.querySelectorAll('#chancedice button.draw')].map(b => b.textContent)")]
    assert len(box) == 16 and all(b.endswith("(3 left)") for b in box)   # 2 players: 3 of each ornament
    board_taps.click_at(browser, "document.querySelector('#chancedice button.draw[data-draw=\"red box\"]')")
    before = board_taps.ready(browser)
    board_taps.click_at(browser, "document.querySelector('#chancedice button.draw[data-draw=\"blue bell\"]')")
    browser.wait(f"Number({READY}) > {before}")
    assert record(browser)["rounds"] == [{"box": ["red box", "blue bell"], "picks": []}]
    assert sorted(board_taps.buttons(browser)) == ["blue-bell", "red-box"]
    board_taps.tap_place(browser, "red-box")
    lit = browser.js("[...document.querySelectorAll('#board .hit.target')].map(g => g.dataset.place + ' ' + "
                     "g.closest('figure').querySelector('figcaption').textContent)")
    assert len(lit) == 15 and all(t.endswith("Ann's tree: 0 points") for t in lit), lit    # any space of Ann's tree
    label = browser.js("document.querySelector('#board .hit.target[data-place=\"tree C2\"]').getAttribute('aria-label')")
    assert label == "to here: Ann puts the red box at C2"
    board_taps.tap_place(browser, "tree C2")
    assert record(browser)["rounds"][0]["picks"] == [{"player": "Ann", "take": "red box", "at": "C2"}]


def test_the_first_round_of_forest_fire_on_the_board_and_a_drop_by_two_taps(browser, server, tmp_path):
    """Walking and jumping (a piece, then the square), a pilot refilling (tapped by name, off the
    board), the fire rolls on the dice; in round 2 the pilot drops water: its first square, then its last."""
    begin(browser, server, "phone", "forest-fire", ["Ann", "Ben", "Cat"], "!!document.querySelector('.dicepad')")
    browser.js("(() => { const f = document.querySelector('form.start');"
               " f.elements['players.0.role'].value = 'hotshot'; f.elements['players.0.start'].value = '0 3';"
               " f.elements['players.1.role'].value = 'smoke-jumper'; f.elements['players.1.start'].value = '5 0';"
               " f.elements['players.2.role'].value = 'pilot'; f.elements['players.2.start'].value = ''; })()")
    tap_rolls(browser, "#ask-setup-firebreaks", [(2, 5)])
    tap_rolls(browser, "#ask-setup-fires", [(1, 3), (1, 4), (4, 4), (4, 4), (5, 1), (6, 6)])
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    rng = random.Random(5)
    did = []
    while browser.js("document.getElementById('turn').textContent").startswith("round 1"):
        did.append(board_taps.tap_a_move(browser, rng))
        assert len(did) < 30
    assert "Cat" in did and "roll" in did                   # the pilot refilled, tapped by name; the fire rolled
    assert record(browser)["rounds"][0]["fires"]
    while browser.js("document.getElementById('tomove').textContent") != "Cat to move":
        board_taps.tap_a_move(browser, rng)
        assert not browser.js(OVER)
    drop = browser.js("[...document.querySelectorAll('#moves button.move')].map(b => b.dataset.move)"
                      ".find(t => t.startsWith('drop '))")
    squares = drop.split()[1:]
    first, last = f"forest {squares[0]} {squares[1]}", f"forest {squares[-2]} {squares[-1]}"
    board_taps.tap_place(browser, first)
    assert last in browser.js("[...document.querySelectorAll('#board .hit.target')].map(g => g.dataset.place)")
    board_taps.tap_place(browser, last)
    assert drop in json.dumps(record(browser)["rounds"][1])
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")    # nothing runs off a phone
    assert checked(browser, tmp_path, "ff.yaml")["valid"]


def test_the_board_is_played_by_keyboard_and_says_each_move_in_words(browser, server):
    start(browser, server, "laptop", "Ann", "Ben")
    roll(browser, 6)                                                # 4 Nut Points, a Flame first
    board = "document.querySelector('#board [role=button]')"
    assert browser.js(f"{board}.getAttribute('aria-label')") == "Ann adds a Flame (1 of 3)"
    assert browser.js(f"{board}.getAttribute('tabindex')") == "0"
    browser.js(f"{board}.focus()")
    before = board_taps.ready(browser)
    board_taps.press(browser, "Enter")                            # one move from there: made at once
    browser.wait(f"Number({READY}) > {before}")
    assert record(browser)["turns"][0]["actions"] == ["l"]
    assert board_taps.focused(browser)["place"] == "tongs"        # the keyboard stays on the board
    # the moves list beside the board says the same words, the record's notation its tooltip
    listed = browser.js("[...document.querySelectorAll('#moves button.move')].map(b => [b.textContent, b.title])")
    assert listed and all(text.startswith("Ann ") and title and not title.startswith("Ann") for text, title in listed)
    assert ["Ann picks up the Tongs", "a"] in listed
    before = board_taps.ready(browser)
    board_taps.press(browser, " ")                                # Space: Ann picks up the Tongs
    browser.wait(f"Number({READY}) > {before}")
    assert record(browser)["turns"][0]["actions"] == ["l", "a"]
    browser.js("[...document.querySelectorAll('#board [role=button]')].find(g => g.dataset.place === 'basket').focus()")
    assert board_taps.focused(browser)["label"].startswith("Basket: 2 moves, such as Ann puts 1 chestnut")
    board_taps.press(browser, "Enter")                            # the Basket chosen: the Fire lit
    lit = browser.js("[...document.querySelectorAll('#board [role=button].target')].map(g => g.dataset.place)")
    assert lit == ["fire"]
    browser.wait("document.activeElement.dataset && document.activeElement.dataset.place === 'fire'")
    board_taps.press(browser, "Enter")                            # 1 or 2 chestnuts: a short list in words
    assert browser.js("document.getElementById('pick').getAttribute('role')") == "dialog"
    choices = browser.js("[...document.querySelectorAll('#pick button.choice')].map(b => b.textContent)")
    assert choices == ["Ann puts 1 chestnut from the Basket on the Fire", "Ann puts 2 chestnuts from the Basket on the Fire"]
    assert board_taps.focused(browser)["text"] == choices[0]
    board_taps.press(browser, "Escape")                           # put back: nothing chosen, nothing written
    assert browser.js("document.getElementById('pick').hidden")
    assert record(browser)["turns"][0]["actions"] == ["l", "a"]
    browser.js("[...document.querySelectorAll('#board [role=button]')].find(g => g.dataset.place === 'basket').focus()")
    board_taps.press(browser, "Enter")
    browser.wait("document.activeElement.dataset && document.activeElement.dataset.place === 'fire'")
    board_taps.press(browser, "Enter")
    browser.js("document.querySelectorAll('#pick button.choice')[1].focus()")
    before = board_taps.ready(browser)
    board_taps.press(browser, "Enter")
    browser.wait(f"Number({READY}) > {before}")
    assert record(browser)["turns"][0]["actions"] == ["l", "a", "e 2"]


def _roll_for(what: str, n: int, faces: int) -> list[int]:
    """In the Nuts!' dice for `roll > X`: the green die and a white one make X."""
    x = int(what.split(" for ")[1].split(":")[0])
    green = max(1, x - 6)
    return [green, x - green, 6]


def test_the_first_round_of_in_the_nuts_on_the_board_the_dice_and_the_draw_pile(browser, server, tmp_path):
    """The setup's face-up cards and each first nut drawn by tapping their kind (then the storage card
    it goes on, in words), the setup squirrel by its section, the rolls by the starting track's space
    and the three dice, each nut picked by its face-up place, then where it is stored and the card
    that replaces it."""
    begin(browser, server, "phone", "in-the-nuts", ["Ann", "Ben"], f"location.pathname === '/table' && ({READY})")
    assert browser.js("document.getElementById('typedchance').hidden")       # drawn by tapping, not typed
    rng = random.Random(11)
    did = []
    while not browser.js("document.getElementById('turn').textContent").startswith("turn 3"):
        did.append(board_taps.tap_a_move(browser, rng, _roll_for))
        assert len(did) < 80 and not browser.js(OVER)
    rec = record(browser)
    assert len(rec["setup"]["nuts"]) == 4 and set(rec["setup"]["first"]) == {"Ann", "Ben"}
    assert rec["setup"]["squirrels"] and len(rec["turns"]) == 2
    assert any(" rolls for " in d for d in did)                               # a space, then its dice
    assert any(t["nuts"] for t in rec["turns"]) and any(" takes the " in d and "tap the card drawn" in d for d in did)
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
    result = checked(browser, tmp_path, "itn.yaml")
    assert result["valid"]
