"""`pnpkit serve` in a real browser: a NUTS game begun from its opening (the Squirrel's square on a
D12 pad, the setup Bonus cards typed) and tapped through its first round: the Hunger die and the
squirrel's dice on their pads (a Scamper's face then typed with its square), the Order cards typed,
the moves offered tapped; the downloaded record is one `pnpkit check` accepts."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnpkit.cli import cli
from test_serve_browser import server  # noqa: F401  (the served app, a fixture)
from test_serve_table_browser import READY, act, begin, download, settle, tap_rolls

# round 1 of docs/records/nuts.md's whole game: ("pad", face), ("typed", chance), ("move", action)
ROUND_1 = [("pad", 2), ("typed", "al ca al pi pe pe al pi ca ca al pi pe"),
           ("move", "build X 1:1-2"), ("move", "end"), ("pad", 2),
           ("move", "build X 1:3-4"), ("move", "end"), ("pad", 5), ("pad", 1),
           ("move", "pass"), ("move", "repo 8>1"), ("move", "end"), ("pad", 6), ("pad", 4), ("typed", "4 > 1"),
           ("move", "refill ca al ca"), ("move", "build - 1:1-2"), ("move", "end"), ("pad", 4), ("typed", "4 > 5"),
           ("move", "pass"), ("move", "pass")]


def test_a_nuts_round_is_tapped_in_the_browser_to_a_record_pnpkit_check_accepts(browser, server, tmp_path):
    begin(browser, server, "phone", "nuts", ["Ann", "Ben"], "!!document.querySelector('.dicepad')")
    browser.js("(() => { const f = document.querySelector('form.start');"
               " f.elements['setup.bonus.0.keep'].value = 'B01 B09'; f.elements['setup.bonus.0.drop'].value = 'B17';"
               " f.elements['setup.bonus.1.keep'].value = 'B03 B10'; f.elements['setup.bonus.1.drop'].value = 'B22'; })()")
    tap_rolls(browser, "#ask-setup-squirrel", [(10,)])
    assert browser.js("document.getElementsByName('setup.squirrel')[0].value") == "10"
    browser.js("document.querySelector('form.start').submit()")
    settle(browser, f"location.pathname === '/table' && ({READY})")
    for kind, given in ROUND_1:
        if kind == "pad":
            assert browser.js("document.getElementById('typedchance').hidden")
            click = f"document.querySelector('#chancedice button.face[data-face=\"{given}\"]').click()"
            if (given, browser.js("document.getElementById('waiting').textContent").startswith("the squirrel")) \
                    == (4, True):     # hunger 2: a 4 Scampers: refused, the typed entry opened with the face
                browser.js(click)
                browser.wait("!document.getElementById('typedchance').hidden")
                assert browser.js("document.getElementById('chance').value") == "4 "
                assert "is a Scamper" in browser.js("document.getElementById('refusal').textContent")
                continue
            else:
                act(browser, click)
        elif kind == "typed":
            assert not browser.js("document.getElementById('typedchance').hidden")
            act(browser, f"(() => {{ document.getElementById('chance').value = {json.dumps(given)};"
                         " document.getElementById('enterchance').click(); })()")
        else:
            offered = browser.js("[...document.querySelectorAll('button.move')].map(b => b.dataset.move)")
            if given in offered:
                act(browser, f"document.querySelector('button.move[data-move={json.dumps(given)}]').click()")
            else:             # refill and plan are written with their cards: typed in the try box
                act(browser, f"(() => {{ document.getElementById('try').value = {json.dumps(given)};"
                             " document.getElementById('trybutton').click(); })()")
        assert browser.js("document.getElementById('violations').children.length") == 0, given
        assert browser.js("document.getElementById('refusal').hidden"), (given, browser.js(
            "document.getElementById('refusal').textContent"))
    assert browser.js("document.getElementById('waiting').textContent").startswith("round 2 starts")
    assert browser.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
    (tmp_path / "nuts-round-2.png").write_bytes(browser.page_png())
    (tmp_path / "nuts.yaml").write_text(download(browser))
    checked = CliRunner().invoke(cli, ["check", str(tmp_path / "nuts.yaml")])
    assert checked.exit_code == 0, checked.output
    assert "sq: [6, 4 > 1]" in (tmp_path / "nuts.yaml").read_text()
