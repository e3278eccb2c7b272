"""Hostile kits made of pictures (issue 28): each inside the per-file limits of docs/safety.md, each
once a crash, an exit 3, or seconds and gigabytes. Written as files by `write(case, folder)`, so
tests/test_budget.py and bench/fuzz.py build them as a stranger's kit; the small ones are also
kept in tests/corpus/budget/ (`python tests/hostile_art.py` writes them there again).

A 6000 x 6000 picture costs 108 MB once decoded but a few KB as a one-bit PNG, which is what
makes these cheap to keep and dear to open.
"""
from __future__ import annotations

import base64
import io
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

CORPUS = Path(__file__).parents[1] / "corpus" / "budget"
KEEP_BYTES = 200_000  # files larger than this are made by the test, not kept in the repository


@lru_cache(maxsize=None)
def big_png(seed: int = 0, w: int = 6000, h: int = 6000) -> bytes:
    """A w x h one-bit PNG, different for every seed (so no two are the same picture)."""
    from PIL import Image, ImageDraw
    im = Image.new("1", (w, h), 1)
    draw = ImageDraw.Draw(im)
    for i in range(3 + seed % 5):
        x, y = (seed * 397 + i * 701) % max(1, w - 50), (seed * 211 + i * 313) % max(1, h - 50)
        draw.rectangle((x, y, x + 40 + seed, y + 40 + i), fill=0)
    out = io.BytesIO()
    im.save(out, "PNG", optimize=True)
    return out.getvalue()


def _svg(body: str, head: str = "", size: int = 100) -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{size}" height="{size}" viewBox="0 0 {size} {size}">{head}{body}</svg>').encode()


