"""`pnpkit serve` in a real browser: a saved NUTS sheet game opened again from its page, filled in
from its record, corrected and saved as the same game's next revision."""
from __future__ import annotations

from test_serve_browser import server, ticks, type_into  # noqa: F401  (the served app, a fixture)

PAGE = "location.pathname.startsWith('/play/') && document.readyState === 'complete' && !!document.body"


def rows(browser, server) -> int:
    browser.visit(server + "/history", "!!document.querySelector('h1')")
    return browser.js("document.querySelectorAll('table.plays tbody tr').length")


def test_a_saved_nuts_sheet_is_opened_again_corrected_and_saved_as_its_next_revision(browser, server):
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", 1280, 800, False)
    type_into(browser, {"p1.name": "Ann", **ticks(1, almond=3, cashew=2), "p1.salt.1": True, "p1.salt.2": True, "p1.bonus.B07": True,
                        "p2.name": "Ben", **ticks(2, almond=2), "p2.goals.squirrel-buddy": True, "p2.bonus.B01": True})
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent !== '–'")
    first = browser.js("document.querySelector('[data-total=\"1\"]').textContent")
    browser.js("document.getElementById('save').click()")
    browser.wait(PAGE)
    play = browser.js("location.pathname").split("/")[-1]
    assert "revision" not in browser.js("document.querySelector('h1').textContent")
    before = rows(browser, server)
    browser.visit(server + f"/play/{play}", "!!document.querySelector('h1')")
    browser.js("[...document.querySelectorAll('a')].find(a => a.textContent === 'Correct the sheets').click()")
    # the sheets come back as saved, and are scored at once
    browser.wait("location.pathname === '/sheet/nuts' && !!document.getElementById('sheet') && "
                 f"document.querySelector('[data-total=\"1\"]').textContent === {first!r}")
    assert browser.js("document.getElementById('p1.name').value") == "Ann"
    assert browser.js("[1, 3, 6].map(r => document.getElementById('p1.almond.' + r).checked)") == [True, True, True]
    assert browser.js("document.getElementById('p1.almond.10').checked") is False
    assert browser.js("[1, 2, 3].map(i => document.getElementById('p1.salt.' + i).checked)") == [True, True, False]
    assert browser.js("document.getElementById('p2.goals.squirrel-buddy').checked") is True
    assert browser.js("document.querySelector('[name=revision]').value") == "1"
    type_into(browser, {"p1.almond.10": True})                                  # a fourth almond token
    browser.wait(f"document.querySelector('[data-total=\"1\"]').textContent !== {first!r}")
    second = browser.js("document.querySelector('[data-total=\"1\"]').textContent")
    assert int(second) > int(first)
    browser.js("document.getElementById('save').click()")
    browser.wait(PAGE)
    assert browser.js("location.pathname") == f"/play/{play}"                 # the same game, not a new one
    assert "revision 2" in browser.js("document.querySelector('h1').textContent")
    assert second in browser.js("document.querySelector('.sheet.scored .sum').textContent")
    assert rows(browser, server) == before
    browser.visit(server + "/history", "!!document.querySelector('h1')")
    assert browser.js(f"document.querySelectorAll('a[href=\"/play/{play}\"]').length") == 1
