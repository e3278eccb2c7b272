"""Page 1, the cover: title, credit, contents (component, count, pages), how to print and cut,
and a 25 mm square to check the scale. Page 2 (the cover's back) says how to cut and assemble, with
the thumbnail of the first board split over pages. Also the small text-layout helpers the other
generated pages use.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.generator import fonts
from pnpkit.generator.shapes import Line, Rect, Shape, Style, Text
from pnpkit.generator.sheets import MARGIN, Paper

INK = "#000000"
SOFT = "#444444"
RULE = Style(fill=None, stroke="#000000", width=0.3)
BOX = Style(fill=None, stroke="#000000", width=0.25)


# How to cut a grid whose pieces share their cuts: said on the cover, its back and the calibration sheet.
GRID_CUTTING = ("Pieces of one size sit edge to edge in a grid and share their cuts: one cut separates "
                "two rows, and the short ticks outside the grid mark every cut line. Make the long cuts "
                "first, straight across the whole sheet from tick to matching tick, so each strip keeps "
                "the sheet's full length. Then stack the strips with their ends flush, the offcut that "
                "carries the other ticks on top, and cut across the stack at each tick.")


@dataclass(frozen=True)
class KitInfo:
    """What the printed pages say about the kit (from kit.game)."""

    id: str
    title: str
    designer: str = ""
    players: str = ""
    credit: str = ""
    needs: tuple[str, ...] = ()  # what the players need beside the kit (dice, a bag, a pencil...)

    @classmethod
    def of(cls, kit) -> KitInfo:
        g = kit.game
        return cls(g.id, g.title, g.designer, g.players, g.credit, tuple(g.needs))


@dataclass(frozen=True)
class Printing:
    """How the file prints, as the cover tells it."""

    sides: str  # two: double-sided, backs on the next page | one: nothing has a back | fold: --backs gutter
    duplex: str = "long"  # the edge a double-sided file flips on
    calibration_page: int | None = None  # the calibration sheet's front (double-sided files only)
    assembly_pages: str = ""  # where the assembly notes and thumbnails are, e.g. "2" or "2, 19"
    double_run: str = ""  # the pages printed double-sided, e.g. "1-12" ("" when nothing has a back)
    single_run: str = ""  # the pages printed single-sided after them, e.g. "13-18" ("" if none)
    has_split: bool = False  # a board comes in parts
    round_sizes: tuple[float, ...] = ()  # diameters of round pieces (the punch to buy)
    fillable: str | None = None  # the score sheets' fillable PDF
    back_bleed: bool = False  # some backs run past their cut
    kinds: tuple[str, ...] = ()  # the kinds of piece printed (counter, card, score-sheet...)

    def stock(self) -> str:
        """What to print on: card for what is handled, paper for what is written on."""
        names = {"counter": "counters", "tile": "tiles", "card": "cards", "board": "boards", "reference": "player aids"}
        card = [v for k, v in names.items() if k in self.kinds]
        text = ""
        if card:
            listed = ", ".join(card[:-1]) + (" and " if len(card) > 1 else "") + card[-1]
            text = f"Thin card (160-250 g/m²) is best for {listed}"
        if "score-sheet" in self.kinds:
            text += ("; plain paper" if text else "Plain paper is best") + " for score sheets"
        return text + "." if text else ""


@dataclass(frozen=True)
class Entry:
    """One line of the contents: a component, how many pieces, on which pages."""

    component: str
    kind: str
    count: int
    pages: str
    double_sided: bool
    split: str = ""  # e.g. "4 parts" for a board split over pages


class Flow:
    """Top-to-bottom text layout inside a column: each call adds lines and moves `y` down."""

    def __init__(self, x: float, y: float, width: float):
        self.x, self.y, self.width = x, y, width
        self.out: list[Shape] = []

    def para(self, text: str, size: float = 9, style: str = "body", color: str = INK,
             indent: float = 0.0, after: float = 1.2, bullet: str = "") -> Flow:
        lh = fonts.line_height(size, 1.25)
        lines = fonts.wrap(text, style, size, self.width - indent)
        for i, line in enumerate(lines):
            self.y += lh
            if i == 0 and bullet:
                self.out.append(Text(self.x + indent - 3.5, self.y, bullet, size, "bold", color))
            self.out.append(Text(self.x + indent, self.y, line, size, style, color))
        self.y += after
        return self

    def heading(self, text: str, size: float = 12) -> Flow:
        self.y += 2.0
        return self.para(text, size, "heading", INK, after=1.0)

    def rule(self, after: float = 2.0) -> Flow:
        self.y += 1.5
        self.out.append(Line(self.x, self.y, self.x + self.width, self.y, RULE))
        self.y += after
        return self


def check_square(x: float, y: float, side: float = 25.0) -> list[Shape]:
    """A square `side` mm wide with its label: measure it to check 100% scale."""
    out: list[Shape] = [Rect(x, y, side, side, Style(fill=None, stroke="#000000", width=0.3))]
    for i in range(1, 5):  # 5 mm ticks inside the edges
        t = side * i / 5
        out.append(Line(x + t, y, x + t, y + 2, BOX))
        out.append(Line(x, y + t, x + 2, y + t, BOX))
    out.append(Text(x + side / 2, y + side / 2 + 1.2, f"{side:g} mm", 8, "bold", INK, "middle"))
    out.append(Text(x + side / 2, y + side + 4, "must measure exactly", 6.5, "condensed", SOFT, "middle"))
    out.append(Text(x + side / 2, y + side + 6.8, f"{side:g} x {side:g} mm", 6.5, "condensed", SOFT, "middle"))
    return out


def punch(diameters: list[float]) -> str:
    """How to cut round pieces: the punch sizes people can buy, in inches when they are."""
    sizes = []
    for d in sorted({round(d, 2) for d in diameters}):
        inch = d / 25.4
        eighths = round(inch * 8)
        if abs(inch * 8 - eighths) < 0.01:
            whole, rest = divmod(eighths, 8)
            frac = {0: "", 1: "1/8", 2: "1/4", 3: "3/8", 4: "1/2", 5: "5/8", 6: "3/4", 7: "7/8"}[rest]
            sizes.append(" ".join(p for p in (str(whole) if whole else "", frac) if p) + " in")
        else:
            sizes.append(f"{d:g} mm")
    return " or ".join(sizes)


def needs_box(needs: tuple[str, ...], x0: float, y: float, width: float) -> tuple[list[Shape], float]:
    """The framed "You also need" list: what the kit does not print. Returns the shapes and the
    y under the box."""
    g = Flow(x0 + 4, y + 1.0, width - 8)
    g.para("You also need", 10.5, "heading", INK, after=0.6)
    for item in needs:
        g.para(item, 9, indent=4, bullet="•", after=0.4)
    bottom = g.y + 2.0
    return [Rect(x0, y, width, bottom - y, Style(fill="#f4f1ea", stroke="#000000", width=0.35), r=2.0)] + g.out, bottom


COVER_FOOT = 5.0  # mm above the bottom margin kept for the credit line under the cover's text
PITCHES = (1.3, 1.15, 1.05)  # the contents' line spacing, tried in turn until the cover fits its page


def cover(info: KitInfo, paper: Paper, contents: list[Entry], pages: int, how: Printing) -> list[Shape]:
    """The cover, its contents table set closer (and, for a kit of very many components, cut after
    the rows that fit, saying how many more) until every line ends above the credit line."""
    bottom = paper.h - MARGIN - COVER_FOOT
    keep = len(contents) + 2
    for pitch in PITCHES:
        shapes, y = _cover(info, paper, contents, pages, how, pitch, keep)
        if y <= bottom:
            return shapes
    while keep > 1:
        keep -= 1
        shapes, y = _cover(info, paper, contents, pages, how, PITCHES[-1], keep)
        if y <= bottom:
            return shapes
    return shapes


def _contents_rows(f: Flow, rows: list[Entry], cols: tuple[float, ...], pitch: float, keep: int) -> None:
    """The contents table's rows (the first `keep`, then a line saying how many more)."""
    x0 = f.x
    for e in rows[:keep]:
        f.y += fonts.line_height(8.5, pitch)
        name = e.component
        size = 8.5
        while size > 6 and fonts.text_width(name, "body", size) > cols[1] - 2:
            size -= 0.5
        f.out.append(Text(x0, f.y, name, size, "body", INK))
        kind = e.kind + (" (2-sided)" if e.double_sided and e.kind else "")
        f.out.append(Text(x0 + cols[1], f.y, kind, 8, "condensed", INK))
        count = (f"{e.count}" + (f" in {e.split}" if e.split else "")) if e.count else ""
        f.out.append(Text(x0 + cols[2], f.y, count, 8, "condensed", INK))
        f.out.append(Text(x0 + cols[3], f.y, e.pages, 8, "condensed", INK))
    if len(rows) > keep:
        f.y += fonts.line_height(8.5, pitch)
        f.out.append(Text(x0, f.y, f"and {len(rows) - keep} more: each page's heading names what is on it", 8,
                          "body", SOFT))


