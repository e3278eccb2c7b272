"""The cover's picture: the kit as it lies on the table out of its box, drawn from its own pieces.

A box shows what is in it: the board (the kit's largest, a little turned), a few of the counters
on it and spilled in front of it, a fan of cards (or player aids) beside it, each piece as the
kit prints it (the same drawing, scaled) with a soft shadow under it. Nothing is drawn for the
cover alone, so a designer's own kit gets its own picture, and a kit that changes changes its
cover. Words that would print under 6 pt at the picture's scale are left out (a board's small
labels), as on a split board's assembly picture. The pieces are chosen and scattered the same way
every build (a seeded generator): the same kit, the same cover.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

from pnpkit.generator import legibility
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Circle, Group, Rect, Shape, Style
from pnpkit.generator.sheets import Placed

TABLE = Style(fill="#efe8da", stroke="#b9ad97", width=0.35)  # what the pieces lie on
SHADOW = Style(fill="#3a2f22", stroke=None, opacity=0.22)
FAN = (-13.0, -3.0, 7.0)  # degrees: the cards of the fan, left to right
MOST_COUNTERS = 9  # distinct counter faces spilled in front
ON_BOARD = 4  # counters lying on the board


def _faces(pieces: list[Piece], kind: str, most: int) -> list[Piece]:
    """The first piece of each distinct front of `kind` (a component's sets apart), at most `most`:
    the kit's most numerous component of that kind first (its main deck), then the next."""
    seen: dict[tuple, Piece] = {}
    for p in pieces:
        if p.kind == kind and "part" not in p.meta:
            seen.setdefault((p.component, p.meta.get("set"), p.meta.get("row")), p)
    counts: dict[str, int] = {}
    for p in pieces:
        counts[p.component] = counts.get(p.component, 0) + 1
    by_component: dict[str, list[Piece]] = {}
    for p in sorted(seen.values(), key=lambda p: -counts[p.component]):  # the main deck first
        by_component.setdefault(p.component, []).append(p)
    return [p for group in by_component.values() for p in group][:most]


def _main(pieces: list[Piece]) -> Piece | None:
    """The picture's centre: the kit's largest board, else its largest sheet of any kind."""
    whole = [p for p in pieces if "part" not in p.meta and p.kind not in ("counter", "card")]
    boards = [p for p in whole if p.kind == "board"] or whole
    return max(boards, key=lambda p: p.w * p.h, default=None)


def _drawn(p: Piece, x: float, y: float, scale: float, turn: float = 0.0) -> list[Shape]:
    """`p`'s front with its top-left corner at (x, y), `scale`d and turned `turn` degrees about
    that corner, with its shadow; its words too small to read there left out."""
    face = legibility.without_small((Placed(replace(p, bleed=0.0), 0.0, 0.0, p.w, p.h).shape(),), legibility.PAGE_PT, scale)
    shadow: Shape = (Circle(p.w / 2 + 0.9 / scale, p.h / 2 + 1.1 / scale, p.w / 2, SHADOW) if p.shape == "circle"
                     else Rect(0.9 / scale, 1.1 / scale, p.w, p.h, SHADOW))
    return [Group((shadow,) + face, dx=x, dy=y, rotate=turn, scale=scale)]


def view(pieces: list[Piece], w: float, h: float, seed: str) -> list[Shape]:
    """The picture in a box w x h mm (its top-left at 0, 0)."""
    rng = random.Random(seed)
    out: list[Shape] = [Rect(0, 0, w, h, TABLE, r=3.0)]
    board = _main(pieces)
    cards = _faces(pieces, "card", len(FAN))
    counters = _faces(pieces, "counter", MOST_COUNTERS) or _faces(pieces, "tile", 6)
    if not cards and not counters:  # nothing but sheets: the aids beside the largest
        cards = [p for p in _faces(pieces, "reference", 2) if p is not board]
    pad = 5.0
    room_w = w * (0.66 if cards else 0.9)
    if board is not None:
        s = min(room_w / board.w, (h - 2 * pad - (6.0 if counters else 0.0)) / board.h, 1.0)
        bw, bh = board.w * s, board.h * s
        bx, by = pad + (room_w - bw) / 2 + (0.0 if cards else (w - 2 * pad - room_w) / 2), (h - bh) / 2 - (3.0 if counters else 0.0)
        turn = -2.0
        out += _drawn(board, bx, by + bw * math.sin(math.radians(-turn)), s, turn)
        lying = [c for c in counters if c.shape == "circle" or c.kind == "counter"][:ON_BOARD]
        d = max(8.0, min(0.09 * h, 18.0))
        for c in lying:  # on the board, as in a game under way
            cx, cy = bx + bw * rng.uniform(0.25, 0.7), by + bh * rng.uniform(0.25, 0.65)
            out += _drawn(c, cx, cy, d / c.w, rng.uniform(-25, 25))
    if cards:
        ch = min(h * 0.62, max(c.h for c in cards))
        for k, (card, turn) in enumerate(zip(cards, FAN[len(FAN) - len(cards):] if len(cards) < len(FAN) else FAN)):
            s = ch / card.h
            x = w - pad - card.w * s - (len(cards) - 1 - k) * min(0.12 * w, card.w * s * 0.62)
            y = (h - ch) / 2 - 2.0 + abs(turn) * 0.25
            out += _drawn(card, x, y, s, turn)
    if counters:
        d = max(9.0, min(0.13 * h, 22.0))
        span = (w * (0.62 if cards else 0.9)) - pad
        step = min(d * 1.15, span / max(1, len(counters)))
        for k, c in enumerate(counters):  # spilled in front, along the table's edge
            x = pad + k * step + rng.uniform(-1.0, 1.0)
            y = h - pad - d - rng.uniform(0.0, 4.0) * (k % 2)
            out += _drawn(c, x, y, d / max(c.w, c.h), rng.uniform(-20, 20))
    return [Group(tuple(out), clip=(0, 0, w, h))]
