"""Calibration on the cover's own sheet: rulers to check 100% scale, and an offset grid to measure
how far the printer moves the backs, with no page of its own (issue 38: at most one sheet
without pieces).

Front (the cover, page 1): two scales of lines 7 mm apart: X (lines across a row) low on the
page, Y (a column of lines) in the cover's right-hand strip. Back (page 2, the cover's back): at
the mirrored place (for the flip in use), lines 7.5 mm apart, each labelled with the offset it
reads: a vernier. A printer that moves backs by d brings back line j onto a front line where
0.5 j = -d; line j is labelled 0.5 j, which is exactly what --back-offset needs (it moves the
backs by X, Y as the back page is drawn). A build already made with an offset prints its back
scales moved too, so the reading is what is left to add. The rulers are on page 2 with the words.
"""
from __future__ import annotations

from pnpkit.generator.shapes import Line, Shape, Style, Text
from pnpkit.generator.sheets import MARGIN, Paper

THIN = Style(fill=None, stroke="#000000", width=0.2)
HAIR = Style(fill=None, stroke="#000000", width=0.15)
CROSS = Style(fill=None, stroke="#000000", width=0.35)

PITCH = 7.0  # front lines every 7 mm
VERNIER = 7.5  # back lines every 7.5 mm: line j meets a front line when the back moved by -0.5 j
# lines each side of the centre: readings -3 .. +3 mm in 0.5 mm steps. The pattern repeats every
# PITCH / 0.5 = 14 lines, so 13 lines give one answer only.
STEPS = 6
LINE = 10.0  # length of each line, mm
STRIP = 24.0  # mm inside the margin on the side that holds the Y scale (with its labels on the back)
BAND = 40.0  # mm above the bottom margin that holds the X scale (with its labels on the back)


def ruler_mm(x: float, y: float, length: int = 100) -> list[Shape]:
    out: list[Shape] = [Line(x, y, x + length, y, THIN)]
    for i in range(length + 1):
        t = 4.0 if i % 10 == 0 else 2.8 if i % 5 == 0 else 1.8
        out.append(Line(x + i, y, x + i, y + t, HAIR))
        if i % 10 == 0:
            out.append(Text(x + i, y + 7.0, str(i // 10), 6.5, "condensed", "#000000", "middle"))
    out.append(Text(x + length + 3, y + 4, f"{length} mm (cm numbered)", 7, "condensed-bold", "#000000"))
    return out


def ruler_in(x: float, y: float, inches: int = 4) -> list[Shape]:
    out: list[Shape] = [Line(x, y, x + inches * 25.4, y, THIN)]
    for i in range(inches * 8 + 1):
        t = 4.0 if i % 8 == 0 else 2.8 if i % 4 == 0 else 2.2 if i % 2 == 0 else 1.6
        out.append(Line(x + i * 25.4 / 8, y, x + i * 25.4 / 8, y + t, HAIR))
        if i % 8 == 0:
            out.append(Text(x + i * 25.4 / 8, y + 7.0, str(i // 8), 6.5, "condensed", "#000000", "middle"))
    out.append(Text(x + inches * 25.4 + 3, y + 4, f"{inches} in (1/8 in ticks)", 7, "condensed-bold", "#000000"))
    return out


def centres(paper: Paper) -> tuple[tuple[float, float], tuple[float, float]]:
    """Centres of the X scale (a row of lines across) and the Y scale (a column of lines down) on
    the cover: X low on the page from its left text edge, Y in the right-hand strip above it."""
    xy = paper.h - MARGIN - BAND / 2 - 7.0
    yx = paper.w - MARGIN - 8.0
    return (MARGIN + 6 + STEPS * PITCH + 2.0, xy), (yx, xy - BAND / 2 - STEPS * VERNIER - 4.0)


def mirror(paper: Paper, duplex: str, x: float, y: float) -> tuple[float, float]:
    """Where a front point lies on the back page."""
    return (paper.w - x, y) if duplex == "long" else (x, paper.h - y)


def back_room(paper: Paper, duplex: str, top: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1): where the cover's back may put its words, clear of the back scales (the
    Y scale's strip down one side, the X scale's band across the foot, or the top on a short-edge
    flip)."""
    x0, x1 = MARGIN + 6, paper.w - MARGIN - 6
    y0, y1 = top, paper.h - MARGIN - 6
    if duplex == "long":
        return MARGIN + STRIP, y0, x1, paper.h - MARGIN - BAND
    return x0, MARGIN + BAND + 2.0, paper.w - MARGIN - STRIP, y1


def _value(j: int) -> str:
    v = j * (VERNIER - PITCH)
    return "0" if j == 0 else f"{v:+.1f}".replace(".0", "")


def front(paper: Paper) -> list[Shape]:
    """The cover's lines, with a word each saying what they are for."""
    (xx, xy), (yx, yy) = centres(paper)
    out: list[Shape] = []
    for i in range(-STEPS, STEPS + 1):
        out.append(Line(xx + PITCH * i, xy - LINE / 2, xx + PITCH * i, xy + LINE / 2, CROSS))
        out.append(Line(yx - LINE / 2, yy + PITCH * i, yx + LINE / 2, yy + PITCH * i, CROSS))
    out.append(Text(xx + STEPS * PITCH + 3.0, xy - 1.0, "X: back alignment, lines 7 mm apart", 7, "condensed",
                    "#000000"))
    out.append(Text(xx + STEPS * PITCH + 3.0, xy + 2.4, "read it on page 2, held to the light", 7, "condensed",
                    "#444444"))
    out.append(Text(yx, yy - STEPS * PITCH - LINE / 2 - 1.5, "Y", 7, "condensed-bold", "#000000", "middle"))
    return out


def back(paper: Paper, duplex: str) -> list[Shape]:
    """Drawn on the back page; the build moves it by --back-offset like any back. Each scale is
    centred where the front's lies, seen through the paper; its lines are 7.5 mm apart, so the
    line that meets a front line says the offset in 0.5 mm steps (a vernier)."""
    (fxx, fxy), (fyx, fyy) = centres(paper)
    xx, xy = mirror(paper, duplex, fxx, fxy)
    yx, yy = mirror(paper, duplex, fyx, fyy)
    toward = 1.0 if yx < paper.w / 2 else -1.0  # the Y labels on the page's inner side of the lines
    out: list[Shape] = []
    for j in range(-STEPS, STEPS + 1):
        x = xx + VERNIER * j
        out.append(Line(x, xy - LINE / 2, x, xy + LINE / 2, CROSS))
        out.append(Text(x, xy + LINE / 2 + (3.0 if j % 2 == 0 else 6.0), _value(j), 6,
                        "condensed-bold" if j == 0 else "condensed", "#000000", "middle"))
        y = yy + VERNIER * j
        out.append(Line(yx - LINE / 2, y, yx + LINE / 2, y, CROSS))
        out.append(Text(yx + toward * (LINE / 2 + 1.5), y + 0.9, _value(j), 6,
                        "condensed-bold" if j == 0 else "condensed", "#000000", "start" if toward > 0 else "end"))
    left = xx - VERNIER * STEPS - 3.0  # the X scale's name before its lines, or after them where the margin is near
    out.append(Text(left, xy + 1.0, "X (mm)", 8, "bold", "#000000", "end") if left - 12.0 > MARGIN else
               Text(xx + VERNIER * STEPS + 3.0, xy + 1.0, "X (mm)", 8, "bold", "#000000"))
    out.append(Text(yx, yy - VERNIER * STEPS - LINE / 2 - 2.0, "Y (mm)", 8, "bold", "#000000", "middle"))
    return out
