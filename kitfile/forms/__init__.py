"""Score sheets as forms: the boxes of a sheet, where they lie on the printed sheet, how the sheet
adds them up, and the values a person filled in. Each game's form is described once, in its
package (scorer/games/<game>/form.py); this module holds what every form is made of, below both
the generator and the scorer, so that the fillable PDF's writer (generator/fillable.py), the web
form of `pnpkit serve` (pnpkit/serve/sheets.py) and the reader of a filled PDF (scorer/pdfform.py)
read the one description and cannot drift apart. The generator is handed a game's form by the
command that builds (it never imports the scorer); the scorer's registry says which game has one
(scorer/games: `form`).

A game's form is of one of two kinds. A game whose record may be its final sheets (NUTS, In the
Nuts!) has the final sheet's form, `SheetForm` below: its printed boxes renamed for what they
hold, a page per player or one page for all, the calculations that add the sheet up, and the
record a filled sheet stands for. A game whose record is a move log (Chestnuts, Forest Fire, Trim
the Tree) has its end position's form, `EndForm`: the table when the game ends, laid out as the
board is, standing for the `start:` record with no turn after it (docs/records/*.md, "Starting
from the table"). Fair Verona has none (its position is the deck, the map and every card in
play); In the Nuts!' end position is its final storage cards, its sheet form.

The web form draws `fields` and turns what is typed into `Values` read by the same `record`; the
fillable PDF's writer keeps the printed boxes that are `fields`, and writes each `Field.calc` as
the box's calculation (the viewer adds the sheet up: calc.py); `pnpkit score SHEET.pdf` reads them
with `record` and never reads a calculated box.

A box's form name says what it holds: `p1.almond.3` (player 1's almond column, the row numbered
3), `p2.salt`, `p1.card3b.nut`. They are listed in docs/records.md ("Filled fillable sheets").
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from pnpkit.kitfile.errors import InputError

SHEET_HEAD = "# read from the filled score sheet "   # the first line of the record a filled sheet stands for
KEYWORD = "pnpkit fillable score sheet"   # the fillable PDF's /Keywords: "pnpkit fillable score sheet: GAME"
MARKS = frozenset("xX*|/\u25cf\u2022\u2713\u2714oO+")   # what a person types to tick a cell


@dataclass(frozen=True)
class Calc:
    """How a sheet adds a box up, for the person filling it in (the scorer never reads it):

    sum      the numbers in `args`
    less     the number in args[0] less the others' (Chestnuts: a Chair's chestnuts less the burnt)
    times    the count in args[0] (a number, or a mark each) times values[0]
    ticks    values[0] for each ticked box of `args` (a row of tick boxes, a marker each)
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
    hint: str = ""                              # text: an example of what the box takes
    words: str = ""                             # the box as the table says it, after "Ann's": `pistachio
                                                # column, box 2` (""; the label); a form's messages use them


@dataclass(frozen=True)
class Layout:
    """A player's sheet as printed: the grid's column heads, its rows (a label and a box name, or
    None, per column), the rows of tick boxes under it (a label, the group its boxes share, their
    names) and the rows of boxes under those; every name is a Field's."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str | None, ...]], ...]
    under: tuple[tuple[str, ...], ...]
    row_head: str = ""
    ticks: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Value:
    """One field's text as filled in, and the page (from 1) its box is on."""

    text: str
    page: int


Values = dict[str, Value]


class FormProblem(InputError):
    """A filled sheet that is not a record yet: the page and the field, and what is expected (a
    person is shown the field in words: `told_box`)."""

    def __init__(self, page: int | None, field: str, message: str):
        super().__init__(f"page {page}, {field}: {message}" if page else f"{field}: {message}")
        self.page, self.field, self.message = page, field, message


NAME_WORDS = 60     # a longer name (refused as a record's) is not used to say whose box it is
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(i: int) -> str:
    """0 -> `first`: the i-th thing a record lists, as a person counts it."""
    return ORDINALS[i] if 0 <= i < len(ORDINALS) else f"no. {i + 1}"


def words(fields: list[Field], groups: dict[str, str], box: str) -> str:
    """A box (`pistachio.3`) or a group of boxes (`pistachio`, `card3b`) in the players' words, from
    the form's own: its Field's `words` (or label), or the group's."""
    found = next((f for f in fields if f.name == box), None)
    if found is not None:
        return found.words or found.label.lower()
    return groups.get(box, box)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def told_box(form: Any, kit: Any, values: "Values", field: str) -> str:
    """A box by its field's name (`p3.pistachio.3`) as the players say it (`Cara's pistachio column,
    box 2`): the name written on that seat's sheet, and the form's words for the box."""
    seat, dot, rest = field.partition(".")
    if not (dot and re.fullmatch(r"p\d+", seat)):
        return field
    name = text(values, seat + ".name")
    if rest == "name" or not name or len(name) > NAME_WORDS:     # the name box's own problem: not by the name
        name = "player " + seat[1:]
    return f"{possessive(name)} {form.words(rest, kit)}"


