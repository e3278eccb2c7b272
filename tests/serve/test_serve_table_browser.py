"""`pnpkit serve` in a real browser: a whole Chestnuts game tapped move by move to its end (the
moves the page offers, the rolls entered), its downloaded record checked by `pnpkit check`; an
illegal try refused with its rule; undo; a reload that loses nothing; at a phone's size and a laptop's."""
from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from test_serve_browser import SIZES, server  # noqa: F401  (the served app, a fixture)

READY = "document.getElementById('table') && document.getElementById('table').dataset.ready"


def settle(browser, condition: str) -> None:
    """Wait, through a navigation, until `condition` holds on the new page."""
    browser.wait(f"(() => {{ try {{ return document.readyState === 'complete' && !!({condition}); }}"
                 " catch (e) { return false; } })()")


def ready(browser) -> int:
    return int(browser.js(READY + " || 0"))


def act(browser, js: str) -> None:
    """Do something on the page and wait until the server's answer is shown."""
    before = ready(browser)
    browser.js(js)
    browser.wait(f"Number({READY}) > {before}")


def begin(browser, server, size: str, game: str, players: list[str], until: str) -> None:
    """Open the table on a `size` screen, pick `game` and name its players, and wait for `until`
    (the table, or the game's opening questions)."""
    w, h, mobile = SIZES[size]
    browser.visit(server + "/table", "!!document.querySelector('form.start')", w, h, mobile)
    browser.js(f"(() => {{ const f = document.querySelector('form.start'); f.game.value = {json.dumps(game)};"
               f" const boxes = f.querySelectorAll('input[name=player]'); {json.dumps(players)}"
               ".forEach((n, k) => boxes[k].value = n); f.submit(); })()")
    settle(browser, until)


def start(browser, server, size: str, *players: str) -> None:
    begin(browser, server, size, "chestnuts", list(players), f"location.pathname === '/table' && ({READY})")


def roll(browser, n: int) -> None:
    """Tap the die's face: the roll is entered as soon as every die of it has a face."""
    assert browser.js("document.getElementById('typedchance').hidden")            # dice are tapped, not typed
    assert browser.js("[...document.querySelectorAll('#chancedice button.face')].map(b => b.textContent)") == \
        ["1", "2", "3", "4", "5", "6"]
    act(browser, f"document.querySelector('#chancedice button.face[data-face=\"{n}\"]').click()")


def tap_rolls(browser, pad: str, rolls: list[tuple[int, ...]], wait: bool = False) -> None:
    """Tap each roll's faces, die by die, on the dice pad `pad` (a CSS selector)."""
    for k, faces in enumerate(rolls):
        for die, face in enumerate(faces):
            click = f"document.querySelector('{pad} button.face[data-die=\"{die}\"][data-face=\"{face}\"]').click()"
            if wait and k == len(rolls) - 1 and die == len(faces) - 1:
                act(browser, click)           # the last face sends the rolls
            else:
                browser.js(click)


def download(browser) -> str:
    return browser.send("Runtime.evaluate", {"expression": "fetch(document.getElementById('download').href)"
                                             ".then(r => r.text())", "awaitPromise": True,
                                             "returnByValue": True})["result"]["value"]


def test_a_whole_chestnuts_game_tapped_to_its_end_is_what_pnpkit_check_reads(browser, server, tmp_path):
    start(browser, server, "phone", "Ann", "<b>Ben</b>")
    rng = random.Random(26)
    rolls = taps = 0
    while not browser.js("!document.getElementById('over').hidden"):
        offered = browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)")
        chance_open = browser.js("!document.getElementById('chancebox').hidden")
        if offered:
            pick = rng.choice(offered)
            act(browser, f"document.querySelector('button.move[data-move={json.dumps(pick)}]').click()")
            taps += 1
        else:
            assert chance_open, "neither a move nor a roll is offered before the end"
            roll(browser, rng.randint(1, 6))
            rolls += 1
        assert taps + rolls < 600, "the game does not end"
    assert rolls >= 6 and taps >= 10
    assert browser.js("document.getElementById('violations').children.length") == 0
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")    # nothing runs off a phone
    assert browser.js("document.getElementById('tomove').textContent") == ""
    assert "<b>Ben</b>" in browser.js("document.getElementById('scores').textContent")    # a name shown as text
    assert browser.js("document.querySelectorAll('#scores b').length") == 0
    over = browser.js("document.getElementById('over').textContent")
    # the download is the page's record as YAML: what its link holds
    text = browser.send("Runtime.evaluate", {"expression": "fetch(document.getElementById('download').href)"
                                             ".then(r => r.text())", "awaitPromise": True,
                                             "returnByValue": True})["result"]["value"]
    (tmp_path / "tapped.yaml").write_text(text)
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "tapped.yaml"), "--json"])
    assert checked.exit_code == 0, checked.output
    scores = json.loads(checked.output)
    assert scores["valid"] and scores["winners"]
    for p in scores["players"]:
        assert f"{p['name']} {p['total']}" in over                          # the page's scores are check's
    (tmp_path / "phone-over.png").write_bytes(browser.page_png())
    assert browser.js("document.getElementById('download').download") == "chestnuts.yaml"
    browser.js("document.getElementById('save').click()")
    settle(browser, "location.pathname.startsWith('/play/') && document.body")
    assert "Won by" in browser.js("document.body.textContent")


