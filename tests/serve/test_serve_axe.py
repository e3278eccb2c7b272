"""Every page `pnpkit serve` has, checked by axe-core in a real browser at a laptop's size and a
phone's: no serious or critical accessibility violation. The pages: home, a rules question, the
history, the statistics, a saved game, each score sheet and end-position form, a designer's score pad
(`--kit`), the table's start page, a game's opening questions, a table in progress of each of the
six games (one with a try refused) and a game over. A violation is reported with its rule, the page and
the element.

axe-core (npm) is read where PNPKIT_AXE names its folder, or in node_modules beside the repository
(`npm install axe-core@4.14.1`); .ci/run installs it, and there a missing axe-core fails the test."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from pnpkit.kitfile.source import parse
from pnpkit.serve import tapping
from pnpkit.serve.app import UPDATED, Settings
from test_serve_browser import SIZES, serving, ticks, type_into
from test_serve_table_browser import READY, settle

HERE = Path(__file__).resolve().parent
KIT = HERE.parents[1] / "examples" / "moth-and-lamp" / "moth-and-lamp.yaml"
SERIOUS = ("serious", "critical")
# axe's default rules and WCAG 2.2's target size (2.5.8, 24 px; axe leaves it off by default)
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
FINISHED = re.findall(r"```yaml\n(.*?)```", (HERE.parents[1] / "docs" / "records" / "trim-the-tree.md").read_text(
    encoding="utf-8"), re.S)[0]          # a whole game of Trim the Tree

# Each game begun with its opening's answers and taken a few steps in: (chance?, what is tapped).
# The steps are those the table's own browser tests tap; the table then offers its moves.
GAMES = {
    "chestnuts": (["Ann", "Ben"], {}, [(True, "4")]),
    "forest-fire": (["Ann", "Ben", "Cat"],
                    {"players.0.role": "hotshot", "players.0.start": "0 3", "players.1.role": "smoke-jumper",
                     "players.1.start": "5 0", "players.2.role": "pilot", "players.2.start": "",
                     "setup.firebreaks": "2 5", "setup.fires": "1 3, 1 4, 4 4, 4 4, 5 1, 6 6"}, []),
    "fair-verona": (["Ann", "Ben", "Cat", "Dan"],
                    {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
                     "players.2.identity": "2S", "players.3.identity": "AD", "clue": "5S"}, [(False, "draw R5")]),
    "in-the-nuts": (["Ann", "Ben"], {}, [(True, "hazelnut"), (True, "acorn"), (True, "walnut"), (True, "beechnut"),
                                         (True, "take walnut, to 3"), (True, "take acorn, to 2"), (False, "5-6")]),
    "trim-the-tree": (["Ann", "Ben"], {}, [(True, "blue box, red star")]),
    "nuts": (["Ann", "Ben"], {"setup.squirrel": "10", "setup.bonus.0.keep": "B01 B09", "setup.bonus.0.drop": "B17",
                              "setup.bonus.1.keep": "B03 B10", "setup.bonus.1.drop": "B22"},
             [(True, "2"), (True, "al ca al pi pe pe al pi ca ca al pi pe")]),
}


def _axe() -> Path | None:
    """axe.min.js, where PNPKIT_AXE names the axe-core folder or in node_modules beside the repository."""
    for where in (os.environ.get("PNPKIT_AXE", ""), HERE.parents[1] / "node_modules" / "axe-core"):
        if where and (Path(where) / "axe.min.js").is_file():
            return Path(where) / "axe.min.js"
    return None


@pytest.fixture(scope="module")
def axe_source() -> str:
    found = _axe()
    if found is None:
        why = "axe-core is not installed: `npm install axe-core@4.14.1` beside the repository, or PNPKIT_AXE=DIR"
        if os.environ.get("PNPKIT_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(why + " (CI requires it: .ci/run installs it)")
        pytest.skip(why)
    return found.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from serving(Settings(tmp_path_factory.mktemp("data"), kits=(KIT,)))


def in_progress(game: str) -> tuple[str, dict]:
    """The table's address for `game` begun with its answers, and its record a few steps in."""
    names, answers, steps = GAMES[game]
    record = tapping.new_record(game, names, answers)
    for chance, given in steps:
        tapped = tapping.tap(record, given, chance=chance)
        assert tapped.refusal is None, (game, given, tapped.refusal)
        record = tapped.data
    query = [("game", game), ("begun", "1"), *(("player", n) for n in names), *answers.items(), ("t", "axe")]
    return "/table?" + urlencode(query), record


def violations(browser, axe_source: str, page: str) -> list[str]:
    """axe-core's serious and critical violations on the page shown: rule, page, element, each."""
    if not browser.js("typeof axe !== 'undefined'"):
        browser.send("Runtime.evaluate", {"expression": axe_source})
    found = browser.send("Runtime.evaluate", {"expression": f"axe.run(document, {json.dumps(AXE_OPTIONS)})"
                                              ".then(r => r.violations)", "awaitPromise": True, "returnByValue": True,
                                              "timeout": 30000}, timeout=60)["result"]["value"]
    return [f"{v['id']} ({v['impact']}) on {page}: {' '.join(map(str, n['target']))}: {n['html'][:160]}"
            f" -- {v['help']}: {_why(n)}" for v in found if v["impact"] in SERIOUS for n in v["nodes"]]


def _why(node: dict) -> str:
    """What axe measured on the element (a contrast's ratio and colours, a missing name)."""
    return "; ".join(c["message"] for kind in ("any", "all", "none") for c in node.get(kind, []) if c.get("message"))


