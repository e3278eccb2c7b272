"""`pnpkit serve` in a real browser, NUTS played by touch alone (issue 37): after the opening (the
Squirrel's D12 on its pad, the setup Bonus cards typed), the first round is tapped on the board and
on buttons: the Hunger die and the squirrel's dice on their pads (a Scamper, then its square on a
button), the Order cards flipped on buttons
of what is left in the deck, a cell of the floor then the tile in words, an Order slot then the
slot it goes to, Refill and Plan on their card buttons, `end` and `pass`. Every place that may be
tapped is an SVG element with role="button", focusable, with an aria-label in the rules' words. The
downloaded record is one `pnpkit check` accepts."""
from __future__ import annotations

import json

from click.testing import CliRunner

from board_taps import click_at, ready, tap_choice, tap_place
from pnpkit.cli import cli
from test_serve_browser import server  # noqa: F401  (the served app, a fixture)
from test_serve_table_browser import READY, act, begin, download, settle, tap_rolls

ORDERS = ["almond", "cashew", "almond", "pistachio", "peanut", "peanut", "almond", "pistachio", "cashew", "cashew",
          "almond", "pistachio"]


def face(browser, n: int) -> None:
    """The squirrel's or the Hunger die's face on the chance pad."""
    before = ready(browser)
    click_at(browser, f"document.querySelector('#chancedice button.face[data-face=\"{n}\"]')")
    browser.wait(f"Number({READY}) > {before}")


def draw(browser, where: str, things: list[str], enough: bool = False) -> None:
    """Tap the things drawn on a draw pad (`where`: the chance pad or an option's), then, if the pad
    asks how many, "That is all"."""
    before = ready(browser)
    for k, thing in enumerate(things):
        click_at(browser, f"document.querySelector('{where} button.draw[data-draw={json.dumps(thing)}]')")
        if k < len(things) - 1 or enough:
            browser.wait(f"document.querySelector('{where} .rolls').textContent.startsWith('Drawn {k + 1}')")
    if enough:
        click_at(browser, f"document.querySelector('{where} button.enough')")
    browser.wait(f"Number({READY}) > {before} || !!document.querySelector('{where} .keep button')")


def button(browser, move: str) -> None:
    """A move without a place (end, pass, Refill, Plan): its button in the moves list."""
    before = ready(browser)
    click_at(browser, f"document.querySelector('button.move[data-move={json.dumps(move)}]')")
    browser.wait(f"Number({READY}) > {before} || !document.getElementById('optiondice').hidden")


def labels(browser) -> dict[str, str]:
    return browser.js("Object.fromEntries([...document.querySelectorAll('#board [role=button]')]"
                      ".map(g => [g.dataset.place, g.getAttribute('aria-label')]))")