@pytest.mark.parametrize("size", SIZES)
def test_an_illegal_try_is_refused_with_its_rule_and_undo_takes_back_the_last_entry(browser, server, size, tmp_path):
    start(browser, server, size, "Ann", "Ben")
    roll(browser, 4)
    assert browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)") == ["l"]
    assert "Flame" in browser.js("document.getElementById('forced').textContent")
    browser.js("document.querySelector('details.try').open = true")
    browser.js("document.getElementById('try').value = 'e 5'; document.getElementById('trybutton').click()")
    browser.wait("!document.getElementById('refusal').hidden")
    refusal = browser.js("document.getElementById('refusal').textContent")
    assert "“e 5” is refused" in refusal and "(Notes 1)" in refusal and "first action of your turn" in refusal
    act(browser, "document.querySelector('button.move').click()")                       # l
    assert browser.js("JSON.parse(document.getElementById('record').value).turns") == [{"roll": 4, "actions": ["l"]}]
    assert browser.js("document.getElementById('refusal').hidden")
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
    (tmp_path / f"{size}.png").write_bytes(browser.page_png())
    act(browser, "document.getElementById('undo').click()")                             # the record minus l
    assert browser.js("JSON.parse(document.getElementById('record').value).turns") == [{"roll": 4, "actions": []}]
    assert browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)") == ["l"]
    act(browser, "document.getElementById('undo').click()")                             # minus the roll
    assert browser.js("JSON.parse(document.getElementById('record').value).turns") is None
    assert browser.js("document.getElementById('undo').disabled")
    roll(browser, 5)
    browser.js("window.beforeReload = true; location.reload()")                        # a reload loses nothing
    settle(browser, f"!window.beforeReload && ({READY})")
    assert browser.js("JSON.parse(document.getElementById('record').value).turns") == [{"roll": 5, "actions": []}]


def test_a_whole_forest_fire_game_tapped_to_its_end_with_dice_buttons_is_what_pnpkit_check_reads(browser, server, tmp_path):
    begin(browser, server, "phone", "forest-fire", ["Ann", "Ben", "Cat"], "!!document.querySelector('.dicepad')")
    # the roles and starts are chosen; the setup's rolls are tapped on the dice, face by face
    browser.js("(() => { const f = document.querySelector('form.start');"
               " f.elements['players.0.role'].value = 'hotshot'; f.elements['players.0.start'].value = '0 3';"
               " f.elements['players.1.role'].value = 'smoke-jumper'; f.elements['players.1.start'].value = '5 0';"
               " f.elements['players.2.role'].value = 'pilot'; f.elements['players.2.start'].value = ''; })()")
    rng = random.Random(23)
    fires = [(1, 3), (1, 4), (4, 4), (4, 4), (5, 1), (6, 6)]
    tap_rolls(browser, "#ask-setup-firebreaks", [(2, 5)])
    tap_rolls(browser, "#ask-setup-fires", fires[:5])
    assert "Rolls 5 of 6" in browser.js("document.querySelector('#ask-setup-fires .rolls').textContent")
    tap_rolls(browser, "#ask-setup-fires", fires[5:])
    assert browser.js("document.getElementsByName('setup.fires')[0].value") == ", ".join(f"{d} {a}" for d, a in fires)
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    taps = rolls = 0
    while not browser.js("!document.getElementById('over').hidden"):
        offered = browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)")
        if offered:       # the players put fires out when they can
            pick = rng.choice([t for t in offered if t.split()[0] in ("extinguish", "drop", "refill")] or offered)
            act(browser, f"document.querySelector('button.move[data-move={json.dumps(pick)}]').click()")
            taps += 1
        else:
            assert browser.js("!document.getElementById('chancebox').hidden"), "neither a move nor a roll is offered"
            n = browser.js("document.querySelectorAll('#chancedice .dierow').length")
            assert n == 2                                                   # down and across
            count = int(browser.js("document.querySelector('#chancedice .dicepad').dataset.rolls"))  # one a player in play
            tap_rolls(browser, "#chancedice", [(2, 5)] * count, wait=True)     # each on the Firebreak: no fire
            rolls += 1
        assert taps + rolls < 100, "the game does not end"
    assert taps >= 3 and rolls >= 1
    assert browser.js("document.getElementById('violations').children.length") == 0
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
    (tmp_path / "forest-fire.yaml").write_text(download(browser))
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "forest-fire.yaml"), "--json"])
    assert checked.exit_code == 0, checked.output
    result = json.loads(checked.output)
    assert result["valid"] and result["finished"]
    assert result["outcome"] == "won" and "won" in browser.js("document.getElementById('over').textContent")


