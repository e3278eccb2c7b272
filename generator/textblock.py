"""Paragraphs, headings, lists and tables laid into a box as Text shapes, at the largest size that fits.

Reference cards, board edges and score-sheet headers are written as a small markup (usually the
output of a jinja2 template), so a kit author writes words, not coordinates:

    # Heading                    a heading (keeps with what follows)
    ## Subheading
    A paragraph; lines that follow are joined to it until a blank line.
    - item                       a list item with a bullet
    - 1) item                    a list item hung on its own label: 1) a) 12.
    | a | b |                    a table row; a first row followed by |---|---| is a header;
    |:--|--:|                    colons set the alignment; a row with one cell spans the table
    **bold** inline              bold words anywhere
    :meeple:                     a drawing from the art library, inline, as tall as a capital
    [[column]]                   start the next column

The size is searched from `max_pt` down to `min_pt`; text that does not fit at `min_pt` is an error
(TextFitError), never text too small to read or text running off the card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpkit.generator import fonts
from pnpkit.generator.fonts import TextFitError  # one error for a line and for a block
from pnpkit.generator.legibility import PLAY_PT
from pnpkit.generator.shapes import Group, Line, Rect, Shape, Style, Text, evolve
from pnpkit.generator.textblock_words import (
    BOLD,
    HEADING,
    REGULAR,
    draw_line,
    line_width,
    measured,
    runs,
    unknown_icon,
    word_width,
    wrap_runs,
)
RULE = "#8a8a8a"
BAND = "#e4e4e4"
_RULE_STYLE = Style(stroke=RULE, width=0.15)   # a table's rules
_BAND_STYLE = Style(fill=BAND, stroke=None)    # a table's header and spanning rows
__all__ = ["TextFitError", "Laid", "layout", "parse"]


@dataclass
class Laid:
    shapes: tuple[Shape, ...]
    pt: float  # the size the body text was set at
    height: float  # mm used in the tallest column


# --- parsing -----------------------------------------------------------------------------------

@dataclass
class Block:
    kind: str  # heading1 | heading2 | para | item | table | column
    text: str = ""
    label: str = ""  # list items: "•" or "1)"
    rows: list[list[str]] = field(default_factory=list)
    header: bool = False
    align: list[str] = field(default_factory=list)


_LABEL = re.compile(r"^(\(?[0-9]{1,2}[.)]|\(?[a-z][.)])\s+")
_SEP = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")


def parse(markup: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] | None = None
    table: Block | None = None

    def close() -> None:
        nonlocal para, table
        if para is not None:
            blocks.append(Block("para", " ".join(para)))
        if table is not None:
            blocks.append(table)
        para = table = None

    for raw in markup.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            if para is not None:
                close()
            if table is None:
                table = Block("table")
            if _SEP.match(line):
                table.header = len(table.rows) == 1
                table.align = ["right" if c.strip().endswith(":") and not c.strip().startswith(":") else
                               "center" if c.strip().startswith(":") and c.strip().endswith(":") else "left"
                               for c in line.strip("|").split("|")]
                continue
            table.rows.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if table is not None:
            close()
        if not line:
            close()
        elif line == "[[column]]":
            close()
            blocks.append(Block("column"))
        elif line.startswith("## "):
            close()
            blocks.append(Block("heading2", line[3:].strip()))
        elif line.startswith("# "):
            close()
            blocks.append(Block("heading1", line[2:].strip()))
        elif line.startswith("- "):
            close()
            text = line[2:].strip()
            m = _LABEL.match(text)
            if m:
                blocks.append(Block("item", text[m.end():], label=m[1]))
            else:
                blocks.append(Block("item", text, label="•"))
            para = None
        elif blocks and blocks[-1].kind == "item" and para is None and raw.startswith(("  ", "\t")):
            blocks[-1].text += " " + line  # an item's continuation line
        else:
            para = (para or []) + [line]
    close()
    return blocks


# --- layout ------------------------------------------------------------------------------------

@dataclass
class Unit:
    """A slab of laid-out text that stays in one column: a line, a heading, a table row."""

    h: float
    shapes: list[Shape]  # in unit-local coordinates (top at 0)
    gap_before: float = 0.0
    keep_with_next: bool = False
    column_break: bool = False


def _units(blocks: list[Block], pt: float, width: float, draw: bool = True) -> list[Unit]:
    """The units of `blocks` at `pt`; with draw=False only their sizes (trying a size)."""
    draw = draw_line if draw else _no_line  # (the flag becomes the function that draws a line)
    lh = fonts.line_height(pt, 1.18)
    base = lh * 0.78
    gap = lh * 0.45
    units: list[Unit] = []
    for b in blocks:
        if b.kind == "column":
            units.append(Unit(0.0, [], column_break=True))
        elif b.kind in ("heading1", "heading2"):
            hpt = pt * (1.3 if b.kind == "heading1" else 1.08)
            hlh = fonts.line_height(hpt, 1.15)
            style = HEADING if b.kind == "heading1" else BOLD
            for i, ln in enumerate(wrap_runs(measured(b.text, hpt, style=style), hpt, width)):
                units.append(Unit(hlh, draw(ln, 0.0, hlh * 0.8, hpt),
                                  gap_before=(gap * 1.6 if i == 0 else 0.0), keep_with_next=True))
        elif b.kind == "para":
            for i, ln in enumerate(wrap_runs(measured(b.text, pt), pt, width)):
                units.append(Unit(lh, draw(ln, 0.0, base, pt), gap_before=gap if i == 0 else 0.0))
        elif b.kind == "item":
            label_rs = runs(b.label, bold=b.label != "•")
            indent = max(fonts.text_width("00)", BOLD, pt), word_width(label_rs, pt)) + fonts.text_width(" ", REGULAR, pt)
            for i, ln in enumerate(wrap_runs(measured(b.text, pt), pt, width - indent)):
                shapes = draw(ln, indent, base, pt)
                if i == 0:
                    shapes = [Text(0.0, base, b.label, size=pt, font=label_rs[0][1])] + shapes
                units.append(Unit(lh, shapes, gap_before=gap * 0.5 if i == 0 else 0.0))
        elif b.kind == "table":
            units.extend(_table(b, pt, width, gap, draw))
    return units


def _no_line(*args, **kwargs) -> list[Shape]:
    return []



def _table(b: Block, pt: float, width: float, gap: float, draw=draw_line) -> list[Unit]:
    lh = fonts.line_height(pt, 1.15)
    base = lh * 0.78
    pad_x, pad_y = 0.8, 0.45
    ncol = max(len(r) for r in b.rows if len(r) > 1) if any(len(r) > 1 for r in b.rows) else 1
    natural = [0.0] * ncol
    for ri, r in enumerate(b.rows):
        if len(r) == 1 and ncol > 1:
            continue
        for ci, cell in enumerate(r):
            natural[ci] = max(natural[ci], line_width(measured(cell, pt, bold=b.header and ri == 0), pt) + 2 * pad_x)
    widths = list(natural)
    if sum(natural) > width:  # the widest column wraps; the others keep their natural width
        flex = max(range(ncol), key=lambda i: natural[i])
        widths[flex] = max(width - (sum(widths) - widths[flex]), 8.0)
    if sum(widths) > width + 1e-6:  # the narrow columns alone are too wide: let them wrap too
        scale = width / sum(natural)
        widths = [w * scale for w in natural]
    align = b.align + ["left"] * (ncol - len(b.align))
    width = min(width, sum(widths))
    units: list[Unit] = []
    for ri, r in enumerate(b.rows):
        shapes: list[Shape] = []
        is_header = b.header and ri == 0
        if len(r) == 1 and ncol > 1:  # a spanning row: a shaded band
            lines = wrap_runs(measured(r[0], pt, bold=True), pt, width - 2 * pad_x)
            h = len(lines) * lh + 2 * pad_y
            shapes.append(Rect(0.0, 0.0, width, h, _BAND_STYLE))
            for i, ln in enumerate(lines):
                shapes += draw(ln, pad_x, pad_y + base + i * lh, pt)
        else:
            cells = []
            for ci in range(ncol):
                cell = r[ci] if ci < len(r) else ""
                cells.append(wrap_runs(measured(cell, pt, bold=is_header), pt, widths[ci] - 2 * pad_x))
            h = max(len(c) for c in cells) * lh + 2 * pad_y
            if is_header:
                shapes.append(Rect(0.0, 0.0, width, h, _BAND_STYLE))
            x = 0.0
            for ci, lines in enumerate(cells):
                for i, ln in enumerate(lines):
                    shapes += draw(ln, x + pad_x, pad_y + base + i * lh, pt, widths[ci] - 2 * pad_x, align[ci])
                x += widths[ci]
        shapes.append(Line(0.0, h, width, h, _RULE_STYLE))
        if ri == 0:
            shapes.append(Line(0.0, 0.0, width, 0.0, _RULE_STYLE))
        units.append(Unit(h, shapes, gap_before=gap if ri == 0 else 0.0,
                          keep_with_next=is_header or (len(r) == 1 and ncol > 1)))
    return units


def _flow(units: list[Unit], w: float, h: float, columns: int, col_gap: float,
          place: bool = True) -> tuple[list[Shape], float] | None:
    """Place units top to bottom, column after column; None if they do not fit (place=False:
    only whether they fit, and how tall)."""
    cw = (w - col_gap * (columns - 1)) / columns
    col, y, tallest = 0, 0.0, 0.0
    out: list[Shape] = []
    i = 0
    while i < len(units):
        u = units[i]
        if u.column_break:
            col, y = col + 1, 0.0
            if col >= columns:
                return None
            i += 1
            continue
        gap = u.gap_before if y > 0 else 0.0
        # keep a heading (or table header) with the unit after it
        need = gap + u.h
        j = i
        while units[j].keep_with_next and j + 1 < len(units) and not units[j + 1].column_break:
            j += 1
            need += units[j].gap_before + units[j].h
        if y + need > h + 1e-6:
            if y == 0.0:
                return None
            col, y = col + 1, 0.0
            if col >= columns:
                return None
            continue
        y += gap
        x0 = col * (cw + col_gap)
        if place:
            out.extend(_move(s, x0, y) for s in u.shapes)
        y += u.h
        tallest = max(tallest, y)
        i += 1
    return out, tallest


def _move(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, (Text, Rect)):
        return evolve(s, x=s.x + dx, y=s.y + dy)
    if isinstance(s, Line):
        return evolve(s, x1=s.x1 + dx, y1=s.y1 + dy, x2=s.x2 + dx, y2=s.y2 + dy)
    if isinstance(s, Group):
        return evolve(s, dx=s.dx + dx, dy=s.dy + dy)
    raise TypeError(type(s))


def layout(markup: str, w: float, h: float, *, max_pt: float = 10.0, min_pt: float = PLAY_PT,
           columns: int = 1, col_gap: float = 4.0, x: float = 0.0, y: float = 0.0,
           where: str = "text") -> Laid:
    """Lay `markup` into the box (x, y, w, h) at the largest size from max_pt down to min_pt.

    Raises TextFitError naming `where` when even `min_pt` overflows the box.
    """
    unknown_icon(markup, where)
    blocks = parse(markup)
    cw = (w - col_gap * (columns - 1)) / columns
    sizes = []
    s = max_pt
    while s >= min_pt - 1e-9:
        sizes.append(round(s, 2))
        s -= 0.25
    if not sizes:
        sizes = [min_pt]
    # Binary search over the sizes (larger sizes first); fit is monotone enough for text. A
    # size is tried by measuring its lines; only the chosen one is drawn.
    lo, hi, best = 0, len(sizes) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        if _flow(_units(blocks, sizes[mid], cw, draw=False), w, h, columns, col_gap, place=False) is not None:
            best, hi = sizes[mid], mid - 1
        else:
            lo = mid + 1
    if best is None:
        raise TextFitError(f"{where}: the text does not fit its {w:.1f}x{h:.1f} mm box even at {min_pt:g} pt "
                           f"(shorten it, give it more room or more columns)")
    size = best
    shapes, used = _flow(_units(blocks, size, cw), w, h, columns, col_gap)
    return Laid(tuple(_move(s, x, y) for s in shapes), size, used)
