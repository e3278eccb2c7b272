"""The shared loader: every problem in a user's file is reported with its file, line and field."""
from __future__ import annotations

from typing import Literal

import pytest

from pnpkit.kitfile.source import SourceError, parse, validate
from pnpkit.kitfile.structs import Strict, field


class Item(Strict):
    name: str
    count: int


class Doc(Strict):
    game: Literal["x"]
    players: list[str]
    items: list[Item] = field(default_factory=list)


def errors(text: str) -> str:
    with pytest.raises(SourceError) as e:
        validate(Doc, parse(text, "rec.yaml"))
    return str(e.value)


def test_valid_document_loads():
    doc = validate(Doc, parse("game: x\nplayers: [Ann, Ben]\nitems:\n  - {name: a, count: 2}\n", "r.yaml"))
    assert doc.items[0].count == 2


def test_wrong_type_names_line_and_field():
    msg = errors("game: x\nplayers: [Ann]\nitems:\n  - name: a\n    count: lots\n")
    assert msg.startswith("rec.yaml:5: items[0].count: ")
    assert "'lots'" in msg


def test_unknown_key_is_named_with_a_hint():
    msg = errors("game: x\nplayrs: [Ann]\nplayers: [Ann]\n")
    assert "rec.yaml:2: playrs: unknown key 'playrs' (did you mean 'players'?)" in msg


def test_unknown_key_in_nested_model_lists_known_keys():
    msg = errors("game: x\nplayers: [Ann]\nitems:\n  - {name: a, count: 1, colour: red}\n")
    assert "rec.yaml:4: items[0].colour: unknown key 'colour'" in msg
    assert "count" in msg and "name" in msg


def test_missing_field_points_at_its_parent():
    msg = errors("game: x\nplayers: [Ann]\nitems:\n  - name: a\n")
    assert "rec.yaml:4: items[0].count: this field is required" in msg


def test_a_files_first_problem_is_said_at_its_line():
    """msgspec stops at a file's first problem (issue 40): it is said, at its line, and it alone."""
    assert errors("game: y\nplayers: 3\n") == "rec.yaml:1: game: expected one of: 'x', got 'y'"
    assert errors("game: x\nplayers: 3\n") == "rec.yaml:2: players: expected a list, got 3"


def test_bad_yaml_reports_its_line():
    with pytest.raises(SourceError) as e:
        parse("game: x\nplayers: [Ann\nitems: 3\n", "bad.yaml")
    assert str(e.value).startswith("bad.yaml:")
    assert "not valid YAML" in str(e.value)


def test_duplicate_key_is_an_error():
    with pytest.raises(SourceError) as e:
        parse("game: x\ngame: y\n", "d.yaml")
    assert str(e.value) == "d.yaml:2: game: this key appears twice"


def test_empty_file_is_an_error():
    with pytest.raises(SourceError, match="empty"):
        parse("# nothing\n", "e.yaml")


def test_json_is_read_with_lines():
    src = parse('{"game": "x",\n "players": ["Ann"],\n "items": [{"name": "a", "count": "z"}]}', "r.json")
    with pytest.raises(SourceError) as e:
        validate(Doc, src)
    assert "r.json:3: items[0].count" in str(e.value)
