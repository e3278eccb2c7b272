"""Hostile variations of designers' pictures (SVG and PNG), for bench/fuzz.py's art cases: the
example kit's pictures and the hostile kits of tests/hostile_art.py, damaged byte by byte or
given a hostile piece (a huge number, a transform that multiplies, an escaped @import, a `<use>`
of everything, an embedded picture whose header lies, a PNG whose size or colour type is
changed), each drawn on a card of a small kit, in copies and with a fit mode. Every case is a
function of its seed, so a failure is reproduced by its number.
"""
from __future__ import annotations

import base64
import random
import struct
import zlib
from functools import lru_cache
from pathlib import Path

import hostile_art

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "examples" / "tide-pools" / "art"

SVG_PIECES = [
    '<text x="1e300" y="5">x</text>', '<text font-size="1e30">x</text>', '<text font-size="-5">x</text>',
    '<rect width="nan" height="inf"/>', '<rect width="1e6" height="1e6" transform="scale(1e6)"/>',
    '<g transform="scale(1000)"><g transform="scale(1000)"><g transform="scale(1000)"><rect width="9e5" '
    'height="1"/></g></g></g>', '<circle r="-1"/>', '<path d="M0 0 L1e999 0"/>', '<path d="M0 0 A5 5 0 1 1 1e5 1e-5"/>',
    '<style>@\\69mport "a.css";</style>', '<style>.a{fill:u\\72l(/etc/passwd)}</style>',
    '<style>.a{font-size:1e40px}</style>', '<rect style="fill:url(&quot;x.svg#a&quot;)"/>',
    '<use href="#nothing"/>', '<use href="#a"/><g id="a"><use href="#a"/></g>',
    '<image width="10" height="10" href="data:image/png;base64,iVBORw0KGgo="/>',
    '<polygon points="0,0 1e7,1e7 5"/>', '<line x1="0" y1="0" x2="1e-300" y2="1e300" stroke="red"/>',
    '<linearGradient id="g"><stop offset="1e9" stop-color="red"/></linearGradient><rect fill="url(#g)" width="5" height="5"/>',
    '<clipPath id="c"><rect width="1e5" height="-1"/></clipPath><g clip-path="url(#c)"><rect width="5" height="5"/></g>',
    '<text x="1 2 3 4 5 1e200">many</text>', '<rect stroke-dasharray="0.0000001 0.0000001" stroke="red" width="9" height="9"/>',
    '<svg width="1e6" height="1e6"><rect width="5" height="5"/></svg>', '<rect rx="1e300" width="5" height="5"/>',
]


@lru_cache(maxsize=1)
def sources() -> list[tuple[str, str, bytes]]:
    """(name, kind, bytes) of every picture the cases vary: the example's and the small hostile ones."""
    out = [(p.name, p.suffix[1:], p.read_bytes()) for p in sorted(ART.iterdir()) if p.suffix in (".svg", ".png")]
    for case in hostile_art.CASES:
        if hostile_art.kept(case):
            for name, make in case.files.items():
                out.append((f"{case.name}/{name}", name.rsplit(".", 1)[1], make()))
    return out


def _damage(raw: bytes, rng: random.Random) -> bytes:
    """Bytes flipped, cut, repeated or removed."""
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        i = rng.randrange(len(data))
        pick = rng.random()
        if pick < 0.4:
            data[i] = rng.randrange(256)
        elif pick < 0.55:
            del data[i:]
        elif pick < 0.75:
            j = min(len(data), i + rng.randint(1, 400))
            data[j:j] = data[i:j] * rng.randint(1, 30)
        else:
            del data[i:i + rng.randint(1, 200)]
    return bytes(data)


