"""`pnpkit build KIT --watch`: a change to the kit's deck rebuilds it, and the preview page in a
real browser reloads itself; a broken deck shows its error there; each build runs under the
worker's limits."""
from __future__ import annotations

import html
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import hostile_art

from pnpkit.generator.options import PrintOptions
from pnpkit import cmd_watch

STAMP = "document.body && document.readyState === 'complete' && document.body.dataset.stamp"
EXAMPLE = Path(__file__).parents[2] / "examples" / "tide-pools"


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


@pytest.mark.parametrize("limit, says", [({"PNPKIT_WORKER_MB": "150"}, "more than the 150 MB of memory one kit may use"),
                                         ({"PNPKIT_WORKER_CPU": "1"}, "more than 1 s of CPU time")])
def test_a_watched_build_runs_under_the_workers_limits(tmp_path, limit, says):
    """`--watch` lives for hours and builds whatever is saved into the kit's folder: each build
    runs in a worker under the limits of `pnpkit build` (it once built with none). A kit past
    them is said on the page and in the terminal, and the watching goes on; Ctrl-C ends it."""
    kit = hostile_art.write(hostile_art.BY_NAME["board-png"], tmp_path / "kit")
    out = tmp_path / "out"
    p = subprocess.Popen([sys.executable, "-m", "pnpkit", "build", str(kit), "--watch", "--paper", "a4", "--out", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **limit})
    try:
        pages = lambda: list(out.glob("*/watch.html"))  # noqa: E731 (out/kit/: no build has read the game's id)
        wait(lambda: pages() or p.poll() is not None, timeout=180)
        time.sleep(0.5)  # past the first build, watching
        assert p.poll() is None, p.communicate()
        assert f"{kit}: the work on it needed {says}" in html.unescape(pages()[0].read_text())
        p.send_signal(signal.SIGINT)
        stdout, stderr = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode == 130, stderr
    assert stderr == (f"pnpkit: {kit}: the work on it needed {says}; a kit must be smaller or simpler\n"
                      "pnpkit: interrupted; nothing was half-written (outputs are replaced whole or not at all)\n")
    assert "stopped watching" in stdout
