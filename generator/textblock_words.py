"""Words with fonts (generator/textblock.py lays them out): markup's runs of regular and bold
text and inline drawings (`:meeple:`), split into words, measured at a size (kept: a layout tries
several sizes of one text, and a deck repeats its texts), wrapped greedily into lines and drawn
as Text shapes, runs of one font merged.
"""
from __future__ import annotations

import re

from pnpkit.generator import fonts
from pnpkit.generator.fonts import TextFitError
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import MM_PER_PT, Group, Shape, Text

REGULAR, BOLD, HEADING = "condensed", "condensed-bold", "heading"

Run = tuple[str, str]  # (text, font style); an inline drawing is (its name, ICON)
ICON = "icon"
_ICON = re.compile(r":([a-z][a-z0-9-]*):")


def _icon_names() -> frozenset[str]:
    from pnpkit.generator import art
    return frozenset(art.names())


def runs(text: str, bold: bool = False) -> list[Run]:
    """'a **b** c' -> [('a ', regular), ('b', bold), (' c', regular)]; ':meeple:' (a drawing the
    art library has) -> ('meeple', ICON)."""
    out: list[Run] = []
    for i, part in enumerate(text.split("**")):
        font = BOLD if (i % 2 == 1) != bold else REGULAR
        at = 0
        for m in _ICON.finditer(part):
            if m[1] not in _icon_names():
                continue
            if m.start() > at:
                out.append((part[at:m.start()], font))
            out.append((m[1], ICON))
            at = m.end()
        if part[at:]:
            out.append((part[at:], font))
    return out


def unknown_icon(markup: str, where: str = "text") -> None:
    """An inline drawing the art library does not have (`:meeples:`) is a mistake to mend, not words
    to print: TextFitError (which every caller reports at the text's line), with the nearest name."""
    bad = next((m[1] for m in _ICON.finditer(markup) if m[1] not in _icon_names()), None)
    if bad is not None:
        import difflib
        hint = difflib.get_close_matches(bad, sorted(_icon_names()), n=1)
        raise TextFitError(f"{where}: no drawing named {bad!r} for the icon :{bad}:" +
                           (f" (did you mean :{hint[0]}:?)" if hint else " (icons are the art library's drawings)"))


def run_width(text: str, font: str, pt: float) -> float:
    """A run's width in mm; an inline drawing is a square a little taller than a capital."""
    return icon_size(pt) + 0.3 * pt * MM_PER_PT if font == ICON else fonts.text_width(text, font, pt)


def icon_size(pt: float) -> float:
    return pt * MM_PER_PT * 1.05


def words(rs: list[Run]) -> tuple[tuple[Run, ...], ...]:
    """Split runs into words (each a tuple of runs, no spaces inside). Kept for texts up to
    2,000 characters: layout tries several sizes of one text, and a deck repeats its texts."""
    rs = tuple(rs)
    return (_words if sum(len(t) for t, _ in rs) <= 2000 else _words.__wrapped__)(rs)


@cached(4096)
def _words(rs: tuple[Run, ...]) -> tuple[tuple[Run, ...], ...]:
    out: list[list[Run]] = [[]]
    for text, font in rs:
        if font == ICON:
            out[-1].append((text, font))
            continue
        pieces = re.split(r"(\s+)", text)
        for p in pieces:
            if not p:
                continue
            if p.isspace():
                if out[-1]:
                    out.append([])
            else:
                out[-1].append((p, font))
    return tuple(tuple(w) for w in out if w)


def word_width(w: tuple[Run, ...] | list[Run], pt: float) -> float:
    short = len(w) == 1 and len(w[0][0]) <= fonts.SHORT  # most words: one run, a few letters (kept)
    return (_word_width if short else _word_width.__wrapped__)(tuple(w), pt)


@cached(16384)
def _word_width(w: tuple[Run, ...], pt: float) -> float:
    return sum(run_width(t, f, pt) for t, f in w)