def test_the_first_nuts_round_is_played_by_tapping_the_board_and_its_buttons(browser, server, tmp_path):
    begin(browser, server, "laptop", "nuts", ["Ann", "Ben"], "!!document.querySelector('.dicepad')")
    browser.js("(() => { const f = document.querySelector('form.start');"
               " f.elements['setup.bonus.0.keep'].value = 'B01 B09'; f.elements['setup.bonus.0.drop'].value = 'B17';"
               " f.elements['setup.bonus.1.keep'].value = 'B03 B10'; f.elements['setup.bonus.1.drop'].value = 'B22'; })()")
    tap_rolls(browser, "#ask-setup-squirrel", [(10,)])
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    face(browser, 2)                                             # the Hunger D4
    assert browser.js("document.getElementById('typedchance').hidden")       # the Order cards are buttons
    assert browser.js("[...document.querySelectorAll('#chancedice button.draw')].map(b => b.textContent)") == [
        "almond (12 left)", "cashew (12 left)", "peanut (12 left)", "pistachio (12 left)"]
    draw(browser, "#chancedice", ORDERS)                         # 12 for 12 open slots: the first almond is discarded
    draw(browser, "#chancedice", ["peanut"])                     # slot 12, still open, asks one more
    said = labels(browser)
    assert said["conveyor-1 1 1"].startswith("Cell 1:1-2: 5 moves, such as Ann lays a Cross tile (X) on cell 1:1-2")
    assert said["salters 1 7"] == "Salter square 7: 2 moves, such as Ann moves the Salter on square 7 to 6"
    assert said["dispenser-3 1 1"].startswith("Dispenser 3: ") and "Ann swaps Dispensers 3 and" in said["dispenser-3 1 1"]
    assert browser.js("[...document.querySelectorAll('#board [role=button]')].every(g => g.tabIndex === 0)")

    tap_place(browser, "conveyor-1 1 1")                         # Ann: the cell, then the tile, in words
    assert tap_choice(browser, "Ann lays a Cross tile (X) on cell 1:1-2")
    button(browser, "end")
    face(browser, 2)                                             # 2+2 = 4: Stop
    tap_place(browser, "conveyor-1 1 2")                         # Ben
    tap_choice(browser, "Ben lays a Cross tile (X) on cell 1:3-4")
    button(browser, "end")
    face(browser, 5)                                             # 7: Hunt 10 -> 9
    face(browser, 1)                                             # 3: Stop
    button(browser, "refill")                                    # Ann: two Order cards flipped for slots 1 and 2
    draw(browser, "#optiondice", ["peanut", "pistachio"], enough=True)
    button(browser, "end")
    tap_place(browser, "order-7")                                # Ben: the Order in slot 7 ...
    (tmp_path / "nuts-order-chosen.png").write_bytes(browser.page_png())
    assert "to here: Ben moves the Order in slot 7 to slot 3" in labels(browser)["order-3"]
    tap_place(browser, "order-3")                                # ... to slot 3, where pistachio arrives
    button(browser, "end")
    click_at(browser, "document.querySelector('#chancedice button.face[data-face=\"4\"]')")   # 4+2 = 6: a Scamper
    browser.wait("!document.getElementById('pick').hidden")      # the D12's square, a button a square, in words
    assert len(browser.js("[...document.querySelectorAll('#pick button.choice')]")) == 12
    tap_choice(browser, "4+2=6, a Scamper: the D12 sends the Squirrel to square 3")     # onto the path: eaten
    button(browser, "plan")                                      # Ann: two Bonus cards, then which to keep
    draw(browser, "#optiondice", ["B05", "B12"])
    assert browser.js("[...document.querySelectorAll('#optiondice .keep button')].map(b => b.textContent)") == [
        "keep B05", "keep B12", "keep both"]
    before = ready(browser)
    click_at(browser, "document.querySelector('#optiondice .keep button')")
    browser.wait(f"Number({READY}) > {before}")
    button(browser, "end")
    button(browser, "pass")                                      # Ben
    button(browser, "pass")                                      # Ann: every player passed
    assert browser.js("document.getElementById('violations').children.length") == 0
    assert browser.js("document.getElementById('refusal').hidden"), browser.js(
        "document.getElementById('refusal').textContent")
    assert browser.js("document.getElementById('waiting').textContent").startswith("round 2 starts")
    text = download(browser)
    (tmp_path / "nuts.yaml").write_text(text)
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "nuts.yaml")])
    assert checked.exit_code == 0, checked.output
    for written in ("refill pe pi", "repo 7>3", "plan B05 B12 keep B05", "build X 1:1-2", "4 > 3"):
        assert written in text, text


def deal(browser, hands: list[tuple[str, str]]) -> None:
    """Each player's setup Bonus cards, kept and dropped, tapped on the buttons of the Bonus deck."""
    for i, hand in enumerate(hands):
        for box, cards in zip(("keep", "drop"), hand):
            for c in cards.split():
                click_at(browser, f"document.querySelector('#ask-setup-bonus-{i}-{box} button.draw[data-draw=\"{c}\"]')")
            if box == "drop" and not cards:
                click_at(browser, f"document.querySelector('#ask-setup-bonus-{i}-drop button.enough')")


SHORT = {"al": "almond", "ca": "cashew", "pe": "peanut", "pi": "pistachio"}


def flip(browser, cards: list[str]) -> None:
    """The Order cards flipped, one tap a card, the pad asking again for the slots still open."""
    for card in cards:
        before, drawn = ready(browser), browser.js("document.querySelector('#chancedice .rolls').textContent")
        click_at(browser, f"document.querySelector('#chancedice button.draw[data-draw=\"{SHORT[card]}\"]')")
        browser.wait(f"Number({READY}) > {before} || ([...document.querySelectorAll('#chancedice button.draw')]"
                     f".some(b => !b.disabled) && document.querySelector('#chancedice .rolls').textContent !== {json.dumps(drawn)})")


