"""The drawings' ink, stroke widths, styles and colour helpers (re-exported by generator.art._core)."""
from __future__ import annotations

import re

from pnpkit.generator.colour import mix, rgb
from pnpkit.generator.shapes import Style

# The ink every outline is drawn with: near-black, warm, so it reads in greyscale and survives an
# ink-saver transform (fills mixed toward white, strokes kept).
INK = "#1f1915"
OUTLINE = 3.2  # design units (of a 100-unit drawing): the main silhouette
DETAIL = 2.0  # inner lines


# ----------------------------------------------------------------------------- styles, colours
def ink(fill: str | None, width: float = OUTLINE, stroke: str | None = INK, **kw) -> Style:
    """A filled shape with a dark outline (round joins: drawings, not diagrams)."""
    return Style(fill=fill, stroke=stroke, width=width, join="round", cap="round", **kw)


def line(color: str = INK, width: float = DETAIL, **kw) -> Style:
    return Style(fill=None, stroke=color, width=width, join="round", cap="round", **kw)


def solid(fill: str) -> Style:
    return Style(fill=fill, stroke=None, width=0.0)


def _rgb(c: str) -> tuple[int, int, int]:
    if not isinstance(c, str) or not re.fullmatch(r"#[0-9a-fA-F]{6}", c):
        raise ValueError(f'colour must be "#rrggbb", got {c!r}')
    return rgb(c)


def lighter(c: str, t: float = 0.4) -> str:
    return mix(c, "#ffffff", t)


def darker(c: str, t: float = 0.4) -> str:
    return mix(c, "#000000", t)


def colour(opts: dict, default: str) -> str:
    c = opts.get("color") or default
    _rgb(c)
    return c.lower()