Measured = tuple[tuple[tuple[Run, ...], ...], tuple[float, ...]]  # a text's words and their widths


def measured(text: str, pt: float, bold: bool = False, style: str | None = None) -> Measured:
    """The words of markup `text` (bold throughout, or every word in `style`: a heading) and
    their widths at `pt`. Kept for texts up to 2,000 characters: trying a size measures every text
    of a box at it, and the size chosen is then measured again to be drawn."""
    return (_measured if len(text) <= 2000 else _measured.__wrapped__)(text, pt, bold, style)


@cached(8192)
def _measured(text: str, pt: float, bold: bool, style: str | None) -> Measured:
    ws, factors = (_words_of if len(text) <= 2000 else _words_of.__wrapped__)(text, bold, style)
    if factors is not None:  # every word one run of text: its width at 1 pt times the size
        return ws, tuple([f * pt * MM_PER_PT for f in factors])
    width = fonts.text_width
    # a word of one run of text is that run's width (sum() of one width is that width)
    return ws, tuple([width(w[0][0], w[0][1], pt) if len(w) == 1 and w[0][1] != ICON else word_width(w, pt)
                      for w in ws])


@cached(8192)
def _words_of(text: str, bold: bool, style: str | None) -> tuple[tuple[tuple[Run, ...], ...], tuple[float, ...] | None]:
    """The words of a text, and their widths at 1 pt (fonts.per_pt) when every word is one run
    of text, which the layout's binary search then scales to each size it tries; else None."""
    if style is None:
        rs = runs(text, bold)
    else:
        rs = [(t, ICON if f == ICON else style) for t, f in runs(text.replace("**", ""))]
    ws = words(rs)
    if not fonts.LINEAR or any(len(w) != 1 or w[0][1] == ICON for w in ws):
        return ws, None
    return ws, tuple([fonts.per_pt(w[0][0], w[0][1]) for w in ws])


def line_width(m: Measured, pt: float) -> float:
    """Width of a measured text set on one line."""
    ws, widths = m
    return sum(widths) + fonts.text_width(" ", REGULAR, pt) * max(0, len(ws) - 1)


def wrap_runs(m: Measured, pt: float, width: float) -> list[list[list[Run]]]:
    """Greedy wrap of a measured text: a list of lines, each a list of words."""
    space = fonts.text_width(" ", REGULAR, pt)
    lines: list[list[list[Run]]] = []
    line: list[list[Run]] = []
    used = 0.0
    for w, ww in zip(*m):
        if line and used + space + ww > width + 1e-6:
            lines.append(line)
            line, used = [], 0.0
        used += (space if line else 0.0) + ww
        line.append(w)
    if line or not lines:
        lines.append(line)
    return lines


def draw_line(line: list[list[Run]], x: float, baseline: float, pt: float, width: float | None = None,
              align: str = "left") -> list[Shape]:
    """Text shapes for one line of words, runs of one font merged (a space takes the font before it)."""
    merged: list[list] = []  # [text, font]
    for i, w in enumerate(line):
        for j, (t, f) in enumerate(w):
            if i > 0 and j == 0:
                if merged[-1][1] == ICON:
                    merged.append([" ", REGULAR])
                else:
                    merged[-1][0] += " "
            if merged and merged[-1][1] == f and f != ICON:
                merged[-1][0] += t
            else:
                merged.append([t, f])
    total = sum(run_width(t, f, pt) for t, f in merged)
    if width is not None and align == "right":
        x += width - total
    elif width is not None and align == "center":
        x += (width - total) / 2
    out: list[Shape] = []
    for t, f in merged:
        if f == ICON:
            from pnpkit.generator import art
            s = icon_size(pt)
            out.append(Group(tuple(art.draw(t, s, s)), dx=x + 0.15 * pt * MM_PER_PT, dy=baseline - s * 0.88))
        elif t.strip():
            out.append(Text(x, baseline, t.rstrip(), size=pt, font=f))
        x += run_width(t, f, pt)
    return out
