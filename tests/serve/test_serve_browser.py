"""`pnpkit serve` in a real browser, at a phone's size and a laptop's: a NUTS and an In the Nuts!
game filled in from empty sheets, scored as they are typed, saved, and found in the history."""
from __future__ import annotations

import json
import socket
import threading
import time

import pytest
import uvicorn

from pnpkit.serve.app import Settings, create_app

SIZES = {"phone": (390, 844, True), "laptop": (1280, 800, False)}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from serving(Settings(tmp_path_factory.mktemp("data")))


def serving(settings: Settings):
    """The app on a free loopback port, in a thread of this process: its address, while it runs."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(settings)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(5)


ROWS = ("1", "3", "6", "10", "15", "21")


def ticks(seat: int, **tokens: int) -> dict:
    """A player's grid as it is filled in: each column's cells ticked from the top."""
    return {f"p{seat}.{kind}.{row}": True for kind, n in tokens.items() for row in ROWS[:n]}


def type_into(browser, values: dict) -> None:
    """Set each box as typing does (an input event per box); `p1.goals=salty-mama`: the box of
    that name and value (one of a group of check boxes)."""
    for key, value in values.items():
        name, _, which = key.partition("=")
        pick = f"[value={json.dumps(which)}]" if which else ""
        browser.js(f"""(() => {{ const e = document.querySelector('[name="' + {json.dumps(name)} + '"]{pick}');
            if (e.type === 'checkbox') e.checked = !!{json.dumps(value)}; else e.value = {json.dumps(value)};
            e.dispatchEvent(new Event('input', {{bubbles: true}})); e.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")


@pytest.mark.parametrize("size", SIZES)
def test_nuts_from_empty_sheets_to_the_saved_result(browser, server, size, tmp_path):
    w, h, mobile = SIZES[size]
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", w, h, mobile)
    assert browser.js("document.getElementById('ranking').textContent").startswith("Write the players")
    type_into(browser, {"p1.name": "Ann", **ticks(1, almond=3, cashew=2, peanut=4, pistachio=2),
                        "p1.salt.1": True, "p1.salt.2": True, "p1.salt.3": True, "p1.goals.salty-mama": True, "p1.bonus.B07": True,
                        "p2.name": "Ben", **ticks(2, almond=2), "p2.goals.squirrel-buddy": True, "p2.bonus.B01": True})
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent === '52'")   # the last tick scored
    assert browser.js("document.getElementById('ranking').textContent").startswith("1. Ann")
    breakdown = browser.js("[...document.querySelectorAll('[data-breakdown=\"1\"] tr')].map(r => r.textContent)")
    assert any(line.startswith("salt") for line in breakdown) and len(breakdown) >= 5
    # the sheet's own boxes, as printed: the row ticks and the points boxes under the grid
    assert browser.js("document.getElementById('p1.row-complete.3').textContent") == "✓"
    assert browser.js("document.getElementById('p1.row-complete.6').textContent") == ""
    assert browser.js("['rows','columns','salt','goals','bonus','total'].map(k => document.getElementById('p1.points.' + k).textContent)") \
        == ["14", "22", "6", "5", "5", "52"]
    assert browser.js("[...document.querySelectorAll('.box.broken, .ticks.broken')].map(b => b.id)") == ["box-p2.goals"]
    beside = browser.js("document.querySelector('[data-problem=\"p2.goals\"]').textContent")
    assert "Squirrel Buddy" in beside and "(ruling U4)" in beside and "“" in beside   # the rule and its words beside the box
    type_into(browser, {"p2.almond.1": False})                                         # a gap in the column
    browser.wait("document.querySelectorAll('td.broken[data-group=\"p2.almond\"]').length === 6")
    assert "ruling U2" in browser.js("document.querySelector('[data-problem=\"p2.almond\"]').textContent")
    type_into(browser, {"p2.almond.1": True, "p2.goals.squirrel-buddy": False})
    browser.wait("document.querySelectorAll('.broken').length === 0")
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")     # nothing runs off a phone
    (tmp_path / f"nuts-{size}.png").write_bytes(browser.page_png())
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/') && document.readyState === 'complete' && !!document.body")
    assert "Won by Ann" in browser.js("document.body.textContent")


def test_a_tied_place_says_which_tie_breaker_decided_it(browser, server):
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", 390, 844, True)
    type_into(browser, {"p1.name": "Ann", **ticks(1, almond=3), "p1.bonus.B01": True,
                        "p2.name": "Ben", **ticks(2, almond=2, cashew=2, peanut=1), "p2.bonus.B09": True})
    browser.wait("document.querySelectorAll('#ranking .tiebreak').length === 2")
    assert browser.js("document.getElementById('ranking').firstChild.textContent") == "So far: 1. Ben   2. Ann"
    assert browser.js("[...document.querySelectorAll('#ranking .tiebreak')].map(t => t.textContent)") == [
        "Place 1: Ben tied on 9; decided by most nuts (ruling U6)", "Place 2: Ann tied on 9; decided by most nuts (ruling U6)"]


def test_in_the_nuts_storage_cards_in_the_browser(browser, server):
    browser.visit(server + "/sheet/in-the-nuts", "!!document.getElementById('sheet')", 390, 844, True)
    type_into(browser, {"p1.name": "Uwe", "p1.card2.nut": "walnut", "p1.card2.nuts": "2",
                        "p2.name": "Ann", "p2.card2.nut": "acorn", "p2.card2.nuts": "1"})
    browser.wait("document.querySelector('[data-total=\"2\"]').textContent === '1'")
    assert browser.js("document.getElementById('p1.card2.points').textContent") == "5"
    assert browser.js("document.getElementById('ranking').textContent").startswith("1. Uwe")


@pytest.mark.parametrize("size", SIZES)
def test_chestnuts_end_position_from_an_empty_board_to_the_saved_result(browser, server, size, tmp_path):
    """The board as the game ended, a box per place and player: counted, scored and ranked as typed."""
    w, h, mobile = SIZES[size]
    browser.visit(server + "/end/chestnuts", "!!document.getElementById('sheet')", w, h, mobile)
    type_into(browser, {"p1.name": "Ann", "p2.name": "Ben", "chair1.p1": "10", "chair1.p2": "1", "burnt.p1": "2",
                        "basket.p1": "0", "burnt.p2": "1", "plate2.p2": "x"})
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent === '9'")
    assert browser.js("document.getElementById('counted.p1').textContent") == "12"
    assert browser.js("document.getElementById('ranking').textContent").startswith("1. Ann")
    assert browser.js("document.querySelectorAll('.scored:not([hidden])').length") == 2
    type_into(browser, {"chair1.p1": "lots"})
    browser.wait("document.getElementById('box-chair1.p1').classList.contains('broken')")
    assert "expected the number of chestnuts" in browser.js("document.querySelector('tfoot .problem').textContent")
    type_into(browser, {"chair1.p1": "10"})
    browser.wait("document.querySelectorAll('.broken').length === 0 && document.querySelector('[data-total=\"1\"]').textContent === '9'")
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
    (tmp_path / f"chestnuts-end-{size}.png").write_bytes(browser.page_png())
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/') && document.readyState === 'complete' && !!document.body")
    assert "Won by Ann" in browser.js("document.body.textContent")


def test_history_and_rules_in_the_browser(browser, server):
    # a game of its own in the history (the other tests of this module may run in another process)
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    type_into(browser, {"p1.name": "Ann", **ticks(1, almond=2), "p1.bonus.B07": True, "p2.name": "Ben", "p2.bonus.B01": True})
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent !== '–'")
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/') && document.readyState === 'complete'")
    browser.visit(server + "/history", "!!document.querySelector('main')", 390, 844, True)
    assert browser.js("document.querySelectorAll('table.plays tbody tr').length") >= 1
    browser.visit(server + "/rules?game=forest-fire&q=does+fire+jump+a+firebreak", "!!document.querySelector('main')")
    assert browser.js("document.querySelector('.passage.best h2').textContent") in ("Difficulty", "ruling F3")


TAPPABLE = "header a, button, select, input[type=checkbox], input[type=radio], input[type=submit], .button"


@pytest.mark.parametrize("path", ["/", "/sheet/nuts", "/sheet/in-the-nuts", "/history", "/stats", "/rules"])
def test_every_tap_target_is_at_least_24_px(browser, server, path):
    """Issue 37 (WCAG 2.5.8): the header's links were 19 px tall, NUTS' goal check boxes 13 px."""
    browser.visit(server + path, "document.readyState === 'complete'", 390, 844, True)
    small = browser.js(f"""[...document.querySelectorAll({json.dumps(TAPPABLE)})]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
        .filter(([_, r]) => r.width < 24 || r.height < 24).map(([h, r]) => [h, Math.round(r.width), Math.round(r.height)])""")
    assert small == []


def test_a_total_box_of_sheets_not_complete_yet_is_marked_as_partial(browser, server):
    """Issue 37: while a sheet was incomplete, the Total boxes showed partial sums (33 for a real 40)
    as if they were the totals; now they say "so far" until the sheets are a record."""
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    type_into(browser, {"p1.name": "Ann", **ticks(1, almond=3, cashew=2, peanut=4, pistachio=2),
                        "p1.salt.1": True, "p1.salt.2": True, "p1.salt.3": True, "p2.name": "Ben", **ticks(2, almond=2)})                       # no bonus cards yet
    browser.wait("document.getElementById('p1.points.total').textContent.endsWith('so far')")
    assert browser.js("document.getElementById('p1.points.total').classList.contains('partial')")
    type_into(browser, {"p1.bonus.B07": True, "p2.bonus.B01": True})                  # now a record
    browser.wait("!document.getElementById('p1.points.total').textContent.endsWith('so far')")
    assert browser.js("document.getElementById('p1.points.total').textContent") == browser.js(
        "document.querySelector('[data-total=\"1\"]').textContent")


@pytest.mark.parametrize("size", SIZES)
def test_sheets_start_with_the_fewest_players_and_show_every_word_whole(browser, server, size):
    """Issue 37: 4 In the Nuts! sheets for 3 players, no hint of a joker's format, and at 1280 px the
    boxes cut their words ("waln", "walnut/")."""
    w, h, mobile = SIZES[size]
    browser.visit(server + "/sheet/in-the-nuts", "!!document.getElementById('sheet')", w, h, mobile)
    shown = "[...document.querySelectorAll('fieldset.sheet')].filter(f => !f.hidden).length"
    assert browser.js(shown) == 2
    browser.js("document.getElementById('addseat').click()")
    assert browser.js(shown) == 3 and browser.js("document.activeElement.name") == "p3.name"
    browser.js("document.getElementById('addseat').click()")
    assert browser.js(shown) == 4 and browser.js("document.getElementById('addseat').closest('p').hidden")
    assert browser.js("document.querySelector('[name=\"p1.card3.jokers\"]').placeholder") == "acorn/hazelnut"
    # the longest words the boxes take fit inside them, as the box's own font draws them
    cut = browser.js("""(() => {
        const ctx = document.createElement('canvas').getContext('2d'), out = [];
        for (const [sel, word, room] of [['[name="p1.card3.nut"]', 'beechnut', 30], ['[name="p1.card3.jokers"]', 'walnut/hazelnut', 12]]) {
          const e = document.querySelector(sel), s = getComputedStyle(e);
          ctx.font = s.fontSize + ' ' + s.fontFamily;
          if (ctx.measureText(word).width + room > e.getBoundingClientRect().width) out.push(word);
        }
        return out; })()""")
    assert cut == []


def test_a_sheet_typed_before_a_restart_is_kept_in_the_browser_and_saves_after_it(browser, tmp_path):
    """Issue 37: a sheet filled in before the server restarted could not be saved ("out of date...
    reload"), and reloading emptied it."""
    data = tmp_path / "data"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"

    def serve():
        srv = uvicorn.Server(uvicorn.Config(create_app(Settings(data)), host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not srv.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return srv, thread

    def restart(srv, thread):
        srv.should_exit = True
        thread.join(10)
        return serve()

    running = serve()
    browser.visit(url + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    browser.js("localStorage.clear()")
    typed = {"p1.name": "Ann", **ticks(1, almond=3), "p1.bonus.B07": True, "p2.name": "Ben", "p2.bonus.B01": True}
    type_into(browser, typed)
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent !== '–'")
    running = restart(*running)
    # the page, drawn before the restart, saves on the restarted server
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/') && document.readyState === 'complete'")
    assert "Ann" in browser.js("document.body.textContent")
    # saved: the draft is forgotten, the next sheet starts empty
    browser.visit(url + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    assert browser.js("document.querySelector('[name=\"p1.name\"]').value") == ""
    # typed, not saved, the server restarted and the page reloaded: what was typed is back
    type_into(browser, typed)
    running = restart(*running)
    browser.visit(url + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    assert browser.js("document.querySelector('[name=\"p1.name\"]').value") == "Ann"
    assert browser.js("document.querySelector('[name=\"p1.almond.3\"]').checked")
    assert browser.js("!!document.getElementById('restored')")
    browser.js("localStorage.clear()")
    running[0].should_exit = True
    running[1].join(10)
