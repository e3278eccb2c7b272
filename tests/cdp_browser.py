"""A real headless Chromium for the tests, driven over the DevTools protocol on a pipe.

`--remote-debugging-pipe` makes Chromium read commands on fd 3 and answer on fd 4, each message
JSON ended by a NUL byte: no websocket, no driver, no extra package. One browser is started for
the whole test session (conftest.py `browser`); each test opens its page in it.
"""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

EXECUTABLES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def executable() -> str | None:
    """PNPKIT_CHROMIUM names a browser; otherwise the first of EXECUTABLES on the PATH."""
    named = os.environ.get("PNPKIT_CHROMIUM")
    if named:
        return shutil.which(named)
    return next((p for p in map(shutil.which, EXECUTABLES) if p), None)


class Chromium:
    def __init__(self, exe: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="pnpkit-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def plumb() -> None:          # in the child: its fd 3 reads our commands, fd 4 answers
            r, w = os.dup(to_browser_r), os.dup(from_browser_w)   # first out of the way of 3 and 4
            os.dup2(r, 3)
            os.dup2(w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen(
            [exe, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
             f"--user-data-dir={self.profile}", "--window-size=1400,1000", "about:blank"],
            preexec_fn=plumb, close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._id = 0
        self.session: str | None = None
        self.origins: set[str] = set()   # the origins visited since `forget`

    # ---- the protocol

    def send(self, method: str, params: dict | None = None, session: bool = True, timeout: float = 20.0) -> dict:
        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    # ---- a page

    def open(self, path: Path, hash_: str = "") -> None:
        """Open a page in a fresh tab and wait until it has loaded and run its scripts."""
        self._go(path.resolve().as_uri() + hash_, 1400, 1000, False)
        deadline = time.monotonic() + 20
        while not self.js("!window.pnpkitLeft && document.readyState === 'complete'"
                          " && !!document.getElementById('count') && document.getElementById('count').textContent"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} did not load")
            time.sleep(0.02)

    def visit(self, url: str, ready: str = "true", width: int = 1280, height: int = 800, mobile: bool = False) -> None:
        """Open a URL (a served page) in a fresh tab at a screen size, and wait until `ready` holds."""
        self._go(url, width, height, mobile)
        self.wait(f"!window.pnpkitLeft && document.readyState === 'complete' && ({ready})")

    def _go(self, url: str, width: int, height: int, mobile: bool) -> None:
        """Navigate to `url` as a fresh tab would show it. The session's one tab is reused (a new
        tab costs Chromium a renderer process, 0.26 s of CPU against 0.09 s for a navigation in
        the same one): what a fresh tab would not have is cleared first (the page's sessionStorage,
        the one store a tab keeps to itself), and a URL that differs from the page shown only by
        its #fragment goes through about:blank, so that it is loaded again rather than scrolled
        to. The page left is marked (window.pnpkitLeft) so that no wait mistakes it for the new one."""
        if self.session is None:
            self.target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
            self.session = self.send("Target.attachToTarget", {"targetId": self.target, "flatten": True},
                                     session=False)["sessionId"]
        else:
            here = self._holds("(() => { try { sessionStorage.clear(); } catch (e) {} window.pnpkitLeft = true;"
                               " return location.href; })()") or ""
            if here.partition("#")[0] == url.partition("#")[0]:
                self.send("Page.navigate", {"url": "about:blank"})
                self.wait("location.href === 'about:blank' && !window.pnpkitLeft")
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                         "mobile": mobile})
        self.send("Page.navigate", {"url": url})
        if url.startswith("http"):
            self.origins.add("/".join(url.split("/")[:3]))

    def forget(self) -> None:
        """What the pages of the origins visited kept in the browser's profile (a sheet's draft in
        localStorage, kept across a restart of the server, as it should be) is cleared: the next
        test starts from what a person who never typed there sees, whichever test ran before it."""
        for origin in self.origins:
            self.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
        self.origins.clear()

    def wait(self, condition: str, seconds: float = 20) -> None:
        """Until `condition` holds. Asked while a form's submit replaces the page, Chromium may answer
        "Inspected target navigated or closed": that is "not yet", asked again (a loaded machine)."""
        deadline = time.monotonic() + seconds
        while not self._holds(condition):
            if time.monotonic() > deadline:
                raise TimeoutError(f"never true: {condition}")
            time.sleep(0.02)

    def _holds(self, condition: str) -> Any:
        try:
            return self.js(condition)
        except RuntimeError as e:
            if "navigated or closed" in str(e) or "context" in str(e).lower():
                return False
            raise

    def page_png(self) -> bytes:
        """The whole page as the screen shows it, as a PNG."""
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"])

    def js(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key: str) -> None:
        """A real key press (keydown, keyup), as a person's keyboard sends it."""
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                 "windowsVirtualKeyCode": codes[key]})

    def screenshot(self, selector: str) -> bytes:
        """A PNG of the element `selector`, as the screen shows it."""
        box = self.js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                      f" return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }})()")
        clip = {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}
        data = self.send("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True})
        return base64.b64decode(data["data"])

    def close(self) -> None:
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:  # noqa: BLE001 - it is going away either way
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
