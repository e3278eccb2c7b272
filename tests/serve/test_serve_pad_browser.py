"""A designer's score pad in a real browser (`pnpkit serve --kit moth-and-lamp.yaml`), at a phone's
size and a laptop's: filled in from empty, added up as it is typed, a box out of range shown beside
it with the kit's own setting, saved, and found in the history."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnpkit.serve.app import Settings
from test_serve_browser import SIZES, serving, type_into

KIT = Path(__file__).resolve().parents[2] / "examples" / "moth-and-lamp" / "moth-and-lamp.yaml"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from serving(Settings(tmp_path_factory.mktemp("data"), kits=(KIT,)))


@pytest.mark.parametrize("size", SIZES)
def test_the_pad_from_empty_to_the_saved_game(browser, server, size, tmp_path):
    w, h, mobile = SIZES[size]
    browser.visit(server + "/pad/moth-and-lamp", "!!document.getElementById('sheet')", w, h, mobile)
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth")      # nothing runs off a phone
    type_into(browser, {"p1.name": "Ann", "p1.r1": "12", "p1.r2": "0", "p1.r3": "47", "p1.r4": "9",
                        "p2.name": "Ben", "p2.r1": "8", "p2.r2": "14", "p2.r3": "6", "p2.r4": "10"})
    # (a slow machine scores the pad while it is typed: wait for the answer to the last box)
    browser.wait("document.getElementById('p1.total').textContent === '68' && "
                 "document.getElementById('p2.total').textContent === '38' && document.querySelector('.broken') !== null")
    assert browser.js("[...document.querySelectorAll('.broken')].map(b => b.id)") == ["box-p1.r3"]
    beside = browser.js("document.querySelector('[data-problem=\"p1.r3\"]').textContent")
    assert "the Round 3 box says 47: a box holds 0 to 35" in beside and "range: [0, 35]" in beside
    (tmp_path / f"pad-{size}.png").write_bytes(browser.page_png())
    type_into(browser, {"p1.r3": "17"})
    browser.wait("document.getElementById('p1.total').textContent === '38' && "
                 "document.querySelectorAll('.broken').length === 0 && "
                 "document.getElementById('ranking').textContent.includes('Place 1: Ben')")   # the tie, by Round 4
    browser.js("document.getElementById('save').click()")
    browser.wait("location.pathname.startsWith('/play/')")
    assert "Won by Ben" in browser.js("document.body.textContent")
    browser.visit(server + "/history")
    assert "Moth & Lamp" in browser.js("document.querySelector('.plays').textContent")
