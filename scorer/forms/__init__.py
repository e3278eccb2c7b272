"""The score sheets as forms, described once per game: the boxes of a player's sheet, where they
lie, how the sheet adds them up, and the record a filled sheet stands for.

One module per game says all of it (scorer/forms/nuts.py, in_the_nuts.py), so the web form of
`pnpkit serve`, the fillable PDF the generator writes (generator/fillable.py) and the record
`pnpkit score SHEET.pdf` reads from it (scorer/forms/pdf.py) cannot drift apart. A game's form knows:

    COMPONENT: str                      # the kit's score-sheet component that is the form
    PER_PLAYER: bool                    # a page per player (p1 on page 1, ...) or one page for all
    def fields(kit) -> list[Field]      # a player's sheet: its boxes, in the printed order
    def name(printed: str) -> str | None   # the form's name of a printed box (None: no field)
    def record(values: Values, kit) -> dict # the record, or a FormProblem naming page and field
    def fields_of(data: dict, kit) -> dict[str, str]  # record's inverse: each box's text (a saved
                                        # game opened again to correct it), or a FormProblem
    def layout(kit) -> Layout          # where the fields lie on the printed sheet
    def box(where: str, entry: dict) -> str # the field a violation's `where` (after the name) is about
    def points(label: str) -> str | None   # the points box a breakdown line adds to

The web form (pnpkit/serve/sheets.py) draws `fields` and turns what is typed into `Values` read by
the same `record`; the fillable PDF's writer (generator/fillable.py) keeps the printed boxes that
are `fields`, and writes each `Field.calc` as the box's calculation (the viewer adds the sheet up);
`pnpkit score SHEET.pdf` reads them with `record` and never reads a calculated box.

A box's form name says what it holds: `p1.almond.3` (player 1's almond column, the row numbered
3), `p2.salt`, `p1.card3b.nut`. They are listed in docs/records.md ("Filled fillable sheets").
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType

FORM_GAMES = ("nuts", "in-the-nuts")
KEYWORD = "pnpkit fillable score sheet"   # the fillable PDF's /Keywords: "pnpkit fillable score sheet: GAME"
MARKS = frozenset("xX*|/\u25cf\u2022\u2713\u2714oO+")   # what a person types to tick a cell


@dataclass(frozen=True)
class Calc:
    """How a sheet adds a box up, for the person filling it in (the scorer never reads it):

    sum      the numbers in `args`
    less     the number in args[0] less the others' (Chestnuts: a Chair's chestnuts less the burnt)
    times    the count in args[0] (a number, or a mark each) times values[0]
    all      a tick when every cell of `args` is ticked (a complete row)
    rows     values[1] for each row of values[0] cells (args, row by row) that is all ticked
    columns  for each column (args, column by column, len(values) cells each), the value of
             its lowest ticked cell from the top (values: each row's), summed
    card     args: the nuts box and the jokers box; their count (nuts, plus one a joker) is
             values[1] when it reaches values[0] (the card is full), else the count itself
    most     the largest of `args` that reached its card's full value (values: each one's)
    """

    op: str
    args: tuple[str, ...]
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Field:
    """One box of a player's sheet, named under the player's `pN.`, as the web form, the fillable
    PDF's writer and its reader all know it."""

    name: str                                   # `almond.3`, `salt`, `card3b.nut`
    label: str
    kind: str                                   # name, tick, count, text, pick, picks, points
    choices: tuple[tuple[str, str], ...] = ()   # pick/picks: (value, label)
    group: str = ""                             # the box a violation is shown beside (a column, a card)
    calc: Calc | None = None                    # points: added up by the sheet, never read


@dataclass(frozen=True)
class Layout:
    """A player's sheet as printed: the grid's column heads, its rows (a label and a box name, or
    None, per column) and the rows of boxes under it; every name is a Field's."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str | None, ...]], ...]
    under: tuple[tuple[str, ...], ...]
    row_head: str = ""


def fields(game: str, kit) -> list[Field]:
    """A player's sheet of `game` (a FORM_GAMES game), in the printed order."""
    return form(game).fields(kit)


def read_fields(game: str, kit) -> list[Field]:
    """The boxes whose text becomes the record (the rest is added up for the person)."""
    return [f for f in fields(game, kit) if f.kind != "points"]


