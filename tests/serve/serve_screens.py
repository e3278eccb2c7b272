"""Screenshots of every screen of `pnpkit serve` for docs/keeping-score.md, taken from headless
Chromium at a laptop's size (1280x800) and a phone's (390x844). Not a test: run it when a screen
changes, then look at each picture,

    python tests/serve_screens.py docs/img

The history it shows is a family's: games played by the simulator and the records of docs/records/,
saved as `pnpkit serve` saves them; the tapped game is played by tapping, as a person does.
"""
from __future__ import annotations

import json
import re
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import uvicorn

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parents[1])]  # tests/serve and tests/

from cdp_browser import Chromium, executable  # noqa: E402
from test_serve_browser import ticks, type_into  # noqa: E402  (the sheet filled as the test fills it)

from pnpkit.serve.app import Settings, create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"laptop": (1280, 800, False), "phone": (390, 844, True)}
FAMILY = ["Ann", "Ben", "Cat"]
READY = "document.getElementById('table') && document.getElementById('table').dataset.ready"
FF_ANSWERS = {"players.0.role": "hotshot", "players.0.start": "0 3", "players.1.role": "smoke-jumper",
              "players.1.start": "5 0", "players.2.role": "pilot", "players.2.start": "",
              "setup.firebreaks": "2 5", "setup.fires": "1 3, 1 4, 4 4, 4 4, 5 1, 6 6"}


def simulated(game: str, seed: int, names: list[str]) -> str:
    """A finished game played by the simulator's random players, as its record's YAML."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games import load
    from pnpkit.scorer.sim import match as matches
    from pnpkit.scorer.sim.run import rngs
    from pnpkit.serve.sheets import to_yaml
    described = load(game)
    kit = load_kit(game, components=False)
    chance, choices = rngs(seed, 0)
    m = described.sim_module().new(kit, names, matches.setups(described, kit, len(names), None, None)[0], chance)
    while m.to_move() is not None:
        m.play(m.sample(choices))
    return to_yaml(m.record())


def history(store) -> None:
    """A family's history: simulated games and the finished records of docs/records/."""
    from pnpkit.scorer import api
    texts = [simulated("chestnuts", s, FAMILY[:2] if s % 2 else FAMILY[1:]) for s in range(1, 5)]
    texts += [simulated("trim-the-tree", s, FAMILY) for s in range(1, 3)]
    for doc in sorted((ROOT / "docs" / "records").glob("*.md")):
        texts += re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    days = iter(f"2026-11-{d:02d}" for d in range(1, 29))
    for text in texts:
        result = api.score_text(text, "record")
        if result.finished and result.valid:
            store.save(text, result, played=next(days))


def serve(data: Path):
    app = create_app(Settings(data))
    history(app.state.store)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.02)
    return srv, f"http://127.0.0.1:{port}"


