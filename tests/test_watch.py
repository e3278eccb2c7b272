"""`pnpkit build KIT --watch`: a change to the kit's deck rebuilds it, and the preview page in a
real browser reloads itself; a broken deck shows its error there."""
from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

from pnpkit.generator.options import PrintOptions
from pnpkit import cmd_watch

STAMP = "document.body && document.readyState === 'complete' && document.body.dataset.stamp"
EXAMPLE = Path(__file__).parent.parent / "examples" / "tide-pools"


def wait(what, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    raise TimeoutError("waited in vain")


def test_watch_rebuilds_and_the_page_reloads_itself(tmp_path, browser):
    kit = tmp_path / "tide-pools"
    shutil.copytree(EXAMPLE, kit)
    out = tmp_path / "out"
    stop = threading.Event()
    options = PrintOptions("a4", only=("pools",))  # a small build: the test is about the loop
    states = []
    thread = threading.Thread(target=lambda: states.append(
        cmd_watch.watch(str(kit / "tide-pools.yaml"), out, options, stop=stop, debounce_ms=100)))
    thread.start()
    try:
        page = out / "tide-pools" / "watch.html"
        wait(page.exists)
        time.sleep(0.5)  # let the watcher start before the first change
        browser.open(page)
        first = browser.js(STAMP)
        assert browser.js("document.querySelectorAll('#pages img').length") == 2  # the cover and the pool tiles
        # a designer edits the deck: the page reloads itself with the new build
        with open(kit / "creatures.csv", "a") as f:
            f.write("X1,crab,Hermit crab,7,1\n")
        wait(lambda: browser.js(STAMP) not in (first, None, False))
        assert browser.js("document.getElementById('count').textContent") == "2"
        second = browser.js(STAMP)
        # a broken deck: the page says what and where, and keeps the last good pictures
        with open(kit / "creatures.csv", "a") as f:
            f.write("X2,crab,Hermit crab,7,many\n")
        wait(lambda: browser.js(STAMP) not in (second, None, False))
        problem = browser.js("document.querySelector('.problem') && document.querySelector('.problem').textContent")
        assert "creatures.csv row 33, column E (count)" in problem
        assert browser.js("document.querySelectorAll('#pages img').length") == 2
    finally:
        stop.set()
        thread.join(10)
    assert states and states[0].builds == 3