@dataclass(frozen=True)
class Value:
    """One field's text as filled in, and the page (from 1) its box is on."""

    text: str
    page: int


Values = dict[str, Value]


class FormProblem(Exception):
    """A filled sheet that is not a record yet: the page and the field, and what is expected."""

    def __init__(self, page: int | None, field: str, message: str):
        super().__init__(f"page {page}, {field}: {message}" if page else f"{field}: {message}")
        self.page, self.field, self.message = page, field, message


def form(game: str) -> ModuleType | None:
    """The form module of `game`, or None if its sheet is not a record pnpkit reads."""
    if game not in FORM_GAMES:
        return None
    return importlib.import_module("pnpkit.scorer.forms." + game.replace("-", "_"))


def pages(game: str, component: str, printed: list[tuple], players: int) -> list[list[tuple]] | None:
    """The fillable pages of a score sheet: its boxes `(printed name, x, y, w, h)` renamed for the
    form, a page per player (as many as the game's most players) or one page; None when this sheet
    is not a game's form (it is kept with its printed names, as a pad to keep totals)."""
    f = form(game)
    if f is None or f.COMPONENT != component:
        return None
    named = [(f.name(n), *box) for n, *box in printed]
    named = [b for b in named if b[0] is not None]
    if not f.PER_PLAYER:
        return [named]
    return [[(f"p{seat}.{n}", *box) for n, *box in named] for seat in range(1, players + 1)]


def pad_calcs(game: str, component: str, printed: list[str]) -> dict[str, Calc]:
    """The calculated boxes of a score pad that is not a record form (Chestnuts' pad: a row a
    game, each player's total), by their printed names; {} for any other sheet."""
    from pnpkit.scorer.forms import ends
    f = ends.end_form(game)
    pad = getattr(f, "pad_calcs", None)
    return pad(printed) if pad is not None and getattr(f, "PAD", None) == component else {}


def calcs(game: str, kit) -> dict[str, Calc]:
    """Each calculated box of `game`'s sheet by its name under `pN.`, in calculation order."""
    f = form(game)
    return {} if f is None else {x.name: x.calc for x in f.fields(kit) if x.calc is not None}


def text(values: Values, field: str) -> str:
    v = values.get(field)
    return v.text.strip() if v is not None else ""


def page_of(values: Values, field: str, default: int | None = None) -> int | None:
    v = values.get(field)
    return v.page if v is not None else default


def count(values: Values, field: str, what: str, page: int | None) -> int:
    """A box counting things: a number (`3`), or one mark a thing (`xxx`, `●●●`); blank is 0."""
    t = re.sub(r"\s+", "", text(values, field))
    if not t:
        return 0
    if re.fullmatch(r"\d{1,3}", t):
        return int(t)
    if set(t) <= MARKS and len(t) <= 99:
        return len(t)
    raise FormProblem(page, field, f"expected the number of {what} (e.g. 3, or one x each), not {t[:40]!r}")


def items(values: Values, field: str) -> list[str]:
    """A box listing things, separated by commas, semicolons or spaces."""
    return [w for w in re.split(r"[\s,;]+", text(values, field)) if w]


def filled(values: Values, prefix: str) -> list[str]:
    """The fields under `prefix` that hold something (in the form's order)."""
    return [k for k, v in values.items() if k.startswith(prefix) and v.text.strip()]


def named_seats(values: Values, kit, read: set[str], per_page: bool) -> Iterator[tuple[str, str, int]]:
    """Each seat whose name is written, in seat order: (its prefix `pN.`, the name, the page its
    boxes are on). A seat with a box of `read` filled in and no name is a FormProblem at its name:
    a sheet is nobody's only when it is blank."""
    for seat in range(1, kit.game.max_players + 1):
        p = f"p{seat}."
        name, page = text(values, p + "name"), seat if per_page else page_of(values, p + "name", 1)
        if name:
            yield p, name, page
        elif written := [k for k in filled(values, p) if k[len(p):] in read]:
            where = "this page" if per_page else "their column"
            raise FormProblem(page, p + "name", f"write the player's name: {where} has {written[0]} filled in")
