"""Animals of the nut games: the squirrel and the raccoon."""
from __future__ import annotations

from pnpkit.generator.art._core import (
    DETAIL,
    INK,
    P,
    art,
    colour,
    darker,
    ink,
    lighter,
    line,
    poly,
    sym,
)
from pnpkit.generator.shapes import Circle, Ellipse, Shape, Style

CREAM = "#f3e2c2"


@art("squirrel")
def squirrel(color: str | None = None) -> list[Shape]:
    """A squirrel sitting up, facing right, bushy tail curled behind, holding an acorn.
    color: the fur (default russet)."""
    fur = colour({"color": color}, "#c0672c")
    tail = lighter(fur, 0.18)
    return [
        # tail: sweeps up from behind the haunch and curls over at the top
        P("M46 92 C18 96 2 78 4 58 C6 42 18 36 14 22 C12 8 26 0 40 4 C52 8 54 22 46 28 "
          "C40 32 32 28 34 20 C28 30 26 44 32 58 C38 72 52 80 46 92 Z", ink(tail)),
        P("M12 60 C14 48 22 42 22 30 M20 78 C26 70 28 64 26 56", line(darker(tail, 0.35), 1.6)),
        # body and belly
        P("M54 42 C70 38 82 54 80 74 C78 92 68 97 56 97 C44 97 38 88 40 74 C42 58 44 46 54 42 Z", ink(fur)),
        P("M62 50 C72 54 76 66 74 80 C72 90 66 94 60 94 C66 82 66 64 62 50 Z", ink(CREAM, width=DETAIL)),
        # haunch and foot
        P("M42 78 C44 66 60 66 62 80 C62 90 54 94 46 92 C42 90 41 84 42 78 Z", ink(darker(fur, 0.12), width=DETAIL)),
        P("M50 92 C56 90 70 90 76 94 C76 98 54 99 50 96 Z", ink(darker(fur, 0.12), width=DETAIL)),
        # head, ear, eye, nose
        P("M56 22 L60 6 C64 8 68 14 68 20 Z", ink(fur, width=DETAIL)),
        P("M52 34 C52 22 62 16 72 18 C80 20 86 28 90 34 C92 38 88 42 82 42 C74 46 58 48 52 34 Z", ink(fur)),
        Circle(72, 28, 2.8, Style(INK, None, 0)),
        Circle(90, 35, 2.2, Style(INK, None, 0)),
        P("M76 40 C80 42 84 42 86 40", line(INK, 1.4)),
        # paws holding an acorn
        Ellipse(84, 62, 7, 8, ink("#c58b3e", width=DETAIL)),
        P("M76 58 C76 50 92 50 92 58 Z", ink("#7a4c25", width=DETAIL)),
        P("M68 60 C72 56 78 58 78 62 C76 66 70 66 68 60 Z", ink(fur, width=DETAIL)),
    ]


@art("raccoon")
def raccoon(color: str | None = None) -> list[Shape]:
    """A raccoon's face: round ears, ruffed cheeks and the black bandit mask.
    color: the fur (default grey)."""
    fur = colour({"color": color}, "#9a9a9a")
    mask = "#2a2725"
    out: list[Shape] = []
    for m in (1, -1):
        ear = [(50 + m * 34, 38), (50 + m * 36, 4), (50 + m * 10, 22)]
        inner = [(50 + m * 32, 30), (50 + m * 33, 12), (50 + m * 18, 22)]
        out += [poly(ear, ink(fur)), poly(inner, ink(mask, width=1.2))]
    out.append(sym("M50 14 C66 14 78 20 84 30 C92 40 100 52 98 62 C92 62 88 66 84 72 C74 86 62 94 50 94",
                   ink(fur)))
    out.append(sym("M50 26 C60 26 72 28 80 36 C70 36 62 38 50 40", ink("#f4f1ea", width=1.2)))
    out.append(sym("M50 44 C56 40 66 34 78 36 C90 38 98 52 94 60 C86 62 76 60 68 58 C60 58 54 60 50 62",
                   ink(mask, width=DETAIL)))
    out.append(sym("M50 56 C60 56 68 64 68 74 C68 84 60 90 50 90", ink("#f4f1ea", width=DETAIL)))
    for m in (1, -1):
        out += [Circle(50 + m * 17, 48, 5.2, ink("#ffffff", width=1.2)),
                Circle(50 + m * 17, 48, 2.6, Style(INK, None, 0))]
    out += [Ellipse(50, 66, 7, 4.5, ink(mask, width=1.2)),
            P("M50 70 L50 78 M42 80 C46 84 50 80 50 78 C50 80 54 84 58 80", line(INK, 1.6))]
    return out