def test_a_move_that_leads_to_a_dead_end_is_marked_in_its_words_and_tapped_leaves_only_undo(browser, server):
    """Issue 37, defect 2's rest: Ann has built once, 2 tokens left, no Matching Path through her tile
    yet. The page looks one step past every move and marks, in the words a screen reader reads and
    the moves list shows, each after which nothing would be legal; tapped anyway, the table says no
    move is legal, and Undo gets out."""
    begin(browser, server, "laptop", "nuts", ["Ann", "Ben", "Cara"], "!!document.querySelector('.dicepad')")
    deal(browser, [("B01 B09", "B17"), ("B05", "B22"), ("B03 B07 B16", "B02")])
    tap_rolls(browser, "#ask-setup-squirrel", [(7,)])
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    face(browser, 1)                                             # the Hunger D4
    flip(browser, "ca pe al pe ca pe pe ca pe pi al ca pi pi al".split())
    cell = browser.js("[...document.querySelectorAll('#board [role=button]')]"
                      ".find(g => g.getAttribute('aria-label').startsWith('Cell 3:3-4')).dataset.place")
    tap_place(browser, cell)
    tap_choice(browser, "Ann lays a Splitter tile (SR, its single belt right) on cell 3:3-4")
    browser.wait("document.getElementById('table').dataset.ahead === 'done'")
    dead = "(leads to a dead end: nothing would be legal after it, only Undo)"
    said = labels(browser)
    assert said["conveyor-1 1 1"].startswith("Cell 1:1-2: 5 moves, such as Ann lays a Cross tile (X) on cell 1:1-2 " + dead)
    listed = browser.js("Object.fromEntries([...document.querySelectorAll('#moves button.move')]"
                        ".map(b => [b.dataset.move, b.textContent]))")
    assert listed["build X 1:1-2"].endswith(dead) and listed["feed"] == "Ann feeds the Squirrel"
    assert not listed["build X 1:3-4"].endswith(dead)
    tap_place(browser, "conveyor-1 1 1")                         # tapped anyway, on the board
    tap_choice(browser, "Ann lays a Cross tile (X) on cell 1:1-2 " + dead)
    assert browser.js("document.getElementById('moves').textContent") == "No move is legal now."
    act(browser, "document.getElementById('undo').click()")
    assert browser.js("document.querySelector('#moves button.move[data-move=\"feed\"]') !== null")


def test_the_setup_bonus_cards_are_tapped_on_buttons_of_the_bonus_deck(browser, server, tmp_path):
    """Issue 37: NUTS' setup Bonus cards are card buttons of the deck, not typed: each card tapped is
    written into its box at once, a card tapped for one player is not offered to another, and the
    table begins with the hands tapped."""
    begin(browser, server, "phone", "nuts", ["Ann", "Ben"], "!!document.querySelector('.dicepad')")
    pad = "#ask-setup-bonus-0-keep"
    assert browser.js(f"document.querySelectorAll('{pad} button.draw').length") == 24
    assert browser.js(f"document.querySelector('{pad} button.draw').textContent") == "B01"
    deal(browser, [("B01 B09", "B17"), ("B03", "B02 B04")])
    assert browser.js("document.getElementById('setup.bonus.0.keep').value") == "B01 B09"
    assert browser.js("document.getElementById('setup.bonus.0.drop').value") == "B17"
    for other in ("#ask-setup-bonus-1-keep", "#ask-setup-bonus-1-drop", "#ask-setup-bonus-0-drop"):
        assert browser.js(f"document.querySelector('{other} button.draw[data-draw=\"B01\"]').disabled")
    assert not browser.js("document.querySelector('#ask-setup-bonus-1-keep button.draw[data-draw=\"B05\"]').disabled")
    (tmp_path / "nuts-opening.png").write_bytes(browser.page_png())
    tap_rolls(browser, "#ask-setup-squirrel", [(10,)])
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    record = json.loads(browser.js("document.getElementById('record').value"))
    assert record["setup"]["bonus"] == {"Ann": {"keep": ["B01", "B09"], "drop": ["B17"]},
                                        "Ben": {"keep": ["B03"], "drop": ["B02", "B04"]}}
