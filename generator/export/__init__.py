"""Exports for every other place people print or play: one PNG per face, Tabletop Simulator
deck sheets, one-up PDFs for print shops.

    pnpkit export KIT --to png|tts|print-shop [--dpi 300] [--bleed 3] [--out DIR]

Each works from the kit's pieces as the build draws them (the same shapes, so an export is the
printed kit), a face at a time: `Design` is one distinct face of a component with the pieces
that carry it (a deck of 30 cards with one back has 30 front designs and 1 back design).
Everything is rendered in memory and written as one set into OUT/KIT/png/, tts/ or print-shop/
(generator/atomic.py), so an interrupted export never leaves half of one.
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import Placed
from pnpkit.generator.shapes import Shape

# What the exports export: every piece of the kit (boards include mats and rulers; "reference" is a
# player aid or a tile key; counters become TTS tokens and tiles, PNGs, one-up PDFs).
KINDS = ("card", "tile", "counter", "board", "score-sheet", "reference")
MAX_PIXELS = 36_000_000  # one exported image at most (a 600 x 400 mm board at 300 dpi is 33 million)


@dataclass
class Design:
    """One distinct face of a component, and how many pieces carry it."""

    component: str
    side: str  # front | back
    name: str  # the first piece's name, without its copy number
    piece: Piece
    count: int = 0
    pieces: list[int] = field(default_factory=list)  # indexes into the component's pieces

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-") or "face"


def components(pieces: list[Piece]) -> dict[str, list[Piece]]:
    """The exported pieces (KINDS), by component, in the kit's order."""
    out: dict[str, list[Piece]] = {}
    for p in pieces:
        if p.kind in KINDS and "part" not in p.meta:
            out.setdefault(p.component, []).append(p)
    return out


def designs(pieces: list[Piece], side: str) -> list[Design]:
    """The distinct faces of one component's pieces on `side`, in order of first appearance."""
    found: dict[tuple, Design] = {}
    for i, p in enumerate(pieces):
        art = p.front if side == "front" else p.back
        if art is None:
            continue
        key = (art, p.w, p.h, p.shape, p.ground_of(side))
        d = found.get(key)
        if d is None:
            name = re.sub(r"\s+\d+$", "", p.name) if side == "front" else f"{p.name.rsplit(' ', 1)[0]} back"
            d = found[key] = Design(p.component, side, name, p)
        d.count += 1
        d.pieces.append(i)
    out = list(found.values())
    if side == "back" and len(out) == 1:
        out[0].name = f"{out[0].piece.component} back"
    return out


def face(piece: Piece, side: str, bleed: float, x: float = 0.0, y: float = 0.0) -> Shape:
    """One side of a piece with its trim's top-left at (x + bleed, y + bleed), its background run
    `bleed` mm past the cut (a white face has nothing to run: the margin stays paper)."""
    p = replace(piece, bleed=bleed, back_bleed=bleed)  # exactly `bleed` on both sides (none for TTS's grid)
    return Placed(p, x + bleed, y + bleed, p.w, p.h, side=side).shape()


_told: list[Callable[..., None]] = []  # the progress told of each image rendered (`rendering`)


@contextmanager
def rendering(progress: Callable[..., None]) -> Iterator[None]:
    """While it lasts, `progress(1)` is called as each image is rendered (and `progress(0, total=n)`
    as a batch begins that takes the images known to be coming past the total): the long part of
    an export, for a progress bar (pnpkit/progress.py)."""
    _told.append(progress)
    try:
        yield
    finally:
        _told.remove(progress)


def images(pieces: list[Piece]) -> int:
    """How many images `--to png` renders: every distinct face and back of the exported pieces."""
    return sum(len(designs(group, side)) for group in components(pieces).values() for side in ("front", "back"))


def pngs(pages: list[tuple[Shape, ...]], w_mm: float, h_mm: float, px: tuple[int, int], clear: bool = False) -> list[bytes]:
    """Pages of w x h mm rendered to PNG images of exactly `px` pixels (one PDF, one render each);
    `clear`: what nothing is drawn on stays transparent (a round token's corners), else white."""
    import pypdfium2
    tell = _told[-1] if _told else None
    if tell is not None:
        tell(0, total=max(tell.total, tell.done + len(pages)))  # type: ignore[attr-defined]
    data = pdf_backend.render(pages, w_mm, h_mm)
    doc = pypdfium2.PdfDocument(data)
    out = []
    from pnpkit.generator.pictures.raster import shows_photo
    fast = {"compress_level": 1} if any(shows_photo(p) for p in pages) else {}  # see shows_photo
    try:
        scale = px[0] / (w_mm / 25.4 * 72)
        for i in range(len(doc)):
            img = (doc[i].render(scale=scale, fill_color=(255, 255, 255, 0)).to_pil().convert("RGBA") if clear
                   else doc[i].render(scale=scale).to_pil().convert("RGB"))
            if img.size != px:  # pdfium rounds the page to whole pixels: at most one off
                img = img.resize(px)
            buf = io.BytesIO()
            img.save(buf, format="PNG", dpi=(round(px[0] / (w_mm / 25.4)),) * 2, **fast)
            out.append(buf.getvalue())
            if tell is not None:
                tell(1)
    finally:
        doc.close()
    return out


def pixels(mm: float, dpi: float) -> int:
    return max(1, round(mm / 25.4 * dpi))


def capped_dpi(w_mm: float, h_mm: float, dpi: float, most: int = MAX_PIXELS, side: int | None = None) -> float:
    """`dpi`, or less where an image of w x h mm would pass `most` pixels (or `side` pixels a side):
    a large board stays an image a viewer (and this machine) opens."""
    area = (w_mm / 25.4) * (h_mm / 25.4)
    if area * dpi * dpi > most:
        dpi = (most / area) ** 0.5
    if side is not None and max(w_mm, h_mm) / 25.4 * dpi > side:
        dpi = side / (max(w_mm, h_mm) / 25.4)
    return dpi
