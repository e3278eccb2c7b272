"""Boards laid against another board's edge (kit file `attach`): an expansion panel, such as the
NUTS floor's columns 13-16 for 5-6 players.

The panel is printed with a glue strip on the side that goes under the other board (lay it
under for the games that need it, or glue it for good); both boards carry the same lettered
half-diamonds on the shared edge, so they line up as a split board's parts do; and the other
board's assembly picture shows the panel in its place (split.thumbnail, Panel).
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Group, Shape
from pnpkit.generator.split import OVERLAP, Panel, alignment_marks, glue_strip

FIRST_LETTER = 23  # X, Y, ...: apart from the A, B, ... of a split board's own seams
OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def edge_marks(w: float, h: float, edge: str) -> list[Shape]:
    """Alignment marks centred on the `edge` of a w x h drawing: its cut shows half of each."""
    if edge in ("left", "right"):
        x = 0.0 if edge == "left" else w
        return alignment_marks([x - 1.0, x, x + 1.0], [0.0, h], FIRST_LETTER)
    y = 0.0 if edge == "top" else h
    return alignment_marks([0.0, w], [y - 1.0, y, y + 1.0], FIRST_LETTER)


def panel(piece: Piece, edge: str, to: str, title: str, note: str | None) -> Piece:
    """The board `piece`, laid against the `edge` of the board `to` (called `title`), with its glue
    strip on the side that goes under that board and the marks on its own side of the edge."""
    w, h = piece.w, piece.h
    side = OPPOSITE[edge]  # the panel's own edge that meets the target
    drawing = tuple(piece.front) + tuple(edge_marks(w, h, side))
    text = f"lay this strip under the edge of the {title} (or glue it there for good)"
    vertical = side in ("left", "right")
    strip_w, strip_h = (OVERLAP, h) if vertical else (w, OVERLAP)
    strip = tuple(glue_strip(strip_w, strip_h, vertical, text))
    dx, dy, sx, sy = {"left": (OVERLAP, 0.0, 0.0, 0.0), "right": (0.0, 0.0, w, 0.0),
                      "top": (0.0, OVERLAP, 0.0, 0.0), "bottom": (0.0, 0.0, 0.0, h)}[side]
    front = (Group(drawing, dx=dx, dy=dy), Group(strip, dx=sx, dy=sy))
    keep = [(x + dx, y + dy, bw, bh) for x, y, bw, bh in piece.meta.get("keep_whole", ())]
    info = Panel(tuple(piece.front), w, h, edge, piece.name, note or "")
    return replace(piece, w=w + (OVERLAP if vertical else 0.0), h=h + (0.0 if vertical else OVERLAP), front=front,
                   meta={**piece.meta, "keep_whole": keep, "panel": info, "attach_to": to})


def panels_of(pieces: list[Piece]) -> dict[str, tuple[Panel, ...]]:
    """Target board component -> the panels laid against it."""
    out: dict[str, list[Panel]] = {}
    for p in pieces:
        if "panel" in p.meta:
            target = p.meta["attach_to"]
            if all(q.title != p.meta["panel"].title for q in out.get(target, [])):  # one per board, not per copy
                out.setdefault(target, []).append(p.meta["panel"])
    return {k: tuple(v) for k, v in out.items()}
