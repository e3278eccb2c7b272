"""The fillable score sheets: one of each, on its own page, with a text field in every box.

The kit PDF is for the printer: the score pad's copies are imposed with the other pieces, and it
carries no form fields (a form field is an on-screen thing; some printers and readers print its
highlight or lose its text). A family that keeps score on a tablet or a laptop wants the sheet on
its own instead: this file, `KIT-PAPER-fillable.pdf`, has each score-sheet component once, centred
on a page of the same paper, at 100% (so it can also be printed after filling it in), with the
fields the score-sheet renderer lists in `piece.meta["fields"]` (one per cell, name and box).

A game whose sheet is a record (NUTS' score sheet, In the Nuts!' score pad) gets its boxes named
for what they hold (`p1.almond.3`, `p2.card3b.nut`) and, for NUTS, a page per player: `pnpkit
score` reads the filled file back (scorer/pdfform.py). The names come from the game's form
(kitfile/forms: SheetForm), which the command that builds hands in (`forms`: the generator never
imports the scorer). Its points boxes add themselves up as the sheet is filled in: each is
read-only and carries its calculation as the JavaScript every form-filling viewer runs
(kitfile/forms/calc.py), in the form's calculation order; the reader never reads them. A pad that
is not a record adds up where its game says how (`pads`: Chestnuts' Totals, a Chair's chestnuts
less the burnt), and a designer's scoring pad as its kit says (kitfile/pad.py). Any other sheet
keeps the printed names: a pad to keep totals on.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Shape
from pnpkit.generator.sheets import Paper, Placed, furniture
from pnpkit.kitfile.forms import Forms, Pads, SheetForm, calcs, no_forms, no_pads
from pnpkit.kitfile.forms import pages as form_pages

Field = tuple  # (name, x, y, w, h) in page mm, and the calculate script of a points box


@dataclass(frozen=True)
class Sheet:
    """One page of the fillable file: its drawing and its fields, both in page mm."""

    shapes: tuple[Shape, ...]
    fields: tuple[Field, ...]


def sheets(pieces: list[Piece], paper: Paper, title: str, credit: str, titles: dict[str, str],
           game: str = "", players: int = 1, forms: Forms = no_forms, pads: Pads = no_pads) -> list[Sheet]:
    """A page for the first copy of every piece that has fields (score sheets), in kit order.
    A sheet that is `game`'s record form (`forms(game)`) gets its boxes named for what they hold,
    and a page per player when the game fills one sheet each (`players`: the game's most).
    A sheet too large for the printable area turns a quarter if that fits (it is never scaled)."""
    firsts: dict[str, Piece] = {}
    for p in pieces:
        if p.meta.get("fields") and p.component not in firsts:
            firsts[p.component] = p
    form = forms(game) if firsts else None
    planned = [(p, form_pages(form, p.component, p.meta["fields"], players) or [p.meta["fields"]])
               for p in firsts.values()]
    scripts = _scripts(form, game)
    total = sum(len(pages) for _, pages in planned)
    out: list[Sheet] = []
    for p, pages in planned:
        placed = _placed(p, paper)
        sums = p.meta.get("sums") or {}   # a designer's scoring pad (kitfile/pad.py): its totals
        pad = pads(game, p.component, [b[0] for b in p.meta["fields"]])  # a game's pad's totals (Chestnuts')
        for seat, boxes in enumerate(pages, 1):
            fields = tuple((name, *placed.box_on_page(fx, fy, fw, fh),
                            *(_sum(sums[name]) if name in sums else _script(scripts, name, pad)))
                           for name, fx, fy, fw, fh in boxes)
            who = f", player {seat}" if len(pages) > 1 else ""
            left = f"{title}: {titles.get(p.component, p.component)}{who}: fill in on screen, then save or print at 100%"
            shapes = (placed.shape(),) + tuple(furniture(paper, left, f"page {len(out) + 1} of {total}", credit))
            out.append(Sheet(shapes, fields))
    return out


def _scripts(form: SheetForm | None, game: str) -> dict[str, object]:
    """The calculated boxes of `game`'s sheet by name under `pN.` (none for a game without a form,
    or a kit whose parameters cannot be read here: then its boxes are plain)."""
    from pnpkit.kitfile.errors import SourceError
    if form is None:
        return {}
    from pnpkit.kitfile.head import load_head
    try:
        return calcs(form, load_head(game))
    except (SourceError, OSError, KeyError):
        return {}


def _script(scripts: dict, name: str, pad: dict | None = None) -> tuple[str, ...]:
    """`(script,)` for a calculated box `pN.points.total` (or a pad's, by its printed name), `()`
    for a box the person fills."""
    from pnpkit.kitfile.forms.calc import javascript
    if pad and name in pad:
        return (javascript(pad[name], ""),)
    seat, _, rest = name.partition(".")
    calc = scripts.get(rest)
    if calc is None:
        return ()
    return (javascript(calc, seat + "."),)


def _sum(boxes: tuple[str, ...]) -> tuple[str]:
    """`(script,)` of a scoring pad's total: the sum of its boxes, as every other sheet's sums."""
    from pnpkit.kitfile.forms import Calc
    from pnpkit.kitfile.forms.calc import javascript
    return (javascript(Calc("sum", boxes), ""),)


def _placed(p: Piece, paper: Paper) -> Placed:
    """The sheet centred in the printable area, turned a quarter if only that fits."""
    x0, y0, x1, y1 = paper.area
    aw, ah = x1 - x0, y1 - y0
    turned = (p.w > aw + 1e-6 or p.h > ah + 1e-6) and p.h <= aw and p.w <= ah
    w, h = (p.h, p.w) if turned else (p.w, p.h)
    return Placed(p, x0 + (aw - w) / 2, y0 + (ah - h) / 2, w, h, rotate=90 if turned else 0)
