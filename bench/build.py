"""Benchmark: building a kit for one paper, against reportlab alone drawing the same shapes.

    python bench/build.py [KIT] [--paper a4] [--repeat 5]

Prints, best of N runs (wall clock):
- full: generator.build.build_kit (component renderers, imposition, marks, PDF, every SVG, the
  manifest, atomic writes);
- reportlab: a plain reportlab canvas drawing the very same primitives on the same number of
  pages with reportlab's ordinary API (saveState/translate/rotate per group, rect, circle, path,
  drawString, clipPath), same fonts, compression and invariant mode: what reportlab alone costs;
- the ratio full / reportlab (target: <= 2.0), and the PDF size and build time against the kit's
  issue: Chestnuts (#2) < 400 KB and < 1.5 s; NUTS (#7) < 1 MB and < 2 s; other kits Chestnuts'.
"""
from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfgen.canvas import Canvas

from generator import fonts
from generator.build import build_kit, compose, pieces_of, titles_of
from generator.options import PrintOptions
from generator.cover import KitInfo
from generator.shapes import (
    MM_PER_PT,
    Circle,
    Ellipse,
    Group,
    Line,
    Polygon,
    Rect,
    Text,
)
from generator.shapes import Path as PathShape
from kitfile import load_kit

K = 1 / MM_PER_PT


def _style(c: Canvas, st) -> tuple[int, int]:
    if st.fill:
        c.setFillColor(st.fill)
        if st.opacity != 1:
            c.setFillAlpha(st.opacity)
    if st.stroke:
        c.setStrokeColor(st.stroke)
        c.setLineWidth(st.width)
        c.setDash([d for d in st.dash] or [])
    return (1 if st.fill else 0), (1 if st.stroke else 0)


def draw_plain(c: Canvas, s) -> None:
    """The obvious way to draw a shape with reportlab, units mm, y down (canvas flipped)."""
    t = type(s)
    if t is Group:
        c.saveState()
        c.translate(s.dx, s.dy)
        if s.rotate:
            c.rotate(s.rotate)
        if s.scale != 1:
            c.scale(s.scale, s.scale)
        if s.clip:
            p = c.beginPath()
            p.rect(*s.clip)
            c.clipPath(p, stroke=0, fill=0)
        for i in s.items:
            draw_plain(c, i)
        c.restoreState()
    elif t is Rect:
        f, st = _style(c, s.style)
        if s.r:
            c.roundRect(s.x, s.y, s.w, s.h, s.r, stroke=st, fill=f)
        else:
            c.rect(s.x, s.y, s.w, s.h, stroke=st, fill=f)
    elif t is Circle:
        f, st = _style(c, s.style)
        c.circle(s.cx, s.cy, s.r, stroke=st, fill=f)
    elif t is Ellipse:
        f, st = _style(c, s.style)
        c.ellipse(s.cx - s.rx, s.cy - s.ry, s.cx + s.rx, s.cy + s.ry, stroke=st, fill=f)
    elif t is Line:
        _style(c, s.style)
        c.line(s.x1, s.y1, s.x2, s.y2)
    elif t is Polygon:
        f, st = _style(c, s.style)
        p = c.beginPath()
        p.moveTo(*s.points[0])
        for pt in s.points[1:]:
            p.lineTo(*pt)
        if s.closed:
            p.close()
        c.drawPath(p, stroke=st, fill=f if s.closed else 0)
    elif t is PathShape:
        f, st = _style(c, s.style)
        p = c.beginPath()
        for op in s.ops:
            if op[0] == "M":
                p.moveTo(*op[1:])
            elif op[0] == "L":
                p.lineTo(*op[1:])
            elif op[0] == "C":
                p.curveTo(*op[1:])
            else:
                p.close()
        c.drawPath(p, stroke=st, fill=f)
    elif t is Text:
        c.saveState()
        c.translate(s.x, s.y)
        if s.rotate:
            c.rotate(s.rotate)
        c.scale(MM_PER_PT, -MM_PER_PT)
        c.setFont(fonts.pdf_font(s.font), s.size)
        c.setFillColor(s.color)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[s.anchor]
        draw(0, 0, s.text)
        c.restoreState()


def reportlab_alone(pages, w: float, h: float) -> bytes:
    """Same stream filters as the backend (Flate, no ASCII85), so the two write the same kind of file."""
    from reportlab import rl_config
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        return _reportlab_alone(pages, w, h)
    finally:
        rl_config.useA85 = a85


def _reportlab_alone(pages, w: float, h: float) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w * K, h * K), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_font("regular"), initialFontSize=8)
    for shapes in pages:
        c.saveState()
        c.translate(0, h * K)
        c.scale(K, -K)
        for s in shapes:
            draw_plain(c, s)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


TARGETS = {"nuts": (2.0, 1024)}  # kit -> (seconds, KB) its issue names; others: Chestnuts' (#2)
DEFAULT_TARGET = (1.5, 400)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kit", nargs="?", default="chestnuts")
    ap.add_argument("--paper", default="a4")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    kit = load_kit(a.kit)
    for style in fonts.FONTS:  # font registration is a one-off cost for both
        fonts.pdf_font(style)
    with tempfile.TemporaryDirectory() as out:
        build_kit(kit, out, PrintOptions(a.paper))  # warm caches (template loading, font subsets)
        full = best(lambda: build_kit(kit, out, PrintOptions(a.paper)), a.repeat)
        report = build_kit(kit, out, PrintOptions(a.paper))
    # cold: a fresh process running `pnpkit build` (imports, font loading, everything)
    import subprocess
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "pnpkit", "build", a.kit, "--paper", a.paper, "--out", out]
        cold = best(lambda: subprocess.run(cmd, check=True, capture_output=True), min(a.repeat, 3))
    doc = compose(pieces_of(kit), KitInfo.of(kit), PrintOptions(a.paper), titles=titles_of(kit))
    pages = doc.page_shapes()
    plain = best(lambda: reportlab_alone(pages, doc.paper.w, doc.paper.h), a.repeat)
    size = report.pdf_bytes
    secs, kb = TARGETS.get(a.kit, DEFAULT_TARGET)
    print(f"kit {a.kit}, paper {a.paper}: {report.pages} pages, {report.pieces} pieces")
    print(f"full build (pieces, imposition, PDF, {len(report.svgs)} SVGs, manifest): {full * 1000:.0f} ms"
          f"  [target < {secs * 1000:.0f} ms: {'ok' if full < secs else 'MISSED'}]")
    print(f"cold `pnpkit build` in a new process (imports included): {cold * 1000:.0f} ms"
          f"  [target < {secs * 1000:.0f} ms: {'ok' if cold < secs else 'MISSED'}]")
    print(f"reportlab alone, same shapes and pages:               {plain * 1000:.0f} ms")
    print(f"ratio full / reportlab alone: {full / plain:.2f}  [target <= 2.0: {'ok' if full / plain <= 2 else 'MISSED'}]")
    print(f"PDF size: {size / 1024:.0f} KB  [target < {kb} KB: {'ok' if size < kb * 1024 else 'MISSED'}]")


if __name__ == "__main__":
    main()
