"""Playing the table page by touching it, as a person does (pnpkit/serve/static/app.js): the board's
places (SVG elements with role="button"), the short list of moves a tap offers (#pick), the dice's
faces and the things chance draws. A tap is a real mouse click at a point of the element that the
element itself receives (not one covered by another), so a place that cannot be hit fails the test."""
from __future__ import annotations

import json
import random

READY = "document.getElementById('table') && document.getElementById('table').dataset.ready"

# a point of element `el` that a click there reaches it (or something inside it), in the viewport
POINT = """(el => {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy, hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  return null;
})"""


def ready(browser) -> int:
    return int(browser.js(READY + " || 0"))


def click_at(browser, selector_js: str) -> None:
    """A real mouse click on the element `selector_js` (a JS expression) finds, where it shows."""
    point = browser.js(f"{POINT}({selector_js})")
    assert point, f"{selector_js} cannot be clicked: something covers it"
    for kind in ("mousePressed", "mouseReleased"):
        browser.send("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1], "button": "left",
                                                  "clickCount": 1})


def answered(browser, before: int) -> None:
    """Until the server's answer to a tap is shown, or the tap only chose (a place lit, a list shown)."""
    browser.wait(f"Number({READY}) > {before} || !document.getElementById('pick').hidden"
                 " || !document.getElementById('optiondice').hidden || !!document.querySelector('#board .hit.chosen')")


def buttons(browser) -> list[str]:
    """The board's places that are buttons now, by name."""
    return browser.js("[...document.querySelectorAll('#board [role=button]')].map(g => g.dataset.place)")


def tap_place(browser, place: str, nth: int = 0) -> None:
    before = ready(browser)
    click_at(browser, f"[...document.querySelectorAll('#board [role=button]')].filter(g => g.dataset.place === {json.dumps(place)})[{nth}]")
    answered(browser, before)


def tap_choice(browser, words: str | None = None, rng: random.Random | None = None) -> str:
    """Tap a move in the list a tap offered (#pick): the one in `words`, or one at random."""
    offered = browser.js("[...document.querySelectorAll('#pick button.choice')].map(b => b.textContent)")
    assert offered, "no list of moves is offered"
    pick = words if words is not None else (rng or random).choice(offered)
    k = offered.index(pick)
    before = ready(browser)
    click_at(browser, f"document.querySelectorAll('#pick button.choice')[{k}]")
    browser.wait(f"Number({READY}) > {before} || !document.getElementById('optiondice').hidden")
    return pick


def roll(browser, faces: list[int]) -> None:
    """Tap each die's face on the chance pad (the last face sends the roll)."""
    before = ready(browser)
    for die, face in enumerate(faces):
        click_at(browser, f"document.querySelector('#chancedice button.face[data-die=\"{die}\"][data-face=\"{face}\"]')")
    browser.wait(f"Number({READY}) > {before}")


def draw(browser, rng: random.Random) -> list[str]:
    """Tap things chance draws (a box of ornaments) on the draw pad, until it sends them (or, where
    the record writes a choice with it, until that choice is offered in words: one is tapped)."""
    before, got = ready(browser), []
    while ready(browser) == before:
        if not browser.js("document.getElementById('pick').hidden"):
            got.append(tap_choice(browser, rng=rng))
            break
        left = browser.js("[...document.querySelectorAll('#chancedice button.draw:not(:disabled)')].map(b => b.dataset.draw)")
        if not left:
            break
        got.append(rng.choice(left))
        click_at(browser, f"document.querySelector('#chancedice button.draw[data-draw={json.dumps(got[-1])}]')")
        browser.wait(f"Number({READY}) > {before} || !document.getElementById('pick').hidden"
                     f" || document.querySelector('#chancedice .rolls').textContent.includes('Drawn {len(got)} ')")
    browser.wait(f"Number({READY}) > {before}")
    return got


