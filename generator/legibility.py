"""The smallest text a kit may print, and the check that holds every piece to it.

DESIGN.md's print conventions: text is at least 6 pt at 100% scale, and 7 pt for anything read
during play (a board, a card, a counter, a player aid, a score sheet). The sizes are what lands on
paper: a drawing placed smaller than it was drawn (a Group's scale) shrinks its words too, so the
check walks the shapes with their scale rather than trusting the size a renderer asked for. A kit
whose words cannot be set that large is refused at its component's line, never shrunk below the
floor or clipped.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from pnpkit.generator.shapes import Group, Shape, Text
from pnpkit.kitfile.components import MIN_PT as PLAY_PT  # anything on a piece, read at the table

PAGE_PT = 6.0  # anything else printed: page headings, credits, covers, assembly pictures


@dataclass(frozen=True)
class Small:
    """The smallest line of a drawing, at the size it is printed."""

    pt: float
    text: str


def smallest(shapes: Iterable[Shape], scale: float = 1.0) -> Small | None:
    """The smallest printed line among `shapes` (Groups entered with their scale), or None."""
    best: Small | None = None
    for s in shapes:
        if isinstance(s, Text):
            if s.text.strip() and (best is None or s.size * scale < best.pt):
                best = Small(round(s.size * scale, 2), s.text)
        elif isinstance(s, Group):
            inner = smallest(s.items, scale * s.scale)
            if inner is not None and (best is None or inner.pt < best.pt):
                best = inner
    return best


def without_small(shapes: Iterable[Shape], floor: float = PAGE_PT, scale: float = 1.0) -> tuple[Shape, ...]:
    """`shapes` with every line that would print under `floor` left out: a picture drawn much
    smaller than its subject (a board's assembly thumbnail) keeps its drawing, not words nobody
    can read."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Text):
            if s.size * scale >= floor - 1e-9:
                out.append(s)
        elif isinstance(s, Group):
            out.append(Group(without_small(s.items, floor, scale * s.scale), s.dx, s.dy, s.rotate, s.scale, s.clip))
        else:
            out.append(s)
    return tuple(out)


def too_small(pieces: Iterable, floor: float = PLAY_PT) -> str | None:
    """A sentence naming the first piece whose words print under `floor`, or None."""
    for p in pieces:
        for side, face in (("front", p.front), ("back", p.back or ())):
            small = smallest(face)
            if small is not None and small.pt < floor - 1e-9:
                return (f"{p.name} ({side}): {small.text!r} would print at {small.pt:g} pt; text read during play "
                        f"must be at least {floor:g} pt: give it more room, fewer words or a larger piece")
    return None