def _svg(raw: bytes, rng: random.Random) -> bytes:
    """A hostile piece pasted inside the <svg>, a repeated element, or the bytes damaged."""
    pick = rng.random()
    close = raw.rfind(b"</svg>")
    if pick < 0.45 and close > 0:
        piece = rng.choice(SVG_PIECES).encode()
        return raw[:close] + piece * rng.choice((1, 1, 3, 50)) + raw[close:]
    if pick < 0.6 and close > 0:
        open_end = raw.find(b">", raw.find(b"<svg")) + 1
        body = raw[open_end:close]
        return raw[:open_end] + body * rng.choice((2, 10, 100, 1000)) + raw[close:]
    if pick < 0.7 and close > 0:  # a PNG embedded, its header perhaps lying
        png = _png(_png_source(rng), rng) if rng.random() < 0.7 else hostile_art.big_png(rng.randrange(50))
        tag = f'<image width="20" height="20" href="data:image/png;base64,{base64.b64encode(png).decode()}"/>'
        return raw[:close] + tag.encode() * rng.choice((1, 2, 40)) + raw[close:]
    return _damage(raw, rng)


def _png_source(rng: random.Random) -> bytes:
    return rng.choice([s for s in sources() if s[1] == "png"])[2]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(raw: bytes, rng: random.Random) -> bytes:
    """A PNG whose header says another size, depth or colour type (with a right checksum, so the
    lie reaches the decoder), or whose bytes are damaged."""
    pick = rng.random()
    if pick < 0.5 and raw[12:16] == b"IHDR":
        w, h, depth, colour = struct.unpack(">IIBB", raw[16:26])
        choice = rng.random()
        if choice < 0.4:
            w, h = rng.choice([(w * 7, h), (w, h * 1000), (1, 36_000_000), (6000, 6000), (15_000, 2400), (0, 5),
                               (2 ** 31 - 1, 1), (w + 1, h)])
        elif choice < 0.7:
            depth = rng.choice([1, 2, 4, 8, 16, 3])
        else:
            colour = rng.choice([0, 2, 3, 4, 6, 5])
        w, h = min(w, 2 ** 31 - 1), min(h, 2 ** 31 - 1)  # a PNG's largest (a bigger one could not be written)
        body = struct.pack(">IIBB", w, h, depth, colour) + raw[26:29]
        return raw[:8] + _chunk(b"IHDR", body) + raw[33:]
    if pick < 0.65:
        extra = _chunk(rng.choice([b"tEXt", b"iCCP", b"zTXt", b"sPLT", b"PLTE", b"tRNS"]), bytes(rng.randrange(256)
                                                                                        for _ in range(rng.randint(0, 900))))
        return raw[:33] + extra * rng.choice((1, 2, 200)) + raw[33:]
    return _damage(raw, rng)


KIT = """game: {{id: fuzz-art, title: Fuzzed art, players: "2"}}
components:
  - kind: cards
    name: deck
    count: {count}
    front: {{art: art/{name}, art_options: {{fit: {fit}}}}}
    back: {{art: art/{second}}}
"""


def case(seed: int) -> tuple[str, str, dict[str, bytes]]:
    """The `seed`th art case: (the source's name, the kit file's text, its pictures by name)."""
    rng = random.Random(f"art-{seed}")
    name, kind, raw = rng.choice(sources())
    mutated = _svg(raw, rng) if kind == "svg" else _png(raw, rng)
    second_name, second_kind, second = rng.choice(sources())
    files = {f"art/picture.{kind}": mutated, f"art/second.{second_kind}": second}
    kit = KIT.format(count=rng.choice((1, 1, 4, 60)), name=f"picture.{kind}", fit=rng.choice(("fit", "fill", "stretch",
                                                                                               "actual")),
                     second=f"second.{second_kind}")
    return name, kit, files


def source(seed: int) -> str:
    return case(seed)[0]


def write(seed: int, folder: Path) -> Path:
    """The `seed`th case's kit file and pictures in `folder`; returns the kit file."""
    _, kit, files = case(seed)
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "k.yaml").write_text(kit)
    return folder / "k.yaml"
