"""The kit file's component kinds: sizes read in one place, errors that name file, line and field."""
from __future__ import annotations

import json

import pytest

from pnpkit.kitfile.components import parse_length, parse_size
from pnpkit.kitfile.model import Kit, kit_schema
from pnpkit.kitfile.source import SourceError, parse, validate

HEAD = "game: {id: x, title: X, players: 2}\ncomponents:\n"


def errors(components: str) -> str:
    with pytest.raises(SourceError) as e:
        validate(Kit, parse(HEAD + components, "kits/x.yaml"))
    return str(e.value)


@pytest.mark.parametrize("text, mm", [
    ("5/8in", 15.875), ("3/4in", 19.05), ("15.9mm", 15.9), ("2cm", 20.0), ("2.5in", 63.5),
    ("1 1/2in", 38.1), (12, 12.0), ("12", 12.0), ("72pt", 25.4),
])
def test_lengths_parse_with_their_units(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("text, wh", [
    ("63.5x88.9mm", (63.5, 88.9)), ("2.5x3.5in", (63.5, 88.9)), ("63mm x 88mm", (63.0, 88.0)),
    ("poker", (63.5, 88.9)), ("5/8in", (15.875, 15.875)), ("370x262", (370.0, 262.0)),
])
def test_sizes_parse(text, wh):
    assert parse_size(text) == pytest.approx(wh)


@pytest.mark.parametrize("bad", ["63x", "x88mm", "63x88furlongs", "abc", "1/0in", ""])
def test_bad_sizes_are_refused(bad):
    with pytest.raises(ValueError) as e:
        parse_size(bad)
    assert "expected e.g. \"63x88mm\"" in str(e.value)


def test_bad_size_names_file_line_and_field():
    msg = errors("  - {kind: counters, name: a, count: 2}\n  - kind: cards\n    name: b\n    size: 63x\n")
    assert msg == 'kits/x.yaml:6: components[1].size: expected e.g. "63x88mm", "2.5x3.5in", "5/8in" or "poker", got "63x"'


def test_bad_length_names_its_field():
    msg = errors("  - kind: counters\n    name: a\n    count: 2\n    size: big\n")
    assert msg.startswith("kits/x.yaml:6: components[0].size: expected a length")


def test_unknown_key_is_reported_with_its_line_and_a_hint():
    msg = errors("  - kind: counters\n    name: a\n    count: 1\n    sise: 3\n")
    assert msg == "kits/x.yaml:6: components[0].sise: unknown key 'sise' (did you mean 'size'?)"


def test_unknown_key_deep_in_a_board():
    msg = errors("  - kind: board\n    name: b\n    size: 100x100mm\n    regions:\n"
                 "      - {name: r, at: [1, 2], size: 3x3mm, colr: '#000000'}\n")
    assert "kits/x.yaml:7: components[0].regions[0].colr: unknown key 'colr' (did you mean 'color'?)" in msg


def test_unknown_kind_lists_the_kinds():
    msg = errors("  - {kind: widget, name: w}\n")
    assert msg.startswith('kits/x.yaml:3: components[0].kind: unknown kind \'widget\' (expected one of: board, counters')


def test_counters_need_count_or_sets_not_both():
    assert "give `count` (how many) or `sets`" in errors("  - {kind: counters, name: a}\n")
    msg = errors("  - {kind: counters, name: a, count: 2, sets: [{name: A, count: 2}]}\n")
    assert "give `count` or `sets`, not both" in msg


def test_a_text_block_takes_a_template_or_text():
    msg = errors("  - {kind: reference, name: r, size: a6, front: {columns: 2}}\n")
    assert "components[0].front: give exactly one of `template` or `text`" in msg


def test_score_sheet_columns_name_real_groups():
    msg = errors("  - {kind: score-sheet, name: s, rows: 3, columns: [{label: A, group: p9}]}\n")
    assert "no group named 'p9'" in msg


def test_defaults_are_the_print_conventions():
    kit = validate(Kit, parse(HEAD + "  - {kind: counters, name: a, count: 1}\n  - {kind: cards, name: c}\n", "k.yaml"))
    counters, cards = kit.components
    assert counters.size == pytest.approx(15.875) and counters.shape == "round" and counters.back is None
    assert cards.size == pytest.approx((63.5, 88.9))


def test_schema_lists_every_kind_with_descriptions():
    schema = json.dumps(kit_schema())
    for kind in ("board", "counters", "tiles", "cards", "score-sheet", "reference"):
        assert f'"{kind}"' in schema
    assert "Counters they must hold" not in schema  # sanity: descriptions are the real ones
    assert "Counters it must hold" in schema


def test_shipped_chestnuts_kit_loads():
    from pnpkit.kitfile.model import load_kit
    kit = load_kit("chestnuts")
    assert [c.kind for c in kit.components] == ["board", "counters", "counters", "counters", "reference", "score-sheet"]