def _cover(info: KitInfo, paper: Paper, contents: list[Entry], pages: int, how: Printing, pitch: float,
           keep: int) -> tuple[list[Shape], float]:
    x0 = MARGIN + 6
    width = paper.w - 2 * x0
    f = Flow(x0, MARGIN + 6, width)
    size = 24.0
    while size > 14 and fonts.text_width(info.title, "title", size) > width:
        size -= 1
    f.para(info.title, size, "title", INK, after=1.5)
    sub = "Print-and-play kit"
    if info.designer:
        sub += f" · a game by {info.designer}"
    if info.players:
        sub += f" · {info.players} players"
    f.para(sub, 11, "body", SOFT, after=0.5)
    if info.credit:
        f.para(info.credit, 8, "body", SOFT, after=0.5)
    sided = {"two": "print double-sided", "one": "print single-sided", "fold": "print single-sided, fold and glue"}
    f.para(f"Paper: {paper.name} ({paper.w:g} x {paper.h:g} mm) · {pages} pages · {sided[how.sides]}", 8, "body", SOFT)
    if info.needs:
        shapes, f.y = needs_box(info.needs, x0, f.y + 2.5, width)
        f.out += shapes
        f.y += 1.5
    f.rule()

    # contents table
    f.heading("Contents")
    cols = (0.0, width * 0.46, width * 0.62, width * 0.74)
    f.y += fonts.line_height(8)
    for cx, head in zip(cols, ("Component", "Kind", "Count", "Pages")):
        f.out.append(Text(x0 + cx, f.y, head, 8, "heading", INK))
    f.y += 1.2
    f.out.append(Line(x0, f.y, x0 + width, f.y, BOX))
    calibration = how.calibration_page
    first = ("Cover, cutting and assembly notes", "1-2") if how.sides == "two" or how.has_split else ("Cover and cutting notes", "1")
    rows = [Entry(first[0], "", 0, first[1], False)]
    if calibration is not None:
        rows.append(Entry("Calibration: rulers and back alignment", "", 0, f"{calibration}-{calibration + 1}", True))
    _contents_rows(f, rows + contents, cols, pitch, keep)
    f.y += 1.5
    f.out.append(Line(x0, f.y, x0 + width, f.y, BOX))
    f.y += 2

    # printing instructions (the check square sits to their right)
    f.heading("How to print")
    g = Flow(x0, f.y, width - 40)
    g.para('Print at 100% scale: in the print dialog choose "Actual size" (or "100%", "No '
           'scaling"), never "Fit to page" or "Shrink to fit". The square on the right must measure '
           "25 mm" + (f"; the rulers on page {calibration} must measure 100 mm and 4 in." if calibration else "."),
           9, indent=4, bullet="1")
    if how.sides == "fold":
        g.para("Print the whole file single-sided. Each double-sided piece is printed as a pair, "
               "its front and its back side by side across a dashed fold line.", 9, indent=4, bullet="2")
        g.para("Cut round each pair on its crop marks, fold it on the dashed line, glue the two "
               "halves together and press them flat.", 9, indent=4, bullet="3")
    elif how.sides == "one":
        g.para("Print the whole file single-sided: nothing in this kit has a back.", 9, indent=4, bullet="2")
    else:
        single = (f" Then print pages {how.single_run} single-sided (\"Pages: {how.single_run}\", one-sided): "
                  "nothing on them has a back, so no page is blank." if how.single_run else "")
        g.para(f"Two runs. Print pages {how.double_run} double-sided (\"Pages: {how.double_run}\", two-sided, "
               f"flip on the {how.duplex} edge): each page of backs follows its fronts.{single}",
               9, indent=4, bullet="2")
        g.para(f"If backs land off their fronts, print pages {calibration}-{calibration + 1} "
               "double-sided, read the offset against the light and build again with "
               "--back-offset X,Y (or build with --backs gutter to fold instead).", 9, indent=4, bullet="3")
    g.para(how.stock() + (f" To keep score on a screen instead, open {how.fillable}: each score "
                          "sheet once, with boxes to type in." if how.fillable else ""),
           9, indent=4, bullet={"fold": "4", "one": "3", "two": "4"}[how.sides])
    f.out += g.out
    f.out += check_square(x0 + width - 30, f.y + 4)
    f.y = max(g.y, f.y + 40)

    f.heading("What to cut, what to glue")
    how_to_cut = (GRID_CUTTING if how.sides != "two" and not how.has_split else
                  "Pieces of one size sit edge to edge and share their cuts: page 2 says how to cut a grid "
                  "(the long cuts first, on the ticks outside it).")
    f.para(how_to_cut + " Only a background runs up to the cut; frames and words keep 3 mm inside "
           "it (1.5 mm on counters), so a slightly crooked cut never shows." +
           (f" Round pieces: cut the square, then round it off (or use a {punch(list(how.round_sizes))} "
            "punch)." if how.round_sizes else ""),
           9, indent=4, bullet="•")
    if how.has_split:
        pages_word = f"Pages {how.assembly_pages} show" if "," in how.assembly_pages else f"Page {how.assembly_pages} shows"
        f.para("Boards too big for one page come in parts. Cut each part on its marks, spread "
               "glue on its hatched strip and lay the neighbouring part over it so the lettered "
               f"diamonds meet again. {pages_word} how the parts go together.", 9, indent=4, bullet="•")
    else:
        f.para("Nothing needs gluing: every board fits on one page.", 9, indent=4, bullet="•")
    if how.sides == "fold":
        f.para("Double-sided pieces: fold each pair and glue it before you cut a round piece round, "
               "so both sides are cut together.", 9, indent=4, bullet="•")
    elif how.sides == "two":
        f.para("Double-sided pieces: cut them from the front." +
               (" Coloured backs run 1.5 mm past the cut, so a back that lands a little off shows no "
                "white edge." if how.back_bleed else "") +
               " Back pages carry their own crop marks, to cut a sheet of backs on its own (to glue "
               "onto card, say).", 9, indent=4, bullet="•")
    return f.out, f.y


