"""Colours as kit files and drawings write them ("#rrggbb"), read and mixed in one place."""
from __future__ import annotations

import re
from functools import lru_cache

from pnpkit.generator.memo import cached

_HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


@lru_cache(maxsize=None)
def rgb(c: str) -> tuple[int, int, int]:
    """"#rrggbb" (or "#rgb") -> (r, g, b), 0-255."""
    m = _HEX.fullmatch(c or "")
    if not m:
        raise ValueError(f'colour must be "#rrggbb", got {c!r}')
    h = m[1] if len(m[1]) == 6 else "".join(ch * 2 for ch in m[1])
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def to_hex(r: float, g: float, b: float) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(v))) for v in (r, g, b))


@cached(4096)  # a kit fades and lightens its few colours on every shape
def mix(a: str, b: str, t: float) -> str:
    """`a` moved a fraction `t` (0..1) of the way toward `b`."""
    return to_hex(*(x + (y - x) * t for x, y in zip(rgb(a), rgb(b))))


@lru_cache(maxsize=None)
def cmyk(c: str) -> tuple[float, float, float, float]:
    """"#rrggbb" -> (c, m, y, k), 0..1: the plain conversion, black as K alone (a print shop's
    PDF/X: generator/export/pdfx.py)."""
    r, g, b = (v / 255 for v in rgb(c))
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    return tuple(round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]


def luminance(c: str) -> float:
    """Relative luminance 0..1 (Rec. 709 weights): how dark a colour prints in greyscale."""
    r, g, b = rgb(c)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


EDGE_LUMINANCE = 0.88  # a ground no lighter than this reads as colour at its cut, not as paper


def shows_its_edge(c: str) -> bool:
    """A ground dark enough to read as colour past the cut (a back that lands a little off shows a
    coloured overrun, not a near-white one; a round counter's disc is its own cut line)."""
    return luminance(c) <= EDGE_LUMINANCE


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio (1..21) of two colours: 3 is the least for lines and large marks
    that must be seen, 4.5 for small text."""
    la, lb = (0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b_) for r, g, b_ in (rgb(a), rgb(b)))
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)