@dataclass
class Visits:
    """The pages seen at one screen size, and what axe found on them."""

    browser: Any
    server: str
    size: str
    axe_source: str
    found: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)     # the paths visited, without their queries

    def visit(self, path: str, ready: str = "!!document.querySelector('main')") -> None:
        self.seen.add(path.partition("?")[0])
        w, h, mobile = SIZES[self.size]
        self.browser.visit(self.server + path, ready, w, h, mobile)

    def check(self, page: str) -> None:
        """axe on the page as it is shown now; `page` names it in the report."""
        self.found.extend(violations(self.browser, self.axe_source, page))

    def table_at(self, path: str, record: dict) -> None:
        """The table at `path` showing `record` (kept in the page's storage, as a reload finds it)."""
        self.visit(path, READY)
        self.browser.js("sessionStorage.setItem('pnpkit-table:' + location.pathname + location.search, "
                        f"JSON.stringify({{record: {json.dumps(record)}, undo: []}})); window.before = true;"
                        " location.reload()")
        settle(self.browser, f"!window.before && ({READY})")


def the_tables(v: Visits) -> str:
    """The start page, the openings that ask, a game over, each game in progress; the last one saved:
    its saved game's address."""
    b = v.browser
    v.visit("/table", "!!document.querySelector('form.start')")
    v.check("/table")
    v.visit("/table?game=chestnuts", "!!document.querySelector('form.start')")
    v.check("/table?game=chestnuts (no players named)")
    for game, names in (("nuts", "&player=Ann&player=Ben"), ("forest-fire", "&player=Ann&player=Ben&player=Cat"),
                        ("fair-verona", "&player=Ann&player=Ben&player=Cat&player=Dan")):
        v.visit(f"/table?game={game}{names}", "!!document.querySelector('.ask')")          # its opening asked
        v.check(f"/table?game={game} (the opening's questions)")
    v.table_at("/table?game=trim-the-tree&player=A&t=over", parse(FINISHED, "docs").data)
    assert not b.js("document.getElementById('over').hidden")
    v.check("/table (trim-the-tree, over)")
    for game in GAMES:
        v.table_at(*in_progress(game))
        assert b.js("document.querySelectorAll('button.move').length"), game      # moves are offered
        v.check(f"/table ({game} in progress)")
        if game == "chestnuts":                                     # a try refused, with its rule shown
            b.js("document.querySelector('details.try').open = true; document.getElementById('try').value = 'e 5';"
                 " document.getElementById('trybutton').click()")
            b.wait("!document.getElementById('refusal').hidden")
            v.check("/table (chestnuts, a try refused)")
    b.js("document.getElementById('save').click()")
    settle(b, "location.pathname.startsWith('/play/') && document.querySelector('main')")
    return b.js("location.pathname")


def the_nuts_sheet(v: Visits) -> str:
    """The NUTS sheets scored as typed with a box breaking a rule; saved without a player's Bonus
    cards, refused (the sheets again), then saved; then opened again to correct: the game's address."""
    b, sheet = v.browser, "!!document.getElementById('sheet')"
    broken = "[data-problem=\"p2.goals\"]"
    type_into(b, {"p1.name": "Ann", **ticks(1, almond=3, cashew=2, peanut=4, pistachio=2), "p1.salt.1": True,
                  "p1.salt.2": True, "p1.salt.3": True, "p1.goals.salty-mama": True, "p1.bonus.B07": True,
                  "p2.name": "Ben", **ticks(2, almond=2), "p2.goals.squirrel-buddy": True,
                  "p2.bonus.B01": True})
    b.wait(f"!!document.querySelector('{broken}') &&"
           f" document.querySelector('{broken}').textContent.includes('Squirrel')")
    v.check("/sheet/nuts (filled in, a box breaking a rule)")
    type_into(b, {"p2.goals.squirrel-buddy": False, "p2.bonus.B01": False})     # Ben's Bonus cards not said
    b.js("document.getElementById('save').click()")
    settle(b, f"!!document.getElementById('refused') && {sheet}")
    v.check("/sheet/nuts/save (refused: the sheets again, with why)")
    type_into(b, {"p2.bonus.B01": True})
    b.wait("document.querySelectorAll('.broken').length === 0")
    b.js("document.getElementById('save').click()")
    settle(b, "location.pathname.startsWith('/play/') && document.querySelector('main')")
    play = b.js("location.pathname")
    v.visit(f"/sheet/nuts?play={play.split('/')[-1]}", sheet)
    v.check("/sheet/nuts?play=N (a saved game to correct)")
    return play


@pytest.mark.parametrize("size", SIZES)
def test_every_page_has_no_serious_or_critical_axe_violation(browser, server, axe_source, size):
    v = Visits(browser, server, size, axe_source)
    played = [the_tables(v)]
    for path in ("/sheet/nuts", "/sheet/in-the-nuts", "/end/chestnuts", "/end/forest-fire", "/end/trim-the-tree",
                 "/pad/moth-and-lamp"):
        v.visit(path, "!!document.getElementById('sheet')")
        v.check(path)
        if path == "/sheet/nuts":
            played.append(the_nuts_sheet(v))
    for path in ("/rules", "/rules?game=forest-fire&q=does+fire+jump+a+firebreak", "/history", "/stats", *played, "/"):
        v.visit(path)
        v.check(path)
    linked = set(browser.js("[...document.querySelectorAll('a[href^=\"/\"]')].map(a => a.pathname)"))
    assert {p for p in linked if not p.startswith(("/static/", "/play/"))} <= v.seen, "a page linked is not checked"
    browser.js(f"document.open(); document.write({json.dumps(UPDATED)}); document.close()")
    v.check("the page of a server whose pnpkit was updated")
    assert not v.found, f"{len(v.found)} serious or critical axe-core violations at {size} size:\n" + "\n".join(v.found)