def assembly(paper: Paper, info: KitInfo, thumb, board: str, parts: int,
             top: float, panels: tuple = ()) -> list[Shape]:
    """The cover's back: cutting and assembly notes, and a split board's thumbnail if any
    (`thumb(x, y, w, h)` draws it into the room left under the text); `panels` (split.Panel) are
    boards laid against this one."""
    x0 = MARGIN + 6
    width = paper.w - 2 * x0
    f = Flow(x0, top, width)
    f.heading("Cutting and assembly", 14)
    f.para("Use a paper trimmer, or a sharp craft knife and a steel ruler on a cutting mat. " + GRID_CUTTING +
           " A grid built with --bleed leaves a narrow strip between its pieces: two cuts there, one "
           "at each piece's tick.", 9)
    if thumb is None:
        f.para("Every board in this kit fits on one page: there is nothing to glue.", 9)
        return f.out
    f.para(f"{board}: {parts} parts. Cut each part on its crop marks. Spread glue on the hatched "
           "strip of a part and lay its neighbour over the strip, edge to edge, so the two halves "
           "of each lettered diamond meet and the letters match. Glue in number order: 1/" +
           f"{parts} first. Gluing the parts onto thin card makes a sturdy board.", 9)
    for p in panels:
        when = f" ({p.note})" if p.note and p.note not in p.title else ""
        f.para(f"{p.title}{when} goes against the {p.edge} edge of the {board}, dashed in the picture: lay "
               "its hatched strip under that edge so the half-diamonds X and Y meet. Glue it there for good, "
               "or keep it apart for the games that do without it.", 9)
    y = f.y + 6
    return f.out + thumb(x0, y, width, paper.h - y - MARGIN - 10)