def _data(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def svg_use_200() -> bytes:
    image = f'<defs><image id="p" width="10" height="10" xlink:href="{_data(big_png(0))}"/></defs>'
    uses = "".join(f'<use xlink:href="#p" x="{i % 10 * 10}" y="{i // 10 % 10 * 10}"/>' for i in range(200))
    return _svg(uses, image)


def svg_20_pictures() -> bytes:
    return _svg("".join(f'<image x="{i * 5}" width="5" height="5" xlink:href="{_data(big_png(i + 1))}"/>'
                        for i in range(20)))


def svg_text(attrs: str) -> bytes:
    return _svg(f'<text x="10" y="50" {attrs}>Hello</text>')


def svg_rects(n: int = 49_000) -> bytes:
    return _svg("".join(f'<rect x="{i % 100}" y="{i // 100 % 100}" width="1" height="1" fill="#{i % 4096:03x}"/>'
                        for i in range(n)))


def svg_long_path(numbers: int = 990_000) -> bytes:
    pairs = " ".join(f"{i % 100} {i * 7 % 100}" for i in range(numbers // 2))
    return _svg(f'<path d="M {pairs}" stroke="black" fill="none"/>')


def svg_style_rules(rules: int = 300_000) -> bytes:
    css = "".join(f".a{i:x}{{x:0}}" for i in range(rules))
    return _svg('<rect class="a1" width="50" height="50"/>' * 20, f"<style>{css}</style>")


def svg_attributes(n: int = 60_000) -> bytes:
    """One element of `n` attributes (649 KB at 60,000): lxml and svglib read an element's attributes
    in time that grows with the square of their number, in C code that no Ctrl-C interrupts."""
    attributes = " ".join(f'a{i}="1"' for i in range(n))
    return _svg(f'<rect width="50" height="50" {attributes}/>')


def svg_css(css: str) -> bytes:
    return _svg('<rect class="a" width="50" height="50"/>', f"<style>{css}</style>")


def clear_png(seed: int) -> bytes:
    """big_png with its white see-through (a transparent colour: decoded as RGBA, 144 MB)."""
    from PIL import Image
    out = io.BytesIO()
    Image.open(io.BytesIO(big_png(seed))).save(out, "PNG", transparency=255, optimize=True)
    return out.getvalue()


@lru_cache(maxsize=None)
@lru_cache(maxsize=2)
def photo(fmt: str) -> bytes:
    """(Made once a test process: 1.7-2.4 s each.) A 6000 x 6000 photograph (colour fields with a camera's noise over them) as PNG or JPEG: unlike
    big_png it compresses poorly (noise has no pattern), so its file is tens of MB where big_png's is
    a few KB, and every copy written again costs seconds. The PNG's noise covers the lower part of
    it, so that the file stays within the 30 MB a picture may be; the JPEG's covers all of it."""
    import random
    from PIL import Image, ImageChops
    side, noisy = 6000, {"PNG": 1400, "JPEG": 6000}[fmt]
    im = Image.frombytes("RGB", (24, 24), random.Random(7).randbytes(24 * 24 * 3)).resize(
        (side, side), Image.Resampling.BICUBIC)
    noise = Image.effect_noise((side, noisy), 10)
    band = im.crop((0, side - noisy, side, side))
    im.paste(Image.merge("RGB", [ImageChops.add(c, noise, 1, -128) for c in band.split()]), (0, side - noisy))
    out = io.BytesIO()
    im.save(out, fmt, **({"compress_level": 1} if fmt == "PNG" else {"quality": 92}))
    return out.getvalue()


def board(art: str) -> str:
    """A kit of one 250 mm tile showing the picture `art` whole (6000 pixels over it: 610 dpi)."""
    return f"""game: {{id: hostile, title: Hostile art, players: "2"}}
components:
  - kind: tiles
    name: board
    size: 250x250mm
    count: 1
    front: {{art: {art}, art_box: full}}
"""


BOARD = board("art/board.png")


def kit_of(arts: list[str]) -> str:
    """A kit file with one card component per picture, each drawing it on its face."""
    lines = ["game: {id: hostile, title: Hostile art, players: \"2\"}", "components:"]
    for i, art in enumerate(arts):
        lines += [f"  - kind: cards", f"    name: c{i}", "    count: 1", f"    front: {{art: {art}}}"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Case:
    """One hostile kit: its files, the exit codes it may end with, and what its message must say."""

    name: str
    files: dict[str, Callable[[], bytes]]
    codes: tuple[int, ...]
    says: str  # a piece of its one-line message ("" when it builds)
    row: str   # the row it answers
    arts: tuple[str, ...] = field(default=())
    text: str = ""  # the kit file, when it is not one card per picture

    def kit(self) -> str:
        return self.text or kit_of(list(self.arts or self.files))


CASES = [
    Case("svg-use-200", {"art/use.svg": svg_use_200}, (0, 2), "",
         "an SVG that embeds one 6000x6000 PNG and draws it 200 times with <use>"),
    Case("svg-20-pictures", {"art/many.svg": svg_20_pictures}, (2,), "pixels",
         "an SVG holding 20 different 6000x6000 pictures"),
    Case("three-pngs", {f"art/p{i}.png": (lambda i=i: big_png(10 + i)) for i in range(3)}, (2,), "pixels",
         "three 6000x6000 PNGs as art"),
    Case("one-png", {"art/p.png": lambda: big_png(9)}, (0, 2), "", "one 6000x6000 PNG as art (the largest picture)"),
    Case("board-png", {"art/board.png": lambda: clear_png(12)}, (0, 2), "",
         "one 6000x6000 picture with transparency printed whole (586 dpi on a 250 mm tile): kept at full "
         "resolution, the most pixels a kit's PDF holds", text=BOARD),
    Case("board-photo-png", {"art/board.png": lambda: photo("PNG")}, (0,), "",
         "a 6000x6000 photograph (noisy: a 30 MB PNG) printed whole on a 250 mm tile (once 11 s, exit 2 at "
         "the worker's 1 GB: re-encoded into every SVG page)", text=BOARD),
    Case("board-photo-jpg", {"art/board.jpg": lambda: photo("JPEG")}, (0,), "",
         "a 6000x6000 photograph as a JPEG printed whole on a 250 mm tile", text=board("art/board.jpg")),
    Case("long-png", {"art/long.png": lambda: big_png(0, 1, 36_000_000)}, (2,), "a side",
         "one 1x36,000,000 PNG"),
    Case("eight-pngs", {f"art/p{i}.png": (lambda i=i: big_png(20 + i)) for i in range(8)}, (2,), "pixels",
         "eight 6000x6000 PNGs (once refused as template time)"),
    Case("svg-font-1e30", {"art/font.svg": lambda: svg_text('font-size="1e30"')}, (2,), "1e30",
         "SVG text with font-size=\"1e30\""),
    Case("svg-x-1e300", {"art/x.svg": lambda: svg_text('x="1e300"').replace(b'x="10" ', b"")}, (2,), "1e300",
         "SVG text with x=\"1e300\""),
    Case("svg-49000-rects", {"art/rects.svg": svg_rects}, (2,), "elements", "an SVG of 49,000 <rect>"),
    Case("svg-path-990000", {"art/path.svg": svg_long_path}, (2,), "numbers", "a path of 990,000 numbers"),
    Case("svg-style-300000", {"art/style.svg": svg_style_rules}, (2,), "rules",
         "a 4.2 MB <style> of 300,000 rules"),
    Case("svg-60000-attributes", {"art/attributes.svg": svg_attributes}, (2,), "60,002 attributes",
         "one SVG element of 60,000 attributes, 649 KB (20,000 took 3.9 s of CPU; Ctrl-C took 88 s)"),
    Case("svg-css-escaped-import", {"art/imp.svg": lambda: svg_css('@\\69mport "x.css"; .a { fill: red }')},
         (2,), "@import", "CSS escapes @\\69mport"),
    Case("svg-css-escaped-url", {"art/url.svg": lambda: svg_css('.a { fill: u\\72l(file:///etc/passwd) }')},
         (2,), "file:///etc/passwd", "CSS escapes u\\72l("),
]
BY_NAME = {c.name: c for c in CASES}


def write(case: Case, folder: Path) -> Path:
    """The case's kit file and pictures in `folder`; returns the kit file."""
    for name, make in case.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(make())
    path = folder / "kit.yaml"
    path.write_text(case.kit())
    return path


def kept(case: Case) -> bool:
    """Whether the case's files are small enough to keep in tests/corpus/budget/."""
    return all(len(make()) <= KEEP_BYTES for make in case.files.values())


if __name__ == "__main__":  # write the small cases to tests/corpus/budget/
    for c in CASES:
        if kept(c):
            write(c, CORPUS / c.name)
            print(c.name, file=sys.stderr)
