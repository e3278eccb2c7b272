"""What the NUTS kit prints for the move log (issue 27): the conveyor rows' numbers on the floor so
a record can name a cell (`2:4-5`), a quick reference that says how Splitter/Joiner tiles are built,
the one-path rule, the fed squirrel, the round's end and a full column, and a game-log pad to write
the record on with a pencil."""
from __future__ import annotations

import pypdfium2
import pytest
from pypdf import PdfReader

from pdf_text import page_text

MM = 25.4 / 72


@pytest.fixture(scope="module")
def built(kit_build):
    return kit_build("nuts", "a4")


def _pieces(built, component: str) -> list[dict]:
    return [p for p in built.manifest["pieces"] if p["component"] == component]


def _chars(pdf, page: int) -> list[tuple[str, float, float]]:
    """Each character on the page with its centre, in mm from the page's top left."""
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        p = doc[page - 1]
        height = p.get_height()
        tp = p.get_textpage()
        out = []
        for i in range(tp.count_chars()):
            left, bottom, right, top = tp.get_charbox(i)
            out.append((tp.get_text_range(i, 1), (left + right) / 2 * MM, (height - (top + bottom) / 2) * MM))
        return out
    finally:
        doc.close()


def _line_numbers(pdf, page: int) -> list[tuple[str, float, float]]:
    """The numbers printed under the game-log pad's "Line" heading, as (text, x, y)."""
    chars = _chars(pdf, page)
    text = "".join(c for c, _, _ in chars)
    at = text.index("Line")
    _, hx, hy = chars[at + 2]                     # between "Li" and "ne": the column's centre
    words: list[tuple[str, float, float]] = []
    for ch, x, y in chars:
        if not ch.isdigit() or y <= hy or abs(x - hx) > 4.0:
            continue
        if words and abs(words[-1][2] - y) < 1.0:
            words[-1] = (words[-1][0] + ch, x, y)
        else:
            words.append((ch, x, y))
    return words


@pytest.mark.parametrize("component, margin", [("floor", (0.0, 16.0)), ("floor-extension", (80.0, 88.0))])
def test_the_floor_prints_each_conveyor_rows_number_in_its_margin(built, component, margin):
    """Rows 1, 2, 3 (top to bottom: the conveyor rows at y 35-75, 75-115, 115-155 mm of the board)
    are numbered in the board's label margin: the left edge of the floor, the right of the panel."""
    piece = next(p for p in _pieces(built, component) if p.get("part") in (None, "1/2"))
    x0, y0 = piece["x_mm"], piece["y_mm"]
    if component == "floor-extension":
        x0 += piece["w_mm"] - 88.0                     # the panel's glue strip lies left of its own drawing
    found = {}
    for ch, x, y in _chars(built.pdf, piece["page"]):
        if ch in "123" and margin[0] <= x - x0 <= margin[1] and 35 <= y - y0 <= 155:
            found[ch] = y - y0
    assert set(found) == {"1", "2", "3"}, found
    for row, (top, bottom) in zip("123", ((35, 75), (75, 115), (115, 155))):
        assert top < found[row] < bottom


def test_the_quick_reference_says_what_the_log_needs(built):
    ref = _pieces(built, "reference")[0]
    text = " ".join(" ".join(page_text(built.pdf, n).split())
                    for n in (ref["page"], ref["back"]["page"]))
    for words in ("Add or remove a Cross or Splitter/Joiner tile on a printed cell",
                  "one Matching Path must pass a place of each",
                  "Fed: no roll, no move, nothing eaten",
                  "every player has passed in a row",
                  "a full column takes no more",
                  "Splitter: its one belt goes on in both columns",
                  "Joiner: both columns go on in its one belt",
                  "The Roaster counter has no rule: set it by the floor"):
        assert words in text, words


def test_the_game_log_pad_is_printed_back_to_back_and_left_out_of_the_fillable_file(built):
    (pad,) = _pieces(built, "game-log")
    assert (pad["w_mm"], pad["h_mm"]) == (186.0, 250.0) and pad["back"] is not None
    for page in (pad["page"], pad["back"]["page"]):
        text = " ".join(page_text(built.pdf, page).split())
        for words in ("NUTS: game log", "Squirrel dice", "Goal claimed", "build X 1:3-4", "4 > 9",
                      "Setup Bonus cards: kept / dropped"):
            assert words in text, (page, words)
    # the back goes on where the front stops: lines 1-28, then 29-56 (numbering: continued)
    front, back = ({t for t, x, y in _line_numbers(built.pdf, page)} for page in (pad["page"], pad["back"]["page"]))
    assert front == {str(n) for n in range(1, 29)} and back == {str(n) for n in range(29, 57)}
    fields = PdfReader(built.fillable).get_fields() or {}
    assert not any("Squirrel_dice" in name or "Line" in name for name in fields)
