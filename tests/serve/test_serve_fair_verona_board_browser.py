"""`pnpkit serve` in a real browser, Fair Verona's first round played by touch alone (issue 37): the
tile drawn tapped on a button per tile left in the River's stack; the tile in hand shown as ghost
tiles on the map, one place at a time in one of the turns it fits, with "Turn the tile" showing the
next turn; a ghost tapped lays the tile so; a meeple's tile, then where it goes, then the way in
words; a tile set aside, the next player's Encounter card and its attempt tapped in the moves list.
Every ghost and place is an SVG element with role="button", focusable, its aria-label in words."""
from __future__ import annotations

import json

from click.testing import CliRunner

from board_taps import click_at, ready, tap_choice, tap_place
from pnpkit.cli import cli
from test_serve_browser import SIZES, server  # noqa: F401  (the served app, a fixture)
from test_serve_table_browser import READY, download, settle

ANSWERS = {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
           "players.2.identity": "2S", "players.3.identity": "AD", "clue": "5S"}


def button(browser, move: str) -> None:
    """A move in the moves list (opened if it is folded with others of its kind), or an option's pad."""
    before = ready(browser)
    offered = browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)")
    assert move in offered, (move, offered, browser.js("document.getElementById('turn').textContent"))
    browser.js(f"(b => {{ const d = b.closest('details'); if (d) d.open = true; }})"
               f"(document.querySelector('button.move[data-move={json.dumps(move)}]'))")
    click_at(browser, f"document.querySelector('button.move[data-move={json.dumps(move)}]')")
    browser.wait(f"Number({READY}) > {before} || !document.getElementById('optiondice').hidden")


def draw_tile(browser, code: str) -> None:
    button(browser, "draw")
    before = ready(browser)
    click_at(browser, f"document.querySelector('#optiondice button.draw[data-draw={json.dumps(code)}]')")
    browser.wait(f"Number({READY}) > {before}")


def ghosts(browser) -> dict[str, str]:
    """The ghost tiles showing now: place -> aria-label."""
    return browser.js("Object.fromEntries([...document.querySelectorAll('#board g[data-place*=\" turned \"]')]"
                      ".filter(g => g.style.display !== 'none')"
                      ".map(g => [g.dataset.place, g.querySelector('.hit').getAttribute('aria-label')]))")


def test_fair_verona_first_round_is_played_by_tapping_ghost_tiles_meeples_and_buttons(browser, server, tmp_path):
    w, h, mobile = SIZES["laptop"]
    query = "&".join(["game=fair-verona", "begun=1", *(f"player={n}" for n in ("Ann", "Ben", "Cat", "Dan")),
                      *(f"{k}={v}" for k, v in ANSWERS.items())])
    browser.visit(server + "/table?" + query, READY, w, h, mobile)
    settle(browser, READY)
    button(browser, "draw")                                # Ann: the River's tiles left, as buttons
    assert browser.js("[...document.querySelectorAll('#optiondice button.draw')].map(b => b.textContent)")[:3] == [
        "R1 (1 left)", "R10 (1 left)", "R2 (2 left)"]
    before = ready(browser)
    click_at(browser, "document.querySelector('#optiondice button.draw[data-draw=\"R7\"]')")
    browser.wait(f"Number({READY}) > {before}")
    shown = ghosts(browser)                                # R7 fits four places, two turns each: one shows
    assert shown == {"0 1 turned 90": "Ann lays R7 at 0 1 turned 90", "-1 0 turned 0": "Ann lays R7 at -1 0",
                     "1 0 turned 180": "Ann lays R7 at 1 0 turned 180", "0 -1 turned 0": "Ann lays R7 at 0 -1"}, shown
    assert browser.js("[...document.querySelectorAll('#board g[data-place*=\" turned \"] > .hit')]"
                      ".every(r => r.getAttribute('role') === 'button' && r.tabIndex === 0)")
    assert not browser.js("document.getElementById('turntile').hidden")
    click_at(browser, "document.getElementById('turntile')")            # the next turn of each
    assert set(ghosts(browser)) == {"0 1 turned 180", "-1 0 turned 90", "1 0 turned 270", "0 -1 turned 270"}
    (tmp_path / "fair-verona-ghosts.png").write_bytes(browser.page_png())
    tap_place(browser, "1 0 turned 270")                   # laid so
    assert '"place":"1 0 turned 270"' in browser.js("document.getElementById('record').value")
    assert not ghosts(browser) and browser.js("document.getElementById('turntile').hidden")
    tap_place(browser, "0 0")                              # Ann's meeple on the Old Town, then where it goes
    tap_place(browser, "1 0")
    assert tap_choice(browser, "Ann moves any to [1, 0]")  # two ways share the taps: a list in words
    assert "turn 2 (Ben)" in browser.js("document.getElementById('turn').textContent")
    draw_tile(browser, "R4")
    assert set(ghosts(browser)) == {"1 -1 turned 0"}
    tap_place(browser, "1 -1 turned 0")
    button(browser, "end the turn")
    draw_tile(browser, "R5")                               # Cat: R5 fits nowhere by her meeple
    button(browser, "place aside")
    button(browser, "encounter 3S")                        # the Encounter drawn for Dan
    button(browser, "end the turn")
    draw_tile(browser, "R6")                               # Dan
    button(browser, "place aside")
    button(browser, "encounter 5H")                        # for Ann
    button(browser, "clear 3S")                            # Dan's Ace of Diamonds against the 3 of Spades
    button(browser, "clue 4S")                             # its Clue Token, back with Verona: the next Clue Card
    button(browser, "end the turn")
    assert "turn 5 (Ann)" in browser.js("document.getElementById('turn').textContent")
    assert browser.js("document.getElementById('violations').children.length") == 0
    assert browser.js("document.getElementById('refusal').hidden"), browser.js("document.getElementById('refusal').textContent")
    (tmp_path / "fv.yaml").write_text(download(browser))
    # the record stops with turn 5 begun: `pnpkit moves` goes on from it, finding nothing wrong
    said = CliRunner().invoke(cli, ["moves", str(tmp_path / "fv.yaml")])
    assert said.exit_code == 0 and "breaks the rules" not in said.output and "Ann to move" in said.output, said.output


