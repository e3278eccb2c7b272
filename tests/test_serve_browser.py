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
    """The app on a free loopback port, in a thread of this process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(Settings(tmp_path_factory.mktemp("data")))
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


def type_into(browser, values: dict) -> None:
    """Set each box as typing does (an input event per box)."""
    for name, value in values.items():
        browser.js(f"""(() => {{ const e = document.getElementsByName({json.dumps(name)})[0];
            if (e.type === 'checkbox') e.checked = !!{json.dumps(value)}; else e.value = {json.dumps(value)};
            e.dispatchEvent(new Event('input', {{bubbles: true}})); e.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")


@pytest.mark.parametrize("size", SIZES)
def test_nuts_from_empty_sheets_to_the_saved_result(browser, server, size, tmp_path):
    w, h, mobile = SIZES[size]
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", w, h, mobile)
    assert browser.js("document.getElementById('ranking').textContent").startswith("Write the players")
    type_into(browser, {"p0.name": "Ann", "p0.almond": "3", "p0.cashew": "2", "p0.peanut": "4", "p0.pistachio": "2",
                        "p0.salt": "3", "p0.goal.salty-mama": True, "p0.bonus": "B07",
                        "p1.name": "Ben", "p1.almond": "9", "p1.bonus": "B01"})
    browser.wait("document.querySelector('[data-total=\"0\"]').textContent === '52'")   # the last keystroke scored
    assert browser.js("document.getElementById('ranking').textContent").startswith("1. Ann")
    breakdown = browser.js("[...document.querySelectorAll('[data-breakdown=\"0\"] tr')].map(r => r.textContent)")
    assert any(line.startswith("salt") for line in breakdown) and len(breakdown) >= 5
    assert browser.js("[...document.querySelectorAll('.box.broken')].map(b => b.id)") == ["box-p1.almond"]
    beside = browser.js("document.querySelector('.box.broken .problem').textContent")
    assert "9" in beside and "(ruling U" in beside                                          # the rule's id beside the box
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")     # nothing runs off a phone
    (tmp_path / f"nuts-{size}.png").write_bytes(browser.page_png())
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/')")
    assert "Won by Ann" in browser.js("document.body.textContent")


def test_in_the_nuts_storage_cards_in_the_browser(browser, server):
    browser.visit(server + "/sheet/in-the-nuts", "!!document.getElementById('sheet')", 390, 844, True)
    type_into(browser, {"p0.name": "Uwe", "p0.card2.nut": "walnut", "p0.card2.nuts": "2",
                        "p1.name": "Ann", "p1.card2.nut": "acorn", "p1.card2.nuts": "1"})
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent === '1'")
    assert browser.js("document.getElementById('ranking').textContent").startswith("1. Uwe")


def test_history_and_rules_in_the_browser(browser, server):
    browser.visit(server + "/history", "!!document.querySelector('main')", 390, 844, True)
    assert browser.js("document.querySelectorAll('table.plays tbody tr').length") >= 1
    browser.visit(server + "/rules?game=forest-fire&q=does+fire+jump+a+firebreak", "!!document.querySelector('main')")
    assert browser.js("document.querySelector('.passage.best h2').textContent") in ("Difficulty", "ruling F3")
