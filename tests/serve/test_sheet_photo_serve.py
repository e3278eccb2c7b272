"""`pnpkit serve`'s "Photograph the sheet" (issue 41): a photo of a player's printed NUTS sheet fills
that player's boxes in the form, each box the reader was unsure of marked, for the family to check
before saving; read by the same reader as `pnpkit score`, in a child process with limits."""
from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from pnpkit.serve.app import Settings, create_app

pytest.importorskip("cv2", reason="reading photos needs pnpkit[photo] (OpenCV)")

import sheet_photos as sp  # noqa: E402
from test_serve_browser import server  # noqa: E402,F401  (the app on a loopback port)
from test_sheet_photo import _smudged  # noqa: E402


@pytest.fixture(scope="module")
def photos(kit_build, tmp_path_factory):
    blank = sp.blank_sheet(kit_build("nuts").out / "nuts")
    out = tmp_path_factory.mktemp("serve-photos")
    raw, truth = sp.photo(blank, 11, size=(2400, 1800))
    (out / "ann.jpg").write_bytes(raw)
    (out / "unsure.jpg").write_bytes(_smudged(blank, "squirrel.4"))
    return out, truth


def test_a_photo_fills_the_players_boxes_and_names_the_unsure_ones(tmp_path, photos):
    out, truth = photos
    with TestClient(create_app(Settings(tmp_path / "data"))) as c:
        page = c.get("/sheet/nuts").text
        assert page.count('data-photo="') == 6 and 'accept="image/*" capture="environment"' in page
        token = re.search(r'name="token" value="([^"]+)"', page)[1]
        got = c.post("/sheet/nuts/photo", data={"token": token, "seat": "2"},
                     files={"photo": ("ann.jpg", (out / "ann.jpg").read_bytes(), "image/jpeg")}).json()
        assert got["error"] == "" and got["unsure"] == []
        assert {k for k, v in got["fields"].items() if v} == {f"p2.{n}" for n in truth.ticked}
        unsure = c.post("/sheet/nuts/photo", data={"token": token, "seat": "1"},
                        files={"photo": ("u.jpg", (out / "unsure.jpg").read_bytes(), "image/jpeg")}).json()
        assert unsure["unsure"] == ["p1.squirrel.4"] and "p1.squirrel.4" not in unsure["fields"]
        refused = c.post("/sheet/nuts/photo", data={"token": token, "seat": "1"},
                         files={"photo": ("x.jpg", b"not a photo", "image/jpeg")})
        assert refused.status_code == 400 and "not a photo pnpkit reads" in refused.json()["error"]
        assert c.post("/sheet/nuts/photo", data={"token": "stale", "seat": "1"},
                      files={"photo": ("ann.jpg", b"x", "image/jpeg")}).status_code == 403


def _upload(browser, selector: str, path) -> None:
    """Choose a file in a file input, as a person does (the input's change event follows)."""
    root = browser.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = browser.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    browser.send("DOM.setFileInputFiles", {"nodeId": node, "files": [str(path)]})


def test_the_sheet_is_photographed_in_the_form_and_checked_before_saving(browser, server, photos, tmp_path):  # noqa: F811
    out, truth = photos
    browser.visit(server + "/sheet/nuts", "!!document.getElementById('sheet')", 390, 844, True)
    browser.js("document.getElementById('p1.name').value = 'Ann'")
    _upload(browser, '[data-photo="1"]', out / "ann.jpg")
    browser.wait("document.getElementById('sheet').dataset.photographed === '1'")
    ticked = browser.js("[...document.querySelectorAll('#seat1 input[type=checkbox]:checked')].map(e => e.name)")
    assert set(ticked) == {f"p1.{n}" for n in truth.ticked}
    assert "check each box" in browser.js("document.querySelector('[data-photo-said=\"1\"]').textContent")
    browser.wait("document.querySelector('[data-total=\"1\"]').textContent !== '–'")    # scored as ticked by hand
    browser.js("document.getElementById('p2.name').value = 'Ben'")
    _upload(browser, '[data-photo="2"]', out / "unsure.jpg")
    browser.wait("document.getElementById('sheet').dataset.photographed === '2'")
    assert browser.js("[...document.querySelectorAll('.unsure')].map(b => b.id)") == ["box-p2.squirrel.4"]
    said = browser.js("document.querySelector('[data-photo-said=\"2\"]').textContent")
    assert "not sure of Squirrel box 4" in said
    (tmp_path / "photographed.png").write_bytes(browser.page_png())
    browser.js("document.getElementById('p2.squirrel.4').click()")                       # the person checks it
    assert browser.js("document.querySelectorAll('.unsure').length") == 0
