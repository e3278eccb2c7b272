"""Page 2, the cover's back: checking the scale and the backs, cutting, and putting split boards
together, with the thumbnail of the first one; the further thumbnails of a kit with several split
boards at the end use `assembly` alone.

A double-sided kit's page 2 is the back of its cover: the rulers, and the numbered lines that read
how far the printer moves the backs against the cover's lines (generator/calibration.py), which
move with --back-offset like every back. Its words keep clear of those lines.
"""
from __future__ import annotations

from pnpkit.generator import calibration
from pnpkit.generator.cover import GRID_CUTTING, Flow, KitInfo, Printing, cutting_words
from pnpkit.generator.shapes import Shape
from pnpkit.generator.sheets import MARGIN, Paper


def cover_back(paper: Paper, info: KitInfo, how: Printing, top: float, thumb=None, board: str = "",
               parts: int = 0, panels: tuple = ()) -> list[Shape]:
    """What page 2 says (the back scales themselves are the page's marks: `calibration.back`)."""
    two = how.sides == "two"
    if two:
        x0, y0, x1, y1 = calibration.back_room(paper, how.duplex, top)
    else:
        x0, y0, x1, y1 = MARGIN + 6, top, paper.w - MARGIN - 6, paper.h - MARGIN - 6
    f = Flow(x0, y0, x1 - x0)
    f.heading("Printing, cutting" + (" and assembly" if thumb is not None else ""), 14)
    if two:
        f.para("1. Scale. Printed at 100% (\"Actual size\"), the rulers below measure exactly 100 mm and 4 in, "
               "and the square on page 1 25 mm. If they do not, the print dialog is scaling the page: turn "
               "scaling off.", 9)
        y = f.y + 5.0
        f.out += calibration.ruler_mm(x0 + 2, y) + calibration.ruler_in(x0 + 2, y + 14)
        f.y = y + 24.0
        side = "left" if how.duplex == "long" else "right"
        where = "at the foot" if how.duplex == "long" else "at the top"
        f.para(f"2. Back alignment. Print pages 1 and 2 double-sided, flipping on the {how.duplex} edge, as you "
               "will print the kit. Hold the sheet against a window or a lamp with this side facing you: the "
               "cover's lines, 7 mm apart, show through. The numbered lines here are 7.5 mm apart, so on each "
               f"scale (X {where}, Y down the {side} side) only one lies exactly on a cover line: its number is X, "
               "or Y, in mm.", 9)
        f.para("Both 0: your printer needs no correction. Else build again with pnpkit build KIT --back-offset "
               "X,Y (add the readings to the offset a sheet was built with). No line meets one: the printer is "
               "more than 3 mm out: check the paper guides, or build with --backs gutter to fold instead.", 9)
    f.para(("3. " if two else "") + "Cutting. Use a paper trimmer, or a sharp craft knife and a steel ruler on a "
           "cutting mat. " + GRID_CUTTING + " A grid built with --bleed leaves a narrow strip between its "
           "pieces: two cuts there, one at each piece's tick.", 9)
    f.para(cutting_words(how), 9)
    if thumb is None:
        f.para("Every board in this kit fits on one page: there is nothing to glue.", 9)
        return f.out
    picture = _assembly(f, thumb, board, parts, panels, y1)
    return f.out + picture


def _assembly(f: Flow, thumb, board: str, parts: int, panels: tuple, bottom: float) -> list[Shape]:
    """How the parts of a split board go together (added to `f`), and its picture in the room left
    above `bottom` (returned)."""
    f.para(f"Assembly. {board}: {parts} parts. Cut each part on its crop marks. Spread glue on the hatched "
           "strip of a part and lay its neighbour over the strip, edge to edge, so the two halves "
           "of each lettered diamond meet and the letters match. Glue in number order: 1/" +
           f"{parts} first. Gluing the parts onto thin card makes a sturdy board.", 9)
    for p in panels:
        when = f" ({p.note})" if p.note and p.note not in p.title else ""
        f.para(f"{p.title}{when} goes against the {p.edge} edge of the {board}, dashed in the picture: lay "
               "its hatched strip under that edge so the half-diamonds X and Y meet. Glue it there for good, "
               "or keep it apart for the games that do without it.", 9)
    y = f.y + 4
    return thumb(f.x, y, f.width, bottom - y - 4)


def assembly(paper: Paper, info: KitInfo, thumb, board: str, parts: int,
             top: float, panels: tuple = ()) -> list[Shape]:
    """A further split board's page: how its parts go together and its thumbnail (`thumb(x, y, w,
    h)` draws it into the room left under the text); `panels` (split.Panel) are boards laid
    against this one."""
    x0 = MARGIN + 6
    f = Flow(x0, top, paper.w - 2 * x0)
    f.heading("Assembly", 14)
    picture = _assembly(f, thumb, board, parts, panels, paper.h - MARGIN - 6)
    return f.out + picture