def told(form: Any, kit: Any, where: str, players: list) -> str:
    """A violation's `where` in a sheet's record (`Ann, goals[0]`, `Chris, stores[1], jokers[0]`) as
    the players say it (`Ann's first goal card, Salty Mama`); as it was where it names no player's box."""
    for player in players:
        name = player.get("name", "") if isinstance(player, dict) else str(player)
        if name and where.startswith(name + ", "):
            return f"{possessive(name)} {form.said(where[len(name) + 2:], player, kit)}"
    return where


class SheetForm(Protocol):
    """A final sheet's form (a module of module-level names: scorer/games/nuts/form.py)."""

    COMPONENT: str              # the kit's score-sheet component that is the form
    PER_PLAYER: bool            # a page per player (p1 on page 1, ...) or one page for all
    SIGNATURE: str              # a field only this form has: a filled PDF with it is this game's

    def fields(self, kit: Any) -> list[Field]:
        """A player's sheet: its boxes, in the printed order."""
        ...

    def name(self, printed: str) -> str | None:
        """The form's name of a printed box (None: the box is no field)."""
        ...

    def layout(self, kit: Any) -> Layout:
        """Where the fields lie on the printed sheet."""
        ...

    def record(self, values: Values, kit: Any) -> dict:
        """The record the filled sheets stand for, or a FormProblem naming page and field."""
        ...

    def fields_of(self, data: dict, kit: Any) -> dict[str, str]:
        """`record`'s inverse: each box's text (a saved game opened again to correct it), or a
        FormProblem for what the sheet cannot hold."""
        ...

    def box(self, where: str, entry: dict) -> str:
        """The field a violation's `where` (after the player's name) is about."""
        ...

    def words(self, box: str, kit: Any) -> str:
        """A box or a group of boxes in the players' words (`pistachio column, box 2`)."""
        ...

    def said(self, where: str, entry: dict, kit: Any) -> str:
        """A violation's `where` (after the player's name) in the players' words (`first goal card`)."""
        ...

    def points(self, label: str) -> str | None:
        """The points box a breakdown line adds to."""
        ...


class EndForm(Protocol):
    """An end position's form (a module: scorer/games/chestnuts/form.py)."""

    TITLE: str                  # what the form is of ("the table when the game ends")

    def fields(self, kit: Any) -> list[Field]:
        """Every box, the players' and the board's."""
        ...

    def players(self, kit: Any) -> Layout:
        """A row of boxes per player (pN.name first)."""
        ...

    def boards(self, kit: Any) -> list[tuple[str, Layout]]:
        """The board's boxes, as the board lies (a tree each), each with its title."""
        ...

    def record(self, values: Values, kit: Any) -> dict:
        """The `start:` record, or a FormProblem naming the box."""
        ...

    def fields_of(self, data: dict, kit: Any) -> dict[str, str]:
        """`record`'s inverse (a saved game corrected)."""
        ...

    def box(self, where: str, message: str, seats: dict[str, int]) -> str | None:
        """The box a problem the scorer refuses is about (None: the table)."""
        ...


Forms = Callable[[str], "SheetForm | None"]
"""A game id -> its final sheet's form, or None (a sheet that keeps the printed names: a pad)."""


def no_forms(game: str) -> SheetForm | None:
    """No game's sheet is a form (what the generator knows by itself)."""
    return None


Pads = Callable[[str, str, list[str]], "dict[str, Calc]"]
"""A game id, a score-sheet component and its printed box names -> the boxes of a pad that is not
a record (Chestnuts' score pad: each game's Total) that add themselves up, by printed name."""


def no_pads(game: str, component: str, printed: list[str]) -> dict[str, Calc]:
    """No pad adds itself up (what the generator knows by itself)."""
    return {}


def pages(form: SheetForm | None, component: str, printed: list[tuple], players: int) -> list[list[tuple]] | None:
    """The fillable pages of a score sheet: its boxes `(printed name, x, y, w, h)` renamed for the
    form, a page per player (as many as the game's most players) or one page; None when this sheet
    is not the game's form (it is kept with its printed names, as a pad to keep totals)."""
    if form is None or form.COMPONENT != component:
        return None
    named = [(form.name(n), *box) for n, *box in printed]
    named = [b for b in named if b[0] is not None]
    if not form.PER_PLAYER:
        return [named]
    return [[(f"p{seat}.{n}", *box) for n, *box in named] for seat in range(1, players + 1)]


def calcs(form: SheetForm | EndForm | None, kit: Any) -> dict[str, Calc]:
    """Each calculated box of a form by its name (under `pN.` on a sheet), in calculation order."""
    return {} if form is None else {x.name: x.calc for x in form.fields(kit) if x.calc is not None}


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
