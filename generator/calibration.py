"""The calibration sheet: rulers to check 100% scale, and an offset grid to measure how far the
printer moves the backs.

Front: a 100 mm ruler (mm), a 4 in ruler (1/8 in), and two rows of lines 7 mm apart (X across,
Y down). Back: at the mirrored place (for the flip in use), rows of lines 7.5 mm apart, a vernier.
A printer that moves backs by d brings back line j onto a front line where 0.5 j = -d; line j is
labelled 0.5 j, which is exactly what --back-offset needs (it moves the backs by X, Y as the back page is drawn). A build
already made with an offset prints its calibration back moved too, so the reading is what is left
to add.
"""
from __future__ import annotations

from pnpkit.generator.cover import GRID_CUTTING, Flow, check_square
from pnpkit.generator.shapes import Line, Shape, Style, Text
from pnpkit.generator.sheets import MARGIN, Paper

THIN = Style(fill=None, stroke="#000000", width=0.2)
HAIR = Style(fill=None, stroke="#000000", width=0.15)
CROSS = Style(fill=None, stroke="#000000", width=0.35)


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


PITCH = 7.0  # front lines every 7 mm
VERNIER = 7.5  # back lines every 7.5 mm: line j meets a front line when the back moved by -0.5 j
# lines each side of the centre: readings -3 .. +3 mm in 0.5 mm steps. The pattern repeats every
# PITCH / 0.5 = 14 lines, so 13 lines give one answer only.
STEPS = 6
LINE = 10.0  # length of each line, mm


def centres(paper: Paper) -> tuple[tuple[float, float], tuple[float, float]]:
    """Centres of the X scale (lines across) and the Y scale (lines down) on the front: below the
    front's words (which end near 115 mm) and, mirrored for a short-edge flip, below the back's."""
    y = (115 + paper.h - 50) / 2
    return (paper.w / 2 - 22, y + 20), (paper.w - MARGIN - 30, y)


def mirror(paper: Paper, duplex: str, x: float, y: float) -> tuple[float, float]:
    """Where a front point lies on the back page."""
    return (paper.w - x, y) if duplex == "long" else (x, paper.h - y)


def _value(j: int) -> str:
    v = j * (VERNIER - PITCH)
    return "0" if j == 0 else f"{v:+.1f}".replace(".0", "")


def front(paper: Paper, duplex: str, top: float) -> list[Shape]:
    x0 = MARGIN + 6
    width = paper.w - 2 * x0
    f = Flow(x0, top, width)
    f.heading("Calibration: scale and back alignment", 14)
    f.para("1. Scale. Print this sheet at 100% (\"Actual size\"). The rulers below must measure "
           "exactly 100 mm and 4 in, and the square 25 mm. If they do not, the print dialog is "
           "scaling the page: turn scaling off.", 9)
    out = f.out
    y = f.y + 6
    out += ruler_mm(x0 + 2, y)
    out += ruler_in(x0 + 2, y + 16)
    out += check_square(paper.w - MARGIN - 6 - 27, y - 2)
    g = Flow(x0, y + 34, width)
    flip = "long" if duplex == "long" else "short"
    g.para(f"2. Back alignment. Print this page and the next double-sided, flipping on the {flip} "
           "edge, as you will print the kit. Turn the sheet over and hold it against a window or "
           "a lamp, looking at the back: the lines below show through.", 9)
    g.para("On the back, find the numbered line of the X scale that lies exactly on a line "
           "from this side, and the same on the Y scale. Build again with those two numbers: "
           "pnpkit build KIT --back-offset X,Y. If this sheet was already built with an offset, "
           "add the readings to it. Both 0: your printer needs no correction.", 9)
    out += g.out
    (xx, xy), (yx, yy) = centres(paper)
    h = Flow(x0, paper.h - MARGIN - 36, width)  # under both scales
    h.para("3. Cutting a grid. " + GRID_CUTTING, 9)
    out += h.out
    for i in range(-STEPS, STEPS + 1):
        out.append(Line(xx + PITCH * i, xy - LINE / 2, xx + PITCH * i, xy + LINE / 2, CROSS))
        out.append(Line(yx - LINE / 2, yy + PITCH * i, yx + LINE / 2, yy + PITCH * i, CROSS))
    out.append(Text(xx, xy - LINE / 2 - 2, "X: front lines every 7 mm", 7, "condensed", "#000000", "middle"))
    out.append(Text(yx, yy + PITCH * STEPS + LINE / 2 + 2, "Y: every 7 mm", 7, "condensed", "#000000", "middle"))
    return out


def back(paper: Paper, duplex: str, top: float) -> list[Shape]:
    """Drawn on the back page; the build moves it by --back-offset like any back. Each scale is
    centred where the front's lies, seen through the paper; its lines are 5.5 mm apart, so the
    line that meets a front line says the offset in 0.5 mm steps (a vernier)."""
    (fxx, fxy), (fyx, fyy) = centres(paper)
    xx, xy = mirror(paper, duplex, fxx, fxy)
    yx, yy = mirror(paper, duplex, fyx, fyy)
    out: list[Shape] = []
    for j in range(-STEPS, STEPS + 1):
        x = xx + VERNIER * j
        out.append(Line(x, xy - LINE / 2, x, xy + LINE / 2, CROSS))
        out.append(Text(x, xy + LINE / 2 + (3.0 if j % 2 == 0 else 6.0), _value(j), 6,
                        "condensed-bold" if j == 0 else "condensed", "#000000", "middle"))
        y = yy + VERNIER * j
        out.append(Line(yx - LINE / 2, y, yx + LINE / 2, y, CROSS))
        out.append(Text(yx + LINE / 2 + 1.5, y + 0.9, _value(j), 6,
                        "condensed-bold" if j == 0 else "condensed", "#000000"))
    out.append(Text(xx, xy + LINE / 2 + 11, "X (mm)", 8, "bold", "#000000", "middle"))
    out.append(Text(yx, yy - VERNIER * STEPS - LINE / 2 + 2, "Y (mm)", 8, "bold", "#000000", "middle"))
    return out


def back_notes(paper: Paper, duplex: str, top: float) -> list[Shape]:
    """Words on the back page that do not move with the offset."""
    x0 = MARGIN + 6
    f = Flow(x0, top, paper.w - 2 * x0)
    f.heading("Calibration: back of the sheet", 14)
    f.para("Hold the sheet to the light with this side facing you: the front's lines, 7 mm apart, "
           "show through. The lines printed here are 7.5 mm apart, so only one of each scale lies "
           "exactly on a front line. Its number on the X scale is X, on the Y scale Y (mm). Then "
           "build with --back-offset X,Y.", 9)
    f.para("If the lines marked 0 meet the front's, backs land where they should. If no line "
           "meets one, the printer is more than 3 mm out: check the paper guides and try again.", 9)
    return f.out
