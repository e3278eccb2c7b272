"""Text laid into a box: the largest size that fits, never below the readable minimum."""
from __future__ import annotations

import pytest

from pnpkit.generator import fonts
from pnpkit.generator.shapes import Rect, Text
from pnpkit.generator.textblock import TextFitError, layout, parse

PARA = "Take up one or more cooked Chestnuts from the Fire and put them on your Plate. "


def text_shapes(laid):
    return [s for s in laid.shapes if isinstance(s, Text)]


def test_short_text_is_set_at_the_largest_size():
    laid = layout("Hello there", 80, 40, max_pt=11, min_pt=6.5)
    assert laid.pt == 11


def test_more_text_shrinks_but_stays_inside_the_box():
    small = layout(PARA * 3, 80, 40, max_pt=11)
    big = layout(PARA * 10, 80, 40, max_pt=11)
    assert big.pt < small.pt and big.pt >= 6.5
    for t in text_shapes(big):
        assert 0 <= t.x and t.x + fonts.text_width(t.text, t.font, t.size) <= 80 + 0.01
        assert 0 < t.y <= 40
    assert big.height <= 40


def test_text_that_cannot_fit_raises():
    with pytest.raises(TextFitError) as e:
        layout(PARA * 60, 80, 40, min_pt=6.5, where="the card")
    assert "the card: the text does not fit its 80.0x40.0 mm box even at 6.5 pt" in str(e.value)


def test_columns_give_room():
    one = layout(PARA * 10, 78, 40, columns=1)
    two = layout(PARA * 10, 160, 40, columns=2)
    assert two.pt > one.pt
    assert any(t.x > 80 for t in text_shapes(two))


def test_column_break_moves_text_to_the_next_column():
    laid = layout("first\n\n[[column]]\nsecond", 100, 30, columns=2)
    xs = {t.text: t.x for t in text_shapes(laid)}
    assert xs["first"] == 0 and xs["second"] > 45


def test_markup_blocks():
    blocks = parse("# Title\n- 1) one\n- two\n\n| a | b |\n|---|--:|\n| c | 1 |\n| span |\npara\nmore")
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading1", "item", "item", "table", "para"]
    assert blocks[1].label == "1)" and blocks[2].label == "•"
    table = blocks[3]
    assert table.header and table.align == ["left", "right"] and table.rows[-1] == ["span"]
    assert blocks[4].text == "para more"


def test_bold_runs_use_the_bold_font():
    laid = layout("plain **bold words** plain", 100, 20)
    fonts_used = {t.text.strip(): t.font for t in text_shapes(laid)}
    assert fonts_used["bold words"].endswith("bold") and not fonts_used["plain"].endswith("bold")


def test_table_rows_wrap_in_the_widest_column_and_numbers_align_right():
    laid = layout("| a) | " + PARA * 2 + "| 1 each |\n|--|--|--:|\n| b) | short | 2 |", 90, 60)
    texts = text_shapes(laid)
    cost = [t for t in texts if t.text == "1 each"][0]
    two = [t for t in texts if t.text == "2"][0]
    right = lambda t: t.x + fonts.text_width(t.text, t.font, t.size)
    assert right(cost) == pytest.approx(right(two), abs=0.01)
    assert len({round(t.y, 2) for t in texts}) >= 3  # the long cell wrapped
    assert any(isinstance(s, Rect) for s in laid.shapes)  # the header band
