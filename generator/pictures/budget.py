"""What one kit's pictures may cost together: the budget that a kit cannot dodge by spreading its
pictures over many files, many embedded images or many copies.

Every picture is within the per-file limits of limits.py, but twenty of them, or one drawn on a
thousand cards, would still take seconds and gigabytes. So one kit (one `pieces_of`, the drawing
of all its pieces) counts, for all its pictures together:
- decoded pixels: each distinct picture once (a file, or an image embedded in an SVG, known by
  its bytes), however often it is drawn, and charged from its header before anything is decoded;
- drawn elements and numbers: every placement of a picture counted, since each copy is written
  into the PDF and the SVG pages again.
A kit that goes over is refused with one line that says which total it crossed (docs/safety.md).
"""
from __future__ import annotations

import contextvars
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from pnpkit.generator.pictures.limits import MAX_KIT_ELEMENTS, MAX_KIT_NUMBERS, MAX_KIT_PIXELS, PictureError


@dataclass
class KitBudget:
    """What one kit's pictures have cost so far."""

    pixels: int = 0
    elements: int = 0
    numbers: int = 0
    seen: set[str] = field(default_factory=set)  # the distinct pictures already charged


_CURRENT: contextvars.ContextVar[KitBudget | None] = contextvars.ContextVar("kit_picture_budget", default=None)


def key_of(raw: bytes) -> str:
    """A picture's identity: its bytes (so two files or two embeddings of one picture count once)."""
    return hashlib.sha256(raw).hexdigest()


@contextmanager
def kit() -> Iterator[KitBudget]:
    """Count the pictures of the kit drawn inside (one budget; an inner `kit()` shares the outer)."""
    current = _CURRENT.get()
    if current is not None:
        yield current
        return
    spent = KitBudget()
    token = _CURRENT.set(spent)
    try:
        yield spent
    finally:
        _CURRENT.reset(token)


def admit(key: str, pixels: int) -> None:
    """Charge a distinct picture's pixels to the kit (once per kit), before it is decoded."""
    spent = _CURRENT.get()
    if spent is None or key in spent.seen:
        return
    if spent.pixels + pixels > MAX_KIT_PIXELS:
        raise PictureError(f"brings the kit's pictures to {spent.pixels + pixels:,} pixels in all: a kit's "
                           f"pictures may hold at most {MAX_KIT_PIXELS:,} (each distinct picture counted once; "
                           "scale them to 300 dpi at their printed size)")
    spent.seen.add(key)
    spent.pixels += pixels


def draw(elements: int, numbers: int) -> None:
    """Charge one placement of a picture of `elements` shapes and `numbers` coordinates."""
    spent = _CURRENT.get()
    if spent is None:
        return
    spent.elements += elements
    spent.numbers += numbers
    if spent.elements > MAX_KIT_ELEMENTS:
        raise PictureError(f"brings the shapes the kit's pictures draw to {spent.elements:,} (every copy "
                           f"counted): at most {MAX_KIT_ELEMENTS:,} for a kit")
    if spent.numbers > MAX_KIT_NUMBERS:
        raise PictureError(f"brings the coordinates the kit's pictures draw to {spent.numbers:,} (every copy "
                           f"counted): at most {MAX_KIT_NUMBERS:,} for a kit")