class Shots:
    def __init__(self, browser: Chromium, base: str, out: Path) -> None:
        self.browser, self.base, self.out = browser, base, out

    def visit(self, path: str, size: str, ready: str = "true") -> None:
        w, h, mobile = SIZES[size]
        self.browser.visit(self.base + path, ready, w, h, mobile)

    def shoot(self, name: str, whole: bool = True) -> None:
        """The page (whole: all of it, else the screen as first seen) as docs/img/NAME.png."""
        b = self.browser
        b.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        png = b.page_png() if whole else _screen(b)
        _small(png, self.out / f"{name}.png")
        print("wrote", self.out / f"{name}.png")

    def shoot_at(self, name: str, selector: str, block: str = "start") -> None:
        """The screen scrolled to what `selector` finds (the board, a place on it), as docs/img/NAME.png."""
        b = self.browser
        b.js(f"document.querySelector({json.dumps(selector)}).scrollIntoView({{block: {json.dumps(block)}}})")
        time.sleep(0.3)
        _small(_screen(b), self.out / f"{name}.png")
        print("wrote", self.out / f"{name}.png")

    def at(self, path: str, size: str, record: dict) -> None:
        """The table at `path` showing `record` (kept in the page's storage, as a reload finds it)."""
        self.visit(path, size, READY)
        self.browser.js("sessionStorage.setItem('pnpkit-table:' + location.pathname + location.search, "
                        f"JSON.stringify({{record: {json.dumps(record)}, undo: []}})); window.before = true;"
                        " location.reload()")
        self.browser.wait(f"(() => {{ try {{ return !window.before && !!({READY}); }} catch (e) {{ return false; }} }})()")

    def tap(self, place: str) -> None:
        """A place on the board tapped (its button, the rect over it)."""
        self.browser.js(f"document.querySelector('#board .hit[role=button][data-place={json.dumps(place)}]')"
                        ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")

    def act(self, js: str) -> None:
        before = int(self.browser.js(READY + " || 0"))
        self.browser.js(js)
        self.browser.wait(f"Number({READY}) > {before}")


def _small(png: bytes, path: Path) -> None:
    """A screenshot in 256 colours, undithered: the text stays sharp, the file a third the size."""
    from io import BytesIO

    from PIL import Image
    image = Image.open(BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def _screen(b: Chromium) -> bytes:
    import base64
    return base64.b64decode(b.send("Page.captureScreenshot", {"format": "png"})["data"])


NUTS_SETUP = {"setup.squirrel": "10", "setup.bonus.0.keep": "B01 B09", "setup.bonus.0.drop": "B17",
              "setup.bonus.1.keep": "B03 B10", "setup.bonus.1.drop": "B22"}
VERONA_SETUP = {"difficulty": "Easy", "players.0.identity": "9C", "players.1.identity": "QH",
                "players.2.identity": "2S", "players.3.identity": "AD", "clue": "5S"}
TAPPED = {  # (players, answers, taps: (chance?, what)) to the position each tapped-table picture shows
    "nuts": (["Ann", "Ben"], NUTS_SETUP, [(True, "2"), (True, "al ca al pi pe pe al pi ca ca al pi pe"),
                                          (False, "build X 1:1-2"), (False, "end"), (True, "2"),
                                          (False, "build X 1:3-4"), (False, "end"), (True, "5"), (True, "1"),
                                          (False, "refill pe pi"), (False, "end")]),
    "fair-verona": (["Ann", "Ben", "Cat", "Dan"], VERONA_SETUP, [(False, "draw R7")]),
    # Ann has built once, 2 tokens left, no Matching Path through her tile: most moves lead to a dead end
    "nuts-dead-end": (["Ann", "Ben", "Cat"], {"setup.squirrel": "7", "setup.bonus.0.keep": "B01 B09",
                                              "setup.bonus.0.drop": "B17", "setup.bonus.1.keep": "B05",
                                              "setup.bonus.1.drop": "B22", "setup.bonus.2.keep": "B03 B07 B16",
                                              "setup.bonus.2.drop": "B02"},
                      [(True, "1"), (True, "ca pe al pe ca pe pe ca pe pi al ca pi pi al"), (False, "build SR 3:3-4")]),
}


def _tapped(game: str) -> tuple[list[tuple[str, str]], dict]:
    """The table's address for `game` begun, and its record taken to the position pictured."""
    from pnpkit.serve import tapping
    names, answers, taps = TAPPED[game]
    game = game.removesuffix("-dead-end")
    record = tapping.new_record(game, names, answers)
    for chance, given in taps:
        record = tapping.tap(record, given, chance=chance).data
    return [("game", game), ("begun", "1"), *(("player", n) for n in names), *answers.items()], record


def main(out: Path) -> None:
    exe = executable()
    assert exe, "no Chromium on the PATH"
    out.mkdir(parents=True, exist_ok=True)
    srv, base = serve(Path(tempfile.mkdtemp(prefix="pnpkit-screens-")))
    browser = Chromium(exe)
    try:
        s = Shots(browser, base, out)
        for size in SIZES:
            s.visit("/", size)
            s.shoot(f"serve-home-{size}", whole=size == "phone")
        # a Forest Fire game begun: what it asks before the first round, the dice tapped
        ff = [("game", "forest-fire")] + [("player", n) for n in FAMILY]
        for size in SIZES:
            s.visit("/table?" + urlencode(ff + [("t", "ask")]), size, "!!document.querySelector('.dicepad')")
            browser.js("document.querySelectorAll('#ask-setup-fires button.face')[2].click();"
                       "document.querySelectorAll('#ask-setup-fires button.face')[9].click();"
                       "document.querySelectorAll('#ask-setup-fires button.face')[0].click()")
            s.shoot(f"serve-start-{size}")
        s.visit("/table?" + urlencode([("game", "fair-verona")] + [("player", n) for n in FAMILY + ["Dan"]]
                                      + [("t", "fv")]), "phone", "!!document.querySelector('form.start')")
        s.shoot("serve-start-verona-phone")
        for size in SIZES:
            s.visit("/table?" + urlencode(ff + [("begun", "1"), ("t", f"ff-{size}"), *FF_ANSWERS.items()]), size, READY)
            for move in ("extinguish 1 3", "extinguish 1 4", "extinguish 5 1"):
                s.act(f"document.querySelector('button.move[data-move={json.dumps(move)}]').click()")
            s.shoot(f"serve-tapping-{size}", whole=size == "phone")
        # Chestnuts on the board: the Basket tapped, the Fire lit; the Fire tapped, its two moves in words
        for size in SIZES:
            s.visit("/table?" + urlencode([("game", "chestnuts"), ("player", "Ann"), ("player", "Ben"),
                                           ("t", f"b-{size}")]), size, READY)
            s.act("document.querySelector('#chancedice button.face[data-face=\"6\"]').click()")
            for move in ("l", "a"):
                s.act(f"document.querySelector('button.move[data-move={json.dumps(move)}]').click()")
            tap = ("[...document.querySelectorAll('#board [role=button]')].find(g => g.dataset.place === {0})"
                   ".dispatchEvent(new MouseEvent('click', {{bubbles: true}}))")
            browser.js(tap.format(json.dumps("basket")))
            browser.js("document.getElementById('pick').scrollIntoView()")
            s.shoot(f"serve-board-{size}", whole=False)
            browser.js(tap.format(json.dumps("fire")))
            browser.js("document.getElementById('pick').scrollIntoView()")
            s.shoot(f"serve-board-choice-{size}", whole=False)
        # Chestnuts: the die to tap, then a try refused with its rule
        for size in SIZES:
            s.visit("/table?" + urlencode([("game", "chestnuts"), ("player", "Ann"), ("player", "Ben"),
                                           ("t", f"c-{size}")]), size, READY)
            if size == "phone":
                s.shoot("serve-dice-phone", whole=False)
            s.act("document.querySelector('#chancedice button.face[data-face=\"5\"]').click()")
            browser.js("document.querySelector('details.try').open = true;"
                       "document.getElementById('try').value = 'e 3'; document.getElementById('trybutton').click()")
            browser.wait("!document.getElementById('refusal').hidden")
            s.shoot(f"serve-refused-{size}", whole=False)
        # the board tapped: NUTS' Order in slot 7 chosen, the empty slots it may go to lit; Fair Verona's
        # tile in hand as ghost tiles where it fits, one turn of each shown
        nuts, verona = _tapped("nuts"), _tapped("fair-verona")
        for size in SIZES:
            s.at("/table?" + urlencode(nuts[0] + [("t", f"n-{size}")]), size, nuts[1])
            s.tap("order-7")
            browser.wait("!!document.querySelector('#board .hit.chosen')")
            s.shoot_at(f"serve-nuts-board-{size}", "#board .hit.chosen", "center")
            s.at("/table?" + urlencode(verona[0] + [("t", f"v-{size}")]), size, verona[1])
            browser.wait("!document.getElementById('turntile').hidden")
            s.shoot_at(f"serve-verona-ghosts-{size}", ".position")
        # NUTS: a cell tapped where each of its moves leads to a dead end, marked in words; the opening's
        # Bonus cards tapped on the deck's buttons
        dead = _tapped("nuts-dead-end")
        for size in SIZES:
            s.at("/table?" + urlencode(dead[0] + [("t", f"d-{size}")]), size, dead[1])
            browser.wait("document.getElementById('table').dataset.ahead === 'done'")
            s.tap("conveyor-1 1 1")
            browser.wait("!document.getElementById('pick').hidden")
            s.shoot_at(f"serve-nuts-dead-end-{size}", "#pick", "center")
        s.visit("/table?" + urlencode([("game", "nuts")] + [("player", n) for n in ("Ann", "Ben")]), "laptop",
                "!!document.querySelector('.dicepad')")
        for card in ("B01", "B09"):
            browser.js(f"document.querySelector('#ask-setup-bonus-0-keep button.draw[data-draw={card}]').click()")
        browser.js("document.querySelector('#ask-setup-bonus-0-drop button.draw[data-draw=B17]').click()")
        s.shoot_at("serve-start-nuts-laptop", "#ask-setup-bonus-0-keep")
        for size in SIZES:
            s.visit("/history", size)
            s.shoot(f"serve-history-{size}", whole=size == "phone")
            s.visit("/stats", size)
            s.shoot(f"serve-stats-{size}", whole=size == "phone")
            s.visit("/rules?" + urlencode({"game": "forest-fire", "q": "does fire jump a firebreak"}), size)
            s.shoot(f"serve-rules-{size}", whole=False)
            s.visit("/play/1", size)
            s.shoot(f"serve-play-{size}", whole=size == "phone")
        for size in SIZES:
            s.visit("/sheet/nuts", size, "!!document.getElementById('sheet')")
            type_into(browser, {"p1.name": "Ann", **ticks(1, almond=3, cashew=2, peanut=4, pistachio=2),
                                "p1.salt.1": True, "p1.salt.2": True, "p1.salt.3": True, "p1.goals.salty-mama": True, "p1.bonus.B07": True,
                                "p2.name": "Ben", **ticks(2, almond=6), "p2.bonus.B01": True})
            browser.wait("document.getElementById('p1.points.total').textContent.trim() !== ''")
            time.sleep(0.5)
            s.shoot(f"serve-sheet-{size}", whole=size == "phone")
    finally:
        browser.close()
        srv.should_exit = True


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "img"))