def test_saving_again_after_more_moves_updates_the_same_game_and_a_stale_screen_is_told(browser, server):
    start(browser, server, "laptop", "Ann", "Ben")
    roll(browser, 4)
    browser.js("document.getElementById('save').click()")
    settle(browser, "location.pathname.startsWith('/play/') && document.body")
    play = browser.js("location.pathname").split("/")[-1]
    browser.js("history.back()")                                        # the table again, with what it saved
    settle(browser, f"location.pathname === '/table' && ({READY})")
    assert browser.js("document.getElementById('play').value") == play
    act(browser, "document.querySelector('button.move').click()")        # l: one move more
    browser.js("document.getElementById('save').click()")
    settle(browser, "location.pathname.startsWith('/play/') && document.body")
    assert browser.js("location.pathname") == f"/play/{play}"             # the same game, not a new one
    assert "revision 2" in browser.js("document.querySelector('h1').textContent")
    browser.visit(server + "/history", "!!document.querySelector('h1')")
    assert browser.js(f"document.querySelectorAll('a[href=\"/play/{play}\"]').length") == 1
    # a second screen took the game up at revision 1 (as the first screen was before its second save)
    browser.visit(server + f"/table?play={play}", READY)
    browser.js("document.getElementById('revision').value = '1'")
    browser.js("document.getElementById('save').click()")
    browser.wait("!document.getElementById('refusal').hidden")
    refusal = browser.js("document.getElementById('refusal').textContent")
    assert "changed on another screen" in refusal and "nothing was saved" in refusal
    assert browser.js("location.pathname") == "/table"
    browser.js("window.before = true; location.reload()")               # a reload shows the saved game
    settle(browser, f"!window.before && ({READY})")
    assert browser.js("document.getElementById('revision').value") == "2"
    assert browser.js("JSON.parse(document.getElementById('record').value).turns") == [{"roll": 4, "actions": ["l"]}]


def test_an_in_the_nuts_roll_is_tapped_on_its_three_dice(browser, server):
    from pathlib import Path

    from pnpkit.kitfile.source import parse
    docs = (Path(__file__).parents[2] / "docs" / "records" / "in-the-nuts.md").read_text(encoding="utf-8")
    record = parse(re.findall(r"```yaml\n(.*?)```", docs, re.S)[0], "docs").data      # stops before a roll
    w, h, mobile = SIZES["phone"]
    browser.visit(server + "/table?game=in-the-nuts&player=Anna&player=Marlene&t=itn", READY, w, h, mobile)
    browser.js("sessionStorage.setItem('pnpkit-table:' + location.pathname + location.search, "
               f"JSON.stringify({{record: {json.dumps(record)}, undo: []}})); window.before = true; location.reload()")
    settle(browser, f"!window.before && ({READY}) && !!document.querySelector('button.move[data-move=\"roll > 8\"]')")
    browser.js("document.querySelector('button.move[data-move=\"roll > 8\"]').click()")
    assert not browser.js("document.getElementById('optiondice').hidden")
    assert browser.js("[...document.querySelectorAll('#optiondice .diename')].map(e => e.textContent)") == \
        ["green die", "white die", "white die"]
    tap_rolls(browser, "#optiondice", [(2, 1, 6)], wait=True)
    turns = browser.js("JSON.parse(document.getElementById('record').value).turns")
    assert "2 1 6 > 8" in turns[-1]["rolls"]
    assert browser.js("document.getElementById('optiondice').hidden")


def test_fair_verona_writes_the_tile_drawn_and_ends_the_turn_by_a_tap(browser, server):
    """`draw` opens the typed try with it, to write the tile seen (`draw R5`); once the turn may end,
    the page offers `end the turn`, and the next player's turn begins."""
    w, h, mobile = SIZES["phone"]
    answers = {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
               "players.2.identity": "2S", "players.3.identity": "AD", "clue": "5S"}
    query = "&".join(["game=fair-verona", "begun=1", *(f"player={n}" for n in ("Ann", "Ben", "Cat", "Dan")),
                      *(f"{k}={v}" for k, v in answers.items())])
    browser.visit(server + "/table?" + query, READY, w, h, mobile)
    settle(browser, READY)
    offered = lambda: browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)")  # noqa: E731
    assert offered() == ["draw"]
    browser.js("document.querySelector('button.move[data-move=\"draw\"]').click()")
    browser.wait("document.getElementById('try').value === 'draw'")       # the tile is the player's to write
    act(browser, "document.getElementById('try').value = 'draw R5'; document.getElementById('trybutton').click()")
    assert offered() and all(m.startswith("place ") for m in offered())
    act(browser, f"document.querySelector('button.move[data-move={json.dumps(offered()[0])}]').click()")
    assert "end the turn" in offered() and "turn 1 (Ann)" in browser.js("document.getElementById('turn').textContent")
    act(browser, "document.querySelector('button.move[data-move=\"end the turn\"]').click()")
    assert "turn 2 (Ben)" in browser.js("document.getElementById('turn').textContent") and offered() == ["draw"]
