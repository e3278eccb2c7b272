"""The PDF operators pnpkit writes (generator/backends/pdf.py): the placement matrices, the
colour operators (RGB, or CMYK for a print shop's PDF/X), and the templates of paths, polygons
and font sizes with a `%.2f` where each number goes, made once and filled by one `%` a path.
"""
from __future__ import annotations

import math
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str

from pnpkit.generator import colour
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import MM_PER_PT, Group

K = 1.0 / MM_PER_PT  # points per mm
Matrix = tuple[float, float, float, float, float, float]


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m after n: apply n first, then m (PDF row-vector convention)."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def group_matrix(g: Group) -> Matrix:
    m: Matrix = (1.0, 0.0, 0.0, 1.0, g.dx, g.dy)
    if g.rotate:
        t = math.radians(g.rotate)
        co, si = math.cos(t), math.sin(t)
        if abs(co) < 1e-12:
            co = 0.0
        if abs(si) < 1e-12:
            si = 0.0
        m = mul(m, (co, si, -si, co, 0.0, 0.0))
    if g.scale != 1.0:
        m = mul(m, (g.scale, 0.0, 0.0, g.scale, 0.0, 0.0))
    return m


@lru_cache(maxsize=None)
def rgb(c: str) -> tuple[float, float, float]:
    r, g, b = colour.rgb(c)
    return r / 255, g / 255, b / 255


@lru_cache(maxsize=None)
def rgb_op(c: str, stroke: bool) -> str:
    return "%.4f %.4f %.4f %s" % (*rgb(c), "RG" if stroke else "rg")


@lru_cache(maxsize=None)
def cmyk_op(c: str, stroke: bool) -> str:
    """The colour as DeviceCMYK (a print shop's PDF/X: generator/export/pdfx.py)."""
    return "%.4f %.4f %.4f %.4f %s" % (*colour.cmyk(c), "K" if stroke else "k")


MOVE, LINE, CURVE = "%.2f %.2f m", "%.2f %.2f l", "%.2f %.2f %.2f %.2f %.2f %.2f c"
RECT = " ".join([MOVE, LINE, LINE, LINE, "h"])        # rect_ops(..., r=0)
SEGMENT = " ".join([MOVE, LINE])
ELLIPSE = " ".join([MOVE, CURVE, CURVE, CURVE, CURVE, "h"])  # ellipse_ops


CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def template(ops) -> tuple[str, bool]:
    """The operators of a path, a `%.2f` where each number goes, and whether it closes."""
    parts = []
    for op in ops:
        t = op[0]
        if t == "L" or t == "M":
            parts.append(LINE if t == "L" else MOVE)
        elif t == "C":
            parts.append(CURVE)
        elif t == "Z":
            parts.append("h")
        else:
            raise ValueError(f"unknown path op {t!r}")
    return " ".join(parts), "h" in parts


@cached(1024)
def polygon_ops(n: int, closed: bool) -> str:
    """The operators of a polygon of n points, a `%.2f` where each number goes."""
    return " ".join([MOVE] + [LINE] * (n - 1) + (["h"] if closed else []))


@cached(1024)
def font_size(size: float) -> str:
    """The size and leading setFont writes (a page sets a few sizes many times)."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
