"""Page 1, the cover, laid out as a game's box: the title over a picture of the kit drawn from its
own pieces (generator/boxart.py), what is inside to cut out (component, count, pages, with the
sleeves that fit its cards and what each pad holds), what you also need, how to print it and a
25 mm square to check the scale; a double-sided kit's cover carries the front of its calibration
too (generator/calibration.py), its back (page 2, generator/cover_back.py) the rest. Also the
small text-layout helpers the other generated pages use.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.generator import fonts
from pnpkit.generator.shapes import Group, Line, Rect, Shape, Style, Text
from pnpkit.generator.sheets import MARGIN, Paper

INK = "#000000"
SOFT = "#444444"
RULE = Style(fill=None, stroke="#000000", width=0.3)
BOX = Style(fill=None, stroke="#000000", width=0.25)


# How to cut a grid whose pieces share their cuts: said on the cover or its back.
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
    assembly_pages: str = ""  # where the assembly notes and thumbnails are, e.g. "2" or "2, 19"
    double_run: str = ""  # the pages printed double-sided, e.g. "1-12" ("" when nothing has a back)
    single_run: str = ""  # the pages printed single-sided after them, e.g. "13-18" ("" if none)
    has_split: bool = False  # a board comes in parts
    round_sizes: tuple[float, ...] = ()  # diameters of round pieces (the punch to buy)
    fillable: str | None = None  # the score sheets' fillable PDF
    back_bleed: bool = False  # some backs run past their cut
    kinds: tuple[str, ...] = ()  # the kinds of piece printed (counter, card, score-sheet...)
    notes: tuple[str, ...] = ()  # what is inside, said once: sleeves, square cuts, what a pad holds (`notes`)

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
ART_MOST, ART_LEAST = 140.0, 48.0  # mm: the picture's height, as the page leaves room for it
# Sleeve sizes people can buy (the card they fit, mm) and what they are sold as.
SLEEVES = {(41.0, 63.0): "Mini American", (44.0, 68.0): "Mini European", (57.0, 89.0): "USA standard (bridge)",
           (59.0, 92.0): "European standard", (63.5, 88.9): "standard card game (poker)", (63.0, 88.0): "standard card game (poker)",
           (70.0, 120.0): "tarot", (80.0, 120.0): "Dixit", (70.0, 70.0): "square (70 mm)"}


def sleeve(w: float, h: float) -> str | None:
    """The sleeve a card of w x h mm takes (either way up, within 0.6 mm), or None."""
    for (sw, sh), name in SLEEVES.items():
        if all(abs(a - b) <= 0.6 for a, b in zip(sorted((w, h)), (sw, sh))):
            return name
    return None


def notes(pieces, titles: dict[str, str], players: int) -> tuple[str, ...]:
    """What the contents table cannot say: the sleeves the cards take, round counters that may be
    cut square (a kit file's `cut_square` says why), and how many games each pad holds."""
    out: list[str] = []
    seen: dict[str, object] = {}
    for p in pieces:
        seen.setdefault(p.component, p)
    by_sleeve: dict[tuple, list[str]] = {}
    for name, p in seen.items():
        if p.kind == "card" and sleeve(p.w, p.h):
            by_sleeve.setdefault((sleeve(p.w, p.h), round(min(p.w, p.h), 1), round(max(p.w, p.h), 1)), []).append(titles.get(name, name))
    for (kind, w, h), names in by_sleeve.items():
        out.append(f"Sleeves, if you like them: {_listed(names)} ({w:g} x {h:g} mm) take {kind} sleeves.")
    square = [(titles.get(n, n), p.meta["cut_square"]) for n, p in seen.items() if p.meta.get("cut_square")]
    for why in dict.fromkeys(w for _, w in square):
        names = [n for n, w in square if w == why]
        count = sum(1 for p in pieces if titles.get(p.component, p.component) in names)
        said = _listed(names) if len(names) <= 3 else f"{', '.join(names[:2])} and the {len(names) - 2} other kinds"
        out.append(f"{said}: {count} round pieces, but square cuts are fine ({why}): straight cuts, no rounding off.")
    for name, p in seen.items():
        if p.kind == "score-sheet" and p.meta.get("games"):
            copies = sum(1 for q in pieces if q.component == name)
            sheets = sum(2 if q.double_sided else 1 for q in pieces if q.component == name)
            out.append(f"{titles.get(name, name)}: " + pad_holds(max(copies, sheets), p.meta["games"], p.meta.get("per_player", False), players))
    return tuple(out)


def pad_holds(sheets: int, games: int, per_player: bool, players: tuple[int, int] | int) -> str:
    """"12 sheets, one for each player: 2 games of 6 players, 3 of 4, 6 of 2" (or "40 games")."""
    if not per_player:
        return f"{sheets} sheet{'s' * (sheets != 1)} of {games} game{'s' * (games != 1)}: {sheets * games} games."
    lo, hi = players if isinstance(players, tuple) else (players, players)
    counts = [(n, sheets * games // n) for n in range(hi, lo - 1, -1)]
    said = [f"{g} game{'s' * (g != 1)} of {n} players" if k == 0 else f"{g} of {n}" for k, (n, g) in enumerate(counts)]
    return f"{sheets} sheets, one for each player: " + ", ".join(said) + ". Print its pages again for more."


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cover(info: KitInfo, paper: Paper, contents: list[Entry], pages: int, how: Printing,
          art=None) -> list[Shape]:
    """The cover: its picture (`art(w, h)` draws it) as large as the page leaves room for, the
    contents set closer (and, for a kit of very many components, cut after the rows that fit,
    saying how many more) until every line ends above the credit line (and the back alignment
    scales of a double-sided kit)."""
    keep = len(contents) + 1  # and the cover's own row
    for pitch in PITCHES:
        shapes, fits = _cover(info, paper, contents, pages, how, pitch, keep, art)
        if fits:
            return shapes
    while keep > 1:
        keep -= 1
        shapes, fits = _cover(info, paper, contents, pages, how, PITCHES[-1], keep, art)
        if fits:
            return shapes
    return shapes


def _contents(rows: list[Entry], x0: float, y: float, width: float, pitch: float, keep: int) -> tuple[list[Shape], float]:
    """The contents table (the first `keep` rows, then how many more) in one column, or two side by
    side when there are many, each column as wide as its longest entry; returns its shapes and the
    y under it."""
    out: list[Shape] = []
    shown = rows[:keep]
    cols = 2 if len(shown) > 12 else 1
    gap = 6.0
    cw = (width - gap * (cols - 1)) / cols
    kinds = [e.kind + (", 2-sided" if e.double_sided and e.kind else "") for e in shown]
    counts = [(f"{e.count}" + (f" in {e.split}" if e.split else "")) if e.count else "" for e in shown]
    wide = [max([fonts.text_width(t, font, 7.5) for t in col] + [fonts.text_width(head, "heading", 7.5)]) + 2.5
            for col, head, font in ((kinds, "Kind", "condensed"), (counts, "Count", "condensed"),
                                    ([e.pages for e in shown], "Pages", "condensed"))]
    name_w = cw - sum(wide)
    at = (0.0, name_w, name_w + wide[0], name_w + wide[0] + wide[1])
    per = -(-len(shown) // cols)
    lh = fonts.line_height(8.0, pitch)
    y_head = y + fonts.line_height(7.5)
    bottom = y_head
    for c in range(cols):
        cx = x0 + c * (cw + gap)
        for hx, head in zip(at, ("Component", "Kind", "Count", "Pages")):
            out.append(Text(cx + hx, y_head, head, 7.5, "heading", INK))
        out.append(Line(cx, y_head + 1.2, cx + cw, y_head + 1.2, BOX))
        yy = y_head + 1.2
        for k in range(c * per, min((c + 1) * per, len(shown))):
            e = shown[k]
            size = 8.0
            while size > 6.5 and fonts.text_width(e.component, "body", size) > name_w - 1.5:
                size -= 0.5
            lines = fonts.wrap(e.component, "body", size, name_w - 1.5)
            yy += lh
            for n, line in enumerate(lines):
                out.append(Text(cx, yy + n * fonts.line_height(size, 1.05), line, size, "body", INK))
            out.append(Text(cx + at[1], yy, kinds[k], 7.5, "condensed", SOFT))
            out.append(Text(cx + at[2], yy, counts[k], 7.5, "condensed", INK))
            out.append(Text(cx + at[3], yy, e.pages, 7.5, "condensed", INK))
            yy += fonts.line_height(size, 1.05) * (len(lines) - 1)
        bottom = max(bottom, yy)
    if len(rows) > keep:
        bottom += lh
        out.append(Text(x0, bottom, f"and {len(rows) - keep} more: each page's heading names what is on it", 8,
                        "body", SOFT))
    return out, bottom + 1.5


def _cover(info: KitInfo, paper: Paper, contents: list[Entry], pages: int, how: Printing, pitch: float,
           keep: int, art) -> tuple[list[Shape], bool]:
    """The cover at one line spacing of its contents, and whether it fits (the picture at least
    ART_LEAST high, everything above the foot)."""
    from pnpkit.generator import calibration
    x0 = MARGIN + 6
    width = paper.w - 2 * x0
    two = how.sides == "two"
    foot = paper.h - MARGIN - COVER_FOOT  # everything ends above this
    if two:  # the back alignment scales: X across the foot, Y down the right-hand strip
        foot = paper.h - MARGIN - calibration.BAND + 1.0
    f = Flow(x0, MARGIN + 3, width)
    size = 28.0
    while size > 16 and fonts.text_width(info.title, "title", size) > width:
        size -= 1
    f.para(info.title, size, "title", INK, after=0.8)
    sub = [f"a game by {info.designer}" if info.designer else "", f"{info.players} players" if info.players else "",
           "print-and-play kit"]
    f.para(" · ".join(s for s in sub if s), 11, "body", SOFT, after=0.3)
    if info.credit:
        f.para(info.credit, 7, "body", SOFT, after=0.5)
    art_top = f.y + 2.0
    narrow = width - (calibration.STRIP - 6.0 if two else 0.0)  # beside the Y scale
    _, bottom = _lower(info, paper, contents, how, pitch, keep, x0, 0.0, narrow)  # measured: the picture takes what it leaves
    art_h = min(ART_MOST, foot - bottom - art_top - 4.0)
    fits = art_h >= ART_LEAST
    art_h = max(art_h, ART_LEAST)
    out = list(f.out)
    if art is not None:
        out += [Group(tuple(art(narrow, art_h)), dx=x0, dy=art_top)]
    lower, bottom = _lower(info, paper, contents, how, pitch, keep, x0, art_top + art_h + 4.0, narrow)
    out += lower
    if two:
        out += calibration.front(paper)
        out += check_square(paper.w - MARGIN - 31.0, foot + 2.0)
    return out, fits and bottom <= foot + 1e-6


def _lower(info: KitInfo, paper: Paper, contents: list[Entry], how: Printing, pitch: float, keep: int,
           x0: float, top: float, width: float) -> tuple[list[Shape], float]:
    """What the cover says under its picture, from `top`: what is inside, then what you also need
    beside how to print; its shapes and the y under it."""
    two = how.sides == "two"
    out: list[Shape] = []
    g = Flow(x0, top, width)
    g.heading("What is inside: cut these out", 11)
    cover_row = (Entry("Cover; on its back: printing, cutting" + (" and assembly" if how.has_split else ""), "", 0, "1-2",
                       False) if two or how.has_split else Entry("Cover, with printing and cutting", "", 0, "1", False))
    table, g.y = _contents([cover_row] + contents, x0, g.y, width, pitch, keep)
    out += table
    for note in how.notes:
        g.para(note, 7.5, indent=3, bullet="•", after=0.2)
    if not (two or how.has_split):  # no page 2: how to cut is said here
        g.para("Cutting. " + GRID_CUTTING + " " + cutting_words(how), 7.5, indent=3, bullet="•", after=0.2)
    out += g.out
    y = g.y + 2.0
    half = (width - 6.0) / 2
    needs, bottom = needs_box(info.needs, x0, y, half) if info.needs else ([], y)
    out += needs
    square = 0.0 if two else 29.0  # a double-sided cover's square stands by the back alignment lines
    h = Flow(x0 + half + 6.0 if info.needs else x0, y, (half if info.needs else width) - square)
    h.para("How to print", 10.5, "heading", INK, after=0.6)
    for k, line in enumerate(_printing(how, paper), 1):
        h.para(line, 7.5, indent=3.5, bullet=str(k), after=0.3)
    out += h.out
    bottom = max(bottom, h.y)
    if not two:
        out += check_square(x0 + width - 26.0, y + 5.0)
        bottom = max(bottom, y + 5.0 + 33.0)
    return out, bottom


def cutting_words(how: Printing) -> str:
    """The safe zone, round pieces and double-sided pieces, in a few sentences."""
    words = ("Only a background runs up to the cut; frames and words keep 1/8 in (3.2 mm) inside it, 1.5 mm "
             "on counters, so a slightly crooked cut never shows.")
    if how.round_sizes:
        words += f" Round pieces: cut the square, then round it off (or use a {punch(list(how.round_sizes))} punch)."
    if how.sides == "two":
        words += " Double-sided pieces: cut them from the front." + (
            " Coloured backs run 1.5 mm past the cut, so a back that lands a little off shows no white edge."
            if how.back_bleed else "") + " Back pages carry their own crop marks, to cut a sheet of backs alone."
    elif how.sides == "fold":
        words += " Fold each pair and glue it before you cut a round piece round, so both sides are cut together."
    return words


def _printing(how: Printing, paper: Paper) -> list[str]:
    """How to print, in short numbered steps (page 2 says the rest)."""
    steps = ['Print at 100% scale: "Actual size" in the print dialog, never "Fit to page". The square must measure 25 mm.']
    if how.sides == "fold":
        steps.append("The whole file single-sided. Each double-sided piece comes as a pair, front and back "
                     "side by side: cut round the pair, fold it on the dashed line and glue.")
    elif how.sides == "one":
        steps.append(f"The whole file single-sided ({paper.name}): nothing in this kit has a back.")
    else:
        single = f" Then print pages {how.single_run} single-sided: nothing on them has a back." if how.single_run else ""
        steps.append(f"Two runs. Print pages {how.double_run} double-sided, flip on the {how.duplex} edge: "
                     f"each page of backs follows its fronts.{single}")
        steps.append("Backs off their fronts? Print pages 1-2 double-sided and read the lines on page 2 "
                     "against the light.")
    stock = how.stock()
    if stock:
        steps.append(stock + (f" To keep score on a screen, open {how.fillable}." if how.fillable else ""))
    return steps