def option_pad(browser, rng: random.Random, dice_for=None) -> str:
    """The dice rolled, or the card drawn, for a move taken (#optiondice): `dice_for(what, dice, faces)`
    chooses the faces (a roll that must offer a space), else they are random."""
    what = browser.js("document.getElementById('optionwhat').textContent")
    before = ready(browser)
    kinds = browser.js("[...document.querySelectorAll('#optiondice button.draw:not(:disabled)')].map(b => b.dataset.draw)")
    if kinds:
        kind = rng.choice(kinds)
        click_at(browser, f"document.querySelector('#optiondice button.draw[data-draw={json.dumps(kind)}]')")
        browser.wait(f"Number({READY}) > {before}")
        return f"{what} / {kind}"
    n = browser.js("document.querySelectorAll('#optiondice .dierow').length")
    faces = browser.js("document.querySelectorAll('#optiondice .dierow')[0].querySelectorAll('button.face').length")
    shown = dice_for(what, n, faces) if dice_for else [rng.randint(1, faces) for _ in range(n)]
    for die, face in enumerate(shown):
        click_at(browser, f"document.querySelector('#optiondice button.face[data-die=\"{die}\"][data-face=\"{face}\"]')")
    browser.wait(f"Number({READY}) > {before}")
    return f"{what} / {' '.join(map(str, shown))}"


def tap_a_move(browser, rng: random.Random, dice_for=None) -> str:
    """One move made by touch alone: a lit place, then (if it asks) where it goes and which of the
    moves that share those taps; or the dice, or a draw. Says what was tapped."""
    said = []
    opened = "!document.getElementById('optiondice').hidden"
    off = browser.js("[...document.querySelectorAll('#offmoves button')].map(b => b.textContent)")
    if off and (not buttons(browser) or rng.random() < 0.1):     # a move no place shows (a turn's end)
        k = rng.randrange(len(off))
        before = ready(browser)
        click_at(browser, f"document.querySelectorAll('#offmoves button')[{k}]")
        browser.wait(f"Number({READY}) > {before}")
        return off[k]
    for _ in range(4):
        if not browser.js("document.getElementById('pick').hidden"):
            if browser.js("document.querySelectorAll('#pick button.choice').length") and (
                    browser.js("document.getElementById('pick').dataset.step") == "which" or rng.random() < 0.3):
                said.append(tap_choice(browser, rng=rng))
                if browser.js(opened):
                    said.append(option_pad(browser, rng, dice_for))
                return " / ".join(said)
        lit = buttons(browser)
        if not lit:
            break
        chosen = browser.js("(document.querySelector('#board .hit.chosen') || {dataset: {}}).dataset.place || ''")
        targets = [p for p in lit if p != chosen]
        place = rng.choice(targets or lit)
        before = ready(browser)
        tap_place(browser, place, rng.randrange(lit.count(place)))
        said.append(place)
        if browser.js(opened):
            said.append(option_pad(browser, rng, dice_for))
        if ready(browser) > before:
            return " / ".join(said)
    if said:
        raise AssertionError(f"taps {said} made no move")
    dice = browser.js("(() => { const p = document.querySelector('#chancedice .dicepad:not(.drawpad)');"
                      " if (!p || document.getElementById('chancebox').hidden) return null;"
                      " return [Number(p.dataset.rolls), p.querySelectorAll('.dierow').length,"
                      " p.querySelector('.dierow').querySelectorAll('button.face').length]; })()")
    if dice:
        rolls, n, faces = dice
        before = ready(browser)
        for _ in range(rolls):          # the last face of the last roll sends them
            for die in range(n):
                face = rng.randint(1, faces)
                click_at(browser, f"document.querySelector('#chancedice button.face[data-die=\"{die}\"][data-face=\"{face}\"]')")
        browser.wait(f"Number({READY}) > {before}")
        return "roll"
    if browser.js("!!document.querySelector('#chancedice .drawpad')"):
        return "draw " + ", ".join(draw(browser, rng))
    raise AssertionError("nothing to tap: " + browser.js("document.querySelector('.tablegrid').innerText")[:600])


def press(browser, key: str) -> None:
    """A real key press on the focused element: Enter, Space or Escape."""
    code, text = {"Enter": (13, "\r"), " ": (32, " "), "Escape": (27, "")}[key]
    name = "Space" if key == " " else key
    browser.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "code": name, "windowsVirtualKeyCode": code,
                                            **({"text": text} if text else {})})
    browser.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": name, "windowsVirtualKeyCode": code})


def focused(browser) -> dict:
    """What has the keyboard's focus: its place on the board (if any), its label and text."""
    return browser.js("(() => { const e = document.activeElement; return {place: e.dataset ? e.dataset.place || '' : '',"
                      " label: e.getAttribute('aria-label') || '', text: e.textContent.trim().slice(0, 200),"
                      " role: e.getAttribute('role') || e.tagName.toLowerCase()}; })()")