def test_the_friend_card_turned_up_in_an_attempt_is_tapped_on_a_button_per_card_it_may_be(browser, server):
    """Issue 37: `clear 3S friend` is tapped, then the Friend card turned up on a button per card it
    may be (none seen in play or discarded; the player's Friends lie face down), as printed on it,
    not typed (`clear 3S friend 5H`); the record writes the card in its notation."""
    w, h, mobile = SIZES["phone"]
    query = "&".join(["game=fair-verona", "begun=1", *(f"player={n}" for n in ("Ann", "Ben", "Cat", "Dan")),
                      *(f"{k}={v}" for k, v in ANSWERS.items())])
    browser.visit(server + "/table?" + query, READY, w, h, mobile)
    settle(browser, READY)
    draw_tile(browser, "R7")
    click_at(browser, "document.getElementById('turntile')")           # its second turn shows
    tap_place(browser, "1 0 turned 270")
    tap_place(browser, "0 0")
    tap_place(browser, "1 0")
    tap_choice(browser, "Ann moves any to [1, 0]")
    draw_tile(browser, "R4")
    tap_place(browser, "1 -1 turned 0")
    button(browser, "end the turn")
    draw_tile(browser, "R5")
    button(browser, "place aside")
    button(browser, "encounter 3S")
    button(browser, "end the turn")
    draw_tile(browser, "R6")
    button(browser, "place aside")
    button(browser, "encounter 5H")
    assert browser.js("document.querySelector('button.move[data-move=\"clear 3S friend\"]').textContent") == \
        "Dan attempts the Encounter 3S, playing a face-down Friend card (then tap the card turned up)"
    button(browser, "clear 3S friend")
    cards = browser.js("[...document.querySelectorAll('#optiondice button.draw')].map(b => b.textContent)")
    assert len(cards) == 45 and cards[:3] == ["2♣", "3♣", "4♣"], cards
    assert not {"9♣", "Q♥", "2♠", "A♦", "5♠", "3♠", "5♥"} & set(cards)     # Identities, the Clue, the Encounters
    before = ready(browser)
    click_at(browser, "document.querySelector('#optiondice button.draw[data-draw=\"7♣\"]')")
    browser.wait(f"Number({READY}) > {before}")
    assert browser.js("document.getElementById('refusal').hidden"), browser.js("document.getElementById('refusal').textContent")
    assert "3S friend 7C" in browser.js("document.getElementById('record').value")
    assert browser.js("document.getElementById('violations').children.length") == 0
